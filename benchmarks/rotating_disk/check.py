"""Checks of benchmarks/rotating_disk (reference and tolerances: README.md here)."""
import json
import math
import os
import sys

from validate_lib import row, run, HERE, OUT

sys.path.insert(0, os.path.join(HERE, "rotating_disk"))
import make_decks  # noqa: E402  (the decks of the shooting runs are written on the fly)


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
    for law, C in (("evp", 0.045), ("evp", 0.049), ("newton", 0.045), ("newton", 0.049)):
        n = f"stick_{law}_C{C}"
        ok, hist, wall, err = run(os.path.join(d, n + ".inp"), os.path.join(OUT, case, n))
        row(case, n, "run completes", True, ok, kind="bool")
        if not ok:
            continue
        rad = [math.hypot(r["bar.x"], r["bar.y"]) for r in hist]
        drift = max(abs(x - C) for x in rad)
        if C < bound and law == "evp":
            # the stick element starts unloaded: its force overshoots the load from rest (by e^-2, docs/contact.md
            # §6.2) past mu_st N, the bar slides at mu N for about a second and sticks again on a circle 1.5e-4
            # further out; from t = 5 s on it must stay there (the regularized stick creeps at about w |T| / c)
            r5 = [x for r, x in zip(hist, rad) if r["time"] >= 5.0]
            row(case, n, f"start-up slip of the unloaded stick element: r(5 s) - C", None, r5[0] - C)
            row(case, n, f"stays on its stick circle from t = 5 s, C < bound {bound:.5f} (eq. 6.43): max |r - r(5 s)|",
                0.0, max(abs(x - r5[0]) for x in r5), 1e-5, "max")
        elif C < bound:
            # the set-valued stick turns by a Cayley rotation (the surface point under the bar at the end of each
            # increment): its radius is exact to round-off
            row(case, n, f"stays on its stick circle, C < bound {bound:.5f} (eq. 6.43): max |r - C|", 0.0, drift,
                1e-12, "max")
        else:
            row(case, n, f"leaves its stick circle, C > bound {bound:.5f} (eq. 6.43): max |r - C|", 1e-3, drift, 1e-3,
                "min")
    # whirling (mu = 0.11, mu_st = 1.01 mu, beta = 0.1, from (0.3, 0)): the last stick phases
    res = {}
    for n, thr in (("whirl_evp_h0.001", 1e-6), ("whirl_newton_h0.001", 1e-6), ("whirl_newton_h0.0005", 1e-6)):
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
    regularisation_checks()
    jump_checks()


# ---- the rigid reference, the regularisation convergence (Table 6.1) and the jump (Fig. 6.15a) ----
# README: "Regularisation convergence against a rigid reference" and "The jump from stick to whirling"

def rigid_reference():
    with open(os.path.join(HERE, "rotating_disk", "rigid_reference.json")) as fh:
        return json.load(fh)


def stick_threshold(eps):
    """Slip velocity below which a row counts as stick: 1e-6, or ten times the creep w mu_st N / c of the
    regularized stick (c = 1e4 / eps_c)."""
    return 1e-6 if eps is None else max(1e-6, 10.0 * W * MU_ST / (1e4 / eps))


def compare_whirl(hist, ref, eps):
    """(relative error at the last reference time <= the run's end, largest error / largest |q_ref|,
    first stick radius - reference, last common stick radius - reference, index of that phase)."""
    tq = {round(t, 6): q for t, q in zip(ref["t"], ref["q"])}
    qmax = max(math.hypot(*q) for q in ref["q"])
    emax, rel_end = 0.0, None
    for r in hist:
        q = tq.get(round(r["time"], 6))
        if q is None:
            continue
        e = math.hypot(r["bar.x"] - q[0], r["bar.y"] - q[1])
        emax = max(emax, e)
        rel_end = e / math.hypot(*q)
    ph = []
    for p in stick_phases(hist, stick_threshold(eps)):
        # one stick phase: the regularized stick's creep (eps_c >= 0.1) crosses the threshold now and then
        if ph and p[0]["time"] - ph[-1][1]["time"] < 0.5:
            ph[-1] = (ph[-1][0], p[1])
        else:
            ph.append(p)
    Cref = [math.hypot(p[2], p[3]) for p in ref["stick_phases"]]
    k = min(len(ph), len(Cref)) - 1
    C = [math.hypot(p[0]["bar.x"], p[0]["bar.y"]) for p in ph]
    return rel_end, emax / qmax, C[0] - Cref[0] if ph else None, C[k] - Cref[k] if k >= 0 else None, k, len(ph)


