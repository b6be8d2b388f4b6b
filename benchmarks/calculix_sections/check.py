"""Checks of benchmarks/calculix_sections (reference and tolerances: README.md here)."""
import os
import re
import shutil
import subprocess

from validate_lib import row, run, HERE, OUT

CASE = "calculix_sections"
E, NU, L, P = 210e9, 0.3, 2.0, 100.0
G = E / (2.0 * (1.0 + NU))


def box_props(a, b, t1, t2, t3, t4):
    """(I2, I3, As2, As3) of the symmetric Abaqus BOX (t1 = t3, t2 = t4), local 1 = G2, local 2 = G3."""
    ai, bi = a - t1 - t3, b - t2 - t4
    return ((a * b**3 - ai * bi**3) / 12.0, (b * a**3 - bi * ai**3) / 12.0, (t2 + t4) * ai, (t1 + t3) * bi)


def i_props(h, b1, b2, t1, t2, t3):
    """(I2, I3, As2, As3) of the Abaqus I with its origin at the centroid."""
    hw = h - t1 - t2
    parts = ((b1, t1, t1 / 2.0), (t3, hw, t1 + hw / 2.0), (b2, t2, h - t2 / 2.0))
    A = sum(w * t for w, t, _ in parts)
    yc = sum(w * t * y for w, t, y in parts) / A
    I2 = sum(w * t * (t * t / 12.0 + (y - yc) ** 2) for w, t, y in parts)
    I3 = (t1 * b1**3 + t2 * b2**3 + hw * t3**3) / 12.0
    return I2, I3, b1 * t1 + b2 * t2, hw * t3


def tip(I, As, P=P):
    """Euler-Bernoulli + shear tip deflection of the cantilever: P L^3/(3 E I) + P L/(G As)."""
    return P * L**3 / (3.0 * E * I) + P * L / (G * As)


def ccx_tip(path):
    """(uy, uz) of the last *NODE PRINT block of a CalculiX .dat file."""
    with open(path) as fh:
        text = fh.read()
    blocks = re.findall(r"displacements \(vx,vy,vz\) for set TIP and time\s+\S+\s+\d+\s+\S+\s+(\S+)\s+(\S+)", text)
    return float(blocks[-1][0]), float(blocks[-1][1])


def check(quick):
    d = os.path.join(HERE, CASE)
    # n1 = (0, 0, 1): local 1 = G2 = z, local 2 = G3 = -y; the y load bends about G2 (I2, As3),
    # the z load about G3 (I3, As2)
    # (deck, section, tip load): the I carries 1 N, since its small torsion constant lets the
    # two bending directions couple through the twist at second order (lateral-torsional;
    # at 100 N it moves uy by 8.5e-5 relative), the box 100 N
    cases = (("cantilever_box_b32r", box_props(0.08, 0.12, 0.004, 0.006, 0.004, 0.006), P),
             ("cantilever_box_b31", box_props(0.08, 0.12, 0.004, 0.006, 0.004, 0.006), P),
             ("cantilever_i_b31", i_props(0.2, 0.1, 0.1, 0.008, 0.008, 0.005), 1.0))
    got = {}
    for deck, (I2, I3, As2, As3), load in cases:
        ok, hist, _, _ = run(os.path.join(d, deck + ".inp"), os.path.join(OUT, CASE, deck))
        row(CASE, deck, "runs", True, ok and len(hist) > 0, kind="bool")
        if not ok or not hist:
            continue
        uy, uz = hist[-1]["TIP.uy"], hist[-1]["TIP.uz"]
        got[deck] = (uy, uz)
        vy, vz = tip(I2, As3, load), tip(I3, As2, load)
        # linear closed form vs the geometrically exact beam at |u|/L < 4e-4: the
        # nonlinear terms are of relative order (u/L)^2 < 2e-7; tolerance 1e-6 relative
        row(CASE, deck, "uy vs EB + shear", vy, uy, 1e-6 * vy, "abs")
        row(CASE, deck, "uz vs EB + shear", vz, uz, 1e-6 * vz, "abs")
    if "cantilever_box_b32r" in got and "cantilever_box_b31" in got:
        (ya, za), (yb, zb) = got["cantilever_box_b32r"], got["cantilever_box_b31"]
        # the same discrete model (B32R = two B2V per element on the same nodes): round-off only
        row(CASE, "B32R vs B31", "uy the same", yb, ya, 1e-12 * abs(yb), "abs")
        row(CASE, "B32R vs B31", "uz the same", zb, za, 1e-12 * abs(zb), "abs")
    deck = "cantilever_box_b32r"
    I2, I3, As2, As3 = cases[0][1]
    cy, cz = ccx_tip(os.path.join(d, deck + ".ccx.dat"))
    if deck in got:
        uy, uz = got[deck]
        # CalculiX's brick expansion of the box against the beam with web shear
        # flexibility: tolerance = CalculiX's distance from the closed form plus
        # nsbeam's 1e-6 allowance (README)
        vy, vz = tip(I2, As3), tip(I3, As2)
        row(CASE, deck, "uy vs CalculiX 2.20 (stored)", cy, uy, abs(cy - vy) + 1e-6 * vy, "abs")
        row(CASE, deck, "uz vs CalculiX 2.20 (stored)", cz, uz, abs(cz - vz) + 1e-6 * vz, "abs")
        # CalculiX against bending alone (no shear flexibility): within 1.5 % (README)
        row(CASE, deck, "CalculiX uy vs EB bending only", P * L**3 / (3 * E * I2), cy, 0.015 * P * L**3 / (3 * E * I2), "abs")
        row(CASE, deck, "CalculiX uz vs EB bending only", P * L**3 / (3 * E * I3), cz, 0.015 * P * L**3 / (3 * E * I3), "abs")
    ccx = shutil.which("ccx")
    if ccx:
        scratch = os.path.join(OUT, CASE, deck + "_ccx")
        os.makedirs(scratch, exist_ok=True)
        shutil.copy(os.path.join(d, deck + ".inp"), scratch)
        p = subprocess.run([ccx, "-i", deck], cwd=scratch, capture_output=True, text=True)
        dat = os.path.join(scratch, deck + ".dat")
        row(CASE, deck, "ccx re-run succeeds", True, p.returncode == 0 and os.path.exists(dat), kind="bool")
        if p.returncode == 0 and os.path.exists(dat):
            ry, rz = ccx_tip(dat)
            # the .dat prints 7 significant digits: one unit of the last one
            row(CASE, deck, "ccx re-run uy vs stored", cy, ry, 1e-6 * abs(cy), "abs")
            row(CASE, deck, "ccx re-run uz vs stored", cz, rz, 1e-6 * abs(cz), "abs")
