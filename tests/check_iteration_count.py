#!/usr/bin/env python3
"""check_iteration_count.py NSBEAM DECK OUTDIR: the run statistic "Newton iterations" and what
history.csv counts.

DECK is run with a history row every increment (each `*OUTPUT, FORMAT=HISTORY` line's EVERY=
set to 1, written into OUTDIR).  The statistic counts every Newton iteration of the run, and a
row's newton_iterations every iteration its increment cost (since the increment before), so
the column must sum to the statistic.  The lines below the statistic name two parts of it:
"acceleration solves" (a step's initial accelerations, the restarts after impulsive
increments) and "repeated attempts" (an increment's attempt before its repeat with full Newton
or after a first touch); the deck must have both, so that a column that left them out would
show, and a run that succeeds has no "in no history row" line."""
import csv
import os
import re
import subprocess
import sys

nsbeam, deck, out = sys.argv[1:4]


def fail(msg):
    sys.exit("check_iteration_count: " + msg)


os.makedirs(out, exist_ok=True)
every = re.sub(r"(?im)^(\*OUTPUT,\s*FORMAT=HISTORY)(,\s*EVERY=\d+)?", r"\1, EVERY=1", open(deck).read())
d = os.path.join(out, os.path.basename(deck))
open(d, "w").write(every)
r = subprocess.run([nsbeam, "run", d, "-o", os.path.join(out, "run")], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
if r.returncode != 0:
    fail("the run failed: %s" % r.stderr.decode()[-400:])
stdout = r.stdout.decode()


def count(label):
    m = re.search(r"^ +%s +(-?\d+)" % label, stdout, re.M)
    if not m:
        fail("no '%s' line in the statistics:\n%s" % (label, stdout))
    return int(m.group(1))


total, accel, other = (count(x) for x in ("Newton iterations", "acceleration solves", "repeated attempts"))
inc = count("increments")
if re.search(r"^ +in no history row", stdout, re.M):
    fail("a run that succeeded has iterations in no history row:\n%s" % stdout)
rows = list(csv.DictReader(open(os.path.join(out, "run", "history.csv"))))
if len(rows) != inc + 1:
    fail("%d history rows for %d increments (want one an increment and the start)" % (len(rows), inc))
its = sum(int(row["newton_iterations"]) for row in rows)
if its != total:
    fail("history.csv's newton_iterations sum to %d, the statistic 'Newton iterations' says %d" % (its, total))
if accel <= 0 or other <= 0:
    fail("the deck tests nothing: %d acceleration solve iterations, %d repeated" % (accel, other))
print("%s: Newton iterations %d = history.csv's newton_iterations summed, with %d in acceleration solves and %d in "
      "repeated attempts" % (os.path.basename(deck), total, accel, other))
