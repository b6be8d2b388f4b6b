"""Checks of benchmarks/rigid_prescribed_rotation (reference and tolerances: README.md here)."""
import os
import shutil

from validate_lib import row, run, rodrigues, quat_matrix, frob, order, HERE, OUT


def check(quick):
    case = "rigid_prescribed_rotation"
    d = os.path.join(HERE, case)
    thetas = {
        "linear": lambda t: (100 * t, 20 * t, -2 * t),
        "linear_as_printed": lambda t: (100 * t, 20.0, -2 * t),
        "quadratic": lambda t: (4 * t * t, 0.0, t),
    }

    def errors(model, hist, t_max=None):
        e = 0.0
        for r in hist:
            if t_max is not None and r["time"] > t_max + 1e-12:
                break
            Rn = quat_matrix(r["body.qw"], r["body.qx"], r["body.qy"], r["body.qz"])
            e = max(e, frob(Rn, rodrigues(thetas[model](r["time"]))))
        return e

    def one(model, tag, h):
        ok, hist, wall, err = run(os.path.join(d, f"{model}_{tag}_h{h}.inp"), os.path.join(OUT, case, f"{model}_{tag}_h{h}"))
        v = f"{model} {'modified' if tag == 'mn' else 'newmark'} h={h}"
        return v, ok, hist, wall

    for tag, h in (("mn", "0.1"), ("mn", "0.05"), ("mn", "0.025"), ("nm", "0.025")):
        v, ok, hist, wall = one("linear", tag, h)
        row(case, v, "completes t = 20", True, ok, kind="bool")
        if ok:
            # h = 0.05 sits next to the band h|w| ~ 2 pi where the scheme is
            # unstable for this problem; its error growth is a documented
            # difference from Češarek (README), reported as KNOWN-DIFF
            row(case, v, "max |R - R_exact|_F on [0,20]", 0.0, errors("linear", hist), 1e-8,
                "known" if (tag, h) == ("mn", "0.05") else "max")
            row(case, v, "max |R - R_exact|_F on [0,10]", 0.0, errors("linear", hist, 10.0), 1e-8, "max")
            row(case, v, "Newton iterations / increment", None,
                sum(r["newton_iterations"] for r in hist[1:]) / max(1, len(hist) - 1))
    v, ok, hist, wall = one("linear", "nm", "0.05")
    row(case, v, "fails in the first increment", True, (not ok) and hist[-1]["time"] < 0.05 + 1e-12, kind="bool")
    err_q = {}
    for h in ("0.05", "0.025", "0.0125"):
        v, ok, hist, wall = one("quadratic", "mn", h)
        row(case, v, "completes t = 20", True, ok, kind="bool")
        if ok:
            err_q[h] = errors("quadratic", hist, 5.0)
            row(case, v, "max |R - R_exact|_F on [0,5]", None, err_q[h])
            row(case, v, "max |R - R_exact|_F on [0,20]", None, errors("quadratic", hist))
            row(case, v, "Newton iterations / increment", None,
                sum(r["newton_iterations"] for r in hist[1:]) / max(1, len(hist) - 1))
    if "0.025" in err_q and "0.0125" in err_q:
        row(case, "quadratic modified", "order of error, h=0.025/0.0125", 2.0, order(err_q["0.025"], err_q["0.0125"]), 1.8, "min")
    v, ok, hist, wall = one("quadratic", "nm", "0.025")
    t_fail = hist[-1]["time"] if hist else 0.0
    row(case, v, "fails near t = 15.75 (Češarek)", 15.75, t_fail if not ok else 20.0, 0.75, "abs")
    v, ok, hist, wall = one("quadratic", "nm", "0.005")
    row(case, v, "completes t = 20", True, ok, kind="bool")
    if ok:
        row(case, v, "max |R - R_exact|_F on [0,5]", None, errors("quadratic", hist, 5.0))
    for tag in ("mn", "nm"):
        v, ok, hist, wall = one("linear_as_printed", tag, "0.025")
        if ok:
            row(case, v, "max |R - R_exact|_F on [0,20]", None, errors("linear_as_printed", hist))
        else:
            row(case, v, "failed at t", None, hist[-1]["time"] if hist else 0.0)
    # largest stable step: sweep h for both schemes on both cases, in a scratch folder of this
    # case removed afterwards (also when a run fails or the check is interrupted; one a killed
    # check left is removed by the next)
    if not quick:
        tmp = os.path.join(OUT, case, "sweep")
        shutil.rmtree(tmp, ignore_errors=True)
        os.makedirs(tmp)
        try:
            for model in ("linear", "quadratic"):
                for scheme, tag in (("MODIFIED NEWMARK, RHOINF=1", "mn"), ("NEWMARK", "nm")):
                    best = None
                    for h in (0.4, 0.2, 0.1, 0.05, 0.025, 0.0125, 0.00625, 0.003125):
                        deck = os.path.join(tmp, f"{model}_{tag}_{h}.inp")
                        with open(deck, "w") as fh:
                            fh.write(f"*INCLUDE, INPUT={os.path.join(d, 'model_' + model + '.inp')}\n*STEP\n"
                                     f"*DYNAMIC, SCHEME={scheme}\n{h}, 20.0, {h}\n*OUTPUT, FORMAT=HISTORY, EVERY=1\n"
                                     "*END STEP\n")
                        ok, hist, wall, err = run(deck, os.path.join(tmp, f"{model}_{tag}_{h}"))
                        if ok:
                            best = h
                            break
                    row(case, f"{model} {'modified' if tag == 'mn' else 'newmark'}",
                        "largest stable h (halving from 0.4)", None, best if best is not None else "none")
        finally:
            shutil.rmtree(tmp, ignore_errors=True)
