#!/usr/bin/env python3
"""Generate the swing decks (Češarek 2013, §7.2.2, "Nihajoča gugalnica"; Bauchau et al.).

A flexible beam (L = 0.72) hinged between two stiff links (Češarek: rigid and
massless) that are hinged to the ground; a particle m = 0.5 rigidly attached at the beam
midpoint A; a triangular pulse F_X at A (0 -> 2 at t = 0.128 -> 0 at
t = 0.256), free motion afterwards, t <= 2.5.  Motion in the X-Z plane.

THE GEOMETRY IS A RECONSTRUCTION, NOT THE ORIGINAL: Češarek's Fig. 7.1 with the
link lengths and support coordinates is lost and no accessible source has them
(see README.md).  Hanging swing: ground hinges S1 = (0, 0, 0.48) and
S2 = (1, 0, 0.48); links of length 0.5 hanging down and inwards to
T1 = (0.14, 0, 0) and T2 = (0.86, 0, 0); beam T1 -> T2; A = (0.5, 0, 0);
B (Češarek: "point B", undefined in the surviving text) = T2, the right link tip.
This is a proposed layout (standing links, S at z = 0, tips at z = 0.48)
mirrored top to bottom: without gravity the two are mirror images with the same
energies, and only the hanging one rotates its links counter-clockwise first and
turns the right link clockwise at the toggle, as Češarek says (README.md).

Beam: E = 73e9, G = 28.08e9, rho = 2700, rectangle b1 = 0.005 (along Y, G2) x
b2 = 0.001 (in the swing plane, G3): bending in the plane about the weak axis.
Shear factor 5/6 and Roark's torsion constant (both lost in our copy of Češarek 2013).
Links: the same section, E x 100 (G as the beam's: Češarek scales E only).
NOT massless as in Češarek: with rhoA = rhoJ = 0 (*BEAM GENERAL SECTION
accepts it) nsbeam stops in the initial-acceleration solve (zero pivot at a link
node); the links get the beam's density instead (1.35 % of the particle's
mass each; README.md).
Mesh: 4 constant elements (POINTS=1) per link, 52 on the beam (A is a node).
Hinges: revolute joints about Y at S1, T1, T2, S2 (separate nodes).
Particle: own node at A, spherical joint to the beam node (the attached_particle
mechanism).

Newton: the default relative convergence test (the links' EA = 3.65e7 N puts
the round-off floor of the residual near 1e-8 N, which it accepts)."""
import math, os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tools"))
from beamdeck import polyline, node_block, element_block, general_section, write

HERE = os.path.dirname(os.path.abspath(__file__))

# ---- data (Češarek 2013, §7.2.2) ---------------------------------------------------
E, G, RHO = 73e9, 28.08e9, 2700.0
B1, B2 = 0.005, 0.001            # b1 along G2 = global Y, b2 along G3 (in the plane)
RHO_LINK = RHO                   # massless in Češarek; nsbeam cannot start with massless nodes (README)
MASS, FMAX, T_PEAK, T_END_PULSE, T_END = 0.5, 2.0, 0.128, 0.256, 2.5
K_SHEAR = 5.0 / 6.0              # lost in our copy of the thesis; nsbeam's rectangle default
NE_LINK, NE_BEAM = 4, 52


def section(e_factor, rho):
    """EA, GA2, GA3, GJ, EI2, EI3, rhoA, rhoJ1..3 of the b1 x b2 rectangle
    (I2 about G2 = Y: the weak axis, b1 b2^3 / 12)."""
    A = B1 * B2
    I2 = B1 * B2 ** 3 / 12.0
    I3 = B2 * B1 ** 3 / 12.0
    a, c = max(B1, B2), min(B1, B2)
    J = a * c ** 3 * (1.0 / 3.0 - 0.21 * (c / a) * (1.0 - (c / a) ** 4 / 12.0))
    Ee = E * e_factor
    return (Ee * A, K_SHEAR * G * A, K_SHEAR * G * A, G * J, Ee * I2, Ee * I3,
            rho * A, rho * (I2 + I3), rho * I2, rho * I3)


def geometry(standing=False):
    zs, zt = (0.0, 0.48) if standing else (0.48, 0.0)
    return (0.0, 0.0, zs), (1.0, 0.0, zs), (0.14, 0.0, zt), (0.86, 0.0, zt)


