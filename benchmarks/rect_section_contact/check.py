"""Checks of benchmarks/rect_section_contact (reference and tolerances: README.md here)."""
import math
import os

from validate_lib import row, run, contact_rows, HERE, OUT

B, H, L, RHO, G = 0.04, 0.08, 0.5, 7850.0, 9.81
TURN, DROP, DT = math.radians(30.0), 0.01, 1e-4
SCALE = {"si": 1.0, "mm": 1e3}
WEIGHT = RHO * B * H * L * G  # N in both unit systems


def support():
    """Extent of the turned section toward the floor: b/2 sin a + h/2 cos a."""
    return 0.5 * B * math.sin(TURN) + 0.5 * H * math.cos(TURN)


def corner_y():
    """y of the corner nearest the floor, s = -(b/2 G2 + h/2 G3), G2 = (0, cos a, sin a), G3 = (0, -sin a, cos a)."""
    return -0.5 * B * math.cos(TURN) + 0.5 * H * math.sin(TURN)


# a particle on the bar as a rectangular master (make_decks.py particle_deck)
PM, PR, PC, PP = 0.1, 0.01, 1e9, 1.5
PY, DY, DH, PDT = 0.005, 0.03, 0.02, 2e-5


def check_particles(case, d, units, s):
    name = "particle_rest_%s" % units
    out = os.path.join(OUT, case, name)
    ok, hist, wall, err = run(os.path.join(d, name + ".inp"), out)
    row(case, name, "run completes", True, ok, kind="bool")
    if ok:
        # on the top face: h/2 + r less the Hertz approach (m g/c)^(1/p) (the circle of b/2: 20 mm lower)
        ref = 0.5 * H + PR - (PM * G / PC) ** (1.0 / PP)
        row(case, name, "rest height / (h/2 + r - (mg/c)^(1/p))", 1.0, hist[-1]["P.z"] / (ref * s), 1e-12, kind="abs")
        row(case, name, "particle y - y0 [deck length]", 0.0, max(abs(r["P.y"] - PY * s) for r in hist), 1e-12 * s,
            kind="abs")
        c = [r for r in contact_rows(os.path.join(out, "contacts.csv")) if r["time"] == hist[-1]["time"]]
        row(case, name, "contact force / weight", 1.0, sum(r["normal_force"] for r in c) / (PM * G), 1e-9, kind="abs")
        row(case, name, "contact point z / (h/2)", 1.0, c[-1]["z"] / (0.5 * H * s) if c else 0.0, 1e-12, kind="abs")
    name = "particle_drop_%s" % units
    out = os.path.join(OUT, case, name)
    ok, hist, wall, err = run(os.path.join(d, name + ".inp"), out)
    row(case, name, "run completes", True, ok, kind="bool")
    if not ok:
        return
    c = contact_rows(os.path.join(out, "contacts.csv"))
    if not c:
        row(case, name, "the particle touches", True, False, kind="bool")
        return
    # beside the circle of b/2 (|y| = 30 mm > 20 mm) but on the wide face: straight down and up
    row(case, name, "particle y - y0 [deck length]", 0.0, max(abs(r["P.y"] - DY * s) for r in hist), 1e-12 * s,
        kind="abs")
    row(case, name, "contact normal - (0, 0, 1), max", 0.0,
        max(max(abs(r["nx"]), abs(r["ny"]), abs(r["nz"] - 1.0)) for r in c), 1e-12, kind="max")
    row(case, name, "contact point z / (b/2)", 1.0, c[0]["z"] / (0.5 * B * s), 1e-12, kind="abs")
    row(case, name, "first touch - free-fall time [s]", 0.0, c[0]["time"] - math.sqrt(2.0 * DH / G), PDT, kind="abs")
    # the scheme's energy error of the Hertz impact at h = 2e-5 s: the same as the round contact's
    # straight over the axis (README)
    E = [r["total_energy"] for r in hist]
    row(case, name, "energy after the bounce / E0 - 1", 0.0, E[-1] / E[0] - 1.0, 1e-3, kind="abs")


