"""Free-mode natural frequencies of a beam with one through-width delamination:
four Euler-Bernoulli segments with axial motion (Wang, Liu & Gibby 1982; the
model of Waltersberger 2007, eqs. 5.130-5.146, restricted to the plane of the
delamination).  Pure Python (no numpy): the 24 x 24 characteristic matrix is
built per frequency and its determinant is bracketed and bisected.

Segments i = 1 (intact, [0, L1]), 2 (upper sublaminate, thickness t2, centre
line at z = +e2), 3 (lower, thickness t3, at z = -e3), 4 (intact, [L1 + L2, L]);
e2 = t3 / 2, e3 = t2 / 2 (the sublaminates' centroids about the intact one).
On each segment, with its local coordinate x in [0, Li]:
  w = c1 sin kx + c2 cos kx + c3 sinh kx + c4 cosh kx,  k^4 = rhoA w^2 / EI,
  u = d1 sin qx + d2 cos qx,                           q^2 = rho w^2 / E
(axial inertia kept: axial_inertia=False drops it, u = d1 x + d2).
A section at height z moves axially by u - z w', so the sublaminates' ends
follow the intact section rigidly (the interface conditions 5.143-5.146):
  w_2 = w_3 = w_1,  w_2' = w_3' = w_1',  u_2 = u_1 - e2 w_1',  u_3 = u_1 + e3 w_1'
at the left front, and the same with segment 4 at the right one.  The
dynamic conditions follow from the virtual work of the end forces (N = EA u',
M = EI w'', V = EI w'''): N1 = N2 + N3, V1 = V2 + V3,
M1 = M2 + M3 - e2 N2 + e3 N3 (and the same for segment 4).
Ends: pinned (w = w'' = u = 0) or clamped (w = w' = u = 0).
mode="constrained": the sublaminates keep one common deflection (bilateral,
frictionless contact: the "constrained mode" of Mujumdar & Suryanarayan 1988):
w_2 = w_3 = w with EI_2 + EI_3 and rhoA_2 + rhoA_3 (the contact pressure is
internal), while u_2 and u_3 stay separate; the fronts lose the w, w'
conditions of segment 3, whose w coefficients are set to zero instead.
"""
import math


def _w_rows(k, x):
    """Rows of w, w', w'', w''' at x for the basis (sin, cos, sinh, cosh)."""
    s, c, sh, ch = math.sin(k * x), math.cos(k * x), math.sinh(k * x), math.cosh(k * x)
    return [[s, c, sh, ch],
            [k * c, -k * s, k * ch, k * sh],
            [-k * k * s, -k * k * c, k * k * sh, k * k * ch],
            [-k ** 3 * c, k ** 3 * s, k ** 3 * ch, k ** 3 * sh]]


def _u_rows(q, x, inertia):
    """Rows of u, u' at x."""
    if not inertia:
        return [[x, 1.0], [1.0, 0.0]]
    s, c = math.sin(q * x), math.cos(q * x)
    return [[s, c], [q * c, -q * s]]


def _det(A):
    """Determinant by Gaussian elimination with partial pivoting (A is copied)."""
    A = [r[:] for r in A]
    n, d = len(A), 1.0
    for j in range(n):
        p = max(range(j, n), key=lambda i: abs(A[i][j]))
        if A[p][j] == 0.0:
            return 0.0
        if p != j:
            A[j], A[p] = A[p], A[j]
            d = -d
        d *= A[j][j]
        inv = 1.0 / A[j][j]
        for i in range(j + 1, n):
            f = A[i][j] * inv
            if f != 0.0:
                Ai, Aj = A[i], A[j]
                for m in range(j, n):
                    Ai[m] -= f * Aj[m]
    return d


