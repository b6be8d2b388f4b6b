"""The numerical part of benchmarks/beam_rayleigh_damping/check.py (README.md here), with
numpy and scipy (Debian's python3-scipy, which scripts/setup.sh installs).  check.py imports it
when its interpreter has them and otherwise runs it with /usr/bin/python3:

    /usr/bin/python3 fit_decay.py OUTDIR W1 W2 ... -- WS1 WS2 ...

fits the tip deflection of OUTDIR/history.csv (started from the frequencies W1...) and
prints JSON {"fit": [[w, z], ...], "rms": r, "scheme": [[zeta_h, omega_h], ...]} with the
scheme's discrete mode at each WS (scheme_mode)."""
import csv
import json
import math
import os
import sys

ALPHA, BETA = 2.0, 2e-5  # the cantilever's *DAMPING (make_decks.py)
H = 1e-4                 # its time increment
T_REL = 1.0              # the release (end of the static step)


def scheme_mode(w, a=ALPHA, b=BETA, h=H):
    """The discrete mode of the plain modified scheme (RHOINF=1, beta = gamma = 1/2) for
    x'' + a x' + w^2 x + b w^2 x' = 0 with the element's rates: a at the new velocity
    v_{n+1}, b on the increment's strain rate (x_{n+1} - x_n)/h (docs/theory_beam.md
    §10).  State (x, v, acc) -> (x1, v1, acc1) with the step-average velocity vb:
      vb (4/h + 2a + b w^2 + w^2 h) = acc + (4/h + a) v - w^2 x,
      x1 = x + h vb, v1 = 2 vb - v, acc1 = -acc + (4/h)(vb - v).
    Returns (zeta_h, omega_h) of its oscillating eigenvalue pair lambda = exp(s h):
    zeta_h = -Re s/|s|, omega_h = |s| (what a fit of exp(-zeta w t) cos(w_d t) measures)."""
    import numpy as np
    D = 4.0 / h + 2.0 * a + b * w * w + w * w * h
    A = np.zeros((3, 3))
    for j in range(3):
        x, v, acc = [1.0 if k == j else 0.0 for k in range(3)]
        vb = (acc + (4.0 / h + a) * v - w * w * x) / D
        A[:, j] = [x + h * vb, 2.0 * vb - v, -acc + 4.0 / h * (vb - v)]
    lam = max(np.linalg.eigvals(A), key=lambda z: abs(z.imag))
    s = np.log(lam) / h
    return -s.real / abs(s), abs(s)


def fit_decay(hist, om0, n_modes=4):
    """Least-squares fit of the tip deflection after the release,
    u(t) = c + sum_i exp(-z_i w_i t) (a_i cos(w_i sqrt(1 - z_i^2) t) + b_i sin(...)),
    amplitudes linear (solved in every residual), w_i and z_i nonlinear, started from
    the *FREQUENCY values and z_i = 0.  Returns ([(w_i, z_i)], rms residual / max |u|)."""
    import numpy as np
    from scipy.optimize import least_squares
    t = np.array([r["time"] for r in hist if r["time"] > T_REL + 2.5 * H]) - T_REL
    y = np.array([r["tip.uz"] for r in hist if r["time"] > T_REL + 2.5 * H])

    def basis(p):
        cols = []
        for i in range(n_modes):
            w, z = p[2 * i], p[2 * i + 1]
            e, wd = np.exp(-z * w * t), w * math.sqrt(max(1.0 - z * z, 0.0))
            cols += [e * np.cos(wd * t), e * np.sin(wd * t)]
        cols.append(np.ones_like(t))
        return np.array(cols).T

    def res(p):
        B = basis(p)
        c = np.linalg.lstsq(B, y, rcond=None)[0]
        return (B @ c - y) / abs(y).max()

    p0 = []
    for w in om0[:n_modes]:
        p0 += [w, 0.0]
    sol = least_squares(res, p0, x_scale=[1.0, 0.01] * n_modes, xtol=1e-15, ftol=1e-15, gtol=1e-15)
    return [(sol.x[2 * i], sol.x[2 * i + 1]) for i in range(n_modes)], math.sqrt(np.mean(sol.fun ** 2))



def main(argv):
    outdir = argv[1]
    sep = argv.index("--")
    om0 = [float(x) for x in argv[2:sep]]
    ws = [float(x) for x in argv[sep + 1:]]
    with open(os.path.join(outdir, "history.csv")) as fh:
        hist = [{k: float(v) for k, v in r.items()} for r in csv.DictReader(fh)]
    fit, rms = fit_decay(hist, om0)
    print(json.dumps({"fit": [[float(w), float(z)] for w, z in fit], "rms": float(rms),
                      "scheme": [[float(x) for x in scheme_mode(w)] for w in ws]}))


if __name__ == "__main__":
    main(sys.argv)
