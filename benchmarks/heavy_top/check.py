"""Checks of benchmarks/heavy_top (reference and tolerances: README.md here)."""
import os

from validate_lib import row, run, order, HERE, OUT


def check(quick):
    case = "heavy_top"
    d = os.path.join(HERE, case)
    hs = ["1e-2", "5e-3", "1e-3", "5e-4"]
    res = {}
    for tag in ("mn", "nm"):
        for h in hs:
            ok, hist, wall, err = run(os.path.join(d, f"{tag}_h{h}.inp"), os.path.join(OUT, case, f"{tag}_h{h}"))
            res[(tag, h)] = (ok, hist, wall)
            v = f"{'modified' if tag == 'mn' else 'newmark'} h={h}"
            row(case, v, "completes t = 10", True, ok and abs(hist[-1]["time"] - 10) < 1e-9, kind="bool")
            if not ok:
                continue
            E0 = hist[0]["total_energy"]
            LZ0 = hist[0]["angular_momentum_z"]
            if h == "1e-2":
                row(case, v, "E(0) = 1/2 w.J_O w + m g z_G", 1269.1067, E0, 1e-4, "abs")
                row(case, v, "L_Z(0) = 50 cos 0.3", 47.7668, LZ0, 1e-4, "abs")
            row(case, v, "max |w3 - 50| (body spin)", 0.0, max(abs(r["top.wbz"] - 50) for r in hist), 1e-9, "max")
            dE = max(abs(r["total_energy"] - E0) for r in hist)
            dL = max(abs(r["angular_momentum_z"] - LZ0) for r in hist)
            res[(tag, h)] = (ok, hist, wall, dE, dL)
            row(case, v, "max |E - E0| on [0,10]", None, dE)
            row(case, v, "max |L_Z - L_Z0| on [0,10]", None, dL)
            row(case, v, "Newton iterations / increment", None,
                sum(r["newton_iterations"] for r in hist[1:]) / max(1, len(hist) - 1))
            row(case, v, "wall time [s]", None, wall)
        # observed order of the energy error: the asymptotic order is checked on
        # the two finest steps; the coarse pair is reported (pre-asymptotic)
        for a, b, check in (("1e-2", "5e-3", False), ("1e-3", "5e-4", True)):
            ra, rb = res[(tag, a)], res[(tag, b)]
            if len(ra) > 3 and len(rb) > 3:
                row(case, f"{'modified' if tag == 'mn' else 'newmark'} h={a}/{b}", "order of max |E - E0|", 2.0,
                    order(ra[3], rb[3]), 1.8 if check else None, "min" if check else None)
    # the two schemes define the same discrete solution (Češarek 2013, end of §4.2.3)
    for h in hs:
        a, b = res[("mn", h)][1], res[("nm", h)][1]
        if a and b and len(a) == len(b):
            dq = 0.0
            for ra, rb in zip(a, b):
                qa = [ra["top.q" + c] for c in "wxyz"]
                qb = [rb["top.q" + c] for c in "wxyz"]
                s = 1.0 if sum(x * y for x, y in zip(qa, qb)) >= 0 else -1.0
                dq = max(dq, max(abs(x - s * y) for x, y in zip(qa, qb)))
            row(case, f"both h={h}", "max |q_modified - q_newmark|", 0.0, dq, 1e-7, "max")

