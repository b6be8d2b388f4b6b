#!/usr/bin/env python3
"""Survey: the default scheme (generalized-alpha form of the modified scheme,
rho_inf = 0.9) against RHOINF=1 on every dynamic deck of the tree with a
*CONTACT PAIR.

For each deck with a LAW=NEWTON pair and a *DYNAMIC line that takes the
modified scheme's default rho_inf (no RHOINF, BETA, GAMMA; no SCHEME or
SCHEME=MODIFIED NEWMARK: the decks a change of default would reach) the deck is run twice: as it is
and with ", RHOINF=1" appended to every such *DYNAMIC line.  Reported per run:
exit status, increments, rejected increments (cutbacks), Newton iterations,
the run statistics' energy-balance drift (ratio to the energy scale), the
number of warnings (energy guard and others), and the wall time.

usage: survey.py [--nsbeam build/nsbeam] [--timeout 300] [--list] [--only REGEX]
                 [--jobs N] [-o table.tsv] [DECK ...]
Without DECK the decks are found under benchmarks/, tests/user, tests/decks
(not bad/) and examples/.  --list prints the decks and whether a change of
default reaches them (NEWTON pair, default scheme) without running anything.
"""
import argparse
import concurrent.futures as cf
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PARAMS = ("RHOINF", "BETA", "GAMMA")


def default_rhoinf(prm):
    """a *DYNAMIC line that takes the modified scheme's default rho_inf"""
    return prm.get("SCHEME", "MODIFIED NEWMARK") == "MODIFIED NEWMARK" and not any(k in prm for k in PARAMS)


def keyword_of(line):
    s = line.strip()
    if not s.startswith("*") or s.startswith("**"):
        return None, None
    parts = [x.strip() for x in s[1:].split(",")]
    params = {}
    for p in parts[1:]:
        if "=" in p:
            k, v = p.split("=", 1)
            params[re.sub(r"\s+", " ", k.strip().upper())] = v.strip().upper()
        elif p:
            params[re.sub(r"\s+", " ", p.upper())] = ""
    return re.sub(r"\s+", " ", parts[0].upper()), params


def classify(text):
    """(default-scheme *DYNAMIC lines, any *DYNAMIC, NEWTON pairs, all pairs)"""
    dyn_default = dyn = newton = pairs = 0
    for line in text.splitlines():
        kw, prm = keyword_of(line)
        if kw == "DYNAMIC":
            dyn += 1
            if default_rhoinf(prm):
                dyn_default += 1
        elif kw == "CONTACT PAIR":
            pairs += 1
            if prm.get("LAW", "NEWTON") == "NEWTON":
                newton += 1
    return dyn_default, dyn, newton, pairs


def inject(text, rhoinf):
    out = []
    for line in text.splitlines(keepends=True):
        kw, prm = keyword_of(line)
        if kw == "DYNAMIC" and default_rhoinf(prm):
            body = line.rstrip("\r\n")
            line = body + ", RHOINF=" + rhoinf + line[len(body):]
        out.append(line)
    return "".join(out)


def find_decks():
    decks = []
    for top in ("benchmarks", os.path.join("tests", "user"), os.path.join("tests", "decks"), "examples"):
        for d, _, files in os.walk(os.path.join(ROOT, top)):
            if os.sep + "bad" in d[len(ROOT):]:
                continue
            for f in sorted(files):
                if not f.endswith(".inp"):
                    continue
                p = os.path.join(d, f)
                with open(p, errors="replace") as fh:
                    t = fh.read()
                if re.search(r"^\s*\*\s*CONTACT\s+PAIR", t, re.I | re.M) and re.search(r"^\s*\*\s*DYNAMIC", t, re.I | re.M):
                    decks.append(os.path.relpath(p, ROOT))
    return sorted(decks, key=lambda d: (d.startswith("benchmarks"), d))


