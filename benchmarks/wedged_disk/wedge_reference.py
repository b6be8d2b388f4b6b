"""Linearized sliding of the wedged disk (Stamm 2011, §6.2.2; Waltersberger 2007,
Example 5.6): a disk (m, R) between two flanks with unit normals
n_1,2 = (+-sin th, cos th) through the apex (the origin), compliant normal forces
N_i = c d_i (1 + d d_i'), d_i = R - n_i.q the penetration (LAW=HERTZ, p = 1,
Hunt-Crossley damping d), and Coulomb friction mu N_i tau_i of the disk spinning
with sign s, tau_i = s e_z x n_i.  Equilibrium: sum c d_i b_i = (0, m g),
b_i = n_i + mu tau_i.  About it

    m q'' + D q' + K q = 0,  K = c sum b_i n_i^T,  D = sum beta_i b_i n_i^T,

beta_i = c d d_i0 = d N_i0 (the Hunt-Crossley damping linearized at the static
penetration).  With equal linear dampers beta_i = beta, D = (beta/c) K and the
stability boundary has the closed form beta*^2 = m c (1 - 1/(sin^2 2th (1 + mu^2))).
Stability of the quartic det(m l^2 + D l + K) by Routh-Hurwitz; the eigenvalues
by Durand-Kerner.
"""
import cmath
import math

M, R, C, MU, G = 1.0, 0.1, 1e5, 1.05, 9.81
TH = 3.0 * math.pi / 8.0


def normals():
    return [(math.sin(TH), math.cos(TH)), (-math.sin(TH), math.cos(TH))]


def equilibrium(s=1.0, mu=MU):
    """Penetrations d_i0, normal forces N_i0 and the centre q0."""
    n = normals()
    b = [(ni[0] - mu * s * ni[1], ni[1] + mu * s * ni[0]) for ni in n]
    # c (d1 b1 + d2 b2) = (0, m g)
    det = b[0][0] * b[1][1] - b[1][0] * b[0][1]
    d1 = (0.0 * b[1][1] - b[1][0] * M * G) / (C * det)
    d2 = (b[0][0] * M * G - 0.0 * b[0][1]) / (C * det)
    # n_i . q = R - d_i
    dn = n[0][0] * n[1][1] - n[1][0] * n[0][1]
    r1, r2 = R - d1, R - d2
    qx = (r1 * n[1][1] - r2 * n[0][1]) / dn
    qy = (n[0][0] * r2 - n[1][0] * r1) / dn
    return (d1, d2), (C * d1, C * d2), (qx, qy)


def quartic(betas, s=1.0, mu=MU):
    """Coefficients a4..a0 of det(m l^2 I + D l + K)."""
    n = normals()
    b = [(ni[0] - mu * s * ni[1], ni[1] + mu * s * ni[0]) for ni in n]
    K = [[sum(C * b[i][r] * n[i][c] for i in range(2)) for c in range(2)] for r in range(2)]
    D = [[sum(betas[i] * b[i][r] * n[i][c] for i in range(2)) for c in range(2)] for r in range(2)]
    a4 = M * M
    a3 = M * (D[0][0] + D[1][1])
    a2 = M * (K[0][0] + K[1][1]) + D[0][0] * D[1][1] - D[0][1] * D[1][0]
    a1 = D[0][0] * K[1][1] + K[0][0] * D[1][1] - D[0][1] * K[1][0] - K[0][1] * D[1][0]
    a0 = K[0][0] * K[1][1] - K[0][1] * K[1][0]
    return a4, a3, a2, a1, a0


def hurwitz(a):
    a4, a3, a2, a1, a0 = a
    return a3 * a2 * a1 - a4 * a1 * a1 - a3 * a3 * a0


def roots(a):
    """Durand-Kerner on the monic quartic."""
    p = [x / a[0] for x in a]
    z = [complex(0.4, 0.9) ** k for k in range(4)]
    scale = abs(p[-1]) ** 0.25
    z = [scale * w for w in z]
    for _ in range(500):
        new = []
        for i, zi in enumerate(z):
            f = ((((1 * zi + p[1]) * zi + p[2]) * zi + p[3]) * zi + p[4])
            den = 1.0
            for j, zj in enumerate(z):
                if j != i:
                    den *= zi - zj
            new.append(zi - f / den)
        if max(abs(u - v) for u, v in zip(new, z)) < 1e-13 * scale:
            z = new
            break
        z = new
    return z


def growth(d):
    """Largest real part of the eigenvalues for Hunt-Crossley damping d."""
    _, N, _ = equilibrium()
    return max(r.real for r in roots(quartic([d * N[0], d * N[1]])))


def boundary_linear(mu=MU):
    """beta* with equal linear dampers, by bisection on the Hurwitz determinant."""
    lo, hi = 0.0, 1000.0
    for _ in range(200):
        mid = 0.5 * (lo + hi)
        if hurwitz(quartic([mid, mid], mu=mu)) > 0.0:
            hi = mid
        else:
            lo = mid
    return 0.5 * (lo + hi)


def boundary_hunt_crossley():
    """d* of the Hunt-Crossley law (beta_i = d N_i0), by bisection."""
    _, N, _ = equilibrium()
    lo, hi = 0.0, 100.0
    for _ in range(200):
        mid = 0.5 * (lo + hi)
        if hurwitz(quartic([mid * N[0], mid * N[1]])) > 0.0:
            hi = mid
        else:
            lo = mid
    return 0.5 * (lo + hi)


def closed_form(mu=MU):
    return math.sqrt(M * C * (1.0 - 1.0 / (math.sin(2 * TH) ** 2 * (1.0 + mu * mu))))


if __name__ == "__main__":
    d, N, q = equilibrium()
    print("equilibrium: d_i0 = %.9e %.9e, N_i0 = %.9f %.9f, q0 = (%.12e, %.12e)" % (*d, *N, *q))
    print("beta* closed form %.6f, Routh-Hurwitz %.6f" % (closed_form(), boundary_linear()))
    ds = boundary_hunt_crossley()
    print("Hunt-Crossley d* = %.9f s/m (beta_i* = %.4f, %.4f)" % (ds, ds * N[0], ds * N[1]))
    for f in (0.97, 1.03):
        print("d = %.6f: growth rate %.6f 1/s" % (f * ds, growth(f * ds)))
