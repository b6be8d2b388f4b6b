"""Checks of benchmarks/impact_gravity (reference and tolerances: README.md here)."""
import math
import os

from validate_lib import row, run, HERE, OUT

G, E, GAP0, R, MASS, H, RHO = 9.81, 0.5, 1.0, 0.1, 1.0, 1e-3, 0.9
T_BALL, T_CUBE = 1.34, 0.6
T_COUNT = 1.33  # the impacts compared with the closed form: those before it (six)


def offset_weight(newmark=False):
    """beta/gamma - 1/2 of the default scheme (generalized-alpha form, RHOINF=0.9), or of
    SCHEME=NEWMARK, BETA=0.3025, GAMMA=0.6."""
    if newmark:
        return 0.3025 / 0.6 - 0.5
    am, af = (2 * RHO - 1) / (RHO + 1), RHO / (RHO + 1)
    gam, beta = 0.5 - am + af, 0.25 * (1 - am + af) ** 2
    return beta / gam - 0.5


def closed_form():
    """Impact times t_k, impact speeds v_k (before t_end) and the energies E_k
    after impact k (m g r + m (e^k v1)^2 / 2, the floor's level as reference)."""
    t1 = math.sqrt(2.0 * GAP0 / G)
    v1 = G * t1
    t, v = [t1], [v1]
    while True:
        k = len(t)
        tn = t[-1] + 2.0 * E ** k * v1 / G
        if tn > T_COUNT:
            break
        t.append(tn)
        v.append(E ** k * v1)
    Ek = [MASS * G * R + 0.5 * MASS * (E * vk) ** 2 for vk in v]
    return t, v, Ek


def qmul(a, b):
    w1, x1, y1, z1 = a
    w2, x2, y2, z2 = b
    return (w1 * w2 - x1 * x2 - y1 * y2 - z1 * z2, w1 * x2 + x1 * w2 + y1 * z2 - z1 * y2,
            w1 * y2 - x1 * z2 + y1 * w2 + z1 * x2, w1 * z2 + x1 * y2 - y1 * x2 + z1 * w2)


def qlog(q):
    """Rotation vector of a unit quaternion (w, x, y, z)."""
    w, x, y, z = q
    if w < 0.0:
        w, x, y, z = -w, -x, -y, -z
    s = math.sqrt(x * x + y * y + z * z)
    if s == 0.0:
        return (0.0, 0.0, 0.0)
    a = 2.0 * math.atan2(s, w) / s
    return (a * x, a * y, a * z)


def norm(v):
    return math.sqrt(sum(c * c for c in v))


def impact_rows(hist, p, g, t_end):
    """Indices of the impact increments (the velocity change differs from g h
    by more than 0.1 g h) up to t_end."""
    out = []
    for i in range(1, len(hist)):
        if hist[i]["time"] > t_end + 0.5 * H:
            break
        dv = [hist[i][p + ".v" + c] - hist[i - 1][p + ".v" + c] for c in "xyz"]
        dv[2] += g * H
        if norm(dv) > 0.1 * g * H:
            out.append(i)
    return out


def split_weight():
    """2 beta/gamma - 1 of the default scheme: the part of an impulse's velocity jump that the
    law on the step average left out of the velocity (README, beam decks)."""
    return 2.0 * (offset_weight() + 0.5) - 1.0


def beam_rows(case, d, quick):
    """The rod dropped flat (make_beam_decks.py): its first row with dissipation is the impact
    increment; node 1 (probe a) is a contact node in every deck."""
    c = split_weight()
    for slaves, e in (("ends", 0.5), ("ends", 0.0), ("end", 0.5), ("all", 0.5)):
        for u in ("m", "mm"):
            name = "beam_%s_e%g_%s" % (slaves, e, u)
            out = os.path.join(OUT, case, name)
            ok, hist, wall, err = run(os.path.join(d, name + ".inp"), out)
            where = {"ends": "its two ends", "end": "its first node", "all": "all nodes"}[slaves]
            var = "rod, contact at %s, e = %g, %s" % (where, e, u)
            row(case, var, "run completes", True, ok, kind="bool")
            if not ok:
                continue
            e0 = hist[0]["total_energy"]
            bal = [r["total_energy"] + r["dissipated"] - r["external_work"] for r in hist]
            dd = [hist[i]["dissipated"] - hist[i - 1]["dissipated"] for i in range(1, len(hist))]
            imp = next((i for i in range(1, len(hist)) if dd[i - 1] > 0.0), None)
            row(case, var, "an impact increment", True, imp is not None, kind="bool")
            if imp is None:
                continue
            vm, vp = hist[imp - 1]["a.vz"], hist[imp]["a.vz"]
            row(case, var, "node 1: |v+ + e v-| / |v-| in the impact increment", 0.0, abs(vp + e * vm) / abs(vm), 1e-4,
                "max")
            row(case, var, "impact increment: |change of E + D - W| / ((2 b/g - 1) D)", 0.0,
                abs(bal[imp] - bal[imp - 1]) / (c * dd[imp - 1]), 0.25, "max")
            row(case, var, "least D of an increment [E0]", 0.0, min(dd) / e0, 0.0, "min")
            row(case, var, "largest gain of E + D - W over E0 [E0]", 0.0, max(b - e0 for b in bal) / e0, 1e-12, "max")
            row(case, var, "E + D - W at 0.3 ms - E0 [E0] (the scheme's damping of the vibration)", None,
                (bal[-1] - e0) / e0)
            row(case, var, "wall time [s]", None, wall)


# round-off of E + D: 1e-12 E0; Newmark's velocities are differences of positions, and its
# free fall alone moves E + D by up to 1.5e-11 E0 in mm-tonne-s over 1.34 s (README)
GAIN_TOL = {False: 1e-12, True: 1e-10}


