#!/usr/bin/python3
"""End mass rules of the massless end, compared (README.md, "An end mass rule without the ring").

  end_rule.py [--steps] RULE NE:POINTS[:C] ...
  end_rule.py --json NE:POINTS:C     (the point masses' run, for check.py)

The axial bar of make_decks.py on NE Galerkin elements of degree POINTS (end_modes.py), its
end element's translational mass given by RULE, the end node at the wall massless:

  rule       the point masses of MASS=REDISTRIBUTED (docs/contact.md §7.2), diag(w)
  PHI,PSI    the consistent mass of the projected velocity, int rhoA (Pi v)^2 with
             Pi v = v - phi <psi, v>/<psi, phi>: the mode phi (phi(0) = 0, phi(dx) = 1) moves
             the end without inertia, and Pi keeps every field L2-orthogonal to psi (the
             rigid fields among them: psi orthogonal to 1 and x).  PHI: lL (the rule's
             mode, zero at its N points), xN (x^N), lr (the least strain energy orthogonal
             to 1 and, for N >= 3, x); PSI: PN, P2 (shifted Legendre polynomials), lr.
             lL,PN is end_modes.py's "variant" (the consistent mass of the degree N - 1
             velocity through the rule's points); lr,lr removes from the element's consistent
             mass its rank-one part M_e phi phi^T M_e / <phi, phi>.
  standard   the element's own mass (the end node carries its share; not massless)

Without --steps: the mass, first and second moment of the end element's mass (rhoA dx = 1:
1, 1/2, 1/3 exact), its smallest eigenvalue on the fields that hold the end (> 0: positive),
and end_modes.py's eigen-analysis (the end held, modal superposition, exact in
time): the loudest mode over the step's spectrum (omega dx/c, its force amplitude), the
end force's mean and rms deviation over [0.8, 0.95] 2L/c, its smallest value before
0.95 2L/c and its first downward zero after 0.9 2L/c minus 2L/c, in dx/c.

With --steps (NE:POINTS:C): the trapezoidal rule (RHOINF=1) on the same semi-discrete bar
with the massless node's law of docs/contact.md §7.2 (the trapezoidal impulse
Lambda = h (P_n + P_{n+1})/2 >= 0, the end's step-average velocity >= 0 away from the wall,
Lambda v_N = 0; an end is in contact in an increment if the last one carried an impulse or
Moreau's midpoint test on the last increment's average velocity closes it): the last increment with Lambda > 0 minus round(2L/c / h) (README's contact end),
the same in dx/c, the contact episodes, the rms deviation of Lambda/h from its mean over
[0.8, 0.95] 2L/c, the rebound error |v_rigid/v0 + 1| at 3L/c and max |E/E0 - 1|.

Needs numpy and scipy (Debian's /usr/bin/python3).
"""
import json
import sys
from fractions import Fraction

import numpy as np
from scipy.linalg import eigh, lu_factor, lu_solve

sys.path.insert(0, __file__.rsplit("/", 1)[0])
import end_modes  # noqa: E402

L, EA, RHOA, V0 = end_modes.L, end_modes.EA, end_modes.RHOA, end_modes.V0
C_WAVE, T_CONTACT = end_modes.C_WAVE, end_modes.T_CONTACT


def points(N):
    g, _ = np.polynomial.legendre.leggauss(N)
    g = 0.5 * (g + 1.0)
    return np.concatenate(([0.0], g[1:], [1.0]))  # the rule's N points, then the massless end


def legendre(t, k):
    """The shifted Legendre polynomial P_k(2t - 1) (1 at t = 1, orthogonal on [0, 1] to degree < k)."""
    return np.polynomial.legendre.legval(2.0 * t - 1.0, [0.0] * k + [1.0])


def phi_lr(N):
    """The least strain energy int phi'^2 over the degree-N fields with phi(1) = 1, phi(0) = 0 (the far
    node, shared with the next element, keeps its inertia), int phi = 0 and, for N >= 3,
    int x phi = 0; values at points(N)."""
    Ke, Me, _, _ = end_modes.element(N)
    t = points(N)
    B = np.vstack((np.eye(N + 1)[N], np.eye(N + 1)[0], np.ones(N + 1) @ Me) + ((t @ Me,) if N >= 3 else ()))
    nc = B.shape[0]
    KKT = np.block([[Ke, B.T], [B, np.zeros((nc, nc))]])
    rhs = np.concatenate((np.zeros(N + 1), [1.0], np.zeros(nc - 1)))
    return np.linalg.solve(KKT, rhs)[:N + 1]


