"""Checks of benchmarks/rigid_ball_backspin (reference and tolerances: README.md here)."""
import os

from validate_lib import row, run, HERE, OUT

M, R, MU, G, V0, W0, H = 1.0, 0.1, 0.2, 9.81, 2.0, -10.0, 1e-3


def closed_form():
    """Slip time, rolling velocity (Coulomb, J = 2/5 m R^2): the slip s = v - R w
    decays at mu g (1 + m R^2 / J) = 7/2 mu g; m R v + J w is constant."""
    s0 = V0 - R * W0
    return s0 / (3.5 * MU * G), 5.0 / 7.0 * V0 + 2.0 / 7.0 * R * W0


def check_hertz(case, t_s, v_roll):
    """Compliant normal contact with regularized friction (README)."""
    var = "HERTZ+SMOOTH h=1e-3"
    out = os.path.join(OUT, case, "ball_hertz")
    ok, hist, wall, err = run(os.path.join(HERE, case, "ball_hertz.inp"), out)
    row(case, var, "run completes", True, ok, kind="bool")
    if not ok:
        return
    r = min(hist, key=lambda x: abs(x["time"] - 0.2))
    row(case, var, "v_x(0.2) slipping", V0 - MU * G * 0.2, r["ball.vx"], 1e-6, "abs")
    vs = 1e-3
    roll = [x["time"] for x in hist if abs(x["ball.vx"] - R * x["ball.wy"]) < vs]
    row(case, var, "slip < SLIP VELOCITY from [s]", t_s, roll[0] if roll else float("nan"), H, "abs")
    last = hist[-1]
    row(case, var, "rolling velocity 5/7 v0 + 2/7 R w0", v_roll, last["ball.vx"], 1e-9, "abs")
    row(case, var, "rolling: v_x - R w_y", 0.0, last["ball.vx"] - R * last["ball.wy"], 1e-9, "abs")
    e0 = hist[0]["total_energy"]
    e1 = hist[1]["total_energy"] + hist[1]["dissipated"]
    row(case, var, "E + D - E0 after the first increment [J]", None, e1 - e0)
    row(case, var, "max |E + D - (E + D)(h)| [J]", None,
        max(abs(x["total_energy"] + x["dissipated"] - e1) for x in hist[1:]))
    row(case, var, "wall time [s]", None, wall)


def check(quick):
    case = "rigid_ball_backspin"
    t_s, v_roll = closed_form()
    check_hertz(case, t_s, v_roll)
    for name in ("ball_newton", "ball_newton_turned"):
        var = {"ball_newton": "NEWTON h=1e-3", "ball_newton_turned": "NEWTON turned body"}[name]
        out = os.path.join(OUT, case, name)
        ok, hist, wall, err = run(os.path.join(HERE, case, name + ".inp"), out)
        row(case, var, "run completes", True, ok, kind="bool")
        if not ok:
            continue
        # slip phase: v(t) = v0 - mu g t exactly (constant friction force)
        r = min(hist, key=lambda x: abs(x["time"] - 0.2))
        row(case, var, "v_x(0.2) slipping", V0 - MU * G * 0.2, r["ball.vx"], 1e-9, "abs")
        row(case, var, "w_y(0.2) slipping", W0 + 2.5 * MU * G / R * 0.2, r["ball.wy"], 1e-8, "abs")
        roll = [x["time"] for x in hist if abs(x["ball.vx"] - R * x["ball.wy"]) < 1e-9]
        row(case, var, "end of slip [s]", t_s, roll[0] if roll else float("nan"), H, "abs")
        last = hist[-1]
        row(case, var, "rolling velocity 5/7 v0 + 2/7 R w0", v_roll, last["ball.vx"], 1e-9, "abs")
        row(case, var, "rolling: v_x - R w_y", 0.0, last["ball.vx"] - R * last["ball.wy"], 1e-9, "abs")
        off = max(abs(x["ball.vy"]) + abs(x["ball.wx"]) + abs(x["ball.wz"]) for x in hist)
        row(case, var, "max |v_y| + |w_x| + |w_z|", 0.0, off, 1e-9, "max")
        # energy: the kinetic energy of the rolling ball is exact; the balance
        # E + D = E0 holds up to the resting contact's O(g h^2) sinking (README)
        ke = 0.5 * M * v_roll ** 2 + 0.2 * M * R * R * (v_roll / R) ** 2
        row(case, var, "kinetic energy rolling [J]", ke, last["kinetic_energy"], 1e-9, "abs")
        e0 = hist[0]["total_energy"]
        dz = max(abs(x["ball.z"] - R) for x in hist)
        bal = max(abs(x["total_energy"] + x["dissipated"] - e0) for x in hist)
        row(case, var, "max penetration / (g h^2)", None, dz / (G * H * H))
        row(case, var, "max |E + D - E0| [J]", None, bal)
        row(case, var, "m g max|z - R| [J]", None, M * G * dz)
        row(case, var, "wall time [s]", None, wall)
