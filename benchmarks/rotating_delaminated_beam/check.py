"""Checks of benchmarks/rotating_delaminated_beam (references and tolerances: README.md here)."""
import cmath
import math
import os
import sys

from validate_lib import row, run, HERE, OUT

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


def check(quick):
    """Rotating delaminated shaft (Waltersberger 2007, Ex. 5.11, 5.12): the
    intact shaft's critical speed and whirl, the centrifugal gap opening
    against the four-segment model in the turning frame, gravity."""
    check_intact(quick)
    check_delaminated(quick)
