"""Continuous reference of benchmarks/ring_sliding: Stamm (2011, §6.2.1, eqs. 6.1-6.4),
a planar ring (3 DOF: q_x, q_y, xi) sliding and spinning on a plane with Coulomb
friction under a uniform pressure over the annulus r1 <= r <= r2:

    m q_x'' = F_x - mu N / A  int int v_x / |v| r dr dth
    m q_y'' = F_y - mu N / A  int int v_y / |v| r dr dth
    J xi''  =     - mu N / A  int int (r cos(phi) v_y - r sin(phi) v_x) / |v| r dr dth

with phi = xi + th, v_x = q_x' - xi' r sin(phi), v_y = q_y' + xi' r cos(phi),
A = pi (r2^2 - r1^2).  The area integral: Gauss-Legendre in r, the trapezoidal rule
in th (periodic); time: classical Runge-Kutta.  The same equations with the area
integral replaced by the sum over a point set (layout_points: the layouts of
*CONTACT POINTS with their weights) are the rigid, exactly Coulomb limit of the
discretized ring that nsbeam computes.  Run as a script it prints the
reference at the check times and its own convergence in the quadrature and step.
"""
import math

RHO, R1, R2, HGT, G, MU = 12000.0, 0.006, 0.01, 0.01, 9.81, 0.35
M = RHO * math.pi * (R2 ** 2 - R1 ** 2) * HGT
JZ = 0.5 * M * (R1 ** 2 + R2 ** 2)
F_Y = 0.05        # N, +F_Y for t < T_SWITCH, -F_Y after (eq. 6.3)
T_SWITCH = 0.25
V0, W0 = 1.0, 200.0  # eq. 6.4


def gauss_legendre(n):
    """Nodes and weights on [-1, 1] (Newton on the Legendre polynomial)."""
    xs, ws = [], []
    for i in range(n):
        x = math.cos(math.pi * (i + 0.75) / (n + 0.5))
        for _ in range(100):
            p0, p1 = 1.0, x
            for k in range(2, n + 1):
                p0, p1 = p1, ((2 * k - 1) * x * p1 - (k - 1) * p0) / k
            dp = n * (x * p1 - p0) / (x * x - 1.0)
            dx = p1 / dp
            x -= dx
            if abs(dx) < 1e-16:
                break
        xs.append(x)
        ws.append(2.0 / ((1.0 - x * x) * dp * dp))
    return xs, ws


def continuous_points(nr, nth):
    """The annulus as (r, theta, weight) with weights summing to 1: Gauss-Legendre
    in r (times the Jacobian r), the trapezoidal rule in theta."""
    xs, ws = gauss_legendre(nr)
    area = math.pi * (R2 ** 2 - R1 ** 2)
    pts = []
    for x, w in zip(xs, ws):
        r = 0.5 * (R2 + R1) + 0.5 * (R2 - R1) * x
        for j in range(nth):
            pts.append((r, 2.0 * math.pi * j / nth, 0.5 * (R2 - R1) * w * r * 2.0 * math.pi / nth / area))
    return pts


def layout_points(rings, n):
    """The point set of *CONTACT POINTS, LAYOUT=ANNULUS (rings >= 1) or LAYOUT=RING
    (rings = 0: n points on the mid circle), as io/deck_contact.c generates it:
    ring i at the mid radius of band i, alternate rings staggered by half a
    spacing, weights the bands' area fractions."""
    if rings == 0:
        r = 0.5 * (R1 + R2)
        return [(r, 2.0 * math.pi * k / n, 1.0 / n) for k in range(n)]
    dr = (R2 - R1) / rings
    rs = [R1 + (i + 0.5) * dr for i in range(rings)]
    tot = sum(rs)
    return [(r, 2.0 * math.pi * (k + 0.5 * (i % 2)) / n, r / (n * tot)) for i, r in enumerate(rs) for k in range(n)]


