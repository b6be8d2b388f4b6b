#!/usr/bin/env python3
"""Generate the spin_up decks (README.md): the spin-up of a flexible beam
clamped to a hub whose rotation is prescribed (Simo & Vu-Quoc 1986), L = 10,
EA = 2.8e7, GA = 1e7, EI = GJ = 1.4e4, rhoA = 1.2, rhoI = 6e-4 (polar 1.2e-3),
10 elements with N = 2, in the XY plane about Z.  Hub angle (exact, two
steps of total time, *AMPLITUDE DEFINITION=SUM and POLYNOMIAL):
  psi(t) = (6/15) [t^2/2 + (15/(2 pi))^2 (cos(2 pi t/15) - 1)],  t <= 15,
  psi(t) = 6 t - 45,                                              t >= 15.
Default solver settings; the scheme's form per deck."""
import math, os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tools"))
from beamdeck import polyline, node_block, element_block, general_section, write

HERE = os.path.dirname(os.path.abspath(__file__))
L, NE, N = 10.0, 10, 2
EA, GA, EI, GJ = 2.8e7, 1.0e7, 1.4e4, 1.4e4
rhoA, rhoI = 1.2, 6.0e-4
W_END, T_UP = 6.0, 15.0
C = (W_END / T_UP) * (T_UP / (2 * math.pi)) ** 2  # 0.4 (15/(2 pi))^2

nodes, elems = polyline([(0, 0, 0), (L, 0, 0)], NE)


def model(etype):
    return f"""** Spin-up of a flexible beam (Simo & Vu-Quoc 1986): {NE} {etype} elements, N = {N};
** the hub is node 1 (translations and the rotations about X, Y held; the angle about Z driven).
*HEADING
Spin-up, {etype}
{node_block(nodes)}{element_block(elems, N, etype=etype, weighting="COLLOCATION" if etype == "B2V" else None)}{general_section("BEAM", EA, GA, GA, GJ, EI, EI, rhoA, 2 * rhoI, rhoI, rhoI, n1=(0, 0, 1))}** psi(t) = 0.2 t^2 + C (cos(w t) - 1) up to t = 15 (C = 0.4 (15/(2 pi))^2, w = 2 pi/15),
** then 6 t - 45: angle 45, rate 6 and acceleration 0 at t = 15 on both sides
*AMPLITUDE, NAME=SPINUP, DEFINITION=SUM, TIME=TOTAL TIME
PARABOLA, 1.0, WAVE, 1.0
*AMPLITUDE, NAME=PARABOLA, DEFINITION=POLYNOMIAL, TIME=TOTAL TIME
0.0, 0.0, {W_END / T_UP / 2:.17g}
*AMPLITUDE, NAME=WAVE, DEFINITION=PERIODIC, TIME=TOTAL TIME
1, {2 * math.pi / T_UP:.17g}, 0.0, {-C:.17g}
{C:.17g}, 0.0
*AMPLITUDE, NAME=STEADY, DEFINITION=POLYNOMIAL, TIME=TOTAL TIME
{-W_END * T_UP / 2:.17g}, {W_END:.17g}
*BOUNDARY
1, 1, 5
*PROBE, NAME=tip, NODE={nodes[-1][0]}
X, V
"""


def deck(name, etype, scheme, h, title):
    steps = ""
    for sname, amp in (("spin-up", "SPINUP"), ("steady", "STEADY")):
        steps += f"""*STEP, NAME={sname}
*DYNAMIC, {scheme}
{h}, {T_UP}, {h}
*BOUNDARY, AMPLITUDE={amp}
1, 6, 6, 1.0
*OUTPUT, FORMAT=HISTORY, EVERY=1
*END STEP
"""
    write(os.path.join(HERE, name), f"** {title}\n" + model(etype) + steps)


for et in ("B2V", "B2S"):
    e = et.lower()
    deck(f"{e}_h0.01.inp", et, "SCHEME=MODIFIED NEWMARK", 0.01,
         f"Spin-up, {et}, modified Newmark (default: generalized-alpha form, RHOINF 0.9), h = 0.01, t in [0, 30].")
    deck(f"{e}_plain_h0.01.inp", et, "SCHEME=MODIFIED NEWMARK, RHOINF=1", 0.01,
         f"Spin-up, {et}, plain modified Newmark (beta = gamma = 1/2), h = 0.01: the reported failure.")
# first-order damping of the plain scheme, and coarser steps with stronger damping (B2V)
deck("b2v_gamma0.6_h0.01.inp", "B2V", "SCHEME=MODIFIED NEWMARK, GAMMA=0.6", 0.01,
     "Spin-up, B2V, plain modified Newmark with GAMMA = 0.6, h = 0.01.")
deck("b2v_plain_h0.005.inp", "B2V", "SCHEME=MODIFIED NEWMARK, RHOINF=1", 0.005,
     "Spin-up, B2V, plain modified Newmark, h = 0.005 (stable at this step).")
deck("b2v_h0.005.inp", "B2V", "SCHEME=MODIFIED NEWMARK", 0.005,
     "Spin-up, B2V, modified Newmark (default RHOINF 0.9), h = 0.005: the order of the errors.")
deck("b2v_rho0.8_h0.02.inp", "B2V", "SCHEME=MODIFIED NEWMARK, RHOINF=0.8", 0.02,
     "Spin-up, B2V, modified Newmark, RHOINF = 0.8, h = 0.02.")
deck("b2v_h0.02.inp", "B2V", "SCHEME=MODIFIED NEWMARK", 0.02,
     "Spin-up, B2V, modified Newmark (default RHOINF 0.9), h = 0.02.")
deck("b2v_rho0.6_h0.05.inp", "B2V", "SCHEME=MODIFIED NEWMARK, RHOINF=0.6", 0.05,
     "Spin-up, B2V, modified Newmark, RHOINF = 0.6, h = 0.05.")
