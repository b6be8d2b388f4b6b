#!/usr/bin/env python3
"""Decks for the default weighting of B2S elements (docs/deck.md, WEIGHTING=): Galerkin in a model
with a *DYNAMIC step and a LAW=NEWTON contact pair that holds a B2S element, collocation otherwise.
One deck per side of each condition; the first line states what `nsbeam check` prints for the
beams ("** summary: beams: G Galerkin, C collocation", tests/decks.cmake)."""
import os

HERE = os.path.dirname(os.path.abspath(__file__))

DYNAMIC = "*STEP\n*DYNAMIC\n0.001, 0.01\n*END STEP\n"
STATIC = "*STEP\n*STATIC\n1, 1\n*END STEP\n"
BALL = "*NODE, NSET=BALL\n4, 0.5, 0, 0.02\n*PARTICLE, NSET=BALL, MASS=0.1, RADIUS=0.01\n"


def deck(what, gal, coll, eparams="", law="NEWTON", pair=", SLAVE RADIUS=0.01", data="TIP, WALL", steps=DYNAMIC,
         extra=""):
    s = "** summary: beams: %d Galerkin, %d collocation\n** %s (written by make_decks.py)\n" % (gal, coll, what)
    s += "*NODE, NSET=NODES\n1, 0, 0, 0\n2, 0.5, 0, 0\n3, 1, 0, 0\n*NSET, NSET=TIP\n3\n"
    s += "*ELEMENT, TYPE=B2S, ELSET=BAR, POINTS=2%s\n1, 1, 2\n2, 2, 3\n" % eparams
    s += "*BEAM GENERAL SECTION, ELSET=BAR\n1e4, 1e4, 1e4, 1e4, 1e4, 1e4\n1, 2e-6, 1e-6, 1e-6\n0, 1, 0\n"
    s += "*INITIAL CONDITIONS, TYPE=VELOCITY\nNODES, 1, 1\n"
    s += "*OBSTACLE, NAME=WALL, TYPE=PLANE\n1.01, 0, 0, -1, 0, 0\n"
    s += extra
    if law:
        s += "*CONTACT PAIR, LAW=%s%s\n%s\n" % (law, pair, data)
    return s + steps


DECKS = {
    "slave": deck("B2S nodes are slaves of a NEWTON pair in a dynamic model: Galerkin", 2, 0),
    "master": deck("a B2S element set is the master of a NEWTON pair (a particle slave): Galerkin", 2, 0,
                   pair="", data="BALL, BAR", extra=BALL),
    "no_pair": deck("a dynamic model without a contact pair: collocation", 0, 2, law=None),
    "hertz": deck("the pair is LAW=HERTZ: collocation", 0, 2, law="HERTZ", pair=", SLAVE RADIUS=0.01, STIFFNESS=1e6"),
    "static": deck("the NEWTON pair in a model without a *DYNAMIC step: collocation", 0, 2, steps=STATIC),
    "named": deck("WEIGHTING=COLLOCATION named on the element line is kept", 0, 2, eparams=", WEIGHTING=COLLOCATION"),
}


def main():
    for name, text in DECKS.items():
        with open(os.path.join(HERE, name + ".inp"), "w") as f:
            f.write(text)


if __name__ == "__main__":
    main()
