#!/usr/bin/python3
"""The vibration that the trapezoidal rule leaves in the bar (README.md, "Theory").

  airy_estimate.py NE:C ...

The trapezoidal rule turns a mode omega into tan(Omega h / 2) = omega h / 2, so
Omega = omega (1 - (omega h)^2 / 12 + ...) (Hughes 1987, ch. 9): on the
non-dispersive bar, omega = c k, a wave of wavenumber k travels at
c (1 - beta k^2), beta = (c h)^2 / 12.  The step of strain v0/c that the impact
sends through the bar and back (path 2L) then arrives with the Airy front of
u_t + c u_x + c beta u_xxx = 0: strain (v0/c) S(s), S(s) = int_s^inf Ai,
s = (x - c t)/delta, delta = (3 c beta t)^(1/3) = ((c h)^2 L / 2)^(1/3) at
t = 2L/c.  Its deviation from the step is a right-running wave (kinetic energy =
strain energy), so it carries

    E_vib / E0 = 2 (delta / L) I(L / delta),  I(s_m) = int_{-s_m}^inf (S - H(-s))^2 ds,

cut at the length of the bar behind the front; the rebound then follows from
the energy, v_r / v0 = sqrt(1 - E_vib / E0).  The space discretization's own
dispersion (of higher order in k dx for POINTS >= 2) is left out.
Needs numpy and scipy (Debian's /usr/bin/python3).
"""
import sys

from scipy.integrate import quad
from scipy.special import itairy

L, C_WAVE = 1.0, 100.0   # make_decks.py


def dev(s):
    """S(s) - H(-s): int_s^inf Ai(t) dt minus the step (int_0^inf Ai = 1/3, int_-inf^0 Ai = 2/3)."""
    if s >= 0.0:
        return 1.0 / 3.0 - itairy(s)[0]
    return itairy(-s)[2] - 2.0 / 3.0


def I(s_max):
    tot = quad(lambda s: dev(s) ** 2, 0.0, 30.0, limit=500)[0]
    a = 0.0
    while a < s_max:
        b = min(a + 20.0, s_max)
        tot += quad(lambda s: dev(-s) ** 2, a, b, limit=2000)[0]
        a = b
    return tot


def estimate(ne, cr):
    h = cr * (L / ne) / C_WAVE
    delta = ((C_WAVE * h) ** 2 * L / 2.0) ** (1.0 / 3.0)
    vib = 2.0 * delta / L * I(L / delta)
    return vib, 1.0 - (1.0 - vib) ** 0.5


def main(argv):
    print("%-12s %12s %12s" % ("run", "E_vib/E0", "rebound err"))
    for spec in argv:
        ne, cr = spec.split(":")
        vib, reb = estimate(int(ne), float(cr))
        print("%-12s %12.4g %12.4g" % (spec, vib, reb))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
