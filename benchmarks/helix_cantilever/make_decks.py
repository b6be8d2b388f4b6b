#!/usr/bin/env python3
"""Generate the helix_cantilever decks (Češarek 2013, §6.6.2): L = 10 along X,
EA = GA = 1e4, GJ = EI = 1e2, tip moment M_Y and force F_Y ramped linearly to
200 pi and 50 at t = 10.  Dynamic runs are quasi-static (rhoA = J = 1e-15,
h = 0.01 as in Češarek); static runs use *STATIC with the same ramp."""
import math, os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tools"))
from beamdeck import polyline, node_block, element_block, general_section, write

HERE = os.path.dirname(os.path.abspath(__file__))
# velocity element (B2V): 10, 25, 50 elements; strain element (B2S): 50, 100, 200 (Table 6.2)
cases = [("B2V", "", ne, N) for ne in (10, 25, 50) for N in (3, 5, 8)]
cases += [("B2S", "s_", ne, N) for ne in (50, 100, 200) for N in (3, 5, 8)]
for etype, pre, ne, N in cases:
    if True:
        nodes, elems = polyline([(0, 0, 0), (10, 0, 0)], ne)
        tip = nodes[-1][0]
        kind = "velocity" if etype == "B2V" else "strain"
        model = f"""** Cantilever bent into a helix (Češarek 2013, §6.6.2), {ne} {kind} elements, N = {N}.
*HEADING
Helix cantilever, {ne} {kind} elements, N = {N}
{node_block(nodes)}{element_block(elems, N, etype=etype)}{general_section("BEAM", 1e4, 1e4, 1e4, 1e2, 1e2, 1e2, 1e-15, 1e-15, 1e-15, 1e-15)}*BOUNDARY
1, 1, 6
*AMPLITUDE, NAME=RAMP, TIME=TOTAL TIME
0.0, 0.0, 10.0, 1.0
*PROBE, NAME=tip, NODE={tip}
X, U
"""
        write(os.path.join(HERE, f"model_{pre}ne{ne}_N{N}.inp"), model)
        scheme = "MODIFIED NEWMARK" if etype == "B2V" else "NEWMARK"
        write(os.path.join(HERE, f"{pre}dyn_ne{ne}_N{N}.inp"), f"""** Helix cantilever, quasi-static dynamics ({scheme.lower()}), h = 0.01.
*INCLUDE, INPUT=model_{pre}ne{ne}_N{N}.inp
*CLOAD, AMPLITUDE=RAMP
{tip}, 5, {200 * math.pi:.17g}
{tip}, 2, 50.0
*STEP
*DYNAMIC, SCHEME={scheme}
0.01, 10.0
*OUTPUT, FORMAT=HISTORY, EVERY=100
*OUTPUT, FORMAT=VTK, EVERY=100
*END STEP
""")
        write(os.path.join(HERE, f"{pre}static_ne{ne}_N{N}.inp"), f"""** Helix cantilever as a static solve: loads ramp linearly over the step, 200 increments.
*INCLUDE, INPUT=model_{pre}ne{ne}_N{N}.inp
*STEP
*STATIC
0.005, 1.0
*CLOAD
{tip}, 5, {200 * math.pi:.17g}
{tip}, 2, 50.0
*OUTPUT, FORMAT=HISTORY, EVERY=20
*OUTPUT, FORMAT=VTK, EVERY=200
*END STEP
""")
