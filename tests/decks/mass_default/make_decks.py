#!/usr/bin/env python3
"""Decks of tests/decks/mass_default (tests/decks.cmake, cli_mass_default_*): where a *CONTACT PAIR
without MASS= takes the mass rule (MASS=REDISTRIBUTED, docs/contact.md §7.2 "The default") and
where it keeps the node's mass.  Each deck's first line says how many pairs `nsbeam check` must
count with the rule; one deck per condition of the default (io/deck_contact.c deck_default_contact_mass)."""
import os

HERE = os.path.dirname(os.path.abspath(__file__))

BAR = """*NODE, NSET=BAR
1, 0, 0, 0
2, 0.5, 0, 0
3, 1, 0, 0
*NSET, NSET=TIP
3
*ELEMENT, TYPE={etype}, ELSET=BAR{eparams}
1, 1, 2
2, 2, 3
*BEAM GENERAL SECTION, ELSET=BAR
1e4, 1e4, 1e4, 1e4, 1e4, 1e4
1, 2e-6, 1e-6, 1e-6
0, 1, 0
*INITIAL CONDITIONS, TYPE=VELOCITY
BAR, 1, 1
"""
WALL = "*OBSTACLE, NAME=WALL, TYPE=PLANE{obst}\n1.01, 0, 0, -1, 0, 0{motion}\n"
PAIR = "*CONTACT PAIR, LAW={law}, SLAVE RADIUS=0.01{pair}\n{slave}, {master}\n"
DYN = "*STEP\n*DYNAMIC{dyn}\n0.001, 0.01\n{controls}*END STEP\n"
STATIC = "*STEP\n*STATIC\n1, 1\n*END STEP\n"


def deck(what, n, etype="B2V", eparams="", obst="", motion="", law="NEWTON", pair="", slave="TIP",
         master="WALL", dyn="", controls="", extra="", steps=None, more="", lumped=0):
    # the count of MASS=LUMPED pairs (docs/contact.md §7.8) appears only where there are some
    s = "** summary: %d with MASS=REDISTRIBUTED%s\n** %s (written by make_decks.py)\n" % (
        n, ", %d with MASS=LUMPED" % lumped if lumped else "", what)
    s += BAR.format(etype=etype, eparams=eparams)
    s += WALL.format(obst=obst, motion=motion)
    s += extra
    s += PAIR.format(law=law, pair=pair, slave=slave, master=master)
    s += more
    s += steps if steps is not None else DYN.format(dyn=dyn, controls=controls)
    return s


POST = ("*NODE\n5, 1.02, -0.5, 0\n6, 1.02, 0.5, 0\n*ELEMENT, TYPE=B2V, ELSET=POST\n3, 5, 6\n"
        "*BEAM GENERAL SECTION, ELSET=POST\n1e4, 1e4, 1e4, 1e4, 1e4, 1e4\n1, 2e-6, 1e-6, 1e-6\n"
        "0, 0, 1\n*BOUNDARY\n5, 1, 6\n6, 1, 6\n")
