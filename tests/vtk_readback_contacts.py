#!/usr/bin/python3
"""Read nsbeam's contact-point series (contacts.pvd) back with VTK's reader.

usage: /usr/bin/python3 vtk_readback_contacts.py CONTACTS.pvd expected_n_steps

Checks: the .pvd lists expected_n_steps DataSets with non-decreasing times and
existing files; every .vtu reads with vtkXMLUnstructuredGridReader; one
VTK_VERTEX per point; the point arrays of io/vtk.h (normal 3, gap 1,
normal_force 1, impulse 3, slip_speed 1 as Float64; pair, slave as Int32) with
the point count; unit normals; TimeValue equal to the .pvd time; and that at
least one frame has a contact carrying force (normal_force > 0 and gap <= 0),
since the deck it is run on drops a ball onto a beam.  Exits 1 on any
failure, 2 on bad usage or when vtk cannot be imported.
"""
import math
import os
import sys
import xml.etree.ElementTree as ET

try:
    import vtk
    from vtk.util.numpy_support import vtk_to_numpy  # noqa: F401 (availability only)
except ImportError as exc:
    try:
        import vtk  # numpy support optional
    except ImportError:
        sys.stderr.write("vtk_readback_contacts.py: cannot import vtk in %s (%s)\n" % (sys.executable, exc))
        sys.exit(2)


def fail(msg):
    print("FAIL: " + msg)
    sys.exit(1)


def main(argv):
    if len(argv) != 3:
        sys.stderr.write(__doc__)
        return 2
    pvd, n_expect = argv[1], int(argv[2])
    root = ET.parse(pvd).getroot()
    sets = root.findall("./Collection/DataSet")
    if len(sets) != n_expect:
        fail("%s lists %d steps, expected %d" % (pvd, len(sets), n_expect))
    arrays = {"normal": (3, vtk.VTK_DOUBLE), "gap": (1, vtk.VTK_DOUBLE), "normal_force": (1, vtk.VTK_DOUBLE),
              "impulse": (3, vtk.VTK_DOUBLE), "slip_speed": (1, vtk.VTK_DOUBLE), "pair": (1, vtk.VTK_INT),
              "slave": (1, vtk.VTK_INT)}
    t_prev = -math.inf
    loaded_frames = 0
    max_points = 0
    for ds in sets:
        t = float(ds.get("timestep"))
        if t < t_prev:
            fail("times decrease at %g" % t)
        t_prev = t
        path = os.path.join(os.path.dirname(pvd), ds.get("file"))
        if not os.path.exists(path):
            fail("missing %s" % path)
        r = vtk.vtkXMLUnstructuredGridReader()
        r.SetFileName(path)
        r.Update()
        g = r.GetOutput()
        n = g.GetNumberOfPoints()
        max_points = max(max_points, n)
        if g.GetNumberOfCells() != n:
            fail("%s: %d cells for %d points" % (path, g.GetNumberOfCells(), n))
        for c in range(n):
            if g.GetCellType(c) != vtk.VTK_VERTEX:
                fail("%s: cell %d is not a vertex" % (path, c))
        pd = g.GetPointData()
        for name, (nc, typ) in arrays.items():
            a = pd.GetArray(name)
            if a is None:
                fail("%s: no point array %s" % (path, name))
            if a.GetNumberOfComponents() != nc or a.GetDataType() != typ or a.GetNumberOfTuples() != n:
                fail("%s: array %s has %d components, type %d, %d tuples" %
                     (path, name, a.GetNumberOfComponents(), a.GetDataType(), a.GetNumberOfTuples()))
        tv = g.GetFieldData().GetArray("TimeValue")
        if tv is None or abs(tv.GetValue(0) - t) > 1e-12 * max(1.0, abs(t)):
            fail("%s: TimeValue does not match the .pvd time %g" % (path, t))
        for i in range(n):
            nrm = pd.GetArray("normal").GetTuple3(i)
            if abs(math.sqrt(sum(x * x for x in nrm)) - 1.0) > 1e-12:
                fail("%s: normal %d is not a unit vector" % (path, i))
            if pd.GetArray("normal_force").GetValue(i) > 0.0 and pd.GetArray("gap").GetValue(i) <= 0.0:
                loaded_frames += 1
                break
    if loaded_frames == 0:
        fail("no frame shows a loaded contact")
    print("contacts.pvd: %d steps, up to %d contact points, %d frames with a loaded contact" %
          (len(sets), max_points, loaded_frames))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
