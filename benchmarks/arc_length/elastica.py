#!/usr/bin/env python3
"""Reference limit point of the clamped-hinged deep circular arch
(DaDeppo & Schmidt 1975) by shooting on the planar rod equations.

The arch: radius R = 100, opening 215 degrees (ends at +-107.5 degrees from
the crown), EI = 1e6, hinged at the left end A, clamped at the right end B,
a vertical point load P at the crown.  Along the arc length s from A, with
the internal force n (global, constant between A and the crown and between
the crown and B, jumping by (0, P) at the crown), tangent angle phi and
bending moment M (Reissner's planar rod, the theory the beam elements
discretize; EA = GA = infinity gives the inextensible elastica of DaDeppo &
Schmidt):
    r'   = (1 + N/EA) t + (Q/GA) t_perp,   N = n.t, Q = n.t_perp,
    phi' = -1/R + M/EI,
    M'   = -(r' x n)_z,
with t = (cos phi, sin phi).  Unknowns phi(A), n(A), P; conditions: r(B),
phi(B) of the clamp and the crown's vertical deflection v.  RK4 with
n_steps steps, Newton with a difference Jacobian, continuation in v from 0,
and successive parabolic interpolation of P(v) for its maximum (the limit
point).  Prints, for EA = GA = infinity and EA = GA = 1e8 (the decks), the
limit load, the crown deflections at it, and the same with twice the steps
(the RK4 error: their difference).

usage: python3 elastica.py            (about a minute)
"""
import math
import sys

R, EI, HALF = 100.0, 1.0e6, math.radians(107.5)


def shoot(unk, EA, GA, n_steps):
    """Integrate from A; returns the clamp residuals and the crown state."""
    phiA, nx, ny, P = unk
    L = 2.0 * HALF * R
    h = L / n_steps
    st = (R * math.sin(-HALF), R * math.cos(-HALF), phiA, 0.0)

    def f(s, nx, ny):
        c, sn = math.cos(s[2]), math.sin(s[2])
        N, Q = nx * c + ny * sn, -nx * sn + ny * c
        rx = (1.0 + N / EA) * c - (Q / GA) * sn
        ry = (1.0 + N / EA) * sn + (Q / GA) * c
        return (rx, ry, -1.0 / R + s[3] / EI, -(rx * ny - ry * nx))

    crown = None
    for i in range(n_steps):
        if i == n_steps // 2:
            crown = st
            ny = ny + P
        k1 = f(st, nx, ny)
        k2 = f(tuple(a + 0.5 * h * b for a, b in zip(st, k1)), nx, ny)
        k3 = f(tuple(a + 0.5 * h * b for a, b in zip(st, k2)), nx, ny)
        k4 = f(tuple(a + h * b for a, b in zip(st, k3)), nx, ny)
        st = tuple(a + h / 6.0 * (b + 2.0 * c + 2.0 * d + e) for a, b, c, d, e in zip(st, k1, k2, k3, k4))
    res = (st[0] - R * math.sin(HALF), st[1] - R * math.cos(HALF), st[2] + HALF)
    return res, crown


def solve4(A, b):
    """Gaussian elimination with partial pivoting (4 x 4)."""
    M = [row[:] + [bi] for row, bi in zip(A, b)]
    n = len(b)
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(M[r][c]))
        M[c], M[p] = M[p], M[c]
        for r in range(c + 1, n):
            m = M[r][c] / M[c][c]
            M[r] = [a - m * x for a, x in zip(M[r], M[c])]
    x = [0.0] * n
    for r in range(n - 1, -1, -1):
        x[r] = (M[r][n] - sum(M[r][k] * x[k] for k in range(r + 1, n))) / M[r][r]
    return x


def solve(v, guess, EA, GA, n_steps):
    """phi(A), n(A), P and the crown state for the crown deflection v."""
    u = list(guess)

    def F(u):
        res, cr = shoot(u, EA, GA, n_steps)
        return list(res) + [cr[1] - (R - v)], cr

    for _ in range(40):
        F0, cr = F(u)
        if max(abs(a) for a in F0) < 1e-11 * R:
            return u, cr
        J = [[0.0] * 4 for _ in range(4)]
        for k in range(4):
            d = 1e-7 * max(1.0, abs(u[k]))
            uk = u[:]
            uk[k] += d
            Fk, _ = F(uk)
            for i in range(4):
                J[i][k] = (Fk[i] - F0[i]) / d
        du = solve4(J, [-a for a in F0])
        u = [a + b for a, b in zip(u, du)]
    raise RuntimeError("shooting did not converge at v = %g" % v)


def limit(EA, GA, n_steps):
    """Continuation in v to beyond the maximum of P, then successive
    parabolic interpolation of P(v) to |dv| < 1e-7 R."""
    u, v, best = [HALF, 0.0, 0.0, 0.0], 0.0, None
    pts = []
    while True:
        v += 2.0
        u, cr = solve(v, u, EA, GA, n_steps)
        pts.append((v, u[3], u))
        if len(pts) >= 3 and pts[-1][1] < pts[-2][1]:
            break
    (v0, p0, u0), (v1, p1, u1), (v2, p2, u2) = pts[-3:]
    cache = {v0: (p0, u0), v1: (p1, u1), v2: (p2, u2)}
    while True:
        d01, d12 = (p1 - p0) / (v1 - v0), (p2 - p1) / (v2 - v1)
        c2 = (d12 - d01) / (v2 - v0)
        vs = 0.5 * (v0 + v1) - 0.5 * d01 / c2
        if abs(vs - v1) < 1e-7 * R:
            break
        us, crs = solve(vs, cache[v1][1], EA, GA, n_steps)
        cache[vs] = (us[3], us)
        three = sorted(cache.items(), key=lambda kv: -kv[1][0])[:3]
        three.sort()
        (v0, (p0, _)), (v1, (p1, _)), (v2, (p2, _)) = three
        best = vs
    u, cr = solve(best if best is not None else v1, cache[v1][1], EA, GA, n_steps)
    return u[3], R - cr[1], cr[0]


def main():
    for EA in (math.inf, 1.0e8):
        for n_steps in (2000, 4000):
            P, v, ux = limit(EA, EA, n_steps)
            print("EA = GA = %-6g RK4 steps %5d: P_cr = %.10f (P_cr R^2/EI = %.10f), crown deflection down %.8f, "
                  "horizontal %.8f" % (EA, n_steps, P, P * R * R / EI, v, ux))
            sys.stdout.flush()


if __name__ == "__main__":
    main()
