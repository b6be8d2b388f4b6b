#!/usr/bin/env python3
"""tests/validate_concurrent.py WORKDIR [--exclude-dir DIR]... -- CMD...
tests/validate_concurrent.py WORKDIR [--exclude-dir DIR]... --concurrent CASE...

benchmarks/validate writes nothing outside its output folder (NSB_VALIDATE_OUT;
benchmarks/validate's usage text).  Both forms take a snapshot of the source
tree (every file's size and modification time, every folder; git status when
git is there) before and after, and fail when anything in it was created,
changed or removed.  WORKDIR and the --exclude-dir folders (the build folder)
and the folders the top-level .gitignore names (/build*/, /out/) and .git are
left out of the snapshot, and so are the __pycache__ folders, which other
tests that run at the same time (ctest -j) write; instead the runs have
PYTHONPYCACHEPREFIX=WORKDIR/pycache (and no PYTHONDONTWRITEBYTECODE), and
the test fails when a bytecode cache of a module of the source tree appears
there.

With `-- CMD...` it runs CMD (ctest's validate_quick: the quick run of every
case; WORKDIR is then its output folder) and exits with CMD's status when the tree is unchanged.

With --concurrent CASE...: runs `benchmarks/validate --quick CASE...` once
alone, then twice at the same time, each with its own NSB_VALIDATE_OUT under
WORKDIR, and fails unless the three runs give the same rows (the whole row;
an INFO row without its numbers: some are wall times) and write the same files with the same bytes.  NSBEAM and
NSB_TOOLS come from the environment.
"""
import fnmatch
import os
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
VALIDATE = os.path.join(ROOT, "benchmarks", "validate")


def ignored_top(root):
    """Top-level folder patterns of the .gitignore (lines '/name/'): the build and output folders."""
    pats = [".git"]
    try:
        with open(os.path.join(root, ".gitignore")) as fh:
            for line in fh:
                line = line.strip()
                if line.startswith("/") and line.endswith("/") and "/" not in line[1:-1]:
                    pats.append(line[1:-1])
    except OSError:
        pass
    return pats


def snapshot(root, excluded):
    """{relative path: (size, mtime_ns) for files, 'dir' for folders} of the source tree."""
    excluded = {os.path.realpath(e) for e in excluded}
    top = ignored_top(root)
    snap = {}
    for d, dirs, files in os.walk(root):
        keep = []
        for n in dirs:
            p = os.path.join(d, n)
            if os.path.realpath(p) in excluded or (d == root and any(fnmatch.fnmatch(n, t) for t in top)) \
                    or n == "__pycache__":
                continue
            keep.append(n)
            snap[os.path.relpath(p, root)] = "dir"
        dirs[:] = keep
        for n in files:
            p = os.path.join(d, n)
            if d == root and n == ".git":
                continue
            st = os.lstat(p)
            snap[os.path.relpath(p, root)] = (st.st_size, st.st_mtime_ns)
    return snap


def git_status(root):
    try:
        p = subprocess.run(["git", "-C", root, "status", "--porcelain", "--untracked-files=all"],
                           capture_output=True, text=True)
    except OSError:
        return None
    return p.stdout if p.returncode == 0 else None


def tree_changes(before, after):
    out = []
    for k in sorted(set(before) | set(after)):
        if k not in before:
            out.append("created: " + k)
        elif k not in after:
            out.append("removed: " + k)
        elif before[k] != after[k]:
            out.append("changed: " + k)
    return out


def rows(stdout):
    """The table's rows in their order: the whole line for a verdict, the line without its
    numbers for an INFO row (some are wall times)."""
    res = []
    for line in stdout.splitlines():
        w = line.split()
        if len(w) > 5 and w[-1] in ("PASS", "FAIL", "INFO", "KNOWN-DIFF") and w[0] != "case":
            res.append(" ".join(line.rsplit(None, 5)[0].split()) + " INFO" if w[-1] == "INFO" else line)
    return res


