#!/usr/bin/python3
"""The problems of benchmarks/peers (problems.py) as Siconos models, built
with Siconos' Python API and run by its C++ time loop: TimeStepping with the
MoreauJeanOSI (theta = 0.5) one-step integrator and an LCP one-step
nonsmooth problem (Lemke's solver, Siconos' default), as Siconos' own
examples do (Acary & Brogliato 2008, ch. 10).

  /usr/bin/python3 siconos_models.py NAME      NAME: ball, bar<N>, sv<N>

prints one JSON line: the quantities run_peers compares with the closed
forms.  The bar is the 1-D finite-element bar of linear elements with lumped
masses (rho A dx, halved at the ends) and springs EA/dx, a
LagrangianLinearTIDS in the axial displacements; Newton's law with e = 0
acts on the end node.  Dense matrices (Siconos' SimpleMatrix from numpy
arrays, as a user writes them).
"""
import json
import os
import sys

import numpy as np
import siconos.kernel as sk

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import problems as pb  # noqa: E402


def simulation(nsds, h):
    td = sk.TimeDiscretisation(0.0, h)
    osi = sk.MoreauJeanOSI(0.5)
    lcp = sk.LCP()
    return sk.TimeStepping(nsds, td, osi, lcp)


def ball():
    ds = sk.LagrangianLinearTIDS([pb.Z0_BALL], [0.0], np.array([[pb.M_BALL]]))
    ds.setFExtPtr(np.array([-pb.M_BALL * pb.G]))
    # gap y = z - R >= 0
    rel = sk.LagrangianLinearTIR(np.array([[1.0]]), np.array([-pb.R_BALL]))
    inter = sk.Interaction(sk.NewtonImpactNSL(pb.E_BALL), rel)
    nsds = sk.NonSmoothDynamicalSystem(0.0, pb.T_BALL)
    nsds.insertDynamicalSystem(ds)
    nsds.link(inter, ds)
    sim = simulation(nsds, pb.H_BALL)
    impacts, rebounds = [], []
    v_prev = 0.0
    while sim.hasNextEvent():
        sim.computeOneStep()
        v = ds.velocity()[0]
        if v_prev < 0.0 and v >= 0.0:   # the velocity jump of an impact
            impacts.append(sim.nextTime())
            rebounds.append(v)
        v_prev = v
        sim.nextStep()
    z, v = ds.q()[0], ds.velocity()[0]
    e_drop = pb.M_BALL * pb.G * (pb.Z0_BALL - pb.R_BALL)
    energy = (0.5 * pb.M_BALL * v * v + pb.M_BALL * pb.G * (z - pb.R_BALL)) / e_drop
    return {"impacts": impacts, "rebounds": rebounds, "energy_end": energy}


def bar_matrices(n_el, held_far_end):
    """Lumped mass and stiffness of n_el linear bar elements; with
    held_far_end the last node is held (removed)."""
    n = n_el + 1
    dx = pb.L / n_el
    m = np.full(n, pb.RHOA * dx)
    m[0] = m[-1] = 0.5 * pb.RHOA * dx
    k = pb.EA / dx
    K = np.zeros((n, n))
    for e in range(n_el):
        K[e, e] += k
        K[e + 1, e + 1] += k
        K[e, e + 1] -= k
        K[e + 1, e] -= k
    if held_far_end:
        m, K = m[:-1], K[:-1, :-1]
    return np.diag(m), K


def bar(n_el):
    M, K = bar_matrices(n_el, False)
    n = M.shape[0]
    ds = sk.LagrangianLinearTIDS(np.zeros(n), np.full(n, pb.V0), M, K, np.zeros((n, n)))
    # gap at the end node: y = -u_end >= 0 (the wall touches it at t = 0)
    H = np.zeros((1, n))
    H[0, -1] = -1.0
    inter = sk.Interaction(sk.NewtonImpactNSL(0.0), sk.LagrangianLinearTIR(H))
    nsds = sk.NonSmoothDynamicalSystem(0.0, pb.bar_t_end())
    nsds.insertDynamicalSystem(ds)
    nsds.link(inter, ds)
    sim = simulation(nsds, pb.step(n_el))
    t_last = 0.0
    while sim.hasNextEvent():
        sim.computeOneStep()
        if inter.lambda_(1)[0] > 0.0:
            t_last = sim.nextTime()
        sim.nextStep()
    q, v = np.array(ds.q()), np.array(ds.velocity())
    mass = np.diag(M)
    e0 = 0.5 * mass.sum() * pb.V0 ** 2
    energy = 0.5 * v @ (mass * v) + 0.5 * q @ (K @ q)
    return {"t_end_contact": t_last, "rebound": float(mass @ v / mass.sum()), "energy": float(energy / e0)}


def saint_venant(n_el):
    M, K = bar_matrices(n_el, True)
    n = M.shape[0]
    bar_ds = sk.LagrangianLinearTIDS(np.zeros(n), np.zeros(n), M, K, np.zeros((n, n)))
    ms = pb.striker_mass()
    striker = sk.LagrangianLinearTIDS([0.0], [pb.V0], np.array([[ms]]))
    # gap y = u_bar_end - u_striker >= 0 (touching at t = 0); the
    # interaction's coordinates are (striker, bar) in link order
    H = np.zeros((1, n + 1))
    H[0, 0] = -1.0
    H[0, 1] = 1.0
    inter = sk.Interaction(sk.NewtonImpactNSL(0.0), sk.LagrangianLinearTIR(H))
    nsds = sk.NonSmoothDynamicalSystem(0.0, pb.sv_t_end())
    nsds.insertDynamicalSystem(striker)
    nsds.insertDynamicalSystem(bar_ds)
    nsds.link(inter, striker, bar_ds)
    sim = simulation(nsds, pb.step(n_el))
    t_last = 0.0
    while sim.hasNextEvent():
        sim.computeOneStep()
        if inter.lambda_(1)[0] > 0.0:
            t_last = sim.nextTime()
        sim.nextStep()
    q, v = np.array(bar_ds.q()), np.array(bar_ds.velocity())
    vs = striker.velocity()[0]
    mass = np.diag(M)
    e0 = 0.5 * ms * pb.V0 ** 2
    energy = 0.5 * ms * vs * vs + 0.5 * v @ (mass * v) + 0.5 * q @ (K @ q)
    return {"t_end_contact": t_last, "rebound": float(vs), "energy": float(energy / e0)}


def run(name):
    if name == "ball":
        return ball()
    if name.startswith("bar"):
        return bar(int(name[3:]))
    if name.startswith("sv"):
        return saint_venant(int(name[2:]))
    raise SystemExit("siconos_models.py: unknown problem %s (ball, bar<N>, sv<N>)" % name)


if __name__ == "__main__":
    if len(sys.argv) != 2:
        raise SystemExit(__doc__)
    print(json.dumps(run(sys.argv[1])))
