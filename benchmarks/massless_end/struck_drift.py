#!/usr/bin/python3
"""The struck cantilever's slow drift of E + D - W with RHOINF=1: what it scales with.

docs/contact.md §9 (the struck cantilever's drift).  tests/user struck_cantilever_si.inp (steel, 0.5 m,
20 x 20 mm, five B31, clamped; a 0.1 kg particle at v0 = 2 m/s across the tip; LAW=NEWTON, e = 0,
MASS=REDISTRIBUTED by default) under *DYNAMIC, SCHEME=MODIFIED NEWMARK, RHOINF=1 (the trapezoidal rule),
20 ms.  Every run prints max |E + D - W - E0| / E0 over the history and the ball's final velocity
over v0 (which shows whether the impacts followed the same sequence).

The impact problem is homogeneous of degree one in v0 where the beam is linear (Newton's law with
e = 0, no gravity): scaling v0 scales every displacement and force, and a defect of the linear
scheme or of the contact's booking (the release force P_n+1 = -P_n of the massless tip times the
tip's displacement, the mass rule's terms) keeps the same fraction of E0.  A drift that grows as
v0^2 in E0's units is quartic in the amplitude: the beam's geometric nonlinearity, for which the
trapezoidal rule has no exact energy identity (Kuhl & Crisfield 1999).

Lines: v0 x 0.01 ... x 10 (B31 as the deck writes it, the Galerkin POINTS=3 element), h/2 and h/4,
Galerkin POINTS=2, collocation, MASS=STANDARD, and Newton's tolerances at 1e-13.
Run: /usr/bin/python3 struck_drift.py [path/to/nsbeam]   (about 15 s)
"""
import csv
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
NSBEAM = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "build", "nsbeam")
DECK = os.path.join(ROOT, "tests", "user", "struck_cantilever_si.inp")


def run(work, name, v0=2.0, h=1e-5, element="", mass="", solver=""):
    text = open(DECK).read()
    for old, new in (("BALL, 3, -2\n", "BALL, 3, %.17g\n" % -v0),
                     ("*DYNAMIC\n1e-05, 0.02\n", "*DYNAMIC, SCHEME=MODIFIED NEWMARK, RHOINF=1\n%.17g, 0.02\n%s" % (h, solver)),
                     ("*ELEMENT, TYPE=B31, ELSET=BEAM\n", "*ELEMENT, TYPE=B31, ELSET=BEAM%s\n" % element),
                     ("*CONTACT PAIR, LAW=NEWTON\n", "*CONTACT PAIR, LAW=NEWTON%s\n" % mass)):
        assert old in text, old
        text = text.replace(old, new)
    deck = os.path.join(work, name + ".inp")
    with open(deck, "w") as f:
        f.write(text)
    pr = subprocess.run([NSBEAM, "run", deck, "-o", deck[:-4], "--quiet"], capture_output=True, text=True)
    if pr.returncode != 0:
        sys.exit(pr.stderr)
    h = list(csv.DictReader(open(os.path.join(deck[:-4], "history.csv"))))
    e0 = float(h[0]["total_energy"])
    dev = max(abs(float(r["total_energy"]) + float(r["dissipated"]) - float(r["external_work"]) - e0) for r in h)
    return dev / e0, float(h[-1]["ball.vz"]) / v0, "warning" in pr.stderr


def main():
    tight = "*SOLVER CONTROLS, RELATIVE RESIDUAL=1e-13, RELATIVE CORRECTION=1e-13, ITERATIONS=60\n"
    lines = []
    for label, kw in (("B31 (Galerkin POINTS=3), h = 10 us", {}),
                      ("  Newton tolerances 1e-13", {"solver": tight}),
                      ("  h/2", {"h": 5e-6}),
                      ("  h/4", {"h": 2.5e-6}),
                      ("Galerkin POINTS=2", {"element": ", WEIGHTING=GALERKIN, POINTS=2"}),
                      ("collocation", {"element": ", WEIGHTING=COLLOCATION"}),
                      ("MASS=STANDARD", {"mass": ", MASS=STANDARD"})):
        lines.append((label, kw))
    scales = (0.01, 0.1, 1.0, 10.0)
    print("max |E + D - W - E0| / E0 (ball's final vz / v0) for v0 = 2 m/s x " + ", ".join("%g" % s for s in scales))
    print("(! = the run's energy guard warned of a gain)")
    with tempfile.TemporaryDirectory() as work:
        for i, (label, kw) in enumerate(lines):
            cells = []
            for j, s in enumerate(scales):
                if "solver" in kw and s != 1.0:
                    continue
                dev, vr, warned = run(work, "r%d_%d" % (i, j), v0=2.0 * s, **kw)
                cells.append("%9.3g (%.5f)%s" % (dev, vr, "!" if warned else ""))
            print("%-38s %s" % (label, "  ".join(cells)))


if __name__ == "__main__":
    main()
