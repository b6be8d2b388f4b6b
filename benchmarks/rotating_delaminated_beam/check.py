"""Checks of benchmarks/rotating_delaminated_beam (references and tolerances: README.md here)."""
import cmath
import math
import os
import resource
import statistics
import subprocess
import sys

from validate_lib import row, run, HERE, OUT, NSBEAM

sys.path.insert(0, os.path.join(HERE, "rotating_delaminated_beam"))
from rotating_analytic import RotatingDelaminated, clamped_gap, gravity_gap, sag_second_order  # noqa: E402

CASE = "rotating_delaminated_beam"
E, NU, RHO, G_ACC = 210e9, 0.3, 7500.0, 9.81
L, A_H, L1, L2, H_TOP = 1.0, 0.01, 0.45, 0.1, 0.0075
KAPPA = 5.0 / 6.0                       # shear factor of *BEAM SECTION, SECTION=RECT
G_MOD = E / (2 * (1 + NU))
E0_BOW, V0_WHIRL = 1e-6, 1.5e-3
T_UP, T_GRAV = 0.05, 0.25
OMEGA_1 = math.pi ** 2 * math.sqrt(E * A_H ** 2 / 12 / RHO)   # Euler-Bernoulli first critical [rad/s]
E2, E3 = (A_H - H_TOP) / 2, H_TOP / 2


def go(name):
    ok, hist, wall, err = run(os.path.join(HERE, CASE, name + ".inp"), os.path.join(OUT, CASE, name))
    row(CASE, name, "run completes", True, ok and len(hist) > 0, kind="bool")
    if not ok and err.strip():
        print("    " + err.strip().splitlines()[-1], flush=True)
    return hist if ok else []


def gap(r):
    """Opening at mid-delamination: distance of the two sublaminates' centre
    lines minus their distance at rest (frame-invariant)."""
    d = math.sqrt(sum((r["top." + c] - r["bottom." + c]) ** 2 for c in "xyz"))
    return d - (E2 + E3)


def shear_gap(omega):
    """Shear part of the clamped sublaminates' mid-span deflections under
    their centrifugal loads, q L2^2 / (8 kappa G A_i) with q_i = rho A_i
    Omega^2 x_i: the difference is rho Omega^2 (e2 + e3) L2^2 / (8 kappa G)."""
    return RHO * omega ** 2 * (E2 + E3) * L2 ** 2 / (8 * KAPPA * G_MOD)


# ---- Ex. 5.11: the intact shaft ---------------------------------------------

def bow_reference(ratio, t):
    """Distance of the mid-span centre from the bearing axis: the bow e0 turning
    with the shaft plus the first mode's response u to the imbalance
    rho A e0 Omega^2 e^{i Omega t}, u(0) = 0, u'(0) = 0 (complex whirl
    coordinate in the inertial frame): u'' + w1^2 u = e0 Omega^2 e^{i Omega t}."""
    w1, W, e0 = OMEGA_1, ratio * OMEGA_1, E0_BOW
    if ratio == 1.0:
        u = 0.5 * e0 * (-1j * w1 * t * cmath.exp(1j * w1 * t) + 1j * math.sin(w1 * t))
    else:
        u = e0 * W * W / (w1 * w1 - W * W) * (cmath.exp(1j * W * t) - math.cos(w1 * t) - 1j * W / w1 * math.sin(w1 * t))
    return abs(e0 * cmath.exp(1j * W * t) + u)


def whirl_frequencies(omega):
    """Forward and backward whirl frequencies of the pinned-pinned Timoshenko
    shaft's first mode (w = W sin(pi x/L), psi = Psi cos(pi x/L), complex
    whirl coordinates), gyroscopic couple rho Ip Omega on the section slope:
    (kGA k^2 - rhoA l^2)(EI k^2 + kGA - rhoI l^2 + rhoIp Omega l) = (kGA k)^2."""
    A, I = A_H * A_H, A_H ** 4 / 12
    kGA, EI, k = KAPPA * G_MOD * A, E * I, math.pi / L

    def f(lam):
        return (kGA * k * k - RHO * A * lam * lam) * (EI * k * k + kGA - RHO * I * lam * lam
                                                       + RHO * 2 * I * omega * lam) - (kGA * k) ** 2

    def root(lo, hi):
        flo = f(lo)
        for _ in range(200):
            m = 0.5 * (lo + hi)
            if (f(m) > 0) == (flo > 0):
                lo, flo = m, f(m)
            else:
                hi = m
        return 0.5 * (lo + hi)
    return root(0.9 * OMEGA_1, 1.1 * OMEGA_1), root(-1.1 * OMEGA_1, -0.9 * OMEGA_1)


