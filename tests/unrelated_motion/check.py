#!/usr/bin/env python3
"""A contact's result must not depend on unrelated parts of the model (tests/unrelated_motion.cmake).

usage: check.py NSBEAM OUTDIR DECK...

Each deck presses a particle (probe "bar") or a disk (probe "up") with mu N = 0.05 onto a plane turning
at 1.1 rad/s, tied by a spring c_s = 1 to (X0, 0) = (0.1, 0): it must settle on Stamm's (2011) self-centring
equilibrium (6.37)-(6.38) to 1e-9 at t = 60, the tolerance of benchmarks/rotating_disk (the approach decays
like exp(-t/2); the steady state is exact in the scheme).  The decks add a driven rotation, a spherical
joint or a spinning body elsewhere, which the Newton iteration's correction test once took as the motion
scale of the contact's body and so stopped with the set-valued friction unsolved."""
import csv
import math
import os
import subprocess
import sys

MU, N, CS, X0, TOL = 0.05, 1.0, 1.0, 0.1, 1e-9


def main():
    nsbeam, out, decks = sys.argv[1], sys.argv[2], sys.argv[3:]
    qi = X0 * (1.0 - MU ** 2 * N ** 2 / (CS ** 2 * X0 ** 2))
    qj = MU * N / (CS * X0) * math.sqrt(X0 ** 2 - MU ** 2 * N ** 2 / CS ** 2)
    bad = 0
    for deck in decks:
        name = os.path.splitext(os.path.basename(deck))[0]
        od = os.path.join(out, name)
        p = subprocess.run([nsbeam, "run", deck, "-o", od, "--quiet"], capture_output=True, text=True)
        if p.returncode != 0:
            print(f"{name}: nsbeam failed ({p.returncode}): {p.stderr.strip()}")
            bad += 1
            continue
        with open(os.path.join(od, "history.csv")) as f:
            r = list(csv.DictReader(f))[-1]
        probe = "bar" if "bar.x" in r else "up"
        t, x, y = float(r["time"]), float(r[probe + ".x"]), float(r[probe + ".y"])
        ok = abs(t - 60.0) < 1e-9 and abs(x - qi) <= TOL and abs(y - qj) <= TOL
        print(f"{name}: t = {t:g}, q - (6.37)-(6.38) = ({x - qi:.3e}, {y - qj:.3e}) {'ok' if ok else 'FAIL'}")
        bad += not ok
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
