"""Checks of benchmarks/helix_cantilever (reference and tolerances: README.md here)."""
import os

from validate_lib import row, run, last_col, HERE, OUT


def check(quick):
    case = "helix_cantilever"
    d = os.path.join(HERE, case)
    # Češarek (2013), Table 6.2, velocity-element columns (N = 3, 5, 8), tip displacement along F_Y at t = 10
    table = {(10, 3): -0.04625, (10, 5): -0.07844, (10, 8): -0.07640, (25, 3): -0.07711, (25, 5): -0.07634,
             (25, 8): -0.07642, (50, 3): -0.07645, (50, 5): -0.07644, (50, 8): -0.07644}
    converged = -0.07644
    for (ne, N), ref in table.items():
        ok, hist, wall, err = run(os.path.join(d, f"static_ne{ne}_N{N}.inp"), os.path.join(OUT, case, f"static_ne{ne}_N{N}"))
        v = f"static ne={ne} N={N}"
        row(case, v, "completes the load path", True, ok, kind="bool")
        if not ok:
            continue
        uy = last_col(hist, "tip.uy")
        # 50 elements: Češarek's converged value, printed to 4 significant
        # digits (+-5e-6; tolerance 1e-5).  25 elements N = 5, 8: Češarek's
        # values are not yet converged while ours are (documented difference,
        # README).  Coarser meshes depend on the unstated collocation points
        # and quadrature: reported.
        if ne == 50:
            row(case, v, "tip u_Y (Table 6.2)", ref, uy, 1e-5, "abs")
        elif ne == 25 and N >= 5:
            row(case, v, "tip u_Y (Table 6.2)", ref, abs(uy - ref), 1e-5, "known")
        else:
            row(case, v, "tip u_Y (Table 6.2)", ref, uy)
        row(case, v, "wall time [s]", None, wall)
    # strain element (B2S), Table 6.2 strain columns (50, 100, 200 elements)
    stable = {(50, 3): -0.03611, (50, 5): -0.04406, (50, 8): -0.05281, (100, 3): -0.07042, (100, 5): -0.07159,
              (100, 8): -0.07298, (200, 3): -0.07565, (200, 5): -0.07580, (200, 8): -0.07598}
    if not quick:
        for (ne, N), ref in stable.items():
            ok, hist, wall, err = run(os.path.join(d, f"s_static_ne{ne}_N{N}.inp"), os.path.join(OUT, case, f"s_static_ne{ne}_N{N}"))
            v = f"strain static ne={ne} N={N}"
            row(case, v, "completes the load path", True, ok, kind="bool")
            if not ok:
                continue
            uy = last_col(hist, "tip.uy")
            # the converged answer (velocity element, 50 elements, and Češarek's converged value)
            row(case, v, "tip u_Y vs the converged -0.07644", converged, uy, 1e-5, "abs")
            # Češarek's strain columns are far from converged at these meshes; ours are converged
            row(case, v, "tip u_Y vs Table 6.2 strain column", ref, abs(uy - ref), 1e-5, "known")
            row(case, v, "wall time [s]", None, wall)
        for ne, N in ((10, 3), (25, 5), (50, 8)):
            ok, hist, wall, err = run(os.path.join(d, f"dyn_ne{ne}_N{N}.inp"), os.path.join(OUT, case, f"dyn_ne{ne}_N{N}"))
            v = f"dynamic ne={ne} N={N}"
            row(case, v, "completes t = 10 (h = 0.01)", True, ok, kind="bool")
            if ok:
                row(case, v, "tip u_Y, quasi-static dynamics", table[(ne, N)], last_col(hist, "tip.uy"))
                row(case, v, "wall time [s]", None, wall)

