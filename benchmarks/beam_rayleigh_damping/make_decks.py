"""Decks of benchmarks/beam_rayleigh_damping (README.md here): python3 make_decks.py (from any
folder: the decks are written next to this file)."""
import os

HERE = os.path.dirname(os.path.abspath(__file__))

# Cantilever: circular steel rod, L = 1 m, r = 10 mm, 20 elements, clamped at x = 0,
# released from the static deflection of a tip load (amplitude REL drops it after t = 1).
# The same model in SI (m, kg, s, N, Pa) and in mm-tonne-s (mm, t, s, N, MPa).
UNITS = {
    "si": dict(L=1.0, r=0.01, E="210e9", rho="7800", F=-20.0),
    "mm": dict(L=1000.0, r=10.0, E="210e3", rho="7.8e-9", F=-20.0),
}
ALPHA, BETA = 2.0, 2e-5  # 1/s, s: the same in both unit systems (time is in s)
NE = 20
H, PERIOD = 1e-4, 0.42


def cantilever(elem, u, f):
    L = u["L"]
    w = f.write
    w("** beam_rayleigh_damping: cantilever released from a static tip deflection (make_decks.py)\n")
    w("*HEADING\nRayleigh-damped cantilever, %s, %s units\n" % (elem, "SI" if L == 1.0 else "mm-tonne-s"))
    w("*NODE\n")
    for i in range(NE + 1):
        w("%d, %.17g, 0, 0\n" % (i + 1, L * i / NE))
    w("*ELEMENT, TYPE=%s, ELSET=ROD\n" % elem)
    for i in range(NE):
        w("%d, %d, %d\n" % (i + 1, i + 1, i + 2))
    w("*MATERIAL, NAME=STEEL\n*ELASTIC\n%s, 0.3\n*DENSITY\n%s\n" % (u["E"], u["rho"]))
    w("*DAMPING, ALPHA=%.17g, BETA=%.17g\n" % (ALPHA, BETA))
    w("*BEAM SECTION, ELSET=ROD, MATERIAL=STEEL, SECTION=CIRC\n%.17g\n0, 0, 1\n" % u["r"])
    w("*BOUNDARY\n1, 1, 6\n")
    w("*AMPLITUDE, NAME=REL, TIME=TOTAL TIME\n0, 1, 1, 1, 1.0000001, 0, 100, 0\n")
    w("*PROBE, NAME=tip, NODE=%d\nU\n" % (NE + 1))
    w("*STEP, NAME=modes\n*FREQUENCY, MASS=CONSISTENT\n8\n*END STEP\n")
    w("*STEP, NAME=deflect\n*STATIC\n1, 1\n*CLOAD, AMPLITUDE=REL\n%d, 3, %.17g\n*END STEP\n" % (NE + 1, u["F"]))
    w("*STEP, NAME=release\n*DYNAMIC, RHOINF=1\n%.17g, %.17g\n*END STEP\n" % (H, PERIOD))


# Free rod spinning rigidly about its own axis (x): omega = 50 rad/s, no supports.
def spin(elem, damp, f):
    w = f.write
    w("** beam_rayleigh_damping: free rod spinning about its axis (make_decks.py)\n")
    w("*HEADING\nfree spinning rod, %s, %s\n" % (elem, damp))
    w("*NODE, NSET=ALL\n")
    for i in range(NE // 2 + 1):
        w("%d, %.17g, 0, 0\n" % (i + 1, 1.0 * i / (NE // 2)))
    w("*ELEMENT, TYPE=%s, ELSET=ROD\n" % elem)
    for i in range(NE // 2):
        w("%d, %d, %d\n" % (i + 1, i + 1, i + 2))
    w("*MATERIAL, NAME=STEEL\n*ELASTIC\n210e9, 0.3\n*DENSITY\n7800\n*DAMPING, %s\n" % damp)
    w("*BEAM SECTION, ELSET=ROD, MATERIAL=STEEL, SECTION=RECT\n0.02, 0.01\n0, 0, 1\n")
    w("*INITIAL CONDITIONS, TYPE=VELOCITY\nALL, 4, 50.0\n")
    w("*PROBE, NAME=tip, NODE=%d\nX, W\n" % (NE // 2 + 1))
    w("*PROBE, NAME=mid, ELEMENT=%d, POSITION=0.5\nE\n" % (NE // 4))
    w("*STEP\n*DYNAMIC, RHOINF=1\n1e-3, 2.0\n*END STEP\n")


if __name__ == "__main__":
    for elem, tag in (("B2V, POINTS=2", "b2v"), ("B2S, POINTS=2", "b2s")):
        for un, u in UNITS.items():
            with open(os.path.join(HERE, "cantilever_%s_%s.inp" % (tag, un)), "w") as f:
                cantilever(elem, u, f)
        for dname, damp in (("beta", "BETA=1e-3"), ("alpha", "ALPHA=0.8")):
            with open(os.path.join(HERE, "spin_%s_%s.inp" % (tag, dname)), "w") as f:
                spin(elem, damp, f)
