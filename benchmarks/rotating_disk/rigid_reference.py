#!/usr/bin/env python3
"""Rigid (set-valued) reference of the bar on the rotating disk, Stamm (2011, §6.3.1): an
event-driven integration of the nonsmooth equations, independent of nsbeam.

  slip  (eqs. 6.25-6.27):  m q'' + beta q' + c_s (q - X0 e_x) = -mu N x'/|x'|,
                           x' = (q_i' + w q_j, q_j' - w q_i) the slip velocity (6.26);
  stick (eqs. 6.28-6.30):  q = C (cos phi, sin phi), phi = theta + w (t - t*), q' = w e_z x q;
                           the stick force (6.31) T = (c_s - m w^2) q + beta w e_z x q - c_s X0 e_x.

Events:
  stick -> slip when |T| reaches mu_st N: |T|^2 = C^2 (a^2 + b^2) + c_s^2 X0^2 - 2 c_s X0 C (a cos phi
    - b sin phi) (a = c_s - m w^2, b = beta w, Stamm's 6.41) is a cosine in phi, so the breakaway angle
    is closed-form; |T| never reaching mu_st N is permanent stick (the bound 6.43);
  slip -> stick when |x'| vanishes (and |T| <= mu_st N there): located as the crossing of |x'| = EPS_V
    by scipy's event root finder (brentq on the dense output), then extrapolated linearly to |x'| = 0
    (time error O(EPS_V^2), position error about EPS_V^2 / |d|x'|/dt|: below 1e-16 here).
  At a breakaway the slip starts with |x'| = 0 along -T/|T| (force continuity, eqs. 6.34-6.35).
Slip integrated with DOP853 at rtol = atol = 1e-11 (Stamm used a Rosenbrock method at 1e-11).

Needs python3-scipy (scripts/setup.sh installs it).  Run as a script it writes
rigid_reference.json, which check.py reads (the reference is not recomputed by the validation):
  * the whirling solution from (0.3, 0) at rest (mu = 0.11, mu_st = 1.01 mu, Stamm's parameters),
    q_ref(t) every 0.5 s up to 600 s and its stick phases;
  * the jump from permanent stick to whirling located by shooting on mu_st (Fig. 6.15a).
"""
import json
import math
import os
import sys

import numpy as np
from scipy.integrate import solve_ivp

HERE = os.path.dirname(os.path.abspath(__file__))
M, N, CS, X0, W = 1.0, 1.0, 1.0, 0.1, 1.1
EPS_V = 1e-9
RTOL = ATOL = 1e-11


