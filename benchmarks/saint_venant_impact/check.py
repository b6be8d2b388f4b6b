"""Checks of benchmarks/saint_venant_impact (reference and tolerances: README.md here)."""
import csv
import math
import os

from validate_lib import row, run, HERE, OUT

# the data of benchmarks/peers/problems.py (SI): steel bar L = 1, c = 5000 m/s,
# rhoA = 0.8, striking mass = the bar's, v0 = 1
L, RHOA, C, V0 = 1.0, 0.8, 5000.0, 1.0
M = RHOA * L                 # striking mass
Z = RHOA * C                 # impedance of the bar
T = 2.0 * L / C              # wave period
T_END = 4.0 * L / C          # end of the runs
REF_T_CONTACT = 3.0677       # contact end [L/c] (closed form, README)
REF_V_END = -0.68761894      # the mass's velocity when it leaves [v0]


# ---- closed form: F = Z v + 2 P_in, P_in(t) = P_out(t - T) (README) ------------
def _pval(t, a):
    r = 0.0
    for c in reversed(a):
        r = r * t + c
    return r


def _padd(a, b):
    n = max(len(a), len(b))
    return [(a[i] if i < len(a) else 0.0) + (b[i] if i < len(b) else 0.0) for i in range(n)]


def _pscale(s, a):
    return [s * x for x in a]


def _pmul(a, b):
    r = [0.0] * (len(a) + len(b) - 1)
    for i, x in enumerate(a):
        for j, y in enumerate(b):
            r[i + j] += x * y
    return r


def _pshift(c, s):
    """Coefficients of x -> c(x + s)."""
    out, pw = [0.0], [1.0]
    for ck in c:
        out, pw = _padd(out, _pscale(ck, pw)), _pmul(pw, [s, 1.0])
    return out


def _pieces(n=3):
    """On [kT, (k+1)T): v = exp(-a t) p_k(t), F = exp(-a t) f_k(t), a = Z/M, with
    p_k' = -(2/M) exp(aT) q_{k-1}(t - T), q_k = Z p_k + exp(aT) q_{k-1}(t - T),
    p_0 = v0, q_{-1} = 0; f_k = Z p_k + 2 exp(aT) q_{k-1}(t - T)."""
    a = Z / M
    ea = math.exp(a * T)
    p, q_prev, out = [V0], [0.0], []
    for k in range(n):
        t0 = k * T
        if k > 0:
            sh = _pshift(q_prev, -T)
            dp = _pscale(-(2.0 / M) * ea, sh)
            ip = [0.0] + [c / (i + 1) for i, c in enumerate(dp)]
            p = _padd([_pval(t0, p) - _pval(t0, ip)], ip)
            pin = _pscale(ea, sh)
        else:
            pin = [0.0]
        out.append((t0, t0 + T, _padd(_pscale(Z, p), _pscale(2.0, pin)), p))
        q_prev = _padd(_pscale(Z, p), pin)
    return out, a


_PIECES, _ALPHA = _pieces()


def force(t):
    """Contact force of the continuum at t (negative after the contact end: no contact)."""
    for t0, t1, fk, _ in _PIECES:
        if t0 <= t < t1:
            return math.exp(-_ALPHA * t) * _pval(t, fk)
    raise ValueError(t)


def velocity(t):
    """The mass's velocity while in contact."""
    for t0, t1, _, pk in _PIECES:
        if t0 <= t < t1:
            return math.exp(-_ALPHA * t) * _pval(t, pk)
    raise ValueError(t)


JUMP = 2.0 * Z * V0  # the force's jump at t = T: 2 P_in(T) = 2 P_out(0) = 2 Z v0


def contact_end():
    """First zero of the force (bisection on the piece where it changes sign)."""
    lo, hi = T, 2.0 * T - 1e-12
    for _ in range(200):
        mid = 0.5 * (lo + hi)
        lo, hi = (mid, hi) if force(mid) > 0.0 else (lo, mid)
    return 0.5 * (lo + hi)


# ---- the discrete contact history -------------------------------------------------
def history(outdir, h):
    """Impulse of every increment (0 when the contact is open or not active)."""
    n = int(round(T_END / h))
    imp = [0.0] * (n + 1)
    with open(os.path.join(outdir, "contacts.csv")) as fh:
        for r in csv.DictReader(fh):
            k = int(round(float(r["time"]) / h))
            if 0 < k <= n:
                imp[k] += float(r["normal_impulse"])
    return imp


