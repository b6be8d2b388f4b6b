#!/usr/bin/env python3
"""Beam-beam contacts of a *MODAL DYNAMIC step (tests/modal.cmake).

check_beam_master.py NSBEAM OUTDIR DIR

Runs three decks of DIR (modal reduction without damping, plastic contact, the upper beam's
inner nodes as slaves):
  beam_pair_modal   two identical pinned beams pressed together by opposite
                    mid-span forces: beam-beam contact, both beams move;
  beam_plane_modal  the upper beam alone against the symmetry plane;
  beam_held_modal   the upper beam against the lower beam held in place, its
                    surface on the symmetry plane.
By symmetry the upper beam of the pair moves exactly as the beam on the plane
(the contact impulses are the same), and so does the beam on the held beam:
the mid-node histories must agree to round-off (1e-12 of the largest
deflection).  The pair's contacts.csv rows name the master element, carry a
positive impulse while pressed, have the normal +z, and their dissipation
adds up to the history's (1e-12: without damping the contacts are all
that dissipates, and contacts.csv is written every increment).  Exit 1 with the first failure."""
import csv
import os
import subprocess
import sys


def fail(msg):
    print("check_beam_master: FAIL: " + msg)
    sys.exit(1)


def run(nsbeam, outdir, deck):
    name = os.path.splitext(os.path.basename(deck))[0]
    out = os.path.join(outdir, name)
    subprocess.run([nsbeam, "run", deck, "-o", out, "--quiet"], check=True)
    hist = list(csv.DictReader(open(os.path.join(out, "history.csv"))))
    rows = list(csv.DictReader(open(os.path.join(out, "contacts.csv"))))
    return [float(r["mid.uz"]) for r in hist], hist, rows


def main():
    nsbeam, outdir, d = sys.argv[1], sys.argv[2], sys.argv[3]
    pair, hist, rows = run(nsbeam, outdir, os.path.join(d, "beam_pair_modal.inp"))
    plane, _, _ = run(nsbeam, outdir, os.path.join(d, "beam_plane_modal.inp"))
    held, _, _ = run(nsbeam, outdir, os.path.join(d, "beam_held_modal.inp"))
    scale = max(abs(u) for u in plane)
    if not (scale > 0.004 and min(plane) < -0.005):
        fail("the beam on the plane does not reach the plane (min uz %.17g, the gap is 0.005)" % min(plane))
    for name, u in (("beam_pair_modal", pair), ("beam_held_modal", held)):
        if len(u) != len(plane):
            fail("%s: %d history rows, the beam on the plane %d" % (name, len(u), len(plane)))
        diff = max(abs(a - b) for a, b in zip(u, plane))
        print("%s: max |uz - uz(plane)| = %.3g (max |uz| %.6g)" % (name, diff, scale))
        if diff > 1e-12 * scale:
            fail("%s: the mid node differs from the beam on the plane by %.17g" % (name, diff))
    pressed = [r for r in rows if float(r["normal_impulse"]) > 0.0]
    if len(pressed) < 10:
        fail("beam_pair_modal: %d contact rows with an impulse" % len(pressed))
    for r in rows:
        if not r["master"].startswith("element 1") or abs(float(r["nz"]) - 1.0) > 1e-9:
            fail("beam_pair_modal: t = %s: master %s, normal z %s (the lower beam's elements 101..110, +z)"
                 % (r["time"], r["master"], r["nz"]))
    d_contacts = sum(float(r["dissipated"]) for r in rows)
    d_hist = float(hist[-1]["dissipated"])
    print("beam_pair_modal: %d rows, %d with an impulse; dissipated: contacts %.17g, history %.17g"
          % (len(rows), len(pressed), d_contacts, d_hist))
    if not (d_hist > 0.0 and abs(d_contacts - d_hist) <= 1e-12 * d_hist):
        fail("beam_pair_modal: the contacts dissipate %.17g, the history %.17g" % (d_contacts, d_hist))
    print("check_beam_master: OK")


main()
