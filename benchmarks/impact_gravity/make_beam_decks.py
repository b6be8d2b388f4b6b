"""Writes the beam decks of benchmarks/impact_gravity (README.md here): a free steel rod
(1 m, 10 B31 elements, circle r = 0.01) falling flat at 1 m/s under gravity onto a floor,
Newton's law at its end nodes, its first node or all its nodes, e = 0 and 0.5, the default
scheme, h = 1 us; m-kg-s and mm-tonne-s."""
import os

HERE = os.path.dirname(os.path.abspath(__file__))
N_EL, LEN, RAD, GAP, V0, G = 10, 1.0, 0.01, 1e-4, 1.0, 9.81
E_MOD, DENS, H, T_END = 210e9, 7850.0, 1e-6, 3e-4
SLAVES = {"ends": "1, %d" % (N_EL + 1), "end": "1", "all": ", ".join(str(i + 1) for i in range(N_EL + 1))}
WHAT = {"ends": "its two end nodes", "end": "its first node only", "all": "all its nodes"}


def deck(slaves, e, unit):
    L = 1.0 if unit == "m" else 1000.0  # length unit
    units = "m, kg, s, N, Pa" if unit == "m" else "mm, tonne, s, N, MPa"
    mod = E_MOD if unit == "m" else E_MOD * 1e-6
    rho = DENS if unit == "m" else DENS * 1e-12
    z = (RAD + GAP) * L
    out = ["** benchmarks/impact_gravity: a free steel rod (1 m, 10 B31 elements, circle r = 0.01 m)",
           "** falls flat at 1 m/s under gravity onto a floor, its underside 0.1 mm above it; Newton's",
           "** law e = %g at %s (SLAVE RADIUS = r), the default scheme, h = 1 us." % (e, WHAT[slaves]),
           "** Units: %s.  Written by make_beam_decks.py." % units,
           "*HEADING", "Rod dropped flat, contact at %s, e = %g" % (WHAT[slaves], e), "*NODE, NSET=ROD"]
    for i in range(N_EL + 1):
        out.append("%d, %r, 0, %r" % (i + 1, LEN * L * i / N_EL, z))
    out += ["*NSET, NSET=SLAVES", SLAVES[slaves], "*ELEMENT, TYPE=B31, ELSET=ROD"]
    for i in range(N_EL):
        out.append("%d, %d, %d" % (i + 1, i + 1, i + 2))
    out += ["*MATERIAL, NAME=STEEL", "*ELASTIC", "%r, 0.3" % mod, "*DENSITY", "%r" % rho,
            "*BEAM SECTION, ELSET=ROD, MATERIAL=STEEL, SECTION=CIRC", "%r" % (RAD * L),
            "*OBSTACLE, NAME=FLOOR, TYPE=PLANE", "0, 0, 0, 0, 0, 1",
            "*CONTACT PAIR, LAW=NEWTON, RESTITUTION=%g, SLAVE RADIUS=%r%s"
            % (e, RAD * L, ", MASS=STANDARD" if e == 0 else ""), "SLAVES, FLOOR",
            "*INITIAL CONDITIONS, TYPE=VELOCITY", "ROD, 3, %r" % (-V0 * L),
            "*GRAVITY", "0, 0, %r" % (-G * L),
            "*PROBE, NAME=a, NODE=1", "U, V", "*STEP", "*DYNAMIC", "%r, %r" % (H, T_END),
            "*OUTPUT, FORMAT=HISTORY, EVERY=1", "*END STEP"]
    return "\n".join(out) + "\n"


def main():
    for slaves in ("ends", "end", "all"):
        for e in (0.0, 0.5):
            if slaves != "ends" and e == 0.0:
                continue
            for unit in ("m", "mm"):
                name = "beam_%s_e%g_%s.inp" % (slaves, e, unit)
                with open(os.path.join(HERE, name), "w") as f:
                    f.write(deck(slaves, e, unit))


if __name__ == "__main__":
    main()
