#!/usr/bin/python3
"""The generalized-alpha scheme's mechanical-energy overshoot at a massless tip, without nsbeam.

README, "Transverse impacts with Galerkin elements".  A linear Euler-Bernoulli cantilever of the
particle decks (steel, 500 mm, 20 x 20 mm; mm, t, s), cubic elements with the rotations condensed and
lumped translational masses; the tip node carries no mass, and the element next to it is split so that
a point mass sits D mm from the tip (the rule's point 0.887 L of Galerkin POINTS=3 is 5.6 mm from it).
Chung & Hulbert's (1993) generalized-alpha scheme in Arnold & Bruls' form (the equations at t_n+1,
p the pseudo-accelerations), the massless tip's equation at t_n+1 only.

Two runs per line:
  pulse  the tip is pushed by a prescribed force for one increment, P at t_1, and then follows the
         out-of-contact row of docs/contact.md §7.2, (1 - af) P_k+1 + af P_k = 0; the scheme's work
         on the beam is W = h (1 - af) P (c_1 - c_0)/h, booked once.  Printed: max (E - W)/W - 1.
  ball   the 0.2 kg ball at 2 m/s across the tip under the law of §7.2 (Lambda = h ((1 - af) P_n+1
         + af P_n), xi_N = 2 (vbar_tip - (v_n + v_n+1)/2 ball), the ball's impulse a velocity jump),
         which does no work in the scheme's balance.  Printed: max (E + D)/E0 - 1 (D = 0).
With rho_inf = 1 both are exact to round-off; with rho_inf < 1 the mechanical energy rises above what
the scheme was given when a point mass sits close to the tip and the step is coarse, and not when the
nearest mass is a whole element away or the step resolves the tip's local mode (Krenk 2006: the
alpha-methods' algorithmic energy is the mechanical one plus terms that make it fluctuate and give
high-frequency components their "overshoot").  Run: /usr/bin/python3 alpha_overshoot.py
"""
import numpy as np

E, B, RHO, L, NE = 210000.0, 20.0, 7.85e-9, 500.0, 10


def beam(d):
    les = [L / NE] * (NE - 1) + ([L / NE - d, d] if d > 0 else [L / NE])
    n = len(les) + 1
    ii = B ** 4 / 12.0
    K = np.zeros((2 * n, 2 * n))
    m = np.zeros(n)
    for e, le in enumerate(les):
        k = ii * E / le ** 3 * np.array([[12, 6 * le, -12, 6 * le], [6 * le, 4 * le * le, -6 * le, 2 * le * le],
                                          [-12, -6 * le, 12, -6 * le], [6 * le, 2 * le * le, -6 * le, 4 * le * le]])
        K[2 * e:2 * e + 4, 2 * e:2 * e + 4] += k
        m[e:e + 2] += 0.5 * RHO * B * B * le
    K = K[2:, 2:]                     # clamped at x = 0
    w, r = np.arange(0, 2 * n - 2, 2), np.arange(1, 2 * n - 2, 2)
    Kc = K[np.ix_(w, w)] - K[np.ix_(w, r)] @ np.linalg.solve(K[np.ix_(r, r)], K[np.ix_(r, w)])
    m = m[1:]
    m[-2] += m[-1]                    # the tip's share to its neighbour: the tip is massless
    m[-1] = 0.0
    return Kc, m


def run(rho, d, h, ball, T=0.003, mp=2e-4, vp0=-2000.0, pulse=1e4):
    K, m = beam(d)
    n = len(m)
    q, c = slice(0, n - 1), n - 1
    am, af = ((0.5, 0.5) if rho == 1.0 else ((2 * rho - 1) / (rho + 1), rho / (rho + 1)))
    g, b = 0.5 - am + af, 0.25 * (1 - am + af) ** 2
    M = m[q]
    y, v, a, p = np.zeros(n), np.zeros(n), np.zeros(n), np.zeros(n)
    vp, P, W, worst = vp0, 0.0, 0.0, -np.inf
    E0 = 0.5 * mp * vp0 ** 2
    for k in range(int(round(T / h))):
        def solve(active):
            # unknowns: p_n+1 of the masses, the tip's c_n+1, P_n+1 (the force pushing the tip along -z)
            A, rhs = np.zeros((n + 1, n + 1)), np.zeros(n + 1)
            q0 = y[q] + h * v[q] + h * h * (0.5 - b) * p[q]
            a0 = (am * p[q] - af * a[q]) / (1 - af)
            A[:n - 1, :n - 1] = np.diag(M * (1 - am) / (1 - af)) + K[:n - 1, :n - 1] * h * h * b
            A[:n - 1, n - 1] = K[:n - 1, c]
            rhs[:n - 1] = -(M * a0 + K[:n - 1, :n - 1] @ q0)
            A[n - 1, :n - 1] = K[c, :n - 1] * h * h * b
            A[n - 1, n - 1], A[n - 1, n] = K[c, c], 1.0
            rhs[n - 1] = -K[c, :n - 1] @ q0
            if ball and active:       # vbar_tip = (v_n + v_n+1)/2 of the ball, its jump Lambda/mp
                A[n, n - 1], A[n, n] = -1.0 / h, h * (1 - af) / (2 * mp)
                rhs[n] = -(vp + h * af * P / (2 * mp)) - y[c] / h
            elif not ball and k == 0:
                A[n, n], rhs[n] = 1.0, pulse
            else:                     # Lambda = 0
                A[n, n], rhs[n] = 1 - af, -af * P
            return np.linalg.solve(A, rhs)
        s = solve(True)
        lam = h * ((1 - af) * s[n] + af * P)
        if ball and lam < 0.0:
            s = solve(False)
            lam = h * ((1 - af) * s[n] + af * P)
        p1 = s[:n - 1]
        if not ball and k == 0:
            W = h * (1 - af) * s[n] * (-(s[n - 1] - y[c]) / h)
        y[q], v[q] = y[q] + h * v[q] + h * h * ((0.5 - b) * p[q] + b * p1), v[q] + h * ((1 - g) * p[q] + g * p1)
        a[q], p[q] = ((1 - am) * p1 + am * p[q] - af * a[q]) / (1 - af), p1
        y[c], P = s[n - 1], s[n]
        if ball:
            vp += lam / mp
        Eb = 0.5 * M @ v[q] ** 2 + 0.5 * y @ K @ y
        worst = max(worst, (Eb + 0.5 * mp * vp ** 2) / E0 - 1.0 if ball else Eb / W - 1.0)
    return worst


if __name__ == "__main__":
    print("%-6s %-8s %-9s %-24s %-24s" % ("rho", "D [mm]", "h [s]", "pulse: max (E - W)/W - 1", "ball: max E/E0 - 1"))
    for rho in (1.0, 0.9, 0.5):
        for d, h in ((5.6, 1e-5), (5.6, 2e-6), (0.0, 1e-5)):
            print("%-6g %-8g %-9g %-24.2e %-24.2e" % (rho, d, h, run(rho, d, h, False), run(rho, d, h, True)))
