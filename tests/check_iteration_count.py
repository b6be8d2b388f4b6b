#!/usr/bin/env python3
"""check_iteration_count.py NSBEAM DECK OUTDIR: the run statistic "Newton iterations" and what
history.csv counts.

DECK is run with a history row every increment (each `*OUTPUT, FORMAT=HISTORY` line's EVERY=
set to 1, written into OUTDIR).  The statistic counts every Newton iteration of the run; its
lines below it split them: "in history rows" must be the sum of history.csv's
newton_iterations (each increment's final attempt and its cutbacks'), and with "acceleration
solves" (a step's initial accelerations, the restarts after impulsive increments, in no row)
and "repeated attempts" (an increment's attempt before its repeat with full Newton or after a
first touch) it must make the total.  The deck must have acceleration solves and repeated
attempts, so that a count that mixed them up would show."""
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


total, rows_its, accel, other = (count(x) for x in ("Newton iterations", "in history rows", "acceleration solves",
                                                    "repeated attempts"))
inc = count("increments")
rows = list(csv.DictReader(open(os.path.join(out, "run", "history.csv"))))
if len(rows) != inc + 1:
    fail("%d history rows for %d increments (want one an increment and the start)" % (len(rows), inc))
its = sum(int(row["newton_iterations"]) for row in rows)
if its != rows_its:
    fail("history.csv's newton_iterations sum to %d, the statistic's 'in history rows' says %d" % (its, rows_its))
if rows_its + accel + other != total:
    fail("in history rows %d + acceleration solves %d + repeated attempts %d != Newton iterations %d" %
         (rows_its, accel, other, total))
if accel <= 0 or other <= 0:
    fail("the deck tests nothing: %d acceleration solve iterations, %d repeated" % (accel, other))
print("%s: Newton iterations %d = %d in history rows (their sum) + %d in acceleration solves + %d repeated" %
      (os.path.basename(deck), total, rows_its, accel, other))
