#!/usr/bin/env python3
"""nsbeam view OUTDIR [--color ARRAY] [--movie] [--no-pvbatch]

A first look at a run that shows its physics.  Reads the ParaView collections
of OUTDIR (beams_surface.pvd or beams.pvd, bodies.pvd, contacts.pvd), chooses a
view from the motion (the camera looks along the direction in which the model
moves least, so a planar motion is seen face on; up is against gravity where
the model has it), and

  - writes OUTDIR/view_paraview.py, a ParaView Python script that opens the
    collections with that camera: the beam solid coloured by ARRAY (default the
    magnitude of the bending moment, moment_section), particles as spheres of
    their radius, contact forces as arrow glyphs (set up even while no contact
    exists), time annotation; open it with `pvpython`, `pvbatch`, or ParaView's
    Python shell (View > Python Shell > Run Script);
  - renders OUTDIR/view.png: with ParaView's pvbatch when it is installed (the
    script above, offscreen; without a display through xvfb-run when present),
    otherwise, or when pvbatch fails (the reason goes to stderr), with matplotlib: four instants of the
    run projected on the view plane, beams as lines coloured by ARRAY on one
    colour scale, particles as discs of their radius, contact points with their
    force;
  - with --movie also an animation: OUTDIR/movie/frame_NNNN.png with pvbatch,
    OUTDIR/view.gif with matplotlib.

--no-pvbatch uses matplotlib even when pvbatch is present.  Exit status 1 with
a message naming the file when the output is missing or unreadable, 2 for a
bad command line.
"""
import base64
import glob
import math
import os
import re
import shutil
import struct
import subprocess
import sys
import xml.etree.ElementTree as ET
import zlib


def fail(msg, code=1):
    print("nsbeam view: " + msg, file=sys.stderr)
    sys.exit(code)


# --- reading nsbeam's VTK XML files ------------------------------------------------------------

_NP = {"Float64": ("d", 8), "Float32": ("f", 4), "Int64": ("q", 8), "Int32": ("i", 4), "UInt8": ("B", 1),
       "UInt64": ("Q", 8), "UInt32": ("I", 4), "Int8": ("b", 1)}


def read_pvd(path):
    """[(time, file)] of a .pvd collection, sorted by time."""
    try:
        root = ET.parse(path).getroot()
    except (OSError, ET.ParseError) as e:
        fail("%s: %s" % (path, e))
    out = []
    for ds in root.iter("DataSet"):
        out.append((float(ds.get("timestep", "0")), os.path.join(os.path.dirname(path), ds.get("file"))))
    out.sort(key=lambda x: x[0])
    return out


