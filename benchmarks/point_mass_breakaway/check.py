"""Checks of benchmarks/point_mass_breakaway (reference and tolerances: README.md here)."""
import math
import os

from validate_lib import row, run, HERE, OUT

M, N, MU, MU_ST, PHI = 1.0, 2.0, 0.4, 0.5, 0.6
C_STICK, BETA, W0 = 1e4, 200.0, 100.0  # STICK EPSILON = 0.01, FREQUENCY = 10, MASS = 1: c = 1e4, beta = 2 sqrt(c m)


def lambert_w(x):
    """Principal branch of Lambert's W for x >= 0 (Newton's method)."""
    w = math.log1p(x)
    for _ in range(60):
        ew = math.exp(w)
        dw = (w * ew - x) / (ew * (w + 1.0))
        w -= dw
        if abs(dw) < 1e-16 * (1.0 + abs(w)):
            break
    return w


def along(r, q):
    return r["m." + q + "x"] * math.cos(PHI) + r["m." + q + "y"] * math.sin(PHI)


def across(r, q):
    return -r["m." + q + "x"] * math.sin(PHI) + r["m." + q + "y"] * math.cos(PHI)


def check(quick):
    case = "point_mass_breakaway"
    d = os.path.join(HERE, case)
    # set-valued law: the velocity along the load at t = 1 (Stamm 2011, §4.7)
    for Fa in (0.9, 1.5):
        for solver in (("ssn",) if quick else ("ssn", "prox")):
            n = f"newton_F{Fa}_{solver}"
            ok, hist, wall, err = run(os.path.join(d, n + ".inp"), os.path.join(OUT, case, n))
            row(case, n, "run completes", True, ok, kind="bool")
            if not ok:
                continue
            expect = (Fa - MU * N) / M * hist[-1]["time"] if Fa > MU_ST * N else 0.0
            row(case, n, "v along the load at t = 1 (stick iff F_a < mu_st N, else (F_a - mu N)/m)", expect,
                along(hist[-1], "v"), 1e-9, "abs")
            row(case, n, "max |v across the load|", 0.0, max(abs(across(r, "v")) for r in hist), 1e-12, "max")
    # elasto-visco-plastic law: breakaway time (Stamm 2011, eqs. 4.120-4.125, W argument re-derived)
    n = "evp_F1.5"
    ok, hist, wall, err = run(os.path.join(d, n + ".inp"), os.path.join(OUT, case, n))
    row(case, n, "run completes", True, ok, kind="bool")
    if ok:
        Fa = 1.5
        t0 = (1.0 - lambert_w(math.e * (Fa - MU_ST * N) / Fa)) / W0
        # the stick element's force c x + beta x' (x: slip along the load) crosses mu_st N
        lim, tb, prev, xerr = MU_ST * N, None, None, 0.0
        for r in hist:
            u = C_STICK * along(r, "") + BETA * along(r, "v")
            if tb is None:
                s = W0 * r["time"]
                xerr = max(xerr, abs(along(r, "") - Fa / C_STICK * (1.0 - (1.0 + s) * math.exp(-s))))
                if prev is not None and u >= lim:
                    tb = prev[0] + (r["time"] - prev[0]) * (lim - prev[1]) / (u - prev[1])
            prev = (r["time"], u)
        row(case, n, "breakaway time t0 (Lambert W)", t0, tb if tb is not None else float("nan"), 1e-8, "abs")
        row(case, n, "stick phase max |x - x_exact| (eq. 4.122)", 0.0, xerr, 1e-10, "max")
        a = (along(hist[-1], "v") - along(hist[-201], "v")) / (hist[-1]["time"] - hist[-201]["time"])
        row(case, n, "acceleration after breakaway, (F_a - mu N)/m", (Fa - MU * N) / M, a, 1e-8, "abs")
        row(case, n, "max |v across the load|", 0.0, max(abs(across(r, "v")) for r in hist), 1e-12, "max")
    if quick:
        return
    n = "evp_F0.85"
    ok, hist, wall, err = run(os.path.join(d, n + ".inp"), os.path.join(OUT, case, n))
    row(case, n, "run completes", True, ok, kind="bool")
    if ok:
        Fa, s = 0.85, W0 * hist[-1]["time"]
        xs = Fa / C_STICK * (1.0 - (1.0 + s) * math.exp(-s))
        row(case, n, "x at t = 0.05 (sticks: F_a < mu_st N, eq. 4.122)", xs, along(hist[-1], ""), 1e-11, "abs")