def precession_rate(hist):
    """Rate [rad/s] at which the plane of a free whirl that starts planar
    turns (about +x): least squares over the directions at the maxima."""
    d = [math.hypot(r["mid.y"], r["mid.z"]) for r in hist]
    top = max(d)
    pts = []
    for i in range(1, len(hist) - 1):
        if d[i] >= d[i - 1] and d[i] > d[i + 1] and d[i] > 0.5 * top:
            a = math.atan2(-hist[i]["mid.y"], hist[i]["mid.z"])
            a = a - math.pi if a > math.pi / 2 else a + math.pi if a <= -math.pi / 2 else a
            pts.append((hist[i]["time"], a))
    n = len(pts)
    tm, am = sum(p[0] for p in pts) / n, sum(p[1] for p in pts) / n
    return sum((p[0] - tm) * (p[1] - am) for p in pts) / sum((p[0] - tm) ** 2 for p in pts)


def check_intact(quick):
    for ratio in ((1.0,) if quick else (0.5, 1.0, 1.5)):
        name = "bow_r%g" % ratio
        h = go(name)
        if not h:
            continue
        r = [(x["time"], math.hypot(x["mid.y"], x["mid.z"])) for x in h]
        ref = [bow_reference(ratio, t) for t, _ in r]
        err = max(abs(a[1] - b) for a, b in zip(r, ref)) / max(ref)
        tol = 0.03 if ratio == 1.5 else 0.01
        row(CASE, name, "max |r - r_ref| / max r_ref", 0.0, err, tol, "max")
        row(CASE, name, "max radius / e0", max(ref) / E0_BOW, max(x[1] for x in r) / E0_BOW)
        if ratio == 1.0:
            t0, t1 = 0.25, r[-1][0]
            i0 = min(range(len(r)), key=lambda i: abs(r[i][0] - t0))
            rate = (r[-1][1] - r[i0][1]) / (t1 - r[i0][0])
            rate_ref = (bow_reference(1.0, t1) - bow_reference(1.0, r[i0][0])) / (t1 - r[i0][0])
            row(CASE, name, "growth [m/s], t in [0.25, 0.5]", rate_ref, rate, 5e-3 * rate_ref, "abs")
            row(CASE, name, "growth / (e0 omega_1 / 2)", 1.0, rate / (E0_BOW * OMEGA_1 / 2))
    for ratio in (() if quick else (1.0, 2.0)):
        name = "whirl_r%g" % ratio
        h = go(name)
        if not h:
            continue
        lf, lb = whirl_frequencies(ratio * OMEGA_1)
        ref = 0.5 * (lf + lb)
        row(CASE, name, "precession of the whirl plane [rad/s]", ref, precession_rate(h), 0.01 * ref, "abs")
        row(CASE, name, "forward whirl lf/w1 - 1", None, lf / OMEGA_1 - 1)
        row(CASE, name, "backward whirl |lb|/w1 - 1", None, -lb / OMEGA_1 - 1)


# ---- Ex. 5.12: centrifugal gap opening, gravity -------------------------------

def steady_mean(hist, t0):
    g = [gap(r) for r in hist if r["time"] >= t0 - 1e-12]
    return sum(g) / len(g), max(g) - min(g)


