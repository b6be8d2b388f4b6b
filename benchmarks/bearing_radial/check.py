"""Checks of benchmarks/bearing_radial (reference and tolerances: README.md here)."""
import math
import os

from validate_lib import row, run, HERE, OUT

CASE = "bearing_radial"
OMEGA, N, R, H = 157.0, 600.0, 0.03825, 0.01
MK = 10.0                                     # the clutch mass
RADIAL = {"radial_100": (1e8, 0.05, 0.03e-3), "radial_5": (5e6, 0.2, None), "radial_0p5": (5e5, 0.7, 0.3e-3)}


def series(hist, t0):
    """From t0 on: the bearing's speed on the base, its slip on the drive disk (whose axis is the
    drive node), its tilt (rad), its distance from the drive axis."""
    last = [r for r in hist if r["time"] >= t0 - 1e-12]
    base = [math.hypot(r["lo.vx"], r["lo.vy"]) for r in last]
    drive = [math.hypot(r["lo.vx"] - r["dr.vx"] + OMEGA * (r["lo.y"] - r["dr.y"]),
                        r["lo.vy"] - r["dr.vy"] - OMEGA * (r["lo.x"] - r["dr.x"])) for r in last]
    tilt = [math.hypot(r["lo.rx"], r["lo.ry"]) for r in last]
    dist = [math.hypot(r["lo.x"] - r["dr.x"], r["lo.y"] - r["dr.y"]) for r in last]
    return base, drive, tilt, dist


def static_tilt(cb, cd, bd):
    """The bearing stuck on the base, the drive sliding at mu N: the friction couple mu N H against the
    beds' tilt stiffness (R^2/2 per unit ring stiffness) less the load's N H, and the drive bed's
    damping of the ring turning about its tilted axis (R^2/2 beta omega, a moment normal to the tilt)."""
    k = 0.5 * (cb + cd) * R * R - N * H
    d = 0.5 * bd * R * R * OMEGA
    return 0.15 * N * H / math.hypot(k, d)


def check(quick):
    names = ["tilt_static", "radial_0p5"] if quick else ["tilt_static", "tilt", "tilt_stiff", "radial_100", "radial_5", "radial_0p5"]
    for n in names:
        ok, hist, wall, err = run(os.path.join(HERE, CASE, n + ".inp"), os.path.join(OUT, CASE, n))
        row(CASE, n, "run completes", True, ok, kind="bool")
        if not ok:
            continue
        if n == "tilt_static":
            base, drive, tilt, dist = series(hist, 0.03)
            ref = static_tilt(6e6, 4.32e5, 1400.0)
            row(CASE, n, "slip on the base (stick)", 0.0, max(base), 1e-9, "max")
            row(CASE, n, "slip on the drive (slides)", 0.1, min(drive), 0.1, "min")
            row(CASE, n, "static tilt / closed form - 1", 0.0, tilt[-1] / ref - 1.0, 2e-4, "abs")
        elif n == "tilt":
            base, drive, tilt, dist = series(hist, 0.0)
            # Stamm: the tilt stays below 0.02 deg and the bearing centres partly
            row(CASE, n, "largest tilt (deg; Stamm < 0.02)", 0.02, math.degrees(max(tilt)), 0.02, "known")
            row(CASE, n, "end/start distance from the axis (Stamm < 1)", 1.0, dist[-1] / dist[0], 1.0, "known")
        elif n == "tilt_stiff":
            # stiff beds: back to the planar model's sustained sliding in both contacts, no centring
            base, drive, tilt, dist = series(hist, 0.025)
            row(CASE, n, "slip on the base (slides)", 1e-3, min(base), 1e-3, "min")
            row(CASE, n, "slip on the drive (slides)", 0.05, min(drive), 0.05, "min")
            row(CASE, n, "largest tilt (deg)", 0.0, math.degrees(max(tilt)), 0.02, "max")
        else:
            c, eta, amp = RADIAL[n]
            base, drive, tilt, dist = series(hist, 0.05)
            # mu N = 90 N < mu_st N = 96 N: the tilt-held bearing stays stuck on the base
            row(CASE, n, "slip on the base (stick; creep)", 0.0, max(base), 1e-4, "max")
            row(CASE, n, "end/start distance (Stamm: centring)", 0.5, dist[-1] / dist[0], 0.5, "known")
            row(CASE, n, "eta = omega/sqrt(c_r1/m_k) (Stamm's)", eta, OMEGA / math.sqrt(c / MK))
            if amp:
                exc = max(math.hypot(r["dr.x"], r["dr.y"]) for r in hist)
                row(CASE, n, "clutch excursion / Stamm's amplitude - 1", 0.0, abs(exc / amp - 1.0), 0.5, "known")
