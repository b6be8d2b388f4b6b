#!/usr/bin/env python3
"""check_normalization_vtk.py NSBEAM SOURCE_DIR WORKDIR: the VTK modes of a *FREQUENCY step
with NORMALIZATION=DISPLACEMENT, read back with VTK (tests/user abaqus_cae_frequency_si.inp:
Abaqus/CAE's 2 m cantilever, 40 x 20 mm, 20 B31, run as written (normalization=mass) and with
normalization=displacement).

- Every mode file's linearized fields (strain, force_section, moment_section: the directional
  derivatives along the mode) are the MASS run's times +-sqrt(generalized mass) (phi_disp =
  +-phi_mass / c with c^2 = 1/generalized mass), to 1e-10 of the field (measured 1.7e-12: the
  central differences' round-off).
- The drawn shapes are the MASS run's or their mirror (the drawing scale does not depend on the
  normalization), and each mode's largest drawn translation, 5 % of the model's size, is
  positive: the entry that is +1.
- The first bending mode's moment at the clamp is EI beta_1^2 (beta_1 L = 1.8751): the
  Euler-Bernoulli mode with tip deflection 1 has phi''(0) = 2 beta^2 / |phi(L)| = beta^2.
  Tolerance 3e-3: the lumped mass, 20 elements (its frequency 1.2e-3 low); measured -8.5e-4.
Exit 1 with the first failure."""
import csv
import math
import os
import subprocess
import sys

from vtkmodules.util.numpy_support import vtk_to_numpy
from vtkmodules.vtkIOXML import vtkXMLUnstructuredGridReader

nsbeam, src, work = sys.argv[1], sys.argv[2], sys.argv[3]
os.makedirs(work, exist_ok=True)


def fail(msg):
    sys.exit("check_normalization_vtk: " + msg)


def run(text, name):
    deck = os.path.join(work, name + ".inp")
    open(deck, "w").write(text)
    out = os.path.join(work, name)
    r = subprocess.run([nsbeam, "run", deck, "-o", out, "--quiet"], stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    if r.returncode != 0:
        fail("%s: nsbeam exited %d: %s" % (deck, r.returncode, r.stdout.decode()[-2000:]))
    return out


def grid(path):
    rd = vtkXMLUnstructuredGridReader()
    rd.SetFileName(path)
    rd.Update()
    return rd.GetOutput()


def arr(g, name):
    return vtk_to_numpy(g.GetPointData().GetArray(name))


text = open(os.path.join(src, "tests/user/abaqus_cae_frequency_si.inp")).read()
mass = run(text, "mass")
disp = run(text.replace("normalization=mass", "normalization=displacement"), "disp")
gm = [float(r["generalized_mass"]) for r in csv.DictReader(open(os.path.join(disp, "modes.csv")))]
L, b, h, E = 2.0, 0.04, 0.02, 210e9
for j in range(len(gm)):
    name = "modes1_beams_%06d.vtu" % j
    gd, gmass = grid(os.path.join(disp, name)), grid(os.path.join(mass, name))
    c = math.sqrt(gm[j])
    # the drawn shapes: the same or mirrored, the largest translation positive
    ud, um = arr(gd, "displacement"), arr(gmass, "displacement")
    big = abs(ud).max()
    sign = 1.0 if abs(ud - um).max() <= 1e-12 * big else -1.0
    if abs(ud - sign * um).max() > 1e-12 * big:
        fail("%s: drawn shape neither the MASS run's nor its mirror" % name)
    # (entries within 1e-9 of the largest: the first node's is the positive one); a mode
    # without translations (torsion) is scaled by its rotations
    if big > 0.0 and not ud.max() >= (1 - 1e-9) * big:
        fail("%s: the largest drawn translation %.6g is negative" % (name, -big))
    if big == 0.0:
        sign = 1.0 if abs(arr(gd, "moment_section") - c * arr(gmass, "moment_section")).max() < \
            abs(arr(gd, "moment_section") + c * arr(gmass, "moment_section")).max() else -1.0
    for field in ("strain", "force_section", "moment_section"):
        fd, fm = arr(gd, field), arr(gmass, field)
        scale = abs(fd).max()
        if scale == 0.0:
            continue
        dev = abs(fd - sign * c * fm).max() / scale
        if not dev <= 1e-10:
            fail("%s %s: %.3g off the MASS run's times %+.17g" % (name, field, dev, sign * c))
    if j == 0:
        x = vtk_to_numpy(gd.GetPoints().GetData())
        k = int(abs(x[:, 0]).argmin())
        m_root = abs(arr(gd, "moment_section")[k]).max()
        I = {"flat": b * h ** 3 / 12, "edgewise": h * b ** 3 / 12}
        ref = min((E * v * (1.8751040687119611 / L) ** 2 for v in I.values()), key=lambda r: abs(r - m_root))
        print("mode 1: moment at the clamp %.6g, EI beta_1^2 %.6g (%.2g, tol 3e-3)" % (m_root, ref, m_root / ref - 1))
        if not abs(m_root / ref - 1) <= 3e-3:
            fail("mode 1: moment at the clamp %.6g, EI beta_1^2 = %.6g" % (m_root, ref))
print("%d modes: the linearized fields are the mass-normalized ones times sqrt(generalized mass)" % len(gm))
