"""Checks of benchmarks/disk_on_disk (reference and tolerances: README.md here)."""
import math
import os

from validate_lib import row, run, HERE, OUT

CASE = "disk_on_disk"
OMEGA, N, CS, M = 1.1, 1.0, 1.0, 1.0
NPTS = 12


def thales(mu, X0):
    """The point contact's self-centring equilibrium, Stamm (2011), eqs. (6.36)-(6.38)."""
    return X0 * (1.0 - mu ** 2 * N ** 2 / (CS ** 2 * X0 ** 2)), mu * N / (CS * X0) * math.sqrt(
        X0 ** 2 - mu ** 2 * N ** 2 / CS ** 2)


def ring_force(qx, qy, rho, mu, u=(0.0, 0.0), spin_rel=None):
    """Friction force and moment (about the ring's centre q) on a ring of NPTS points of radius rho,
    uniformly pressed (N/NPTS each), sliding on the lower disk: point i at P_i = q + rho e_i (e_i at the
    angles 2 pi i/NPTS) has the relative velocity v_i = u + Om e_z x rho e_i - OMEGA e_z x P_i
    (u: the ring centre's velocity, Om its spin; spin_rel=None: Om = 0, the spin held) and takes
    -mu N/NPTS v_i/|v_i|:  F = -mu N/NPTS sum_i v_i/|v_i|,  M_z = sum_i (rho e_i x F_i).z."""
    om = 0.0 if spin_rel is None else spin_rel
    fx = fy = mz = 0.0
    for k in range(NPTS):
        ph = 2.0 * math.pi * k / NPTS
        ex, ey = rho * math.cos(ph), rho * math.sin(ph)
        px, py = qx + ex, qy + ey
        vx = u[0] - om * ey + OMEGA * py
        vy = u[1] + om * ex - OMEGA * px
        v = math.hypot(vx, vy)
        f = mu * N / NPTS
        fx -= f * vx / v
        fy -= f * vy / v
        mz += ex * (-f * vy / v) - ey * (-f * vx / v)
    return fx, fy, mz


def ring_equilibrium(mu, X0, rho):
    """The held ring at rest: -c_s (q - X0 e_x) + F(q) = 0, Newton with a central-difference Jacobian
    from the point contact's equilibrium."""
    q = list(thales(mu, X0))

    def res(a, b):
        fx, fy, _ = ring_force(a, b, rho, mu)
        return -CS * (a - X0) + fx, -CS * b + fy

    for _ in range(60):
        r0, e = res(*q), 1e-7
        rxp, rxm = res(q[0] + e, q[1]), res(q[0] - e, q[1])
        ryp, rym = res(q[0], q[1] + e), res(q[0], q[1] - e)
        j = [[(rxp[0] - rxm[0]) / (2 * e), (ryp[0] - rym[0]) / (2 * e)],
             [(rxp[1] - rxm[1]) / (2 * e), (ryp[1] - rym[1]) / (2 * e)]]
        det = j[0][0] * j[1][1] - j[0][1] * j[1][0]
        dx = (-r0[0] * j[1][1] + r0[1] * j[0][1]) / det
        dy = (-r0[1] * j[0][0] + r0[0] * j[1][0]) / det
        q = [q[0] + dx, q[1] + dy]
        if abs(dx) + abs(dy) < 1e-18:
            break
    return q


def drive_work(hist):
    """Work of the support that turns the lower disk, the trapezoidal rule on RM_z w_z over the rows
    (every increment) from the first increment on (the reaction is not computed at t = 0)."""
    w = [0.0]
    for a, b in zip(hist[1:-1], hist[2:]):
        w.append(w[-1] + 0.5 * (b["time"] - a["time"]) * (a["low.rmz"] * a["low.wbz"] + b["low.rmz"] * b["low.wbz"]))
    return w


def balance_drift(hist, drive):
    """max |E + D - W - W_drive - (the same at the first increment)| (drive: W_drive from row 1 on)."""
    b = [q["total_energy"] + q["dissipated"] - q["external_work"] for q in hist[1:]]
    if drive:
        b = [x - w for x, w in zip(b, drive_work(hist))]
    return max(abs(x - b[0]) for x in b)


