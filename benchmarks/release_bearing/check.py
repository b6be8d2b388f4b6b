"""Checks of benchmarks/release_bearing (reference and tolerances: README.md here)."""
import math
import os

from validate_lib import row, run, HERE, OUT

CASE = "release_bearing"
OMEGA, E, H1 = 1500.0 * math.pi / 30.0, 1e-3, 0.01
C1, C2, C3, P = 4.32e5, 1e4, 1e7, 100.0
MU1_ST, MU1, MU_ST, MU = 0.26, 0.25, 0.135, 0.134
M = 0.05 + 0.033                               # the bearing's mass
RATE = 1000.0                                  # release force ramp, N/s


def plate_slip(r):
    return math.hypot(r["ir.vx"], r["ir.vy"])


def tongue_slip(r):
    """The outer ring's points against the tongues: v_b + (w_ar - w_ds) z x r_i + w_ds z x (c - b), the
    same at every point while the ring turns with the spring (w_ar = w_ds = OMEGA)."""
    dx, dy = r["ds.x"] - r["ir.x"], r["ds.y"] - r["ir.y"]
    return math.hypot(r["ir.vx"] - r["ds.vx"] - OMEGA * dy, r["ir.vy"] - r["ds.vy"] + OMEGA * dx)


def dist(r):
    return math.hypot(r["ir.x"] - r["ds.x"], r["ir.y"] - r["ds.y"])


def spring_slip_force():
    """The stick springs of the two rings (same c a point) share the tongues' push mu1 F equally: the
    centring spring's ring (F2 = P - k F, k = c2/(c2 + c3)) slides first, at mu1 F/2 = mu_st F2."""
    k = C2 / (C2 + C3)
    return MU_ST * P / (0.5 * MU1 + MU_ST * k)


def breakaway_force():
    """The tongues slide on the resting bearing at w e with mu1 F; the centring spring's ring, already
    sliding, holds mu F2, the plate's up to mu_st F3, F3 = P + (1 - k) F: breakaway at
    mu1 F = mu (P - k F) + mu_st (P + (1 - k) F)."""
    k = C2 / (C2 + C3)
    return (MU + MU_ST) * P / (MU1 - MU_ST * (1.0 - k) + MU * k)


def tongue_stick_force():
    """The bearing riding with the spring (orbit of radius e at w about its centre) needs the tongues'
    mu1_st F to carry the plate's sliding friction mu (F2 + F3) and the centripetal force m w^2 e."""
    return (MU * 2.0 * P + M * OMEGA ** 2 * E) / (MU1_ST - MU * (C3 - C2) / (C3 + C2))


def check(quick):
    names = ["preload"] if quick else ["preload", "ramp", "clutch"]
    for n in names:
        ok, hist, wall, err = run(os.path.join(HERE, CASE, n + ".inp"), os.path.join(OUT, CASE, n))
        row(CASE, n, "run completes", True, ok, kind="bool")
        if not ok:
            continue
        if n == "preload":
            F = 200.0
            zi0 = -P / C3
            last = hist[-1]
            dz = -F / (C2 + C3)
            row(CASE, n, "inner ring's axial shift / closed form - 1", 0.0, (last["ir.z"] - zi0) / dz - 1.0, 1e-7, "abs")
            row(CASE, n, "spring's axial position - closed form (m)", 0.0,
                last["ds.z"] - (zi0 + dz + H1 - F / C1), 1e-11, "abs")
            row(CASE, n, "slip on the plate after 0.03 s (stick, F < F*)", 0.0,
                max(plate_slip(r) for r in hist if r["time"] >= 0.03), 1e-9, "max")
        elif n == "ramp":
            fstar, f2 = breakaway_force(), spring_slip_force()
            # stick: slip below 1e-5 m/s (the stick springs' creep is 2.6e-7 ... 1.3e-6 m/s)
            tb = next(r["time"] for r in hist if plate_slip(r) > 1e-5)
            v50 = next(plate_slip(r) for r in hist if RATE * r["time"] >= 50.0)
            t2 = next(r["time"] for r in hist if RATE * r["time"] > 50.0 and plate_slip(r) > 1.5 * v50)
            row(CASE, n, "stick on the plate below 0.95 F* (m/s)", 0.0,
                max(plate_slip(r) for r in hist if RATE * r["time"] < 0.95 * fstar), 1e-5, "max")
            row(CASE, n, "centring spring's ring slides / closed form - 1", 0.0, RATE * t2 / f2 - 1.0, 1e-3, "abs")
            row(CASE, n, "breakaway force / closed form F* - 1", 0.0, RATE * tb / fstar - 1.0, 5e-4, "abs")
            row(CASE, n, "F for stick at the tongues < F* (N)", fstar, tongue_stick_force(), fstar, "max")
            row(CASE, n, "slip at the tongues after F* + 20 N (stick)", 0.0,
                max(tongue_slip(r) for r in hist if RATE * r["time"] > fstar + 20.0), 1e-3, "max")
            row(CASE, n, "slip on the plate after F* + 20 N (slides at w e)", OMEGA * E,
                min(plate_slip(r) for r in hist if RATE * r["time"] > fstar + 20.0), 0.99 * OMEGA * E, "min")
            # Stamm: without radial elasticity the bearing does not centre
            row(CASE, n, "end/start distance from the spring's axis (no centring)", 1.0,
                dist(hist[-1]) / dist(hist[0]), 0.95, "min")
        else:
            # Stamm: full centring on the 10 kg clutch mass with 0.1 kN/mm
            row(CASE, n, "end/start distance from the spring's axis (Stamm: centres)", 0.0,
                dist(hist[-1]) / dist(hist[0]), 0.2, "known")
            row(CASE, n, "smallest distance / start", 0.0, min(dist(r) for r in hist) / dist(hist[0]))
