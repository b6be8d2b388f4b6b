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
