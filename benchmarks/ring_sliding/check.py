"""Checks of benchmarks/ring_sliding (reference and tolerances: README.md here)."""
import csv
import math
import os

from validate_lib import row, run, HERE, OUT

TIMES = [0.05, 0.1, 0.15, 0.2, 0.25, 0.3]
# a priori bounds of nsbeam against the rigid Coulomb limit of its own point set (README)
TOL_Q, TOL_XI, TOL_W = 1e-5, 1e-3, 1e-2


def reference(case):
    """grid -> list of (qx, qy, xi, vx, vy, wz) at TIMES, the finer step of the table."""
    out = {}
    with open(os.path.join(HERE, case, "ring_reference.csv")) as fh:
        rows = list(csv.DictReader(fh))
    for g in set(r["grid"] for r in rows):
        mine = [r for r in rows if r["grid"] == g]
        dt = min(float(r["dt"]) for r in mine)
        sel = sorted((r for r in mine if float(r["dt"]) == dt), key=lambda r: float(r["time"]))
        out[g] = [[float(r[k]) for k in ("qx", "qy", "xi", "vx", "vy", "wz")] for r in sel]
    return out


def states(hist):
    """(qx, qy, xi, vx, vy, wz) at TIMES from the history rows; xi unwrapped from
    the quaternion (rows every 5 ms, |xi'| <= 200: less than pi per row)."""
    xi, prev, out = 0.0, 0.0, {}
    for x in hist:
        a = 2.0 * math.atan2(x["ring.qz"], x["ring.qw"])
        xi += (a - prev + math.pi) % (2.0 * math.pi) - math.pi
        prev = a
        for t in TIMES:
            if abs(x["time"] - t) < 1e-9:
                out[t] = [x["ring.x"], x["ring.y"], xi, x["ring.vx"], x["ring.vy"], x["ring.wz"]]
    return [out.get(t) for t in TIMES]


def errors(got, ref):
    """max over TIMES of |q|, |xi|, |xi'| errors."""
    eq = max(max(abs(g[0] - r[0]), abs(g[1] - r[1])) for g, r in zip(got, ref))
    return eq, max(abs(g[2] - r[2]) for g, r in zip(got, ref)), max(abs(g[5] - r[5]) for g, r in zip(got, ref))


def check(quick):
    case = "ring_sliding"
    ref = reference(case)
    grids = ["p3", "p12", "p48"] if quick else ["p3", "p12", "p24", "p36", "p48", "p192"]
    cont = {}
    for g in grids:
        out = os.path.join(OUT, case, g)
        ok, hist, wall, err = run(os.path.join(HERE, case, "ring_%s.inp" % g), out)
        row(case, g, "run completes", True, ok, kind="bool")
        if not ok:
            continue
        got = states(hist)
        if any(s is None for s in got):
            row(case, g, "history rows at the check times", True, False, kind="bool")
            continue
        eq, ex, ew = errors(got, ref[g])
        row(case, g, "vs rigid limit of the set: max |q| [m]", 0.0, eq, TOL_Q, "max")
        row(case, g, "vs rigid limit of the set: max |xi| [rad]", 0.0, ex, TOL_XI, "max")
        row(case, g, "vs rigid limit of the set: max |xi'| [1/s]", 0.0, ew, TOL_W, "max")
        cq, cx, cw = errors(got, ref["continuous"])
        cont[g] = cx
        row(case, g, "vs continuous (6.1)-(6.4): max |q| [m]", None, cq)
        row(case, g, "vs continuous (6.1)-(6.4): max |xi| [rad]", None, cx)
        row(case, g, "vs continuous: q_x(0.3) [m]", ref["continuous"][-1][0], got[-1][0])
        row(case, g, "vs continuous: xi(0.3) [rad]", ref["continuous"][-1][2], got[-1][2])
        row(case, g, "wall time [s]", None, wall)
    if "p48" in cont and "p192" in cont:
        # two circles -> four: the radial midpoint rule's error falls with (dr)^2
        row(case, "p48->p192", "xi error ratio (midpoint rule: 4)", 4.0, cont["p48"] / cont["p192"], 1.0, "abs")
