#!/usr/bin/env python3
"""check_probe_neutral.py NSBEAM DECK NODE OUTDIR: output never changes results.

Runs DECK as it is and with one more history probe, `RF, RM` (support reaction force and
moment) of node NODE, written before the first *STEP into OUTDIR.  The reactions are one
more evaluation of every element at the converged state of each increment whose row is
written; it must leave the elements' states (a beam's points, a contact's law) as the
increment left them, so every column of the plain run's history.csv (and every row of its
contacts.csv) must be the same bytes in the run with the probe.  The probe's reaction
must be written and not all zero (NODE a support)."""
import csv
import os
import subprocess
import sys

nsbeam, deck, node, out = sys.argv[1:5]


def fail(msg):
    sys.exit("check_probe_neutral: " + msg)


lines = open(deck).read().split("\n")
first_step = next(i for i, l in enumerate(lines) if l.upper().startswith("*STEP"))
probed = os.path.join(out, "probed.inp")
os.makedirs(out, exist_ok=True)
with open(probed, "w") as f:
    f.write("\n".join(lines[:first_step] + ["*PROBE, NAME=rf_probe, NODE=%s" % node, "RF, RM"] + lines[first_step:]))
runs = {}
for name, d in (("plain", deck), ("probed", probed)):
    o = os.path.join(out, name)
    r = subprocess.run([nsbeam, "run", d, "-o", o, "--quiet"], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    if r.returncode != 0:
        fail("%s run of %s failed: %s" % (name, d, r.stderr.decode()[-400:]))
    runs[name] = o
a = list(csv.DictReader(open(os.path.join(runs["plain"], "history.csv"))))
b = list(csv.DictReader(open(os.path.join(runs["probed"], "history.csv"))))
if len(a) != len(b) or len(a) < 2:
    fail("%d rows without the probe, %d with it" % (len(a), len(b)))
rf = ["rf_probe.%s%s" % (q, c) for q in ("rf", "rm") for c in "xyz"]
if not all(c in b[0] for c in rf):
    fail("the probed run has no columns %s (has %s)" % (rf, list(b[0])[:8]))
if all(float(r[c]) == 0.0 for r in b for c in rf):
    fail("node %s's reaction is zero in every row: not a support" % node)
for ra, rb in zip(a, b):
    for c, v in ra.items():
        if rb[c] != v:
            fail("t %s: %s = %s without the probe, %s with it (%.3g apart)" %
                 (ra["time"], c, v, rb[c], abs(float(v) - float(rb[c]))))
ca, cb = (os.path.join(runs[n], "contacts.csv") for n in ("plain", "probed"))
if os.path.exists(ca) and open(ca).read() != open(cb).read():
    fail("contacts.csv differs with the probe")
print("%s: %d rows of %d columns the same bytes with and without an RF, RM probe of node %s" %
      (os.path.basename(deck), len(a), len(a[0]), node))
