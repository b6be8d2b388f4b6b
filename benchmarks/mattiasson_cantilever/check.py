"""Checks of benchmarks/mattiasson_cantilever (reference and tolerances: README.md here)."""
import math
import os

from validate_lib import row, run, order, HERE, OUT

L = 10.0

# Mattiasson (1981): tip deflection w/L and inward horizontal displacement u/L
# of the inextensible elastica of a cantilever under a dead tip force,
# k = P L^2/EI, to 5 decimals.
MATTIASSON = {
    1: (0.30172, 0.05643), 2: (0.49346, 0.16064), 3: (0.60325, 0.25442), 4: (0.66996, 0.32894),
    5: (0.71379, 0.38763), 6: (0.74457, 0.43459), 7: (0.76737, 0.47293), 8: (0.78498, 0.50483),
    9: (0.79906, 0.53182), 10: (0.81061, 0.55500),
}


def elastica(k, n=4000):
    """Inextensible elastica of a cantilever with a dead tip force k EI/L^2
    normal to its initial axis: theta'' = -(k/L^2) cos(theta), theta(0) = 0,
    theta'(L) = 0 (no tip moment), by shooting on theta'(0) with RK4 along the
    arc length.  Returns (w/L, u/L, phi): tip deflection, inward horizontal
    displacement, tip rotation."""
    c = k / (L * L)

    def shoot(kap0):
        h = L / n
        th, kp, x, y = 0.0, kap0, 0.0, 0.0

        def f(th, kp):
            return kp, -c * math.cos(th), math.cos(th), math.sin(th)

        for _ in range(n):
            a = f(th, kp)
            b = f(th + 0.5 * h * a[0], kp + 0.5 * h * a[1])
            cc = f(th + 0.5 * h * b[0], kp + 0.5 * h * b[1])
            d = f(th + h * cc[0], kp + h * cc[1])
            th += h / 6 * (a[0] + 2 * b[0] + 2 * cc[0] + d[0])
            kp += h / 6 * (a[1] + 2 * b[1] + 2 * cc[1] + d[1])
            x += h / 6 * (a[2] + 2 * b[2] + 2 * cc[2] + d[2])
            y += h / 6 * (a[3] + 2 * b[3] + 2 * cc[3] + d[3])
        return kp, th, x, y

    lo, hi = 0.0, c * L  # theta'(0) = k x_L / L^2 lies in (0, k/L]
    for _ in range(60):
        mid = 0.5 * (lo + hi)
        if shoot(mid)[0] > 0.0:  # curvature left at the tip: too much root curvature
            hi = mid
        else:
            lo = mid
    _, th, x, y = shoot(0.5 * (lo + hi))
    return y / L, (L - x) / L, th


def check(quick):
    case = "mattiasson_cantilever"
    d = os.path.join(HERE, case)
    ref = {k: elastica(k) for k in range(1, 11)}
    for k in (1, 5, 10) if quick else range(1, 11):
        for j, name in enumerate(("w/L", "u/L")):
            row(case, "elastica k=%d" % k, "%s vs Mattiasson 1981" % name, MATTIASSON[k][j], ref[k][j], 6e-6, "abs")
    err = {}
    for et in ("b2v", "b2s"):
        for ne in (5, 10, 20):
            for pts in ("N1", "N2", "N3", "default"):
                if quick and not (pts == "default" or ne == 10):
                    continue
                v = "%s ne=%d %s" % (et.upper(), ne, pts)
                ok, hist, wall, _ = run(os.path.join(d, "%s_ne%d_%s.inp" % (et, ne, pts)),
                                        os.path.join(OUT, case, "%s_ne%d_%s" % (et, ne, pts)))
                row(case, v, "reaches P L^2/EI = 10", True, ok and len(hist) == 11, kind="bool")
                if not ok or len(hist) != 11:
                    continue
                e = ephi = 0.0
                for k in range(1, 11):
                    r = hist[k]
                    w, u, phi = r["tip.uy"] / L, -r["tip.ux"] / L, r["tip.rz"]
                    e = max(e, math.hypot(w - ref[k][0], u - ref[k][1]))
                    ephi = max(ephi, abs(phi - ref[k][2]))
                err[(et, ne, pts)] = e
                row(case, v, "max tip rotation error, k = 1..10", 0.0, ephi)
                if pts == "default" and ne == 10:
                    row(case, v, "max tip error / L, k = 1..10", 0.0, e, 1e-5, "abs")
                else:
                    row(case, v, "max tip error / L, k = 1..10", 0.0, e)
    for et in ("b2v", "b2s"):
        for pts, p_ord in (("N1", 2.0), ("N2", 4.0)):
            if (et, 10, pts) in err and (et, 20, pts) in err:
                row(case, "%s %s 10/20" % (et.upper(), pts), "order of the tip error", p_ord,
                    order(err[(et, 10, pts)], err[(et, 20, pts)]), 0.5, "abs")
