#!/usr/bin/env python3
"""check_numfail.py NSBEAM DECK OUTDIR: a deck that fails numerically during the run.

DECK passes `nsbeam check`; `nsbeam run DECK -o OUTDIR` must exit with status 1 and print the
line "nsbeam: <deck path>: analysis failed: t = ..., step N, increment N...: ..." naming the time,
step and increment of the failure and a "probable cause" a user can act on, and containing
every substring of the deck's "** expect: <substring>" lines.  The output written so far
must stay readable: history.csv parses with the csv module (one header, rows of as many
numbers), with its times not decreasing; every .pvd and every .vtu it lists parse as XML."""
import csv
import os
import re
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET

nsbeam, deck, out = sys.argv[1:4]
name = os.path.basename(deck)


def fail(msg):
    sys.exit("check_numfail: %s: %s" % (name, msg))


expect = [m.group(1).strip() for m in re.finditer(r"(?m)^\*\* expect: (.*)$", open(deck).read())]
if not expect:
    fail("the deck has no '** expect: <substring>' line")
r = subprocess.run([nsbeam, "check", deck], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
if r.returncode != 0:
    fail("nsbeam check refuses it (this test is for decks that fail during the run):\n" + r.stderr.decode())
shutil.rmtree(out, ignore_errors=True)
r = subprocess.run([nsbeam, "run", deck, "-o", out], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
err = r.stderr.decode()
print(err, end="")
if r.returncode != 1:
    fail("exit status %d (want 1, a failed analysis)" % r.returncode)
line = next((x for x in err.splitlines() if re.match(r"nsbeam: (.*/)?%s: analysis failed: " % re.escape(name), x)), None)
if line is None:
    fail("no line 'nsbeam: %s: analysis failed: ...'" % name)
for what, pat in (("the time", r"\bt = -?[0-9.]"), ("the step", r"\bstep [0-9]+"),
                  ("the increment", r"\bincrement [0-9]+"), ("a probable cause", r"probable cause: \S")):
    if not re.search(pat, line):
        fail("the message does not give %s:\n%s" % (what, line))
for e in expect:
    if e not in line:
        fail("the message does not say '%s':\n%s" % (e, line))

# the output written so far
path = os.path.join(out, "history.csv")
with open(path, newline="") as fh:
    rows = list(csv.reader(fh))
if len(rows) < 2:
    fail("history.csv has no row (the initial state is written before the first increment)")
t_last = None
for k, row in enumerate(rows[1:], 2):
    if len(row) != len(rows[0]):
        fail("history.csv:%d: %d fields, the header has %d" % (k, len(row), len(rows[0])))
    try:
        vals = [float(x) for x in row]
    except ValueError as ex:
        fail("history.csv:%d: %s" % (k, ex))
    if t_last is not None and vals[0] < t_last:
        fail("history.csv:%d: time %g before the row above's %g" % (k, vals[0], t_last))
    t_last = vals[0]
n_vtu = 0
for pvd in sorted(f for f in os.listdir(out) if f.endswith(".pvd")):
    try:
        root = ET.parse(os.path.join(out, pvd)).getroot()
    except ET.ParseError as ex:
        fail("%s is not well-formed XML: %s" % (pvd, ex))
    sets = root.findall("./Collection/DataSet")
    if not sets:
        fail("%s lists no data set" % pvd)
    for ds in sets:
        f = ds.get("file")
        try:
            ET.parse(os.path.join(out, f))
        except (ET.ParseError, OSError) as ex:
            fail("%s lists %s, which does not parse: %s" % (pvd, f, ex))
        n_vtu += 1
print("%s: %s; history.csv %d rows to t = %g, %d VTK frames parse" % (name, line.split(": analysis failed: ")[1][:80],
                                                                     len(rows) - 1, t_last, n_vtu))
