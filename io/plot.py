#!/usr/bin/env python3
"""nsbeam plot OUTDIR [COLUMN ...] [--svg] [-o FOLDER]

Draws the histories of an nsbeam run (OUTDIR/history.csv, OUTDIR/contacts.csv)
with matplotlib, one image per group:

    energy.png    kinetic, potential and total energy, the external work, the
                  work of driven supports (support_work, when the history has
                  it), the dissipated energy, and the balance error
                  E_total(t) - W_ext(t) - W_s(t) + D(t) - E_total(0) (zero for
                  an exact scheme; its size is the energy error of the run)
    momentum.png  linear and angular momentum components
    probes.png    every probe column (NAME.quantity), one panel per probe
    newton.png    Newton iterations per output row (and the load factor of
                  arc-length steps)
    contacts.png  normal force or impulse and gap of each contact pair over time
                  (when contacts.csv has rows)

With COLUMN names only those columns are drawn, into columns.png.  Images go to
OUTDIR/plots (or -o FOLDER); --svg writes SVG instead of PNG.  The exit status
is 1 with a message naming the file when a history is missing or unreadable, 2
for a bad command line.
"""
import csv
import math
import os
import sys


def fail(msg, code=1):
    print("nsbeam plot: " + msg, file=sys.stderr)
    sys.exit(code)


def read_csv(path):
    """Columns of a CSV file as {name: [float]} in file order; rows that are
    not complete (a run killed while writing) are left out."""
    try:
        with open(path, newline="") as fh:
            rd = csv.reader(fh)
            try:
                head = next(rd)
            except StopIteration:
                return [], {}
            cols = {h: [] for h in head}
            for row in rd:
                if len(row) != len(head):
                    continue
                for h, v in zip(head, row):
                    try:
                        cols[h].append(float(v))
                    except ValueError:
                        cols[h].append(v)
            return head, cols
    except OSError as e:
        fail("%s: %s" % (path, e.strerror))


def numeric(values):
    return values and all(isinstance(v, float) for v in values)


class Plotter:
    def __init__(self, outdir, folder, ext):
        try:
            import matplotlib
        except ImportError:
            fail("needs matplotlib (Debian: apt-get install python3-matplotlib)")
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt

        self.plt = plt
        self.folder = folder
        self.ext = ext
        self.written = []
        self.title = os.path.basename(os.path.normpath(outdir))

    def save(self, fig, name):
        os.makedirs(self.folder, exist_ok=True)
        path = os.path.join(self.folder, name + "." + self.ext)
        fig.tight_layout()
        try:
            fig.savefig(path, dpi=110)
        except OSError as e:
            fail("%s: %s" % (path, e.strerror))
        self.plt.close(fig)
        self.written.append(path)

    def lines(self, ax, t, cols, names, ylabel):
        for n in names:
            ax.plot(t, cols[n], label=n, linewidth=1.2)
        ax.set_xlabel("time")
        ax.set_ylabel(ylabel)
        ax.grid(True, alpha=0.3)
        if names:
            ax.legend(fontsize="small")


def plot_energy(p, t, cols):
    have = [n for n in ("kinetic_energy", "potential_energy", "total_energy", "external_work", "support_work",
                        "dissipated") if n in cols and numeric(cols[n])]
    if "total_energy" not in have:
        return
    fig, (a, b) = p.plt.subplots(2, 1, figsize=(8, 7), sharex=True)
    p.lines(a, t, cols, have, "energy")
    a.set_title("%s: energies" % p.title)
    e0 = cols["total_energy"][0]
    w = cols.get("external_work") or [0.0] * len(t)
    d = cols.get("dissipated") or [0.0] * len(t)
    ws = cols.get("support_work") or [0.0] * len(t)
    bal = [e - wi - si + di - e0 for e, wi, si, di in zip(cols["total_energy"], w, ws, d)]
    b.plot(t, bal, color="black", linewidth=1.2)
    b.set_xlabel("time")
    b.set_ylabel("E - W_ext - W_s + D - E(0)")
    scale = max(abs(v) for v in cols["total_energy"] + w + ws + d) or 1.0
    b.set_title("energy balance error (max %.3g, %.3g of the largest energy)" %
                (max(abs(v) for v in bal), max(abs(v) for v in bal) / scale))
    b.grid(True, alpha=0.3)
    p.save(fig, "energy")


def plot_momentum(p, t, cols):
    lin = [n for n in cols if n.startswith("linear_momentum_") and numeric(cols[n])]
    ang = [n for n in cols if n.startswith("angular_momentum_") and numeric(cols[n])]
    if not lin and not ang:
        return
    fig, (a, b) = p.plt.subplots(2, 1, figsize=(8, 7), sharex=True)
    p.lines(a, t, cols, lin, "linear momentum")
    a.set_title("%s: momenta" % p.title)
    p.lines(b, t, cols, ang, "angular momentum")
    p.save(fig, "momentum")


