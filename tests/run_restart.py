#!/usr/bin/env python3
"""Restart tests of nsbeam (tests/reliable.cmake).

usage: python3 run_restart.py NSBEAM DECK SCRATCH FREQUENCY ROWS
       python3 run_restart.py NSBEAM DECK SCRATCH FREQUENCY ROWS --signal TERM|INT
       python3 run_restart.py NSBEAM DECK SCRATCH FREQUENCY --refuse OTHER_DECK
       python3 run_restart.py NSBEAM DECK SCRATCH --no-restart ROWS
       python3 run_restart.py NSBEAM DECK SCRATCH --checkpoint-at FREQUENCY...

The deck run is SCRATCH/deck.inp: "*RESTART, WRITE, FREQUENCY=<FREQUENCY>"
followed by an *INCLUDE of DECK, so that any deck can be tested.

Identity (first form): run the deck to its end in SCRATCH/full; run it
again in SCRATCH/cut and kill it (SIGKILL: no handler runs) once a
checkpoint exists and history.csv has at least ROWS rows, so that output
written after the checkpoint is left behind; then `nsbeam run --restart
SCRATCH/cut/restart.nsr -o SCRATCH/cut`.  Every output file of the two
directories (history.csv, contacts.csv, modes.csv, every .pvd and .vtu;
not the checkpoint itself, whose statistics hold wall times) must be
identical byte for byte.

Stop by a signal (second form): as the first, but the run is stopped with
SIGTERM (SIGINT) once history.csv has ROWS rows, with FREQUENCY chosen so
large that no periodic checkpoint is written before: it must exit with
status 143 (130), write a checkpoint of its last increment and say so
("checkpoint DIR/restart.nsr holds increment N; continue with: nsbeam run
... --restart DIR/restart.nsr"), and the run continued from that checkpoint
must leave every file identical to the uninterrupted run's.

Refusal (third form): with the checkpoint of a run of the deck, the restart
is refused with exit status 1 and a message naming the cause when the file
is corrupt (one byte changed), truncated, not a restart file, or written for
another deck (OTHER_DECK run with it).

Without *RESTART (fourth form): the deck as it is, stopped with SIGTERM
after ROWS history rows, exits with 143, writes no checkpoint and says that
the deck has no *RESTART and what adding it would allow.

A checkpoint at an increment the uninterrupted run did not write (fifth
form): what a stop by a signal does, without its timing.  The reference is
the deck run with a FREQUENCY beyond its increments (no checkpoint written);
for every FREQUENCY given, the deck with that FREQUENCY (which must exceed
half the run's increments, so that only one checkpoint is written) is run to
its end and continued from its checkpoint in the same directory, and every
output file must be identical to the reference's.
"""
import os
import re
import shutil
import signal
import subprocess
import sys
import time


def make_deck(scratch, deck, freq):
    os.makedirs(scratch, exist_ok=True)
    path = os.path.join(scratch, os.path.basename(deck).replace(".inp", "") + "_restart.inp")
    with open(path, "w") as f:
        f.write(f"*RESTART, WRITE, FREQUENCY={freq}\n*INCLUDE, INPUT={os.path.abspath(deck)}\n")
    return path


def rows(path):
    try:
        with open(path, "rb") as f:
            return f.read().count(b"\n") - 1
    except FileNotFoundError:
        return -1


def run(nsbeam, deck, out, *extra):
    return subprocess.run([nsbeam, "run", deck, "-o", out, "--quiet", *extra], capture_output=True, text=True,
                          timeout=600)


