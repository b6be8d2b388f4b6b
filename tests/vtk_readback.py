#!/usr/bin/python3
"""Read an nsbeam .pvd series back with VTK's own readers and check it.

usage: /usr/bin/python3 vtk_readback.py PVD [expected_n_steps expected_n_points]

Parses the .pvd with xml.etree (well-formed, one DataSet per step, times
non-decreasing, files relative and present), reads every .vtu listed with
vtkXMLUnstructuredGridReader and checks: the point count, one VTK_VERTEX per
point followed by VTK_LINE cells, every point array of io/vtk.h with its
number of components and type, cell data "kind" (bodies < 10 <= lines), the
FieldData TimeValue equal to the .pvd timestep, and that e1, e2, e3 are
orthonormal and right-handed at every point.  Prints a summary; exits 1 on any
failure, 2 on bad usage or when vtk cannot be imported.
"""
import math
import os
import sys
import xml.etree.ElementTree as ET

try:
    import vtk
except ImportError as exc:  # the ctest wrapper checks too; say it here as well
    sys.stderr.write("vtk_readback.py: cannot import vtk in %s (%s); install Debian's python3-vtk9\n"
                     % (sys.executable, exc))
    sys.exit(2)

# name -> (components, VTK data type)
POINT_ARRAYS = {
    "displacement": (3, vtk.VTK_DOUBLE),
    "velocity": (3, vtk.VTK_DOUBLE),
    "angular_velocity": (3, vtk.VTK_DOUBLE),
    "quaternion": (4, vtk.VTK_DOUBLE),
    "e1": (3, vtk.VTK_DOUBLE),
    "e2": (3, vtk.VTK_DOUBLE),
    "e3": (3, vtk.VTK_DOUBLE),
    "mass": (1, vtk.VTK_DOUBLE),
    "radius": (1, vtk.VTK_DOUBLE),
    "label": (1, vtk.VTK_INT),
    "kind": (1, vtk.VTK_INT),
}
TOL = 1e-12

failures = []


def fail(msg):
    failures.append(msg)
    print("FAIL: " + msg)


def check_step(path, time, n_points_expected):
    reader = vtk.vtkXMLUnstructuredGridReader()
    reader.SetFileName(path)
    reader.Update()
    if reader.GetErrorCode() != 0:
        fail("%s: reader error code %d" % (path, reader.GetErrorCode()))
        return None
    g = reader.GetOutput()
    n = g.GetNumberOfPoints()
    name = os.path.basename(path)
    if n_points_expected is not None and n != n_points_expected:
        fail("%s: %d points, expected %d" % (name, n, n_points_expected))
    pd = g.GetPointData()
    for arr_name, (ncomp, vtype) in POINT_ARRAYS.items():
        a = pd.GetArray(arr_name)
        if a is None:
            fail("%s: point array %s missing" % (name, arr_name))
            continue
        if a.GetNumberOfComponents() != ncomp:
            fail("%s: %s has %d components, expected %d" % (name, arr_name, a.GetNumberOfComponents(), ncomp))
        if a.GetNumberOfTuples() != n:
            fail("%s: %s has %d tuples for %d points" % (name, arr_name, a.GetNumberOfTuples(), n))
        if a.GetDataType() != vtype:
            fail("%s: %s has VTK type %s" % (name, arr_name, a.GetDataTypeAsString()))
    # cells: a vertex per point, then lines with endpoints in range
    n_cells = g.GetNumberOfCells()
    n_lines = n_cells - n
    if n_lines < 0:
        fail("%s: %d cells for %d points" % (name, n_cells, n))
        n_lines = 0
    for c in range(n_cells):
        cell = g.GetCell(c)
        want = vtk.VTK_VERTEX if c < n else vtk.VTK_LINE
        if cell.GetCellType() != want:
            fail("%s: cell %d has type %d, expected %d" % (name, c, cell.GetCellType(), want))
        elif c < n and cell.GetPointId(0) != c:
            fail("%s: vertex cell %d is on point %d" % (name, c, cell.GetPointId(0)))
    ck = g.GetCellData().GetArray("kind")
    if ck is None or ck.GetNumberOfTuples() != n_cells:
        fail("%s: cell array kind missing or wrong length" % name)
    else:
        pk = pd.GetArray("kind")
        for c in range(n_cells):
            k = int(ck.GetTuple1(c))
            if c < n and pk is not None and k != int(pk.GetTuple1(c)):
                fail("%s: vertex cell %d kind %d != point kind %d" % (name, c, k, int(pk.GetTuple1(c))))
            if c >= n and k < 10:
                fail("%s: line cell %d kind %d < 10" % (name, c, k))
    # time stamp
    tv = g.GetFieldData().GetArray("TimeValue")
    if tv is None or tv.GetNumberOfTuples() != 1 or tv.GetTuple1(0) != time:
        fail("%s: FieldData TimeValue missing or != pvd timestep %r" % (name, time))
    # body axes orthonormal and right-handed
    axes = [pd.GetArray(a) for a in ("e1", "e2", "e3")]
    worst = 0.0
    if all(a is not None and a.GetNumberOfComponents() == 3 for a in axes):
        for i in range(n):
            e = [a.GetTuple3(i) for a in axes]
            for j in range(3):
                for k in range(3):
                    d = sum(e[j][m] * e[k][m] for m in range(3)) - (1.0 if j == k else 0.0)
                    worst = max(worst, abs(d))
            cross = (e[0][1] * e[1][2] - e[0][2] * e[1][1], e[0][2] * e[1][0] - e[0][0] * e[1][2],
                     e[0][0] * e[1][1] - e[0][1] * e[1][0])
            worst = max(worst, max(abs(cross[m] - e[2][m]) for m in range(3)))
        if not worst <= TOL:
            fail("%s: body axes not orthonormal/right-handed (max error %.3g)" % (name, worst))
    return n, n_lines, worst


def main(argv):
    if len(argv) not in (2, 4):
        sys.stderr.write(__doc__)
        return 2
    pvd = argv[1]
    n_steps_expected = int(argv[2]) if len(argv) == 4 else None
    n_points_expected = int(argv[3]) if len(argv) == 4 else None
    try:
        root = ET.parse(pvd).getroot()
    except (ET.ParseError, OSError) as exc:
        fail("%s: not readable as XML: %s" % (pvd, exc))
        return 1
    if root.tag != "VTKFile" or root.get("type") != "Collection":
        fail("%s: root is not VTKFile type=Collection" % pvd)
    datasets = root.findall("./Collection/DataSet")
    if n_steps_expected is not None and len(datasets) != n_steps_expected:
        fail("%s: %d steps, expected %d" % (pvd, len(datasets), n_steps_expected))
    base = os.path.dirname(os.path.abspath(pvd))
    last_time = -math.inf
    for ds in datasets:
        f = ds.get("file")
        t = float(ds.get("timestep"))
        if f is None or os.path.isabs(f):
            fail("DataSet file %r is missing or absolute" % f)
            continue
        if t < last_time:
            fail("timestep %r after %r" % (t, last_time))
        last_time = t
        path = os.path.join(base, f)
        if not os.path.isfile(path):
            fail("%s listed in the .pvd does not exist" % path)
            continue
        r = check_step(path, t, n_points_expected)
        if r is not None:
            print("  t = %-10.6g %s: %d points, %d lines, %d point arrays, axes error %.2g"
                  % (t, f, r[0], r[1], len(POINT_ARRAYS), r[2]))
    print("%s: %d steps, %s" % (pvd, len(datasets), "OK" if not failures else "%d FAILURES" % len(failures)))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