def make_rhs(pts):
    k = MU * M * G

    def rhs(t, y):
        qx, qy, xi, vx0, vy0, w = y
        fx = fy = mz = 0.0
        for r, th, wq in pts:
            phi = xi + th
            c, s = math.cos(phi), math.sin(phi)
            vx = vx0 - w * r * s
            vy = vy0 + w * r * c
            vn = math.hypot(vx, vy)
            if vn == 0.0:
                continue
            a = wq / vn
            fx -= a * vx
            fy -= a * vy
            mz -= a * r * (c * vy - s * vx)
        load = F_Y if t < T_SWITCH else -F_Y  # t: the middle of the RK4 step (see solve)
        return [vx0, vy0, w, k * fx / M, (k * fy + load) / M, k * mz / JZ]
    return rhs


def solve(times, pts=None, dt=2.5e-4):
    """(q_x, q_y, xi, v_x, v_y, xi') at the given times (ascending) for the point
    set pts (default: the continuous annulus, 8 x 64), RK4 with a step that
    lands on T_SWITCH and on every requested time."""
    rhs = make_rhs(pts if pts is not None else continuous_points(8, 64))
    y, t, out = [0.0, 0.0, 0.0, V0, 0.0, W0], 0.0, []
    marks = sorted(set(list(times) + [T_SWITCH]))
    for tm in marks:
        n = max(1, int(math.ceil((tm - t) / dt - 1e-9)))
        h = (tm - t) / n
        for _ in range(n):
            # the load jumps at T_SWITCH, a step boundary: every stage takes the
            # load of its step (evaluated at the step's middle)
            tm2 = t + h / 2
            k1 = rhs(tm2, y)
            k2 = rhs(tm2, [a + h / 2 * b for a, b in zip(y, k1)])
            k3 = rhs(tm2, [a + h / 2 * b for a, b in zip(y, k2)])
            k4 = rhs(tm2, [a + h * b for a, b in zip(y, k3)])
            y = [a + h / 6 * (b + 2 * c + 2 * d + e) for a, b, c, d, e in zip(y, k1, k2, k3, k4)]
            t += h
        if tm in times:
            out.append(list(y))
    return out


def main():
    import sys
    if len(sys.argv) > 1:
        write_table(sys.argv[1])
        return
    times = TIMES
    print("m = %.6g kg, J_z = %.6g kg m^2, weight %.6g N" % (M, JZ, M * G))
    base = solve(times)
    for t, y in zip(times, base):
        print("t = %.2f  q = (%.9f, %.9f)  xi = %.9f  v = (%.6f, %.6f)  xi' = %.6f" % (t, *y))
    for nr, nth, dt in ((8, 128, 2.5e-4), (12, 64, 2.5e-4), (8, 64, 1.25e-4)):
        other = solve(times, continuous_points(nr, nth), dt)
        d = [max(abs(ya[k] - yb[k]) for ya, yb in zip(base, other)) for k in range(3)]
        print("nr %d, nth %d, dt %g: max |q_x|, |q_y|, |xi| difference %.3e %.3e %.3e" % (nr, nth, dt, *d))


GRIDS = {"p3": (0, 3), "p12": (2, 6), "p24": (2, 12), "p36": (2, 18), "p48": (2, 24), "p192": (4, 48)}
TIMES = [0.05, 0.1, 0.15, 0.2, 0.25, 0.3]


def write_table(path, dt=6.25e-5):
    """The reference table read by check.py: the continuous ring and the rigid
    Coulomb limit of every point set, at TIMES, with step dt and dt/2 (the
    difference is the table's own error)."""
    with open(path, "w") as fh:
        fh.write("grid,dt,time,qx,qy,xi,vx,vy,wz\n")
        for name, pts in [("continuous", None)] + [(g, layout_points(*GRIDS[g])) for g in GRIDS]:
            for h in (dt, 0.5 * dt):
                for t, y in zip(TIMES, solve(TIMES, pts, h)):
                    fh.write("%s,%.6g,%.2f,%s\n" % (name, h, t, ",".join("%.12g" % v for v in y)))


if __name__ == "__main__":
    main()