BALL = "*NODE, NSET=BALL\n4, 1.03, 0, 0\n*PARTICLE, NODE=4, MASS=1.0, RADIUS=0.01\n"
CASES = {
    # the default is taken
    "obstacle": deck("the default: B2V (Galerkin, POINTS=3 in a dynamic model) against a fixed plane", 1),
    "particle": deck("the default against a frictionless particle master", 1, extra=BALL, master="BALL"),
    "collocation_p3": deck("collocation elements with POINTS=3 keep the energy with the rule", 1,
                           eparams=", WEIGHTING=COLLOCATION, POINTS=3"),
    "b31": deck("B31 (B2V, Galerkin POINTS=3 in a dynamic model)", 1, etype="B31"),
    "static_then_dynamic": deck("a static step before the dynamic one (a fixed obstacle)", 1,
                                steps=STATIC + DYN.format(dyn="", controls="")),
    "rhoinf1": deck("the plain scheme, RHOINF=1", 1, dyn=", RHOINF=1"),
    "beta_gamma_half": deck("the plain scheme with BETA = GAMMA = 1/2", 1,
                            dyn=", SCHEME=MODIFIED NEWMARK, BETA=0.5, GAMMA=0.5"),
    "explicit": deck("MASS=REDISTRIBUTED as written", 1, pair=", MASS=REDISTRIBUTED"),
    # the node keeps its mass
    "explicit_standard": deck("MASS=STANDARD as written", 0, pair=", MASS=STANDARD"),
    "no_dynamic": deck("no *DYNAMIC step", 0, steps=STATIC),
    "restitution": deck("RESTITUTION > 0", 0, pair=", RESTITUTION=0.5"),
    "restitution_zero": deck("RESTITUTION=0 as written is e = 0: the default", 1, pair=", RESTITUTION=0"),
    "friction": deck("FRICTION against an obstacle", 0, pair=", FRICTION=0.3"),
    "sequential": deck("IMPACT=SEQUENTIAL", 0, pair=", IMPACT=SEQUENTIAL"),
    "hertz": deck("LAW=HERTZ", 0, law="HERTZ", pair=", STIFFNESS=1e6"),
    "collocation_p2": deck("collocation with POINTS=2 (drifts with the rule)", 0,
                           eparams=", WEIGHTING=COLLOCATION, POINTS=2"),
    "points1": deck("POINTS=1 (no massless end)", 0, eparams=", WEIGHTING=GALERKIN, POINTS=1"),
    "both_ends": deck("both ends of every element are slaves: MASS=LUMPED (docs/contact.md §7.8)", 0, slave="BAR",
                      lumped=1),
    "both_ends_b2s": deck("both ends of every element are slaves, TYPE=B2S (Galerkin by default with the pair): "
                          "MASS=LUMPED (docs/contact.md §7.8)", 0, slave="BAR", etype="B2S", lumped=1),
    "both_ends_b2s_collocation": deck("both ends of every element are slaves, TYPE=B2S with its collocation rows: "
                                      "the node's mass", 0, slave="BAR", etype="B2S",
                                      eparams=", WEIGHTING=COLLOCATION, POINTS=2"),
    "both_ends_collocation": deck("both ends of every element are slaves, collocation elements: the node's mass", 0,
                                  slave="BAR", eparams=", WEIGHTING=COLLOCATION, POINTS=3"),
    "both_ends_friction": deck("both ends of every element are slaves, FRICTION: the node's mass", 0, slave="BAR",
                               pair=", FRICTION=0.3"),
    "both_ends_restitution": deck("both ends of every element are slaves, RESTITUTION > 0: the node's mass", 0,
                                  slave="BAR", pair=", RESTITUTION=0.5"),
    "both_ends_particle": deck("both ends of every element are slaves against a particle master: the node's mass",
                               0, slave="BAR", extra=BALL, master="BALL"),
    "both_ends_some": deck("one element with both ends among the slaves, one with one: the node's mass", 0,
                           extra="*NSET, NSET=TWO\n2, 3\n", slave="TWO"),
    "lumped_explicit": deck("MASS=LUMPED as written, on the tip", 0, pair=", MASS=LUMPED", lumped=1),
    "lumped_shared": deck("the tip also a slave of a MASS=LUMPED pair: the rule goes back to the node's mass", 0,
                          extra="*OBSTACLE, NAME=FLOOR, TYPE=PLANE\n0, -0.01, 0, 0, 1, 0\n",
                          more="*CONTACT PAIR, LAW=NEWTON, SLAVE RADIUS=0.01, MASS=LUMPED\nBAR, FLOOR\n", lumped=1),
    "b2s": deck("TYPE=B2S with its collocation rows (the rule is not built for them)", 0, etype="B2S",
                eparams=", WEIGHTING=COLLOCATION, POINTS=2"),
    "b2s_galerkin": deck("TYPE=B2S, WEIGHTING=GALERKIN (the rule is built, but with the default scheme a bar "
                         "falling tip first on a floor gains 2.6e-3 E0 with it: docs/contact.md §7.2)", 0, etype="B2S",
                         eparams=", WEIGHTING=GALERKIN, POINTS=2"),
    "particle_slave": deck("a particle among the slaves", 0, extra=BALL + "*NSET, NSET=BOTH\n3, 4\n", slave="BOTH"),
    "beam_master": deck("a beam element set as master, the slave a free end of its beam (docs/contact.md §7.2, "
                        "\"Against a beam\")", 1, extra=POST, master="POST", pair=", RADIUS=0.01"),
    "beam_master_interior": deck("a beam element set as master, the slave an interior node of its beam (sliding "
                                 "along the chords: not measured)", 0, extra=POST + "*NSET, NSET=MID\n2\n",
                                 slave="MID", master="POST", pair=", RADIUS=0.01"),
    "beam_master_hermite": deck("a beam element set as master with CENTRELINE=HERMITE", 0, extra=POST,
                                master="POST", pair=", RADIUS=0.01, CENTRELINE=HERMITE"),
    "particle_friction": deck("a particle master with FRICTION", 0, extra=BALL, master="BALL", pair=", FRICTION=0.3"),
    "prox": deck("CONTACT SOLVER=PROX", 0, controls="*SOLVER CONTROLS, CONTACT SOLVER=PROX\n"),
    "gamma": deck("the plain scheme with GAMMA > 1/2 (the law is not derived for it)", 0,
                  dyn=", SCHEME=MODIFIED NEWMARK, GAMMA=0.6"),
    "amplitude": deck("an obstacle moved by an amplitude", 0, obst=", AMPLITUDE=AWAY", motion=", 1, 0, 0",
                      extra="*AMPLITUDE, NAME=AWAY\n0, 0, 1, 1\n"),
    "joint": deck("a slave node in a *JOINT", 0, extra="*NODE\n7, 1, 0, 0\n*JOINT, TYPE=SPHERICAL\n3, 7, 1, 0, 0\n"),
    "modal": deck("a *MODAL DYNAMIC step in the model", 0,
                  steps=DYN.format(dyn="", controls="") + "*STEP\n*MODAL DYNAMIC, MODES=5\n0.001, 0.01\n*END STEP\n"),
    # a second pair
    "two_pairs": deck("both ends against two walls: two pairs with the default", 2,
                      extra="*NSET, NSET=ROOT\n1\n*OBSTACLE, NAME=WALL2, TYPE=PLANE\n-0.01, 0, 0, 1, 0, 0\n",
                      more="*CONTACT PAIR, LAW=NEWTON, SLAVE RADIUS=0.01\nROOT, WALL2\n"),
    "shared_slave": deck("the slave also in a pair that keeps the node's mass (FRICTION)", 0,
                         extra="*OBSTACLE, NAME=FLOOR, TYPE=PLANE\n0, -0.01, 0, 0, 1, 0\n",
                         more="*CONTACT PAIR, LAW=NEWTON, FRICTION=0.3, SLAVE RADIUS=0.01\nTIP, FLOOR\n"),
    "chord_master": deck("the slave's elements are the master of another pair (a ball on the bar)", 0,
                         extra="*NODE, NSET=BALL2\n8, 0.75, 0.03, 0\n*PARTICLE, NODE=8, MASS=1.0, RADIUS=0.01\n"
                               "*ELSET, ELSET=RODS\n1, 2\n",
                         more="*CONTACT PAIR, LAW=NEWTON, RADIUS=0.01\nBALL2, RODS\n"),
}


def main():
    for name, text in CASES.items():
        with open(os.path.join(HERE, name + ".inp"), "w") as fh:
            fh.write(text)


if __name__ == "__main__":
    main()
