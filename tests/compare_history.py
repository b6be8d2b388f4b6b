#!/usr/bin/env python3
"""Compare an nsbeam history.csv with a committed reference.

usage: python3 compare_history.py COMPUTED.csv REFERENCE.csv [--rtol R] [--atol A]

Both files must have the same header (same columns, same order) and the same
number of rows.  Every value must satisfy

    |computed - reference| <= rtol * |reference| + atol      (default rtol 1e-9, atol 1e-12)

column by column.  Prints the worst column (largest error relative to its
tolerance) and every failing column with its first failing row; exits 0 on
success, 1 on a mismatch, 2 on bad usage or unreadable files.

Why these tolerances.  The reference was produced by the same code on the
project's reference machine; nsbeam is built with -ffp-contract=off and
writes %.17g, so on one platform a rerun is bit-identical.  What may still
differ between machines or compiler versions is the last bit of libm
(sin/cos/atan2/sqrt in the SO(3) exponential and logarithm); a Newton iteration
that stops at an increment norm of 1e-10 damps rather than amplifies such
differences, and over a few hundred increments of these short, non-chaotic
runs they stay around 1e-13 relative.  rtol = 1e-9 leaves three to four
orders of margin for that, while any change of the model, the element
equations or the scheme moves the results by the discretization error
(1e-6 .. 1e-3 here) and fails.  The absolute floor atol = 1e-12 is for
columns that are zero up to round-off (momentum components that vanish by
symmetry, out-of-plane coordinates, 1e-30 .. 1e-15) and for values that pass
through zero, where a relative test is meaningless.  Integer columns (step,
newton_iterations) are compared the same way, i.e. exactly.
"""
import csv
import math
import sys


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
    args, rtol, atol = [], 1e-9, 1e-12
    i = 1
    while i < len(argv):
        if argv[i] in ("--rtol", "--atol") and i + 1 < len(argv):
            if argv[i] == "--rtol":
                rtol = float(argv[i + 1])
            else:
                atol = float(argv[i + 1])
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
    for j, name in enumerate(hr):
        first_bad = None
        for i, (rc, rr) in enumerate(zip(vc, vr)):
            c, r = rc[j], rr[j]
            tol = rtol * abs(r) + atol
            err = abs(c - r)
            if not math.isfinite(c) or not (err <= tol):
                if first_bad is None:
                    first_bad = (i, c, r, err, tol)
                ratio = math.inf
            else:
                ratio = err / tol
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
    print("%s: %d rows x %d columns, rtol %g, atol %g: %s"
          % (args[1], len(vr), len(hr), rtol, atol, "PASS" if ok else "FAIL"))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