class Bar:
    def __init__(self, mu, mu_st, beta, w=W, x0=X0, method="DOP853"):
        self.method = method
        self.mu, self.mu_st, self.beta, self.w, self.x0 = mu, mu_st, beta, w, x0
        self.a = CS - M * w * w
        self.b = beta * w

    def stick_force(self, q):
        """T of eq. (6.31) on the stick circle through q."""
        qi, qj = q
        return np.array([self.a * qi - self.b * qj - CS * self.x0, self.a * qj + self.b * qi])

    def bound(self):
        """Stamm's (6.43): the largest radius of permanent stick."""
        return (self.mu_st * N - CS * self.x0) / math.hypot(self.a, self.b)

    def breakaway(self, C, phi0):
        """Angle phi > phi0 at which the stick force on the circle C reaches mu_st N (None: never)."""
        R = math.hypot(self.a, self.b)
        K0 = C * C * R * R + (CS * self.x0) ** 2
        K1 = 2.0 * CS * self.x0 * C * R
        if K1 == 0.0 or (K0 - (self.mu_st * N) ** 2) / K1 <= -1.0:
            return None
        kappa = (K0 - (self.mu_st * N) ** 2) / K1
        if kappa >= 1.0:
            return phi0  # |T| > mu_st N on the whole circle
        delta = math.atan2(self.b, self.a)
        psi = math.acos(kappa)  # |T|^2 = K0 - K1 cos(phi + delta) rises through mu_st^2 here
        k = math.ceil((phi0 + delta - psi) / (2.0 * math.pi))
        phi = psi - delta + 2.0 * math.pi * k
        if phi < phi0:
            phi += 2.0 * math.pi
        return phi

    def slip_rhs(self, t, y):
        qi, qj, vi, vj = y
        xi, xj = vi + self.w * qj, vj - self.w * qi
        s = math.hypot(xi, xj)
        if s > 1e-300:
            ti, tj = -self.mu * N * xi / s, -self.mu * N * xj / s
        else:
            ti, tj = self.mu * N * self.t_dir[0], self.mu * N * self.t_dir[1]
        return [vi, vj, (-self.beta * vi - CS * (qi - self.x0) + ti) / M, (-self.beta * vj - CS * qj + tj) / M]

    def slip_speed(self, y):
        return math.hypot(y[2] + self.w * y[1], y[3] - self.w * y[0])

    def run(self, q0, v0, T, t_out=None):
        """Integrate from (q0, v0) at t = 0 to T.  Returns (phases, samples, final state):
        phases = [(kind, t_start, t_end, q_start)], samples = q at the times t_out."""
        y = np.array([q0[0], q0[1], v0[0], v0[1]], float)
        t = 0.0
        phases = []
        t_out = np.asarray(t_out if t_out is not None else [], float)
        samples = np.full((len(t_out), 2), np.nan)
        self.t_dir = np.zeros(2)
        state = "slip"
        if self.slip_speed(y) == 0.0:
            Tst = self.stick_force(y[:2])
            if np.linalg.norm(Tst) <= self.mu_st * N:
                state = "stick"
            else:
                self.t_dir = Tst / np.linalg.norm(Tst)
        while t < T:
            if state == "stick":
                C = math.hypot(y[0], y[1])
                phi0 = math.atan2(y[1], y[0])
                phib = self.breakaway(C, phi0)
                tb = T if phib is None else min(T, t + (phib - phi0) / self.w)
                sel = (t_out >= t) & (t_out <= tb)
                ph = phi0 + self.w * (t_out[sel] - t)
                samples[sel] = np.column_stack([C * np.cos(ph), C * np.sin(ph)])
                phases.append(("stick", t, tb, (y[0], y[1])))
                phi = phi0 + self.w * (tb - t)
                q = np.array([C * math.cos(phi), C * math.sin(phi)])
                y = np.array([q[0], q[1], -self.w * q[1], self.w * q[0]])
                t = tb
                if phib is None or t >= T:
                    break
                Tst = self.stick_force(q)
                self.t_dir = Tst / np.linalg.norm(Tst)
                state = "slip"
                continue
            # slip until |x'| falls to EPS_V; after a breakaway it starts from 0 and first grows past
            # 100 EPS_V (a separate leg, so that the round-off of the direction while |x'| is tiny
            # cannot fake the slip -> stick event)
            phases.append(("slip", t, None, (y[0], y[1])))
            legs = [(100.0 * EPS_V, 1)] if self.slip_speed(y) < 100.0 * EPS_V else []
            for level, dirn in legs + [(EPS_V, -1)]:
                ev = lambda tt, yy, level=level: self.slip_speed(yy) - level
                ev.terminal, ev.direction = True, dirn
                sol = solve_ivp(self.slip_rhs, (t, T), y, method=self.method, rtol=RTOL, atol=ATOL, events=ev,
                                dense_output=True)
                if sol.status < 0:
                    raise RuntimeError(sol.message)
                t1 = sol.t[-1]
                sel = (t_out >= t) & (t_out <= t1)
                if sel.any():
                    samples[sel] = sol.sol(t_out[sel])[:2].T
                y = sol.y[:, -1].copy()
                t = t1
                if sol.status == 0:
                    break
            phases[-1] = ("slip", phases[-1][1], t, phases[-1][3])
            if sol.status == 0:
                break
            # extrapolate to |x'| = 0: d|x'|/dt = x^ . (v' - w e_z x v)
            f = self.slip_rhs(t, y)
            xi, xj = y[2] + self.w * y[1], y[3] - self.w * y[0]
            s = math.hypot(xi, xj)
            dsdt = (xi * (f[2] + self.w * y[3]) + xj * (f[3] - self.w * y[2])) / s
            dt = -s / dsdt if dsdt < 0.0 else 0.0
            q = y[:2] + dt * y[2:]
            t += dt
            Tst = self.stick_force(q)
            if np.linalg.norm(Tst) > self.mu_st * N:
                raise RuntimeError(f"t = {t}: the slip velocity vanishes with |T| = {np.linalg.norm(Tst)} > mu_st N")
            y = np.array([q[0], q[1], -self.w * q[1], self.w * q[0]])
            state = "stick"
        return phases, samples, y


