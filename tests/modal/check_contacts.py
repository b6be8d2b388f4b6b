#!/usr/bin/env python3
"""Contact rows of a *MODAL DYNAMIC step (tests/modal.cmake).

check_contacts.py NSBEAM OUTDIR DECK...

Runs each deck (a free bar against a wall, reduced MODAL or QUASI-STATIC) and
checks its contacts.csv: rows exist while the end node is pressed, the point
lies on the wall with the wall's normal, every pressed row carries a positive
impulse, and the contacts' dissipation adds up to the history's: exactly (to
1e-12) for the modal reduction, whose trapezoidal rule has no numerical
dissipation; for the quasi-static reduction the history also books the
semi-implicit step's numerical dissipation, so the contacts' sum must be
positive and not above it.  Exit 1 with the first failure."""
import csv
import os
import subprocess
import sys


def fail(msg):
    print("check_contacts: FAIL: " + msg)
    sys.exit(1)


def main():
    nsbeam, outdir, decks = sys.argv[1], sys.argv[2], sys.argv[3:]
    for deck in decks:
        name = os.path.splitext(os.path.basename(deck))[0]
        out = os.path.join(outdir, name)
        subprocess.run([nsbeam, "run", deck, "-o", out, "--quiet"], check=True)
        rows = list(csv.DictReader(open(os.path.join(out, "contacts.csv"))))
        hist = list(csv.DictReader(open(os.path.join(out, "history.csv"))))
        pressed = [r for r in rows if float(r["normal_impulse"]) > 0.0]
        if len(pressed) < 10:
            fail("%s: %d rows with an impulse (the end is pressed for ~0.4 ms = 40 steps)" % (name, len(pressed)))
        for r in rows:
            if abs(float(r["x"]) - 1.005) > 1e-12 or abs(float(r["nx"]) + 1.0) > 1e-12:
                fail("%s: t = %s: contact point x = %s, normal x = %s (wall at 1.005, normal -x)"
                     % (name, r["time"], r["x"], r["nx"]))
            if r["master"] != "WALL" or r["slave_node"] != "21":
                fail("%s: t = %s: contact of node %s with %s" % (name, r["time"], r["slave_node"], r["master"]))
        d_contacts = sum(float(r["dissipated"]) for r in rows)
        d_hist = float(hist[-1]["dissipated"])
        qs = "qs" in name
        print("%s: %d rows, %d with an impulse, last at t = %s; dissipated: contacts %.17g, history %.17g"
              % (name, len(rows), len(pressed), pressed[-1]["time"], d_contacts, d_hist))
        if not qs and abs(d_contacts - d_hist) > 1e-12 * abs(d_hist):
            fail("%s: the contacts dissipate %.17g, the history %.17g" % (name, d_contacts, d_hist))
        if qs and not (0.0 < d_contacts <= d_hist):
            fail("%s: the contacts dissipate %.17g, the history (with the step's own) %.17g"
                 % (name, d_contacts, d_hist))
    print("check_contacts: OK")


main()
