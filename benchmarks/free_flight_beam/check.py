"""Checks of benchmarks/free_flight_beam (reference and tolerances: README.md here)."""
import math
import os

from validate_lib import row, run, HERE, OUT


def free_flight_rows(case, v, hist, impulse, t_end=100.0):
    """The rows every free-flight run reports after the loads (t >= 5): the
    load's impulse along X (exact for a free body: translation invariance of
    every term), constant linear momentum, E(5) and the drifts of energy and
    angular momentum.  Returns (E(5), max |E - E(5)|/E(5)) or None."""
    after = [r for r in hist if r["time"] >= 5.0 - 1e-9]
    if not after:
        return None
    row(case, v, "linear momentum after the loads, X", impulse, after[0]["linear_momentum_x"], 1e-9 * impulse, "abs")
    row(case, v, "max |p(t) - p(5)| after the loads", 0.0,
        max(abs(r["linear_momentum_" + c] - after[0]["linear_momentum_" + c]) for r in after for c in "xyz"), 1e-8, "max")
    E5 = after[0]["total_energy"]
    L5 = [after[0]["angular_momentum_" + c] for c in "xyz"]
    dE = max(abs(r["total_energy"] - E5) for r in after) / E5
    row(case, v, "E(5)", None, E5)
    row(case, v, "max |E - E(5)|/E(5) after the loads", None, dE)
    row(case, v, "max |L - L(5)|/|L(5)| after the loads", None,
        max(math.sqrt(sum((r["angular_momentum_" + c] - L5[i]) ** 2 for i, c in enumerate("xyz"))) for r in after) /
        math.sqrt(sum(x * x for x in L5)))
    return E5, dE


