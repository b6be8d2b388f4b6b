#!/usr/bin/env python3
"""Generate the stiff_pendulum decks (Češarek 2013, §6.6.6; Crisfield & Shi, Kuhl &
Crisfield): L = 3.0443 hanging from a pin at the origin along -Z, EA = 1e10,
rhoA = 6.57, no gravity, rigid rotation about Y with tip speed v0 = 7.72
(omega = v0/L) as initial condition; 4 elements with N = 2.  EI, GJ, GA and
the rotary inertia are not given by Češarek; we take those of a solid
circular rod of radius 0.05 with the same EA (E = EA/A): see README."""
import math, os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tools"))
from beamdeck import polyline, node_block, element_block, general_section, write

HERE = os.path.dirname(os.path.abspath(__file__))
L, EA, rhoA, v0 = 3.0443, 1e10, 6.57, 7.72
r = 0.05
A = math.pi * r * r
E = EA / A
nu = 0.3
G = E / (2 * (1 + nu))
I = math.pi * r ** 4 / 4
rho = rhoA / A
w = v0 / L
nodes, elems = polyline([(0, 0, 0), (0, 0, -L)], 4)
ic = "\n".join(f"{lab}, 1, {w * (-z):.17g}" for lab, x, y, z in nodes)  # v_x = w |z|
model = f"""** Stiff pendulum (Češarek 2013, §6.6.6): 4 velocity elements, N = 2.
*HEADING
Stiff pendulum, L = {L}, EA = 1e10, v0 = {v0}
{node_block(nodes)}{element_block(elems, 2)}{general_section("BEAM", EA, 0.9 * G * A, 0.9 * G * A, G * 2 * I, E * I, E * I, rhoA, rho * 2 * I, rho * I, rho * I)}** pin: translations held, rotation free only about Y (planar motion)
*BOUNDARY
1, 1, 3
1, 4, 4
1, 6, 6
** rigid rotation about Y: v = w_g x r with w_g = (0, -w, 0), w = v0/L
*INITIAL CONDITIONS, TYPE=VELOCITY
{ic}
"""
model += "\n".join(f"{lab}, 5, {-w:.17g}" for lab, *_ in nodes) + "\n"
model += f"""*PROBE, NAME=tip, NODE={nodes[-1][0]}
X, V
"""
write(os.path.join(HERE, "model.inp"), model)
write(os.path.join(HERE, "model_strain.inp"), model.replace("TYPE=B2V", "TYPE=B2S").replace(
    "4 velocity elements", "4 strain elements"))
for pre, mfile, scheme, hs in (("", "model.inp", "MODIFIED NEWMARK, RHOINF=1", ("0.001", "0.025", "0.05", "0.1")),
                                ("strain_", "model_strain.inp", "MODIFIED NEWMARK, RHOINF=1", ("0.001", "0.025", "0.05", "0.1"))):
  # the strain element with the modified scheme at beta = 1/2 is Newmark (1/4, 1/2)
  # on its points; the modified form is used because the pin holds only two rotations
  for h in hs:
    write(os.path.join(HERE, f"{pre}h{h}.inp"), f"""** Stiff pendulum, {scheme.lower()}, h = {h}, t in [0, 30].
*INCLUDE, INPUT={mfile}
*STEP
*DYNAMIC, SCHEME={scheme}
{h}, 30.0, {h}
** EA = 1e10: the axial force EA (E - E0) is formed from |E| = 1 and resolves
** only EA eps |E| = 2.2e-6; the default residual tolerance 1e-8 is below that
** round-off floor (see README)
*OUTPUT, FORMAT=HISTORY, EVERY={max(1, int(round(0.01 / float(h))))}
*END STEP
""")

# Češarek's velocity element is a collocation element: the published failure of the
# modified scheme at h = 0.1, 0.05, 0.025 is that element's (the default Galerkin
# weighting takes the energy-consistent internal forces under RHOINF=1,
# docs/theory_beam.md §11.2, and keeps the energy: README "Energy-consistent form")
write(os.path.join(HERE, "model_colloc.inp"), model.replace(
    "4 velocity elements", "4 velocity elements, collocation weighting").replace(
    "POINTS=2\n", "POINTS=2, WEIGHTING=COLLOCATION\n"))
for h in ("0.025", "0.05", "0.1"):
    write(os.path.join(HERE, f"colloc_h{h}.inp"), f"""** Stiff pendulum, collocation velocity elements (Češarek's), modified newmark, rhoinf=1, h = {h}, t in [0, 30].
*INCLUDE, INPUT=model_colloc.inp
*STEP
*DYNAMIC, SCHEME=MODIFIED NEWMARK, RHOINF=1
{h}, 30.0, {h}
** EA = 1e10: residual tolerance above the round-off floor (see README)
*OUTPUT, FORMAT=HISTORY, EVERY=1
*END STEP
""")

# Galerkin weighting of the strain elements (docs/theory_beam_strain.md §7):
# the same model and scheme as strain_h0.001.inp, WEIGHTING=GALERKIN on the
# elements (README "Galerkin weighting")
write(os.path.join(HERE, "model_strain_galerkin.inp"), model.replace("TYPE=B2V", "TYPE=B2S").replace(
    "4 velocity elements", "4 strain elements, Galerkin weighting").replace(
    "POINTS=2\n", "POINTS=2, WEIGHTING=GALERKIN\n"))
for h in ("0.001",):
    write(os.path.join(HERE, f"strain_galerkin_h{h}.inp"), f"""** Stiff pendulum, strain elements with Galerkin weighting, modified newmark, h = {h}, t in [0, 30].
*INCLUDE, INPUT=model_strain_galerkin.inp
*STEP
*DYNAMIC, SCHEME=MODIFIED NEWMARK, RHOINF=1
{h}, 30.0, {h}
** EA = 1e10: residual tolerance above the round-off floor (see README)
*OUTPUT, FORMAT=HISTORY, EVERY={max(1, int(round(0.01 / float(h))))}
*END STEP
""")

# generalized-alpha (rho_inf = 0.6) on the strain elements.  Newmark-type node
# unknowns cannot hold two of the three pin rotations (the solver refuses
# partial rotational holds with them), so these decks pin only the
# translations (a spherical pin): the initial conditions are planar and
# symmetric about the XZ plane, so the motion stays planar, and the beam
# carries no moment at the pin either way.
write(os.path.join(HERE, "model_strain_sph.inp"), model.replace("TYPE=B2V", "TYPE=B2S").replace(
    "4 velocity elements", "4 strain elements").replace(
    "** pin: translations held, rotation free only about Y (planar motion)\n*BOUNDARY\n1, 1, 3\n1, 4, 4\n1, 6, 6\n",
    "** spherical pin: translations held (planar initial conditions keep the motion planar)\n*BOUNDARY\n1, 1, 3\n"))
for h in ("0.1", "0.05", "0.025"):
    write(os.path.join(HERE, f"strain_ga06_h{h}.inp"), f"""** Stiff pendulum, strain elements, generalized-alpha (rho_inf = 0.6), h = {h}, t in [0, 30].
*INCLUDE, INPUT=model_strain_sph.inp
*STEP
*DYNAMIC, SCHEME=GENERALIZED ALPHA, RHOINF=0.6
{h}, 30.0, {h}
*OUTPUT, FORMAT=HISTORY, EVERY={max(1, int(round(0.01 / float(h))))}
*END STEP
""")
