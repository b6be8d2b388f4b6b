#!/usr/bin/env python3
"""Decks of benchmarks/flat_landing (README.md here): a free steel bar (1 m, 20 x 20 mm) dropped
flat from 5 mm onto a rigid floor, every node a contact node (Newton's law, e = 0), under gravity.
Variants: the mesh and element (10 B31, 40 B31, 10 B2V Galerkin POINTS=2, 10 B2S: Galerkin by
default with the pair, POINTS=2 and 3), the step (0.1 ms,
10 us), the scheme (default, RHOINF=1), the units (m-kg-s, mm-t-s) and the mass (the default,
MASS=LUMPED, against MASS=STANDARD, the elements' own quadrature).

The measurements behind the default of MASS= away from e = 0 (README, "Restitution, friction, a tilted
landing and the bending frequencies"): the same bar with e = 0.5 and 1, with friction mu = 0.3 landing
while it slides at 0.5 m/s, tilted by 3 degrees (one end first, e = 0.5; the reference: 160 elements at
h = 1 us), each with MASS=LUMPED and MASS=STANDARD written; and the free bar (no gravity, the floor
out of reach) started in its first or second free-free bending mode, for its frequency."""
import math
import os

HERE = os.path.dirname(os.path.abspath(__file__))
L, B, DROP, G, T = 1.0, 0.02, 0.005, 9.81, 0.06
UNITS = {"m": (1.0, 1.0), "mm": (1e3, 1e-3)}  # length and mass unit factors


# the first two free-free bending modes of the bar: beta L (Euler-Bernoulli)
BL = (4.730040744862704, 7.853204624095838)


def mode_shape(k):
    """The free-free mode k (0, 1): phi(x) and phi'(x) (benchmarks/beam_frequencies/README.md (a))."""
    bl = BL[k]
    b = bl / L
    sg = (math.cosh(bl) - math.cos(bl)) / (math.sinh(bl) - math.sin(bl))
    return (lambda x: math.cosh(b * x) + math.cos(b * x) - sg * (math.sinh(b * x) + math.sin(b * x)),
            lambda x: b * (math.sinh(b * x) - math.sin(b * x) - sg * (math.cosh(b * x) + math.cos(b * x))))


def deck(n=10, elem="TYPE=B31", h=1e-4, units="m", mass="", scheme="", e=0.0, fric=0.0, vx=0.0, tilt=0.0, T=T,
         mode=None):
    lu, mu = UNITS[units]
    if mode is not None:
        s = "** A free steel bar (1 m, 20 x 20 mm, %d elements, %s) started in its free-free bending mode %d\n" % (
            n, elem, mode + 1)
        s += "** (velocity 1 mm/s at its ends), no gravity, the floor out of reach, h = %g s%s%s (written by " \
             "make_decks.py)\n" % (h, ", " + scheme.lstrip(", ") if scheme else "", ", MASS=" + mass if mass else "")
    elif e or fric or vx or tilt:
        s = "** A free steel bar (1 m, 20 x 20 mm, %d elements, %s) dropped %s from 5 mm onto a rigid floor,\n" % (
            n, elem, "tilted by %g degrees" % tilt if tilt else "flat")
        s += "** every node a contact node, e = %g%s%s, h = %g s%s%s (written by make_decks.py)\n" % (
            e, ", friction %g" % fric if fric else "", ", sliding at %g m/s" % vx if vx else "", h,
            ", " + scheme.lstrip(", ") if scheme else "", ", MASS=" + mass if mass else "")
    else:
        s = "** A free steel bar (1 m, 20 x 20 mm, %d elements, %s) dropped flat from 5 mm onto a rigid floor,\n" % (
            n, elem)
        s += "** every node a contact node, e = 0, h = %g s%s%s (written by make_decks.py)\n" % (
            h, ", " + scheme.lstrip(", ") if scheme else "", ", MASS=" + mass if mass else "")
    s += "*NODE, NSET=BAR_N\n"
    th = math.radians(tilt)
    z = (B / 2 * math.cos(th) + DROP) * lu if tilt else (B / 2 + DROP) * lu
    for i in range(n + 1):
        if tilt:
            s += "%d, %.17g, 0, %.17g\n" % (i + 1, L * lu * i / n * math.cos(th), z + L * lu * i / n * math.sin(th))
        else:
            s += "%d, %.17g, 0, %.17g\n" % (i + 1, L * lu * i / n, z)
    s += "*ELEMENT, %s, ELSET=BAR\n" % elem
    for i in range(n):
        s += "%d, %d, %d\n" % (i + 1, i + 1, i + 2)
    s += "*MATERIAL, NAME=STEEL\n*ELASTIC\n%.17g, 0.3\n*DENSITY\n%.17g\n" % (210e9 * mu / lu, 7850 * mu / lu ** 3)
    s += "*BEAM SECTION, ELSET=BAR, MATERIAL=STEEL, SECTION=RECT\n%.17g, %.17g\n0, 1, 0\n" % (B * lu, B * lu)
    if mode is None:
        s += "*OBSTACLE, NAME=FLOOR, TYPE=PLANE\n0, 0, 0, 0, 0, 1\n"
    else:
        s += "*OBSTACLE, NAME=FLOOR, TYPE=PLANE\n0, 0, %.17g, 0, 0, 1\n" % (-0.5 * lu)
    law = (", RESTITUTION=%g" % e if e else "") + (", FRICTION=%g" % fric if fric else "")
    s += "*CONTACT PAIR, LAW=NEWTON%s%s\nBAR_N, FLOOR\n" % (law, ", MASS=" + mass if mass else "")
    if mode is None:
        s += "*GRAVITY\n0, 0, %.17g\n" % (-G * lu)
    if vx:
        s += "*INITIAL CONDITIONS, TYPE=VELOCITY\nBAR_N, 1, %.17g\n" % (vx * lu)
    if mode is not None:
        # v_z = a phi(x) and the rotation rate about y that goes with it, -a phi'(x); a: 1 mm/s at the ends
        phi, dphi = mode_shape(mode)
        a = 1e-3 / phi(0.0)
        s += "*INITIAL CONDITIONS, TYPE=VELOCITY\n"
        for i in range(n + 1):
            x = L * i / n
            s += "%d, 3, %.17g\n%d, 5, %.17g\n" % (i + 1, a * phi(x) * lu, i + 1, -a * dphi(x))
    s += "*STEP\n*DYNAMIC%s\n%.17g, %.17g\n" % (scheme, h, T)
    s += "*OUTPUT, FORMAT=HISTORY, EVERY=1\n*OUTPUT, FORMAT=CONTACT\n*END STEP\n"
    return s


