#!/usr/bin/env python3
"""Survey: the B2S element's weighting in dynamics, collocation (the default
before this study) against Galerkin, on every dynamic deck of the tree whose
B2S elements take the default (an *ELEMENT line with TYPE=B2S and no
WEIGHTING=, in a deck with a *DYNAMIC step).

Each such deck is run twice, with ", WEIGHTING=COLLOCATION" and with
", WEIGHTING=GALERKIN" appended to every TYPE=B2S *ELEMENT line without
WEIGHTING= (the collocation run is the deck as it ran before the B2S default
of benchmarks/b2s_default/README.md, whatever the binary's default).  The variant is
written to a scratch directory with links to the files beside the deck (so
that relative paths resolve; *INCLUDE files are inlined for the
classification and the injection).  Reported per run: exit status, increments, rejected increments
(cutbacks), Newton iterations, the run statistics' energy-balance drift
(ratio to the energy scale), the number of warnings (energy guard and
others) and the wall time.  Same pattern as benchmarks/scheme_default/survey.py.

usage: survey.py [--nsbeam build/nsbeam] [--timeout 300] [--list] [--only REGEX]
                 [--jobs N] [-o table.tsv] [DECK ...]
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


def b2s_default(prm):
    """an *ELEMENT line of B2S elements that takes the default weighting"""
    return prm.get("TYPE") == "B2S" and "WEIGHTING" not in prm


def classify(text):
    """(B2S element lines with the default weighting, *DYNAMIC lines, pairs, NEWTON pairs)"""
    b2s = dyn = pairs = newton = 0
    for line in text.splitlines():
        kw, prm = keyword_of(line)
        if kw == "ELEMENT" and b2s_default(prm):
            b2s += 1
        elif kw == "DYNAMIC":
            dyn += 1
        elif kw == "CONTACT PAIR":
            pairs += 1
            if prm.get("LAW", "NEWTON") == "NEWTON":
                newton += 1
    return b2s, dyn, pairs, newton


def inject(text, weighting):
    out = []
    for line in text.splitlines(keepends=True):
        kw, prm = keyword_of(line)
        if kw == "ELEMENT" and b2s_default(prm):
            body = line.rstrip("\r\n")
            line = body + ", WEIGHTING=" + weighting + line[len(body):]
        out.append(line)
    return "".join(out)


def expand(path, depth=0):
    """the deck's text with its *INCLUDE, INPUT= files inlined (so that a step deck that includes a
    model is classified and injected as one deck)"""
    with open(path, errors="replace") as fh:
        text = fh.read()
    if depth > 8:
        return text
    out = []
    for line in text.splitlines(keepends=True):
        kw, prm = keyword_of(line)
        if kw == "INCLUDE" and "INPUT" in prm:
            m = re.search(r"INPUT\s*=\s*([^,\s]+)", line, re.I)
            inc = os.path.join(os.path.dirname(path), m.group(1)) if m else ""
            if os.path.exists(inc):
                t = expand(inc, depth + 1)
                out.append(t if t.endswith("\n") else t + "\n")
                continue
        out.append(line)
    return "".join(out)


def find_decks():
    decks = []
    for top in ("benchmarks", os.path.join("tests", "user"), os.path.join("tests", "decks"), "examples"):
        for d, _, files in os.walk(os.path.join(ROOT, top)):
            if os.sep + "bad" in d[len(ROOT):]:
                continue
            for f in sorted(files):
                if f.endswith(".inp"):
                    decks.append(os.path.relpath(os.path.join(d, f), ROOT))
    return sorted(decks, key=lambda d: (d.startswith("benchmarks"), d))


STAT = {
    "increments": re.compile(r"^\s*increments\s+(\d+)", re.M),
    "rejected": re.compile(r"^\s*rejected increments\s+(\d+)", re.M),
    "newton": re.compile(r"^\s*Newton iterations\s+(\d+)", re.M),
    "drift": re.compile(r"energy balance .*?moved by \S+ since the dynamic steps began, (\S+) of the energy scale", re.M),
}


def run_one(nsbeam, deck_path, deck_text, variant, timeout):
    d, name = os.path.split(deck_path)
    tmp = tempfile.mkdtemp(prefix="b2s_default_")
    # the variant in a scratch directory beside links to the deck's own files (relative INPUT= paths
    # resolve; the tree holds no extra deck, which a CMake glob of the benchmarks would pick up)
    for f in os.listdir(d):
        os.symlink(os.path.join(d, f), os.path.join(tmp, f))
    path = os.path.join(tmp, "%s_%s" % (variant, name))
    try:
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
        p = os.path.abspath(d) if os.path.exists(d) else os.path.join(ROOT, d)
        t = expand(p)
        b2s, dy, pr, nw = classify(t)
        rows.append((d, t, b2s > 0 and dy > 0, b2s, dy, pr, nw, p))
    if a.list:
        for d, _, reached, b2s, dy, pr, nw, _p in rows:
            if b2s or a.decks:
                print("%s\t%s\tB2S lines %d\tdynamic %d\tpairs %d (NEWTON %d)" % (d, "reached" if reached else "-", b2s, dy, pr, nw))
        print("# %d decks, %d reached" % (len(rows), sum(1 for r in rows if r[2])), file=sys.stderr)
        return 0
    todo = [r for r in rows if r[2]]
    header = "deck\tvariant\trc\tincrements\trejected\tnewton\tdrift\twarnings\tguard\twall_s\tmessage"
    outfh = open(a.out, "w") if a.out else None
    print(header)
    if outfh:
        print(header, file=outfh)

    def job(row):
        d, t, p = row[0], row[1], row[7]
        return (d, run_one(a.nsbeam, p, inject(t, "COLLOCATION"), "collocation", a.timeout),
                run_one(a.nsbeam, p, inject(t, "GALERKIN"), "galerkin", a.timeout))

    with cf.ThreadPoolExecutor(max_workers=a.jobs) as ex:
        for d, r0, r1 in ex.map(job, todo):
            for v, r in (("collocation", r0), ("galerkin", r1)):
                line = "%s\t%s\t%s\t%s" % (d, v, fmt(r), r["msg"])
                print(line, flush=True)
                if outfh:
                    print(line, file=outfh, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
