#!/usr/bin/env python3
"""Generate the modal_dynamics decks (*MODAL DYNAMIC; Waltersberger 2007, §5.2–5.3, Ex. 5.7/5.8).

rock_*: a free steel beam (L = 1, 0.02 x 0.02, E = 210e9, G = 81e9, rho = 7500,
shear factor 1/1.2, 40 velocity elements N = 2) tilted so that it touches a
rigid stop (x in [0.4, 0.6], the plane z = 0, nodes 17..25 as contact slaves)
at A (x = 0.4) and is 0.01 above it at B (x = 0.6): w(x) = 0.05 (x - 0.4).
Gravity (the step's load) tips it onto B and it rocks.  Planar: DOFs 2, 4, 6
held.  Plastic impacts (RESTITUTION=0), Rayleigh damping alpha = 0.01,
beta = 1e-4 (Waltersberger's alpha_1, alpha_2), h = 1e-5, t in [0, 0.3].
spring_*: a particle on a spring bouncing on a wall (one mode = the whole
linear system), *MODAL DYNAMIC against *DYNAMIC.
"""
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tools"))
from beamdeck import node_block, element_block, general_section, write

HERE = os.path.dirname(os.path.abspath(__file__))
E, G, rho, a = 210e9, 81e9, 7500.0, 0.02
A, I, J, ks = a * a, a ** 4 / 12, 0.141 * a ** 4, 1 / 1.2
L, ne = 1.0, 40
nodes = [(k + 1, L * k / ne, 0.0, 0.05 * (L * k / ne - 0.4)) for k in range(ne + 1)]
elems = [(k + 1, k + 2) for k in range(ne)]
stop = [k + 1 for k in range(ne + 1) if 0.4 - 1e-9 <= L * k / ne <= 0.6 + 1e-9]


def rock(proc):
    # the full model at Waltersberger's fixed increment: no cutback (h_min = h)
    hmin = "" if proc.startswith("*MODAL") else ", 1e-5"
    return f"""** Rocking free beam on a stop (Waltersberger 2007, Ex. 5.7/5.8), 40 elements.
*HEADING
Rocking free elastic beam on a stop
{node_block(nodes, nset="ALL")}{element_block(elems, 2)}{general_section("BEAM", E * A, ks * G * A, ks * G * A, G * J, E * I, E * I, rho * A, rho * 2 * I, rho * I, rho * I, n1=(0, 1, 0))}*BOUNDARY
ALL, 2, 2
ALL, 4, 4
ALL, 6, 6
*NSET, NSET=STOP
{", ".join(str(n) for n in stop)}
*OBSTACLE, NAME=FLOOR, TYPE=PLANE
0, 0, 0, 0, 0, 1
*CONTACT PAIR, LAW=NEWTON, RESTITUTION=0, SLAVE RADIUS=0
STOP, FLOOR
*PROBE, NAME=A, NODE=17
U
*PROBE, NAME=B, NODE=25
U
*STEP
{proc}
1e-5, 0.3{hmin}
*GRAVITY
0, 0, -9.81
*OUTPUT, FORMAT=HISTORY, EVERY=50
*END STEP
"""


for m in (5, 8, 16, 40):
    write(os.path.join(HERE, f"rock_modal_m{m}.inp"), rock(f"*MODAL DYNAMIC, MODES={m}, ALPHA=0.01, BETA=1e-4"))
for m in (4, 5, 8, 16, 40):
    write(os.path.join(HERE, f"rock_qs_m{m}.inp"),
          rock(f"*MODAL DYNAMIC, MODES={m}, REDUCTION=QUASI-STATIC, ALPHA=0.01, BETA=1e-4"))

# references for the reduced runs: the same model undamped (40 modes), and the
# full nonlinear analysis with Galerkin-weighted elements (the collocation
# element's energy grows without bound here from t ~ 0.025, with or without
# the contacts: README, kick_*)
write(os.path.join(HERE, "rock_undamped_m40.inp"), rock("*MODAL DYNAMIC, MODES=40"))
write(os.path.join(HERE, "rock_full_galerkin.inp"),
      rock("*DYNAMIC, RHOINF=1").replace("POINTS=2\n", "POINTS=2, WEIGHTING=GALERKIN\n"))
write(os.path.join(HERE, "rock_full_collocation.inp"),
      rock("*DYNAMIC, RHOINF=1").replace("POINTS=2\n", "POINTS=2, WEIGHTING=COLLOCATION\n"))
# the same with the default scheme's numerical dissipation (rho_inf = 0.9)
write(os.path.join(HERE, "rock_full_collocation_rho09.inp"),
      rock("*DYNAMIC, RHOINF=0.9").replace("POINTS=2\n", "POINTS=2, WEIGHTING=COLLOCATION\n"))


