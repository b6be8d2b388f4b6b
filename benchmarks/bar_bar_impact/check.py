"""Checks of benchmarks/bar_bar_impact (reference and tolerances: README.md here)."""
import importlib.util
import os

from validate_lib import row, run, contact_rows, OUT

# this case's make_decks.py under its own name: other cases import theirs as "make_decks"
_spec = importlib.util.spec_from_file_location(
    "bar_bar_impact_decks", os.path.join(os.path.dirname(os.path.abspath(__file__)), "make_decks.py"))
md = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(md)

C_WAVE = (md.EA / md.RHOA) ** 0.5
T_CONTACT = 2.0 * md.L / C_WAVE   # one-dimensional wave theory (Saint-Venant 1867; Goldsmith 1960)
TOL_ENERGY = 5e-4                 # the energy goal (README)


def outcome(outdir, hist, ne, cr, mass_b):
    """Energy error, workless impulses, the bars' rigid velocities from the impulses, the half-force
    crossing against 2L/c (in increments)."""
    c = contact_rows(os.path.join(outdir, "contacts.csv"))
    h = cr * (md.L / ne) / C_WAVE
    E0 = hist[0]["total_energy"]
    P = sum(r["normal_impulse"] for r in c)
    mass_a = md.RHOA * md.L
    on = [r["time"] for r in c if r["normal_impulse"] > 0.0]
    F = md.RHOA * C_WAVE * md.V0 / 2.0
    half = [r["time"] for r in c if on and r["time"] > on[0] + h and r["normal_impulse"] < F * h / 2.0]
    t_touch = 0.25 * h
    return {"err": max(abs(r["total_energy"] + r["dissipated"] - E0) for r in hist) / E0,
            "gain": max(r["total_energy"] + r["dissipated"] for r in hist) / E0 - 1.0,
            "loss": 1.0 - hist[-1]["total_energy"] / E0,
            "D": max(abs(r["dissipated"]) for r in hist) / E0,
            "D_end": hist[-1]["dissipated"] / E0,
            "mom": max(abs(r["linear_momentum_x"] - mass_a * md.V0) for r in hist) / (mass_a * md.V0),
            "vA": md.V0 - P / mass_a, "vB": P / mass_b,
            "dur": (half[0] - h / 2.0 - t_touch - T_CONTACT) / h if half else float("nan"), "h": h}


def spread(ne, cr):
    """The width of the discrete unloading front over L: the trapezoidal rule's period error spreads
    a step wave over ((c h)^2 L/2)^(1/3) (benchmarks/bar_wall_impact, README "Theory")."""
    ch = cr * md.L / ne
    return (ch * ch * md.L / 2.0) ** (1.0 / 3.0) / md.L


def one(case, name, var, ne, cr):
    outdir = os.path.join(OUT, case, name)
    ok, hist, wall, err = run(os.path.join(os.path.dirname(os.path.abspath(__file__)), name + ".inp"), outdir)
    row(case, var, "run completes", True, ok, kind="bool")
    return (outdir, hist, wall) if ok and hist else None


def check_pair(case, ne, cr, rhoinf=1.0, std=False, long=False):
    name = md.name(ne, cr, rhoinf, std, long)
    var = "%sn=%d C=%g %s%s" % ("long " if long else "", ne, cr, "r1" if rhoinf == 1.0 else "rd",
                                 " std" if std else "")
    res = one(case, name, var, ne, cr)
    if res is None:
        return
    outdir, hist, wall = res
    s = outcome(outdir, hist, ne, cr, md.RHOA * md.L * (2.0 if long else 1.0))
    row(case, var, "max (E + D) / E0 - 1 (no gain)", 0.0, s["gain"], 1e-12, "max")
    row(case, var, "total momentum / (m v0) - 1", 0.0, s["mom"], 1e-12, "max")
    if std:
        # the node's mass: Newton's law closes the contact at the increment's midpoint, and the
        # wave's force does its work on half the overlap: D = E0 c h/(4L) (tests/user bars_collide)
        est = C_WAVE * s["h"] / (4.0 * md.L)
        row(case, var, "dissipated / E0 (node's mass)", est, s["D_end"], 0.05 * est, "abs")
    else:
        row(case, var, "max |dissipated| / E0 (workless)", 0.0, s["D"], 1e-10, "max")
        if rhoinf == 1.0:
            row(case, var, "max |E + D - E0| / E0", 0.0, s["err"], TOL_ENERGY, "max")
        else:
            # the default scheme's own numerical dissipation (README): not the contact's
            row(case, var, "energy lost (scheme) / E0", None, s["loss"])
    # the striker stops, B takes its momentum (equal bars: the velocities are exchanged)
    tol = 0.5 * spread(ne, cr)
    row(case, var, "striker's velocity / v0", 0.0, abs(s["vA"]) / md.V0, tol, "max")
    target = 0.5 if long else 1.0
    row(case, var, "struck bar's velocity / v0", target, s["vB"] / md.V0, tol * target, "abs")
    # the force falls to half at 2L/c: within 2 h and an element's transit
    row(case, var, "|half-force crossing - 2L/c| / h", 0.0, abs(s["dur"]), 2.0 + 1.0 / cr, "max")
    row(case, var, "wall time [s]", None, wall)


def check_tee(case, ne, cr):
    out = {}
    for std in (False, True):
        name = md.name(ne, cr, std=std, tee=True)
        var = "tee n=%d C=%g r1%s" % (ne, cr, " std" if std else "")
        res = one(case, name, var, ne, cr)
        if res is None:
            continue
        outdir, hist, wall = res
        s = outcome(outdir, hist, ne, cr, md.RHOA * (md.L + md.L / ne))
        out[std] = s
        row(case, var, "max (E + D) / E0 - 1 (no gain)", 0.0, s["gain"], 1e-12, "max")
        row(case, var, "total momentum / (m v0) - 1", 0.0, s["mom"], 1e-12, "max")
        if std:
            row(case, var, "dissipated / E0 (node's mass)", None, s["D_end"])
        else:
            row(case, var, "max |dissipated| / E0 (workless)", 0.0, s["D"], 1e-10, "max")
        # the bent target's geometric nonlinearity: the trapezoidal rule is exact for linear systems only
        row(case, var, "max |E + D - E0| / E0", 0.0, s["err"], TOL_ENERGY, "max")
        row(case, var, "wall time [s]", None, wall)


def check(quick):
    case = "bar_bar_impact"
    runs = [(50, 1.0)] if quick else md.RUNS
    for ne, cr in runs:
        check_pair(case, ne, cr)
    for ne, cr in md.RUNS_RD[:1] if quick else md.RUNS_RD:
        check_pair(case, ne, cr, rhoinf=None)
    for ne, cr in md.RUNS_STD:
        check_pair(case, ne, cr, std=True)
    for ne, cr in md.RUNS_LONG:
        check_pair(case, ne, cr, long=True)
    for ne, cr in md.RUNS_TEE[:1] if quick else md.RUNS_TEE:
        check_tee(case, ne, cr)