def read_vtu(path):
    """{'points': [(x,y,z)], 'cells': [[i...]], 'point': {name: [tuple]}, 'cell': {...}} of an
    UnstructuredGrid file written by nsbeam: data inline in base64 (format="binary") or
    appended raw, each optionally zlib-compressed (VTK's vtkZLibDataCompressor layout)."""
    try:
        with open(path, "rb") as fh:
            data = fh.read()
    except OSError as e:
        fail("%s: %s" % (path, e.strerror))
    k = data.find(b"<AppendedData")
    head = data[:k].decode("utf-8", "replace") if k >= 0 else data.decode("utf-8", "replace")
    raw = data[data.find(b"_", k) + 1:] if k >= 0 else b""
    m = re.search(r'header_type="(\w+)"', head)
    hfmt, hs = _NP[m.group(1) if m else "UInt32"]
    compressed = 'compressor="vtkZLibDataCompressor"' in head
    piece = re.search(r'<Piece NumberOfPoints="(\d+)" NumberOfCells="(\d+)"', head)
    if not piece:
        fail("%s: not an unstructured grid of nsbeam (no Piece)" % path)

    def unpack(payload, dtype):
        fmt, size = _NP[dtype]
        return struct.unpack("<%d%s" % (len(payload) // size, fmt), payload)

    def appended(offset):
        if compressed:
            nb = struct.unpack_from("<" + hfmt, raw, offset)[0]
            sizes = struct.unpack_from("<%d%s" % (nb + 3, hfmt), raw, offset)
            pos = offset + (nb + 3) * hs
            out = []
            for c in sizes[3:]:
                out.append(zlib.decompress(raw[pos:pos + c]))
                pos += c
            return b"".join(out)
        n = struct.unpack_from("<" + hfmt, raw, offset)[0]
        return raw[offset + hs:offset + hs + n]

    def inline(text):
        text = "".join(text.split())
        if compressed:
            # the header is a base64 stream of its own, the compressed blocks a second one
            nb = struct.unpack_from("<" + hfmt, base64.b64decode(text[:4 * ((hs + 2) // 3)]))[0]
            hlen = 4 * (((nb + 3) * hs + 2) // 3)
            sizes = struct.unpack("<%d%s" % (nb + 3, hfmt), base64.b64decode(text[:hlen])[:(nb + 3) * hs])
            blob = base64.b64decode(text[hlen:])
            out, pos = [], 0
            for c in sizes[3:]:
                out.append(zlib.decompress(blob[pos:pos + c]))
                pos += c
            return b"".join(out)
        blob = base64.b64decode(text)
        n = struct.unpack_from("<" + hfmt, blob)[0]
        return blob[hs:hs + n]

    out = {"points": [], "cells": [], "point": {}, "cell": {}, "field": {}, "n_points": int(piece.group(1))}
    section = None
    for m in re.finditer(r"<(PointData|CellData|Points|Cells|FieldData)\b|<DataArray ([^>]*?)(/?)>", head):
        if m.group(1):
            section = m.group(1)
            continue
        attrs = dict(re.findall(r'(\w+)="([^"]*)"', m.group(2)))
        fmt = attrs.get("format", "ascii")
        if fmt == "appended":
            vals = unpack(appended(int(attrs["offset"])), attrs["type"])
        else:
            body = head[m.end():head.find("</DataArray>", m.end())] if not m.group(3) else ""
            if fmt == "binary":
                vals = unpack(inline(body), attrs["type"])
            else:
                conv = float if attrs["type"].startswith("Float") else int
                vals = tuple(conv(x) for x in body.split())
        nc = int(attrs.get("NumberOfComponents", "1"))
        tuples = [tuple(vals[i:i + nc]) for i in range(0, len(vals), nc)] if nc > 1 else list(vals)
        name = attrs.get("Name", "")
        if section == "Points":
            out["points"] = tuples
        elif section == "Cells":
            out["_" + name] = vals
        elif section == "PointData":
            out["point"][name] = tuples
        elif section == "FieldData":
            out["field"][name] = tuples
        elif section == "CellData":
            out["cell"][name] = tuples
    conn, offs = out.pop("_connectivity", ()), out.pop("_offsets", ())
    start = 0
    for o in offs:
        out["cells"].append(list(conn[start:o]))
        start = o
    out.pop("_types", None)
    return out


def norm(v):
    return math.sqrt(sum(c * c for c in v)) if isinstance(v, tuple) else abs(v)


# --- the view ----------------------------------------------------------------------------------

def sym_eig3(a):
    """Eigenvalues and eigenvectors (columns) of a symmetric 3x3 matrix by Jacobi rotations."""
    a = [row[:] for row in a]
    v = [[1.0 if i == j else 0.0 for j in range(3)] for i in range(3)]
    for _ in range(50):
        p, q = max(((0, 1), (0, 2), (1, 2)), key=lambda ij: abs(a[ij[0]][ij[1]]))
        if abs(a[p][q]) < 1e-30 * (abs(a[0][0]) + abs(a[1][1]) + abs(a[2][2]) + 1e-300):
            break
        th = 0.5 * math.atan2(2 * a[p][q], a[q][q] - a[p][p])
        c, s = math.cos(th), math.sin(th)
        for k in range(3):
            akp, akq = a[k][p], a[k][q]
            a[k][p], a[k][q] = c * akp - s * akq, s * akp + c * akq
        for k in range(3):
            apk, aqk = a[p][k], a[q][k]
            a[p][k], a[q][k] = c * apk - s * aqk, s * apk + c * aqk
        for k in range(3):
            vkp, vkq = v[k][p], v[k][q]
            v[k][p], v[k][q] = c * vkp - s * vkq, s * vkp + c * vkq
    return [a[i][i] for i in range(3)], [[v[r][c] for r in range(3)] for c in range(3)]


def _cov(vs):
    n = len(vs) or 1
    c = [sum(v[i] for v in vs) / n for i in range(3)]
    return c, [[sum((v[i] - c[i]) * (v[j] - c[j]) for v in vs) / n for j in range(3)] for i in range(3)]


def choose_view(frames):
    """(view direction d, up u, right r, centre, extent) from the points of the sampled frames
    (lists of points, the same points in the same order in each frame where the model keeps
    them).  The main direction of motion m (largest spread of the displacements) must lie in
    the picture, so d is chosen perpendicular to m; among those directions d is the one
    across which the model and its motion spread least (a beam in the x-z plane hit along z
    is seen along y).  A coordinate axis within ~11 degrees is taken instead.  Up is, of +z,
    +y, +x, the one most orthogonal to d."""
    pts = [p for fr in frames for p in fr]
    if not pts:
        fail("the collections hold no points")
    c, g = _cov(pts)
    ext = max(max(p[i] for p in pts) - min(p[i] for p in pts) for i in range(3)) or 1.0
    disp = []
    for fr in frames[1:]:
        if len(fr) == len(frames[0]):
            disp += [tuple(a[k] - b[k] for k in range(3)) for a, b in zip(fr, frames[0])]
    cand = [(1.0, 0.0, 0.0), (0.0, 1.0, 0.0), (0.0, 0.0, 1.0)]
    m = None
    if disp:
        _, mc = _cov(disp + [tuple(-x for x in v) for v in disp])  # spread about zero motion
        lam, vec = sym_eig3(mc)
        k = max(range(3), key=lambda i: lam[i])
        if lam[k] > (1e-6 * ext) ** 2:
            m = vec[k]
    total = [[g[i][j] + (mc[i][j] if m else 0.0) for j in range(3)] for i in range(3)]
    quad = lambda v: sum(v[i] * total[i][j] * v[j] for i in range(3) for j in range(3))
    if m is None:
        lam, vec = sym_eig3(total)
        d = vec[min(range(3), key=lambda i: lam[i])]
    else:
        # the plane perpendicular to m: basis a, b; minimize quad over its unit circle
        a = min(cand, key=lambda u: abs(sum(x * y for x, y in zip(u, m))))
        dot = sum(x * y for x, y in zip(a, m))
        a = [x - dot * y for x, y in zip(a, m)]
        la = math.sqrt(sum(x * x for x in a))
        a = [x / la for x in a]
        b = [m[1] * a[2] - m[2] * a[1], m[2] * a[0] - m[0] * a[2], m[0] * a[1] - m[1] * a[0]]
        best = None
        for step in range(180):
            th = math.pi * step / 180.0
            v = [math.cos(th) * x + math.sin(th) * y for x, y in zip(a, b)]
            q = quad(v)
            if best is None or q < best[0] - 1e-12 * abs(best[0]):
                best = (q, v)
        d = best[1]
    k = max(range(3), key=lambda i: abs(d[i]))
    if abs(d[k]) > 0.98:
        d = [1.0 if i == k else 0.0 for i in range(3)]
    up = min(cand[::-1], key=lambda u: abs(sum(a_ * b_ for a_, b_ in zip(u, d))))
    dot = sum(a_ * b_ for a_, b_ in zip(up, d))
    up = [u - dot * x for u, x in zip(up, d)]
    lu = math.sqrt(sum(u * u for u in up))
    up = [u / lu for u in up]
    # screen right of a camera looking along d with up u: d x u; of the two
    # opposite cameras the one whose right points along a positive axis
    r = [d[1] * up[2] - d[2] * up[1], d[2] * up[0] - d[0] * up[2], d[0] * up[1] - d[1] * up[0]]
    if r[max(range(3), key=lambda i: abs(r[i]))] < 0.0:
        d = [-x for x in d]
        r = [-x for x in r]
    return d, up, r, c, ext


# --- ParaView script -----------------------------------------------------------------------------

PV_SCRIPT = r'''# view_paraview.py -- written by `nsbeam view`: open with pvpython, pvbatch or ParaView's
# Python shell.  Run with arguments PNG [MOVIE_FOLDER] to render offscreen.
import os
import sys
from paraview.simple import *

here = os.path.dirname(os.path.abspath(__file__))
view = GetActiveViewOrCreate("RenderView")
view.ViewSize = [1280, 800]
view.Background = [1.0, 1.0, 1.0]
try:
    view.UseColorPaletteForBackground = 0
except AttributeError:
    pass
view.OrientationAxesVisibility = 1
shown = []

beams = %(beams)r
if beams:
    b = PVDReader(registrationName="beams", FileName=os.path.join(here, beams))
    calc = Calculator(registrationName="colour", Input=b)
    calc.ResultArrayName = "%(color)s_magnitude"
    calc.Function = "mag(%(color)s)" if %(color_nc)d > 1 else "abs(%(color)s)"
    d = Show(calc, view)
    if beams.endswith("_surface.pvd"):
        d.SetRepresentationType("Surface")
    else:
        tube = Tube(registrationName="tube", Input=calc)
        tube.Radius = %(tube)r
        Hide(calc, view)
        d = Show(tube, view)
    ColorBy(d, ("POINTS", "%(color)s_magnitude"))
    lut = GetColorTransferFunction("%(color)s_magnitude")
    lut.ApplyPreset("Viridis (matplotlib)", True)
    lut.RescaleTransferFunction(0.0, %(color_max)r)
    d.SetScalarBarVisibility(view, True)
    bar = GetScalarBar(lut, view)
    bar.Title = "|%(color)s|"
    bar.ComponentTitle = ""
    bar.TitleColor = [0.0, 0.0, 0.0]
    bar.LabelColor = [0.0, 0.0, 0.0]
    shown.append(d)

if %(bodies)r:
    bo = PVDReader(registrationName="bodies", FileName=os.path.join(here, %(bodies)r))
    thr = Threshold(registrationName="particles", Input=bo)
    thr.Scalars = ["POINTS", "radius"]
    try:
        thr.LowerThreshold = 1e-300
        thr.UpperThreshold = 1e300
    except AttributeError:
        thr.ThresholdRange = [1e-300, 1e300]
    g = Glyph(registrationName="spheres", Input=thr, GlyphType="Sphere")
    g.ScaleArray = ["POINTS", "radius"]
    g.ScaleFactor = 2.0
    g.GlyphMode = "All Points"
    g.GlyphType.ThetaResolution = 32
    g.GlyphType.PhiResolution = 32
    d = Show(g, view)
    d.ColorArrayName = ["POINTS", ""]
    d.DiffuseColor = [0.85, 0.33, 0.1]
    shown.append(d)

if %(contacts)r:
    co = PVDReader(registrationName="contacts", FileName=os.path.join(here, %(contacts)r))
    a = Glyph(registrationName="contact forces", Input=co, GlyphType="Arrow")
    a.OrientationArray = ["POINTS", "normal"]
    a.ScaleArray = ["POINTS", "No scale array"]
    a.ScaleFactor = %(arrow)r
    a.GlyphMode = "All Points"
    d = Show(a, view)
    d.ColorArrayName = ["POINTS", ""]
    d.DiffuseColor = [0.8, 0.0, 0.0]

ann = Text(registrationName="title")
ann.Text = %(title)r
Show(ann, view).Color = [0.0, 0.0, 0.0]
if shown:
    clock = AnnotateTimeFilter(registrationName="time", Input=FindSource(%(first)r))
    clock.Format = %(clock)r
    cd = Show(clock, view)
    cd.WindowLocation = "Upper Right Corner"
    cd.Color = [0.0, 0.0, 0.0]



def camera():
    # after a first Render: paraview.simple resets the camera when data is first shown
    view.CameraPosition = %(cam_pos)r
    view.CameraFocalPoint = %(cam_focal)r
    view.CameraViewUp = %(cam_up)r
    view.CameraParallelProjection = 1
    view.CameraParallelScale = %(scale)r


scene = GetAnimationScene()
scene.UpdateAnimationUsingDataTimeSteps()
Render(view)
camera()
if len(sys.argv) > 1:
    times = scene.TimeKeeper.TimestepValues
    times = list(times) if hasattr(times, "__len__") else [times]
    scene.AnimationTime = times[%(pick)d * (len(times) - 1) // 3] if times else 0.0
    Render(view)
    camera()
    SaveScreenshot(sys.argv[1], view, ImageResolution=[1280, 800])
    if len(sys.argv) > 2:
        os.makedirs(sys.argv[2], exist_ok=True)
        SaveAnimation(os.path.join(sys.argv[2], "frame.png"), view, ImageResolution=[1280, 800])
else:
    Render(view)
'''


# --- matplotlib rendering -----------------------------------------------------------------------

class Scene:
    def __init__(self, outdir, color):
        self.outdir = outdir
        self.color = color
        names = {n: os.path.join(outdir, n) for n in ("beams.pvd", "beams_surface.pvd", "bodies.pvd", "contacts.pvd")}
        self.modes = None
        self.beams = read_pvd(names["beams.pvd"]) if os.path.exists(names["beams.pvd"]) else []
        if len(self.beams) <= 1:
            # a frequency analysis: the mode shapes of its first *FREQUENCY step are the motion to show
            series = sorted(glob.glob(os.path.join(outdir, "modes*_beams.pvd")),
                            key=lambda f: int(re.sub(r"\D", "", os.path.basename(f)) or 0))
            if series:
                self.modes = os.path.basename(series[0])[:-len("_beams.pvd")]
                names["beams.pvd"] = series[0]
                names["beams_surface.pvd"] = series[0].replace("_beams.pvd", "_beams_surface.pvd")
                names["bodies.pvd"] = os.path.join(outdir, self.modes + ".pvd")
                self.beams = read_pvd(series[0])
        self.names = names
        self.surface = os.path.exists(names["beams_surface.pvd"])
        self.bodies = read_pvd(names["bodies.pvd"]) if os.path.exists(names["bodies.pvd"]) else []
        self.contacts = read_pvd(names["contacts.pvd"]) if os.path.exists(names["contacts.pvd"]) else []
        if not self.beams and not self.bodies:
            fail("%s: no beams.pvd or bodies.pvd (is it the output folder of a run with *OUTPUT, FORMAT=VTK?)"
                 % outdir)
        self.times = [t for t, _ in (self.beams or self.bodies)]

    def frame(self, i):
        out = {"t": self.times[i], "beams": None, "bodies": None, "contacts": None}
        if self.beams:
            out["beams"] = read_vtu(self.beams[min(i, len(self.beams) - 1)][1])
        if self.bodies:
            out["bodies"] = read_vtu(self.bodies[min(i, len(self.bodies) - 1)][1])
        if self.contacts:
            j = min(range(len(self.contacts)), key=lambda k: abs(self.contacts[k][0] - self.times[i]))
            out["contacts"] = read_vtu(self.contacts[j][1])
        return out

    def sample(self, n):
        m = len(self.times)
        if m <= n:
            return list(range(m))
        return sorted(set(round(k * (m - 1) / (n - 1)) for k in range(n)))


def particles(fr):
    b = fr["bodies"]
    if not b:
        return []
    rad = b["point"].get("radius", [])
    kind = b["point"].get("kind", [])
    return [(b["points"][i], rad[i]) for i in range(len(rad)) if rad[i] > 0 and (not kind or kind[i] == 1)]


def render_matplotlib(scene, view, outdir, movie):
    try:
        import matplotlib
    except ImportError:
        fail("needs ParaView's pvbatch or matplotlib (Debian: apt-get install python3-matplotlib)")
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.collections import LineCollection
    from matplotlib.patches import Circle

    d, up, r, c, ext = view
    def proj(p):  # coordinates along the screen axes (absolute: an axis-aligned view shows the model's x, y, z)
        return (sum(p[k] * r[k] for k in range(3)), sum(p[k] * up[k] for k in range(3)))

    # frames for the bounds and the colour scale
    idx = scene.sample(40)
    frames = {i: scene.frame(i) for i in idx}
    allp = []
    cmax = 0.0
    for fr in frames.values():
        if fr["beams"]:
            allp += [proj(p) for p in fr["beams"]["points"]]
            vals = fr["beams"]["point"].get(scene.color)
            if vals:
                cmax = max(cmax, max(norm(v) for v in vals))
        for p, rad in particles(fr):
            q = proj(p)
            allp += [(q[0] - rad, q[1] - rad), (q[0] + rad, q[1] + rad)]
    xs, ys = [p[0] for p in allp], [p[1] for p in allp]
    pad = 0.06 * max(max(xs) - min(xs), max(ys) - min(ys), 1e-12 * ext)
    lims = (min(xs) - pad, max(xs) + pad, min(ys) - pad, max(ys) + pad)
    cmap = plt.get_cmap("viridis")
    cnorm = matplotlib.colors.Normalize(0.0, cmax or 1.0)
    axis_names = "xyz"

    def label(v):
        k = max(range(3), key=lambda i: abs(v[i]))
        return ("+" if v[k] > 0 else "-") + axis_names[k] if abs(v[k]) > 0.98 else "(%.2f, %.2f, %.2f)" % tuple(v)

    def draw(ax, fr):
        b = fr["beams"]
        if b:
            vals = b["point"].get(scene.color)
            segs, cols = [], []
            for cell in b["cells"]:
                for a_, b_ in zip(cell[:-1], cell[1:]):
                    segs.append([proj(b["points"][a_]), proj(b["points"][b_])])
                    cols.append(0.5 * (norm(vals[a_]) + norm(vals[b_])) if vals else 0.0)
            ax.add_collection(LineCollection(segs, colors=[cmap(cnorm(v)) for v in cols], linewidths=3.0))
        for p, rad in particles(fr):
            ax.add_patch(Circle(proj(p), rad, facecolor="#d9541a", edgecolor="black", linewidth=0.6))
        co = fr["contacts"]
        if co and co["points"]:
            nf = co["point"].get("normal_force", [0.0] * len(co["points"]))
            nn = co["point"].get("normal", [(0.0, 0.0, 0.0)] * len(co["points"]))
            fmax = max(abs(f) for f in nf) or 1.0
            for p, f, n in zip(co["points"], nf, nn):
                q = proj(p)
                dn = proj(n)
                s = 0.15 * ext * abs(f) / fmax
                ax.plot([q[0]], [q[1]], "o", color="red", markersize=4)
                ax.arrow(q[0], q[1], dn[0] * s, dn[1] * s, color="red", width=0.004 * ext,
                         length_includes_head=True)
        ax.set_xlim(lims[0], lims[1])
        ax.set_ylim(lims[2], lims[3])
        ax.set_aspect("equal")
        if scene.modes and fr["beams"] and fr["beams"]["field"].get("Frequency"):
            ax.set_title("mode %d, f = %.6g" % (round(fr["t"]), fr["beams"]["field"]["Frequency"][0]))
        else:
            ax.set_title("t = %.6g" % fr["t"])
        ax.set_xlabel("%s" % label(r))
        ax.set_ylabel("%s" % label(up))
        ax.grid(True, alpha=0.25)

    pick = [idx[0], idx[len(idx) // 3], idx[2 * len(idx) // 3], idx[-1]]
    if scene.modes:  # the first four mode shapes
        pick = idx[:4]
    # show the first instant with a contact instead of the one-third instant when there is one
    for i in idx:
        if frames[i]["contacts"] and frames[i]["contacts"]["points"]:
            pick[1] = i
            break
    pick = sorted(set(pick))
    wide = (lims[1] - lims[0]) > 2.0 * (lims[3] - lims[2])
    if wide:  # a long, flat picture: the instants one above the other
        h = max(1.6, 10.0 * (lims[3] - lims[2]) / (lims[1] - lims[0]) + 0.9)
        fig, axes = plt.subplots(4, 1, figsize=(11, 4 * h + 0.8), squeeze=False)
    else:
        fig, axes = plt.subplots(2, 2, figsize=(11, 8), squeeze=False)
    for ax, i in zip(axes.flat, pick + [None] * (4 - len(pick))):
        if i is None:
            ax.axis("off")
            continue
        draw(ax, frames[i])
    sm = matplotlib.cm.ScalarMappable(norm=cnorm, cmap=cmap)
    fig.colorbar(sm, ax=axes, shrink=0.8, label="|%s|" % scene.color)
    fig.suptitle("%s — seen along %s" % (os.path.basename(os.path.normpath(outdir)), label(d)))
    png = os.path.join(outdir, "view.png")
    fig.savefig(png, dpi=100, bbox_inches="tight")
    plt.close(fig)
    written = [png]
    if movie:
        from matplotlib.animation import FuncAnimation, PillowWriter

        mi = scene.sample(120)
        fig, ax = plt.subplots(1, 1, figsize=(8, 6))

        def update(k):
            ax.clear()
            draw(ax, scene.frame(mi[k]))

        anim = FuncAnimation(fig, update, frames=len(mi))
        gif = os.path.join(outdir, "view.gif")
        anim.save(gif, writer=PillowWriter(fps=15))
        plt.close(fig)
        written.append(gif)
    return written


def main(argv):
    args = argv[1:]
    if not args or args[0] in ("-h", "--help"):
        print(__doc__.strip())
        return 0 if args else 2
    color = "moment_section"
    movie = False
    use_pv = True
    rest = []
    i = 0
    while i < len(args):
        a = args[i]
        if a == "--movie":
            movie = True
        elif a == "--no-pvbatch":
            use_pv = False
        elif a == "--color":
            if i + 1 >= len(args):
                fail("--color needs an array name", 2)
            color = args[i + 1]
            i += 1
        elif a.startswith("-"):
            fail("unknown option '%s'" % a, 2)
        else:
            rest.append(a)
        i += 1
    if len(rest) != 1:
        fail("needs one output folder of a run", 2)
    outdir = rest[0]
    if not os.path.isdir(outdir):
        fail("%s: no such folder" % outdir)
    scene = Scene(outdir, color)
    idx = scene.sample(40)
    pts_frames = []
    ncomp = 3
    cmax = 0.0
    for i in idx:
        fr = scene.frame(i)
        pts = []
        if fr["beams"]:
            pts += fr["beams"]["points"]
            vals = fr["beams"]["point"].get(color)
            if vals is None:
                fail("%s: the beams have no point array '%s' (arrays: %s)" %
                     (scene.beams[0][1], color, ", ".join(sorted(fr["beams"]["point"]))))
            ncomp = len(vals[0]) if vals and isinstance(vals[0], tuple) else 1
            if vals:
                cmax = max(cmax, max(norm(v) for v in vals))
        if fr["bodies"]:
            pts += [p for p, _ in particles(fr)]
        pts_frames.append(pts)
    view = choose_view(pts_frames)
    d, up, r, c, ext = view
    beams_file = os.path.basename(scene.names["beams_surface.pvd"] if scene.surface else
                                  (scene.names["beams.pvd"] if scene.beams else ""))
    # parallel scale (half the picture's height) from the extent in the view plane, for a 1280 x 800 picture
    flat = [p for fr in pts_frames for p in fr]
    xs = [sum(p[k] * r[k] for k in range(3)) for p in flat]
    ys = [sum(p[k] * up[k] for k in range(3)) for p in flat]
    scale = 0.6 * max(max(ys) - min(ys), (max(xs) - min(xs)) / 1.6, 1e-3 * ext)
    mid = [0.5 * (max(xs) + min(xs)), 0.5 * (max(ys) + min(ys))]
    dc = sum(c[k] * d[k] for k in range(3))
    c = [mid[0] * r[k] + mid[1] * up[k] + dc * d[k] for k in range(3)]
    script = PV_SCRIPT % {
        "beams": beams_file, "bodies": os.path.basename(scene.names["bodies.pvd"]) if scene.bodies else "",
        "contacts": "contacts.pvd" if scene.contacts else "", "color": color, "color_nc": ncomp,
        "color_max": cmax or 1.0, "tube": 0.005 * ext, "arrow": 0.1 * ext,
        "title": os.path.basename(os.path.normpath(outdir)), "first": "beams" if beams_file else "bodies",
        "cam_pos": [c[k] - 3.0 * ext * d[k] for k in range(3)], "cam_focal": list(c), "cam_up": list(up),
        "scale": scale, "pick": 0 if scene.modes else 1,
        "clock": "mode {time:.0f}" if scene.modes else "t = {time:.6g}"}
    spath = os.path.join(outdir, "view_paraview.py")
    try:
        with open(spath, "w") as fh:
            fh.write(script)
    except OSError as e:
        fail("%s: %s" % (spath, e.strerror))
    written = [spath]
    pvbatch = shutil.which("pvbatch") if use_pv else None
    rendered = False
    if pvbatch:
        cmd = [pvbatch, spath, os.path.join(outdir, "view.png")]
        if movie:
            cmd.append(os.path.join(outdir, "movie"))
        if not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY"):
            # Debian's ParaView renders through X even offscreen: a virtual display, when there is one
            xvfb = shutil.which("xvfb-run")
            cmd = [xvfb, "-a"] + cmd if xvfb else None
            if not cmd:
                print("nsbeam view: pvbatch needs a display (none, and no xvfb-run to make one): "
                      "drawing with matplotlib", file=sys.stderr)
        if cmd:
            res = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
            if res.returncode == 0 and os.path.exists(os.path.join(outdir, "view.png")):
                rendered = True
                written.append(os.path.join(outdir, "view.png"))
                if movie:
                    written.append(os.path.join(outdir, "movie/"))
            else:
                tail = "\n".join(res.stdout.strip().splitlines()[-3:])
                print("nsbeam view: pvbatch failed on %s (status %d; last lines below): drawing with matplotlib"
                      "\n%s" % (spath, res.returncode, tail), file=sys.stderr)
    if not rendered:
        written += render_matplotlib(scene, view, outdir, movie)
    for w in written:
        print(w)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
