"""Decks of benchmarks/rect_section_contact (README.md here): a steel bar of
rectangular section b x h = 40 x 80 mm, 0.5 m long (2 B2V elements, 3 nodes,
all of them contact slaves), against the floor z = 0, and the bar held as the
master of a particle, in SI (m, kg, s) and mm-t-s (mm, t, s; MPa, t/mm^3).  Run: python3 make_decks.py"""
import math
import os

HERE = os.path.dirname(os.path.abspath(__file__))
B, H, L = 0.04, 0.08, 0.5
E, NU, RHO, G = 2.1e11, 0.3, 7850.0, 9.81
TURN = 30.0  # degrees about the bar's axis
DROP = 0.01  # free fall before the first touch [m]

UNITS = {"si": dict(length=1.0, stress=1.0, density=1.0, accel=1.0, note="m, kg, s, N, Pa"),
         "mm": dict(length=1e3, stress=1e-6, density=1e-12, accel=1e3, note="mm, t, s, N, MPa")}


def support(turn_deg):
    """Extent of the section toward the floor: b/2 |n.G2| + h/2 |n.G3|, n = (0, 0, 1),
    G2 = (0, cos a, sin a), G3 = (0, -sin a, cos a)."""
    a = math.radians(turn_deg)
    return 0.5 * B * abs(math.sin(a)) + 0.5 * H * abs(math.cos(a))


def deck(name, units, n1, z0, law, step, title, hold=False):
    u = UNITS[units]
    s = u["length"]
    lines = [
        "** %s: %s (make_decks.py; units %s)" % (name, title, u["note"]),
        "*HEADING", title,
        "*NODE, NSET=BAR",
    ]
    for k in range(3):
        lines.append("%d, %r, 0.0, %r" % (k + 1, k * 0.5 * L * s, z0 * s))
    lines += [
        "*ELEMENT, TYPE=B2V, ELSET=BAR, POINTS=2", "1, 1, 2", "2, 2, 3",
        "*MATERIAL, NAME=STEEL", "*ELASTIC", "%r, %r" % (E * u["stress"], NU), "*DENSITY", "%r" % (RHO * u["density"]),
        "*BEAM SECTION, ELSET=BAR, MATERIAL=STEEL, SECTION=RECT", "%r, %r" % (B * s, H * s), "%r, %r, %r" % n1,
        "*OBSTACLE, NAME=FLOOR, TYPE=PLANE", "0, 0, 0, 0, 0, 1",
        "*PROBE, NAME=MID, NODE=2", "X, R",
        "*CONTACT PAIR, %s" % law, "BAR, FLOOR",
    ]
    if hold:
        # the frictionless floor leaves the bar free in x, y, about z and about its axis
        lines += ["*BOUNDARY", "1, 1, 2", "1, 4, 4", "3, 2, 2"]
    lines += [
        "*STEP",
    ]
    lines += step(u)
    lines += ["*GRAVITY", "0, 0, %r" % (-G * u["accel"]), "*OUTPUT, FORMAT=CONTACT", "*END STEP", ""]
    with open(os.path.join(HERE, name + ".inp"), "w") as f:
        f.write("\n".join(lines))


# a particle against the bar as a rectangular master (docs/contact.md §9)
PM, PR = 0.1, 0.01            # particle mass [kg], radius [m]
PC, PP, PD = 1e9, 1.5, 500.0  # Hertz stiffness [N/m^1.5], exponent, Hunt-Crossley damping [s/m]
PY = 0.005                    # the resting particle's offset from the face's centre line [m]
DY, DH = 0.03, 0.02           # the dropped particle: offset on the wide face, fall before the touch [m]