def gain(hist):
    """Largest E + D - E0 over the run, in units of E0 (no external work here: gravity is potential)."""
    e0 = hist[0]["total_energy"]
    return max(r["total_energy"] + r["dissipated"] - e0 for r in hist) / e0


def trapezoid(hist, imp, p, rot, newmark=False):
    """Largest |increment - h (rate_n + rate_n+1)/2| over the impact increments,
    in units of the former offset (beta/gamma - 1/2) h |jump|: translation,
    and with rot the rotation (R_n^T R_n+1 = exp(Theta), body-frame rates)."""
    c = offset_weight(newmark) * H
    wx = wr = 0.0
    for i in imp:
        a, b = hist[i - 1], hist[i]
        va = [a[p + ".v" + k] for k in "xyz"]
        vb = [b[p + ".v" + k] for k in "xyz"]
        dx = [b[p + "." + k] - a[p + "." + k] for k in "xyz"]
        tr = [0.5 * H * (va[k] + vb[k]) for k in range(3)]
        wx = max(wx, norm([dx[k] - tr[k] for k in range(3)]) / (c * norm([vb[k] - va[k] for k in range(3)])))
        if rot:
            qa = [a[p + ".q" + k] for k in "wxyz"]
            qb = [b[p + ".q" + k] for k in "wxyz"]
            th = qlog(qmul((qa[0], -qa[1], -qa[2], -qa[3]), qb))
            wa = [a[p + ".wb" + k] for k in "xyz"]
            wb = [b[p + ".wb" + k] for k in "xyz"]
            trw = [0.5 * H * (wa[k] + wb[k]) for k in range(3)]
            wr = max(wr, norm([th[k] - trw[k] for k in range(3)]) / (c * norm([wb[k] - wa[k] for k in range(3)])))
    return wx, wr


def check(quick):
    case = "impact_gravity"
    d = os.path.join(HERE, case)
    tk, vk, Ek = closed_form()
    for v in ("particle", "prox", "sequential", "rigid", "newmark"):
        for u in ("m", "mm"):
            L = 1.0 if u == "m" else 1000.0
            name = "ball_%s_%s" % (v, u)
            out = os.path.join(OUT, case, name)
            ok, hist, wall, err = run(os.path.join(d, name + ".inp"), out)
            var = "ball %s, %s" % (v, u)
            row(case, var, "run completes", True, ok, kind="bool")
            if not ok:
                continue
            imp = impact_rows(hist, "ball", G * L, T_BALL)
            nm = v == "newmark"
            row(case, var, "largest gain of E + D over E0 [E0]", 0.0, gain(hist), GAIN_TOL[nm], "max")
            if u == "mm":
                continue
            n = sum(1 for i in imp if hist[i]["time"] <= T_COUNT)
            row(case, var, "impacts before %.2f s (closed form)" % T_COUNT, len(tk), n, 0, "abs")
            n = min(n, len(tk))
            if n == 0:
                continue
            law = max(abs(hist[i]["ball.vz"] + E * hist[i - 1]["ball.vz"]) / abs(hist[i - 1]["ball.vz"]) for i in imp)
            row(case, var, "max |v+ + e v-| / |v-| (Newton's law, velocities untouched)", 0.0, law, 1e-12, "max")
            # the grid (INFO): an impact ends the increment whose midpoint test closes the contact,
            # up to an increment before or after the touch, and the rebound speeds and energies
            # carry those offsets from impact to impact
            dt = max(abs(hist[imp[k]]["time"] - tk[k]) for k in range(n)) / H
            row(case, var, "max |t_k - closed form| / h (the grid)", None, dt)
            reb = max(abs(hist[imp[k]]["ball.vz"] - E * vk[k]) for k in range(n)) / (G * H)
            row(case, var, "max |v+_k - e^k v1| / (g h) (the grid)", None, reb)
            en = max(abs(hist[imp[k]]["total_energy"] - Ek[k]) / (MASS * G * H * vk[k]) for k in range(n))
            row(case, var, "max |E after impact k - E_k| / (m g h v_k) (the grid)", None, en)
            wx, _ = trapezoid(hist, imp, "ball", False, nm)
            row(case, var, "impact increments: |dx - h (v- + v+)/2| / ((b/g - 1/2) h |dv|)", 0.0, wx, 1e-6, "max")
            row(case, var, "wall time [s]", None, wall)
    for nm, u in ((False, "m"), (False, "mm"), (True, "m"), (True, "mm")):
        L = 1.0 if u == "m" else 1000.0
        name = ("cube_newmark_" if nm else "cube_") + u
        out = os.path.join(OUT, case, name)
        ok, hist, wall, err = run(os.path.join(d, name + ".inp"), out)
        var = "cube on its corners%s, %s" % (" newmark" if nm else "", u)
        row(case, var, "run completes", True, ok, kind="bool")
        if not ok:
            continue
        imp = impact_rows(hist, "cube", G * L, T_CUBE)
        row(case, var, "impact increments before %.1f s" % T_CUBE, None, len(imp))
        row(case, var, "largest gain of E + D over E0 [E0]", 0.0, gain(hist), GAIN_TOL[nm], "max")
        wx, wr = trapezoid(hist, imp, "cube", True, nm)
        row(case, var, "impact increments: |dx - h (v- + v+)/2| / ((b/g - 1/2) h |dv|)", 0.0, wx, 1e-6, "max")
        row(case, var, "impact increments: |Theta - h (w- + w+)/2| / ((b/g - 1/2) h |dw|)", 0.0, wr, 1e-6, "max")
        row(case, var, "wall time [s]", None, wall)
    beam_rows(case, d, quick)