CASES = {
    "b31_n10_h1e-4_m": {},
    "b31_n10_h1e-4_mm": {"units": "mm"},
    "b31_n10_h1e-5_m": {"h": 1e-5},
    "b31_n10_h1e-5_mm": {"h": 1e-5, "units": "mm"},
    "b31_n10_h1e-4_rho1_m": {"scheme": ", SCHEME=MODIFIED NEWMARK, RHOINF=1"},
    "b31_n40_h1e-4_m": {"n": 40},
    "b2v_p2_n10_h1e-4_m": {"elem": "TYPE=B2V, WEIGHTING=GALERKIN, POINTS=2"},
    "b2s_n10_h1e-4_m": {"elem": "TYPE=B2S"},
    "b2s_n10_h1e-4_mm": {"elem": "TYPE=B2S", "units": "mm"},
    "b2s_n10_h1e-5_m": {"elem": "TYPE=B2S", "h": 1e-5},
    "b2s_n10_h1e-5_mm": {"elem": "TYPE=B2S", "h": 1e-5, "units": "mm"},
    "b2s_p3_n10_h1e-4_rho1_m": {"elem": "TYPE=B2S, POINTS=3", "scheme": ", SCHEME=MODIFIED NEWMARK, RHOINF=1"},
    "b2s_n10_h1e-4_standard_m": {"elem": "TYPE=B2S", "mass": "STANDARD"},
    "b31_n10_h1e-4_standard_m": {"mass": "STANDARD"},
    "b31_n10_h1e-5_standard_m": {"h": 1e-5, "mass": "STANDARD"},
}
# restitution, friction, a tilted landing, the bending frequencies: each with MASS= written
RHO1 = ", SCHEME=MODIFIED NEWMARK, RHOINF=1"
for mass in ("LUMPED", "STANDARD"):
    ms = "_" + mass.lower()
    for e, es in ((0.5, "e05"), (1.0, "e1")):
        CASES["b31_n10_h1e-4_%s%s_m" % (es, ms)] = {"e": e, "mass": mass}
        CASES["b31_n10_h1e-5_%s%s_m" % (es, ms)] = {"e": e, "mass": mass, "h": 1e-5}
        CASES["b31_n40_h1e-5_%s%s_m" % (es, ms)] = {"n": 40, "e": e, "mass": mass, "h": 1e-5}
        CASES["b2s_n10_h1e-4_%s%s_m" % (es, ms)] = {"elem": "TYPE=B2S", "e": e, "mass": mass}
    CASES["b31_n10_h1e-4_e05%s_mm" % ms] = {"e": 0.5, "mass": mass, "units": "mm"}
    CASES["b31_n10_h1e-4_mu03%s_m" % ms] = {"fric": 0.3, "vx": 0.5, "mass": mass, "T": 0.2}
    CASES["b31_n10_h1e-4_mu03%s_mm" % ms] = {"fric": 0.3, "vx": 0.5, "mass": mass, "T": 0.2, "units": "mm"}
    CASES["b31_n10_h1e-5_mu03%s_m" % ms] = {"fric": 0.3, "vx": 0.5, "mass": mass, "T": 0.2, "h": 1e-5}
    CASES["b2s_n10_h1e-4_mu03%s_m" % ms] = {"elem": "TYPE=B2S", "fric": 0.3, "vx": 0.5, "mass": mass, "T": 0.2}
    for n, h, hs in ((10, 1e-4, "1e-4"), (10, 1e-5, "1e-5"), (40, 1e-5, "1e-5"), (160, 1e-6, "1e-6")):
        CASES["b31_n%d_h%s_tilt3_e05%s_m" % (n, hs, ms)] = {"n": n, "h": h, "e": 0.5, "tilt": 3.0, "mass": mass,
                                                             "T": 0.045}
    for n in (10, 40):
        CASES["b31_n%d_mode1%s_m" % (n, ms)] = {"n": n, "mode": 0, "h": 2e-5, "T": 0.06, "mass": mass,
                                                "scheme": RHO1}
        CASES["b31_n%d_mode2%s_m" % (n, ms)] = {"n": n, "mode": 1, "h": 1e-5, "T": 0.02, "mass": mass,
                                                "scheme": RHO1}
    CASES["b2s_n10_mode1%s_m" % ms] = {"elem": "TYPE=B2S", "mode": 0, "h": 2e-5, "T": 0.06, "mass": mass,
                                       "scheme": RHO1}
    CASES["b31_n10_mode1%s_mm" % ms] = {"mode": 0, "h": 2e-5, "T": 0.06, "mass": mass, "units": "mm",
                                        "scheme": RHO1}


def main():
    for name, kw in CASES.items():
        with open(os.path.join(HERE, name + ".inp"), "w") as fh:
            fh.write(deck(**kw))


if __name__ == "__main__":
    main()
