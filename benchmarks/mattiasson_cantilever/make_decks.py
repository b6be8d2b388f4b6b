#!/usr/bin/env python3
"""Decks of the Mattiasson cantilever: a straight cantilever of length L = 10
under a dead transverse tip force P, ramped over a static step to
P L^2 / EI = 10 in 10 increments (so the increments reach P L^2/EI = 1, 2, ..., 10).
Section: EI = 100, EA = GA = 1e10 (practically inextensible, as the elastica
of the reference).  Decks: both beam elements, POINTS = 1, 2, 3 and the
element's default (no POINTS parameter), 5, 10 and 20 elements."""
import os

HERE = os.path.dirname(os.path.abspath(__file__))
L, EI = 10.0, 100.0


def deck(etype, n_el, points):
    pts = "" if points is None else ", POINTS=%d" % points
    lines = ["** Mattiasson cantilever: %s, %d elements, POINTS=%s" % (etype, n_el, points or "default"),
             "*HEADING", "Mattiasson cantilever", "*NODE"]
    lines += ["%d, %.17g, 0, 0" % (i + 1, L * i / n_el) for i in range(n_el + 1)]
    lines += ["*ELEMENT, TYPE=%s, ELSET=BEAM%s" % (etype, pts)]
    lines += ["%d, %d, %d" % (i + 1, i + 1, i + 2) for i in range(n_el)]
    lines += ["*BEAM GENERAL SECTION, ELSET=BEAM", "1e10, 1e10, 1e10, %g, %g, %g" % (EI, EI, EI), "1, 1, 1, 1",
              "*BOUNDARY", "1, 1, 6", "*PROBE, NAME=tip, NODE=%d" % (n_el + 1), "U, R",
              "*STEP", "*STATIC", "0.1, 1.0", "*CLOAD", "%d, 2, %.17g" % (n_el + 1, 10.0 * EI / L ** 2),
              "*END STEP"]
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    for etype in ("B2V", "B2S"):
        for n_el in (5, 10, 20):
            for points in (1, 2, 3, None):
                name = "%s_ne%d_%s.inp" % (etype.lower(), n_el, "N%d" % points if points else "default")
                with open(os.path.join(HERE, name), "w") as fh:
                    fh.write(deck(etype, n_el, points))
