#!/usr/bin/env python3
"""Summary of the one-off run full_ex514_f5.5.inp (README section 6).

full_ex514_report.py OUTDIR [OUTDIR_B]

Reads OUTDIR/history.csv of Ex. 5.14's rotor in the full model (gravity ramp 0-1 s,
spin-up 1-6 s, then 5.5 Hz) and prints, revolution by revolution from t = 6 s (every
20th and the last), the gap at mid-delamination (the distance of the two
sublaminates' mid nodes minus its value at rest, a/2 = 0.0225) and the deflection of
the shaft's axis there (the area-weighted mean 0.8 top + 0.2 bottom of the two mid
nodes, whose distance from the bearing axis it is), min and max; then the number of
revolutions in which the gap closes (min gap below 1e-3 of the max).  With OUTDIR_B
(the same deck at another increment) the largest differences of the two at common
output times."""
import csv
import math
import sys

F_HZ, T_STEADY0 = 5.5, 6.0


def load(d):
    out = []
    with open(d + "/history.csv") as fh:
        for r in csv.DictReader(fh):
            a = [float(r["top." + c]) for c in "xyz"]
            b = [float(r["bottom." + c]) for c in "xyz"]
            g = math.sqrt(sum((x - y) ** 2 for x, y in zip(a, b))) - 0.0225
            c = [0.8 * x + 0.2 * y for x, y in zip(a, b)]
            out.append((float(r["time"]), g, math.hypot(c[1], c[2])))
    return out


def main():
    h = load(sys.argv[1])
    T, t_end = 1.0 / F_HZ, h[-1][0]
    revs, t0 = [], T_STEADY0
    while t0 + T <= t_end + 1e-9:
        w = [r for r in h if t0 - 1e-9 <= r[0] <= t0 + T + 1e-9]
        revs.append((t0, min(r[1] for r in w), max(r[1] for r in w), min(r[2] for r in w), max(r[2] for r in w)))
        t0 += T
    for k, (t0, gmin, gmax, wmin, wmax) in enumerate(revs):
        if k % 20 == 0 or k == len(revs) - 1:
            print("revolution from t = %7.3f s: gap %10.3e .. %.5f um, deflection %.4f .. %.4f mm"
                  % (t0, 1e6 * gmin, 1e6 * gmax, 1e3 * wmin, 1e3 * wmax))
    closed = sum(1 for r in revs if r[1] < 1e-3 * r[2])
    print("%d of %d revolutions close the gap (min < 1e-3 max)" % (closed, len(revs)))
    if len(sys.argv) > 2:
        b = {round(r[0], 6): r for r in load(sys.argv[2])}
        pairs = [(r, b[round(r[0], 6)]) for r in h if round(r[0], 6) in b and r[0] >= 1.0]
        dg = max(abs(x[1] - y[1]) for x, y in pairs)
        dw = max(abs(x[2] - y[2]) for x, y in pairs)
        print("against %s over t = 1 .. %.3f s: gap %.3e um (%.2e of its max), deflection %.3e mm (%.2e of its max)"
              % (sys.argv[2], pairs[-1][0][0], 1e6 * dg, dg / max(x[1] for x, _ in pairs), 1e3 * dw,
                 dw / max(x[2] for x, _ in pairs)))


main()