def episodes(imp):
    """Runs of consecutive increments with an impulse: [(first, last), ...]."""
    out, cur = [], None
    for k in range(1, len(imp)):
        if imp[k] > 0.0 and cur is None:
            cur = k
        if not imp[k] > 0.0 and cur is not None:
            out.append((cur, k - 1))
            cur = None
    if cur is not None:
        out.append((cur, len(imp) - 1))
    return out


def check(quick):
    case = "saint_venant_impact"
    d = os.path.join(HERE, case)
    tc = contact_end()
    row(case, "closed form", "contact end [L/c]", REF_T_CONTACT, tc * C / L, 5e-5, "abs")
    row(case, "closed form", "velocity of the mass then [v0]", REF_V_END, velocity(tc) / V0, 1e-7, "abs")
    runs = [(100, "std_rho1"), (100, "mr_rho1")]
    if not quick:
        runs = [(n, v) for n in (100, 400) for v in ("std_rho1", "std_default", "mr_rho1", "mr_default")]
    for n, v in runs:
        name = f"sv_n{n}_{v}"
        out = os.path.join(OUT, case, name)
        ok, hist, wall, err = run(os.path.join(d, name + ".inp"), out)
        var = f"n={n} {v}"
        row(case, var, "run completes", True, ok, kind="bool")
        if not ok:
            continue
        h = T_END / (len(hist) - 1)
        imp = history(out, h)
        ep = episodes(imp)
        t_last = ep[-1][1] * h if ep else 0.0
        # separations: the contact opens and closes again; "mid" ones happen
        # while the closed-form force is above 10 % of its initial value Z v0
        sep = [(a, b) for (_, a), (b, _) in zip(ep[:-1], ep[1:])]
        mid = [s for s in sep if force(s[0] * h) > 0.1 * Z * V0]
        row(case, var, "separations (opened, closed again)", 0, len(sep), 0, "known")
        row(case, var, "of which at F > 0.1 Z v0", 0, len(mid), 0, "known")
        row(case, var, "contact end [L/c]", REF_T_CONTACT, t_last * C / L, 0.05 * REF_T_CONTACT, "abs")
        v_end = hist[-1]["striker.vx"]
        row(case, var, "velocity of the mass [v0]", REF_V_END, v_end / V0, 0.01, "abs")
        # the force history in integrated form: the impulse passed to the mass
        # up to t, sum of the increments' impulses, against M (v0 - v(t)).  Its
        # largest error sits at the reflected front (t = T), where the force
        # jumps by dF = 8000 N: measured in increments of that jump, dF h
        acc, worst = 0.0, 0.0
        for k in range(1, int(tc / h)):
            acc += imp[k]
            worst = max(worst, abs(acc - M * (V0 - velocity(k * h))))
        row(case, var, "max |impulse - closed form| / M v0", None, worst / (M * V0))
        row(case, var, "the same in increments of dF h", 0.0, worst / (JUMP * h), 3.0, "max")
        # the force itself, averaged over windows of T/10 (the mesh's
        # oscillation of the end force is shorter), away from the reflected
        # front at t = T and from the contact end
        w = max(1, int(round(T / 10 / h)))
        werr = 0.0
        for k0 in range(1, int(0.95 * tc / h) - w, w):
            if k0 * h <= T + 2 * w * h and (k0 + w) * h >= T - w * h:
                continue
            fd = sum(imp[k] for k in range(k0, k0 + w)) / (w * h)
            fc = sum(force((k - 0.5) * h) for k in range(k0, k0 + w)) / w
            werr = max(werr, abs(fd - fc))
        row(case, var, "max |window force - closed form| / Z v0", 0.0, werr / (Z * V0), 0.05, "max")
        E0 = hist[0]["total_energy"]
        de = max(abs(r["total_energy"] / E0 - 1.0) for r in hist)
        if v == "mr_rho1":
            # the massless node's impulses do no work (docs/contact.md §7.2)
            row(case, var, "max |E/E0 - 1|", 0.0, de, 1e-8, "max")
        else:
            row(case, var, "max |E/E0 - 1|", None, de)
        row(case, var, "E(end)/E0", None, hist[-1]["total_energy"] / E0)
        row(case, var, "wall time [s]", None, wall)