def check_delaminated(quick):
    model = RotatingDelaminated(L, A_H, A_H, L1, L2, H_TOP, E, RHO)
    names = [("cent_f20_quick", 20)] if quick else [("cent_f10", 10), ("cent_f15", 15), ("cent_f20", 20)]
    for name, f in names:
        h = go(name)
        if not h:
            continue
        om = 2 * math.pi * f
        ref = model.gap(om, L2 / 2)
        g, spread = steady_mean(h, T_UP + 0.002)
        row(CASE, name, "gap at %g Hz [um] (analytic)" % f, 1e6 * ref, 1e6 * g, 1e-4 * 1e6 * ref, "abs")
        row(CASE, name, "spread of the steady gap / gap", None, spread / g)
        row(CASE, name, "clamped closed form / analytic", None,
            clamped_gap(E, RHO, H_TOP, A_H - H_TOP, E2, E3, L2, om) / ref)
    if quick:
        return
    # Ex. 5.13's shaft: longer sublaminates, the opening 20-80 times larger
    model6 = RotatingDelaminated(L, A_H, A_H, 0.2, 0.6, H_TOP, E, RHO)
    dev = {}
    for f in (2.5, 5):
        name = "cent_l6_f%g" % f
        h = go(name)
        if not h:
            continue
        om = 2 * math.pi * f
        ref = model6.gap(om, 0.3)
        g, spread = steady_mean(h, 0.502)
        dev[f] = g / ref - 1
        row(CASE, name, "gap at %g Hz [um] (analytic)" % f, 1e6 * ref, 1e6 * g, (2e-4 if f == 2.5 else 2e-3) * 1e6 * ref,
            "abs")
        row(CASE, name, "spread of the steady gap / gap", None, spread / g)
        row(CASE, name, "clamped closed form / analytic", None,
            clamped_gap(E, RHO, H_TOP, A_H - H_TOP, E2, E3, 0.6, om) / ref)
    if len(dev) == 2:
        # geometric nonlinearity: the deviation grows with the opening squared (x 16)
        row(CASE, "cent_l6_f5", "deviation ratio 5 Hz / 2.5 Hz", 16.0, dev[5] / dev[2.5])
    om = 2 * math.pi * 20
    g_eb = model.gap(om, L2 / 2)
    h = go("cent_rect_f20")
    g_rect = None
    if h:
        g_rect, _ = steady_mean(h, T_UP + 0.002)
        ref = g_eb + shear_gap(om)
        row(CASE, "cent_rect_f20", "gap [um] (analytic + shear)", 1e6 * ref, 1e6 * g_rect, 1e-3 * 1e6 * ref, "abs")
    # gravity: the opening by the sublaminates' own weight (linear, at rest),
    # and the sag's second-order effects (analytic.sag_second_order)
    g_grav, _ = gravity_gap(model, G_ACC, L2 / 2)
    _, _, g_nl, (n2, n3) = sag_second_order(E, RHO, A_H, A_H, H_TOP, L, L2, G_ACC)
    row(CASE, "analytic", "own-weight opening g_grav [um]", None, 1e6 * g_grav)
    row(CASE, "analytic", "second-order closing g_nl [um]", None, 1e6 * g_nl)
    for name, scale in (("sag_g0.01", 0.01), ("sag_g1", 1.0)):
        h = go(name)
        if not h:
            continue
        ref = scale * g_grav - scale ** 2 * g_nl
        row(CASE, name, "opening at rest [um]", 1e6 * ref, 1e6 * gap(h[-1]), 0.02 * 1e6 * scale * g_grav, "abs")
        if scale == 1.0:
            row(CASE, name, "g_grav - gap vs g_nl", 1e6 * g_nl, 1e6 * (g_grav - gap(h[-1])))
    lo, hi = 1.0, 19.0                   # the speed of zero margin, linear: g_stat = g_grav
    for _ in range(60):
        m = 0.5 * (lo + hi)
        om_m = 2 * math.pi * m
        lo, hi = (m, hi) if model.gap(om_m, L2 / 2) + shear_gap(om_m) < g_grav else (lo, m)
    row(CASE, "analytic", "speed of zero linear margin [Hz]", None, 0.5 * (lo + hi))
    # thin sublaminate's share of the centrifugal opening (clamped closed form)
    s3 = (E3 / (A_H - H_TOP) ** 2) / (E2 / H_TOP ** 2 + E3 / (A_H - H_TOP) ** 2)
    for f in (20, 5):
        name = "grav_f%d" % f
        h = go(name)
        if not h:
            continue
        om = 2 * math.pi * f
        g_stat = model.gap(om, L2 / 2) + shear_gap(om)
        # thin sublaminate below the axis (theta = 0): it is in tension, the
        # thick one in compression; above (theta = pi) the other way round
        up = g_stat * (s3 * (1 - n3) + (1 - s3) * (1 + n2)) + g_grav - g_nl
        down = g_stat * (s3 * (1 + n3) + (1 - s3) * (1 - n2)) - g_grav - g_nl
        last = [gap(r) for r in h if r["time"] >= h[-1]["time"] - 1.0 / f - 1e-9]
        row(CASE, name, "min gap, last turn [um]", 1e6 * down, 1e6 * min(last), 0.02 * 1e6 * g_grav, "abs")
        row(CASE, name, "max gap, last turn [um]", 1e6 * up, 1e6 * max(last), 0.02 * 1e6 * g_grav, "abs")
        row(CASE, name, "linear margin g_stat - g_grav [um]", None, 1e6 * (g_stat - g_grav))
        if f == 20:
            # Waltersberger: no clattering in the stable speed ranges
            # (from the end of the spin-up on: at rest the gap is zero by construction)
            full = [gap(r) for r in h if r["time"] >= T_UP - 1e-12]
            row(CASE, name, "min gap > 0 (never closes) [um]", 0.0, 1e6 * min(full), 1e-3 * 1e6 * g_grav, "min")
        else:
            row(CASE, name, "min gap < 0 (closes) [um]", 0.0, 1e6 * min(last), 0.0, "max")
    h = go("contact_f20")
    if h and g_rect:
        g, _ = steady_mean(h, h[-1]["time"] - 0.005)
        row(CASE, "contact_f20", "gap with contact pair / without", 1.0, g / g_rect)
        row(CASE, "contact_f20", "|gap / gap without contact - 1|", 0.0, abs(g / g_rect - 1), 1e-3, "max")


