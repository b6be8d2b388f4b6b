"""The problems of benchmarks/peers (README.md) and their closed forms.

Shared by make_decks.py (nsbeam decks), siconos_models.py (the same models
with Siconos' Python API) and run_peers (timings and accuracy).  SI units.

  ball       a particle dropped on a rigid floor, Newton's law with
             restitution E_BALL; closed form: impact times, rebound
             velocities and the energy e^(2k) E0 after k impacts.
  bar<n>     a free elastic bar (steel: c = 5000 m/s) moving along its axis
             at V0 whose end touches a rigid wall at t = 0, Newton's law
             e = 0 at the end node (the law of the continuum, Graff 1975):
             contact for 2L/c, rebound -V0 as a rigid body, no energy lost.
  sv<n>      Saint-Venant's problem: a rigid mass M = MASS_RATIO * rho A L
             strikes the free end of the same bar held at its far end
             (Saint-Venant 1867; Goldsmith 1960, ch. 2): the contact force
             and the mass's velocity follow from a delay equation, solved
             here in closed form interval by interval.
"""
import math

import numpy as np
from numpy.polynomial import polynomial as P

# ---- bouncing ball --------------------------------------------------------
G = 9.81
M_BALL = 1.0
R_BALL = 0.1
Z0_BALL = 1.1            # centre height at rest, t = 0 (bottom 1 m above the floor)
E_BALL = 0.8
H_BALL = 1e-4
T_BALL = 2.0

# ---- the bar (both problems) ----------------------------------------------
L = 1.0
E_MOD, RHO, AREA = 2.0e11, 8000.0, 1.0e-4   # steel, c = 5000 m/s
EA, RHOA = E_MOD * AREA, RHO * AREA
C_WAVE = math.sqrt(E_MOD / RHO)
V0 = 1.0
COURANT = 1.0            # h = COURANT * dx / c: 2e-6 s at 100 elements
R_END = 0.005            # contact radius of the bar's end node
# the bar is straight and only moves along its axis; shear, bending and
# torsion stiffnesses (EA here) and a small rotary inertia only keep the
# beam element well posed
K_OTHER = EA
RHOJ = 1e-6 * RHOA

# ---- Saint-Venant ---------------------------------------------------------
MASS_RATIO = 1.0         # striking mass / bar mass
R_STRIKER = 0.005


def step(n_el):
    return COURANT * (L / n_el) / C_WAVE


def bar_t_end():
    return 3.0 * L / C_WAVE


def sv_t_end():
    """Two wave periods 2L/c (8e-4 s: a whole number of steps on every mesh;
    the closed-form contact ends at 1.53 periods for MASS_RATIO = 1)."""
    return 4.0 * L / C_WAVE


def bar_mass():
    return RHOA * L


def striker_mass():
    return MASS_RATIO * bar_mass()


# ---- closed forms ---------------------------------------------------------
def ball_closed_form(n_impacts=3):
    """Impact times, rebound velocities (upward) and energy fractions
    (relative to the drop energy m g (z0 - R)) after each impact."""
    v = math.sqrt(2.0 * G * (Z0_BALL - R_BALL))
    t = math.sqrt(2.0 * (Z0_BALL - R_BALL) / G)
    times, rebounds, energy = [], [], []
    for k in range(n_impacts):
        times.append(t)
        v *= E_BALL
        rebounds.append(v)
        energy.append(E_BALL ** (2 * (k + 1)))
        t += 2.0 * v / G
    return times, rebounds, energy


def bar_closed_form():
    """Contact end, rebound velocity (rigid, along the axis) and energy kept."""
    return {"t_end_contact": 2.0 * L / C_WAVE, "rebound": -V0, "energy": 1.0}


def saint_venant_closed_form(n_intervals=20):
    """Saint-Venant's problem.  With T = 2L/c, Z = rho A c and
    alpha = Z / M, the force the mass feels is F = Z v + 2 P_in, where the
    wave P_out = Z v + P_in leaves the struck end and comes back from the
    held end unchanged after T: P_in(t) = P_out(t - T).  The mass obeys
    M v' = -F.  On the k-th interval [kT, (k+1)T), v = exp(-alpha t) p_k(t)
    and P_out = exp(-alpha t) q_k(t) with polynomials
      p_k' = -(2/M) exp(alpha T) q_{k-1}(t - T),
      q_k  = Z p_k + exp(alpha T) q_{k-1}(t - T),
    p_0 = V0, q_{-1} = 0.  Contact ends at the first zero of F.
    Returns the contact end, the mass's velocity then, and the energy left in
    the mass as a fraction of its initial kinetic energy."""
    T = 2.0 * L / C_WAVE
    Z = RHOA * C_WAVE
    M = striker_mass()
    a = Z / M
    ea = math.exp(a * T)
    p = np.array([V0])
    q_prev = np.zeros(1)
    for k in range(n_intervals):
        t0, t1 = k * T, (k + 1) * T
        if k > 0:
            shifted = _shift(q_prev, -T)   # q_{k-1}(t - T)
            dp = -(2.0 / M) * ea * shifted
            ip = P.polyint(dp)
            p = P.polyadd(np.array([P.polyval(t0, p) - P.polyval(t0, ip)]), ip)
            pin = ea * shifted
        else:
            pin = np.zeros(1)
        force = P.polyadd(Z * p, 2.0 * pin)   # F exp(alpha t)
        # first sign change of the force on [t0, t1)
        ts = np.linspace(t0, t1, 2001)
        fv = P.polyval(ts, force)
        neg = np.nonzero(fv <= 0.0)[0]
        if len(neg):
            j = neg[0]
            lo, hi = (ts[j - 1], ts[j]) if j > 0 else (t0, t0)
            for _ in range(200):
                mid = 0.5 * (lo + hi)
                if P.polyval(mid, force) > 0.0:
                    lo = mid
                else:
                    hi = mid
            tc = 0.5 * (lo + hi)
            v = math.exp(-a * tc) * P.polyval(tc, p)
            return {"t_end_contact": tc, "rebound": v, "mass_energy": (v / V0) ** 2}
        q_prev = P.polyadd(Z * p, pin)
    raise RuntimeError("Saint-Venant: no separation within %d wave periods" % n_intervals)


def _shift(c, s):
    """Coefficients of x -> poly(x + s)."""
    out = np.zeros(1)
    for k, ck in enumerate(c):
        out = P.polyadd(out, ck * P.polypow(np.array([s, 1.0]), k))
    return out
