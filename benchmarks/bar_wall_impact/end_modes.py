#!/usr/bin/python3
"""The semi-discrete bar held at its wall end (README.md, "What decides the contact end").

  end_modes.py NE:POINTS ...
  end_modes.py --json NE:POINTS      (the numbers of the mass rule's variant, for check.py)

The axial motion of the bar of make_decks.py on NE Galerkin B2V elements of degree POINTS
(velocity, hence displacement, a polynomial of that degree in x; stiffness and mass
integrated exactly), its end at the wall held fixed (the bilateral hold: no time stepping,
no contact law, no release), in three variants of the end element's mass: the mass rule of MASS=REDISTRIBUTED
(docs/contact.md §7.2: point masses rhoA w_k at x = 0 and at the collocation points
x_2 ... x_N of the element, none at the wall end), its consistent mass (MASS=STANDARD; the
held node's mass then does not move) and a variant that is not built (the consistent mass of
the degree N - 1 velocity through the rule's N points: mass, centre of mass and second
moment of the element, the end massless).  For each it prints

  - the mode that rings loudest in the end force against the step's own spectrum (its
    frequency omega dx/c, period 2 pi/omega in units of dx/c, the share of its kinetic energy
    in the end element, its force amplitude),
  - the end force F(t) = reaction of the hold, by modal superposition (exact in time), for
    the bar starting at v0 with the end at rest: its mean and rms deviation over
    [0.8, 0.95] 2L/c (the continuum's force: EA v0/c = 100 N), its smallest value before
    0.95 2L/c (< 0: a unilateral contact would open there), and the last time before
    2L/c + 2 dx/c at which F crosses zero downward, minus 2L/c, in units of dx/c.

Needs numpy and scipy (Debian's /usr/bin/python3).
"""
import json
import sys

import numpy as np
from scipy.linalg import eigh

sys.path.insert(0, __file__.rsplit("/", 1)[0])
import make_decks  # noqa: E402

L, EA, RHOA, V0 = make_decks.L, make_decks.EA, make_decks.RHOA, make_decks.V0
C_WAVE = (EA / RHOA) ** 0.5
T_CONTACT = 2.0 * L / C_WAVE


KEYS = ("omega_dx_c", "share", "force_amp", "mean", "rms", "min", "first_zero", "last_zero")


def element(N):
    """Lagrange basis on t = {0, Gauss points 2..N of [0, 1], 1} (the rule's points and the
    end): stiffness int phi' phi' and mass int phi phi on [0, 1], the rule's weights and the
    variant's mass (the consistent mass of the degree N - 1 velocity through the rule's N
    points, the end's row and column zero)."""
    g, _ = np.polynomial.legendre.leggauss(N)
    g = 0.5 * (g + 1.0)
    t = np.concatenate(([0.0], g[1:], [1.0]))
    V = np.vander(t, N + 1, increasing=True)          # V[i, j] = t_i^j
    C = np.linalg.inv(V)                              # phi_k(t) = sum_j C[j, k] t^j
    q, wq = np.polynomial.legendre.leggauss(N + 2)
    q, wq = 0.5 * (q + 1.0), 0.5 * wq
    P = np.vander(q, N + 1, increasing=True) @ C       # phi_k at the quadrature points
    D = np.vander(q, N + 1, increasing=True)[:, :-1] * np.arange(1, N + 1) @ C[1:, :]
    Ke = (D * wq[:, None]).T @ D
    Me = (P * wq[:, None]).T @ P
    A = np.vander(t[:N], N, increasing=True).T        # sum_k w_k t_k^j = 1/(j+1)
    w = np.linalg.solve(A, 1.0 / np.arange(1, N + 1))
    Pc = np.vander(q, N, increasing=True) @ np.linalg.inv(np.vander(t[:N], N, increasing=True))
    Mc = np.zeros((N + 1, N + 1))
    Mc[:N, :N] = (Pc * wq[:, None]).T @ Pc
    return Ke, Me, w, Mc