# ---- the co-rotating reduced model (*MODAL DYNAMIC, SPIN; README section 5) ------------

def csv_rows(name, fname):
    """Numeric rows of OUT/<case>/<name>/<fname> (header dropped) and the header."""
    path = os.path.join(OUT, CASE, name, fname)
    if not os.path.exists(path):
        return [], []
    with open(path) as fh:
        lines = fh.read().split("\n")
    head = lines[0].split(",")
    return [[float(x) for x in ln.split(",")] for ln in lines[1:] if ln], head


def mode_freqs(name):
    rows, _ = csv_rows(name, "modes.csv")
    return [r[4] for r in rows]


def check_modal_gap(quick):
    """Eq. 5.161: the steady opening of the co-rotating model (its start
    state) against the turning-frame analytic model."""
    ex512 = RotatingDelaminated(L, A_H, A_H, L1, L2, H_TOP, E, RHO)
    ex513 = RotatingDelaminated(L, A_H, A_H, 0.2, 0.6, H_TOP, E, RHO)
    runs = [("modal_l6_f5_m30", ex513, 5, 0.3, 1e-4)]
    if not quick:
        runs += [("modal_l6_f5_m60", ex513, 5, 0.3, 1e-4), ("modal_l6_f2.5_m60", ex513, 2.5, 0.3, 1e-4),
                 ("modal_cent_f20_m30", ex512, 20, L2 / 2, None), ("modal_cent_f20_m60", ex512, 20, L2 / 2, 1e-3),
                 ("modal_cent_f20_m100", ex512, 20, L2 / 2, 1e-3)]
    for name, model, f, x, tol in runs:
        h = go(name)
        if not h:
            continue
        ref = model.gap(2 * math.pi * f, x)
        g = [gap(r) for r in h[1:]]          # row 0: the state before the step
        row(CASE, name, "steady gap at %g Hz [um] (analytic)" % f, 1e6 * ref, 1e6 * g[-1],
            None if tol is None else tol * 1e6 * ref, None if tol is None else "abs")
        row(CASE, name, "gap / analytic - 1", None, g[-1] / ref - 1)
        row(CASE, name, "drift of the steady state / gap", 0.0, (max(g) - min(g)) / g[-1], 1e-9, "max")


def check_modal_whirl():
    """Ex. 5.11 in the turning frame: the first whirl pair at |lf - W| and
    W - lb (lf, lb the Timoshenko shaft's inertial whirls); undamped, so
    every eigenvalue is on the imaginary axis."""
    name = "modal_whirl"
    if not go(name):
        return
    rows, _ = csv_rows(name, "stability.csv")
    worst, worst_re = 0.0, 0.0
    for r in rows:
        om = r[1]
        ims = [abs(x) for x in r[6::2]]
        lf, lb = whirl_frequencies(om)
        for want in (abs(lf - om), om - lb):
            worst = max(worst, min(abs(x - want) for x in ims) / OMEGA_1)
        worst_re = max(worst_re, max(abs(x) for x in r[5::2]) / OMEGA_1)
    row(CASE, name, "whirls in the turning frame: max error / omega_1", 0.0, worst, 1e-6, "max")
    row(CASE, name, "undamped: max |Re lambda| / omega_1", 0.0, worst_re, 1e-10, "max")
    # the plane of a planar whirl turns at (lf + lb)/2: at W = omega_1 / 2 (third
    # rate) the turning frame sees a = lf - W and b = W - lb, the two lowest
    r = rows[2]
    lf, lb = whirl_frequencies(r[1])
    ims = sorted({round(abs(x), 9) for x in r[6::2]})
    prec = r[1] + 0.5 * (ims[0] - ims[1])
    row(CASE, name, "precession (lf + lb)/2 at W = omega_1/2 [rad/s]", 0.5 * (lf + lb), prec, 1e-4 * 0.5 * (lf + lb),
        "abs")


