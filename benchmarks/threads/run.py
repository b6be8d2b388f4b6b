#!/usr/bin/env python3
"""threads/run.py [-n RUNS] [--threads N] DECK ... -- whole-run wall time of
nsbeam with 1 and with N threads (default 2), in pairs (1, N, 1, N, ...) so
that a drift of the machine's speed falls on both alike; per deck the median
and the range of each, the median of the pair ratios, nsbeam's own assembly
and factorization times (its statistics table), and a check that both runs
wrote the same history byte for byte.  Decks: benchmarks/threads/make_decks.py
and benchmarks/peers/bar_n1000.inp (README.md)."""
import atexit, os, resource, shutil, statistics, subprocess, sys, tempfile, time, filecmp

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
NSBEAM = os.environ.get("NSBEAM", os.path.join(ROOT, "build", "nsbeam"))


def one(deck, threads, out):
    t0 = time.monotonic()
    c0 = resource.getrusage(resource.RUSAGE_CHILDREN)
    p = subprocess.run([NSBEAM, "run", deck, "-o", out, "--threads", str(threads)], capture_output=True, text=True)
    wall = time.monotonic() - t0
    c1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    if p.returncode != 0:
        sys.exit("%s with %d threads failed: %s" % (deck, threads, p.stderr.strip()))
    phases = {}
    for line in p.stdout.splitlines():
        if "wall time [s]:" in line:
            for item in line.split(":", 1)[1].split(","):
                k, v = item.split()
                phases[k] = float(v)
    phases["cpu"] = (c1.ru_utime - c0.ru_utime) + (c1.ru_stime - c0.ru_stime)
    return wall, phases


def main():
    args = sys.argv[1:]
    runs, nt = 5, 2
    if "-n" in args:
        i = args.index("-n")
        runs = int(args[i + 1])
        del args[i:i + 2]
    if "--threads" in args:
        i = args.index("--threads")
        nt = int(args[i + 1])
        del args[i:i + 2]
    print("load average at start: %s" % open("/proc/loadavg").read().split()[0:3])
    for deck in args:
        tmp = tempfile.mkdtemp(prefix="nsb_threads_")
        atexit.register(shutil.rmtree, tmp, True)  # the runs' folder goes, however the script ends
        w = {1: [], nt: []}
        ph_all = {1: [], nt: []}
        for k in range(runs):
            for t in (1, nt):
                wall, ph = one(deck, t, os.path.join(tmp, "t%d" % t))
                w[t].append(wall)
                ph_all[t].append(ph)
        med = lambda t, key: statistics.median(ph.get(key, 0.0) for ph in ph_all[t])
        asm = {t: [ph.get("assembly", 0.0) for ph in ph_all[t]] for t in (1, nt)}
        same = filecmp.cmp(os.path.join(tmp, "t1", "history.csv"), os.path.join(tmp, "t%d" % nt, "history.csv"),
                           shallow=False)
        ratio = statistics.median(a / b for a, b in zip(w[1], w[nt]))
        print("%s: %d pairs" % (os.path.basename(deck), runs))
        for t in (1, nt):
            print("  %d thread(s): wall %.3f s (%.3f-%.3f), cpu %.3f s; nsbeam's phases (medians): setup %.3f, "
                  "assembly %.3f, factorization %.3f, solve %.3f, output %.3f, total %.3f s" %
                  (t, statistics.median(w[t]), min(w[t]), max(w[t]), med(t, "cpu"), med(t, "setup"),
                   med(t, "assembly"), med(t, "factorization"), med(t, "solve"), med(t, "output"), med(t, "total")))
        print("  speed-up (median of the pair ratios): whole run %.2f, assembly %.2f; history identical: %s" %
              (ratio, statistics.median(asm[1]) / statistics.median(asm[nt]), "yes" if same else "NO"))
    print("load average at end: %s" % open("/proc/loadavg").read().split()[0:3])


main()
