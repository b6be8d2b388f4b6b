#!/usr/bin/env python3
"""Write a straight cantilever of n beam elements (default 100000, B2V,
POINTS=1) under a small tip load, one static increment, history output only:
the deck for the memory measurement of README.md (peak RSS of
`nsbeam run` with /usr/bin/time -v, divided by n).

usage: make_deck.py OUT.inp [N [TYPE [POINTS]]]
"""
import sys


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    out = sys.argv[1]
    n = int(sys.argv[2]) if len(sys.argv) > 2 else 100000
    etype = sys.argv[3] if len(sys.argv) > 3 else "B2V"
    points = int(sys.argv[4]) if len(sys.argv) > 4 else 1
    length = 10.0
    with open(out, "w") as f:
        f.write("** cantilever of %d %s elements (POINTS=%d): memory per element\n" % (n, etype, points))
        f.write("*HEADING\nCantilever, %d elements\n*NODE, NSET=ALL\n" % n)
        for i in range(n + 1):
            f.write("%d, %.17g, 0, 0\n" % (i + 1, length * i / n))
        f.write("*ELEMENT, TYPE=%s, ELSET=BEAM, POINTS=%d\n" % (etype, points))
        for i in range(n):
            f.write("%d, %d, %d\n" % (i + 1, i + 1, i + 2))
        f.write("*BEAM GENERAL SECTION, ELSET=BEAM\n1e7, 4e6, 4e6, 80, 100, 120\n1, 0.01, 0.02, 0.03\n")
        f.write("*BOUNDARY\n1, 1, 6\n")
        f.write("*STEP\n*STATIC\n1, 1\n*CLOAD\n%d, 2, 1e-4\n" % (n + 1))
        f.write("*OUTPUT, FORMAT=HISTORY\n*END STEP\n")


if __name__ == "__main__":
    main()
