#!/usr/bin/env python3
"""threads/make_decks.py -- the cantilevers of the thread measurements
(README.md) into build/threads/ (large, not committed): the cantilever of
benchmarks/beam_scaling (EA = GA = 1e6, GJ = EI = 1e3, rhoA = 1,
J = (20, 10, 10), tip load ramp, modified Newmark, h = 0.01) with 10 000
elements (POINTS = 1 and 3, 10 increments) and 100 000 elements (POINTS = 1,
3 increments: the same work per increment, ten times over), and the first
300 of the 3000 increments of benchmarks/peers/bar_n1000.inp (the bar is in
contact with the wall from t = 0 on).  A 2-D mesh: a
grillage of 60 x 60 nodes 0.1 apart in the x-y plane (7 080 B2V elements
along x and y, POINTS = 1, the cantilevers' section with n1 = z), its four
corners clamped, a ramped load on the middle node, 10 increments (21 576
equations: its node separators are too large for KLU2's dense Schur
complement, so KLU2 factors it whole).  Each deck also as *_klu.inp with
*SOLVER CONTROLS, LINEAR SOLVER=KLU and as *_klu2.inp with LINEAR
SOLVER=KLU2 (the two-domain factorization on the threads, docs/theory.md
section 5); the plain decks take the default AUTO (KLU2 from 20 000
equations on, KLU below)."""
import os, sys
HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(HERE, "..", "tools"))
from beamdeck import polyline, node_block, element_block, general_section, write

OUT = os.path.join(ROOT, "build", "threads")
os.makedirs(OUT, exist_ok=True)
for ne, N, steps in ((10000, 1, 10), (10000, 3, 10), (100000, 1, 3)):
    nodes, elems = polyline([(0, 0, 0), (10.0, 0, 0)], ne)
    for solver in ("", "KLU", "KLU2"):
        deck = os.path.join(OUT, f"cantilever_ne{ne}_N{N}" + ("_" + solver.lower() if solver else "") + ".inp")
        controls = f"*SOLVER CONTROLS, LINEAR SOLVER={solver}\n" if solver else ""
        write(deck, f"""*HEADING
Cantilever with {ne} B2V elements, POINTS = {N} (benchmarks/threads)
{node_block(nodes)}{element_block(elems, N)}{general_section("BEAM", 1e6, 1e6, 1e6, 1e3, 1e3, 1e3, 1.0, 20.0, 10.0, 10.0)}*BOUNDARY
1, 1, 6
*AMPLITUDE, NAME=RAMP, TIME=TOTAL TIME
0.0, 0.0, 1.0, 1.0
*CLOAD, AMPLITUDE=RAMP
{nodes[-1][0]}, 3, 10.0
*STEP
*DYNAMIC, SCHEME=MODIFIED NEWMARK
0.01, {steps * 0.01}
{controls}*OUTPUT, FORMAT=HISTORY, EVERY={steps}
*END STEP
""")
        print(deck)

n = 60
nodes = [(1 + i + n * j, 0.1 * i, 0.1 * j, 0.0) for j in range(n) for i in range(n)]
ex = [(1 + i + n * j, 2 + i + n * j) for j in range(n) for i in range(n - 1)]
ey = [(1 + i + n * j, 1 + i + n * (j + 1)) for j in range(n - 1) for i in range(n)]
corners = [1, n, n * (n - 1) + 1, n * n]
mid = 1 + n // 2 + n * (n // 2)
for solver in ("", "KLU", "KLU2"):
    deck = os.path.join(OUT, f"grid_n{n}" + ("_" + solver.lower() if solver else "") + ".inp")
    controls = f"*SOLVER CONTROLS, LINEAR SOLVER={solver}\n" if solver else ""
    write(deck, f"""*HEADING
Grillage of {n} x {n} nodes, {len(ex) + len(ey)} B2V elements (benchmarks/threads)
{node_block(nodes)}{element_block(ex, 1)}{element_block(ey, 1, first_label=len(ex) + 1)}{general_section("BEAM", 1e6, 1e6, 1e6, 1e3, 1e3, 1e3, 1.0, 20.0, 10.0, 10.0, n1=(0, 0, 1))}*BOUNDARY
""" + "".join(f"{c}, 1, 6\n" for c in corners) + f"""*AMPLITUDE, NAME=RAMP, TIME=TOTAL TIME
0.0, 0.0, 1.0, 1.0
*CLOAD, AMPLITUDE=RAMP
{mid}, 3, 10.0
*STEP
*DYNAMIC, SCHEME=MODIFIED NEWMARK
0.01, 0.1
{controls}*OUTPUT, FORMAT=HISTORY, EVERY=10
*END STEP
""")
    print(deck)

bar = open(os.path.join(HERE, "..", "peers", "bar_n1000.inp")).read()
old = "1.9999999999999999e-07, 0.00059999999999999995"
assert old in bar
deck = os.path.join(OUT, "bar_n1000_300inc.inp")
write(deck, bar.replace(old, "1.9999999999999999e-07, 5.9999999999999995e-05"))
print(deck)
