"""Checks of benchmarks/bearing_radial (reference and tolerances: README.md here)."""
import math
import os

from validate_lib import row, run, HERE, OUT

CASE = "bearing_radial"
OMEGA, N, R, H = 157.0, 600.0, 0.03825, 0.01
MK = 10.0                                     # the clutch mass
RADIAL = {"radial_100": (1e8, 0.05, 0.03e-3), "radial_5": (5e6, 0.2, None), "radial_0p5": (5e5, 0.7, 0.3e-3)}


def series(hist, t0):
    """From t0 on: the bearing's speed on the base (the base's body, if any, moves), its slip on the
    drive disk (whose axis is the drive node), its tilt (rad), its distance from the drive axis."""
    last = [r for r in hist if r["time"] >= t0 - 1e-12]
    base = [math.hypot(r["lo.vx"] - r.get("ba.vx", 0.0), r["lo.vy"] - r.get("ba.vy", 0.0)) for r in last]
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


MU, MU_ST = 0.15, 0.16                         # the axial, base and clutch decks
RATE, HSTEP = 480.0, 5e-5                     # axial_ramp: the force's rate (N/s), the time step
ORDER4 = 4.0 * OMEGA                          # the axial excitation's circular frequency
PERIOD = 2.0 * math.pi / ORDER4
# the thresholds of the outcomes (README): stick on the base, partial and full centring
STICK_SLIP, PARTIAL, FULL = 1e-4, 0.99, 0.2


def breakaway_force():
    """The drive slides on the bearing at mu N whatever the axial force F on the bearing; the base, pressed
    with N - F, holds mu_st (N - F): the stick breaks at F* = N (1 - mu/mu_st)."""
    return N * (1.0 - MU / MU_ST)


def breakaways(base):
    """Starts of slip on the base: the slip rising above 1e-3 m/s from below STICK_SLIP."""
    n, stuck = 0, False
    for v in base:
        if v < STICK_SLIP:
            stuck = True
        elif v > 1e-3 and stuck:
            n, stuck = n + 1, False
    return n