class Delaminated:
    """Beam of length L, height a, width b, delamination [L1, L1 + L2] at the
    depth t2 from the top (upper sublaminate thickness t2)."""

    def __init__(self, L, a, b, L1, L2, t2, E, rho, ends="pinned", axial_inertia=True, mode="free"):
        self.L, self.ends, self.inertia, self.mode = L, ends, axial_inertia, mode
        self.E, self.rho = E, rho
        t3 = a - t2
        self.len = [L1, L2, L2, L - L1 - L2]
        self.thick = [a, t2, t3, a]
        self.EI = [E * b * t ** 3 / 12 for t in self.thick]
        self.EA = [E * b * t for t in self.thick]
        self.rA = [rho * b * t for t in self.thick]
        self.e2, self.e3 = t3 / 2, t2 / 2
        if mode == "constrained":
            # both sublaminates bend with one deflection (segment 2 carries it
            # with the summed properties; segment 3's w coefficients vanish)
            self.EI[1] += self.EI[2]
            self.rA_w = [self.rA[0], self.rA[1] + self.rA[2], self.rA[2], self.rA[3]]
        else:
            self.rA_w = list(self.rA)

    def matrix(self, omega):
        """The 24 x 24 characteristic matrix A(omega): A c = 0 for a mode."""
        ks = [(rA * omega * omega / EI) ** 0.25 for rA, EI in zip(self.rA_w, self.EI)]
        q = omega * math.sqrt(self.rho / self.E)
        W = lambda i, x: _w_rows(ks[i], x)  # noqa: E731
        U = lambda i, x: _u_rows(q, x, self.inertia)  # noqa: E731
        rows = []

        def eq(terms):
            """terms: list of (segment, 'w'|'u', rows-index, factor, x)."""
            r = [0.0] * 24
            for seg, kind, d, fac, x in terms:
                if kind == "w":
                    vals, off = W(seg, x)[d], 6 * seg
                else:
                    vals, off = U(seg, x)[d], 6 * seg + 4
                for j, v in enumerate(vals):
                    r[off + j] += fac * v
            rows.append(r)

        Lb = self.len
        d2 = 2 if self.ends == "pinned" else 1
        # ends
        eq([(0, "w", 0, 1.0, 0.0)])
        eq([(0, "w", d2, 1.0, 0.0)])
        eq([(0, "u", 0, 1.0, 0.0)])
        eq([(3, "w", 0, 1.0, Lb[3])])
        eq([(3, "w", d2, 1.0, Lb[3])])
        eq([(3, "u", 0, 1.0, Lb[3])])
        e2, e3 = self.e2, self.e3
        EI, EA = self.EI, self.EA
        # fronts: (intact segment, x on it, x on the sublaminates, sign of the virtual work)
        for seg, xi, xs, sg in ((0, Lb[0], 0.0, 1.0), (3, 0.0, Lb[1], -1.0)):
            for sub in ((1, 2) if self.mode == "free" else (1,)):
                eq([(sub, "w", 0, 1.0, xs), (seg, "w", 0, -1.0, xi)])
                eq([(sub, "w", 1, 1.0, xs), (seg, "w", 1, -1.0, xi)])
            if self.mode == "constrained":
                for j in range(2):
                    r = [0.0] * 24
                    r[12 + 2 * j + (0 if sg > 0 else 1)] = 1.0
                    rows.append(r)
            eq([(1, "u", 0, 1.0, xs), (seg, "u", 0, -1.0, xi), (seg, "w", 1, e2, xi)])
            eq([(2, "u", 0, 1.0, xs), (seg, "u", 0, -1.0, xi), (seg, "w", 1, -e3, xi)])
            # N_int = N2 + N3
            eq([(seg, "u", 1, EA[seg], xi), (1, "u", 1, -EA[1], xs), (2, "u", 1, -EA[2], xs)])
            # V_int = V2 + V3
            eq([(seg, "w", 3, EI[seg], xi), (1, "w", 3, -EI[1], xs), (2, "w", 3, -EI[2], xs)])
            # M_int = M2 + M3 - e2 N2 + e3 N3
            eq([(seg, "w", 2, EI[seg], xi), (1, "w", 2, -EI[1], xs), (2, "w", 2, -EI[2], xs),
                (1, "u", 1, e2 * EA[1], xs), (2, "u", 1, -e3 * EA[2], xs)])
        return rows

    def det(self, f):
        return _det(self.matrix(2 * math.pi * f))

    def frequencies(self, n, f_max, df=0.05, tol=1e-10):
        """The first n natural frequencies (Hz) below f_max: sign changes of
        det A on a grid of step df, refined by bisection to |df| < tol f."""
        out, f0, d0 = [], df, self.det(df)
        while len(out) < n and f0 < f_max:
            f1 = f0 + df
            d1 = self.det(f1)
            if d0 == 0.0 or d0 * d1 < 0:
                a, b, da = f0, f1, d0
                while b - a > tol * b:
                    m = 0.5 * (a + b)
                    dm = self.det(m)
                    if da * dm <= 0:
                        b = m
                    else:
                        a, da = m, dm
                out.append(0.5 * (a + b))
            f0, d0 = f1, d1
        return out
