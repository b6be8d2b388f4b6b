"""Checks of benchmarks/friction_oscillator (reference and tolerances: README.md here)."""
import os
import subprocess
import time

from validate_lib import row, run, order, TOOLS


def check(quick):
    case = "friction_oscillator"
    ref = 5.8224076245923678  # Stamm (2011, §6.5, eq. 6.54) with g = 10
    hs = ["4e-3"] if quick else ["4e-3", "2e-3", "1e-3", "5e-4"]
    errs = []
    xs = []
    for h in hs:
        t0 = time.time()
        p = subprocess.run([os.path.join(TOOLS, "friction_oscillator"), h, "5.70", "5.95", "1e-7", "600"],
                           capture_output=True, text=True)
        wall = time.time() - t0
        row(case, f"h={h}", "bisection runs", True, p.returncode == 0, kind="bool")
        if p.returncode != 0:
            continue
        vals = p.stdout.splitlines()[1].split(",")
        xh = float(vals[1])
        xs.append(xh)
        # first-order method: |x_hat(h) - ref| <= C h with C = 0.5, the constant
        # of Stamm's own nonsmooth runs (h = 1e-4 -> 5.82245: 0.43 h)
        row(case, f"h={h}", "basin boundary x1_hat", ref, xh, 0.5 * float(h), "abs")
        row(case, f"h={h}", "undecided runs (t_max 600)", None, int(vals[5]))
        row(case, f"h={h}", "wall time [s]", None, wall)
        errs.append((float(h), abs(xh - ref)))
    for (h1, e1), (h2, e2) in zip(errs, errs[1:]):
        row(case, f"h={h1:g}->{h2:g}", "observed order", 1.0, order(e1, e2, h1 / h2))
    # the same discrete problem with the impulses from prox sweeps (CONTACT
    # SOLVER=PROX): the bisection must land on the same x1_hat (within its 1e-7)
    p = subprocess.run([os.path.join(TOOLS, "friction_oscillator"), "4e-3", "5.70", "5.95", "1e-7", "600", "prox"],
                       capture_output=True, text=True)
    row(case, "h=4e-3 prox", "bisection runs", True, p.returncode == 0, kind="bool")
    if p.returncode == 0 and xs:
        xh = float(p.stdout.splitlines()[1].split(",")[1])
        row(case, "h=4e-3 prox", "x1_hat, prox - semi-smooth", 0.0, xh - xs[0], 1e-7, "abs")

