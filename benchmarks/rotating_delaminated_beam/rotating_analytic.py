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
the same model at rest (Omega = 0): cubic basis, the load -rhoA_i g on every
segment, particular solution w_p = -rhoA_i g x^4 / (24 EI_i) per segment.
"""
import importlib.util
import math
import os

# benchmarks/delaminated_beam/analytic.py, under its own module name (both
# cases' checks run in one process)
_spec = importlib.util.spec_from_file_location(
    "delaminated_analytic",
    os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "delaminated_beam", "analytic.py"))
base = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(base)
Delaminated, _w_rows = base.Delaminated, base._w_rows


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


def _poly_rows(k, x):
    """Rows of w and its first three derivatives at x for the static basis
    (1, x, x^2, x^3); k is not used."""
    return [[1.0, x, x * x, x ** 3], [0.0, 1.0, 2 * x, 3 * x * x], [0.0, 0.0, 2.0, 6 * x], [0.0, 0.0, 0.0, 6.0]]


def gravity_gap(model, g, x):
    """Opening at x (from the left front) and deflection of the left front
    under gravity g along -z, not rotating (Omega = 0): the cubic basis of the
    static beam in place of (sin, cos, sinh, cosh) in the same conditions, and
    the particular solution w_p = -rhoA_i g x^4 / (24 EI_i) per segment, whose
    values move to the right-hand side of every condition."""
    saved = base._w_rows
    base._w_rows = _poly_rows
    try:
        A = model.matrix(1.0)
    finally:
        base._w_rows = saved

    def wp(seg, xx, d=0):
        q = -model.rA[seg] * g / model.EI[seg]
        return q * (xx ** 4 / 24, xx ** 3 / 6, xx ** 2 / 2, xx)[d]

    Lb, EI, e2, e3 = model.len, model.EI, model.e2, model.e3
    rhs = [0.0] * 24
    # ends: w = w'' = 0 (the axial rows have no particular part)
    rhs[0], rhs[1] = -wp(0, 0.0), -wp(0, 0.0, 2)
    rhs[3], rhs[4] = -wp(3, Lb[3]), -wp(3, Lb[3], 2)
    for first, seg, xi, xs in ((6, 0, Lb[0], 0.0), (15, 3, 0.0, Lb[1])):
        for k, sub in enumerate((1, 2)):
            rhs[first + 2 * k] = -(wp(sub, xs) - wp(seg, xi))
            rhs[first + 2 * k + 1] = -(wp(sub, xs, 1) - wp(seg, xi, 1))
        rhs[first + 4] = -(e2 * wp(seg, xi, 1))
        rhs[first + 5] = -(-e3 * wp(seg, xi, 1))
        rhs[first + 7] = -(EI[seg] * wp(seg, xi, 3) - EI[1] * wp(1, xs, 3) - EI[2] * wp(2, xs, 3))
        rhs[first + 8] = -(EI[seg] * wp(seg, xi, 2) - EI[1] * wp(1, xs, 2) - EI[2] * wp(2, xs, 2))
    c = _solve(A, rhs)

    def w(seg, xx):
        row = _poly_rows(0.0, xx)[0]
        return sum(c[6 * seg + j] * row[j] for j in range(4)) + wp(seg, xx)

    return w(1, x) - w(2, x), w(0, model.len[0])


def clamped_gap(E, rho, t2, t3, e2, e3, L2, omega):
    """Leading-order closed form: each sublaminate a clamped-clamped beam
    between fronts that both share (same end deflections and slopes), loaded
    by its own centrifugal force; the opening at mid-span is
    (q2/EI2 - q3/EI3) L2^4 / 384 with q_i/EI_i = 12 rho Omega^2 x_i / (E t_i^2)."""
    return 12 * rho * omega ** 2 / E * (e2 / t2 ** 2 + e3 / t3 ** 2) * L2 ** 4 / 384


def sag_second_order(E, rho, b, a, t2, L, L2, g):
    """Leading second-order effects of the shaft's sag on the opening (not in
    the linear model).  The sag's curvature at mid-span kappa = rhoA g L^2/(8 EI)
    strains the sublaminates axially as the fronts turn: N = E b t2 e2 kappa =
    E b t3 e3 kappa, compression in the sublaminate above the axis, tension
    below.  (1) Along the curved axis these forces press the sublaminates
    towards each other with N kappa per length: the opening falls by
    g_nl = N kappa (1/EI2 + 1/EI3) L2^4 / 384 (clamped-clamped, uniform load).
    (2) The axial force changes each sublaminate's bending under its own
    centrifugal load by the factor 1 -+ N / P_i (tension / compression),
    P_i = 4 pi^2 EI_i / L2^2 its clamped buckling load.
    Returns kappa, N, g_nl, (N/P2, N/P3)."""
    t3 = a - t2
    e2 = t3 / 2
    kappa = rho * b * a * g * L * L / (8 * E * b * a ** 3 / 12)
    N = E * b * t2 * e2 * kappa
    EI2, EI3 = E * b * t2 ** 3 / 12, E * b * t3 ** 3 / 12
    g_nl = N * kappa * (1 / EI2 + 1 / EI3) * L2 ** 4 / 384
    return kappa, N, g_nl, (N * L2 ** 2 / (4 * math.pi ** 2 * EI2), N * L2 ** 2 / (4 * math.pi ** 2 * EI3))


if __name__ == "__main__":
    m = RotatingDelaminated(1.0, 0.01, 0.01, 0.45, 0.1, 0.0075, 210e9, 7500.0)
    for f in (5, 10, 15, 20, 23):
        om = 2 * math.pi * f
        print(f, m.gap(om, 0.05), clamped_gap(210e9, 7500.0, 0.0075, 0.0025, m.e2, m.e3, 0.1, om))
    print("gravity", gravity_gap(m, 9.81, 0.05))
    print("sag, second order", sag_second_order(210e9, 7500.0, 0.01, 0.01, 0.0075, 1.0, 0.1, 9.81))
