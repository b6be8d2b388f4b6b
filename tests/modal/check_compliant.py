#!/usr/bin/env python3
"""Compliant (LAW=HERTZ) contacts of a *MODAL DYNAMIC step (tests/modal.cmake).

check_compliant.py NSBEAM OUTDIR DIR

Runs the decks of DIR (modal reduction, Hertz/Hunt-Crossley law with exponent 1.5):
  hertz_pair_modal   two identical pinned beams pressed together by opposite mid-span
                     forces (beam-beam contact, both beams move), stiffness c, damping d;
  hertz_plane_modal  the upper beam alone against the symmetry plane with 2^p c and 2 d:
                     the pair's penetration is twice the plane's, its rate too, so the
                     forces agree and, by symmetry, so do the motions;
  hertz_held_modal   the upper beam against the lower beam held in place (its surface on
                     the plane), the plane's law;
  hertz_held_spin0   hertz_held_modal through the co-rotating model at rest (SPIN=0);
  hertz_static_modal one mode, the mid node alone on the plane, ALPHA=100: settles where
                     uz = uz0 (1 - c alpha^p / F), alpha = -(0.005 + uz) the penetration,
                     uz0 the settled deflection without contact (hertz_static_free), F = 200 N.
Checks: the mid-node histories of the four transient runs agree to 1e-9 of the largest
deflection (round-off of the law's iteration); the beam reaches 0.5 mm into the plane; the
energy E + D - W stays zero to 1e-12 of the work (the compliant contacts' elastic energy is
in the potential); the pair's contacts.csv dissipation adds up to the history's; the
settled penetration solves the scalar equilibrium to 1e-9.  Exit 1 with the first failure."""
import csv
import os
import subprocess
import sys


def fail(msg):
    print("check_compliant: FAIL: " + msg)
    sys.exit(1)


def run(nsbeam, outdir, d, name):
    out = os.path.join(outdir, name)
    subprocess.run([nsbeam, "run", os.path.join(d, name + ".inp"), "-o", out, "--quiet"], check=True)
    hist = list(csv.DictReader(open(os.path.join(out, "history.csv"))))
    path = os.path.join(out, "contacts.csv")
    rows = list(csv.DictReader(open(path))) if os.path.exists(path) else []
    return hist, rows


def uz(hist):
    return [float(r["mid.uz"]) for r in hist]


def main():
    nsbeam, outdir, d = sys.argv[1], sys.argv[2], sys.argv[3]
    plane, _ = run(nsbeam, outdir, d, "hertz_plane_modal")
    up = uz(plane)
    scale = max(abs(u) for u in up)
    if not (min(up) < -0.0055):
        fail("the beam on the plane does not press 0.5 mm into it (min uz %.17g, the gap is 0.005)" % min(up))
    for name in ("hertz_pair_modal", "hertz_held_modal", "hertz_held_spin0"):
        hist, rows = run(nsbeam, outdir, d, name)
        u = uz(hist)
        if len(u) != len(up):
            fail("%s: %d history rows, the beam on the plane %d" % (name, len(u), len(up)))
        diff = max(abs(a - b) for a, b in zip(u, up))
        print("%s: max |uz - uz(plane)| = %.3g (max |uz| %.6g)" % (name, diff, scale))
        if diff > 1e-9 * scale:
            fail("%s: the mid node differs from the beam on the plane by %.17g" % (name, diff))
        last = hist[-1]
        w = max(abs(float(r["external_work"])) for r in hist)
        bal = max(abs(float(r["total_energy"]) + float(r["dissipated"]) - float(r["external_work"])) for r in hist)
        print("%s: max |E + D - W| = %.3g (work %.6g)" % (name, bal, w))
        if not (w > 0.0 and bal <= 1e-12 * w):
            fail("%s: E + D - W reaches %.17g (work %.17g)" % (name, bal, w))
        if name == "hertz_pair_modal":
            pressed = [r for r in rows if float(r["normal_impulse"]) > 0.0]
            d_contacts = sum(float(r["dissipated"]) for r in rows)
            d_hist = float(last["dissipated"])
            print("%s: %d rows with an impulse; dissipated: contacts %.17g, history %.17g"
                  % (name, len(pressed), d_contacts, d_hist))
            if len(pressed) < 10:
                fail("%s: %d contact rows with an impulse" % (name, len(pressed)))
            if not (d_hist > 0.0 and abs(d_contacts - d_hist) <= 1e-12 * d_hist):
                fail("%s: the contacts dissipate %.17g, the history %.17g" % (name, d_contacts, d_hist))
    free, _ = run(nsbeam, outdir, d, "hertz_static_free")
    stat, _ = run(nsbeam, outdir, d, "hertz_static_modal")
    uz0, u = uz(free)[-1], uz(stat)[-1]
    c, p, F = 14142135.623730951, 1.5, 200.0
    # -(0.005 + a) = uz0 (1 - c a^p / F): the left side falls, the right side rises with a
    lo, hi = 0.0, -(0.005 + uz0)
    for _ in range(200):
        a = 0.5 * (lo + hi)
        if -(0.005 + a) - uz0 * (1.0 - c * a ** p / F) > 0.0:
            lo = a
        else:
            hi = a
    ref = -(0.005 + 0.5 * (lo + hi))
    print("hertz_static_modal: settled uz %.17g, equilibrium %.17g (uz0 %.17g)" % (u, ref, uz0))
    if abs(u - ref) > 1e-9 * abs(ref):
        fail("hertz_static_modal: settled uz %.17g, the equilibrium is %.17g" % (u, ref))
    print("check_compliant: OK")


main()
