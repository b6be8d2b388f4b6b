#!/usr/bin/env python3
"""check_iteration_count.py NSBEAM DECK OUTDIR: the run statistic "Newton iterations" is the
sum of history.csv's newton_iterations column.

DECK is run with a history row every increment (each `*OUTPUT, FORMAT=HISTORY` line's EVERY=
set to 1, written into OUTDIR).  Both count every Newton iteration of the increments, those of
a rejected attempt, of an increment repeated with full Newton or after a first touch
included; the acceleration solves (a step's initial accelerations, the restarts after
impulsive increments) are printed on a line of their own and are in no row.  The deck must
have acceleration solves and rows of more than one iteration, so that a count that mixed
them up would show."""
import csv
import os
import re
import subprocess
import sys

nsbeam, deck, out = sys.argv[1:4]


def fail(msg):
    sys.exit("check_iteration_count: " + msg)


os.makedirs(out, exist_ok=True)
text = open(deck).read()
every = re.sub(r"(?im)^(\*OUTPUT,\s*FORMAT=HISTORY)(,\s*EVERY=\d+)?", r"\1, EVERY=1", text)
d = os.path.join(out, os.path.basename(deck))
open(d, "w").write(every)
r = subprocess.run([nsbeam, "run", d, "-o", os.path.join(out, "run")], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
if r.returncode != 0:
    fail("the run failed: %s" % r.stderr.decode()[-400:])
stdout = r.stdout.decode()
m = re.search(r"^  Newton iterations +(\d+)", stdout, re.M)
a = re.search(r"^    acceleration solves +(\d+) more", stdout, re.M)
inc = re.search(r"^  increments +(\d+)", stdout, re.M)
if not m or not inc:
    fail("no 'Newton iterations' or 'increments' line in the statistics:\n" + stdout)
rows = list(csv.DictReader(open(os.path.join(out, "run", "history.csv"))))
its = [int(row["newton_iterations"]) for row in rows]
if len(rows) != int(inc.group(1)) + 1:
    fail("%d history rows for %s increments (want one an increment and the start)" % (len(rows), inc.group(1)))
if sum(its) != int(m.group(1)):
    fail("history.csv's newton_iterations sum to %d, the statistic says %s (acceleration solves: %s)" %
         (sum(its), m.group(1), a.group(1) if a else "no line"))
if not a or int(a.group(1)) == 0 or max(its) < 2:
    fail("the deck tests nothing: %s acceleration solve iterations, at most %d iterations a row" %
         (a.group(1) if a else "no", max(its)))
print("%s: %d Newton iterations in %d rows and the statistic (acceleration solves %s more)" %
      (os.path.basename(deck), sum(its), len(rows), a.group(1)))