def check(quick):
    case = "free_flight_beam"
    d = os.path.join(HERE, case)
    # Češarek's load (README, "Which load"): p the unit hat; impulse 20 * 2.5 = 50 along X
    runs = {}
    variants = [("", "h0.1"), ("galerkin_", "h0.1")] if quick else \
        [(p, h) for p in ("", "galerkin_", "strain_") for h in ("h0.1", "h0.01")]
    for pre, hh in variants:
        ok, hist, wall, err = run(os.path.join(d, f"{pre}{hh}.inp"), os.path.join(OUT, case, f"{pre}{hh}"))
        h = hh[1:]
        v = {"": "collocation", "galerkin_": "Galerkin", "strain_": "strain+Newmark"}[pre] + f" h={h}"
        done = ok and abs(hist[-1]["time"] - 100) < 1e-9
        if pre == "strain_":
            # Češarek (2013), Fig. 6.13(a): the strain element with Newmark shows a sudden
            # energy rise near t = 16 and fails; reported: the time E first
            # exceeds 1.01 E(5) (100 = never)
            after = [r for r in hist if r["time"] >= 5.0 - 1e-9]
            rise = next((r["time"] for r in after if r["total_energy"] > 1.01 * after[0]["total_energy"]), 100.0) \
                if after else 0.0
            row(case, v, "|t(E > 1.01 E(5)) - 16| (Češarek: rise, fails)", 16.0, abs(rise - 16.0), 2.0, "known")
        else:
            row(case, v, "completes t = 100 (Češarek: modified Newmark does)", True, done, kind="bool")
        if not ok:
            row(case, v, "failed at t", None, hist[-1]["time"] if hist else 0.0)
        res = free_flight_rows(case, v, hist, 50.0)
        if res is None:
            continue
        runs[(pre, h)] = (hist, res)
        if pre != "strain_":
            # Češarek's Fig. 6.13 plots the energy on an axis 850..900
            row(case, v, "E(5) on Češarek's energy axis 850..900", True, 850.0 <= res[0] <= 900.0, kind="bool")
        row(case, v, "wall time [s]", None, wall)
    if ("galerkin_", "0.1") in runs and ("galerkin_", "0.01") in runs:
        # Galerkin weighting: exact discrete energy balance in space, so the
        # drift is the trapezoidal rule's, O(h^2): order 2 between h = 0.1 and 0.01
        e1, e2 = runs[("galerkin_", "0.1")][1][1], runs[("galerkin_", "0.01")][1][1]
        row(case, "Galerkin h=0.1/0.01", "order of the energy drift", 2.0, math.log10(e1 / e2), 0.3, "abs")
    if ("", "0.1") in runs and ("", "0.01") in runs:
        # Češarek: "the displacements are the same for h = 0.1 and h = 0.01"
        a = {round(r["time"], 6): r for r in runs[("", "0.1")][0]}
        for T in (10.0, 100.0):
            diff = max(abs(r["A.u" + c] - a[round(r["time"], 6)]["A.u" + c])
                       for r in runs[("", "0.01")][0] if r["time"] <= T + 1e-9 and round(r["time"], 6) in a
                       for c in "xyz")
            row(case, "collocation h=0.1 vs 0.01", "max |u_A difference| on [0, %g]" % T, None, diff)
    case_free_flight_beam_gen_alpha(case, d, quick, "", 50.0)
    if quick:
        return
    # ---- the load as quoted from the literature (p peaks at 2.5, impulse 125) ----
    # Češarek's element and scheme fail with it (README): KNOWN-DIFF rows
    for pre, hh in [(p, h) for p in ("", "galerkin_", "strain_") for h in ("h0.1", "h0.01")]:
        ok, hist, wall, err = run(os.path.join(d, f"lit_{pre}{hh}.inp"), os.path.join(OUT, case, f"lit_{pre}{hh}"))
        v = "lit " + {"": "collocation", "galerkin_": "Galerkin", "strain_": "strain+Newmark"}[pre] + f" h={hh[1:]}"
        t_end = hist[-1]["time"] if hist else 0.0
        row(case, v, "100 - time reached (literature load)", 0.0, 100.0 - (100.0 if ok else t_end), 1e-9, "known")
        free_flight_rows(case, v, hist, 125.0)
    case_free_flight_beam_gen_alpha(case, d, quick, "lit_", 125.0)
    # the same collocation element with the moment scaled by 1/4 and 1/10:
    # below a spin-rate threshold it runs and conserves energy and angular
    # momentum; a priori: trapezoidal energy error below 1e-3 at h = 0.1
    for tag in ("m4", "m10"):
        for hh in ("h0.1", "h0.01"):
            name = f"lit_{tag}_{hh}"
            ok, hist, wall, err = run(os.path.join(d, name + ".inp"), os.path.join(OUT, case, name))
            v = "lit moment/%s h=%s" % (tag[1:], hh[1:])
            row(case, v, "completes t = 100", True, ok and abs(hist[-1]["time"] - 100) < 1e-9, kind="bool")
            after = [r for r in hist if r["time"] >= 5.0 - 1e-9]
            if not after:
                continue
            E5 = after[0]["total_energy"]
            L5 = [after[0]["angular_momentum_" + c] for c in "xyz"]
            row(case, v, "E(5)", None, E5)
            row(case, v, "max |E - E(5)|/E(5) after the loads", 0.0,
                max(abs(r["total_energy"] - E5) for r in after) / E5, 1e-3, "max")
            row(case, v, "max |L - L(5)|/|L(5)| after the loads", None,
                max(math.sqrt(sum((r["angular_momentum_" + c] - L5[i]) ** 2 for i, c in enumerate("xyz")))
                    for r in after) / math.sqrt(sum(x * x for x in L5)))
    # the literature load at h = 0.1 with numerical dissipation in the modified
    # scheme (GAMMA > 1/2): a dissipative run must complete and never gain energy
    # after the loads (README: the energy lost is that of the modes h does not resolve)
    for name, v in (("lit_gamma0.55_h0.1", "lit collocation gamma=0.55 h=0.1"),
                    ("lit_galerkin_gamma0.51_h0.1", "lit Galerkin gamma=0.51 h=0.1")):
        ok, hist, wall, err = run(os.path.join(d, name + ".inp"), os.path.join(OUT, case, name))
        row(case, v, "completes t = 100", True, ok and abs(hist[-1]["time"] - 100) < 1e-9, kind="bool")
        after = [r for r in hist if r["time"] >= 5.0 - 1e-9]
        if not after:
            continue
        E5 = after[0]["total_energy"]
        row(case, v, "max E/E(5) - 1 after the loads", 0.0, max(r["total_energy"] for r in after) / E5 - 1.0)
        row(case, v, "E(100)/E(5)", None, hist[-1]["total_energy"] / E5)


def case_free_flight_beam_gen_alpha(case, d, quick, lp, impulse):
    # the strain element with generalized-alpha (Arnold-Bruls form),
    # rho_inf = 0.5 and 0.9, h = 0.1 and 0.01: report the energy behaviour.
    # A dissipative scheme on a free body: it must complete and deliver the
    # load's impulse (the pseudo-accelerations delay it by a geometric tail in
    # alpha_m, so it is checked at t = 100)
    hs = ["h0.1"] if quick else ["h0.1", "h0.01"]
    for ga in ("ga05", "ga09"):
        for hh in hs:
            name = f"{lp}strain_{ga}_{hh}"
            ok, hist, wall, err = run(os.path.join(d, name + ".inp"), os.path.join(OUT, case, name))
            v = "%sstrain gen-alpha rho=%s h=%s" % ("lit " if lp else "", "0.5" if ga == "ga05" else "0.9", hh[1:])
            row(case, v, "completes t = 100", True, ok and abs(hist[-1]["time"] - 100) < 1e-9, kind="bool")
            after = [r for r in hist if r["time"] >= 5.0 - 1e-9]
            if not after:
                continue
            row(case, v, "linear momentum X at t = 100", impulse, hist[-1]["linear_momentum_x"], 1e-6 * impulse, "abs")
            E5 = after[0]["total_energy"]
            row(case, v, "E(5)", None, E5)
            row(case, v, "E(100)/E(5)", None, hist[-1]["total_energy"] / E5)
            row(case, v, "max E/E(5) after the loads", None, max(r["total_energy"] for r in after) / E5)
            row(case, v, "wall time [s]", None, wall)

