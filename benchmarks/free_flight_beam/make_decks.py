#!/usr/bin/env python3
"""Generate the free_flight_beam decks (Češarek 2013, §6.6.4; Simo & Vu-Quoc 1988):
straight beam from (6, 0, 0) to (0, 0, 8) (L = 10), 10 elements, N = 2;
force p(t) (20, 0, 0) and moment p(t) (0, -200, 100) at (6, 0, 0);
EA = GA = 1e4, GJ = EI = 500, rhoA = 1, J = (20, 10, 10).

Two load histories (README, "Which load"):
- Češarek's load (primary decks): p the unit hat, p(2.5) = 1, zero at 0 and
  after 5.  This is the load Češarek's own figures show (Fig. 6.11: the
  beam's X range at t = 7; Fig. 6.13: energy 850-900);
- the load as quoted from the literature (lit_* decks): p = t on
  [0, 2.5], 5 - t on [2.5, 5], i.e. 2.5 times larger.

Weightings and elements: collocation (Češarek's velocity element,
model*.inp, h*.inp), Galerkin (galerkin_*), the strain element (strain_*).
Include fragments are named model*.inp, which tests/decks.cmake does not
check alone."""
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tools"))
from beamdeck import polyline, node_block, element_block, general_section, write

HERE = os.path.dirname(os.path.abspath(__file__))
nodes, elems = polyline([(6, 0, 0), (0, 0, 8)], 10)
PEAK = {"thesis": 1.0, "lit": 2.5}


def model_text(weighting, load, moment_scale=1.0):
    elements = element_block(elems, 2)
    title = "10 velocity elements, N = 2"
    if weighting == "STRAIN":
        elements = element_block(elems, 2, etype="B2S")
        title = "10 strain elements, N = 2"
    if weighting in ("GALERKIN", "COLLOCATION"):  # named: Galerkin is the default in dynamics
        elements = elements.replace("POINTS=2\n", "POINTS=2, WEIGHTING=%s\n" % weighting)
    if weighting == "GALERKIN":
        title = "10 velocity elements, N = 2, Galerkin weighting"
    what = {"thesis": "Češarek's load (unit hat p)", "lit": "the load as quoted from the literature (p peaks at 2.5)"}[load]
    return f"""** Flexible beam in free flight (Češarek 2013, §6.6.4), {title}; {what}.
*HEADING
Free-flying beam
{node_block(nodes)}{elements}{general_section("BEAM", 1e4, 1e4, 1e4, 500.0, 500.0, 500.0, 1.0, 20.0, 10.0, 10.0, n1=(0, 1, 0))}*AMPLITUDE, NAME=P, TIME=TOTAL TIME
0.0, 0.0, 2.5, {PEAK[load]!r}, 5.0, 0.0
*CLOAD, AMPLITUDE=P
1, 1, 20.0
1, 5, {-200.0 * moment_scale!r}
1, 6, {100.0 * moment_scale!r}
*PROBE, NAME=A, NODE=1
X, U
*PROBE, NAME=B, NODE={nodes[-1][0]}
X
"""


def dynamic_deck(path, title, model_file, scheme_line, h, extra="", vtk=True):
    out = f"""** Free-flying beam{title}, h = {h}, t in [0, 100].
*INCLUDE, INPUT={model_file}
*STEP
{scheme_line}
{h}, 100.0, {h}
{extra}*OUTPUT, FORMAT=HISTORY, EVERY={int(round(0.1 / float(h)))}
"""
    if vtk:
        out += f"*OUTPUT, FORMAT=VTK, EVERY={int(round(0.5 / float(h)))}\n"
    write(path, out + "*END STEP\n")


GA_EXTRA = """** the residual of this model stalls near 1e-8 (loads 50, moments 500, EA 1e4)
** after t ~ 43 at h = 0.01: below 1e-8 Newton only chases round-off
"""

