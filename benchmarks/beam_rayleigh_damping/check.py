"""Checks of benchmarks/beam_rayleigh_damping (reference and tolerances: README.md here)."""
import csv
import json
import math
import os
import subprocess
import sys

from validate_lib import row, run, HERE, OUT

ALPHA, BETA = 2.0, 2e-5  # the cantilever's *DAMPING (make_decks.py)
H = 1e-4                 # its time increment
T_REL = 1.0              # the release (end of the static step)
SPIN_H, SPIN_W0, SPIN_ALPHA = 1e-3, 50.0, 0.8


def zeta_closed(w, a=ALPHA, b=BETA):
    """Fraction of critical damping of a mode w under D = a M + b K (Clough & Penzien 1993)."""
    return a / (2.0 * w) + b * w / 2.0


def modes(outdir):
    """Distinct natural frequencies of modes.csv (the rod's bending modes come in pairs)."""
    with open(os.path.join(outdir, "modes.csv")) as fh:
        om = sorted(float(r["omega"]) for r in csv.DictReader(fh))
    out = []
    for w in om:
        if not out or w - out[-1] > 1e-6 * w:
            out.append(w)
    return out


def balance(hist, t0):
    """max |E + D - W - (E + D - W)(t0)| / E(t0) over t >= t0."""
    rs = [r for r in hist if r["time"] >= t0 - 1e-12]
    ref = rs[0]["total_energy"] + rs[0]["dissipated"] - rs[0]["external_work"]
    return max(abs(r["total_energy"] + r["dissipated"] - r["external_work"] - ref) for r in rs) / rs[0]["total_energy"]


def numerics(outdir, om0, ws):
    """fit_decay.fit_decay and scheme_mode (numpy, scipy): in this interpreter when it has
    them, else by /usr/bin/python3 fit_decay.py; None when neither can (the caller's row
    then fails, saying so)."""
    try:
        import numpy  # noqa: F401
        import scipy.optimize  # noqa: F401
        here = True
    except ImportError:
        here = False
    if here:
        sys.path.insert(0, os.path.join(HERE, "beam_rayleigh_damping"))
        import fit_decay
        with open(os.path.join(outdir, "history.csv")) as fh:
            hist = [{k: float(v) for k, v in r.items()} for r in csv.DictReader(fh)]
        fit, rms = fit_decay.fit_decay(hist, om0)
        return {"fit": fit, "rms": rms, "scheme": [fit_decay.scheme_mode(w) for w in ws]}
    script = os.path.join(HERE, "beam_rayleigh_damping", "fit_decay.py")
    args = ["/usr/bin/python3", script, outdir] + ["%.17g" % w for w in om0] + ["--"] + ["%.17g" % w for w in ws]
    try:
        p = subprocess.run(args, capture_output=True, text=True)
    except OSError:
        return None
    return json.loads(p.stdout) if p.returncode == 0 else None


def check(quick):
    case = "beam_rayleigh_damping"
    d = os.path.join(HERE, case)
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
            num = numerics(outdir, om, om[:2])
            # the fit needs numpy and scipy (Debian's python3-scipy, which scripts/setup.sh installs)
            row(case, v, "fit of the decay (numpy, scipy) ran", True, num is not None, kind="bool")
            if num is None:
                continue
            fit, rms = num["fit"], num["rms"]
            row(case, v, "fit rms residual / max |u|", None, rms)
            zeta[un] = []
            for i in range(2):
                w = om[i]
                zc = zeta_closed(w)
                zh, wh = num["scheme"][i]
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