def check_newton(case, d, units, s):
    """The particle decks under Newton's law (docs/contact.md §8.5)."""
    name = "particle_rest_newton_%s" % units
    out = os.path.join(OUT, case, name)
    ok, hist, wall, err = run(os.path.join(d, name + ".inp"), out)
    row(case, name, "run completes", True, ok, kind="bool")
    if ok:
        # on the top face 5 mm off its centre line: h/2 + r exactly (the circle of b/2: 20 mm lower)
        row(case, name, "rest height / (h/2 + r), max", 0.0,
            max(abs(r["P.z"] / ((0.5 * H + PR) * s) - 1.0) for r in hist), 1e-12, kind="max")
        row(case, name, "particle y - y0 [deck length]", 0.0, max(abs(r["P.y"] - PY * s) for r in hist), 1e-12 * s,
            kind="abs")
        c = [r for r in contact_rows(os.path.join(out, "contacts.csv")) if r["time"] == hist[-1]["time"]]
        row(case, name, "contact force / weight", 1.0, sum(r["normal_force"] for r in c) / (PM * G), 1e-9, kind="abs")
        row(case, name, "contact point z / (h/2)", 1.0, c[-1]["z"] / (0.5 * H * s) if c else 0.0, 1e-12, kind="abs")
    for e, tag in ((0.0, "e0"), (0.5, "e05")):
        name = "particle_drop_newton_%s_%s" % (tag, units)
        out = os.path.join(OUT, case, name)
        ok, hist, wall, err = run(os.path.join(d, name + ".inp"), out)
        row(case, name, "run completes", True, ok, kind="bool")
        if not ok:
            continue
        c = [r for r in contact_rows(os.path.join(out, "contacts.csv")) if r["normal_impulse"] > 0.0]
        if not c:
            row(case, name, "the particle strikes the face", True, False, kind="bool")
            continue
        # on the wide face beside the circle of b/2: straight down and up (or at rest)
        row(case, name, "particle y - y0 [deck length]", 0.0, max(abs(r["P.y"] - DY * s) for r in hist), 1e-12 * s,
            kind="abs")
        row(case, name, "contact normal - (0, 0, 1), max", 0.0,
            max(max(abs(r["nx"]), abs(r["ny"]), abs(r["nz"] - 1.0)) for r in c), 1e-12, kind="max")
        row(case, name, "contact point z / (b/2)", 1.0, c[0]["z"] / (0.5 * B * s), 1e-12, kind="abs")
        # the impact increment: v+ = -e v- (rigid face; the held bar's compliance is below 1e-5 of v-)
        k = [i for i, r in enumerate(hist) if r["time"] == c[0]["time"]][0]
        vm, vp = hist[k - 1]["P.vz"], hist[k]["P.vz"]
        row(case, name, "(v+ + e v-) / |v-|", 0.0, (vp + e * vm) / abs(vm), 1e-5, kind="abs")
        if e == 0.0:
            # at rest on the face: b/2 + r less the impact increment's penetration (at most |v-| h)
            dz = hist[-1]["P.z"] - (0.5 * B + PR) * s
            row(case, name, "final height - (b/2 + r) [|v-| h]", 0.0, -dz / (abs(vm) * PDT), 1.0, kind="max")
            row(case, name, "final height - (b/2 + r) >= -|v-| h", True, dz <= 0.0, kind="bool")
        E0 = hist[0]["total_energy"]
        row(case, name, "max energy / E0 - 1", 0.0, max(r["total_energy"] for r in hist) / E0 - 1.0, 1e-12, kind="max")
        D = [r["dissipated"] for r in hist]
        row(case, name, "least increment of dissipated / E0", 0.0,
            min(b - a for a, b in zip(D, D[1:])) / E0, -1e-15, kind="min")


def check(quick):
    case = "rect_section_contact"
    d = os.path.join(HERE, case)
    for units, s in SCALE.items():
        check_particles(case, d, units, s)
        check_newton(case, d, units, s)
        for face, ref in (("narrow", 0.5 * H), ("wide", 0.5 * B)):
            name = "%s_%s" % (face, units)
            out = os.path.join(OUT, case, name)
            ok, hist, wall, err = run(os.path.join(d, name + ".inp"), out)
            row(case, name, "run completes", True, ok, kind="bool")
            if not ok:
                continue
            # the rest height: the face's half side (round contact: b/2 = 20 mm for both)
            row(case, name, "rest height / (%s/2)" % ("h" if face == "narrow" else "b"), 1.0,
                hist[-1]["MID.z"] / (ref * s), 1e-12, kind="abs")
            c = [r for r in contact_rows(os.path.join(out, "contacts.csv")) if r["time"] == hist[-1]["time"]]
            row(case, name, "sum of contact forces / weight", 1.0, sum(r["normal_force"] for r in c) / WEIGHT,
                1e-9, kind="abs")
        name = "turned_%s" % units
        out = os.path.join(OUT, case, name)
        ok, hist, wall, err = run(os.path.join(d, name + ".inp"), out)
        row(case, name, "run completes", True, ok, kind="bool")
        if not ok:
            continue
        c = [r for r in contact_rows(os.path.join(out, "contacts.csv")) if r["slave_node"] == 2]
        first = c[0] if c else None
        if first is None:
            row(case, name, "the middle node touches", True, False, kind="bool")
            continue
        z = [r["MID.z"] for r in hist if r["time"] == first["time"]][0]
        # the node's height minus the gap at the first touch: the support function h(n)
        row(case, name, "touch height / h(n)", 1.0, (z - first["gap"]) / (support() * s), 1e-12, kind="abs")
        row(case, name, "contact point y / corner y", 1.0, first["y"] / (corner_y() * s), 1e-12, kind="abs")
        # free fall of DROP: the first touch in the increment that ends after sqrt(2 DROP / g)
        t_touch = math.sqrt(2.0 * DROP / G)
        row(case, name, "first touch - free-fall time [s]", 0.0, first["time"] - t_touch, DT, kind="abs")
        E = [r["total_energy"] for r in hist]
        row(case, name, "max energy / E0 - 1", 0.0, max(E) / E[0] - 1.0, 1e-12, kind="max")
