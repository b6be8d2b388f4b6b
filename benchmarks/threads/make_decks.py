#!/usr/bin/env python3
"""threads/make_decks.py -- the cantilevers of the thread measurements
(README.md) into build/threads/ (large, not committed): the cantilever of
benchmarks/beam_scaling (EA = GA = 1e6, GJ = EI = 1e3, rhoA = 1,
J = (20, 10, 10), tip load ramp, modified Newmark, h = 0.01) with 10 000
elements (POINTS = 1 and 3, 10 increments) and 100 000 elements (POINTS = 1,
3 increments: the same work per increment, ten times over), and the first
300 of the 3000 increments of benchmarks/peers/bar_n1000.inp (the bar is in
contact with the wall from t = 0 on).  Each cantilever also as
*_klu2.inp, with *SOLVER CONTROLS, LINEAR SOLVER=KLU2 (the two-domain
factorization on the threads, docs/theory.md section 5)."""
import os, sys
HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(HERE, "..", "tools"))
from beamdeck import polyline, node_block, element_block, general_section, write

OUT = os.path.join(ROOT, "build", "threads")
os.makedirs(OUT, exist_ok=True)
for ne, N, steps in ((10000, 1, 10), (10000, 3, 10), (100000, 1, 3)):
    nodes, elems = polyline([(0, 0, 0), (10.0, 0, 0)], ne)
    for solver in ("", "KLU2"):
        deck = os.path.join(OUT, f"cantilever_ne{ne}_N{N}" + ("_klu2" if solver else "") + ".inp")
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

bar = open(os.path.join(HERE, "..", "peers", "bar_n1000.inp")).read()
old = "1.9999999999999999e-07, 0.00059999999999999995"
assert old in bar
deck = os.path.join(OUT, "bar_n1000_300inc.inp")
write(deck, bar.replace(old, "1.9999999999999999e-07, 5.9999999999999995e-05"))
print(deck)