def bands(rows, tol):
    """Rate intervals [Hz] where max Re lambda > tol (first and last unstable rate)."""
    out, start, prev = [], None, None
    for r in rows:
        f, unstable = r[2], r[3] > tol
        if unstable and start is None:
            start = f
        if not unstable and start is not None:
            out.append((start, prev))
            start = None
        prev = f
    if start is not None:
        out.append((start, prev))
    return out


def check_stability(quick):
    """Figs. 5.38, 5.42, 5.44: max Re lambda of eq. 5.167 over the rate."""
    names = ["stab_ex514"] if quick else ["stab_ex512", "stab_ex513", "stab_ex514", "stab_ex514_a1e-4"]
    theorem = 0
    for name in names:
        if not go(name):
            continue
        rows, _ = csv_rows(name, "stability.csv")
        fr = mode_freqs(name)
        tol = 1e-9 * rows[-1][1]
        bs = bands(rows, tol)
        step = rows[1][2] - rows[0][2]
        row(CASE, name, "unstable bands [Hz]", None, "; ".join("%.2f-%.2f" % b for b in bs) or "none")
        theorem += sum(1 for r in rows if r[4] < 0 and r[3] <= tol)
        if name == "stab_ex512":
            # unstable only between the split criticals (the 1-3 plane's below the
            # 2-3 plane's); the rest frequencies of modes.csv, +- 0.5 %: the spin
            # moves the criticals (the polar inertia's gyroscopic stiffening)
            pairs = [(fr[2 * k], fr[2 * k + 1]) for k in range(3)]
            outside = sum(1 for r in rows if r[3] > tol and not any(0.995 * a <= r[2] <= 1.005 * b for a, b in pairs))
            row(CASE, name, "unstable rates outside the inter-critical bands", 0, outside, 0, "max")
            row(CASE, name, "unstable rates with det K_s > 0 (not divergence)", 0,
                sum(1 for r in rows if r[3] > tol and r[4] > 0), 0, "max")
            row(CASE, name, "2nd inter-critical band found", True,
                any(0.995 * pairs[1][0] <= b0 and b1 <= 1.005 * pairs[1][1] for b0, b1 in bs), kind="bool")
            row(CASE, name, "splits of the criticals 1, 2, 3 [Hz] (sweep step %.2f)" % step, None,
                "; ".join("%.3f" % (b - a) for a, b in pairs))
            for k, ref in enumerate((24.0, 96.0, 215.9)):
                row(CASE, name, "bending critical %d, 2-3 plane [Hz]" % (k + 1), ref, fr[2 * k + 1], 0.05 * (k + 1),
                    "abs")
        elif name == "stab_ex513":
            first = next((b for b in bs if b[0] > fr[1]), None)
            row(CASE, name, "first supercritical instability from [Hz] (\"about 38\")", 38.0,
                first[0] if first else -1.0, 2.0, "abs")
            last = bs[-1] if bs else (0.0, 0.0)
            row(CASE, name, "unstable at every rate from [Hz] (3rd critical 43.1)", 43.1,
                last[0] if abs(last[1] - rows[-1][2]) < 1e-9 else -1.0, 0.1, "abs")
            row(CASE, name, "3rd bending critical [Hz]", 43.1, fr[2], 0.05, "abs")
        elif name == "stab_ex514":
            above = next((b for b in bs if b[0] > fr[1]), None)
            onset = above[0] if above else rows[-1][2]
            row(CASE, name, "not stabilizable above 16.5 Hz: |first unstable rate above critical 2 - 16.5| [Hz]", 16.5,
                abs(onset - 16.5), 1.0, "known")
            row(CASE, name, "first unstable rate above critical 2 [Hz]", None, onset)
            flutter = next((r[2] for r in rows if r[3] > tol and r[4] > 0 and r[2] > fr[1]), None)
            row(CASE, name, "internal damping's instability (det K_s > 0) from [Hz]", None, flutter)
            for k, ref in enumerate((10.0, 11.25)):
                row(CASE, name, "critical %d [Hz] (intact, derived)" % (k + 1), ref, fr[k], 0.05, "abs")
        elif name == "stab_ex514_a1e-4":
            flutter = next((r[2] for r in rows if r[3] > tol and r[4] > 0 and r[2] > fr[1]), None)
            row(CASE, name, "internal damping's instability with alpha2 = 1e-4 from [Hz]", 16.5, flutter)
    row(CASE, "stab_*", "det K_s < 0 at a stable rate (eq. 5.168)", 0, theorem, 0, "max")