def check(quick):
    names = (["tilt_static", "radial_0p5", "axial_ramp", "axial_drive", "axial_a"] if quick else
             ["tilt_static", "tilt", "tilt_stiff", "radial_100", "radial_5", "radial_0p5", "axial_ramp", "axial_drive",
              "axial_below", "axial_above", "axial_a", "axial_b", "axial_c", "axial_d", "axial_full", "axial_full_drive",
              "base_50", "base_5", "base_1", "base_0p5", "both_1_10", "both_0p5_5"])
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
            # the drive starts N/c1 into the upper ring: its face stays put (1e-4 of that compression)
            row(CASE, n, "drive's largest axial displacement (m)", 0.0,
                max(abs(r["dr.z"] - hist[0]["dr.z"]) for r in hist), 1e-4 * N / 4.32e5, "max")
        elif n == "tilt":
            base, drive, tilt, dist = series(hist, 0.0)
            # Stamm: the tilt stays below 0.02 deg and the bearing centres partly, sticking at the clutch
            row(CASE, n, "largest tilt after 0.05 s (deg; Stamm < 0.02)", 0.02, math.degrees(max(series(hist, 0.05)[2])),
                0.02, "max")
            row(CASE, n, "largest tilt, start transient (deg; Stamm < 0.02)", 0.02, math.degrees(max(tilt)), 0.02, "known")
            row(CASE, n, "end/start distance from the axis (Stamm: partial centring)", PARTIAL, dist[-1] / dist[0],
                PARTIAL, "known")
            row(CASE, n, "slip on the drive over the last 0.02 s (Stamm: stick)", 0.0,
                max(series(hist, 0.08)[1]), STICK_SLIP, "known")
        elif n == "tilt_stiff":
            # stiff beds: back to the planar model's sustained sliding in both contacts, no centring
            base, drive, tilt, dist = series(hist, 0.025)
            row(CASE, n, "slip on the base (slides)", 1e-3, min(base), 1e-3, "min")
            row(CASE, n, "slip on the drive (slides)", 0.05, min(drive), 0.05, "min")
            row(CASE, n, "largest tilt (deg)", 0.0, math.degrees(max(tilt)), 0.02, "max")
        elif n.startswith("radial_"):
            c, eta, amp = RADIAL[n]
            base, drive, tilt, dist = series(hist, 0.05)
            # mu N = 90 N < mu_st N = 96 N: the tilt-held bearing stays stuck on the base
            row(CASE, n, "slip on the base (stick; creep)", 0.0, max(base), STICK_SLIP, "max")
            row(CASE, n, "end/start distance (Stamm: centring)", 0.5, dist[-1] / dist[0], 0.5, "known")
            row(CASE, n, "eta = omega/sqrt(c_r1/m_k) (Stamm's)", eta, OMEGA / math.sqrt(c / MK))
            if amp:
                exc = max(math.hypot(r["dr.x"], r["dr.y"]) for r in hist)
                row(CASE, n, "clutch excursion / Stamm's amplitude - 1", 0.0, abs(exc / amp - 1.0), 0.5, "known")
        elif n == "axial_ramp":
            fstar = breakaway_force()
            base, drive, tilt, dist = series(hist, 0.0)
            tb = next(r["time"] for r, v in zip(hist, base) if r["time"] > 0.01 and v > 1e-5)
            row(CASE, n, "stick on the base, 0.01 s to 0.95 F* (m/s)", 0.0,
                max(v for r, v in zip(hist, base) if 0.01 <= r["time"] and RATE * r["time"] < 0.95 * fstar), 1e-9, "max")
            # the increment in which the force passes F* slides: its end lies within one increment's force
            # rise RATE h above F* (F* is reached mid-increment, so the reference is half of it)
            half = 0.5 * RATE * HSTEP / fstar
            row(CASE, n, "breakaway force / closed form F* - 1", half, RATE * tb / fstar - 1.0, half, "abs")
            row(CASE, n, "slip on the drive 5 ms after F* (stick; creep)", 0.0,
                max(v for r, v in zip(hist, drive) if RATE * r["time"] > fstar + 2.5), STICK_SLIP, "max")
            row(CASE, n, "Stamm's amplitude N/15 / F*", 1.0, N / 15.0 / fstar)
        elif n == "axial_drive":
            # the force on the drive loads both contacts alike: mu/mu_st stays, the stick holds at any amplitude
            base, drive, tilt, dist = series(hist, 0.01)
            row(CASE, n, "slip on the base, N/3 at 4 omega on the drive (stick)", 0.0, max(base), STICK_SLIP, "max")
        elif n in ("axial_below", "axial_above"):
            # the closed form's bound F* under Stamm's harmonic force at 4 omega (tilt held)
            base, drive, tilt, dist = series(hist, 0.01)
            if n == "axial_below":
                row(CASE, n, "slip on the base, 0.95 F* at 4 omega (stick)", 0.0, max(base), STICK_SLIP, "max")
            else:
                row(CASE, n, "largest slip on the base, 1.05 F* at 4 omega (breaks)", 1e-2, max(base), 1e-2, "min")
        elif n == "axial_a":
            base, drive, tilt, dist = series(hist, 0.05)
            row(CASE, n, "slip on the base after 0.05 s (Stamm: stick)", 0.0, max(base), 1e-9, "max")
            row(CASE, n, "static tilt / closed form - 1", 0.0, tilt[-1] / static_tilt(6e6, 4.32e5, 60.0) - 1.0, 2e-4, "abs")
        else:
            base, drive, tilt, dist = series(hist, 0.0)
            eta = dist[-1] / dist[0]
            if n in ("axial_b", "axial_d", "axial_full", "axial_full_drive"):
                row(CASE, n, "largest slip on the base (the stick breaks)", 1e-2, max(series(hist, 0.02)[0]), 1e-2, "min")
                row(CASE, n, "breakaways on the base per excitation period", 0.0,
                    breakaways(series(hist, 0.02)[0]) * PERIOD / (hist[-1]["time"] - 0.02))
                row(CASE, n, "largest tilt (deg)", 0.0, math.degrees(max(tilt)))
            if n in ("axial_b", "axial_c", "axial_d"):
                row(CASE, n, "end/start distance (Stamm: partial centring)", PARTIAL, eta, PARTIAL, "known")
            elif n == "axial_full":
                row(CASE, n, "end/start distance (Stamm: full centring)", FULL, eta, FULL, "known")
            elif n == "axial_full_drive":
                row(CASE, n, "end/start distance (force on the drive)", 1.0, eta)
            else:
                # Stamm: with the base elastic, incomplete centring, stick on the base or at the clutch, and
                # centring at 0.5 kN/mm; with both, no essential improvement. The state over the last 0.1 s:
                base, drive, tilt, dist = series(hist, hist[-1]["time"] - 0.1)
                row(CASE, n, "largest slip on the base over the last 0.1 s", 0.0, max(base))
                row(CASE, n, "largest slip on the drive over the last 0.1 s", 0.0, max(drive))
                if n == "base_0p5":
                    row(CASE, n, "end/start distance (Stamm: centring)", FULL, eta, FULL, "known")
                else:
                    row(CASE, n, "end/start distance", 1.0, eta)
