"""Checks of benchmarks/point_mass_breakaway (reference and tolerances: README.md here)."""
import math
import os

from validate_lib import contact_rows, row, run, HERE, OUT

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
    """The component along the load of history column m.<q>x, m.<q>y or of contacts.csv's <q>x, <q>y."""
    k = "m." + q if "m." + q + "x" in r else q
    return r[k + "x"] * math.cos(PHI) + r[k + "y"] * math.sin(PHI)


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
        # the friction state output (contacts.csv, every increment): stick (1) before t0, gross sliding (3)
        # from the increment that holds t0 on (the slip stays along the load: Stamm's H -> A)
        c = contact_rows(os.path.join(OUT, case, n, "contacts.csv"))
        first = min((r["time"] for r in c if r["friction_state"] == 3), default=float("nan"))
        states = all(r["friction_state"] == (1 if r["time"] < first else 3) for r in c)
        row(case, n, "states: 1 before, 3 after the switch", True, states, kind="bool")
        h = c[1]["time"] - c[0]["time"]
        row(case, n, "first sliding row - t0 (in [0, h))", 0.5 * h, first - t0, 0.5 * h, "abs")
        stick = [r for r in c if r["friction_state"] == 1]
        zerr = max(abs(along(r, "stick_") - Fa / C_STICK * (1.0 - (1.0 + W0 * r["time"]) * math.exp(-W0 * r["time"])))
                   for r in stick)
        row(case, n, "stick: max |z - x_exact| (eq. 4.122)", 0.0, zerr, 1e-10, "max")
        terr = max(abs(along(r, "friction_") + C_STICK * along(r, "stick_") + BETA * r["slip_speed"]) for r in stick)
        row(case, n, "stick: max |T + c z + beta v_T|", 0.0, terr, 1e-12, "max")
        slide = [r for r in c if r["friction_state"] == 3 and r["time"] > first]
        derr = max(abs(math.hypot(r["friction_x"], r["friction_y"]) - MU * r["normal_force"]) for r in slide)
        row(case, n, "sliding: max ||T| - mu N|", 0.0, derr, 1e-12, "max")
    if quick:
        return
    n = "evp_F0.85"
    ok, hist, wall, err = run(os.path.join(d, n + ".inp"), os.path.join(OUT, case, n))
    row(case, n, "run completes", True, ok, kind="bool")
    if ok:
        Fa, s = 0.85, W0 * hist[-1]["time"]
        xs = Fa / C_STICK * (1.0 - (1.0 + s) * math.exp(-s))
        row(case, n, "x at t = 0.05 (sticks: F_a < mu_st N, eq. 4.122)", xs, along(hist[-1], ""), 1e-11, "abs")
        c = contact_rows(os.path.join(OUT, case, n, "contacts.csv"))
        row(case, n, "states: all 1 (stick)", True, all(r["friction_state"] == 1 for r in c), kind="bool")
        row(case, n, "stick elongation z at t = 0.05 (= x)", xs, along(c[-1], "stick_"), 1e-11, "abs")