def gravity_gaps(name):
    """Per rate [Hz]: g_stat, g_dyn (mid-delamination, along z, the opening
    direction in the turning frame) and max Re lambda."""
    rows, head = csv_rows(name, "gravity.csv")
    stab, _ = csv_rows(name, "stability.csv")
    ix = {k: i for i, k in enumerate(head)}
    out = []
    for r, sr in zip(rows, stab):
        gs = r[ix["top.sz"]] - r[ix["bottom.sz"]]
        gd = math.hypot(r[ix["top.uz_re"]] - r[ix["bottom.uz_re"]], r[ix["top.uz_im"]] - r[ix["bottom.uz_im"]])
        out.append((r[2], gs, gd, sr[3]))
    return out


def peaks(res, lo, hi):
    return [res[i][0] for i in range(1, len(res) - 1)
            if lo <= res[i][0] <= hi and res[i][2] > res[i - 1][2] and res[i][2] > res[i + 1][2]]


def check_gravity():
    """Figs. 5.40, 5.41, 5.46, 5.47: the gap's forced response to the turning
    gravity and Waltersberger's clattering criterion g_stat - g_dyn < 0."""
    if go("grav_ex512"):
        res = gravity_gaps("grav_ex512")
        fr = mode_freqs("grav_ex512")
        pk = peaks(res, 0.5, 230.0)
        row(CASE, "grav_ex512", "gap amplitude peaks [Hz]", None, "; ".join("%.1f" % p for p in pk))
        for ref in (18.0, 160.0):
            near = min(pk, key=lambda p: abs(p - ref)) if pk else 0.0
            row(CASE, "grav_ex512", "gravity resonance near %g Hz: |peak - %g| [Hz]" % (ref, ref), ref, abs(near - ref),
                0.1 * ref, "known")
        row(CASE, "grav_ex512", "half of the criticals 1, 3 [Hz]", None, "%.2f; %.2f" % (fr[0] / 2, fr[4] / 2))
        # the clattering boundary against the analytic zero margin (Euler-Bernoulli sections: no shear term)
        model = RotatingDelaminated(L, A_H, A_H, L1, L2, H_TOP, E, RHO)
        g_grav, _ = gravity_gap(model, G_ACC, L2 / 2)
        lo, hi = 1.0, 19.0
        for _ in range(60):
            m = 0.5 * (lo + hi)
            lo, hi = (m, hi) if model.gap(2 * math.pi * m, L2 / 2) < g_grav else (lo, m)
        neg = [r[0] for r in res if r[0] > 0 and r[1] - r[2] < 0 and r[3] < 0]
        step = res[1][0] - res[0][0]
        row(CASE, "grav_ex512", "highest stable rate with g_stat - g_dyn < 0 [Hz] (analytic zero margin)",
            0.5 * (lo + hi), max(neg) if neg else 0.0, step, "abs")
        row(CASE, "grav_ex512", "g_dyn / g_grav at 1 Hz", 1.0, res[2][2] / g_grav, 0.02, "abs")
    if go("grav_ex514"):
        res = gravity_gaps("grav_ex514")
        fr = mode_freqs("grav_ex514")
        pk = peaks(res, 0.5, 20.0)
        row(CASE, "grav_ex514", "gap amplitude peaks [Hz]", None, "; ".join("%.2f" % p for p in pk))
        first = pk[0] if pk else 0.0
        row(CASE, "grav_ex514", "first gravity resonance [Hz] (\"about 5.4\")", 5.4, first, 0.3, "abs")
        row(CASE, "grav_ex514", "(criticals 1 + 2) / 4 [Hz]", None, (fr[0] + fr[1]) / 4)
        second = [p for p in pk if p > fr[1]]
        row(CASE, "grav_ex514", "second resonance near 13.5 Hz: |peaks above the criticals - 1|", 0, abs(len(second) - 1),
            0.5, "known")
        neg = [r[0] for r in res if r[1] - r[2] < 0 and r[3] < 0 and r[0] > 0]
        row(CASE, "grav_ex514", "stable rates with g_stat - g_dyn < 0 [Hz]", None,
            "%.2f-%.2f" % (min(neg), max(neg)) if neg else "none")
        row(CASE, "grav_ex514", "g_stat - g_dyn >= 0 above the first resonance", True,
            bool(neg) and min(neg) < first < max(neg) < fr[0], kind="bool")