STAT = {
    "increments": re.compile(r"^\s*increments\s+(\d+)", re.M),
    "rejected": re.compile(r"^\s*rejected increments\s+(\d+)", re.M),
    "newton": re.compile(r"^\s*Newton iterations\s+(\d+)", re.M),
    "drift": re.compile(r"energy balance .*?moved by \S+ since the dynamic steps began, (\S+) of the energy scale", re.M),
}


def run_one(nsbeam, deck_text, name, timeout):
    tmp = tempfile.mkdtemp(prefix="scheme_default_")
    try:
        path = os.path.join(tmp, name)
        with open(path, "w") as fh:
            fh.write(deck_text)
        t0 = time.time()
        try:
            r = subprocess.run([nsbeam, "run", path, "-o", os.path.join(tmp, "out")], capture_output=True,
                               text=True, timeout=timeout)
            rc, out = r.returncode, r.stdout + r.stderr
        except subprocess.TimeoutExpired as e:
            rc = "timeout"
            out = (e.stdout or b"").decode(errors="replace") if isinstance(e.stdout, bytes) else (e.stdout or "")
        wall = time.time() - t0
        res = {"rc": rc, "wall": wall}
        for k, rx in STAT.items():
            m = rx.search(out)
            res[k] = m.group(1) if m else "-"
        res["warnings"] = sum(1 for ln in out.splitlines() if "warning" in ln.lower())
        res["guard"] = sum(1 for ln in out.splitlines() if "warning" in ln.lower() and "energy" in ln.lower())
        err = [ln for ln in out.splitlines() if "error" in ln.lower() or ".inp:" in ln]
        res["msg"] = (err[0].replace(tmp + os.sep, "")[:160] if err else "")
        return res
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def fmt(r):
    return "%s\t%s\t%s\t%s\t%s\t%d\t%d\t%.1f" % (r["rc"], r["increments"], r["rejected"], r["newton"], r["drift"],
                                                r["warnings"], r["guard"], r["wall"])


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--nsbeam", default=os.path.join(ROOT, "build", "nsbeam"))
    ap.add_argument("--timeout", type=float, default=300.0)
    ap.add_argument("--list", action="store_true")
    ap.add_argument("--only", default=None)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("-o", dest="out", default=None)
    ap.add_argument("decks", nargs="*")
    a = ap.parse_args()
    decks = a.decks or find_decks()
    if a.only:
        decks = [d for d in decks if re.search(a.only, d)]
    rows = []
    for d in decks:
        with open(os.path.join(ROOT, d) if not os.path.isabs(d) else d, errors="replace") as fh:
            t = fh.read()
        dd, dy, nw, pr = classify(t)
        reached = dd > 0 and nw > 0
        rows.append((d, t, reached, dd, dy, nw, pr))
    if a.list:
        for d, _, reached, dd, dy, nw, pr in rows:
            print("%s\t%s\tdynamic %d (default %d)\tpairs %d (NEWTON %d)" % (d, "reached" if reached else "-", dy, dd, pr, nw))
        print("# %d decks, %d reached" % (len(rows), sum(1 for r in rows if r[2])), file=sys.stderr)
        return 0
    todo = [r for r in rows if r[2]]
    header = "deck\tvariant\trc\tincrements\trejected\tnewton\tdrift\twarnings\tguard\twall_s\tmessage"
    outfh = open(a.out, "w") if a.out else None
    print(header)
    if outfh:
        print(header, file=outfh)

    def job(row):
        d, t = row[0], row[1]
        name = os.path.basename(d)
        return d, run_one(a.nsbeam, inject(t, "0.9"), name, a.timeout), run_one(a.nsbeam, inject(t, "1"), name, a.timeout)

    with cf.ThreadPoolExecutor(max_workers=a.jobs) as ex:
        for d, r0, r1 in ex.map(job, todo):
            for v, r in (("rho0.9", r0), ("rho1", r1)):
                line = "%s\t%s\t%s\t%s" % (d, v, fmt(r), r["msg"])
                print(line, flush=True)
                if outfh:
                    print(line, file=outfh, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
