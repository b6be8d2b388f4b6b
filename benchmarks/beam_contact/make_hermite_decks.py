#!/usr/bin/env python3
"""Decks of the CENTRELINE=HERMITE demonstration (README.md, "Contact on the
Hermite centreline").

  arc<n>_<chord|hermite>.inp  a stiff cantilever bent as a quarter circle of
      radius 1 (centre at the origin, x-z plane) in n = 2 or 4 elements,
      turned so that the middle of one element is at the top (0, 0, 1); a
      particle pushed down by a constant force m g (no gravity on the beam)
      falls onto the top and comes to rest (Hertz law with Hunt-Crossley
      damping).  Exact: the arc's top is at z = 1; the contact point of the
      chord is at cos(beta), beta = half the element angle.
"""
import math
import os

HERE = os.path.dirname(os.path.abspath(__file__))
R0 = 1.0                  # arc radius
RB, RP = 0.05, 0.05       # beam contact radius (circle section), particle radius
M, G = 0.1, 9.81          # particle mass, pushing force M*G
C, P, D = 1e7, 1.5, 20.0  # Hertz stiffness, exponent, Hunt-Crossley damping [s/m]
E, NU, RHO = 210e9, 0.3, 7850.0
DROP = 0.01               # initial gap


def deck(n, centreline):
    dphi = (math.pi / 2) / n
    phi0 = -dphi / 2          # the first element's middle is at phi = 0 (the top)
    phis = [phi0 + i * dphi for i in range(n + 1)]
    s = "** arc%d_%s: particle resting on a quarter-circle cantilever (make_hermite_decks.py)\n" % (n, centreline)
    s += "*HEADING\nquarter-circle cantilever, %d elements, CENTRELINE=%s\n" % (n, centreline.upper())
    s += "*NODE, NSET=ARC\n"
    for i, ph in enumerate(phis):
        s += "%d, %.17g, 0.0, %.17g\n" % (i + 1, R0 * math.sin(ph), R0 * math.cos(ph))
    s += "*NODE, NSET=BALL\n100, 0.0, 0.0, %.17g\n" % (R0 + RB + RP + DROP)
    s += "*PARTICLE, NSET=BALL, MASS=%g, RADIUS=%g\n" % (M, RP)
    s += "*ELEMENT, TYPE=B2V, ELSET=BEAM, POINTS=2\n"
    for i in range(n):
        s += "%d, %d, %d\n" % (i + 1, i + 1, i + 2)
    s += "*MATERIAL, NAME=STEEL\n*ELASTIC\n%g, %g\n*DENSITY\n%g\n" % (E, NU, RHO)
    s += "*BEAM SECTION, ELSET=BEAM, MATERIAL=STEEL, SECTION=CIRC\n%g\n0.0, 1.0, 0.0\n" % RB
    s += "*BEAM NODE FRAME\n"
    for i, ph in enumerate(phis):
        s += "%d, %.17g, 0.0, %.17g, 0.0, 1.0, 0.0\n" % (i + 1, math.cos(ph), -math.sin(ph))
    s += "*BOUNDARY\n%d, 1, 6\n" % (n + 1)
    s += "*CLOAD\n100, 3, %.17g\n" % (-M * G)
    s += ("*CONTACT PAIR, LAW=HERTZ, STIFFNESS=%g, EXPONENT=%g, DAMPING=%g, CENTRELINE=%s\nBALL, BEAM\n"
          % (C, P, D, centreline.upper()))
    # steel stiffnesses (EA = 1.6e9 N): the default residual tolerance is below round-off (as particle_beam_impact)
    s += ("*STEP\n*DYNAMIC, SCHEME=MODIFIED NEWMARK\n1e-4, 0.4\n"
          "*OUTPUT, FORMAT=CONTACT\n*END STEP\n")
    return s


if __name__ == "__main__":
    for n in (2, 4):
        for c in ("chord", "hermite"):
            with open(os.path.join(HERE, "arc%d_%s.inp" % (n, c)), "w") as f:
                f.write(deck(n, c))
