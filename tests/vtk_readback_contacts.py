#!/usr/bin/python3
"""Read nsbeam's contact-point series (contacts.pvd) back with VTK's reader.

usage: /usr/bin/python3 vtk_readback_contacts.py CONTACTS.pvd expected_n_steps [options]

Checks: the .pvd lists expected_n_steps DataSets with non-decreasing times and
existing files; every .vtu reads with vtkXMLUnstructuredGridReader; one
VTK_VERTEX per point; the point arrays of io/vtk.h (normal 3, gap 1,
normal_force 1, impulse 3, slip_speed 1, friction 3, stick_elongation 3,
plastic_rate 1 as Float64; pair, slave, friction_state as Int32) with the point count; unit
normals; friction states in 0..3; TimeValue equal to the .pvd time; and that
at least one frame has a contact carrying force (normal_force > 0 and
gap <= 0).  When contacts.csv lies beside the .pvd, every frame whose time
has rows there is compared with them, point k with the time's row k, exactly
(binary Float64 against %.17g): pair, slave_node, x y z, friction_state,
friction_x..z, stick_x..z, plastic_rate; at least one frame must match.

options (repeatable), for decks with a known friction history:
  --sequence PAIR S1,S2,...   in every frame all points of contact pair PAIR
                              (1-based) share one friction state, and the
                              states of the frames that have such points,
                              consecutive repeats merged, are S1, S2, ...
  --friction-sum TIME PAIRS COMP VALUE TOL
                              at the frame of time TIME the sum of component
                              COMP (0 x, 1 y, 2 z) of friction over the points
                              of the pairs PAIRS (comma list) is VALUE within TOL

Exits 1 on any failure, 2 on bad usage or when vtk cannot be imported.
"""
import csv
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


def parse_options(args):
    """The options after the two positional arguments (see the usage above)."""
    seqs, sums = [], []
    i = 0
    while i < len(args):
        if args[i] == "--sequence" and i + 2 < len(args):
            seqs.append((int(args[i + 1]), [int(v) for v in args[i + 2].split(",")]))
            i += 3
        elif args[i] == "--friction-sum" and i + 5 < len(args):
            sums.append((float(args[i + 1]), {int(v) for v in args[i + 2].split(",")}, int(args[i + 3]),
                         float(args[i + 4]), float(args[i + 5])))
            i += 6
        else:
            return None
    return seqs, sums


def csv_rows_by_time(pvd):
    """contacts.csv beside the .pvd as {time: [row, ...]} (rows in file order), or None."""
    path = os.path.join(os.path.dirname(pvd), "contacts.csv")
    if not os.path.exists(path):
        return None
    by_time = {}
    with open(path, newline="") as f:
        for r in csv.DictReader(f):
            by_time.setdefault(float(r["time"]), []).append(r)
    return by_time


def compare_csv(path, g, n, rows):
    """Point k of a frame against row k of contacts.csv at the frame's time (exact)."""
    if len(rows) != n:
        fail("%s: %d points, contacts.csv has %d rows at this time" % (path, n, len(rows)))
    pd = g.GetPointData()
    for k, r in enumerate(rows):
        ints = [("pair", "pair"), ("slave", "slave_node"), ("friction_state", "friction_state")]
        for arr, col in ints:
            if pd.GetArray(arr).GetValue(k) != int(r[col]):
                fail("%s: point %d %s = %d, contacts.csv %s = %s" % (path, k, arr, pd.GetArray(arr).GetValue(k), col,
                                                                     r[col]))
        vecs = [("friction", "friction_"), ("stick_elongation", "stick_")]
        for arr, col in vecs:
            v = pd.GetArray(arr).GetTuple3(k)
            for c, ax in enumerate("xyz"):
                if v[c] != float(r[col + ax]):
                    fail("%s: point %d %s[%d] = %.17g, contacts.csv %s%s = %s" % (path, k, arr, c, v[c], col, ax,
                                                                                  r[col + ax]))
        if pd.GetArray("plastic_rate").GetValue(k) != float(r["plastic_rate"]):
            fail("%s: point %d plastic_rate = %.17g, contacts.csv %s" % (path, k, pd.GetArray("plastic_rate").GetValue(k),
                                                                        r["plastic_rate"]))
        if g.GetPoint(k) != (float(r["x"]), float(r["y"]), float(r["z"])):
            fail("%s: point %d at %s, contacts.csv has %s, %s, %s" % (path, k, g.GetPoint(k), r["x"], r["y"], r["z"]))


