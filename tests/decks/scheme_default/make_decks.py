#!/usr/bin/env python3
"""Decks of tests/decks/scheme_default (tests/decks.cmake, cli_scheme_default_*): where a *DYNAMIC
step that names none of RHOINF, BETA, GAMMA takes rho_inf = 1 for the model's LAW=NEWTON impacts
and where it keeps the modified scheme's rho_inf = 0.9 (docs/contact.md §7.2 "The default",
io/deck_contact.c deck_default_impact_scheme).  Each deck's first line holds the regular
expression that `nsbeam check` must print ("** expect: ...")."""
import os

HERE = os.path.dirname(os.path.abspath(__file__))

BAR = """*NODE, NSET=BAR
1, 0, 0, 0
2, 0.5, 0, 0
3, 1, 0, 0
*NSET, NSET=TIP
3
*ELEMENT, TYPE=B2V, ELSET=BAR
1, 1, 2
2, 2, 3
*BEAM GENERAL SECTION, ELSET=BAR
1e4, 1e4, 1e4, 1e4, 1e4, 1e4
1, 2e-6, 1e-6, 1e-6
0, 1, 0
*INITIAL CONDITIONS, TYPE=VELOCITY
BAR, 1, 1
"""
WALL = "*OBSTACLE, NAME=WALL, TYPE=PLANE\n1.01, 0, 0, -1, 0, 0\n"
BALL = "*NODE, NSET=BALL\n10, 1.03, 0, 0\n*PARTICLE, NODE=10, MASS=1, RADIUS=0.01\n"
PAIR = "*CONTACT PAIR, LAW={law}, SLAVE RADIUS=0.01{pair}\n{slave}, {master}\n"
DYN = "*STEP\n*DYNAMIC{dyn}\n0.001, 0.01\n*END STEP\n"
STATIC = "*STEP\n*STATIC\n1, 1\n*END STEP\n"

ONE = r"modified Newmark \(beta=0\.5, gamma=0\.5. rho_inf=1, the default with LAW=NEWTON impacts\)"
ALPHA = r"modified Newmark, generalized-alpha form \(rho_inf=0\.9: "
PLAIN = r"modified Newmark \(beta=0\.5, gamma=0\.5\), h="


def deck(what, expect, law="NEWTON", pair="", slave="TIP", master="WALL", dyn="", extra="", steps=None):
    s = "** expect: %s\n** %s (written by make_decks.py)\n" % (expect, what)
    s += BAR + WALL + extra
    s += PAIR.format(law=law, pair=pair, slave=slave, master=master)
    s += steps if steps is not None else DYN.format(dyn=dyn)
    return s


DECKS = {
    "newton": ("a LAW=NEWTON pair, *DYNAMIC without parameters: rho_inf = 1", ONE, {}),
    "scheme_named": ("SCHEME=MODIFIED NEWMARK without RHOINF: the same default, rho_inf = 1", ONE,
                     dict(dyn=", SCHEME=MODIFIED NEWMARK")),
    "restitution_zero": ("LAW=NEWTON with RESTITUTION=0 written: rho_inf = 1", ONE, dict(pair=", RESTITUTION=0")),
    "restitution": ("LAW=NEWTON with RESTITUTION=0.5: 0.9 kept", ALPHA, dict(pair=", RESTITUTION=0.5")),
    "friction": ("LAW=NEWTON with FRICTION=0.3: 0.9 kept", ALPHA, dict(pair=", FRICTION=0.3")),
    "other_pair_friction": ("a frictionless e = 0 pair on the beam and a frictional one of a particle: 0.9 kept", ALPHA,
                            dict(extra=BALL + "*OBSTACLE, NAME=BACK, TYPE=PLANE\n1.1, 0, 0, -1, 0, 0\n"
                                 + PAIR.format(law="NEWTON", pair=", FRICTION=0.3", slave="BALL", master="BACK"))),
    "static_then_dynamic": ("a *STATIC step, then the *DYNAMIC one: rho_inf = 1 there",
                            r"2: - dynamic, " + ONE, dict(steps=STATIC + DYN.format(dyn=""))),
    "particle_standard": ("the tip against a particle, MASS=STANDARD: rho_inf = 1", ONE,
                          dict(master="BALL", pair=", MASS=STANDARD", extra=BALL)),
    "particle_rule": ("the tip against a particle with the mass rule (the default of MASS=): the release's "
                      "alternating force needs rho_inf < 1, 0.9 kept", ALPHA, dict(master="BALL", extra=BALL)),
    "particle_rule_other_pair": ("the ball also against a plane behind it (a second NEWTON pair): the tip's pair "
                                 "with the mass rule keeps 0.9 for the whole model", ALPHA,
                                 dict(master="BALL", extra=BALL + "*OBSTACLE, NAME=BACK, TYPE=PLANE\n1.1, 0, 0, -1, 0, 0\n"
                                      + PAIR.format(law="NEWTON", pair="", slave="BALL", master="BACK"))),
    "particles_only": ("a particle against a plane, no beam in a NEWTON pair: 0.9 kept", ALPHA,
                       dict(slave="BALL", master="BACK", extra=BALL + "*OBSTACLE, NAME=BACK, TYPE=PLANE\n1.1, 0, 0, -1, 0, 0\n")),
    "hertz": ("LAW=HERTZ only: 0.9 kept", ALPHA, dict(law="HERTZ", pair=", STIFFNESS=1e6")),
    "rhoinf_named": ("RHOINF=0.9 named: kept", ALPHA, dict(dyn=", RHOINF=0.9")),
    "beta_gamma": ("BETA=0.5, GAMMA=0.5 named: the plain scheme, no default taken", PLAIN,
                   dict(dyn=", BETA=0.5, GAMMA=0.5")),
}


def main():
    for name, (what, expect, kw) in DECKS.items():
        with open(os.path.join(HERE, name + ".inp"), "w") as f:
            f.write(deck(what, expect, **kw))


if __name__ == "__main__":
    main()
