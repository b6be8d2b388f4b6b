#!/usr/bin/env python3
"""What decides the contact end of the massless end node (README.md, "What decides the
contact end").

  release.py [--jobs N] [--tend T] [--trace K] [--tenths] [--standard] [--end-frac F]
             NE:C:POINTS[:RHOINF] ...

Writes each deck with make_decks.deck (MASS=REDISTRIBUTED, e = 0; RHOINF "d" is the scheme's
default), runs it into build/validate/bar_wall_impact_release/ and prints one line per run:
the last impulsive increment after 2L/c (signed, in increments and in units of the element's
transit time dx/c), the number of contact episodes (re-closures after a release), the mean
and rms deviation of the mean force Lambda/h over [0.8, 0.95] 2L/c (the exact force is
EA v0/c = 100 N), the period of its ringing there in increments (from its zero crossings
about the mean) and the rebound error.  --trace K also prints Lambda/h of the last K
increments before the release and of the release increment; --tenths the mean and rms
deviation of Lambda/h in each tenth of the contact time 2L/c; --standard runs the end node
with its mass (MASS=STANDARD, e = 0) instead; --end-frac F makes the element at the wall F
times as long as the others (C and dx/c are theirs).
"""
import concurrent.futures
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import make_decks  # noqa: E402  (after the path is set)
from validate_lib import run, contact_rows, OUT  # noqa: E402

L, C_WAVE, V0 = make_decks.L, (make_decks.EA / make_decks.RHOA) ** 0.5, make_decks.V0
T_CONTACT = 2.0 * L / C_WAVE
F_EXACT = make_decks.EA * V0 / C_WAVE


def measure(outdir, hist, dx, cr):
    h = cr * dx / C_WAVE
    rows = contact_rows(os.path.join(outdir, "contacts.csv"))
    by_inc = {}
    for r in rows:
        by_inc[int(round(r["time"] / h))] = r["normal_impulse"]
    n_inc = int(round(hist[-1]["time"] / h))
    lam = [by_inc.get(k, 0.0) for k in range(1, n_inc + 1)]  # lam[k-1]: increment ending at k h
    pos = [k + 1 for k, v in enumerate(lam) if v > 0.0]
    last = pos[-1] if pos else 0
    episodes = sum(1 for k in pos if k == 1 or lam[k - 2] <= 0.0)
    k0, k1 = int(round(0.8 * T_CONTACT / h)), int(round(0.95 * T_CONTACT / h))
    win = [v / h for v in lam[k0 - 1:k1]]
    mean = sum(win) / len(win)
    rms = (sum((v - mean) ** 2 for v in win) / len(win)) ** 0.5
    cross = [i for i in range(1, len(win)) if (win[i - 1] - mean) * (win[i] - mean) < 0.0]
    period = 2.0 * (cross[-1] - cross[0]) / (len(cross) - 1) if len(cross) > 1 else float("nan")
    E0 = hist[0]["total_energy"]
    mass = hist[0]["linear_momentum_x"] / V0
    reb = hist[-1]["linear_momentum_x"] / mass / V0
    k2 = int(round(T_CONTACT / h))
    tenths = []
    for j in range(10):
        w = [v / h for v in lam[int(round(0.1 * j * k2)):int(round(0.1 * (j + 1) * k2))]]
        m = sum(w) / len(w)
        tenths.append((m, (sum((v - m) ** 2 for v in w) / len(w)) ** 0.5))
    return {"tenths": tenths, "late": last - k2, "late_dx": (last * h - T_CONTACT) * C_WAVE / dx, "episodes": episodes,
            "mean": mean, "rms": rms, "period": period, "rebound_err": abs(reb + 1.0),
            "energy_err": max(abs(r["total_energy"] / E0 - 1.0) for r in hist),
            "trace": [(k - k2, lam[k - 1] / h) for k in range(1, n_inc + 1)], "last": last}


def one(spec, t_end, standard, end_frac):
    parts = spec.split(":")
    ne, cr, points = int(parts[0]), float(parts[1]), int(parts[2])
    rho = 1.0 if len(parts) < 4 else None if parts[3] == "d" else float(parts[3])
    name = "n%d_c%g_p%d_r%s%s" % (ne, cr, points, "d" if rho is None else "%g" % rho, "_std" if standard else "")
    if end_frac is not None:
        name += "_end%g" % end_frac
    outdir = os.path.join(OUT, "bar_wall_impact_release", name)
    os.makedirs(outdir, exist_ok=True)
    deck = os.path.join(outdir, name + ".inp")
    with open(deck, "w") as fh:
        fh.write(make_decks.deck(ne, cr, 0.0, not standard, points=points, rhoinf=rho, t_end=t_end,
                                 end_frac=end_frac))
    ok, hist, wall, err = run(deck, outdir)
    if not ok:
        return name, None, wall, err.strip()
    dx = L / ne if end_frac is None else L / (ne - 1 + end_frac)
    return name, measure(outdir, hist, dx, cr), wall, ""


def main(argv):
    jobs, t_end, trace, tenths, standard, end_frac, specs = 2, 2.05 * L / C_WAVE, 0, False, False, None, []
    i = 0
    while i < len(argv):
        if argv[i] == "--jobs":
            jobs, i = int(argv[i + 1]), i + 2
        elif argv[i] == "--tend":
            t_end, i = float(argv[i + 1]), i + 2
        elif argv[i] == "--trace":
            trace, i = int(argv[i + 1]), i + 2
        elif argv[i] == "--tenths":
            tenths, i = True, i + 1
        elif argv[i] == "--standard":
            standard, i = True, i + 1
        elif argv[i] == "--end-frac":
            end_frac, i = float(argv[i + 1]), i + 2
        else:
            specs.append(argv[i])
            i += 1
    print("%-20s %5s %7s %4s %8s %7s %7s %10s %8s" % (
        "run", "late", "late/dx", "epi", "mean_F", "rms_F", "period", "reb_err", "wall_s"))
    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as ex:
        for name, m, wall, err in ex.map(lambda s: one(s, t_end, standard, end_frac), specs):
            if m is None:
                print("%-20s failed: %s" % (name, err))
                continue
            print("%-20s %5d %7.3f %4d %8.2f %7.2f %7.2f %10.3e %8.1f" % (
                name, m["late"], m["late_dx"], m["episodes"], m["mean"], m["rms"], m["period"],
                m["rebound_err"], wall), flush=True)
            if trace:
                sel = [x for x in m["trace"] if m["late"] - trace <= x[0] <= m["late"] + 1]
                print("   " + " ".join("%d:%.1f" % x for x in sel), flush=True)
            if tenths:
                print("   tenths (mean/rms): " + " ".join("%.0f/%.0f" % x for x in m["tenths"]), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
