#!/usr/bin/python3
"""static_correction.py -- would static-correction vectors let the reduced bar
(run_peers problem bar100r) keep the full model's rebound with few modes?

An evaluation on the axial chain of the 100-element bar alone (numpy; not
nsbeam): lumped masses rho A dx (half at the ends), springs EA/dx, the end
node against the wall with Newton's law e = 0, the trapezoidal rule with
Moreau's midpoint impulses of *MODAL DYNAMIC (docs/theory.md §7), h = dx/c.
The reduced basis is the m lowest axial modes, optionally extended by s
Krylov vectors of the residual flexibility at the contact node
(Waltersberger 2007: the truncated modes' static answer to a contact force):
x1 = (K - sigma M)^-1 e, x(k+1) = (K - sigma M)^-1 M xk, each M-orthogonalized
against the modes and the earlier vectors (the shift sigma = -1e-3 lambda_m
makes the free chain's K invertible), then Rayleigh-Ritz among the vectors,
so that they are decoupled pseudo-modes with the retained ones.  Printed per
basis: the contact end (steps after 2L/c), the rebound error against -v0 and
the contact point's effective mass 1 / sum phi_j(end)^2 over the basis, in
units of the end node's lumped mass (1: the full chain).

  benchmarks/peers/static_correction.py
"""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import problems as pb  # noqa: E402

N = 100
DX = pb.L / N
H = pb.step(N)
STEPS = int(round(pb.bar_t_end() / H))


def chain():
    n = N + 1
    K = np.zeros((n, n))
    k = pb.EA / DX
    for e in range(N):
        K[e:e + 2, e:e + 2] += k * np.array([[1.0, -1.0], [-1.0, 1.0]])
    m = np.full(n, pb.RHOA * DX)
    m[0] *= 0.5
    m[-1] *= 0.5
    return K, m


def basis(K, m, Phi, lam, n_modes, n_static):
    """The n_modes lowest modes and n_static Krylov static-correction vectors
    at the end node, mass-normalized and decoupled; their eigenvalues."""
    M = np.diag(m)
    P, L = Phi[:, :n_modes].copy(), list(lam[:n_modes])
    if n_static:
        sigma = -1e-3 * lam[max(n_modes - 1, 1)]
        b = np.zeros(len(m))
        b[-1] = 1.0
        V = []
        for _ in range(n_static):
            x = np.linalg.solve(K - sigma * M, b)
            for _ in range(2):
                x -= P @ (P.T @ (M @ x))
                for v in V:
                    x -= v * (v @ (M @ x))
            x /= np.sqrt(x @ (M @ x))
            V.append(x)
            b = M @ x
        V = np.array(V).T
        w, Z = np.linalg.eigh(V.T @ K @ V)
        P = np.hstack([P, V @ Z])
        L += list(w)
    return P, np.array(L)


def run(P, lam, m):
    """Contact end time and rebound velocity of the reduced chain."""
    y = np.zeros(P.shape[1])
    v = P.T @ (m * pb.V0)
    W = P[-1, :]  # end node's axial displacement per coordinate; gap = -u_end
    S = 1.0 + 0.25 * H * H * lam
    t_end = 0.0
    for j in range(STEPS):
        vf = ((1.0 - 0.25 * H * H * lam) * v - H * lam * y) / S
        if -(W @ (y + 0.5 * H * v)) <= 0.0 and W @ vf > 0.0:  # closed at the midpoint, approaching
            vf -= (W / S) * ((W @ vf) / np.sum(W * W / S))
            t_end = (j + 1) * H
        y += 0.5 * H * (v + vf)
        v = vf
    return t_end, (P @ v) @ m / (pb.RHOA * pb.L)


def main():
    K, m = chain()
    lam, Z = np.linalg.eigh(K / np.sqrt(np.outer(m, m)))
    lam[0] = 0.0
    Phi = Z / np.sqrt(m)[:, None]
    print("%-8s %-7s %-22s %-15s %s" % ("modes", "static", "contact end [steps]", "rebound error",
                                          "effective mass / m_end"))
    for nm, ns in [(N + 1, 0), (20, 0), (10, 0), (10, 1), (10, 2), (10, 3), (10, 5), (20, 1), (20, 3), (30, 2),
                   (30, 3)]:
        P, L = basis(K, m, Phi, lam, nm, ns)
        t_end, vr = run(P, L, m)
        print("%-8d %-7d %-22s %-15s %.3f" % (nm, ns, "%+.2f" % ((t_end - 2.0 * pb.L / pb.C_WAVE) / H),
                                              "%+.3e" % (-vr / pb.V0 - 1.0), 1.0 / np.sum(P[-1, :] ** 2) / m[-1]))


if __name__ == "__main__":
    main()
