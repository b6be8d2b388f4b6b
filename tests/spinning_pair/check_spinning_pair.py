#!/usr/bin/env python3
"""A touching NEWTON contact pair on a spinning structure (tests/spinning_pair.cmake).

check_spinning_pair.py NSBEAM DECK OUTDIR

DECK: a piece of a delaminated shaft (two sublaminates 5 mm apart between their
centre lines, touching at rest, welded to the intact ends) spun up smoothly to
20 Hz about its axis, plastic frictionless NEWTON contact between the
sublaminates.  The centrifugal load opens the gap from zero, so the contact
must never act.  Runs DECK as it is (the plain scheme, RHOINF=1), with the
default scheme (RHOINF removed) and without the contact pair in the same scheme (the reference);
in both contact runs every contact impulse must stay below 1e-12 of the upper
sublaminate's momentum of sliding past the lower one, m Omega d (measured: 1e-15
N s = 3e-14 of it, round-off impulses of the first increments, while the gap is
zero to round-off), the dissipated energy below 1e-12 of m (Omega d)^2, and the
distance of the two centre lines at mid-span must equal the reference's at
every output to 1e-6 of the reference's opening in the plain scheme (measured
7.5e-9) and 1e-5 in the default scheme (measured 1.9e-6; the deviation grows
from the increments with the round-off impulses on, not traced further).  Before the contact laws took the turn of the normal
over the increment (docs/contact.md §7.1) the frozen normal read the rigid turn
as an approach and the contact pushed the sublaminates apart: the gap grew to
a multiple of the opening.  Exit 1 otherwise."""
import csv
import math
import os
import subprocess
import sys

SEP = 0.005          # distance of the centre lines at rest
TOL = {"plain": 1e-6, "default": 1e-5}   # of the reference opening (measured 7.5e-9, 1.9e-6)
SCALE = 7500 * 0.01 * 0.0075 * 0.1 * 2 * math.pi * 20 * SEP   # upper sublaminate's mass times its slide speed [N s]


def run(nsbeam, text, out):
    os.makedirs(out, exist_ok=True)
    deck = os.path.join(out, "deck.inp")
    with open(deck, "w") as fh:
        fh.write(text)
    r = subprocess.run([nsbeam, "run", deck, "-o", out, "--quiet"], capture_output=True, text=True)
    if r.returncode != 0:
        print(r.stdout + r.stderr)
        sys.exit(1)
    hist = list(csv.DictReader(open(os.path.join(out, "history.csv"))))
    path = os.path.join(out, "contacts.csv")
    cont = list(csv.DictReader(open(path))) if os.path.exists(path) else []
    return hist, cont


def gaps(hist):
    return [math.sqrt(sum((float(r["top." + c]) - float(r["bottom." + c])) ** 2 for c in "xyz")) - SEP
            for r in hist]


def main():
    nsbeam, deck, outdir = sys.argv[1:4]
    text = open(deck).read()
    lines = text.splitlines(keepends=True)
    k = next(i for i, l in enumerate(lines) if l.startswith("*CONTACT PAIR"))
    plain = "".join(l for l in lines[:k] + lines[k + 2:] if "FORMAT=CONTACT" not in l)
    ref_hist, _ = run(nsbeam, plain, os.path.join(outdir, "no_contact"))
    ref = gaps(ref_hist)
    opening = max(ref)
    ok = opening > 0.0
    print("opening without contact: %.6e m (%.3e of the distance)" % (opening, opening / SEP))
    for name, txt in (("plain", text), ("default", text.replace(", RHOINF=1", ""))):
        if name == "default":  # the reference in the same scheme (no contact pair)
            ref = gaps(run(nsbeam, plain.replace(", RHOINF=1", ""), os.path.join(outdir, "no_contact_default"))[0])
        hist, cont = run(nsbeam, txt, os.path.join(outdir, name))
        g = gaps(hist)
        if len(g) != len(ref) or len(cont) == 0:
            print("%s: %d outputs (reference %d), %d contact rows" % (name, len(g), len(ref), len(cont)))
            ok = False
            continue
        dev = max(abs(a - b) for a, b in zip(g, ref)) / opening
        imp = max(abs(float(r["normal_impulse"])) for r in cont)
        dis = max(abs(float(r["dissipated"])) for r in cont)
        print("%s scheme: max |gap - gap without contact| / opening = %.3e, end gap %.6e m, "
              "max |impulse| = %.3e, max |dissipated| = %.3e" % (name, dev, g[-1], imp, dis))
        ok = ok and dev <= TOL[name] and imp <= 1e-12 * SCALE and dis <= 1e-12 * SCALE * SEP * 2 * math.pi * 20
    print("PASS" if ok else "FAIL")
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
