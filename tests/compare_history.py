#!/usr/bin/env python3
"""Compare an nsbeam history.csv with a committed reference.

usage: python3 compare_history.py COMPUTED.csv REFERENCE.csv [--rtol R]

Both files must have the same header (same columns, same order) and the same
number of rows.  Every physical value must satisfy

    |computed - reference| <= rtol * (|reference| + S)      (default rtol 1e-7)

where S is the scale of the column's vector: the largest |reference| of the
columns that share its name but for the last letter or digit
(linear_momentum_y with _x and _z, tip.vz with tip.vx and tip.vy; a scalar
column is a vector of one).  A component that passes through zero or stays
at round-off (a planar motion's out-of-plane coordinate, 1e-35) is thus
judged against the size of its vector, never against an absolute number in
some unit.
Counter columns (newton_iterations) are reported, not compared: how many
Newton iterations an increment needs depends on where the convergence test
falls relative to the round-off of the machine's BLAS kernel and libm, and a
regression test must hold on every x86-64 CPU.  The time and increment
columns are compared like the others (they are exact).

Why these tolerances.  The results are converged by Newton's method; two
machines whose round-off differs (an AVX-512 and an AVX2 or SSE3 OpenBLAS
kernel, another libm) may stop one iteration apart, and their states then
differ by at most the last correction, which the convergence test bounds by
RELATIVE CORRECTION (default 1e-8) times the motion of the increment
(docs/theory.md, section 5).  Summed over a run that is 1e-8 times the path
travelled, a few times the column scale: rtol = 1e-7 (ten times the
correction tolerance) covers it, and measured differences between kernels
stay far below (2e-12 of the scale with the tight tolerances this script was
first used with).  Any change of the model, the element equations or the
scheme moves the results by the discretization error (1e-6 .. 1e-3 here)
and fails.  Prints the worst column and every failing column with its first
failing row; exits 0 on success, 1 on a mismatch, 2 on bad usage or
unreadable files.
"""
import csv
import math
import sys

# Columns that count work, not physics: never compared.
COUNTERS = ("newton_iterations",)


def read(path):
    try:
        with open(path, newline="") as f:
            rows = list(csv.reader(f))
    except OSError as exc:
        sys.stderr.write("compare_history.py: cannot read %s: %s\n" % (path, exc))
        sys.exit(2)
    if not rows:
        sys.stderr.write("compare_history.py: %s is empty\n" % path)
        sys.exit(2)
    header, data = rows[0], rows[1:]
    values = []
    for i, r in enumerate(data):
        if len(r) != len(header):
            sys.stderr.write("compare_history.py: %s: row %d has %d fields, header has %d\n"
                             % (path, i + 2, len(r), len(header)))
            sys.exit(1)
        try:
            values.append([float(x) for x in r])
        except ValueError as exc:
            sys.stderr.write("compare_history.py: %s: row %d: %s\n" % (path, i + 2, exc))
            sys.exit(1)
    return header, values


def main(argv):
    args, rtol = [], 1e-7
    i = 1
    while i < len(argv):
        if argv[i] == "--rtol" and i + 1 < len(argv):
            rtol = float(argv[i + 1])
            i += 2
        elif argv[i].startswith("-"):
            sys.stderr.write(__doc__)
            return 2
        else:
            args.append(argv[i])
            i += 1
    if len(args) != 2:
        sys.stderr.write(__doc__)
        return 2
    hc, vc = read(args[0])
    hr, vr = read(args[1])
    if hc != hr:
        missing = [c for c in hr if c not in hc]
        extra = [c for c in hc if c not in hr]
        print("FAIL: headers differ (missing %s, extra %s, or order changed)" % (missing, extra))
        return 1
    if len(vc) != len(vr):
        print("FAIL: %d rows computed, %d in the reference" % (len(vc), len(vr)))
        return 1
    ok = True
    worst = (0.0, None, None, None, None)  # (error / tolerance, column, row, computed, reference)
    skipped = []
    scales = [max((abs(rr[j]) for rr in vr), default=0.0) for j in range(len(hr))]
    for j, name in enumerate(hr):
        if name in COUNTERS:
            skipped.append(name)
            continue
        scale = max(scales[k] for k, other in enumerate(hr) if other[:-1] == name[:-1])
        first_bad = None
        for i, (rc, rr) in enumerate(zip(vc, vr)):
            c, r = rc[j], rr[j]
            tol = rtol * (abs(r) + scale)
            err = abs(c - r)
            if not math.isfinite(c) or not (err <= tol):
                if first_bad is None:
                    first_bad = (i, c, r, err, tol)
                ratio = math.inf
            else:
                ratio = err / tol if tol > 0.0 else 0.0
            if ratio > worst[0]:
                worst = (ratio, name, i, c, r)
        if first_bad is not None:
            ok = False
            i, c, r, err, tol = first_bad
            print("FAIL: column %s, data row %d (time %s): computed %.17g, reference %.17g, |diff| %.3g > tol %.3g"
                  % (name, i + 1, vr[i][0], c, r, err, tol))
    if worst[1] is not None:
        print("worst column %s (data row %d): computed %.17g, reference %.17g, error/tolerance %.3g"
              % (worst[1], worst[2] + 1, worst[3], worst[4], worst[0]))
    if skipped:
        print("not compared (counters): %s" % ", ".join(skipped))
    print("%s: %d rows x %d columns, rtol %g of value plus column scale: %s"
          % (args[1], len(vr), len(hr), rtol, "PASS" if ok else "FAIL"))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
