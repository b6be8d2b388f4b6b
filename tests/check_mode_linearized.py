#!/usr/bin/env python3
"""check_mode_linearized.py OUTDIR STEP: the beam mode files of *FREQUENCY step
STEP of a straight beam along x (modes<STEP>_beams_NNNNNN.vtu) carry the
linearized fields of the mode, read back with VTK: in every bending mode
(transverse displacement dominant) the axial strain gamma1 vanishes to
round-off while the curvature does not, and the drawn geometry is
still the finitely displaced shape.  Before, the files showed the strains of
the drawn shape, whose axial strain is of second order in the amplitude, not
zero."""
import glob
import os
import sys

from vtkmodules.util.numpy_support import vtk_to_numpy
from vtkmodules.vtkIOXML import vtkXMLUnstructuredGridReader

out, step = sys.argv[1], int(sys.argv[2])
files = sorted(glob.glob(os.path.join(out, "modes%d_beams_[0-9]*.vtu" % step)))
bending = 0
for path in files:
    rd = vtkXMLUnstructuredGridReader()
    rd.SetFileName(path)
    rd.Update()
    g = rd.GetOutput()
    pd = g.GetPointData()
    x = vtk_to_numpy(g.GetPoints().GetData())
    u = vtk_to_numpy(pd.GetArray("displacement"))
    e = vtk_to_numpy(pd.GetArray("strain"))
    n = vtk_to_numpy(pd.GetArray("force_section"))
    m = vtk_to_numpy(pd.GetArray("moment_section"))
    size = x[:, 0].max() - x[:, 0].min()
    ut, ua = abs(u[:, 1:]).max(), abs(u[:, 0]).max()
    if not ut > 10.0 * ua:
        continue  # not a bending mode
    bending += 1
    kappa = abs(e[:, 3:]).max()
    g1 = abs(e[:, 0]).max()
    if not kappa > 0.0:
        sys.exit("%s: bending mode without curvature" % path)
    # round-off: gamma1 against the bending strain kappa * size, 1e-10 (the
    # eigenvectors are converged to 1e-12; measured at most 1e-12)
    if not g1 <= 1e-10 * kappa * size:
        sys.exit("%s: linearized axial strain %.3e, curvature %.3e (size %g)" % (path, g1, kappa, size))
    nax, mb = abs(n[:, 0]).max(), abs(m[:, 1:]).max()
    # geometry: the drawn shape, its largest translation 5 % of the model size
    if not ut > 0.01 * size:
        sys.exit("%s: drawn displacement %.3e, expected a visible shape" % (path, ut))
    print("%s: gamma1 %.2e, curvature %.3e, axial force %.2e, bending moment %.3e" %
          (os.path.basename(path), g1, kappa, nax, mb))
if bending < 2:
    sys.exit("only %d bending-mode frames in %s" % (bending, out))
print("%d bending modes: zero linearized axial strain, non-zero curvature" % bending)
