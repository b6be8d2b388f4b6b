#!/usr/bin/python3
"""Read an nsbeam .pvd series back with VTK's own readers and check it.

usage: /usr/bin/python3 vtk_readback.py PVD [expected_n_steps expected_n_points]
       /usr/bin/python3 vtk_readback.py --beams PVD [expected_n_steps expected_n_points]

Bodies (first form): parses the .pvd with xml.etree (well-formed, one DataSet
per step, times non-decreasing, files relative and present), reads every .vtu
listed with vtkXMLUnstructuredGridReader and checks: the point count, one
VTK_VERTEX per point followed by VTK_LINE cells, every point array of
io/vtk.h with its number of components and type, cell data "kind" (bodies <
10 <= lines), the FieldData TimeValue equal to the .pvd timestep, and that
e1, e2, e3 are orthonormal and right-handed at every point.

Beams (--beams): PVD is the axis collection (base.pvd); the swept solid
base_surface.pvd beside it is read too.  Both must list the same times.  Axis
steps: point count, one VTK_POLY_LINE per element running through the points
in order, every axis array with components and type (strain: 6), the
component names of strain, force_section and moment_section, cell data
"element", TimeValue, section axes
orthonormal, and the resultants' global and section components related by
the point's frame (force = [e1 e2 e3] force_section, moment likewise).  Surface steps: only VTK_QUAD and VTK_POLYGON cells; per element
(cell data "element") exactly 2 polygon caps of m vertices and (n_e - 1) m
quads; one ring of m vertices per axis point, each vertex in the plane normal
to e1 through its axis point and carrying that point's data; the surface's
bounds enclose the axis.

Prints a summary; exits 1 on any failure, 2 on bad usage or when vtk cannot
be imported.
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

# beams: axis file point arrays (components, type), surface file point arrays
BEAM_AXIS_ARRAYS = {
    "displacement": (3, vtk.VTK_DOUBLE),
    "velocity": (3, vtk.VTK_DOUBLE),
    "angular_velocity": (3, vtk.VTK_DOUBLE),
    "quaternion": (4, vtk.VTK_DOUBLE),
    "e1": (3, vtk.VTK_DOUBLE),
    "e2": (3, vtk.VTK_DOUBLE),
    "e3": (3, vtk.VTK_DOUBLE),
    "strain": (6, vtk.VTK_DOUBLE),
    "force": (3, vtk.VTK_DOUBLE),
    "moment": (3, vtk.VTK_DOUBLE),
    "force_section": (3, vtk.VTK_DOUBLE),
    "moment_section": (3, vtk.VTK_DOUBLE),
}
BEAM_SURFACE_ARRAYS = {
    name: BEAM_AXIS_ARRAYS[name]
    for name in ("displacement", "velocity", "force_section", "moment_section", "strain", "e1", "e2", "e3")
}
COMPONENT_NAMES = {
    "strain": ("gamma1", "gamma2", "gamma3", "kappa1", "kappa2", "kappa3"),
    "force_section": ("axial", "shear2", "shear3"),
    "moment_section": ("torsion", "bending2", "bending3"),
}

failures = []


def fail(msg):
    failures.append(msg)
    print("FAIL: " + msg)


def read_grid(path):
    reader = vtk.vtkXMLUnstructuredGridReader()
    reader.SetFileName(path)
    reader.Update()
    if reader.GetErrorCode() != 0:
        fail("%s: reader error code %d" % (path, reader.GetErrorCode()))
        return None
    return reader.GetOutput()


def check_arrays(name, data, expected, n_tuples):
    """Every array of expected {name: (components, type)} present in data with n_tuples tuples."""
    for arr_name, (ncomp, vtype) in expected.items():
        a = data.GetArray(arr_name)
        if a is None:
            fail("%s: array %s missing" % (name, arr_name))
            continue
        if a.GetNumberOfComponents() != ncomp:
            fail("%s: %s has %d components, expected %d" % (name, arr_name, a.GetNumberOfComponents(), ncomp))
        if a.GetNumberOfTuples() != n_tuples:
            fail("%s: %s has %d tuples, expected %d" % (name, arr_name, a.GetNumberOfTuples(), n_tuples))
        if a.GetDataType() != vtype:
            fail("%s: %s has VTK type %s" % (name, arr_name, a.GetDataTypeAsString()))


def check_time(name, g, time):
    tv = g.GetFieldData().GetArray("TimeValue")
    if tv is None or tv.GetNumberOfTuples() != 1 or tv.GetTuple1(0) != time:
        fail("%s: FieldData TimeValue missing or != pvd timestep %r" % (name, time))


def axes_error(name, pd, n):
    """Largest deviation of (e1, e2, e3) from an orthonormal right-handed triad."""
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
            fail("%s: axes not orthonormal/right-handed (max error %.3g)" % (name, worst))
    return worst


def section_error(name, pd, n):
    """force - [e1 e2 e3] force_section and moment - [e1 e2 e3] moment_section,
    relative to the largest resultant of the step."""
    arrs = [pd.GetArray(a) for a in ("e1", "e2", "e3", "force", "force_section", "moment", "moment_section")]
    if any(a is None for a in arrs):
        return 0.0
    e1, e2, e3, f, fs, m, ms = arrs
    scale, worst = 0.0, 0.0
    for i in range(n):
        axes = (e1.GetTuple3(i), e2.GetTuple3(i), e3.GetTuple3(i))
        for glob, sec in ((f, fs), (m, ms)):
            g, s = glob.GetTuple3(i), sec.GetTuple3(i)
            scale = max(scale, max(abs(c) for c in g))
            worst = max(worst, max(abs(g[k] - sum(axes[j][k] * s[j] for j in range(3))) for k in range(3)))
    if not worst <= TOL * max(scale, 1.0):
        fail("%s: global and section resultants differ by %.3g (largest resultant %.3g)" % (name, worst, scale))
    return worst


def check_step(path, time, n_points_expected):
    g = read_grid(path)
    if g is None:
        return None
    n = g.GetNumberOfPoints()
    name = os.path.basename(path)
    if n_points_expected is not None and n != n_points_expected:
        fail("%s: %d points, expected %d" % (name, n, n_points_expected))
    pd = g.GetPointData()
    check_arrays(name, pd, POINT_ARRAYS, n)
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
    check_time(name, g, time)
    worst = axes_error(name, pd, n)
    return n, n_lines, worst


def read_pvd(pvd, n_steps_expected):
    """[(time, relative file, path)] of the collection, after checking its structure; None if unreadable."""
    try:
        root = ET.parse(pvd).getroot()
    except (ET.ParseError, OSError) as exc:
        fail("%s: not readable as XML: %s" % (pvd, exc))
        return None
    if root.tag != "VTKFile" or root.get("type") != "Collection":
        fail("%s: root is not VTKFile type=Collection" % pvd)
    datasets = root.findall("./Collection/DataSet")
    if n_steps_expected is not None and len(datasets) != n_steps_expected:
        fail("%s: %d steps, expected %d" % (pvd, len(datasets), n_steps_expected))
    base = os.path.dirname(os.path.abspath(pvd))
    last_time = -math.inf
    steps = []
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
        steps.append((t, f, path))
    return steps


def main(argv):
    if len(argv) > 1 and argv[1] == "--beams":
        return main_beams(argv[1:])
    if len(argv) not in (2, 4):
        sys.stderr.write(__doc__)
        return 2
    pvd = argv[1]
    n_steps_expected = int(argv[2]) if len(argv) == 4 else None
    n_points_expected = int(argv[3]) if len(argv) == 4 else None
    steps = read_pvd(pvd, n_steps_expected)
    if steps is None:
        return 1
    for t, f, path in steps:
        r = check_step(path, t, n_points_expected)
        if r is not None:
            print("  t = %-10.6g %s: %d points, %d lines, %d point arrays, axes error %.2g"
                  % (t, f, r[0], r[1], len(POINT_ARRAYS), r[2]))
    print("%s: %d steps, %s" % (pvd, len(steps), "OK" if not failures else "%d FAILURES" % len(failures)))
    return 1 if failures else 0


# ---- beams ------------------------------------------------------------------


def check_component_names(name, pd):
    for arr_name, want in COMPONENT_NAMES.items():
        a = pd.GetArray(arr_name)
        if a is not None:
            names = tuple(a.GetComponentName(c) for c in range(a.GetNumberOfComponents()))
            if names != want:
                fail("%s: %s component names %r, expected %r" % (name, arr_name, names, want))


def check_beam_axis(path, time, n_points_expected):
    """Check one axis .vtu; returns (grid, [(label, first point, n points)]) or None."""
    g = read_grid(path)
    if g is None:
        return None
    name = os.path.basename(path)
    n = g.GetNumberOfPoints()
    if n_points_expected is not None and n != n_points_expected:
        fail("%s: %d points, expected %d" % (name, n, n_points_expected))
    pd = g.GetPointData()
    check_arrays(name, pd, BEAM_AXIS_ARRAYS, n)
    check_component_names(name, pd)
    n_cells = g.GetNumberOfCells()
    check_arrays(name, g.GetCellData(), {"element": (1, vtk.VTK_INT)}, n_cells)
    labels = g.GetCellData().GetArray("element")
    elements = []
    next_point = 0
    for c in range(n_cells):
        cell = g.GetCell(c)
        ids = [cell.GetPointId(k) for k in range(cell.GetNumberOfPoints())]
        if cell.GetCellType() != vtk.VTK_POLY_LINE:
            fail("%s: cell %d has type %d, expected VTK_POLY_LINE" % (name, c, cell.GetCellType()))
        if len(ids) < 2 or ids != list(range(next_point, next_point + len(ids))):
            fail("%s: polyline %d runs through points %r, expected the next ones in order from %d"
                 % (name, c, ids, next_point))
        label = int(labels.GetTuple1(c)) if labels is not None else None
        elements.append((label, next_point, len(ids)))
        next_point += len(ids)
    if next_point != n:
        fail("%s: polylines cover %d of %d points" % (name, next_point, n))
    check_time(name, g, time)
    axes_error(name, pd, n)
    # a mode frame (FieldData Frequency) carries the linearized resultants of
    # the mode at the linearization state, d(R N) = R0 dN + dR N0, which the
    # axes of the drawn shape do not relate to dN (a prestressed state has
    # N0 != 0); the relation holds for the frames of a time or load step
    if g.GetFieldData().GetArray("Frequency") is None:
        section_error(name, pd, n)
    return g, elements


def check_beam_surface(path, time, axis, elements):
    """Check one surface .vtu against its axis grid; returns (points, quads, caps)."""
    g = read_grid(path)
    if g is None:
        return None
    name = os.path.basename(path)
    n = g.GetNumberOfPoints()
    n_cells = g.GetNumberOfCells()
    pd = g.GetPointData()
    check_arrays(name, pd, BEAM_SURFACE_ARRAYS, n)
    check_component_names(name, pd)
    check_arrays(name, g.GetCellData(), {"element": (1, vtk.VTK_INT)}, n_cells)
    check_time(name, g, time)
    labels = g.GetCellData().GetArray("element")
    quads = caps = 0
    per_label = {}  # label -> [quads, [cap sizes]]
    for c in range(n_cells):
        cell = g.GetCell(c)
        t = cell.GetCellType()
        label = int(labels.GetTuple1(c)) if labels is not None else None
        entry = per_label.setdefault(label, [0, []])
        if t == vtk.VTK_QUAD:
            quads += 1
            entry[0] += 1
        elif t == vtk.VTK_POLYGON:
            caps += 1
            entry[1].append(cell.GetNumberOfPoints())
        else:
            fail("%s: cell %d has type %d, expected VTK_QUAD or VTK_POLYGON" % (name, c, t))
    apd = axis.GetPointData()
    copied = [a for a in ("displacement", "velocity", "moment_section", "strain", "e2")
              if pd.GetArray(a) is not None and apd.GetArray(a) is not None]
    e1 = apd.GetArray("e1")
    sp = 0
    worst_plane = 0.0
    for label, first, n_e in elements:
        entry = per_label.get(label, [0, []])
        if len(entry[1]) != 2 or entry[1][0] != entry[1][1]:
            fail("%s: element %r has caps of sizes %r, expected 2 equal ones" % (name, label, entry[1]))
            continue
        m = entry[1][0]
        if entry[0] != (n_e - 1) * m:
            fail("%s: element %r has %d quads, expected (%d - 1) * %d" % (name, label, entry[0], n_e, m))
        for i in range(first, first + n_e):
            x = axis.GetPoint(i)
            g1 = e1.GetTuple3(i) if e1 is not None else (0.0, 0.0, 0.0)
            for _ in range(m):
                if sp >= n:
                    break
                p = g.GetPoint(sp)
                worst_plane = max(worst_plane, abs(sum((p[k] - x[k]) * g1[k] for k in range(3))))
                for a in copied:
                    if pd.GetArray(a).GetTuple(sp) != apd.GetArray(a).GetTuple(i):
                        fail("%s: %s at surface point %d differs from axis point %d" % (name, a, sp, i))
                sp += 1
    if sp != n:
        fail("%s: %d surface points, the rings account for %d" % (name, n, sp))
    if not worst_plane <= 1e-12:
        fail("%s: ring vertices off the section plane by up to %.3g" % (name, worst_plane))
    if caps != 2 * len(elements):
        fail("%s: %d caps for %d elements" % (name, caps, len(elements)))
    ab, sb = axis.GetBounds(), g.GetBounds()
    for k in range(3):
        if not (sb[2 * k] <= ab[2 * k] + 1e-12 and sb[2 * k + 1] >= ab[2 * k + 1] - 1e-12):
            fail("%s: surface bounds %r do not enclose the axis bounds %r" % (name, sb, ab))
            break
    return n, quads, caps


def main_beams(argv):
    if len(argv) not in (2, 4):
        sys.stderr.write(__doc__)
        return 2
    pvd = argv[1]
    n_steps_expected = int(argv[2]) if len(argv) == 4 else None
    n_points_expected = int(argv[3]) if len(argv) == 4 else None
    if not pvd.endswith(".pvd"):
        fail("%s: expected the axis .pvd" % pvd)
        return 1
    surface_pvd = pvd[:-len(".pvd")] + "_surface.pvd"
    axis_steps = read_pvd(pvd, n_steps_expected)
    surface_steps = read_pvd(surface_pvd, n_steps_expected)
    if axis_steps is None or surface_steps is None:
        return 1
    if [s[0] for s in axis_steps] != [s[0] for s in surface_steps]:
        fail("%s and %s list different times" % (pvd, surface_pvd))
    for (t, f, path), (_, sf, spath) in zip(axis_steps, surface_steps):
        r = check_beam_axis(path, t, n_points_expected)
        if r is None:
            continue
        axis, elements = r
        s = check_beam_surface(spath, t, axis, elements)
        if s is not None:
            print("  t = %-10.6g %s: %d points, %d polylines | %s: %d points, %d quads, %d caps"
                  % (t, f, axis.GetNumberOfPoints(), len(elements), sf, s[0], s[1], s[2]))
    print("%s + %s: %d steps, %s" % (pvd, os.path.basename(surface_pvd), len(axis_steps),
                                      "OK" if not failures else "%d FAILURES" % len(failures)))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
