#!/usr/bin/env python3
"""Generate the free_flight_beam decks (seed 001 §6.6.4; Simo & Vu-Quoc 1988):
straight beam from (6, 0, 0) to (0, 0, 8) (L = 10), 10 elements, N = 2;
force p(t) (20, 0, 0) and moment p(t) (0, -200, 100) at (6, 0, 0),
p = t on [0, 2.5], 5 - t on [2.5, 5], 0 after; EA = GA = 1e4, GJ = EI = 500,
rhoA = 1, J = (20, 10, 10) (literature values, the seed's are lost).
Two weightings of the same element (docs/theory_beam.md §6-7): collocation
(model.inp, h*.inp) and Galerkin (model_galerkin.inp, galerkin_h*.inp; include
fragments are named model*.inp, which tests/decks.cmake does not check alone)."""
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tools"))
from beamdeck import polyline, node_block, element_block, general_section, write

HERE = os.path.dirname(os.path.abspath(__file__))
nodes, elems = polyline([(6, 0, 0), (0, 0, 8)], 10)


def model_text(weighting, moment_scale=1.0):
    elements = element_block(elems, 2)
    title = "10 velocity elements, N = 2"
    if weighting == "STRAIN":
        elements = element_block(elems, 2, etype="B2S")
        title = "10 strain elements, N = 2"
    if weighting == "GALERKIN":
        elements = elements.replace("POINTS=2\n", "POINTS=2, WEIGHTING=GALERKIN\n")
        title = "10 velocity elements, N = 2, Galerkin weighting"
    return f"""** Flexible beam in free flight (seed 001 §6.6.4), {title}.
*HEADING
Free-flying beam
{node_block(nodes)}{elements}{general_section("BEAM", 1e4, 1e4, 1e4, 500.0, 500.0, 500.0, 1.0, 20.0, 10.0, 10.0, n1=(0, 1, 0))}*AMPLITUDE, NAME=P, TIME=TOTAL TIME
0.0, 0.0, 2.5, 2.5, 5.0, 0.0
*CLOAD, AMPLITUDE=P
1, 1, 20.0
1, 5, {-200.0 * moment_scale!r}
1, 6, {100.0 * moment_scale!r}
*PROBE, NAME=A, NODE=1
X, U
*PROBE, NAME=B, NODE={nodes[-1][0]}
X
"""


for prefix, weighting in (("", "COLLOCATION"), ("galerkin_", "GALERKIN"), ("strain_", "STRAIN")):
    model_file = {"COLLOCATION": "model.inp", "GALERKIN": "model_galerkin.inp", "STRAIN": "model_strain.inp"}[weighting]
    write(os.path.join(HERE, model_file), model_text(weighting))
    scheme = "NEWMARK" if weighting == "STRAIN" else "MODIFIED NEWMARK"
    for h, T in (("0.1", 100), ("0.01", 100)):
        label = {"COLLOCATION": "", "GALERKIN": ", Galerkin weighting", "STRAIN": ", strain elements"}[weighting]
        write(os.path.join(HERE, f"{prefix}h{h}.inp"), f"""** Free-flying beam{label}, {scheme.lower()}, h = {h}, t in [0, {T}].
*INCLUDE, INPUT={model_file}
*STEP
*DYNAMIC, SCHEME={scheme}
{h}, {T}.0
*OUTPUT, FORMAT=HISTORY, EVERY={int(round(0.1 / float(h)))}
*OUTPUT, FORMAT=VTK, EVERY={int(round(0.5 / float(h)))}
*END STEP
""")


# generalized-alpha on the strain elements (seed 001 §6.6.4 with §6.5):
# rho_inf = 0.9 and 0.5, h = 0.1 and 0.01
for tag, rho in (("ga09", "0.9"), ("ga05", "0.5")):
    for h in ("0.1", "0.01"):
        write(os.path.join(HERE, f"strain_{tag}_h{h}.inp"), f"""** Free-flying beam, strain elements, generalized-alpha (rho_inf = {rho}), h = {h}, t in [0, 100].
*INCLUDE, INPUT=model_strain.inp
*STEP
*DYNAMIC, SCHEME=GENERALIZED ALPHA, RHOINF={rho}
{h}, 100.0
** the residual of this model stalls near 1e-8 (loads 50, moments 500, EA 1e4)
** after t ~ 43 at h = 0.01: below 1e-8 Newton only chases round-off
*SOLVER CONTROLS, TOL RESIDUAL=1e-7
*OUTPUT, FORMAT=HISTORY, EVERY={int(round(0.1 / float(h)))}
*OUTPUT, FORMAT=VTK, EVERY={int(round(0.5 / float(h)))}
*END STEP
""")


# the collocation element with the moment scaled down (1/4 and 1/10): below a
# spin-rate threshold it runs and conserves energy (README, "Stability threshold")
for tag, scale in (("m4", 0.25), ("m10", 0.1)):
    write(os.path.join(HERE, f"model_{tag}.inp"), model_text("COLLOCATION", scale))
    for h in ("0.1", "0.01"):
        write(os.path.join(HERE, f"{tag}_h{h}.inp"), f"""** Free-flying beam, collocation, moment scaled by {scale}, modified newmark, h = {h}, t in [0, 100].
*INCLUDE, INPUT=model_{tag}.inp
*STEP
*DYNAMIC, SCHEME=MODIFIED NEWMARK
{h}, 100.0
*OUTPUT, FORMAT=HISTORY, EVERY={int(round(0.1 / float(h)))}
*END STEP
""")

# numerical dissipation in the modified scheme (GAMMA > 1/2): the literature load at h = 0.1
for tag, model, gamma in (("gamma0.55", "model.inp", "0.55"), ("galerkin_gamma0.51", "model_galerkin.inp", "0.51")):
    write(os.path.join(HERE, f"{tag}_h0.1.inp"), f"""** Free-flying beam ({model}), modified newmark with GAMMA = {gamma} (numerical dissipation), h = 0.1, t in [0, 100].
*INCLUDE, INPUT={model}
*STEP
*DYNAMIC, SCHEME=MODIFIED NEWMARK, GAMMA={gamma}
0.1, 100.0
*OUTPUT, FORMAT=HISTORY, EVERY=1
*END STEP
""")
