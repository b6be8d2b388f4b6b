#!/usr/bin/env python3
"""check_free_flux.py NSBEAM OUTDIR DECK...: free motion without gravity converges by the
residual test, alike in every unit system.

Each DECK (the same model in another unit system) is run; its statistics must show no increment
accepted at the round-off floor, at most MAX_PER_INCREMENT Newton iterations an increment
(acceleration solves left out), and the same iteration count as the first deck.  Without a
lower bound of the flux by the inertial flux (solver/assembly.c, docs/theory.md §5) every
increment of a free spinning brick was accepted at the floor after four iterations."""
import os
import re
import subprocess
import sys

MAX_PER_INCREMENT = 3

nsbeam, out, decks = sys.argv[1], sys.argv[2], sys.argv[3:]


def fail(msg):
    sys.exit("check_free_flux: " + msg)


if not decks:
    fail("no deck given")
os.makedirs(out, exist_ok=True)
counts = []
for deck in decks:
    name = os.path.splitext(os.path.basename(deck))[0]
    r = subprocess.run([nsbeam, "run", deck, "-o", os.path.join(out, name)], stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE)
    if r.returncode != 0:
        fail("%s: the run failed: %s" % (name, r.stderr.decode()[-400:]))
    text = r.stdout.decode()

    def count(label, default=None):
        m = re.search(r"^ +%s +(-?\d+)" % label, text, re.M)
        if not m:
            if default is not None:
                return default
            fail("%s: no '%s' line in the statistics:\n%s" % (name, label, text))
        return int(m.group(1))

    inc = count("increments")
    its = count("Newton iterations")
    acc = count("acceleration solves", 0)
    floor = count("accepted at the increment round-off floor", 0)
    print("%s: %d increments, %d Newton iterations (%d in acceleration solves), %d accepted at the floor" %
          (name, inc, its, acc, floor))
    if inc <= 0:
        fail("%s: no increment" % name)
    if floor:
        fail("%s: %d acceptances at the round-off floor, want none (the residual test decides)" % (name, floor))
    if its - acc > MAX_PER_INCREMENT * inc:
        fail("%s: %d Newton iterations in %d increments, want at most %d an increment" %
             (name, its - acc, inc, MAX_PER_INCREMENT))
    counts.append((name, its))
for name, its in counts[1:]:
    if its != counts[0][1]:
        fail("%s: %d Newton iterations, %s %d: the unit system changed the iterations" %
             (name, its, counts[0][0], counts[0][1]))
