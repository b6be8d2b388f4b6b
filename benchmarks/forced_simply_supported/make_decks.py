#!/usr/bin/env python3
"""Generate the forced_simply_supported decks (Češarek 2013, §6.6.1): L = 10 along X,
rhoA = 1, J = 0, EA = GA = 1e5, GJ = EI = 1e3, midspan force F_Z = 0.3 sin 2t,
at rest at t = 0, simply supported (pin at x = 0, roller at x = L, torsion held
at both ends), t in [0, 8]."""
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tools"))
from beamdeck import polyline, node_block, element_block, general_section, write

HERE = os.path.dirname(os.path.abspath(__file__))
runs = [(20, 6, "0.1"), (20, 6, "0.05"), (20, 6, "0.025"), (20, 2, "0.05"), (20, 10, "0.05"), (10, 6, "0.05"), (40, 6, "0.05")]
for ne, N, h in runs:
    nodes, elems = polyline([(0, 0, 0), (10, 0, 0)], ne)
    mid = ne // 2 + 1
    last = nodes[-1][0]
    write(os.path.join(HERE, f"ne{ne}_N{N}_h{h}.inp"), f"""** Forced simply supported beam (Češarek 2013, §6.6.1): {ne} velocity elements, N = {N}, h = {h}.
*HEADING
Forced vibration of a simply supported beam
{node_block(nodes)}{element_block(elems, N)}{general_section("BEAM", 1e5, 1e5, 1e5, 1e3, 1e3, 1e3, 1.0, 0.0, 0.0, 0.0)}** pin at x = 0 (and torsion), roller at x = L (axially free, torsion held)
*BOUNDARY
1, 1, 4
{last}, 2, 4
** F_Z = 0.3 sin(2 t): PERIODIC amplitude N = 1, omega = 2, t0 = 0, A0 = 0, (A1, B1) = (0, 1)
*AMPLITUDE, NAME=HARM, DEFINITION=PERIODIC, TIME=TOTAL TIME
1, 2.0, 0.0, 0.0
0.0, 1.0
*CLOAD, AMPLITUDE=HARM
{mid}, 3, 0.3
*PROBE, NAME=mid, NODE={mid}
U
*STEP
*DYNAMIC, SCHEME=MODIFIED NEWMARK
{h}, 8.0
*OUTPUT, FORMAT=HISTORY, EVERY=1
*END STEP
""")
