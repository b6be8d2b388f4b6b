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


def check(quick):
    case = "rect_section_contact"
    d = os.path.join(HERE, case)
    for units, s in SCALE.items():
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