def slip_at_centre(r):
    """Speed of the upper disk's centre relative to the lower disk's material point under it."""
    w = r["low.wbz"]
    return math.hypot(r["up.vx"] + w * r["up.y"], r["up.vy"] - w * r["up.x"])


def stick_bound(mu_st, X0, beta):
    """Stamm (2011), eq. (6.43) with N = 1: the largest radius of a permanent stick."""
    return (mu_st * N - CS * X0) / math.sqrt((CS - M * OMEGA ** 2) ** 2 + beta ** 2 * OMEGA ** 2)


def go(n):
    ok, hist, wall, err = run(os.path.join(HERE, CASE, n + ".inp"), os.path.join(OUT, CASE, n))
    row(CASE, n, "run completes", True, ok, kind="bool")
    return hist if ok else None


def check(quick):
    mu, X0 = 0.05, 0.1
    qi, qj = thales(mu, X0)
    # (b) ring of radius 0.05, free spin: the point contact's equilibrium and the lower disk's spin
    h = go("centre_spin")
    if h:
        r = h[-1]
        row(CASE, "centre_spin", "q_i at t = 60 (Stamm 2011, eq. 6.37)", qi, r["up.x"], 1e-9, "abs")
        row(CASE, "centre_spin", "q_j at t = 60 (Stamm 2011, eq. 6.38)", qj, r["up.y"], 1e-9, "abs")
        row(CASE, "centre_spin", "upper disk's spin = lower disk's OMEGA", OMEGA, r["up.wbz"], 1e-9, "abs")
        row(CASE, "centre_spin", "max |E + D - W - W_drive| drift", 0.0, balance_drift(h, True), 1e-6, "max")
    if quick:
        return
    # (b) the same ring, spin held: the ring's own equilibrium (closed-form friction of the ring)
    for n, rho in (("centre_held", 0.05), ("centre_held_rho1e-4", 1e-4)):
        h = go(n)
        if not h:
            continue
        qe = ring_equilibrium(mu, X0, rho)
        r = h[-1]
        row(CASE, n, "q_i at t = 60 (ring equilibrium, README)", qe[0], r["up.x"], 1e-9, "abs")
        row(CASE, n, "q_j at t = 60 (ring equilibrium, README)", qe[1], r["up.y"], 1e-9, "abs")
        row(CASE, n, "max |E + D - W - W_drive| drift", 0.0, balance_drift(h, True), 1e-6, "max")
        if rho < 1e-3:
            # (a) radius -> 0: the point contact's equilibrium, to the O(rho^2) of the closed form (1.7e-8)
            row(CASE, n, "q_i at t = 60 (Stamm 2011, eq. 6.37)", qi, r["up.x"], 5e-8, "abs")
            row(CASE, n, "q_j at t = 60 (Stamm 2011, eq. 6.38)", qj, r["up.y"], 5e-8, "abs")
        else:
            row(CASE, n, "distance of the ring equilibrium from the point's", 0.0,
                math.hypot(qe[0] - qi, qe[1] - qj))
    # the lower disk under a torque M_d against the brake beta_b = 1: steady spin (M_d - mu N rho0)/beta_b
    h = go("centre_torque")
    if h:
        r = h[-1]
        rho0 = math.hypot(qi, qj)
        md = OMEGA * 1.0 + mu * N * rho0
        row(CASE, "centre_torque", "q_i at t = 60 (Stamm 2011, eq. 6.37)", qi, r["up.x"], 1e-9, "abs")
        row(CASE, "centre_torque", "q_j at t = 60 (Stamm 2011, eq. 6.38)", qj, r["up.y"], 1e-9, "abs")
        row(CASE, "centre_torque", "lower disk's spin (M_d - mu N rho0)/beta_b", (md - mu * N * rho0) / 1.0,
            r["low.wbz"], 1e-5, "abs")
        row(CASE, "centre_torque", "upper disk's spin = lower disk's", r["low.wbz"], r["up.wbz"], 1e-5, "abs")
        row(CASE, "centre_torque", "E + D - W drift (generalized-alpha, RHOINF=0.9)", 0.0, balance_drift(h, False))
    # two free disks: internal contact forces keep the momenta, every work is booked
    for n, tol_e, tol_l in (("free_pair", 1e-7, 1e-7), ("free_pair_newton", 1e-12, None)):
        h = go(n)
        if not h:
            continue
        for k in ("linear_momentum_x", "linear_momentum_y"):
            row(CASE, n, f"max |{k} - initial|", 0.0, max(abs(r[k] - h[0][k]) for r in h), 1e-12, "max")
        dl = max(abs(r["angular_momentum_z"] - h[0]["angular_momentum_z"]) for r in h)
        if tol_l:
            row(CASE, n, "max |angular_momentum_z - initial|", 0.0, dl, tol_l, "max")
        else:
            # NEWTON: the impulses act at the contact point frozen at t_n (README)
            row(CASE, n, "max |angular_momentum_z - initial| (frozen arm)", 0.0, dl)
        b = [r["total_energy"] + r["dissipated"] - r["external_work"] for r in h]
        row(CASE, n, "max |E + D - W - E0|", 0.0, max(abs(x - b[0]) for x in b), tol_e, "max")
        row(CASE, n, "energy dissipated (contact damping and friction)", None, h[-1]["dissipated"])
    # (a) the permanent-stick bound (6.43) with Stamm's whirling parameters
    bound = stick_bound(0.1111, 0.1, 0.1)
    for C in (0.045, 0.052):
        n = f"stick_C{C}"
        h = go(n)
        if not h:
            continue
        dev = max(abs(math.hypot(r["up.x"], r["up.y"]) - C) for r in h)
        if C < bound:
            row(CASE, n, f"stays on the circle C = {C} < bound {bound:.5f} (eq. 6.43)", 0.0, dev, 1e-5, "max")
        else:
            row(CASE, n, f"leaves the circle C = {C} > bound {bound:.5f} (eq. 6.43)", 1e-3, dev, 1e-3, "min")
    # (c) stick or whirl (Fig. 6.17): the last 50 s of 150
    cases = [("whirl_mu0.11_X0.1", "whirl", 0.1111, 0.1), ("whirl_mu0.2_X0.1", "stick", 0.202, 0.1),
             ("whirl_mu0.11_X0.05", "stick", 0.1111, 0.05)]
    cases += [("brake_mu0.17_rate", "stick", 0.1717, 0.1), ("brake_mu0.17_b3.0", "stick", 0.1717, 0.1),
              ("brake_mu0.17_b0.3", "whirl", None, 0.1), ("brake_mu0.17_b0.03", "whirl", None, 0.1)]
    states = {}
    for n, expect, mu_st, x0 in cases:
        h = go(n)
        if not h:
            continue
        span = 50.0 if n.startswith("whirl") else 20.0
        last = [r for r in h if r["time"] >= h[-1]["time"] - span - 1e-9]
        s = [slip_at_centre(r) for r in last]
        state = "stick" if max(s) < 1e-6 else "whirl" if min(s) < 1e-6 and max(s) > 1e-3 else "slide"
        states[n] = state
        row(CASE, n, f"{expect} (slip at the centre, last {span:.0f} s: max {max(s):.2g})", True, state == expect,
            kind="bool")
        if state == "stick":
            C = math.hypot(last[-1]["up.x"], last[-1]["up.y"])
            row(CASE, n, "stick radius below the bound (6.43)", stick_bound(mu_st, x0, 0.1), C,
                stick_bound(mu_st, x0, 0.1), "max")
    # Fig. 6.17b: Stamm finds that more braking favours whirling; contradicted when a more strongly braked
    # (or rate-driven) run sticks while a more weakly braked one whirls (here it does: README)
    order = ["brake_mu0.17_b0.03", "brake_mu0.17_b0.3", "brake_mu0.17_b3.0", "brake_mu0.17_rate"]
    if all(n in states for n in order):
        contra = any(states[order[i]] == "whirl" and states[order[j]] == "stick"
                     for i in range(4) for j in range(i + 1, 4))
        row(CASE, "brake_mu0.17", "more braking favours whirl (Fig. 6.17b): 0 yes, 1 contradicted", 0,
            1.0 if contra else 0.0, 0.5, "known")