def files(out):
    """{relative path: bytes} of every file a run wrote."""
    res = {}
    for d, _, fs in os.walk(out):
        for n in fs:
            with open(os.path.join(d, n), "rb") as fh:
                res[os.path.relpath(os.path.join(d, n), out)] = fh.read()
    return res


def child_env(workdir, **kw):
    """The environment of the runs: bytecode caches allowed, but into WORKDIR/pycache
    (PYTHONPYCACHEPREFIX), where bytecode_written() looks for the source tree's modules."""
    env = dict(os.environ, PYTHONPYCACHEPREFIX=os.path.join(workdir, "pycache"), **kw)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


def bytecode_written(workdir):
    """The bytecode caches of the source tree's modules the runs wrote (none: validate turns
    them off, since they would go into the source tree's __pycache__ folders)."""
    res = []
    for d, _, fs in os.walk(os.path.join(workdir, "pycache") + ROOT):
        res += [os.path.join(d, n) for n in fs]
    return res


def start(workdir, tag, cases):
    out = os.path.join(workdir, tag)
    env = child_env(workdir, NSB_VALIDATE_OUT=out)
    return out, subprocess.Popen([sys.executable, VALIDATE, "--quick"] + cases, env=env,
                                 stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def concurrent(workdir, cases):
    problems = []
    out0, p = start(workdir, "alone", cases)
    so, se = p.communicate()
    if p.returncode != 0:
        problems.append("the run alone exits %d:\n%s%s" % (p.returncode, so, se))
    ref_rows, ref_files = rows(so), files(out0)
    if not ref_rows or not ref_files:
        problems.append("the run alone printed no rows or wrote no files")
    runs = [start(workdir, tag, cases) for tag in ("first", "second")]
    for tag, (out, p) in zip(("first", "second"), runs):
        so, se = p.communicate()
        if p.returncode != 0:
            problems.append("the %s concurrent run exits %d:\n%s" % (tag, p.returncode, se))
        r = rows(so)
        if r != ref_rows:
            diff = [x for x in r if x not in ref_rows] + [x for x in ref_rows if x not in r]
            problems.append("the %s concurrent run's rows differ from the run alone (%d against %d rows): %s"
                            % (tag, len(r), len(ref_rows), diff[:10]))
        fl = files(out)
        for k in sorted(set(fl) | set(ref_files)):
            if fl.get(k) != ref_files.get(k):
                problems.append("the %s concurrent run's %s differs from the run alone's" % (tag, k))
    print("%d rows, %d files in each of three runs" % (len(ref_rows), len(ref_files)))
    return problems


def main(argv):
    workdir = os.path.abspath(argv[0])
    excluded = [workdir] + [argv[i + 1] for i, a in enumerate(argv[:-1]) if a == "--exclude-dir"]
    before, git_before = snapshot(ROOT, excluded), git_status(ROOT)
    rc = 0
    if "--" in argv:
        shutil.rmtree(os.path.join(workdir, "pycache"), ignore_errors=True)
        rc = subprocess.run(argv[argv.index("--") + 1:], env=child_env(workdir)).returncode
        problems = []
    else:
        shutil.rmtree(workdir, ignore_errors=True)
        os.makedirs(workdir)
        problems = concurrent(workdir, argv[argv.index("--concurrent") + 1:])
    written = bytecode_written(workdir)
    if written:
        problems.append("bytecode caches of the source tree's modules written (they would go into the "
                        "source tree):\n  " + "\n  ".join(written[:20]))
    after, git_after = snapshot(ROOT, excluded), git_status(ROOT)
    changes = tree_changes(before, after)
    if changes:
        problems.append("the source tree changed:\n  " + "\n  ".join(changes[:40]))
    if git_before != git_after:
        problems.append("git status changed:\n--- before\n%s--- after\n%s" % (git_before, git_after))
    for m in problems:
        print("validate_concurrent: " + m, file=sys.stderr)
    if problems:
        return 1
    print("source tree unchanged (%d files and folders)" % len(after))
    return rc


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
