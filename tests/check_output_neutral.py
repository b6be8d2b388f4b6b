#!/usr/bin/env python3
"""check_output_neutral.py NSBEAM DECK NODE OUTDIR: output never changes results.

Runs DECK three times: without VTK output (its `*OUTPUT, FORMAT=VTK` lines and its probes' RF, RM
quantities taken out), the same
with one more history probe `RF, RM` (support reaction force and moment) of node NODE before the
first *STEP, and the same with `*OUTPUT, FORMAT=VTK, EVERY=1` in every step.  Both ask for the
reactions, one more evaluation of every element at the accepted iterate of an increment.  The
increment commits the point states of its accepted iterate whether or not that evaluation runs
(docs/theory.md §5, "Support reactions"), so every column of the first run's history.csv (time,
increments, Newton iterations, the probes' positions, displacements, velocities, rotations,
strains and resultants, energies, momenta and works) and every byte of its contacts.csv must be
the same in the other two runs.  The probe's reaction must be written."""
import csv
import os
import re
import subprocess
import sys

nsbeam, deck, node, out = sys.argv[1:5]
nsbeam = os.path.abspath(nsbeam)


def fail(msg):
    sys.exit("check_output_neutral: " + msg)


lines = open(deck).read().split("\n")
# the run without output: no VTK output, and the deck's own RF, RM probe quantities taken out (a
# probe left with none goes)
plain = []
i = 0
while i < len(lines):
    l = lines[i]
    if re.match(r"\*OUTPUT\s*,\s*FORMAT\s*=\s*VTK", l, re.I):
        i += 1
        continue
    if re.match(r"\*PROBE\s*,", l, re.I) and i + 1 < len(lines):
        qs = [q.strip() for q in lines[i + 1].split(",") if q.strip()]
        kept = [q for q in qs if q.upper() not in ("RF", "RM")]
        if kept:
            plain += [l, ", ".join(kept)]
        i += 2
        continue
    plain.append(l)
    i += 1
first_step = next(i for i, l in enumerate(plain) if l.upper().startswith("*STEP"))
probed = plain[:first_step] + ["*PROBE, NAME=rf_probe, NODE=%s" % node, "RF, RM"] + plain[first_step:]
vtk = []
for l in plain:
    if l.strip().upper().startswith("*END STEP"):
        vtk.append("*OUTPUT, FORMAT=VTK, EVERY=1")
    vtk.append(l)
os.makedirs(out, exist_ok=True)
runs = {}
for name, text in (("plain", plain), ("probed", probed), ("vtk", vtk)):
    d = os.path.join(out, name + ".inp")
    with open(d, "w") as f:
        f.write("\n".join(text))
    o = os.path.join(out, name)
    r = subprocess.run([nsbeam, "run", d, "-o", o, "--quiet"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       cwd=os.path.dirname(os.path.abspath(deck)))
    if r.returncode != 0:
        fail("%s run of %s failed: %s" % (name, deck, r.stderr.decode()[-400:]))
    runs[name] = o


def rows(name):
    return list(csv.DictReader(open(os.path.join(runs[name], "history.csv"))))


a = rows("plain")
if len(a) < 2:
    fail("%d rows without output" % len(a))
compared = list(a[0].keys())
b = rows("probed")
rf = ["rf_probe.%s%s" % (q, c) for q in ("rf", "rm") for c in "xyz"]
if not all(c in b[0] for c in rf):
    fail("the probed run has no columns %s" % rf)
for name in ("probed", "vtk"):
    rb = b if name == "probed" else rows(name)
    if len(rb) != len(a):
        fail("%d rows without output, %d in the %s run" % (len(a), len(rb), name))
    bad = {}
    for ra, rr in zip(a, rb):
        for c in compared:
            if rr.get(c) != ra[c] and c not in bad:
                try:
                    apart = "%.3g apart" % abs(float(ra[c]) - float(rr[c]))
                except (TypeError, ValueError):
                    apart = "not numbers"
                bad[c] = "t %s: %s = %s without output, %s in the %s run (%s)" % (ra["time"], c, ra[c], rr.get(c),
                                                                                 name, apart)
    if bad:
        fail("%d columns differ:\n" % len(bad) + "\n".join(list(bad.values())[:12]))
    ca, cb = (os.path.join(runs[n], "contacts.csv") for n in ("plain", name))
    if os.path.exists(ca) != os.path.exists(cb) or (os.path.exists(ca) and open(ca).read() != open(cb).read()):
        fail("contacts.csv differs in the %s run" % name)
if not any(f.endswith(".pvd") for f in os.listdir(runs["vtk"])):
    fail("the vtk run wrote no VTK series")
print("%s: %d rows, all %d columns and contacts.csv the same bytes without output, with an RF, RM probe "
      "of node %s and with VTK output at every increment" % (os.path.basename(deck), len(a), len(compared), node))
