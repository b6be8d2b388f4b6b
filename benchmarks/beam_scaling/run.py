#!/usr/bin/env python3
"""beam_scaling/run.py [--max NE] -- time per step of a long cantilever with
10 ... 10 000 velocity elements (N = 1 and N = 3), to show that the cost per
step grows linearly with the number of elements.  Writes the decks into
build/beam_scaling/ (not committed: they are large) and prints a table:
ne, N, unknowns, steps, Newton iterations, wall time per step, time per
element per Newton iteration.  Machine and date are printed too."""
import os, platform, subprocess, sys, time, datetime
HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(HERE, "..", "tools"))
from beamdeck import polyline, node_block, element_block, general_section, write

NSBEAM = os.environ.get("NSBEAM", os.path.join(ROOT, "build", "nsbeam"))
OUT = os.path.join(ROOT, "build", "beam_scaling")
os.makedirs(OUT, exist_ok=True)
max_ne = int(sys.argv[sys.argv.index("--max") + 1]) if "--max" in sys.argv else 10000
steps = 10
print("machine: %s, %s, %d cores; date %s" % (platform.node(), platform.processor() or platform.machine(), os.cpu_count(),
                                               datetime.date.today()))
print("%7s %3s %9s %6s %8s %14s %22s" % ("ne", "N", "unknowns", "steps", "Newton", "s/step", "us/(element*iteration)"))
for N in (1, 3):
    for ne in (10, 100, 1000, 10000):
        if ne > max_ne:
            continue
        L = 10.0
        nodes, elems = polyline([(0, 0, 0), (L, 0, 0)], ne)
        deck = os.path.join(OUT, f"ne{ne}_N{N}.inp")
        write(deck, f"""*HEADING
Scaling: cantilever with {ne} elements, N = {N}
{node_block(nodes)}{element_block(elems, N)}{general_section("BEAM", 1e6, 1e6, 1e6, 1e3, 1e3, 1e3, 1.0, 20.0, 10.0, 10.0)}*BOUNDARY
1, 1, 6
*AMPLITUDE, NAME=RAMP, TIME=TOTAL TIME
0.0, 0.0, 1.0, 1.0
*CLOAD, AMPLITUDE=RAMP
{nodes[-1][0]}, 3, 10.0
*STEP
*DYNAMIC, SCHEME=MODIFIED NEWMARK
0.01, {steps * 0.01}
** the residual 2-norm sums the round-off of 6 (ne + 1) rows: with 60 000 rows
** it sits near 1e-8, so the absolute default tolerance is relaxed here
*OUTPUT, FORMAT=HISTORY, EVERY={steps}
*END STEP
""")
        t0 = time.time()
        p = subprocess.run([NSBEAM, "run", deck, "-o", os.path.join(OUT, f"ne{ne}_N{N}")], capture_output=True, text=True)
        wall = time.time() - t0
        if p.returncode != 0:
            print("%7d %3d  FAILED: %s" % (ne, N, p.stderr.strip().splitlines()[-1] if p.stderr else "?"))
            continue
        it = [l for l in p.stdout.splitlines() if "Newton iterations" in l]
        newton = int(it[0].split()[-1]) if it else 0
        asm = [l for l in p.stdout.splitlines() if "wall time" in l]
        print("%7d %3d %9d %6d %8d %14.5f %22.3f   %s" % (ne, N, 6 * (ne + 1), steps, newton, wall / steps,
                                                        1e6 * wall / max(1, newton) / ne, asm[0].strip() if asm else ""))