def proj_mass(N, phi, psi):
    """M = Pi^T M_e Pi with Pi v = v - phi <psi, v>/<psi, phi> (the oblique projection along phi onto
    the fields L2-orthogonal to psi; values at points(N))."""
    _, Me, _, _ = end_modes.element(N)
    Pi = np.eye(N + 1) - np.outer(phi, Me @ psi) / (psi @ Me @ phi)
    return Pi.T @ Me @ Pi


def end_mass(N, rule):
    """The end element's mass on [0, 1] (rhoA dx = 1) in the Lagrange basis of points(N)."""
    Ke, Me, w, Mc = end_modes.element(N)
    if rule == "rule":
        return np.diag(np.append(w, 0.0))
    if rule == "standard":
        return Me
    t = points(N)
    fields = {"lL": np.eye(N + 1)[N], "xN": t ** N, "lr": phi_lr(N), "PN": legendre(t, N), "P2": legendre(t, 2)}
    phi, psi = rule.split(",")
    return proj_mass(N, fields[phi], fields[psi])


def moments(N, rule):
    """mass, first and second moment of the end element's mass (rhoA dx = 1), against 1, 1/2, 1/3;
    its smallest eigenvalue on the rule's N points."""
    M = end_mass(N, rule)
    t = points(N)
    one = np.ones(N + 1)
    ev = np.linalg.eigvalsh(M[:N, :N])
    return one @ M @ one, one @ M @ t, t @ M @ t, ev.min()


def bar(ne, N, rule):
    dx = L / ne
    Ke, Me, _, _ = end_modes.element(N)
    Mend = end_mass(N, rule)
    ndof = ne * N + 1
    K = np.zeros((ndof, ndof))
    M = np.zeros((ndof, ndof))
    for e in range(ne):
        idx = [e * N] + [e * N + 1 + k for k in range(N - 1)] + [(e + 1) * N]
        K[np.ix_(idx, idx)] += EA / dx * Ke
        M[np.ix_(idx, idx)] += RHOA * dx * (Mend if e == ne - 1 else Me)
    return K, M


def null_mode(M, N):
    """The mode that moves the end without inertia (M phi = 0, phi = 1 at the end; e_N for the
    point masses), padded to the bar."""
    lm, vm = np.linalg.eigh(M[-(N + 1):, -(N + 1):])
    assert abs(lm[0]) < 1e-12 * lm[-1] and lm[1] > 1e-6 * lm[-1]
    phi = np.zeros(M.shape[0])
    phi[-(N + 1):] = vm[:, 0] / vm[-1, 0]
    return phi


def modes(ne, N, rule):
    """end_modes.study with the end element's mass of `rule`."""
    dx = L / ne
    K, M = bar(ne, N, rule)
    end = K.shape[0] - 1
    free = list(range(end))
    Kf, Mf = K[np.ix_(free, free)], M[np.ix_(free, free)]
    lam, phi = eigh(Kf, Mf)
    om = np.sqrt(np.maximum(lam, 0.0))
    # the impact stops the end through the massless mode: the velocity just after it is
    # v0 (1 - phi_N) (the same momentum and kinetic energy; v0 at every other DOF where
    # phi_N = e_N, the rule and lL)
    amp = phi.T @ (Mf @ (V0 * (1.0 - null_mode(M, N)[:end])))
    kr = K[end, free] @ phi
    mr = M[end, free] @ phi
    famp = np.abs((kr - mr * om * om) * amp / om)
    i = int(np.argmax(famp * om))
    t = np.linspace(0.0, T_CONTACT + 2.0 * dx / C_WAVE, 40001)
    s = np.sin(np.outer(t, om))
    F = -(s @ (kr * amp / om) - s @ (mr * amp * om))
    win = (t >= 0.8 * T_CONTACT) & (t <= 0.95 * T_CONTACT)
    fmin = F[t <= 0.95 * T_CONTACT][1:].min()
    down = [k for k in range(1, len(t)) if F[k - 1] > 0.0 >= F[k] and t[k] > 0.9 * T_CONTACT]
    z1 = (t[down[0]] - T_CONTACT) * C_WAVE / dx if down else float("nan")
    return om[i] * dx / C_WAVE, famp[i], F[win].mean(), F[win].std(), fmin, z1


