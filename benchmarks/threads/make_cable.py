#!/usr/bin/env python3
"""threads/make_cable.py [NE] -- a cable of NE B2V elements (default 40 000,
POINTS = 2, Galerkin) lying just above a floor, every other node a slave node
of one *CONTACT PAIR, LAW=NEWTON, MASS=REDISTRIBUTED against the plane
z = 0 (every element has one slave end), into
build/threads/cable_floor_neNE.inp (large, not committed).  The deck of the
start-up measurement of element set-up with a contact slave set
(README.md, "The slave scan"): `nsbeam check` on it, and `nsbeam run`
(two increments under gravity)."""
import os, sys
HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(HERE, "..", "tools"))
from beamdeck import polyline, node_block, element_block, general_section, write

ne = int(sys.argv[1]) if len(sys.argv) > 1 else 40000
OUT = os.path.join(ROOT, "build", "threads")
os.makedirs(OUT, exist_ok=True)
r = 0.005  # contact radius of the section
nodes, elems = polyline([(0, 0, 2 * r), (float(ne) * 0.01, 0, 2 * r)], ne)
slaves = [n[0] for n in nodes[::2]]
nset = "*NSET, NSET=SLAVES\n" + "\n".join(
    ", ".join(str(l) for l in slaves[i:i + 16]) for i in range(0, len(slaves), 16)) + "\n"
deck = os.path.join(OUT, f"cable_floor_ne{ne}.inp")
write(deck, f"""*HEADING
Cable of {ne} B2V elements above a floor, every other node a slave (benchmarks/threads)
{node_block(nodes)}{element_block(elems, 2, weighting="GALERKIN")}{general_section("BEAM", 1e4, 1e4, 1e4, 1e-2, 1e-2, 1e-2, 0.1, 2e-6, 1e-6, 1e-6, n1=(0, 1, 0), radius=r)}{nset}*OBSTACLE, NAME=FLOOR, TYPE=PLANE
0, 0, 0, 0, 0, 1
*CONTACT PAIR, LAW=NEWTON, MASS=REDISTRIBUTED
SLAVES, FLOOR
*STEP
*DYNAMIC, SCHEME=MODIFIED NEWMARK, RHOINF=1
0.001, 0.002
*GRAVITY
0, 0, -9.81
*OUTPUT, FORMAT=HISTORY, EVERY=1
*END STEP
""")
print(deck)