def kick(weighting):
    """The cause of the collocation run's growth, without contact or gravity:
    the same free beam (no stop), node A kicked at 0.01 m/s, RHOINF=1."""
    return f"""** The rocking beam free (no stop, no gravity), node A kicked: energy of the element alone.
*HEADING
Free beam, node 17 kicked
{node_block(nodes, nset="ALL")}{element_block(elems, 2)}{general_section("BEAM", E * A, ks * G * A, ks * G * A, G * J, E * I, E * I, rho * A, rho * 2 * I, rho * I, rho * I, n1=(0, 1, 0))}*BOUNDARY
ALL, 2, 2
ALL, 4, 4
ALL, 6, 6
*INITIAL CONDITIONS, TYPE=VELOCITY
17, 3, 0.01
*PROBE, NAME=A, NODE=17
U
*STEP
*DYNAMIC, RHOINF=1
1e-5, 0.03, 1e-5
*OUTPUT, FORMAT=HISTORY, EVERY=50
*END STEP
""".replace("POINTS=2\n", f"POINTS=2, WEIGHTING={weighting}\n")


for w in ("COLLOCATION", "GALERKIN"):
    write(os.path.join(HERE, f"kick_{w.lower()}.inp"), kick(w))

SPRING = """** Particle on a spring bouncing on a wall (e = 1).
*HEADING
particle on a spring against a wall
*NODE
1, 0, 0, 0
2, 0, 0, 1
*PARTICLE, NODE=2, MASS=2.0, RADIUS=0.0
*ELEMENT, TYPE=SPRINGA, ELSET=S
1, 1, 2
*SPRING, ELSET=S
50.0
*NSET, NSET=BALL
2
*BOUNDARY
2, 1, 2
*OBSTACLE, NAME=WALL, TYPE=PLANE
0, 0, 0.9, 0, 0, 1
*CONTACT PAIR, LAW=NEWTON, RESTITUTION=1.0
BALL, WALL
*INITIAL CONDITIONS, TYPE=VELOCITY
2, 3, -1.0
*PROBE, NAME=P, NODE=2
X, V
*STEP
{proc}
{h}, 3.0{hmin}
*OUTPUT, FORMAT=HISTORY, EVERY={every}
*END STEP
"""
for h, every in (("0.001", 10), ("0.0005", 20), ("0.00025", 40)):
    write(os.path.join(HERE, f"spring_modal_h{h}.inp"), SPRING.format(proc="*MODAL DYNAMIC, MODES=1", h=h, hmin="", every=every))
    write(os.path.join(HERE, f"spring_full_h{h}.inp"), SPRING.format(proc="*DYNAMIC, RHOINF=1", h=h, hmin=f", {h}", every=every))


# cant_*: the section forces of the reduced model (README, (e)).  A steel
# cantilever (the rocking beam's section, L = 1, 20 elements) with a tip load
# P = 100 N across it, mass-proportional damping ALPHA = 107 1/s (half the
# critical damping of the first mode), 1 s.  cant_all: all 120 modes, the
# load brought on by a SMOOTH STEP over 0.2 s, so that it settles on the
# linear static solution (with a sudden load the trapezoidal rule leaves the
# stiffest modes ringing); cant_m6: 6 modes, the load suddenly, a history
# row every increment; cant_m6_plain: the same with the tip's displacement
# only (the cost of the force outputs).  Probes: the clamp's reactions and
# the section forces at four places; VTK at the start and the end.
P = 100.0
cnodes = [(k + 1, L * k / 20, 0.0, 0.0) for k in range(21)]
celems = [(k + 1, k + 2) for k in range(20)]


def cantilever(modes, forces=True, every=50, ramp=False):
    probes = "*PROBE, NAME=tip, NODE=21\nU\n"
    out = f"*OUTPUT, FORMAT=HISTORY, EVERY={every}\n"
    if forces:
        probes += "*PROBE, NAME=clamp, NODE=1\nRF, RM\n"
        for e, xi in ((1, 0.0), (5, 0.5), (11, 0.25), (20, 0.75)):
            probes += f"*PROBE, NAME=s{e}, ELEMENT={e}, POSITION={xi}\nNS, MS\n"
        out += "*OUTPUT, FORMAT=VTK, EVERY=5000\n"
    amp = "*AMPLITUDE, NAME=ON, DEFINITION=SMOOTH STEP\n0, 0, 0.2, 1\n" if ramp else ""
    return f"""** Cantilever under a tip load in {modes} modes, damped until it settles.
*HEADING
Cantilever, tip load, modal section forces
{node_block(cnodes, nset="ALL")}{element_block(celems, 2)}{general_section("BEAM", E * A, ks * G * A, ks * G * A, G * J, E * I, E * I, rho * A, rho * 2 * I, rho * I, rho * I, n1=(0, 1, 0))}*BOUNDARY
1, 1, 6
{probes}{amp}*STEP
*MODAL DYNAMIC, MODES={modes}, ALPHA=107
2e-4, 1
*CLOAD{", AMPLITUDE=ON" if ramp else ""}
21, 3, {-P}
{out}*END STEP
"""


write(os.path.join(HERE, "cant_all.inp"), cantilever(120, ramp=True))
write(os.path.join(HERE, "cant_m6.inp"), cantilever(6, every=1))
write(os.path.join(HERE, "cant_m6_plain.inp"), cantilever(6, forces=False, every=1))