def bar(ne, N, rule):
    """rule: "rule" (MASS=REDISTRIBUTED), "standard" or "variant" (not built)."""
    dx = L / ne
    Ke, Me, w, Mc = element(N)
    end_mass = {"rule": np.diag(np.append(w, 0.0)), "variant": Mc, "standard": Me}[rule]
    ndof = ne * N + 1
    K = np.zeros((ndof, ndof))
    M = np.zeros((ndof, ndof))
    for e in range(ne):
        idx = [e * N] + [e * N + 1 + k for k in range(N - 1)] + [(e + 1) * N]
        Me_e = end_mass if e == ne - 1 else Me
        K[np.ix_(idx, idx)] += EA / dx * Ke
        M[np.ix_(idx, idx)] += RHOA * dx * Me_e
    return K, M, ndof - 1, list(range(ndof - N, ndof - 1))  # the held end; the end element's inner DOFs


def study(ne, N, rule):
    dx = L / ne
    K, M, end, last = bar(ne, N, rule)
    free = [i for i in range(K.shape[0]) if i != end]
    Kf, Mf = K[np.ix_(free, free)], M[np.ix_(free, free)]
    lam, phi = eigh(Kf, Mf)
    om = np.sqrt(np.maximum(lam, 0.0))
    # reaction at the held end: F = K[end, :] u + M[end, :] a (the end does not move)
    v0 = np.full(len(free), V0)
    amp = phi.T @ (Mf @ v0)                                         # modal velocities at t = 0
    kr = K[end, free] @ phi
    mr = M[end, free] @ phi
    # the mode that rings loudest in F against the step's own spectrum (a step of the
    # continuum has force amplitudes 400/(pi (2j + 1)) N, omega_j = (2j + 1) pi c/(2L): famp
    # omega is flat), and the share of its kinetic energy in the end element (its inner DOFs
    # and far node)
    famp = np.abs((kr - mr * om * om) * amp / om)
    i = int(np.argmax(famp * om))
    sel = [free.index(j) for j in last + [end - N]]
    share = phi[sel, i] @ Mf[np.ix_(sel, sel)] @ phi[sel, i]
    t = np.linspace(0.0, T_CONTACT + 2.0 * dx / C_WAVE, 40001)
    s = np.sin(np.outer(t, om))
    F = -(s @ (kr * amp / om) - s @ (mr * amp * om))                # the wall pushes along -x
    win = (t >= 0.8 * T_CONTACT) & (t <= 0.95 * T_CONTACT)
    mean, rms = F[win].mean(), F[win].std()
    fmin = F[t <= 0.95 * T_CONTACT][1:].min()
    down = [k for k in range(1, len(t)) if F[k - 1] > 0.0 >= F[k] and t[k] > 0.5 * T_CONTACT]
    z = (t[down[-1]] - T_CONTACT) * C_WAVE / dx if down else float("nan")
    first = [k for k in down if t[k] > 0.9 * T_CONTACT]
    z1 = (t[first[0]] - T_CONTACT) * C_WAVE / dx if first else float("nan")
    return om[i] * dx / C_WAVE, share, famp[i], mean, rms, fmin, z1, z


def main(argv):
    if argv[:1] == ["--json"]:
        ne, N = (int(x) for x in argv[1].split(":"))
        print(json.dumps(dict(zip(KEYS, (float(x) for x in study(ne, N, "rule"))))))
        return 0
    print("%-6s %-9s %9s %8s %6s %7s %8s %7s %9s %12s %11s" % (
        "NE:N", "mass", "om dx/c", "T c/dx", "share", "amp_F", "mean_F", "rms_F", "min_F", "1st zero>0.9",
        "last zero"))
    for spec in argv:
        ne, N = (int(x) for x in spec.split(":"))
        for rule in ("rule", "standard", "variant"):
            om, sh, fa, mean, rms, fmin, z1, z = study(ne, N, rule)
            print("%-6s %-9s %9.3f %8.3f %6.2f %7.1f %8.2f %7.2f %9.2f %12.3f %11.3f" % (
                spec, rule, om, 2.0 * np.pi / om, sh, fa, mean, rms, fmin, z1, z))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
