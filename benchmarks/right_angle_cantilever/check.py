"""Checks of benchmarks/right_angle_cantilever (reference and tolerances: README.md here)."""
import os

from validate_lib import row, run, HERE, OUT


def check(quick):
    case = "right_angle_cantilever"
    d = os.path.join(HERE, case)
    runs = {}
    for ne, h in ((4, "0.25"), (4, "0.1"), (20, "0.25"), (20, "0.1")):
        ok, hist, wall, err = run(os.path.join(d, f"ne{ne}_h{h}.inp"), os.path.join(OUT, case, f"ne{ne}_h{h}"))
        v = f"ne={ne} h={h}"
        runs[(ne, h)] = hist if ok else None
        row(case, v, "completes t = 30 (Češarek: velocity element stable)", True, ok and abs(hist[-1]["time"] - 30) < 1e-9,
            kind="bool")
        if not ok:
            continue
        after = [r for r in hist if r["time"] >= 2.0 - 1e-9]
        E2 = after[0]["total_energy"]
        row(case, v, "max |E - E(2)|/E(2) after the pulse", 0.0, max(abs(r["total_energy"] - E2) for r in after) / E2, 1e-2,
            "max")
        row(case, v, "E(2) (energy after the pulse)", None, E2)
        row(case, v, "elbow u_Z range", None, "%.3f .. %.3f" % (min(r["elbow.uz"] for r in hist), max(r["elbow.uz"] for r in hist)))
        row(case, v, "tip u_Z range", None, "%.3f .. %.3f" % (min(r["tip.uz"] for r in hist), max(r["tip.uz"] for r in hist)))
        row(case, v, "wall time [s]", None, wall)
    a, b = runs.get((4, "0.1")), runs.get((20, "0.1"))
    if a and b:
        row(case, "ne=4 vs ne=20, h=0.1", "max |u_Z elbow difference|", None, max(abs(x["elbow.uz"] - y["elbow.uz"]) for x, y in zip(a, b)))
    if not quick:
        # strain element with Newmark: Češarek reports divergence at t = 17.75 with 4 elements, h = 0.25
        for ne, h in ((4, "0.25"), (20, "0.1")):
            ok, hist, wall, err = run(os.path.join(d, f"s_ne{ne}_h{h}.inp"), os.path.join(OUT, case, f"s_ne{ne}_h{h}"))
            v = f"strain ne={ne} h={h}"
            after = [r for r in hist if r["time"] >= 2.0 - 1e-9]
            if ne == 4:
                t_end = 30.0 if ok else hist[-1]["time"]
                row(case, v, "|time of failure - 17.75| (30 = completes)", 17.75, abs(t_end - 17.75), 0.5, "known")
            else:
                row(case, v, "completes t = 30 (Češarek: stable)", True, ok, kind="bool")
            if after:
                E2 = after[0]["total_energy"]
                row(case, v, "max |E - E(2)|/E(2) after the pulse", None, max(abs(r["total_energy"] - E2) for r in after) / E2)

