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

    friction_checks(quick)


# ---- static friction and the elasto-visco-plastic law (README: "Static friction ...") ----

W, MU_DYN, MU_ST, BETA_W = 1.1, 0.11, 0.1111, 0.1


def stick_force(x, y, beta):
    """|T| that keeps the bar on the disk in rigid rotation at (x, y) (Stamm 2011, eq. 6.31, N = 1):
    T = (c_s - m w^2) q + beta w x q - c_s X0 e_x."""
    tx = (1.0 - W * W) * x - beta * W * y - 0.1
    ty = (1.0 - W * W) * y + beta * W * x
    return math.hypot(tx, ty)


def stick_phases(hist, thr):
    """(start row, end row) of the runs of rows whose slip velocity relative to the disk is below thr."""
    out, st, prev = [], None, None
    for r in hist:
        s = math.hypot(r["bar.vx"] + W * r["bar.y"], r["bar.vy"] - W * r["bar.x"])
        if s < thr and st is None:
            st = r
        if s >= thr and st is not None:
            out.append((st, prev))
            st = None
        prev = r
    return out


def friction_checks(quick):
    case = "rotating_disk"
    d = os.path.join(HERE, case)
    X0, N, cs, mu = 0.1, 1.0, 1.0, 0.05
    qi = X0 * (1.0 - mu ** 2 * N ** 2 / (cs ** 2 * X0 ** 2))
    qj = mu * N / (cs * X0) * math.sqrt(X0 ** 2 - mu ** 2 * N ** 2 / cs ** 2)
    for n in ["evp_mu0.05_h0.01"] if quick else ["static_mu0.05_h0.01", "evp_mu0.05_h0.01"]:
        ok, hist, wall, err = run(os.path.join(d, n + ".inp"), os.path.join(OUT, case, n))
        row(case, n, "run completes", True, ok, kind="bool")
        if not ok:
            continue
        row(case, n, "q_i at t = 60 (Stamm 2011, eq. 6.37)", qi, hist[-1]["bar.x"], 1e-9, "abs")
        row(case, n, "q_j at t = 60 (Stamm 2011, eq. 6.38)", qj, hist[-1]["bar.y"], 1e-9, "abs")
        b = [q["total_energy"] + q["dissipated"] - q["external_work"] for q in hist]
        row(case, n, "max |E + D - W - E0|", 0.0, max(abs(x - b[0]) for x in b), 1e-7, "max")
    if quick:
        return
    # the permanent-stick bound (6.43): C <= (mu_st N - c_s X0)/sqrt((c_s - m w^2)^2 + beta^2 w^2)
    bound = (MU_ST * N - cs * X0) / math.sqrt((cs - W * W) ** 2 + BETA_W ** 2 * W * W)
    for C in (0.045, 0.049):
        n = f"stick_evp_C{C}"
        ok, hist, wall, err = run(os.path.join(d, n + ".inp"), os.path.join(OUT, case, n))
        row(case, n, "run completes", True, ok, kind="bool")
        if not ok:
            continue
        rad = [math.hypot(r["bar.x"], r["bar.y"]) for r in hist]
        drift = max(abs(x - C) for x in rad)
        if C < bound:
            row(case, n, f"stays on its stick circle, C < bound {bound:.5f} (eq. 6.43): max |r - C|", 0.0, drift, 1e-5,
                "max")
        else:
            row(case, n, f"leaves its stick circle, C > bound {bound:.5f} (eq. 6.43): max |r - C|", 1e-3, drift, 1e-3,
                "min")
    # whirling (mu = 0.11, mu_st = 1.01 mu, beta = 0.1, from (0.3, 0)): the last stick phases
    res = {}
    for n, thr in (("whirl_evp_h0.001", 1e-6), ("whirl_newton_h0.001", 4e-4), ("whirl_newton_h0.0005", 2e-4)):
        ok, hist, wall, err = run(os.path.join(d, n + ".inp"), os.path.join(OUT, case, n))
        row(case, n, "run completes", True, ok, kind="bool")
        if not ok:
            continue
        ph = [p for p in stick_phases(hist, thr) if p[0]["time"] > 200.0]
        row(case, n, "stick phases in the limit cycle (t > 200)", True, len(ph) >= 10, kind="bool")
        if not ph:
            continue
        row(case, n, "every stick phase begins in the lower-left quadrant (Stamm 2011, §6.3.1)", True,
            all(p[0]["bar.x"] < 0.0 and p[0]["bar.y"] < 0.0 for p in ph), kind="bool")
        s, e = ph[-1]
        C = math.hypot(s["bar.x"], s["bar.y"])
        Tend = stick_force(e["bar.x"], e["bar.y"], BETA_W)
        res[n] = (C, Tend)
        row(case, n, "stick radius C of the last stick phase", None, C)
        row(case, n, "max radius of the cycle (Stamm: 15 cm amplitude)", None,
            max(math.hypot(r["bar.x"], r["bar.y"]) for r in hist if r["time"] > 200.0))
        if n.startswith("whirl_evp"):
            row(case, n, "stick force at the end of the last stick phase = mu_st N (eq. 6.32)", MU_ST * N, Tend, 5e-4,
                "abs")
        else:
            row(case, n, "stick force at the end of the last stick phase (mu_st N = 0.1111; first order in h)", None,
                Tend)
    if "whirl_newton_h0.001" in res and "whirl_newton_h0.0005" in res and "whirl_evp_h0.001" in res:
        C1, C2 = res["whirl_newton_h0.001"][0], res["whirl_newton_h0.0005"][0]
        row(case, "whirl", "stick radius: set-valued (Richardson, first order) vs elasto-visco-plastic", 2.0 * C2 - C1,
            res["whirl_evp_h0.001"][0], 1e-3, "abs")
