#!/usr/bin/env python3
"""beam_scaling/run.py [--max NE] [--points N] [--repeat R] -- time per step of a long
cantilever with 10 ... 100 000 velocity elements (N = 1 and N = 3, or the one
N of --points; 100 000 only with --max 100000), to show that the cost per
step grows linearly with the number of elements.  Writes the decks into
build/beam_scaling/ (not committed: they are large) and prints a table: ne,
N, unknowns, steps, Newton iterations, CPU time per step, CPU time per
element and step, CPU time per element and Newton iteration (user + system
time of the run: on a shared machine the wall time also counts the waits for
a core), peak resident memory of the run and that per element.  Machine and
date are printed too.  With --repeat R every deck runs R times and the
row gives the least CPU time (the run least disturbed by the other work of
a shared machine) and the largest peak memory.  The run is started through
/usr/bin/time, a small
process: the kernel's maximum RSS of a child starts from that of the process
it was forked from (the Python parent's 14-60 MB made a floor under the
peaks of the small decks), and that of the time process is about 2 MB."""
import os, platform, subprocess, sys, datetime
HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(HERE, "..", "tools"))
from beamdeck import polyline, node_block, element_block, general_section, write

NSBEAM = os.environ.get("NSBEAM", os.path.join(ROOT, "build", "nsbeam"))
OUT = os.path.join(ROOT, "build", "beam_scaling")
os.makedirs(OUT, exist_ok=True)
max_ne = int(sys.argv[sys.argv.index("--max") + 1]) if "--max" in sys.argv else 10000
points = (int(sys.argv[sys.argv.index("--points") + 1]),) if "--points" in sys.argv else (1, 3)
repeat = int(sys.argv[sys.argv.index("--repeat") + 1]) if "--repeat" in sys.argv else 1
TIME = "/usr/bin/time"
steps = 10
print("machine: %s, %s, %d cores; date %s" % (platform.node(), platform.processor() or platform.machine(), os.cpu_count(),
                                               datetime.date.today()))
print("%7s %3s %9s %6s %8s %14s %18s %22s %9s %8s" % ("ne", "N", "unknowns", "steps", "Newton", "CPU s/step",
                                                    "us/(element*step)", "us/(element*iteration)", "peak MB",
                                                    "KB/elem"))
for N in points:
    for ne in (10, 100, 1000, 10000, 100000):
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
        log = os.path.join(OUT, f"ne{ne}_N{N}.log")
        cpu, rss_kb = float("inf"), 0
        for _ in range(repeat):
            with open(log, "w") as f:
                cmd = [NSBEAM, "run", deck, "-o", os.path.join(OUT, f"ne{ne}_N{N}")]
                if os.access(TIME, os.X_OK):
                    cmd = [TIME, "-o", os.devnull] + cmd
                p = subprocess.Popen(cmd, stdout=f, stderr=subprocess.STDOUT)
                # wait4 reaps the child with its resource usage and that of the
                # children it reaped (nsbeam under /usr/bin/time): ru_maxrss is
                # the largest peak resident set among them (KB on Linux)
                _, status, usage = os.wait4(p.pid, 0)
                p.returncode = os.waitstatus_to_exitcode(status)
            if p.returncode != 0:
                break
            cpu = min(cpu, usage.ru_utime + usage.ru_stime)
            rss_kb = max(rss_kb, usage.ru_maxrss)
        out = err = open(log).read()
        if p.returncode != 0:
            print("%7d %3d  FAILED: %s" % (ne, N, err.strip().splitlines()[-1] if err else "?"))
            continue
        it = [l for l in out.splitlines() if "Newton iterations" in l]
        newton = int(it[0].split()[-1]) if it else 0
        asm = [l for l in out.splitlines() if "wall time" in l]
        print("%7d %3d %9d %6d %8d %14.5f %18.3f %22.3f %9.0f %8.2f   %s" % (
            ne, N, 6 * (ne + 1), steps, newton, cpu / steps, 1e6 * cpu / steps / ne, 1e6 * cpu / max(1, newton) / ne,
            rss_kb / 1024.0, rss_kb / ne, asm[0].strip() if asm else ""))
