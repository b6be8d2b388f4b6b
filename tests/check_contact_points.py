#!/usr/bin/env python3
"""check_contact_points.py OUTDIR: the contact points (x, y, z) of contacts.csv from the run
of tests/decks/good/contact_points_geometry.inp, one closed contact of every kind, checked
against the geometry of the deck and the slaves' positions in history.csv:

  1. the point lies on the master's surface: the plane, the sphere of radius 1.1, the
     cylinder of radius 0.3, the master particle's sphere of radius 0.1, the beam's
     surface at radius 0.02 from its chord (from its Hermite centreline: within the
     centreline's largest distance from the chord, L (|theta_a - phi| + |theta_b - phi|)
     4/27, theta the end rotations about the beam's normal and phi the chord's), the
     rigid body's face;
  2. the slave's contact-sphere centre c (the node, or node + R s for a point s of a
     POINTS= set) is the point plus (gap + r_slave) along the surface's outward normal
     there (computed here from the master's geometry; the Hermite centreline's: the
     distance |c - point| = gap + r_slave only);
  3. the written normal nx, ny, nz is that outward normal, of the same configuration as
     the point and the gap (the increment's end; the Hermite centreline's: the unit
     vector from the point to c), and c = point + (gap + r_slave) n with it.  The normal
     frozen at the increment's start, which the law's rows use (law_nx, law_ny, law_nz), differs by
     2e-5 where the contact turns (the particle pair).

Tolerance 1e-11 (round-off of coordinates up to 60).  Every pair must have its rows at
every output time.  Exit 1 with the first failure."""
import csv
import math
import os
import sys

out = sys.argv[1]
rows = list(csv.DictReader(open(os.path.join(out, "contacts.csv"))))
hist = {float(r["time"]): r for r in csv.DictReader(open(os.path.join(out, "history.csv")))}
TOL = 1e-11


def fail(msg):
    sys.exit("check_contact_points: " + msg)


def vec(r, *names):
    return [float(r[n]) for n in names]


def sub(a, b):
    return [x - y for x, y in zip(a, b)]


def dot(a, b):
    return sum(x * y for x, y in zip(a, b))


def norm(a):
    return math.sqrt(dot(a, a))


def rot(q, v):
    """v turned by the unit quaternion q = (w, x, y, z)."""
    w, x, y, z = q
    R = [[1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y)],
         [2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x)],
         [2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y)]]
    return [dot(R[i], v) for i in range(3)]


def unit(d, what):
    if not norm(d) > 0.0:
        fail("%s: the point is at the master's centre or on its axis, not on its surface" % what)
    return [v / norm(d) for v in d]


def X(h, node):
    return vec(h, "n%d.x" % node, "n%d.y" % node, "n%d.z" % node)


def Q(h, node):
    return vec(h, "n%d.qw" % node, "n%d.qx" % node, "n%d.qy" % node, "n%d.qz" % node)


FEET = [[0.1, 0.0, -0.1], [-0.1, 0.05, -0.1], [-0.1, -0.05, -0.1]]
BEAM = {"element 20": (20, 21), "element 21": (21, 22)}
# pair -> (slave radius, master kind)
PAIRS = {1: (0.05, "floor"), 2: (0.05, "ball"), 3: (0.05, "post"), 4: (0.05, "particle"),
         5: (0.05, "chord"), 6: (0.05, "hermite"), 7: (0.02, "floor"), 8: (0.02, "chord"),
         9: (0.02, "face"), 10: (0.02, "floor"), 11: (0.01, "floor")}
seen = {}
for r in rows:
    t, pair, slave = float(r["time"]), int(r["pair"]), int(r["slave_node"])
    h = hist[t]
    rs, kind = PAIRS[pair]
    p = vec(r, "x", "y", "z")
    gap = float(r["gap"])
    k = int(r["point"])
    c = X(h, slave)
    if k > 0:
        c = [c[i] + v for i, v in enumerate(rot(Q(h, slave), FEET[k - 1]))]
    # the master's surface: p's distance from it (off) and its outward normal there (nu)
    if kind == "floor":
        off, nu = p[2], [0.0, 0.0, 1.0]
    elif kind in ("ball", "particle"):
        m, R = ([5.0, 0.0, 0.0], 1.1) if kind == "ball" else (X(h, 5), 0.1)
        d = sub(p, m)
        off, nu = norm(d) - R, unit(d, "t %g pair %d node %d" % (t, pair, slave))
    elif kind == "post":
        d = [0.0, p[1], p[2]]
        off, nu = norm(d) - 0.3, unit(d, "t %g pair %d node %d" % (t, pair, slave))
    elif kind == "face":
        q = Q(h, 41)
        nu = rot(q, [0.0, 0.0, 1.0])
        off = dot(sub(p, [a + b for a, b in zip(X(h, 41), rot(q, [0.0, 0.0, 0.1]))]), nu)
    else:
        a, b = BEAM[r["master"]]
        xa, xb = X(h, a), X(h, b)
        e = sub(xb, xa)
        sp = max(0.0, min(1.0, dot(sub(p, xa), e) / dot(e, e)))
        d = sub(p, [xa[i] + sp * e[i] for i in range(3)])
        off, nu = norm(d) - 0.02, unit(d, "t %g pair %d node %d" % (t, pair, slave))
        if kind == "hermite":
            phi = -e[2] / e[0]  # the chord's rotation about y (the beam lies along x, bends in x-z)
            dev = norm(e) * (abs(float(h["n%d.ry" % a]) - phi) + abs(float(h["n%d.ry" % b]) - phi)) * 4.0 / 27.0
            off = max(0.0, abs(off) - dev)
            d = sub(c, p)
            nu = unit(d, "t %g pair %d node %d" % (t, pair, slave))
    if abs(off) > TOL:
        fail("t %g pair %d node %d (%s): point %s is %.3g off the master's surface" % (t, pair, slave, kind, p, off))
    want = [p[i] + (gap + rs) * nu[i] for i in range(3)]
    if norm(sub(c, want)) > TOL:
        fail("t %g pair %d node %d (%s): slave centre %s, point + (gap + r) nu = %s" % (t, pair, slave, kind, c, want))
    n = vec(r, "nx", "ny", "nz")
    if norm(sub(n, nu)) > TOL:
        fail("t %g pair %d node %d (%s): written normal %s, the surface's normal at the point %s (%.3g apart)" %
             (t, pair, slave, kind, n, nu, norm(sub(n, nu))))
    want = [p[i] + (gap + rs) * n[i] for i in range(3)]
    if norm(sub(c, want)) > TOL:
        fail("t %g pair %d node %d (%s): slave centre %s, point + (gap + r) n = %s (n the written normal)" %
             (t, pair, slave, kind, c, want))
    seen.setdefault(t, set()).add((pair, k))
want_keys = {(q, 0) for q in PAIRS if q != 11} | {(11, k) for k in (1, 2, 3)}
if len(seen) < 3:
    fail("rows at %d output times" % len(seen))
for t, keys in seen.items():
    if keys != want_keys:
        fail("t %g: rows of %s, want %s" % (t, sorted(keys), sorted(want_keys)))
print("%d contact points and normals of %d pairs (every contact kind) on their masters' surfaces at %d times" %
      (len(rows), len(PAIRS), len(seen)))