def particle_deck(name, units, n1, top, y, z0, damping, step, title, newton=None):
    """The bar held at its three nodes (every DOF), a particle above it at (L/4, y, z0);
    newton: Newton's law with that restitution instead of Hertz's (docs/contact.md §8.5)."""
    u = UNITS[units]
    s = u["length"]
    law = "LAW=HERTZ, STIFFNESS=%r, EXPONENT=%r" % (PC / s ** PP, PP)  # N/length^p
    if damping:
        law += ", DAMPING=%r" % (PD / s)
    if newton is not None:
        law = "LAW=NEWTON, RESTITUTION=%r" % newton
    lines = ["** %s: %s (make_decks.py; units %s)" % (name, title, u["note"]), "*HEADING", title,
             "*NODE, NSET=BARN"]
    for k in range(3):
        lines.append("%d, %r, 0.0, 0.0" % (k + 1, k * 0.5 * L * s))
    lines += [
        "*NODE, NSET=BALL", "10, %r, %r, %r" % (0.25 * L * s, y * s, z0 * s),
        "*PARTICLE, NSET=BALL, MASS=%r, RADIUS=%r" % (PM * u["density"] * s ** 3, PR * s),
        "*ELEMENT, TYPE=B2V, ELSET=BAR, POINTS=2", "1, 1, 2", "2, 2, 3",
        "*MATERIAL, NAME=STEEL", "*ELASTIC", "%r, %r" % (E * u["stress"], NU), "*DENSITY", "%r" % (RHO * u["density"]),
        "*BEAM SECTION, ELSET=BAR, MATERIAL=STEEL, SECTION=RECT", "%r, %r" % (B * s, H * s), "%r, %r, %r" % n1,
        "*BOUNDARY", "BARN, 1, 6",
        "*PROBE, NAME=P, NODE=10", "X, V",
        "*CONTACT PAIR, %s" % law, "BALL, BAR",
        "*STEP",
    ]
    lines += step(u)
    lines += ["*GRAVITY", "0, 0, %r" % (-G * u["accel"]), "*OUTPUT, FORMAT=CONTACT", "*END STEP", ""]
    with open(os.path.join(HERE, name + ".inp"), "w") as f:
        f.write("\n".join(lines))


def main():
    a = math.radians(TURN)
    for units in UNITS:
        static = lambda u: ["*STATIC", "0.25, 1.0"]
        # on its narrow face (the 80 mm side vertical: G3 = z), on its wide face (G2 = z)
        deck("narrow_%s" % units, units, (0.0, 1.0, 0.0), 0.5 * H, "LAW=NEWTON", static,
             "bar on its narrow face, static Signorini contact", hold=True)
        deck("wide_%s" % units, units, (0.0, 0.0, 1.0), 0.5 * B, "LAW=NEWTON", static,
             "bar on its wide face, static Signorini contact", hold=True)
        drop = lambda u: ["*DYNAMIC", "1e-4, 0.06"]
        deck("turned_%s" % units, units, (0.0, math.cos(a), math.sin(a)), support(TURN) + DROP,
             "LAW=NEWTON, RESTITUTION=0", drop, "bar turned %g deg about its axis dropped on its corner" % TURN)
        # a particle resting on the narrow (top) face off its centre line, settled by Hunt-Crossley damping
        particle_deck("particle_rest_%s" % units, units, (0.0, 1.0, 0.0), 0.5 * H, PY, 0.5 * H + PR, True,
                      lambda u: ["*DYNAMIC", "5e-5, 0.05"], "particle resting on the top face of the deep bar")
        # a particle dropped on the wide face beside the circle of the smaller side (|y| > b/2), no damping
        particle_deck("particle_drop_%s" % units, units, (0.0, 0.0, 1.0), 0.5 * B, DY, 0.5 * B + PR + DH, False,
                      lambda u: ["*DYNAMIC", "2e-5, 0.13"], "particle dropped on the wide face of the bar")
        # the same under Newton's law (the default law): at rest off the centre line (RHOINF=0.5 damps
        # the held bar's ringing under the set-down particle), and dropped with e = 0 and e = 0.5
        particle_deck("particle_rest_newton_%s" % units, units, (0.0, 1.0, 0.0), 0.5 * H, PY, 0.5 * H + PR, False,
                      lambda u: ["*DYNAMIC, RHOINF=0.5", "5e-5, 0.05"],
                      "particle resting on the top face of the deep bar, Newton's law", newton=0.0)
        for e, tag in ((0.0, "e0"), (0.5, "e05")):
            particle_deck("particle_drop_newton_%s_%s" % (tag, units), units, (0.0, 0.0, 1.0), 0.5 * B, DY,
                          0.5 * B + PR + DH, False, lambda u: ["*DYNAMIC", "2e-5, 0.13"],
                          "particle dropped on the wide face of the bar, Newton's law e = %g" % e, newton=e)


if __name__ == "__main__":
    main()
