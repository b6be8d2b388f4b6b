#!/usr/bin/env python3
"""Convergence study of the massless end node (README.md, "Where the targets are met").

  study.py [--jobs N] [--tend T] [--hold] NE:C:POINTS[:RHOINF] ...

Writes each deck with make_decks.deck (MASS=REDISTRIBUTED, e = 0; RHOINF "d" is the
scheme's default, --hold releases the end at exactly 2L/c), runs it into
build/validate/bar_wall_impact_study/ and prints one line per run: rebound error
|v_r/v0 + 1|, max |E/E0 - 1|, vibration energy after separation E_vib/E0 = E/E0 -
(v_r/v0)^2, twice the mean strain energy after separation (the equipartition estimate
of E_vib), sqrt(1 - E_vib/E0) - |v_r/v0|, the contact end in increments after 2L/c, the
smallest impulse before 2L/c and the wall time.
"""
import concurrent.futures
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import make_decks  # noqa: E402  (after the path is set)
from validate_lib import run, contact_rows, OUT  # noqa: E402

L, C_WAVE, V0 = make_decks.L, (make_decks.EA / make_decks.RHOA) ** 0.5, make_decks.V0
T_CONTACT = 2.0 * L / C_WAVE


def measure(outdir, hist, ne, cr):
    """The quantities of one run (README: targets)."""
    h = cr * (L / ne) / C_WAVE
    c = [r for r in contact_rows(os.path.join(outdir, "contacts.csv")) if r["normal_impulse"] > 0.0]
    cc = [r for r in contact_rows(os.path.join(outdir, "contacts.csv")) if r["time"] <= T_CONTACT + 0.5 * h]
    E0 = hist[0]["total_energy"]
    mass = hist[0]["linear_momentum_x"] / V0
    t_last = c[-1]["time"] if c else float("nan")
    reb = hist[-1]["linear_momentum_x"] / mass / V0
    e_end = hist[-1]["total_energy"] / E0
    after = [r["potential_energy"] for r in hist if r["time"] > t_last + 0.5 * h]
    return {"rebound_err": abs(reb + 1.0),
            "energy_err": max(abs(r["total_energy"] / E0 - 1.0) for r in hist),
            "vib": e_end - reb * reb,
            "vib_pot": 2.0 * sum(after) / len(after) / E0 if after else float("nan"),
            "identity": (max(1.0 - (e_end - reb * reb), 0.0)) ** 0.5 - abs(reb),
            "late": round((t_last - T_CONTACT) / h),
            "min_impulse": min(r["normal_impulse"] for r in cc) if cc else float("nan"),
            "steps": round(3.0 * L / C_WAVE / h)}


def one(spec, t_end, hold):
    parts = spec.split(":")
    ne, cr, points = int(parts[0]), float(parts[1]), int(parts[2])
    rho = 1.0 if len(parts) < 4 else None if parts[3] == "d" else float(parts[3])
    name = "n%d_c%g_p%d_r%s%s" % (ne, cr, points, "d" if rho is None else "%g" % rho, "_hold" if hold else "")
    outdir = os.path.join(OUT, "bar_wall_impact_study", name)
    os.makedirs(outdir, exist_ok=True)
    deck = os.path.join(outdir, name + ".inp")
    with open(deck, "w") as fh:
        fh.write(make_decks.deck(ne, cr, 0.0, True, points=points, rhoinf=rho, hold=hold, t_end=t_end))
    ok, hist, wall, err = run(deck, outdir)
    if not ok:
        return name, None, wall, err.strip()
    return name, measure(outdir, hist, ne, cr), wall, ""


def main(argv):
    jobs, t_end, hold, specs = 2, None, False, []
    i = 0
    while i < len(argv):
        if argv[i] == "--jobs":
            jobs, i = int(argv[i + 1]), i + 2
        elif argv[i] == "--tend":
            t_end, i = float(argv[i + 1]), i + 2
        elif argv[i] == "--hold":
            hold, i = True, i + 1
        else:
            specs.append(argv[i])
            i += 1
    print("%-24s %10s %10s %9s %9s %10s %5s %10s %7s %8s" % (
        "run", "reb_err", "max|dE|", "E_vib", "2<E_pot>", "identity", "late", "min_imp", "steps", "wall_s"))
    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as ex:
        for name, m, wall, err in ex.map(lambda s: one(s, t_end, hold), specs):
            if m is None:
                print("%-24s failed: %s" % (name, err))
                continue
            print("%-24s %10.3e %10.2e %9.3e %9.3e %10.1e %5d %10.3e %7d %8.1f" % (
                name, m["rebound_err"], m["energy_err"], m["vib"], m["vib_pot"], m["identity"], m["late"],
                m["min_impulse"], m["steps"], wall), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
