#!/usr/bin/env python3
"""check_rest.py NSBEAM OUTDIR DECK...: a model at rest stays at rest in one Newton iteration an
increment, and the energy balance does not warn for its round-off.

Each DECK is run; the run must exit 0 with nothing on stderr (no energy-balance warning).  A deck
whose name starts with "b2s_" (a B2S beam, unloaded, at rest) must take one Newton iteration in
every increment of history.csv and keep its kinetic and potential energy exactly zero (the
evaluation at the reference configuration is exactly zero: docs/theory_beam_strain.md §13); the
others move by round-off (the spring's force), which a Newton iteration may meet.
Before: the B2S beam took 4 to 6 iterations an increment, a count round-off decided, and warned
for a gain of 1e-21 J "1 of the run's energy scale"; the particles on a spring whose free length
misses their distance by round-off warned for a gain of 4e-31 J (docs/theory.md §3.6)."""
import csv
import os
import subprocess
import sys

nsbeam, out, decks = sys.argv[1], sys.argv[2], sys.argv[3:]


def fail(msg):
    sys.exit("check_rest: " + msg)


if not decks:
    fail("no deck given")
os.makedirs(out, exist_ok=True)
for deck in decks:
    name = os.path.splitext(os.path.basename(deck))[0]
    run = os.path.join(out, name)
    r = subprocess.run([nsbeam, "run", deck, "-o", run, "--quiet"], capture_output=True, text=True)
    if r.returncode != 0:
        fail("%s: the run failed: %s" % (name, r.stderr[-400:]))
    if r.stderr.strip():
        fail("%s: a message on stderr: %s" % (name, r.stderr.strip()[:600]))
    with open(os.path.join(run, "history.csv")) as f:
        rows = list(csv.DictReader(f))
    its = [int(x["newton_iterations"]) for x in rows[1:]]
    if not its:
        fail("%s: no increment in history.csv" % name)
    print("%s: %d increments, %d to %d Newton iterations each, %d in all" % (name, len(its), min(its), max(its), sum(its)))
    if name.startswith("b2s_"):
        if max(its) != 1:
            fail("%s: an increment at rest took %d Newton iterations, want 1" % (name, max(its)))
        e = max(max(abs(float(x["kinetic_energy"])), abs(float(x["potential_energy"]))) for x in rows)
        print("%s: largest kinetic or potential energy %.3g" % (name, e))
        if e != 0.0:
            fail("%s: the beam at rest moved: an energy of %.3g, want exactly 0" % (name, e))
print("check_rest: all passed")
