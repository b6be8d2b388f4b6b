"""Static offset of the rotating delaminated shaft (Waltersberger 2007, eq. 5.161):
(K_el - Omega^2 K_c) q_stat = Omega^2 f_c, solved exactly for the four
Euler-Bernoulli segments of benchmarks/delaminated_beam/analytic.py in the
frame that turns with the shaft.  Pure Python.

In that frame a segment whose centre line lies at z = x_i (0 for the intact
parts, +e2 for the upper and -e3 for the lower sublaminate) is loaded by the
centrifugal force rhoA_i Omega^2 (x_i + w) per length (Waltersberger's
Omega~^2 (x + u), eqs. 5.79-5.81, 5.86-5.87; no axial component), so in the
plane of the delamination

    EI_i w'''' - rhoA_i Omega^2 w = rhoA_i Omega^2 x_i,     EA_i u'' = 0.

The homogeneous part is the free-vibration basis of the non-rotating beam at
omega = Omega (sin, cos, sinh, cosh of k x, k^4 = rhoA Omega^2 / EI; u linear),
so the 24 x 24 matrix is Delaminated.matrix(Omega) without axial inertia; the
particular solution w_p = -x_i is constant, and enters only the conditions
w_sub = w_intact at the fronts: w_h,sub - w_h,intact = x_sub.  The matrix is
singular at the bending critical speeds of the 1-3 plane (Waltersberger: "the
bending eigenfrequencies are the critical speeds").

gravity_gap(): the gap opened by the sublaminates' own weight g along -z in
the same model (Omega = 0): the load -rhoA_i g on every segment, particular
solution w_p = -rhoA_i g x^4 / (24 EI_i) per segment.
"""
import math
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "delaminated_beam"))
from analytic import Delaminated, _w_rows  # noqa: E402


def _solve(A, rhs):
    """Gaussian elimination with partial pivoting (copies)."""
    n = len(A)
    M = [A[i][:] + [rhs[i]] for i in range(n)]
    for j in range(n):
        p = max(range(j, n), key=lambda i: abs(M[i][j]))
        M[j], M[p] = M[p], M[j]
        for i in range(j + 1, n):
            f = M[i][j] / M[j][j]
            if f != 0.0:
                for m in range(j, n + 1):
                    M[i][m] -= f * M[j][m]
    x = [0.0] * n
    for i in reversed(range(n)):
        x[i] = (M[i][n] - sum(M[i][m] * x[m] for m in range(i + 1, n))) / M[i][i]
    return x


# rows of Delaminated.matrix(): 6 end conditions, then per front (left, right)
# w_2 = w_int, w_2' = w_int', w_3 = w_int, w_3' = w_int', u_2, u_3, N, V, M
_FRONT_W_ROWS = ((6, 1), (8, 2), (15, 1), (17, 2))   # (row, sublaminate segment)


class RotatingDelaminated(Delaminated):
    """Delaminated(L, a, b, L1, L2, t2, E, rho) in the plane of the
    delamination, pinned ends, static in the frame turning at Omega [rad/s]."""

    def __init__(self, L, a, b, L1, L2, t2, E, rho):
        super().__init__(L, a, b, L1, L2, t2, E, rho, ends="pinned", axial_inertia=False, mode="free")
        self.offset = [0.0, self.e2, -self.e3, 0.0]

    def _coefficients(self, omega, rhs_of):
        A = self.matrix(omega)
        rhs = [0.0] * 24
        for r, seg in _FRONT_W_ROWS:
            rhs[r] = rhs_of(seg)
        return _solve(A, rhs), [(rA * omega * omega / EI) ** 0.25 for rA, EI in zip(self.rA_w, self.EI)]

    def deflection(self, omega, seg, x):
        """w of segment seg (0..3) at its local coordinate x, static at Omega."""
        c, ks = self._coefficients(omega, lambda s: self.offset[s])
        row = _w_rows(ks[seg], x)[0]
        return sum(c[6 * seg + j] * row[j] for j in range(4)) - self.offset[seg]

    def gap(self, omega, x):
        """Opening w_2 - w_3 of the delamination at x from its left front."""
        return self.deflection(omega, 1, x) - self.deflection(omega, 2, x)


def gravity_gap(model, g, x, n_sub=1):
    """Opening at x (from the left front) under gravity g along -z, not
    rotating.  At omega -> 0 the basis degenerates; a tiny omega (1e-3 rad/s)
    keeps the sin/sinh basis regular and changes the static result by
    (1e-3 / omega_1)^2 ~ 1e-11 relative."""
    om = 1e-3
    ks = [(rA * om * om / EI) ** 0.25 for rA, EI in zip(model.rA_w, model.EI)]

    def wp(seg, xx, d=0):
        q = -model.rA[seg] * g / model.EI[seg]
        return q * (xx ** 4 / 24, xx ** 3 / 6, xx ** 2 / 2, xx)[d]

    A = model.matrix(om)
    Lb = model.len
    # the particular parts move to the right-hand side of every row: evaluate
    # each row's functional on them by rebuilding the conditions' terms
    rhs = [0.0] * 24
    # ends: w(0) = 0 and w''(0) = 0 on segment 1, the same at x = L4 on segment 4
    rhs[0], rhs[1] = -wp(0, 0.0), -wp(0, 0.0, 2)
    rhs[3], rhs[4] = -wp(3, Lb[3]), -wp(3, Lb[3], 2)
    EI = model.EI
    for base, seg, xi, xs in ((6, 0, Lb[0], 0.0), (15, 3, 0.0, Lb[1])):
        for k, sub in enumerate((1, 2)):
            rhs[base + 2 * k] = -(wp(sub, xs) - wp(seg, xi))
            rhs[base + 2 * k + 1] = -(wp(sub, xs, 1) - wp(seg, xi, 1))
        e2, e3 = model.e2, model.e3
        rhs[base + 4] = -(e2 * wp(seg, xi, 1))
        rhs[base + 5] = -(-e3 * wp(seg, xi, 1))
        rhs[base + 7] = -(EI[seg] * wp(seg, xi, 3) - EI[1] * wp(1, xs, 3) - EI[2] * wp(2, xs, 3))
        rhs[base + 8] = -(EI[seg] * wp(seg, xi, 2) - EI[1] * wp(1, xs, 2) - EI[2] * wp(2, xs, 2))
    c = _solve(A, rhs)

    def w(seg, xx):
        row = _w_rows(ks[seg], xx)[0]
        return sum(c[6 * seg + j] * row[j] for j in range(4)) + wp(seg, xx)

    return w(1, x) - w(2, x), w(0, model.len[0])


def clamped_gap(E, rho, t2, t3, e2, e3, L2, omega):
    """Leading-order closed form: each sublaminate a clamped-clamped beam
    between fronts that both share (same end deflections and slopes), loaded
    by its own centrifugal force; the opening at mid-span is
    (q2/EI2 - q3/EI3) L2^4 / 384 with q_i/EI_i = 12 rho Omega^2 x_i / (E t_i^2)."""
    return 12 * rho * omega ** 2 / E * (e2 / t2 ** 2 + e3 / t3 ** 2) * L2 ** 4 / 384


if __name__ == "__main__":
    m = RotatingDelaminated(1.0, 0.01, 0.01, 0.45, 0.1, 0.0075, 210e9, 7500.0)
    for f in (5, 10, 15, 20, 23):
        om = 2 * math.pi * f
        print(f, m.gap(om, 0.05), clamped_gap(210e9, 7500.0, 0.0075, 0.0025, m.e2, m.e3, 0.1, om))
    print("gravity", gravity_gap(m, 9.81, 0.05))