def cycle_stats(phases, t_from):
    """Stick radius and period of the limit cycle: the stick phases that begin after t_from."""
    st = [p for p in phases if p[0] == "stick" and p[1] > t_from and p[2] > p[1]]
    C = [math.hypot(*p[3]) for p in st]
    per = [b[1] - a[1] for a, b in zip(st, st[1:])]
    return st, C, per


def shoot(mu_st, beta=0.1, q0=(0.3, 0.0), T=400.0, ratio=1.01):
    """Permanent stick (returns its radius C) or whirling (returns None), mu = mu_st / ratio."""
    bar = Bar(mu_st / ratio, mu_st, beta)
    phases, _, y = bar.run(q0, (0.0, 0.0), T)
    last = phases[-1]
    if last[0] == "stick" and bar.breakaway(math.hypot(*last[3]), math.atan2(last[3][1], last[3][0])) is None:
        return math.hypot(*last[3]), bar.bound()
    return None, bar.bound()


def locate_jump(lo, hi, tol=1e-4, **kw):
    """Bisection on mu_st: whirling at lo, permanent stick at hi, to hi - lo <= tol."""
    assert shoot(lo, **kw)[0] is None and shoot(hi, **kw)[0] is not None
    while hi - lo > tol:
        mid = 0.5 * (lo + hi)
        if shoot(mid, **kw)[0] is None:
            lo = mid
        else:
            hi = mid
    return lo, hi


def main():
    out = {}
    # whirling: Stamm's parameters from (0.3, 0) at rest
    bar = Bar(0.11, 0.1111, 0.1)
    t_out = np.arange(0.0, 600.0 + 1e-9, 0.5)
    phases, samples, _ = bar.run((0.3, 0.0), (0.0, 0.0), 600.0, t_out)
    st, C, per = cycle_stats(phases, 200.0)
    out["whirl"] = {
        "mu": 0.11, "mu_st": 0.1111, "beta": 0.1, "q0": [0.3, 0.0], "eps_v": EPS_V, "rtol": RTOL,
        "t": t_out.tolist(), "q": samples.tolist(),
        "stick_phases": [[p[1], p[2], p[3][0], p[3][1]] for p in phases if p[0] == "stick"],
        "stick_radius": C[-1], "period": per[-1],
        "max_radius": float(np.max(np.hypot(samples[t_out > 200.0, 0], samples[t_out > 200.0, 1]))),
    }
    print(f"whirl: {len(st)} stick phases after 200 s, C = {C[-1]:.12f} (spread {max(C) - min(C):.1e}), "
          f"period = {per[-1]:.12f} (spread {max(per) - min(per):.1e}), q(600) = {samples[-1]}", file=sys.stderr)
    # the jump to whirling (Fig. 6.15a), mu = mu_st / 1.01, from (0.3, 0) at rest
    lo, hi = locate_jump(0.14, 0.15)
    C_hi, b_hi = shoot(hi)
    curve = []
    for ms in (0.13, 0.14, 0.145, 0.15, 0.16, 0.17, 0.18):
        c, b = shoot(ms)
        curve.append([ms, c, b])
    out["jump"] = {"q0": [0.3, 0.0], "ratio": 1.01, "beta": 0.1, "mu_st_whirl": lo, "mu_st_stick": hi,
                   "C_at_stick": C_hi, "bound_at_stick": b_hi, "curve": curve}
    print(f"jump: whirling at mu_st = {lo:.6f}, stick at {hi:.6f} with C = {C_hi:.6f}, bound {b_hi:.6f}; "
          f"curve {curve}", file=sys.stderr)
    with open(os.path.join(HERE, "rigid_reference.json"), "w") as f:
        json.dump(out, f, indent=0)


if __name__ == "__main__":
    main()