def last_revolution(h):
    """Ex. 5.14's gap at mid-delamination over the last revolution at 5.5 Hz:
    the centre lines' distance minus its value at rest, (a - h)/2 + h/2 = a/2,
    a = 0.045."""
    t_end = h[-1]["time"]
    g = [(r["time"], math.sqrt(sum((r["top." + c] - r["bottom." + c]) ** 2 for c in "xyz")) - 0.0225) for r in h[1:]]
    return [v for t, v in g if t >= t_end - 1.0 / 5.5 - 1e-9]


def check_clatter():
    """Ex. 5.14 at 5.5 Hz with contact (Figs. 5.48-5.49): the steady gap
    opening at mid-delamination over the last revolution, 6, 15, 16 modes.
    Returns the last revolutions' gaps by modes."""
    last = {}
    for m in (6, 15, 16):
        name = "clatter_ex514_m%d" % m
        h = go(name)
        if not h:
            continue
        w = last_revolution(h)
        last[m] = w
        row(CASE, name, "max gap, last revolution [um]", None, 1e6 * max(w))
        row(CASE, name, "gap closes in the last revolution: min / max gap", 0.0, min(w) / max(w), 1e-2, "max")
        row(CASE, name, "penetration: min gap / max gap", 0.0, min(w) / max(w), -1e-2, "min")
    if 15 in last and 16 in last:
        row(CASE, "clatter_ex514_m16", "15 vs 16 modes: max |difference| / max gap", 0.0,
            max(abs(x - y) for x, y in zip(last[15], last[16])) / max(last[16]), 1e-3, "max")
    if 6 in last and 16 in last:
        row(CASE, "clatter_ex514_m16", "6 vs 16 modes: max gap ratio", None, max(last[6]) / max(last[16]))
    return last


# Ex. 5.15's regularization (make_decks.py, README section 5): STIFFNESS c, EXPONENT 1, and
# the 16-mode model's gap stiffness k (measured, README)
REG_C, GAP_K16 = 1e13, 2.25e11


def cpu_seconds(deck, out):
    """User + system CPU seconds of one nsbeam run (the finished child's accounting)."""
    r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
    p = subprocess.run([NSBEAM, "run", deck, "-o", out, "--quiet"], capture_output=True)
    r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    if p.returncode != 0:
        return None
    return (r1.ru_utime - r0.ru_utime) + (r1.ru_stime - r0.ru_stime)


def check_ex515(last):
    """Ex. 5.15 (Figs. 5.51, 5.52): the contact regularized by a stiff linear
    spring (LAW=HERTZ) against the nonsmooth contact: the gap over the last
    revolution, and CPU time nonsmooth / regularized for 6, 10, 16 modes
    (median of 5 paired runs)."""
    lit = go("reg_ex515_literal_m16")
    reg = go("reg_ex515_m16")
    if lit:
        w = last_revolution(lit)
        # Waltersberger's c = 1e3 on our gap: the contact does not act
        row(CASE, "reg_ex515_literal_m16", "c = 1e3: -min gap / max gap (1: no contact)", None, -min(w) / max(w))
    if reg and lit:
        w, free = last_revolution(reg), last_revolution(lit)
        row(CASE, "reg_ex515_m16", "admitted penetration / overlap without contact", GAP_K16 / (GAP_K16 + REG_C),
            min(w) / min(free), 0.1 * GAP_K16 / (GAP_K16 + REG_C), "abs")
    if reg and 16 in last:
        w, ns = last_revolution(reg), last[16]
        row(CASE, "reg_ex515_m16", "gap vs nonsmooth: max |difference| / max gap, last revolution", 0.0,
            max(abs(x - y) for x, y in zip(w, ns)) / max(ns), 0.03, "max")
    ratios = {}
    for m in (6, 10, 16):
        a, b = (os.path.join(HERE, CASE, n + ".inp") for n in ("clatter_ex514_m%d" % m, "reg_ex515_m%d" % m))
        out = os.path.join(OUT, CASE, "cpu")
        pairs = []
        for _ in range(5):
            ta, tb = cpu_seconds(a, out + "_a"), cpu_seconds(b, out + "_b")
            if ta is None or tb is None or not tb > 0.0:
                break
            pairs.append(ta / tb)
        row(CASE, "reg_ex515_m%d" % m, "CPU runs completed (5 pairs)", True, len(pairs) == 5, kind="bool")
        if len(pairs) == 5:
            ratios[m] = statistics.median(pairs)
            row(CASE, "reg_ex515_m%d" % m, "CPU nonsmooth / regularized (median of 5 pairs)", 0.5, ratios[m])
    if len(ratios) == 3:
        row(CASE, "reg_ex515", "nonsmooth faster than regularized at 6, 10, 16 modes", True,
            all(r < 1.0 for r in ratios.values()), kind="bool")
        row(CASE, "reg_ex515", "CPU ratio about one half (Waltersberger: ~0.5), largest of 6, 10, 16 modes", 0.5,
            max(ratios.values()), 0.6, "known")


