#!/usr/bin/env python3
"""Decks of benchmarks/flat_landing (README.md here): a free steel bar (1 m, 20 x 20 mm) dropped
flat from 5 mm onto a rigid floor, every node a contact node (Newton's law, e = 0), under gravity.
Variants: the mesh and element (10 B31, 40 B31, 10 B2V Galerkin POINTS=2, 10 B2S: Galerkin by
default with the pair, POINTS=2 and 3), the step (0.1 ms,
10 us), the scheme (default, RHOINF=1), the units (m-kg-s, mm-t-s) and the mass (the default,
MASS=LUMPED, against MASS=STANDARD, the elements' own quadrature)."""
import os

HERE = os.path.dirname(os.path.abspath(__file__))
L, B, DROP, G, T = 1.0, 0.02, 0.005, 9.81, 0.06
UNITS = {"m": (1.0, 1.0), "mm": (1e3, 1e-3)}  # length and mass unit factors


def deck(n=10, elem="TYPE=B31", h=1e-4, units="m", mass="", scheme=""):
    lu, mu = UNITS[units]
    s = "** A free steel bar (1 m, 20 x 20 mm, %d elements, %s) dropped flat from 5 mm onto a rigid floor,\n" % (n, elem)
    s += "** every node a contact node, e = 0, h = %g s%s%s (written by make_decks.py)\n" % (
        h, ", " + scheme.lstrip(", ") if scheme else "", ", MASS=" + mass if mass else "")
    s += "*NODE, NSET=BAR_N\n"
    z = (B / 2 + DROP) * lu
    for i in range(n + 1):
        s += "%d, %.17g, 0, %.17g\n" % (i + 1, L * lu * i / n, z)
    s += "*ELEMENT, %s, ELSET=BAR\n" % elem
    for i in range(n):
        s += "%d, %d, %d\n" % (i + 1, i + 1, i + 2)
    s += "*MATERIAL, NAME=STEEL\n*ELASTIC\n%.17g, 0.3\n*DENSITY\n%.17g\n" % (210e9 * mu / lu, 7850 * mu / lu ** 3)
    s += "*BEAM SECTION, ELSET=BAR, MATERIAL=STEEL, SECTION=RECT\n%.17g, %.17g\n0, 1, 0\n" % (B * lu, B * lu)
    s += "*OBSTACLE, NAME=FLOOR, TYPE=PLANE\n0, 0, 0, 0, 0, 1\n"
    s += "*CONTACT PAIR, LAW=NEWTON%s\nBAR_N, FLOOR\n" % (", MASS=" + mass if mass else "")
    s += "*GRAVITY\n0, 0, %.17g\n" % (-G * lu)
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


def main():
    for name, kw in CASES.items():
        with open(os.path.join(HERE, name + ".inp"), "w") as fh:
            fh.write(deck(**kw))


if __name__ == "__main__":
    main()
