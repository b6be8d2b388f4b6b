"""Checks of benchmarks/step_loaded_cantilever (reference and tolerances: README.md here)."""
import os

from validate_lib import row, run, HERE, OUT

TOL_EXACT = 1e-8     # RHOINF=1 with Galerkin weighting: |E - W| / max W (energy-conserving semi-discrete
                     # equations, the trapezoidal rule exact for them up to the Newton tolerance)
TOL_RISE = 1e-8      # the default scheme dissipates: max (E - W) / max W never above round-off
TOL_BOUNDED = 1e-2   # collocation: bounded to the element's accuracy (measured 1e-5 on 10 elements);
                     # the defect rows exceed it by orders of magnitude (README)
# (deck, variant, kind of the energy row); the quick set takes the first three
RUNS = (("n5_gal_rho1", "5 el. Galerkin, RHOINF=1", "exact"),
        ("n5_gal", "5 el. Galerkin, default scheme", "rise"),
        ("n5_coll", "5 el. collocation, default scheme", "known"),
        ("n5_coll_rho1", "5 el. collocation, RHOINF=1", "known"),
        ("n4_coll", "4 el. collocation, default scheme", "known"),
        ("n4_coll_rho1", "4 el. collocation, RHOINF=1", "known"),
        ("n6_coll", "6 el. collocation, default scheme", "known"),
        ("n6_coll_rho1", "6 el. collocation, RHOINF=1", "known"),
        ("n10_coll", "10 el. collocation, default scheme", "bounded"),
        ("n10_coll_rho1", "10 el. collocation, RHOINF=1", "bounded"),
        ("n4_gal_rho1", "4 el. Galerkin, RHOINF=1", "exact"),
        ("n4_gal", "4 el. Galerkin, default scheme", "rise"),
        ("n6_gal_rho1", "6 el. Galerkin, RHOINF=1", "exact"),
        ("n6_gal", "6 el. Galerkin, default scheme", "rise"),
        ("n10_gal_rho1", "10 el. Galerkin, RHOINF=1", "exact"),
        ("n10_gal", "10 el. Galerkin, default scheme", "rise"))
STATIC_TIP = 1.4899387966  # mm, the static tip deflection (a *STATIC step of the same model), for scale


def check(quick):
    case = "step_loaded_cantilever"
    d = os.path.join(HERE, case)
    # the deck as a user writes it (no WEIGHTING=) runs as the Galerkin deck, bit for bit
    ok_u, user, _, _ = run(os.path.join(d, "n5_user.inp"), os.path.join(OUT, case, "n5_user"))
    ok_g, gal, _, _ = run(os.path.join(d, "n5_gal.inp"), os.path.join(OUT, case, "n5_gal_ref"))
    same = ok_u and ok_g and len(user) == len(gal) and all(
        a[k] == b[k] for a, b in zip(user, gal) for k in ("total_energy", "external_work", "tip.z"))
    row(case, "5 el., no WEIGHTING= (default)", "history equal to the Galerkin deck's", True, same, kind="bool")
    for deck, var, kind in RUNS[:3] if quick else RUNS:
        ok, hist, wall, err = run(os.path.join(d, deck + ".inp"), os.path.join(OUT, case, deck))
        row(case, var, "run completes", True, ok, kind="bool")
        if not ok:
            continue
        wmax = max(abs(r["external_work"]) for r in hist)
        bal = [r["total_energy"] - r["external_work"] for r in hist]
        if kind == "exact":
            row(case, var, "max |E - W| / max W", 0.0, max(abs(b) for b in bal) / wmax, TOL_EXACT, "max")
        elif kind == "rise":
            row(case, var, "energy never rises: max (E - W) / max W", 0.0, max(bal) / wmax, TOL_RISE, "max")
        else:
            row(case, var, "energy rise: max (E - W) / max W", 0.0, max(bal) / wmax, TOL_BOUNDED,
                "known" if kind == "known" else "max")
        row(case, var, "largest tip deflection / static", None, max(-r["tip.z"] for r in hist) / STATIC_TIP)
        row(case, var, "wall time [s]", None, wall)
