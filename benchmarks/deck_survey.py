"""A survey of the tree's decks run as two variants side by side (benchmarks/scheme_default,
benchmarks/b2s_default): each survey names which decks it reaches and how it writes its two
variants; this module finds the decks, runs each variant in a scratch directory and prints one
TSV row per run: exit status, increments, rejected increments (cutbacks), Newton iterations, the
run statistics' energy-balance drift (ratio to the energy scale), the number of warnings (energy
guard and others), the wall time and the first error line.

usage (of a survey): survey.py [--nsbeam build/nsbeam] [--timeout 300] [--list] [--only REGEX]
                               [--jobs N] [-o table.tsv] [DECK ...]
Without DECK the decks are found under benchmarks/, tests/user, tests/decks (not bad/) and
examples/.  --list prints the decks and whether the survey reaches them, without running anything.
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

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def keyword_of(line):
    """(keyword, {PARAMETER: VALUE}) of a keyword line, upper case; (None, None) otherwise"""
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


def append_to_lines(text, wanted, addition):
    """text with `addition` (e.g. ", RHOINF=1") appended to every keyword line for which
    wanted(keyword, params) holds"""
    out = []
    for line in text.splitlines(keepends=True):
        kw, prm = keyword_of(line)
        if kw is not None and wanted(kw, prm):
            body = line.rstrip("\r\n")
            line = body + addition + line[len(body):]
        out.append(line)
    return "".join(out)


def expand(path, depth=0):
    """the deck's text with its *INCLUDE, INPUT= files inlined (so that a step deck that includes a
    model is classified and written as one deck)"""
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
    tmp = tempfile.mkdtemp(prefix="deck_survey_")
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


def survey(classify, variants):
    """Run a survey from the command line.  classify(text) -> (reached, description) for a deck's
    text with its includes inlined; variants: two (name, write(text) -> text) pairs."""
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
    rows = []  # (deck as named, its text, reached, description, its path)
    for d in decks:
        p = os.path.abspath(d) if os.path.exists(d) else os.path.join(ROOT, d)
        t = expand(p)
        reached, what = classify(t)
        rows.append((d, t, reached, what, p))
    if a.list:
        for d, _, reached, what, _p in rows:
            if what:
                print("%s\t%s\t%s" % (d, "reached" if reached else "-", what))
        print("# %d decks, %d reached" % (len(rows), sum(1 for r in rows if r[2])), file=sys.stderr)
        return 0
    reached_rows = [r for r in rows if r[2]]
    header = "deck\tvariant\trc\tincrements\trejected\tnewton\tdrift\twarnings\tguard\twall_s\tmessage"
    outfh = open(a.out, "w") if a.out else None
    print(header)
    if outfh:
        print(header, file=outfh)

    def job(row):
        d, t, p = row[0], row[1], row[4]
        return d, [(name, run_one(a.nsbeam, p, write(t), name, a.timeout)) for name, write in variants]

    with cf.ThreadPoolExecutor(max_workers=a.jobs) as ex:
        for d, results in ex.map(job, reached_rows):
            for v, r in results:
                line = "%s\t%s\t%s\t%s" % (d, v, fmt(r), r["msg"])
                print(line, flush=True)
                if outfh:
                    print(line, file=outfh, flush=True)
    return 0
