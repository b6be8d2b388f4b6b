"""Checks of benchmarks/rigid_three_points (reference and tolerances: README.md here)."""
import math
import os

from validate_lib import row, run, contact_rows, HERE, OUT

M, G, MU, V0, H = 2.0, 9.81, 0.3, 1.0, 1e-3
FEET = [(0.2, 0.0), (-0.1, 0.15), (-0.1, -0.15)]  # body frame, from the node
COM = (0.02, -0.01)                                 # centre of mass from the node, body frame
HEIGHT = 0.05                                       # node (and centre of mass) above the feet


def solve3(A, b):
    """Cramer's rule for a 3x3 system."""
    def det(m):
        return (m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1]) - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
                + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0]))
    d = det(A)
    out = []
    for k in range(3):
        Ak = [[b[i] if j == k else A[i][j] for j in range(3)] for i in range(3)]
        out.append(det(Ak) / d)
    return out


def normal_forces(yaw, sliding):
    """Normal forces of the three feet: sum N = m g and the moments about the
    centre of mass; sliding along +x adds the friction forces -mu N_i e_x at
    the feet, HEIGHT below it: sum N r_y = 0, sum N r_x = mu h m g."""
    c, s = math.cos(yaw), math.sin(yaw)
    r = [(c * (x - COM[0]) - s * (y - COM[1]), s * (x - COM[0]) + c * (y - COM[1])) for x, y in FEET]
    A = [[1.0, 1.0, 1.0], [r[0][0], r[1][0], r[2][0]], [r[0][1], r[1][1], r[2][1]]]
    return solve3(A, [M * G, MU * HEIGHT * M * G if sliding else 0.0, 0.0])


def feet_forces(rows, t, node_xy, yaw):
    """Normal forces of the contact rows at time t, in the order of FEET
    (each row matched to the nearest foot by its contact point)."""
    at = [r for r in rows if abs(r["time"] - t) < 1e-9]
    c, s = math.cos(yaw), math.sin(yaw)
    out = []
    for x, y in FEET:
        gx, gy = node_xy[0] + c * x - s * y, node_xy[1] + s * x + c * y
        best = min(at, key=lambda r: (r["x"] - gx) ** 2 + (r["y"] - gy) ** 2) if at else None
        out.append(best["normal_force"] if best else float("nan"))
    return out


def check(quick):
    case = "rigid_three_points"
    t_stop = V0 / (MU * G)
    for name, yaw in (("plate", 0.0), ("plate_turned", 0.7)):
        var = name
        out = os.path.join(OUT, case, name)
        ok, hist, wall, err = run(os.path.join(HERE, case, name + ".inp"), out)
        row(case, var, "run completes", True, ok, kind="bool")
        if not ok:
            continue
        rows = contact_rows(os.path.join(out, "contacts.csv"))
        for t, sliding in ((0.2, True), (0.5, False)):
            h = min(hist, key=lambda x: abs(x["time"] - t))
            ref = normal_forces(yaw, sliding)
            got = feet_forces(rows, t, (h["plate.x"], h["plate.y"]), yaw)
            what = "sliding" if sliding else "at rest"
            row(case, var, "sum N (%s) = m g" % what, M * G, sum(got), 1e-9, "abs")
            for k in range(3):
                row(case, var, "N_%d (%s)" % (k + 1, what), ref[k], got[k], 1e-9, "abs")
        h = min(hist, key=lambda x: abs(x["time"] - 0.2))
        row(case, var, "v_x(0.2) = v0 - mu g t", V0 - MU * G * 0.2, h["plate.vx"], 1e-9, "abs")
        stop = [x["time"] for x in hist if abs(x["plate.vx"]) < 1e-12]
        row(case, var, "stop time v0/(mu g) [s]", t_stop, stop[0] if stop else float("nan"), 10 * H, "abs")
        last = hist[-1]
        # position: mu g h^2 per increment in which Moreau's midpoint test
        # leaves the resting contact open (README): two such increments
        row(case, var, "distance v0^2/(2 mu g)", V0 * V0 / (2 * MU * G), last["plate.x"], 2 * MU * G * H * H, "abs")
        spin = max(abs(x["plate.wx"]) + abs(x["plate.wy"]) + abs(x["plate.wz"]) for x in hist)
        row(case, var, "max |w| (no rotation)", 0.0, spin, 1e-9, "max")
        row(case, var, "wall time [s]", None, wall)
