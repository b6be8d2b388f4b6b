"""Checks of benchmarks/robot_grasp (reference and tolerances: README.md here)."""
import math
import os

from validate_lib import row, run, rodrigues, HERE, OUT

M, MF, G, FN = 2.0, 0.1, 9.81, 100.0
MU_G, MU_F = 0.3, 0.15
H = 0.09                                   # half edge: centre of mass above the bottom face
OMEGA_C, M_C = 2.0 * math.pi * 4.0, 0.3


def c_k(eps):
    """Stick stiffness of one contact point (Stamm's 19 N/mm at eps_c = 1/100)."""
    return OMEGA_C ** 2 * M_C / eps


C_K = c_k(0.01)
LIFT = 0.05
TOL_Z = 1e-12                              # differences of heights of about 0.14 m: 1e-11 of them
T_LIFT0, T_HOLD, T_OPEN, T1 = 0.4, 1.05, 1.38, 1.5
A_STAR = 2.0 * MU_F * FN / M - G           # largest lift acceleration the fingers' friction carries


def at(hist, t):
    return min(hist, key=lambda x: abs(x["time"] - t))


def bottom(h):
    """Position y, velocity v_y of the bottom face's centre and the tilt about x."""
    R = rodrigues([h["cube.rx"], h["cube.ry"], h["cube.rz"]])
    a = [-H * R[i][2] for i in range(3)]
    w = [h["cube.wx"], h["cube.wy"], h["cube.wz"]]
    return h["cube.y"] + a[1], h["cube.vy"] + w[2] * a[0] - w[0] * a[2]


def rel_slip(hist, t):
    """Finger minus cube height at t, against its value before the lift (elastic plus plastic slip)."""
    h0, h = at(hist, T_LIFT0 - 0.01), at(hist, t)
    return (h["fp.z"] - h["cube.z"]) - (h0["fp.z"] - h0["cube.z"])


def smooth_step_peak(d, T):
    """Peak acceleration of the quintic smooth step over d in time T: 10 d / (sqrt(3) T^2)."""
    return 10.0 * d / (math.sqrt(3.0) * T * T)


def check(quick):
    case = "robot_grasp"
    held = {}
    for name, t_lift, eps in (("grasp", 0.4, 0.01), ("grasp_eps1e-3", 0.4, 1e-3), ("grasp_below", None, 0.01),
                           ("grasp_above", None, 0.01), ("grasp_fast", 0.15, 0.01)):
        if t_lift is None:      # 0.9 and 1.1 times the bound
            t_lift = math.sqrt(10 * LIFT / (math.sqrt(3.0) * (0.9 if name == "grasp_below" else 1.1) * A_STAR))
        if quick and name != "grasp":
            continue
        out = os.path.join(OUT, case, name)
        ok, hist, wall, err = run(os.path.join(HERE, case, name + ".inp"), out)
        row(case, name, "run completes", True, ok, kind="bool")
        if not ok:
            continue
        a_peak = smooth_step_peak(LIFT, t_lift)
        row(case, name, "lift peak accel [m/s^2]", None, a_peak)
        row(case, name, "bound 2 mu F_N/m - g [m/s^2]", None, A_STAR)
        h = at(hist, T_HOLD)
        row(case, name, "finger + normal force (held)", FN, -h["fp.rfx"], 1e-9, "abs")
        row(case, name, "finger - normal force (held)", FN, h["fm.rfx"], 1e-9, "abs")
        # the fingers' supports carry the cube's weight (through the fingers' friction) and their own
        row(case, name, "sum friction = m g (held)", M * G, h["fp.rfz"] + h["fm.rfz"] - 2 * MF * G, 1e-9, "abs")
        elastic = M * G / (10 * c_k(eps))      # 10 stick elements share m g
        slip = rel_slip(hist, T_HOLD)
        if a_peak < A_STAR:
            row(case, name, "finger slip = m g/(10 c_k) [m]", elastic, slip, TOL_Z, "abs")
        else:
            # slip: far above the round-off of a sticking grip (TOL_Z)
            row(case, name, "plastic finger slip [m] (> 1e-9)", None, slip - elastic, 1e3 * TOL_Z, "min")
        spin = max(abs(x["cube.wx"]) + abs(x["cube.wy"]) + abs(x["cube.wz"]) for x in hist if x["time"] <= T_HOLD)
        row(case, name, "max |w| while held", 0.0, spin, 1e-9, "max")
        held[name] = h["cube.z"]
        if name == "grasp_eps1e-3" and "grasp" in held:
            row(case, name, "height change vs eps_c 1e-2 [m]", M * G / 10 * (1 / C_K - 1 / c_k(eps)),
                held[name] - held["grasp"], TOL_Z, "abs")
        if name != "grasp":
            row(case, name, "wall time [s]", None, wall)
            continue
        # the drop: slides on the floor, sticks
        win = [x for x in hist if T1 <= x["time"] <= T1 + 0.03]
        n = len(win)
        mt, mv = sum(x["time"] for x in win) / n, sum(x["cube.vy"] for x in win) / n
        decel = -sum((x["time"] - mt) * (x["cube.vy"] - mv) for x in win) / sum((x["time"] - mt) ** 2 for x in win)
        az = [(b["cube.vz"] - a["cube.vz"]) / (b["time"] - a["time"]) for a, b in zip(win, win[1:])]
        row(case, name, "sliding decel = mu g [m/s^2]", MU_G * G, decel, MU_G * max(abs(x) for x in az), "abs")
        h1 = at(hist, T1)
        y1, vb1 = bottom(h1)
        yend, vend = bottom(hist[-1])
        tol = abs(vb1 - h1["cube.vy"]) * vb1 / (MU_G * G) + MU_G * M * G / (9 * C_K)
        row(case, name, "rest: slide v^2/(2 mu g) [m]", vb1 * vb1 / (2 * MU_G * G), yend - y1, tol, "abs")
        row(case, name, "slide from release [m]", None, yend - bottom(at(hist, T_OPEN))[0])
        stop = [x["time"] for x in hist if x["time"] > T1 and bottom(x)[1] <= 0.0]
        row(case, name, "stop time vs t1 + v/(mu g) [s]", T1 + vb1 / (MU_G * G), stop[0] if stop else float("nan"))
        row(case, name, "at rest: |v| bottom [m/s]", 0.0, abs(vend), 1e-4, "max")
        row(case, name, "wall time [s]", None, wall)
