"""Checks of benchmarks/planar_bearing (reference and tolerances: README.md here)."""
import math
import os

from validate_lib import row, run, HERE, OUT

CASE = "planar_bearing"
OMEGA = 157.0


def slips(hist, t0):
    """Over the rows from t0 on: the bearing centre's speed on the base, its speed relative to the
    drive disk's material point under it, its distance from the drive axis, the upper shell's spin."""
    last = [r for r in hist if r["time"] >= t0 - 1e-12]
    base = [math.hypot(r["lo.vx"], r["lo.vy"]) for r in last]
    drive = [math.hypot(r["lo.vx"] + OMEGA * r["lo.y"], r["lo.vy"] - OMEGA * r["lo.x"]) for r in last]
    rad = [math.hypot(r["lo.x"], r["lo.y"]) for r in last]
    spin = [r["up.wbz"] for r in last]
    return base, drive, rad, spin


def check(quick):
    names = ["base_stick"] if quick else ["drive_stick", "base_stick", "equal"]
    for n in names:
        ok, hist, wall, err = run(os.path.join(HERE, CASE, n + ".inp"), os.path.join(OUT, CASE, n))
        row(CASE, n, "run completes", True, ok, kind="bool")
        if not ok:
            continue
        base, drive, rad, spin = slips(hist, 0.05)
        row(CASE, n, "upper shell's spin = drive's (last 0.05 s)", 0.0, max(abs(s - OMEGA) for s in spin), 1e-6, "max")
        if n == "drive_stick":
            # sticks to the drive disk: the bearing circles with it (creep omega |T|/c, 3e-5), slides on the base
            row(CASE, n, "slip on the drive (stick; creep 3e-5)", 0.0, max(drive), 1e-4, "max")
            row(CASE, n, "slip on the base (slides at omega e = 0.157)", 0.1, min(base), 0.1, "min")
        elif n == "base_stick":
            row(CASE, n, "slip on the base (stick)", 0.0, max(base), 1e-9, "max")
            row(CASE, n, "slip on the drive (slides at omega e = 0.157)", 0.1, min(drive), 0.1, "min")
        else:
            # both contacts slide, the bearing keeps its distance from the drive axis: no centring
            row(CASE, n, "slip on the base (slides)", 1e-3, min(base), 1e-3, "min")
            row(CASE, n, "slip on the drive (slides)", 0.1, min(drive), 0.1, "min")
            row(CASE, n, "change of the distance from the axis (no centring)", 0.0, max(rad) - min(rad), 1e-6, "max")
