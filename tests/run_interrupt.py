#!/usr/bin/env python3
"""Interrupt a running nsbeam and check what it leaves (tests/reliable.cmake).

usage: python3 run_interrupt.py NSBEAM DECK OUTDIR SIGNAL [ROUNDS]

SIGNAL is TERM, INT or KILL.  Each round starts `nsbeam run DECK -o OUTDIR
--quiet` in an empty OUTDIR, waits until history.csv (even rounds) or
contacts.csv (odd rounds: the ball has hit the strip) holds some rows, a
different number each round so that the signal falls at different points of
the output cycle, sends the signal and waits for the program to end.
  TERM / INT: exit status 143 / 130, and stderr says
      "interrupted at t = T (step k, increment n) by SIGTERM; output up to
      t = T_out is complete", with T_out the time of the last history row;
  KILL: the program dies (no handler can run).
Then every output file must be complete and readable (check_output.py).
ROUNDS (default 1) repeats this.  Exit status 0 when every round holds.
"""
import os
import re
import shutil
import signal
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import check_output  # noqa: E402


def history_rows(path):
    try:
        with open(path, "rb") as f:
            return f.read().count(b"\n") - 1
    except FileNotFoundError:
        return -1


def last_history_time(path):
    with open(path) as f:
        rows = f.read().splitlines()
    return float(rows[-1].split(",")[0])


def one_round(nsbeam, deck, outdir, signame, wait_file, wait_rows):
    shutil.rmtree(outdir, ignore_errors=True)
    hist = os.path.join(outdir, "history.csv")
    watched = os.path.join(outdir, wait_file)
    p = subprocess.Popen([nsbeam, "run", deck, "-o", outdir, "--quiet"], stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, text=True)
    t0 = time.monotonic()
    while history_rows(watched) < wait_rows:
        if p.poll() is not None:
            out, err = p.communicate()
            return [f"nsbeam ended (status {p.returncode}) before it was interrupted: {err.strip()}"]
        if time.monotonic() - t0 > 120:
            p.kill()
            p.communicate()
            return [f"{wait_file} did not reach {wait_rows} rows in 120 s"]
        time.sleep(0.01)
    sig = getattr(signal, "SIG" + signame)
    p.send_signal(sig)
    try:
        out, err = p.communicate(timeout=120)
    except subprocess.TimeoutExpired:
        p.kill()
        p.communicate()
        return [f"nsbeam did not end within 120 s of SIG{signame}"]
    problems = []
    rc = p.returncode
    if signame == "KILL":
        if rc != -signal.SIGKILL:
            problems.append(f"exit status {rc} after SIGKILL")
    else:
        if rc != 128 + sig:
            problems.append(f"exit status {rc}, expected {128 + sig} after SIG{signame}; stderr: {err.strip()}")
        m = re.search(r"interrupted at t = (\S+) \(step (\d+), increment (\d+)\) by SIG" + signame +
                      r"; output up to t = (\S+) is complete", err)
        if not m:
            problems.append(f"stderr does not report the interruption: {err.strip()}")
        elif abs(float(m.group(4)) - last_history_time(hist)) > 1e-9 * max(1.0, abs(float(m.group(4)))):
            problems.append(f"reported output up to t = {m.group(4)}, history.csv ends at {last_history_time(hist)}")
    found, counts = check_output.check(outdir)
    problems += found
    print(f"SIG{signame} after {wait_rows} rows of {wait_file}: exit status {rc}; " + ", ".join(f"{k} {v}" for k, v in counts.items()))
    return problems


def main():
    if len(sys.argv) not in (5, 6):
        sys.exit(__doc__)
    nsbeam, deck, outdir, signame = sys.argv[1:5]
    rounds = int(sys.argv[5]) if len(sys.argv) == 6 else 1
    if signame not in ("TERM", "INT", "KILL"):
        sys.exit(f"unknown signal {signame}")
    failed = False
    for r in range(rounds):
        wait = ("history.csv", 20 + 37 * r) if r % 2 == 0 else ("contacts.csv", 3 + 7 * r)
        for p in one_round(nsbeam, deck, outdir, signame, *wait):
            print("run_interrupt:", p)
            failed = True
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