def deck(etype, scheme, h, t_end=T_END, standing=False, every=None, weighting=None):
    S1, S2, T1, T2 = geometry(standing)
    l1, e1 = polyline([S1, T1], NE_LINK, 1)          # nodes 1..5, elements 1..4
    bm, eb = polyline([T1, T2], NE_BEAM, 101)        # nodes 101..153, elements 101..152
    l2, e2 = polyline([S2, T2], NE_LINK, 201)        # nodes 201..205, elements 201..204
    nA = 101 + NE_BEAM // 2                          # beam node at A (127)
    eleft = 100 + NE_BEAM // 2                       # beam element ending at A (126)
    A = bm[NE_BEAM // 2][1:]
    if scheme == "MN":
        dyn = "*DYNAMIC, SCHEME=MODIFIED NEWMARK"
        sname = "modified Newmark"
    elif scheme == "NM":
        dyn = "*DYNAMIC, SCHEME=NEWMARK"
        sname = "Newmark"
    else:
        dyn = "*DYNAMIC, SCHEME=GENERALIZED ALPHA, RHOINF=%s" % scheme[2:]
        sname = "generalized-alpha rho_inf = %s" % scheme[2:]
    if every is None:
        every = max(1, int(round(5e-4 / float(h))))  # history every 5e-4
    els = element_block(e1, 1, "LINK1", 1, etype) + element_block(eb, 1, "BEAM", 101, etype) + \
        element_block(e2, 1, "LINK2", 201, etype)
    if weighting:
        els = els.replace(", POINTS=1", ", POINTS=1, WEIGHTING=%s" % weighting)
        sname += ", %s weighting" % weighting.lower()
    elif etype == "B2V":  # Češarek's collocation, named (Galerkin is the default in dynamics)
        els = els.replace(", POINTS=1", ", POINTS=1, WEIGHTING=COLLOCATION")
    geo = "standing (proposed layout, unmirrored)" if standing else "hanging (reconstruction, see README)"
    return f"""** Swing with attached mass (Češarek 2013, §7.2.2), {etype}, {sname}, h = {h}, t <= {t_end}.
** GEOMETRY RECONSTRUCTED, NOT THE ORIGINAL ({geo}):
** S1 = {S1}, S2 = {S2}, T1 = {T1}, T2 = {T2}, A = {A}, B = T2.
** Generated by make_decks.py; see README.md.
*HEADING
Swing with attached mass, {etype}, {sname}, h = {h}
** left link S1 -> T1, beam T1 -> T2, right link S2 -> T2, particle node 900 at A,
** ground nodes 901 (S1) and 902 (S2)
{node_block(l1)}{node_block(bm)}{node_block(l2)}*NODE
900, {A[0]:.17g}, {A[1]:.17g}, {A[2]:.17g}
901, {S1[0]:.17g}, {S1[1]:.17g}, {S1[2]:.17g}
902, {S2[0]:.17g}, {S2[1]:.17g}, {S2[2]:.17g}
{els}** beam: b1 = 0.005 along G2 = Y, b2 = 0.001 in the plane; links: E x 100, massless
{general_section("BEAM", *section(1.0, RHO), n1=(0, 1, 0))}{general_section("LINK1", *section(100.0, RHO_LINK), n1=(0, 1, 0))}{general_section("LINK2", *section(100.0, RHO_LINK), n1=(0, 1, 0))}*PARTICLE, NODE=900, MASS={MASS}
*JOINT, TYPE=SPHERICAL
900, {nA}, {A[0]:.17g}, {A[1]:.17g}, {A[2]:.17g}
** hinges about Y: S1 (ground), T1, T2, S2 (ground)
*JOINT, TYPE=REVOLUTE
901, 1, {S1[0]:.17g}, {S1[1]:.17g}, {S1[2]:.17g}, 0.0, 1.0, 0.0
5, 101, {T1[0]:.17g}, {T1[1]:.17g}, {T1[2]:.17g}, 0.0, 1.0, 0.0
153, 205, {T2[0]:.17g}, {T2[1]:.17g}, {T2[2]:.17g}, 0.0, 1.0, 0.0
902, 201, {S2[0]:.17g}, {S2[1]:.17g}, {S2[2]:.17g}, 0.0, 1.0, 0.0
*AMPLITUDE, NAME=PULSE
0.0, 0.0, {T_PEAK}, 1.0, {T_END_PULSE}, 0.0
*CLOAD, AMPLITUDE=PULSE
{nA}, 1, {FMAX}
*PROBE, NAME=A, NODE=900
X, U, V
*PROBE, NAME=B, NODE=205
X, U
*PROBE, NAME=T1, NODE=5
X
** second node of the beam: direction of its first element (left link / beam alignment)
*PROBE, NAME=T1b, NODE=102
X
*PROBE, NAME=S1, NODE=1
W
*PROBE, NAME=S2, NODE=201
W
** first (only) collocation point of the beam element left of A
*PROBE, NAME=left, ELEMENT={eleft}, POSITION=0.5
NS
*STEP
{dyn}
{h}, {t_end}, {h}
*OUTPUT, FORMAT=HISTORY, EVERY={every}
*END STEP
"""


RUNS = [  # (file stem, element, scheme, h[, weighting])
    ("b2v_mn_h5e-5", "B2V", "MN", "5e-5"),
    ("b2v_mn_h2.5e-5", "B2V", "MN", "2.5e-5"),       # one-off (4.5 min), not run by validate
    ("b2v_mn_h1e-4", "B2V", "MN", "1e-4"),
    ("b2v_mn_h5e-4", "B2V", "MN", "5e-4"),
    ("b2s_nm_h1e-4", "B2S", "NM", "1e-4"),
    ("b2s_nm_h5e-4", "B2S", "NM", "5e-4"),
    ("b2s_ga0.9_h5e-4", "B2S", "GA0.9", "5e-4"),
    ("b2s_ga0.5_h5e-4", "B2S", "GA0.5", "5e-4"),
    # diagnostic: the energy-conserving weighting of the same element (README)
    ("b2v_galerkin_mn_h1e-4", "B2V", "MN", "1e-4", "GALERKIN"),
    ("b2v_galerkin_mn_h5e-5", "B2V", "MN", "5e-5", "GALERKIN"),
]

if __name__ == "__main__":
    for stem, et, sc, h, *w in RUNS:
        write(os.path.join(HERE, stem + ".inp"), deck(et, sc, h, weighting=w[0] if w else None))
    # short run for --quick: the pulse and the first free motion
    write(os.path.join(HERE, "b2v_mn_h5e-4_t0.4.inp"), deck("B2V", "MN", "5e-4", t_end=0.4))
    # the unmirrored proposal (standing links), for the sense check
    write(os.path.join(HERE, "standing_b2v_mn_h5e-4_t0.4.inp"), deck("B2V", "MN", "5e-4", t_end=0.4, standing=True))