def main(argv):
    if len(argv) < 3:
        sys.stderr.write(__doc__)
        return 2
    pvd, n_expect = argv[1], int(argv[2])
    opts = parse_options(argv[3:])
    if opts is None:
        sys.stderr.write(__doc__)
        return 2
    seqs, sums = opts
    try:
        root = ET.parse(pvd).getroot()
    except (OSError, ET.ParseError) as exc:
        fail("cannot read %s (%s)" % (pvd, exc))
    sets = root.findall("./Collection/DataSet")
    if len(sets) != n_expect:
        fail("%s lists %d steps, expected %d" % (pvd, len(sets), n_expect))
    arrays = {"normal": (3, vtk.VTK_DOUBLE), "gap": (1, vtk.VTK_DOUBLE), "normal_force": (1, vtk.VTK_DOUBLE),
              "impulse": (3, vtk.VTK_DOUBLE), "slip_speed": (1, vtk.VTK_DOUBLE), "pair": (1, vtk.VTK_INT),
              "slave": (1, vtk.VTK_INT), "friction_state": (1, vtk.VTK_INT), "friction": (3, vtk.VTK_DOUBLE),
              "stick_elongation": (3, vtk.VTK_DOUBLE), "plastic_rate": (1, vtk.VTK_DOUBLE)}
    by_time = csv_rows_by_time(pvd)
    t_prev = -math.inf
    loaded_frames = 0
    max_points = 0
    csv_frames = 0
    seen = {pair: [] for pair, _ in seqs}
    sums_done = [False] * len(sums)
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
        loaded = False
        for i in range(n):
            nrm = pd.GetArray("normal").GetTuple3(i)
            if abs(math.sqrt(sum(x * x for x in nrm)) - 1.0) > 1e-12:
                fail("%s: normal %d is not a unit vector" % (path, i))
            if pd.GetArray("friction_state").GetValue(i) not in (0, 1, 2, 3):
                fail("%s: friction_state %d of point %d" % (path, pd.GetArray("friction_state").GetValue(i), i))
            if pd.GetArray("normal_force").GetValue(i) > 0.0 and pd.GetArray("gap").GetValue(i) <= 0.0:
                loaded = True
        loaded_frames += loaded
        tval = tv.GetValue(0)
        if by_time is not None and tval in by_time:
            compare_csv(path, g, n, by_time[tval])
            csv_frames += 1
        for pair, _ in seqs:
            st = {pd.GetArray("friction_state").GetValue(i) for i in range(n) if pd.GetArray("pair").GetValue(i) == pair}
            if len(st) > 1:
                fail("%s: the points of pair %d have the friction states %s" % (path, pair, sorted(st)))
            if st and (not seen[pair] or seen[pair][-1] != min(st)):
                seen[pair].append(min(st))
        for j, (ts, pairs, comp, value, tol) in enumerate(sums):
            if abs(t - ts) > 1e-12 * max(1.0, abs(ts)):
                continue
            total = sum(pd.GetArray("friction").GetTuple3(i)[comp] for i in range(n)
                        if pd.GetArray("pair").GetValue(i) in pairs)
            if not abs(total - value) <= tol:
                fail("%s: sum of friction[%d] over pairs %s = %.17g, expected %.17g within %g" %
                     (path, comp, sorted(pairs), total, value, tol))
            print("t = %g: sum of friction[%d] over pairs %s = %.12g (expected %.12g)" %
                  (t, comp, sorted(pairs), total, value))
            sums_done[j] = True
    if loaded_frames == 0:
        fail("no frame shows a loaded contact")
    if by_time is not None and csv_frames == 0:
        fail("no frame time has rows in contacts.csv")
    for pair, expect in seqs:
        if seen[pair] != expect:
            fail("pair %d: friction states %s over the frames, expected %s" % (pair, seen[pair], expect))
        print("pair %d: friction states %s over the frames" % (pair, seen[pair]))
    for j, done in enumerate(sums_done):
        if not done:
            fail("no frame at time %g for --friction-sum" % sums[j][0])
    print("contacts.pvd: %d steps, up to %d contact points, %d frames with a loaded contact, %d frames equal to "
          "contacts.csv" % (len(sets), max_points, loaded_frames, csv_frames))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
