"""Checks of benchmarks/attached_particle (reference and tolerances: README.md here)."""
import math
import os
import sys

from validate_lib import row, run, HERE, OUT


def check(quick):
    case = "attached_particle"
    d = os.path.join(HERE, case)
    sys.path.insert(0, d)
    from make_decks import root
    names = ["a2.0_ne20_N3_s400", "a2.0_ne21_N3_s400"] if quick else [
        "a0.5_ne20_N3_s200", "a0.5_ne20_N3_s400", "a0.5_ne10_N3_s400",
        "a2.0_ne20_N3_s200", "a2.0_ne20_N3_s400", "a2.0_ne10_N3_s400",
        "a0.5_ne21_N3_s400", "a0.5_ne11_N3_s400", "a2.0_ne21_N3_s400", "a2.0_ne11_N3_s400"]
    for n in names:
        alpha = float(n.split("_")[0][1:])
        ne = int(n.split("_ne")[1].split("_")[0])
        sp = int(n.split("_s")[-1])
        ok, hist, wall, err = run(os.path.join(d, n + ".inp"), os.path.join(OUT, case, n))
        row(case, n, "run completes", True, ok, kind="bool")
        if not ok:
            continue
        t = [r["time"] for r in hist]
        u = [r["mass.uz"] for r in hist]
        zc = [t[i - 1] + (t[i] - t[i - 1]) * (-u[i - 1]) / (u[i] - u[i - 1])
              for i in range(1, len(u)) if (u[i - 1] < 0 <= u[i]) or (u[i - 1] > 0 >= u[i])]
        T = (zc[-1] - zc[0]) / ((len(zc) - 1) / 2.0)
        Te = 2.0 * math.pi / (2.0 * root(alpha)) ** 2
        est = (2.0 * math.pi / sp) ** 2 / 12.0
        row(case, n, "period / exact - 1", est, T / Te - 1.0)
        # a priori: the trapezoidal period elongation (omega h)^2/12 plus at most
        # 1e-5 for shear deformation (GA = 1e6: ~5e-6) and the 20-element mesh
        # odd ne: the particle is held inside the middle element (ELEMENT POINT joint, Hermite point)
        if ne in (20, 21):
            row(case, n, "period error - (omega h)^2/12", 0.0, T / Te - 1.0 - est, 1e-5, "abs")
        else:
            row(case, n, "period error - (omega h)^2/12 (%d el.)" % ne, 0.0, T / Te - 1.0 - est)
        E = [r["total_energy"] for r in hist]
        row(case, n, "energy range / E0", None, (max(E) - min(E)) / E[0])