# Newmark conserves linear and angular momentum exactly up to the residual
# left by the nonlinear solve; check.py measures the scheme to 1e-8 absolute
# (2e-10 of |p| = 50), so these decks solve tighter than the default. Measured
# at the default RELATIVE RESIDUAL=1e-8: a drift of 7.2e-6 over the 10^4
# increments at h = 0.01 (1.4e-7 of |p|), 7.0e-8 at 1e-10, 6.0e-9 at 1e-12.
STRAIN_EXTRA = """** momentum is exact up to the nonlinear solve: solve tighter than the default
** so that the momentum rows measure the scheme (README, "Solver tolerance")
*SOLVER CONTROLS, RELATIVE RESIDUAL=1e-12
"""

for load, lp in (("thesis", ""), ("lit", "lit_")):
    models = {"COLLOCATION": f"model{'_lit' if load == 'lit' else ''}.inp",
              "GALERKIN": f"model{'_lit' if load == 'lit' else ''}_galerkin.inp",
              "STRAIN": f"model{'_lit' if load == 'lit' else ''}_strain.inp"}
    loadname = "" if load == "thesis" else " (literature load)"
    for weighting, model_file in models.items():
        write(os.path.join(HERE, model_file), model_text(weighting, load))
    for prefix, weighting in (("", "COLLOCATION"), ("galerkin_", "GALERKIN"), ("strain_", "STRAIN")):
        scheme = "NEWMARK" if weighting == "STRAIN" else "MODIFIED NEWMARK, RHOINF=1"
        label = {"COLLOCATION": "", "GALERKIN": ", Galerkin weighting", "STRAIN": ", strain elements"}[weighting]
        for h in ("0.1", "0.01"):
            dynamic_deck(os.path.join(HERE, f"{lp}{prefix}h{h}.inp"), f"{loadname}{label}, {scheme.lower()}",
                         models[weighting], f"*DYNAMIC, SCHEME={scheme}", h,
                         STRAIN_EXTRA if weighting == "STRAIN" else "")
    # generalized-alpha on the strain elements (Češarek 2013, §6.6.4 with §6.5):
    # rho_inf = 0.9 and 0.5, h = 0.1 and 0.01
    for tag, rho in (("ga09", "0.9"), ("ga05", "0.5")):
        for h in ("0.1", "0.01"):
            dynamic_deck(os.path.join(HERE, f"{lp}strain_{tag}_h{h}.inp"),
                         f"{loadname}, strain elements, generalized-alpha (rho_inf = {rho})", models["STRAIN"],
                         f"*DYNAMIC, SCHEME=GENERALIZED ALPHA, RHOINF={rho}", h, GA_EXTRA)

# the literature load only: the collocation element with the moment scaled
# down (1/4 and 1/10): below a spin-rate threshold it runs and conserves
# energy (README, "Stability threshold")
for tag, scale in (("m4", 0.25), ("m10", 0.1)):
    write(os.path.join(HERE, f"model_lit_{tag}.inp"), model_text("COLLOCATION", "lit", scale))
    for h in ("0.1", "0.01"):
        dynamic_deck(os.path.join(HERE, f"lit_{tag}_h{h}.inp"),
                     f" (literature load, moment scaled by {scale}), collocation, modified newmark",
                     f"model_lit_{tag}.inp", "*DYNAMIC, SCHEME=MODIFIED NEWMARK, RHOINF=1", h, vtk=False)

# the literature load at h = 0.1 with numerical dissipation in the modified scheme (GAMMA > 1/2)
for tag, model, gamma in (("gamma0.55", "model_lit.inp", "0.55"), ("galerkin_gamma0.51", "model_lit_galerkin.inp", "0.51")):
    dynamic_deck(os.path.join(HERE, f"lit_{tag}_h0.1.inp"),
                 f" ({model}), modified newmark with GAMMA = {gamma} (numerical dissipation)", model,
                 f"*DYNAMIC, SCHEME=MODIFIED NEWMARK, GAMMA={gamma}", "0.1", vtk=False)
