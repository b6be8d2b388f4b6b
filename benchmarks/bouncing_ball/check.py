"""Checks of benchmarks/bouncing_ball (reference and tolerances: README.md here)."""
import math
import os

from validate_lib import row, run, contact_rows, impact_summary, HERE, OUT

G, E, GAP0, MASS, H = 9.81, 0.5, 1.0, 1.0, 1e-3


def closed_form(n):
    """Impact times t_k and impact speeds v_k of the ball (Zeno sequence) and t_inf."""
    t1 = math.sqrt(2.0 * GAP0 / G)
    v1 = G * t1
    t, v = [t1], [v1]
    for k in range(1, n):
        t.append(t[-1] + 2.0 * E ** k * v1 / G)
        v.append(E ** k * v1)
    return t, v, t1 + 2.0 * E * v1 / (G * (1.0 - E))


def located(c, t_end):
    """(switching time, impulse) of each located impact before t_end: the rows
    of impact increments (impulsive rows off the grid), which end
    NSB_IMPACT_INCREMENT h = 1e-12 after their switching point."""
    return [(r["time"] - 1e-9 * H, r["normal_impulse"]) for r in c
            if r["normal_impulse"] > 0.0 and r["time"] < t_end and abs(r["time"] / H - round(r["time"] / H)) > 1e-6]


def first_impulses(c):
    """Time of the first impulsive row after each row without impulse (grid runs)."""
    out, prev = [], 0.0
    for r in c:
        if r["normal_impulse"] > 0.0 and prev == 0.0:
            out.append(r["time"])
        prev = r["normal_impulse"]
    return out


def check(quick):
    case = "bouncing_ball"
    d = os.path.join(HERE, case)
    tk, vk, t_inf = closed_form(60)
    # impacts whose preceding flight is longer than NSB_EVENT_MIN h (1e-9 s): located
    n_loc = sum(1 for k in range(1, 60) if tk[k] - tk[k - 1] > 1e-6 * H) + 1
    for name in ("ball_locate", "ball_locate_default", "ball_grid"):
        out = os.path.join(OUT, case, name)
        ok, hist, wall, err = run(os.path.join(d, name + ".inp"), out)
        var = {"ball_locate": "EVENTS=LOCATE RHOINF=1", "ball_locate_default": "EVENTS=LOCATE default scheme",
               "ball_grid": "EVENTS=GRID RHOINF=1"}[name]
        row(case, var, "run completes", True, ok, kind="bool")
        if not ok:
            continue
        c = contact_rows(os.path.join(out, "contacts.csv"))
        if name == "ball_grid":
            fi = first_impulses(c)
            row(case, var, "first impact: end of impulsive increment - t1", None, fi[0] - tk[0] if fi else float("nan"))
            row(case, var, "second impact - t2", None, fi[1] - tk[1] if len(fi) > 1 else float("nan"))
            row(case, var, "wall time [s]", None, wall)
            continue
        loc = located(c, t_inf)
        row(case, var, "located impacts (closed form: flights > 1e-9 s)", n_loc, len(loc), 0, "abs")
        n = min(n_loc, len(loc))
        # errors in units of the impact increment delta = 1e-9 h, whose
        # smooth part is the method's error (README): time error / delta,
        # impulse error / (g delta / v_k)
        dl = 1e-9 * H
        dt10 = max(abs(loc[k][0] - tk[k]) for k in range(min(n, 10))) / dl if n else float("nan")
        dt = max(abs(loc[k][0] - tk[k]) for k in range(n)) / dl if n else float("nan")
        row(case, var, "max |t_k - closed form| / delta, first 10", 0.0, dt10, 5.0, "max")
        row(case, var, "max |t_k - closed form| / delta, all located", 0.0, dt, 20.0, "max")
        dp = max(abs(loc[k][1] / (MASS * (1.0 + E) * vk[k]) - 1.0) * vk[k] / (G * dl) for k in range(min(n, 10)))
        row(case, var, "|impulse / (m (1+e) v_k) - 1| / (g delta / v_k), first 10", 0.0, dp, 2.0, "max")
        row(case, var, "last located impact - t_inf [s]", 0.0, abs(loc[-1][0] - t_inf) if loc else float("nan"),
            1e-8, "max")
        late = [r for r in hist if r["time"] > t_inf + H]
        gap = max(r["ball.z"] - 0.1 for r in late)
        vz = max(abs(r["ball.vz"]) for r in late)
        if name == "ball_locate":
            row(case, var, "at rest after t_inf + h: max gap", 0.0, gap, 1e-10, "max")
            row(case, var, "at rest after t_inf + h: max |v|", 0.0, vz, 1e-12, "max")
        else:
            # the generalized-alpha form relaunches a resting ball by ~1e-8 (README)
            row(case, var, "after t_inf + h: max gap", 0.0, gap, 1e-7, "known")
            row(case, var, "after t_inf + h: max |v| at the grid points", 0.0, vz)
        row(case, var, "wall time [s]", None, wall)
    if quick:
        return
    # a particle on a flexible beam (particle_beam_impact's deck at h = 1e-4)
    sm = {}
    for v in ("grid", "locate"):
        name = "beam_" + v
        out = os.path.join(OUT, case, name)
        ok, hist, wall, err = run(os.path.join(d, name + ".inp"), out)
        var = "particle on beam EVENTS=" + v.upper()
        row(case, var, "run completes", True, ok, kind="bool")
        if not ok:
            continue
        sm[v] = impact_summary(out)
        row(case, var, "end of the last contact (impact duration)", None, sm[v]["duration"])
        row(case, var, "rebound velocity", None, sm[v]["rebound"])
        row(case, var, "energy end / initial", None, sm[v]["E_end"])
        row(case, var, "wall time [s]", None, wall)
    if len(sm) == 2:
        row(case, "particle on beam", "|duration LOCATE - GRID| >= h = 1e-4 (contact times change)", True,
            abs(sm["locate"]["duration"] - sm["grid"]["duration"]) >= 1e-4 * (1.0 - 1e-9), kind="bool")
