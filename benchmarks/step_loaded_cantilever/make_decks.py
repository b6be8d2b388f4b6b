#!/usr/bin/env python3
"""Writes the decks of benchmarks/step_loaded_cantilever (README.md here): a steel cantilever
500 mm, 20 x 20 mm, n elements of the default beam (B31 = B2V, POINTS=3), a tip load of 100 N
suddenly applied, units mm, t, s, N, MPa; collocation and Galerkin (named; Galerkin is the default
in dynamics),
RHOINF=1 and the default scheme, h = 10 us, 3 ms."""
import os

HERE = os.path.dirname(os.path.abspath(__file__))


def deck(n, weighting, rho1):
    w = ", WEIGHTING=" + weighting if weighting else ""
    dyn = "*DYNAMIC, RHOINF=1" if rho1 else "*DYNAMIC"
    return f"""** benchmarks/step_loaded_cantilever (README.md here), written by make_decks.py
** {n} elements of B31 ({weighting.lower() if weighting else 'no weighting named: the default'}), {dyn[1:]}
*NODE, NSET=ALL
1, 0, 0, 0
{n + 1}, 500, 0, 0
*NGEN, NSET=BEAMN
1, {n + 1}, 1
*NSET, NSET=TIP
{n + 1}
*ELEMENT, TYPE=B31, ELSET=BEAM{w}
1, 1, 2
*ELGEN, ELSET=BEAM
1, {n}, 1, 1
*MATERIAL, NAME=STEEL
*ELASTIC
210000, 0.3
*DENSITY
7.85e-9
*BEAM SECTION, ELSET=BEAM, MATERIAL=STEEL, SECTION=RECT
20, 20
0, 1, 0
*BOUNDARY
1, ENCASTRE
*PROBE, NAME=tip, NODE={n + 1}
X, V
*STEP
{dyn}
1e-5, 0.003
*CLOAD
TIP, 3, -100
*OUTPUT, FORMAT=HISTORY
*END STEP
"""


for n in (4, 5, 6, 10):
    for wt in ("COLLOCATION", "GALERKIN"):
        for rho1 in (True, False):
            name = f"n{n}_{'gal' if wt == 'GALERKIN' else 'coll'}{'_rho1' if rho1 else ''}.inp"
            with open(os.path.join(HERE, name), "w") as fh:
                fh.write(deck(n, wt, rho1))
# as a user writes it: no weighting named (Galerkin, the default in a model with a *DYNAMIC step)
with open(os.path.join(HERE, "n5_user.inp"), "w") as fh:
    fh.write(deck(5, None, False))