def regularisation_checks():
    case = "rotating_disk"
    d = os.path.join(HERE, case)
    ref = rigid_reference()["whirl"]
    res = {}
    runs = [(e, h) for e, h in make_decks.REG_RUNS] + [(None, h) for h in make_decks.WHIRL600_NEWTON_H]
    for eps, h in runs:
        n = make_decks.reg_name(eps, h) if eps is not None else f"whirl600_newton_h{h:g}"
        ok, hist, wall, err = run(os.path.join(d, n + ".inp"), os.path.join(OUT, case, n))
        row(case, n, "run completes", True, ok, kind="bool")
        if not ok:
            continue
        rel, emax, dC0, dCk, k, nph = compare_whirl(hist, ref, eps)
        res[(eps, h)] = (rel, emax, dC0, dCk, hist[-1])
        row(case, n, "stick phases, as many as the rigid reference's", len(ref["stick_phases"]), nph, 0, "abs")
        row(case, n, "|q - q_ref| / |q_ref| at t = 600 (Stamm 2011, Fig. 6.14)", None, rel)
        row(case, n, "max |q - q_ref| / max |q_ref| over 600 s", None, emax)
        row(case, n, "first stick radius - rigid reference", None, dC0)
        row(case, n, f"stick radius of stick phase {k} - rigid reference", None, dCk)
    # Stamm's ~15 % at eps_c = 10 ("knapp 15 %", his text on Fig. 6.14): the relative error at t = 600 s
    if (10.0, 0.00025) in res:
        row(case, "reg_eps10", "|q - q_ref| / |q_ref| at 600 s (Stamm 2011: just under 15 %)", 0.15,
            res[(10.0, 0.00025)][0], 0.03, "abs")
    # the regularisation error is first order in eps_c (the stick element's deflection and creep go with 1/c),
    # until the time-discretization floor (the set-valued law's error at this h) is reached below eps_c = 0.1
    for e in (1.0, 0.1):
        if (e, 0.00025) in res and (10.0 * e, 0.00025) in res:
            row(case, f"reg_eps{e:g}", f"error at 600 s: eps_c = {e:g} over eps_c = {10 * e:g} (first order)", 0.1,
                res[(e, 0.00025)][0] / res[(10.0 * e, 0.00025)][0], 0.05, "abs")
    # the first stick radius converges: to the time-discretization floor as eps_c falls, and with the floor
    # extrapolated away (first order in h, two increments) to the rigid reference
    h2 = 0.00025
    e0 = [abs(res[(e, h2)][2]) for e in (10.0, 1.0, 0.1) if (e, h2) in res]
    if len(e0) == 3:
        row(case, "reg", "first stick radius error falls from eps_c = 10 over 1 to 0.1", True, e0[0] > e0[1] > e0[2],
            kind="bool")
    for e in (0.01, 0.001, 0.0001, None):
        hs = sorted(h for ee, h in res if ee == e)
        if len(hs) >= 2:
            x = 2.0 * res[(e, hs[0])][2] - res[(e, hs[1])][2]
            row(case, "whirl600_newton" if e is None else f"reg_eps{e:g}",
                f"first stick radius, Richardson in h ({hs[1]:g}, {hs[0]:g}) - rigid reference", 0.0, x, 2e-6, "abs")
    # Stamm: after 600 s, eps_c = 1e-3 and 1e-4 differ by 1.5 micrometre at 15 cm amplitude (Fig. 6.13)
    h3 = 0.000125
    if (0.001, h3) in res and (0.0001, h3) in res:
        a, b = res[(0.001, h3)][4], res[(0.0001, h3)][4]
        diff = math.hypot(a["bar.x"] - b["bar.x"], a["bar.y"] - b["bar.y"])
        row(case, "reg_eps1e-3_vs_1e-4", "|q(eps_c = 1e-3) - q(1e-4)| at 600 s, h = 1.25e-4 (Stamm: 1.5e-6)", 1.5e-6,
            diff, 1.5e-5, "known")
    return res


def shoot(law, mu_st, tag):
    """A run from (0.3, 0) at rest, mu = mu_st / 1.01, 20 s (h = 0.001): True when the bar sticks without
    interruption over the last 6 s (more than a revolution, 2 pi / w = 5.71 s: permanent stick), with the
    radius of that stick."""
    case = "rotating_disk"
    name = f"shoot_{law}_{mu_st:.6f}"
    out = os.path.join(OUT, case, "shoot_" + tag, name)
    os.makedirs(out, exist_ok=True)
    deck = os.path.join(out, name + ".inp")
    if law == "newton":
        text = make_decks.friction_deck("newton", mu_st / 1.01, mu_st, 0.001, 20.0, 0.1, (0.3, 0.0), every=10,
                                        title=f"shooting, mu_st = {mu_st}", hmin=0.001 / 8)
    else:
        text = make_decks.reg_deck(0.001, 0.001, mu_st=mu_st, ratio=1.01, T=20.0, every=10,
                                   title=f"shooting, mu_st = {mu_st}")
    with open(deck, "w") as fh:
        fh.write(text)
    ok, hist, wall, err = run(deck, out)
    if not ok:
        return None, None
    thr = stick_threshold(None if law == "newton" else 0.001)
    last = [r for r in hist if r["time"] >= 14.0]
    slip = [math.hypot(r["bar.vx"] + W * r["bar.y"], r["bar.vy"] - W * r["bar.x"]) for r in last]
    return max(slip) < thr, math.hypot(last[-1]["bar.x"], last[-1]["bar.y"])


def jump_checks():
    """Fig. 6.15a: bisection on mu_st (whirling below, permanent stick above) to 1e-4 from [0.14, 0.15]."""
    case = "rotating_disk"
    jr = rigid_reference()["jump"]
    slope = 1.0 / math.hypot(1.0 - W * W, BETA_W * W)  # d bound / d mu_st (eq. 6.43, N = 1)
    for law in ("newton", "evp"):
        lo, hi = 0.14, 0.15
        s_lo, _ = shoot(law, lo, law)
        s_hi, C_hi = shoot(law, hi, law)
        row(case, "jump_" + law, "whirling at mu_st = 0.14, permanent stick at 0.15", True, s_lo is False and s_hi,
            kind="bool")
        if not (s_lo is False and s_hi):
            continue
        while hi - lo > 1e-4:
            mid = 0.5 * (lo + hi)
            s, C = shoot(law, mid, law)
            if s is None:
                break
            if s:
                hi, C_hi = mid, C
            else:
                lo = mid
        bound = (hi - 0.1) * slope
        row(case, "jump_" + law, "mu_st of the jump (bisection to 1e-4) vs rigid reference",
            0.5 * (jr["mu_st_whirl"] + jr["mu_st_stick"]), 0.5 * (lo + hi), 1e-4, "abs")
        row(case, "jump_" + law, "stick radius at the jump's stick end - bound (6.43) there", 0.0, C_hi - bound,
            slope * (hi - lo), "abs")
