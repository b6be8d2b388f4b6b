"""Checks of benchmarks/arc_length (reference and tolerances: README.md here)."""
import math
import os

from validate_lib import row, run, order, HERE, OUT

CASE = "arc_length"

# ---- the von Mises truss (analytic, README "Truss") --------------------------------
K, A, H, PREF, KS = 1000.0, 1.0, 0.5, 50.0, 100.0
L0 = math.hypot(A, H)


def truss_P(w):
    """Apex load (downward) for the apex deflection w."""
    u = H - w
    return 2.0 * K * u * (L0 / math.hypot(A, u) - 1.0)


def truss_limit():
    """Upper limit point: (a^2 + u^2)^{3/2} = L0 a^2; returns (w*, LPF*)."""
    u = math.sqrt((L0 * A * A) ** (2.0 / 3.0) - A * A)
    return H - u, truss_P(H - u) / PREF


def snapback_turns():
    """Turning points of v = w + P(w)/ks: dP/dw = -ks, i.e.
    (a^2 + u^2)^{3/2} = L0 a^2 / (1 + ks / (2k)), u = +-u_t; returns [(w, v), ...]."""
    u = math.sqrt((L0 * A * A / (1.0 + KS / (2.0 * K))) ** (2.0 / 3.0) - A * A)
    return [(H - s * u, H - s * u + truss_P(H - s * u) / KS) for s in (1.0, -1.0)]


# ---- the deep arch (benchmarks/arc_length/elastica.py, RK4 with 4000 steps) -------------
ARCH_P = 897.2891338451      # EA = GA = 1e8 (the decks): limit load
ARCH_V = 113.73074780        # crown deflection (down) at the limit
ARCH_U = -61.14171440        # crown horizontal displacement at the limit
ELASTICA_P = 897.3089969730  # EA = GA = infinity (DaDeppo & Schmidt's elastica)
DADEPPO = 8.97               # DaDeppo & Schmidt (1975): P_cr R^2 / EI
R, EI = 100.0, 1.0e6


def vertex(s, y, j):
    """Abscissa and value of the extremum of the parabola through the samples
    j - 1, j, j + 1 of y(s)."""
    x0, x1, x2, y0, y1, y2 = s[j - 1], s[j], s[j + 1], y[j - 1], y[j], y[j + 1]
    d01, d12 = (y1 - y0) / (x1 - x0), (y2 - y1) / (x2 - x1)
    c2 = (d12 - d01) / (x2 - x0)
    xs = 0.5 * (x0 + x1) - 0.5 * d01 / c2
    return xs, y1 + d01 * (xs - x1) + c2 * (xs - x0) * (xs - x1)


def at(s, y, j, xs):
    """The parabola through the samples j - 1, j, j + 1 of y(s) at xs."""
    x0, x1, x2, y0, y1, y2 = s[j - 1], s[j], s[j + 1], y[j - 1], y[j], y[j + 1]
    d01, d12 = (y1 - y0) / (x1 - x0), (y2 - y1) / (x2 - x1)
    c2 = (d12 - d01) / (x2 - x0)
    return y1 + d01 * (xs - x1) + c2 * (xs - x0) * (xs - x1)


def first_max(y):
    """Index of the first local maximum of a sampled path."""
    j = 0
    while j + 1 < len(y) and y[j + 1] >= y[j]:
        j += 1
    return j


def check_truss(name):
    ok, hist, wall, err = run(os.path.join(HERE, CASE, name + ".inp"), os.path.join(OUT, CASE, name))
    row(CASE, name, "completes (w crosses 1.2)", True, ok and bool(hist) and -hist[-1]["apex.uy"] >= 1.2, kind="bool")
    row(CASE, name, "wall time [s]", None, wall)
    if not ok or len(hist) < 5:
        return
    s = [r["time"] for r in hist]
    lam = [r["load_factor"] for r in hist]
    w = [-r["apex.uy"] for r in hist]
    # every converged point on the analytic path (Newton: |f| <= 1e-8)
    e = max(abs(truss_P(wi) - li * PREF) for wi, li in zip(w, lam))
    row(CASE, name, "max |P(w) - LPF P_ref| on the path", 0.0, e, 1e-7, "max")
    row(CASE, name, "w grows along the whole path", True, all(b > a for a, b in zip(w, w[1:])), kind="bool")
    if name == "truss_snapback":
        check_snapback(name, s, lam, w, [-r["load.uy"] for r in hist])
        return
    ws, ls = truss_limit()
    j = first_max(lam)
    xs, lmax = vertex(s, lam, j)
    row(CASE, name, "limit LPF (rel. error)", ls, lmax, 1e-6 * ls, "abs")
    row(CASE, name, "w at the limit (rel. error)", ws, at(s, w, j, xs), 1e-4 * ws, "abs")
    row(CASE, name, "LPF falls past the limit", True, j + 1 < len(lam) and lam[j + 1] < lam[j], kind="bool")
    jm = min(range(len(lam)), key=lambda i: lam[i])
    if 0 < jm < len(lam) - 1:
        lmin = vertex(s, lam, jm)[1]
        row(CASE, name, "lower limit LPF (rel. error)", -ls, lmin, 1e-6 * ls, "abs")


