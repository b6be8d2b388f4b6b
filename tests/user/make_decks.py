#!/usr/bin/env python3
"""Writes the user-style audit decks of tests/user/ (tests/user.cmake).

Every model is written in two or three consistent unit systems from the same
SI numbers, the way an engineer would type them:

  si   m, kg, s, N, Pa
  mm   mm, tonne, s, N, MPa
  ms   mm, kg, ms, kN, GPa
  in   in, lbf s^2/in, s, lbf, psi

Defaults everywhere (element POINTS, solver tolerances, scheme), no option a
user would not need.  check_user.py runs each pair and compares the runs after
unit conversion and with closed forms.  Run this script to rewrite the decks."""
import math
import os

HERE = os.path.dirname(os.path.abspath(__file__))


class Units:
    def __init__(self, name, length, mass, time, title):
        self.name, self.L, self.M, self.T, self.title = name, length, mass, time, title
        self.F = mass * length / time ** 2

    def n(self, v, dim):
        """SI value v of dimension dim ("L", "F/L^2", ...) in these units, as text."""
        return "%.15g" % (v / self.factor(dim))

    def factor(self, dim):
        base = {"L": self.L, "M": self.M, "T": self.T, "F": self.F, "1": 1.0}
        f = 1.0
        num, _, den = dim.partition("/")
        for part, sgn in ((num, 1), (den, -1)):
            for tok in part.split("*"):
                if not tok:
                    continue
                sym, _, p = tok.partition("^")
                f *= base[sym] ** (sgn * (float(p) if p else 1))
        return f


SI = Units("si", 1.0, 1.0, 1.0, "m, kg, s, N, Pa")
MM = Units("mm", 1e-3, 1e3, 1.0, "mm, tonne, s, N, MPa")
MS = Units("ms", 1e-3, 1.0, 1e-3, "mm, kg, ms, kN, GPa")
IN = Units("in", 0.0254, 4.4482216152605 / 0.0254, 1.0, "in, lbf s^2/in, s, lbf, psi")

STEEL = (210e9, 0.3, 7850.0)
ALU = (70e9, 0.33, 2700.0)


def dynamic_step(u, h, T):
    """A dynamic step of increment h to time T writing history and contact rows every increment."""
    return ("*STEP\n*DYNAMIC\n%s, %s\n*OUTPUT, FORMAT=HISTORY, EVERY=1\n*OUTPUT, FORMAT=CONTACT, EVERY=1\n"
            "*END STEP\n") % (u.n(h, "T"), u.n(T, "T"))


def steel(u, name="STEEL", mat=STEEL):
    E, nu, rho = mat
    return ("*MATERIAL, NAME=%s\n*ELASTIC\n%s, %g\n*DENSITY\n%s\n"
            % (name, u.n(E, "F/L^2"), nu, u.n(rho, "M/L^3")))


def line_nodes(u, first, p0, p1, n, nset=None):
    """n elements' worth of nodes from p0 to p1 (SI), labels first.."""
    s = "*NODE%s\n" % (", NSET=%s" % nset if nset else "")
    for i in range(n + 1):
        t = i / n
        p = [a + t * (b - a) for a, b in zip(p0, p1)]
        s += "%d, %s, %s, %s\n" % (first + i, u.n(p[0], "L"), u.n(p[1], "L"), u.n(p[2], "L"))
    return s


def line_elems(first_el, first_node, n, elset, etype="B2V"):
    s = "*ELEMENT, TYPE=%s, ELSET=%s\n" % (etype, elset)
    for i in range(n):
        s += "%d, %d, %d\n" % (first_el + i, first_node + i, first_node + i + 1)
    return s


def head(u, title, what):
    what = " ".join(what.split())
    return ("** %s\n** Units: %s.  Written by make_decks.py (tests/user).\n*HEADING\n%s\n"
            % (what, u.title, title))


# ---------------------------------------------------------------------------
# the models (SI numbers, converted per unit system)

def cantilever_tip_force(u):
    """Mattiasson's cantilever on a real steel bar: 1 m, 10 x 10 mm, dead tip force
    to P L^2/EI = 10 in ten increments; clamp reactions, section forces inside."""
    L, b = 1.0, 0.01
    EI = 210e9 * b ** 4 / 12
    P = 10 * EI / L ** 2
    s = head(u, "Cantilever under a dead tip force", cantilever_tip_force.__doc__)
    s += line_nodes(u, 1, (0, 0, 0), (L, 0, 0), 10)
    s += line_elems(1, 1, 10, "BAR")
    s += steel(u)
    s += "*BEAM SECTION, ELSET=BAR, MATERIAL=STEEL, SECTION=RECT\n%s, %s\n0, 0, 1\n" % (u.n(b, "L"), u.n(b, "L"))
    s += "*BOUNDARY\n1, ENCASTRE\n"
    s += "*PROBE, NAME=tip, NODE=11\nU, R\n*PROBE, NAME=clamp, NODE=1\nRF, RM\n"
    s += "*PROBE, NAME=cut, ELEMENT=4, POSITION=0.37\nX, N, M, NS, MS\n"
    s += "*PROBE, NAME=root, ELEMENT=1, POSITION=0\nN, M\n"
    s += "*STEP, NLGEOM\n*STATIC\n0.1, 1.0\n*CLOAD\n11, 2, %s\n" % u.n(P, "F")
    s += "*OUTPUT, FORMAT=VTK\n*END STEP\n"
    return s


def cantilever_end_moment(u):
    """A steel strip (0.5 m, 20 x 2 mm) rolled into a full circle by an end moment
    2 pi EI / L, in four increments (a quarter, half, three quarters, full circle)."""
    L, b, h = 0.5, 0.02, 0.002
    EI = 210e9 * b * h ** 3 / 12
    M = 2 * math.pi * EI / L
    s = head(u, "Strip rolled up by an end moment", cantilever_end_moment.__doc__)
    s += line_nodes(u, 1, (0, 0, 0), (L, 0, 0), 16)
    s += line_elems(1, 1, 16, "STRIP", "B2S")
    s += steel(u)
    s += "*BEAM SECTION, ELSET=STRIP, MATERIAL=STEEL, SECTION=RECT\n%s, %s\n0, 1, 0\n" % (u.n(b, "L"), u.n(h, "L"))
    s += "*BOUNDARY\n1, 1, 6\n"
    s += "*PROBE, NAME=tip, NODE=17\nX, R\n*PROBE, NAME=clamp, NODE=1\nRF, RM\n"
    s += "*PROBE, NAME=mid, ELEMENT=7, POSITION=0.5\nMS, NS\n"
    s += "*STEP\n*STATIC\n0.25, 1.0\n*CLOAD\n17, 5, %s\n" % u.n(-M, "F*L")
    s += "*OUTPUT, FORMAT=VTK\n*END STEP\n"
    return s


def cantilever_follower(u):
    """Aluminium tube cantilever (1.2 m, 40 x 3 mm) under a follower tip force that
    stays normal to the tip section, P L^2/EI = 5 in ten increments; the clamp reaction
    must balance the force in its current direction."""
    L, r, t = 1.2, 0.02, 0.003
    ri = r - t
    EI = 70e9 * math.pi * (r ** 4 - ri ** 4) / 4
    P = 5 * EI / L ** 2
    s = head(u, "Cantilever under a follower tip force", cantilever_follower.__doc__)
    s += line_nodes(u, 1, (0, 0, 0), (L, 0, 0), 12)
    s += line_elems(1, 1, 12, "TUBE")
    s += steel(u, "ALU", ALU)
    s += "*BEAM SECTION, ELSET=TUBE, MATERIAL=ALU, SECTION=PIPE\n%s, %s\n" % (u.n(r, "L"), u.n(t, "L"))
    s += "*BOUNDARY\n1, ENCASTRE\n"
    s += "*PROBE, NAME=tip, NODE=13\nX, U, Q\n*PROBE, NAME=clamp, NODE=1\nRF, RM\n"
    s += "*STEP\n*STATIC\n0.1, 1.0\n*CLOAD, FOLLOWER=YES\n13, 3, %s\n*END STEP\n" % u.n(P, "F")
    return s


def l_frame(u):
    """A steel L-frame: column 2 m (HEB-like I section) clamped at its foot, girder
    1.5 m; a dead load at the girder's end and a uniform load on the girder, small
    (linear range); reactions and the corner section forces."""
    H, A = 2.0, 1.5
    P, q = 2000.0, 1500.0
    s = head(u, "L-frame under a tip load and a line load", l_frame.__doc__)
    s += line_nodes(u, 1, (0, 0, 0), (0, H, 0), 8)
    s += "*NODE\n"
    for i in range(1, 7):
        s += "%d, %s, %s, 0\n" % (100 + i, u.n(A * i / 6, "L"), u.n(H, "L"))
    s += line_elems(1, 1, 8, "COLUMN", "B31")
    s += "*ELEMENT, TYPE=B31, ELSET=GIRDER\n11, 9, 101\n"
    for i in range(1, 6):
        s += "%d, %d, %d\n" % (11 + i, 100 + i, 101 + i)
    s += steel(u).replace("*ELASTIC\n", "*ELASTIC, TYPE=ISO\n")  # as CalculiX writes it
    # I section: l, h, b1, b2, t1, t2, t3 (symmetric: l = h/2), web in the frame's plane
    sec = (0.1, 0.2, 0.2, 0.2, 0.015, 0.015, 0.009)
    dims = ", ".join(u.n(v, "L") for v in sec)
    s += "*BEAM SECTION, ELSET=COLUMN, MATERIAL=STEEL, SECTION=I\n%s\n0, 0, 1\n" % dims
    s += "*BEAM SECTION, ELSET=GIRDER, MATERIAL=STEEL, SECTION=I\n%s\n0, 0, 1\n" % dims
    s += "*BOUNDARY\n1, ENCASTRE\n"
    s += "*PROBE, NAME=tip, NODE=106\nU\n*PROBE, NAME=foot, NODE=1\nRF, RM\n"
    s += "*PROBE, NAME=corner, ELEMENT=11, POSITION=0\nN, M\n"
    s += "*PROBE, NAME=girder, ELEMENT=13, POSITION=0.25\nX, N, M\n"
    s += "*STEP\n*STATIC\n*CLOAD\n106, 2, %s\n*DLOAD\nGIRDER, PY, %s\n" % (u.n(-P, "F"), u.n(-q, "F/L"))
    s += "*OUTPUT, FORMAT=VTK\n*END STEP\n"
    return s


def ss_udl(u):
    """A simply supported steel beam (4 m, rectangular 100 x 200 mm) under a uniform
    line load of 10 kN/m and its own weight; bending moment and shear along the span
    (VTK interior points) and the support reactions."""
    L, b, h, q = 4.0, 0.1, 0.2, 10e3
    s = head(u, "Simply supported beam under a uniform load", ss_udl.__doc__)
    s += line_nodes(u, 1, (0, 0, 0), (L, 0, 0), 8)
    s += line_elems(1, 1, 8, "BEAM", "B31")
    s += steel(u)
    s += "*BEAM SECTION, ELSET=BEAM, MATERIAL=STEEL, SECTION=RECT\n%s, %s\n0, 1, 0\n" % (u.n(b, "L"), u.n(h, "L"))
    s += "*BOUNDARY\n1, 1, 3\n1, 4, 4\n9, 2, 3\n"
    s += "*PROBE, NAME=left, NODE=1\nRF, RM\n*PROBE, NAME=right, NODE=9\nRF\n"
    s += "*PROBE, NAME=mid, NODE=5\nU\n"
    s += "*PROBE, NAME=quarter, ELEMENT=2, POSITION=0.5\nX, NS, MS\n"
    s += "*STEP\n*STATIC\n*DLOAD\nBEAM, PZ, %s\n*GRAVITY\n0, 0, %s\n" % (u.n(-q, "F/L"), u.n(-9.81, "L/T^2"))
    s += "*OUTPUT, FORMAT=VTK\n*END STEP\n"
    return s


def shallow_arch(u):
    """A shallow clamped circular steel arch (span 1 m, rise 30 mm, 20 x 10 mm) under a
    central point load, followed through its snap-through by arc length (Riks)."""
    S, f = 1.0, 0.03
    R = (S ** 2 / 4 + f ** 2) / (2 * f)
    a = math.asin(S / 2 / R)
    n = 20
    s = head(u, "Shallow arch snap-through", shallow_arch.__doc__)
    s += "*NODE\n"
    for i in range(n + 1):
        th = -a + 2 * a * i / n
        s += "%d, %s, %s, 0\n" % (i + 1, u.n(R * math.sin(th), "L"), u.n(R * math.cos(th) - (R - f), "L"))
    s += line_elems(1, 1, n, "ARCH")
    s += steel(u)
    s += "*BEAM SECTION, ELSET=ARCH, MATERIAL=STEEL, SECTION=RECT\n%s, %s\n0, 0, 1\n" % (u.n(0.02, "L"), u.n(0.01, "L"))
    s += "*BOUNDARY\n1, ENCASTRE\n21, ENCASTRE\n"
    s += "*PROBE, NAME=crown, NODE=11\nU\n*PROBE, NAME=left, NODE=1\nRF, RM\n*PROBE, NAME=right, NODE=21\nRF, RM\n"
    s += "*STEP, INC=60\n*STATIC, RIKS\n0.05, 20.0, , , , 11, 2, %s\n*CLOAD\n11, 2, %s\n*END STEP\n" % (
        u.n(-0.07, "L"), u.n(-1000.0, "F"))
    return s


def free_beam_impulse(u):
    """A free steel rod (1 m, 20 mm diameter) in space struck off centre by a short
    force pulse (50 N for 1 ms, falling to 0 in 0.1 ms: 0.0525 N s) across its axis;
    linear and angular momentum after the pulse are the impulse and its moment."""
    L, r = 1.0, 0.01
    s = head(u, "Free rod struck by a force pulse", free_beam_impulse.__doc__)
    s += line_nodes(u, 1, (0, 0, 0), (L, 0, 0), 10)
    s += line_elems(1, 1, 10, "ROD")
    s += steel(u)
    s += "*BEAM SECTION, ELSET=ROD, MATERIAL=STEEL, SECTION=CIRC\n%s\n" % u.n(r, "L")
    s += "*AMPLITUDE, NAME=PULSE\n0, 1, %s, 1, %s, 0\n" % (u.n(1e-3, "T"), u.n(1.1e-3, "T"))
    s += "*PROBE, NAME=end, NODE=11\nU, V\n"
    s += "*STEP\n*DYNAMIC\n%s, %s\n*CLOAD, AMPLITUDE=PULSE\n9, 2, %s\n" % (u.n(1e-4, "T"), u.n(0.02, "T"), u.n(50.0, "F"))
    s += "*OUTPUT, FORMAT=HISTORY, EVERY=10\n*END STEP\n"
    return s


def harmonic_cantilever(u):
    """A steel cantilever (0.8 m, 30 x 10 mm) shaken at its tip by a harmonic force of
    half its first natural frequency, from rest, for five load periods."""
    L, b, h = 0.8, 0.03, 0.01
    EI = 210e9 * b * h ** 3 / 12
    m = 7850 * b * h
    w1 = 1.8751040687 ** 2 * math.sqrt(EI / (m * L ** 4))
    w = 0.5 * w1
    s = head(u, "Cantilever under a harmonic tip force", harmonic_cantilever.__doc__)
    s += line_nodes(u, 1, (0, 0, 0), (L, 0, 0), 10)
    s += line_elems(1, 1, 10, "BAR")
    s += steel(u)
    s += "*BEAM SECTION, ELSET=BAR, MATERIAL=STEEL, SECTION=RECT\n%s, %s\n0, 1, 0\n" % (u.n(b, "L"), u.n(h, "L"))
    s += "*BOUNDARY\n1, ENCASTRE\n"
    s += "*AMPLITUDE, NAME=SHAKE, DEFINITION=PERIODIC\n1, %s, 0, 0\n0, 1\n" % u.n(w, "1/T")
    s += "*PROBE, NAME=tip, NODE=11\nU, V\n*PROBE, NAME=clamp, NODE=1\nRF, RM\n"
    T = 2 * math.pi / w
    s += "*STEP\n*DYNAMIC\n%s, %s\n*CLOAD, AMPLITUDE=SHAKE\n11, 3, %s\n*END STEP\n" % (
        u.n(T / 200, "T"), u.n(5 * T, "T"), u.n(20.0, "F"))
    return s


def freq_beam(u, support):
    """Natural frequencies of a steel beam (2 m, 40 x 20 mm), %s."""
    L, b, h = 2.0, 0.04, 0.02
    s = head(u, "Beam frequencies, %s" % support, freq_beam.__doc__ % support)
    s += line_nodes(u, 1, (0, 0, 0), (L, 0, 0), 20)
    s += line_elems(1, 1, 20, "BEAM")
    s += steel(u)
    s += "*BEAM SECTION, ELSET=BEAM, MATERIAL=STEEL, SECTION=RECT\n%s, %s\n0, 1, 0\n" % (u.n(b, "L"), u.n(h, "L"))
    if support == "clamped-free":
        s += "*BOUNDARY\n1, ENCASTRE\n"
        nm = 12
    elif support == "pinned-pinned":
        s += "*BOUNDARY\n1, PINNED\n1, 4, 4\n21, 2, 3\n"
        nm = 12
    else:
        nm = 18
    s += "*STEP\n*FREQUENCY\n%d\n*OUTPUT, FORMAT=VTK\n*END STEP\n" % nm
    return s


def freq_portal(u):
    """Natural frequencies of a steel portal frame (two 3 m columns, a 4 m girder, a
    square hollow section 100 x 100 x 5 mm), feet clamped."""
    H, B = 3.0, 4.0
    s = head(u, "Portal frame frequencies", freq_portal.__doc__)
    s += line_nodes(u, 1, (0, 0, 0), (0, 0, H), 6)
    s += "*NODE\n"
    for i in range(1, 8):
        s += "%d, %s, 0, %s\n" % (100 + i, u.n(B * i / 8, "L"), u.n(H, "L"))
    s += line_nodes(u, 201, (B, 0, H), (B, 0, 0), 6)
    s += line_elems(1, 1, 6, "FRAME")
    s += "*ELEMENT, TYPE=B2V, ELSET=FRAME\n11, 7, 101\n"
    for i in range(1, 7):
        s += "%d, %d, %d\n" % (11 + i, 100 + i, 101 + i)
    s += "18, 107, 201\n"
    s += line_elems(21, 201, 6, "FRAME")
    s += steel(u)
    sec = (0.1, 0.1, 0.005, 0.005, 0.005, 0.005)
    s += "*BEAM SECTION, ELSET=FRAME, MATERIAL=STEEL, SECTION=BOX\n%s\n0, 1, 0\n" % ", ".join(u.n(v, "L") for v in sec)
    s += "*BOUNDARY\n1, ENCASTRE\n207, ENCASTRE\n"
    s += "*STEP\n*FREQUENCY\n8\n*END STEP\n"
    return s


def particle_on_free_beam(u):
    """A 50 g steel ball (radius 12 mm) flies at 3 m/s against the middle of a free
    aluminium bar (0.6 m, 20 x 20 mm) in space, no gravity; Newton's law, e = 0.5."""
    L, b = 0.6, 0.02
    s = head(u, "Ball striking a free bar", particle_on_free_beam.__doc__)
    s += line_nodes(u, 1, (0, 0, 0), (L, 0, 0), 12, "BARN")
    s += line_elems(1, 1, 12, "BAR")
    s += steel(u, "ALU", ALU)
    s += "*BEAM SECTION, ELSET=BAR, MATERIAL=ALU, SECTION=RECT\n%s, %s\n0, 1, 0\n" % (u.n(b, "L"), u.n(b, "L"))
    s += "*NODE, NSET=BALL\n100, %s, 0, %s\n" % (u.n(0.22, "L"), u.n(0.05, "L"))
    s += "*PARTICLE, NSET=BALL, MASS=%s, RADIUS=%s\n" % (u.n(0.05, "M"), u.n(0.012, "L"))
    s += "*INITIAL CONDITIONS, TYPE=VELOCITY\n100, 3, %s\n" % u.n(-3.0, "L/T")
    s += "*CONTACT PAIR, LAW=NEWTON, RESTITUTION=0.5\nBALL, BAR\n"
    s += "*PROBE, NAME=ball, NODE=100\nV\n"
    s += "*STEP\n*DYNAMIC\n%s, %s\n*OUTPUT, FORMAT=HISTORY, EVERY=5\n*OUTPUT, FORMAT=CONTACT\n*END STEP\n" % (
        u.n(1e-4, "T"), u.n(0.03, "T"))
    return s


def box_drop_friction(u):
    """A steel box (200 x 100 x 50 mm, 7.85 kg) dropped from 20 mm onto the floor while
    sliding at 2 m/s; four corner contacts, Newton e = 0, Coulomb mu = 0.3.  After the
    landing it slides to rest with the deceleration mu g."""
    a, b, c = 0.2, 0.1, 0.05
    m = 7850 * a * b * c
    I = (m * (b * b + c * c) / 12, m * (a * a + c * c) / 12, m * (a * a + b * b) / 12)
    s = head(u, "Box dropped onto a floor with friction", box_drop_friction.__doc__)
    s += "*NODE, NSET=BOX\n1, 0, 0, %s\n" % u.n(c / 2 + 0.02, "L")
    s += "*RIGID BODY, NODE=1, MASS=%s\n%s, %s, %s\n" % (u.n(m, "M"), *(u.n(v, "M*L^2") for v in I))
    s += "*OBSTACLE, NAME=FLOOR, TYPE=PLANE\n0, 0, 0, 0, 0, 1\n"
    s += "*CONTACT POINTS, NAME=CORNERS, LAYOUT=LIST\n"
    for sx in (1, -1):
        for sy in (1, -1):
            s += "%s, %s, %s\n" % (u.n(sx * a / 2, "L"), u.n(sy * b / 2, "L"), u.n(-c / 2, "L"))
    s += "*CONTACT PAIR, LAW=NEWTON, FRICTION=0.3, POINTS=CORNERS\nBOX, FLOOR\n"
    s += "*INITIAL CONDITIONS, TYPE=VELOCITY\n1, 1, %s\n" % u.n(2.0, "L/T")
    s += "*GRAVITY\n0, 0, %s\n" % u.n(-9.81, "L/T^2")
    s += "*PROBE, NAME=box, NODE=1\nX, V, R\n"
    s += "*STEP\n*DYNAMIC\n%s, %s\n*OUTPUT, FORMAT=HISTORY, EVERY=10\n*END STEP\n" % (u.n(1e-3, "T"), u.n(1.0, "T"))
    return s


def pendulum(u):
    """A compound pendulum: a steel bar (0.5 m, 2 kg) on a revolute joint at one end,
    released from 10 degrees under gravity."""
    Lb, m = 0.5, 2.0
    th0 = math.radians(10.0)
    d = Lb / 2
    Ic = m * Lb ** 2 / 12
    s = head(u, "Compound pendulum on a hinge", pendulum.__doc__)
    cx, cy = d * math.sin(th0), -d * math.cos(th0)
    s += "*NODE\n1, 0, 0, 0\n2, %s, %s, 0\n" % (u.n(cx, "L"), u.n(cy, "L"))
    s += "*RIGID BODY, NODE=2, MASS=%s\n%s, %s, %s\n" % (u.n(m, "M"), u.n(Ic / 100, "M*L^2"), u.n(Ic, "M*L^2"), u.n(Ic, "M*L^2"))
    s += "*JOINT, TYPE=REVOLUTE\n1, 2, 0, 0, 0, 0, 0, 1\n"
    s += "*GRAVITY\n0, %s, 0\n" % u.n(-9.81, "L/T^2")
    s += "*PROBE, NAME=bob, NODE=2\nX, W\n"
    s += "*STEP\n*DYNAMIC\n%s, %s\n*END STEP\n" % (u.n(1e-3, "T"), u.n(3.0, "T"))
    return s


def modal_cantilever(u):
    """A steel cantilever (1 m, 40 x 10 mm) loaded suddenly at its tip by 100 N,
    integrated in 6 modal coordinates without damping: the tip swings about the
    static deflection between 0 and twice it."""
    L, b, h = 1.0, 0.04, 0.01
    s = head(u, "Cantilever, sudden tip load, modal dynamics", modal_cantilever.__doc__)
    s += line_nodes(u, 1, (0, 0, 0), (L, 0, 0), 10)
    s += line_elems(1, 1, 10, "BAR")
    s += steel(u)
    s += "*BEAM SECTION, ELSET=BAR, MATERIAL=STEEL, SECTION=RECT\n%s, %s\n0, 1, 0\n" % (u.n(b, "L"), u.n(h, "L"))
    s += "*BOUNDARY\n1, ENCASTRE\n"
    s += "*PROBE, NAME=tip, NODE=11\nU\n"
    s += "*STEP\n*MODAL DYNAMIC, MODES=6\n%s, %s\n*CLOAD\n11, 3, %s\n*END STEP\n" % (
        u.n(2e-4, "T"), u.n(0.2, "T"), u.n(-100.0, "F"))
    return s


def modal_settle(u):
    """The steel cantilever of modal_cantilever.inp loaded suddenly by 100 N at its tip, in
    6 modal coordinates with mass-proportional damping (ALPHA = 60 1/s, half the critical
    damping of the first mode): it settles on the static deflection; clamp reactions, the
    section forces at the middle of element 5 and in the VTK frames."""
    L, b, h = 1.0, 0.04, 0.01
    s = head(u, "Cantilever, sudden tip load, damped modal dynamics", modal_settle.__doc__)
    s += line_nodes(u, 1, (0, 0, 0), (L, 0, 0), 10)
    s += line_elems(1, 1, 10, "BAR")
    s += steel(u)
    s += "*BEAM SECTION, ELSET=BAR, MATERIAL=STEEL, SECTION=RECT\n%s, %s\n0, 1, 0\n" % (u.n(b, "L"), u.n(h, "L"))
    s += "*BOUNDARY\n1, ENCASTRE\n"
    s += "*PROBE, NAME=tip, NODE=11\nU\n*PROBE, NAME=clamp, NODE=1\nRF, RM\n"
    s += "*PROBE, NAME=mid, ELEMENT=5, POSITION=0.5\nNS, MS\n"
    s += "*STEP\n*MODAL DYNAMIC, MODES=6, ALPHA=%s\n%s, %s\n*CLOAD\n11, 3, %s\n" % (
        u.n(60.0, "1/T"), u.n(2e-4, "T"), u.n(0.4, "T"), u.n(-100.0, "F"))
    s += "*OUTPUT, FORMAT=VTK, EVERY=500\n*END STEP\n"
    return s


def self_weight(u):
    """A steel cantilever (3 m, pipe 60 x 4 mm) under its own weight, in one static
    step; clamp reactions against the weight and its moment."""
    L, r, t = 3.0, 0.03, 0.004
    s = head(u, "Cantilever under its own weight", self_weight.__doc__)
    s += line_nodes(u, 1, (0, 0, 0), (L, 0, 0), 12)
    s += line_elems(1, 1, 12, "PIPE", "B2S")
    s += steel(u)
    s += "*BEAM SECTION, ELSET=PIPE, MATERIAL=STEEL, SECTION=PIPE\n%s, %s\n" % (u.n(r, "L"), u.n(t, "L"))
    s += "*BOUNDARY\n1, ENCASTRE\n"
    s += "*PROBE, NAME=tip, NODE=13\nU\n*PROBE, NAME=clamp, NODE=1\nRF, RM\n"
    s += "*PROBE, NAME=third, ELEMENT=4, POSITION=0.0\nX, N, M\n"
    s += "*STEP\n*STATIC\n*GRAVITY\n0, 0, %s\n*END STEP\n" % u.n(-9.81, "L/T^2")
    return s


def hertz_ball_on_strip(u):
    """A 30 mm steel ball (0.11 kg) thrown from 50 mm above the middle of a simply supported
    steel strip (0.6 m, 30 x 3 mm) at 0.5 m/s along it, under gravity; Hertz contact
    (c = 1e9 N/m^1.5, Hunt-Crossley damping 0.2 s/m; friction with a compliant law needs a
    rigid master, docs/deck.md)."""
    L, b, t = 0.6, 0.03, 0.003
    s = head(u, "Ball dropped on a strip, Hertz contact", hertz_ball_on_strip.__doc__)
    s += line_nodes(u, 1, (0, 0, 0), (L, 0, 0), 12, "STRIPN")
    s += line_elems(1, 1, 12, "STRIP")
    s += steel(u)
    s += "*BEAM SECTION, ELSET=STRIP, MATERIAL=STEEL, SECTION=RECT\n%s, %s\n0, 1, 0\n" % (u.n(b, "L"), u.n(t, "L"))
    s += "*BOUNDARY\n1, PINNED\n1, 4, 4\n13, 2, 3\n"
    s += "*NODE, NSET=BALL\n100, %s, 0, %s\n" % (u.n(0.3, "L"), u.n(0.015 + 0.0015 + 0.05, "L"))
    s += "*PARTICLE, NSET=BALL, MASS=%s, RADIUS=%s\n" % (u.n(0.11, "M"), u.n(0.015, "L"))
    s += "*INITIAL CONDITIONS, TYPE=VELOCITY\n100, 1, %s\n" % u.n(0.5, "L/T")
    s += ("*CONTACT PAIR, LAW=HERTZ, STIFFNESS=%s, DAMPING=%s\nBALL, STRIP\n"
          % (u.n(1e9, "F/L^1.5"), u.n(0.2, "T/L")))
    s += "*GRAVITY\n0, 0, %s\n" % u.n(-9.81, "L/T^2")
    s += "*PROBE, NAME=ball, NODE=100\nX, V\n*PROBE, NAME=mid, NODE=7\nU\n"
    s += "*STEP\n*DYNAMIC\n%s, %s\n*OUTPUT, FORMAT=HISTORY, EVERY=5\n*OUTPUT, FORMAT=CONTACT\n*END STEP\n" % (
        u.n(2e-4, "T"), u.n(0.15, "T"))
    return s


def prestressed_string(u):
    """A steel wire (2 m, 2 mm diameter) pulled by 2 kN between two pins, then its
    frequencies: nearly those of a taut string, (n pi / L) sqrt(T / rho A), raised a little
    by the bending stiffness."""
    L, r, T = 2.0, 0.001, 2000.0
    s = head(u, "Taut wire: tension, then frequencies", prestressed_string.__doc__)
    s += line_nodes(u, 1, (0, 0, 0), (L, 0, 0), 40)
    s += line_elems(1, 1, 40, "WIRE")
    s += steel(u)
    s += "*BEAM SECTION, ELSET=WIRE, MATERIAL=STEEL, SECTION=CIRC\n%s\n" % u.n(r, "L")
    s += "*BOUNDARY\n1, PINNED\n1, 4, 4\n41, 2, 3\n"
    s += "*PROBE, NAME=end, NODE=41\nU\n*PROBE, NAME=anchor, NODE=1\nRF\n"
    s += "*STEP, NAME=Tension\n*STATIC\n*CLOAD\n41, 1, %s\n*END STEP\n" % u.n(T, "F")
    s += "*STEP, NAME=Modes\n*FREQUENCY\n8\n*END STEP\n"
    return s


def distributed_moment(u):
    """A steel cantilever (1.5 m, 50 x 50 mm) under a distributed moment of 200 N m/m about
    the global Y axis (*DLOAD MY) and a small dead tip force; reactions and the tip."""
    L, b = 1.5, 0.05
    s = head(u, "Cantilever under a distributed moment", distributed_moment.__doc__)
    s += line_nodes(u, 1, (0, 0, 0), (L, 0, 0), 6)
    s += line_elems(1, 1, 6, "BAR")
    s += steel(u)
    s += "*BEAM SECTION, ELSET=BAR, MATERIAL=STEEL, SECTION=RECT\n%s, %s\n0, 1, 0\n" % (u.n(b, "L"), u.n(b, "L"))
    s += "*BOUNDARY\n1, ENCASTRE\n"
    s += "*PROBE, NAME=tip, NODE=7\nU, R\n*PROBE, NAME=clamp, NODE=1\nRF, RM\n"
    s += "*PROBE, NAME=mid, ELEMENT=3, POSITION=0.5\nX, M\n"
    s += "*STEP\n*STATIC\n*DLOAD\nBAR, MY, %s\n*CLOAD\n7, 3, %s\n*END STEP\n" % (u.n(200.0, "F*L/L"), u.n(-100.0, "F"))
    return s


def particle_in_element(u):
    """A 5 kg mass hung at the middle of the middle element of a simply supported steel
    beam (3 m, 5 elements, 60 x 120 mm; *JOINT, TYPE=ELEMENT POINT), under gravity:
    reactions and midspan deflection."""
    L, b, hh = 3.0, 0.06, 0.12
    s = head(u, "Mass inside a beam element", particle_in_element.__doc__)
    s += line_nodes(u, 1, (0, 0, 0), (L, 0, 0), 5)
    s += line_elems(1, 1, 5, "BEAM")
    s += steel(u)
    s += "*BEAM SECTION, ELSET=BEAM, MATERIAL=STEEL, SECTION=RECT\n%s, %s\n0, 1, 0\n" % (u.n(b, "L"), u.n(hh, "L"))
    s += "*NODE\n100, %s, 0, 0\n*PARTICLE, NODE=100, MASS=%s\n" % (u.n(L / 2, "L"), u.n(5.0, "M"))
    s += "*JOINT, TYPE=ELEMENT POINT\n100, 3, 0.5\n"
    s += "*BOUNDARY\n1, PINNED\n1, 4, 4\n6, 2, 3\n"
    s += "*PROBE, NAME=left, NODE=1\nRF\n*PROBE, NAME=right, NODE=6\nRF\n*PROBE, NAME=mass, NODE=100\nU\n"
    s += "*STEP\n*STATIC\n*GRAVITY\n0, 0, %s\n*END STEP\n" % u.n(-9.81, "L/T^2")
    return s


def ccx_cantilever(u):
    """A cantilever written as a CalculiX user writes it: B32 elements (1 m, 4 elements,
    20 x 40 mm steel), *ELASTIC, TYPE=ISO, a *STATIC step without a data line, *NODE PRINT
    and *EL PRINT for the tip, the clamp reaction and the section forces, a 1 kN tip load
    across the strong axis and 200 N along the beam."""
    L, b, hh = 1.0, 0.02, 0.04
    s = head(u, "CalculiX-style cantilever", ccx_cantilever.__doc__)
    s += "*NODE, NSET=NALL\n"
    for i in range(9):
        s += "%d, %s, 0, 0\n" % (i + 1, u.n(L * i / 8, "L"))
    s += "*NSET, NSET=FIX\n1\n*NSET, NSET=TIP\n9\n"
    s += "*ELEMENT, TYPE=B32, ELSET=EALL\n"
    for e in range(4):
        s += "%d, %d, %d, %d\n" % (e + 1, 2 * e + 1, 2 * e + 2, 2 * e + 3)
    s += steel(u).replace("*ELASTIC\n", "*ELASTIC, TYPE=ISO\n")
    # (the section axis as CalculiX's examples write it, with Fortran's D exponent)
    s += "*BEAM SECTION, ELSET=EALL, MATERIAL=STEEL, SECTION=RECT\n%s, %s\n0.d0, 1.d0, 0.d0\n" % (u.n(b, "L"), u.n(hh, "L"))
    s += "*BOUNDARY\nFIX, 1, 6\n"
    s += "*STEP, NLGEOM\n*STATIC\n*CLOAD\nTIP, 3, %s\nTIP, 1, %s\n" % (u.n(-1000.0, "F"), u.n(200.0, "F"))
    s += "*NODE PRINT, NSET=TIP\nU\n*NODE PRINT, NSET=FIX\nRF, RM\n*EL PRINT, ELSET=EALL\nSF, SM\n*END STEP\n"
    return s


def three_hinged_frame(u):
    """Two steel tubes (60 x 4 mm) leaning against each other: pinned at their feet 4 m
    apart, hinged together at the apex 1.5 m up (*JOINT, TYPE=REVOLUTE between the two
    members' end nodes), a 20 kN load on the apex; a statically determinate frame: the
    feet's thrust P a / (2 f), the bars' axial force."""
    a, f, P = 2.0, 1.5, 20e3
    s = head(u, "Three-hinged frame", three_hinged_frame.__doc__)
    s += line_nodes(u, 1, (0, 0, 0), (a, f, 0), 6)
    s += line_nodes(u, 11, (2 * a, 0, 0), (a, f, 0), 6)
    s += line_elems(1, 1, 6, "LEFT")
    s += line_elems(11, 11, 6, "RIGHT")
    s += steel(u)
    for part in ("LEFT", "RIGHT"):
        s += "*BEAM SECTION, ELSET=%s, MATERIAL=STEEL, SECTION=PIPE\n%s, %s\n0, 0, 1\n" % (
            part, u.n(0.03, "L"), u.n(0.004, "L"))
    s += "*JOINT, TYPE=REVOLUTE\n7, 17, %s, %s, 0, 0, 0, 1\n" % (u.n(a, "L"), u.n(f, "L"))
    s += "*BOUNDARY\n1, 1, 5\n11, 1, 5\n7, 3, 5\n"
    s += "*PROBE, NAME=left, NODE=1\nRF\n*PROBE, NAME=right, NODE=11\nRF\n*PROBE, NAME=apex, NODE=7\nU\n"
    s += "*PROBE, NAME=bar, ELEMENT=3, POSITION=0.5\nNS, MS\n"
    s += "*STEP\n*STATIC\n*CLOAD\n7, 2, %s\n*END STEP\n" % u.n(-P, "F")
    return s


def driven_disk(u):
    """A steel disk (200 mm diameter, 20 mm thick, 4.93 kg) lying on the floor on three
    contact points on a ring of radius 80 mm (Coulomb mu = 0.3), turned about its axis at
    a constant 10 rad/s by a driven rotation (*BOUNDARY with an amplitude): the support's
    reaction moment is the friction torque mu m g R at every increment."""
    r, t, R = 0.1, 0.02, 0.08
    m = 7850 * math.pi * r * r * t
    Jx, Jz = m * (3 * r * r + t * t) / 12, m * r * r / 2
    s = head(u, "Disk driven against friction", driven_disk.__doc__)
    s += "*NODE, NSET=DISK\n1, 0, 0, %s\n" % u.n(t / 2, "L")
    s += "*RIGID BODY, NODE=1, MASS=%s\n%s, %s, %s\n" % (u.n(m, "M"), u.n(Jx, "M*L^2"), u.n(Jx, "M*L^2"),
                                                         u.n(Jz, "M*L^2"))
    s += "*OBSTACLE, NAME=FLOOR, TYPE=PLANE\n0, 0, 0, 0, 0, 1\n"
    s += "*CONTACT POINTS, NAME=PAD, LAYOUT=RING\n0, 0, %s, 0, 0, 1, %s, 3\n" % (u.n(-t / 2, "L"), u.n(R, "L"))
    s += "*CONTACT PAIR, LAW=NEWTON, FRICTION=0.3, POINTS=PAD\nDISK, FLOOR\n"
    s += "*AMPLITUDE, NAME=PHI\n0, 0, %s, 10\n" % u.n(1.0, "T")
    s += "*BOUNDARY\n1, 1, 2\n1, 4, 5\n*BOUNDARY, AMPLITUDE=PHI\n1, 6, 6, 1\n"
    s += "*GRAVITY\n0, 0, %s\n" % u.n(-9.81, "L/T^2")
    s += "*PROBE, NAME=disk, NODE=1\nX, W, RF, RM\n"
    s += dynamic_step(u, 1e-3, 0.5)
    return s


def rolling_sphere(u):
    """A steel ball (100 mm diameter, 4.11 kg) set down on the floor sliding at 2 m/s without
    spin (Coulomb mu = 0.2): it slides while friction slows it and spins it up, and rolls on at
    5/7 of the speed from t = 2 v0 / (7 mu g) on; a model of one node."""
    r, v0 = 0.05, 2.0
    m = 7850 * 4 / 3 * math.pi * r ** 3
    J = 0.4 * m * r * r
    s = head(u, "Ball sliding into rolling", rolling_sphere.__doc__)
    s += "*NODE, NSET=BALL\n1, 0, 0, %s\n" % u.n(r, "L")
    s += "*RIGID BODY, NODE=1, MASS=%s\n%s, %s, %s\n" % (u.n(m, "M"), *(u.n(J, "M*L^2") for _ in range(3)))
    s += "*OBSTACLE, NAME=FLOOR, TYPE=PLANE\n0, 0, 0, 0, 0, 1\n"
    s += "*CONTACT PAIR, LAW=NEWTON, FRICTION=0.2, SLAVE RADIUS=%s\nBALL, FLOOR\n" % u.n(r, "L")
    s += "*INITIAL CONDITIONS, TYPE=VELOCITY\n1, 1, %s\n" % u.n(v0, "L/T")
    s += "*GRAVITY\n0, 0, %s\n" % u.n(-9.81, "L/T^2")
    s += "*PROBE, NAME=ball, NODE=1\nX, V, W\n"
    s += "*STEP\n*DYNAMIC\n%s, %s\n*OUTPUT, FORMAT=HISTORY, EVERY=1\n*END STEP\n" % (u.n(1e-3, "T"), u.n(0.5, "T"))
    return s


def incline_box(u):
    """A steel box (200 x 100 x 50 mm, 7.85 kg) set down at rest on a plane inclined at 30
    degrees (Coulomb mu = 0.3 on four corner contacts), turned with the plane: it slides down
    with x(t) = g (sin a - mu cos a) t^2 / 2 along the slope."""
    a, b, c = 0.2, 0.1, 0.05
    m = 7850 * a * b * c
    I = (m * (b * b + c * c) / 12, m * (a * a + c * c) / 12, m * (a * a + b * b) / 12)
    al = math.radians(30.0)
    # the plane through the origin, normal n = (sin a, 0, cos a): it falls towards +x; the box's
    # centre c/2 above it, its body frame turned by a about y (body z along n)
    n = (math.sin(al), 0.0, math.cos(al))
    s = head(u, "Box sliding down an incline", incline_box.__doc__)
    s += "*NODE, NSET=BOX\n1, %s, 0, %s\n" % (u.n(n[0] * c / 2, "L"), u.n(n[2] * c / 2, "L"))
    s += "*RIGID BODY, NODE=1, MASS=%s\n%s, %s, %s\n" % (u.n(m, "M"), *(u.n(v, "M*L^2") for v in I))
    s += "*INITIAL CONDITIONS, TYPE=ROTATION\n1, 0, %.15g, 0\n" % al
    s += "*OBSTACLE, NAME=SLOPE, TYPE=PLANE\n0, 0, 0, %.15g, 0, %.15g\n" % (n[0], n[2])
    s += "*CONTACT POINTS, NAME=CORNERS, LAYOUT=LIST\n"
    for sx in (1, -1):
        for sy in (1, -1):
            s += "%s, %s, %s\n" % (u.n(sx * a / 2, "L"), u.n(sy * b / 2, "L"), u.n(-c / 2, "L"))
    s += "*CONTACT PAIR, LAW=NEWTON, FRICTION=0.3, POINTS=CORNERS\nBOX, SLOPE\n"
    s += "*GRAVITY\n0, 0, %s\n" % u.n(-9.81, "L/T^2")
    s += "*PROBE, NAME=box, NODE=1\nX, V, R\n"
    s += "*STEP\n*DYNAMIC\n%s, %s\n*OUTPUT, FORMAT=HISTORY, EVERY=10\n*END STEP\n" % (u.n(1e-3, "T"), u.n(0.5, "T"))
    return s


def pendulum_stop(u):
    """A steel bar (0.5 m, 20 x 20 mm, 1.57 kg) hinged at one end by supports (the
    translations and two rotations held), released horizontally under gravity, swings down
    and strikes a stop (the plane y = -0.3 m) with its tip: Newton's law, e = 0.5.  The
    hinge's reaction, gravity and the stop's impulses balance the bar's momentum."""
    L, b = 0.5, 0.02
    s = head(u, "Pendulum bar striking a stop", pendulum_stop.__doc__)
    s += line_nodes(u, 1, (0, 0, 0), (L, 0, 0), 10)
    s += "*NSET, NSET=TIP\n11\n"
    s += line_elems(1, 1, 10, "BAR")
    s += steel(u)
    s += "*BEAM SECTION, ELSET=BAR, MATERIAL=STEEL, SECTION=RECT\n%s, %s\n0, 0, 1\n" % (u.n(b, "L"), u.n(b, "L"))
    s += "*BOUNDARY\n1, 1, 3\n1, 4, 5\n"
    s += "*OBSTACLE, NAME=STOP, TYPE=PLANE\n0, %s, 0, 0, 1, 0\n" % u.n(-0.3, "L")
    s += "*CONTACT PAIR, LAW=NEWTON, RESTITUTION=0.5\nTIP, STOP\n"
    s += "*GRAVITY\n0, %s, 0\n" % u.n(-9.81, "L/T^2")
    s += "*PROBE, NAME=hinge, NODE=1\nRF\n*PROBE, NAME=tip, NODE=11\nX, V\n"
    s += "*STEP\n*DYNAMIC\n%s, %s\n*OUTPUT, FORMAT=HISTORY, EVERY=1\n*OUTPUT, FORMAT=CONTACT\n*END STEP\n" % (
        u.n(2e-4, "T"), u.n(0.25, "T"))
    return s


def modal_stop(u):
    """The steel cantilever of modal_cantilever (1 m, 40 x 10 mm) loaded suddenly at its tip
    by 100 N in 6 modal coordinates, its tip stopped 30 mm down (static deflection 47.6 mm)
    by a plane obstacle (Newton's law, the default e = 0): the tip lands on the stop and
    stays on it, no energy is gained."""
    L, b, h = 1.0, 0.04, 0.01
    s = head(u, "Cantilever striking a stop, modal dynamics", modal_stop.__doc__)
    s += line_nodes(u, 1, (0, 0, 0), (L, 0, 0), 10)
    s += "*NSET, NSET=TIP\n11\n"
    s += line_elems(1, 1, 10, "BAR")
    s += steel(u)
    s += "*BEAM SECTION, ELSET=BAR, MATERIAL=STEEL, SECTION=RECT\n%s, %s\n0, 1, 0\n" % (u.n(b, "L"), u.n(h, "L"))
    s += "*BOUNDARY\n1, ENCASTRE\n"
    s += "*OBSTACLE, NAME=STOP, TYPE=PLANE\n0, 0, %s, 0, 0, 1\n" % u.n(-0.035, "L")
    s += "*CONTACT PAIR, LAW=NEWTON\nTIP, STOP\n"
    s += "*PROBE, NAME=tip, NODE=11\nU\n"
    s += "*STEP\n*MODAL DYNAMIC, MODES=6\n%s, %s\n*CLOAD\n11, 3, %s\n" % (u.n(2e-4, "T"), u.n(0.2, "T"), u.n(-100.0, "F"))
    s += "*OUTPUT, FORMAT=HISTORY, EVERY=5\n*OUTPUT, FORMAT=CONTACT, EVERY=5\n*END STEP\n"
    return s


def ball_drop_beam(u):
    """A 0.1 kg steel ball (radius 15 mm) dropped from 50 mm onto the middle of a simply
    supported steel beam (1 m, 20 x 20 mm, 3.14 kg) under gravity; Newton's law with the
    default e = 0.  The supports' impulses and gravity balance the momentum."""
    L, b = 1.0, 0.02
    s = head(u, "Ball dropped on a simply supported beam", ball_drop_beam.__doc__)
    s += line_nodes(u, 1, (0, 0, 0), (L, 0, 0), 12, "BEAMN")
    s += line_elems(1, 1, 12, "BEAM")
    s += steel(u)
    s += "*BEAM SECTION, ELSET=BEAM, MATERIAL=STEEL, SECTION=RECT\n%s, %s\n0, 1, 0\n" % (u.n(b, "L"), u.n(b, "L"))
    s += "*BOUNDARY\n1, PINNED\n1, 4, 4\n13, 2, 3\n"
    s += "*NODE, NSET=BALL\n100, %s, 0, %s\n" % (u.n(0.5, "L"), u.n(0.015 + 0.01 + 0.05, "L"))
    s += "*PARTICLE, NSET=BALL, MASS=%s, RADIUS=%s\n" % (u.n(0.1, "M"), u.n(0.015, "L"))
    s += "*CONTACT PAIR, LAW=NEWTON\nBALL, BEAM\n"
    s += "*GRAVITY\n0, 0, %s\n" % u.n(-9.81, "L/T^2")
    s += "*PROBE, NAME=a, NODE=1\nRF\n*PROBE, NAME=b, NODE=13\nRF\n*PROBE, NAME=ball, NODE=100\nX, V\n"
    s += "*STEP\n*DYNAMIC\n%s, %s\n*OUTPUT, FORMAT=HISTORY, EVERY=1\n*OUTPUT, FORMAT=CONTACT\n*END STEP\n" % (
        u.n(2e-4, "T"), u.n(0.15, "T"))
    return s


FOUR_BAR = {"A": (0.0, 0.0), "D": (0.25, 0.0), "a": 0.1, "b": 0.3, "c": 0.2, "s": 0.02}


def four_bar_points():
    """Joint points A, B, C, D (SI, plane z = 0) of four_bar: the crank AB upright, C closing
    the loop above the ground AD."""
    a, b, c = FOUR_BAR["a"], FOUR_BAR["b"], FOUR_BAR["c"]
    A, D = FOUR_BAR["A"], FOUR_BAR["D"]
    B = (0.0, a)
    # C on the circles |C - B| = b and |C - D| = c, the upper one
    dx, dy = D[0] - B[0], D[1] - B[1]
    d = math.hypot(dx, dy)
    l = (b * b - c * c + d * d) / (2 * d)
    k = math.sqrt(b * b - l * l)
    C = (B[0] + l * dx / d - k * dy / d, B[1] + l * dy / d + k * dx / d)
    return A, B, C, D


def four_bar(u):
    """A planar four-bar linkage of steel bars (20 x 20 mm; crank 100 mm, coupler 300 mm,
    rocker 200 mm, ground 250 mm) as rigid bodies, hinged to the ground by revolute joints
    and to each other by spherical joints (a planar loop of four revolute joints is
    redundant in space), released from rest under gravity: the loop stays closed and the
    energy is kept."""
    A, B, C, D = four_bar_points()
    sq = FOUR_BAR["s"]
    s = head(u, "Four-bar linkage under gravity", four_bar.__doc__)
    s += "*NODE\n1, %s, %s, 0\n2, %s, %s, 0\n" % (u.n(A[0], "L"), u.n(A[1], "L"), u.n(D[0], "L"), u.n(D[1], "L"))
    for lab, (P, Q) in ((11, (A, B)), (12, (B, C)), (13, (C, D))):
        l = math.hypot(Q[0] - P[0], Q[1] - P[1])
        m = 7850 * sq * sq * l
        It, Ia = m * l * l / 12, m * sq * sq / 6
        ux, uy = (Q[0] - P[0]) / l, (Q[1] - P[1]) / l
        # J = It (I - u u^T) + Ia u u^T; the motion turns about z only, where it is It
        J = (It + (Ia - It) * ux * ux, It + (Ia - It) * uy * uy, It, (Ia - It) * ux * uy, 0.0, 0.0)
        s += "*NODE\n%d, %s, %s, 0\n" % (lab, u.n((P[0] + Q[0]) / 2, "L"), u.n((P[1] + Q[1]) / 2, "L"))
        s += "*RIGID BODY, NODE=%d, MASS=%s\n%s\n" % (lab, u.n(m, "M"), ", ".join(u.n(v, "M*L^2") for v in J))
    s += "*JOINT, TYPE=REVOLUTE\n1, 11, %s, %s, 0, 0, 0, 1\n13, 2, %s, %s, 0, 0, 0, 1\n" % (
        u.n(A[0], "L"), u.n(A[1], "L"), u.n(D[0], "L"), u.n(D[1], "L"))
    s += "*JOINT, TYPE=SPHERICAL\n11, 12, %s, %s, 0\n12, 13, %s, %s, 0\n" % (
        u.n(B[0], "L"), u.n(B[1], "L"), u.n(C[0], "L"), u.n(C[1], "L"))
    s += "*GRAVITY\n0, %s, 0\n" % u.n(-9.81, "L/T^2")
    s += "*PROBE, NAME=crank, NODE=11\nX, Q\n*PROBE, NAME=coupler, NODE=12\nX, Q\n*PROBE, NAME=rocker, NODE=13\nX, Q\n"
    s += "*STEP\n*DYNAMIC\n%s, %s\n*OUTPUT, FORMAT=HISTORY, EVERY=10\n*END STEP\n" % (u.n(1e-3, "T"), u.n(2.0, "T"))
    return s


def driven_slider(u):
    """A 2 kg steel ball (radius 40 mm) resting on the floor (Coulomb mu = 0.3), pushed along
    it at a constant 0.5 m/s by a driven support (*BOUNDARY with a TABULAR amplitude from
    t = 0): the support's reaction is the friction force mu m g at every increment."""
    r, m = 0.04, 2.0
    s = head(u, "Ball pushed along a floor", driven_slider.__doc__)
    s += "*NODE, NSET=BALL\n1, 0, 0, %s\n" % u.n(r, "L")
    s += "*PARTICLE, NSET=BALL, MASS=%s, RADIUS=%s\n" % (u.n(m, "M"), u.n(r, "L"))
    s += "*OBSTACLE, NAME=FLOOR, TYPE=PLANE\n0, 0, 0, 0, 0, 1\n"
    s += "*CONTACT PAIR, LAW=NEWTON, FRICTION=0.3\nBALL, FLOOR\n"
    s += "*AMPLITUDE, NAME=PUSH\n0, 0, %s, %s\n" % (u.n(1.0, "T"), u.n(0.5, "L"))
    s += "*BOUNDARY\n1, 2, 2\n*BOUNDARY, AMPLITUDE=PUSH\n1, 1, 1, 1\n"
    s += "*GRAVITY\n0, 0, %s\n" % u.n(-9.81, "L/T^2")
    s += "*PROBE, NAME=ball, NODE=1\nX, V, RF\n"
    s += dynamic_step(u, 1e-3, 0.3)
    return s


def pushed_mass(u):
    """A 2 kg mass pushed at a constant 0.5 m/s against a constant 3 N load by a driven
    support (*BOUNDARY with a TABULAR amplitude from t = 0), no contact, no gravity: the
    support's reaction is the load at every increment."""
    s = head(u, "Mass pushed against a load", pushed_mass.__doc__)
    s += "*NODE\n1, 0, 0, 0\n*PARTICLE, NODE=1, MASS=%s\n" % u.n(2.0, "M")
    s += "*AMPLITUDE, NAME=PUSH\n0, 0, %s, %s\n" % (u.n(1.0, "T"), u.n(0.5, "L"))
    s += "*BOUNDARY\n1, 2, 3\n*BOUNDARY, AMPLITUDE=PUSH\n1, 1, 1, 1\n"
    s += "*CLOAD\n1, 1, %s\n" % u.n(-3.0, "F")
    s += "*PROBE, NAME=mass, NODE=1\nX, V, RF\n"
    s += "*STEP\n*DYNAMIC\n%s, %s\n*OUTPUT, FORMAT=HISTORY, EVERY=1\n*END STEP\n" % (u.n(1e-2, "T"), u.n(0.5, "T"))
    return s


def steel_static(u, name="STEEL", mat=STEEL):
    """A material as a static analysis needs it: no *DENSITY."""
    E, nu, _ = mat
    return "*MATERIAL, NAME=%s\n*ELASTIC\n%s, %g\n" % (name, u.n(E, "F/L^2"), nu)


QR = dict(R=1.0, r=0.02, t=0.003, n=24, P=10.0)


def quarter_ring(u):
    """A quarter ring (radius 1 m, steel tube 40 x 3 mm, 24 straight elements) clamped at
    one end and loaded at the other by a 10 N force along the chord direction and across
    the ring's plane, in two increments; section forces at element points against the
    free-body cut."""
    R, r, t, n, P = QR["R"], QR["r"], QR["t"], QR["n"], QR["P"]
    s = head(u, "Quarter ring under a tip force", quarter_ring.__doc__)
    s += "*NODE\n"
    for i in range(n + 1):
        ph = 0.5 * math.pi * i / n
        s += "%d, %s, %s, 0\n" % (i + 1, u.n(R * math.cos(ph), "L"), u.n(R * math.sin(ph), "L"))
    s += line_elems(1, 1, n, "RING")
    s += steel_static(u)
    s += "*BEAM SECTION, ELSET=RING, MATERIAL=STEEL, SECTION=PIPE\n%s, %s\n" % (u.n(r, "L"), u.n(t, "L"))
    s += "*BOUNDARY\n1, ENCASTRE\n"
    s += "*PROBE, NAME=tip, NODE=%d\nX, U\n*PROBE, NAME=clamp, NODE=1\nRF, RM\n" % (n + 1)
    for e, xi in ((3, 0.5), (8, 0.25), (13, 0.5), (19, 0.8), (24, 0.5)):
        s += "*PROBE, NAME=e%d, ELEMENT=%d, POSITION=%g\nX, Q, N, M, NS, MS\n" % (e, e, xi)
    s += "*STEP\n*STATIC\n0.5, 1.0\n*CLOAD\n%d, 1, %s\n%d, 2, %s\n%d, 3, %s\n*END STEP\n" % (
        n + 1, u.n(P, "F"), n + 1, u.n(-P, "F"), n + 1, u.n(0.5 * P, "F"))
    return s


EC = dict(L=2.0, b=0.04, h=0.02, n=20, e=0.002, P=10e3)


def euler_column(u):
    """A pinned steel column (2 m, 40 x 20 mm, bending about the weak axis) with an
    initial bow of L/1000 (a half sine), under a
    10 kN axial reference load followed by arc length (*STATIC, RIKS) past the Euler load
    to a midspan deflection of 0.3 L."""
    L, b, h, n, e, P = EC["L"], EC["b"], EC["h"], EC["n"], EC["e"], EC["P"]
    s = head(u, "Euler column by arc length", euler_column.__doc__)
    s += "*NODE\n"
    for i in range(n + 1):
        x = L * i / n
        s += "%d, %s, %s, 0\n" % (i + 1, u.n(x, "L"), u.n(e * math.sin(math.pi * x / L), "L"))
    s += line_elems(1, 1, n, "COLUMN")
    s += steel_static(u)
    s += "*BEAM SECTION, ELSET=COLUMN, MATERIAL=STEEL, SECTION=RECT\n%s, %s\n0, 0, 1\n" % (u.n(b, "L"), u.n(h, "L"))
    s += "*BOUNDARY\n1, PINNED\n1, 4, 4\n%d, 2, 3\n" % (n + 1)
    s += "*PROBE, NAME=mid, NODE=%d\nU\n*PROBE, NAME=top, NODE=%d\nU\n*PROBE, NAME=base, NODE=1\nRF\n" % (n // 2 + 1, n + 1)
    s += "*PROBE, NAME=midsec, ELEMENT=%d, POSITION=1\nNS, MS\n" % (n // 2)
    s += "*STEP, INC=300\n*STATIC, RIKS\n0.05, 1000.0, , , , %d, 2, %s\n*CLOAD\n%d, 1, %s\n*END STEP\n" % (
        n // 2 + 1, u.n(0.3 * L, "L"), n + 1, u.n(-P, "F"))
    return s


SS = dict(L=1.5, b=0.05, h=0.03, n=12, k=2.0e5, P=2000.0)


def spring_support(u):
    """A steel cantilever (1.5 m, 50 x 30 mm) propped at its tip by a spring of 200 kN/m
    (SPRINGA to ground), under a 2 kN tip force; static, without *DENSITY."""
    L, b, h, n, k, P = SS["L"], SS["b"], SS["h"], SS["n"], SS["k"], SS["P"]
    s = head(u, "Cantilever on a spring", spring_support.__doc__)
    s += line_nodes(u, 1, (0, 0, 0), (L, 0, 0), n)
    s += "*NODE\n100, %s, %s, 0\n" % (u.n(L, "L"), u.n(-0.5, "L"))
    s += line_elems(1, 1, n, "BEAM")
    s += "*ELEMENT, TYPE=SPRINGA, ELSET=PROP\n100, %d, 100\n*SPRING, ELSET=PROP\n%s\n" % (n + 1, u.n(k, "F/L"))
    s += steel_static(u)
    s += "*BEAM SECTION, ELSET=BEAM, MATERIAL=STEEL, SECTION=RECT\n%s, %s\n0, 0, 1\n" % (u.n(b, "L"), u.n(h, "L"))
    s += "*BOUNDARY\n1, ENCASTRE\n"
    s += "*PROBE, NAME=tip, NODE=%d\nU\n*PROBE, NAME=clamp, NODE=1\nRF, RM\n" % (n + 1)
    s += "*PROBE, NAME=root, ELEMENT=1, POSITION=0.5\nN, M\n"
    s += "*STEP\n*STATIC\n*CLOAD\n%d, 2, %s\n*END STEP\n" % (n + 1, u.n(-P, "F"))
    return s


BS = dict(L=1.5, b=0.05, h=0.03, n=12, k=2.0e5, g=0.004, P=200.0, r=0.015)


def beam_on_stop(u):
    """The cantilever of spring_support without the spring: its tip comes down onto a
    compliant stop (LAW=HERTZ, EXPONENT=1, 200 kN/m) 4 mm below it under a tip force rising
    to 200 N; static, without *DENSITY (the beam's contact node has no mass)."""
    L, b, h, n, k, g, P, r = BS["L"], BS["b"], BS["h"], BS["n"], BS["k"], BS["g"], BS["P"], BS["r"]
    s = head(u, "Cantilever onto a compliant stop", beam_on_stop.__doc__)
    s += line_nodes(u, 1, (0, 0, 0), (L, 0, 0), n, nset=None)
    s += "*NSET, NSET=TIP\n%d\n" % (n + 1)
    s += line_elems(1, 1, n, "BEAM")
    s += steel_static(u)
    s += "*BEAM SECTION, ELSET=BEAM, MATERIAL=STEEL, SECTION=RECT\n%s, %s\n0, 0, 1\n" % (u.n(b, "L"), u.n(h, "L"))
    s += "*BOUNDARY\n1, ENCASTRE\n"
    s += "*OBSTACLE, NAME=STOP, TYPE=PLANE\n0, %s, 0, 0, 1, 0\n" % u.n(-(g + r), "L")
    s += "*CONTACT PAIR, LAW=HERTZ, STIFFNESS=%s, EXPONENT=1, SLAVE RADIUS=%s\nTIP, STOP\n" % (u.n(k, "F/L"), u.n(r, "L"))
    s += "*PROBE, NAME=tip, NODE=%d\nU\n*PROBE, NAME=clamp, NODE=1\nRF, RM\n" % (n + 1)
    s += "*STEP\n*STATIC\n0.1, 1.0\n*CLOAD\n%d, 2, %s\n*OUTPUT, FORMAT=CONTACT, EVERY=1\n*END STEP\n" % (n + 1, u.n(-P, "F"))
    return s


SP = dict(L=1.0, b=0.02, n=10, P=300.0, e=0.0)


def beam_on_supports(u):
    """A steel bar (two spans of 1 m, 20 x 20 mm) resting on three supports, the frictionless
    plane y = 0 under nodes at x = 0, 1, 2 m (LAW=NEWTON, the default e = 0), pinned along its
    axis at one end.  Static step 1: its own weight (reactions 3/8, 5/4, 3/8 w L); static step
    2: 300 N down at the middle of the first span, which lifts the bar off the far support
    (reactions P/2 and P/2 + 2 w L); dynamic step 3: the load taken away, the bar falls back onto
    the far support (an impact)."""
    L, b, n, P = SP["L"], SP["b"], SP["n"], SP["P"]
    s = head(u, "Bar on three supports: static preload, lift-off, impact", beam_on_supports.__doc__)
    s += line_nodes(u, 1, (0, 0, 0), (2 * L, 0, 0), 2 * n)
    s += "*NSET, NSET=SUPPORTS\n1, %d, %d\n" % (n + 1, 2 * n + 1)
    s += line_elems(1, 1, 2 * n, "BAR")
    s += steel(u)
    s += "*BEAM SECTION, ELSET=BAR, MATERIAL=STEEL, SECTION=RECT\n%s, %s\n0, 0, 1\n" % (u.n(b, "L"), u.n(b, "L"))
    s += "*BOUNDARY\n1, 1, 1\n1, 3, 5\n"
    s += "*OBSTACLE, NAME=FLOOR, TYPE=PLANE\n0, 0, 0, 0, 1, 0\n"
    s += "*CONTACT PAIR, LAW=NEWTON, SLAVE RADIUS=0\nSUPPORTS, FLOOR\n"
    s += "*GRAVITY\n0, %s, 0\n" % u.n(-9.81, "L/T^2")
    s += "*PROBE, NAME=A, NODE=1\nU\n*PROBE, NAME=B, NODE=%d\nU\n*PROBE, NAME=C, NODE=%d\nU, V\n" % (n + 1, 2 * n + 1)
    s += "*PROBE, NAME=load, NODE=%d\nU\n" % (n // 2 + 1)
    s += "*STEP\n*STATIC\n*OUTPUT, FORMAT=HISTORY, EVERY=1\n*OUTPUT, FORMAT=CONTACT, EVERY=1\n*END STEP\n"
    out = "*OUTPUT, FORMAT=HISTORY, EVERY=1\n*OUTPUT, FORMAT=CONTACT, EVERY=1\n"
    s += "*STEP\n*STATIC\n0.25, 1.0\n*CLOAD\n%d, 2, %s\n%s*END STEP\n" % (n // 2 + 1, u.n(-P, "F"), out)
    s += "*STEP\n*DYNAMIC\n%s, %s\n*CLOAD, OP=NEW\n%s*END STEP\n" % (u.n(1e-4, "T"), u.n(0.06, "T"), out)
    return s


SF = dict(L=1.0, b=0.02, n=10, mu=0.3, f=0.75)


def bar_pushed_on_supports(u):
    """A steel bar (1 m, 20 x 20 mm) lying on two supports at its ends, the plane y = 0 under
    them, with Coulomb friction (LAW=NEWTON, FRICTION=0.3), pushed along
    its axis at one end by 0.75 mu W while its weight W comes on (one static step): the pushed
    end slides (friction mu W/2), the other sticks and takes the rest."""
    L, b, n, mu, f = SF["L"], SF["b"], SF["n"], SF["mu"], SF["f"]
    W = 7850.0 * b * b * L * 9.81
    s = head(u, "Bar pushed on two frictional supports", bar_pushed_on_supports.__doc__)
    s += line_nodes(u, 1, (0, 0, 0), (L, 0, 0), n)
    s += "*NSET, NSET=ENDS\n1, %d\n" % (n + 1)
    s += line_elems(1, 1, n, "BAR")
    s += steel(u)
    s += "*BEAM SECTION, ELSET=BAR, MATERIAL=STEEL, SECTION=RECT\n%s, %s\n0, 0, 1\n" % (u.n(b, "L"), u.n(b, "L"))
    s += "*BOUNDARY\n1, 3, 5\n"
    s += "*OBSTACLE, NAME=FLOOR, TYPE=PLANE\n0, 0, 0, 0, 1, 0\n"
    s += "*CONTACT PAIR, LAW=NEWTON, FRICTION=%g, SLAVE RADIUS=0\nENDS, FLOOR\n" % mu
    s += "*GRAVITY\n0, %s, 0\n" % u.n(-9.81, "L/T^2")
    s += "*PROBE, NAME=A, NODE=1\nU\n*PROBE, NAME=B, NODE=%d\nU\n" % (n + 1)
    s += "*STEP\n*STATIC\n0.25, 1.0\n*CLOAD\n1, 1, %s\n" % u.n(f * mu * W, "F")
    s += "*OUTPUT, FORMAT=CONTACT, EVERY=1\n*END STEP\n"
    return s


def follower_moment(u):
    """A steel strip (0.5 m, 20 x 2 mm, 16 B2V) rolled up by a follower end moment (*CLOAD,
    FOLLOWER=YES) to 2 pi EI / L in eight increments: the tip runs along the circle of radius
    EI / M_k at each step and closes the ring at the clamp."""
    L, b, h = 0.5, 0.02, 0.002
    EI = 210e9 * b * h ** 3 / 12
    M = 2 * math.pi * EI / L
    s = head(u, "Strip rolled up by a follower moment", follower_moment.__doc__)
    s += line_nodes(u, 1, (0, 0, 0), (L, 0, 0), 16)
    s += line_elems(1, 1, 16, "STRIP")
    s += steel(u)
    s += "*BEAM SECTION, ELSET=STRIP, MATERIAL=STEEL, SECTION=RECT\n%s, %s\n0, 0, 1\n" % (u.n(b, "L"), u.n(h, "L"))
    s += "*BOUNDARY\n1, ENCASTRE\n"
    s += "*PROBE, NAME=tip, NODE=17\nX, R\n*PROBE, NAME=clamp, NODE=1\nRF, RM\n"
    s += "*STEP, NLGEOM\n*STATIC\n0.125, 1.0\n*CLOAD, FOLLOWER=YES\n17, 6, %s\n*END STEP\n" % u.n(M, "F*L")
    return s


FM = dict(L=2.0, b=0.04, h=0.02, n=20, M=5.0)


def free_beam_end_mass(u):
    """A free-free steel beam (2 m, 40 x 20 mm, 12.6 kg) carrying a 5 kg *PARTICLE at one end:
    natural frequencies (*FREQUENCY), against the frequency equation of the Euler-Bernoulli
    beam with an end mass."""
    L, b, h, n, M = FM["L"], FM["b"], FM["h"], FM["n"], FM["M"]
    s = head(u, "Free beam with an end mass, frequencies", free_beam_end_mass.__doc__)
    s += line_nodes(u, 1, (0, 0, 0), (L, 0, 0), n)
    s += line_elems(1, 1, n, "BEAM")
    s += steel(u)
    s += "*BEAM SECTION, ELSET=BEAM, MATERIAL=STEEL, SECTION=RECT\n%s, %s\n0, 1, 0\n" % (u.n(b, "L"), u.n(h, "L"))
    s += "*PARTICLE, NODE=%d, MASS=%s\n" % (n + 1, u.n(M, "M"))
    s += "*STEP\n*FREQUENCY\n14\n*END STEP\n"
    return s


IR = dict(L=2.0, b=0.04, n=10, P=5000.0, alpha=30.0)


def inclined_roller(u):
    """A steel beam (2 m, 40 x 40 mm) pinned at one end and resting with the other on a
    frictionless plane inclined at 30 degrees (a roller on a slope: LAW=NEWTON, the plane
    through the end node), loaded by 5 kN down at midspan in four static increments: the roller
    pushes along the plane's normal with P / (2 cos 30), the pin takes P tan 30 / 2 across."""
    L, b, n, P, al = IR["L"], IR["b"], IR["n"], IR["P"], math.radians(IR["alpha"])
    s = head(u, "Beam on an inclined roller", inclined_roller.__doc__)
    s += steel_static(u)
    s += line_nodes(u, 1, (0, 0, 0), (L, 0, 0), n)
    s += "*NSET, NSET=ROLLER\n%d\n" % (n + 1)
    s += line_elems(1, 1, n, "BEAM")
    s += "*BEAM SECTION, ELSET=BEAM, MATERIAL=STEEL, SECTION=RECT\n%s, %s\n0, 0, 1\n" % (u.n(b, "L"), u.n(b, "L"))
    s += "*BOUNDARY\n1, PINNED\n1, 4, 4\n%d, 3, 3\n" % (n + 1)
    s += "*OBSTACLE, NAME=SLOPE, TYPE=PLANE\n%s, 0, 0, %.15g, %.15g, 0\n" % (u.n(L, "L"), -math.sin(al), math.cos(al))
    s += "*CONTACT PAIR, LAW=NEWTON, SLAVE RADIUS=0\nROLLER, SLOPE\n"
    s += "*PROBE, NAME=pin, NODE=1\nRF\n*PROBE, NAME=roller, NODE=%d\nU\n*PROBE, NAME=mid, NODE=%d\nU\n" % (n + 1, n // 2 + 1)
    s += "*STEP, NLGEOM\n*STATIC\n0.25, 1.0\n*CLOAD\n%d, 2, %s\n*OUTPUT, FORMAT=CONTACT, EVERY=1\n*END STEP\n" % (
        n // 2 + 1, u.n(-P, "F"))
    return s


WF = dict(L=10.0, b=0.04, n=200, kf=1.0e6, P=10000.0)


def winkler_beam(u):
    """A steel beam (10 m, 40 x 40 mm, 200 B2V) on an elastic foundation of 1 MN/m^2, one
    SPRINGA to ground under every node (k_f times its share of the length), 10 kN at the
    middle; static, without *DENSITY: Hetenyi's (1946) beam on an elastic foundation (beta L = 15,
    the ends far enough to be the infinite beam)."""
    L, b, n, kf, P = WF["L"], WF["b"], WF["n"], WF["kf"], WF["P"]
    a = L / n
    s = head(u, "Beam on an elastic foundation", winkler_beam.__doc__)
    s += line_nodes(u, 1, (0, 0, 0), (L, 0, 0), n)
    s += line_nodes(u, 1001, (0, -0.1, 0), (L, -0.1, 0), n)
    s += line_elems(1, 1, n, "BEAM")
    s += "*ELEMENT, TYPE=SPRINGA, ELSET=INNER\n"
    for i in range(2, n + 1):
        s += "%d, %d, %d\n" % (1000 + i, i, 1000 + i)
    s += "*ELEMENT, TYPE=SPRINGA, ELSET=ENDS\n%d, 1, 1001\n%d, %d, %d\n" % (1001, 2001, n + 1, 1001 + n)
    s += "*SPRING, ELSET=INNER\n%s\n*SPRING, ELSET=ENDS\n%s\n" % (u.n(kf * a, "F/L"), u.n(kf * a / 2, "F/L"))
    s += steel_static(u)
    s += "*BEAM SECTION, ELSET=BEAM, MATERIAL=STEEL, SECTION=RECT\n%s, %s\n0, 0, 1\n" % (u.n(b, "L"), u.n(b, "L"))
    s += "*NSET, NSET=ALL, GENERATE\n1, %d, 1\n" % (n + 1)
    s += "*BOUNDARY\nALL, 3, 5\n%d, 1, 1\n" % (n // 2 + 1)
    s += "*PROBE, NAME=mid, NODE=%d\nU, R\n*PROBE, NAME=cut, ELEMENT=%d, POSITION=1\nM\n" % (n // 2 + 1, n // 2)
    s += "*PROBE, NAME=q, NODE=%d\nU\n" % (n // 2 + 1 + int(round(math.pi / 4 / WF_beta() / a)))
    s += "*STEP\n*STATIC\n*CLOAD\n%d, 2, %s\n*END STEP\n" % (n // 2 + 1, u.n(-P, "F"))
    return s


def WF_beta():
    """Hetenyi's beta = (k_f / 4 EI)^(1/4) of winkler_beam."""
    b = WF["b"]
    return (WF["kf"] / (4 * 210e9 * b ** 4 / 12)) ** 0.25


PS = dict(h=3.0, l=4.0, n=12, H=1000.0, b=0.08)


def portal_sway(u):
    """A steel portal frame (two 3 m columns, a 4 m girder, solid 80 x 80 mm, feet clamped,
    rigid corners), 12 B2V per member, pushed sideways by 1 kN at a top corner; static, without
    *DENSITY: the sway against the slope-deflection method with Timoshenko members (Euler-
    Bernoulli: H h^3 (2c + 3g) / (12 E I_c (c + 6g)), c = E I_c/h, g = E I_g/l)."""
    h, l, n, H = PS["h"], PS["l"], PS["n"], PS["H"]
    s = head(u, "Portal frame sway", portal_sway.__doc__)
    s += line_nodes(u, 1, (0, 0, 0), (0, 0, h), n)
    s += "*NODE\n"
    for i in range(1, n):
        s += "%d, %s, 0, %s\n" % (100 + i, u.n(l * i / n, "L"), u.n(h, "L"))
    s += line_nodes(u, 201, (l, 0, h), (l, 0, 0), n)
    s += line_elems(1, 1, n, "FRAME")
    s += "*ELEMENT, TYPE=B2V, ELSET=FRAME\n%d, %d, 101\n" % (n + 1, n + 1)
    for i in range(1, n - 1):
        s += "%d, %d, %d\n" % (n + 1 + i, 100 + i, 101 + i)
    s += "%d, %d, 201\n" % (2 * n, 100 + n - 1)
    s += line_elems(2 * n + 1, 201, n, "FRAME")
    s += steel_static(u)
    s += "*BEAM SECTION, ELSET=FRAME, MATERIAL=STEEL, SECTION=RECT\n%s, %s\n0, 1, 0\n" % (u.n(PS["b"], "L"), u.n(PS["b"], "L"))
    s += "*BOUNDARY\n1, ENCASTRE\n%d, ENCASTRE\n" % (201 + n)
    s += "*PROBE, NAME=left, NODE=%d\nU, R\n*PROBE, NAME=right, NODE=201\nU, R\n" % (n + 1)
    s += "*PROBE, NAME=footL, NODE=1\nRF, RM\n*PROBE, NAME=footR, NODE=%d\nRF, RM\n" % (201 + n)
    s += "*STEP\n*STATIC\n*CLOAD\n%d, 1, %s\n*END STEP\n" % (n + 1, u.n(H, "F"))
    return s


PP = dict(L=0.5, b=0.02, n=10, th0=30.0, h=1e-3, T=0.4)


def pendulum_preload(u):
    """A steel bar (0.5 m, 20 x 20 mm) hinged at one end by supports (as pendulum_stop), held
    at 30 degrees from the vertical under its own weight by a frictionless stop at its tip
    (LAW=NEWTON, the plane through the tip across the bar) in a static step; a dynamic step
    then draws the stop away (1 m along its normal in 20 ms, beyond the swing) and the bar swings from
    rest: the stop's static force m g sin(th0)/2, then the compound pendulum's swing."""
    L, b, n, th0, h, T = PP["L"], PP["b"], PP["n"], math.radians(PP["th0"]), PP["h"], PP["T"]
    s0, c0 = math.sin(th0), math.cos(th0)
    s = head(u, "Pendulum released from a static preload", pendulum_preload.__doc__)
    s += line_nodes(u, 1, (0, 0, 0), (L * s0, -L * c0, 0), n)
    s += "*NSET, NSET=TIP\n%d\n" % (n + 1)
    s += line_elems(1, 1, n, "BAR")
    s += steel(u)
    s += "*BEAM SECTION, ELSET=BAR, MATERIAL=STEEL, SECTION=RECT\n%s, %s\n0, 0, 1\n" % (u.n(b, "L"), u.n(b, "L"))
    s += "*BOUNDARY\n1, 1, 3\n1, 4, 5\n"
    s += "*AMPLITUDE, NAME=AWAY, TIME=TOTAL TIME\n0, 0, %s, 0, %s, 1\n" % (u.n(1.0, "T"), u.n(1.02, "T"))
    s += "*OBSTACLE, NAME=STOP, TYPE=PLANE, AMPLITUDE=AWAY\n%s, %s, 0, %.15g, %.15g, 0, %s, %s, 0\n" % (
        u.n(L * s0, "L"), u.n(-L * c0, "L"), c0, s0, u.n(-1.0 * c0, "L"), u.n(-1.0 * s0, "L"))
    s += "*CONTACT PAIR, LAW=NEWTON, SLAVE RADIUS=0\nTIP, STOP\n"
    s += "*GRAVITY\n0, %s, 0\n" % u.n(-9.81, "L/T^2")
    s += "*PROBE, NAME=hinge, NODE=1\nRF\n*PROBE, NAME=tip, NODE=%d\nX, V\n" % (n + 1)
    s += "*STEP\n*STATIC\n%s, %s\n*OUTPUT, FORMAT=CONTACT, EVERY=1\n*END STEP\n" % (u.n(0.5, "T"), u.n(1.0, "T"))
    s += "*STEP\n*DYNAMIC\n%s, %s\n*OUTPUT, FORMAT=HISTORY, EVERY=1\n*END STEP\n" % (u.n(h, "T"), u.n(T, "T"))
    return s


BM = dict(L=2.0, b=0.04, h=0.02, n=20, M=5.0)


def beam_with_mass(u):
    """A simply supported steel beam (2 m, 40 x 20 mm, 12.6 kg) carrying a 5 kg mass
    (*PARTICLE) at midspan: natural frequencies."""
    L, b, h, n, M = BM["L"], BM["b"], BM["h"], BM["n"], BM["M"]
    s = head(u, "Beam with a central mass, frequencies", beam_with_mass.__doc__)
    s += line_nodes(u, 1, (0, 0, 0), (L, 0, 0), n)
    s += line_elems(1, 1, n, "BEAM")
    s += steel(u)
    s += "*BEAM SECTION, ELSET=BEAM, MATERIAL=STEEL, SECTION=RECT\n%s, %s\n0, 0, 1\n" % (u.n(b, "L"), u.n(h, "L"))
    s += "*PARTICLE, NODE=%d, MASS=%s\n" % (n // 2 + 1, u.n(M, "M"))
    s += "*BOUNDARY\n1, PINNED\n1, 4, 4\n%d, 2, 3\n" % (n + 1)
    s += "*STEP\n*FREQUENCY\n8\n*END STEP\n"
    return s


CP = dict(L=1.0, th=math.radians(30.0), m=0.5)


def conical_pendulum(u):
    """A 0.5 kg ball on a 1 m rod (*JOINT, TYPE=DISTANCE to a fixed point) set moving on the
    horizontal circle of a conical pendulum at 30 degrees from the vertical, under gravity:
    it circles at constant height with Omega^2 = g / (L cos 30)."""
    L, th, m = CP["L"], CP["th"], CP["m"]
    g = 9.81
    rr = L * math.sin(th)
    v = math.sqrt(g * rr * math.tan(th))
    s = head(u, "Conical pendulum", conical_pendulum.__doc__)
    s += "*NODE\n1, 0, 0, 0\n2, %s, 0, %s\n" % (u.n(rr, "L"), u.n(-L * math.cos(th), "L"))
    s += "*PARTICLE, NODE=2, MASS=%s\n" % u.n(m, "M")
    s += "*JOINT, TYPE=DISTANCE\n1, 2\n"
    s += "*INITIAL CONDITIONS, TYPE=VELOCITY\n2, 2, %s\n" % u.n(v, "L/T")
    s += "*GRAVITY\n0, 0, %s\n" % u.n(-g, "L/T^2")
    s += "*PROBE, NAME=ball, NODE=2\nX, V\n"
    s += "*STEP\n*DYNAMIC\n%s, %s\n*OUTPUT, FORMAT=HISTORY, EVERY=5\n*END STEP\n" % (u.n(1e-3, "T"), u.n(2.0, "T"))
    return s


AB = dict(L=0.8, P=(60.0, 60.0, 40.0), secs=(("RECT", (0.02, 0.03)), ("CIRC", (0.012,)), ("PIPE", (0.02, 0.002))))


def abaqus_b31(u):
    """Three cantilevers (0.8 m, 8 B31 elements each) written as an Abaqus user writes them:
    one *BEAM SECTION each (RECT 20 x 30 mm, CIRC r = 12 mm, PIPE 40 x 2 mm), *STEP, NLGEOM=YES,
    *STATIC with Abaqus's defaults (no data line), ENCASTRE, tip forces, *NODE PRINT and *EL PRINT."""
    L = AB["L"]
    s = head(u, "Abaqus-style B31 cantilevers", abaqus_b31.__doc__)
    s += "*NODE\n"
    for j in range(3):
        for i in range(9):
            s += "%d, %s, %s, 0.\n" % (100 * (j + 1) + i + 1, u.n(L * i / 8, "L"), u.n(0.2 * j, "L"))
    for j in range(3):
        s += "*ELEMENT, TYPE=B31, ELSET=%s\n" % AB["secs"][j][0]
        for i in range(8):
            s += "%d, %d, %d\n" % (100 * (j + 1) + i + 1, 100 * (j + 1) + i + 1, 100 * (j + 1) + i + 2)
    s += "*NSET, NSET=ROOTS\n101, 201, 301\n*NSET, NSET=TIPS\n109, 209, 309\n"
    s += "*MATERIAL, NAME=STEEL\n*ELASTIC\n%s, 0.3\n" % u.n(210e9, "F/L^2")
    for name, dims in AB["secs"]:
        s += "*BEAM SECTION, ELSET=%s, MATERIAL=STEEL, SECTION=%s\n%s\n0., 0., -1.\n" % (
            name, name, ", ".join(u.n(d, "L") for d in dims))
    s += "*BOUNDARY\nROOTS, ENCASTRE\n"
    s += "*STEP, NLGEOM=YES\n*STATIC\n*CLOAD\n"
    for j in range(3):
        s += "%d, 2, %s\n" % (100 * (j + 1) + 9, u.n(-AB["P"][j], "F"))
    s += "*NODE PRINT, NSET=TIPS\nU\n*NODE PRINT, NSET=ROOTS\nRF, RM\n"
    s += "*EL PRINT, ELSET=RECT\nSF, SM\n*END STEP\n"
    return s


CAE = dict(L=1.2, r=0.025, t=0.003, n=6, P=500.0)


def abaqus_cae(u):
    """A cantilever tube (1.2 m, 50 x 3 mm) as Abaqus/CAE writes a flat input file: *Preprint,
    mixed case, '1.' numbers, sets with a trailing comma and GENERATE, the *Beam Section (with
    temperature=GRADIENTS) before the *Material, *Static with its data line, *Restart, write,
    frequency=0, *Output, field with *Node Output and *Element Output, directions=YES, *Output, history,
    variable=PRESELECT, picked sets marked internal; a 500 N tip load."""
    L, r, t, n, P = CAE["L"], CAE["r"], CAE["t"], CAE["n"], CAE["P"]
    s = "*Heading\n** Job name: Job-1 Model name: Model-1\n** Units: %s.  Written by make_decks.py (tests/user).\n" % u.title
    s += "** %s\n" % " ".join(abaqus_cae.__doc__.split())
    s += "*Preprint, echo=NO, model=NO, history=NO, contact=NO\n**\n** PARTS\n**\n*Node\n"
    for i in range(n + 1):
        x = u.n(L * i / n, "L")
        s += "%7d, %12s, %12s, %12s\n" % (i + 1, x if "." in x or "e" in x else x + ".", "0.", "0.")
    s += "*Element, type=B31\n"
    for i in range(n):
        s += "%d, %d, %d\n" % (i + 1, i + 1, i + 2)
    s += "*Nset, nset=Set-1\n 1,\n*Nset, nset=Set-2\n %d,\n*Elset, elset=Set-3, generate\n 1,  %d,  1\n" % (n + 1, n)
    s += "*Nset, nset=_PickedSet4, internal\n 1,\n"
    s += "** Section: Section-1  Profile: Profile-1\n"
    s += "*Beam Section, elset=Set-3, material=Steel, temperature=GRADIENTS, section=PIPE\n%s, %s\n0.,0.,-1.\n" % (
        u.n(r, "L"), u.n(t, "L"))
    s += "**\n** MATERIALS\n**\n*Material, name=Steel\n*Elastic\n %s, 0.3\n" % u.n(210e9, "F/L^2")
    s += "** ----------------------------------------------------------------\n**\n** STEP: Step-1\n**\n"
    s += "*Step, name=Step-1, nlgeom=YES\n*Static\n1., 1., 1e-05, 1.\n**\n** BOUNDARY CONDITIONS\n**\n"
    s += "** Name: BC-1 Type: Symmetry/Antisymmetry/Encastre\n*Boundary\n_PickedSet4, ENCASTRE\n**\n** LOADS\n**\n"
    s += "** Name: Load-1   Type: Concentrated force\n*Cload\nSet-2, 2, %s\n" % u.n(-P, "F")
    s += "**\n** OUTPUT REQUESTS\n**\n*Restart, write, frequency=0\n**\n** FIELD OUTPUT: F-Output-1\n**\n"
    s += "*Output, field\n*Node Output\nRF, U\n*Element Output, directions=YES\nSF,\n"
    s += "**\n** HISTORY OUTPUT: H-Output-1\n**\n"
    s += "*Output, history, variable=PRESELECT\n*Node Print, nset=Set-2\nU\n*Node Print, nset=Set-1\nRF, RM\n*End Step\n"
    return s


RB = dict(L=1.0, b=0.02, h=0.01, n=10, Wbar=2.0, v0=0.01, T=0.6)


def rotating_blade(u):
    """A steel blade (1 m, 20 x 10 mm, flapping across its thin side) on a hub turned at a
    constant rate about the vertical (a driven rotation, *BOUNDARY DOF 6 with a TABULAR angle),
    the blade's nodes started with the rigid rotation's velocities; a small initial flapping
    velocity sets it vibrating: the flapping frequency stiffens with the spin (Wright et al. 1982)."""
    L, b, h, n, Wbar, v0, T = RB["L"], RB["b"], RB["h"], RB["n"], RB["Wbar"], RB["v0"], RB["T"]
    EI, rA = 210e9 * b * h ** 3 / 12, 7850.0 * b * h
    Om = Wbar * math.sqrt(EI / (rA * L ** 4))
    s = head(u, "Rotating blade, flapping", rotating_blade.__doc__)
    s += line_nodes(u, 1, (0, 0, 0), (L, 0, 0), n, nset="BLADE")
    s += line_elems(1, 1, n, "BLADE")
    s += steel(u)
    s += "*BEAM SECTION, ELSET=BLADE, MATERIAL=STEEL, SECTION=RECT\n%s, %s\n0, 1, 0\n" % (u.n(b, "L"), u.n(h, "L"))
    s += "*AMPLITUDE, NAME=SPIN\n0, 0, %s, %s\n" % (u.n(10.0, "T"), u.n(10.0 * Om, "1"))
    s += "*BOUNDARY\n1, 1, 5\n*BOUNDARY, AMPLITUDE=SPIN\n1, 6, 6, 1\n"
    s += "*INITIAL CONDITIONS, TYPE=VELOCITY\n"
    for i in range(1, n + 1):
        x = L * i / n
        s += "%d, 2, %s\n%d, 3, %s\n%d, 6, %s\n" % (i + 1, u.n(Om * x, "L/T"), i + 1, u.n(v0 * (x / L) ** 2, "L/T"),
                                                       i + 1, u.n(Om, "1/T"))
    s += "*PROBE, NAME=tip, NODE=%d\nX, U\n*PROBE, NAME=hub, NODE=1\nRF, RM\n" % (n + 1)
    s += "*PROBE, NAME=root, ELEMENT=1, POSITION=0\nNS\n*PROBE, NAME=mid, ELEMENT=5, POSITION=0.5\nNS\n"
    s += "*STEP\n*DYNAMIC\n%s, %s\n*END STEP\n" % (u.n(2e-4, "T"), u.n(T, "T"))
    return s


RG = dict(R=0.2, b=0.02, h=0.005, n=64, P=20.0,
          probes=((1, 0.0), (1, 0.5), (6, 0.3), (16, 1.0), (17, 0.5), (21, 0.7)))


def closed_ring(u, R, n, node_line, from_top):
    """n nodes on the circle of radius R in the x-y plane (the first on +y if from_top, else on
    +x, counter-clockwise from +x) and n B2V chords joining them into a closed ring (ELSET=RING)."""
    s = node_line
    for i in range(n):
        th = 2 * math.pi * i / n
        a, b = (math.sin(th), math.cos(th)) if from_top else (math.cos(th), math.sin(th))
        s += "%d, %s, %s, 0\n" % (i + 1, u.n(R * a, "L"), u.n(R * b, "L"))
    s += "*ELEMENT, TYPE=B2V, ELSET=RING\n"
    for i in range(n):
        s += "%d, %d, %d\n" % (i + 1, i + 1, (i + 1) % n + 1)
    return s


def ring_compression(u):
    """A thin steel ring (radius 200 mm, 20 x 5 mm, 64 straight B2V elements on the circle) pressed
    across a diameter: 20 N down at the top node, the bottom node held (translations and the
    rotations out of the plane), the top node held sideways and out of the plane only; two
    increments. Diameter change (pi/4 - 2/pi) P R^3/EI + pi P R (1/EA + 1/kGA)/4; bending moment
    P R (1/pi - sin(theta)/2) at the load point, at 90 degrees and inside elements."""
    R, b, hh, n, P = RG["R"], RG["b"], RG["h"], RG["n"], RG["P"]
    s = head(u, "Ring under diametral compression", ring_compression.__doc__)
    s += closed_ring(u, R, n, "*NODE, NSET=RING\n", from_top=True)
    s += steel(u)
    s += "*BEAM SECTION, ELSET=RING, MATERIAL=STEEL, SECTION=RECT\n%s, %s\n0, 0, 1\n" % (u.n(b, "L"), u.n(hh, "L"))
    bot = n // 2 + 1
    s += "*BOUNDARY\n%d, 1, 3\n%d, 4, 5\n1, 1, 1\n1, 3, 3\n" % (bot, bot)
    s += "*PROBE, NAME=top, NODE=1\nX, U, RF\n*PROBE, NAME=side, NODE=%d\nX, U\n" % (n // 4 + 1)
    s += "*PROBE, NAME=bottom, NODE=%d\nRF, RM\n" % bot
    for k, (e, xi) in enumerate(RG["probes"]):
        s += "*PROBE, NAME=p%d, ELEMENT=%d, POSITION=%g\nX, N, M, NS, MS\n" % (k, e, xi)
    s += "*STEP, NLGEOM\n*STATIC\n0.5, 1.0\n*CLOAD\n1, 2, %s\n*END STEP\n" % u.n(-P, "F")
    return s


HX = dict(R=0.02, r=0.002, p=0.008, coils=5, per=36, ra=0.008, P=20.0, probes=((2 + 90, 0.5), (2 + 45, 0.25), (2 + 140, 0.8)))


def helix_points(n_per=None):
    R, p, c = HX["R"], HX["p"], HX["coils"]
    n_per = n_per or HX["per"]
    pts = [(0.0, 0.0, 0.0)]
    for i in range(c * n_per + 1):
        phi = 2 * math.pi * i / n_per
        pts.append((R * math.cos(phi), R * math.sin(phi), p * phi / (2 * math.pi)))
    pts.append((0.0, 0.0, c * p))
    return pts


def helical_spring(u):
    """A close-coiled helical spring of steel wire (4 mm wire, 40 mm mean coil diameter, 5 coils,
    8 mm pitch: helix angle 3.6 degrees), 36 straight B2V per coil on the helix, element defaults;
    stiff radial arms (16 mm bar) carry the ends to the spring's axis; one end clamped, 20 N
    pulling along the axis at the other, four increments. Stiffness G d^4/(8 D^3 n) with the
    helix angle's bending, axial and shear terms (Wahl 1963); the twisting moment P R cos(alpha)
    inside the wire."""
    R, r, c, per, ra, P = HX["R"], HX["r"], HX["coils"], HX["per"], HX["ra"], HX["P"]
    pts = helix_points()
    s = head(u, "Helical spring under an axial load", helical_spring.__doc__)
    s += "*NODE\n"
    for i, q in enumerate(pts):
        s += "%d, %s, %s, %s\n" % (i + 1, u.n(q[0], "L"), u.n(q[1], "L"), u.n(q[2], "L"))
    last = len(pts)
    s += "*ELEMENT, TYPE=B2V, ELSET=ARMS\n1, 1, 2\n%d, %d, %d\n" % (last - 1, last - 1, last)
    s += "*ELEMENT, TYPE=B2V, ELSET=WIRE\n"
    for i in range(2, last - 1):
        s += "%d, %d, %d\n" % (i, i, i + 1)
    s += steel(u)
    s += "*BEAM SECTION, ELSET=WIRE, MATERIAL=STEEL, SECTION=CIRC\n%s\n" % u.n(r, "L")
    s += "*BEAM SECTION, ELSET=ARMS, MATERIAL=STEEL, SECTION=CIRC\n%s\n" % u.n(ra, "L")
    s += "*BOUNDARY\n1, ENCASTRE\n"
    s += "*PROBE, NAME=end, NODE=%d\nX, U, R\n*PROBE, NAME=clamp, NODE=1\nRF, RM\n" % last
    for k, (e, xi) in enumerate(HX["probes"]):
        s += "*PROBE, NAME=w%d, ELEMENT=%d, POSITION=%g\nX, Q, N, M, NS, MS\n" % (k, e, xi)
    s += "*STEP, NLGEOM\n*STATIC\n0.25, 1.0\n*CLOAD\n%d, 3, %s\n*END STEP\n" % (last, u.n(P, "F"))
    return s


TOP = dict(r=0.05, t=0.01, l=0.1, spin=200.0, h=2.5e-4, T=1.6)


def top_props():
    r, t, l = TOP["r"], TOP["t"], TOP["l"]
    m = 7850.0 * math.pi * r * r * t
    J3 = m * r * r / 2
    J1 = m * (3 * r * r + t * t) / 12
    Om = m * 9.81 * l / (J3 * TOP["spin"])
    return m, J1, J3, Om


def gyro_top(u):
    """A steel disk (100 mm diameter, 10 mm thick) spinning at 200 rad/s on a horizontal axle,
    its centre 100 mm from a frictionless pivot (the body's node, held in translation), under
    gravity; started with the steady precession rate m g l/(J3 spin) about the vertical (3.9
    rad/s), default dynamics (0.25 ms increments, 1/20 rad of spin each, over one turn of the
    precession): the axle stays horizontal and turns at that rate."""
    m, J1, J3, Om = top_props()
    s = head(u, "Heavy top precessing", gyro_top.__doc__)
    s += "*NODE\n1, 0, 0, 0\n"
    s += "*RIGID BODY, NODE=1, MASS=%s\n%s, %s, %s\n%s, 0, 0\n" % (
        u.n(m, "M"), u.n(J3, "M*L^2"), u.n(J1, "M*L^2"), u.n(J1, "M*L^2"), u.n(TOP["l"], "L"))
    s += "*BOUNDARY\n1, 1, 3\n"
    s += "*INITIAL CONDITIONS, TYPE=VELOCITY\n1, 4, %s\n1, 6, %s\n" % (u.n(TOP["spin"], "1/T"), u.n(Om, "1/T"))
    s += "*GRAVITY\n0, 0, %s\n" % u.n(-9.81, "L/T^2")
    s += "*PROBE, NAME=top, NODE=1\nQ, W, RF\n"
    s += "*STEP\n*DYNAMIC\n%s, %s\n*END STEP\n" % (u.n(TOP["h"], "T"), u.n(TOP["T"], "T"))
    return s


CB = dict(L=10.0, r=0.005, n=40)


def cable_props():
    """A wire rope: the solid 10 mm rod's axial and shear stiffness and mass, a thousandth of its
    bending and torsional stiffness (strands slide on one another)."""
    r = CB["r"]
    A, I = math.pi * r * r, math.pi * r ** 4 / 4
    E, G = 210e9, 210e9 / 2.6
    return E * A, 0.9 * G * A, 1e-3 * G * 2 * I, 1e-3 * E * I, 7850.0 * A, 7850.0 * 2 * I


def hanging_cable(u):
    """A 10 m steel wire rope (10 mm, *BEAM GENERAL SECTION: a thousandth of the solid rod's
    bending stiffness) strung straight between two pins at the same height, 40 B2V elements,
    under its own weight (*GRAVITY with the model data) in one static step with the defaults
    (*STATIC without a data line): it stretches and sags into the elastic catenary (Irvine 1981)."""
    L, r, n = CB["L"], CB["r"], CB["n"]
    s = head(u, "Hanging cable under self-weight", hanging_cable.__doc__)
    s += line_nodes(u, 1, (0, 0, 0), (L, 0, 0), n)
    s += line_elems(1, 1, n, "CABLE")
    s += steel(u)
    EA, GA, GJ, EI, rA, rJ = cable_props()
    s += "*BEAM GENERAL SECTION, ELSET=CABLE, RADIUS=%s\n%s, %s, %s, %s, %s, %s\n%s, %s, %s, %s\n" % (
        u.n(r, "L"), u.n(EA, "F"), u.n(GA, "F"), u.n(GA, "F"), u.n(GJ, "F*L^2"), u.n(EI, "F*L^2"), u.n(EI, "F*L^2"),
        u.n(rA, "M/L"), u.n(rJ, "M*L"), u.n(rJ / 2, "M*L"), u.n(rJ / 2, "M*L"))
    s += "*BOUNDARY\n1, 1, 4\n%d, 1, 4\n" % (n + 1)
    s += "*GRAVITY\n0, 0, %s\n" % u.n(-9.81, "L/T^2")
    s += "*PROBE, NAME=mid, NODE=%d\nX, U\n*PROBE, NAME=left, NODE=1\nRF\n*PROBE, NAME=right, NODE=%d\nRF\n" % (n // 2 + 1, n + 1)
    s += "*PROBE, NAME=q, ELEMENT=%d, POSITION=0.5\nX, N\n" % (n // 4)
    s += "*STEP, NLGEOM\n*STATIC\n*END STEP\n"
    return s


CL = dict(L=1.0, b=0.02, h=0.04, n=10, q=2000.0, P=500.0)


def ccx_number(u):
    """The deck number of v in dimension dim as a CalculiX user writes it ('1.' for integers)."""
    def num(v, dim):
        t = u.n(v, dim)
        return t if ("." in t or "e" in t) else t + "."
    return num


def ccx_cantilever_model(u, doc, heading):
    """The model data of the CalculiX cantilever CL (ccx_loads, ccx_steps): nodes, B31 elements,
    sets, steel, the rectangular section and the clamp's set, in CalculiX's spelling."""
    L, b, hh, n = CL["L"], CL["b"], CL["h"], CL["n"]
    num = ccx_number(u)
    s = "** %s\n** Units: %s.  Written by make_decks.py (tests/user).\n*HEADING\n%s\n" % (
        " ".join(doc.split()), u.title, heading)
    s += "*NODE,NSET=Nall\n"
    for i in range(n + 1):
        s += "%d,%s,0.,0.\n" % (i + 1, num(L * i / n, "L"))
    s += "*ELEMENT,TYPE=B31,ELSET=EAll\n"
    for i in range(n):
        s += "%d,%d,%d\n" % (i + 1, i + 1, i + 2)
    s += "*NSET,NSET=Fix\n1\n*NSET,NSET=Tip\n%d\n*ELSET,ELSET=Outer,GENERATE\n%d,%d,1\n" % (n + 1, n // 2 + 1, n)
    s += "*MATERIAL,NAME=Steel\n*ELASTIC\n%s,.3\n*DENSITY\n%s\n" % (num(210e9, "F/L^2"), num(7850.0, "M/L^3"))
    s += "*BEAM SECTION,ELSET=EAll,MATERIAL=Steel,SECTION=RECT\n%s,%s\n0.d0,0.d0,1.d0\n" % (num(b, "L"), num(hh, "L"))
    return s


def ccx_loads(u):
    """A cantilever as a CalculiX user writes it (no spaces after commas, mixed-case set names,
    '1.'-style numbers, *NSET and *ELSET with GENERATE, the section axis with Fortran's D
    exponent): ten B31 elements (1 m, 20 x 40 mm steel) in a static step of four increments
    under their own weight (*GRAVITY in the step: the reader refuses *DLOAD GRAV), a line load
    PY of 2 kN/m on the outer half and a 500 N tip load ramped by a TABULAR *AMPLITUDE; *NODE
    PRINT and *EL PRINT."""
    q, P = CL["q"], CL["P"]
    num = ccx_number(u)
    s = ccx_cantilever_model(u, ccx_loads.__doc__, "CalculiX-style loads")
    s += "*AMPLITUDE,NAME=A1\n0.,0.,1.,1.\n"
    s += "*BOUNDARY\nFix,1,6\n"
    s += "*STEP,NLGEOM\n*STATIC\n.25,1.\n*GRAVITY\n0.,%s,0.\n" % num(-9.81, "L/T^2")
    s += "*DLOAD\nOuter,PY,%s\n*CLOAD,AMPLITUDE=A1\nTip,2,%s\n" % (num(-q, "F/L"), num(-P, "F"))
    s += "*NODE PRINT,NSET=Tip\nU\n*NODE PRINT,NSET=Fix\nRF,RM\n*EL PRINT,ELSET=EAll\nSF,SM\n*END STEP\n"
    return s


def ccx_steps(u, final_only=False):
    """The CalculiX cantilever of ccx_loads in three static steps as Abaqus and CalculiX users
    write load changes: step 1 its weight (*GRAVITY), 2 kN/m PY on the outer half and 500 N
    down at the tip; step 2 a *CLOAD of 300 N at the same node and DOF (OP=MOD, the default:
    it replaces the 500 N, ramped from 500 to 300 over the step); step 3 *DLOAD, OP=NEW without
    data lines (the line load removed, ramped to zero) and *CLOAD, OP=NEW with a 100 N pull
    along the beam (the 300 N removed). Four increments a step."""
    q = CL["q"]
    num = ccx_number(u)
    s = ccx_cantilever_model(u, ccx_steps.__doc__, "CalculiX-style load changes")
    s += "*BOUNDARY\nFix,1,6\n"
    out = "*NODE PRINT,NSET=Tip\nU\n*NODE PRINT,NSET=Fix\nRF,RM\n"
    g = "*GRAVITY\n0.,%s,0.\n" % num(-9.81, "L/T^2")
    if final_only:
        return s + "*STEP,NLGEOM\n*STATIC\n.25,1.\n" + g + "*CLOAD\nTip,1,%s\n" % num(100.0, "F") + out + "*END STEP\n"
    s += "*STEP,NLGEOM\n*STATIC\n.25,1.\n" + g
    s += "*DLOAD\nOuter,PY,%s\n*CLOAD\nTip,2,%s\n" % (num(-q, "F/L"), num(-500.0, "F")) + out + "*END STEP\n"
    s += "*STEP,NLGEOM\n*STATIC\n.25,1.\n*CLOAD\nTip,2,%s\n" % num(-300.0, "F") + out + "*END STEP\n"
    s += "*STEP,NLGEOM\n*STATIC\n.25,1.\n*DLOAD,OP=NEW\n*CLOAD,OP=NEW\nTip,1,%s\n" % num(100.0, "F") + out + "*END STEP\n"
    return s


LT = dict(L=1.0, b=0.002, h=0.04, n=20, frac=0.98, q=1e-3)


def ltb_pcr():
    """Prandtl's (1899) critical tip load of a narrow rectangular cantilever loaded at its
    centroid, 4.013 sqrt(EI_z GJ)/L^2 (Timoshenko & Gere 1961), with nsbeam's torsion
    constant of the rectangle (docs/deck.md, *BEAM SECTION)."""
    L, b, h = LT["L"], LT["b"], LT["h"]
    E, G = 210e9, 210e9 / 2.6
    a, c = max(b, h), min(b, h)
    J = a * c ** 3 * (1 / 3 - 0.21 * (c / a) * (1 - (c / a) ** 4 / 12))
    EIz, EIy = E * h * b ** 3 / 12, E * b * h ** 3 / 12
    return 4.013 * math.sqrt(EIz * G * J) / L ** 2, EIz, EIy, G * J


def lateral_buckling(u):
    """A narrow steel strip (1 m, 40 mm deep, 2 mm thick) clamped as a cantilever and loaded
    down at the tip's centroid, with a lateral tip load of a thousandth of it as the
    imperfection, in twenty static increments to 0.98 of Prandtl's critical load (lateral-torsional
    buckling): the twist grows as P^2/(P_cr^2 - P^2)."""
    L, b, h, n, frac, q = LT["L"], LT["b"], LT["h"], LT["n"], LT["frac"], LT["q"]
    P = frac * ltb_pcr()[0]
    s = head(u, "Lateral-torsional buckling of a strip", lateral_buckling.__doc__)
    s += line_nodes(u, 1, (0, 0, 0), (L, 0, 0), n)
    s += line_elems(1, 1, n, "STRIP")
    s += steel(u)
    s += "*BEAM SECTION, ELSET=STRIP, MATERIAL=STEEL, SECTION=RECT\n%s, %s\n0, 1, 0\n" % (u.n(b, "L"), u.n(h, "L"))
    s += "*BOUNDARY\n1, ENCASTRE\n"
    s += "*PROBE, NAME=tip, NODE=%d\nU, R\n*PROBE, NAME=clamp, NODE=1\nRF, RM\n" % (n + 1)
    s += "*STEP, NLGEOM\n*STATIC\n0.05, 1.0\n*CLOAD\n%d, 3, %s\n%d, 2, %s\n*END STEP\n" % (
        n + 1, u.n(-P, "F"), n + 1, u.n(q * P, "F"))
    return s


def support_steps(u):
    """The CalculiX cantilever of ccx_loads without loads, its tip pushed down by a prescribed
    displacement of 10 mm in a first static step and 20 mm in a second (*BOUNDARY, OP=MOD on the
    same node and DOF, as Abaqus and CalculiX users write it: ramped from 10 to 20 mm), four
    increments each."""
    L, b, hh, n = CL["L"], CL["b"], CL["h"], CL["n"]
    s = head(u, "Support moved in two steps", support_steps.__doc__)
    s += line_nodes(u, 1, (0, 0, 0), (L, 0, 0), n)
    s += line_elems(1, 1, n, "BEAM", "B31")
    s += "*NSET, NSET=TIP\n%d\n" % (n + 1)
    s += steel(u)
    s += "*BEAM SECTION, ELSET=BEAM, MATERIAL=STEEL, SECTION=RECT\n%s, %s\n0, 0, 1\n" % (u.n(b, "L"), u.n(hh, "L"))
    s += "*BOUNDARY\n1, 1, 6\n"
    out = "*NODE PRINT, NSET=TIP\nU, RF\n"
    for w, op in ((0.01, ""), (0.02, ", OP=MOD")):
        s += "*STEP, NLGEOM\n*STATIC\n0.25, 1.0\n*BOUNDARY%s\nTIP, 2, 2, %s\n%s*END STEP\n" % (op, u.n(-w, "L"), out)
    return s


def support_added(u):
    """The cantilever of support_steps bent 10 mm down by a tip load in a first static step;
    in a second a *BOUNDARY on the tip's free DOF brings it to 5 mm (ramped from where the
    first step left it, not from the undeformed position); in a third *BOUNDARY, FIXED holds
    the midspan node where it is while the tip support moves on to 15 mm (OP=MOD)."""
    L, b, hh, n = CL["L"], CL["b"], CL["h"], CL["n"]
    E, G = 210e9, 210e9 / 2.6
    k = 1 / (L ** 3 / (3 * E * b * hh ** 3 / 12) + L / (5 / 6 * G * b * hh))
    s = head(u, "Supports added in later steps", support_added.__doc__)
    s += line_nodes(u, 1, (0, 0, 0), (L, 0, 0), n)
    s += line_elems(1, 1, n, "BEAM", "B31")
    s += "*NSET, NSET=TIP\n%d\n*NSET, NSET=MID\n%d\n" % (n + 1, n // 2 + 1)
    s += steel(u)
    s += "*BEAM SECTION, ELSET=BEAM, MATERIAL=STEEL, SECTION=RECT\n%s, %s\n0, 0, 1\n" % (u.n(b, "L"), u.n(hh, "L"))
    s += "*BOUNDARY\n1, 1, 6\n"
    out = "*NODE PRINT, NSET=TIP\nU, RF\n*NODE PRINT, NSET=MID\nU, RF\n"
    s += "*STEP, NLGEOM\n*STATIC\n0.25, 1.0\n*CLOAD\nTIP, 2, %s\n%s*END STEP\n" % (u.n(-0.01 * k, "F"), out)
    s += "*STEP, NLGEOM\n*STATIC\n0.25, 1.0\n*BOUNDARY\nTIP, 2, 2, %s\n%s*END STEP\n" % (u.n(-0.005, "L"), out)
    s += ("*STEP, NLGEOM\n*STATIC\n0.25, 1.0\n*BOUNDARY, FIXED\nMID, 2, 2\n*BOUNDARY, OP=MOD\nTIP, 2, 2, %s\n%s*END STEP\n"
          % (u.n(-0.015, "L"), out))
    return s


# ---------------------------------------------------------------------------
# impact models: particle collisions, Hertz impact, a bouncing ball, Newton's cradle

# particle_collision: three pairs of steel balls (particles: no spin), each pair its own
# *CONTACT PAIR; ball A (0.5 kg, r = 25 mm) at 2 m/s against ball B (0.2 kg, r = 20 mm):
# head-on with B coming at 1 m/s, e = 0.5; oblique (B at rest, struck 30 degrees off its
# centre line) with e = 0.5 and mu = 0.2 (slips through the impact) and mu = 0.5 (sticks)
PC = {"mA": 0.5, "rA": 0.025, "mB": 0.2, "rB": 0.02, "e": 0.5, "theta": math.radians(30.0),
      "pairs": ((0.0, (2.0, 0, 0), (-1.0, 0, 0), 0.0), (0.5, (2.0, 0, 0), (0, 0, 0), 0.2),
                (1.0, (2.0, 0, 0), (0, 0, 0), 0.5)), "h": 1e-3, "T": 0.1}


def particle_collision(u):
    """Three pairs of steel balls (particles: no spin) in space: ball A (0.5 kg, r = 25 mm)
    at 2 m/s strikes ball B (0.2 kg, r = 20 mm); head-on with B coming at 1 m/s (e = 0.5,
    no friction), and obliquely, B at rest and struck 30 degrees off the line of centres,
    with e = 0.5 and Coulomb friction mu = 0.2 (slips through the impact) and mu = 0.5
    (sticks). Newton's law; the closed-form outcome of the impulses."""
    p = PC
    R = p["rA"] + p["rB"]
    s = head(u, "Two balls colliding head-on and obliquely", particle_collision.__doc__)
    for k, (y, vA, vB, mu) in enumerate(p["pairs"]):
        b = 0.0 if k == 0 else R * math.sin(p["theta"])
        s += "*NODE, NSET=A%d\n%d, %s, %s, 0\n" % (k + 1, 10 * k + 1, u.n(-0.1, "L"), u.n(y, "L"))
        s += "*NODE, NSET=B%d\n%d, %s, %s, 0\n" % (k + 1, 10 * k + 2, u.n(0.1, "L"), u.n(y + b, "L"))
        s += "*PARTICLE, NSET=A%d, MASS=%s, RADIUS=%s\n" % (k + 1, u.n(p["mA"], "M"), u.n(p["rA"], "L"))
        s += "*PARTICLE, NSET=B%d, MASS=%s, RADIUS=%s\n" % (k + 1, u.n(p["mB"], "M"), u.n(p["rB"], "L"))
    s += "*INITIAL CONDITIONS, TYPE=VELOCITY\n"
    for k, (y, vA, vB, mu) in enumerate(p["pairs"]):
        for node, v in ((10 * k + 1, vA), (10 * k + 2, vB)):
            for d in range(3):
                if v[d]:
                    s += "%d, %d, %s\n" % (node, d + 1, u.n(v[d], "L/T"))
    for k, (y, vA, vB, mu) in enumerate(p["pairs"]):
        s += "*CONTACT PAIR, LAW=NEWTON, RESTITUTION=%g%s\nA%d, B%d\n" % (
            p["e"], ", FRICTION=%g" % mu if mu else "", k + 1, k + 1)
    for k in range(3):
        s += "*PROBE, NAME=a%d, NODE=%d\nX, V\n*PROBE, NAME=b%d, NODE=%d\nX, V\n" % (k + 1, 10 * k + 1, k + 1, 10 * k + 2)
    s += "*STEP\n*DYNAMIC\n%s, %s\n*OUTPUT, FORMAT=HISTORY, EVERY=1\n*OUTPUT, FORMAT=CONTACT\n*END STEP\n" % (
        u.n(p["h"], "T"), u.n(p["T"], "T"))
    return s


# hertz_ball_wall: a steel ball (r = 10 mm) thrown at 1 m/s against a thick steel wall, Hertz's
# contact stiffness of two steel bodies c = 4/3 E* sqrt(r), E* = E / (2 (1 - nu^2)); no gravity
HB = {"r": 0.01, "v0": 1.0, "gap": 5e-5, "h": 1e-6, "T": 2e-4}


def hertz_ball_props():
    E, nu, rho = STEEL
    m = rho * 4.0 / 3.0 * math.pi * HB["r"] ** 3
    c = 4.0 / 3.0 * E / (2 * (1 - nu * nu)) * math.sqrt(HB["r"])
    return m, c


def hertz_ball_wall(u):
    """A steel ball (20 mm diameter) thrown at 1 m/s against a thick steel wall (a plane
    obstacle), no gravity: Hertz's law with the stiffness of two steel bodies,
    c = 4/3 E* sqrt(r), E* = E / (2 (1 - nu^2)); no damping. Contact time and peak force
    against Hertz's closed form (Goldsmith 1960)."""
    m, c = hertz_ball_props()
    s = head(u, "Hertz impact of a ball on a wall", hertz_ball_wall.__doc__)
    s += "*NODE, NSET=BALL\n1, %s, 0, 0\n" % u.n(HB["r"] + HB["gap"], "L")
    s += "*PARTICLE, NSET=BALL, MASS=%s, RADIUS=%s\n" % (u.n(m, "M"), u.n(HB["r"], "L"))
    s += "*OBSTACLE, NAME=WALL, TYPE=PLANE\n0, 0, 0, 1, 0, 0\n"
    s += "*CONTACT PAIR, LAW=HERTZ, STIFFNESS=%s\nBALL, WALL\n" % u.n(c, "F/L^1.5")
    s += "*INITIAL CONDITIONS, TYPE=VELOCITY\n1, 1, %s\n" % u.n(-HB["v0"], "L/T")
    s += "*PROBE, NAME=ball, NODE=1\nX, V\n"
    s += "*STEP\n*DYNAMIC\n%s, %s\n*OUTPUT, FORMAT=HISTORY, EVERY=1\n*OUTPUT, FORMAT=CONTACT\n*END STEP\n" % (
        u.n(HB["h"], "T"), u.n(HB["T"], "T"))
    return s


# bouncing_ball: a steel ball (r = 20 mm) dropped from 0.5 m onto a floor, e = 0.5
BB = {"r": 0.02, "H": 0.5, "e": 0.5, "g": 9.81, "h": 1e-3, "T": 1.2}


def bouncing_ball(u):
    """A steel ball (40 mm diameter) dropped from 0.5 m (its bottom above the floor) onto
    a rigid floor, Newton's law with e = 0.5: it bounces at t1 = sqrt(2H/g), then after
    flights 2 e^k v0 / g, and comes to rest at the Zeno time t1 (1 + e) / (1 - e)."""
    r, H = BB["r"], BB["H"]
    m = 7850 * 4.0 / 3.0 * math.pi * r ** 3
    s = head(u, "Ball bouncing to rest", bouncing_ball.__doc__)
    s += "*NODE, NSET=BALL\n1, 0, 0, %s\n" % u.n(H + r, "L")
    s += "*PARTICLE, NSET=BALL, MASS=%s, RADIUS=%s\n" % (u.n(m, "M"), u.n(r, "L"))
    s += "*OBSTACLE, NAME=FLOOR, TYPE=PLANE\n0, 0, 0, 0, 0, 1\n"
    s += "*CONTACT PAIR, LAW=NEWTON, RESTITUTION=%g\nBALL, FLOOR\n" % BB["e"]
    s += "*GRAVITY\n0, 0, %s\n" % u.n(-BB["g"], "L/T^2")
    s += "*PROBE, NAME=ball, NODE=1\nX, V\n"
    s += "*STEP\n*DYNAMIC\n%s, %s\n*OUTPUT, FORMAT=HISTORY, EVERY=1\n*OUTPUT, FORMAT=CONTACT\n*END STEP\n" % (
        u.n(BB["h"], "T"), u.n(BB["T"], "T"))
    return s


# newtons_cradle: rows of steel balls (particles, r = 10 mm), the first at 1 m/s 1.03 mm short
# of the next (a touch inside an increment, off its midpoint); no gravity (the strings only hold the balls up)
NC = {"r": 0.01, "v": 1.0, "gap0": 1.03e-3, "h": 1e-4, "T": 0.02,
      "rows": (("SEQ", 5, 0.0, ", IMPACT=SEQUENTIAL"), ("GAP", 5, 1.03e-3, ""))}


def newtons_cradle(u):
    """Newton's cradle of five steel balls (20 mm, particles) without gravity, e = 1, the
    first at 1 m/s 1.03 mm short of the row: touching balls with IMPACT=SEQUENTIAL, and
    balls 1.03 mm apart with the default law (each impact its own increment)."""
    r = NC["r"]
    m = 7850 * 4.0 / 3.0 * math.pi * r ** 3
    s = head(u, "Newton's cradle", newtons_cradle.__doc__)
    for k, (name, n, gap, law) in enumerate(NC["rows"]):
        s += "*NODE, NSET=%s\n" % name
        for i in range(n):
            x = -(2 * r + NC["gap0"]) if i == 0 else (i - 1) * (2 * r + gap)
            s += "%d, %s, %s, 0\n" % (100 * (k + 1) + i, u.n(x, "L"), u.n(0.1 * k, "L"))
        s += "*PARTICLE, NSET=%s, MASS=%s, RADIUS=%s\n" % (name, u.n(m, "M"), u.n(r, "L"))
    s += "*INITIAL CONDITIONS, TYPE=VELOCITY\n"
    for k in range(len(NC["rows"])):
        s += "%d, 1, %s\n" % (100 * (k + 1), u.n(NC["v"], "L/T"))
    for name, n, gap, law in NC["rows"]:
        s += "*CONTACT PAIR, LAW=NEWTON, RESTITUTION=1%s\n%s, %s\n" % (law, name, name)
    for k, (name, n, gap, law) in enumerate(NC["rows"]):
        for i in range(n):
            s += "*PROBE, NAME=%s%d, NODE=%d\nV\n" % (name.lower(), i + 1, 100 * (k + 1) + i)
    s += "*STEP\n*DYNAMIC\n%s, %s\n*OUTPUT, FORMAT=HISTORY, EVERY=1\n*OUTPUT, FORMAT=CONTACT\n*END STEP\n" % (
        u.n(NC["h"], "T"), u.n(NC["T"], "T"))
    return s


# ball_on_element: a ball dropped on the middle of an element of a simply supported beam
BE = {"L": 1.0, "b": 0.02, "n": 10, "x": 0.45, "m": 0.1, "r": 0.015, "drop": 0.05, "h": 1e-4, "T": 0.15,
      "e": (0.0, 1.0)}


def ball_on_element(u):
    """Two simply supported steel beams (1 m, 20 x 20 mm, ten elements), each struck by a
    0.1 kg steel ball (radius 15 mm) dropped from 50 mm onto the middle of its fifth element
    (x = 0.45 m, no node there: the chord is the master), under gravity; Newton's law with
    e = 0 on one beam and e = 1 on the other."""
    p = BE
    s = head(u, "Ball dropped between the nodes of a beam", ball_on_element.__doc__)
    s += steel(u)
    for k, e in enumerate(p["e"]):
        y, first = 0.2 * k, 100 * k + 1
        s += line_nodes(u, first, (0, y, 0), (p["L"], y, 0), p["n"], "BEAMN%d" % (k + 1))
        s += line_elems(first, first, p["n"], "BEAM%d" % (k + 1))
        s += "*BEAM SECTION, ELSET=BEAM%d, MATERIAL=STEEL, SECTION=RECT\n%s, %s\n0, 1, 0\n" % (
            k + 1, u.n(p["b"], "L"), u.n(p["b"], "L"))
        s += "*BOUNDARY\n%d, PINNED\n%d, 4, 4\n%d, 2, 3\n" % (first, first, first + p["n"])
        s += "*NODE, NSET=BALL%d\n%d, %s, %s, %s\n" % (k + 1, 100 * k + 50, u.n(p["x"], "L"), u.n(y, "L"),
                                                     u.n(p["r"] + p["b"] / 2 + p["drop"], "L"))
        s += "*PARTICLE, NSET=BALL%d, MASS=%s, RADIUS=%s\n" % (k + 1, u.n(p["m"], "M"), u.n(p["r"], "L"))
        s += "*CONTACT PAIR, LAW=NEWTON%s\nBALL%d, BEAM%d\n" % (", RESTITUTION=%g" % e if e else "", k + 1, k + 1)
    s += "*GRAVITY\n0, 0, %s\n" % u.n(-9.81, "L/T^2")
    for k in range(len(p["e"])):
        first = 100 * k + 1
        s += "*PROBE, NAME=a%d, NODE=%d\nRF\n*PROBE, NAME=b%d, NODE=%d\nRF\n" % (k + 1, first, k + 1, first + p["n"])
        s += "*PROBE, NAME=ball%d, NODE=%d\nX, V\n" % (k + 1, 100 * k + 50)
        s += "*PROBE, NAME=n%d_4, NODE=%d\nX, V\n*PROBE, NAME=n%d_5, NODE=%d\nX, V\n" % (k + 1, first + 4, k + 1, first + 5)
    s += "*STEP\n*DYNAMIC\n%s, %s\n*OUTPUT, FORMAT=HISTORY, EVERY=1\n*OUTPUT, FORMAT=CONTACT\n*END STEP\n" % (
        u.n(p["h"], "T"), u.n(p["T"], "T"))
    return s


# ball_on_incline: steel balls (r = 50 mm) released at rest on planes inclined in x-z
BI = {"r": 0.05, "g": 9.81, "h": 1e-3, "T": 0.5,
      "balls": (("ROLL", 20.0, 0.3), ("SLIDE", 40.0, 0.2))}


def ball_on_incline(u):
    """Two steel balls (100 mm diameter, 4.11 kg, rigid bodies of one node) released at rest
    on inclined planes, Coulomb friction: on 20 degrees with mu = 0.3 it rolls (mu above
    2/7 tan 20), down the slope at 5/7 g sin a; on 40 degrees with mu = 0.2 it slides (mu
    below 2/7 tan 40) at g (sin a - mu cos a) while friction spins it up at 5 mu g cos a / 2r."""
    r, g = BI["r"], BI["g"]
    m = 7850 * 4 / 3 * math.pi * r ** 3
    J = 0.4 * m * r * r
    s = head(u, "Balls released on inclines", ball_on_incline.__doc__)
    for k, (name, deg, mu) in enumerate(BI["balls"]):
        a = math.radians(deg)
        n = (math.sin(a), 0.0, math.cos(a))  # the slope falls towards +x
        y = 0.5 * k
        s += "*NODE, NSET=%s\n%d, %s, %s, %s\n" % (name, k + 1, u.n(r * n[0], "L"), u.n(y, "L"), u.n(r * n[2], "L"))
        s += "*RIGID BODY, NODE=%d, MASS=%s\n%s, %s, %s\n" % (k + 1, u.n(m, "M"), *(u.n(J, "M*L^2") for _ in range(3)))
        s += "*OBSTACLE, NAME=SLOPE%d, TYPE=PLANE\n0, %s, 0, %.17g, 0, %.17g\n" % (k + 1, u.n(y, "L"), n[0], n[2])
        s += "*CONTACT PAIR, LAW=NEWTON, FRICTION=%g, SLAVE RADIUS=%s\n%s, SLOPE%d\n" % (mu, u.n(r, "L"), name, k + 1)
    s += "*GRAVITY\n0, 0, %s\n" % u.n(-g, "L/T^2")
    for k, (name, deg, mu) in enumerate(BI["balls"]):
        s += "*PROBE, NAME=%s, NODE=%d\nX, V, W\n" % (name.lower(), k + 1)
    s += "*STEP\n*DYNAMIC\n%s, %s\n*OUTPUT, FORMAT=HISTORY, EVERY=1\n*END STEP\n" % (u.n(BI["h"], "T"), u.n(BI["T"], "T"))
    return s


# conveyor: a belt (a plane obstacle translating at V) and two bodies set down on it at rest
CV = {"V": 1.0, "mu": 0.4, "r": 0.05, "m": 2.0, "g": 9.81, "h": 1e-3, "T": 0.5}


def conveyor(u):
    """A conveyor belt (a plane obstacle translating at 1 m/s, TABULAR amplitude) and, set
    down on it at rest, a 2 kg block (a particle) and a steel ball (100 mm, a rigid body),
    Coulomb mu = 0.4: the block is dragged up to the belt's speed at mu g and dissipates half
    of the belt's work; the ball spins up and ends rolling at 2/7 of it."""
    p = CV
    r = p["r"]
    mb = 7850 * 4 / 3 * math.pi * r ** 3
    J = 0.4 * mb * r * r
    s = head(u, "Block and ball on a conveyor belt", conveyor.__doc__)
    s += "*AMPLITUDE, NAME=BELT\n0, 0, %s, %s\n" % (u.n(10.0, "T"), u.n(10.0 * p["V"], "L"))
    s += "*OBSTACLE, NAME=BELT, TYPE=PLANE, AMPLITUDE=BELT\n0, 0, 0, 0, 0, 1, 1, 0, 0\n"
    s += "*NODE, NSET=BLOCK\n1, 0, 0, %s\n" % u.n(r, "L")
    s += "*PARTICLE, NSET=BLOCK, MASS=%s, RADIUS=%s\n" % (u.n(p["m"], "M"), u.n(r, "L"))
    s += "*NODE, NSET=BALL\n2, 0, %s, %s\n" % (u.n(0.5, "L"), u.n(r, "L"))
    s += "*RIGID BODY, NODE=2, MASS=%s\n%s, %s, %s\n" % (u.n(mb, "M"), *(u.n(J, "M*L^2") for _ in range(3)))
    s += "*CONTACT PAIR, LAW=NEWTON, FRICTION=%g\nBLOCK, BELT\n" % p["mu"]
    s += "*CONTACT PAIR, LAW=NEWTON, FRICTION=%g, SLAVE RADIUS=%s\nBALL, BELT\n" % (p["mu"], u.n(r, "L"))
    s += "*GRAVITY\n0, 0, %s\n" % u.n(-p["g"], "L/T^2")
    s += "*PROBE, NAME=block, NODE=1\nX, V\n*PROBE, NAME=ball, NODE=2\nX, V, W\n"
    s += "*STEP\n*DYNAMIC\n%s, %s\n*OUTPUT, FORMAT=HISTORY, EVERY=1\n*END STEP\n" % (u.n(p["h"], "T"), u.n(p["T"], "T"))
    return s


# crossing_beams: two free steel bars crossing at right angles, the upper one thrown at the lower
CB2 = {"L": 1.0, "rad": 0.01, "v0": 1.0, "gap": 0.00203, "h": 1e-4, "T": 0.02, "n_low": 9, "n_up": 10}


def crossing_beams_props():
    E, nu, rho = STEEL
    return 4.0 / 3.0 * E / (2 * (1 - nu * nu)) * math.sqrt(CB2["rad"]), rho * math.pi * CB2["rad"] ** 2 * CB2["L"]


def crossing_beams(u):
    """Two free steel bars (1 m, 20 mm diameter) in space crossing at right angles: the upper
    one, 2.03 mm above, thrown at 1 m/s onto the middle of the lower one (its middle node on the
    middle of the lower bar's fifth element); Hertz contact of two crossed steel cylinders
    (c = 4/3 E* sqrt(r)), the upper bar's nodes against the lower bar's centre line."""
    p = CB2
    c, _ = crossing_beams_props()
    L, z = p["L"], 2 * p["rad"] + p["gap"]
    s = head(u, "Crossing bars", crossing_beams.__doc__)
    s += line_nodes(u, 1, (-L / 2, 0, 0), (L / 2, 0, 0), p["n_low"], "LOWN")
    s += line_elems(1, 1, p["n_low"], "LOWER")
    s += line_nodes(u, 101, (0, -L / 2, z), (0, L / 2, z), p["n_up"], "UPN")
    s += line_elems(101, 101, p["n_up"], "UPPER")
    s += steel(u)
    for name, axis in (("LOWER", "0, 1, 0"), ("UPPER", "1, 0, 0")):
        s += "*BEAM SECTION, ELSET=%s, MATERIAL=STEEL, SECTION=CIRC\n%s\n%s\n" % (name, u.n(p["rad"], "L"), axis)
    s += "*INITIAL CONDITIONS, TYPE=VELOCITY\n"
    for i in range(p["n_up"] + 1):
        s += "%d, 3, %s\n" % (101 + i, u.n(-p["v0"], "L/T"))
    s += "*CONTACT PAIR, LAW=HERTZ, STIFFNESS=%s\nUPN, LOWER\n" % u.n(c, "F/L^1.5")
    s += "*PROBE, NAME=low, NODE=%d\nX, V\n*PROBE, NAME=up, NODE=%d\nX, V\n" % (p["n_low"] // 2 + 1, 101 + p["n_up"] // 2)
    s += "*STEP\n*DYNAMIC\n%s, %s\n*OUTPUT, FORMAT=HISTORY, EVERY=1\n*OUTPUT, FORMAT=CONTACT\n*END STEP\n" % (
        u.n(p["h"], "T"), u.n(p["T"], "T"))
    return s


# ---------------------------------------------------------------------------
# torsion with bending, pretwisted beams, dynamic section forces

BC = dict(a=2.0, b=1.5, na=8, nb=6, rect=(0.06, 0.12), box=(0.1, 0.1, 0.005), P=1000.0, T=500.0)


def bent_cantilever(u):
    """An L-shaped steel cantilever lying in the horizontal plane (a grillage corner): a solid
    60 x 120 mm leg of 2 m along x clamped at its root, a 100 x 100 x 5 mm box leg of 1.5 m along y
    from its end; a vertical load of 1 kN and a torque of 0.5 kN m about the box leg's axis at the
    tip, in two increments.  The first leg carries the load's moment P b as torsion (St-Venant's J
    of the rectangle, Roark), the box leg the torque (Bredt's J)."""
    a, b, na, nb = BC["a"], BC["b"], BC["na"], BC["nb"]
    s = head(u, "Cantilever bent in plan under a vertical tip load", bent_cantilever.__doc__)
    s += line_nodes(u, 1, (0, 0, 0), (a, 0, 0), na)
    s += "*NODE\n"
    for i in range(1, nb + 1):
        s += "%d, %s, %s, 0\n" % (100 + i, u.n(a, "L"), u.n(b * i / nb, "L"))
    s += line_elems(1, 1, na, "SOLID", "B31")
    s += "*ELEMENT, TYPE=B31, ELSET=TUBE\n%d, %d, 101\n" % (na + 1, na + 1)
    for i in range(1, nb):
        s += "%d, %d, %d\n" % (na + 1 + i, 100 + i, 101 + i)
    s += steel(u)
    bb, hh = BC["rect"]
    s += "*BEAM SECTION, ELSET=SOLID, MATERIAL=STEEL, SECTION=RECT\n%s, %s\n0, 1, 0\n" % (u.n(bb, "L"), u.n(hh, "L"))
    w, t = BC["box"][0], BC["box"][2]
    s += "*BEAM SECTION, ELSET=TUBE, MATERIAL=STEEL, SECTION=BOX\n%s\n1, 0, 0\n" % ", ".join(
        u.n(v, "L") for v in (w, w, t, t, t, t))
    s += "*BOUNDARY\n1, ENCASTRE\n"
    s += "*PROBE, NAME=tip, NODE=%d\nU, R\n*PROBE, NAME=corner, NODE=%d\nU, R\n" % (100 + nb, na + 1)
    s += "*PROBE, NAME=clamp, NODE=1\nRF, RM\n"
    s += "*PROBE, NAME=leg1, ELEMENT=3, POSITION=0.3\nX, Q, N, M, NS, MS\n"
    s += "*PROBE, NAME=leg2, ELEMENT=%d, POSITION=0.6\nX, Q, N, M, NS, MS\n" % (na + 3)
    s += "*STEP\n*STATIC\n0.5, 1.0\n*CLOAD\n%d, 3, %s\n%d, 5, %s\n" % (
        100 + nb, u.n(-BC["P"], "F"), 100 + nb, u.n(BC["T"], "F*L"))
    s += "*OUTPUT, FORMAT=VTK\n*END STEP\n"
    return s


# MacNeal and Harder's (1985) twisted beam: 12 x 1.1 x 0.32 in, twisted by 90 degrees, E = 29e6 psi,
# nu = 0.22, a tip load of 1 lbf (in inches, converted to SI here)
IN_ = 0.0254
LBF = 4.4482216152605
TW = dict(L=12 * IN_, b=1.1 * IN_, h=0.32 * IN_, E=29e6 * LBF / IN_ ** 2, nu=0.22, P=LBF, n=12)


def twisted_beam(u):
    """MacNeal and Harder's (1985) twisted beam as two B31 cantilevers of 12 elements, 12 in long,
    1.1 x 0.32 in, their section turned by 90 degrees from root to tip by *BEAM NODE FRAME at every
    node; 1 lbf at each tip, in the width's direction at the root ("in-plane") on the first, across
    it ("out-of-plane") on the second; two increments."""
    L, b, h, n = TW["L"], TW["b"], TW["h"], TW["n"]
    s = head(u, "MacNeal-Harder twisted beam", twisted_beam.__doc__)
    s += "*NODE, NSET=ALL\n"
    for k, z0 in ((0, 0.0), (1, 0.1)):
        for i in range(n + 1):
            s += "%d, %s, 0, %s\n" % (100 * (k + 1) + i, u.n(L * i / n, "L"), u.n(z0, "L"))
    for k in range(2):
        s += line_elems(100 * (k + 1) + 1, 100 * (k + 1), n, "TWIST%d" % (k + 1), "B31")
    s += "*ELSET, ELSET=TWIST\nTWIST1, TWIST2\n"
    E, nu = TW["E"], TW["nu"]
    s += "*MATERIAL, NAME=STEEL\n*ELASTIC\n%s, %g\n" % (u.n(E, "F/L^2"), nu)
    s += "*BEAM SECTION, ELSET=TWIST, MATERIAL=STEEL, SECTION=RECT\n%s, %s\n" % (u.n(b, "L"), u.n(h, "L"))
    s += "*BEAM NODE FRAME\n"
    for k in range(2):
        for i in range(n + 1):
            th = 0.5 * math.pi * i / n
            s += "%d, 1, 0, 0, 0, %.17g, %.17g\n" % (100 * (k + 1) + i, math.cos(th), math.sin(th))
    s += "*BOUNDARY\n100, ENCASTRE\n200, ENCASTRE\n"
    s += "*PROBE, NAME=tip1, NODE=%d\nU\n*PROBE, NAME=tip2, NODE=%d\nU\n" % (100 + n, 200 + n)
    s += "*PROBE, NAME=root1, NODE=100\nRF, RM\n*PROBE, NAME=root2, NODE=200\nRF, RM\n"
    s += "*PROBE, NAME=cut1, ELEMENT=105, POSITION=0.4\nX, M, MS\n"
    s += "*STEP\n*STATIC\n0.5, 1.0\n*CLOAD\n%d, 2, %s\n%d, 3, %s\n" % (100 + n, u.n(TW["P"], "F"), 200 + n, u.n(TW["P"], "F"))
    s += "*END STEP\n"
    return s


SL = dict(L=1.0, b=0.02, h=0.01, n=20, P=10.0, tr=0.04, dt=5e-4, T=0.3, probe=(8, 0.4))


def step_load_cantilever(u):
    """A steel cantilever (1 m, 20 x 10 mm, 20 elements) at rest, a 10 N tip load brought on over
    40 ms by a SMOOTH STEP amplitude (a third of the first period) and held; 0.3 s, two and a half
    periods of the first mode, at 0.5 ms.  The clamp's reactions, the tip and the section forces
    inside an element swing about the static values with the modes."""
    L, b, h, n = SL["L"], SL["b"], SL["h"], SL["n"]
    s = head(u, "Cantilever under a quickly applied tip load", step_load_cantilever.__doc__)
    s += line_nodes(u, 1, (0, 0, 0), (L, 0, 0), n)
    s += line_elems(1, 1, n, "BAR")
    s += steel(u)
    s += "*BEAM SECTION, ELSET=BAR, MATERIAL=STEEL, SECTION=RECT\n%s, %s\n0, 1, 0\n" % (u.n(b, "L"), u.n(h, "L"))
    s += "*BOUNDARY\n1, ENCASTRE\n"
    s += "*AMPLITUDE, NAME=ON, DEFINITION=SMOOTH STEP\n0, 0, %s, 1\n" % u.n(SL["tr"], "T")
    e, xi = SL["probe"]
    s += "*PROBE, NAME=tip, NODE=%d\nU\n*PROBE, NAME=clamp, NODE=1\nRF, RM\n" % (n + 1)
    s += "*PROBE, NAME=cut, ELEMENT=%d, POSITION=%g\nX, NS, MS\n" % (e, xi)
    s += "*STEP\n*DYNAMIC\n%s, %s\n*CLOAD, AMPLITUDE=ON\n%d, 3, %s\n*OUTPUT, FORMAT=VTK, EVERY=50\n*END STEP\n" % (
        u.n(SL["dt"], "T"), u.n(SL["T"], "T"), n + 1, u.n(-SL["P"], "F"))
    return s

SH = dict(L=2.0, b=0.04, h=0.02, n=16, F=50.0, ratio=0.6, alpha=2.0, beta=2e-5, dt=5e-4, T=0.6)


def ss_harmonic_damped(u):
    """A simply supported steel beam (2 m, 40 x 20 mm, 16 B31) with Rayleigh damping (*DAMPING,
    ALPHA=2/s, BETA=2e-5 s: 1.4 % of critical in the first mode), shaken from rest by a harmonic
    force of 50 N at midspan at 0.6 of its first natural frequency (a PERIODIC amplitude); 0.6 s,
    seven periods of the first mode, at 0.5 ms."""
    L, b, h, n = SH["L"], SH["b"], SH["h"], SH["n"]
    E, nu, rho = STEEL
    EI, rA = E * b * h ** 3 / 12, rho * b * h
    Om = SH["ratio"] * (math.pi / L) ** 2 * math.sqrt(EI / rA)
    s = head(u, "Damped simply supported beam under a harmonic force", ss_harmonic_damped.__doc__)
    s += line_nodes(u, 1, (0, 0, 0), (L, 0, 0), n)
    s += line_elems(1, 1, n, "BEAM", "B31")
    s += steel(u) + "*DAMPING, ALPHA=%s, BETA=%s\n" % (u.n(SH["alpha"], "1/T"), u.n(SH["beta"], "T"))
    s += "*BEAM SECTION, ELSET=BEAM, MATERIAL=STEEL, SECTION=RECT\n%s, %s\n0, 1, 0\n" % (u.n(b, "L"), u.n(h, "L"))
    s += "*BOUNDARY\n1, 1, 4\n%d, 2, 4\n" % (n + 1)
    s += "*AMPLITUDE, NAME=SHAKE, DEFINITION=PERIODIC\n1, %s, 0, 0\n0, 1\n" % u.n(Om, "1/T")
    s += "*PROBE, NAME=mid, NODE=%d\nU\n*PROBE, NAME=left, NODE=1\nRF\n*PROBE, NAME=right, NODE=%d\nRF\n" % (n // 2 + 1, n + 1)
    s += "*PROBE, NAME=cut, ELEMENT=3, POSITION=0.6\nX, NS, MS\n"
    s += "*STEP\n*DYNAMIC\n%s, %s\n*CLOAD, AMPLITUDE=SHAKE\n%d, 3, %s\n*END STEP\n" % (
        u.n(SH["dt"], "T"), u.n(SH["T"], "T"), n // 2 + 1, u.n(-SH["F"], "F"))
    return s


GB = dict(L=5.0, a=2.0, b=1.0, ng=10, nb=5, box=(0.2, 0.01), rect=(0.1, 0.05), P=4e3)


def girder_bracket(u):
    """A grillage piece: a steel box girder (200 x 200 x 10 mm) of 5 m on fork supports (both ends
    held against deflection and twist, free to turn in bending, one end free to slide along the
    girder), a solid 100 x 50 mm bracket of 1 m cantilevered out at right angles from the girder
    2 m from the first support, 4 kN down at the bracket's tip, two increments.  The bracket's
    moment twists the girder, and the two fork supports share the torque as 3 : 2 (statically
    indeterminate)."""
    L, a, b, ng, nb = GB["L"], GB["a"], GB["b"], GB["ng"], GB["nb"]
    s = head(u, "Girder with a cantilever bracket", girder_bracket.__doc__)
    s += line_nodes(u, 1, (0, 0, 0), (L, 0, 0), ng)
    ka = int(round(a / L * ng)) + 1
    s += "*NODE\n"
    for i in range(1, nb + 1):
        s += "%d, %s, %s, 0\n" % (100 + i, u.n(a, "L"), u.n(b * i / nb, "L"))
    s += line_elems(1, 1, ng, "GIRDER", "B31")
    s += "*ELEMENT, TYPE=B31, ELSET=BRACKET\n%d, %d, 101\n" % (101, ka)
    for i in range(1, nb):
        s += "%d, %d, %d\n" % (101 + i, 100 + i, 101 + i)
    s += steel(u)
    w, t = GB["box"]
    s += "*BEAM SECTION, ELSET=GIRDER, MATERIAL=STEEL, SECTION=BOX\n%s\n0, 1, 0\n" % ", ".join(
        u.n(v, "L") for v in (w, w, t, t, t, t))
    bb, hh = GB["rect"]
    s += "*BEAM SECTION, ELSET=BRACKET, MATERIAL=STEEL, SECTION=RECT\n%s, %s\n1, 0, 0\n" % (u.n(bb, "L"), u.n(hh, "L"))
    s += "*BOUNDARY\n1, 1, 4\n%d, 2, 4\n" % (ng + 1)
    s += "*PROBE, NAME=tip, NODE=%d\nU\n*PROBE, NAME=joint, NODE=%d\nU, R\n" % (100 + nb, ka)
    s += "*PROBE, NAME=left, NODE=1\nRF, RM\n*PROBE, NAME=right, NODE=%d\nRF, RM\n" % (ng + 1)
    s += "*PROBE, NAME=g1, ELEMENT=2, POSITION=0.3\nX, MS\n*PROBE, NAME=g2, ELEMENT=8, POSITION=0.7\nX, MS\n"
    s += "*STEP\n*STATIC\n0.5, 1.0\n*CLOAD\n%d, 3, %s\n*OUTPUT, FORMAT=VTK\n*END STEP\n" % (100 + nb, u.n(-GB["P"], "F"))
    return s


GG = dict(a=3.0, b=2.0, na=6, nb=4, q=2000.0, P=10e3, xi=1.5)


def gerber_beam(u):
    """A Gerber beam as an engineer models it with nsbeam's joints: a steel I girder (200 mm deep)
    clamped at its left end, cut by a hinge 3 m out (two nodes at the same place joined by *JOINT,
    TYPE=SPHERICAL: every moment released), its 2 m suspended span on a roller that also holds the
    span's twist; 2 kN/m along the whole girder and 10 kN 1.5 m into the suspended span, two static
    increments; *NODE PRINT and *EL PRINT."""
    a, b, na, nb, xi = GG["a"], GG["b"], GG["na"], GG["nb"], GG["xi"]
    s = head(u, "Gerber beam with a hinge", gerber_beam.__doc__)
    s += line_nodes(u, 1, (0, 0, 0), (a, 0, 0), na)
    s += line_nodes(u, 101, (a, 0, 0), (a + b, 0, 0), nb)
    s += line_elems(1, 1, na, "GIRDER", "B31")
    s += line_elems(101, 101, nb, "SPAN", "B31")
    s += "*ELSET, ELSET=ALL\nGIRDER, SPAN\n"
    s += "*NSET, NSET=CLAMP\n1\n*NSET, NSET=ROLLER\n%d\n*NSET, NSET=HINGE\n%d\n" % (101 + nb, na + 1)
    s += "*NSET, NSET=LOADED\n%d\n" % (101 + int(round(xi / b * nb)))
    s += steel(u)
    sec = (0.1, 0.2, 0.2, 0.2, 0.015, 0.015, 0.009)
    s += "*BEAM SECTION, ELSET=ALL, MATERIAL=STEEL, SECTION=I\n%s\n0, 0, 1\n" % ", ".join(u.n(v, "L") for v in sec)
    s += "*JOINT, TYPE=SPHERICAL\n%d, 101, %s, 0, 0\n" % (na + 1, u.n(a, "L"))
    s += "*BOUNDARY\nCLAMP, ENCASTRE\nROLLER, 2, 4\n"
    s += "*PROBE, NAME=hinge_l, ELEMENT=%d, POSITION=1\nMS\n*PROBE, NAME=hinge_r, ELEMENT=101, POSITION=0\nMS\n" % na
    s += "*STEP\n*STATIC\n0.5, 1.0\n*DLOAD\nALL, PY, %s\n*CLOAD\nLOADED, 2, %s\n" % (u.n(-GG["q"], "F/L"), u.n(-GG["P"], "F"))
    s += "*NODE PRINT, NSET=CLAMP\nRF, RM\n*NODE PRINT, NSET=ROLLER\nRF\n*NODE PRINT, NSET=HINGE\nU\n"
    s += "*NODE PRINT, NSET=LOADED\nU\n*EL PRINT, ELSET=ALL\nSF, SM\n*END STEP\n"
    return s


# Bathe and Bolourchi's (1979) 45-degree bend, in inches (converted to SI here): R = 100 in,
# 1 x 1 in, E = 1e7 psi, nu = 0, 600 lbf out of the plane at the tip
B45 = dict(R=100 * IN_, b=IN_, E=1e7 * LBF / IN_ ** 2, P=600 * LBF, n=16)


def bend45(u, n=None):
    """Bathe and Bolourchi's (1979) 45-degree bend: a cantilever on an eighth of a circle of
    radius 100 in, 1 x 1 in, E = 1e7 psi, nu = 0, 16 straight B31 on the arc, a dead tip load of
    600 lbf out of the plane in four increments (150, 300, 450, 600 lbf)."""
    R, b, P = B45["R"], B45["b"], B45["P"]
    n = n or B45["n"]
    s = head(u, "45-degree bend under an out-of-plane tip load", bend45.__doc__)
    s += "*NODE, NSET=ALL\n"
    for i in range(n + 1):
        ph = 0.25 * math.pi * i / n
        s += "%d, %s, %s, 0\n" % (i + 1, u.n(R * math.sin(ph), "L"), u.n(R * (1 - math.cos(ph)), "L"))
    s += line_elems(1, 1, n, "BEND", "B31")
    s += "*MATERIAL, NAME=M\n*ELASTIC\n%s, 0\n" % u.n(B45["E"], "F/L^2")
    s += "*BEAM SECTION, ELSET=BEND, MATERIAL=M, SECTION=RECT\n%s, %s\n0, 0, 1\n" % (u.n(b, "L"), u.n(b, "L"))
    s += "*BOUNDARY\n1, ENCASTRE\n"
    s += "*PROBE, NAME=tip, NODE=%d\nX\n*PROBE, NAME=clamp, NODE=1\nRF, RM\n" % (n + 1)
    s += "*STEP, NLGEOM\n*STATIC\n0.25, 1.0\n*CLOAD\n%d, 3, %s\n*END STEP\n" % (n + 1, u.n(P, "F"))
    return s


TS = dict(L=1.0, n=4, secs=(("RECT", (0.04, 0.02)), ("CIRC", (0.015,)), ("PIPE", (0.025, 0.003)),
                            ("BOX", (0.06, 0.04, 0.004, 0.003, 0.004, 0.003)),
                            ("I", (0.1, 0.2, 0.1, 0.1, 0.01, 0.01, 0.006))), twist=0.05)


def torsion_constants():
    """nsbeam's torsion constant J of each TS section (docs/deck.md, *BEAM SECTION)."""
    out = []
    for name, d in TS["secs"]:
        if name == "RECT":
            a, c = max(d), min(d)
            out.append(a * c ** 3 * (1 / 3 - 0.21 * (c / a) * (1 - (c / a) ** 4 / 12)))
        elif name == "CIRC":
            out.append(math.pi * d[0] ** 4 / 2)
        elif name == "PIPE":
            r, t = d
            out.append(math.pi * (r ** 4 - (r - t) ** 4) / 2)
        elif name == "BOX":
            a, b, t1, t2, t3, t4 = d
            am, bm = a - (t1 + t3) / 2, b - (t2 + t4) / 2
            out.append(4 * (am * bm) ** 2 / (bm * (1 / t1 + 1 / t3) + am * (1 / t2 + 1 / t4)))
        else:
            l, h, b1, b2, t1, t2, t3 = d
            out.append((b1 * t1 ** 3 + b2 * t2 ** 3 + (h - t1 - t2) * t3 ** 3) / 3)
    return out


def torsion_sections(u):
    """Five steel cantilevers of 1 m side by side, one per section shape (RECT 40 x 20, CIRC r 15,
    PIPE 50 x 3, BOX 60 x 40 with 4 and 3 mm walls, I 200 x 100 with 10 mm flanges and a 6 mm web),
    four B31 each, twisted by a tip torque that turns each by 0.05 rad by its torsion constant, in
    two increments."""
    L, n = TS["L"], TS["n"]
    G = 210e9 / 2.6
    s = head(u, "Torsion of the five section shapes", torsion_sections.__doc__)
    for k in range(5):
        s += line_nodes(u, 100 * (k + 1), (0, 0.3 * k, 0), (L, 0.3 * k, 0), n)
    for k, (name, d) in enumerate(TS["secs"]):
        s += line_elems(100 * (k + 1) + 1, 100 * (k + 1), n, name, "B31")
    s += steel(u)
    for name, d in TS["secs"]:
        s += "*BEAM SECTION, ELSET=%s, MATERIAL=STEEL, SECTION=%s\n%s\n0, 0, 1\n" % (name, name, ", ".join(u.n(v, "L") for v in d))
    s += "*ELSET, ELSET=TORSION\nRECT, CIRC, PIPE, BOX, I\n"
    s += "*NSET, NSET=ROOTS\n100, 200, 300, 400, 500\n*NSET, NSET=TIPS\n%s\n" % ", ".join(str(100 * (k + 1) + n) for k in range(5))
    s += "*BOUNDARY\nROOTS, ENCASTRE\n"
    s += "*STEP\n*STATIC\n0.5, 1.0\n*CLOAD\n"
    for k, J in enumerate(torsion_constants()):
        s += "%d, 4, %s\n" % (100 * (k + 1) + n, u.n(TS["twist"] * G * J / L, "F*L"))
    s += "*NODE PRINT, NSET=TIPS\nUR\n*NODE PRINT, NSET=ROOTS\nRM\n*EL PRINT, ELSET=%s\nSM\n*END STEP\n" % "TORSION"
    return s


SU = dict(L=1.0, b=0.02, h=0.01, n=10, Om=30.0, Ts=0.5, T2=0.3, dt=5e-4)


def spin_up_rod(u):
    """A steel rod (1 m, 20 x 10 mm, the 20 mm side in the plane of rotation) on a hub spun up
    about the vertical from rest to 30 rad/s over 0.5 s by Simo and Vu-Quoc's (1986) law
    phi = (W/Ts)(t^2/2 + (Ts/2 pi)^2 (cos(2 pi t/Ts) - 1)) (a SUM of a POLYNOMIAL and a PERIODIC
    amplitude), then turned on at 30 rad/s in a second step (*BOUNDARY, OP=MOD with a TABULAR
    angle in total time); 0.5 ms increments, VTK at the end."""
    L, b, h, n, Om, Ts, T2 = SU["L"], SU["b"], SU["h"], SU["n"], SU["Om"], SU["Ts"], SU["T2"]
    s = head(u, "Rod spun up on a hub", spin_up_rod.__doc__)
    s += line_nodes(u, 1, (0, 0, 0), (L, 0, 0), n)
    s += line_elems(1, 1, n, "ROD", "B31")
    s += steel(u)
    s += "*BEAM SECTION, ELSET=ROD, MATERIAL=STEEL, SECTION=RECT\n%s, %s\n0, 1, 0\n" % (u.n(b, "L"), u.n(h, "L"))
    c = Om / Ts * (Ts / (2 * math.pi)) ** 2
    s += "*AMPLITUDE, NAME=SPINUP, DEFINITION=SUM, TIME=TOTAL TIME\nPARABOLA, 1, WAVE, 1\n"
    s += "*AMPLITUDE, NAME=PARABOLA, DEFINITION=POLYNOMIAL, TIME=TOTAL TIME\n0, 0, %s\n" % u.n(Om / (2 * Ts), "1/T^2")
    s += "*AMPLITUDE, NAME=WAVE, DEFINITION=PERIODIC, TIME=TOTAL TIME\n1, %s, 0, %s\n%s, 0\n" % (
        u.n(2 * math.pi / Ts, "1/T"), u.n(-c, "1"), u.n(c, "1"))
    s += "*AMPLITUDE, NAME=TURN, TIME=TOTAL TIME\n%s, %s, %s, %s\n" % (
        u.n(Ts, "T"), u.n(Om * Ts / 2, "1"), u.n(Ts + T2, "T"), u.n(Om * (Ts / 2 + T2), "1"))
    s += "*BOUNDARY\n1, 1, 5\n"
    s += "*PROBE, NAME=tip, NODE=%d\nX\n*PROBE, NAME=hub, NODE=1\nRF, RM\n" % (n + 1)
    s += "*PROBE, NAME=mid, ELEMENT=5, POSITION=0.5\nNS, MS\n"
    s += "*STEP\n*DYNAMIC\n%s, %s\n*BOUNDARY, AMPLITUDE=SPINUP\n1, 6, 6, 1\n*END STEP\n" % (u.n(SU["dt"], "T"), u.n(Ts, "T"))
    s += "*STEP\n*DYNAMIC\n%s, %s\n*BOUNDARY, OP=MOD, AMPLITUDE=TURN\n1, 6, 6, 1\n" % (u.n(SU["dt"], "T"), u.n(T2, "T"))
    s += "*OUTPUT, FORMAT=VTK, EVERY=200\n*END STEP\n"
    return s


ML = dict(L=4.0, b=0.1, h=0.2, n=20, P=50e3, alpha=0.2, dt=1e-4, T=0.12)


def moving_load_speed():
    """moving_load: the load's speed, alpha times the critical pi-over-L times omega_1 L / pi."""
    L, b, h = ML["L"], ML["b"], ML["h"]
    E, nu, rho = STEEL
    w1 = (math.pi / L) ** 2 * math.sqrt(E * b * h ** 3 / 12 / (rho * b * h))
    return ML["alpha"] * w1 * L / math.pi


def moving_load(u):
    """A simply supported steel beam (4 m, 100 x 200 mm, 20 B31) crossed by a 50 kN force at 0.2 of
    the critical speed (47 m/s), written as a user writes a moving load: a *CLOAD at every node
    with its own TABULAR amplitude, a hat that rises from 0 when the force leaves the node before
    it to 1 when it is at the node and back to 0 when it reaches the next; 0.12 s at 0.1 ms, the
    crossing and the free vibration after it."""
    L, b, h, n = ML["L"], ML["b"], ML["h"], ML["n"]
    v = moving_load_speed()
    s = head(u, "Simply supported beam under a moving force", moving_load.__doc__)
    s += line_nodes(u, 1, (0, 0, 0), (L, 0, 0), n)
    s += line_elems(1, 1, n, "BEAM", "B31")
    s += steel(u)
    s += "*BEAM SECTION, ELSET=BEAM, MATERIAL=STEEL, SECTION=RECT\n%s, %s\n0, 0, 1\n" % (u.n(b, "L"), u.n(h, "L"))
    s += "*BOUNDARY\n1, 1, 4\n%d, 2, 4\n" % (n + 1)
    dtn = L / n / v
    for i in range(n + 1):
        # the first node's hat starts at its top (the force arrives on the support); the last
        # one's falls after the crossing as if the beam went on (on the support: its reaction only)
        pts = [((i - 1) * dtn, 0.0), (i * dtn, 1.0), ((i + 1) * dtn, 0.0)] if i > 0 else [(0.0, 1.0), (dtn, 0.0)]
        s += "*AMPLITUDE, NAME=AT%d\n%s\n" % (i + 1, ", ".join("%s, %g" % (u.n(t, "T"), a) for t, a in pts))
    s += "*PROBE, NAME=mid, NODE=%d\nU\n*PROBE, NAME=left, NODE=1\nRF\n*PROBE, NAME=right, NODE=%d\nRF\n" % (n // 2 + 1, n + 1)
    s += "*PROBE, NAME=cut, ELEMENT=6, POSITION=0.5\nX, MS\n"
    s += "*STEP\n*DYNAMIC\n%s, %s\n" % (u.n(ML["dt"], "T"), u.n(ML["T"], "T"))
    for i in range(n + 1):
        s += "*CLOAD, AMPLITUDE=AT%d\n%d, 2, %s\n" % (i + 1, i + 1, u.n(-ML["P"], "F"))
    s += "*END STEP\n"
    return s


VM = dict(a=1.0, h=0.1, r=0.05, t=0.005, n=4, P=1.0e5)


def von_mises_truss(u):
    """Von Mises truss: two steel tubes (100 x 5 mm) from pins 2 m apart meet 100 mm above them
    at a hinge (two nodes joined by *JOINT, TYPE=SPHERICAL), four B2V each, a planar model (the
    out-of-plane DOFs held); the apex load followed through the snap-through by *STATIC, RIKS
    to 2.2 times the rise.  Two-force members: the load along the path and the limit load
    against the closed form P = 2 EA (1 - l/L0)(h - w)/l."""
    a, h, r, t, n, P = VM["a"], VM["h"], VM["r"], VM["t"], VM["n"], VM["P"]
    s = head(u, "Von Mises truss snap-through", von_mises_truss.__doc__)
    s += line_nodes(u, 1, (-a, 0, 0), (0, h, 0), n, "LEFT")
    s += line_nodes(u, 101, (0, h, 0), (a, 0, 0), n, "RIGHT")
    s += "*NSET, NSET=ALL\n%s\n" % ", ".join(str(k) for k in list(range(1, n + 2)) + list(range(101, 102 + n)))
    s += line_elems(1, 1, n, "BARS")
    s += line_elems(101, 101, n, "BARS")
    s += steel_static(u)
    s += "*BEAM SECTION, ELSET=BARS, MATERIAL=STEEL, SECTION=PIPE\n%s, %s\n0, 0, 1\n" % (u.n(r, "L"), u.n(t, "L"))
    s += "*JOINT, TYPE=SPHERICAL\n%d, 101, 0, %s, 0\n" % (n + 1, u.n(h, "L"))
    # the apex's second node leaves its z to the joint (held there too, the joint's row is redundant)
    s += "*BOUNDARY\nALL, 4, 5\nLEFT, 3, 3\n%s\n1, 1, 2\n%d, 1, 2\n" % (
        "\n".join("%d, 3, 3" % k for k in range(102, 102 + n)), 101 + n)
    s += "*PROBE, NAME=apex, NODE=%d\nU\n*PROBE, NAME=left, NODE=1\nRF\n*PROBE, NAME=right, NODE=%d\nRF\n" % (n + 1, 101 + n)
    s += "*PROBE, NAME=bar, ELEMENT=2, POSITION=0.5\nN, M\n"
    s += "*STEP, INC=200\n*STATIC, RIKS\n0.05, 20.0, , , , %d, 2, %s\n*CLOAD\n%d, 2, %s\n*END STEP\n" % (
        n + 1, u.n(-2.2 * h, "L"), n + 1, u.n(-P, "F"))
    return s


RM = dict(R=0.5, d=0.01, n=64, modes=24)


def ring_modes(u):
    """A free steel ring (R = 0.5 m, 10 mm round bar) as 64 straight B2V on the circle, no
    supports: *FREQUENCY with the lumped mass (the default) and with MASS=CONSISTENT in a second
    step; six rigid-body modes, then the in-plane (Hoppe 1871) and out-of-plane (Love 1944)
    flexural pairs n = 2, 3, 4."""
    R, d, n, nm = RM["R"], RM["d"], RM["n"], RM["modes"]
    s = head(u, "Free ring, natural frequencies", ring_modes.__doc__)
    s += closed_ring(u, R, n, "*NODE\n", from_top=False)
    s += steel(u)
    s += "*BEAM SECTION, ELSET=RING, MATERIAL=STEEL, SECTION=CIRC\n%s\n0, 0, 1\n" % u.n(d / 2, "L")
    s += "*STEP, NAME=lumped\n*FREQUENCY\n%d\n*END STEP\n" % nm
    s += "*STEP, NAME=consistent\n*FREQUENCY, MASS=CONSISTENT\n%d\n*END STEP\n" % nm
    return s



MR = dict(L=1.0, b=0.04, h=0.01, n=20, F=100.0, alpha=4.0, beta=2e-5, dt=4e-4, T=1.0, modes=6)


def modal_rayleigh(u):
    """A steel cantilever (1 m, 40 x 10 mm, 20 B2V) loaded suddenly at its tip by 100 N across
    its thin side: *FREQUENCY, then *MODAL DYNAMIC with 6 modes and Rayleigh damping
    (ALPHA = 4 1/s, BETA = 2e-5 s: 3.9 % of critical in the first mode), for 1 s.  The tip
    against the damped step response of the Euler-Bernoulli modes at every increment."""
    L, b, h, n = MR["L"], MR["b"], MR["h"], MR["n"]
    s = head(u, "Cantilever, sudden tip load, Rayleigh-damped modal dynamics", modal_rayleigh.__doc__)
    s += line_nodes(u, 1, (0, 0, 0), (L, 0, 0), n)
    s += line_elems(1, 1, n, "BAR")
    s += steel(u)
    s += "*BEAM SECTION, ELSET=BAR, MATERIAL=STEEL, SECTION=RECT\n%s, %s\n0, 1, 0\n" % (u.n(b, "L"), u.n(h, "L"))
    s += "*BOUNDARY\n1, ENCASTRE\n"
    s += "*PROBE, NAME=tip, NODE=%d\nU\n*PROBE, NAME=clamp, NODE=1\nRF, RM\n" % (n + 1)
    s += "*STEP, NAME=modes\n*FREQUENCY\n%d\n*END STEP\n" % MR["modes"]
    s += "*STEP, NAME=step load\n*MODAL DYNAMIC, MODES=%d, ALPHA=%s, BETA=%s\n%s, %s\n*CLOAD\n%d, 3, %s\n*END STEP\n" % (
        MR["modes"], u.n(MR["alpha"], "1/T"), u.n(MR["beta"], "T"), u.n(MR["dt"], "T"), u.n(MR["T"], "T"),
        n + 1, u.n(-MR["F"], "F"))
    return s



TB = dict(L=1.0, b=0.04, h=0.01, n=20, M=2.0, J=(0.005, 0.01, 0.02))


def tip_body_cantilever(u):
    """A steel cantilever (1 m, 40 x 10 mm, 20 B2V, 3.1 kg) carrying at its tip a 2 kg *RIGID BODY
    with rotary inertia 0.01 kg m^2 about the flat bending axis and 0.02 kg m^2 about the other:
    *FREQUENCY against the Euler-Bernoulli frequency equation with a tip mass and rotary inertia."""
    L, b, h, n, M, J = TB["L"], TB["b"], TB["h"], TB["n"], TB["M"], TB["J"]
    s = head(u, "Cantilever with a tip body, frequencies", tip_body_cantilever.__doc__)
    s += line_nodes(u, 1, (0, 0, 0), (L, 0, 0), n)
    s += line_elems(1, 1, n, "BEAM")
    s += steel(u)
    s += "*BEAM SECTION, ELSET=BEAM, MATERIAL=STEEL, SECTION=RECT\n%s, %s\n0, 1, 0\n" % (u.n(b, "L"), u.n(h, "L"))
    s += "*RIGID BODY, NODE=%d, MASS=%s\n%s\n" % (n + 1, u.n(M, "M"), ", ".join(u.n(j, "M*L^2") for j in J))
    s += "*BOUNDARY\n1, ENCASTRE\n"
    s += "*STEP\n*FREQUENCY\n8\n*END STEP\n"
    return s


def inclined_support(u):
    """The beam of inclined_roller (steel, 2 m, 40 x 40 mm, pinned at one end, 5 kN down at
    midspan in four static increments) with the roller on the 30 degree slope made the way an
    Abaqus user makes it: a *TRANSFORM at the roller node (local x along the slope, local y its
    normal) and *BOUNDARY of the local DOFs 2 and 3; the reaction RF comes out in the local
    system: P / (2 cos 30) along the normal, zero along the slope."""
    L, b, n, P, al = IR["L"], IR["b"], IR["n"], IR["P"], math.radians(IR["alpha"])
    s = head(u, "Beam on an inclined support", inclined_support.__doc__)
    s += steel_static(u)
    s += line_nodes(u, 1, (0, 0, 0), (L, 0, 0), n)
    s += "*NSET, NSET=ROLLER\n%d\n*NSET, NSET=PIN\n1\n*NSET, NSET=MID\n%d\n" % (n + 1, n // 2 + 1)
    s += line_elems(1, 1, n, "BEAM", "B31")
    s += "*BEAM SECTION, ELSET=BEAM, MATERIAL=STEEL, SECTION=RECT\n%s, %s\n0, 0, 1\n" % (u.n(b, "L"), u.n(b, "L"))
    s += "*TRANSFORM, NSET=ROLLER\n%.15g, %.15g, 0, %.15g, %.15g, 0\n" % (
        math.cos(al), math.sin(al), -math.sin(al), math.cos(al))
    s += "*BOUNDARY\n1, PINNED\n1, 4, 4\nROLLER, 2, 3\n"
    s += "*STEP, NLGEOM\n*STATIC\n0.25, 1.0, 1e-05, 0.25\n"
    s += "*NODE PRINT, NSET=ROLLER\nU, RF\n*NODE PRINT, NSET=PIN\nRF\n*NODE PRINT, NSET=MID\nU\n"
    s += "*CLOAD\n%d, 2, %s\n*END STEP\n" % (n // 2 + 1, u.n(-P, "F"))
    return s


SK = dict(L=1.0, b=0.01, n=10, F=(60.0, 40.0, -25.0), M=3.0,
          tip=((0.6, 0.8, 0.0), (0.0, 0.6, 0.8)), root=((0.0, 1.0, 0.0), (-1.0, 0.0, 0.0)))


def skew_frames():
    """The local systems of skew_tip_load, (T_tip, T_root), columns the local axes, as *TRANSFORM
    makes them (x along a, y in the plane of a and b towards b, z = x cross y)."""
    out = []
    for a, b in (SK["tip"], SK["root"]):
        na = math.sqrt(sum(x * x for x in a))
        ex = [x / na for x in a]
        c = sum(x * y for x, y in zip(b, ex))
        w = [y - c * x for x, y in zip(ex, b)]
        nw = math.sqrt(sum(x * x for x in w))
        ey = [x / nw for x in w]
        ez = [ex[1] * ey[2] - ex[2] * ey[1], ex[2] * ey[0] - ex[0] * ey[2], ex[0] * ey[1] - ex[1] * ey[0]]
        out.append((ex, ey, ez))
    return out


def skew_tip_load(u):
    """A steel cantilever (1 m, 10 x 10 mm, 10 B31) with a tip force and moment given in a
    skewed local system (*TRANSFORM, TYPE=R, the tip's local axes along (0.6, 0.8, 0) and in the
    plane with (0, 0.6, 0.8)): 60, 40, -25 N and 3 N m about local z, dead, NLGEOM in four
    increments; the clamp is ENCASTRE in a second local system (x along global y), so its
    reactions come out in that one.  The same model with the loads decomposed into global
    components by hand gives the same run to round-off (check_user.py)."""
    L, b, n = SK["L"], SK["b"], SK["n"]
    s = head(u, "Cantilever with a skewed tip load", skew_tip_load.__doc__)
    s += line_nodes(u, 1, (0, 0, 0), (L, 0, 0), n)
    s += "*NSET, NSET=TIP\n%d\n*NSET, NSET=ROOT\n1\n" % (n + 1)
    s += line_elems(1, 1, n, "BAR", "B31")
    s += steel(u)
    s += "*BEAM SECTION, ELSET=BAR, MATERIAL=STEEL, SECTION=RECT\n%s, %s\n0, 0, 1\n" % (u.n(b, "L"), u.n(b, "L"))
    for name, (a, c) in (("TIP", SK["tip"]), ("ROOT", SK["root"])):
        s += "*TRANSFORM, NSET=%s\n%s\n" % (name, ", ".join("%.15g" % x for x in a + c))
    s += "*BOUNDARY\nROOT, ENCASTRE\n"
    s += "*STEP, NLGEOM\n*STATIC\n0.25, 1.0\n*NODE PRINT, NSET=TIP\nU, UR\n*NODE PRINT, NSET=ROOT\nRF, RM\n*CLOAD\n"
    for k, F in enumerate(SK["F"]):
        s += "TIP, %d, %s\n" % (k + 1, u.n(F, "F"))
    s += "TIP, 6, %s\n*END STEP\n" % u.n(SK["M"], "F*L")
    return s



HS = dict(L=4.0, a=0.05, h=0.1, n=10, P=10000.0)


def half_span_mesh(u):
    """The mesh file of half_span_xsymm (*INCLUDE): the half span from the support to midspan."""
    L, n = HS["L"], HS["n"]
    s = "** half_span_xsymm: the mesh of the half span (%s)\n" % u.title
    s += "*NODE\n1, 0, 0, 0\n%d, %s, 0, 0\n*NGEN, NSET=AXIS\n1, %d, 1\n" % (n + 1, u.n(L / 2, "L"), n + 1)
    s += "*NSET, NSET=SUPPORT\n1\n*NSET, NSET=MID\n%d\n" % (n + 1)
    s += "*ELEMENT, TYPE=B31, ELSET=BEAM\n1, 1, 2\n*ELGEN, ELSET=BEAM\n1, %d, 1, 1\n" % n
    s += "*ELSET, ELSET=ENDS, GENERATE\n1, %d, %d\n" % (n, n - 1)
    return s


def half_span_xsymm(u):
    """A simply supported steel beam (4 m, 50 x 100 mm, 10 kN at midspan) modelled as an
    Abaqus user models it: half the span, XSYMM at midspan, the mesh in an *INCLUDE file made
    with *NGEN, *ELGEN and GENERATE sets, the section's first axis on the *BEAM SECTION second
    line, *STEP, NLGEOM=YES, *STATIC with its four numbers, half the load on the symmetry node,
    *NODE PRINT and *EL PRINT; against the whole span (check_user.py) and Timoshenko's
    P L^3 / 48 EI + P L / 4 k G A."""
    a, h, P = HS["a"], HS["h"], HS["P"]
    s = head(u, "Half of a simply supported beam, symmetric about midspan", half_span_xsymm.__doc__)
    s += "*INCLUDE, INPUT=half_span_xsymm_mesh_%s.inc\n" % u.name
    s += steel_static(u)
    s += "*BEAM SECTION, ELSET=BEAM, MATERIAL=STEEL, SECTION=RECT\n%s, %s\n0., 0., -1.\n" % (u.n(a, "L"), u.n(h, "L"))
    s += "*BOUNDARY\nSUPPORT, 2, 4\nMID, XSYMM\n"
    s += "*STEP, NLGEOM=YES\n*STATIC\n0.25, 1., 1e-05, 0.25\n"
    s += "*CLOAD\nMID, 2, %s\n" % u.n(-P / 2, "F")
    s += "*NODE PRINT, NSET=MID\nU, UR\n*NODE PRINT, NSET=SUPPORT\nRF\n*EL PRINT, ELSET=ENDS\nSF, SM\n*END STEP\n"
    return s


MODELS = {
    "cantilever_tip_force": (cantilever_tip_force, (SI, MM, IN)),
    "cantilever_end_moment": (cantilever_end_moment, (SI, MM)),
    "cantilever_follower": (cantilever_follower, (SI, MM)),
    "l_frame": (l_frame, (SI, MM, IN)),
    "ss_udl": (ss_udl, (SI, MM)),
    "shallow_arch": (shallow_arch, (SI, MM)),
    "free_beam_impulse": (free_beam_impulse, (SI, MM, MS)),
    "harmonic_cantilever": (harmonic_cantilever, (SI, MM)),
    "freq_clamped": (lambda u: freq_beam(u, "clamped-free"), (SI, MM, MS)),
    "freq_pinned": (lambda u: freq_beam(u, "pinned-pinned"), (SI, MM)),
    "freq_free": (lambda u: freq_beam(u, "free-free"), (SI, MM)),
    "freq_portal": (freq_portal, (SI, MM, IN)),
    "particle_on_free_beam": (particle_on_free_beam, (SI, MM, MS)),
    "box_drop_friction": (box_drop_friction, (SI, MM, MS)),
    "pendulum": (pendulum, (SI, MM)),
    "modal_cantilever": (modal_cantilever, (SI, MM)),
    "modal_settle": (modal_settle, (SI, MM)),
    "self_weight": (self_weight, (SI, MM)),
    "hertz_ball_on_strip": (hertz_ball_on_strip, (SI, MM, MS)),
    "prestressed_string": (prestressed_string, (SI, MM, IN)),
    "distributed_moment": (distributed_moment, (SI, MM)),
    "particle_in_element": (particle_in_element, (SI, MM)),
    "ccx_cantilever": (ccx_cantilever, (SI, MM, IN)),
    "three_hinged_frame": (three_hinged_frame, (SI, MM)),
    "driven_disk": (driven_disk, (SI, MM, MS)),
    "rolling_sphere": (rolling_sphere, (SI, MM, IN)),
    "incline_box": (incline_box, (SI, MM, MS)),
    "pendulum_stop": (pendulum_stop, (SI, MM)),
    "modal_stop": (modal_stop, (SI, MM, MS)),
    "ball_drop_beam": (ball_drop_beam, (SI, MM)),
    "four_bar": (four_bar, (SI, MM, IN)),
    "driven_slider": (driven_slider, (SI, MM, MS)),
    "pushed_mass": (pushed_mass, (SI, MM)),
    "quarter_ring": (quarter_ring, (SI, MM, MS, IN)),
    "euler_column": (euler_column, (SI, MM, MS, IN)),
    "spring_support": (spring_support, (SI, MM, MS, IN)),
    "beam_on_stop": (beam_on_stop, (SI, MM, MS, IN)),
    "beam_with_mass": (beam_with_mass, (SI, MM, MS, IN)),
    "conical_pendulum": (conical_pendulum, (SI, MM, MS, IN)),
    "abaqus_b31": (abaqus_b31, (SI, MM, MS, IN)),
    "abaqus_cae": (abaqus_cae, (SI, MM, IN)),
    "rotating_blade": (rotating_blade, (SI, MM, MS, IN)),
    "ring_compression": (ring_compression, (SI, MM, IN)),
    "helical_spring": (helical_spring, (SI, MM, MS)),
    "gyro_top": (gyro_top, (SI, MM, MS)),
    "hanging_cable": (hanging_cable, (SI, MM, IN)),
    "ccx_loads": (ccx_loads, (SI, MM, IN)),
    "ccx_steps": (ccx_steps, (SI, MM, IN)),
    "lateral_buckling": (lateral_buckling, (SI, MM, IN)),
    "support_steps": (support_steps, (SI, MM, IN)),
    "beam_on_supports": (beam_on_supports, (SI, MM)),
    "support_added": (support_added, (SI, MM, IN)),
    "bar_pushed_on_supports": (bar_pushed_on_supports, (SI, MM, IN)),
    "follower_moment": (follower_moment, (SI, MM, IN)),
    "free_beam_end_mass": (free_beam_end_mass, (SI, MM, MS)),
    "inclined_roller": (inclined_roller, (SI, MM, IN)),
    "winkler_beam": (winkler_beam, (SI, MM, MS)),
    "portal_sway": (portal_sway, (SI, MM, IN)),
    "pendulum_preload": (pendulum_preload, (SI, MM)),
    "particle_collision": (particle_collision, (SI, MM, MS)),
    "hertz_ball_wall": (hertz_ball_wall, (SI, MM, MS)),
    "bouncing_ball": (bouncing_ball, (SI, MM, MS)),
    "newtons_cradle": (newtons_cradle, (SI, MM, MS)),
    "ball_on_element": (ball_on_element, (SI, MM, MS)),
    "ball_on_incline": (ball_on_incline, (SI, MM, IN)),
    "conveyor": (conveyor, (SI, MM, MS)),
    "crossing_beams": (crossing_beams, (SI, MM, MS)),
    "bent_cantilever": (bent_cantilever, (SI, MM, IN)),
    "twisted_beam": (twisted_beam, (SI, MM, IN)),
    "step_load_cantilever": (step_load_cantilever, (SI, MM, MS)),
    "ss_harmonic_damped": (ss_harmonic_damped, (SI, MM, IN)),
    "girder_bracket": (girder_bracket, (SI, MM, IN)),
    "gerber_beam": (gerber_beam, (SI, MM, IN)),
    "bend45": (bend45, (SI, MM, IN)),
    "torsion_sections": (torsion_sections, (SI, MM, IN)),
    "spin_up_rod": (spin_up_rod, (SI, MM, MS)),
    "moving_load": (moving_load, (SI, MM, IN)),
    "von_mises_truss": (von_mises_truss, (SI, MM, IN)),
    "ring_modes": (ring_modes, (SI, MM, MS)),
    "modal_rayleigh": (modal_rayleigh, (SI, MM, MS)),
    "tip_body_cantilever": (tip_body_cantilever, (SI, MM, IN)),
    "skew_tip_load": (skew_tip_load, (SI, MM, IN)),
    "inclined_support": (inclined_support, (SI, MM)),
    "half_span_xsymm": (half_span_xsymm, (SI, MM, IN)),
}

# Files a model's decks *INCLUDE, per unit system: name pattern, writer
INCLUDES = {"half_span_xsymm": ("half_span_xsymm_mesh_%s.inc", half_span_mesh)}


# Decks with one quantity in other units than the rest (check_user.py, self_weight: the reader
# warns): E in MPa in the deck in m, kg, s; the density in kg/m^3 in the deck in mm, tonne, s.
WRONG_UNITS = {
    "self_weight_E_in_MPa": (self_weight, SI, "*ELASTIC\n210000000000, 0.3", "*ELASTIC\n210000, 0.3"),
    "self_weight_rho_in_kg_m3": (self_weight, MM, "*DENSITY\n7.85e-09", "*DENSITY\n7850"),
}


def main():
    for name, (fn, systems) in MODELS.items():
        for u in systems:
            with open(os.path.join(HERE, "%s_%s.inp" % (name, u.name)), "w") as f:
                f.write(fn(u))
            if name in INCLUDES:
                pattern, inc = INCLUDES[name]
                with open(os.path.join(HERE, pattern % u.name), "w") as f:
                    f.write(inc(u))
    for name, (fn, u, right, wrong) in WRONG_UNITS.items():
        text = fn(u)
        assert right in text
        with open(os.path.join(HERE, name + ".inp"), "w") as f:
            f.write(text.replace(right, wrong))



# ---------------------------------------------------------------------------
# structural models of a second round (a column's frequencies under its load, the membrane
# stiffening of a clamped strip, a strip rolled up twice, a tripod, an Abaqus deck with history
# output requests)

PC_ = dict(L=2.0, b=0.04, h=0.02, n=20, loads=(0.5, 0.8))


def pc_euler(b=None, h=None):
    """The Euler load of preloaded_column about its weak axis (bending across h)."""
    b = PC_["b"] if b is None else b
    h = PC_["h"] if h is None else h
    return math.pi ** 2 * 210e9 * b * h ** 3 / 12 / PC_["L"] ** 2


def preloaded_column(u):
    """A pinned steel column (2 m, 40 x 20 mm, 20 B31) and its frequencies (*FREQUENCY)
    unloaded, under half its weak-axis Euler load and under 0.8 of it (*STATIC steps, the load
    changed by OP=MOD): omega_n^2 (P) = omega_n^2 (0) (1 - P / P_n), P_n = n^2 pi^2 EI / L^2, in
    both bending planes."""
    L, b, h, n = PC_["L"], PC_["b"], PC_["h"], PC_["n"]
    Pe = pc_euler()
    s = head(u, "Pinned column: frequencies under axial load", preloaded_column.__doc__)
    s += line_nodes(u, 1, (0, 0, 0), (L, 0, 0), n)
    s += line_elems(1, 1, n, "COLUMN", "B31")
    s += steel(u)
    s += "*BEAM SECTION, ELSET=COLUMN, MATERIAL=STEEL, SECTION=RECT\n%s, %s\n0, 0, 1\n" % (u.n(b, "L"), u.n(h, "L"))
    s += "*BOUNDARY\n1, PINNED\n1, 4, 4\n%d, 2, 3\n" % (n + 1)
    s += "*PROBE, NAME=top, NODE=%d\nU\n*PROBE, NAME=base, NODE=1\nRF\n" % (n + 1)
    s += "*STEP, NAME=Unloaded\n*FREQUENCY\n8\n*END STEP\n"
    for k, f in enumerate(PC_["loads"]):
        s += "*STEP, NAME=Load%d\n*STATIC\n0.5, 1.0\n*CLOAD%s\n%d, 1, %s\n*END STEP\n" % (
            k + 1, ", OP=MOD" if k else "", n + 1, u.n(-f * Pe, "F"))
        s += "*STEP, NAME=Modes%d\n*FREQUENCY\n8\n*END STEP\n" % (k + 1)
    return s


CM = dict(L=2.0, b=0.02, h=0.005, n=20, P=60.0, inc=0.2)


def clamped_membrane(u):
    """A steel strip (2 m, 20 x 5 mm, 20 B31) clamped at both ends, which cannot move apart,
    under a central load of 60 N in five static increments: the deflection, 2.4 thicknesses and
    a fifth of the linear P L^3 / 192 EI, held by the membrane force, against the tie-beam's
    closed form (Timoshenko & Woinowsky-Krieger 1959) at every increment."""
    L, b, h, n, P = CM["L"], CM["b"], CM["h"], CM["n"], CM["P"]
    s = head(u, "Clamped strip: membrane stiffening under a central load", clamped_membrane.__doc__)
    s += line_nodes(u, 1, (0, 0, 0), (L, 0, 0), n)
    s += line_elems(1, 1, n, "STRIP", "B31")
    s += steel(u)
    s += "*BEAM SECTION, ELSET=STRIP, MATERIAL=STEEL, SECTION=RECT\n%s, %s\n0, 0, 1\n" % (u.n(b, "L"), u.n(h, "L"))
    s += "*BOUNDARY\n1, ENCASTRE\n%d, ENCASTRE\n" % (n + 1)
    s += "*PROBE, NAME=mid, NODE=%d\nU\n*PROBE, NAME=left, NODE=1\nRF, RM\n*PROBE, NAME=right, NODE=%d\nRF, RM\n" % (n // 2 + 1, n + 1)
    s += "*PROBE, NAME=quarter, ELEMENT=%d, POSITION=0.5\nX, NS, MS\n" % (n // 4)
    s += "*STEP, NLGEOM\n*STATIC\n%g, 1.0\n*CLOAD\n%d, 2, %s\n*END STEP\n" % (CM["inc"], n // 2 + 1, u.n(-P, "F"))
    return s


RU = dict(L=0.5, b=0.02, h=0.002, n=32, turns=2, inc=0.0625)


def roll_up_twice(u):
    """A steel strip (0.5 m, 20 x 2 mm, 32 B2V) rolled up twice by a follower end moment
    4 pi EI / L in sixteen increments: each increment turns the tip by 45 degrees more, past
    one full turn (the rotation vector's 2 pi) to two; the tip on the circle of radius EI / M."""
    L, b, h, n = RU["L"], RU["b"], RU["h"], RU["n"]
    EI = 210e9 * b * h ** 3 / 12
    M = 2 * math.pi * RU["turns"] * EI / L
    s = head(u, "Strip rolled up twice", roll_up_twice.__doc__)
    s += line_nodes(u, 1, (0, 0, 0), (L, 0, 0), n)
    s += line_elems(1, 1, n, "STRIP")
    s += steel(u)
    s += "*BEAM SECTION, ELSET=STRIP, MATERIAL=STEEL, SECTION=RECT\n%s, %s\n0, 0, 1\n" % (u.n(b, "L"), u.n(h, "L"))
    s += "*BOUNDARY\n1, ENCASTRE\n"
    s += "*PROBE, NAME=tip, NODE=%d\nX, R, Q\n*PROBE, NAME=clamp, NODE=1\nRF, RM\n" % (n + 1)
    s += "*PROBE, NAME=mid, ELEMENT=%d, POSITION=0.5\nMS, NS\n" % (n // 2)
    s += "*STEP, NLGEOM\n*STATIC\n%g, 1.0\n*CLOAD, FOLLOWER=YES\n%d, 6, %s\n*END STEP\n" % (RU["inc"], n + 1, u.n(M, "F*L"))
    return s


TP = dict(a=1.0, H=1.5, r=0.03, t=0.004, n=8, P=(2000.0, 1000.0, -10000.0), inc=0.5)


def tripod_feet():
    """The feet of tripod on the circle of radius a, at 90, 210 and 330 degrees (SI)."""
    return [(TP["a"] * math.cos(math.radians(90 + 120 * k)), TP["a"] * math.sin(math.radians(90 + 120 * k)), 0.0)
            for k in range(3)]


def tripod(u):
    """A space frame: three steel tubes (60 x 4 mm, 8 B31 each) from pinned feet on a circle of
    1 m to a rigid apex 1.5 m above its centre, loaded at the apex by (2, 1, -10) kN in two
    static increments: the feet's reactions against the pin-jointed tripod's statics (the bars'
    bending, 12 (r/l)^2 of their axial stiffness, aside), their sum and moment exactly."""
    n = TP["n"]
    s = head(u, "Tripod under an apex load", tripod.__doc__)
    s += "*NODE, NSET=APEX\n1, 0, 0, %s\n" % u.n(TP["H"], "L")
    for k, f in enumerate(tripod_feet()):
        s += "*NODE\n"
        for i in range(1, n + 1):
            t = i / n
            s += "%d, %s, %s, %s\n" % (100 * (k + 1) + i, u.n(t * f[0], "L"), u.n(t * f[1], "L"),
                                         u.n((1 - t) * TP["H"], "L"))
    s += "*NSET, NSET=FEET\n108, 208, 308\n"
    for k in range(3):
        s += "*ELEMENT, TYPE=B31, ELSET=LEGS\n%d, 1, %d\n" % (100 * (k + 1) + 1, 100 * (k + 1) + 1)
        for i in range(1, n):
            s += "%d, %d, %d\n" % (100 * (k + 1) + i + 1, 100 * (k + 1) + i, 100 * (k + 1) + i + 1)
    s += steel(u)
    s += "*BEAM SECTION, ELSET=LEGS, MATERIAL=STEEL, SECTION=PIPE\n%s, %s\n1, 0, 0\n" % (u.n(TP["r"], "L"), u.n(TP["t"], "L"))
    s += "*BOUNDARY\nFEET, PINNED\n"
    s += "*STEP, NLGEOM\n*STATIC\n%g, 1.0\n*NODE PRINT, NSET=FEET\nRF\n*NODE PRINT, NSET=APEX\nU, UR\n*CLOAD\n" % TP["inc"]
    for d, F in enumerate(TP["P"]):
        s += "APEX, %d, %s\n" % (d + 1, u.n(F, "F"))
    s += "*END STEP\n"
    return s


AH = dict(L=1.0, b=0.02, h=0.01, n=10, P=5.0)


def abaqus_history(u):
    """A steel cantilever (1 m, 20 x 10 mm, 10 B31, 5 N at the tip in four static increments,
    P L^2 / EI = 0.014) written as an Abaqus user writes its output requests: *Output, history
    with *Node Output, nset= (U2 of the tip, RF, RM of the root), *Element Output, elset= (SF,
    SM of the root element), *Energy Output, *Energy Print and a *Monitor of the tip's DOF 2;
    sets by *Nset, generate and *Elset; the load on an EQUALLY SPACED amplitude (the ramp).  Against Timoshenko's cantilever: the tip, the
    reactions, the section forces and the strain energy P w / 2."""
    L, b, h, n, P = AH["L"], AH["b"], AH["h"], AH["n"], AH["P"]
    s = "** %s\n** Units: %s.  Written by make_decks.py (tests/user).\n*Heading\n%s\n" % (
        " ".join(abaqus_history.__doc__.split()), u.title, "Cantilever with Abaqus history output")
    s += "*Node\n"
    for i in range(n + 1):
        s += "%d, %s, 0., 0.\n" % (i + 1, u.n(L * i / n, "L"))
    s += "*Nset, nset=All, generate\n1, %d, 1\n*Nset, nset=Root\n1\n*Nset, nset=Tip\n%d\n" % (n + 1, n + 1)
    s += "*Element, type=B31, elset=Beam\n"
    for i in range(n):
        s += "%d, %d, %d\n" % (i + 1, i + 1, i + 2)
    s += "*Elset, elset=RootEl\n1\n"
    s += "*Beam Section, elset=Beam, material=Steel, section=RECT\n%s, %s\n0., 0., -1.\n" % (u.n(b, "L"), u.n(h, "L"))
    E, nu, rho = STEEL
    s += "*Material, name=Steel\n*Elastic\n%s, %g\n*Density\n%s\n" % (u.n(E, "F/L^2"), nu, u.n(rho, "M/L^3"))
    s += "*Boundary\nRoot, ENCASTRE\n"
    s += "*Amplitude, name=Ramp, definition=EQUALLY SPACED, fixed interval=0.5\n0., 0.5, 1.\n"
    s += "*Step, name=Load, nlgeom=YES\n*Static\n0.25, 1., 1e-05, 0.25\n"
    s += "*Cload, amplitude=Ramp\nTip, 2, %s\n" % u.n(-P, "F")
    s += "*Output, field, variable=PRESELECT\n"
    s += "*Output, history, frequency=1\n*Node Output, nset=Tip\nU2\n*Node Output, nset=Root\nRF, RM\n"
    s += "*Element Output, elset=RootEl\nSF, SM\n*Energy Output\nALLSE, ALLWK, ALLKE\n"
    s += "*Energy Print\n*Monitor, node=%d, dof=2\n*End Step\n" % (n + 1)
    return s


DA = dict(R=1.0, b=0.02, h=0.01, n=40, half=107.5, lam=10.0, stop=1.18)


def deep_arch(u):
    """DaDeppo and Schmidt's (1975) deep circular arch: a steel strip (20 x 10 mm) on a circle of
    1 m over 215 degrees, 40 B31, clamped at one end and pinned at the other, a load at the
    crown of 10 EI / R^2 followed by arc length (*STATIC, RIKS) until the crown has dropped by
    1.18 R, past the limit point: the limit load against their P R^2 / EI = 8.97; the reactions balance the load on the
    whole path."""
    R, b, h, n = DA["R"], DA["b"], DA["h"], DA["n"]
    EI = 210e9 * b * h ** 3 / 12
    P = DA["lam"] * EI / R ** 2
    c = n // 2 + 1
    s = head(u, "Deep circular arch by arc length", deep_arch.__doc__)
    s += "*NODE\n"
    for i in range(n + 1):
        a = math.radians(-DA["half"] + 2 * DA["half"] * i / n)
        s += "%d, %s, %s, 0\n" % (i + 1, u.n(R * math.sin(a), "L"), u.n(R * math.cos(a), "L"))
    s += line_elems(1, 1, n, "ARCH", "B31")
    s += steel_static(u)
    s += "*BEAM SECTION, ELSET=ARCH, MATERIAL=STEEL, SECTION=RECT\n%s, %s\n0, 0, 1\n" % (u.n(b, "L"), u.n(h, "L"))
    s += "*BOUNDARY\n1, ENCASTRE\n%d, PINNED\n%d, 4, 5\n" % (n + 1, n + 1)
    s += "*PROBE, NAME=crown, NODE=%d\nU\n*PROBE, NAME=clamp, NODE=1\nRF, RM\n*PROBE, NAME=pin, NODE=%d\nRF\n" % (c, n + 1)
    s += "*STEP, INC=400\n*STATIC, RIKS\n0.05, 3.0, , , , %d, 2, %s\n*CLOAD\n%d, 2, %s\n*END STEP\n" % (
        c, u.n(-DA["stop"] * R, "L"), c, u.n(-P, "F"))
    return s


BX = dict(m=10.0, zeta=0.2, f=5.0, Y=0.002, r=(0.5, 1.0, math.sqrt(2.0), 3.0), h=0.001, T=5.0)


def base_excitation(u):
    """Four spring-dashpot isolators (10 kg particles on SPRINGA and DASHPOTA, 20 % of critical
    damping) on supports shaken together along x by 2 mm at 5 Hz (*BOUNDARY with a PERIODIC
    amplitude from rest), their natural frequencies 2, 1, 1/sqrt 2 and 1/3 of the shaking's:
    after the start-up has decayed (5 s at 1 ms), the masses' amplitude and phase against the
    transmissibility sqrt((1 + (2 z r)^2) / ((1 - r^2)^2 + (2 z r)^2)) (Den Hartog 1956)."""
    m, z, Y = BX["m"], BX["zeta"], BX["Y"]
    Om = 2 * math.pi * BX["f"]
    s = head(u, "Base excitation of spring-mass isolators", base_excitation.__doc__)
    s += "*NODE, NSET=BASE\n"
    for k in range(4):
        s += "%d, 0, %s, 0\n" % (k + 1, u.n(0.2 * k, "L"))
    s += "*NODE, NSET=MASSES\n"
    for k in range(4):
        s += "%d, %s, %s, 0\n" % (k + 11, u.n(0.1, "L"), u.n(0.2 * k, "L"))
    s += "*ELEMENT, TYPE=SPRINGA, ELSET=S1\n21, 1, 11\n*ELEMENT, TYPE=SPRINGA, ELSET=S2\n22, 2, 12\n"
    s += "*ELEMENT, TYPE=SPRINGA, ELSET=S3\n23, 3, 13\n*ELEMENT, TYPE=SPRINGA, ELSET=S4\n24, 4, 14\n"
    s += "*ELEMENT, TYPE=DASHPOTA, ELSET=D1\n31, 1, 11\n*ELEMENT, TYPE=DASHPOTA, ELSET=D2\n32, 2, 12\n"
    s += "*ELEMENT, TYPE=DASHPOTA, ELSET=D3\n33, 3, 13\n*ELEMENT, TYPE=DASHPOTA, ELSET=D4\n34, 4, 14\n"
    for k, r in enumerate(BX["r"]):
        w = Om / r
        s += "*SPRING, ELSET=S%d\n%s\n*DASHPOT, ELSET=D%d\n%s\n" % (k + 1, u.n(m * w * w, "F/L"), k + 1, u.n(2 * z * m * w, "F*T/L"))
    s += "*PARTICLE, NSET=BASE, MASS=%s\n*PARTICLE, NSET=MASSES, MASS=%s\n" % (u.n(1.0, "M"), u.n(m, "M"))
    s += "*AMPLITUDE, NAME=SHAKE, DEFINITION=PERIODIC\n1, %s, 0, 0\n0, 1\n" % u.n(Om, "1/T")
    s += "*BOUNDARY\nBASE, 2, 3\nMASSES, 2, 3\n*BOUNDARY, AMPLITUDE=SHAKE\nBASE, 1, 1, %s\n" % u.n(Y, "L")
    for k in range(4):
        s += "*PROBE, NAME=base%d, NODE=%d\nU, RF\n*PROBE, NAME=mass%d, NODE=%d\nU\n" % (k + 1, k + 1, k + 1, k + 11)
    s += "*STEP\n*DYNAMIC\n%s, %s\n*END STEP\n" % (u.n(BX["h"], "T"), u.n(BX["T"], "T"))
    return s


AS_ = dict(L=1.0, b=0.02, h=0.01, n=10, P=5.0, t2=0.2, h2=0.001, m=2.0, k=2000.0, Y=0.005, F=2.0)


def amplitude_steps(u):
    """Loads and supports of an earlier step on a step-time amplitude, as Abaqus holds them: a
    steel cantilever (1 m, 20 x 10 mm, 10 B31) loaded at the tip by 5 N through a TABULAR
    amplitude over a *STATIC step, and a 2 kg particle on a spring of 2 kN/m whose support is
    moved 5 mm by a SMOOTH STEP amplitude over the same step; then a *DYNAMIC step of 0.2 s
    without a word on either: the load stays at 5 N and the support at 5 mm (the values at the
    end of their step), so the cantilever stays at rest under its load, and the particle,
    pushed by 2 N from the start of step 2, swings about its moved support:
    x = Y + F/k (1 - cos omega t)."""
    L, b, h, n, P = AS_["L"], AS_["b"], AS_["h"], AS_["n"], AS_["P"]
    s = head(u, "Amplitudes of an earlier step", amplitude_steps.__doc__)
    s += line_nodes(u, 1, (0, 0, 0), (L, 0, 0), n)
    s += line_elems(1, 1, n, "BAR", "B31")
    s += steel(u)
    s += "*BEAM SECTION, ELSET=BAR, MATERIAL=STEEL, SECTION=RECT\n%s, %s\n0, 0, 1\n" % (u.n(b, "L"), u.n(h, "L"))
    s += "*NODE\n101, 0, %s, 0\n102, %s, %s, 0\n" % (u.n(-0.5, "L"), u.n(0.1, "L"), u.n(-0.5, "L"))
    s += "*ELEMENT, TYPE=SPRINGA, ELSET=SPR\n201, 101, 102\n*SPRING, ELSET=SPR\n%s\n" % u.n(AS_["k"], "F/L")
    s += "*PARTICLE, NODE=101, MASS=%s\n*PARTICLE, NODE=102, MASS=%s\n" % (u.n(1.0, "M"), u.n(AS_["m"], "M"))
    s += "*AMPLITUDE, NAME=RAMP\n0, 0, %s, 1\n" % u.n(1.0, "T")
    s += "*AMPLITUDE, NAME=MOVE, DEFINITION=SMOOTH STEP\n0, 0, %s, 1\n" % u.n(1.0, "T")
    s += "*BOUNDARY\n1, ENCASTRE\n101, 2, 3\n102, 2, 3\n"
    s += "*PROBE, NAME=tip, NODE=%d\nU, V\n*PROBE, NAME=clamp, NODE=1\nRF\n" % (n + 1)
    s += "*PROBE, NAME=support, NODE=101\nU, V, RF\n*PROBE, NAME=mass, NODE=102\nU, V\n"
    s += "*STEP, NAME=Load\n*STATIC\n%s, %s\n*CLOAD, AMPLITUDE=RAMP\n%d, 2, %s\n" % (
        u.n(0.25, "T"), u.n(1.0, "T"), n + 1, u.n(-P, "F"))
    s += "*BOUNDARY, AMPLITUDE=MOVE\n101, 1, 1, %s\n*END STEP\n" % u.n(AS_["Y"], "L")
    s += "*STEP, NAME=Hold\n*DYNAMIC\n%s, %s\n*CLOAD\n102, 1, %s\n*END STEP\n" % (
        u.n(AS_["h2"], "T"), u.n(AS_["t2"], "T"), u.n(AS_["F"], "F"))
    return s


PF = dict(h=3.0, Lb=4.0, a=0.08, n=12, loads=(0.4, 0.8))


def portal_pcr():
    """Sway buckling load per column of preloaded_portal (pinned feet, equal members): k h tan(k h)
    = 6 (I_b / L_b) / (I_c / h) (Timoshenko & Gere 1961), P = (k h)^2 EI / h^2 (bisection)."""
    c = 6.0 * PF["h"] / PF["Lb"]
    lo, hi = 1e-6, math.pi / 2 - 1e-12
    for _ in range(200):
        x = 0.5 * (lo + hi)
        if x * math.tan(x) < c:
            lo = x
        else:
            hi = x
    EI = 210e9 * PF["a"] ** 4 / 12
    return (0.5 * (lo + hi)) ** 2 * EI / PF["h"] ** 2


def preloaded_portal(u):
    """A steel portal frame (3 m columns on pins, 4 m girder, solid 80 x 80 mm, 12 B31 per
    member, in-plane: DOFs 3-5 held), its frequencies (*FREQUENCY) unloaded and under equal
    column loads of 0.4 and 0.8 of the sway buckling load (*STATIC steps): the load at which
    the sway mode's frequency vanishes (docs/deck.md's advice in place of *BUCKLE) against
    k h tan(k h) = 6 (I_b / L_b) / (I_c / h) (Timoshenko & Gere 1961)."""
    h, Lb, a, n = PF["h"], PF["Lb"], PF["a"], PF["n"]
    Pc = portal_pcr()
    s = head(u, "Pinned portal frame: sway frequency under column loads", preloaded_portal.__doc__)
    s += line_nodes(u, 1, (0, 0, 0), (0, h, 0), n, "FRAME")
    s += "*NODE, NSET=FRAME\n"
    for i in range(1, n + 1):
        s += "%d, %s, %s, 0\n" % (100 + i, u.n(Lb * i / n, "L"), u.n(h, "L"))
    for i in range(n):
        s += "%d, %s, %s, 0\n" % (200 + i, u.n(Lb, "L"), u.n(h * (1 - (i + 1) / n), "L"))
    s += line_elems(1, 1, n, "COLUMNS", "B31")
    s += "*ELEMENT, TYPE=B31, ELSET=GIRDER\n101, %d, 101\n" % (n + 1)
    for i in range(1, n):
        s += "%d, %d, %d\n" % (101 + i, 100 + i, 101 + i)
    s += "*ELEMENT, TYPE=B31, ELSET=COLUMNS\n201, %d, 200\n" % (100 + n)
    for i in range(1, n):
        s += "%d, %d, %d\n" % (201 + i, 199 + i, 200 + i)
    s += steel(u)
    for es in ("COLUMNS", "GIRDER"):
        s += "*BEAM SECTION, ELSET=%s, MATERIAL=STEEL, SECTION=RECT\n%s, %s\n0, 0, 1\n" % (es, u.n(a, "L"), u.n(a, "L"))
    s += "*BOUNDARY\nFRAME, 3, 5\n1, 1, 2\n%d, 1, 2\n" % (199 + n)
    s += "*PROBE, NAME=left, NODE=1\nRF\n*PROBE, NAME=right, NODE=%d\nRF\n" % (199 + n)
    s += "*STEP, NAME=Unloaded\n*FREQUENCY\n3\n*END STEP\n"
    for k, f in enumerate(PF["loads"]):
        s += "*STEP, NAME=Load%d\n*STATIC\n0.5, 1.0\n*CLOAD%s\n%d, 2, %s\n%d, 2, %s\n*END STEP\n" % (
            k + 1, ", OP=MOD" if k else "", n + 1, u.n(-f * Pc, "F"), 100 + n, u.n(-f * Pc, "F"))
        s += "*STEP, NAME=Modes%d\n*FREQUENCY\n3\n*END STEP\n" % (k + 1)
    return s


def abaqus_cae_frequency(u):
    """The cantilever of freq_clamped (steel, 2 m, 40 x 20 mm, 20 B31) in a frequency step as
    Abaqus/CAE writes it: *Step, nlgeom=NO, perturbation; *Frequency, eigensolver=Lanczos,
    sim=NO, acoustic coupling=on, normalization=mass with its data line '12, , , , , ';
    *Restart, write, frequency=0; *Output, field and history, variable=PRESELECT.  Against the
    Euler-Bernoulli frequencies of both bending planes."""
    L, b, h, n = 2.0, 0.04, 0.02, 20
    s = "** %s\n** Units: %s.  Written by make_decks.py (tests/user).\n*Heading\n%s\n" % (
        " ".join(abaqus_cae_frequency.__doc__.split()), u.title, "Cantilever frequencies, Abaqus/CAE style")
    s += "*Preprint, echo=NO, model=NO, history=NO, contact=NO\n*Node\n"
    for i in range(n + 1):
        s += "%7d, %s, 0., 0.\n" % (i + 1, u.n(L * i / n, "L"))
    s += "*Element, type=B31\n"
    for i in range(n):
        s += "%d, %d, %d\n" % (i + 1, i + 1, i + 2)
    s += "*Nset, nset=Set-1, generate\n 1, %d, 1\n*Elset, elset=Set-1, generate\n 1, %d, 1\n" % (n + 1, n)
    s += "*Nset, nset=Set-2\n 1,\n"
    s += "** Section: Section-1  Profile: Profile-1\n*Beam Section, elset=Set-1, material=Steel, temperature=GRADIENTS, section=RECT\n"
    s += "%s, %s\n0.,1.,0.\n" % (u.n(b, "L"), u.n(h, "L"))
    E, nu, rho = STEEL
    s += "*Material, name=Steel\n*Density\n%s,\n*Elastic\n%s, %g\n" % (u.n(rho, "M/L^3"), u.n(E, "F/L^2"), nu)
    s += "** BOUNDARY CONDITIONS\n*Boundary\nSet-2, ENCASTRE\n"
    s += "** STEP: Freq\n*Step, name=Freq, nlgeom=NO, perturbation\n*Frequency, eigensolver=Lanczos, sim=NO, "
    s += "acoustic coupling=on, normalization=mass\n12, , , , , \n*Restart, write, frequency=0\n"
    s += "*Output, field, variable=PRESELECT\n*Output, history, variable=PRESELECT\n*End Step\n"
    return s


MODELS.update({
    "preloaded_column": (preloaded_column, (SI, MM, IN)),
    "clamped_membrane": (clamped_membrane, (SI, MM, IN)),
    "roll_up_twice": (roll_up_twice, (SI, MM, IN)),
    "tripod": (tripod, (SI, MM, IN)),
    "abaqus_history": (abaqus_history, (SI, MM, IN)),
    "deep_arch": (deep_arch, (SI, MM, IN)),
    "base_excitation": (base_excitation, (SI, MM, MS)),
    "amplitude_steps": (amplitude_steps, (SI, MM, MS)),
    "preloaded_portal": (preloaded_portal, (SI, MM, IN)),
    "abaqus_cae_frequency": (abaqus_cae_frequency, (SI, MM, MS)),
})


# ---------------------------------------------------------------------------
# Multibody and impact models (a second series): a block stopping on a rough slope, a stack of
# two balls, a rod striking the floor, a mass on a spring dragged by a belt (stick-slip), a
# slider-crank.  Numbers in SI (UC2), read by check_user.py.

UC2 = {
    "incline": {"alpha": math.radians(20.0), "m": 2.0, "v0": 1.0, "mu": 0.5, "mu_k": 0.3, "mu_s": 0.4,
                "g": 9.81, "h": 1e-3, "T": 1.2},
    "stack": {"r1": 0.03, "H": 0.2, "gap": 0.002, "g": 9.81, "h": 1e-4, "T": 0.7,
              "rows": (("GAP", 0.002, ""), ("TOUCH", -1e-9, ""), ("SEQ", -1e-9, ", IMPACT=SEQUENTIAL"))},
    "rod": {"L": 0.5, "b": 0.02, "theta": math.radians(30.0), "v0": 1.0, "e": 0.5, "z0": 0.005,
            "rows": (("A", 0.0), ("B", 0.1), ("C", 0.8)), "h": 1e-4, "T": 0.03},
    "belt": {"m": 1.0, "k": 100.0, "V": 0.1, "mu_k": 0.3, "mu_s": 0.4, "g": 9.81, "h": 1e-3, "T": 2.0},
    "crank": {"r": 0.1, "l": 0.3, "W": 10.0, "b": 0.02, "ms": 0.5, "h": 1e-3, "T": 1.0},
}


def ball_mass(r):
    return 7850 * 4.0 / 3.0 * math.pi * r ** 3


def block_stops_on_incline(u):
    """Two 2 kg blocks (particles) on a plane inclined at 20 degrees, Coulomb friction: block A
    thrown down the slope at 1 m/s with mu = 0.5 (above tan 20 = 0.364) decelerates at
    g (mu cos a - sin a), stops at v0 / that and stays (sticks); block B set down at rest with
    FRICTION = 0.3 (below tan 20), STATIC FRICTION = 0.4 (above): it never starts."""
    p = UC2["incline"]
    a = p["alpha"]
    n = (math.sin(a), 0.0, math.cos(a))
    down = (math.cos(a), 0.0, -math.sin(a))
    s = head(u, "Blocks on a rough slope", block_stops_on_incline.__doc__)
    for k, (name, y, law) in enumerate((("A", 0.0, "FRICTION=%g" % p["mu"]),
                                        ("B", 0.5, "FRICTION=%g, STATIC FRICTION=%g" % (p["mu_k"], p["mu_s"])))):
        s += "*NODE, NSET=%s\n%d, 0, %s, 0\n" % (name, k + 1, u.n(y, "L"))
        s += "*PARTICLE, NSET=%s, MASS=%s\n" % (name, u.n(p["m"], "M"))
        s += "*OBSTACLE, NAME=SLOPE%s, TYPE=PLANE\n0, %s, 0, %.17g, 0, %.17g\n" % (name, u.n(y, "L"), n[0], n[2])
        s += "*CONTACT PAIR, LAW=NEWTON, %s\n%s, SLOPE%s\n" % (law, name, name)
    s += "*INITIAL CONDITIONS, TYPE=VELOCITY\n1, 1, %s\n1, 3, %s\n" % (u.n(p["v0"] * down[0], "L/T"),
                                                                       u.n(p["v0"] * down[2], "L/T"))
    s += "*GRAVITY\n0, 0, %s\n" % u.n(-p["g"], "L/T^2")
    s += "*PROBE, NAME=a, NODE=1\nX, V\n*PROBE, NAME=b, NODE=2\nX, V\n"
    s += dynamic_step(u, p["h"], p["T"])
    return s


def ball_stack(u):
    """Two steel balls stacked, the lower (60 mm, three times the upper's mass) under the upper
    (41.6 mm), dropped from 0.2 m onto a rigid floor, e = 1 everywhere (particles): GAP, 2 mm
    between them: the floor's impact, then the balls' (sequential): the upper leaves at
    2 v1 - g tau, the lower at - g tau (tau = gap / 2 v1); TOUCH, touching, the default
    simultaneous law: both leave at v1 together; SEQ, touching with IMPACT=SEQUENTIAL: as GAP
    with tau = 0.  (Touching: 1 nm of overlap, so that the contact table lists the touching
    pair alike in every unit system; at a gap of 0 the sign of its round-off decides whether
    a row without impulse is written.)"""
    p = UC2["stack"]
    r1 = p["r1"]
    r2 = r1 / 3.0 ** (1.0 / 3.0)
    s = head(u, "Two balls dropped stacked", ball_stack.__doc__)
    for k, (name, gap, law) in enumerate(p["rows"]):
        y = 0.2 * k
        z1 = p["H"] + r1
        z2 = z1 + r1 + gap + r2
        s += "*NODE, NSET=%sLO\n%d, 0, %s, %s\n" % (name, 10 * k + 1, u.n(y, "L"), u.n(z1, "L"))
        s += "*NODE, NSET=%sUP\n%d, 0, %s, %s\n" % (name, 10 * k + 2, u.n(y, "L"), u.n(z2, "L"))
        s += "*PARTICLE, NSET=%sLO, MASS=%s, RADIUS=%s\n" % (name, u.n(ball_mass(r1), "M"), u.n(r1, "L"))
        s += "*PARTICLE, NSET=%sUP, MASS=%s, RADIUS=%s\n" % (name, u.n(ball_mass(r2), "M"), u.n(r2, "L"))
        s += "*CONTACT PAIR, LAW=NEWTON, RESTITUTION=1%s\n%sLO, FLOOR\n%sUP, %sLO\n" % (law, name, name, name)
    s += "*OBSTACLE, NAME=FLOOR, TYPE=PLANE\n0, 0, 0, 0, 0, 1\n"
    s += "*GRAVITY\n0, 0, %s\n" % u.n(-p["g"], "L/T^2")
    for k, (name, gap, law) in enumerate(p["rows"]):
        s += "*PROBE, NAME=%slo, NODE=%d\nX, V\n*PROBE, NAME=%sup, NODE=%d\nX, V\n" % (
            name.lower(), 10 * k + 1, name.lower(), 10 * k + 2)
    s += dynamic_step(u, p["h"], p["T"])
    return s


def rod_props():
    """rod_strikes_floor: mass, the inertia tensor (J11, J22, J33, J12, J13, J23) of the rod
    inclined at theta in the xz plane, and its lower end's offset from the centre."""
    p = UC2["rod"]
    L, b, th = p["L"], p["b"], p["theta"]
    m = 7850 * b * b * L
    It, Ia = m * (L * L + b * b) / 12, m * b * b / 6
    a = (math.cos(th), 0.0, math.sin(th))
    J = [It * (i == j) + (Ia - It) * a[i] * a[j] for i, j in ((0, 0), (1, 1), (2, 2), (0, 1), (0, 2), (1, 2))]
    end = (-0.5 * L * a[0], 0.0, -0.5 * L * a[2])
    return m, J, end


def rod_strikes_floor(u):
    """Three steel rods (0.5 m, 20 x 20 mm, rigid bodies with a contact point at each end)
    inclined at 30 degrees, thrown straight down at 1 m/s (no gravity) onto a rigid floor,
    Newton's law e = 0.5: A frictionless, B mu = 0.1 (the lower end slides), C mu = 0.8 (it
    sticks).  The impulse at the end turns the rod: the post-impact velocities have a closed
    form (Stronge 2000, ch. 4; Kane and Levinson 1985)."""
    p = UC2["rod"]
    m, J, end = rod_props()
    zc = p["z0"] - end[2]
    s = head(u, "Rods thrown onto a floor", rod_strikes_floor.__doc__)
    s += "*OBSTACLE, NAME=FLOOR, TYPE=PLANE\n0, 0, 0, 0, 0, 1\n"
    s += "*CONTACT POINTS, NAME=ENDS, LAYOUT=LIST\n%s, 0, %s\n%s, 0, %s\n" % (
        u.n(end[0], "L"), u.n(end[2], "L"), u.n(-end[0], "L"), u.n(-end[2], "L"))
    for k, (name, mu) in enumerate(p["rows"]):
        s += "*NODE, NSET=%s\n%d, 0, %s, %s\n" % (name, k + 1, u.n(0.5 * k, "L"), u.n(zc, "L"))
        s += "*RIGID BODY, NODE=%d, MASS=%s\n%s\n" % (k + 1, u.n(m, "M"), ", ".join(u.n(v, "M*L^2") for v in J))
        fr = ", FRICTION=%g" % mu if mu > 0 else ""
        s += "*CONTACT PAIR, LAW=NEWTON, RESTITUTION=%g%s, POINTS=ENDS\n%s, FLOOR\n" % (p["e"], fr, name)
    s += "*INITIAL CONDITIONS, TYPE=VELOCITY\n"
    for k in range(len(p["rows"])):
        s += "%d, 3, %s\n" % (k + 1, u.n(-p["v0"], "L/T"))
    for k, (name, mu) in enumerate(p["rows"]):
        s += "*PROBE, NAME=%s, NODE=%d\nX, V, W\n" % (name.lower(), k + 1)
    s += dynamic_step(u, p["h"], p["T"])
    return s


def stick_slip_belt(u):
    """A 1 kg block (particle) on a belt running at 0.1 m/s (a translating plane), held by a
    spring of 100 N/m to a fixed point, Coulomb friction 0.3, static 0.4: the classic
    stick-slip oscillator.  Set down at rest, it slips to the belt's speed, rides with it
    (stick) until the spring pulls mu_s m g, slips back in a harmonic arc about mu_k m g / k and
    sticks again: stick and slip times in closed form (Popp and Stelter 1990)."""
    p = UC2["belt"]
    s = head(u, "Stick-slip oscillator on a belt", stick_slip_belt.__doc__)
    s += "*AMPLITUDE, NAME=BELT\n0, 0, %s, %s\n" % (u.n(10.0, "T"), u.n(10.0 * p["V"], "L"))
    s += "*OBSTACLE, NAME=BELT, TYPE=PLANE, AMPLITUDE=BELT\n0, 0, 0, 0, 0, 1, 1, 0, 0\n"
    s += "*NODE, NSET=BLOCK\n1, 0, 0, 0\n*NODE\n2, %s, 0, 0\n" % u.n(-0.5, "L")
    s += "*PARTICLE, NSET=BLOCK, MASS=%s\n" % u.n(p["m"], "M")
    s += "*ELEMENT, TYPE=SPRINGA, ELSET=SPRING\n1, 2, 1\n*SPRING, ELSET=SPRING\n%s\n" % u.n(p["k"], "F/L")
    s += "*CONTACT PAIR, LAW=NEWTON, FRICTION=%g, STATIC FRICTION=%g\nBLOCK, BELT\n" % (p["mu_k"], p["mu_s"])
    s += "*GRAVITY\n0, 0, %s\n" % u.n(-p["g"], "L/T^2")
    s += "*PROBE, NAME=block, NODE=1\nX, V\n"
    s += dynamic_step(u, p["h"], p["T"])
    return s


def steel_bars(b, lengths):
    """(mass, J about the centre across the bar, J about its axis) of square steel bars b x b."""
    out = []
    for l in lengths:
        m = 7850 * b ** 2 * l
        out.append((m, m * (l * l + b ** 2) / 12, m * b ** 2 / 6))
    return out


def crank_props():
    """slider_crank: (mass, J about the centre across the bar, J about its axis) of the crank and of the rod."""
    p = UC2["crank"]
    return steel_bars(p["b"], (p["r"], p["l"]))


def slider_crank(u):
    """A slider-crank in the horizontal plane: a steel crank (100 mm, 20 x 20 mm, a rigid body
    on a revolute joint to the ground) turned at a constant 10 rad/s by a driven rotation, a
    steel connecting rod (300 mm, rigid body, spherical joints at both ends) and a 0.5 kg
    slider (particle) held on the x axis by supports; started at the outer dead centre with
    the velocities of the motion.  The slider's position and every body's velocity follow the
    kinematics, x = r cos(phi) + sqrt(l^2 - r^2 sin^2(phi)); the drive's work is the kinetic
    energy's change."""
    p = UC2["crank"]
    r, l, W = p["r"], p["l"], p["W"]
    (mc, Jc, Ac), (mr, Jr, Ar) = crank_props()
    s = head(u, "Slider-crank driven at constant speed", slider_crank.__doc__)
    s += "*NODE\n1, 0, 0, 0\n*NODE\n11, %s, 0, 0\n" % u.n(r / 2, "L")
    s += "*RIGID BODY, NODE=11, MASS=%s\n%s, %s, %s\n" % (u.n(mc, "M"), u.n(Ac, "M*L^2"), u.n(Jc, "M*L^2"), u.n(Jc, "M*L^2"))
    s += "*NODE\n12, %s, 0, 0\n" % u.n(r + l / 2, "L")
    s += "*RIGID BODY, NODE=12, MASS=%s\n%s, %s, %s\n" % (u.n(mr, "M"), u.n(Ar, "M*L^2"), u.n(Jr, "M*L^2"), u.n(Jr, "M*L^2"))
    s += "*NODE, NSET=SLIDER\n13, %s, 0, 0\n*PARTICLE, NSET=SLIDER, MASS=%s\n" % (u.n(r + l, "L"), u.n(p["ms"], "M"))
    s += "*JOINT, TYPE=REVOLUTE\n1, 11, 0, 0, 0, 0, 0, 1\n"
    s += "*JOINT, TYPE=SPHERICAL\n11, 12, %s, 0, 0\n12, 13, %s, 0, 0\n" % (u.n(r, "L"), u.n(r + l, "L"))
    s += "*AMPLITUDE, NAME=TURN\n0, 0, %s, %s\n" % (u.n(10.0, "T"), 10.0 * W)
    s += "*BOUNDARY\n13, 2, 3\n*BOUNDARY, AMPLITUDE=TURN\n11, 6, 6, 1\n"
    s += "*INITIAL CONDITIONS, TYPE=VELOCITY\n11, 2, %s\n11, 6, %s\n12, 2, %s\n12, 6, %s\n" % (
        u.n(r * W / 2, "L/T"), u.n(W, "1/T"), u.n(r * W / 2, "L/T"), u.n(-r * W / l, "1/T"))
    s += "*PROBE, NAME=crank, NODE=11\nX, W, RM\n*PROBE, NAME=rod, NODE=12\nX, V, W\n*PROBE, NAME=slider, NODE=13\nX, V\n"
    s += "*STEP\n*DYNAMIC\n%s, %s\n*OUTPUT, FORMAT=HISTORY, EVERY=1\n*END STEP\n" % (u.n(p["h"], "T"), u.n(p["T"], "T"))
    return s


MODELS.update({
    "block_stops_on_incline": (block_stops_on_incline, (SI, MM, IN)),
    "ball_stack": (ball_stack, (SI, MM, MS)),
    "rod_strikes_floor": (rod_strikes_floor, (SI, MM, MS)),
    "stick_slip_belt": (stick_slip_belt, (SI, MM, MS)),
    "slider_crank": (slider_crank, (SI, MM, MS)),
})


UC2.update({
    "cyl": {"R": 0.5, "v0": 0.5, "m": 1.0, "g": 9.81, "h": 1e-4, "T": 0.6},
    "ballistic": {"M": 2.0, "a": 0.1, "l": 1.0, "mb": 0.01, "rb": 0.005, "v": 100.0, "gap": 0.012,
                  "g": 9.81, "h": 1e-4, "T": 0.05},
    "platform": {"m": 1.0, "M": 2.0, "k": 2e4, "H": 0.003, "r": 0.03, "g": 9.81, "h": 1e-4, "T": 0.3},
})


def particle_off_cylinder(u):
    """A 1 kg particle set on top of a fixed horizontal cylinder (R = 0.5 m, frictionless)
    moving at 0.5 m/s across its axis under gravity: it slides down the cylinder and leaves it
    where g cos(theta) = v^2 / R, cos(theta) = (2 + v0^2 / g R) / 3 (from the top)."""
    p = UC2["cyl"]
    s = head(u, "Particle sliding off a cylinder", particle_off_cylinder.__doc__)
    s += "*OBSTACLE, NAME=DRUM, TYPE=CYLINDER\n0, 0, 0, 0, 1, 0, %s\n" % u.n(p["R"], "L")
    s += "*NODE, NSET=P\n1, 0, 0, %s\n*PARTICLE, NSET=P, MASS=%s\n" % (u.n(p["R"], "L"), u.n(p["m"], "M"))
    s += "*CONTACT PAIR, LAW=NEWTON\nP, DRUM\n"
    s += "*INITIAL CONDITIONS, TYPE=VELOCITY\n1, 1, %s\n" % u.n(p["v0"], "L/T")
    s += "*GRAVITY\n0, 0, %s\n" % u.n(-p["g"], "L/T^2")
    s += "*PROBE, NAME=p, NODE=1\nX, V\n"
    s += dynamic_step(u, p["h"], p["T"])
    return s


def ballistic_props():
    """ballistic_pendulum: the block's J about its centre (about the pivot's axis y), the
    bullet's J (a sphere), and the bullet's line below the pivot (the block's centre)."""
    p = UC2["ballistic"]
    a, M = p["a"], p["M"]
    Jb = M * (a * a + a * a) / 12
    return Jb, 0.4 * p["mb"] * p["rb"] ** 2


def ballistic_pendulum(u):
    """Robins's ballistic pendulum: a 2 kg steel block (cube of 100 mm, a rigid body) hanging
    1 m below a revolute joint, struck at the centre of its face by a 10 g bullet (a rigid
    sphere, r = 5 mm) at 100 m/s, e = 0 (it stays on the face), under gravity.  Angular
    momentum about the pivot is kept through the impact: w+ = m v l / (J_O + m l^2)."""
    p = UC2["ballistic"]
    a, l, M = p["a"], p["l"], p["M"]
    Jb, Js = ballistic_props()
    s = head(u, "Ballistic pendulum", ballistic_pendulum.__doc__)
    s += "*NODE\n1, 0, 0, 0\n*NODE, NSET=BLOCK\n2, 0, 0, %s\n" % u.n(-l, "L")
    s += "*RIGID BODY, NODE=2, MASS=%s\n%s, %s, %s\n" % (u.n(M, "M"), u.n(Jb, "M*L^2"), u.n(Jb, "M*L^2"), u.n(Jb, "M*L^2"))
    s += "*JOINT, TYPE=REVOLUTE\n1, 2, 0, 0, 0, 0, 1, 0\n"
    s += "*OBSTACLE, NAME=FACE, TYPE=PLANE, BODY=2\n%s, 0, 0, -1, 0, 0\n" % u.n(-a / 2, "L")
    xb = -a / 2 - p["gap"] - p["rb"]
    s += "*NODE, NSET=BULLET\n3, %s, 0, %s\n" % (u.n(xb, "L"), u.n(-l, "L"))
    s += "*RIGID BODY, NODE=3, MASS=%s\n%s, %s, %s\n" % (u.n(p["mb"], "M"), u.n(Js, "M*L^2"), u.n(Js, "M*L^2"), u.n(Js, "M*L^2"))
    s += "*CONTACT PAIR, LAW=NEWTON, SLAVE RADIUS=%s\nBULLET, FACE\n" % u.n(p["rb"], "L")
    s += "*INITIAL CONDITIONS, TYPE=VELOCITY\n3, 1, %s\n" % u.n(p["v"], "L/T")
    s += "*GRAVITY\n0, 0, %s\n" % u.n(-p["g"], "L/T^2")
    s += "*PROBE, NAME=block, NODE=2\nX, V, W\n*PROBE, NAME=bullet, NODE=3\nX, V\n"
    s += dynamic_step(u, p["h"], p["T"])
    return s


def drop_on_platform(u):
    """A 1 kg ball (particle, r = 30 mm) dropped from 3 mm onto a 2 kg platform (particle) at
    rest on a spring of 20 kN/m (SPRINGA to ground, preloaded by the platform's weight), e = 0:
    the plastic impact leaves both at m v1 / (m + M), and they oscillate together about the
    new equilibrium m g / k lower with w = sqrt(k / (m + M)); the ball stays on (the amplitude
    below (m + M) g / k)."""
    p = UC2["platform"]
    m, M, k, g, r = p["m"], p["M"], p["k"], p["g"], p["r"]
    L = 0.2
    s = head(u, "Ball dropped onto a sprung platform", drop_on_platform.__doc__)
    s += "*NODE\n1, 0, 0, %s\n*NODE, NSET=PLATFORM\n2, 0, 0, 0\n" % u.n(-L, "L")
    s += "*PARTICLE, NSET=PLATFORM, MASS=%s\n" % u.n(M, "M")
    s += "*ELEMENT, TYPE=SPRINGA, ELSET=SPRING\n1, 1, 2\n*SPRING, ELSET=SPRING\n%s, %s\n" % (
        u.n(k, "F/L"), u.n(L + M * g / k, "L"))
    s += "*NODE, NSET=BALL\n3, 0, 0, %s\n*PARTICLE, NSET=BALL, MASS=%s, RADIUS=%s\n" % (
        u.n(r + p["H"], "L"), u.n(m, "M"), u.n(r, "L"))
    s += "*BOUNDARY\n2, 1, 2\n"
    s += "*CONTACT PAIR, LAW=NEWTON\nBALL, PLATFORM\n"
    s += "*GRAVITY\n0, 0, %s\n" % u.n(-g, "L/T^2")
    s += "*PROBE, NAME=platform, NODE=2\nX, V\n*PROBE, NAME=ball, NODE=3\nX, V\n"
    s += dynamic_step(u, p["h"], p["T"])
    return s


MODELS.update({
    "particle_off_cylinder": (particle_off_cylinder, (SI, MM, IN)),
    "ballistic_pendulum": (ballistic_pendulum, (SI, MM, MS)),
    "drop_on_platform": (drop_on_platform, (SI, MM, MS)),
})


UC2.update({
    "dpend": {"L1": 0.3, "L2": 0.3, "b": 0.02, "w0": 5.0, "xw": 0.05, "e": 0.5, "h": 1e-4, "T": 0.03},
})


def dpend_props():
    """double_pendulum_wall: (mass, J about the centre across the bar, J about its axis) of both bars."""
    p = UC2["dpend"]
    return steel_bars(p["b"], (p["L1"], p["L2"]))


def double_pendulum_wall(u):
    """A double pendulum of two steel bars (300 mm, 20 x 20 mm, rigid bodies on revolute joints,
    in the horizontal plane: no gravity) turning straight at 5 rad/s about its pivot (a relative
    equilibrium), whose tip strikes a wall 50 mm to the side, Newton's law e = 0.5 on a contact
    point at the tip: the impact's closed form is that of the two-link chain, M(q) dq' = J^T P,
    J dq'+ = -e J dq'- (Kane and Levinson 1985)."""
    p = UC2["dpend"]
    L1, L2, w = p["L1"], p["L2"], p["w0"]
    (m1, J1, A1), (m2, J2, A2) = dpend_props()
    s = head(u, "Double pendulum striking a wall", double_pendulum_wall.__doc__)
    s += "*NODE\n1, 0, 0, 0\n*NODE, NSET=BAR1\n11, 0, %s, 0\n*NODE, NSET=BAR2\n12, 0, %s, 0\n" % (
        u.n(-L1 / 2, "L"), u.n(-L1 - L2 / 2, "L"))
    s += "*RIGID BODY, NODE=11, MASS=%s\n%s, %s, %s\n" % (u.n(m1, "M"), u.n(J1, "M*L^2"), u.n(A1, "M*L^2"), u.n(J1, "M*L^2"))
    s += "*RIGID BODY, NODE=12, MASS=%s\n%s, %s, %s\n" % (u.n(m2, "M"), u.n(J2, "M*L^2"), u.n(A2, "M*L^2"), u.n(J2, "M*L^2"))
    s += "*JOINT, TYPE=REVOLUTE\n1, 11, 0, 0, 0, 0, 0, 1\n11, 12, 0, %s, 0, 0, 0, 1\n" % u.n(-L1, "L")
    s += "*OBSTACLE, NAME=WALL, TYPE=PLANE\n%s, 0, 0, -1, 0, 0\n" % u.n(p["xw"], "L")
    s += "*CONTACT POINTS, NAME=TIP, LAYOUT=LIST\n0, %s, 0\n" % u.n(-L2 / 2, "L")
    s += "*CONTACT PAIR, LAW=NEWTON, RESTITUTION=%g, POINTS=TIP\nBAR2, WALL\n" % p["e"]
    s += "*INITIAL CONDITIONS, TYPE=VELOCITY\n11, 1, %s\n11, 6, %s\n12, 1, %s\n12, 6, %s\n" % (
        u.n(w * L1 / 2, "L/T"), u.n(w, "1/T"), u.n(w * (L1 + L2 / 2), "L/T"), u.n(w, "1/T"))
    s += "*PROBE, NAME=bar1, NODE=11\nX, V, W, R\n*PROBE, NAME=bar2, NODE=12\nX, V, W, R\n"
    s += dynamic_step(u, p["h"], p["T"])
    return s


MODELS.update({
    "double_pendulum_wall": (double_pendulum_wall, (SI, MM, MS)),
})


UC2.update({
    "phw": {"L": 0.5, "b": 0.02, "rs": 0.01, "w0": 2.0, "gap": 5e-5, "g": 9.81, "h": 2e-6, "T": 4e-4},
})


def phw_props():
    """pendulum_hertz_wall: the bar's mass, J about its centre across it, J about its axis, J_O
    about the pivot, the Hertz stiffness c = 4/3 E* sqrt(r) of the tip's steel sphere on a steel
    wall, and the effective mass J_O / L^2 at the tip."""
    p = UC2["phw"]
    E, nu, rho = STEEL
    L, b = p["L"], p["b"]
    m = rho * b * b * L
    Jc, Ja = m * (L * L + b * b) / 12, m * b * b / 6
    JO = Jc + m * L * L / 4
    c = 4.0 / 3.0 * E / (2 * (1 - nu * nu)) * math.sqrt(p["rs"])
    return m, Jc, Ja, JO, c, JO / (L * L)


def pendulum_hertz_wall(u):
    """A steel bar (0.5 m, 20 x 20 mm, a rigid body on a revolute joint) swinging through the
    bottom at 2 rad/s, its rounded tip (a sphere of 10 mm radius at a contact point) striking a
    thick steel wall: Hertz's law c = 4/3 E* sqrt(r), no damping, under gravity.  The pivot
    holds the bar: the tip strikes with the effective mass J_O / L^2 (a third of the bar's),
    and contact time and rebound follow Hertz's closed form with that mass (Goldsmith 1960)."""
    p = UC2["phw"]
    L, w = p["L"], p["w0"]
    m, Jc, Ja, JO, c, me = phw_props()
    s = head(u, "Pendulum striking a wall (Hertz)", pendulum_hertz_wall.__doc__)
    s += "*NODE\n1, 0, 0, 0\n*NODE, NSET=BAR\n2, 0, 0, %s\n" % u.n(-L / 2, "L")
    s += "*RIGID BODY, NODE=2, MASS=%s\n%s, %s, %s\n" % (u.n(m, "M"), u.n(Jc, "M*L^2"), u.n(Jc, "M*L^2"), u.n(Ja, "M*L^2"))
    s += "*JOINT, TYPE=REVOLUTE\n1, 2, 0, 0, 0, 0, 1, 0\n"
    s += "*OBSTACLE, NAME=WALL, TYPE=PLANE\n%s, 0, 0, -1, 0, 0\n" % u.n(p["rs"] + p["gap"], "L")
    s += "*CONTACT POINTS, NAME=TIP, LAYOUT=LIST\n0, 0, %s\n" % u.n(-L / 2, "L")
    s += "*CONTACT PAIR, LAW=HERTZ, STIFFNESS=%s, SLAVE RADIUS=%s, POINTS=TIP\nBAR, WALL\n" % (
        u.n(c, "F/L^1.5"), u.n(p["rs"], "L"))
    s += "*INITIAL CONDITIONS, TYPE=VELOCITY\n2, 1, %s\n2, 5, %s\n" % (u.n(w * L / 2, "L/T"), u.n(-w, "1/T"))
    s += "*GRAVITY\n0, 0, %s\n" % u.n(-p["g"], "L/T^2")
    s += "*PROBE, NAME=bar, NODE=2\nX, V, W\n"
    s += dynamic_step(u, p["h"], p["T"])
    return s


MODELS.update({
    "pendulum_hertz_wall": (pendulum_hertz_wall, (SI, MM, MS)),
})



# ---------------------------------------------------------------------------
# a third round of user models (a brake, a bar dropped on its end, Lee's frame, a clamped beam
# under a sudden load, a beam at resonance)

UC2.update({
    "brake": {"r": 0.1, "t": 0.02, "R": 0.08, "w0": 20.0, "N": 200.0, "mu": 0.3, "mp": 0.1, "rp": 0.005,
              "h": 1e-3, "T": 0.15},
})


def brake_props():
    """disk_brake: the disk's mass, J about a diameter and about its axle; the pad's mass and J
    (a sphere)."""
    p = UC2["brake"]
    r, t = p["r"], p["t"]
    m = STEEL[2] * math.pi * r * r * t
    return m, m * (3 * r * r + t * t) / 12, m * r * r / 2, p["mp"], 0.4 * p["mp"] * p["rp"] ** 2


def disk_brake(u):
    """A brake: a steel disk (200 mm, 20 mm thick, 4.93 kg; a rigid body on a revolute joint, its
    axle vertical) spinning at 20 rad/s, stopped by a pad (a 0.1 kg rigid body with a rounded
    face, r = 5 mm) pressed onto its upper face 80 mm from the axle by 200 N, Coulomb mu = 0.3;
    the pad is held against the drag by supports.  The friction torque mu N R decelerates the disk
    uniformly to rest at J w0 / (mu N R) and dissipates its kinetic energy J w0^2 / 2."""
    p = UC2["brake"]
    m, Jd, Ja, mp, Jp = brake_props()
    s = head(u, "Disk brake", disk_brake.__doc__)
    s += "*NODE\n1, 0, 0, 0\n*NODE, NSET=DISK\n2, 0, 0, 0\n"
    s += "*RIGID BODY, NODE=2, MASS=%s\n%s, %s, %s\n" % (u.n(m, "M"), u.n(Jd, "M*L^2"), u.n(Jd, "M*L^2"), u.n(Ja, "M*L^2"))
    s += "*JOINT, TYPE=REVOLUTE\n1, 2, 0, 0, 0, 0, 0, 1\n"
    s += "*OBSTACLE, NAME=FACE, TYPE=PLANE, BODY=2\n0, 0, %s, 0, 0, 1\n" % u.n(p["t"] / 2, "L")
    s += "*NODE, NSET=PAD\n3, %s, 0, %s\n" % (u.n(p["R"], "L"), u.n(p["t"] / 2 + p["rp"], "L"))
    s += "*RIGID BODY, NODE=3, MASS=%s\n%s, %s, %s\n" % (u.n(mp, "M"), u.n(Jp, "M*L^2"), u.n(Jp, "M*L^2"), u.n(Jp, "M*L^2"))
    s += "*BOUNDARY\n3, 1, 2\n3, 4, 6\n"
    s += "*CONTACT PAIR, LAW=NEWTON, FRICTION=%g, SLAVE RADIUS=%s\nPAD, FACE\n" % (p["mu"], u.n(p["rp"], "L"))
    s += "*INITIAL CONDITIONS, TYPE=VELOCITY\n2, 6, %s\n" % u.n(p["w0"], "1/T")
    s += "*PROBE, NAME=disk, NODE=2\nW, R\n*PROBE, NAME=pad, NODE=3\nX, RF\n"
    s += "*STEP\n*DYNAMIC\n%s, %s\n*CLOAD\n3, 3, %s\n" % (u.n(p["h"], "T"), u.n(p["T"], "T"), u.n(-p["N"], "F"))
    s += "*OUTPUT, FORMAT=HISTORY, EVERY=1\n*OUTPUT, FORMAT=CONTACT, EVERY=1\n*END STEP\n"
    return s


MODELS.update({
    "disk_brake": (disk_brake, (SI, MM, MS)),
})



UC2.update({
    "bardrop": {"L": 1.0, "b": 0.02, "n": 20, "v0": 1.0, "gap": 1e-4, "g": 9.81, "h": 1e-5, "T": 1.2e-3},
})


def bar_drop_end(u):
    """A steel bar (1 m, 20 x 20 mm, 20 B31) falling upright at 1 m/s onto a rigid floor with its
    lower end, 0.1 mm above it, under gravity; Newton's law with the default e = 0 at the end
    node, its end face (SLAVE RADIUS=0; without it the rectangle touches with its end face too,
    docs/contact.md §8.3, where a round bar's node would start 9.9 mm inside the floor).  Saint-Venant's wave: the bar stays on the floor for 2 L / c (c = sqrt(E / rho)), the
    floor's impulse is 2 m v0 (plus the weight's over the contact) and the bar leaves at v0
    without vibration (the elastic bar on a rigid floor; Goldsmith 1960)."""
    p = UC2["bardrop"]
    L, b, n = p["L"], p["b"], p["n"]
    s = head(u, "Bar dropped on its end", bar_drop_end.__doc__)
    s += line_nodes(u, 1, (0, 0, p["gap"]), (0, 0, p["gap"] + L), n, nset="BAR")
    s += line_elems(1, 1, n, "BAR", "B31")
    s += steel(u)
    s += "*BEAM SECTION, ELSET=BAR, MATERIAL=STEEL, SECTION=RECT\n%s, %s\n1, 0, 0\n" % (u.n(b, "L"), u.n(b, "L"))
    s += "*NSET, NSET=FOOT\n1\n"
    s += "*OBSTACLE, NAME=FLOOR, TYPE=PLANE\n0, 0, 0, 0, 0, 1\n"
    s += "*CONTACT PAIR, LAW=NEWTON, SLAVE RADIUS=0\nFOOT, FLOOR\n"
    s += "*INITIAL CONDITIONS, TYPE=VELOCITY\nBAR, 3, %s\n" % u.n(-p["v0"], "L/T")
    s += "*GRAVITY\n0, 0, %s\n" % u.n(-p["g"], "L/T^2")
    s += "*PROBE, NAME=foot, NODE=1\nX, V\n*PROBE, NAME=top, NODE=%d\nX, V\n*PROBE, NAME=mid, ELEMENT=%d, POSITION=0.5\nN\n" % (
        n + 1, n // 2)
    s += dynamic_step(u, p["h"], p["T"])
    return s


MODELS.update({
    "bar_drop_end": (bar_drop_end, (SI, MM, MS)),
})



UC2.update({
    "csu": {"L": 2.0, "b": 0.04, "d": 0.02, "n": 20, "q": 50.0, "h": 2.5e-4, "T": 0.1},
})


def clamped_step_udl(u):
    """A steel beam (2 m, 40 x 20 mm, 20 B31) clamped at both ends, at rest, under a uniform load of
    50 N/m switched on at full value at t = 0 (a *DLOAD in the *DYNAMIC step, no amplitude), 0.1 s
    (2.7 periods of the first mode) at 0.25 ms.  The midspan swings between 0 and about twice the
    static deflection q L^4 / 384 EI (the dynamic amplification of a suddenly applied load; the
    Euler-Bernoulli modal series of the clamped beam)."""
    p = UC2["csu"]
    L, b, d, n = p["L"], p["b"], p["d"], p["n"]
    s = head(u, "Clamped beam under a suddenly applied uniform load", clamped_step_udl.__doc__)
    s += line_nodes(u, 1, (0, 0, 0), (L, 0, 0), n)
    s += line_elems(1, 1, n, "BEAM", "B31")
    s += steel(u)
    s += "*BEAM SECTION, ELSET=BEAM, MATERIAL=STEEL, SECTION=RECT\n%s, %s\n0, 1, 0\n" % (u.n(b, "L"), u.n(d, "L"))
    s += "*BOUNDARY\n1, ENCASTRE\n%d, ENCASTRE\n" % (n + 1)
    s += "*PROBE, NAME=mid, NODE=%d\nU\n*PROBE, NAME=clamp, NODE=1\nRF, RM\n" % (n // 2 + 1)
    s += "*STEP\n*DYNAMIC\n%s, %s\n*DLOAD\nBEAM, PZ, %s\n*OUTPUT, FORMAT=HISTORY, EVERY=1\n*END STEP\n" % (
        u.n(p["h"], "T"), u.n(p["T"], "T"), u.n(-p["q"], "F/L"))
    return s


MODELS.update({
    "clamped_step_udl": (clamped_step_udl, (SI, MM, IN)),
})



UC2.update({
    "lee": {"L": 1.2, "b": 0.03, "d": 0.02, "n": 10, "a": 0.24, "lam": 25.0, "stop": 0.5},
})


def lee_frame(u):
    """Lee's frame (Lee et al. 1968): two steel members of 1.2 m, 30 x 20 mm (bending across the
    20 mm), 10 B31 each, joined rigidly at a right angle, the column's foot and the girder's far
    end pinned, a vertical load on the girder 0.24 m (a fifth) from the corner, followed by arc
    length (*STATIC, RIKS) through its limit point until the load point has dropped by L / 2."""
    p = UC2["lee"]
    L, b, d, n = p["L"], p["b"], p["d"], p["n"]
    EI = 210e9 * b * d ** 3 / 12
    P = p["lam"] * EI / L ** 2
    k = round(n * p["a"] / L)
    s = head(u, "Lee's frame by arc length", lee_frame.__doc__)
    s += line_nodes(u, 1, (0, 0, 0), (0, L, 0), n)
    s += "*NODE\n"
    for i in range(1, n + 1):
        s += "%d, %s, %s, 0\n" % (100 + i, u.n(L * i / n, "L"), u.n(L, "L"))
    s += line_elems(1, 1, n, "COLUMN", "B31")
    s += "*ELEMENT, TYPE=B31, ELSET=GIRDER\n%d, %d, 101\n" % (n + 1, n + 1)
    for i in range(1, n):
        s += "%d, %d, %d\n" % (n + 1 + i, 100 + i, 101 + i)
    s += steel_static(u)
    for es in ("COLUMN", "GIRDER"):
        s += "*BEAM SECTION, ELSET=%s, MATERIAL=STEEL, SECTION=RECT\n%s, %s\n0, 0, 1\n" % (es, u.n(b, "L"), u.n(d, "L"))
    s += "*BOUNDARY\n1, PINNED\n1, 4, 5\n%d, PINNED\n%d, 4, 5\n" % (100 + n, 100 + n)
    s += "*PROBE, NAME=load, NODE=%d\nU\n*PROBE, NAME=foot, NODE=1\nRF, R\n*PROBE, NAME=pin, NODE=%d\nRF\n" % (100 + k, 100 + n)
    s += "*STEP, INC=400\n*STATIC, RIKS\n0.02, 3.0, , , , %d, 2, %s\n*CLOAD\n%d, 2, %s\n*END STEP\n" % (
        100 + k, u.n(-p["stop"] * L, "L"), 100 + k, u.n(-P, "F"))
    return s


MODELS.update({
    "lee_frame": (lee_frame, (SI, MM, IN)),
})



UC2.update({
    "res": {"L": 2.0, "b": 0.04, "h": 0.02, "n": 16, "F": 2.0, "alpha": 4.0, "beta": 4e-5, "dt": 1e-3, "T": 2.0},
})


def ss_resonance(u):
    """A simply supported steel beam (2 m, 40 x 20 mm, 16 B31) with Rayleigh damping (*DAMPING,
    ALPHA=4/s, BETA=4e-5 s: 2.9 % of critical in the first mode) driven from rest by a harmonic
    force of 2 N at midspan at its first natural frequency pi^2 sqrt(EI / rho A) / L^2 (a PERIODIC
    amplitude): at resonance the swing builds up as 1 - exp(-zeta w t) to F / (rho A L zeta w^2),
    1 / 2 zeta = 17 times the static deflection (Clough and Penzien 1993); 2 s at 1 ms."""
    p = UC2["res"]
    L, b, h, n = p["L"], p["b"], p["h"], p["n"]
    E, nu, rho = STEEL
    EI, rA = E * b * h ** 3 / 12, rho * b * h
    Om = (math.pi / L) ** 2 * math.sqrt(EI / rA)
    s = head(u, "Simply supported beam driven at resonance", ss_resonance.__doc__)
    s += line_nodes(u, 1, (0, 0, 0), (L, 0, 0), n)
    s += line_elems(1, 1, n, "BEAM", "B31")
    s += steel(u) + "*DAMPING, ALPHA=%s, BETA=%s\n" % (u.n(p["alpha"], "1/T"), u.n(p["beta"], "T"))
    s += "*BEAM SECTION, ELSET=BEAM, MATERIAL=STEEL, SECTION=RECT\n%s, %s\n0, 1, 0\n" % (u.n(b, "L"), u.n(h, "L"))
    s += "*BOUNDARY\n1, 1, 4\n%d, 2, 4\n" % (n + 1)
    s += "*AMPLITUDE, NAME=SHAKE, DEFINITION=PERIODIC\n1, %s, 0, 0\n0, 1\n" % u.n(Om, "1/T")
    s += "*PROBE, NAME=mid, NODE=%d\nU\n*PROBE, NAME=left, NODE=1\nRF\n" % (n // 2 + 1)
    s += "*STEP\n*DYNAMIC\n%s, %s\n*CLOAD, AMPLITUDE=SHAKE\n%d, 3, %s\n*OUTPUT, FORMAT=HISTORY, EVERY=1\n*END STEP\n" % (
        u.n(p["dt"], "T"), u.n(p["T"], "T"), n // 2 + 1, u.n(-p["F"], "F"))
    return s


MODELS.update({
    "ss_resonance": (ss_resonance, (SI, MM, IN)),
})



UC2.update({
    "mmass": {"L": 2.0, "b": 0.04, "d": 0.02, "n": 20, "m": 10.0, "r": 0.01, "x0": 0.05, "v": 2.0, "g": 9.81,
              "h": 1e-3, "T": 1.1},
})


def moving_mass(u):
    """A 10 kg mass (a particle, r = 10 mm) sliding without friction at 2 m/s across a simply
    supported steel beam (2 m, 40 x 20 mm, 20 B31, 12.6 kg: a moving mass, not a moving load), set
    on it 50 mm from the first support, under gravity; it runs off the far end and falls.  Its path
    against the moving-mass equations of the beam's modes (Fryba 1972), which hold its inertia
    (at v = 0 Stokes's static path m g x^2 (L - x)^2 / 3 EI L)."""
    p = UC2["mmass"]
    L, b, d, n, r = p["L"], p["b"], p["d"], p["n"], p["r"]
    s = head(u, "Mass sliding across a beam", moving_mass.__doc__)
    s += line_nodes(u, 1, (0, 0, 0), (L, 0, 0), n)
    s += line_elems(1, 1, n, "BEAM", "B31")
    s += steel(u)
    s += "*BEAM SECTION, ELSET=BEAM, MATERIAL=STEEL, SECTION=RECT\n%s, %s\n0, 1, 0\n" % (u.n(b, "L"), u.n(d, "L"))
    s += "*BOUNDARY\n1, 1, 4\n%d, 2, 4\n" % (n + 1)
    s += "*NODE, NSET=MASS\n100, %s, 0, %s\n*PARTICLE, NSET=MASS, MASS=%s, RADIUS=%s\n" % (
        u.n(p["x0"], "L"), u.n(d / 2 + r, "L"), u.n(p["m"], "M"), u.n(r, "L"))
    s += "*CONTACT PAIR, LAW=NEWTON\nMASS, BEAM\n"
    s += "*INITIAL CONDITIONS, TYPE=VELOCITY\n100, 1, %s\n" % u.n(p["v"], "L/T")
    s += "*GRAVITY\n0, 0, %s\n" % u.n(-p["g"], "L/T^2")
    s += "*PROBE, NAME=mass, NODE=100\nX, V\n*PROBE, NAME=left, NODE=1\nRF\n*PROBE, NAME=right, NODE=%d\nRF\n" % (n + 1)
    s += dynamic_step(u, p["h"], p["T"])
    return s


MODELS.update({
    "moving_mass": (moving_mass, (SI, MM, IN)),
})



UC2.update({
    "zf": {"a": 1.0, "H": 1.5, "c": 1.0, "b": 0.05, "d": 0.1, "P": 5e3, "Q": 10e3, "q": 4e3, "xq": 0.5},
})


def z_frame(u):
    """A Z-shaped steel frame in its plane (solid 50 x 100 mm, B31, 10 elements a metre): a bottom
    flange of 1 m from a pin A, a web of 1.5 m up, a top flange of 1 m on to a roller D (held
    vertically); 5 kN sideways at the top corner, 10 kN down halfway along the top flange, 4 kN/m
    down on the bottom flange.  Statically determinate: the reactions by statics, the roller's
    sideways move by virtual work (bending, axial, shear)."""
    p = UC2["zf"]
    a, H, c = p["a"], p["H"], p["c"]
    s = head(u, "Z-shaped frame", z_frame.__doc__)
    s += line_nodes(u, 1, (0, 0, 0), (a, 0, 0), 10)
    s += "*NODE\n"
    for i in range(1, 16):
        s += "%d, %s, %s, 0\n" % (100 + i, u.n(a, "L"), u.n(H * i / 15, "L"))
    for i in range(1, 11):
        s += "%d, %s, %s, 0\n" % (200 + i, u.n(a + c * i / 10, "L"), u.n(H, "L"))
    s += line_elems(1, 1, 10, "BOTTOM", "B31")
    s += "*ELEMENT, TYPE=B31, ELSET=WEB\n11, 11, 101\n"
    for i in range(1, 15):
        s += "%d, %d, %d\n" % (11 + i, 100 + i, 101 + i)
    s += "*ELEMENT, TYPE=B31, ELSET=TOP\n31, 115, 201\n"
    for i in range(1, 10):
        s += "%d, %d, %d\n" % (31 + i, 200 + i, 201 + i)
    s += steel_static(u)
    for es in ("BOTTOM", "WEB", "TOP"):
        s += "*BEAM SECTION, ELSET=%s, MATERIAL=STEEL, SECTION=RECT\n%s, %s\n0, 0, 1\n" % (es, u.n(p["b"], "L"), u.n(p["d"], "L"))
    s += "*BOUNDARY\n1, 1, 3\n1, 4, 5\n210, 2, 3\n"
    s += "*PROBE, NAME=A, NODE=1\nRF, RM\n*PROBE, NAME=D, NODE=210\nU, RF\n*PROBE, NAME=C, NODE=115\nU\n*PROBE, NAME=Q, NODE=205\nU\n"
    s += "*PROBE, NAME=web, ELEMENT=18, POSITION=0.5\nX, N, M\n"
    s += "*STEP\n*STATIC\n*CLOAD\n115, 1, %s\n205, 2, %s\n*DLOAD\nBOTTOM, PY, %s\n*END STEP\n" % (
        u.n(p["P"], "F"), u.n(-p["Q"], "F"), u.n(-p["q"], "F/L"))
    return s


MODELS.update({
    "z_frame": (z_frame, (SI, MM, IN)),
})



UC2.update({
    "shaft": {"L": 1.0, "r": 0.01, "n": 20, "ratio": 0.5, "v0": 0.05, "h": 2.5e-4, "T": 0.25},
})


def shaft_omega1():
    """whirling_shaft: the first bending frequency of the simply supported round shaft
    (Euler-Bernoulli), its critical (whirling) speed."""
    p = UC2["shaft"]
    E, nu, rho = STEEL
    A, I = math.pi * p["r"] ** 2, math.pi * p["r"] ** 4 / 4
    return (math.pi / p["L"]) ** 2 * math.sqrt(E * I / (rho * A))


def whirling_shaft(u):
    """A steel shaft (1 m, 20 mm diameter, 20 B31) in bearings at both ends (translations held, free
    to turn; one end held axially) spinning at half its whirling speed (the first bending frequency
    w1 = pi^2 sqrt(EI / rho A) / L^2, 255 rad/s), its lateral vibration started by a small velocity
    in the shape of the first mode: it vibrates at w1 whatever the spin, the gyroscopic split
    Omega (k r)^2 / 4 of the forward and backward whirl is 1.2e-4 of w1; 0.25 s (ten periods, five
    turns) at 0.25 ms."""
    p = UC2["shaft"]
    L, r, n = p["L"], p["r"], p["n"]
    Om = p["ratio"] * shaft_omega1()
    s = head(u, "Whirling shaft", whirling_shaft.__doc__)
    s += line_nodes(u, 1, (0, 0, 0), (L, 0, 0), n, nset="SHAFT")
    s += line_elems(1, 1, n, "SHAFT", "B31")
    s += steel(u)
    s += "*BEAM SECTION, ELSET=SHAFT, MATERIAL=STEEL, SECTION=CIRC\n%s\n0, 1, 0\n" % u.n(r, "L")
    s += "*BOUNDARY\n1, 1, 3\n%d, 2, 3\n" % (n + 1)
    s += "*INITIAL CONDITIONS, TYPE=VELOCITY\nSHAFT, 4, %s\n" % u.n(Om, "1/T")
    for i in range(1, n):
        s += "%d, 2, %s\n" % (i + 1, u.n(p["v0"] * math.sin(math.pi * i / n), "L/T"))
    s += "*PROBE, NAME=mid, NODE=%d\nU, W\n*PROBE, NAME=end, NODE=1\nRF, W\n" % (n // 2 + 1)
    s += "*STEP\n*DYNAMIC\n%s, %s\n*OUTPUT, FORMAT=HISTORY, EVERY=1\n*END STEP\n" % (u.n(p["h"], "T"), u.n(p["T"], "T"))
    return s


MODELS.update({
    "whirling_shaft": (whirling_shaft, (SI, MM, MS)),
})



UC2.update({
    "tmd": {"L": 2.0, "b": 0.04, "h": 0.02, "n": 16, "F": 2.0, "mu": 0.05, "dt": 1e-3, "T": 2.0},
})


def tmd_props():
    """tuned_mass_damper: the beam's first frequency and modal mass (the midspan's), the absorber's
    mass, stiffness and damping by Den Hartog's (1956) optimum: w_t = w1 / (1 + mu),
    zeta_t = sqrt(3 mu / 8 (1 + mu)^3)."""
    p = UC2["tmd"]
    E, nu, rho = STEEL
    EI, rA = E * p["b"] * p["h"] ** 3 / 12, rho * p["b"] * p["h"]
    w1 = (math.pi / p["L"]) ** 2 * math.sqrt(EI / rA)
    M1 = rA * p["L"] / 2
    mt = p["mu"] * M1
    wt = w1 / (1 + p["mu"])
    zt = math.sqrt(3 * p["mu"] / (8 * (1 + p["mu"]) ** 3))
    return w1, M1, mt, mt * wt * wt, 2 * zt * mt * wt


def tuned_mass_damper(u):
    """A simply supported steel beam (2 m, 40 x 20 mm, 16 B31, no damping of its own) with a tuned
    mass damper at midspan: a particle of 5 % of the first mode's modal mass on a SPRINGA and a
    DASHPOTA, tuned by Den Hartog's (1956) optimum (w_t = w1 / (1 + mu), zeta_t = sqrt(3 mu /
    8 (1 + mu)^3)); a harmonic force of 2 N at midspan at the bare beam's first frequency from rest
    (a PERIODIC amplitude), 2 s at 1 ms: the steady state against the two-degree-of-freedom model
    of the first mode and the absorber."""
    p = UC2["tmd"]
    L, b, h, n = p["L"], p["b"], p["h"], p["n"]
    w1, M1, mt, kt, ct = tmd_props()
    s = head(u, "Beam with a tuned mass damper", tuned_mass_damper.__doc__)
    s += line_nodes(u, 1, (0, 0, 0), (L, 0, 0), n)
    s += line_elems(1, 1, n, "BEAM", "B31")
    s += steel(u)
    s += "*BEAM SECTION, ELSET=BEAM, MATERIAL=STEEL, SECTION=RECT\n%s, %s\n0, 1, 0\n" % (u.n(b, "L"), u.n(h, "L"))
    c = n // 2 + 1
    s += "*NODE, NSET=TMD\n100, %s, 0, %s\n*PARTICLE, NSET=TMD, MASS=%s\n" % (u.n(L / 2, "L"), u.n(0.1, "L"), u.n(mt, "M"))
    s += "*ELEMENT, TYPE=SPRINGA, ELSET=TSPRING\n101, %d, 100\n*ELEMENT, TYPE=DASHPOTA, ELSET=TDASH\n102, %d, 100\n" % (c, c)
    s += "*SPRING, ELSET=TSPRING\n%s\n*DASHPOT, ELSET=TDASH\n%s\n" % (u.n(kt, "F/L"), u.n(ct, "F*T/L"))
    s += "*BOUNDARY\n1, 1, 4\n%d, 2, 4\n100, 1, 2\n" % (n + 1)
    s += "*AMPLITUDE, NAME=SHAKE, DEFINITION=PERIODIC\n1, %s, 0, 0\n0, 1\n" % u.n(w1, "1/T")
    s += "*PROBE, NAME=mid, NODE=%d\nU\n*PROBE, NAME=tmd, NODE=100\nU\n" % c
    s += "*STEP\n*DYNAMIC\n%s, %s\n*CLOAD, AMPLITUDE=SHAKE\n%d, 3, %s\n*OUTPUT, FORMAT=HISTORY, EVERY=1\n*END STEP\n" % (
        u.n(p["dt"], "T"), u.n(p["T"], "T"), c, u.n(-p["F"], "F"))
    return s


MODELS.update({
    "tuned_mass_damper": (tuned_mass_damper, (SI, MM, IN)),
})



UC2.update({
    "pluck": {"L": 1.0, "b": 0.02, "d": 0.01, "n": 10, "M": 0.5, "P": 5.0, "zeta": 0.01, "h": 5e-4, "T": 1.0},
})


def pluck_props():
    """pluck_test: the tip-mass cantilever's first frequency (Euler-Bernoulli with the tip mass,
    lambda = beta L the first root of 1 + c ch + mu lambda (c sh - s ch) = 0) and the Rayleigh
    coefficients that give it zeta (half from each: alpha / 2 w = beta w / 2 = zeta / 2)."""
    p = UC2["pluck"]
    E, nu, rho = STEEL
    EI, rA = E * p["b"] * p["d"] ** 3 / 12, rho * p["b"] * p["d"]
    mu = p["M"] / (rA * p["L"])

    def f(x):
        c, s, ch, sh = math.cos(x), math.sin(x), math.cosh(x), math.sinh(x)
        return (1 + c * ch + mu * x * (c * sh - s * ch)) / ch ** 2
    lo, hi = 0.3, 1.875105
    for _ in range(200):
        mid = 0.5 * (lo + hi)
        if f(lo) * f(mid) <= 0:
            hi = mid
        else:
            lo = mid
    lam = 0.5 * (lo + hi)
    w1 = lam ** 2 / p["L"] ** 2 * math.sqrt(EI / rA)
    return w1, p["zeta"] * w1, p["zeta"] / w1


def pluck_test(u):
    """A pluck test: a steel cantilever (1 m, 20 x 10 mm, 10 B31) with a 0.5 kg mass at its tip
    (*PARTICLE on the tip node) and Rayleigh damping of 1 % in its first mode (*DAMPING, half
    from ALPHA, half from BETA), pulled down at the tip by 5 N in a *STATIC step, then let go in
    a *DYNAMIC step (*CLOAD, OP=NEW without data lines: the load removed): it swings about the
    unloaded line from the static deflection, decaying by exp(-zeta w t); 1 s at 0.5 ms."""
    p = UC2["pluck"]
    L, b, d, n = p["L"], p["b"], p["d"], p["n"]
    w1, al, be = pluck_props()
    s = head(u, "Pluck test of a cantilever with a tip mass", pluck_test.__doc__)
    s += line_nodes(u, 1, (0, 0, 0), (L, 0, 0), n)
    s += line_elems(1, 1, n, "BAR", "B31")
    s += steel(u) + "*DAMPING, ALPHA=%s, BETA=%s\n" % (u.n(al, "1/T"), u.n(be, "T"))
    s += "*BEAM SECTION, ELSET=BAR, MATERIAL=STEEL, SECTION=RECT\n%s, %s\n0, 1, 0\n" % (u.n(b, "L"), u.n(d, "L"))
    s += "*PARTICLE, NODE=%d, MASS=%s\n" % (n + 1, u.n(p["M"], "M"))
    s += "*BOUNDARY\n1, ENCASTRE\n"
    s += "*PROBE, NAME=tip, NODE=%d\nU, V\n*PROBE, NAME=clamp, NODE=1\nRF, RM\n" % (n + 1)
    s += "*STEP\n*STATIC\n*CLOAD\n%d, 3, %s\n*END STEP\n" % (n + 1, u.n(-p["P"], "F"))
    s += "*STEP\n*DYNAMIC\n%s, %s\n*CLOAD, OP=NEW\n*OUTPUT, FORMAT=HISTORY, EVERY=1\n*END STEP\n" % (
        u.n(p["h"], "T"), u.n(p["T"], "T"))
    return s


MODELS.update({
    "pluck_test": (pluck_test, (SI, MM, IN)),
})


# ---------------------------------------------------------------------------
# resultants and reactions everywhere: statically indeterminate beams and frames as a user
# writes them (defaults only), the section forces at every VTK axis point and *EL PRINT against
# closed forms (check_user.py, the block of the same name)

US = {
    "propped": dict(L=3.0, b=0.06, h=0.12, q=4000.0, n=12),
}


def propped_beams(u):
    """Three propped steel cantilevers (3 m, 60 x 120 mm), clamped at x = 0 and on a roller at
    x = L, under 4 kN/m (*DLOAD PZ), written with the three element choices a user makes: 12 B31,
    12 B2S and 6 B32; *NODE PRINT of the supports' RF, RM, *EL PRINT of SF, SM, SE, VTK output.
    The prop carries q (L^4/8EI + L^2/2kGA) / (L^3/3EI + L/kGA) (3 q L/8 without shear), the
    moment is R (L - x) - q (L - x)^2 / 2 along the span."""
    p = US["propped"]
    L, b, h, q, n = p["L"], p["b"], p["h"], p["q"], p["n"]
    s = head(u, "Propped cantilevers under a uniform load", propped_beams.__doc__)
    for k, (et, y) in enumerate((("B31", 0.0), ("B2S", 0.5), ("B32", 1.0))):
        first = 100 * (k + 1) + 1
        s += line_nodes(u, first, (0, y, 0), (L, y, 0), n)
        name = "BEAM_" + et
        if et == "B32":
            s += "*ELEMENT, TYPE=B32, ELSET=%s\n" % name
            for i in range(n // 2):
                s += "%d, %d, %d, %d\n" % (first + i, first + 2 * i, first + 2 * i + 1, first + 2 * i + 2)
        else:
            s += line_elems(first, first, n, name, et)
        s += "*NSET, NSET=ENDS_%s\n%d, %d\n" % (et, first, first + n)
    s += steel(u)
    for et in ("B31", "B2S", "B32"):
        s += "*BEAM SECTION, ELSET=BEAM_%s, MATERIAL=STEEL, SECTION=RECT\n%s, %s\n0, 1, 0\n" % (
            et, u.n(b, "L"), u.n(h, "L"))
    s += "*BOUNDARY\n"
    for k in range(3):
        first = 100 * (k + 1) + 1
        s += "%d, ENCASTRE\n%d, 2, 3\n" % (first, first + n)
    s += "*STEP\n*STATIC\n*DLOAD\n"
    for et in ("B31", "B2S", "B32"):
        s += "BEAM_%s, PZ, %s\n" % (et, u.n(-q, "F/L"))
    for et in ("B31", "B2S", "B32"):
        s += "*NODE PRINT, NSET=ENDS_%s\nRF, RM\n*EL PRINT, ELSET=BEAM_%s\nSF, SM, SE\n" % (et, et)
    s += "*NODE FILE\nU, RF\n*EL FILE\nSF\n*END STEP\n"
    return s


MODELS.update({
    "propped_beams": (propped_beams, (SI, MM, MS, IN)),
})


US["continuous"] = dict(L=4.0, b=0.08, h=0.16, q=6000.0, P=10e3, a=1.75, n=8)


def continuous_beam(u):
    """A steel beam (80 x 160 mm) continuous over two spans of 4 m on three supports, as a
    CalculiX user writes it (NSET=Nall, '1.'-style numbers, the section axis with a D
    exponent): 16 B32 elements, 6 kN/m over both spans and 10 kN in the first span 1.75 m from
    the end support, at a B32's middle node; *NODE PRINT of the supports' RF, *EL PRINT of SF,
    SM; VTK output.  The middle support's reaction from the compatibility of the simply
    supported 8 m beam (Timoshenko: bending and shear), the rest by statics."""
    p = US["continuous"]
    L, b, h, q, P, a, n = p["L"], p["b"], p["h"], p["q"], p["P"], p["a"], p["n"]
    num = ccx_number(u)
    N = 4 * n + 1
    s = head(u, "Continuous beam on three supports", continuous_beam.__doc__)
    s += "*NODE,NSET=Nall\n"
    for i in range(N):
        s += "%d,%s,0.,0.\n" % (i + 1, num(2 * L * i / (N - 1), "L"))
    s += "*ELEMENT,TYPE=B32,ELSET=Eall\n"
    for i in range(2 * n):
        s += "%d,%d,%d,%d\n" % (i + 1, 2 * i + 1, 2 * i + 2, 2 * i + 3)
    s += "*NSET,NSET=Supports\n1,%d,%d\n" % (2 * n + 1, N)
    k = int(round(a / (2 * L) * (N - 1))) + 1
    s += "*NSET,NSET=Load\n%d\n" % k
    s += "*MATERIAL,NAME=Steel\n*ELASTIC\n%s,.3\n*DENSITY\n%s\n" % (num(210e9, "F/L^2"), u.n(7850.0, "M/L^3"))
    s += "*BEAM SECTION,ELSET=Eall,MATERIAL=Steel,SECTION=RECT\n%s,%s\n0.d0,1.d0,0.d0\n" % (num(b, "L"), num(h, "L"))
    s += "*BOUNDARY\n1,1,4\n%d,2,3\n%d,2,3\n" % (2 * n + 1, N)
    s += "*STEP\n*STATIC\n*DLOAD\nEall,PZ,%s\n*CLOAD\nLoad,3,%s\n" % (num(-q, "F/L"), num(-P, "F"))
    s += "*NODE PRINT,NSET=Supports\nRF\n*NODE PRINT,NSET=Load\nU\n*EL PRINT,ELSET=Eall\nSF,SM\n"
    s += "*NODE FILE\nU,RF\n*EL FILE\nS\n*END STEP\n"
    return s


MODELS.update({
    "continuous_beam": (continuous_beam, (SI, MM, MS, IN)),
})


US["portal"] = dict(h=3.0, L=5.0, c=0.08, g=(0.08, 0.16), H=10e3, n=10)


def portal_wind(u):
    """A steel portal frame on pinned feet (columns 3 m, solid 80 x 80 mm; girder 5 m, 80 x 160
    mm; 10 B2V a member), wind of 10 kN taken as 5 kN at each top corner, four static increments;
    *NODE PRINT of the feet's RF, VTK output.  By the antisymmetry each foot takes H/2, the
    moment diagram is statically determined: (H/2) z up the columns, H h/2 at the corners, linear
    through zero along the girder, no axial force in the girder; the sway H h^3/6EI_c + H h^2
    L/12EI_b with the shear and the columns' axial strain."""
    p = US["portal"]
    h, L, c, (gb, gh), H, n = p["h"], p["L"], p["c"], p["g"], p["H"], p["n"]
    s = head(u, "Pinned portal frame under wind", portal_wind.__doc__)
    s += line_nodes(u, 1, (0, 0, 0), (0, 0, h), n)
    s += line_nodes(u, 201, (L, 0, 0), (L, 0, h), n)
    # the girder between the columns' tops (nodes n + 1 and 201 + n): its inner nodes 102 ..
    s += "*NODE\n"
    for i in range(1, n):
        s += "%d, %s, 0, %s\n" % (101 + i, u.n(L * i / n, "L"), u.n(h, "L"))
    s += line_elems(1, 1, n, "COLUMNS")
    s += line_elems(201, 201, n, "COLUMNS")
    ends = [n + 1] + [101 + i for i in range(1, n)] + [201 + n]
    s += "*ELEMENT, TYPE=B2V, ELSET=GIRDER\n"
    for i in range(n):
        s += "%d, %d, %d\n" % (101 + i, ends[i], ends[i + 1])
    s += "*NSET, NSET=FEET\n1, 201\n*NSET, NSET=CORNERS\n%d, %d\n" % (n + 1, 201 + n)
    s += steel(u)
    s += "*BEAM SECTION, ELSET=COLUMNS, MATERIAL=STEEL, SECTION=RECT\n%s, %s\n0, 1, 0\n" % (u.n(c, "L"), u.n(c, "L"))
    s += "*BEAM SECTION, ELSET=GIRDER, MATERIAL=STEEL, SECTION=RECT\n%s, %s\n0, 1, 0\n" % (u.n(gb, "L"), u.n(gh, "L"))
    s += "*BOUNDARY\nFEET, 1, 4\nFEET, 6, 6\n"
    s += "*STEP\n*STATIC\n0.25, 1.0\n*CLOAD\nCORNERS, 1, %s\n" % u.n(H / 2, "F")
    s += "*NODE PRINT, NSET=FEET\nRF, RM\n*NODE PRINT, NSET=CORNERS\nU, UR\n"
    s += "*OUTPUT, FORMAT=VTK\n*END STEP\n"
    return s


MODELS.update({
    "portal_wind": (portal_wind, (SI, MM, IN)),
})


US["settled"] = dict(L=2.0, b=0.04, h=0.08, n=10, P=(0.0, 200.0, -300.0), T=50.0, alpha=100.0, dt=1e-3, t=1.0)


def settled_cantilever(u):
    """A steel cantilever (2 m, 40 x 80 mm, 10 B31) under its own weight in a *STATIC step, then
    in a *DYNAMIC step a tip force across both axes (200 N sideways, 300 N down) and a 50 N m
    torque switched on at once, damped by *DAMPING, ALPHA = 100/s (a mode decays as exp(-50 t)
    while omega h << 1; the highest torsion modes, omega h of 2 to 3, at 12 to 16/s: the time
    scheme's) and left to settle for 1 s at 1 ms; *NODE PRINT of the tip's U and the clamp's
    RF, RM; VTK output at the end of both steps.  The dynamic step makes the B31 Galerkin-weighted
    in both steps (docs/deck.md, WEIGHTING)."""
    p = US["settled"]
    L, b, h, n = p["L"], p["b"], p["h"], p["n"]
    s = head(u, "Cantilever under its weight, then settled under a tip load", settled_cantilever.__doc__)
    s += line_nodes(u, 1, (0, 0, 0), (L, 0, 0), n)
    s += line_elems(1, 1, n, "BEAM", "B31")
    s += "*NSET, NSET=TIP\n%d\n*NSET, NSET=ROOT\n1\n" % (n + 1)
    s += steel(u) + "*DAMPING, ALPHA=%s\n" % u.n(p["alpha"], "1/T")
    s += "*BEAM SECTION, ELSET=BEAM, MATERIAL=STEEL, SECTION=RECT\n%s, %s\n0, 1, 0\n" % (u.n(b, "L"), u.n(h, "L"))
    s += "*BOUNDARY\nROOT, ENCASTRE\n"
    s += "*STEP\n*STATIC\n*GRAVITY\n0, 0, %s\n" % u.n(-9.81, "L/T^2")
    s += "*NODE PRINT, NSET=TIP\nU, V\n*NODE PRINT, NSET=ROOT\nRF, RM\n*OUTPUT, FORMAT=VTK\n*END STEP\n"
    s += "*STEP\n*DYNAMIC\n%s, %s\n*CLOAD\n" % (u.n(p["dt"], "T"), u.n(p["t"], "T"))
    for d, v in enumerate(p["P"]):
        if v:
            s += "TIP, %d, %s\n" % (d + 1, u.n(v, "F"))
    s += "TIP, 4, %s\n" % u.n(p["T"], "F*L")
    s += "*OUTPUT, FORMAT=VTK, EVERY=%d\n*END STEP\n" % round(p["t"] / p["dt"])
    return s


MODELS.update({
    "settled_cantilever": (settled_cantilever, (SI, MM, IN)),
})


US["arch"] = dict(R=2.0, b=0.06, h=0.12, n=32, P=20e3)


def arch_points(R, n):
    """The nodes of the semicircular arch: from the left foot (-R, 0, 0) over the crown (0, 0, R)
    to the right foot, n chords."""
    return [(-R * math.cos(math.pi * i / n), 0.0, R * math.sin(math.pi * i / n)) for i in range(n + 1)]


def hinged_arch(u):
    """A two-hinged semicircular steel arch (R = 2 m, 60 x 120 mm, 32 B31 chords) under 20 kN at
    the crown, four static increments; the feet pinned (in the arch's plane: the out-of-plane
    turns held); *NODE PRINT of the feet's RF and the crown's U; VTK output.  The thrust P/pi of
    the thin inextensible arch (Timoshenko and Young 1965), here from Castigliano on the chords
    with the axial and shear strains."""
    p = US["arch"]
    R, b, h, n, P = p["R"], p["b"], p["h"], p["n"], p["P"]
    s = head(u, "Two-hinged arch under a crown load", hinged_arch.__doc__)
    s += "*NODE\n"
    for i, x in enumerate(arch_points(R, n)):
        s += "%d, %s, %s, %s\n" % (i + 1, u.n(x[0], "L"), u.n(x[1], "L"), u.n(x[2], "L"))
    s += line_elems(1, 1, n, "ARCH", "B31")
    s += "*NSET, NSET=FEET\n1, %d\n*NSET, NSET=CROWN\n%d\n" % (n + 1, n // 2 + 1)
    s += steel(u)
    s += "*BEAM SECTION, ELSET=ARCH, MATERIAL=STEEL, SECTION=RECT\n%s, %s\n0, 1, 0\n" % (u.n(b, "L"), u.n(h, "L"))
    s += "*BOUNDARY\nFEET, 1, 4\nFEET, 6, 6\n"
    s += "*STEP\n*STATIC\n0.25, 1.0\n*CLOAD\nCROWN, 3, %s\n" % u.n(-P, "F")
    s += "*NODE PRINT, NSET=FEET\nRF\n*NODE PRINT, NSET=CROWN\nU\n*OUTPUT, FORMAT=VTK\n*END STEP\n"
    return s


MODELS.update({
    "hinged_arch": (hinged_arch, (SI, MM, IN)),
})


US["curved"] = dict(R=1.0, r=0.03, t=0.004, n=16, P=500.0, dz=0.5)


def curved_cantilever(u):
    """Three steel quarter-circle cantilevers in plan (R = 1 m, tube 60 x 4 mm), clamped at one
    end, 500 N down at the other (torsion and bending along the arc; Roark), four static
    increments; as a user writes each: 16 B31 chords, 16 B2S chords, 8 B32 with their middle
    nodes on the arc; the arcs in parallel planes 0.5 m apart; *NODE PRINT of the tips' U and
    the clamps' RF, RM; VTK output."""
    p = US["curved"]
    R, r, t, n, P = p["R"], p["r"], p["t"], p["n"], p["P"]
    s = head(u, "Quarter-circle cantilevers under an out-of-plane tip load", curved_cantilever.__doc__)
    for k, et in enumerate(("B31", "B2S", "B32")):
        first = 100 * (k + 1) + 1
        z = k * p["dz"]
        s += "*NODE\n"
        for i in range(n + 1):
            a = 0.5 * math.pi * i / n
            s += "%d, %s, %s, %s\n" % (first + i, u.n(R * math.cos(a), "L"), u.n(R * math.sin(a), "L"), u.n(z, "L"))
        if et == "B32":
            s += "*ELEMENT, TYPE=B32, ELSET=ARC_B32\n"
            for i in range(n // 2):
                s += "%d, %d, %d, %d\n" % (first + i, first + 2 * i, first + 2 * i + 1, first + 2 * i + 2)
        else:
            s += line_elems(first, first, n, "ARC_" + et, et)
        s += "*NSET, NSET=TIP_%s\n%d\n*NSET, NSET=ROOT_%s\n%d\n" % (et, first + n, et, first)
    s += steel(u)
    for et in ("B31", "B2S", "B32"):
        s += "*BEAM SECTION, ELSET=ARC_%s, MATERIAL=STEEL, SECTION=PIPE\n%s, %s\n0, 0, 1\n" % (et, u.n(r, "L"), u.n(t, "L"))
    s += "*BOUNDARY\n"
    for et in ("B31", "B2S", "B32"):
        s += "ROOT_%s, ENCASTRE\n" % et
    s += "*STEP\n*STATIC\n0.25, 1.0\n*CLOAD\n"
    for et in ("B31", "B2S", "B32"):
        s += "TIP_%s, 3, %s\n" % (et, u.n(-P, "F"))
    for et in ("B31", "B2S", "B32"):
        s += "*NODE PRINT, NSET=TIP_%s\nU\n*NODE PRINT, NSET=ROOT_%s\nRF, RM\n" % (et, et)
    s += "*OUTPUT, FORMAT=VTK\n*END STEP\n"
    return s


MODELS.update({
    "curved_cantilever": (curved_cantilever, (SI, MM, IN)),
})


US["offset_mass"] = dict(L=2.0, b=0.04, h=0.02, n=20, M=3.0, a=0.3, modes=8)


def offset_mass(u):
    """A simply supported steel beam (2 m, 40 x 20 mm, 20 B31, 12.6 kg) carrying a 3 kg
    *PARTICLE at 0.3 L (off the middle: no mode keeps it at rest), *FREQUENCY of eight modes:
    against the Euler-Bernoulli frequency equation 1 = M omega^2 alpha(omega) with the beam's
    receptance at the mass; Rayleigh's quotient on the static deflection line is above them,
    Dunkerley's sum below."""
    p = US["offset_mass"]
    L, b, h, n = p["L"], p["b"], p["h"], p["n"]
    k = int(round(p["a"] * n)) + 1
    s = head(u, "Simply supported beam with an offset mass, frequencies", offset_mass.__doc__)
    s += line_nodes(u, 1, (0, 0, 0), (L, 0, 0), n)
    s += line_elems(1, 1, n, "BEAM", "B31")
    s += steel(u)
    s += "*BEAM SECTION, ELSET=BEAM, MATERIAL=STEEL, SECTION=RECT\n%s, %s\n0, 1, 0\n" % (u.n(b, "L"), u.n(h, "L"))
    s += "*PARTICLE, NODE=%d, MASS=%s\n" % (k, u.n(p["M"], "M"))
    s += "*BOUNDARY\n1, 1, 4\n%d, 2, 3\n" % (n + 1)
    s += "*STEP\n*FREQUENCY\n%d\n*END STEP\n" % p["modes"]
    return s


MODELS.update({
    "offset_mass": (offset_mass, (SI, MM, MS)),
})


US["hung"] = dict(L=1.0, b=0.04, h=0.01, n=20, M=2.0, e=0.1, eps=1e-9, dy=0.2, modes=10)


def hung_tip_mass(u):
    """Two steel cantilevers (1 m, 40 x 10 mm, 20 B31, 3.1 kg) each carrying a 2 kg point mass
    hung 100 mm below its tip, written the two ways a user can: a *PARTICLE on its own node joined
    to the tip by *JOINT, TYPE=SPHERICAL at the mass, and a *RIGID BODY on the tip node with its
    centre of mass 100 mm below and an inertia of 1e-9 kg m^2 (a point mass itself, J_c = 0, is
    refused); *FREQUENCY of ten modes.  In the flat plane the mass moves with the tip and swings
    along the axis with its turn: the tip mass M with the rotary inertia M e^2 (Laura et al.
    1974)."""
    p = US["hung"]
    L, b, h, n, M, e = p["L"], p["b"], p["h"], p["n"], p["M"], p["e"]
    s = head(u, "Cantilevers with a mass hung below the tip, frequencies", hung_tip_mass.__doc__)
    s += line_nodes(u, 1, (0, 0, 0), (L, 0, 0), n)
    s += line_nodes(u, 101, (0, p["dy"], 0), (L, p["dy"], 0), n)
    s += line_elems(1, 1, n, "BEAMS", "B31")
    s += line_elems(101, 101, n, "BEAMS", "B31")
    s += "*NODE\n1001, %s, 0, %s\n" % (u.n(L, "L"), u.n(-e, "L"))
    s += steel(u)
    s += "*BEAM SECTION, ELSET=BEAMS, MATERIAL=STEEL, SECTION=RECT\n%s, %s\n0, 1, 0\n" % (u.n(b, "L"), u.n(h, "L"))
    s += "*PARTICLE, NODE=1001, MASS=%s\n" % u.n(M, "M")
    s += "*JOINT, TYPE=SPHERICAL\n%d, 1001, %s, 0, %s\n" % (n + 1, u.n(L, "L"), u.n(-e, "L"))
    eps = u.n(p["eps"], "M*L^2")
    s += "*RIGID BODY, NODE=%d, MASS=%s\n%s, %s, %s\n0, 0, %s\n" % (101 + n, u.n(M, "M"), eps, eps, eps, u.n(-e, "L"))
    s += "*BOUNDARY\n1, ENCASTRE\n101, ENCASTRE\n"
    s += "*STEP\n*FREQUENCY\n%d\n*END STEP\n" % p["modes"]
    return s


MODELS.update({
    "hung_tip_mass": (hung_tip_mass, (SI, MM, MS)),
})


US["gable"] = dict(a=4.0, hc=3.0, f=1.5, c=(0.1, 0.2), r=(0.1, 0.25), n=8, snow=2000.0, wind=1500.0)


def gable_points():
    """The gable frame's corners: left foot, left knee, apex, right knee, right foot."""
    p = US["gable"]
    a, hc, f = p["a"], p["hc"], p["f"]
    return [(0.0, 0.0, 0.0), (0.0, 0.0, hc), (a, 0.0, hc + f), (2 * a, 0.0, hc), (2 * a, 0.0, 0.0)]


def gable_frame(u):
    """A three-hinged steel gable frame: span 8 m, columns 3 m (solid 100 x 200 mm), rafters to
    an apex 1.5 m higher (100 x 250 mm), pinned feet, the apex a hinge (two nodes joined by *JOINT,
    TYPE=SPHERICAL), 8 B31 a member; its own weight (*GRAVITY), snow of 2 kN/m on the plan
    (*DLOAD PZ per rafter length: 2 kN/m times a / l_r) and wind of 1.5 kN/m on the left column
    (*DLOAD PX); four static increments; *NODE PRINT of the feet's RF; VTK output.  Statically
    determined: the feet's reactions by statics (no moment at the apex)."""
    p = US["gable"]
    a, n = p["a"], p["n"]
    E, nu, rho = STEEL
    pts = gable_points()
    s = head(u, "Three-hinged gable frame under weight, snow and wind", gable_frame.__doc__)
    # the path from the left foot over the apex to the right foot: 4 members of n elements, the
    # apex as two nodes (200 + n on the left rafter, 300 on the right)
    s += "*NODE\n"
    labels = []
    for k in range(4):
        p0, p1 = pts[k], pts[k + 1]
        for i in range(n + 1):
            if i == 0 and k in (1, 3):
                continue  # the knee: the column's top node
            lab = 100 * (k + 1) + i
            t = i / n
            x = [c0 + t * (c1 - c0) for c0, c1 in zip(p0, p1)]
            s += "%d, %s, %s, %s\n" % (lab, u.n(x[0], "L"), u.n(x[1], "L"), u.n(x[2], "L"))
        labels.append([(100 * k + n if k in (1, 3) and i == 0 else 100 * (k + 1) + i) for i in range(n + 1)])
    names = ("COLUMN_L", "RAFTER_L", "RAFTER_R", "COLUMN_R")
    for k in range(4):
        s += "*ELEMENT, TYPE=B31, ELSET=%s\n" % names[k]
        for i in range(n):
            s += "%d, %d, %d\n" % (100 * (k + 1) + i + 1, labels[k][i], labels[k][i + 1])
    s += "*ELSET, ELSET=COLUMNS\nCOLUMN_L, COLUMN_R\n*ELSET, ELSET=RAFTERS\nRAFTER_L, RAFTER_R\n"
    s += "*NSET, NSET=FEET\n100, %d\n" % (400 + n)
    s += steel(u)
    s += "*BEAM SECTION, ELSET=COLUMNS, MATERIAL=STEEL, SECTION=RECT\n%s, %s\n0, 1, 0\n" % (u.n(p["c"][0], "L"), u.n(p["c"][1], "L"))
    s += "*BEAM SECTION, ELSET=RAFTERS, MATERIAL=STEEL, SECTION=RECT\n%s, %s\n0, 1, 0\n" % (u.n(p["r"][0], "L"), u.n(p["r"][1], "L"))
    s += "*JOINT, TYPE=SPHERICAL\n%d, 300, %s, 0, %s\n" % (200 + n, u.n(pts[2][0], "L"), u.n(pts[2][2], "L"))
    s += "*BOUNDARY\nFEET, 1, 4\nFEET, 6, 6\n"
    lr = math.hypot(a, p["f"])
    s += "*STEP\n*STATIC\n0.25, 1.0\n*GRAVITY\n0, 0, %s\n" % u.n(-9.81, "L/T^2")
    s += "*DLOAD\nRAFTERS, PZ, %s\nCOLUMN_L, PX, %s\n" % (u.n(-p["snow"] * a / lr, "F/L"), u.n(p["wind"], "F/L"))
    s += "*NODE PRINT, NSET=FEET\nRF\n*OUTPUT, FORMAT=VTK\n*END STEP\n"
    return s


MODELS.update({
    "gable_frame": (gable_frame, (SI, MM, IN)),
})


US["fixed_portal"] = dict(h=4.0, L=6.0, c=(0.12, 0.2), g=(0.12, 0.3), q=10e3, H=5e3, n=8)


def fixed_portal(u):
    """A steel portal frame with clamped feet (columns 4 m, solid 120 x 200 mm; girder 6 m, 120 x
    300 mm; 8 B31 a member) under 10 kN/m on the girder (*DLOAD PZ) and 5 kN sideways at the left
    corner, four static increments; *NODE PRINT of the feet's RF, RM and the corners' U; VTK
    output.  Three times statically indeterminate: the reference is the direct stiffness method
    with exact Timoshenko members (check_user.py frame2d)."""
    p = US["fixed_portal"]
    h, L, (cb, ch), (gb, gh), n = p["h"], p["L"], p["c"], p["g"], p["n"]
    s = head(u, "Fixed-base portal frame under a girder load and a side load", fixed_portal.__doc__)
    s += line_nodes(u, 1, (0, 0, 0), (0, 0, h), n)
    s += line_nodes(u, 201, (L, 0, h), (L, 0, 0), n)
    s += "*NODE\n"
    for i in range(1, n):
        s += "%d, %s, 0, %s\n" % (101 + i, u.n(L * i / n, "L"), u.n(h, "L"))
    # the path from the left foot to the right foot: column up, girder, column down
    s += line_elems(1, 1, n, "COLUMNS", "B31")
    ends = [n + 1] + [101 + i for i in range(1, n)] + [201]
    s += "*ELEMENT, TYPE=B31, ELSET=GIRDER\n"
    for i in range(n):
        s += "%d, %d, %d\n" % (101 + i, ends[i], ends[i + 1])
    s += line_elems(201, 201, n, "COLUMNS", "B31")
    s += "*NSET, NSET=FEET\n1, %d\n*NSET, NSET=CORNERS\n%d, 201\n" % (201 + n, n + 1)
    s += steel(u)
    s += "*BEAM SECTION, ELSET=COLUMNS, MATERIAL=STEEL, SECTION=RECT\n%s, %s\n0, 1, 0\n" % (u.n(cb, "L"), u.n(ch, "L"))
    s += "*BEAM SECTION, ELSET=GIRDER, MATERIAL=STEEL, SECTION=RECT\n%s, %s\n0, 1, 0\n" % (u.n(gb, "L"), u.n(gh, "L"))
    s += "*BOUNDARY\nFEET, ENCASTRE\n"
    s += "*STEP\n*STATIC\n0.25, 1.0\n*DLOAD\nGIRDER, PZ, %s\n*CLOAD\n%d, 1, %s\n" % (u.n(-p["q"], "F/L"), n + 1, u.n(p["H"], "F"))
    s += "*NODE PRINT, NSET=FEET\nRF, RM\n*NODE PRINT, NSET=CORNERS\nU, UR\n*OUTPUT, FORMAT=VTK\n*END STEP\n"
    return s


MODELS.update({
    "fixed_portal": (fixed_portal, (SI, MM, IN)),
})


UC2.update({
    "struck": {"L": 0.5, "b": 0.02, "n": 5, "m": 0.1, "R": 0.01, "v0": 2.0, "h": 1e-5, "T": 0.02},
})


def struck_deck(u, title, doc, etype):
    """The struck cantilever's deck with five elements of TYPE=etype (struck_cantilever)."""
    p = UC2["struck"]
    L, b, n, R = p["L"], p["b"], p["n"], p["R"]
    s = head(u, title, doc)
    s += line_nodes(u, 1, (0, 0, 0), (L, 0, 0), n, nset="BEAM")
    s += line_elems(1, 1, n, "BEAM", etype)
    s += steel(u)
    s += "*BEAM SECTION, ELSET=BEAM, MATERIAL=STEEL, SECTION=RECT\n%s, %s\n0, 1, 0\n" % (u.n(b, "L"), u.n(b, "L"))
    s += "*NODE, NSET=BALL\n100, %s, 0, %s\n" % (u.n(L, "L"), u.n(b / 2 + R, "L"))
    s += "*PARTICLE, NODE=100, MASS=%s, RADIUS=%s\n" % (u.n(p["m"], "M"), u.n(R, "L"))
    s += "*NSET, NSET=TIP\n%d\n*BOUNDARY\n1, ENCASTRE\n" % (n + 1)
    s += "*CONTACT PAIR, LAW=NEWTON\nTIP, BALL\n"
    s += "*INITIAL CONDITIONS, TYPE=VELOCITY\nBALL, 3, %s\n" % u.n(-p["v0"], "L/T")
    s += "*PROBE, NAME=ball, NODE=100\nV\n*PROBE, NAME=tip, NODE=%d\nU\n" % (n + 1)
    s += "*STEP\n*DYNAMIC\n%s, %s\n*OUTPUT, FORMAT=HISTORY, EVERY=1\n*END STEP\n" % (u.n(p["h"], "T"), u.n(p["T"], "T"))
    return s


def struck_cantilever(u):
    """A steel cantilever (0.5 m, 20 x 20 mm, five B31, clamped) struck across its axis at the tip by a
    0.1 kg ball (a *PARTICLE of radius 10 mm) at 2 m/s, the two touching at t = 0; Newton's law with
    every default (e = 0, MASS=REDISTRIBUTED at the tip against the particle, the default scheme with
    rho_inf = 0.9), 20 ms at 10 us.  The impulses do no work; the scheme damps the tip's high-frequency
    response the strike leaves, unbooked (docs/contact.md §7.2, "The scheme's default in impact
    decks")."""
    return struck_deck(u, "Cantilever struck at its tip by a ball", struck_cantilever.__doc__, "B31")


MODELS.update({
    "struck_cantilever": (struck_cantilever, (SI, MM)),
})


# ---------------------------------------------------------------------------
# impact and contact models as an engineer writes them (defaults only): an impact oscillator,
# a trolley against a sprung buffer, a rigid pendulum on a revolute joint striking a stop, a
# spinning ball bouncing on a rough floor, a block sliding to rest along a rail, two Hertz balls

UI = {
    "osc": {"m": 2.0, "r": 0.01, "k": 2000.0, "gap": 0.01, "v0": 0.5, "e": (1.0, 0.5), "mB": 2.0, "mA": 0.5,
            "vA": 0.4, "dA": 0.05033, "h": 1e-4, "T": 0.6},
    "buffer": {"m": 50.0, "r": 0.05, "mu": 0.2, "k": 5e4, "v0": 1.0, "d": 0.1, "g": 9.81, "h": 1e-4, "T": 0.7},
    "rpend": {"L": 0.6, "b": 0.03, "e": 0.5, "rs": 0.005, "g": 9.81, "h": 1e-3, "T": 1.2},
    "spin": {"r": 0.03, "vt": 2.0, "vn": 3.0, "e": 0.6, "mu": (0.1, 0.5), "h": 1e-4, "T": 0.01},
    "rail": {"L": 2.0, "b": 0.04, "d": 0.02, "n": 20, "m": 1.0, "r": 0.01, "v0": 2.0, "mu": 0.25, "g": 9.81,
             "h": 1e-3, "T": 1.0},
    "hertz2": {"r1": 0.02, "r2": 0.01, "v": 1.0, "gap": 2.03e-5, "h": 1e-6, "T": 1.2e-4},
    "tipstop": {"L": 1.0, "b": 0.02, "n": 10, "P": 20.0, "h": 1e-4, "T": 0.2},
}


def impact_oscillator(u):
    """Three oscillators on a smooth table (no gravity): a 2 kg mass (a particle, r = 10 mm) on a
    spring of 2 kN/m to ground, pushed at 0.5 m/s towards a rigid stop 10 mm away; Newton's law
    with e = 1 (the motion repeats with period (pi + 2 asin(g w / v0)) / w) and with e = 0.5 (each
    rebound e times the impact speed, the flights between in closed form); and a 0.5 kg ball at
    0.4 m/s striking a 2 kg mass at rest on the same spring, e = 1 (v_B = 2 m_A v / (m_A + m_B),
    the ball back at (m_A - m_B) v / (m_A + m_B), B swings with amplitude v_B / w)."""
    p = UI["osc"]
    r = p["r"]
    s = head(u, "Impact oscillators", impact_oscillator.__doc__)
    s += "*NODE\n"
    for i, y in enumerate((0.0, 0.2, 0.4)):
        s += "%d, %s, %s, 0\n" % (10 + i, u.n(-0.5, "L"), u.n(y, "L"))
    s += "*NODE, NSET=M1\n1, 0, 0, 0\n*NODE, NSET=M2\n2, 0, %s, 0\n*NODE, NSET=MB\n3, 0, %s, 0\n" % (
        u.n(0.2, "L"), u.n(0.4, "L"))
    s += "*NODE, NSET=MA\n4, %s, %s, 0\n" % (u.n(-p["dA"] - 2 * r, "L"), u.n(0.4, "L"))
    s += "*PARTICLE, NSET=M1, MASS=%s, RADIUS=%s\n" % (u.n(p["m"], "M"), u.n(r, "L"))
    s += "*PARTICLE, NSET=M2, MASS=%s, RADIUS=%s\n" % (u.n(p["m"], "M"), u.n(r, "L"))
    s += "*PARTICLE, NSET=MB, MASS=%s, RADIUS=%s\n" % (u.n(p["mB"], "M"), u.n(r, "L"))
    s += "*PARTICLE, NSET=MA, MASS=%s, RADIUS=%s\n" % (u.n(p["mA"], "M"), u.n(r, "L"))
    s += "*ELEMENT, TYPE=SPRINGA, ELSET=SPRINGS\n1, 10, 1\n2, 11, 2\n3, 12, 3\n"
    s += "*SPRING, ELSET=SPRINGS\n%s\n" % u.n(p["k"], "F/L")
    s += "*OBSTACLE, NAME=STOP, TYPE=PLANE\n%s, 0, 0, -1, 0, 0\n" % u.n(p["gap"] + r, "L")
    s += "*CONTACT PAIR, LAW=NEWTON, RESTITUTION=%g\nM1, STOP\n" % p["e"][0]
    s += "*CONTACT PAIR, LAW=NEWTON, RESTITUTION=%g\nM2, STOP\n" % p["e"][1]
    s += "*CONTACT PAIR, LAW=NEWTON, RESTITUTION=1\nMA, MB\n"
    s += "*INITIAL CONDITIONS, TYPE=VELOCITY\n1, 1, %s\n2, 1, %s\n4, 1, %s\n" % (
        u.n(p["v0"], "L/T"), u.n(p["v0"], "L/T"), u.n(p["vA"], "L/T"))
    s += "*PROBE, NAME=m1, NODE=1\nX, V\n*PROBE, NAME=m2, NODE=2\nX, V\n*PROBE, NAME=mb, NODE=3\nX, V\n*PROBE, NAME=ma, NODE=4\nX, V\n"
    s += "*STEP\n*DYNAMIC\n%s, %s\n*OUTPUT, FORMAT=HISTORY, EVERY=1\n*OUTPUT, FORMAT=CONTACT\n*END STEP\n" % (
        u.n(p["h"], "T"), u.n(p["T"], "T"))
    return s


def trolley_buffer(u):
    """A 50 kg trolley (a particle, r = 50 mm) sliding at 1 m/s on a rough floor (Newton's law,
    mu = 0.2) into a sprung buffer 100 mm ahead (a wall with a linear compliant law, LAW=HERTZ,
    EXPONENT=1, 50 kN/m), under gravity: it reaches the buffer at sqrt(v0^2 - 2 mu g d), compresses
    it by sqrt((v1/w)^2 + a^2) - a (a = mu m g / k) and is thrown back at w sqrt((x_m - a)^2 - a^2),
    friction acting throughout (half cycles of the spring about -a and +a)."""
    p = UI["buffer"]
    r = p["r"]
    s = head(u, "Trolley into a buffer", trolley_buffer.__doc__)
    s += "*NODE, NSET=TROLLEY\n1, 0, 0, %s\n" % u.n(r, "L")
    s += "*PARTICLE, NSET=TROLLEY, MASS=%s, RADIUS=%s\n" % (u.n(p["m"], "M"), u.n(r, "L"))
    s += "*OBSTACLE, NAME=FLOOR, TYPE=PLANE\n0, 0, 0, 0, 0, 1\n"
    s += "*OBSTACLE, NAME=BUFFER, TYPE=PLANE\n%s, 0, 0, -1, 0, 0\n" % u.n(p["d"] + r, "L")
    s += "*CONTACT PAIR, LAW=NEWTON, FRICTION=%g\nTROLLEY, FLOOR\n" % p["mu"]
    s += "*CONTACT PAIR, LAW=HERTZ, STIFFNESS=%s, EXPONENT=1\nTROLLEY, BUFFER\n" % u.n(p["k"], "F/L")
    s += "*INITIAL CONDITIONS, TYPE=VELOCITY\n1, 1, %s\n" % u.n(p["v0"], "L/T")
    s += "*GRAVITY\n0, 0, %s\n" % u.n(-p["g"], "L/T^2")
    s += "*PROBE, NAME=trolley, NODE=1\nX, V\n"
    s += dynamic_step(u, p["h"], p["T"])
    return s


def rpend_props():
    """rigid_pendulum_stop: the bar's mass, its J about the centre (axis y) and about the pivot."""
    p = UI["rpend"]
    m = 7850.0 * p["L"] * p["b"] ** 2
    Jc = m * p["L"] ** 2 / 12
    Jt = m * 2 * p["b"] ** 2 / 12
    return m, Jc, Jt, Jc + m * p["L"] ** 2 / 4


def rigid_pendulum_stop(u):
    """A steel bar (600 mm, 30 x 30 mm, a rigid body) on a revolute joint at one end, released
    horizontally under gravity; at the vertical its tip (a contact point) strikes a rigid stop,
    Newton's law e = 0.5: it rebounds with -e times the angular velocity and swings back up to
    the angle acos(1 - e^2) = 41.4 deg; the impact at K(sin 45 deg) / w0 (the compound pendulum)."""
    p = UI["rpend"]
    L = p["L"]
    m, Jc, Jt, _ = rpend_props()
    s = head(u, "Rigid pendulum striking a stop", rigid_pendulum_stop.__doc__)
    s += "*NODE\n1, 0, 0, 0\n*NODE, NSET=BAR\n2, %s, 0, 0\n" % u.n(L / 2, "L")
    s += "*RIGID BODY, NODE=2, MASS=%s\n%s, %s, %s\n" % (u.n(m, "M"), u.n(Jt, "M*L^2"), u.n(Jc, "M*L^2"), u.n(Jc, "M*L^2"))
    s += "*JOINT, TYPE=REVOLUTE\n1, 2, 0, 0, 0, 0, 1, 0\n"
    s += "*CONTACT POINTS, NAME=TIP, LAYOUT=LIST\n%s, 0, 0\n" % u.n(L / 2, "L")
    s += "*OBSTACLE, NAME=STOP, TYPE=PLANE\n%s, 0, 0, 1, 0, 0\n" % u.n(-p["rs"], "L")
    s += "*CONTACT PAIR, LAW=NEWTON, RESTITUTION=%g, SLAVE RADIUS=%s, POINTS=TIP\nBAR, STOP\n" % (p["e"], u.n(p["rs"], "L"))
    s += "*GRAVITY\n0, 0, %s\n" % u.n(-p["g"], "L/T^2")
    s += "*PROBE, NAME=bar, NODE=2\nX, V, W\n"
    s += "*STEP\n*DYNAMIC\n%s, %s\n*OUTPUT, FORMAT=HISTORY, EVERY=1\n*OUTPUT, FORMAT=CONTACT\n*END STEP\n" % (
        u.n(p["h"], "T"), u.n(p["T"], "T"))
    return s


def spinning_ball_bounce(u):
    """Two steel balls (60 mm, rigid bodies) thrown at a rough floor at 3 m/s down and 2 m/s
    along it without spin, Newton's law e = 0.6 (no gravity, the impact alone): with mu = 0.1 the
    ball slides through the impact (mu (1 + e) v_n < 2/7 v_t): v_t drops by mu (1 + e) v_n and
    it spins up to w r = 5/2 of that; with mu = 0.5 it sticks and leaves rolling, v_t = w r =
    5/7 v_t0 (Stronge 2000, ch. 5); both rebound at e v_n."""
    p = UI["spin"]
    r = p["r"]
    m = ball_mass(r)
    J = 0.4 * m * r * r
    s = head(u, "Spinning ball bouncing on a rough floor", spinning_ball_bounce.__doc__)
    s += "*OBSTACLE, NAME=FLOOR, TYPE=PLANE\n0, 0, 0, 0, 0, 1\n"
    for i, mu in enumerate(p["mu"]):
        s += "*NODE, NSET=BALL%d\n%d, 0, %s, %s\n" % (i + 1, i + 1, u.n(0.2 * i, "L"), u.n(r + 1e-3, "L"))
        s += "*RIGID BODY, NODE=%d, MASS=%s\n%s, %s, %s\n" % (i + 1, u.n(m, "M"), u.n(J, "M*L^2"), u.n(J, "M*L^2"), u.n(J, "M*L^2"))
        s += "*CONTACT PAIR, LAW=NEWTON, RESTITUTION=%g, FRICTION=%g, SLAVE RADIUS=%s\nBALL%d, FLOOR\n" % (
            p["e"], mu, u.n(r, "L"), i + 1)
    s += "*INITIAL CONDITIONS, TYPE=VELOCITY\n"
    for i in range(2):
        s += "%d, 1, %s\n%d, 3, %s\n" % (i + 1, u.n(p["vt"], "L/T"), i + 1, u.n(-p["vn"], "L/T"))
    s += "*PROBE, NAME=b1, NODE=1\nX, V, W\n*PROBE, NAME=b2, NODE=2\nX, V, W\n"
    s += "*STEP\n*DYNAMIC\n%s, %s\n*OUTPUT, FORMAT=HISTORY, EVERY=1\n*OUTPUT, FORMAT=CONTACT\n*END STEP\n" % (
        u.n(p["h"], "T"), u.n(p["T"], "T"))
    return s


def block_on_rail(u):
    """A 1 kg block (a particle, r = 10 mm) thrown at 2 m/s along a steel rail (2 m, 40 x 20 mm,
    20 B31 held at every node: the element set is the master), under gravity, Coulomb friction
    mu = 0.25 with Newton's law: it decelerates at mu g across the elements' joints and stops
    after v0^2 / 2 mu g = 0.8155 m at v0 / mu g, then stays."""
    p = UI["rail"]
    L, n, r = p["L"], p["n"], p["r"]
    s = head(u, "Block sliding along a rail", block_on_rail.__doc__)
    s += line_nodes(u, 1, (0, 0, 0), (L, 0, 0), n, "RAIL_N")
    s += line_elems(1, 1, n, "RAIL", "B31")
    s += steel(u)
    s += "*BEAM SECTION, ELSET=RAIL, MATERIAL=STEEL, SECTION=RECT\n%s, %s\n0, 1, 0\n" % (u.n(p["b"], "L"), u.n(p["d"], "L"))
    s += "*BOUNDARY\nRAIL_N, ENCASTRE\n"
    s += "*NODE, NSET=BLOCK\n100, %s, 0, %s\n" % (u.n(0.1, "L"), u.n(p["d"] / 2 + r, "L"))
    s += "*PARTICLE, NSET=BLOCK, MASS=%s, RADIUS=%s\n" % (u.n(p["m"], "M"), u.n(r, "L"))
    s += "*CONTACT PAIR, LAW=NEWTON, FRICTION=%g\nBLOCK, RAIL\n" % p["mu"]
    s += "*INITIAL CONDITIONS, TYPE=VELOCITY\n100, 1, %s\n" % u.n(p["v0"], "L/T")
    s += "*GRAVITY\n0, 0, %s\n" % u.n(-p["g"], "L/T^2")
    s += "*PROBE, NAME=block, NODE=100\nX, V\n"
    s += "*STEP\n*DYNAMIC\n%s, %s\n*OUTPUT, FORMAT=HISTORY, EVERY=1\n*END STEP\n" % (u.n(p["h"], "T"), u.n(p["T"], "T"))
    return s


def hertz2_props():
    """hertz_two_balls: masses, the effective mass, radius and modulus, and the Hertz constant."""
    p = UI["hertz2"]
    E, nu, rho = STEEL
    m1, m2 = ball_mass(p["r1"]), ball_mass(p["r2"])
    ms = m1 * m2 / (m1 + m2)
    Rs = p["r1"] * p["r2"] / (p["r1"] + p["r2"])
    Es = E / (2 * (1 - nu * nu))
    return m1, m2, ms, Rs, Es, 4.0 / 3.0 * Es * math.sqrt(Rs)


def hertz_two_balls(u):
    """Two steel balls (40 and 20 mm diameter, particles) colliding head-on at 1 m/s, the small
    one at rest, Hertz's law between them (c = 4/3 E* sqrt(R*), no damping): contact duration
    2.87 (m*^2 / (R* E*^2 v))^(1/5) and peak force from the largest compression
    (15 m* v^2 / 16 E* sqrt(R*))^(2/5) (Hertz 1882; Johnson 1985, §11.4); elastic: the velocities
    after are those of e = 1."""
    p = UI["hertz2"]
    m1, m2, ms, Rs, Es, c = hertz2_props()
    s = head(u, "Two Hertz balls", hertz_two_balls.__doc__)
    s += "*NODE, NSET=B1\n1, 0, 0, 0\n*NODE, NSET=B2\n2, %s, 0, 0\n" % u.n(p["r1"] + p["r2"] + p["gap"], "L")
    s += "*PARTICLE, NSET=B1, MASS=%s, RADIUS=%s\n" % (u.n(m1, "M"), u.n(p["r1"], "L"))
    s += "*PARTICLE, NSET=B2, MASS=%s, RADIUS=%s\n" % (u.n(m2, "M"), u.n(p["r2"], "L"))
    s += "*CONTACT PAIR, LAW=HERTZ, STIFFNESS=%s\nB1, B2\n" % u.n(c, "F/L^1.5")
    s += "*INITIAL CONDITIONS, TYPE=VELOCITY\n1, 1, %s\n" % u.n(p["v"], "L/T")
    s += "*PROBE, NAME=b1, NODE=1\nX, V\n*PROBE, NAME=b2, NODE=2\nX, V\n"
    s += dynamic_step(u, p["h"], p["T"])
    return s


MODELS.update({
    "impact_oscillator": (impact_oscillator, (SI, MM, MS)),
    "trolley_buffer": (trolley_buffer, (SI, MM, MS)),
    "rigid_pendulum_stop": (rigid_pendulum_stop, (SI, MM, MS)),
    "spinning_ball_bounce": (spinning_ball_bounce, (SI, MM, MS)),
    "block_on_rail": (block_on_rail, (SI, MM)),
    "hertz_two_balls": (hertz_two_balls, (SI, MM, MS)),
})


def cantilever_tip_stop(u):
    """A steel cantilever (1 m, 20 x 20 mm, 10 B31) bent up by 20 N at its tip in a *STATIC step
    and let go in a *DYNAMIC step (*CLOAD, OP=NEW): its tip swings down onto a rigid stop at the
    unloaded line (Newton's law, the defaults: e = 0 on the massless tip node), rides on it while
    the beam swings as a propped cantilever, and leaves it again: the bilinear oscillator of one
    mode per side, period pi/w1 + pi/w_cp (w1, w_cp the clamped-free and clamped-pinned first
    frequencies, (1.8751 L)^-2 and (3.9266 L)^-2 times sqrt(EI/rho A)); its energy is kept."""
    p = UI["tipstop"]
    L, b, n = p["L"], p["b"], p["n"]
    s = head(u, "Cantilever tip on a stop", cantilever_tip_stop.__doc__)
    s += line_nodes(u, 1, (0, 0, 0), (L, 0, 0), n)
    s += "*NSET, NSET=TIP\n%d\n" % (n + 1)
    s += line_elems(1, 1, n, "BEAM", "B31")
    s += steel(u)
    s += "*BEAM SECTION, ELSET=BEAM, MATERIAL=STEEL, SECTION=RECT\n%s, %s\n0, 1, 0\n" % (u.n(b, "L"), u.n(b, "L"))
    s += "*BOUNDARY\n1, ENCASTRE\n"
    s += "*OBSTACLE, NAME=STOP, TYPE=PLANE\n%s, 0, %s, 0, 0, 1\n" % (u.n(L, "L"), u.n(-b / 2, "L"))
    s += "*CONTACT PAIR, LAW=NEWTON\nTIP, STOP\n"
    s += "*PROBE, NAME=tip, NODE=%d\nU, V\n" % (n + 1)
    s += "*STEP\n*STATIC\n*CLOAD\n%d, 3, %s\n*END STEP\n" % (n + 1, u.n(p["P"], "F"))
    s += "*STEP\n*DYNAMIC\n%s, %s\n*CLOAD, OP=NEW\n*OUTPUT, FORMAT=HISTORY, EVERY=1\n*OUTPUT, FORMAT=CONTACT\n*END STEP\n" % (
        u.n(p["h"], "T"), u.n(p["T"], "T"))
    return s


MODELS.update({
    "cantilever_tip_stop": (cantilever_tip_stop, (SI, MM, IN)),
})


UI.update({
    "cushion": {"r": 0.03, "v0": 1.0, "e": 0.5, "mu": 0.2, "d": 0.10012, "g": 9.81, "h": 1e-4, "T": 0.6},
    "flat": {"L": 1.0, "b": 0.02, "n": 10, "drop": 0.005, "g": 9.81, "h": 1e-4, "T": 0.1},
    "spend": {"L": 0.5, "m": 1.0, "r": 0.02, "e": 0.5, "g": 9.81, "h": 1e-3, "T": 1.2},
})


def ball_into_cushion(u):
    """A steel ball (60 mm, a rigid body) rolling at 1 m/s on a rough floor (mu = 0.2) into a
    frictionless wall (a cushion) 100.12 mm ahead, Newton's law e = 0.5, under gravity: the wall
    turns its velocity to -e v and leaves its spin, friction then brings it to rolling again at
    v (2 - 5 e) / 7 = -v/14 after 2 v (1 + e) / 7 mu g (the billiard ball on a cushion)."""
    p = UI["cushion"]
    r = p["r"]
    m = ball_mass(r)
    J = 0.4 * m * r * r
    s = head(u, "Ball rolling into a cushion", ball_into_cushion.__doc__)
    s += "*NODE, NSET=BALL\n1, 0, 0, %s\n" % u.n(r, "L")
    s += "*RIGID BODY, NODE=1, MASS=%s\n%s, %s, %s\n" % (u.n(m, "M"), u.n(J, "M*L^2"), u.n(J, "M*L^2"), u.n(J, "M*L^2"))
    s += "*OBSTACLE, NAME=FLOOR, TYPE=PLANE\n0, 0, 0, 0, 0, 1\n"
    s += "*OBSTACLE, NAME=CUSHION, TYPE=PLANE\n%s, 0, 0, -1, 0, 0\n" % u.n(p["d"] + r, "L")
    s += "*CONTACT PAIR, LAW=NEWTON, FRICTION=%g, SLAVE RADIUS=%s\nBALL, FLOOR\n" % (p["mu"], u.n(r, "L"))
    s += "*CONTACT PAIR, LAW=NEWTON, RESTITUTION=%g, SLAVE RADIUS=%s\nBALL, CUSHION\n" % (p["e"], u.n(r, "L"))
    s += "*INITIAL CONDITIONS, TYPE=VELOCITY\n1, 1, %s\n1, 5, %s\n" % (u.n(p["v0"], "L/T"), u.n(p["v0"] / r, "1/T"))
    s += "*GRAVITY\n0, 0, %s\n" % u.n(-p["g"], "L/T^2")
    s += "*PROBE, NAME=ball, NODE=1\nX, V, W\n"
    s += "*STEP\n*DYNAMIC\n%s, %s\n*OUTPUT, FORMAT=HISTORY, EVERY=1\n*OUTPUT, FORMAT=CONTACT\n*END STEP\n" % (
        u.n(p["h"], "T"), u.n(p["T"], "T"))
    return s


def beam_dropped_flat(u):
    """A free steel bar (1 m, 20 x 20 mm, 10 B31) dropped flat from 5 mm onto a rigid floor,
    every node a contact node (Newton's law, the default e = 0; the default mass, MASS=LUMPED,
    puts each element's mass on its two contact nodes), under gravity: all nodes land together at
    sqrt(2 g d) and the bar stays down; the floor's impulse takes its momentum m v, the impact
    dissipates 1/2 m v^2 and the bar then rests on the floor."""
    p = UI["flat"]
    L, b, n = p["L"], p["b"], p["n"]
    s = head(u, "Bar dropped flat", beam_dropped_flat.__doc__)
    s += line_nodes(u, 1, (0, 0, b / 2 + p["drop"]), (L, 0, b / 2 + p["drop"]), n, "BAR_N")
    s += line_elems(1, 1, n, "BAR", "B31")
    s += steel(u)
    s += "*BEAM SECTION, ELSET=BAR, MATERIAL=STEEL, SECTION=RECT\n%s, %s\n0, 1, 0\n" % (u.n(b, "L"), u.n(b, "L"))
    s += "*OBSTACLE, NAME=FLOOR, TYPE=PLANE\n0, 0, 0, 0, 0, 1\n"
    s += "*CONTACT PAIR, LAW=NEWTON\nBAR_N, FLOOR\n"
    s += "*GRAVITY\n0, 0, %s\n" % u.n(-p["g"], "L/T^2")
    s += "*PROBE, NAME=mid, NODE=%d\nU, V\n*PROBE, NAME=end, NODE=1\nU, V\n" % (n // 2 + 1)
    s += "*STEP\n*DYNAMIC\n%s, %s\n*OUTPUT, FORMAT=HISTORY, EVERY=1\n*OUTPUT, FORMAT=CONTACT\n*END STEP\n" % (
        u.n(p["h"], "T"), u.n(p["T"], "T"))
    return s


def string_pendulum_wall(u):
    """A 1 kg ball (a particle, r = 20 mm) on a 0.5 m string (*JOINT, TYPE=DISTANCE to a fixed
    point) released horizontally under gravity; at the bottom it strikes a rigid wall, Newton's
    law e = 0.5: it rebounds at e times its speed sqrt(2 g L) and swings up to 1 - cos = e^2,
    41.4 deg; the impact after K(sin 45 deg) sqrt(L/g) (the simple pendulum)."""
    p = UI["spend"]
    L, r = p["L"], p["r"]
    s = head(u, "String pendulum striking a wall", string_pendulum_wall.__doc__)
    s += "*NODE\n1, 0, 0, 0\n*NODE, NSET=BOB\n2, %s, 0, 0\n" % u.n(L, "L")
    s += "*PARTICLE, NSET=BOB, MASS=%s, RADIUS=%s\n" % (u.n(p["m"], "M"), u.n(r, "L"))
    s += "*JOINT, TYPE=DISTANCE\n1, 2\n"
    s += "*OBSTACLE, NAME=WALL, TYPE=PLANE\n%s, 0, 0, 1, 0, 0\n" % u.n(-r, "L")
    s += "*CONTACT PAIR, LAW=NEWTON, RESTITUTION=%g\nBOB, WALL\n" % p["e"]
    s += "*GRAVITY\n0, 0, %s\n" % u.n(-p["g"], "L/T^2")
    s += "*PROBE, NAME=bob, NODE=2\nX, V\n"
    s += "*STEP\n*DYNAMIC\n%s, %s\n*OUTPUT, FORMAT=HISTORY, EVERY=1\n*OUTPUT, FORMAT=CONTACT\n*END STEP\n" % (
        u.n(p["h"], "T"), u.n(p["T"], "T"))
    return s


MODELS.update({
    "ball_into_cushion": (ball_into_cushion, (SI, MM, MS)),
    "beam_dropped_flat": (beam_dropped_flat, (SI, MM, MS)),
    "string_pendulum_wall": (string_pendulum_wall, (SI, MM, MS)),
})


UI.update({
    "bat": {"m": 0.145, "r": 0.037, "V": 30.0, "e": 0.55, "x0": 0.06037, "h": 1e-4, "T": 0.01},
})


def bat_strikes_ball(u):
    """A baseball (145 g, r = 37 mm, a particle) at rest, struck by a rigid bat (a plane obstacle
    moving at 30 m/s, *AMPLITUDE), Newton's law e = 0.55: the ball leaves at (1 + e) V = 46.5 m/s;
    the bat's work is V times the impulse and the impact dissipates (1 - e^2)/2 m V^2."""
    p = UI["bat"]
    s = head(u, "Bat striking a ball", bat_strikes_ball.__doc__)
    s += "*NODE, NSET=BALL\n1, %s, 0, 0\n" % u.n(p["x0"] + p["r"], "L")
    s += "*PARTICLE, NSET=BALL, MASS=%s, RADIUS=%s\n" % (u.n(p["m"], "M"), u.n(p["r"], "L"))
    s += "*AMPLITUDE, NAME=SWING\n0, 0, %s, %s\n" % (u.n(1.0, "T"), u.n(p["V"], "L"))
    s += "*OBSTACLE, NAME=BAT, TYPE=PLANE, AMPLITUDE=SWING\n0, 0, 0, 1, 0, 0, 1, 0, 0\n"
    s += "*CONTACT PAIR, LAW=NEWTON, RESTITUTION=%g\nBALL, BAT\n" % p["e"]
    s += "*PROBE, NAME=ball, NODE=1\nX, V\n"
    s += "*STEP\n*DYNAMIC\n%s, %s\n*OUTPUT, FORMAT=HISTORY, EVERY=1\n*OUTPUT, FORMAT=CONTACT\n*END STEP\n" % (
        u.n(p["h"], "T"), u.n(p["T"], "T"))
    return s


MODELS.update({
    "bat_strikes_ball": (bat_strikes_ball, (SI, MM, MS)),
})


def struck_cantilever_b2s(u):
    """The struck cantilever of struck_cantilever with five strain elements (TYPE=B2S) as written
    with every default: a steel cantilever (0.5 m, 20 x 20 mm, clamped) struck across its axis at the
    tip by a 0.1 kg ball (r = 10 mm) at 2 m/s, Newton's law e = 0 (the node's mass: the rule is not
    the default for B2S), the default scheme, 20 ms at 10 us.  The impact pair makes the B2S default
    weighting Galerkin (docs/deck.md, WEIGHTING=); with collocation rows the tip gains about E0."""
    return struck_deck(u, "Strain-element cantilever struck at its tip by a ball", struck_cantilever_b2s.__doc__, "B2S")


MODELS.update({
    "struck_cantilever_b2s": (struck_cantilever_b2s, (SI, MM)),
})


# ---------------------------------------------------------------------------
# a fourth round: features combined as engineers combine them (a rod spinning free from an
# initial velocity field, a coil under gravity through static, dynamic and frequency steps, a
# wire stretched by a support then at rest then its frequencies, a body swinging on a hinge at a
# cantilever's tip, a particle sliding up a beam on a slope, a restart in the middle of an
# impact, a CalculiX deck with continued keyword lines and an *INCLUDE)

HU = {
    "spin": {"L": 1.0, "b": 0.02, "h": 0.01, "n": 20, "w": 100.0, "dt": 1e-4, "T": 0.0628},
    "coil": {"R": 0.05, "d": 0.006, "pitch": 0.02, "turns": 2, "per": 24, "g": 9.81, "dt": 2e-4, "T": 0.02},
    "wire": {"L": 2.0, "r": 0.001, "n": 40, "T": 2000.0, "dt": 1e-4, "Td": 0.01},
}


def spinning_rod(u):
    """A free steel rod (1 m, 20 x 10 mm, the 20 mm side in the plane of rotation, 20 B31) spinning
    about its middle at 100 rad/s, started unstressed by an initial velocity field (*INITIAL
    CONDITIONS, TYPE=VELOCITY: v = w x r on every node, the spin on DOF 6), no support, no load, one
    revolution at 0.1 ms: momentum zero, angular momentum kept, the axial force settling to
    rho A w^2 (L^2/4 - x^2)/2 once the start's axial ringing has died out."""
    p = HU["spin"]
    L, b, hh, n, w = p["L"], p["b"], p["h"], p["n"], p["w"]
    s = head(u, "Rod spinning free", spinning_rod.__doc__)
    s += line_nodes(u, 1, (-L / 2, 0, 0), (L / 2, 0, 0), n, "ROD_N")
    s += line_elems(1, 1, n, "ROD", "B31")
    s += steel(u)
    s += "*BEAM SECTION, ELSET=ROD, MATERIAL=STEEL, SECTION=RECT\n%s, %s\n0, 0, 1\n" % (u.n(hh, "L"), u.n(b, "L"))
    s += "*INITIAL CONDITIONS, TYPE=VELOCITY\n"
    for i in range(n + 1):
        x = -L / 2 + i * L / n
        s += "%d, 2, %s\n%d, 6, %s\n" % (i + 1, u.n(w * x, "L/T"), i + 1, u.n(w, "1/T"))
    s += "*PROBE, NAME=end, NODE=1\nX, V\n"
    for k in (1, 6, 10):
        s += "*PROBE, NAME=e%d, ELEMENT=%d, POSITION=0.5\nX, NS\n" % (k, k)
    s += "*STEP\n*DYNAMIC\n%s, %s\n*OUTPUT, FORMAT=HISTORY, EVERY=1\n*END STEP\n" % (u.n(p["dt"], "T"), u.n(p["T"], "T"))
    return s


def coil_points(p):
    """The coil's nodes (SI): a helix about z, R, pitch per turn, per nodes a turn, from (R, 0, 0) down."""
    N = p["turns"] * p["per"]
    pts = []
    for i in range(N + 1):
        a = 2 * math.pi * i / p["per"]
        pts.append((p["R"] * math.cos(a), p["R"] * math.sin(a), -p["pitch"] * i / p["per"]))
    return pts


def coil_gravity(u):
    """A steel coil (wire 6 mm, 100 mm across, 2 turns of 20 mm pitch, 24 B31 a turn) clamped at its
    top end, loaded by its own weight (*GRAVITY in a *STATIC step), then a *DYNAMIC step of 20 ms
    with the same gravity (it stays where the static step left it: at rest), then a *FREQUENCY step
    about that state (the same frequencies as straight after the static step)."""
    p = HU["coil"]
    pts = coil_points(p)
    N = len(pts) - 1
    s = head(u, "Coil under its own weight: static, dynamic, frequency", coil_gravity.__doc__)
    s += "*NODE, NSET=COIL_N\n"
    for i, q in enumerate(pts):
        s += "%d, %s, %s, %s\n" % (i + 1, u.n(q[0], "L"), u.n(q[1], "L"), u.n(q[2], "L"))
    s += line_elems(1, 1, N, "COIL", "B31")
    s += steel(u)
    s += "*BEAM SECTION, ELSET=COIL, MATERIAL=STEEL, SECTION=CIRC\n%s\n0, 0, 1\n" % u.n(p["d"] / 2, "L")
    s += "*BOUNDARY\n1, ENCASTRE\n"
    s += "*PROBE, NAME=end, NODE=%d\nX, U, V\n*PROBE, NAME=clamp, NODE=1\nRF, RM\n" % (N + 1)
    s += "*STEP, NLGEOM\n*STATIC\n0.5, 1\n*GRAVITY\n0, 0, %s\n*END STEP\n" % u.n(-p["g"], "L/T^2")
    s += "*STEP\n*DYNAMIC\n%s, %s\n*OUTPUT, FORMAT=HISTORY, EVERY=1\n*END STEP\n" % (u.n(p["dt"], "T"), u.n(p["T"], "T"))
    s += "*STEP\n*FREQUENCY\n6\n*END STEP\n"
    return s


def wire_three_steps(u):
    """A steel wire (2 m, 2 mm diameter, 40 B31) pinned at one end and stretched at the other by a
    support moved T L/EA along it (*BOUNDARY in a *STATIC step: T = 2 kN), left at rest for 10 ms in a
    *DYNAMIC step, then its frequencies (*FREQUENCY about the stretched state): the taut string's
    omega^2 = (k^2 T + k^4 EI)/rho A, k = n pi / L, on the stretched length."""
    p = HU["wire"]
    L, r, n, T = p["L"], p["r"], p["n"], p["T"]
    A = math.pi * r * r
    d = T * L / (210e9 * A)
    s = head(u, "Wire: stretched by a support, at rest, then its frequencies", wire_three_steps.__doc__)
    s += line_nodes(u, 1, (0, 0, 0), (L, 0, 0), n, "WIRE_N")
    s += line_elems(1, 1, n, "WIRE", "B31")
    s += steel(u)
    s += "*BEAM SECTION, ELSET=WIRE, MATERIAL=STEEL, SECTION=CIRC\n%s\n0, 0, 1\n" % u.n(r, "L")
    s += "*BOUNDARY\n1, 1, 4\n%d, 2, 4\n" % (n + 1)
    s += "*PROBE, NAME=anchor, NODE=1\nRF\n*PROBE, NAME=end, NODE=%d\nU, RF\n*PROBE, NAME=mid, NODE=%d\nU, V\n" % (n + 1, n // 2 + 1)
    s += "*STEP, NLGEOM\n*STATIC\n*BOUNDARY\n%d, 1, 1, %s\n*END STEP\n" % (n + 1, u.n(d, "L"))
    s += "*STEP\n*DYNAMIC\n%s, %s\n*OUTPUT, FORMAT=HISTORY, EVERY=1\n*END STEP\n" % (u.n(p["dt"], "T"), u.n(p["Td"], "T"))
    s += "*STEP\n*FREQUENCY\n8\n*END STEP\n"
    return s


MODELS.update({
    "spinning_rod": (spinning_rod, (SI, MM, MS)),
    "coil_gravity": (coil_gravity, (SI, MM, IN)),
    "wire_three_steps": (wire_three_steps, (SI, MM, IN)),
})


HU.update({
    "hinge": {"L": 0.5, "b": 0.04, "n": 10, "m": 2.0, "l": 0.4, "th0": 10.0, "g": 9.81, "dt": 1e-3, "T": 3.0},
    "slope": {"L": 2.0, "b": 0.04, "d": 0.08, "n": 20, "alpha": 20.0, "m": 1.0, "r": 0.01, "s0": 0.3, "v0": 3.0,
              "mu": 0.2, "g": 9.81, "dt": 1e-3, "T": 1.2, "damp": 600.0, "gap": 1e-4},
    "restart": {"L": 1.0, "b": 0.02, "n": 10, "m": 0.2, "r": 0.02, "v0": 2.0, "mu": 0.3, "g": 9.81,
                "gap": 0.001, "dt": 1e-4, "T": 0.015, "every": 80},
    "ccx": {"L": 1.2, "b": 0.03, "h": 0.05, "n": 12, "P": 2000.0, "q": 1500.0},
})


def body_on_hinge(u):
    """A rigid bar (0.4 m, 2 kg) hung by a revolute joint (axis y) from the tip of a steel cantilever
    (0.5 m, 40 x 40 mm, 10 B31: 3 EI/L^3 = 1.1e6 N/m) and let go at 10 degrees under gravity: it
    swings with the compound pendulum's period 4 K(sin 5 deg) sqrt(J_O/m g d) (the beam's compliance
    lengthens it by (w_p/w_beam)^2 ~ 6e-5)."""
    p = HU["hinge"]
    L, b, n, l = p["L"], p["b"], p["n"], p["l"]
    th = math.radians(p["th0"])
    d = l / 2
    s = head(u, "Bar swinging on a hinge at a cantilever's tip", body_on_hinge.__doc__)
    s += line_nodes(u, 1, (0, 0, 0), (L, 0, 0), n, "BEAM_N")
    s += line_elems(1, 1, n, "BEAM", "B31")
    s += steel(u)
    s += "*BEAM SECTION, ELSET=BEAM, MATERIAL=STEEL, SECTION=RECT\n%s, %s\n0, 1, 0\n" % (u.n(b, "L"), u.n(b, "L"))
    s += "*BOUNDARY\n1, ENCASTRE\n"
    # the bar's centre of mass below the tip at 10 degrees, its axis along the bar
    cx, cz = L + d * math.sin(th), -d * math.cos(th)
    s += "*NODE\n100, %s, 0, %s\n" % (u.n(cx, "L"), u.n(cz, "L"))
    J = p["m"] * l * l / 12
    s += "*RIGID BODY, NODE=100, MASS=%s\n%s, %s, %s\n" % (u.n(p["m"], "M"), u.n(J, "M*L^2"), u.n(J, "M*L^2"),
                                                          u.n(p["m"] * 1e-4 * l * l, "M*L^2"))
    s += "*INITIAL CONDITIONS, TYPE=ROTATION\n100, 0, %s, 0\n" % ("%.15g" % -th)
    s += "*JOINT, TYPE=REVOLUTE\n%d, 100, %s, 0, 0, 0, 1, 0\n" % (n + 1, u.n(L, "L"))
    s += "*GRAVITY\n0, 0, %s\n" % u.n(-p["g"], "L/T^2")
    s += "*PROBE, NAME=bar, NODE=100\nX, Q\n*PROBE, NAME=tip, NODE=%d\nX\n*PROBE, NAME=clamp, NODE=1\nRF\n" % (n + 1)
    s += "*STEP\n*DYNAMIC\n%s, %s\n*OUTPUT, FORMAT=HISTORY, EVERY=1\n*END STEP\n" % (u.n(p["dt"], "T"), u.n(p["T"], "T"))
    return s


def slider_on_sloped_beam(u):
    """A 1 kg slider (a particle, r = 10 mm, set 0.1 mm above the face) thrown at 3 m/s up a steel beam (2 m, 40 wide, 80 mm deep,
    20 B31) laid at 20 degrees on two pinned ends, Coulomb friction mu = 0.2 (Newton's law), under
    gravity; the beam's vibration from the sudden gravity damped out in a few ms (*DAMPING,
    ALPHA=600/s: critical for its first mode): the slider decelerates at g (sin a + mu cos a), stops
    after v0 / that, and slides back down (tan a > mu) at g (sin a - mu cos a); the supports carry the
    beam's weight and m (g - a).  The beam's contact radius is its half depth (RADIUS=: a rectangle's
    default is half its smaller side)."""
    p = HU["slope"]
    L, n, r, d = p["L"], p["n"], p["r"], p["d"]
    a = math.radians(p["alpha"])
    t, nn = (math.cos(a), 0.0, math.sin(a)), (-math.sin(a), 0.0, math.cos(a))
    s = head(u, "Slider thrown up a sloped beam", slider_on_sloped_beam.__doc__)
    s += line_nodes(u, 1, (0, 0, 0), tuple(L * c for c in t), n, "BEAM_N")
    s += line_elems(1, 1, n, "BEAM", "B31")
    s += steel(u)
    s += "*DAMPING, ALPHA=%s\n" % u.n(p["damp"], "1/T")
    s += "*BEAM SECTION, ELSET=BEAM, MATERIAL=STEEL, SECTION=RECT\n%s, %s\n0, 1, 0\n" % (u.n(p["b"], "L"), u.n(d, "L"))
    s += "*BOUNDARY\n1, 1, 4\n%d, 1, 3\n" % (n + 1)
    x0 = [p["s0"] * t[k] + (d / 2 + r + p["gap"]) * nn[k] for k in range(3)]
    s += "*NODE, NSET=SLIDER\n100, %s, %s, %s\n" % tuple(u.n(c, "L") for c in x0)
    s += "*PARTICLE, NSET=SLIDER, MASS=%s, RADIUS=%s\n" % (u.n(p["m"], "M"), u.n(r, "L"))
    # the beam's contact radius is its section's half depth (a rectangle's default: half the smaller side)
    s += "*CONTACT PAIR, LAW=NEWTON, FRICTION=%g, RADIUS=%s\nSLIDER, BEAM\n" % (p["mu"], u.n(d / 2, "L"))
    s += "*INITIAL CONDITIONS, TYPE=VELOCITY\n100, 1, %s\n100, 3, %s\n" % (u.n(p["v0"] * t[0], "L/T"), u.n(p["v0"] * t[2], "L/T"))
    s += "*GRAVITY\n0, 0, %s\n" % u.n(-p["g"], "L/T^2")
    s += "*PROBE, NAME=slider, NODE=100\nX, V\n*PROBE, NAME=low, NODE=1\nRF\n*PROBE, NAME=high, NODE=%d\nRF\n" % (n + 1)
    s += "*STEP\n*DYNAMIC\n%s, %s\n*OUTPUT, FORMAT=HISTORY, EVERY=1\n*OUTPUT, FORMAT=CONTACT\n*END STEP\n" % (
        u.n(p["dt"], "T"), u.n(p["T"], "T"))
    return s


def restart_impact(u):
    """A steel ball (40 mm, 0.2 kg, a particle) thrown at 2 m/s down and 0.5 m/s along onto a simply
    supported steel beam (1 m, 20 x 20 mm, 10 B31), Newton's law (the default e = 0) with friction
    mu = 0.3, under gravity: it lands and slides on the ringing beam; 15 ms at 0.1 ms, a checkpoint
    every 80 increments (*RESTART, WRITE): the only one falls in the middle of the sliding contact;
    the run continued from it (nsbeam run --restart) writes the same files, bit for bit, as the
    uninterrupted run."""
    p = HU["restart"]
    L, b, n, r = p["L"], p["b"], p["n"], p["r"]
    s = head(u, "Ball striking a beam, with checkpoints", restart_impact.__doc__)
    s += "*RESTART, WRITE, FREQUENCY=%d\n" % p["every"]
    s += line_nodes(u, 1, (0, 0, 0), (L, 0, 0), n, "BEAM_N")
    s += line_elems(1, 1, n, "BEAM", "B31")
    s += steel(u)
    s += "*BEAM SECTION, ELSET=BEAM, MATERIAL=STEEL, SECTION=RECT\n%s, %s\n0, 1, 0\n" % (u.n(b, "L"), u.n(b, "L"))
    s += "*BOUNDARY\n1, 1, 4\n%d, 2, 3\n" % (n + 1)
    s += "*NODE, NSET=BALL\n100, %s, 0, %s\n" % (u.n(0.43, "L"), u.n(b / 2 + r + p["gap"], "L"))
    s += "*PARTICLE, NSET=BALL, MASS=%s, RADIUS=%s\n" % (u.n(p["m"], "M"), u.n(r, "L"))
    s += "*CONTACT PAIR, LAW=NEWTON, FRICTION=%g\nBALL, BEAM\n" % p["mu"]
    s += "*INITIAL CONDITIONS, TYPE=VELOCITY\n100, 1, %s\n100, 3, %s\n" % (u.n(0.5, "L/T"), u.n(-p["v0"], "L/T"))
    s += "*GRAVITY\n0, 0, %s\n" % u.n(-p["g"], "L/T^2")
    s += "*PROBE, NAME=ball, NODE=100\nX, V\n*PROBE, NAME=mid, NODE=%d\nU, V\n" % (n // 2 + 1)
    s += "*STEP\n*DYNAMIC\n%s, %s\n*OUTPUT, FORMAT=HISTORY, EVERY=1\n*OUTPUT, FORMAT=CONTACT\n" % (u.n(p["dt"], "T"), u.n(p["T"], "T"))
    s += "*OUTPUT, FORMAT=VTK, EVERY=50\n*END STEP\n"
    return s


def ccx_continued_mesh(u):
    p = HU["ccx"]
    s = "** mesh of ccx_continued: nodes by *NGEN, GENERATE sets\n"
    s += "*NODE,\n   NSET=NALL\n1, 0., 0., 0.\n%d, %s, 0., 0.\n" % (p["n"] + 1, u.n(p["L"], "L"))
    s += "*NGEN, NSET=NALL\n1, %d, 1\n" % (p["n"] + 1)
    s += "*ELEMENT, TYPE=B31,\n** the beam\n  ELSET=EALL\n1, 1, 2\n"
    s += "*ELGEN, ELSET=EALL\n1, %d, 1, 1\n" % p["n"]
    s += "*NSET, NSET=TIP\n%d\n*NSET, NSET=FIX, GENERATE\n1, 1, 1\n" % (p["n"] + 1)
    s += "*ELSET, ELSET=OUTER,\nGENERATE\n%d, %d, 1\n" % (p["n"] // 2 + 1, p["n"])
    return s


def ccx_continued(u):
    """A CalculiX/Abaqus user's cantilever (1.2 m, 30 x 50 mm steel, 12 B31): the mesh in an *INCLUDE
    file (*NGEN, *ELGEN, GENERATE sets), keyword lines continued over two or three lines (ending
    with a comma), comments between them, `.d0` numbers; a tip force and a line load on the outer
    half (*DLOAD PY on a GENERATE set), linear (*STATIC without NLGEOM): reactions and the tip's
    deflection against Timoshenko beam theory."""
    p = HU["ccx"]
    s = head(u, "CalculiX-style cantilever, continued keyword lines", ccx_continued.__doc__)
    s += "*INCLUDE,\n  INPUT=ccx_continued_mesh_%s.inc\n" % u.name
    E, nu, rho = STEEL
    s += "*MATERIAL,\n   NAME=STEEL\n*ELASTIC,\n TYPE=ISO\n%s, .3d0\n*DENSITY\n%s\n" % (u.n(E, "F/L^2"), u.n(rho, "M/L^3"))
    s += "*BEAM SECTION, ELSET=EALL,\n** the section\n MATERIAL=STEEL,\n SECTION=RECT\n%s, %s\n0.d0, 0.d0, 1.d0\n" % (
        u.n(p["b"], "L"), u.n(p["h"], "L"))
    s += "*BOUNDARY\nFIX, 1, 6\n"
    s += "*STEP\n*STATIC\n1., 1.\n*CLOAD\nTIP, 2, %s\n*DLOAD\nOUTER, PY, %s\n" % (u.n(-p["P"], "F"), u.n(-p["q"], "F/L"))
    s += "*NODE PRINT,\n  NSET=TIP\nU\n*NODE PRINT, NSET=FIX\nRF\n*END STEP\n"
    return s


MODELS.update({
    "body_on_hinge": (body_on_hinge, (SI, MM, MS)),
    "slider_on_sloped_beam": (slider_on_sloped_beam, (SI, MM, MS)),
    "restart_impact": (restart_impact, (SI, MM)),
    "ccx_continued": (ccx_continued, (SI, MM, IN)),
})
INCLUDES["ccx_continued"] = ("ccx_continued_mesh_%s.inc", ccx_continued_mesh)


HU.update({
    "sarch": {"L": 1.0, "b": 0.02, "h": 0.01, "n": 40, "er": 4.0},
})


def sine_arch_props():
    """sine_arch_riks: rise e, radius of gyration r, the limit load's amplitude q_lim (N/m) and the
    crown's deflection there (Timoshenko and Gere 1961, the shallow sinusoidal arch)."""
    p = HU["sarch"]
    r = p["h"] / math.sqrt(12)
    e = p["er"] * r
    EI = 210e9 * p["b"] * p["h"] ** 3 / 12
    k4 = (math.pi / p["L"]) ** 4
    d = e - math.sqrt((e * e - 4 * r * r) / 3)
    q = EI * k4 * (d + (2 * e * d - d * d) * (e - d) / (4 * r * r))
    return e, r, q, d


def sine_arch_riks(u):
    """A shallow steel arch pinned at both ends (span 1 m, 20 x 10 mm, rise e = 4 r = 11.5 mm along
    a half sine, 40 B31, held in its plane) under a half-sine line load (*DLOAD PZ per element),
    followed by *STATIC, RIKS past its limit point: e/r = 4 lies between 2 (no snap) and 4.69 (an
    asymmetric bifurcation first), so it snaps symmetrically at q = 8 r EI (pi/L)^4 with the crown
    down by 2 r (Timoshenko and Gere 1961, the shallow sinusoidal arch)."""
    p = HU["sarch"]
    L, n = p["L"], p["n"]
    e, r, q, _ = sine_arch_props()
    s = head(u, "Shallow sine arch snapping through", sine_arch_riks.__doc__)
    s += "*NODE, NSET=ARCH_N\n"
    for i in range(n + 1):
        x = L * i / n
        s += "%d, %s, 0, %s\n" % (i + 1, u.n(x, "L"), u.n(e * math.sin(math.pi * x / L), "L"))
    s += line_elems(1, 1, n, "ARCH", "B31")
    s += steel(u)
    s += "*BEAM SECTION, ELSET=ARCH, MATERIAL=STEEL, SECTION=RECT\n%s, %s\n0, 1, 0\n" % (u.n(p["b"], "L"), u.n(p["h"], "L"))
    s += "*BOUNDARY\nARCH_N, 2\nARCH_N, 4\nARCH_N, 6\n1, 1, 3\n%d, 1, 3\n" % (n + 1)
    s += "*PROBE, NAME=crown, NODE=%d\nU\n*PROBE, NAME=quarter, NODE=%d\nU\n" % (n // 2 + 1, n // 4 + 1)
    s += "*PROBE, NAME=left, NODE=1\nRF\n*PROBE, NAME=right, NODE=%d\nRF\n" % (n + 1)
    s += "*STEP, INC=200\n*STATIC, RIKS\n0.05, 10, , 0.1, , %d, 3, %s\n*DLOAD\n" % (n // 2 + 1, u.n(-2.5 * e, "L"))
    for k in range(n):
        x = L * (k + 0.5) / n
        s += "%d, PZ, %s\n" % (k + 1, u.n(-q * math.sin(math.pi * x / L), "F/L"))
    s += "*END STEP\n"
    return s


MODELS.update({
    "sine_arch_riks": (sine_arch_riks, (SI, MM, IN)),
})


HU.update({
    "base": {"L": 1.0, "b": 0.02, "n": 20, "r": 0.5, "zeta": 0.05, "Y": 0.002, "dt": 1e-3, "T": 3.0},
})


def base_cantilever_props():
    """base_shaken_cantilever: w1 (the first clamped-free frequency), the shaking's W, BETA."""
    p = HU["base"]
    E, _, rho = STEEL
    EI, rA = E * p["b"] ** 4 / 12, rho * p["b"] ** 2
    w1 = 1.8751040687 ** 2 / p["L"] ** 2 * math.sqrt(EI / rA)
    return w1, p["r"] * w1, 2 * p["zeta"] / w1


def base_shaken_cantilever(u):
    """A steel cantilever (1 m, 20 x 20 mm, 20 B31) whose clamp is shaken across the axis by 2 mm at
    half its first frequency (*BOUNDARY with a PERIODIC amplitude from rest, the clamp's other
    DOFs held), the material damped by *DAMPING, BETA for 5 % of critical in the first mode (the
    Kelvin-Voigt strain rate: relative motion only); after 3 s the start-up has decayed: the tip's
    amplitude and phase and the clamp's shear force against the steady state of the damped
    Euler-Bernoulli cantilever under base motion (its boundary value problem with EI (1 + i beta W))."""
    p = HU["base"]
    L, b, n = p["L"], p["b"], p["n"]
    w1, W, beta = base_cantilever_props()
    s = head(u, "Cantilever shaken at its clamp", base_shaken_cantilever.__doc__)
    s += line_nodes(u, 1, (0, 0, 0), (L, 0, 0), n, "BEAM_N")
    s += line_elems(1, 1, n, "BEAM", "B31")
    s += steel(u)
    s += "*DAMPING, BETA=%s\n" % u.n(beta, "T")
    s += "*BEAM SECTION, ELSET=BEAM, MATERIAL=STEEL, SECTION=RECT\n%s, %s\n0, 0, 1\n" % (u.n(b, "L"), u.n(b, "L"))
    s += "*AMPLITUDE, NAME=SHAKE, DEFINITION=PERIODIC\n1, %s, 0, 0\n0, 1\n" % u.n(W, "1/T")
    s += "*BOUNDARY\n1, 1\n1, 3, 6\n*BOUNDARY, AMPLITUDE=SHAKE\n1, 2, 2, %s\n" % u.n(p["Y"], "L")
    s += "*PROBE, NAME=tip, NODE=%d\nU\n*PROBE, NAME=clamp, NODE=1\nU, RF, RM\n" % (n + 1)
    s += "*STEP\n*DYNAMIC\n%s, %s\n*OUTPUT, FORMAT=HISTORY, EVERY=1\n*END STEP\n" % (u.n(p["dt"], "T"), u.n(p["T"], "T"))
    return s


MODELS.update({
    "base_shaken_cantilever": (base_shaken_cantilever, (SI, MM, MS)),
})


HU.update({
    "xstat": {"L": 1.0, "r": 0.01, "n": 10, "P": 200.0, "g": 0.0005},
})


def crossed_beams_static(u):
    """Two simply supported steel rods (1 m, 20 mm diameter, 10 B31) crossing at right angles at
    their middles, the upper 0.5 mm above contact (its centre line 2 r + 0.5 mm above the lower's);
    a static step presses the upper one's middle down with 200 N (its nodes against the lower rod's
    centre line, LAW=NEWTON, frictionless): the gap closes at k g = 61 N and the rest of the load
    splits between the two equal rods, the contact force (P - k g)/2 (k = 48 EI/L^3 + ... of each)."""
    p = HU["xstat"]
    L, r, n, g = p["L"], p["r"], p["n"], p["g"]
    z = 2 * r + g
    s = head(u, "Two crossed rods pressed together", crossed_beams_static.__doc__)
    s += line_nodes(u, 1, (-L / 2, 0, 0), (L / 2, 0, 0), n, "LOW_N")
    s += line_elems(1, 1, n, "LOW", "B31")
    s += line_nodes(u, 101, (0, -L / 2, z), (0, L / 2, z), n, "UP_N")
    s += line_elems(101, 101, n, "UP", "B31")
    s += "*ELSET, ELSET=RODS\nLOW, UP\n"
    s += steel(u)
    s += "*BEAM SECTION, ELSET=RODS, MATERIAL=STEEL, SECTION=CIRC\n%s\n0, 0, 1\n" % u.n(r, "L")
    s += "*BOUNDARY\n1, 1, 4\n%d, 2, 3\n101, 1, 3\n101, 5\n%d, 1\n%d, 3\n" % (n + 1, 100 + n + 1, 100 + n + 1)
    s += "*CONTACT PAIR, LAW=NEWTON\nUP_N, LOW\n"
    s += "*PROBE, NAME=upmid, NODE=%d\nU\n*PROBE, NAME=lowmid, NODE=%d\nU\n" % (100 + n // 2 + 1, n // 2 + 1)
    for k in (1, n + 1, 101, 100 + n + 1):
        s += "*PROBE, NAME=s%d, NODE=%d\nRF\n" % (k, k)
    s += "*STEP\n*STATIC\n0.1, 1\n*CLOAD\n%d, 3, %s\n*OUTPUT, FORMAT=HISTORY, EVERY=1\n*OUTPUT, FORMAT=CONTACT\n*END STEP\n" % (
        100 + n // 2 + 1, u.n(-p["P"], "F"))
    return s


MODELS.update({
    "crossed_beams_static": (crossed_beams_static, (SI, MM, IN)),
})


# ---------------------------------------------------------------------------
# a third round of user models (a cantilever's tip spring in *FREQUENCY, a pinned tie-beam's
# membrane stiffening, a spinning ring, a flexible pendulum of a general section, a strip rolled up
# by a follower moment in a dynamic step, a mass striking a bar's end)

HU.update({
    "tspring": {"L": 1.5, "r": 0.03, "t": 0.004, "n": 20, "K": 10.0, "modes": 10},
    "pmem": {"L": 2.0, "b": 0.03, "h": 0.006, "n": 40, "q": 100.0, "inc": 0.2},
    "sring": {"R": 0.5, "r": 0.02, "t": 0.003, "n": 64, "w": 200.0, "zeta": 1.0, "dt": 1e-4, "T": 0.04},
    "fpend": {"L": 1.0, "d": 0.01, "n": 10, "M": 2.0, "th0": 20.0, "g": 9.81, "dt": 1e-3, "T": 4.5},
    "froll": {"L": 0.5, "b": 0.02, "h": 0.002, "n": 16, "tr": 3.0, "T": 3.5, "dt": 2e-3},
    "mbar": {"L": 1.0, "r": 0.01, "n": 100, "ratio": 1.0, "v": 1.0, "gap": 1e-5, "dt": 1e-6, "T": 1e-3},
})


def pipe_props(r, t):
    """A, I of a PIPE section (outer radius r, wall t)."""
    ri = r - t
    return math.pi * (r * r - ri * ri), math.pi * (r ** 4 - ri ** 4) / 4


def tip_spring_modes(u):
    """A steel tube cantilever (1.5 m, 60 x 4 mm PIPE, 20 B31) propped at its tip by a spring
    (SPRINGA to ground across the axis, k = 10 EI/L^3) and its frequencies (*FREQUENCY, 10 modes):
    in the spring's plane against the Euler-Bernoulli cantilever with a translational tip spring,
    1 + cos l cosh l = (k L^3/EI) (sin l cosh l - cos l sinh l)/l^3, in the other the bare
    cantilever's."""
    p = HU["tspring"]
    L, n = p["L"], p["n"]
    E = STEEL[0]
    _, I = pipe_props(p["r"], p["t"])
    k = p["K"] * E * I / L ** 3
    s = head(u, "Cantilever on a tip spring, frequencies", tip_spring_modes.__doc__)
    s += line_nodes(u, 1, (0, 0, 0), (L, 0, 0), n)
    s += "*NODE\n100, %s, %s, 0\n" % (u.n(L, "L"), u.n(-0.3, "L"))
    s += line_elems(1, 1, n, "TUBE", "B31")
    s += "*ELEMENT, TYPE=SPRINGA, ELSET=PROP\n100, %d, 100\n*SPRING, ELSET=PROP\n%s\n" % (n + 1, u.n(k, "F/L"))
    s += steel(u)
    s += "*BEAM SECTION, ELSET=TUBE, MATERIAL=STEEL, SECTION=PIPE\n%s, %s\n0, 0, 1\n" % (u.n(p["r"], "L"), u.n(p["t"], "L"))
    s += "*BOUNDARY\n1, ENCASTRE\n"
    s += "*STEP\n*FREQUENCY\n%d\n*END STEP\n" % p["modes"]
    return s


def pinned_membrane(u):
    """A steel strip (2 m, 30 x 6 mm, 40 B31) between two immovable pins (both ends' translations
    held, the twist at one end) under a uniform load of 100 N/m (*DLOAD PZ) in five static
    increments: the linear beam would sag 180 mm (30 thicknesses); the pins' pull stretches it
    and it sags 12.4 mm. The midspan deflection and the membrane force at every increment against the
    tie-beam's closed form (Timoshenko and Woinowsky-Krieger 1959: the sine series of the beam
    under tension S, S L/EA = the stretch of its curve)."""
    p = HU["pmem"]
    L, n = p["L"], p["n"]
    s = head(u, "Strip between immovable pins under a uniform load", pinned_membrane.__doc__)
    s += line_nodes(u, 1, (0, 0, 0), (L, 0, 0), n)
    s += line_elems(1, 1, n, "STRIP", "B31")
    s += steel(u)
    s += "*BEAM SECTION, ELSET=STRIP, MATERIAL=STEEL, SECTION=RECT\n%s, %s\n0, 1, 0\n" % (u.n(p["b"], "L"), u.n(p["h"], "L"))
    s += "*BOUNDARY\n1, 1, 4\n%d, 1, 3\n" % (n + 1)
    s += "*PROBE, NAME=mid, NODE=%d\nU\n*PROBE, NAME=left, NODE=1\nRF\n*PROBE, NAME=right, NODE=%d\nRF\n" % (n // 2 + 1, n + 1)
    s += "*PROBE, NAME=quarter, ELEMENT=%d, POSITION=0.5\nX, N, NS, MS\n" % (n // 4)
    s += "*STEP\n*STATIC\n%g, 1\n*DLOAD\nSTRIP, PZ, %s\n*END STEP\n" % (p["inc"], u.n(-p["q"], "F/L"))
    return s


def spinning_ring_props():
    """spinning_ring: A, I of the tube, BETA for zeta of critical damping in the ring's breathing
    mode (omega_b = sqrt(E/rho)/R)."""
    p = HU["sring"]
    E, _, rho = STEEL
    A, I = pipe_props(p["r"], p["t"])
    wb = math.sqrt(E / rho) / p["R"]
    return A, I, 2 * p["zeta"] / wb


def spinning_ring(u):
    """A free steel ring (R = 0.5 m, tube 40 x 3 mm, 64 straight B31 on the circle, no support)
    set spinning about its axis at 200 rad/s (*INITIAL CONDITIONS, TYPE=ROTATING VELOCITY), started
    unstressed; *DAMPING, BETA damps the breathing its start excites (critically) and not the spin
    (a rigid motion): the hoop force settles to rho A w^2 R^2 (the thin ring; on the straight
    chords, their mass along them, rho A w^2 R R' (1 - sin^2(pi/n)/2) at a chord's middle, R' the
    grown radius), the ring grows by rho w^2 R^3/E; angular momentum is kept."""
    p = HU["sring"]
    R, n = p["R"], p["n"]
    _, _, beta = spinning_ring_props()
    s = head(u, "Spinning ring", spinning_ring.__doc__)
    s += "*NODE, NSET=RING_N\n"
    for i in range(n):
        a = 2 * math.pi * i / n
        s += "%d, %s, %s, 0\n" % (i + 1, u.n(R * math.cos(a), "L"), u.n(R * math.sin(a), "L"))
    s += "*ELEMENT, TYPE=B31, ELSET=RING\n"
    for i in range(n):
        s += "%d, %d, %d\n" % (i + 1, i + 1, (i + 1) % n + 1)
    s += steel(u)
    s += "*DAMPING, BETA=%s\n" % u.n(beta, "T")
    s += "*BEAM SECTION, ELSET=RING, MATERIAL=STEEL, SECTION=PIPE\n%s, %s\n0, 0, 1\n" % (u.n(p["r"], "L"), u.n(p["t"], "L"))
    s += "*INITIAL CONDITIONS, TYPE=ROTATING VELOCITY\nRING_N, %s, 0, 0, 0\n0, 0, %s\n" % (u.n(p["w"], "1/T"), u.n(1.0, "L"))
    s += "*PROBE, NAME=n1, NODE=1\nX, V, W\n*PROBE, NAME=n17, NODE=17\nX\n"
    s += "*PROBE, NAME=e1, ELEMENT=1, POSITION=0.5\nN, NS, MS\n*PROBE, NAME=e40, ELEMENT=40, POSITION=0.25\nNS, MS\n"
    s += "*STEP\n*DYNAMIC\n%s, %s\n*OUTPUT, FORMAT=HISTORY, EVERY=1\n*END STEP\n" % (u.n(p["dt"], "T"), u.n(p["T"], "T"))
    return s


def flexible_pendulum_props():
    """flexible_pendulum: the rod's stiffnesses and inertias per length (a 10 mm steel rod),
    EA, GA (k = 0.9), GJ, EI; rho A, rho J, rho I."""
    p = HU["fpend"]
    E, nu, rho = STEEL
    r = p["d"] / 2
    A, I = math.pi * r * r, math.pi * r ** 4 / 4
    G = E / (2 * (1 + nu))
    return dict(EA=E * A, GA=0.9 * G * A, GJ=G * 2 * I, EI=E * I, rA=rho * A, rJ=rho * 2 * I, rI=rho * I)


def flexible_pendulum(u):
    """A pendulum made of a flexible steel rod (1 m, 10 mm, 10 B31 of a *BEAM GENERAL SECTION with
    the rod's stiffnesses) pinned at its top (a hinge: translations and two rotations held) with a
    2 kg *PARTICLE at its lower end, released at rest from 20 degrees under gravity: its period
    against the compound pendulum's exact (elliptic) one, 4 K(sin 10 deg)/w0, w0^2 = m g l_c/J_O."""
    p = HU["fpend"]
    L, n, th = p["L"], p["n"], math.radians(p["th0"])
    c = flexible_pendulum_props()
    s = head(u, "Pendulum of a flexible rod with a tip mass", flexible_pendulum.__doc__)
    s += line_nodes(u, 1, (0, 0, 0), (L * math.sin(th), 0, -L * math.cos(th)), n, "ROD_N")
    s += line_elems(1, 1, n, "ROD", "B31")
    s += "*BEAM GENERAL SECTION, ELSET=ROD, RADIUS=%s\n%s\n%s\n0, 1, 0\n" % (
        u.n(p["d"] / 2, "L"), ", ".join(u.n(c[k], "F") for k in ("EA", "GA", "GA")) + ", " +
        ", ".join(u.n(c[k], "F*L^2") for k in ("GJ", "EI", "EI")),
        ", ".join([u.n(c["rA"], "M/L"), u.n(c["rJ"], "M*L"), u.n(c["rI"], "M*L"), u.n(c["rI"], "M*L")]))
    s += "*PARTICLE, NODE=%d, MASS=%s\n" % (n + 1, u.n(p["M"], "M"))
    s += "*BOUNDARY\n1, 1, 4\n1, 6\n"
    s += "*GRAVITY\n0, 0, %s\n" % u.n(-p["g"], "L/T^2")
    s += "*PROBE, NAME=tip, NODE=%d\nX, V\n*PROBE, NAME=hinge, NODE=1\nRF, R\n" % (n + 1)
    s += "*PROBE, NAME=mid, ELEMENT=%d, POSITION=0.5\nN, M\n" % (n // 2)
    s += "*STEP\n*DYNAMIC\n%s, %s\n*OUTPUT, FORMAT=HISTORY, EVERY=1\n*END STEP\n" % (u.n(p["dt"], "T"), u.n(p["T"], "T"))
    return s


def follower_roll_dynamic(u):
    """A steel strip (0.5 m, 20 x 2 mm, 16 B2V) rolled up into a full circle by a follower end
    moment (*CLOAD, FOLLOWER=YES) rising to 2 pi EI/L in a *DYNAMIC step, brought on slowly by a
    SMOOTH STEP amplitude over 3 s (20 periods of the strip's first mode) and held for 0.5 s: the
    tip on the circle of radius EI/M(t) at every increment (quasi-static), the work of the moment
    = the strain energy M phi/2 + kinetic energy."""
    p = HU["froll"]
    L, n = p["L"], p["n"]
    EI = STEEL[0] * p["b"] * p["h"] ** 3 / 12
    M = 2 * math.pi * EI / L
    s = head(u, "Strip rolled up by a follower moment, dynamic", follower_roll_dynamic.__doc__)
    s += line_nodes(u, 1, (0, 0, 0), (L, 0, 0), n)
    s += line_elems(1, 1, n, "STRIP", "B2V")
    s += steel(u)
    s += "*BEAM SECTION, ELSET=STRIP, MATERIAL=STEEL, SECTION=RECT\n%s, %s\n0, 1, 0\n" % (u.n(p["b"], "L"), u.n(p["h"], "L"))
    s += "*AMPLITUDE, NAME=ROLL, DEFINITION=SMOOTH STEP\n0, 0, %s, 1\n" % u.n(p["tr"], "T")
    s += "*BOUNDARY\n1, ENCASTRE\n"
    s += "*PROBE, NAME=tip, NODE=%d\nX, R\n*PROBE, NAME=clamp, NODE=1\nRF, RM\n" % (n + 1)
    s += "*PROBE, NAME=mid, ELEMENT=%d, POSITION=0.5\nMS, NS\n" % (n // 2)
    s += "*STEP\n*DYNAMIC\n%s, %s\n*CLOAD, FOLLOWER=YES, AMPLITUDE=ROLL\n%d, 5, %s\n*OUTPUT, FORMAT=HISTORY, EVERY=1\n*END STEP\n" % (
        u.n(p["dt"], "T"), u.n(p["T"], "T"), n + 1, u.n(-M, "F*L"))
    return s


def mass_strikes_bar_props():
    """mass_strikes_bar: A, the bar's mass, the striker's mass M, the wave speed c and
    alpha = rho A c / M (the striker's speed falls as e^(-alpha t) until 2L/c; Saint-Venant)."""
    p = HU["mbar"]
    E, _, rho = STEEL
    A = math.pi * p["r"] ** 2
    mb = rho * A * p["L"]
    M = mb / p["ratio"]
    c = math.sqrt(E / rho)
    return A, mb, M, c, rho * A * c / M


def mass_strikes_bar(u):
    """Saint-Venant's bar struck at its end: a steel bar (1 m, 20 mm diameter, 100 B31) clamped at
    one end, struck axially on the other by a *PARTICLE of the bar's mass (
    its radius 20 mm, LAW=NEWTON against the bar's elements,
    the bar's rounded end) at 1 m/s, e = 0, no gravity, h = 1 us:
    the striker slows as v e^(-rho A c t/M) until the wave returns from the clamp at 2L/c
    (Timoshenko and Goodier 1951, Boussinesq's solution); momentum change = the clamp's impulse."""
    p = HU["mbar"]
    L, n = p["L"], p["n"]
    _, _, M, _, _ = mass_strikes_bar_props()
    s = head(u, "Mass striking the end of a bar", mass_strikes_bar.__doc__)
    s += line_nodes(u, 1, (0, 0, 0), (L, 0, 0), n, "BAR_N")
    s += "*NSET, NSET=END\n%d\n" % (n + 1)
    s += line_elems(1, 1, n, "BAR", "B31")
    s += steel(u)
    s += "*BEAM SECTION, ELSET=BAR, MATERIAL=STEEL, SECTION=CIRC\n%s\n0, 0, 1\n" % u.n(p["r"], "L")
    rs = 0.02
    s += "*NODE, NSET=STRIKER\n1000, %s, 0, 0\n" % u.n(L + p["gap"] + p["r"] + rs, "L")
    s += "*PARTICLE, NODE=1000, MASS=%s, RADIUS=%s\n" % (u.n(M, "M"), u.n(rs, "L"))
    s += "*CONTACT PAIR, LAW=NEWTON\nSTRIKER, BAR\n"
    s += "*INITIAL CONDITIONS, TYPE=VELOCITY\n1000, 1, %s\n" % u.n(-p["v"], "L/T")
    s += "*BOUNDARY\n1, ENCASTRE\n"
    s += "*PROBE, NAME=striker, NODE=1000\nX, V\n*PROBE, NAME=end, NODE=%d\nX, V\n*PROBE, NAME=clamp, NODE=1\nRF\n" % (n + 1)
    s += "*PROBE, NAME=e50, ELEMENT=50, POSITION=0.5\nN\n"
    s += dynamic_step(u, p["dt"], p["T"])
    return s


MODELS.update({
    "tip_spring_modes": (tip_spring_modes, (SI, MM, IN)),
    "pinned_membrane": (pinned_membrane, (SI, MM, IN)),
    "spinning_ring": (spinning_ring, (SI, MM, MS)),
    "flexible_pendulum": (flexible_pendulum, (SI, MM, IN)),
    "follower_roll_dynamic": (follower_roll_dynamic, (SI, MM, MS)),
    "mass_strikes_bar": (mass_strikes_bar, (SI, MM, MS)),
})


HU.update({
    "tpend": {"L": 0.5, "d": 0.002, "n": 10, "M": 0.5, "R": 0.05, "phi": 1.0, "g": 9.81, "dt": 1e-3, "T": 1.0, "T2": 1.5, "tr": 0.3},
})


def torsion_pendulum_props():
    """torsion_pendulum: GJ of the wire, the disk's J about the axis and the circular frequency
    sqrt(GJ / L (J + J_wire/3)) (the wire's own polar inertia by Rayleigh's quotient)."""
    p = HU["tpend"]
    E, nu, rho = STEEL
    r = p["d"] / 2
    Ip = math.pi * r ** 4 / 2
    GJ = E / (2 * (1 + nu)) * Ip
    J = p["M"] * p["R"] ** 2 / 2
    return GJ, J, math.sqrt(GJ / (p["L"] * (J + rho * Ip * p["L"] / 3)))


def torsion_pendulum(u):
    """A torsion pendulum: a steel disk (0.5 kg, R = 50 mm, a *RIGID BODY) hanging on a steel wire
    (0.5 m, 2 mm, 10 B31) clamped at the top, under gravity, set twisting at 20 rad/s about the wire
    (*INITIAL CONDITIONS on the disk's DOF 6: an amplitude of 1 rad); then the clamp's own twist is
    turned by 1 rad (*BOUNDARY, OP=MOD of DOF 6 with a SMOOTH STEP amplitude over 0.3 s, a crank):
    the period 2 pi sqrt(J L/GJ) and the new centre of the oscillation."""
    p = HU["tpend"]
    L, n = p["L"], p["n"]
    GJ, J, w = torsion_pendulum_props()
    s = head(u, "Torsion pendulum", torsion_pendulum.__doc__)
    s += line_nodes(u, 1, (0, 0, 0), (0, 0, -L), n, "WIRE_N")
    s += line_elems(1, 1, n, "WIRE", "B31")
    s += steel(u)
    s += "*BEAM SECTION, ELSET=WIRE, MATERIAL=STEEL, SECTION=CIRC\n%s\n1, 0, 0\n" % u.n(p["d"] / 2, "L")
    Jt = p["M"] * p["R"] ** 2 / 4
    s += "*RIGID BODY, NODE=%d, MASS=%s\n%s, %s, %s\n" % (n + 1, u.n(p["M"], "M"), u.n(Jt, "M*L^2"), u.n(Jt, "M*L^2"), u.n(J, "M*L^2"))
    s += "*INITIAL CONDITIONS, TYPE=VELOCITY\n%d, 6, %s\n" % (n + 1, u.n(p["phi"] * w, "1/T"))
    s += "*GRAVITY\n0, 0, %s\n" % u.n(-p["g"], "L/T^2")
    s += "*AMPLITUDE, NAME=CRANK, DEFINITION=SMOOTH STEP\n0, 0, %s, 1\n" % u.n(p["tr"], "T")
    s += "*BOUNDARY\n1, ENCASTRE\n"
    s += "*PROBE, NAME=disk, NODE=%d\nX, R, W\n*PROBE, NAME=top, NODE=1\nR, RF, RM\n" % (n + 1)
    s += "*PROBE, NAME=mid, ELEMENT=%d, POSITION=0.5\nM, N\n" % (n // 2)
    s += "*STEP, NAME=Free\n*DYNAMIC\n%s, %s\n*OUTPUT, FORMAT=HISTORY, EVERY=1\n*END STEP\n" % (u.n(p["dt"], "T"), u.n(p["T"], "T"))
    s += "*STEP, NAME=Crank\n*DYNAMIC\n%s, %s\n*BOUNDARY, OP=MOD, AMPLITUDE=CRANK\n1, 6, 6, %s\n*OUTPUT, FORMAT=HISTORY, EVERY=1\n*END STEP\n" % (
        u.n(p["dt"], "T"), u.n(p["T2"], "T"), 1.0)
    return s


MODELS.update({
    "torsion_pendulum": (torsion_pendulum, (SI, MM, IN)),
})


def torsion_pendulum_b2s(u):
    """The torsion pendulum of torsion_pendulum twice, side by side 0.2 m apart, on wires of 10 B2S:
    WEIGHTING=GALERKIN (nodes 1-11, disk 11) and WEIGHTING=COLLOCATION (nodes 21-31, disk 31), under
    gravity, twisting at 20 rad/s, then both clamps cranked by 1 rad (the strain element's kept
    interior factors while it turns, docs/theory.md section 5)."""
    p = HU["tpend"]
    L, n = p["L"], p["n"]
    GJ, J, w = torsion_pendulum_props()
    s = head(u, "Torsion pendulum on B2S wires", torsion_pendulum_b2s.__doc__)
    for k, (first, x, wt) in enumerate(((1, 0.0, "GALERKIN"), (21, 0.2, "COLLOCATION"))):
        s += line_nodes(u, first, (x, 0, 0), (x, 0, -L), n, "WIRE%d_N" % (k + 1))
        s += line_elems(first, first, n, "WIRE%d" % (k + 1), "B2S").replace(
            "ELSET=WIRE%d" % (k + 1), "ELSET=WIRE%d, WEIGHTING=%s" % (k + 1, wt))
    s += steel(u)
    for k in (1, 2):
        s += "*BEAM SECTION, ELSET=WIRE%d, MATERIAL=STEEL, SECTION=CIRC\n%s\n1, 0, 0\n" % (k, u.n(p["d"] / 2, "L"))
    Jt = p["M"] * p["R"] ** 2 / 4
    for d in (n + 1, n + 21):
        s += "*RIGID BODY, NODE=%d, MASS=%s\n%s, %s, %s\n" % (d, u.n(p["M"], "M"), u.n(Jt, "M*L^2"), u.n(Jt, "M*L^2"), u.n(J, "M*L^2"))
    s += "*INITIAL CONDITIONS, TYPE=VELOCITY\n%d, 6, %s\n%d, 6, %s\n" % (n + 1, u.n(p["phi"] * w, "1/T"), n + 21, u.n(p["phi"] * w, "1/T"))
    s += "*GRAVITY\n0, 0, %s\n" % u.n(-p["g"], "L/T^2")
    s += "*AMPLITUDE, NAME=CRANK, DEFINITION=SMOOTH STEP\n0, 0, %s, 1\n" % u.n(p["tr"], "T")
    s += "*BOUNDARY\n1, ENCASTRE\n21, ENCASTRE\n"
    s += "*PROBE, NAME=gal, NODE=%d\nX, R, W\n*PROBE, NAME=col, NODE=%d\nX, R, W\n" % (n + 1, n + 21)
    s += "*PROBE, NAME=topg, NODE=1\nR, RF\n*PROBE, NAME=topc, NODE=21\nR, RF\n"
    s += "*STEP, NAME=Free\n*DYNAMIC\n%s, %s\n*OUTPUT, FORMAT=HISTORY, EVERY=1\n*END STEP\n" % (u.n(p["dt"], "T"), u.n(p["T"], "T"))
    s += "*STEP, NAME=Crank\n*DYNAMIC\n%s, %s\n*BOUNDARY, OP=MOD, AMPLITUDE=CRANK\n1, 6, 6, %s\n21, 6, 6, %s\n*OUTPUT, FORMAT=HISTORY, EVERY=1\n*END STEP\n" % (
        u.n(p["dt"], "T"), u.n(p["T2"], "T"), 1.0, 1.0)
    return s


MODELS.update({
    "torsion_pendulum_b2s": (torsion_pendulum_b2s, (SI, MM, IN)),
})


HU.update({
    # a W8x31 (in): 8.00 in deep, 8.00 in flanges 0.435 in thick, web 0.285 in; a 20 ft span
    "wflange": {"L": 6.096, "h": 0.2032, "b": 0.2032, "tf": 0.011049, "tw": 0.007239, "n": 20, "modes": 12},
})


def wide_flange_props():
    """wide_flange_modes: A, I about the strong axis (the web in the bending plane), I about the
    weak axis, J (docs/deck.md: the open section's sum of b t^3/3), the shear areas of the web and
    of the flanges."""
    p = HU["wflange"]
    h, b, tf, tw = p["h"], p["b"], p["tf"], p["tw"]
    hw = h - 2 * tf
    A = 2 * b * tf + hw * tw
    Is = 2 * (b * tf ** 3 / 12 + b * tf * ((h - tf) / 2) ** 2) + tw * hw ** 3 / 12
    Iw = (2 * tf * b ** 3 + hw * tw ** 3) / 12
    J = (2 * b * tf ** 3 + hw * tw ** 3) / 3
    return A, Is, Iw, J, hw * tw, 2 * b * tf


def wide_flange_modes(u):
    """A simply supported steel wide-flange beam, a W8x31 (203 x 203 mm, flanges 11.0 mm, web
    7.2 mm; SECTION=I) over 20 ft (6.096 m), 20 B31, on fork supports (the deflections and the
    twist held at both ends), written in in-lbf-s as well: *FREQUENCY, 12 modes, against the
    simply supported Timoshenko beam's exact frequencies in both planes (the web's and the flanges'
    shear areas) and the St-Venant torsion modes n pi/L sqrt(GJ/rho I_p)."""
    p = HU["wflange"]
    L, n, h, b = p["L"], p["n"], p["h"], p["b"]
    s = head(u, "Wide-flange beam on fork supports, frequencies", wide_flange_modes.__doc__)
    s += line_nodes(u, 1, (0, 0, 0), (L, 0, 0), n)
    s += line_elems(1, 1, n, "GIRDER", "B31")
    s += steel(u)
    s += "*BEAM SECTION, ELSET=GIRDER, MATERIAL=STEEL, SECTION=I\n%s\n0, 1, 0\n" % ", ".join(
        u.n(v, "L") for v in (h / 2, h, b, b, p["tf"], p["tf"], p["tw"]))
    s += "*BOUNDARY\n1, 1, 4\n%d, 2, 4\n" % (n + 1)
    s += "*STEP\n*FREQUENCY\n%d\n*END STEP\n" % p["modes"]
    return s


MODELS.update({
    "wide_flange_modes": (wide_flange_modes, (SI, MM, IN)),
})


HU.update({
    # a steel cantilever 1 m, 20 x 10 mm (bent across the 10 mm side), 10 B31, Rayleigh damping of
    # the material and a tip dashpot to ground, each about 0.6 % of critical in mode 1
    "drest": {"L": 1.0, "b": 0.02, "d": 0.01, "n": 10, "P": 5.0, "alpha": 0.6, "beta": 2e-4,
              "zc": 0.006, "rhoinf": 0.8, "dt": 5e-4, "T": 1.0, "every": 1200},
})


def damped_restart_props():
    """damped_restart: EI, rho A, the Euler-Bernoulli cantilever's w1 and the tip dashpot's c
    for the damping ratio zc of mode 1 (its modal mass rho A L/4 with the tip's displacement 1)."""
    p = HU["drest"]
    E, nu, rho = STEEL
    EI, rA = E * p["b"] * p["d"] ** 3 / 12, rho * p["b"] * p["d"]
    w1 = 1.8751040687119611 ** 2 * math.sqrt(EI / (rA * p["L"] ** 4))
    return EI, rA, w1, 2 * p["zc"] * w1 * rA * p["L"] / 4


def damped_restart(u):
    """A steel cantilever (1 m, 20 x 10 mm, 10 B31) with Rayleigh damping of the material
    (*DAMPING, ALPHA=0.6, BETA=2e-4) and a DASHPOTA from its tip to ground (0.6 % of critical in
    mode 1), pulled down by 5 N at the tip in a *STATIC step and let go in a *DYNAMIC step with
    RHOINF=0.8 (0.5 ms for 1 s), a checkpoint every 1200 increments (*RESTART, WRITE; one, in the swing): the decay
    against the three damping ratios of mode 1, the energy balance E + D - W with the dampers
    and the scheme's dissipation, and the run continued from the checkpoint (nsbeam run
    --restart) against the uninterrupted one, bit for bit."""
    p = HU["drest"]
    L, n = p["L"], p["n"]
    _, _, _, c = damped_restart_props()
    s = head(u, "Damped cantilever let go, with checkpoints", damped_restart.__doc__)
    s += "*RESTART, WRITE, FREQUENCY=%d\n" % p["every"]
    s += line_nodes(u, 1, (0, 0, 0), (L, 0, 0), n, "BAR_N")
    s += "*NODE\n100, %s, 0, %s\n" % (u.n(L, "L"), u.n(-0.1, "L"))
    s += line_elems(1, 1, n, "BAR", "B31")
    s += "*ELEMENT, TYPE=DASHPOTA, ELSET=DASH\n100, %d, 100\n" % (n + 1)
    s += "*DASHPOT, ELSET=DASH\n%s\n" % u.n(c, "F*T/L")
    s += steel(u)
    s += "*DAMPING, ALPHA=%s, BETA=%s\n" % (u.n(p["alpha"], "1/T"), u.n(p["beta"], "T"))
    s += "*BEAM SECTION, ELSET=BAR, MATERIAL=STEEL, SECTION=RECT\n%s, %s\n0, 1, 0\n" % (u.n(p["b"], "L"), u.n(p["d"], "L"))
    s += "*BOUNDARY\n1, ENCASTRE\n"
    s += "*PROBE, NAME=tip, NODE=%d\nU, V\n*PROBE, NAME=clamp, NODE=1\nRF, RM\n" % (n + 1)
    s += "*STEP\n*STATIC\n*CLOAD\n%d, 3, %s\n*END STEP\n" % (n + 1, u.n(-p["P"], "F"))
    s += "*STEP\n*DYNAMIC, RHOINF=%g\n%s, %s\n*CLOAD, OP=NEW\n*OUTPUT, FORMAT=HISTORY, EVERY=1\n" % (
        p["rhoinf"], u.n(p["dt"], "T"), u.n(p["T"], "T"))
    s += "*OUTPUT, FORMAT=VTK, EVERY=250\n*END STEP\n"
    return s


MODELS.update({
    "damped_restart": (damped_restart, (SI, MM, IN)),
})


UI.update({
    # a steel bar 1 m, 20 mm wide, 60 mm deep, falling flat on its narrow face from 5 mm
    "narrow": {"L": 1.0, "b": 0.02, "d": 0.06, "n": 10, "drop": 0.005, "g": 9.81, "h": 1e-4, "T": 0.1},
})


def narrow_face_drop(u):
    """A free steel bar (1 m, 20 mm wide, 60 mm deep: SECTION=RECT, the depth along z) dropped flat
    from 5 mm onto a rigid floor on its narrow face, every node a contact node (Newton's law, the
    default e = 0, the default mass), under gravity: the floor takes the section's depth (its
    extent toward the floor, 30 mm, not the inscribed circle's 10 mm); all nodes land together
    after sqrt(2 d/g), the bar stays down with its node line at d/2 above the floor, the floor
    carries the weight."""
    p = UI["narrow"]
    L, b, d, n = p["L"], p["b"], p["d"], p["n"]
    z0 = d / 2 + p["drop"]
    s = head(u, "Bar dropped on its narrow face", narrow_face_drop.__doc__)
    s += line_nodes(u, 1, (0, 0, z0), (L, 0, z0), n, "BAR_N")
    s += line_elems(1, 1, n, "BAR", "B31")
    s += steel(u)
    s += "*BEAM SECTION, ELSET=BAR, MATERIAL=STEEL, SECTION=RECT\n%s, %s\n0, 1, 0\n" % (u.n(b, "L"), u.n(d, "L"))
    s += "*OBSTACLE, NAME=FLOOR, TYPE=PLANE\n0, 0, 0, 0, 0, 1\n"
    s += "*CONTACT PAIR, LAW=NEWTON\nBAR_N, FLOOR\n"
    s += "*GRAVITY\n0, 0, %s\n" % u.n(-p["g"], "L/T^2")
    s += "*PROBE, NAME=mid, NODE=%d\nX, V, R\n*PROBE, NAME=end, NODE=1\nX, V, R\n" % (n // 2 + 1)
    s += "*STEP\n*DYNAMIC\n%s, %s\n*OUTPUT, FORMAT=HISTORY, EVERY=1\n*OUTPUT, FORMAT=CONTACT\n*END STEP\n" % (
        u.n(p["h"], "T"), u.n(p["T"], "T"))
    return s


MODELS.update({
    "narrow_face_drop": (narrow_face_drop, (SI, MM, IN)),
})


UI.update({
    # a steel tube cantilever 1 m, 60 x 4 mm, struck at its tip by a 0.5 kg ball at 1 m/s
    "tipball": {"L": 1.0, "R": 0.03, "t": 0.004, "n": 20, "m": 0.5, "r": 0.02, "v0": 1.0, "gap": 0.001,
                "e": 0.5, "g": 9.81, "h": 1e-4, "T": 0.2},
})


def ball_on_cantilever_tip(u):
    """A steel tube cantilever (1 m, 60 x 4 mm PIPE, 20 B31, horizontal) struck on its free end by
    a 0.5 kg ball (a particle, r = 20 mm) falling at 1 m/s from 1 mm above it, Newton's law with
    e = 0.5, under gravity, the defaults (h = 0.1 ms): the relative velocity at the struck node
    reversed by e, the momentum against the clamp's impulse and gravity, no energy gained."""
    p = UI["tipball"]
    L, n, R, r = p["L"], p["n"], p["R"], p["r"]
    s = head(u, "Ball striking a cantilever's tip", ball_on_cantilever_tip.__doc__)
    s += line_nodes(u, 1, (0, 0, 0), (L, 0, 0), n, "TUBE_N")
    s += line_elems(1, 1, n, "TUBE", "B31")
    s += steel(u)
    s += "*BEAM SECTION, ELSET=TUBE, MATERIAL=STEEL, SECTION=PIPE\n%s, %s\n0, 1, 0\n" % (u.n(R, "L"), u.n(p["t"], "L"))
    s += "*BOUNDARY\n1, ENCASTRE\n"
    s += "*NODE, NSET=BALL\n100, %s, 0, %s\n" % (u.n(L, "L"), u.n(R + r + p["gap"], "L"))
    s += "*PARTICLE, NSET=BALL, MASS=%s, RADIUS=%s\n" % (u.n(p["m"], "M"), u.n(r, "L"))
    s += "*CONTACT PAIR, LAW=NEWTON, RESTITUTION=%g\nBALL, TUBE\n" % p["e"]
    s += "*INITIAL CONDITIONS, TYPE=VELOCITY\n100, 3, %s\n" % u.n(-p["v0"], "L/T")
    s += "*GRAVITY\n0, 0, %s\n" % u.n(-p["g"], "L/T^2")
    s += "*PROBE, NAME=ball, NODE=100\nX, V\n*PROBE, NAME=tip, NODE=%d\nX, V\n*PROBE, NAME=clamp, NODE=1\nRF\n" % (n + 1)
    s += "*STEP\n*DYNAMIC\n%s, %s\n*OUTPUT, FORMAT=HISTORY, EVERY=1\n*OUTPUT, FORMAT=CONTACT\n*END STEP\n" % (
        u.n(p["h"], "T"), u.n(p["T"], "T"))
    return s


MODELS.update({
    "ball_on_cantilever_tip": (ball_on_cantilever_tip, (SI, MM, MS)),
})


UI.update({
    # a steel rod 0.5 m, 20 mm, 10 B31, hinged at one end, released horizontally onto a stop
    "b31stop": {"L": 0.5, "r": 0.01, "n": 10, "g": 9.81, "h": 5e-4, "T": 0.8},
})


def b31_pendulum_stop(u):
    """A steel rod (0.5 m, 20 mm CIRC, 10 B31) hinged at one end by supports (the translations
    and the rotations but the one about y held), released horizontally under gravity; at the
    vertical its tip strikes a rigid stop (the plane x = -r; the tip node a slave, Newton's law
    with the defaults: e = 0 and the default mass, MASS=REDISTRIBUTED, which makes the struck
    node's impulses workless); h = 0.5 ms for 0.8 s: the strike after the compound pendulum's
    K(sin 45 deg)/w0, the energy kept but for the scheme's dissipation."""
    p = UI["b31stop"]
    L, n, r = p["L"], p["n"], p["r"]
    s = head(u, "Rod pendulum striking a stop", b31_pendulum_stop.__doc__)
    s += line_nodes(u, 1, (0, 0, 0), (L, 0, 0), n, "ROD_N")
    s += "*NSET, NSET=TIP\n%d\n" % (n + 1)
    s += line_elems(1, 1, n, "ROD", "B31")
    s += steel(u)
    s += "*BEAM SECTION, ELSET=ROD, MATERIAL=STEEL, SECTION=CIRC\n%s\n0, 1, 0\n" % u.n(r, "L")
    s += "*BOUNDARY\n1, 1, 4\n1, 6, 6\n"
    s += "*OBSTACLE, NAME=STOP, TYPE=PLANE\n%s, 0, 0, 1, 0, 0\n" % u.n(-r, "L")
    s += "*CONTACT PAIR, LAW=NEWTON\nTIP, STOP\n"
    s += "*GRAVITY\n0, 0, %s\n" % u.n(-p["g"], "L/T^2")
    s += "*PROBE, NAME=tip, NODE=%d\nX, V\n*PROBE, NAME=hinge, NODE=1\nRF, RM, W\n" % (n + 1)
    s += "*STEP\n*DYNAMIC\n%s, %s\n*OUTPUT, FORMAT=HISTORY, EVERY=1\n*OUTPUT, FORMAT=CONTACT\n*END STEP\n" % (
        u.n(p["h"], "T"), u.n(p["T"], "T"))
    return s


MODELS.update({
    "b31_pendulum_stop": (b31_pendulum_stop, (SI, MM, IN)),
})


HU.update({
    # a steel box 100 x 60 x 4 mm continuous over two spans of 3 m, 16 B31 a span
    "twospan": {"L": 3.0, "a": 0.1, "b": 0.06, "t": 0.004, "n": 16, "modes": 16},
})


def two_span_props():
    """two_span_modes: A, I2 (about G2: bending along G3), I3, As3, As2 of the box (docs/deck.md)."""
    p = HU["twospan"]
    a, b, t = p["a"], p["b"], p["t"]
    ai, bi = a - 2 * t, b - 2 * t
    return a * b - ai * bi, (a * b ** 3 - ai * bi ** 3) / 12, (b * a ** 3 - bi * ai ** 3) / 12, 2 * t * bi, 2 * t * ai


def two_span_modes(u):
    """A steel box beam (100 x 60 mm, 4 mm walls, SECTION=BOX) continuous over two equal spans of
    3 m on three supports (the deflections held at all three, the twist at the ends, the axial
    motion at one end), 16 B31 a span: *FREQUENCY, 16 modes, in both bending planes against the
    two families of the continuous beam: the spans' simply supported modes (antisymmetric about
    the middle support, beta L = n pi) and the clamped-pinned span's (symmetric, beta L = 3.9266,
    7.0686, 10.2102 for Euler-Bernoulli; Blevins 1979), both for the Timoshenko beam."""
    p = HU["twospan"]
    L, n, a, b, t = p["L"], p["n"], p["a"], p["b"], p["t"]
    s = head(u, "Box beam continuous over two spans, frequencies", two_span_modes.__doc__)
    s += line_nodes(u, 1, (0, 0, 0), (2 * L, 0, 0), 2 * n)
    s += line_elems(1, 1, 2 * n, "BEAM", "B31")
    s += steel(u)
    s += "*BEAM SECTION, ELSET=BEAM, MATERIAL=STEEL, SECTION=BOX\n%s\n0, 1, 0\n" % ", ".join(
        u.n(v, "L") for v in (a, b, t, t, t, t))
    s += "*BOUNDARY\n1, 1, 4\n%d, 2, 3\n%d, 2, 4\n" % (n + 1, 2 * n + 1)
    s += "*STEP\n*FREQUENCY\n%d\n*END STEP\n" % p["modes"]
    return s


MODELS.update({
    "two_span_modes": (two_span_modes, (SI, MM, IN)),
})


UI.update({
    # a steel rod 1 m, 20 mm, 20 B31, falling at 30 deg onto a floor, its lower end 5 mm above it
    "tilted": {"L": 1.0, "r": 0.01, "n": 20, "angle": 30.0, "drop": 0.005, "g": 9.81, "h": 1e-4, "T": 0.15},
})


def tilted_bar_drop(u):
    """A free steel rod (1 m, 20 mm CIRC, 20 B31) released at rest at 30 deg to a rigid floor, its
    lower end 5 mm above it, under gravity; the end node a contact slave (Newton's law, the
    defaults: e = 0 and MASS=REDISTRIBUTED), the floor frictionless: the end lands after
    sqrt(2 d/g); no horizontal force, so the centre of mass falls straight down; the momentum and
    the angular momentum about the origin against gravity and the floor's impulses; no energy
    gained."""
    p = UI["tilted"]
    L, n, r = p["L"], p["n"], p["r"]
    a = math.radians(p["angle"])
    z0 = r + p["drop"]
    s = head(u, "Rod dropped at an angle", tilted_bar_drop.__doc__)
    s += line_nodes(u, 1, (0, 0, z0), (L * math.cos(a), 0, z0 + L * math.sin(a)), n, "ROD_N")
    s += "*NSET, NSET=END\n1\n"
    s += line_elems(1, 1, n, "ROD", "B31")
    s += steel(u)
    s += "*BEAM SECTION, ELSET=ROD, MATERIAL=STEEL, SECTION=CIRC\n%s\n0, 1, 0\n" % u.n(r, "L")
    s += "*OBSTACLE, NAME=FLOOR, TYPE=PLANE\n0, 0, 0, 0, 0, 1\n"
    s += "*CONTACT PAIR, LAW=NEWTON\nEND, FLOOR\n"
    s += "*GRAVITY\n0, 0, %s\n" % u.n(-p["g"], "L/T^2")
    s += "*PROBE, NAME=end, NODE=1\nX, V\n*PROBE, NAME=top, NODE=%d\nX, V\n" % (n + 1)
    s += "*STEP\n*DYNAMIC\n%s, %s\n*OUTPUT, FORMAT=HISTORY, EVERY=1\n*OUTPUT, FORMAT=CONTACT\n*END STEP\n" % (
        u.n(p["h"], "T"), u.n(p["T"], "T"))
    return s


MODELS.update({
    "tilted_bar_drop": (tilted_bar_drop, (SI, MM, MS)),
})



U4 = {
    # a steel rafter 5 m long at 30 deg, 100 x 200 mm, CalculiX's generators, a vertical line load
    "rafter": {"L": 5.0, "alpha": 30.0, "b": 0.1, "h": 0.2, "n": 20, "q": 2000.0, "probe": (7, 0.3)},
    # an L-shaped frame in plan, 2 m + 1.5 m, given by its stiffnesses (*BEAM GENERAL SECTION)
    "plan": {"a": 2.0, "b": 1.5, "n": (8, 6), "EA": 1.0e9, "GA2": 2.0e8, "GA3": 3.0e8, "GJ": 5.0e5,
             "EI2": 4.0e6, "EI3": 1.5e6, "rhoA": 40.0, "rhoJ": (0.06, 0.04, 0.02), "P": 200.0, "H": 300.0,
             "probe": (3, 0.6)},
    # a quarter ring of radius 1 m of a 60 x 4 mm steel tube, 8 B32, a line load out of its plane
    "b32ring": {"R": 1.0, "r": 0.03, "t": 0.004, "n": 8, "q": 100.0, "probes": ((3, 0.25), (6, 0.7))},
}


def rafter_geometry():
    p = U4["rafter"]
    a = math.radians(p["alpha"])
    return p["L"], a, (p["L"] * math.cos(a), 0.0, p["L"] * math.sin(a))


def ngen_rafter(u):
    """A steel rafter (5 m at 30 deg, 100 x 200 mm RECT, 20 B31) written as a CalculiX user does:
    its two end nodes with *NODE, the others by *NGEN, one element repeated by *ELGEN; pinned at
    the eaves, on a vertical roller at the ridge (the twist held at the eaves), under a vertical
    line load of 2 kN per metre of rafter (*DLOAD PZ) in four increments: the reactions q L / 2,
    the axial force, shear and moment of the inclined simply supported beam at an interior
    point and at every VTK axis point, the midspan deflection across the rafter."""
    p = U4["rafter"]
    L, a, top = rafter_geometry()
    n = p["n"]
    s = head(u, "Rafter on a slope, line load", ngen_rafter.__doc__)
    s += "*NODE\n1, 0, 0, 0\n%d, %s, 0, %s\n" % (n + 1, u.n(top[0], "L"), u.n(top[2], "L"))
    s += "*NGEN, NSET=RAFTER_N\n1, %d, 1\n" % (n + 1)
    s += "*ELEMENT, TYPE=B31\n1, 1, 2\n*ELGEN, ELSET=RAFTER\n1, %d, 1, 1\n" % n
    s += steel(u)
    s += "*BEAM SECTION, ELSET=RAFTER, MATERIAL=STEEL, SECTION=RECT\n%s, %s\n0, 1, 0\n" % (u.n(p["b"], "L"), u.n(p["h"], "L"))
    s += "*NSET, NSET=EAVES\n1\n*NSET, NSET=RIDGE\n%d\n" % (n + 1)
    s += "*BOUNDARY\nEAVES, 1, 4\nRIDGE, 2, 3\n"
    s += "*PROBE, NAME=eaves, NODE=1\nU, RF\n*PROBE, NAME=ridge, NODE=%d\nU, RF\n" % (n + 1)
    s += "*PROBE, NAME=mid, NODE=%d\nU\n" % (n // 2 + 1)
    s += "*PROBE, NAME=cut, ELEMENT=%d, POSITION=%g\nX, U, NS, MS\n" % p["probe"]
    s += "*STEP\n*STATIC\n0.25, 1.0\n*DLOAD\nRAFTER, PZ, %s\n" % u.n(-p["q"], "F/L")
    s += "*OUTPUT, FORMAT=VTK\n*END STEP\n"
    return s


def plan_frame_points():
    p = U4["plan"]
    pts = [(0.0, 0.0, 0.0)]
    for i in range(1, p["n"][0] + 1):
        pts.append((p["a"] * i / p["n"][0], 0.0, 0.0))
    for i in range(1, p["n"][1] + 1):
        pts.append((p["a"], p["b"] * i / p["n"][1], 0.0))
    return pts


def general_section_plan(u):
    """An L-shaped frame in plan (2 m along x from a clamp, then 1.5 m along y; 8 + 6 B31), its
    section given by its stiffnesses (*BEAM GENERAL SECTION: EA, GA2, GA3, GJ, EI2, EI3 all
    different, G2 vertical), loaded at its free corner by 200 N downwards (out of its plane:
    torsion of the first leg and bending about G3) and 300 N along x (in its plane: bending about
    G2, axial force in the first leg) in four increments: the clamp's reactions, the section
    forces inside the first leg, the tip's displacements against linear Timoshenko theory."""
    p = U4["plan"]
    pts = plan_frame_points()
    N = len(pts) - 1
    s = head(u, "L-frame in plan, general section", general_section_plan.__doc__)
    s += "*NODE, NSET=FRAME_N\n"
    for i, q in enumerate(pts):
        s += "%d, %s, %s, %s\n" % (i + 1, u.n(q[0], "L"), u.n(q[1], "L"), u.n(q[2], "L"))
    s += line_elems(1, 1, N, "FRAME", "B31")
    s += "*BEAM GENERAL SECTION, ELSET=FRAME\n%s\n%s\n0, 0, 1\n" % (
        ", ".join(u.n(p[k], d) for k, d in (("EA", "F"), ("GA2", "F"), ("GA3", "F"), ("GJ", "F*L^2"),
                                              ("EI2", "F*L^2"), ("EI3", "F*L^2"))),
        ", ".join([u.n(p["rhoA"], "M/L")] + [u.n(v, "M*L") for v in p["rhoJ"]]))
    s += "*BOUNDARY\n1, ENCASTRE\n"
    s += "*PROBE, NAME=tip, NODE=%d\nX, U\n*PROBE, NAME=clamp, NODE=1\nRF, RM\n" % (N + 1)
    s += "*PROBE, NAME=cut, ELEMENT=%d, POSITION=%g\nX, N, M, NS, MS\n" % p["probe"]
    s += "*STEP\n*STATIC\n0.25, 1.0\n*CLOAD\n%d, 3, %s\n%d, 1, %s\n*END STEP\n" % (
        N + 1, u.n(-p["P"], "F"), N + 1, u.n(p["H"], "F"))
    return s


def b32_ring_nodes():
    """The quarter ring's nodes: angle psi from the free end (node 1, on the x axis) to the clamp
    (on the y axis), end and middle nodes of the B32 on the circle."""
    p = U4["b32ring"]
    m = 2 * p["n"]
    return [(p["R"] * math.cos(0.5 * math.pi * i / m), p["R"] * math.sin(0.5 * math.pi * i / m), 0.0)
            for i in range(m + 1)]


def b32_ring(u):
    """A CalculiX deck: a quarter ring (radius 1 m) of a steel tube (60 x 4 mm, SECTION=PIPE) in 8
    B32 elements, clamped at one end, under a line load of 100 N/m out of its plane (Eall, PZ)
    over *STATIC increments of 0.25; *NODE PRINT and *EL PRINT as CalculiX writes them: the
    clamp's reactions and the section forces at two points inside against the statics of the
    meshed ring, the free end's deflection against the curved beam's closed form (bending and
    torsion; Young and Budynas 2002)."""
    p = U4["b32ring"]
    pts = b32_ring_nodes()
    m = len(pts) - 1
    s = head(u, "Quarter ring under an out-of-plane line load (B32)", b32_ring.__doc__)
    s += "*NODE, NSET=Nall\n"
    for i, q in enumerate(pts):
        s += "%d, %s, %s, %s\n" % (i + 1, u.n(q[0], "L"), u.n(q[1], "L"), u.n(q[2], "L"))
    s += "*ELEMENT, TYPE=B32, ELSET=Eall\n"
    for e in range(p["n"]):
        s += "%d, %d, %d, %d\n" % (e + 1, 2 * e + 1, 2 * e + 2, 2 * e + 3)
    s += "*MATERIAL, NAME=EL\n*ELASTIC\n%s, 0.3\n*DENSITY\n%s\n" % (u.n(STEEL[0], "F/L^2"), u.n(STEEL[2], "M/L^3"))
    s += "*BEAM SECTION, ELSET=Eall, MATERIAL=EL, SECTION=PIPE\n%s, %s\n0, 0, 1\n" % (u.n(p["r"], "L"), u.n(p["t"], "L"))
    s += "*NSET, NSET=FIX\n%d\n*NSET, NSET=TIP\n1\n*ELSET, ELSET=E3\n3\n" % (m + 1)
    s += "*BOUNDARY\nFIX, 1, 6\n"
    for k, (e, xi) in enumerate(p["probes"]):
        s += "*PROBE, NAME=c%d, ELEMENT=%d, POSITION=%g\nX, N, M, NS, MS\n" % (k + 1, e, xi)
    s += "*STEP\n*STATIC\n0.25, 1.\n*DLOAD\nEall, PZ, %s\n" % u.n(-p["q"], "F/L")
    s += "*NODE PRINT, NSET=TIP\nU\n*NODE PRINT, NSET=FIX\nRF, RM\n*EL PRINT, ELSET=E3\nSF, SM\n*END STEP\n"
    return s


MODELS.update({
    "ngen_rafter": (ngen_rafter, (SI, MM, IN)),
    "general_section_plan": (general_section_plan, (SI, MM, IN)),
    "b32_ring": (b32_ring, (SI, MM, IN)),
})



U4.update({
    # a steel box 200 x 100 x 50 mm (7.85 kg) on a rough floor (mu = 0.3), tethered by a rigid link
    # of 0.5 m to a ground point at its centre's height, set sliding at 1 m/s across the link
    "tether": {"a": 0.2, "b": 0.1, "c": 0.05, "R": 0.5, "mu": 0.3, "v0": 1.0, "g": 9.81, "h": 1e-3, "T": 0.3, "T_stop": 0.5},
})


def tethered_block(u):
    """A steel box (200 x 100 x 50 mm, 7.85 kg, a rigid body) resting on a rough floor (Coulomb
    mu = 0.3 on its four bottom corners), tied by a rigid link (*JOINT, TYPE=DISTANCE) of 0.5 m
    from its centre to a ground point at the same height, set sliding at 1 m/s across the link
    under gravity, the defaults (h = 1 ms), for 0.3 s: it slides on the circle with v = v0 - mu g
    t without turning (the link acts at the centre, friction's moments about the centre have no
    vertical part); its kinetic energy goes to the friction's dissipation.  (It would stop after
    v0/(mu g) = 0.34 s having gone v0^2/(2 mu g) along the circle: check_user.py runs that too.)"""
    p = U4["tether"]
    a, b, c, R = p["a"], p["b"], p["c"], p["R"]
    m = STEEL[2] * a * b * c
    I = (m * (b * b + c * c) / 12, m * (a * a + c * c) / 12, m * (a * a + b * b) / 12)
    s = head(u, "Box on a rough floor, tethered", tethered_block.__doc__)
    s += "*NODE, NSET=BOX\n1, %s, 0, %s\n" % (u.n(R, "L"), u.n(c / 2, "L"))
    s += "*NODE\n2, 0, 0, %s\n" % u.n(c / 2, "L")
    s += "*RIGID BODY, NODE=1, MASS=%s\n%s, %s, %s\n" % (u.n(m, "M"), *(u.n(v, "M*L^2") for v in I))
    s += "*JOINT, TYPE=DISTANCE\n1, 2\n"
    s += "*OBSTACLE, NAME=FLOOR, TYPE=PLANE\n0, 0, 0, 0, 0, 1\n"
    s += "*CONTACT POINTS, NAME=CORNERS, LAYOUT=LIST\n"
    for sx in (1, -1):
        for sy in (1, -1):
            s += "%s, %s, %s\n" % (u.n(sx * a / 2, "L"), u.n(sy * b / 2, "L"), u.n(-c / 2, "L"))
    s += "*CONTACT PAIR, LAW=NEWTON, FRICTION=%g, POINTS=CORNERS\nBOX, FLOOR\n" % p["mu"]
    s += "*INITIAL CONDITIONS, TYPE=VELOCITY\n1, 2, %s\n" % u.n(p["v0"], "L/T")
    s += "*GRAVITY\n0, 0, %s\n" % u.n(-p["g"], "L/T^2")
    s += "*PROBE, NAME=box, NODE=1\nX, V, R\n"
    s += "*STEP\n*DYNAMIC\n%s, %s\n*OUTPUT, FORMAT=HISTORY, EVERY=1\n*END STEP\n" % (u.n(p["h"], "T"), u.n(p["T"], "T"))
    return s


MODELS.update({
    "tethered_block": (tethered_block, (SI, MM, MS)),
})



U4.update({
    # a quarter ring, radius 0.8 m, of a 20 x 40 mm steel bar (the 40 mm in the ring's plane),
    # 4 B2S made curved by node frames tangent to the circle
    "framed": {"R": 0.8, "b": 0.02, "h": 0.04, "n": 4, "P": (-300.0, 0.0, -100.0)},
})


def framed_ring_nodes(n=None):
    """framed_ring_b2s: the nodes from the clamp (psi = pi/2, on the y axis) to the free end
    (psi = 0), each with its tangent towards the free end."""
    p = U4["framed"]
    n = p["n"] if n is None else n
    out = []
    for i in range(n + 1):
        psi = 0.5 * math.pi * (1 - i / n)
        out.append(((p["R"] * math.cos(psi), p["R"] * math.sin(psi), 0.0), (math.sin(psi), -math.cos(psi), 0.0)))
    return out


def framed_ring_b2s(u, n=None):
    """A steel quarter ring (radius 0.8 m, 20 x 40 mm RECT, the 40 mm in its plane) of four B2S
    elements made curved by *BEAM NODE FRAME (G1 tangent to the circle, G2 normal to its plane),
    clamped at one end, loaded at the other by 300 N towards the centre and 100 N out of the
    plane in four increments: the clamp's reactions, the free end's displacement against the
    curved beam's (unit-load integral along the arc with EA, kGA, GJ and both EI)."""
    p = U4["framed"]
    nodes = framed_ring_nodes(n)
    N = len(nodes) - 1
    s = head(u, "Quarter ring of curved B2S elements", framed_ring_b2s.__doc__)
    s += "*NODE\n"
    for i, (x, _) in enumerate(nodes):
        s += "%d, %s, %s, %s\n" % (i + 1, u.n(x[0], "L"), u.n(x[1], "L"), u.n(x[2], "L"))
    s += line_elems(1, 1, N, "RING", "B2S")
    s += "*BEAM NODE FRAME\n"
    for i, (_, t) in enumerate(nodes):
        s += "%d, %.15g, %.15g, 0, 0, 0, 1\n" % (i + 1, t[0], t[1])
    s += steel(u)
    s += "*BEAM SECTION, ELSET=RING, MATERIAL=STEEL, SECTION=RECT\n%s, %s\n" % (u.n(p["b"], "L"), u.n(p["h"], "L"))
    s += "*BOUNDARY\n1, ENCASTRE\n"
    s += "*PROBE, NAME=tip, NODE=%d\nX, U\n*PROBE, NAME=clamp, NODE=1\nRF, RM\n" % (N + 1)
    s += "*STEP\n*STATIC\n0.25, 1.0\n*CLOAD\n"
    for k in range(3):
        if p["P"][k]:
            s += "%d, %d, %s\n" % (N + 1, k + 1, u.n(p["P"][k], "F"))
    s += "*END STEP\n"
    return s


MODELS.update({
    "framed_ring_b2s": (framed_ring_b2s, (SI, MM, IN)),
})



U4.update({
    # a steel floor beam 6 m, 100 x 200 mm, simply supported, 20 B31, a line load of 5 kN/m put on
    # suddenly, 10 modes, h = 0.5 ms for 0.2 s
    "modudl": {"L": 6.0, "b": 0.1, "h": 0.2, "n": 20, "q": 5000.0, "modes": 10, "dt": 5e-4, "T": 0.2},
})


def modal_udl_beam(u):
    """A steel floor beam (6 m, 100 x 200 mm RECT, 20 B31) simply supported (pinned, a roller,
    the twist held), its frequencies (*FREQUENCY, 10), then a line load of 5 kN/m put on suddenly
    (*DLOAD PZ) in *MODAL DYNAMIC with 10 modes, no damping, h = 0.5 ms for 0.2 s: the midspan
    swings between 0 and about twice the static deflection, the sum over the symmetric bending
    modes of their static shares times (1 - cos w t) (at the trapezoidal rule's frequency)."""
    p = U4["modudl"]
    L, n = p["L"], p["n"]
    s = head(u, "Floor beam, sudden line load, modal dynamics", modal_udl_beam.__doc__)
    s += line_nodes(u, 1, (0, 0, 0), (L, 0, 0), n, "BEAM_N")
    s += line_elems(1, 1, n, "BEAM", "B31")
    s += steel(u)
    s += "*BEAM SECTION, ELSET=BEAM, MATERIAL=STEEL, SECTION=RECT\n%s, %s\n0, 1, 0\n" % (u.n(p["b"], "L"), u.n(p["h"], "L"))
    s += "*BOUNDARY\n1, 1, 4\n%d, 2, 3\n" % (n + 1)
    s += "*PROBE, NAME=mid, NODE=%d\nU\n" % (n // 2 + 1)
    s += "*STEP\n*FREQUENCY\n%d\n*END STEP\n" % p["modes"]
    s += "*STEP\n*MODAL DYNAMIC, MODES=%d\n%s, %s\n*DLOAD\nBEAM, PZ, %s\n*OUTPUT, FORMAT=HISTORY, EVERY=1\n*END STEP\n" % (
        p["modes"], u.n(p["dt"], "T"), u.n(p["T"], "T"), u.n(-p["q"], "F/L"))
    return s


MODELS.update({
    "modal_udl_beam": (modal_udl_beam, (SI, MM, IN)),
})



# ---------------------------------------------------------------------------
# round six: the slope-deflection stiffnesses of a clamped member, the secant formula of an
# eccentrically loaded column, a tie beam (a span under tension and a central load), the
# steady harmonic response in *MODAL DYNAMIC, a free brick's wobble about its major axis, a bar
# under a step end load (make_decks.py's earlier blocks cover the rest)

U6 = {
    # two steel members 3 m, 100 x 200 mm RECT (bending across the 200 mm), 12 B31, clamped at
    # one end; the other end turned by 2 mrad (A) or moved 5 mm across (B), the rest held
    "slope": {"L": 3.0, "b": 0.1, "h": 0.2, "n": 12, "theta": 0.002, "delta": 0.005},
    # a pinned steel column 2 m, 60 x 30 mm RECT (weak axis across the 30 mm), 10 B31, axial
    # load to 0.8 of its weak-axis Euler load at an eccentricity of 2 mm (end moments P e)
    "eccol": {"L": 2.0, "b": 0.06, "h": 0.03, "n": 10, "e": 0.002, "f": 0.8},
    # a simply supported steel beam 2 m, 40 x 20 mm RECT (bending across the 20 mm), 16 B31,
    # pulled by S = 16 EI/L^2 (u = kL/2 = 2), then 200 N at midspan
    "tie": {"L": 2.0, "b": 0.04, "h": 0.02, "n": 16, "u": 2.0, "P": 200.0},
    # the tie beam's span without the pull, 20 N at midspan at 0.8 of its first frequency,
    # Rayleigh damping for 5 % in mode 1 (half ALPHA, half BETA), 10 modes, h = 0.2 ms for 3 s
    "modharm": {"L": 2.0, "b": 0.04, "h": 0.02, "n": 16, "F": 20.0, "r": 0.8, "zeta": 0.05, "modes": 10,
                "dt": 2e-4, "T": 3.0},
    # two free steel bricks 200 x 100 x 50 mm spinning at 20 rad/s, one about its shortest edge
    # (the largest inertia) with 0.5 rad/s about its longest, the other about its middle edge
    # (the intermediate inertia) with 0.5 and 0.1 rad/s about the others; no gravity, h = 1 ms
    # for 5 s
    "brick": {"a": 0.2, "b": 0.1, "c": 0.05, "major": (0.5, 0.0, 20.0), "middle": (0.5, 20.0, 0.1),
              "dt": 1e-3, "T": 5.0},
    # a steel bar 1 m, 20 x 20 mm, 100 B31, clamped, 10 kN along its axis on the free end from
    # t = 0, h = 2 us for 1 ms
    "stepbar": {"L": 1.0, "b": 0.02, "n": 100, "F": 1.0e4, "dt": 2e-6, "T": 1e-3},
}


def slope_deflection(u):
    """Two steel members (3 m, 100 x 200 mm RECT, bending across the 200 mm, 12 B31), each clamped
    at one end; the far end of A turned by 2 mrad about the bending axis (*BOUNDARY on DOF 5), the
    far end of B moved 5 mm across (DOF 3), every other DOF there held; four static increments:
    the end moments and shears against the shear-flexible slope-deflection stiffnesses (4 + Phi)
    EI/((1 + Phi) L), (2 - Phi) EI/((1 + Phi) L), 6 EI/((1 + Phi) L^2), 12 EI/((1 + Phi) L^3),
    Phi = 12 EI/(kGA L^2) (Przemieniecki 1968)."""
    p = U6["slope"]
    L, n = p["L"], p["n"]
    s = head(u, "Clamped members: end rotation and end settlement", slope_deflection.__doc__)
    s += line_nodes(u, 1, (0, 0, 0), (L, 0, 0), n)
    s += line_nodes(u, 101, (0, 0.5, 0), (L, 0.5, 0), n)
    s += line_elems(1, 1, n, "MEMBERS", "B31")
    s += line_elems(101, 101, n, "MEMBERS", "B31")
    s += steel(u)
    s += "*BEAM SECTION, ELSET=MEMBERS, MATERIAL=STEEL, SECTION=RECT\n%s, %s\n0, 1, 0\n" % (u.n(p["b"], "L"), u.n(p["h"], "L"))
    s += "*BOUNDARY\n1, ENCASTRE\n101, ENCASTRE\n%d, 1, 4\n%d, 6, 6\n%d, 1, 2\n%d, 4, 6\n" % (n + 1, n + 1, 101 + n, 101 + n)
    s += "*PROBE, NAME=a0, NODE=1\nRF, RM\n*PROBE, NAME=a1, NODE=%d\nU, R, RF, RM\n" % (n + 1)
    s += "*PROBE, NAME=b0, NODE=101\nRF, RM\n*PROBE, NAME=b1, NODE=%d\nU, R, RF, RM\n" % (101 + n)
    s += "*STEP\n*STATIC\n0.25, 1.0\n*BOUNDARY\n%d, 5, 5, %.15g\n%d, 3, 3, %s\n*END STEP\n" % (
        n + 1, p["theta"], 101 + n, u.n(-p["delta"], "L"))
    return s


def eccol_props():
    """eccentric_column: EI about the weak axis, kGA, EA, the weak-axis Euler load."""
    p = U6["eccol"]
    E, nu, _ = STEEL
    A = p["b"] * p["h"]
    EI = E * p["b"] * p["h"] ** 3 / 12
    return EI, 5.0 / 6.0 * E / (2 * (1 + nu)) * A, E * A, math.pi ** 2 * EI / p["L"] ** 2


def eccentric_column(u):
    """A pinned steel column (2 m, 60 x 30 mm RECT, 10 B31, vertical) loaded at an eccentricity of
    2 mm across its 30 mm side as a user writes it: the axial load P at the top and the end
    moments P e of the brackets at both ends, in five static increments to 0.8 of the weak-axis
    Euler load; the midspan deflection e (sec(kL/2) - 1) and moment P e sec(kL/2), k^2 = P/EI
    (the secant formula, Timoshenko and Gere 1961)."""
    p = U6["eccol"]
    L, n = p["L"], p["n"]
    P = p["f"] * eccol_props()[3]
    M = P * p["e"]
    s = head(u, "Eccentrically loaded pinned column", eccentric_column.__doc__)
    s += line_nodes(u, 1, (0, 0, 0), (0, 0, L), n, "COL_N")
    s += line_elems(1, 1, n, "COL", "B31")
    s += steel(u)
    # G2 along y (the 60 mm), G3 along x (the 30 mm): the weak axis is y
    s += "*BEAM SECTION, ELSET=COL, MATERIAL=STEEL, SECTION=RECT\n%s, %s\n0, 1, 0\n" % (u.n(p["b"], "L"), u.n(p["h"], "L"))
    s += "*BOUNDARY\n1, 1, 3\n1, 6, 6\n%d, 1, 2\n%d, 6, 6\n" % (n + 1, n + 1)
    s += "*PROBE, NAME=mid, NODE=%d\nU\n*PROBE, NAME=midcut, ELEMENT=%d, POSITION=1\nM, NS\n" % (n // 2 + 1, n // 2)
    s += "*PROBE, NAME=base, NODE=1\nRF, RM\n"
    s += "*STEP, NLGEOM\n*STATIC\n0.2, 1.0\n*CLOAD\n%d, 3, %s\n%d, 5, %s\n1, 5, %s\n*END STEP\n" % (
        n + 1, u.n(-P, "F"), n + 1, u.n(M, "F*L"), u.n(-M, "F*L"))
    return s


def tie_props():
    """tie_beam: EI (across the 20 mm), kGA, EA and the pull S = 4 u^2 EI/L^2."""
    p = U6["tie"]
    E, nu, _ = STEEL
    A = p["b"] * p["h"]
    EI = E * p["b"] * p["h"] ** 3 / 12
    return EI, 5.0 / 6.0 * E / (2 * (1 + nu)) * A, E * A, 4 * p["u"] ** 2 * EI / p["L"] ** 2


def tie_beam(u):
    """A simply supported steel beam (2 m, 40 x 20 mm RECT, bending across the 20 mm, 16 B31; a pin
    and a roller free along the axis) pulled along its axis by S = 16 EI/L^2 in a first static
    step, then loaded by 200 N at midspan in a second (four increments each): the midspan
    deflection (P/2Sk)(kL/2 - tanh kL/2) and moment (P/2k) tanh kL/2, k^2 = S/EI, with the shear
    terms (Timoshenko and Gere 1961, tie-bar with a lateral load)."""
    p = U6["tie"]
    L, n = p["L"], p["n"]
    S = tie_props()[3]
    s = head(u, "Tie beam: a span under tension and a central load", tie_beam.__doc__)
    s += line_nodes(u, 1, (0, 0, 0), (L, 0, 0), n, "TIE_N")
    s += line_elems(1, 1, n, "TIE", "B31")
    s += steel(u)
    s += "*BEAM SECTION, ELSET=TIE, MATERIAL=STEEL, SECTION=RECT\n%s, %s\n0, 1, 0\n" % (u.n(p["b"], "L"), u.n(p["h"], "L"))
    s += "*BOUNDARY\n1, 1, 4\n%d, 2, 3\n" % (n + 1)
    s += "*PROBE, NAME=mid, NODE=%d\nU\n*PROBE, NAME=midcut, ELEMENT=%d, POSITION=1\nNS, MS\n" % (n // 2 + 1, n // 2)
    s += "*PROBE, NAME=pin, NODE=1\nRF\n*PROBE, NAME=roller, NODE=%d\nU, RF\n" % (n + 1)
    s += "*STEP, NLGEOM\n*STATIC\n0.25, 1.0\n*CLOAD\n%d, 1, %s\n*END STEP\n" % (n + 1, u.n(S, "F"))
    s += "*STEP, NLGEOM\n*STATIC\n0.25, 1.0\n*CLOAD\n%d, 3, %s\n*END STEP\n" % (n // 2 + 1, u.n(-p["P"], "F"))
    return s


def modharm_props():
    """modal_harmonic: EI, rho A, the Euler-Bernoulli omega_1, the forcing Omega and Rayleigh's
    ALPHA, BETA for zeta_1 (half from each)."""
    p = U6["modharm"]
    E, nu, rho = STEEL
    EI = E * p["b"] * p["h"] ** 3 / 12
    rA = rho * p["b"] * p["h"]
    w1 = math.pi ** 2 * math.sqrt(EI / rA) / p["L"] ** 2
    return EI, rA, w1, p["r"] * w1, p["zeta"] * w1, p["zeta"] / w1


def modal_harmonic(u):
    """A simply supported steel beam (2 m, 40 x 20 mm RECT, 16 B31), *FREQUENCY (10), then 20 N at
    midspan by a PERIODIC amplitude at 0.8 of the first natural frequency in *MODAL DYNAMIC,
    MODES=10, ALPHA, BETA for 5 % of critical in mode 1 (half from each), h = 0.2 ms for 3 s from
    rest: the steady swing's amplitude against the modal sum of F phi_k^2 / |w_k^2 - W^2 + 2 i
    zeta_k w_k W| (Clough and Penzien 1993), the transient decayed by exp(-zeta w t)."""
    p = U6["modharm"]
    L, n = p["L"], p["n"]
    _, _, _, W, al, be = modharm_props()
    s = head(u, "Simply supported beam, harmonic force, modal dynamics", modal_harmonic.__doc__)
    s += line_nodes(u, 1, (0, 0, 0), (L, 0, 0), n, "BEAM_N")
    s += line_elems(1, 1, n, "BEAM", "B31")
    s += steel(u)
    s += "*BEAM SECTION, ELSET=BEAM, MATERIAL=STEEL, SECTION=RECT\n%s, %s\n0, 1, 0\n" % (u.n(p["b"], "L"), u.n(p["h"], "L"))
    s += "*BOUNDARY\n1, 1, 4\n%d, 2, 3\n" % (n + 1)
    s += "*AMPLITUDE, NAME=HARM, DEFINITION=PERIODIC\n1, %s, 0, 0\n0, 1\n" % u.n(W, "1/T")
    s += "*PROBE, NAME=mid, NODE=%d\nU\n" % (n // 2 + 1)
    s += "*STEP\n*FREQUENCY\n%d\n*END STEP\n" % p["modes"]
    s += "*STEP\n*MODAL DYNAMIC, MODES=%d, ALPHA=%s, BETA=%s\n%s, %s\n*CLOAD, AMPLITUDE=HARM\n%d, 3, %s\n*END STEP\n" % (
        p["modes"], u.n(al, "1/T"), u.n(be, "T"), u.n(p["dt"], "T"), u.n(p["T"], "T"), n // 2 + 1, u.n(-p["F"], "F"))
    return s


def brick_props():
    """free_brick: mass and principal inertias about the edges a (x), b (y), c (z)."""
    p = U6["brick"]
    a, b, c = p["a"], p["b"], p["c"]
    m = STEEL[2] * a * b * c
    return m, m * (b * b + c * c) / 12, m * (a * a + c * c) / 12, m * (a * a + b * b) / 12


def free_brick(u):
    """Two free steel bricks (200 x 100 x 50 mm along x, y, z; 7.85 kg; *RIGID BODY) thrown
    spinning at 20 rad/s: one about z, its largest inertia, with 0.5 rad/s about x (a stable
    wobble), the other about y, its intermediate inertia, with 0.5 and 0.1 rad/s about x and z
    (it flips over and back, the tennis racket); no gravity, the default *DYNAMIC at 1 ms for
    5 s: the body rates follow Euler's torque-free solution in Jacobi's elliptic functions, of
    period 4 K(k)/p (Landau and Lifshitz 1976, par. 37); angular momentum and energy kept."""
    p = U6["brick"]
    m, J1, J2, J3 = brick_props()
    s = head(u, "Free bricks spinning about their major and intermediate axes", free_brick.__doc__)
    s += "*NODE\n1, 0, 0, 0\n2, %s, 0, 0\n" % u.n(1.0, "L")
    s += "*INITIAL CONDITIONS, TYPE=VELOCITY\n"
    for node, key in ((1, "major"), (2, "middle")):
        for d in range(3):
            if p[key][d]:
                s += "%d, %d, %s\n" % (node, d + 4, u.n(p[key][d], "1/T"))
    for node in (1, 2):
        s += "*RIGID BODY, NODE=%d, MASS=%s\n%s, %s, %s\n" % (node, u.n(m, "M"), u.n(J1, "M*L^2"), u.n(J2, "M*L^2"),
                                                            u.n(J3, "M*L^2"))
    s += "*PROBE, NAME=major, NODE=1\nWB\n*PROBE, NAME=middle, NODE=2\nWB\n"
    s += "*STEP\n*DYNAMIC\n%s, %s\n*OUTPUT, FORMAT=HISTORY, EVERY=1\n*END STEP\n" % (u.n(p["dt"], "T"), u.n(p["T"], "T"))
    return s


def step_loaded_bar(u):
    """A steel bar (1 m, 20 x 20 mm, 100 B31) clamped at one end, 10 kN along its axis put on its
    free end at t = 0 and held, the default *DYNAMIC at 2 us (the elements' wave transit time)
    for 1 ms: the end moves at F/(rho A c) until the reflection returns at 2L/c, reaching twice
    the static stretch 2FL/EA, and swings back to rest at 4L/c (d'Alembert; Graff 1975); the
    momentum is the load's impulse less the clamp's."""
    p = U6["stepbar"]
    L, n = p["L"], p["n"]
    s = head(u, "Bar under a step end load", step_loaded_bar.__doc__)
    s += line_nodes(u, 1, (0, 0, 0), (L, 0, 0), n, "BAR_N")
    s += line_elems(1, 1, n, "BAR", "B31")
    s += steel(u)
    s += "*BEAM SECTION, ELSET=BAR, MATERIAL=STEEL, SECTION=RECT\n%s, %s\n0, 1, 0\n" % (u.n(p["b"], "L"), u.n(p["b"], "L"))
    s += "*BOUNDARY\n1, ENCASTRE\n"
    s += "*PROBE, NAME=tip, NODE=%d\nU, V\n*PROBE, NAME=clamp, NODE=1\nRF\n" % (n + 1)
    s += "*STEP\n*DYNAMIC\n%s, %s\n*CLOAD\n%d, 1, %s\n*OUTPUT, FORMAT=HISTORY, EVERY=1\n*END STEP\n" % (
        u.n(p["dt"], "T"), u.n(p["T"], "T"), n + 1, u.n(p["F"], "F"))
    return s


U6["hbar"] = {"L": 1.0, "r": 0.01, "n": 100, "rb": 0.01, "v": 1.0, "gap": 1e-4, "dt": 1e-6, "T": 3e-4}


def hertz_bar_props():
    """hertz_ball_bar_end: the ball's mass, the Hertz constant c = 4/3 E* sqrt(r_b) of a sphere
    on the flat end of the same steel (E* = E/(2 (1 - nu^2))), the bar's impedance rho A c0."""
    p = U6["hbar"]
    E, nu, rho = STEEL
    m = rho * 4.0 / 3.0 * math.pi * p["rb"] ** 3
    c = 4.0 / 3.0 * E / (2 * (1 - nu * nu)) * math.sqrt(p["rb"])
    return m, c, rho * math.pi * p["r"] ** 2 * math.sqrt(E / rho)


def hertz_ball_bar_end(u):
    """A steel ball (20 mm, 32.9 g, a *PARTICLE) striking the end of a long steel bar (1 m, 20 mm
    CIRC, 100 B31, clamped at the far end) along its axis at 1 m/s, Hertz's law c = 4/3 E* sqrt(r)
    of a sphere on a flat face of the same steel (LAW=HERTZ, no damping), h = 1 us for 0.3 ms: the
    bar's end answers as a dashpot of its impedance rho A c0 until the reflection returns at
    2L/c0 = 0.39 ms (Sears 1908; Goldsmith 1960): the contact's duration and force and the ball's
    rebound speed against that model's ODE; a rigid wall would return it at 1 m/s after 69 us."""
    p = U6["hbar"]
    L, n = p["L"], p["n"]
    m, c, _ = hertz_bar_props()
    s = head(u, "Hertz ball striking the end of a bar", hertz_ball_bar_end.__doc__)
    s += line_nodes(u, 1, (0, 0, 0), (L, 0, 0), n, "BAR_N")
    s += line_elems(1, 1, n, "BAR", "B31")
    s += steel(u)
    s += "*BEAM SECTION, ELSET=BAR, MATERIAL=STEEL, SECTION=CIRC\n%s\n0, 0, 1\n" % u.n(p["r"], "L")
    s += "*NODE, NSET=BALL\n1000, %s, 0, 0\n" % u.n(L + p["r"] + p["rb"] + p["gap"], "L")
    s += "*PARTICLE, NODE=1000, MASS=%s, RADIUS=%s\n" % (u.n(m, "M"), u.n(p["rb"], "L"))
    s += "*CONTACT PAIR, LAW=HERTZ, STIFFNESS=%s\nBALL, BAR\n" % u.n(c, "F/L^1.5")
    s += "*INITIAL CONDITIONS, TYPE=VELOCITY\n1000, 1, %s\n" % u.n(-p["v"], "L/T")
    s += "*BOUNDARY\n1, ENCASTRE\n"
    s += "*PROBE, NAME=ball, NODE=1000\nX, V\n*PROBE, NAME=end, NODE=%d\nX, V\n*PROBE, NAME=clamp, NODE=1\nRF\n" % (n + 1)
    s += dynamic_step(u, p["dt"], p["T"])
    return s


# ---------------------------------------------------------------------------
# round seven: impacts (two equal bars colliding end to end, a bar striking a bar twice its
# length, a ball bouncing on a cantilever's tip with e = 0.8, a swinging rod striking a particle
# off its end, a Hertz ball on a beam's midspan, at a fine increment and at one too large)

U7 = {
    # steel bars of 20 mm diameter, 0.5 m, 50 B31 (10 mm elements), the striker at 1 m/s
    "bars": {"L": 0.5, "r": 0.01, "n": 50, "v0": 1.0, "gap": 5.25e-5, "h": 2e-6, "T": 6e-4},
    # a steel tube cantilever 1 m, 60 x 4 mm, 20 B31; a 0.2 kg ball (r = 20 mm) dropped 50 mm
    "cbounce": {"L": 1.0, "R": 0.03, "t": 0.004, "n": 20, "m": 0.2, "r": 0.02, "drop": 0.05,
                "e": 0.8, "g": 9.81, "h": 2e-4, "T": 1.0},
    # a steel rod 0.5 m, 20 mm, 10 B31, turning at 4 rad/s about a hinge at its end, a 0.1 kg
    # particle (r = 10 mm) at rest beside its far end, no gravity
    "swing": {"L": 0.5, "r": 0.01, "n": 10, "w": 4.0, "m": 0.1, "rp": 0.01, "gap": 1e-3,
              "e": 0.5, "h": 1e-4, "T": 0.06},
    # a steel ball 20 mm (r = 10 mm) at 1 m/s onto the middle of a simply supported steel beam,
    # 1 m, 40 x 20 mm, 20 B31; Hertz c = 4/3 E* sqrt(r), E* = E/2(1 - nu^2)
    "hertzmid": {"L": 1.0, "b": 0.04, "d": 0.02, "n": 20, "r": 0.01, "v0": 1.0, "gap": 1.26e-4, "off": 0.005,
                 "h": 1e-5, "h_coarse": 1e-4, "T": 2e-3},
}


def bars_props(ratio):
    """Mass of the striking bar, wave speed c and 2 L / c (the striker's length L)."""
    p = U7["bars"]
    E, _, rho = STEEL
    A = math.pi * p["r"] ** 2
    return rho * A * p["L"], math.sqrt(E / rho), 2 * p["L"] / math.sqrt(E / rho)


def bars_deck(u, ratio, title, doc):
    p = U7["bars"]
    L, r, n = p["L"], p["r"], p["n"]
    x0 = L + 2 * r + p["gap"]
    s = head(u, title, doc)
    s += line_nodes(u, 1, (0, 0, 0), (L, 0, 0), n, "A_N")
    s += line_elems(1, 1, n, "A", "B31")
    s += line_nodes(u, 1001, (x0, 0, 0), (x0 + ratio * L, 0, 0), ratio * n, "B_N")
    s += line_elems(1001, 1001, ratio * n, "B", "B31")
    s += "*NSET, NSET=A_END\n%d\n" % (n + 1)
    s += steel(u)
    s += "*BEAM SECTION, ELSET=A, MATERIAL=STEEL, SECTION=CIRC\n%s\n0, 0, 1\n" % u.n(r, "L")
    s += "*BEAM SECTION, ELSET=B, MATERIAL=STEEL, SECTION=CIRC\n%s\n0, 0, 1\n" % u.n(r, "L")
    s += "*CONTACT PAIR, LAW=NEWTON\nA_END, B\n"
    s += "*INITIAL CONDITIONS, TYPE=VELOCITY\nA_N, 1, %s\n" % u.n(p["v0"], "L/T")
    s += "*PROBE, NAME=a_end, NODE=%d\nX, V\n*PROBE, NAME=a_back, NODE=1\nV\n" % (n + 1)
    s += "*PROBE, NAME=b_end, NODE=1001\nX, V\n*PROBE, NAME=b_far, NODE=%d\nV\n" % (1001 + ratio * n)
    s += dynamic_step(u, p["h"], p["T"])
    return s


def bars_collide(u):
    """Two equal free steel bars (0.5 m, 20 mm CIRC, 50 B31 each) on one axis: A at 1 m/s strikes
    B at rest end to end (0.0525 mm apart: the touch a quarter into an increment), no gravity, the contact pair's defaults (Newton's law,
    e = 0, A's end node against B's elements), h = 2 us: Saint-Venant's collision of equal bars
    (Goldsmith 1960): together for 2 L / c, then A at rest and B at v0, the energy kept."""
    return bars_deck(u, 1, "Two equal bars colliding end to end", bars_collide.__doc__)


def bar_strikes_long_bar(u):
    """A free steel bar (0.5 m, 20 mm CIRC, 50 B31) at 1 m/s strikes a bar of the same section
    twice its length (1 m, 100 B31) at rest, end to end, no gravity, the defaults, h = 2 us:
    Saint-Venant (Goldsmith 1960): a stress wave of v0/2 in both; A's reflected wave stops it at
    2 L / c, when it leaves at rest; B carries m v0 and A's energy, half of it as strain."""
    return bars_deck(u, 2, "Bar striking a bar twice its length", bar_strikes_long_bar.__doc__)


def ball_bounces_on_cantilever(u):
    """A 0.2 kg ball (a particle, r = 20 mm) dropped from 50 mm above the tip of a horizontal steel
    tube cantilever (1 m, 60 x 4 mm PIPE, 20 B31), under gravity, Newton's law with e = 0.8, the
    defaults, h = 0.2 ms for 1 s: it bounces on the ringing tip again and again; the energy never
    rises, dissipated never falls, the first strike after the free fall sqrt(2 d/g)."""
    p = U7["cbounce"]
    L, n, R, r = p["L"], p["n"], p["R"], p["r"]
    s = head(u, "Ball bouncing on a cantilever's tip", ball_bounces_on_cantilever.__doc__)
    s += line_nodes(u, 1, (0, 0, 0), (L, 0, 0), n, "TUBE_N")
    s += line_elems(1, 1, n, "TUBE", "B31")
    s += steel(u)
    s += "*BEAM SECTION, ELSET=TUBE, MATERIAL=STEEL, SECTION=PIPE\n%s, %s\n0, 1, 0\n" % (u.n(R, "L"), u.n(p["t"], "L"))
    s += "*BOUNDARY\n1, ENCASTRE\n"
    s += "*NODE, NSET=BALL\n100, %s, 0, %s\n" % (u.n(L, "L"), u.n(R + r + p["drop"], "L"))
    s += "*PARTICLE, NSET=BALL, MASS=%s, RADIUS=%s\n" % (u.n(p["m"], "M"), u.n(r, "L"))
    s += "*CONTACT PAIR, LAW=NEWTON, RESTITUTION=%g\nBALL, TUBE\n" % p["e"]
    s += "*GRAVITY\n0, 0, %s\n" % u.n(-p["g"], "L/T^2")
    s += "*PROBE, NAME=ball, NODE=100\nX, V\n*PROBE, NAME=tip, NODE=%d\nX, V\n*PROBE, NAME=clamp, NODE=1\nRF\n" % (n + 1)
    s += "*STEP\n*DYNAMIC\n%s, %s\n*OUTPUT, FORMAT=HISTORY, EVERY=1\n*OUTPUT, FORMAT=CONTACT\n*END STEP\n" % (
        u.n(p["h"], "T"), u.n(p["T"], "T"))
    return s


def rod_swings_into_particle(u):
    """A steel rod (0.5 m, 20 mm CIRC, 10 B31) hinged at one end (the origin; free to turn about y
    only), turning at 4 rad/s (*INITIAL CONDITIONS, TYPE=ROTATING VELOCITY), no gravity, strikes
    with its far end a 0.1 kg particle (r = 10 mm) at rest 1 mm from it, Newton's law e = 0.5,
    h = 0.1 ms for 60 ms: the hinge has no moment about y, so the angular momentum about it is
    kept; the particle's momentum is the contact's impulses; it leaves at about (1 + e) J w L /
    (J + m L^2) (the rigid rod)."""
    p = U7["swing"]
    L, n, r, rp = p["L"], p["n"], p["r"], p["rp"]
    s = head(u, "Swinging rod striking a particle off its end", rod_swings_into_particle.__doc__)
    s += line_nodes(u, 1, (0, 0, 0), (L, 0, 0), n, "ROD_N")
    s += line_elems(1, 1, n, "ROD", "B31")
    s += steel(u)
    s += "*BEAM SECTION, ELSET=ROD, MATERIAL=STEEL, SECTION=CIRC\n%s\n0, 1, 0\n" % u.n(r, "L")
    s += "*BOUNDARY\n1, 1, 4\n1, 6, 6\n"
    s += "*NODE, NSET=BALL\n100, %s, 0, %s\n" % (u.n(L, "L"), u.n(-(r + rp + p["gap"]), "L"))
    s += "*PARTICLE, NSET=BALL, MASS=%s, RADIUS=%s\n" % (u.n(p["m"], "M"), u.n(rp, "L"))
    s += "*CONTACT PAIR, LAW=NEWTON, RESTITUTION=%g\nBALL, ROD\n" % p["e"]
    s += "*INITIAL CONDITIONS, TYPE=ROTATING VELOCITY\nROD_N, %s, 0, 0, 0\n0, %s, 0\n" % (u.n(p["w"], "1/T"), u.n(1.0, "L"))
    s += "*PROBE, NAME=ball, NODE=100\nX, V\n*PROBE, NAME=tip, NODE=%d\nX, V\n*PROBE, NAME=hinge, NODE=1\nRF, RM\n" % (n + 1)
    s += dynamic_step(u, p["h"], p["T"])
    return s


def steel_ball_hertz(r):
    """A steel ball of radius r on a steel flat: its mass and Hertz's c = 4/3 E* sqrt(r)."""
    E, nu, rho = STEEL
    return rho * 4.0 / 3.0 * math.pi * r ** 3, 4.0 / 3.0 * E / (2 * (1 - nu * nu)) * math.sqrt(r)


def hertzmid_props():
    """hertz_ball_midspan: the ball's mass and Hertz's c (steel_ball_hertz)."""
    return steel_ball_hertz(U7["hertzmid"]["r"])


def hertz_ball_midspan(u):
    """A steel ball (20 mm, a particle of 33 g) at 1 m/s onto the middle of a simply supported steel
    beam (1 m, 40 x 20 mm, 20 B31, lying flat; 5 mm off the middle node), LAW=HERTZ with c = 4/3 E* sqrt(r) (E* = E/2(1 -
    nu^2), the ball on a flat face), no gravity, h = 10 us for 2 ms (7 increments in the 70 us of
    the contact): no warning, the energy never rises; the same deck at h = 0.1 ms (one increment
    spans the contact) likewise (the opening increment's discrete gradient, docs/contact.md 6.3;
    check_user.py)."""
    p = U7["hertzmid"]
    L, n, r = p["L"], p["n"], p["r"]
    mb, c = hertzmid_props()
    s = head(u, "Hertz ball on a beam's midspan", hertz_ball_midspan.__doc__)
    s += line_nodes(u, 1, (0, 0, 0), (L, 0, 0), n, "BEAM_N")
    s += line_elems(1, 1, n, "BEAM", "B31")
    s += steel(u)
    s += "*BEAM SECTION, ELSET=BEAM, MATERIAL=STEEL, SECTION=RECT\n%s, %s\n0, 1, 0\n" % (u.n(p["b"], "L"), u.n(p["d"], "L"))
    s += "*BOUNDARY\n1, 1, 4\n%d, 2, 3\n" % (n + 1)
    s += "*NODE, NSET=BALL\n100, %s, 0, %s\n" % (u.n(L / 2 + p["off"], "L"), u.n(p["d"] / 2 + r + p["gap"], "L"))
    s += "*PARTICLE, NSET=BALL, MASS=%s, RADIUS=%s\n" % (u.n(mb, "M"), u.n(r, "L"))
    s += "*CONTACT PAIR, LAW=HERTZ, STIFFNESS=%s\nBALL, BEAM\n" % u.n(c, "F/L^1.5")
    s += "*INITIAL CONDITIONS, TYPE=VELOCITY\n100, 3, %s\n" % u.n(-p["v0"], "L/T")
    s += "*PROBE, NAME=ball, NODE=100\nX, V\n*PROBE, NAME=mid, NODE=%d\nU, V\n" % (n // 2 + 1)
    s += "*STEP\n*DYNAMIC\n%s, %s\n*OUTPUT, FORMAT=HISTORY, EVERY=1\n*OUTPUT, FORMAT=CONTACT\n*END STEP\n" % (
        u.n(p["h"], "T"), u.n(p["T"], "T"))
    return s


U7["angled"] = {"L": 1.0, "r": 0.01, "n": 20, "angle": 30.0, "drop": 0.02, "e": 0.5, "g": 9.81, "h": 1e-4, "T": 0.4}


def rod_lands_at_angle(u):
    """A free steel rod (1 m, 20 mm CIRC, 20 B31) released at rest at 30 deg to a rigid floor, its
    lower end 20 mm above it, under gravity; both end nodes contact slaves, Newton's law with
    e = 0.5, frictionless, h = 0.1 ms for 0.4 s: the lower end lands after sqrt(2 d/g), the rod
    turns down and its upper end lands later; no horizontal force; the energy never rises."""
    p = U7["angled"]
    L, n, r = p["L"], p["n"], p["r"]
    a = math.radians(p["angle"])
    z0 = r + p["drop"]
    s = head(u, "Rod landing at an angle, e = 0.5", rod_lands_at_angle.__doc__)
    s += line_nodes(u, 1, (0, 0, z0), (L * math.cos(a), 0, z0 + L * math.sin(a)), n, "ROD_N")
    s += "*NSET, NSET=ENDS\n1, %d\n" % (n + 1)
    s += line_elems(1, 1, n, "ROD", "B31")
    s += steel(u)
    s += "*BEAM SECTION, ELSET=ROD, MATERIAL=STEEL, SECTION=CIRC\n%s\n0, 1, 0\n" % u.n(r, "L")
    s += "*OBSTACLE, NAME=FLOOR, TYPE=PLANE\n0, 0, 0, 0, 0, 1\n"
    s += "*CONTACT PAIR, LAW=NEWTON, RESTITUTION=%g\nENDS, FLOOR\n" % p["e"]
    s += "*GRAVITY\n0, 0, %s\n" % u.n(-p["g"], "L/T^2")
    s += "*PROBE, NAME=low, NODE=1\nX, V\n*PROBE, NAME=high, NODE=%d\nX, V\n" % (n + 1)
    s += dynamic_step(u, p["h"], p["T"])
    return s


MODELS.update({
    "slope_deflection": (slope_deflection, (SI, MM, IN)),
    "eccentric_column": (eccentric_column, (SI, MM, IN)),
    "tie_beam": (tie_beam, (SI, MM, IN)),
    "modal_harmonic": (modal_harmonic, (SI, MM, MS)),
    "free_brick": (free_brick, (SI, MM, MS)),
    "step_loaded_bar": (step_loaded_bar, (SI, MM, MS)),
    "hertz_ball_bar_end": (hertz_ball_bar_end, (SI, MM, MS)),
})

MODELS.update({
    "rod_lands_at_angle": (rod_lands_at_angle, (SI, MM, MS)),
    "bars_collide": (bars_collide, (SI, MM, MS)),
    "bar_strikes_long_bar": (bar_strikes_long_bar, (SI, MM, MS)),
    "ball_bounces_on_cantilever": (ball_bounces_on_cantilever, (SI, MM, IN)),
    "rod_swings_into_particle": (rod_swings_into_particle, (SI, MM, IN)),
    "hertz_ball_midspan": (hertz_ball_midspan, (SI, MM, MS)),
})

# end of round seven: impacts


# ---------------------------------------------------------------------------
# round eight: dynamics and contact (a rigid bar spinning into a wall with e = 0.5, a cradle of
# three balls of tungsten, steel and aluminium by sequential and Poisson impacts, a block at rest
# on a tilted damped beam below the friction angle, a ball on a shaken table (an AMPLITUDE=
# obstacle) leaving it)

U8 = {
    # a steel bar 1 m, 20 mm (a rigid body: m = rho pi r^2 L), its centre at 1 m/s towards a wall
    # (x), turning at 4 rad/s about z; the near end strikes at -30 deg (its speed there 2 m/s)
    "spinbar": {"L": 1.0, "r": 0.01, "v0": 1.0, "w": 4.0, "th": -30.0, "t_hit": 0.050225, "e": 0.5,
                "h": 1e-4, "T": 0.15},
    # three balls of 20 mm touching in a row (no gravity), the first at 1 m/s: densities
    "cradle3": {"r": 0.01, "v0": 1.0, "rho": (7850.0, 2700.0, 19300.0), "rho_p": (7850.0, 19300.0, 2700.0),
                "e_p": (0.5, 0.8), "h": 1e-4, "T": 0.01},
    # a steel beam 1 m, 40 x 20 mm lying flat, pinned at both ends, tilted 15 deg; a 2 kg block
    # (particle, r = 10 mm) set at rest on its face above the middle node, mu = 0.4; *DAMPING
    # ALPHA = 2 zeta omega_1 with zeta = 0.05
    "tilted": {"L": 1.0, "b": 0.04, "d": 0.02, "n": 20, "angle": 15.0, "m": 2.0, "r": 0.01, "mu": 0.4,
               "zeta": 0.05, "g": 9.81, "h": 1e-3, "T": 2.0},
    # a steel ball 20 mm at rest on a table shaken vertically at 10 Hz, z = A (1 - cos w t),
    # A w^2 = 2 g (A = 4.97 mm)
    "shaken": {"r": 0.01, "f": 10.0, "ratio": 2.0, "g": 9.81, "h": 1e-4, "T": 0.25},
    # a steel bar 2 m, 30 x 30 mm, 40 B31, dropped 5 mm onto three supports (its end and middle
    # nodes on a plane), *DAMPING ALPHA = 2 zeta omega_1 of a 1 m pinned span, zeta = 0.1
    "settle": {"L": 2.0, "b": 0.03, "n": 40, "drop": 0.005, "zeta": 0.1, "g": 9.81, "h": 1e-3, "T": 1.0},
    # a steel ball 20 mm (particle) running at 2 m/s round the inside of a held steel ring
    # (R = 0.5 m, 20 mm tube CIRC, 64 B31 with node frames, CENTRELINE=HERMITE), no gravity
    "ring": {"R": 0.5, "rb": 0.01, "n": 64, "r": 0.01, "v0": 2.0, "h": 1e-4, "T": 0.2},
    # a 1 kg hammer head (particle, r = 20 mm) on a 0.5 m massless arm (a DISTANCE joint to a
    # pivot) let go at 60 deg, striking 2 deg before the bottom the side of a steel cantilever's
    # tip (0.5 m, 20 x 20 mm, 10 B31, across the swing's plane), 10 mm in from its end, e = 0
    "hammer": {"l": 0.5, "m": 1.0, "r": 0.02, "th0": 60.0, "th_hit": 2.0, "L": 0.5, "b": 0.02, "n": 10,
               "g": 9.81, "h": 1e-4, "T": 0.5},
}


def spinbar_props():
    """spinning_bar_strikes_wall: mass, J about the centre (transverse), the start angle (rad),
    the wall's x (its normal -x) and the contact's lever r = L/2 (cos th, sin th) at the strike."""
    p = U8["spinbar"]
    m = STEEL[2] * math.pi * p["r"] ** 2 * p["L"]
    J = m * (p["L"] ** 2 / 12 + p["r"] ** 2 / 4)
    th = math.radians(p["th"])
    th0 = th - p["w"] * p["t_hit"]
    xw = p["v0"] * p["t_hit"] + p["L"] / 2 * math.cos(th) + p["r"]
    return m, J, th0, xw


def spinning_bar_strikes_wall(u):
    """A steel bar (1 m, 20 mm, a *RIGID BODY with two contact points at its ends, SLAVE
    RADIUS = its radius) moving at 1 m/s towards a wall and turning at 4 rad/s about the wall's
    vertical, no gravity; its near end strikes at -30 deg (the end's approach 2 m/s), Newton's
    law with e = 0.5, h = 0.1 ms: the rigid bar's impact (Goldsmith 1960): impulse (1 + e) v_n /
    (1/m + r_y^2/J), the angular momentum about the contact point kept, the energy lost
    (1 - e^2) m_eff v_n^2/2."""
    p = U8["spinbar"]
    m, J, th0, xw = spinbar_props()
    Ja = STEEL[2] * math.pi * p["r"] ** 4 / 2 * p["L"]
    s = head(u, "Spinning bar striking a wall", spinning_bar_strikes_wall.__doc__)
    s += "*NODE, NSET=BAR\n1, 0, 0, 0\n"
    s += "*RIGID BODY, NODE=1, MASS=%s\n%s, %s, %s\n" % (u.n(m, "M"), u.n(Ja, "M*L^2"), u.n(J, "M*L^2"), u.n(J, "M*L^2"))
    s += "*CONTACT POINTS, NAME=ENDS, LAYOUT=LIST\n%s, 0, 0\n%s, 0, 0\n" % (u.n(p["L"] / 2, "L"), u.n(-p["L"] / 2, "L"))
    s += "*OBSTACLE, NAME=WALL, TYPE=PLANE\n%s, 0, 0, -1, 0, 0\n" % u.n(xw, "L")
    s += "*CONTACT PAIR, LAW=NEWTON, RESTITUTION=%g, SLAVE RADIUS=%s, POINTS=ENDS\nBAR, WALL\n" % (p["e"], u.n(p["r"], "L"))
    s += "*INITIAL CONDITIONS, TYPE=ROTATION\n1, 0, 0, %.15g\n" % th0
    s += "*INITIAL CONDITIONS, TYPE=VELOCITY\n1, 1, %s\n1, 6, %s\n" % (u.n(p["v0"], "L/T"), u.n(p["w"], "1/T"))
    s += "*PROBE, NAME=bar, NODE=1\nX, V, R, W\n"
    s += dynamic_step(u, p["h"], p["T"])
    return s


def cradle3_masses(rhos):
    r = U8["cradle3"]["r"]
    return [rho * 4.0 / 3.0 * math.pi * r ** 3 for rho in rhos]


def unequal_cradle(u):
    """Two rows of three touching balls (20 mm, particles), no gravity, the first of each at
    1 m/s: SEQ steel, aluminium, tungsten with e = 1 and IMPACT=SEQUENTIAL (one impact per
    increment: the elastic collisions of pairs in turn, Waltersberger 2007); POI steel,
    tungsten, aluminium with IMPACT=POISSON, e = 0.5 between balls 1 and 2, 0.8 between 2 and 3
    (Poisson's law for the chain, Waltersberger 2007 eqs. 5.10-5.13), h = 0.1 ms."""
    p = U8["cradle3"]
    r = p["r"]
    s = head(u, "Cradles of unequal balls", unequal_cradle.__doc__)
    for k, (rows, name) in enumerate(((p["rho"], "SEQ"), (p["rho_p"], "POI"))):
        ms = cradle3_masses(rows)
        for i in range(3):
            s += "*NODE, NSET=%s%d\n%d, %s, %s, 0\n" % (name, i + 1, 100 * (k + 1) + i, u.n(2 * r * i, "L"), u.n(0.1 * k, "L"))
            s += "*PARTICLE, NODE=%d, MASS=%s, RADIUS=%s\n" % (100 * (k + 1) + i, u.n(ms[i], "M"), u.n(r, "L"))
        s += "*NSET, NSET=%s\n%s1, %s2, %s3\n" % (name, name, name, name)
    s += "*INITIAL CONDITIONS, TYPE=VELOCITY\n100, 1, %s\n200, 1, %s\n" % (u.n(p["v0"], "L/T"), u.n(p["v0"], "L/T"))
    s += "*CONTACT PAIR, LAW=NEWTON, RESTITUTION=1, IMPACT=SEQUENTIAL\nSEQ, SEQ\n"
    s += "*CONTACT PAIR, LAW=NEWTON, RESTITUTION=%g, IMPACT=POISSON\nPOI1, POI2\n" % p["e_p"][0]
    s += "*CONTACT PAIR, LAW=NEWTON, RESTITUTION=%g, IMPACT=POISSON\nPOI2, POI3\n" % p["e_p"][1]
    for k, name in enumerate(("seq", "poi")):
        for i in range(3):
            s += "*PROBE, NAME=%s%d, NODE=%d\nV\n" % (name, i + 1, 100 * (k + 1) + i)
    s += dynamic_step(u, p["h"], p["T"])
    return s


def tilted_props():
    """block_sticks_on_tilted_beam: the beam's first bending frequency (pinned-pinned, flat) and
    ALPHA = 2 zeta omega_1."""
    p = U8["tilted"]
    E, nu, rho = STEEL
    EI = E * p["b"] * p["d"] ** 3 / 12
    w1 = (math.pi / p["L"]) ** 2 * math.sqrt(EI / (rho * p["b"] * p["d"]))
    return w1, 2 * p["zeta"] * w1


def block_sticks_on_tilted_beam(u):
    """A 2 kg block (a particle, r = 10 mm) set down at rest on the top face of a steel beam
    (1 m, 40 x 20 mm lying flat, 20 B31, pinned at both ends) tilted at 15 deg, above its middle
    node, under gravity, Newton's law with mu = 0.4 (the friction angle 21.8 deg), the beam's
    material damped by *DAMPING, ALPHA = 2 zeta omega_1 (zeta = 0.05), h = 1 ms for 2 s: the block
    sticks; at rest the contact carries m g cos a and m g sin a."""
    p = U8["tilted"]
    L, n, a = p["L"], p["n"], math.radians(p["angle"])
    w1, alpha = tilted_props()
    c, sn = math.cos(a), math.sin(a)
    s = head(u, "Block at rest on a tilted beam", block_sticks_on_tilted_beam.__doc__)
    s += line_nodes(u, 1, (0, 0, 0), (L * c, 0, L * sn), n, "BEAM_N")
    s += line_elems(1, 1, n, "BEAM", "B31")
    s += steel(u)
    s += "*DAMPING, ALPHA=%s\n" % u.n(alpha, "1/T")
    s += "*BEAM SECTION, ELSET=BEAM, MATERIAL=STEEL, SECTION=RECT\n%s, %s\n0, 1, 0\n" % (u.n(p["b"], "L"), u.n(p["d"], "L"))
    s += "*BOUNDARY\n1, 1, 4\n%d, 1, 4\n" % (n + 1)
    off = p["d"] / 2 + p["r"]
    s += "*NODE, NSET=BLOCK\n100, %s, 0, %s\n" % (u.n(L / 2 * c - off * sn, "L"), u.n(L / 2 * sn + off * c, "L"))
    s += "*PARTICLE, NSET=BLOCK, MASS=%s, RADIUS=%s\n" % (u.n(p["m"], "M"), u.n(p["r"], "L"))
    s += "*CONTACT PAIR, LAW=NEWTON, FRICTION=%g\nBLOCK, BEAM\n" % p["mu"]
    s += "*GRAVITY\n0, 0, %s\n" % u.n(-p["g"], "L/T^2")
    s += "*PROBE, NAME=block, NODE=100\nX, V\n*PROBE, NAME=mid, NODE=%d\nX, V\n" % (n // 2 + 1)
    s += "*PROBE, NAME=low, NODE=1\nRF\n*PROBE, NAME=high, NODE=%d\nRF\n" % (n + 1)
    s += dynamic_step(u, p["h"], p["T"])
    return s


def block_rests_on_beam_node(u):
    """The beam of block_sticks_on_tilted_beam horizontal (1 m, 40 x 20 mm flat, 20 B31, pinned at
    both ends, *DAMPING ALPHA = 2 zeta omega_1, zeta = 0.05) and the 2 kg block (a particle, r =
    10 mm) set down at rest on its top face above the middle node, frictionless (the contact
    pair's defaults), under gravity, h = 1 ms for 2 s: it settles with the beam; at rest the
    contact carries m g and each support half the weights, and the block stays where it rests."""
    p = U8["tilted"]
    L, n = p["L"], p["n"]
    w1, alpha = tilted_props()
    s = head(u, "Block resting on a beam's middle node", block_rests_on_beam_node.__doc__)
    s += line_nodes(u, 1, (0, 0, 0), (L, 0, 0), n, "BEAM_N")
    s += line_elems(1, 1, n, "BEAM", "B31")
    s += steel(u)
    s += "*DAMPING, ALPHA=%s\n" % u.n(alpha, "1/T")
    s += "*BEAM SECTION, ELSET=BEAM, MATERIAL=STEEL, SECTION=RECT\n%s, %s\n0, 1, 0\n" % (u.n(p["b"], "L"), u.n(p["d"], "L"))
    s += "*BOUNDARY\n1, 1, 4\n%d, 2, 3\n" % (n + 1)
    s += "*NODE, NSET=BLOCK\n100, %s, 0, %s\n" % (u.n(L / 2, "L"), u.n(p["d"] / 2 + p["r"], "L"))
    s += "*PARTICLE, NSET=BLOCK, MASS=%s, RADIUS=%s\n" % (u.n(p["m"], "M"), u.n(p["r"], "L"))
    s += "*CONTACT PAIR, LAW=NEWTON\nBLOCK, BEAM\n"
    s += "*GRAVITY\n0, 0, %s\n" % u.n(-p["g"], "L/T^2")
    s += "*PROBE, NAME=block, NODE=100\nX, V\n*PROBE, NAME=mid, NODE=%d\nX, V\n" % (n // 2 + 1)
    s += "*PROBE, NAME=low, NODE=1\nRF\n*PROBE, NAME=high, NODE=%d\nRF\n" % (n + 1)
    s += dynamic_step(u, p["h"], p["T"])
    return s


def shaken_props():
    """ball_on_shaken_table: the ball's mass, omega and the table's amplitude A = ratio g/omega^2."""
    p = U8["shaken"]
    w = 2 * math.pi * p["f"]
    return STEEL[2] * 4.0 / 3.0 * math.pi * p["r"] ** 3, w, p["ratio"] * p["g"] / w ** 2


def ball_on_shaken_table(u):
    """A steel ball (20 mm, a particle) at rest on a table (a plane obstacle) that a PERIODIC
    amplitude moves up and down, z = A (1 - cos w t) at 10 Hz, A w^2 = 2 g (4.97 mm), under
    gravity, Newton's law (e = 0), h = 0.1 ms for 0.25 s: the ball rides on the table while it
    presses, m (g + A w^2 cos w t); it leaves where the table's acceleration falls to -g (w t =
    2 pi/3) and flies, and lands where its parabola meets the table."""
    p = U8["shaken"]
    m, w, A = shaken_props()
    s = head(u, "Ball on a shaken table", ball_on_shaken_table.__doc__)
    s += "*NODE, NSET=BALL\n1, 0, 0, %s\n" % u.n(p["r"], "L")
    s += "*PARTICLE, NSET=BALL, MASS=%s, RADIUS=%s\n" % (u.n(m, "M"), u.n(p["r"], "L"))
    s += "*AMPLITUDE, NAME=SHAKE, DEFINITION=PERIODIC\n1, %s, 0, 1\n-1, 0\n" % u.n(w, "1/T")
    s += "*OBSTACLE, NAME=TABLE, TYPE=PLANE, AMPLITUDE=SHAKE\n0, 0, 0, 0, 0, 1, 0, 0, %s\n" % u.n(A, "L")
    s += "*CONTACT PAIR, LAW=NEWTON\nBALL, TABLE\n"
    s += "*GRAVITY\n0, 0, %s\n" % u.n(-p["g"], "L/T^2")
    s += "*PROBE, NAME=ball, NODE=1\nX, V\n"
    s += dynamic_step(u, p["h"], p["T"])
    return s


def settle_props():
    """beam_settles_on_supports: the first bending frequency of a 1 m pinned span and ALPHA."""
    p = U8["settle"]
    E, nu, rho = STEEL
    w1 = (math.pi / (p["L"] / 2)) ** 2 * math.sqrt(E * p["b"] ** 2 / 12 / rho)
    return w1, 2 * p["zeta"] * w1


def beam_settles_on_supports(u):
    """A steel bar (2 m, 30 x 30 mm, 40 B31) held 5 mm above three supports (the plane z = 0 under
    its end and middle nodes, LAW=NEWTON, e = 0, frictionless), guided at one end (x, y and the
    turn about its axis held), let fall under gravity, the material damped by *DAMPING, ALPHA =
    2 zeta omega_1 (zeta = 0.1, omega_1 of a 1 m span), h = 1 ms for 1 s: it lands on all three and
    settles; the supports then carry 3/8, 5/4, 3/8 w L of the continuous beam (Timoshenko), and in
    every increment the bar's momentum changes by the supports' impulses less the weight's and
    the damping's."""
    p = U8["settle"]
    L, n, b = p["L"], p["n"], p["b"]
    w1, alpha = settle_props()
    s = head(u, "Bar dropped onto three supports, settling", beam_settles_on_supports.__doc__)
    s += line_nodes(u, 1, (0, 0, b / 2 + p["drop"]), (L, 0, b / 2 + p["drop"]), n, "BAR_N")
    s += "*NSET, NSET=SUPPORTS\n1, %d, %d\n" % (n // 2 + 1, n + 1)
    s += line_elems(1, 1, n, "BAR", "B31")
    s += steel(u)
    s += "*DAMPING, ALPHA=%s\n" % u.n(alpha, "1/T")
    s += "*BEAM SECTION, ELSET=BAR, MATERIAL=STEEL, SECTION=RECT\n%s, %s\n0, 1, 0\n" % (u.n(b, "L"), u.n(b, "L"))
    s += "*BOUNDARY\n1, 1, 2\n1, 4, 4\n"
    s += "*OBSTACLE, NAME=FLOOR, TYPE=PLANE\n0, 0, 0, 0, 0, 1\n"
    s += "*CONTACT PAIR, LAW=NEWTON\nSUPPORTS, FLOOR\n"
    s += "*GRAVITY\n0, 0, %s\n" % u.n(-p["g"], "L/T^2")
    s += "*PROBE, NAME=A, NODE=1\nX, V\n*PROBE, NAME=B, NODE=%d\nX, V\n*PROBE, NAME=C, NODE=%d\nX, V\n" % (n // 2 + 1, n + 1)
    s += "*PROBE, NAME=q, NODE=%d\nU\n" % (n // 4 + 1)
    s += dynamic_step(u, p["h"], p["T"])
    return s


def ball_in_ring(u):
    """A steel ball (20 mm, a particle) running at 2 m/s round the inside of a steel ring (R = 0.5 m
    to the tube's axis, 20 mm CIRC, 64 B31 on the circle with *BEAM NODE FRAME tangents, held at
    every node), no gravity, frictionless Newton's law with CENTRELINE=HERMITE (the ring's curve,
    not its chords), h = 0.1 ms for 0.2 s (a quarter turn): it keeps its speed, stays on the
    ring, and the ring pushes it inwards with m v^2/rho, rho = R - r_tube - r the radius of its
    centre's path."""
    p = U8["ring"]
    R, n, rb, r = p["R"], p["n"], p["rb"], p["r"]
    mb = STEEL[2] * 4.0 / 3.0 * math.pi * r ** 3
    s = head(u, "Ball running inside a ring", ball_in_ring.__doc__)
    s += "*NODE, NSET=RING_N\n"
    fr = "*BEAM NODE FRAME\n"
    for i in range(n):
        t = 2 * math.pi * i / n
        s += "%d, %s, %s, 0\n" % (i + 1, u.n(R * math.cos(t), "L"), u.n(R * math.sin(t), "L"))
        fr += "%d, %.15g, %.15g, 0, 0, 0, 1\n" % (i + 1, -math.sin(t), math.cos(t))
    s += "*ELEMENT, TYPE=B31, ELSET=RING\n"
    for i in range(n):
        s += "%d, %d, %d\n" % (i + 1, i + 1, (i + 1) % n + 1)
    s += fr
    s += steel(u)
    s += "*BEAM SECTION, ELSET=RING, MATERIAL=STEEL, SECTION=CIRC\n%s\n0, 0, 1\n" % u.n(rb, "L")
    s += "*BOUNDARY\nRING_N, ENCASTRE\n"
    rho = R - rb - r
    t0 = math.pi / (2 * n)   # a quarter into the first element
    s += "*NODE, NSET=BALL\n100, %s, %s, 0\n" % (u.n(rho * math.cos(t0), "L"), u.n(rho * math.sin(t0), "L"))
    s += "*PARTICLE, NSET=BALL, MASS=%s, RADIUS=%s\n" % (u.n(mb, "M"), u.n(r, "L"))
    s += "*CONTACT PAIR, LAW=NEWTON, CENTRELINE=HERMITE\nBALL, RING\n"
    s += "*INITIAL CONDITIONS, TYPE=VELOCITY\n100, 1, %s\n100, 2, %s\n" % (
        u.n(-p["v0"] * math.sin(t0), "L/T"), u.n(p["v0"] * math.cos(t0), "L/T"))
    s += "*PROBE, NAME=ball, NODE=100\nX, V\n"
    s += dynamic_step(u, p["h"], p["T"])
    return s


def hammer_strikes_cantilever(u):
    """A hammer: a 1 kg head (a particle, r = 20 mm) on a 0.5 m arm (*JOINT, TYPE=DISTANCE to a
    pivot node without a body: ground) let go at rest at 60 deg, under gravity, swings down and 2
    deg before the bottom strikes the side of a steel cantilever's tip (0.5 m, 20 x 20 mm, 10 B31,
    clamped, across the plane of the swing), 10 mm in from its end, Newton's law (e = 0), h = 0.1
    ms for 0.5 s: the head arrives at sqrt(2 g (z0 - z)); in the impact increment the head's
    momentum changes by the contact's impulse, the weight's and the arm's along the arm; the arm
    keeps its length; the energy never rises."""
    p = U8["hammer"]
    l, r, b, L, n = p["l"], p["r"], p["b"], p["L"], p["n"]
    a0, a1 = math.radians(p["th0"]), math.radians(p["th_hit"])
    xb = -l * math.sin(a1) + r + b / 2
    s = head(u, "Hammer on an arm striking a cantilever's tip", hammer_strikes_cantilever.__doc__)
    s += line_nodes(u, 1, (xb, -L + 0.01, 0), (xb, 0.01, 0), n, "BEAM_N")
    s += line_elems(1, 1, n, "BEAM", "B31")
    s += steel(u)
    s += "*BEAM SECTION, ELSET=BEAM, MATERIAL=STEEL, SECTION=RECT\n%s, %s\n0, 0, 1\n" % (u.n(b, "L"), u.n(b, "L"))
    s += "*BOUNDARY\n1, ENCASTRE\n"
    s += "*NODE\n200, 0, 0, %s\n" % u.n(l, "L")
    s += "*NODE, NSET=HEAD\n100, %s, 0, %s\n" % (u.n(-l * math.sin(a0), "L"), u.n(l * (1 - math.cos(a0)), "L"))
    s += "*PARTICLE, NSET=HEAD, MASS=%s, RADIUS=%s\n" % (u.n(p["m"], "M"), u.n(r, "L"))
    s += "*JOINT, TYPE=DISTANCE\n200, 100\n"
    s += "*CONTACT PAIR, LAW=NEWTON\nHEAD, BEAM\n"
    s += "*GRAVITY\n0, 0, %s\n" % u.n(-p["g"], "L/T^2")
    s += "*PROBE, NAME=head, NODE=100\nX, V\n*PROBE, NAME=tip, NODE=%d\nX, V\n*PROBE, NAME=clamp, NODE=1\nRF, RM\n" % (n + 1)
    s += dynamic_step(u, p["h"], p["T"])
    return s


MODELS.update({
    "spinning_bar_strikes_wall": (spinning_bar_strikes_wall, (SI, MM, MS)),
    "unequal_cradle": (unequal_cradle, (SI, MM, MS)),
    "block_sticks_on_tilted_beam": (block_sticks_on_tilted_beam, (SI, MM, IN)),
    "ball_on_shaken_table": (ball_on_shaken_table, (SI, MM, MS)),
    "beam_settles_on_supports": (beam_settles_on_supports, (SI, MM, IN)),
    "ball_in_ring": (ball_in_ring, (SI, MM, MS)),
    "hammer_strikes_cantilever": (hammer_strikes_cantilever, (SI, MM, IN)),
    "block_rests_on_beam_node": (block_rests_on_beam_node, (SI, MM, MS)),
})

# end of round eight: dynamics and contact


# round nine: structures (a continuous beam over three unequal spans, a grillage with torsion
# coupling, a stepped tubular pole, a space frame pasted from a CalculiX export over three
# steps); check_user.py's block of the same name checks them

U9 = {
    # a steel I beam (300 x 150, flanges 10.7, web 7.1 mm: an IPE 300's plates) continuous over
    # spans of 5, 7 and 4 m on four supports, 20 kN/m on all spans and 40 kN in the middle span
    # 3 m from its left support; 0.25 m B31
    "span3": {"spans": (5.0, 7.0, 4.0), "h": 0.3, "b": 0.15, "tf": 0.0107, "tw": 0.0071,
              "q": 20e3, "P": 40e3, "a": 3.0, "le": 0.25},
    # a steel I girder (360 x 300, flanges 22.5, web 12.5 mm) of 8 m on fork supports, 15 kN/m and
    # 80 kN at midspan, where a steel box cross beam (200 x 200 x 8 mm) of 6 m crossing at right
    # angles 2 m from its own end shares the node; 0.5 m B31
    "grill": {"L1": 8.0, "h": 0.36, "b": 0.3, "tf": 0.0225, "tw": 0.0125, "q": 15e3, "P": 80e3,
              "L2": 6.0, "c": 2.0, "box": 0.2, "t": 0.008, "le": 0.5},
    # a steel pole, CHS 168.3 x 8.0 for 2 m from the clamped base, CHS 114.3 x 6.3 for 1.5 m
    # above it; 2 kN and 1 kN across and 0.5 kN m of torque at the top; 0.125 m B31
    "pole": {"L1": 2.0, "D1": 0.1683, "t1": 0.008, "L2": 1.5, "D2": 0.1143, "t2": 0.0063,
             "F": (2e3, 1e3, 0.0), "T": 500.0, "le": 0.125},
    # a steel table frame: four CHS 88.9 x 5 legs of 3 m, clamped, a top of four RHS 120 x 120 x 6
    # beams on a 4 x 3 m rectangle; gravity in step 1, 6 kN sideways and 2 kN m about the vertical
    # at a corner in step 2, 5 kN/m down on the long beams and the sideways load removed (OP=NEW)
    # in step 3; two increments a step; 0.5 m B31
    "table": {"H": 3.0, "A": 4.0, "B": 3.0, "D": 0.0889, "tl": 0.005, "box": 0.12, "tb": 0.006,
              "F": 6e3, "T": 2e3, "q": 5e3, "le": 0.5},
}


def u9_i_props(h, b, tf, tw, mat=STEEL):
    """EA, G As3 (the web), EI about the strong axis, GJ of a doubly symmetric I (docs/deck.md)."""
    E, nu, _ = mat
    G = E / (2 * (1 + nu))
    hw = h - 2 * tf
    A = 2 * b * tf + hw * tw
    I = 2 * b * tf * (tf * tf / 12 + ((h - tf) / 2) ** 2) + tw * hw ** 3 / 12
    J = (2 * b * tf ** 3 + hw * tw ** 3) / 3
    return E * A, G * hw * tw, E * I, G * J


def u9_box_props(a, t, mat=STEEL):
    """EA, G As3, EI, GJ (Bredt) of a square box a x a with walls t (docs/deck.md)."""
    E, nu, _ = mat
    G = E / (2 * (1 + nu))
    ai = a - 2 * t
    am = a - t
    return E * (a * a - ai * ai), G * 2 * t * ai, E * (a ** 4 - ai ** 4) / 12, G * 4 * am ** 4 / (4 * am / t)


def u9_pipe_props(D, t, mat=STEEL):
    """EA, k G A (k = 0.5), EI, GJ of a tube of outer diameter D, wall t (docs/deck.md)."""
    E, nu, _ = mat
    G = E / (2 * (1 + nu))
    r, ri = D / 2, D / 2 - t
    A, I = math.pi * (r * r - ri * ri), math.pi * (r ** 4 - ri ** 4) / 4
    return E * A, 0.5 * G * A, E * I, G * 2 * I


def span3_reference():
    """The three-moment equation with the shear flexibility of each span (Timoshenko beam: the end
    rotations of a span of length l under end moments Ma, Mb take l/3EI + 1/(kGA l) and
    l/6EI - 1/(kGA l); the loads' terms q l^3/24EI and P a b (l + b)/6lEI at the left end,
    P a b (l + a)/6lEI at the right): the support moments (sagging positive), and
    M(x), V(x) = dM/dx along the beam (x from the first support)."""
    p = U9["span3"]
    _, kGA, EI, _ = u9_i_props(p["h"], p["b"], p["tf"], p["tw"])
    ls, q, P, a = p["spans"], p["q"], p["P"], p["a"]
    g = [l / (3 * EI) + 1 / (kGA * l) for l in ls]
    f = [l / (6 * EI) - 1 / (kGA * l) for l in ls]
    load_l = [q * l ** 3 / (24 * EI) for l in ls]
    load_r = list(load_l)
    b = ls[1] - a
    load_l[1] += P * a * b * (ls[1] + b) / (6 * ls[1] * EI)
    load_r[1] += P * a * b * (ls[1] + a) / (6 * ls[1] * EI)
    # supports 1 and 2 (inner): [g0 + g1, f1; f1, g1 + g2] [M1, M2] = -[r0 + l1, r1 + l2]
    A11, A12, A22 = g[0] + g[1], f[1], g[1] + g[2]
    r1, r2 = -(load_r[0] + load_l[1]), -(load_r[1] + load_l[2])
    det = A11 * A22 - A12 * A12
    Ms = [0.0, (r1 * A22 - A12 * r2) / det, (A11 * r2 - A12 * r1) / det, 0.0]
    xs = [0.0, ls[0], ls[0] + ls[1], sum(ls)]

    def MV(x):
        i = 0 if x < xs[1] else (1 if x < xs[2] else 2)
        l, s = ls[i], x - xs[i]
        M = Ms[i] * (1 - s / l) + Ms[i + 1] * s / l + q * s * (l - s) / 2
        V = (Ms[i + 1] - Ms[i]) / l + q * (l / 2 - s)
        if i == 1:
            M += P * (l - a) * s / l if s < a else P * a * (l - s) / l
            V += P * (l - a) / l if s < a else -P * a / l
        return M, V

    # reactions: the jumps of V over the supports, each span's end shears
    def end_shears(i):
        l = ls[i]
        V0 = (Ms[i + 1] - Ms[i]) / l + q * l / 2
        V1 = (Ms[i + 1] - Ms[i]) / l - q * l / 2
        if i == 1:
            V0, V1 = V0 + P * (l - a) / l, V1 - P * a / l
        return V0, V1
    R = [end_shears(0)[0], end_shears(1)[0] - end_shears(0)[1], end_shears(2)[0] - end_shears(1)[1],
         -end_shears(2)[1]]
    return Ms, xs, MV, R


def span3_points():
    """Element probes: at each span's point of zero shear (in the middle span there are two, one
    on each side of the load; the load's side whose shear changes sign), and at 3/8 of the first
    span: (name, element, position, x)."""
    p = U9["span3"]
    Ms, xs, MV, R = span3_reference()
    le = p["le"]
    pts = []
    for i in range(3):
        l = p["spans"][i]
        # bisection for V = 0 inside the span away from the point load
        lo, hi = xs[i] + 1e-6, xs[i + 1] - 1e-6
        if i == 1:
            xP = xs[1] + p["a"]
            lo, hi = (lo, xP - 1e-6) if MV(xP - 1e-6)[1] < 0 else (xP + 1e-6, hi)
        if MV(lo)[1] * MV(hi)[1] > 0:
            continue
        for _ in range(200):
            mid = (lo + hi) / 2
            if MV(lo)[1] * MV(mid)[1] <= 0:
                hi = mid
            else:
                lo = mid
        x0 = (lo + hi) / 2
        e = int(x0 / le)
        pts.append(("zero%d" % (i + 1), e + 1, x0 / le - e, x0))
    x = 3 * p["spans"][0] / 8
    e = int(x / le)
    pts.append(("cut38", e + 1, x / le - e, x))
    x = xs[1] + p["a"] / 2 + 0.1
    e = int(x / le)
    pts.append(("cutP", e + 1, x / le - e, x))
    return pts


def three_span_beam(u):
    """A steel I beam (300 x 150 mm, flanges 10.7 mm, web 7.1 mm: an IPE 300's plates, SECTION=I)
    continuous over three unequal spans of 5, 7 and 4 m on four supports, 20 kN/m on all spans
    and 40 kN in the middle span 3 m from its left support, 64 B31, *STATIC without a data line:
    the support moments by the three-moment equation with each span's shear flexibility
    (Clapeyron; Timoshenko and Young 1965), the reactions, the moments and shears at the points
    of zero shear and at 3/8 of the first span (element probes between nodes) and at every VTK
    axis point."""
    p = U9["span3"]
    le = p["le"]
    n = int(round(sum(p["spans"]) / le))
    s = head(u, "Continuous beam over three unequal spans", three_span_beam.__doc__)
    s += line_nodes(u, 1, (0, 0, 0), (sum(p["spans"]), 0, 0), n, "BEAM_N")
    s += line_elems(1, 1, n, "BEAM", "B31")
    s += steel(u)
    h, b, tf, tw = (u.n(p[k], "L") for k in ("h", "b", "tf", "tw"))
    s += "*BEAM SECTION, ELSET=BEAM, MATERIAL=STEEL, SECTION=I\n%s, %s, %s, %s, %s, %s, %s\n0, 1, 0\n" % (
        u.n(p["h"] / 2, "L"), h, b, b, tf, tf, tw)
    sup = [1]
    for l in p["spans"]:
        sup.append(sup[-1] + int(round(l / le)))
    kP = 1 + int(round((p["spans"][0] + p["a"]) / le))
    s += "*BOUNDARY\n1, 1, 4\n" + "".join("%d, 2, 3\n" % k for k in sup[1:])
    for i, k in enumerate(sup):
        s += "*PROBE, NAME=S%d, NODE=%d\nRF, RM\n" % (i + 1, k)
    for i, k in enumerate(sup[1:3]):
        s += "*PROBE, NAME=over%d, ELEMENT=%d, POSITION=1\nN, M\n" % (i + 2, k - 1)
    s += "*PROBE, NAME=load, NODE=%d\nU\n" % kP
    for name, e, xi, _ in span3_points():
        s += "*PROBE, NAME=%s, ELEMENT=%d, POSITION=%.12g\nN, M, NS, MS\n" % (name, e, xi)
    s += "*STEP\n*STATIC\n*DLOAD\nBEAM, PZ, %s\n*CLOAD\n%d, 3, %s\n*OUTPUT, FORMAT=VTK\n*END STEP\n" % (
        u.n(-p["q"], "F/L"), kP, u.n(-p["P"], "F"))
    return s


def grillage_reference():
    """The crossing node's deflection and twist (uz, rx), the cross beam's share Fz and the moment
    Mx it takes there: the girder's midspan stiffness 1/(L^3/48EI + L/4kGA) and torsion stiffness
    4 GJ/L (fork supports; its bending rotation there is zero by the mirror symmetry), the cross
    beam's flexibility at the crossing by Castigliano (bending and shear of the simply supported
    span under a force and a moment at c), the girder's line load as the node force that holds
    the node (5qL^4/384EI + qL^2/8kGA over the midspan flexibility)."""
    p = U9["grill"]
    _, kGA1, EI1, GJ1 = u9_i_props(p["h"], p["b"], p["tf"], p["tw"])
    _, kGA2, EI2, _ = u9_box_props(p["box"], p["t"])
    L1, L2, c, q, P = p["L1"], p["L2"], p["c"], p["q"], p["P"]
    dg = L1 ** 3 / (48 * EI1) + L1 / (4 * kGA1)
    dq = 5 * q * L1 ** 4 / (384 * EI1) + q * L1 ** 2 / (8 * kGA1)

    def MV(Fz, Mx, y, piece=None):
        # moment about x and force along z of the part y' < y (support reaction R0 at 0); piece
        # 0 or 1 says on which side of the crossing y = c lies (None: by y)
        R2 = -(c * Fz + Mx) / L2
        R0 = -Fz - R2
        if (y < c) if piece is None else piece == 0:
            return -y * R0, R0
        return -y * R0 + (c - y) * Fz + Mx, R0 + Fz

    def flex(i, j):
        unit = ((1.0, 0.0), (0.0, 1.0))
        tot = 0.0
        for piece, (a0, a1) in enumerate(((0.0, c), (c, L2))):
            for k in range(3):  # Simpson: exact for the products of linear pieces
                y = a0 + (a1 - a0) * k / 2
                mi, vi = MV(*unit[i], y, piece)
                mj, vj = MV(*unit[j], y, piece)
                tot += (a1 - a0) / 6 * (1, 4, 1)[k] * (mi * mj / EI2 + vi * vj / kGA2)
        return tot
    C = [[flex(0, 0), flex(0, 1)], [flex(1, 0), flex(1, 1)]]
    det = C[0][0] * C[1][1] - C[0][1] * C[1][0]
    Kc = [[C[1][1] / det, -C[0][1] / det], [-C[1][0] / det, C[0][0] / det]]
    K = [[Kc[0][0] + 1 / dg, Kc[0][1]], [Kc[1][0], Kc[1][1] + 4 * GJ1 / L1]]
    f = (-P - dq / dg, 0.0)
    dK = K[0][0] * K[1][1] - K[0][1] * K[1][0]
    d = ((K[1][1] * f[0] - K[0][1] * f[1]) / dK, (K[0][0] * f[1] - K[1][0] * f[0]) / dK)
    Fz = Kc[0][0] * d[0] + Kc[0][1] * d[1]
    Mx = Kc[1][0] * d[0] + Kc[1][1] * d[1]
    return d, Fz, Mx, MV


def grillage(u):
    """A steel grillage: an I girder (360 x 300 mm, flanges 22.5, web 12.5 mm: an HEB 360's plates,
    SECTION=I) of 8 m on
    fork supports (twist held), 15 kN/m and 80 kN at midspan, where a square box cross beam (200 x
    200 x 8 mm, SECTION=BOX) of 6 m on fork supports, crossing at right angles 2 m from its own
    end, shares the node; 0.5 m B31, four static increments: the load shared by the deflections,
    and the cross beam's slope at the crossing twisting the girder (torsion coupling); the linear
    part of the node's deflection and twist and of the reactions, the equilibrium of the
    reactions, the moments inside elements against the free body."""
    p = U9["grill"]
    le = p["le"]
    n1, n2 = int(round(p["L1"] / le)), int(round(p["L2"] / le))
    mid, kc = n1 // 2 + 1, int(round(p["c"] / le))
    s = head(u, "Grillage: girder and cross beam sharing a node", grillage.__doc__)
    s += line_nodes(u, 1, (0, p["c"], 0), (p["L1"], p["c"], 0), n1, "GIRDER_N")
    s += "*NODE, NSET=CROSS_N\n"
    for i in range(n2 + 1):
        if i != kc:
            s += "%d, %s, %s, 0\n" % (101 + i, u.n(p["L1"] / 2, "L"), u.n(i * le, "L"))
    s += line_elems(1, 1, n1, "GIRDER", "B31")
    s += "*ELEMENT, TYPE=B31, ELSET=CROSS\n"
    lab = [101 + i if i != kc else mid for i in range(n2 + 1)]
    for i in range(n2):
        s += "%d, %d, %d\n" % (101 + i, lab[i], lab[i + 1])
    s += steel(u)
    L = lambda k: u.n(p[k], "L")
    s += "*BEAM SECTION, ELSET=GIRDER, MATERIAL=STEEL, SECTION=I\n%s, %s, %s, %s, %s, %s, %s\n0, 1, 0\n" % (
        u.n(p["h"] / 2, "L"), L("h"), L("b"), L("b"), L("tf"), L("tf"), L("tw"))
    s += "*BEAM SECTION, ELSET=CROSS, MATERIAL=STEEL, SECTION=BOX\n%s, %s, %s, %s, %s, %s\n1, 0, 0\n" % (
        L("box"), L("box"), L("t"), L("t"), L("t"), L("t"))
    s += "*BOUNDARY\n1, 1, 4\n%d, 2, 4\n101, 3, 3\n101, 5, 5\n%d, 3, 3\n%d, 5, 5\n" % (n1 + 1, 101 + n2, 101 + n2)
    for name, k in (("G1", 1), ("G2", n1 + 1), ("C1", 101), ("C2", 101 + n2)):
        s += "*PROBE, NAME=%s, NODE=%d\nRF, RM\n" % (name, k)
    s += "*PROBE, NAME=node, NODE=%d\nU, R\n" % mid
    for name, e, xi in (("cross1", 102, 0.3), ("cross2", 104, 0.8), ("cross3", 107, 0.5), ("cross4", 111, 0.25),
                        ("girder1", 3, 0.5), ("girder2", 12, 0.7)):
        s += "*PROBE, NAME=%s, ELEMENT=%d, POSITION=%g\nX, N, M\n" % (name, e, xi)
    s += "*STEP\n*STATIC\n0.25, 1.0\n*DLOAD\nGIRDER, PZ, %s\n*CLOAD\n%d, 3, %s\n*END STEP\n" % (
        u.n(-p["q"], "F/L"), mid, u.n(-p["P"], "F"))
    return s


def stepped_pole(u):
    """A steel pole clamped at its base: CHS 168.3 x 8.0 for 2 m, CHS 114.3 x 6.3 above it for 1.5
    m (SECTION=PIPE), 2 kN and 1 kN sideways and 0.5 kN m of torque at the top, 28 B31, four
    static increments: the linear part of the top's deflection and twist by the unit-load method over both
    sections (with shear), the section constants against the handbook's (CHS tables of EN
    10210-2, CEN 2006), the base reactions, the resultants at points inside elements of both sections and
    on both sides of the step."""
    p = U9["pole"]
    le = p["le"]
    n1, n2 = int(round(p["L1"] / le)), int(round(p["L2"] / le))
    s = head(u, "Stepped tubular pole", stepped_pole.__doc__)
    s += line_nodes(u, 1, (0, 0, 0), (0, 0, p["L1"] + p["L2"]), n1 + n2, "POLE_N")
    s += line_elems(1, 1, n1, "LOWER", "B31")
    s += line_elems(n1 + 1, n1 + 1, n2, "UPPER", "B31")
    s += steel(u)
    s += "*BEAM SECTION, ELSET=LOWER, MATERIAL=STEEL, SECTION=PIPE\n%s, %s\n1, 0, 0\n" % (
        u.n(p["D1"] / 2, "L"), u.n(p["t1"], "L"))
    s += "*BEAM SECTION, ELSET=UPPER, MATERIAL=STEEL, SECTION=PIPE\n%s, %s\n1, 0, 0\n" % (
        u.n(p["D2"] / 2, "L"), u.n(p["t2"], "L"))
    top = n1 + n2 + 1
    s += "*BOUNDARY\n1, ENCASTRE\n"
    s += "*PROBE, NAME=top, NODE=%d\nX, U, R\n*PROBE, NAME=base, NODE=1\nRF, RM\n" % top
    for name, e, xi in (("low", 5, 0.4), ("below", n1, 1.0), ("above", n1 + 1, 0.0), ("up", n1 + 7, 0.65)):
        s += "*PROBE, NAME=%s, ELEMENT=%d, POSITION=%g\nX, N, M\n" % (name, e, xi)
    F = p["F"]
    s += "*STEP\n*STATIC\n0.25, 1.0\n*CLOAD\n%d, 1, %s\n%d, 2, %s\n%d, 6, %s\n*END STEP\n" % (
        top, u.n(F[0], "F"), top, u.n(F[1], "F"), top, u.n(p["T"], "F*L"))
    return s


def table_nodes():
    """ccx_table: the four feet, the top's corners and the nodes of every member (0.5 m), as
    (label, x, y, z); members as (first element, [node labels])."""
    p = U9["table"]
    le, A, B, H = p["le"], p["A"], p["B"], p["H"]
    nodes, members = [], []
    corners = [(0, 0), (A, 0), (A, B), (0, B)]
    lab = 1
    top = []
    for k, (x, y) in enumerate(corners):
        n = int(round(H / le))
        ids = []
        for i in range(n + 1):
            nodes.append((lab, x, y, H * i / n))
            ids.append(lab)
            lab += 1
        top.append(ids[-1])
        members.append(("LEGS", ids))
    for k in range(4):
        (x0, y0), (x1, y1) = corners[k], corners[(k + 1) % 4]
        l = math.hypot(x1 - x0, y1 - y0)
        n = int(round(l / le))
        ids = [top[k]]
        for i in range(1, n):
            nodes.append((lab, x0 + (x1 - x0) * i / n, y0 + (y1 - y0) * i / n, H))
            ids.append(lab)
            lab += 1
        ids.append(top[(k + 1) % 4])
        members.append(("LONG" if k % 2 == 0 else "SHORT", ids))
    return nodes, members, top


def ccx_table_mesh(u):
    """ccx_table's mesh file, as the pre-processor exports it."""
    p = U9["table"]
    nodes, members, top = table_nodes()
    num = ccx_number(u)
    mesh = "** nodes and elements, written by the pre-processor\n*Node, Nset=Nall\n"
    for lab, x, y, z in nodes:
        mesh += "%d, %s, %s, %s,\n" % (lab, num(x, "L"), num(y, "L"), num(z, "L"))
    el = 1
    for name, ids in members:
        mesh += "*Element, type=B31, elset=%s\n" % name
        first = el
        for a, b in zip(ids[:-1], ids[1:]):
            mesh += "%d, %d, %d,\n" % (el, a, b)
            el += 1
        mesh += "*ELSET, ELSET=E%d, generate\n%d, %d, 1,\n" % (first, first, el - 1)
    nl = int(round(p["H"] / p["le"])) + 1
    mesh += "*nset, nset=FEET, GENERATE\n1, %d, %d\n" % (3 * nl + 1, nl)
    mesh += "*NSET,NSET=Corner\n%d,\n" % top[0]
    return mesh


def ccx_table(u):
    """A steel table frame as a CalculiX user pastes it from a pre-processor's export: mixed case,
    trailing commas on data lines, comments, the mesh in an *INCLUDE file, *NSET and *ELSET
    GENERATE: four CHS 88.9 x 5 legs of 3 m clamped at the feet, a top of RHS 120 x 120 x 6 beams
    on a 4 x 3 m rectangle, 0.5 m B31; three static steps of two increments: own weight
    (*GRAVITY), then 6 kN sideways and 2 kN m about the vertical at a corner, then 5 kN/m down on
    the long beams with the corner loads removed (*CLOAD, OP=NEW without data lines): the feet's
    reactions against the loads in every increment, the weight shared equally (symmetry)."""
    p = U9["table"]
    nodes, members, top = table_nodes()
    num = ccx_number(u)
    nl = int(round(p["H"] / p["le"])) + 1
    inc = "ccx_table_mesh_%s.inc" % u.name
    s = head(u, "Table frame pasted from a CalculiX export", ccx_table.__doc__)
    s += "**\n** exported mesh\n*include, input=%s\n" % inc
    s += "*Material, name=S355\n*Elastic\n%s, 0.3,\n*Density\n%s,\n" % (num(210e9, "F/L^2"), u.n(7850.0, "M/L^3"))
    s += "*Beam Section, elset=LEGS, material=S355, section=PIPE\n%s, %s,\n1.d0, 0.d0, 0.d0\n" % (
        num(p["D"] / 2, "L"), num(p["tl"], "L"))
    for name in ("LONG", "SHORT"):
        s += "*beam section, ELSET=%s, Material=s355, Section=box\n%s, %s, %s, %s, %s, %s,\n0., 0., 1.\n" % (
            name, num(p["box"], "L"), num(p["box"], "L"), num(p["tb"], "L"), num(p["tb"], "L"),
            num(p["tb"], "L"), num(p["tb"], "L"))
    s += "*Boundary\nFEET, 1, 6\n"
    for k, lab in enumerate(range(1, 3 * nl + 2, nl)):
        s += "*PROBE, NAME=foot%d, NODE=%d\nRF, RM\n" % (k + 1, lab)
    s += "*PROBE, NAME=corner, NODE=%d\nU\n" % top[0]
    s += "** ----------------------------------------------------------\n"
    s += "*Step, name=Weight, nlgeom\n*Static\n0.5, 1.,\n*Gravity\n0., 0., %s\n" % num(-9.81, "L/T^2")
    s += "*Node Print, nset=FEET\nRF,\n*End Step\n"
    s += "*STEP, NAME=Wind\n*STATIC\n0.5,1.\n*Cload\nCorner, 1, %s,\nCorner, 6, %s,\n*end step\n" % (
        num(p["F"], "F"), num(p["T"], "F*L"))
    s += "*Step, Name=Snow\n*Static\n.5, 1.\n*Cload, op=NEW\n*Dload\nLONG, PZ, %s,\n*End Step\n" % num(-p["q"], "F/L")
    return s


MODELS.update({
    "three_span_beam": (three_span_beam, (SI, MM, IN)),
    "grillage": (grillage, (SI, MM, IN)),
    "stepped_pole": (stepped_pole, (SI, MM, IN)),
    "ccx_table": (ccx_table, (SI, MM, IN)),
})
INCLUDES["ccx_table"] = ("ccx_table_mesh_%s.inc", ccx_table_mesh)

def u9_arch_points(n=None):
    """clamped_arch: the nodes on the circle from the left support over the crown to the right one
    (x, 0, z), the supports at z = 0."""
    p = U9["arch"]
    n = p["n"] if n is None else n
    R, a = p["R"], math.radians(p["half"])
    zc = -R * math.cos(a)
    return [(R * math.sin(-a + 2 * a * i / n), 0.0, zc + R * math.cos(-a + 2 * a * i / n)) for i in range(n + 1)]


def clamped_arch(u):
    """A steel arch clamped at both springings: a circular segment of radius 10 m over 120 degrees
    (span 17.32 m, rise 5 m), CHS 273 x 10 (SECTION=PIPE), 40 straight B31 chords of 3 degrees,
    100 kN at the crown, four static increments: the thrust, the vertical reactions and the
    springing moments, the crown's deflection, by Castigliano on the chords (bending, shear and
    axial strain; the crown's slope and horizontal motion zero by symmetry) and on the circular
    arc; the resultants inside the chords against the free body of the springing."""
    p = U9["arch"]
    n = p["n"]
    pts = u9_arch_points()
    s = head(u, "Clamped circular arch under a crown load", clamped_arch.__doc__)
    s += "*NODE, NSET=ARCH_N\n" + "".join("%d, %s, %s, %s\n" % (i + 1, u.n(x, "L"), u.n(y, "L"), u.n(z, "L"))
                                         for i, (x, y, z) in enumerate(pts))
    s += line_elems(1, 1, n, "ARCH", "B31")
    s += steel(u)
    s += "*BEAM SECTION, ELSET=ARCH, MATERIAL=STEEL, SECTION=PIPE\n%s, %s\n0, 1, 0\n" % (
        u.n(p["D"] / 2, "L"), u.n(p["t"], "L"))
    s += "*BOUNDARY\n1, ENCASTRE\n%d, ENCASTRE\n" % (n + 1)
    s += "*PROBE, NAME=left, NODE=1\nRF, RM\n*PROBE, NAME=right, NODE=%d\nRF, RM\n" % (n + 1)
    s += "*PROBE, NAME=crown, NODE=%d\nU, R\n" % (n // 2 + 1)
    for name, e, xi in (("a1", 2, 0.5), ("a2", 9, 0.3), ("a3", 17, 0.8), ("a4", 26, 0.6), ("a5", 38, 0.1)):
        s += "*PROBE, NAME=%s, ELEMENT=%d, POSITION=%g\nX, N, M\n" % (name, e, xi)
    s += "*STEP\n*STATIC\n0.25, 1.0\n*CLOAD\n%d, 3, %s\n*END STEP\n" % (n // 2 + 1, u.n(-p["P"], "F"))
    return s


U9["arch"] = {"R": 10.0, "half": 60.0, "D": 0.273, "t": 0.01, "P": 100e3, "n": 40}
MODELS.update({"clamped_arch": (clamped_arch, (SI, MM, IN))})


U9["pin"] = {"L": 4.0, "b": 0.1, "h": 0.2, "n": 10, "q": 10e3, "P": 30e3, "a": 1.7}


def point_load_in_element(u):
    """A propped steel cantilever (4 m, 100 x 200 mm RECT, 10 B31: clamped at x = 0, a roller at x =
    L) under 10 kN/m and 30 kN at x = 1.7 m, inside element 5 (1.6 ... 2.0 m): the load on a node
    held at that point of the element by *JOINT, TYPE=ELEMENT POINT (a *PARTICLE gives it DOFs), as
    a user puts a load between nodes; *STATIC without a data line: the prop's reaction (Timoshenko
    compatibility), the moment and shear inside the loaded element on both sides of the load and
    inside the other elements (probes and VTK), the load point's deflection."""
    p = U9["pin"]
    L, n = p["L"], p["n"]
    s = head(u, "Point load between nodes of a propped cantilever", point_load_in_element.__doc__)
    s += line_nodes(u, 1, (0, 0, 0), (L, 0, 0), n, "BEAM_N")
    s += line_elems(1, 1, n, "BEAM", "B31")
    s += steel(u)
    s += "*BEAM SECTION, ELSET=BEAM, MATERIAL=STEEL, SECTION=RECT\n%s, %s\n0, 1, 0\n" % (u.n(p["b"], "L"), u.n(p["h"], "L"))
    le = L / n
    e = int(p["a"] / le)
    xi = p["a"] / le - e
    s += "*NODE, NSET=LOAD\n100, %s, 0, 0\n*PARTICLE, NODE=100, MASS=%s\n" % (u.n(p["a"], "L"), u.n(1.0, "M"))
    s += "*JOINT, TYPE=ELEMENT POINT\n100, %d, %.12g\n" % (e + 1, xi)
    s += "*BOUNDARY\n1, ENCASTRE\n%d, 2, 3\n" % (n + 1)
    s += "*PROBE, NAME=clamp, NODE=1\nRF, RM\n*PROBE, NAME=prop, NODE=%d\nRF\n*PROBE, NAME=load, NODE=100\nU\n" % (n + 1)
    s += "*PROBE, NAME=node_a, NODE=%d\nU\n*PROBE, NAME=node_b, NODE=%d\nU\n" % (e + 1, e + 2)
    for name, el, x in (("before", e + 1, 0.1), ("after", e + 1, 0.6), ("startP", e + 1, 0.0), ("endP", e + 1, 1.0),
                        ("span1", 2, 0.5), ("span9", 9, 0.3)):
        s += "*PROBE, NAME=%s, ELEMENT=%d, POSITION=%g\nX, N, M\n" % (name, el, x)
    s += "*STEP\n*STATIC\n*DLOAD\nBEAM, PZ, %s\n*CLOAD\n100, 3, %s\n*OUTPUT, FORMAT=VTK\n*END STEP\n" % (
        u.n(-p["q"], "F/L"), u.n(-p["P"], "F"))
    return s


MODELS.update({"point_load_in_element": (point_load_in_element, (SI, MM, IN))})


U9["elbow"] = {"R": 0.5, "D": 0.0603, "t": 0.004, "n": 12, "f": 1.5}


def elbow_points():
    """elbow_opened: the nodes of the 90-degree elbow (x, y, 0), clamped end at the origin along x,
    turning left about the centre (0, R)."""
    p = U9["elbow"]
    R, n = p["R"], p["n"]
    return [(R * math.sin(math.pi / 2 * i / n), R * (1 - math.cos(math.pi / 2 * i / n)), 0.0) for i in range(n + 1)]


def elbow_opened(u):
    """A steel pipe elbow (CHS 60.3 x 4, bend radius 0.5 m, 90 degrees as 12 straight B31 chords),
    clamped at one end, opened and bent back the other way by an end moment in its plane to
    1.5 EI/R (large rotations: the tip turns by 135 degrees) in eight static increments: every
    chord takes the uniform curvature M/EI, the nodes keep their kinks; the tip's position and
    rotation at every increment, the moment inside the chords, the clamp's reaction."""
    p = U9["elbow"]
    n = p["n"]
    EI = u9_pipe_props(p["D"], p["t"])[2]
    s = head(u, "Pipe elbow opened by an end moment", elbow_opened.__doc__)
    s += "*NODE, NSET=ELBOW_N\n" + "".join("%d, %s, %s, 0\n" % (i + 1, u.n(x, "L"), u.n(y, "L"))
                                         for i, (x, y, _) in enumerate(elbow_points()))
    s += line_elems(1, 1, n, "ELBOW", "B31")
    s += steel(u)
    s += "*BEAM SECTION, ELSET=ELBOW, MATERIAL=STEEL, SECTION=PIPE\n%s, %s\n0, 0, 1\n" % (
        u.n(p["D"] / 2, "L"), u.n(p["t"], "L"))
    s += "*BOUNDARY\n1, ENCASTRE\n"
    s += "*PROBE, NAME=tip, NODE=%d\nX, R\n*PROBE, NAME=clamp, NODE=1\nRF, RM\n" % (n + 1)
    for name, e, xi in (("e2", 2, 0.5), ("e7", 7, 0.25), ("e12", 12, 0.9)):
        s += "*PROBE, NAME=%s, ELEMENT=%d, POSITION=%g\nN, M, E\n" % (name, e, xi)
    s += "*STEP\n*STATIC\n0.125, 1.0\n*CLOAD\n%d, 6, %s\n*END STEP\n" % (n + 1, u.n(-p["f"] * EI / p["R"], "F*L"))
    return s


MODELS.update({"elbow_opened": (elbow_opened, (SI, MM, IN))})


# end of round nine: structures


# round ten: impacts on flexible beams (an aluminium bar striking a steel bar end to end, a bead
# pushed out along a beam that a driven hub turns, a ball sliding off a held circular arch of beam
# elements)

U10 = {
    # an aluminium striker, 0.5 m, 20 mm CIRC, 50 B31, at 1 m/s onto a steel bar, 1 m, 20 mm, 100 B31
    "alsteel": {"LA": 0.5, "nA": 50, "LB": 1.0, "nB": 100, "r": 0.01, "v0": 1.0, "gap": 5.25e-5,
                "h": 2e-6, "T": 5e-4, "matA": ("ALUMINIUM", ALU), "matB": ("STEEL", STEEL)},
    # the other way round: a steel striker, 0.25 m, 25 B31, onto an aluminium bar, 1 m, 100 B31
    "steelal": {"LA": 0.25, "nA": 25, "LB": 1.0, "nB": 100, "r": 0.01, "v0": 1.0, "gap": 5.25e-5,
                "h": 2e-6, "T": 6e-4, "matA": ("STEEL", STEEL), "matB": ("ALUMINIUM", ALU)},
    # a steel tube 1 m, 40 x 4 mm PIPE, 20 B31, on a hub turned at 2 rad/s about z; a 0.1 kg bead
    # (r = 10 mm) at 0.2 m on its leading face, moving out at 0.2 m/s
    "bead": {"L": 1.0, "R": 0.02, "t": 0.004, "n": 20, "W": 2.0, "m": 0.1, "r": 0.01, "x0": 0.2,
             "v0": 0.2, "h": 1e-3, "T": 0.85},
    # a held half ring, R = 0.5 m to the tube's axis, 20 mm CIRC, 32 B31 with node frames, and a
    # steel ball 20 mm (a particle) sliding over its crown at 0.5 m/s, gravity
    "arch": {"R": 0.5, "rb": 0.01, "n": 32, "r": 0.01, "v0": 0.5, "g": 9.81, "h": 1e-3, "T": 0.6},
}


def alsteel_props(key="alsteel"):
    """al_bar_strikes_steel_bar, steel_bar_strikes_al_bar: the bars' impedances Z = rho A c
    (striker A, struck bar B), wave speeds and masses (SI)."""
    p = U10[key]
    A = math.pi * p["r"] ** 2
    out = []
    for (E, _, rho), L in ((p["matA"][1], p["LA"]), (p["matB"][1], p["LB"])):
        c = math.sqrt(E / rho)
        out.append({"Z": rho * A * c, "c": c, "m": rho * A * L})
    return out


def two_bars_deck(u, key, title, doc):
    p = U10[key]
    LA, LB, r = p["LA"], p["LB"], p["r"]
    (nameA, matA), (nameB, matB) = p["matA"], p["matB"]
    x0 = LA + 2 * r + p["gap"]
    s = head(u, title, doc)
    s += line_nodes(u, 1, (0, 0, 0), (LA, 0, 0), p["nA"], "A_N")
    s += line_elems(1, 1, p["nA"], "A", "B31")
    s += line_nodes(u, 1001, (x0, 0, 0), (x0 + LB, 0, 0), p["nB"], "B_N")
    s += line_elems(1001, 1001, p["nB"], "B", "B31")
    s += "*NSET, NSET=A_END\n%d\n" % (p["nA"] + 1)
    s += steel(u, nameA, matA)
    s += steel(u, nameB, matB)
    s += "*BEAM SECTION, ELSET=A, MATERIAL=%s, SECTION=CIRC\n%s\n0, 0, 1\n" % (nameA, u.n(r, "L"))
    s += "*BEAM SECTION, ELSET=B, MATERIAL=%s, SECTION=CIRC\n%s\n0, 0, 1\n" % (nameB, u.n(r, "L"))
    s += "*CONTACT PAIR, LAW=NEWTON\nA_END, B\n"
    s += "*INITIAL CONDITIONS, TYPE=VELOCITY\nA_N, 1, %s\n" % u.n(p["v0"], "L/T")
    s += "*PROBE, NAME=a_end, NODE=%d\nX, V\n*PROBE, NAME=a_back, NODE=1\nV\n" % (p["nA"] + 1)
    s += "*PROBE, NAME=b_end, NODE=1001\nX, V\n*PROBE, NAME=b_far, NODE=%d\nV\n" % (1001 + p["nB"])
    s += dynamic_step(u, p["h"], p["T"])
    return s


def al_bar_strikes_steel_bar(u):
    """An aluminium bar (0.5 m, 20 mm CIRC, 50 B31) at 1 m/s strikes a steel bar of the same
    section (1 m, 100 B31) at rest end to end, 0.0525 mm apart, no gravity, the contact pair's
    defaults (Newton's law, e = 0, the striker's end node against the steel bar's elements),
    h = 2 us: the contact force is Z_A Z_B v0/(Z_A + Z_B) (Z = rho A c: the aluminium's is 0.34 of
    the steel's) until the striker's wave has run to its free end and back, 2 L_A / c_A; then it
    leaves backwards at v0 (Z_A - Z_B)/(Z_A + Z_B) (Graff 1975)."""
    return two_bars_deck(u, "alsteel", "Aluminium bar striking a steel bar end to end", al_bar_strikes_steel_bar.__doc__)


def steel_bar_strikes_al_bar(u):
    """A steel bar (0.25 m, 20 mm CIRC, 25 B31) at 1 m/s strikes an aluminium bar of the same
    section (1 m, 100 B31) at rest end to end, no gravity, the defaults, h = 2 us: the stiffer
    striker does not stop when its wave returns at 2 L_A / c_A; the contact force steps down by
    r = (Z_A - Z_B)/(Z_A + Z_B) = 0.49 with every round trip of the striker's wave, F_k = F_0 r^k,
    F_0 = Z_A Z_B v0/(Z_A + Z_B), until the aluminium bar's own wave returns at 2 L_B / c_B
    (Goldsmith 1960; Graff 1975)."""
    return two_bars_deck(u, "steelal", "Steel bar striking an aluminium bar end to end", steel_bar_strikes_al_bar.__doc__)


def bead_on_turning_beam(u):
    """A steel tube (1 m, 40 x 4 mm PIPE, 20 B31) on a hub turned at a constant 2 rad/s about the
    vertical (a driven rotation: *BOUNDARY DOF 6 with a TABULAR angle; the tube started with the
    rigid rotation's velocities), in a horizontal plane without gravity; a 0.1 kg bead (a
    particle, r = 10 mm) lies against the tube's leading side at 0.2 m from the hub, moving out
    along it at 0.2 m/s, frictionless Newton's law, h = 1 ms for 0.85 s: in the turning frame
    the bead runs out as x = x0 cosh Wt + (v0/W) sinh Wt and the tube pushes it with
    m (2 W x' - W^2 d), d its centre's distance from the tube's axis (the rigid rod's Coriolis
    push; the tube's bending under it is 1e-5 m)."""
    p = U10["bead"]
    L, n, R, W = p["L"], p["n"], p["R"], p["W"]
    d = R + p["r"]
    s = head(u, "Bead pushed out along a turning beam", bead_on_turning_beam.__doc__)
    s += line_nodes(u, 1, (0, 0, 0), (L, 0, 0), n, "TUBE_N")
    s += line_elems(1, 1, n, "TUBE", "B31")
    s += steel(u)
    s += "*BEAM SECTION, ELSET=TUBE, MATERIAL=STEEL, SECTION=PIPE\n%s, %s\n0, 0, 1\n" % (u.n(R, "L"), u.n(p["t"], "L"))
    s += "*AMPLITUDE, NAME=SPIN\n0, 0, %s, %s\n" % (u.n(10.0, "T"), u.n(10.0 * W, "1"))
    s += "*BOUNDARY\n1, 1, 5\n*BOUNDARY, AMPLITUDE=SPIN\n1, 6, 6, 1\n"
    s += "*NODE, NSET=BEAD\n100, %s, %s, 0\n" % (u.n(p["x0"], "L"), u.n(d, "L"))
    s += "*PARTICLE, NSET=BEAD, MASS=%s, RADIUS=%s\n" % (u.n(p["m"], "M"), u.n(p["r"], "L"))
    s += "*CONTACT PAIR, LAW=NEWTON\nBEAD, TUBE\n"
    s += "*INITIAL CONDITIONS, TYPE=ROTATING VELOCITY\nTUBE_N, %s, 0, 0, 0\n0, 0, %s\n" % (u.n(W, "1/T"), u.n(1.0, "L"))
    s += "*INITIAL CONDITIONS, TYPE=VELOCITY\n100, 1, %s\n100, 2, %s\n" % (
        u.n(p["v0"] - W * d, "L/T"), u.n(W * p["x0"], "L/T"))
    s += "*PROBE, NAME=bead, NODE=100\nX, V\n*PROBE, NAME=hub, NODE=1\nRM\n*PROBE, NAME=tip, NODE=%d\nX\n" % (n + 1)
    s += dynamic_step(u, p["h"], p["T"])
    return s


def ball_leaves_arch(u):
    """A steel ball (20 mm, a particle of 33 g) sliding over the crown of a held half ring (steel,
    R = 0.5 m to the axis, 20 mm CIRC, 32 B31 on the circle with *BEAM NODE FRAME tangents: the
    arch's Hermite centreline, CENTRELINE=HERMITE), frictionless Newton's law, under gravity, set
    on it a quarter of an element past the crown at 0.5 m/s, h = 1 ms for 0.6 s: the ring pushes
    it with m (g cos phi - v^2/rho) (rho the radius of its centre's path) and it leaves where that
    vanishes, cos phi = (v0^2/g rho + 2 cos phi0)/3 (2/3 from rest at the top), then flies free."""
    p = U10["arch"]
    R, n, rb, r = p["R"], p["n"], p["rb"], p["r"]
    mb = ball_mass(r)
    s = head(u, "Ball sliding off a circular arch", ball_leaves_arch.__doc__)
    s += "*NODE, NSET=ARCH_N\n"
    fr = "*BEAM NODE FRAME\n"
    for i in range(n + 1):
        ph = -math.pi / 2 + math.pi * i / n
        s += "%d, %s, 0, %s\n" % (i + 1, u.n(R * math.sin(ph), "L"), u.n(R * math.cos(ph), "L"))
        fr += "%d, %.15g, 0, %.15g, 0, 1, 0\n" % (i + 1, math.cos(ph), -math.sin(ph))
    s += line_elems(1, 1, n, "ARCH", "B31")
    s += fr
    s += steel(u)
    s += "*BEAM SECTION, ELSET=ARCH, MATERIAL=STEEL, SECTION=CIRC\n%s\n0, 1, 0\n" % u.n(rb, "L")
    s += "*BOUNDARY\nARCH_N, ENCASTRE\n"
    rho = R + rb + r
    ph0 = math.pi / (4 * n)   # a quarter into the element past the crown
    s += "*NODE, NSET=BALL\n100, %s, 0, %s\n" % (u.n(rho * math.sin(ph0), "L"), u.n(rho * math.cos(ph0), "L"))
    s += "*PARTICLE, NSET=BALL, MASS=%s, RADIUS=%s\n" % (u.n(mb, "M"), u.n(r, "L"))
    s += "*CONTACT PAIR, LAW=NEWTON, CENTRELINE=HERMITE\nBALL, ARCH\n"
    s += "*GRAVITY\n0, 0, %s\n" % u.n(-p["g"], "L/T^2")
    s += "*INITIAL CONDITIONS, TYPE=VELOCITY\n100, 1, %s\n100, 3, %s\n" % (
        u.n(p["v0"] * math.cos(ph0), "L/T"), u.n(-p["v0"] * math.sin(ph0), "L/T"))
    s += "*PROBE, NAME=ball, NODE=100\nX, V\n"
    s += dynamic_step(u, p["h"], p["T"])
    return s


MODELS.update({
    "al_bar_strikes_steel_bar": (al_bar_strikes_steel_bar, (SI, MM, MS)),
    "steel_bar_strikes_al_bar": (steel_bar_strikes_al_bar, (SI, MM, MS)),
    "bead_on_turning_beam": (bead_on_turning_beam, (SI, MM, MS)),
    "ball_leaves_arch": (ball_leaves_arch, (SI, MM, IN)),
})


U10["oblique"] = {"L": 1.0, "b": 0.04, "d": 0.02, "n": 10, "r": 0.01, "vn": 2.0, "vt": 1.0, "e": 0.5,
                  "mu": (0.1, 0.5), "gap": 2.5e-4, "h": 1e-4, "T": 5e-3}


def ball_strikes_rail_obliquely(u):
    """Two steel balls (20 mm, particles of 33 g), no gravity, thrown at 2 m/s down and 1 m/s
    along onto the top face of held steel rails (1 m, 40 x 20 mm flat, 10 B31 held at every node:
    the element set is the master), in the middle of an element, Newton's law with e = 0.5 and
    Coulomb friction: with mu = 0.1 the ball slides through the impact, its tangential velocity
    falls by mu (1 + e) v_n; with mu = 0.5 it sticks and leaves straight up; both rebound at
    e v_n (Brach 1991; Stronge 2000)."""
    p = U10["oblique"]
    L, n, r, dd = p["L"], p["n"], p["r"], p["d"]
    s = head(u, "Balls striking a rail obliquely, with friction", ball_strikes_rail_obliquely.__doc__)
    s += steel(u)
    for k, mu in enumerate(p["mu"]):
        y = 0.2 * k
        s += line_nodes(u, 1 + 100 * k, (0, y, 0), (L, y, 0), n, "RAIL%d_N" % (k + 1))
        s += line_elems(1 + 100 * k, 1 + 100 * k, n, "RAIL%d" % (k + 1), "B31")
        s += "*BEAM SECTION, ELSET=RAIL%d, MATERIAL=STEEL, SECTION=RECT\n%s, %s\n0, 1, 0\n" % (
            k + 1, u.n(p["b"], "L"), u.n(dd, "L"))
        s += "*BOUNDARY\nRAIL%d_N, ENCASTRE\n" % (k + 1)
        s += "*NODE, NSET=BALL%d\n%d, %s, %s, %s\n" % (k + 1, 1001 + k, u.n(0.55 * L, "L"), u.n(y, "L"),
                                                     u.n(dd / 2 + r + p["gap"], "L"))
        s += "*PARTICLE, NSET=BALL%d, MASS=%s, RADIUS=%s\n" % (k + 1, u.n(ball_mass(r), "M"), u.n(r, "L"))
        s += "*CONTACT PAIR, LAW=NEWTON, RESTITUTION=%g, FRICTION=%g\nBALL%d, RAIL%d\n" % (p["e"], mu, k + 1, k + 1)
    s += "*INITIAL CONDITIONS, TYPE=VELOCITY\n"
    for k in range(2):
        s += "%d, 1, %s\n%d, 3, %s\n" % (1001 + k, u.n(p["vt"], "L/T"), 1001 + k, u.n(-p["vn"], "L/T"))
    s += "*PROBE, NAME=b1, NODE=1001\nX, V\n*PROBE, NAME=b2, NODE=1002\nX, V\n"
    s += dynamic_step(u, p["h"], p["T"])
    return s


MODELS.update({"ball_strikes_rail_obliquely": (ball_strikes_rail_obliquely, (SI, MM, MS))})


U10["stepstop"] = {"L": 1.0, "b": 0.02, "n": 10, "P": 20.0, "gap": 0.002, "h": 1e-4, "T": 0.2}


def step_load_onto_stop(u):
    """A steel cantilever (1 m, 20 x 20 mm, 10 B31) at rest, its tip loaded suddenly by 20 N
    downwards in a *DYNAMIC step (a *CLOAD without amplitude), a rigid stop 2 mm below the tip's
    bottom face (its static deflection would be 2.38 mm), Newton's law with the defaults (e = 0 on
    the massless tip node), h = 0.1 ms for 0.2 s: the tip reaches the stop when the step response
    sum_k a_k (1 - cos w_k t) reaches the gap, then the stop holds it; the load's work is P times
    the tip's travel, the stop works nothing."""
    p = U10["stepstop"]
    L, b, n = p["L"], p["b"], p["n"]
    s = head(u, "Cantilever tip loaded suddenly onto a stop", step_load_onto_stop.__doc__)
    s += line_nodes(u, 1, (0, 0, 0), (L, 0, 0), n)
    s += "*NSET, NSET=TIP\n%d\n" % (n + 1)
    s += line_elems(1, 1, n, "BEAM", "B31")
    s += steel(u)
    s += "*BEAM SECTION, ELSET=BEAM, MATERIAL=STEEL, SECTION=RECT\n%s, %s\n0, 1, 0\n" % (u.n(b, "L"), u.n(b, "L"))
    s += "*BOUNDARY\n1, ENCASTRE\n"
    s += "*OBSTACLE, NAME=STOP, TYPE=PLANE\n%s, 0, %s, 0, 0, 1\n" % (u.n(L, "L"), u.n(-b / 2 - p["gap"], "L"))
    s += "*CONTACT PAIR, LAW=NEWTON\nTIP, STOP\n"
    s += "*PROBE, NAME=tip, NODE=%d\nU, V\n*PROBE, NAME=clamp, NODE=1\nRF\n" % (n + 1)
    s += "*STEP\n*DYNAMIC\n%s, %s\n*CLOAD\n%d, 3, %s\n*OUTPUT, FORMAT=HISTORY, EVERY=1\n*OUTPUT, FORMAT=CONTACT\n*END STEP\n" % (
        u.n(p["h"], "T"), u.n(p["T"], "T"), n + 1, u.n(-p["P"], "F"))
    return s


MODELS.update({"step_load_onto_stop": (step_load_onto_stop, (SI, MM, IN))})


# end of round ten: impacts on flexible beams


# round eleven: structures and structural dynamics (a space portal with a skew girder pasted from
# a CalculiX export; Williams' toggle frame through its snap-through by *STATIC, RIKS);
# check_user.py's block of the same name checks them

U11 = {
    # a steel portal in space: two columns CHS 219.1 x 8 of 4 m clamped at (0, 0) and (6, 2) m, a
    # girder SHS 200 x 200 x 10 between their tops, skew to the wind (y) and to the crane's
    # surge (x); own weight, 8 kN/m down on the girder, wind 1.5 kN/m on the windward column and
    # 0.6 kN/m on the girder along y, 5 kN along x at the second top; 0.5 m B31
    "skew": {"A": (0.0, 0.0), "B": (6.0, 2.0), "H": 4.0, "D": 0.2191, "t": 0.008, "box": 0.2, "tb": 0.01,
             "q": 8e3, "wc": 1.5e3, "wg": 0.6e3, "F": 5e3, "nc": 8, "ng": 12, "g": 9.81},
    # Williams' (1964) toggle: two aluminium members, 0.753 x 0.243 in, rigidly joined at the
    # apex, 12.943 in each in plan, rise 0.386 in, clamped at both ends; E = 10.3e6 psi; the
    # apex load followed by arc length to a drop of 0.8 in (twice the rise); 10 B31 a member
    "toggle": {"Lh": 12.943 * 0.0254, "f": 0.386 * 0.0254, "b": 0.753 * 0.0254, "h": 0.243 * 0.0254,
               "E": 10.3e6 * 4.4482216152605 / 0.0254 ** 2, "nu": 0.3, "rho": 2700.0, "n": 10,
               "P": 100 * 4.4482216152605, "w_end": 0.8 * 0.0254},
}


def u11_skew_members():
    """skew_portal: the joints (foot A, top A, top B, foot B) and the members (i, j, elset)."""
    p = U11["skew"]
    (ax, ay), (bx, by), H = p["A"], p["B"], p["H"]
    pts = [(ax, ay, 0.0), (ax, ay, H), (bx, by, H), (bx, by, 0.0)]
    return pts, [(0, 1, "COLA"), (1, 2, "GIRDER"), (3, 2, "COLB")]


def skew_portal(u):
    """A steel space portal as a CalculiX export writes it (*NODE, NSET=Nall; *NSET and *ELSET,
    GENERATE; sets of sets; *BEAM SECTION, SECTION=PIPE and SECTION=BOX; *STEP, NLGEOM; *NODE PRINT,
    *EL PRINT, *NODE FILE and *EL FILE): two CHS 219.1 x 8 columns of 4 m clamped at their feet,
    6.32 m apart on a skew line, an SHS 200 x 200 x 10 girder between their tops; own weight, a
    line load of 8 kN/m on the girder, wind along y on a column and on the girder, 5 kN along x at
    a top; four increments: the feet's reactions by equilibrium, the tops' displacements and
    rotations (linear part) by the direct stiffness method."""
    p = U11["skew"]
    pts, _ = u11_skew_members()
    nc, ng = p["nc"], p["ng"]
    s = head(u, "Space portal with a skew girder (CalculiX export)", skew_portal.__doc__)
    s += "*NODE, NSET=Nall\n"
    # column A: 1 .. nc + 1 (foot to top); column B: 101 .. 101 + nc; girder inside: 201 .. 200 + ng - 1
    for i in range(nc + 1):
        z = p["H"] * i / nc
        s += "%d, %s, %s, %s\n" % (1 + i, u.n(pts[0][0], "L"), u.n(pts[0][1], "L"), u.n(z, "L"))
    for i in range(nc + 1):
        z = p["H"] * i / nc
        s += "%d, %s, %s, %s\n" % (101 + i, u.n(pts[3][0], "L"), u.n(pts[3][1], "L"), u.n(z, "L"))
    for i in range(1, ng):
        t = i / ng
        s += "%d, %s, %s, %s\n" % (200 + i, u.n(pts[1][0] + t * (pts[2][0] - pts[1][0]), "L"),
                                  u.n(pts[1][1] + t * (pts[2][1] - pts[1][1]), "L"), u.n(p["H"], "L"))
    s += "*ELEMENT, TYPE=B31, ELSET=COLA\n" + "".join("%d, %d, %d\n" % (1 + i, 1 + i, 2 + i) for i in range(nc))
    s += "*ELEMENT, TYPE=B31, ELSET=COLB\n" + "".join("%d, %d, %d\n" % (101 + i, 101 + i, 102 + i) for i in range(nc))
    gn = [nc + 1] + [200 + i for i in range(1, ng)] + [101 + nc]
    s += "*ELEMENT, TYPE=B31, ELSET=GIRDER\n" + "".join("%d, %d, %d\n" % (201 + i, gn[i], gn[i + 1]) for i in range(ng))
    s += "*ELSET, ELSET=COLS\nCOLA, COLB\n"
    s += "*NSET, NSET=FEET\n1, 101\n*NSET, NSET=TOPS\n%d, %d\n" % (nc + 1, 101 + nc)
    s += "*NSET, NSET=GIRDER_N, GENERATE\n201, %d, 1\n" % (200 + ng - 1)
    s += "*ELSET, ELSET=MIDGIRDER, GENERATE\n%d, %d\n" % (200 + ng // 2, 201 + ng // 2)
    E, nu, rho = STEEL
    s += "*MATERIAL, NAME=S355\n*ELASTIC\n%s, %g\n*DENSITY\n%s\n" % (u.n(E, "F/L^2"), nu, u.n(rho, "M/L^3"))
    s += "*BEAM SECTION, ELSET=COLS, MATERIAL=S355, SECTION=PIPE\n%s, %s\n1., 0., 0.\n" % (
        u.n(p["D"] / 2, "L"), u.n(p["t"], "L"))
    dx, dy = pts[2][0] - pts[1][0], pts[2][1] - pts[1][1]
    lg = math.hypot(dx, dy)
    s += "*BEAM SECTION, ELSET=GIRDER, MATERIAL=S355, SECTION=BOX\n%s, %s, %s, %s, %s, %s\n%.15g, %.15g, 0.\n" % (
        u.n(p["box"], "L"), u.n(p["box"], "L"), u.n(p["tb"], "L"), u.n(p["tb"], "L"), u.n(p["tb"], "L"),
        u.n(p["tb"], "L"), -dy / lg, dx / lg)
    s += "*BOUNDARY\nFEET, 1, 6\n"
    s += "*PROBE, NAME=topA, NODE=%d\nU, R\n*PROBE, NAME=topB, NODE=%d\nU, R\n" % (nc + 1, 101 + nc)
    s += "*PROBE, NAME=gmid, ELEMENT=%d, POSITION=0.5\nX, N, M\n" % (201 + ng // 2)
    s += "*PROBE, NAME=colA, ELEMENT=3, POSITION=0.5\nX, N, M\n"
    s += "*STEP, NLGEOM\n*STATIC\n0.25, 1.\n*GRAVITY\n0., 0., %s\n" % u.n(-p["g"], "L/T^2")
    s += "*DLOAD\nGIRDER, PZ, %s\nCOLA, PY, %s\nGIRDER, PY, %s\n" % (
        u.n(-p["q"], "F/L"), u.n(p["wc"], "F/L"), u.n(p["wg"], "F/L"))
    s += "*CLOAD\n%d, 1, %s\n" % (101 + nc, u.n(p["F"], "F"))
    s += "*NODE PRINT, NSET=FEET\nRF, RM\n*EL PRINT, ELSET=MIDGIRDER\nSF, SM\n*NODE FILE\nU\n*EL FILE\nS\n*END STEP\n"
    return s


MODELS.update({"skew_portal": (skew_portal, (SI, MM, IN))})


def williams_toggle(u):
    """Williams' (1964) toggle frame: two aluminium members, 0.753 x 0.243 in, rigidly joined at
    the apex, 12.943 in each in plan and 0.386 in of rise, clamped at both ends, planar (the
    out-of-plane DOFs held); the apex load (100 lbf of reference) followed by *STATIC, RIKS
    through the limit point until the apex has dropped by 0.8 in, twice the rise: the load at every
    point of the path against the extensible, shearable elastica of the half frame."""
    p = U11["toggle"]
    Lh, f, n = p["Lh"], p["f"], p["n"]
    s = head(u, "Williams' toggle frame", williams_toggle.__doc__)
    s += "*NODE, NSET=ALL\n"
    for i in range(2 * n + 1):
        x = Lh * i / n
        z = f * (i / n if i <= n else (2 * n - i) / n)
        s += "%d, %s, 0, %s\n" % (1 + i, u.n(x, "L"), u.n(z, "L"))
    s += line_elems(1, 1, 2 * n, "TOGGLE", "B31")
    s += "*MATERIAL, NAME=ALU\n*ELASTIC\n%s, %g\n*DENSITY\n%s\n" % (u.n(p["E"], "F/L^2"), p["nu"], u.n(p["rho"], "M/L^3"))
    s += "*BEAM SECTION, ELSET=TOGGLE, MATERIAL=ALU, SECTION=RECT\n%s, %s\n0, 1, 0\n" % (u.n(p["b"], "L"), u.n(p["h"], "L"))
    s += "*BOUNDARY\n1, ENCASTRE\n%d, ENCASTRE\nALL, 2, 2\nALL, 4, 4\nALL, 6, 6\n" % (2 * n + 1)
    s += "*PROBE, NAME=apex, NODE=%d\nU, R\n*PROBE, NAME=left, NODE=1\nRF, RM\n*PROBE, NAME=right, NODE=%d\nRF, RM\n" % (
        n + 1, 2 * n + 1)
    s += "*PROBE, NAME=quarter, ELEMENT=%d, POSITION=0.5\nX, N, M\n" % (n // 2)
    s += "*STEP, NLGEOM, INC=200\n*STATIC, RIKS\n0.05, 20., , , , %d, 3, %s\n*CLOAD\n%d, 3, %s\n*END STEP\n" % (
        n + 1, u.n(-p["w_end"], "L"), n + 1, u.n(-p["P"], "F"))
    return s


MODELS.update({"williams_toggle": (williams_toggle, (SI, MM, IN))})


# a semicircular steel arch, R = 3 m, CHS 60.3 x 4, 48 straight B31 on the circle, on fork
# supports (the ends held across the plane and against twisting about their tangent, free to turn
# otherwise); its out-of-plane modes (the in-plane DOFs held: an out-of-plane analysis)
U11["fork"] = {"R": 3.0, "D": 0.0603, "t": 0.004, "n": 48, "modes": 6}


def fork_arch_modes(u):
    """A semicircular steel arch (radius 3 m, CHS 60.3 x 4, 48 straight B31 on the circle) on
    fork supports at both springings (held across its plane and against twisting about the
    tangent, free to turn otherwise), in-plane DOFs held everywhere (an out-of-plane analysis);
    *FREQUENCY, 6 modes: the rigid turn about the chord between the supports, then the modes
    sin(n theta), n = 2 ... 5, against the thin ring's out-of-plane frequency equation (Love 1944)."""
    p = U11["fork"]
    R, n = p["R"], p["n"]
    s = head(u, "Semicircular arch on fork supports, out-of-plane modes", fork_arch_modes.__doc__)
    s += "*NODE, NSET=ARCH_N\n"
    for i in range(n + 1):
        th = math.pi * i / n
        s += "%d, %s, %s, 0\n" % (i + 1, u.n(R * math.cos(th), "L"), u.n(R * math.sin(th), "L"))
    s += line_elems(1, 1, n, "ARCH", "B31")
    s += steel(u)
    s += "*BEAM SECTION, ELSET=ARCH, MATERIAL=STEEL, SECTION=PIPE\n%s, %s\n0, 0, 1\n" % (
        u.n(p["D"] / 2, "L"), u.n(p["t"], "L"))
    s += "*NSET, NSET=FORKS\n1, %d\n" % (n + 1)
    s += "*BOUNDARY\nARCH_N, 1, 2\nARCH_N, 6, 6\nFORKS, 3, 3\nFORKS, 5, 5\n"
    s += "*STEP\n*FREQUENCY\n%d\n*END STEP\n" % p["modes"]
    return s


MODELS.update({"fork_arch_modes": (fork_arch_modes, (SI, MM, IN))})


# a steel flat bar 60 x 6 mm (the 60 mm upright), 2 m, on fork supports (a pin and a roller,
# both held against twisting), bent about its strong axis by equal and opposite end moments to
# 0.98 of the critical moment in 20 static increments; a lateral load at midspan of 1e-3 M/L as
# the imperfection; 20 B31
U11["ltb"] = {"L": 2.0, "b": 0.006, "h": 0.06, "n": 20, "frac": 0.98, "q": 1e-3}


def ltb_mcr():
    """The critical uniform moment of the fork-supported bar without warping stiffness,
    pi/L sqrt(EI_z GJ) (Timoshenko and Gere 1961), J of nsbeam's RECT (Roark's), and the in-plane
    curvature's factor 1/sqrt((1 - EI_z/EI_y)(1 - GJ/EI_y)); returns (M_cr, factor, EI_z, EI_y, GJ)."""
    p = U11["ltb"]
    E, nu, _ = STEEL
    G = E / (2 * (1 + nu))
    L, b, h = p["L"], p["b"], p["h"]
    EIy, EIz = E * b * h ** 3 / 12, E * h * b ** 3 / 12
    a, c = max(b, h), min(b, h)
    GJ = G * a * c ** 3 * (1 / 3 - 0.21 * (c / a) * (1 - (c / a) ** 4 / 12))
    Mcr = math.pi / L * math.sqrt(EIz * GJ)
    return Mcr, 1 / math.sqrt((1 - EIz / EIy) * (1 - GJ / EIy)), EIz, EIy, GJ


def ltb_uniform_moment(u):
    """Lateral-torsional buckling of a steel flat bar (2 m, 60 x 6 mm upright, 20 B31) on fork
    supports (a pin and a roller, both held against twisting), bent about its strong axis by equal
    and opposite end moments to 0.98 of the critical moment pi/L sqrt(EI_z GJ) (Timoshenko and
    Gere 1961) times the in-plane curvature's factor, in 20 static increments, with a lateral load
    of 1e-3 M/L at midspan as the imperfection: the critical moment from the growth of the twist."""
    p = U11["ltb"]
    L, n = p["L"], p["n"]
    Mcr, f, _, _, _ = ltb_mcr()
    M = p["frac"] * Mcr * f
    s = head(u, "Flat bar on fork supports under a uniform moment", ltb_uniform_moment.__doc__)
    s += line_nodes(u, 1, (0, 0, 0), (L, 0, 0), n, "BAR_N")
    s += line_elems(1, 1, n, "BAR", "B31")
    s += steel(u)
    s += "*BEAM SECTION, ELSET=BAR, MATERIAL=STEEL, SECTION=RECT\n%s, %s\n0, 1, 0\n" % (u.n(p["b"], "L"), u.n(p["h"], "L"))
    s += "*BOUNDARY\n1, 1, 4\n%d, 2, 4\n" % (n + 1)
    s += "*PROBE, NAME=mid, NODE=%d\nU, R\n*PROBE, NAME=pin, NODE=1\nRF, RM\n*PROBE, NAME=roller, NODE=%d\nU, RF, RM\n" % (
        n // 2 + 1, n + 1)
    s += "*STEP, NLGEOM\n*STATIC\n0.05, 1.0\n*CLOAD\n1, 5, %s\n%d, 5, %s\n%d, 2, %s\n*END STEP\n" % (
        u.n(M, "F*L"), n + 1, u.n(-M, "F*L"), n // 2 + 1, u.n(p["q"] * M / L, "F"))
    return s


MODELS.update({"ltb_uniform_moment": (ltb_uniform_moment, (SI, MM, IN))})


# a steel cantilever, 1 m, 40 x 20 mm (20 mm in the load's plane), 20 B31, at rest, 20 N on its
# tip from t = 0 (a *CLOAD in the *DYNAMIC step: Abaqus's step amplitude), 0.25 ms for 0.12 s (two
# periods of the first mode)
U11["sudden"] = {"L": 1.0, "b": 0.04, "d": 0.02, "n": 20, "P": 20.0, "h": 2.5e-4, "T": 0.12}


def sudden_tip_load(u):
    """A steel cantilever (1 m, 40 x 20 mm, 20 B31) at rest, 20 N put on its tip at t = 0 (a *CLOAD
    in the *DYNAMIC step, no amplitude), the default scheme at a user's increment of 0.25 ms for
    0.12 s: the tip swings between 0 and about twice the static deflection P L^3/3EI with the
    first mode's period (the Euler-Bernoulli cantilever's modal series); a *FREQUENCY step before
    it gives the model's own frequencies."""
    p = U11["sudden"]
    L, n = p["L"], p["n"]
    s = head(u, "Cantilever under a suddenly applied tip load", sudden_tip_load.__doc__)
    s += line_nodes(u, 1, (0, 0, 0), (L, 0, 0), n)
    s += line_elems(1, 1, n, "BEAM", "B31")
    s += steel(u)
    s += "*BEAM SECTION, ELSET=BEAM, MATERIAL=STEEL, SECTION=RECT\n%s, %s\n0, 1, 0\n" % (u.n(p["b"], "L"), u.n(p["d"], "L"))
    s += "*BOUNDARY\n1, ENCASTRE\n"
    s += "*PROBE, NAME=tip, NODE=%d\nU\n*PROBE, NAME=clamp, NODE=1\nRF, RM\n" % (n + 1)
    s += "*STEP\n*FREQUENCY\n12\n*END STEP\n"
    s += "*STEP\n*DYNAMIC\n%s, %s\n*CLOAD\n%d, 3, %s\n*END STEP\n" % (
        u.n(p["h"], "T"), u.n(p["T"], "T"), n + 1, u.n(-p["P"], "F"))
    return s


MODELS.update({"sudden_tip_load": (sudden_tip_load, (SI, MM, IN))})


# end of round eleven: structures and structural dynamics


# round twelve: impacts on flexible beams and section forces in structures (two balls striking a
# free beam at symmetric points, a ball dropped on a cantilever's midspan, a Hertz ball on a B2S
# beam; a propped cantilever under a trapezoidal line load, a frame with an inclined member whose
# pin reports its reaction along and across the member); check_user.py's block of the same name
# checks them

U12 = {
    # a free steel flat bar 1 m, 40 x 20 mm, 20 B31; two steel balls 20 mm at 0.225 m and 0.775 m
    # (in the middle of elements 5 and 16) at 1 m/s down, e = 0.5, no gravity
    "twin": {"L": 1.0, "b": 0.04, "d": 0.02, "n": 20, "r": 0.01, "xa": 0.225, "v0": 1.0, "e": 0.5,
             "gap": 2.5e-5, "h": 1e-4, "T": 0.02},
    # a steel cantilever 1 m, 20 x 20 mm, 10 B31; a 0.1 kg ball (r = 15 mm) at 1 m/s (a drop of
    # 51 mm) onto the middle of element 6 (x = 0.55 m), e = 0 (the default), no gravity
    "cmid": {"L": 1.0, "b": 0.02, "n": 10, "m": 0.1, "r": 0.015, "xb": 0.55, "v0": 1.0, "gap": 2.5e-4,
             "h": 2e-4, "T": 0.15},
    # a simply supported steel flat bar 1 m, 40 x 20 mm, 20 B2S; a steel ball 20 mm at 1 m/s onto
    # it 5 mm off the middle node, LAW=HERTZ, c = 4/3 E* sqrt(r); no gravity
    "hb2s": {"L": 1.0, "b": 0.04, "d": 0.02, "n": 20, "r": 0.01, "v0": 1.0, "gap": 1.26e-4, "off": 0.005,
             "h": 1e-5, "T": 2e-3, "h_coarse": 1e-4},
    # a steel beam 4 m, 80 x 160 mm, 16 B31, clamped at x = 0, on a roller at x = L, under a line
    # load rising from 2 kN/m at the clamp to 8 kN/m at the roller, given per element at its middle
    "trap": {"L": 4.0, "b": 0.08, "h": 0.16, "n": 16, "q1": 2e3, "q2": 8e3},
    # a column CHS 114.3 x 6, 3 m, clamped at its foot A, and an inclined member of the same tube
    # from its top B to a pin C on the ground 4 m away (5 m, 36.87 deg); 10 kN along x at B, 3 kN/m
    # down on the inclined member; 6 and 10 B31; the same frame twice, 2 m apart: the second's
    # pin in a *TRANSFORM along the member
    "incl": {"H": 3.0, "W": 4.0, "D": 0.1143, "t": 0.006, "nc": 6, "ni": 10, "P": 10e3, "q": 3e3, "dy": 2.0},
}


def twin_balls_free_beam(u):
    """A free steel flat bar (1 m, 40 x 20 mm lying flat, 20 B31) at rest, no gravity, struck at the
    same instant by two steel balls (20 mm, particles of 33 g) at 1 m/s, at 0.225 m from either end
    (in the middle of an element), Newton's law with e = 0.5, h = 0.1 ms for 20 ms: the motion stays
    symmetric about the middle (to round-off), the momentum 2 m v0 and the angular momentum are
    kept, the energy never rises."""
    p = U12["twin"]
    L, n, r, d = p["L"], p["n"], p["r"], p["d"]
    s = head(u, "Two balls striking a free beam at symmetric points", twin_balls_free_beam.__doc__)
    s += line_nodes(u, 1, (0, 0, 0), (L, 0, 0), n, "BEAM_N")
    s += line_elems(1, 1, n, "BEAM", "B31")
    s += steel(u)
    s += "*BEAM SECTION, ELSET=BEAM, MATERIAL=STEEL, SECTION=RECT\n%s, %s\n0, 1, 0\n" % (u.n(p["b"], "L"), u.n(d, "L"))
    z = d / 2 + r + p["gap"]
    s += "*NODE, NSET=BALLS\n101, %s, 0, %s\n102, %s, 0, %s\n" % (
        u.n(p["xa"], "L"), u.n(z, "L"), u.n(L - p["xa"], "L"), u.n(z, "L"))
    s += "*PARTICLE, NSET=BALLS, MASS=%s, RADIUS=%s\n" % (u.n(ball_mass(r), "M"), u.n(r, "L"))
    s += "*CONTACT PAIR, LAW=NEWTON, RESTITUTION=%g\nBALLS, BEAM\n" % p["e"]
    s += "*INITIAL CONDITIONS, TYPE=VELOCITY\nBALLS, 3, %s\n" % u.n(-p["v0"], "L/T")
    s += "*PROBE, NAME=ba, NODE=101\nX, V\n*PROBE, NAME=bb, NODE=102\nX, V\n"
    for k in (1, 4, 6, 9):
        s += "*PROBE, NAME=l%d, NODE=%d\nU, R\n*PROBE, NAME=r%d, NODE=%d\nU, R\n" % (k, k, k, n + 2 - k)
    s += "*PROBE, NAME=mid, NODE=%d\nU, R\n" % (n // 2 + 1)
    s += dynamic_step(u, p["h"], p["T"])
    return s


def ball_on_cantilever_midspan(u):
    """A 0.1 kg steel ball (radius 15 mm) at 1 m/s (a drop of 51 mm) onto a steel cantilever (1 m,
    20 x 20 mm, 10 B31) at rest, 0.55 m from the clamp (the middle of an element), no gravity,
    Newton's law with the default e = 0, h = 0.2 ms for 0.15 s: it strikes at gap/v0; the clamp's
    RF and RM balance the momentum and the angular momentum; the energy never rises."""
    p = U12["cmid"]
    L, n, b, r = p["L"], p["n"], p["b"], p["r"]
    s = head(u, "Ball dropped on a cantilever's midspan", ball_on_cantilever_midspan.__doc__)
    s += line_nodes(u, 1, (0, 0, 0), (L, 0, 0), n, "BEAM_N")
    s += line_elems(1, 1, n, "BEAM", "B31")
    s += steel(u)
    s += "*BEAM SECTION, ELSET=BEAM, MATERIAL=STEEL, SECTION=RECT\n%s, %s\n0, 1, 0\n" % (u.n(b, "L"), u.n(b, "L"))
    s += "*BOUNDARY\n1, ENCASTRE\n"
    s += "*NODE, NSET=BALL\n100, %s, 0, %s\n" % (u.n(p["xb"], "L"), u.n(b / 2 + r + p["gap"], "L"))
    s += "*PARTICLE, NSET=BALL, MASS=%s, RADIUS=%s\n" % (u.n(p["m"], "M"), u.n(r, "L"))
    s += "*CONTACT PAIR, LAW=NEWTON\nBALL, BEAM\n"
    s += "*INITIAL CONDITIONS, TYPE=VELOCITY\n100, 3, %s\n" % u.n(-p["v0"], "L/T")
    s += "*PROBE, NAME=clamp, NODE=1\nRF, RM\n*PROBE, NAME=ball, NODE=100\nX, V\n*PROBE, NAME=tip, NODE=%d\nU\n" % (n + 1)
    s += dynamic_step(u, p["h"], p["T"])
    return s


def hb2s_props():
    """hertz_ball_b2s: the ball's mass and Hertz's c (steel_ball_hertz)."""
    return steel_ball_hertz(U12["hb2s"]["r"])


def hertz_ball_b2s(u):
    """A steel ball (20 mm, a particle of 33 g) at 1 m/s onto a simply supported steel flat bar (1 m,
    40 x 20 mm lying flat, 20 B2S strain elements) 5 mm off its middle node, LAW=HERTZ with
    c = 4/3 E* sqrt(r) (E* = E/2(1 - nu^2)), no gravity, h = 10 us for 2 ms: the ball rebounds
    slower than it came; the energy never rises; the supports' impulses balance the momentum; the
    force stays below Hertz's peak on a rigid flat, the contact lasts longer than there."""
    p = U12["hb2s"]
    L, n, r = p["L"], p["n"], p["r"]
    mb, c = hb2s_props()
    s = head(u, "Hertz ball on a B2S beam", hertz_ball_b2s.__doc__)
    s += line_nodes(u, 1, (0, 0, 0), (L, 0, 0), n, "BEAM_N")
    s += line_elems(1, 1, n, "BEAM", "B2S")
    s += steel(u)
    s += "*BEAM SECTION, ELSET=BEAM, MATERIAL=STEEL, SECTION=RECT\n%s, %s\n0, 1, 0\n" % (u.n(p["b"], "L"), u.n(p["d"], "L"))
    s += "*BOUNDARY\n1, 1, 4\n%d, 2, 3\n" % (n + 1)
    s += "*NODE, NSET=BALL\n100, %s, 0, %s\n" % (u.n(L / 2 + p["off"], "L"), u.n(p["d"] / 2 + r + p["gap"], "L"))
    s += "*PARTICLE, NSET=BALL, MASS=%s, RADIUS=%s\n" % (u.n(mb, "M"), u.n(r, "L"))
    s += "*CONTACT PAIR, LAW=HERTZ, STIFFNESS=%s\nBALL, BEAM\n" % u.n(c, "F/L^1.5")
    s += "*INITIAL CONDITIONS, TYPE=VELOCITY\n100, 3, %s\n" % u.n(-p["v0"], "L/T")
    s += "*PROBE, NAME=ball, NODE=100\nX, V\n*PROBE, NAME=a, NODE=1\nRF\n*PROBE, NAME=b, NODE=%d\nRF\n" % (n + 1)
    s += dynamic_step(u, p["h"], p["T"])
    return s


def trap_loads():
    """propped_trapezoid: each element's load per length (SI), the trapezoid at its middle."""
    p = U12["trap"]
    n = p["n"]
    return [p["q1"] + (p["q2"] - p["q1"]) * (k + 0.5) / n for k in range(n)]


def propped_trapezoid(u):
    """A steel beam (4 m, 80 x 160 mm, 16 B31) clamped at one end, on a roller at the other, under
    a line load rising from 2 kN/m at the clamp to 8 kN/m at the roller, written as a user writes
    it: one *DLOAD line per element with the trapezoid's value at its middle; one static increment;
    *NODE PRINT of the supports' RF, RM, VTK output.  The prop's reaction by the compatibility of
    the Timoshenko cantilever (the trapezoid: q1 (L^4/8EI + L^2/2kGA) + (q2 - q1) (11 L^4/120EI +
    L^2/3kGA) over L^3/3EI + L/kGA), the section forces at every axis point by the free body."""
    p = U12["trap"]
    L, n = p["L"], p["n"]
    s = head(u, "Propped cantilever under a trapezoidal line load", propped_trapezoid.__doc__)
    s += line_nodes(u, 1, (0, 0, 0), (L, 0, 0), n)
    s += line_elems(1, 1, n, "BEAM", "B31")
    s += "*NSET, NSET=ENDS\n1, %d\n" % (n + 1)
    s += steel(u)
    s += "*BEAM SECTION, ELSET=BEAM, MATERIAL=STEEL, SECTION=RECT\n%s, %s\n0, 1, 0\n" % (u.n(p["b"], "L"), u.n(p["h"], "L"))
    s += "*BOUNDARY\n1, ENCASTRE\n%d, 2, 3\n" % (n + 1)
    s += "*STEP\n*STATIC\n*DLOAD\n"
    for k, q in enumerate(trap_loads()):
        s += "%d, PZ, %s\n" % (k + 1, u.n(-q, "F/L"))
    s += "*NODE PRINT, NSET=ENDS\nRF, RM\n*NODE FILE\nU, RF\n*EL FILE\nSF\n*END STEP\n"
    return s


def incl_points(dy=0.0):
    """inclined_member_frame: the foot A, the top B and the pin C of a frame at y = dy (SI)."""
    p = U12["incl"]
    return (0.0, dy, 0.0), (0.0, dy, p["H"]), (p["W"], dy, 0.0)


def inclined_member_frame(u):
    """A steel frame of CHS 114.3 x 6 tubes: a column of 3 m clamped at its foot, an inclined member
    from its top down to a pin on the ground 4 m away (5 m long, at 36.87 deg), rigidly joined at
    the top; 10 kN along x at the top, 3 kN/m down on the inclined member; 6 and 10 B31; four
    static increments.  The same frame twice, 2 m apart: the first's pin reports its reaction in
    the global axes, the second's in a *TRANSFORM along and across the member (its axial force and
    its shear at the pin).  The reactions by the direct stiffness method (Timoshenko members), the
    section forces at every VTK axis point by the free body."""
    p = U12["incl"]
    nc, ni = p["nc"], p["ni"]
    s = head(u, "Frame with an inclined member, pin reactions in a skew frame", inclined_member_frame.__doc__)
    for k in range(2):
        A, B, C = incl_points(k * p["dy"])
        o = 100 * k
        s += line_nodes(u, o + 1, A, B, nc)
        # the inclined member from the column's top B (node o + nc + 1) to the pin C
        s += "*NODE\n"
        for i in range(1, ni + 1):
            t = i / ni
            s += "%d, %s, %s, %s\n" % (o + 50 + i, u.n(B[0] + t * (C[0] - B[0]), "L"), u.n(B[1], "L"),
                                       u.n(B[2] + t * (C[2] - B[2]), "L"))
        s += line_elems(o + 1, o + 1, nc, "COL%d" % (k + 1), "B31")
        ends = [o + nc + 1] + [o + 50 + i for i in range(1, ni + 1)]
        s += "*ELEMENT, TYPE=B31, ELSET=INCL%d\n" % (k + 1)
        for i in range(ni):
            s += "%d, %d, %d\n" % (o + 51 + i, ends[i], ends[i + 1])
        s += "*NSET, NSET=FOOT%d\n%d\n*NSET, NSET=PIN%d\n%d\n*NSET, NSET=TOP%d\n%d\n" % (
            k + 1, o + 1, k + 1, o + 50 + ni, k + 1, o + nc + 1)
    s += "*ELSET, ELSET=FRAMES\nCOL1, INCL1, COL2, INCL2\n"
    s += steel(u)
    s += "*BEAM SECTION, ELSET=FRAMES, MATERIAL=STEEL, SECTION=PIPE\n%s, %s\n0, 1, 0\n" % (
        u.n(p["D"] / 2, "L"), u.n(p["t"], "L"))
    lm = math.hypot(p["W"], p["H"])
    ex, ez = -p["W"] / lm, p["H"] / lm
    s += "** the second pin's axes: x along the member (towards the top), y across it, in the frame's plane\n"
    s += "*TRANSFORM, NSET=PIN2\n%.15g, 0, %.15g, %.15g, 0, %.15g\n" % (ex, ez, ez, -ex)
    s += "*BOUNDARY\nFOOT1, ENCASTRE\nFOOT2, ENCASTRE\nPIN1, PINNED\nPIN2, PINNED\n"
    s += "*STEP\n*STATIC\n0.25, 1.0\n*CLOAD\nTOP1, 1, %s\nTOP2, 1, %s\n" % (u.n(p["P"], "F"), u.n(p["P"], "F"))
    s += "*DLOAD\nINCL1, PZ, %s\nINCL2, PZ, %s\n" % (u.n(-p["q"], "F/L"), u.n(-p["q"], "F/L"))
    s += "*NODE PRINT, NSET=FOOT1\nRF, RM\n*NODE PRINT, NSET=PIN1\nRF\n*NODE PRINT, NSET=PIN2\nRF\n"
    s += "*NODE PRINT, NSET=FOOT2\nRF, RM\n*NODE PRINT, NSET=TOP1\nU\n"
    s += "*OUTPUT, FORMAT=VTK\n*END STEP\n"
    return s


MODELS.update({
    "twin_balls_free_beam": (twin_balls_free_beam, (SI, MM, MS)),
    "ball_on_cantilever_midspan": (ball_on_cantilever_midspan, (SI, MM, IN)),
    "hertz_ball_b2s": (hertz_ball_b2s, (SI, MM, IN)),
    "propped_trapezoid": (propped_trapezoid, (SI, MM, IN)),
    "inclined_member_frame": (inclined_member_frame, (SI, MM, IN)),
})


# end of round twelve: impacts on flexible beams and section forces in structures


# round thirteen: what an engineer writes first (a beam with an overhang, a couple on a span, a
# clamped beam's modes and line load, a bar landing flat on two rough supports, a ball dropped
# on a damped two-span beam); check_user.py's block of the same name checks them

U13 = {
    # a steel beam 100 x 200 mm, a 4 m span on a pin and a roller and a 1.5 m overhang; 5 kN/m on
    # the whole length and 10 kN at the overhang's tip; 0.25 m B31
    "overhang": {"a": 4.0, "c": 1.5, "b": 0.1, "h": 0.2, "na": 16, "nc": 6, "q": 5e3, "P": 10e3},
    # a simply supported steel beam 4 m, 100 x 200 mm, 16 B31, a couple of 20 kN m about y at
    # x = 1 m (node 5)
    "couple": {"L": 4.0, "b": 0.1, "h": 0.2, "n": 16, "a": 1.0, "M": 20e3},
    # a steel beam 3 m, 60 x 120 mm (120 mm in the load's plane), clamped at both ends, 20 B31;
    # *FREQUENCY (8 modes), then 4 kN/m down in four static increments
    "clamped": {"L": 3.0, "b": 0.06, "h": 0.12, "n": 20, "modes": 8, "q": 4e3},
    # a free steel bar 1 m, 20 x 20 mm, 20 B31, dropped flat from 5 mm onto two rigid supports
    # (the floor under nodes 5 and 17, x = 0.2 m and 0.8 m), Newton's law e = 0 with mu = 0.3,
    # under gravity, h = 0.1 ms for 0.1 s
    "land2": {"L": 1.0, "b": 0.02, "n": 20, "sup": (5, 17), "drop": 0.005, "mu": 0.3, "g": 9.81,
              "h": 1e-4, "T": 0.1},
    # a steel beam 30 x 30 mm continuous over two spans of 1 m (pin, roller, roller), 24 B31,
    # *DAMPING ALPHA = 2 zeta omega_1 (zeta = 0.1, omega_1 of a 1 m pinned span); a 0.5 kg steel
    # ball (particle, r = 15 mm) dropped from 20 mm onto the middle of the first span, e = 0 and
    # mu = 0.3 (the span's slope under the ball, 1e-3 rad, would let a frictionless ball slide on
    # towards the sag's low point, a slow undamped swing), under gravity, h = 1 ms for 1.5 s: it
    # lands, rides on the beam and both settle
    "drop2": {"L": 1.0, "b": 0.03, "n": 24, "m": 0.5, "r": 0.015, "drop": 0.02, "zeta": 0.1, "g": 9.81,
              "mu": 0.3, "h": 1e-3, "T": 1.5},
}


def overhang_beam(u):
    """A steel beam (100 x 200 mm, 22 B31) on a pin and a roller 4 m apart with a 1.5 m overhang,
    5 kN/m by *DLOAD PZ on its whole length and 10 kN down at the overhang's tip; *STATIC without
    a data line, *NODE PRINT of the supports' RF, VTK output: the reactions by statics, the tip's
    and the span's deflections by the direct stiffness method with exact Timoshenko members, the
    section forces at every axis point by the free body beyond."""
    p = U13["overhang"]
    a, c, na, nc = p["a"], p["c"], p["na"], p["nc"]
    n = na + nc
    s = head(u, "Beam with an overhang", overhang_beam.__doc__)
    s += "*NODE, NSET=BEAM_N\n"
    for i in range(n + 1):
        x = a * i / na if i <= na else a + c * (i - na) / nc
        s += "%d, %s, 0, 0\n" % (i + 1, u.n(x, "L"))
    s += line_elems(1, 1, n, "BEAM", "B31")
    s += "*NSET, NSET=SUPPORTS\n1, %d\n" % (na + 1)
    s += steel(u)
    s += "*BEAM SECTION, ELSET=BEAM, MATERIAL=STEEL, SECTION=RECT\n%s, %s\n0, 1, 0\n" % (u.n(p["b"], "L"), u.n(p["h"], "L"))
    s += "*BOUNDARY\n1, 1, 4\n%d, 2, 3\n" % (na + 1)
    s += "*PROBE, NAME=tip, NODE=%d\nU, R\n*PROBE, NAME=mid, NODE=%d\nU, R\n" % (n + 1, na // 2 + 1)
    s += "*STEP\n*STATIC\n*DLOAD\nBEAM, PZ, %s\n*CLOAD\n%d, 3, %s\n" % (u.n(-p["q"], "F/L"), n + 1, u.n(-p["P"], "F"))
    s += "*NODE PRINT, NSET=SUPPORTS\nRF\n*OUTPUT, FORMAT=VTK\n*END STEP\n"
    return s


def span_couple(u):
    """A simply supported steel beam (4 m, 100 x 200 mm, 16 B31) under a couple of 20 kN m about
    the y axis at x = 1 m (a *CLOAD on DOF 5 of node 5); *STATIC without a data line, *NODE PRINT
    of the supports' RF, VTK output: the reactions -+M/L, the couple's node's deflection and
    rotation by the direct stiffness method with exact Timoshenko members, the bending moment's
    jump of M at the node, the section forces at every axis point by the free body beyond."""
    p = U13["couple"]
    L, n = p["L"], p["n"]
    k = int(round(p["a"] / L * n)) + 1
    s = head(u, "Simply supported beam under a couple in its span", span_couple.__doc__)
    s += line_nodes(u, 1, (0, 0, 0), (L, 0, 0), n, "BEAM_N")
    s += line_elems(1, 1, n, "BEAM", "B31")
    s += "*NSET, NSET=SUPPORTS\n1, %d\n" % (n + 1)
    s += steel(u)
    s += "*BEAM SECTION, ELSET=BEAM, MATERIAL=STEEL, SECTION=RECT\n%s, %s\n0, 1, 0\n" % (u.n(p["b"], "L"), u.n(p["h"], "L"))
    s += "*BOUNDARY\n1, 1, 4\n%d, 2, 3\n" % (n + 1)
    s += "*PROBE, NAME=load, NODE=%d\nU, R\n*PROBE, NAME=mid, NODE=%d\nU, R\n" % (k, n // 2 + 1)
    s += "*PROBE, NAME=before, ELEMENT=%d, POSITION=1\nM\n*PROBE, NAME=after, ELEMENT=%d, POSITION=0\nM\n" % (k - 1, k)
    s += "*STEP\n*STATIC\n*CLOAD\n%d, 5, %s\n" % (k, u.n(p["M"], "F*L"))
    s += "*NODE PRINT, NSET=SUPPORTS\nRF\n*OUTPUT, FORMAT=VTK\n*END STEP\n"
    return s


def clamped_beam(u):
    """A steel beam (3 m, 60 x 120 mm, the 120 mm vertical, 20 B31) clamped at both ends:
    *FREQUENCY (8 modes) against the clamped-clamped Euler-Bernoulli beam (beta L = 4.7300,
    7.8532, 10.9956; Blevins 1979) in both planes, then 4 kN/m down (*DLOAD PZ) in four static
    increments: the clamps' moments q L^2/12, the midspan's q L^4/384EI + q L^2/8kGA (the linear
    part: the membrane's stretching stiffens it), the section forces at every axis point."""
    p = U13["clamped"]
    L, n = p["L"], p["n"]
    s = head(u, "Clamped-clamped beam: modes and line load", clamped_beam.__doc__)
    s += line_nodes(u, 1, (0, 0, 0), (L, 0, 0), n, "BEAM_N")
    s += line_elems(1, 1, n, "BEAM", "B31")
    s += "*NSET, NSET=ENDS\n1, %d\n" % (n + 1)
    s += steel(u)
    s += "*BEAM SECTION, ELSET=BEAM, MATERIAL=STEEL, SECTION=RECT\n%s, %s\n0, 1, 0\n" % (u.n(p["b"], "L"), u.n(p["h"], "L"))
    s += "*BOUNDARY\nENDS, ENCASTRE\n"
    s += "*PROBE, NAME=mid, NODE=%d\nU\n*PROBE, NAME=a, NODE=1\nRF, RM\n*PROBE, NAME=b, NODE=%d\nRF, RM\n" % (n // 2 + 1, n + 1)
    s += "*STEP\n*FREQUENCY\n%d\n*END STEP\n" % p["modes"]
    s += "*STEP\n*STATIC\n0.25, 1.0\n*DLOAD\nBEAM, PZ, %s\n*OUTPUT, FORMAT=VTK\n*END STEP\n" % u.n(-p["q"], "F/L")
    return s


def bar_lands_on_two_supports(u):
    """A free steel bar (1 m, 20 x 20 mm, 20 B31) dropped flat from 5 mm onto two rigid supports
    (the floor under its nodes at 0.2 m and 0.8 m), Newton's law with the default e = 0 and
    mu = 0.3, under gravity, h = 0.1 ms for 0.1 s: it lands on both in the same increment, at
    sqrt(2 g d); the motion stays symmetric about the middle and the bar does not drift along
    its axis (the supports' friction impulses equal and opposite); the supports' impulses and
    the weight balance the momentum; the energy never rises."""
    p = U13["land2"]
    L, n, b = p["L"], p["n"], p["b"]
    z = b / 2 + p["drop"]
    s = head(u, "Bar landing flat on two rough supports", bar_lands_on_two_supports.__doc__)
    s += line_nodes(u, 1, (0, 0, z), (L, 0, z), n, "BAR_N")
    s += "*NSET, NSET=SUPPORTS\n%d, %d\n" % p["sup"]
    s += line_elems(1, 1, n, "BAR", "B31")
    s += steel(u)
    s += "*BEAM SECTION, ELSET=BAR, MATERIAL=STEEL, SECTION=RECT\n%s, %s\n0, 1, 0\n" % (u.n(b, "L"), u.n(b, "L"))
    s += "*OBSTACLE, NAME=FLOOR, TYPE=PLANE\n0, 0, 0, 0, 0, 1\n"
    s += "*CONTACT PAIR, LAW=NEWTON, FRICTION=%g\nSUPPORTS, FLOOR\n" % p["mu"]
    s += "*GRAVITY\n0, 0, %s\n" % u.n(-p["g"], "L/T^2")
    for k in (1, 3, 5, 8):
        s += "*PROBE, NAME=l%d, NODE=%d\nU, R\n*PROBE, NAME=r%d, NODE=%d\nU, R\n" % (k, k, k, n + 2 - k)
    s += "*PROBE, NAME=mid, NODE=%d\nU, R, V\n" % (n // 2 + 1)
    s += dynamic_step(u, p["h"], p["T"])
    return s


def drop2_props():
    """ball_on_two_spans: the first frequency of a 1 m pinned span of the bar and ALPHA."""
    p = U13["drop2"]
    E, nu, rho = STEEL
    w1 = (math.pi / p["L"]) ** 2 * math.sqrt(E * p["b"] ** 2 / 12 / rho)
    return w1, 2 * p["zeta"] * w1


def ball_on_two_spans(u):
    """A steel beam (30 x 30 mm, 24 B31) continuous over two spans of 1 m on a pin and two
    rollers, its material damped by *DAMPING, ALPHA = 2 zeta omega_1 (zeta = 0.1, omega_1 of a
    1 m pinned span); a 0.5 kg steel ball (a particle, r = 15 mm) dropped from 20 mm onto the
    middle of the first span, Newton's law with the default e = 0 and mu = 0.3 (it stays where it
    lands), under gravity, h = 1 ms for
    1.5 s: it strikes in the increment holding the touch, the supports' impulses and the weight
    balance the momentum, it rides on the beam and both settle: the supports then carry the
    continuous beam's reactions under its weight and the ball's (Timoshenko)."""
    p = U13["drop2"]
    L, n, b, r = p["L"], p["n"], p["b"], p["r"]
    _, alpha = drop2_props()
    s = head(u, "Ball dropped on a two-span beam", ball_on_two_spans.__doc__)
    s += line_nodes(u, 1, (0, 0, 0), (2 * L, 0, 0), n, "BEAM_N")
    s += line_elems(1, 1, n, "BEAM", "B31")
    s += "*NSET, NSET=SUPPORTS\n1, %d, %d\n" % (n // 2 + 1, n + 1)
    s += steel(u)
    s += "*DAMPING, ALPHA=%s\n" % u.n(alpha, "1/T")
    s += "*BEAM SECTION, ELSET=BEAM, MATERIAL=STEEL, SECTION=RECT\n%s, %s\n0, 1, 0\n" % (u.n(b, "L"), u.n(b, "L"))
    s += "*BOUNDARY\n1, 1, 4\n%d, 2, 3\n%d, 2, 3\n" % (n // 2 + 1, n + 1)
    s += "*NODE, NSET=BALL\n100, %s, 0, %s\n" % (u.n(L / 2, "L"), u.n(b / 2 + r + p["drop"], "L"))
    s += "*PARTICLE, NSET=BALL, MASS=%s, RADIUS=%s\n" % (u.n(p["m"], "M"), u.n(r, "L"))
    s += "*CONTACT PAIR, LAW=NEWTON, FRICTION=%g\nBALL, BEAM\n" % p["mu"]
    s += "*GRAVITY\n0, 0, %s\n" % u.n(-p["g"], "L/T^2")
    s += "*PROBE, NAME=A, NODE=1\nRF\n*PROBE, NAME=B, NODE=%d\nRF\n*PROBE, NAME=C, NODE=%d\nRF\n" % (n // 2 + 1, n + 1)
    s += "*PROBE, NAME=ball, NODE=100\nX, V\n*PROBE, NAME=q, NODE=%d\nU\n" % (n // 4 + 1)
    s += dynamic_step(u, p["h"], p["T"])
    return s


MODELS.update({
    "overhang_beam": (overhang_beam, (SI, MM, IN)),
    "span_couple": (span_couple, (SI, MM, IN)),
    "clamped_beam": (clamped_beam, (SI, MM, IN)),
    "bar_lands_on_two_supports": (bar_lands_on_two_supports, (SI, MM, MS)),
    "ball_on_two_spans": (ball_on_two_spans, (SI, MM, IN)),
})


# end of round thirteen: what an engineer writes first


if __name__ == "__main__":
    main()
