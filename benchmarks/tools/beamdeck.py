"""Helpers that write nsbeam decks for beam benchmarks (straight polyline meshes).

Used by the make_decks.py scripts of the beam benchmark folders; the
generated decks are committed so that `nsbeam check/run` works on them
without Python.
"""


def polyline(points, n_per_segment, first_label=1):
    """Nodes along a polyline: list of (label, x, y, z) and the segments'
    element connectivity [(n1, n2), ...]."""
    nodes = [(first_label, *points[0])]
    elems = []
    lab = first_label
    for a, b in zip(points[:-1], points[1:]):
        for k in range(1, n_per_segment + 1):
            t = k / n_per_segment
            lab += 1
            nodes.append((lab, *(a[i] + t * (b[i] - a[i]) for i in range(3))))
            elems.append((lab - 1, lab))
    return nodes, elems


def node_block(nodes, nset=None):
    head = "*NODE" + (f", NSET={nset}" if nset else "")
    return head + "\n" + "\n".join("%d, %.17g, %.17g, %.17g" % n for n in nodes) + "\n"


def element_block(elems, points, elset="BEAM", first_label=1, etype="B2V", weighting=None):
    out = f"*ELEMENT, TYPE={etype}, ELSET={elset}, POINTS={points}" + (f", WEIGHTING={weighting}" if weighting else "") + "\n"
    out += "\n".join("%d, %d, %d" % (first_label + i, a, b) for i, (a, b) in enumerate(elems)) + "\n"
    return out


def general_section(elset, EA, GA2, GA3, GJ, EI2, EI3, rhoA, J1, J2, J3, n1=None, radius=None):
    head = f"*BEAM GENERAL SECTION, ELSET={elset}" + (f", RADIUS={radius}" if radius else "")
    out = head + "\n%.17g, %.17g, %.17g, %.17g, %.17g, %.17g\n%.17g, %.17g, %.17g, %.17g\n" % (
        EA, GA2, GA3, GJ, EI2, EI3, rhoA, J1, J2, J3)
    if n1:
        out += "%.17g, %.17g, %.17g\n" % tuple(n1)
    return out


def write(path, text):
    with open(path, "w") as fh:
        fh.write(text)
