#!/usr/bin/env python3
"""Unit invariance of a whole run (tests/units.cmake).

compare_units.py NSBEAM SI_DECK MM_DECK OUTDIR

Runs the same model written in m-kg-s-N-Pa and in mm-tonne-s-N-MPa and
compares history.csv and contacts.csv column by column: every value of the mm
run must equal the SI value times the column's unit factor to 1e-9 of the
column's largest magnitude (round-off of ~2000 increments is ~1e-12), and the
Newton iteration counts and the contact rows must be the same.  Exit 1 with
the first disagreement (row, time, column, both values)."""
import csv
import os
import subprocess
import sys

# unit factor of a column: mm-tonne-s value per SI value
LENGTH = 1e3           # m -> mm
ENERGY = 1e3           # J = N m -> N mm
FACTORS = {
    "kinetic_energy": ENERGY, "potential_energy": ENERGY, "total_energy": ENERGY,
    "external_work": ENERGY, "dissipated": ENERGY, "support_work": ENERGY,
    "linear_momentum": 1.0,            # kg m/s = 1e-3 t * 1e3 mm/s
    "angular_momentum": 1e3,           # kg m^2/s = 1e-3 t * 1e6 mm^2/s
}
PROBE = {"x": LENGTH, "y": LENGTH, "z": LENGTH, "ux": LENGTH, "uy": LENGTH, "uz": LENGTH,
         "vx": LENGTH, "vy": LENGTH, "vz": LENGTH, "m1": 1e3, "m2": 1e3, "m3": 1e3,
         "n1": 1.0, "n2": 1.0, "n3": 1.0}
CONTACT = {"gap": LENGTH, "normal_impulse": 1.0, "tangential_impulse_1": 1.0, "tangential_impulse_2": 1.0,
           "normal_force": 1.0, "slip_speed": LENGTH, "dissipated": ENERGY, "x": LENGTH, "y": LENGTH,
           "z": LENGTH, "nx": 1.0, "ny": 1.0, "nz": 1.0, "friction_x": 1.0, "friction_y": 1.0, "friction_z": 1.0,
           "stick_x": LENGTH, "stick_y": LENGTH, "stick_z": LENGTH, "plastic_rate": LENGTH, "law_nx": 1.0,
           "law_ny": 1.0, "law_nz": 1.0}
EXACT = {"time", "step", "increment", "load_factor", "pair", "slave_node", "master", "point", "friction_state"}
# counters that may differ by one where a convergence test is borderline (the
# two unit systems round differently); the values above then still agree
COUNT = {"newton_iterations"}


def factor(col, table):
    if col in EXACT:
        return None
    if table is CONTACT:
        return CONTACT[col]
    for k, f in FACTORS.items():
        if col.startswith(k):
            return f
    return PROBE[col.split(".", 1)[1]]


def compare(f_si, f_mm, table):
    a = list(csv.reader(open(f_si)))
    b = list(csv.reader(open(f_mm)))
    if a[0] != b[0] or len(a) != len(b):
        sys.exit(f"{f_mm}: header or row count differs from {f_si} ({len(b)} vs {len(a)} rows)")
    head = a[0]
    worst = 0.0
    for j, col in enumerate(head):
        if col in COUNT:
            for r, (x, y) in enumerate(zip(a[1:], b[1:]), 1):
                if abs(int(x[j]) - int(y[j])) > 1:
                    sys.exit(f"{f_mm}: row {r} (t = {x[0]}): {col} = {y[j]}, m-kg-s run {x[j]}")
            continue
        f = factor(col, table)
        if f is None:
            for r, (x, y) in enumerate(zip(a[1:], b[1:]), 1):
                if x[j] != y[j]:
                    sys.exit(f"{f_mm}: row {r} (t = {x[0]}): {col} = {y[j]}, m-kg-s run {x[j]}")
            continue
        big = max(abs(float(x[j]) * f) for x in a[1:])
        for r, (x, y) in enumerate(zip(a[1:], b[1:]), 1):
            d = abs(float(x[j]) * f - float(y[j]))
            if big > 0.0:
                worst = max(worst, d / big)
            if d > 1e-9 * big:
                sys.exit(f"{f_mm}: row {r} (t = {x[0]}): {col} = {y[j]}, m-kg-s run {x[j]} x {f:g} "
                         f"(difference {d / big:.3g} of the column's largest value)")
    return worst, len(a) - 1


def main():
    nsbeam, si, mm, out = sys.argv[1:5]
    for deck, sub in ((si, "si"), (mm, "mm")):
        r = subprocess.run([nsbeam, "run", deck, "-o", os.path.join(out, sub), "--quiet"],
                           capture_output=True, text=True)
        if r.returncode != 0:
            sys.exit(f"{deck}: run failed ({r.returncode}): {r.stderr}")
    for name, table in (("history.csv", FACTORS), ("contacts.csv", CONTACT)):
        worst, rows = compare(os.path.join(out, "si", name), os.path.join(out, "mm", name), table)
        print(f"{name}: {rows} rows agree, largest difference {worst:.3g} of a column's largest value")


if __name__ == "__main__":
    main()
