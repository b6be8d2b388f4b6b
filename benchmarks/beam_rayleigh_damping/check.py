"""Checks of benchmarks/beam_rayleigh_damping (reference and tolerances: README.md here)."""
import csv
import math
import os

from validate_lib import row, run, HERE, OUT

ALPHA, BETA = 2.0, 2e-5  # the cantilever's *DAMPING (make_decks.py)
H = 1e-4                 # its time increment
T_REL = 1.0              # the release (end of the static step)
SPIN_H, SPIN_W0, SPIN_ALPHA = 1e-3, 50.0, 0.8


def zeta_closed(w, a=ALPHA, b=BETA):
    """Fraction of critical damping of a mode w under D = a M + b K (Clough & Penzien 1993)."""
    return a / (2.0 * w) + b * w / 2.0


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


def modes(outdir):
    """Distinct natural frequencies of modes.csv (the rod's bending modes come in pairs)."""
    with open(os.path.join(outdir, "modes.csv")) as fh:
        om = sorted(float(r["omega"]) for r in csv.DictReader(fh))
    out = []
    for w in om:
        if not out or w - out[-1] > 1e-6 * w:
            out.append(w)
    return out


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


def balance(hist, t0):
    """max |E + D - W - (E + D - W)(t0)| / E(t0) over t >= t0."""
    rs = [r for r in hist if r["time"] >= t0 - 1e-12]
    ref = rs[0]["total_energy"] + rs[0]["dissipated"] - rs[0]["external_work"]
    return max(abs(r["total_energy"] + r["dissipated"] - r["external_work"] - ref) for r in rs) / rs[0]["total_energy"]


def check(quick):
    case = "beam_rayleigh_damping"
    d = os.path.join(HERE, case)
    try:
        import numpy  # noqa: F401
        import scipy.optimize  # noqa: F401
        have = True
    except ImportError:
        have = False
    # the fit needs Debian's python3-scipy (scripts/setup.sh installs it; run benchmarks/validate
    # with /usr/bin/python3 where another python3 comes first in PATH)
    row(case, "all", "numpy and scipy importable", True, have, kind="bool")
    if not have:
        return
    elems = ("b2v",) if quick else ("b2v", "b2s")
    for et in elems:
        zeta = {}
        for un in ("si", "mm"):
            v = f"{et.upper()} {'SI' if un == 'si' else 'mm-t-s'}"
            outdir = os.path.join(OUT, case, f"cantilever_{et}_{un}")
            ok, hist, wall, err = run(os.path.join(d, f"cantilever_{et}_{un}.inp"), outdir)
            done = ok and hist and abs(hist[-1]["time"] - (T_REL + 0.42)) < 1e-9
            row(case, v, "completes the release", True, done, kind="bool")
            if not done:
                continue
            om = modes(outdir)
            fit, rms = fit_decay(hist, om)
            row(case, v, "fit rms residual / max |u|", None, rms)
            zeta[un] = []
            for i in range(2):
                w = om[i]
                zc = zeta_closed(w)
                zh, wh = scheme_mode(w)
                wf, zf = fit[i]
                zeta[un].append(zf)
                row(case, v, f"mode {i + 1}: omega (*FREQUENCY)", None, w)
                row(case, v, f"mode {i + 1}: zeta of the scheme at h", zc, zh)
                # README: the scheme's own damping error |zeta_h - zeta| plus 1e-3 zeta for the
                # modal model and the fit
                row(case, v, f"mode {i + 1}: zeta (fit of the decay)", zc, zf, abs(zh - zc) + 1e-3 * zc, "abs")
                row(case, v, f"mode {i + 1}: omega fit / omega_h - 1", 0.0, wf / wh - 1.0)
            row(case, v, "balance max|E+D-W - at release|/E", 0.0, balance(hist, T_REL + H))
        if "si" in zeta and "mm" in zeta:
            for i in range(2):
                row(case, f"{et.upper()} SI vs mm-t-s", f"mode {i + 1}: zeta, same in both units", zeta["si"][i],
                    zeta["mm"][i], 1e-7 * zeta["si"][i], "abs")
        # free rod spinning rigidly about its axis
        for dn in ("beta", "alpha"):
            v = f"{et.upper()} spin, {dn}"
            ok, hist, wall, err = run(os.path.join(d, f"spin_{et}_{dn}.inp"), os.path.join(OUT, case, f"spin_{et}_{dn}"))
            done = ok and hist and abs(hist[-1]["time"] - 2.0) < 1e-9
            row(case, v, "completes t = 2", True, done, kind="bool")
            if not done:
                continue
            n = len(hist) - 1
            ratio = hist[-1]["tip.wx"] / SPIN_W0
            strain = max(max(abs(r["mid." + c]) for c in ("g1", "g2", "g3", "k1", "k2", "k3")) for r in hist)
            shape = max(math.sqrt((r["tip.x"] - 1.0) ** 2 + r["tip.y"] ** 2 + r["tip.z"] ** 2) for r in hist)
            if dn == "beta":
                row(case, v, "omega(2)/omega(0) - 1", 0.0, ratio - 1.0, 1e-10, "abs")
                row(case, v, "max strain (mid-element)", 0.0, strain, 1e-10, "max")
                row(case, v, "max tip displacement (m)", 0.0, shape, 1e-10, "max")
                row(case, v, "dissipated / E0", 0.0, hist[-1]["dissipated"] / hist[0]["total_energy"], 1e-12, "max")
            else:
                t = hist[-1]["time"]
                exact = math.exp(-SPIN_ALPHA * t)
                disc = ((1.0 - SPIN_ALPHA * SPIN_H / 2) / (1.0 + SPIN_ALPHA * SPIN_H / 2)) ** n
                row(case, v, "omega(2)/omega(0) vs exp(-alpha t)", exact, ratio, abs(disc - exact) + 1e-10, "abs")
                row(case, v, "omega(2)/omega(0) vs the scheme's", disc, ratio, 1e-10, "abs")
                row(case, v, "max tip displacement (m)", 0.0, shape, 1e-10, "max")
            row(case, v, "balance max|E+D-E0|/E0", 0.0, balance(hist, 0.0), 1e-12, "max")
