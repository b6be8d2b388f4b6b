#!/usr/bin/env python3
"""Generate the right_angle_cantilever decks (Češarek 2013, §6.6.3; Simo & Vu-Quoc
1988): two legs of length 10, clamped at the origin, leg 1 along +Y, leg 2
along +X from the elbow (0, 10, 0); out-of-plane force F_Z at the elbow with
the triangular pulse F = 50 t (0 <= t <= 1), 50 (2 - t) (1 <= t <= 2), 0 after
([4], Češarek's figure is lost).  EA = GA = 1e6, GJ = EI = 1e3, rhoA = 1,
J = (20, 10, 10); N = 3; t in [0, 30]."""
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tools"))
from beamdeck import polyline, node_block, element_block, general_section, write

HERE = os.path.dirname(os.path.abspath(__file__))
for (per_leg, etype) in ((2, "B2V"), (10, "B2V"), (2, "B2S"), (10, "B2S")):
    pre = "" if etype == "B2V" else "s_"
    nodes, elems = polyline([(0, 0, 0), (0, 10, 0), (10, 10, 0)], per_leg)
    elbow = 1 + per_leg
    tip = nodes[-1][0]
    ne = 2 * per_leg
    model = f"""** Right-angle cantilever (Češarek 2013, §6.6.3), {ne} {etype} elements, N = 3.
** Leg 1 along +Y, leg 2 along +X; the elbow node is shared, each leg keeps
** its own section axes (element end frames, docs/theory.md).
*HEADING
Right-angle cantilever, {ne} elements
{node_block(nodes)}{element_block(elems, 3, etype=etype, weighting="COLLOCATION" if etype == "B2V" else None)}{general_section("BEAM", 1e6, 1e6, 1e6, 1e3, 1e3, 1e3, 1.0, 20.0, 10.0, 10.0)}*BOUNDARY
1, 1, 6
*AMPLITUDE, NAME=PULSE, TIME=TOTAL TIME
0.0, 0.0, 1.0, 1.0, 2.0, 0.0
*CLOAD, AMPLITUDE=PULSE
{elbow}, 3, 50.0
*PROBE, NAME=elbow, NODE={elbow}
U
*PROBE, NAME=tip, NODE={tip}
U
"""
    write(os.path.join(HERE, f"model_{pre}ne{ne}.inp"), model)
    scheme = "MODIFIED NEWMARK" if etype == "B2V" else "NEWMARK"
    for h in ("0.25", "0.1"):
        write(os.path.join(HERE, f"{pre}ne{ne}_h{h}.inp"), f"""** Right-angle cantilever, {ne} {etype} elements, {scheme.lower()}, h = {h}, t in [0, 30].
*INCLUDE, INPUT=model_{pre}ne{ne}.inp
*STEP
*DYNAMIC, SCHEME={scheme}
{h}, 30.0, {h}
*OUTPUT, FORMAT=HISTORY, EVERY=1
*OUTPUT, FORMAT=VTK, EVERY={int(round(0.5 / float(h)))}
*END STEP
""")
