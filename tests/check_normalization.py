#!/usr/bin/env python3
"""check_normalization.py NSBEAM SOURCE_DIR WORKDIR: *FREQUENCY, NORMALIZATION=DISPLACEMENT
(Abaqus: the largest displacement entry of each mode is 1; docs/deck.md *FREQUENCY).

1. tests/decks/good/frequency_normalization_displacement.inp (a *FREQUENCY step with
   NORMALIZATION=DISPLACEMENT, then *MODAL DYNAMIC) against the same deck with
   NORMALIZATION=MASS: history.csv byte for byte the same (the *MODAL DYNAMIC step takes its own
   mass-normalized modes; the frequency step changes nothing), modes.csv the same in every
   column but generalized_mass, which the MASS run does not have; the *MODAL DYNAMIC rows'
   generalized mass is 1.
2. tests/user abaqus_cae_frequency (Abaqus/CAE's cantilever, 2 m, 40 x 20 mm, 20 B31,
   lumped mass) with normalization=displacement, in m-kg-s, mm-t-s and mm-kg-ms: frequencies
   as with normalization=mass (exactly); the generalized mass of the first bending mode of both
   planes against the Euler-Bernoulli mode scaled to a tip deflection of 1, whose generalized
   mass is rho A L/4 (int_0^L phi^2 = L phi(L)^2/4 for every clamped-free mode), times
   1 + (h^2/12) 2 phi'(L)/(L/4), the trapezoidal rule's error of the lumped masses' sum of
   phi^2 (2.3e-3); the first torsion mode, which has no translation and is scaled by its
   largest rotation, against rho I_p L/2 (phi = sin(pi x/2L)); the mm runs' generalized
   masses equal the SI run's after conversion (mass, and mass x length^2 for the torsion
   mode) to 1e-9.

Tolerances: bending 1e-3 (the lumped mass' eigenvector error, its frequency 1.2e-3 off;
measured 2.6e-4 flat, 2.6e-5 edgewise; modes 2 and 3 are not checked: shear, rotary inertia
and the eigenvector's error grow as (h beta)^2, measured 1.4e-2 and 3.6e-2 above rho A L/4).
The torsion mode 1e-12: a uniform chain of lumped inertias has the sampled sine
sin(pi x_i/2L) as its mode, and the sum of its sin^2 with the free end's half inertia is L/2
exactly (measured 1.6e-15).  Exit 1 with the first failure."""
import csv
import math
import os
import subprocess
import sys

nsbeam, src, work = sys.argv[1], sys.argv[2], sys.argv[3]
os.makedirs(work, exist_ok=True)


def fail(msg):
    sys.exit("check_normalization: " + msg)