def stop_by_signal(nsbeam, deck, out, want_rows, signame, ckpt):
    """Run the deck into out and stop it with SIG<signame> after want_rows
    history rows (KILL: once the checkpoint exists too).  Returns a list of
    problems."""
    sig = getattr(signal, "SIG" + signame)
    proc = subprocess.Popen([nsbeam, "run", deck, "-o", out, "--quiet"], stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE, text=True)
    while not ((signame != "KILL" or os.path.exists(ckpt)) and rows(os.path.join(out, "history.csv")) >= want_rows):
        if proc.poll() is not None:
            proc.communicate()
            return ["the run ended before it could be stopped: lower ROWS"]
        time.sleep(0.002)
    proc.send_signal(sig)
    _, err = proc.communicate()
    if signame == "KILL":
        return []
    problems = []
    if proc.returncode != 128 + sig:
        problems.append(f"exit status {proc.returncode} after SIG{signame}, expected {128 + sig}: {err.strip()}")
    m = re.search(r"checkpoint (\S+) holds increment (\d+); continue with: nsbeam run (\S+) -o (\S+) --restart (\S+)",
                  err)
    if not m:
        problems.append(f"the stop message does not name the checkpoint and how to continue: {err.strip()}")
    elif m.group(1) != ckpt or m.group(5) != ckpt or m.group(4) != out or m.group(3) != deck:
        problems.append(f"the stop message names other files than {deck}, {out}, {ckpt}: {m.group(0)}")
    elif not os.path.exists(ckpt):
        problems.append(f"no checkpoint {ckpt} after SIG{signame}")
    else:
        with open(os.path.join(out, "history.csv")) as f:
            last = f.read().splitlines()[-1].split(",")
        if int(last[2]) > int(m.group(2)):
            problems.append(f"the checkpoint holds increment {m.group(2)}, older than the last history row's {last[2]}")
        print(f"SIG{signame}: {m.group(0)} (last history row: increment {last[2]})")
    return problems


def identity(nsbeam, deck, scratch, want_rows, signame="KILL", reference=None):
    """reference: the directory of an uninterrupted run already made (the
    fifth form; then the cut run is not stopped but runs to its end)."""
    full, cut = reference or os.path.join(scratch, "full"), os.path.join(scratch, "cut")
    for d in (cut,) if reference else (full, cut):
        shutil.rmtree(d, ignore_errors=True)
    p = run(nsbeam, deck, full if not reference else cut)
    if p.returncode != 0:
        return [f"the {'checkpointing' if reference else 'uninterrupted'} run failed ({p.returncode}): {p.stderr.strip()}"]
    ckpt = os.path.join(cut, "restart.nsr")
    problems = [] if reference else stop_by_signal(nsbeam, deck, cut, want_rows, signame, ckpt)
    if reference and not os.path.exists(ckpt):
        problems.append(f"no checkpoint {ckpt}: the run ended before increment FREQUENCY")
    if problems:
        return problems
    killed_rows = rows(os.path.join(cut, "history.csv"))
    p = run(nsbeam, deck, cut, "--restart", ckpt)
    if p.returncode != 0:
        return [f"the restarted run failed ({p.returncode}): {p.stderr.strip()}"]
    names = sorted(f for f in os.listdir(full) if f != "restart.nsr" and not f.endswith(".tmp"))
    got = sorted(f for f in os.listdir(cut) if f != "restart.nsr" and not f.endswith(".tmp"))
    if names != got:
        problems.append(f"different files: {sorted(set(names) ^ set(got))}")
    same = 0
    for f in names:
        a, b = os.path.join(full, f), os.path.join(cut, f)
        if not os.path.exists(b):
            continue
        with open(a, "rb") as fa, open(b, "rb") as fb:
            if fa.read() != fb.read():
                problems.append(f"{f} differs")
            else:
                same += 1
    print(f"{'ran to its end' if reference else f'stopped (SIG{signame})'} with {killed_rows} history rows; after the restart {same} of {len(names)} files identical "
          f"({rows(os.path.join(cut, 'history.csv'))} history rows)")
    return problems


