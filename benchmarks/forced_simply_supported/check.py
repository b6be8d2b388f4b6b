"""Checks of benchmarks/forced_simply_supported (reference and tolerances: README.md here)."""
import math
import os

from validate_lib import row, run, HERE, OUT


def modal_midspan(t, L=10.0, F0=0.3, w0=2.0, EI=1e3, rhoA=1.0, nmax=401):
    """Euler-Bernoulli modal series for a simply supported beam under a
    midspan force F0 sin(w0 t), from rest (Češarek 2013, §6.6.1)."""
    w = 0.0
    for n in range(1, nmax + 1, 2):
        wn = (n * math.pi / L) ** 2 * math.sqrt(EI / rhoA)
        w += (2 * F0 / (rhoA * L)) * math.sin(n * math.pi / 2) * math.sin(n * math.pi / 2) * \
            (math.sin(w0 * t) - (w0 / wn) * math.sin(wn * t)) / (wn ** 2 - w0 ** 2)
    return w


def check(quick):
    case = "forced_simply_supported"
    d = os.path.join(HERE, case)
    # a-priori bound: twice the trapezoidal phase error of the free (w1 = 3.12) and forced (w0 = 2) parts
    # over t = 8 with amplitudes ~0.01: 2 * 0.01 * (w1^3 + w0^3) h^2 / 12 * 8 = 0.0253 h^2 / ... see README
    tol = {"0.1": 5e-3, "0.05": 1.3e-3, "0.025": 3.2e-4}
    for ne, N, h in ((20, 6, "0.1"), (20, 6, "0.05"), (20, 6, "0.025"), (20, 2, "0.05"), (20, 10, "0.05"),
                     (10, 6, "0.05"), (40, 6, "0.05")):
        ok, hist, wall, err = run(os.path.join(d, f"ne{ne}_N{N}_h{h}.inp"), os.path.join(OUT, case, f"ne{ne}_N{N}_h{h}"))
        v = f"ne={ne} N={N} h={h}"
        row(case, v, "completes t = 8", True, ok, kind="bool")
        if not ok:
            continue
        e = max(abs(r["mid.uz"] - modal_midspan(r["time"])) for r in hist)
        row(case, v, "max |w_mid - w_modal| on [0,8]", 0.0, e, tol[h], "max")
        if (ne, N, h) == (20, 6, "0.025"):
            w134 = min(hist, key=lambda r: abs(r["time"] - 1.34))["mid.uz"]
            row(case, v, "w_mid(1.34) (Češarek: 0.01076)", modal_midspan(1.34), w134)
            row(case, v, "max |w_mid| on [0,8]", max(abs(modal_midspan(0.001 * k)) for k in range(8001)),
                max(abs(r["mid.uz"]) for r in hist))
        row(case, v, "wall time [s]", None, wall)

