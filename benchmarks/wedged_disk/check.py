"""Checks of benchmarks/wedged_disk (reference and tolerances: README.md here)."""
import csv
import math
import os
import sys

from validate_lib import row, run, HERE, OUT

sys.path.insert(0, os.path.join(HERE, "wedged_disk"))
import wedge_reference as wr  # noqa: E402


def envelope(hist, t0, t1):
    """Half the range of q_y over [t0, t1): the oscillation's amplitude there."""
    ys = [x["disk.y"] for x in hist if t0 <= x["time"] < t1]
    return 0.5 * (max(ys) - min(ys)) if ys else float("nan")


def check(quick):
    case = "wedged_disk"
    row(case, "reference", "beta* Routh-Hurwitz vs closed form", wr.closed_form(), wr.boundary_linear(), 1e-6, "abs")
    for name, beta in (("wedge_b70", 70.0), ("wedge_b69", 69.0)):
        var = "beta=%g" % beta
        out = os.path.join(OUT, case, name)
        ok, hist, wall, err = run(os.path.join(HERE, case, name + ".inp"), out)
        row(case, var, "run completes", True, ok, kind="bool")
        if not ok:
            continue
        sigma_lin = max(r.real for r in wr.roots(wr.quartic([beta, beta])))
        a1, a2 = envelope(hist, 1.0, 1.2), envelope(hist, 4.0, 4.2)
        sigma = math.log(a2 / a1) / 3.0
        row(case, var, "growth rate [1/s] vs linearized", sigma_lin, sigma, 0.01, "abs")
        row(case, var, "decays" if beta > wr.closed_form() else "grows", True,
            (sigma < 0.0) == (beta > wr.closed_form()), kind="bool")
        row(case, var, "permanent sliding: min spin [rad/s]", None, min(x["disk.wz"] for x in hist))
        row(case, var, "wall time [s]", None, wall)
    # Waltersberger's (2007) mu_crit = cot(alpha) = 1 without damping (make_decks.py)
    for mu in (0.95, 1.05):
        name = "wedge_undamped_mu%g" % mu
        var = "undamped mu=%g" % mu
        out = os.path.join(OUT, case, name)
        ok, hist, wall, err = run(os.path.join(HERE, case, name + ".inp"), out)
        row(case, var, "run completes", True, ok, kind="bool")
        if not ok:
            continue
        y0 = wr.equilibrium(mu=mu)[2][1]
        amp = max(abs(x["disk.y"] - y0) for x in hist)
        row(case, var, "max |q_y - q_y0| [m] (start 1e-6)", None, amp)
        if mu < 1.0:
            row(case, var, "no flutter below cot(alpha): max |q_y - q_y0| [m]", 1e-5, amp, 1e-5, "max")
            sigma = math.log(envelope(hist, 1.8, 2.0) / envelope(hist, 1.0, 1.2)) / 0.8
            row(case, var, "growth rate [1/s] vs linearized (0)", 0.0, sigma, 0.05, "abs")
        else:
            row(case, var, "flutter above cot(alpha): grows 100-fold", True, amp > 1e-4, kind="bool")
            # least-squares slope of the log of the peaks of |q_y - q_y0| in [0.02, 0.1] s
            pts = [(x["time"], abs(x["disk.y"] - y0)) for x in hist if 0.02 <= x["time"] <= 0.1]
            pk = [pts[i] for i in range(1, len(pts) - 1) if pts[i][1] > pts[i - 1][1] and pts[i][1] >= pts[i + 1][1]]
            mt = sum(p[0] for p in pk) / len(pk)
            ml = sum(math.log(p[1]) for p in pk) / len(pk)
            sigma = sum((p[0] - mt) * (math.log(p[1]) - ml) for p in pk) / sum((p[0] - mt) ** 2 for p in pk)
            sigma_lin = max(r.real for r in wr.roots(wr.quartic([0.0, 0.0], mu=mu)))
            row(case, var, "growth rate / linearized (peak fit)", 1.0, sigma / sigma_lin, 0.1, "abs")
        row(case, var, "wall time [s]", None, wall)
    if quick:
        return
    var = "beta=69 limit cycle"
    out = os.path.join(OUT, case, "wedge_b69_cycle")
    ok, hist, wall, err = run(os.path.join(HERE, case, "wedge_b69_cycle.inp"), out)
    row(case, var, "run completes", True, ok, kind="bool")
    if not ok:
        return
    a5, a7 = envelope(hist, 5.0, 5.5), envelope(hist, 7.0, 7.5)
    row(case, var, "amplitude of q_y [m]", None, a7)
    row(case, var, "amplitude 7 s / 5 s - 1 (settled cycle)", 0.0, a7 / a5 - 1.0, 1e-3, "abs")
    with open(os.path.join(out, "contacts.csv")) as fh:
        rows = list(csv.DictReader(fh))
    per = {}
    for r in rows:
        per.setdefault(r["time"], 0)
        per[r["time"]] += 1
    opened = sum(1 for v in per.values() if v < 2)
    row(case, var, "contact loss: outputs with a flank open", None, opened)
    row(case, var, "contact loss occurs", True, opened > 0, kind="bool")
    row(case, var, "wall time [s]", None, wall)