def steps(ne, N, cr, rule, t_end=1.5 * T_CONTACT):
    """Trapezoidal rule with the massless node's law; see the module's doc."""
    dx = L / ne
    h = cr * dx / C_WAVE
    K, M = bar(ne, N, rule)
    n = K.shape[0]
    e = n - 1
    if rule == "standard":
        raise SystemExit("--steps: the massless node's law needs a massless end")
    A = 4.0 / h ** 2 * M + K
    phi = null_mode(M, N)
    full = lu_factor(A)
    held = lu_factor(A[:e, :e])
    u = np.zeros(n)
    v = np.full(n, V0)
    a = np.zeros(n)
    P = 0.0
    k2 = int(round(T_CONTACT / h))
    nsteps = int(round(t_end / h))
    lam = np.zeros(nsteps + 1)
    mass = M.sum()
    E0 = 0.5 * v @ M @ v
    emax = 0.0
    g_prev = h * V0                          # the gap one increment before the impact (g = -u_N)
    for k in range(1, nsteps + 1):
        b = M @ (4.0 / h ** 2 * u + 4.0 / h * v + a)
        g = -u[e]
        # Moreau's midpoint test on the last increment's step-average velocity, or the
        # contact carried an impulse in the last increment (docs/contact.md §7.2)
        closed = lam[k - 1] > 0.0 or g + 0.5 * (g - g_prev) <= 0.0
        if closed:
            un = np.empty(n)
            un[e] = u[e]                     # vbar_N = 0
            un[:e] = lu_solve(held, b[:e] - A[:e, e] * u[e])
            Pn = phi @ (b - A @ un)          # the massless mode's row: phi^T (M a + K u) = -P
            if P + Pn < 0.0:                 # holding would pull: released
                closed = False
        if not closed:
            bb = b.copy()
            bb[e] += P                       # P_{n+1} = -P_n (Lambda = 0)
            un = lu_solve(full, bb)
            Pn = -P
        lam[k] = 0.5 * h * (P + Pn) if closed else 0.0
        P = Pn
        g_prev = g
        vn = 2.0 / h * (un - u) - v
        a = 2.0 / h * (vn - v) - a
        u, v = un, vn
        E = 0.5 * v @ M @ v + 0.5 * u @ K @ u
        emax = max(emax, abs(E / E0 - 1.0))
    return lam, k2, h, (M @ v).sum() / mass / V0, emax


def step_stats(ne, N, cr, rule):
    lam, k2, h, vr, emax = steps(ne, N, cr, rule)
    pos = [k for k in range(1, len(lam)) if lam[k] > 0.0]
    last = pos[-1]
    episodes = sum(1 for k in pos if k == 1 or lam[k - 1] <= 0.0)
    k0, k1 = int(round(0.8 * k2)), int(round(0.95 * k2))
    win = lam[k0:k1 + 1] / h
    return last - k2, (last * h - T_CONTACT) * C_WAVE / (L / ne), episodes, win.std(), abs(vr + 1.0), emax


def model_json(ne, N, cr, rule="rule"):
    """The numbers check.py compares with nsbeam's run of the same bar: the last increment with an
    impulse after round(2L/c / h), the contact episodes and the rigid velocity over v0 at 3L/c."""
    lam, k2, h, vr, emax = steps(ne, N, cr, rule)
    pos = [k for k in range(1, len(lam)) if lam[k] > 0.0]
    episodes = sum(1 for k in pos if k == 1 or lam[k - 1] <= 0.0)
    return {"late": pos[-1] - k2, "episodes": episodes, "rebound": vr, "max_dE": emax}


def main(argv):
    if argv[:1] == ["--json"]:  # --json NE:POINTS:C: model_json with the point masses
        f = argv[1].split(":")
        print(json.dumps(model_json(int(f[0]), int(f[1]), float(Fraction(f[2])))))
        return 0
    do_steps = argv[:1] == ["--steps"]
    if do_steps:
        argv = argv[1:]
    rule = argv[0]
    if do_steps:
        print("%-10s %-12s %5s %8s %5s %7s %8s %9s" % ("NE:N:C", "rule", "end/h", "end c/dx", "ep.", "rms_F",
                                                    "rebound", "max|dE|"))
    else:
        print("%-6s %-12s %8s %8s %8s %8s %8s %8s %9s %9s" % ("NE:N", "rule", "mass", "mom1", "mom2", "eig min",
                                                            "om dx/c", "amp_F", "rms_F", "min_F") + " 1st zero>0.9")
    for spec in argv[1:]:
        f = spec.split(":")
        ne, N = int(f[0]), int(f[1])
        if do_steps:
            late, late_dx, ep, rms, reb, em = step_stats(ne, N, float(Fraction(f[2])), rule)
            print("%-10s %-12s %+5d %+8.3f %5d %7.2f %7.3f%% %9.1e" % (spec, rule, late, late_dx, ep, rms, 100 * reb,
                                                                         em))
        else:
            m0, m1, m2, ev = moments(N, rule)
            om, fa, mean, rms, fmin, z1 = modes(ne, N, rule)
            print("%-6s %-12s %8.5f %8.5f %8.5f %8.3f %8.3f %8.1f %8.2f %9.2f %12.3f" % (spec, rule, m0, m1, m2, ev, om,
                                                                                      fa, rms, fmin, z1))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