def refuse(nsbeam, deck, scratch, other):
    out = os.path.join(scratch, "refuse")
    shutil.rmtree(out, ignore_errors=True)
    p = run(nsbeam, deck, out)
    if p.returncode != 0:
        return [f"the run failed ({p.returncode}): {p.stderr.strip()}"]
    good = os.path.join(out, "restart.nsr")
    with open(good, "rb") as f:
        data = f.read()
    cases = {}
    flipped = bytearray(data)
    flipped[len(data) // 2] ^= 0x10
    cases["corrupt"] = (bytes(flipped), deck, "checksum mismatch")
    cases["truncated"] = (data[: len(data) - 100], deck, "truncated restart file")
    cases["not_restart"] = (b"time,step\n0,0\n" * 10, deck, "not an nsbeam restart file")
    cases["other_deck"] = (data, other, "written for another model")
    problems = []
    for name, (content, d, msg) in cases.items():
        path = os.path.join(scratch, f"{name}.nsr")
        with open(path, "wb") as f:
            f.write(content)
        work = os.path.join(scratch, "refuse_" + name)
        shutil.rmtree(work, ignore_errors=True)
        shutil.copytree(out, work)
        p = run(nsbeam, d, work, "--restart", path)
        print(f"{name}: exit status {p.returncode}: {p.stderr.strip()}")
        if p.returncode != 1 or msg not in p.stderr or path not in p.stderr:
            problems.append(f"{name}: expected exit status 1 and '{msg}' naming {path}")
    return problems


def no_restart(nsbeam, deck, scratch, want_rows):
    out = os.path.join(scratch, "no_restart")
    shutil.rmtree(out, ignore_errors=True)
    proc = subprocess.Popen([nsbeam, "run", deck, "-o", out, "--quiet"], stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE, text=True)
    while rows(os.path.join(out, "history.csv")) < want_rows:
        if proc.poll() is not None:
            proc.communicate()
            return ["the run ended before it could be stopped: lower ROWS"]
        time.sleep(0.002)
    proc.send_signal(signal.SIGTERM)
    _, err = proc.communicate()
    print(err.strip())
    problems = []
    if proc.returncode != 128 + signal.SIGTERM:
        problems.append(f"exit status {proc.returncode} after SIGTERM")
    if "the deck has no *RESTART; with *RESTART, WRITE, FREQUENCY=n in it a stopped run writes a checkpoint" not in err:
        problems.append("the stop message does not say that *RESTART would allow continuing")
    if os.path.exists(os.path.join(out, "restart.nsr")):
        problems.append("a checkpoint was written without *RESTART")
    return problems


def main():
    if len(sys.argv) == 8 and sys.argv[6] == "--signal" and sys.argv[7] in ("TERM", "INT"):
        nsbeam, deck, scratch, freq, want = sys.argv[1:6]
        problems = identity(nsbeam, make_deck(scratch, deck, freq), scratch, int(want), sys.argv[7])
    elif len(sys.argv) >= 6 and sys.argv[4] == "--checkpoint-at":
        nsbeam, deck, scratch = sys.argv[1:4]
        problems = []
        ref = os.path.join(scratch, "full")
        shutil.rmtree(ref, ignore_errors=True)
        p = run(nsbeam, make_deck(scratch, deck, 1000000), ref)
        if p.returncode != 0:
            problems.append(f"the uninterrupted run without checkpoints failed ({p.returncode}): {p.stderr.strip()}")
        for freq in sys.argv[5:] if not problems else []:
            print(f"FREQUENCY={freq}: ", end="")
            sub = os.path.join(scratch, f"at_{freq}")
            problems += [f"FREQUENCY={freq}: {q}" for q in identity(nsbeam, make_deck(sub, deck, freq), sub, 0,
                                                                      reference=ref)]
    elif len(sys.argv) == 6 and sys.argv[4] == "--no-restart":
        nsbeam, deck, scratch, _, want = sys.argv[1:]
        problems = no_restart(nsbeam, deck, scratch, int(want))
    elif len(sys.argv) == 7 and sys.argv[5] == "--refuse":
        nsbeam, deck, scratch, freq, _, other = sys.argv[1:]
        problems = refuse(nsbeam, make_deck(scratch, deck, freq), scratch, other)
    elif len(sys.argv) == 6:
        nsbeam, deck, scratch, freq, want = sys.argv[1:]
        problems = identity(nsbeam, make_deck(scratch, deck, freq), scratch, int(want))
    else:
        sys.exit(__doc__)
    for p in problems:
        print("run_restart:", p)
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