def check_snapback(name, s, lam, w, v):
    """The loaded node's deflection v: on its analytic relation, and its
    turning points (the snap-back) where the analysis puts them."""
    e2 = max(abs(vi - wi - li * PREF / KS) for vi, wi, li in zip(v, w, lam))
    row(CASE, name, "max |v - w - LPF P_ref/ks| on the path", 0.0, e2, 1e-9, "max")
    turns = snapback_turns()
    jv = first_max(v)
    jn = next((i for i in range(jv + 1, len(v) - 1) if v[i + 1] > v[i]), None)
    row(CASE, name, "v turns back while w grows", True, jv + 1 < len(v) and v[jv + 1] < v[jv], kind="bool")
    for idx, k, what in ((jv, 0, "upper"), (jn, 1, "lower")):
        if idx is None or idx == 0:
            row(CASE, name, what + " turning point found", True, False, kind="bool")
            continue
        fn = (lambda y: vertex(s, y, idx)) if k == 0 else (lambda y: vertex(s, [-x for x in y], idx))
        xv, vv = fn(v)
        vv = vv if k == 0 else -vv
        row(CASE, name, what + " turning point v (rel. error)", turns[k][1], vv, 1e-4 * abs(turns[k][1]), "abs")
        row(CASE, name, what + " turning point w (rel. error)", turns[k][0], at(s, w, idx, xv),
            1e-3 * abs(turns[k][0]), "abs")


def arch_peak(name):
    ok, hist, wall, err = run(os.path.join(HERE, CASE, name + ".inp"), os.path.join(OUT, CASE, name))
    row(CASE, name, "completes (crown past 125 down)", True, ok and bool(hist) and -hist[-1]["crown.uy"] >= 125.0,
        kind="bool")
    row(CASE, name, "wall time [s]", None, wall)
    if not ok or len(hist) < 5:
        return None
    s = [r["time"] for r in hist]
    lam = [r["load_factor"] for r in hist]
    v = [-r["crown.uy"] for r in hist]
    u = [r["crown.ux"] for r in hist]
    j = first_max(lam)
    xs, lmax = vertex(s, lam, j)
    passed = j + 1 < len(lam) and min(lam[j:]) < 0.95 * lam[j] and v[-1] > v[j]
    row(CASE, name, "LPF falls past the limit, v grows", True, passed, kind="bool")
    return 1000.0 * lmax, at(s, v, j, xs), at(s, u, j, xs)


def check(quick):
    for name in ("truss_spherical", "truss_cylindrical", "truss_snapback"):
        check_truss(name)
    meshes = (10,) if quick else (10, 20, 40)
    res = {}
    for et in ("b2v", "b2s"):
        if quick and et == "b2s":
            continue
        for ne in meshes:
            name = "arch_%s_ne%d_N2" % (et, ne)
            r = arch_peak(name)
            if r is None:
                continue
            res[(et, ne)] = r
            P, v, u = r
            last = ne == 40
            row(CASE, name, "P_cr rel. error (rod theory)", 0.0, (P - ARCH_P) / ARCH_P, 1e-4 if last else None,
                "abs" if last else None)
            row(CASE, name, "crown deflection at the limit rel. error", 0.0, (v - ARCH_V) / ARCH_V,
                1e-4 if last else None, "abs" if last else None)
            row(CASE, name, "crown horizontal at the limit rel. error", 0.0, (u - ARCH_U) / ARCH_U,
                1e-4 if last else None, "abs" if last else None)
            if last:
                row(CASE, name, "P_cr R^2/EI vs DaDeppo & Schmidt", DADEPPO, P * R * R / EI, 0.005, "abs")
        if (et, 20) in res and (et, 40) in res and (et, 10) in res:
            e = [abs(res[(et, n)][0] - ARCH_P) for n in (10, 20, 40)]
            row(CASE, et.upper() + " ne20->ne40", "P_cr error ratio (>= 4: order >= 2)", None, e[1] / e[2], 4.0, "min")
            row(CASE, et.upper() + " ne20->ne40", "observed order of P_cr", None, order(e[1], e[2]))
    if not quick:
        row(CASE, "elastica.py", "inextensible P_cr R^2/EI vs DaDeppo & Schmidt", DADEPPO,
            ELASTICA_P * R * R / EI, 0.005, "abs")
        row(CASE, "elastica.py", "EA = GA = 1e8 vs inextensible P_cr", 0.0, (ARCH_P - ELASTICA_P) / ELASTICA_P)
