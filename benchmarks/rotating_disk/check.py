"""Checks of benchmarks/rotating_disk (reference and tolerances: README.md here)."""
import math
import os

from validate_lib import row, run, HERE, OUT


def check(quick):
    case = "rotating_disk"
    d = os.path.join(HERE, case)
    names = ["mu0.05_h0.01"] if quick else ["mu0.05_h0.01", "mu0.05_h0.005", "mu0.05_h0.01_prox",
                                            "mu0.08_h0.01", "mu0.08_h0.005", "mu0.08_h0.01_prox"]
    X0, N, cs = 0.1, 1.0, 1.0
    for n in names:
        mu = float(n.split("_")[0][2:])
        qi = X0 * (1.0 - mu ** 2 * N ** 2 / (cs ** 2 * X0 ** 2))
        qj = mu * N / (cs * X0) * math.sqrt(X0 ** 2 - mu ** 2 * N ** 2 / cs ** 2)
        ok, hist, wall, err = run(os.path.join(d, n + ".inp"), os.path.join(OUT, case, n))
        row(case, n, "run completes", True, ok, kind="bool")
        if not ok:
            continue
        r = hist[-1]
        # Stamm (2011), eqs. (6.36)-(6.38): self-centring sliding equilibrium (README: tolerances)
        row(case, n, "q_i at t = 60 (Stamm 2011, eq. 6.37)", qi, r["bar.x"], 1e-9, "abs")
        row(case, n, "q_j at t = 60 (Stamm 2011, eq. 6.38)", qj, r["bar.y"], 1e-9, "abs")
        b = [q["total_energy"] + q["dissipated"] - q["external_work"] for q in hist]
        row(case, n, "max |E + D - W - E0|", 0.0, max(abs(x - b[0]) for x in b), 1e-7, "max")

