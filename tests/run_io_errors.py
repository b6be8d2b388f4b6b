#!/usr/bin/env python3
"""Output errors of `nsbeam run` (tests/reliable.cmake).

usage: python3 run_io_errors.py NSBEAM DECK SCRATCH CASE

DECK must write history, contacts and VTK output every few increments.  Each
CASE runs nsbeam against an output that cannot be written and requires exit
status 1, one message on stderr that names the file and the operating
system's error, and (where output had been written before the error) every
file left complete and readable (check_output.py):
  outdir_is_file   -o names an existing regular file
  outdir_below_file -o names a directory below a regular file
  unwritable_dir   -o names a directory that cannot be created (a folder
                   without write permission; as root, which may write
                   anywhere, a new directory in /sys, which refuses mkdir)
  full_history     history.csv is /dev/full (a symbolic link to it)
  full_contacts    contacts.csv is /dev/full
  full_vtu         the 4th bodies .vtu goes to /dev/full: the run fails
                   there, after 3 frames and many history rows
  full_surface     the 3rd swept-surface .vtu goes to /dev/full: the beam
                   collections must both list the 2 frames before it
"""
import os
import re
import shutil
import stat
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import check_output  # noqa: E402


def run(nsbeam, deck, outdir):
    p = subprocess.run([nsbeam, "run", deck, "-o", outdir, "--quiet"], capture_output=True, text=True, timeout=300)
    return p.returncode, p.stderr


def expect_error(rc, err, path_regex, os_error):
    problems = []
    if rc != 1:
        problems.append(f"exit status {rc}, expected 1")
    lines = err.strip().splitlines()
    if len(lines) != 1:
        problems.append(f"{len(lines)} lines on stderr, expected 1")
    if not re.search(path_regex + r".*" + re.escape(os_error), err):
        problems.append(f"stderr does not name /{path_regex}/ and '{os_error}'")
    return problems


def main():
    if len(sys.argv) != 5:
        sys.exit(__doc__)
    nsbeam, deck, scratch, case = sys.argv[1:5]
    d = os.path.join(scratch, case)
    shutil.rmtree(d, ignore_errors=True)
    os.makedirs(d)
    out = os.path.join(d, "out")
    check_dir = None
    frames = None
    if case == "outdir_is_file":
        open(out, "w").close()
        rc, err = run(nsbeam, deck, out)
        problems = expect_error(rc, err, re.escape(out), "Not a directory")
    elif case == "outdir_below_file":
        open(out, "w").close()
        rc, err = run(nsbeam, deck, out + "/sub")
        problems = expect_error(rc, err, re.escape(out), "Not a directory")
    elif case == "unwritable_dir":
        if os.geteuid() == 0:
            target, os_error = "/sys/nsbeam_unwritable_output", "Operation not permitted"
        else:
            locked = os.path.join(d, "locked")
            os.makedirs(locked)
            os.chmod(locked, stat.S_IRUSR | stat.S_IXUSR)
            target, os_error = os.path.join(locked, "out"), "Permission denied"
        rc, err = run(nsbeam, deck, target)
        problems = expect_error(rc, err, re.escape(target), os_error)
    elif case in ("full_history", "full_contacts"):
        name = "history.csv" if case == "full_history" else "contacts.csv"
        os.makedirs(out)
        os.symlink("/dev/full", os.path.join(out, name))
        rc, err = run(nsbeam, deck, out)
        problems = expect_error(rc, err, re.escape(os.path.join(out, name)), "No space left on device")
    elif case == "full_vtu":
        os.makedirs(out)
        os.symlink("/dev/full", os.path.join(out, "bodies_000003.vtu.tmp"))
        rc, err = run(nsbeam, deck, out)
        problems = expect_error(rc, err, re.escape(os.path.join(out, "bodies_000003.vtu")), "No space left on device")
        check_dir, frames = out, {"bodies.pvd": 3}
    elif case == "full_surface":
        os.makedirs(out)
        os.symlink("/dev/full", os.path.join(out, "beams_surface_000002.vtu.tmp"))
        rc, err = run(nsbeam, deck, out)
        problems = expect_error(rc, err, re.escape(os.path.join(out, "beams_surface_000002.vtu")),
                                "No space left on device")
        check_dir, frames = out, {"bodies.pvd": 3, "beams.pvd": 2, "beams_surface.pvd": 2}
    else:
        sys.exit(f"unknown case {case}")
    print(f"{case}: exit status {rc}; stderr: {err.strip()}")
    if check_dir:
        found, counts = check_output.check(check_dir)
        problems += found
        print(f"{case}: " + ", ".join(f"{k} {v}" for k, v in counts.items()))
        for name, n in frames.items():
            if counts.get(name) != n:
                problems.append(f"{name} lists {counts.get(name)} frames, expected {n}")
        if counts.get("history.csv", 0) < 10:
            problems.append("history.csv holds fewer than 10 rows before the error")
    for p in problems:
        print(f"run_io_errors {case}:", p)
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