def restrained_sag(L, a, b, e_mod, nu, rho, g):
    """Mid-span sag of a pinned beam whose bearings hold it axially, under its
    weight q = rho A g: EI w'''' - N w'' = q with the tension of the stretched
    axis N = EA/(2L) int w'^2 (solved by fixed-point iteration), plus the
    shear deflection q L^2 / (8 kappa G A) (kappa = 5/6).  Returns (sag, N)."""
    A, I = a * b, b * a ** 3 / 12
    EI, EA, q = e_mod * I, e_mod * A, rho * A * g

    def w(x, N):
        k = math.sqrt(N / EI)
        return q / (N * k * k) * (1 - math.cosh(k * (x - L / 2)) / math.cosh(k * L / 2)) - q * x * (L - x) / (2 * N)

    def dw(x, N):
        k = math.sqrt(N / EI)
        return -q / (N * k) * math.sinh(k * (x - L / 2)) / math.cosh(k * L / 2) - q * (L - 2 * x) / (2 * N)

    N, n = 100.0, 4000
    for _ in range(200):
        N_new = EA / (2 * L) * sum(dw((i + 0.5) * L / n, N) ** 2 for i in range(n)) * L / n
        if abs(N_new - N) <= 1e-13 * N:
            break
        N = 0.5 * (N + N_new)
    return -w(L / 2, N) + q * L * L / (8 * KAPPA * e_mod / (2 * (1 + nu)) * A), N


def check_full_ex514_sag():
    """Ex. 5.14's rotor in the full model at rest (Fig. 5.45): the static sag
    at mid-delamination against the axially restrained Euler-Bernoulli beam
    with shear, and two meshes."""
    sag = {}
    for name in ("full_ex514_sag", "full_ex514_sag_dx0.1"):
        h = go(name)
        if h:
            sag[name] = 0.0045 - h[-1]["top.z"]   # the upper sublaminate's mid node starts at z = (a - h)/2
    if "full_ex514_sag" in sag:
        ref, N = restrained_sag(3.0, 0.045, 0.04, 69e9, 0.33, 2800.0, G_ACC)
        w = sag["full_ex514_sag"]
        row(CASE, "full_ex514_sag", "static sag at mid-span / L (Fig. 5.45: per mille)", None, w / 3.0)
        row(CASE, "full_ex514_sag", "static sag [mm] vs restrained Euler-Bernoulli + shear", 1e3 * ref, 1e3 * w,
            1e-3 * 1e3 * ref, "abs")
    if len(sag) == 2:
        row(CASE, "full_ex514_sag_dx0.1", "sag, elements 0.1 vs 0.05 on the intact parts: relative difference", 0.0,
            abs(sag["full_ex514_sag_dx0.1"] / sag["full_ex514_sag"] - 1), 1e-6, "max")


def check(quick):
    """Rotating delaminated shaft (Waltersberger 2007, Ex. 5.11-5.15): the
    intact shaft's critical speed and whirl, the centrifugal gap opening
    against the four-segment model in the turning frame, gravity, the
    co-rotating reduced model, Ex. 5.14's rotor at rest in the full model, and
    (full run only) clattering and Ex. 5.15's regularized contact."""
    check_intact(quick)
    check_delaminated(quick)
    check_modal_gap(quick)
    check_modal_whirl()
    check_stability(quick)
    check_full_ex514_sag()
    if not quick:
        check_gravity()
        check_ex515(check_clatter())