def run(text, name):
    deck = os.path.join(work, name + ".inp")
    open(deck, "w").write(text)
    out = os.path.join(work, name)
    r = subprocess.run([nsbeam, "run", deck, "-o", out, "--quiet"], stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    if r.returncode != 0:
        fail("%s: nsbeam exited %d: %s" % (deck, r.returncode, r.stdout.decode()[-2000:]))
    return out


def table(path):
    return list(csv.reader(open(path)))


# 1. the deck as written and with MASS
good = open(os.path.join(src, "tests/decks/good/frequency_normalization_displacement.inp")).read()
if "normalization=displacement" not in good:
    fail("the good deck has no normalization=displacement")
disp = run(good, "disp")
mass = run(good.replace("normalization=displacement", "normalization=mass"), "mass")
if open(os.path.join(disp, "history.csv"), "rb").read() != open(os.path.join(mass, "history.csv"), "rb").read():
    fail("history.csv of the *MODAL DYNAMIC differs between NORMALIZATION=DISPLACEMENT and MASS")
md, mm_ = table(os.path.join(disp, "modes.csv")), table(os.path.join(mass, "modes.csv"))
if md[0] != mm_[0] + ["generalized_mass"] or len(md) != len(mm_):
    fail("modes.csv headers %s, %s" % (md[0], mm_[0]))
for a, b in zip(md[1:], mm_[1:]):
    if a[:-1] != b:
        fail("modes.csv row %s differs from the MASS run's %s" % (a, b))
    if a[0] == "2" and a[-1] != "1":
        fail("*MODAL DYNAMIC row with generalized mass %s" % a[-1])
n_md = sum(1 for a in md[1:] if a[0] == "2")
if n_md < 1:
    fail("no *MODAL DYNAMIC rows in modes.csv")
print("*MODAL DYNAMIC after NORMALIZATION=DISPLACEMENT: history.csv identical to MASS's; modes.csv the same "
      "frequencies")

# 2. Abaqus/CAE's cantilever in three unit systems
L, b, h, n = 2.0, 0.04, 0.02, 20
E, G, rho = 210e9, 210e9 / 2.6, 7850.0
A = b * h
EB = [1.8751040687119611]
units = {"si": (1.0, 1.0), "mm": (1e-3, 1e3), "ms": (1e-3, 1.0)}  # length, mass
gms = {}
for u, (lu, mu) in units.items():
    text = open(os.path.join(src, "tests/user/abaqus_cae_frequency_%s.inp" % u)).read()
    if "normalization=mass" not in text:
        fail("abaqus_cae_frequency_%s.inp: no normalization=mass" % u)
    out_d = run(text.replace("normalization=mass", "normalization=displacement"), "cae_disp_" + u)
    out_m = run(text, "cae_mass_" + u)
    rd = list(csv.DictReader(open(os.path.join(out_d, "modes.csv"))))
    rm = list(csv.DictReader(open(os.path.join(out_m, "modes.csv"))))
    for x, y in zip(rd, rm):
        if x["eigenvalue"] != y["eigenvalue"]:
            fail("%s: mode %s eigenvalue %s, with normalization=mass %s" % (u, x["mode"], x["eigenvalue"],
                                                                              y["eigenvalue"]))
    gms[u] = [float(x["generalized_mass"]) for x in rd]
    if u != "si":
        continue
    om = [float(x["omega"]) for x in rd]
    ref = rho * A * L / 4
    bl = EB[0]
    sg = (math.cosh(bl) + math.cos(bl)) / (math.sinh(bl) + math.sin(bl))
    phi_L = math.cosh(bl) - math.cos(bl) - sg * (math.sinh(bl) - math.sin(bl))
    dphi_L = (math.sinh(bl) + math.sin(bl) - sg * (math.cosh(bl) - math.cos(bl))) * bl / L
    trap = (L / n) ** 2 / 12 * 2 * dphi_L / phi_L / (L / 4)  # the lumped masses' trapezoidal rule
    for plane, I in (("flat", b * h ** 3 / 12), ("edgewise", h * b ** 3 / 12)):
        w = bl ** 2 * math.sqrt(E * I / (rho * A * L ** 4))
        j = min(range(len(om)), key=lambda i: abs(om[i] - w))
        err = gms[u][j] / (ref * (1 + trap)) - 1
        print("%s bending mode 1 (mode %d): generalized mass %.6g, rho A L/4 (1 + %.3g) = %.6g (%.2g, tol 1e-3)" %
              (plane, j + 1, gms[u][j], trap, ref * (1 + trap), err))
        if not abs(err) <= 1e-3:
            fail("%s bending mode 1: generalized mass %.6g, rho A L/4 (1 + %.3g) %.6g" %
                 (plane, gms[u][j], trap, ref * (1 + trap)))
    # the first torsion mode: beta = pi/2L, omega = beta sqrt(G J / (rho I_p))
    Ip = b * h * (b * b + h * h) / 12
    j = min(range(len(om)), key=lambda i: abs(gms[u][i] / (rho * Ip * L / 2) - 1))
    err = gms[u][j] / (rho * Ip * L / 2) - 1
    print("torsion mode (mode %d, %.4g Hz): generalized mass %.6g, rho I_p L/2 = %.6g (%.2g, tol 1e-12)" %
          (j + 1, om[j] / 2 / math.pi, gms[u][j], rho * Ip * L / 2, err))
    if not abs(err) <= 1e-12:
        fail("torsion mode: generalized mass %.6g, rho I_p L/2 %.6g" % (gms[u][j], rho * Ip * L / 2))
    torsion = j
for u, (lu, mu) in units.items():
    worst = 0.0
    for j, (g_si, g_u) in enumerate(zip(gms["si"], gms[u])):
        f = mu * (lu * lu if j == torsion else 1.0)  # the unit's mass (x length^2) in SI
        worst = max(worst, abs(g_u * f - g_si) / g_si)
    print("%s: generalized masses against SI's after conversion: %.2g" % (u, worst))
    if not worst <= 1e-9:
        fail("%s: generalized masses differ from SI's by %.3g after conversion" % (u, worst))
