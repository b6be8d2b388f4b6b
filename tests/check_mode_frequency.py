#!/usr/bin/env python3
"""check_mode_frequency.py OUTDIR: every mode-shape frame of a *FREQUENCY step
(modes<k>_NNNNNN.vtu and modes<k>_beams_NNNNNN.vtu) carries FieldData Frequency
equal to the frequency of its row in modes.csv, read back with VTK."""
import csv
import glob
import os
import sys

from vtkmodules.vtkIOXML import vtkXMLUnstructuredGridReader

out = sys.argv[1]
rows = list(csv.DictReader(open(os.path.join(out, "modes.csv"))))
checked = 0
for r in rows:
    k, j = int(r["step"]), int(r["mode"])
    for stem in ("modes%d" % k, "modes%d_beams" % k):
        path = os.path.join(out, "%s_%06d.vtu" % (stem, j - 1))
        if not os.path.exists(path):
            continue
        rd = vtkXMLUnstructuredGridReader()
        rd.SetFileName(path)
        rd.Update()
        fd = rd.GetOutput().GetFieldData()
        a = fd.GetArray("Frequency")
        if a is None:
            sys.exit("%s: no FieldData Frequency" % path)
        f, want = a.GetValue(0), float(r["frequency"])
        if abs(f - want) > 1e-12 * abs(want):
            sys.exit("%s: Frequency %r, modes.csv says %r" % (path, f, want))
        checked += 1
if checked < 2:
    sys.exit("only %d mode frames found in %s" % (checked, out))
print("%d mode frames carry their frequency" % checked)