def plot_probes(p, t, cols):
    probes = {}
    for n in cols:
        if "." in n and numeric(cols[n]):
            probes.setdefault(n.split(".", 1)[0], []).append(n)
    if not probes:
        return
    k = len(probes)
    fig, axes = p.plt.subplots(k, 1, figsize=(8, 2.6 * k + 1), sharex=True, squeeze=False)
    for ax, (name, names) in zip(axes[:, 0], sorted(probes.items())):
        p.lines(ax, t, cols, names, name)
    axes[0, 0].set_title("%s: probes" % p.title)
    p.save(fig, "probes")


def plot_newton(p, t, cols):
    if "newton_iterations" not in cols or not numeric(cols["newton_iterations"]):
        return
    lf = "load_factor" in cols and numeric(cols["load_factor"]) and any(v != 1.0 for v in cols["load_factor"])
    fig, axes = p.plt.subplots(2 if lf else 1, 1, figsize=(8, 6 if lf else 3.5), sharex=True, squeeze=False)
    axes[0, 0].step(t, cols["newton_iterations"], where="post", color="tab:blue")
    axes[0, 0].set_ylabel("Newton iterations")
    axes[0, 0].set_title("%s: solver" % p.title)
    axes[0, 0].grid(True, alpha=0.3)
    if lf:
        axes[1, 0].plot(t, cols["load_factor"], color="tab:red")
        axes[1, 0].set_ylabel("load factor")
        axes[1, 0].grid(True, alpha=0.3)
    axes[-1, 0].set_xlabel("time")
    p.save(fig, "newton")


def plot_contacts(p, path):
    if not os.path.exists(path):
        return
    head, cols = read_csv(path)
    if not head or not cols.get("time"):
        return
    force = "normal_force" if "normal_force" in cols else "normal_impulse"
    pairs = sorted(set(cols["pair"]))
    fig, (a, b) = p.plt.subplots(2, 1, figsize=(8, 7), sharex=True)
    for pr in pairs:
        idx = [i for i, v in enumerate(cols["pair"]) if v == pr]
        tt = [cols["time"][i] for i in idx]
        label = "pair %d" % pr if isinstance(pr, float) else "pair %s" % pr
        a.plot(tt, [cols[force][i] for i in idx], ".", markersize=3, label=label)
        b.plot(tt, [cols["gap"][i] for i in idx], ".", markersize=3, label=label)
    a.set_ylabel(force.replace("_", " "))
    a.set_title("%s: contacts (%d rows)" % (p.title, len(cols["time"])))
    b.set_ylabel("gap")
    b.set_xlabel("time")
    for ax in (a, b):
        ax.grid(True, alpha=0.3)
        ax.legend(fontsize="small")
    p.save(fig, "contacts")


def main(argv):
    args = argv[1:]
    if not args or args[0] in ("-h", "--help"):
        print(__doc__.strip())
        return 0 if args else 2
    ext = "png"
    folder = None
    rest = []
    i = 0
    while i < len(args):
        a = args[i]
        if a == "--svg":
            ext = "svg"
        elif a == "-o":
            if i + 1 >= len(args):
                fail("-o needs a folder", 2)
            folder = args[i + 1]
            i += 1
        elif a.startswith("-"):
            fail("unknown option '%s'" % a, 2)
        else:
            rest.append(a)
        i += 1
    if not rest:
        fail("needs an output folder of a run", 2)
    outdir, wanted = rest[0], rest[1:]
    hist = os.path.join(outdir, "history.csv")
    if not os.path.isfile(hist):
        fail("%s: no history (is %s the output folder of a run?)" % (hist, outdir))
    head, cols = read_csv(hist)
    if "time" not in cols or not cols["time"]:
        fail("%s: no complete row with a time column" % hist)
    t = cols["time"]
    p = Plotter(outdir, folder or os.path.join(outdir, "plots"), ext)
    if wanted:
        bad = [w for w in wanted if w not in cols]
        if bad:
            fail("%s: no column %s (columns: %s)" % (hist, ", ".join(bad), ", ".join(head)))
        fig, ax = p.plt.subplots(1, 1, figsize=(8, 4.5))
        p.lines(ax, t, cols, wanted, "")
        ax.set_title(p.title)
        p.save(fig, "columns")
    else:
        plot_energy(p, t, cols)
        plot_momentum(p, t, cols)
        plot_probes(p, t, cols)
        plot_newton(p, t, cols)
        plot_contacts(p, os.path.join(outdir, "contacts.csv"))
    for w in p.written:
        print(w)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
