#!/usr/bin/env python3
"""Generate the rotating_delaminated_beam decks (Waltersberger 2007, §5.3.4, Ex. 5.11-5.14).

The shaft of Ex. 5.12: steel, L = 1, square section a = b = 0.01 (z is
Waltersberger's 1-direction, y the 2-direction), E = 210e9, nu = 0.3,
rho = 7500, a through-width delamination of length L2 = 0.1 starting at
L1 = 0.45 at the depth h = 3a/4 below the top face.  Four beam segments as in
benchmarks/delaminated_beam: the intact parts 1 and 4 on the axis, the upper
sublaminate 2 (thickness h, centre line z = e2 = (a - h)/2) and the lower
sublaminate 3 (thickness a - h, centre line z = -e3 = -h/2), welded to the
intact end nodes at the fronts by *JOINT, TYPE=FIXED at the sublaminate nodes.

The shaft turns in an inertial frame: pinned at both ends (x, y, z held), the
rotation about the shaft axis (body DOF 4) driven at both ends, the bending
rotations free, no planar restriction.  Centrifugal, Coriolis and gyroscopic
effects come from the beams' inertia.

cent_f*: no gravity, spun up smoothly from rest to f Hz over T_UP
  (phi'' = (Omega/T)(1 - cos(2 pi t/T)), zero at both ends), then held at f Hz:
  the centrifugal gap opening (Waltersberger's eq. 5.161).  Euler-Bernoulli-like
  general sections (shear stiffness 1e4 EA, rotary inertia of the sections
  about their bending axes dropped) so that the reference (analytic.py) and
  nsbeam solve the same problem; cent_rect_f20: the shear-deformable steel
  rectangles (*BEAM SECTION, SECTION=RECT).
cent_l6_f*: Ex. 5.13's shaft (L1 = 0.2, L2 = 0.6), Euler-Bernoulli-like
  sections, spun up over 0.5 s to 2.5 and 5 Hz: an opening of 22 and 90 um, where
  the centrifugal softening K_c matters (0.4 % and 1.7 %).
grav_f*: the rectangles with gravity -9.81 along z, switched on smoothly over
  T_GRAV (six periods of the first bending mode, so that the shaft settles on
  its static sag without a free whirl), spun up as above, then one revolution at
  f Hz: does the gap close?  No contact pair: Waltersberger's criterion
  g_stat - g_dyn > 0 (eq. 5.166) is one of the linear model without contact,
  and a gap that never closes needs none.
sag_g*: the resting shaft (Euler-Bernoulli-like sections) under its weight,
  g and g/100, in a static step: the opening by the sublaminates' own weight
  and its part of second order in g (README).
contact_f20: cent_rect_f20 with plastic frictionless contact between the
  sublaminates (every inner node of the upper one against the lower one's
  centre line, radii half the thicknesses): the gap should not change, as it
  opens from zero (README, "The contact pair on a rotating pair").
bow_*: Ex. 5.11, the intact square shaft (one segment), with a small initial
  bow e0 sin(pi x / L) along z (a stress-free bent shaft, i.e. an imbalance
  rho A e0 Omega^2 rotating with the shaft), started spinning rigidly about the
  bearing axis at Omega and driven at Omega: the whirl amplitude stays bounded
  below and above the first critical speed and grows linearly at it.
modal_*, stab_*, grav_*, clatter_*: the co-rotating reduced model (*MODAL
  DYNAMIC, SPIN; README section 5): the static opening in 30-100 modes, the
  intact shaft's whirl (SWEEP), the stability maps of Ex. 5.12-5.14 (ROTORS),
  their gravity responses (gravity.csv) and Ex. 5.14 at 5.5 Hz with contact.
reg_ex515_*: Ex. 5.15, the clatter_* runs with the contact regularized
  (LAW=HERTZ, a stiff linear spring; README section 5).
full_ex514_*: Ex. 5.14's aluminium rotor in the full nonlinear model with
  Rayleigh damping of its materials (*DAMPING): the static sag, and a one-off
  run spun up to 5.5 Hz under gravity with contact (README section 6).
"""
import importlib.util
import math
import os

HERE = os.path.dirname(os.path.abspath(__file__))
# benchmarks/delaminated_beam/make_decks.py, under its own module name
_spec = importlib.util.spec_from_file_location(
    "delaminated_make_decks", os.path.join(os.path.dirname(HERE), "delaminated_beam", "make_decks.py"))
_delam = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_delam)
E, NU, RHO, G_ACC = 210e9, 0.3, 7500.0, 9.81
L, A_H, B_W = 1.0, 0.01, 0.01
L1, L2, H_TOP = 0.45, 0.1, 0.75 * A_H
assert (L, A_H) == (_delam.L, _delam.A_H)
T_UP = 0.05        # spin-up time [s]
T_STEADY = 0.05    # steady window after the spin-up [s]
T_GRAV = 0.25      # gravity ramp (smooth step) [s]: 6 periods of the first bending mode
H_STEP = 5e-5      # time increment of the centrifugal runs [s]


def mesh(dx, dx_del, L1=L1, L2=L2):
    """Nodes and element chains; dx outside, dx_del on the sublaminates
    (benchmarks/delaminated_beam/make_decks.py's mesh: the same beam height
    A_H and length L)."""
    return _delam.mesh(L1, L2, H_TOP, dx, dx_del)


def torsion_j(b, t):
    c, d = min(b, t), max(b, t)
    return d * c ** 3 * (1 / 3 - 0.21 * (c / d) * (1 - (c / d) ** 4 / 12))


def eb_section(name, t, b=B_W, e_mod=E, nu=NU, rho=RHO):
    """Euler-Bernoulli-like general section of thickness t (along z), width
    b: shear stiffness 1e4 EA, no rotary inertia about the bending axes (the
    polar inertia is kept: it carries the spin)."""
    G = e_mod / (2 * (1 + nu))
    EA, I2, I3 = e_mod * b * t, b * t ** 3 / 12, t * b ** 3 / 12
    return (f"*BEAM GENERAL SECTION, ELSET={name}\n%.17g, %.17g, %.17g, %.17g, %.17g, %.17g\n"
            "%.17g, %.17g, 0, 0\n0, 1, 0\n") % (EA, 1e4 * EA, 1e4 * EA, G * torsion_j(b, t), e_mod * I2, e_mod * I3,
                                               rho * b * t, rho * (I2 + I3))


def offset_links(chains, nodes, e2, e3):
    """The rigid offset links at the delamination fronts: FIXED joints from the intact
    segments' end nodes to the sublaminates' end nodes, offset e2 (top) and -e3 (bottom)."""
    i1, i4, t, b = chains["INTACT1"], chains["INTACT4"], chains["TOP"], chains["BOTTOM"]
    out = "** rigid offset links at the delamination fronts (welds at the sublaminate nodes)\n*JOINT, TYPE=FIXED\n"
    for intact, sub, z in ((i1[-1], t[0], e2), (i1[-1], b[0], -e3), (i4[0], t[-1], e2), (i4[0], b[-1], -e3)):
        x = [n for n in nodes if n[0] == sub][0][1]
        out += "%d, %d, %.17g, 0, %.17g\n" % (intact, sub, x, z)
    return out


def sections(chains, thick, kind):
    out = ""
    if kind == "RECT":
        out += f"*MATERIAL, NAME=STEEL\n*ELASTIC\n{E:.17g}, {NU}\n*DENSITY\n{RHO}\n"
        for name in chains:
            out += f"*BEAM SECTION, ELSET={name}, MATERIAL=STEEL, SECTION=RECT\n{B_W}, {thick[name]:.17g}\n0, 1, 0\n"
    else:
        for name in chains:
            out += eb_section(name, thick[name])
    return out


def elements(chains):
    out, lab = "", 1
    for name, labs in chains.items():
        out += f"*ELEMENT, TYPE=B2V, ELSET={name}, POINTS=2, WEIGHTING=GALERKIN\n"
        for a, b in zip(labs[:-1], labs[1:]):
            out += f"{lab}, {a}, {b}\n"
            lab += 1
    return out


def spin_amplitudes(f_hz, t_up):
    """phi(t) = (W/T)[t^2/2 + (T/2pi)^2 (cos(2 pi t/T) - 1)] for t <= T, then
    W t - W T/2 (W = 2 pi f): angle, rate and acceleration continuous at T."""
    w = 2 * math.pi * f_hz
    c = (w / t_up) * (t_up / (2 * math.pi)) ** 2
    return (f"*AMPLITUDE, NAME=SPINUP, DEFINITION=SUM, TIME=TOTAL TIME\nPARABOLA, 1.0, WAVE, 1.0\n"
            f"*AMPLITUDE, NAME=PARABOLA, DEFINITION=POLYNOMIAL, TIME=TOTAL TIME\n0.0, 0.0, {w / (2 * t_up):.17g}\n"
            f"*AMPLITUDE, NAME=WAVE, DEFINITION=PERIODIC, TIME=TOTAL TIME\n"
            f"1, {2 * math.pi / t_up:.17g}, 0.0, {-c:.17g}\n{c:.17g}, 0.0\n"
            f"*AMPLITUDE, NAME=STEADY, DEFINITION=POLYNOMIAL, TIME=TOTAL TIME\n{-w * t_up / 2:.17g}, {w:.17g}\n")


def spin_amplitudes_from(f_hz, t_up, t0):
    """spin_amplitudes shifted to start at total time t0: the drive angle
    phi(t - t0) (the polynomials re-expanded about t = 0, the periodic wave's
    phase shifted)."""
    w = 2 * math.pi * f_hz
    c = (w / t_up) * (t_up / (2 * math.pi)) ** 2
    k = 2 * math.pi / t_up
    a2 = w / (2 * t_up)
    # a2 (t - t0)^2 = a2 t0^2 - 2 a2 t0 t + a2 t^2; -c cos(k (t - t0)) = -c cos(k t0) cos(k t) - c sin(k t0) sin(k t)
    return (f"*AMPLITUDE, NAME=SPINUP, DEFINITION=SUM, TIME=TOTAL TIME\nPARABOLA, 1.0, WAVE, 1.0\n"
            f"*AMPLITUDE, NAME=PARABOLA, DEFINITION=POLYNOMIAL, TIME=TOTAL TIME\n"
            f"{a2 * t0 * t0:.17g}, {-2 * a2 * t0:.17g}, {a2:.17g}\n"
            f"*AMPLITUDE, NAME=WAVE, DEFINITION=PERIODIC, TIME=TOTAL TIME\n"
            f"1, {k:.17g}, 0.0, {-c:.17g}\n{c * math.cos(k * t0):.17g}, {c * math.sin(k * t0):.17g}\n"
            f"*AMPLITUDE, NAME=STEADY, DEFINITION=POLYNOMIAL, TIME=TOTAL TIME\n"
            f"{-w * t_up / 2 - w * t0:.17g}, {w:.17g}\n")


def delam_deck(f_hz, kind="EB", gravity=False, contact=False, dx=0.01, dx_del=0.01, t_steady=T_STEADY, h_step=H_STEP,
               every=4, rhoinf=None, static_g=None, l1=L1, l2=L2, t_up=T_UP, modal=None):
    nodes, chains, e2, e3 = mesh(dx, dx_del, l1, l2)
    thick = {"INTACT1": A_H, "INTACT4": A_H, "TOP": H_TOP, "BOTTOM": A_H - H_TOP}
    sec = "steel rectangles (shear-deformable)" if kind == "RECT" else "Euler-Bernoulli-like sections"
    what = f"at rest under gravity {static_g:g}" if static_g is not None else f"spun up to {f_hz:g} Hz"
    ex = "5.12" if (l1, l2) == (0.45, 0.1) else "5.13" if (l1, l2) == (0.2, 0.6) else "5.12, modified"
    out = f"""** rotating_delaminated_beam: Ex. {ex} shaft {what}, {sec}{', gravity' if gravity else ''}{', contact' if contact else ''}
** L = {L}, a = b = {A_H}, L1 = {l1}, L2 = {l2}, h = {H_TOP:.6g}; generated by make_decks.py
*HEADING
Rotating delaminated shaft (Waltersberger 2007, Ex. {ex}), {what}
*NODE, NSET=ALL
""" + "\n".join("%d, %.17g, %.17g, %.17g" % n for n in nodes) + "\n"
    out += elements(chains) + sections(chains, thick, kind)
    out += offset_links(chains, nodes, e2, e3)
    t, b = chains["TOP"], chains["BOTTOM"]
    ends = (chains["INTACT1"][0], chains["INTACT4"][-1])
    out += "** pinned bearings: translations held; the spin about the shaft axis is driven below\n*BOUNDARY\n"
    out += "".join(f"{n}, 1, 3\n" for n in ends)
    mid = len(t) // 2
    if contact:
        out += "*NSET, NSET=TOP_INNER\n" + ", ".join(str(n) for n in t[1:-1]) + "\n"
        out += (f"*CONTACT PAIR, LAW=NEWTON, RESTITUTION=0, SLAVE RADIUS={H_TOP / 2:.17g}, "
                f"RADIUS={(A_H - H_TOP) / 2:.17g}\nTOP_INNER, BOTTOM\n")
    if modal is not None:
        return out + modal_step(f_hz, ends, t[mid], b[mid], gravity, **modal)
    out += spin_amplitudes(f_hz, t_up)
    out += (f"*PROBE, NAME=top, NODE={t[mid]}\nX\n*PROBE, NAME=bottom, NODE={b[mid]}\nX\n"
            f"*PROBE, NAME=drive, NODE={ends[0]}\nWB\n")
    if static_g is not None:
        return out + ("*STEP, NAME=sag\n*STATIC\n1.0, 1.0\n*BOUNDARY\n" + "".join(f"{n}, 4, 4\n" for n in ends)
                      + f"*GRAVITY\n0.0, 0.0, {-static_g:.17g}\n*OUTPUT, FORMAT=HISTORY, EVERY=1\n*END STEP\n")
    scheme = "*DYNAMIC, SCHEME=MODIFIED NEWMARK" + (f", RHOINF={rhoinf}" if rhoinf is not None else "")
    if gravity:
        out += (f"*AMPLITUDE, NAME=GRAMP, DEFINITION=SMOOTH STEP, TIME=TOTAL TIME\n0.0, 0.0, {T_GRAV:.17g}, 1.0\n"
                f"*GRAVITY, AMPLITUDE=GRAMP\n0.0, 0.0, {-G_ACC}\n")
    out += f"*STEP, NAME=spin-up\n{scheme}\n{h_step:.17g}, {t_up:.17g}\n*BOUNDARY, AMPLITUDE=SPINUP\n"
    out += "".join(f"{n}, 4, 4, 1.0\n" for n in ends)
    out += f"*OUTPUT, FORMAT=HISTORY, EVERY={every}\n*END STEP\n"
    out += f"*STEP, NAME=steady\n{scheme}\n{h_step:.17g}, {t_steady:.17g}\n*BOUNDARY, AMPLITUDE=STEADY\n"
    out += "".join(f"{n}, 4, 4, 1.0\n" for n in ends)
    out += f"*OUTPUT, FORMAT=HISTORY, EVERY={every}\n*END STEP\n"
    return out


def modal_step(f_hz, ends, top, bottom, gravity, modes=16, h_step=1e-5, period=1e-4, every=1, sweep=0,
               alpha=0.0, beta=0.0, ext=0.0, mass=None, probes="X"):
    """The co-rotating reduced model (*MODAL DYNAMIC, SPIN; docs/deck.md):
    the shaft at rest with its torsion held at the bearings (the drive of the
    full model), spun at f Hz about the global x axis.  It starts in the
    steady state of the spin (eq. 5.161); gravity -9.81 along z turns in the
    co-rotating frame."""
    w = 2 * math.pi * f_hz
    out = "** the drive: the torsion held at the bearings\n*BOUNDARY\n" + "".join(f"{n}, 4, 4\n" for n in ends)
    out += f"*PROBE, NAME=top, NODE={top}\n{probes}\n*PROBE, NAME=bottom, NODE={bottom}\n{probes}\n"
    par = f"MODES={modes}, SPIN={w:.17g}, AXIS=X"
    par += f", ALPHA={alpha:.17g}" if alpha else ""
    par += f", BETA={beta:.17g}" if beta else ""
    par += f", EXTERNAL DAMPING={ext:.17g}" if ext else ""
    par += f", SWEEP={sweep}" if sweep else ""
    par += f", MASS={mass}" if mass else ""
    out += f"*STEP, NAME=spin\n*MODAL DYNAMIC, {par}\n{h_step:.17g}, {period:.17g}\n"
    if gravity:
        out += f"*GRAVITY\n0.0, 0.0, {-G_ACC}\n"
    return out + f"*OUTPUT, FORMAT=HISTORY, EVERY={every}\n*END STEP\n"


# Waltersberger's (2007) rotors of Ex. 5.12-5.14 (z: his 1-direction, the
# thickness a; y: the 2-direction, the width b; the upper sublaminate has the
# thickness h)
ROTORS = {
    "ex512": dict(L=1.0, a=0.01, b=0.01, L1=0.45, L2=0.1, h=0.0075, E=210e9, nu=0.3, rho=7500.0, dx=0.01, dx_del=0.01),
    "ex513": dict(L=1.0, a=0.01, b=0.01, L1=0.2, L2=0.6, h=0.0075, E=210e9, nu=0.3, rho=7500.0, dx=0.01, dx_del=0.01),
    "ex514": dict(L=3.0, a=0.045, b=0.04, L1=1.45, L2=0.1, h=0.036, E=69e9, nu=0.33, rho=2800.0, dx=0.05,
                  dx_del=0.01),
}


def rotor_mesh(r):
    """benchmarks/delaminated_beam's mesh for the rotor r (its length and
    height set for the call)."""
    saved = (_delam.L, _delam.A_H)
    _delam.L, _delam.A_H = r["L"], r["a"]
    try:
        return _delam.mesh(r["L1"], r["L2"], r["h"], r["dx"], r["dx_del"])
    finally:
        _delam.L, _delam.A_H = saved


def full_ex514_deck(f_hz=5.5, dx=0.05, dx_del=0.01, t_grav=1.0, t_up=2.0, t_steady=1.0, h_step=1e-4, every=20,
                    d_a=1.0, alpha2=1e-5, contact=True, static_only=False, axial_free=False):
    """Ex. 5.14 in the full nonlinear model (inertial frame, README section 6):
    Waltersberger's aluminium rotor (ROTORS["ex514"]) of shear-deformable
    rectangles, one material per segment with *DAMPING: BETA = alpha2 (his
    internal damping alpha2 K_el as Kelvin-Voigt on the strain rates) and ALPHA =
    d_a / (rho A_i) (his external damping d_a per unit length of every beam i on
    the absolute velocity); pinned bearings, the spin driven at both; gravity
    -9.81 along z.  Step sag: gravity switched on smoothly over t_grav at rest
    (SMOOTH STEP; t_grav = 1 s is ten periods of the first bending mode);
    step spin-up: the drive from rest to f Hz over t_up (zero acceleration at
    both ends); step steady: t_steady at f Hz.  contact: plastic frictionless
    NEWTON contact of the upper sublaminate's mid node on the lower one's
    centre line.  static_only: a static sag step alone, without contact (a
    NEWTON pair needs a dynamic step).  axial_free: the far bearing lets the
    shaft slide axially (x free there)."""
    r = ROTORS["ex514"]
    rr = dict(r, dx=dx, dx_del=dx_del)
    nodes, chains, e2, e3 = rotor_mesh(rr)
    thick = {"INTACT1": r["a"], "INTACT4": r["a"], "TOP": r["h"], "BOTTOM": r["a"] - r["h"]}
    out = (f"** rotating_delaminated_beam: Waltersberger (2007) Ex. 5.14 in the full nonlinear model, "
           f"{'the static sag' if static_only else f'spun up to {f_hz:g} Hz over {t_up:g} s'}\n"
           f"** L = {r['L']}, a = {r['a']}, b = {r['b']}, L1 = {r['L1']}, L2 = {r['L2']}, h = {r['h']:.6g}, "
           f"E = {r['E']:.6g}, nu = {r['nu']}, rho = {r['rho']:g}, d_a = {d_a:g}, alpha2 = {alpha2:g}; elements "
           f"{dx:g} (intact), {dx_del:g} (sublaminates); generated by make_decks.py\n"
           f"*HEADING\nRotating delaminated shaft (Waltersberger 2007, Ex. 5.14), full model\n"
           "*NODE, NSET=ALL\n" + "\n".join("%d, %.17g, %.17g, %.17g" % n for n in nodes) + "\n")
    out += elements(chains)
    for name in chains:
        area = r["b"] * thick[name]
        out += (f"*MATERIAL, NAME=AL_{name}\n*ELASTIC\n{r['E']:.17g}, {r['nu']}\n*DENSITY\n{r['rho']:g}\n")
        if d_a or alpha2:
            out += f"*DAMPING, ALPHA={d_a / (r['rho'] * area):.17g}, BETA={alpha2:.17g}\n"
        out += (f"*BEAM SECTION, ELSET={name}, MATERIAL=AL_{name}, SECTION=RECT\n"
                f"{r['b']:.17g}, {thick[name]:.17g}\n0, 1, 0\n")
    out += offset_links(chains, nodes, e2, e3)
    t, b = chains["TOP"], chains["BOTTOM"]
    ends = (chains["INTACT1"][0], chains["INTACT4"][-1])
    mid1 = chains["INTACT1"][len(chains["INTACT1"]) // 2]
    out += "** pinned bearings: translations held; the spin about the shaft axis is driven below\n*BOUNDARY\n"
    out += f"{ends[0]}, 1, 3\n{ends[1]}, {2 if axial_free else 1}, 3\n"
    if contact and not static_only:
        out += "*NSET, NSET=TOP_INNER\n%d\n" % t[len(t) // 2]
        out += (f"*CONTACT PAIR, LAW=NEWTON, RESTITUTION=0, SLAVE RADIUS={r['h'] / 2:.17g}, "
                f"RADIUS={(r['a'] - r['h']) / 2:.17g}\nTOP_INNER, BOTTOM\n")
    out += (f"*PROBE, NAME=top, NODE={t[len(t) // 2]}\nX\n*PROBE, NAME=bottom, NODE={b[len(b) // 2]}\nX\n"
            f"*PROBE, NAME=beam1, NODE={mid1}\nX\n*PROBE, NAME=drive, NODE={ends[0]}\nWB\n")
    if static_only:
        return out + ("*STEP, NAME=sag\n*STATIC\n1.0, 1.0\n*BOUNDARY\n" + "".join(f"{n}, 4, 4\n" for n in ends)
                      + f"*GRAVITY\n0.0, 0.0, {-G_ACC}\n*OUTPUT, FORMAT=HISTORY, EVERY=1\n*END STEP\n")
    # NEWTON contact needs the modified scheme in every step, so the sag is
    # reached dynamically: gravity switched on smoothly over t_grav at rest
    out += (f"*AMPLITUDE, NAME=GRAMP, DEFINITION=SMOOTH STEP, TIME=TOTAL TIME\n0.0, 0.0, {t_grav:.17g}, 1.0\n"
            f"*GRAVITY, AMPLITUDE=GRAMP\n0.0, 0.0, {-G_ACC}\n")
    out += spin_amplitudes_from(f_hz, t_up, t_grav)
    scheme = "*DYNAMIC, SCHEME=MODIFIED NEWMARK"
    out += (f"*STEP, NAME=sag\n{scheme}\n{h_step:.17g}, {t_grav:.17g}\n*BOUNDARY\n" + "".join(f"{n}, 4, 4\n" for n in ends)
            + f"*OUTPUT, FORMAT=HISTORY, EVERY={every}\n*END STEP\n")
    for name, amp, period in (("spin-up", "SPINUP", t_up), ("steady", "STEADY", t_steady)):
        out += f"*STEP, NAME={name}\n{scheme}\n{h_step:.17g}, {period:.17g}\n*BOUNDARY, AMPLITUDE={amp}\n"
        out += "".join(f"{n}, 4, 4, 1.0\n" for n in ends)
        out += f"*OUTPUT, FORMAT=HISTORY, EVERY={every}\n*END STEP\n"
    return out


# Ex. 5.15's regularization on our gap: 44 times the 16-mode model's gap stiffness
# 2.25e11 N/m (README section 5), i.e. an admitted penetration of k / (k + c) = 2.2 %
# of the overlap without contact
REG_STIFFNESS = 1e13


def rotor_deck(key, f_hz, d_a=0.0, alpha2=0.0, contact=False, hertz=None, **modal):
    """Waltersberger's rotor `key` (ROTORS) in the co-rotating reduced model
    at f Hz: Euler-Bernoulli-like sections, pinned bearings, torsion held;
    his external damping d_a per unit length as EXTERNAL DAMPING = d_a / (rho A)
    of the intact section (exact on the intact parts, on the sublaminates
    rho A_i d_a / (rho A) instead of d_a), his internal damping
    D_in = alpha2 K_el as BETA = alpha2.  hertz = (c, p, d): the contact
    regularized by LAW=HERTZ with STIFFNESS c, EXPONENT p, DAMPING d instead of
    plastic NEWTON contact."""
    r = ROTORS[key]
    nodes, chains, e2, e3 = rotor_mesh(r)
    thick = {"INTACT1": r["a"], "INTACT4": r["a"], "TOP": r["h"], "BOTTOM": r["a"] - r["h"]}
    out = (f"** rotating_delaminated_beam: Waltersberger (2007) Ex. {key[2]}.{key[3:]}, the co-rotating reduced model at "
           f"{f_hz:g} Hz\n** L = {r['L']}, a = {r['a']}, b = {r['b']}, L1 = {r['L1']}, L2 = {r['L2']}, h = {r['h']:.6g}, "
           f"E = {r['E']:.6g}, rho = {r['rho']:g}, d_a = {d_a:g}, alpha2 = {alpha2:g}; generated by make_decks.py\n"
           f"*HEADING\nRotating delaminated shaft (Waltersberger 2007, Ex. {key[2]}.{key[3:]}), co-rotating modal model\n"
           "*NODE, NSET=ALL\n" + "\n".join("%d, %.17g, %.17g, %.17g" % n for n in nodes) + "\n")
    out += elements(chains)
    for name in chains:
        out += eb_section(name, thick[name], r["b"], r["E"], r["nu"], r["rho"])
    out += offset_links(chains, nodes, e2, e3)
    t, b = chains["TOP"], chains["BOTTOM"]
    ends = (chains["INTACT1"][0], chains["INTACT4"][-1])
    out += "** pinned bearings\n*BOUNDARY\n" + "".join(f"{n}, 1, 3\n" for n in ends)
    if contact:
        # plastic frictionless contact: every contact-th inner node of the upper
        # sublaminate on the lower one's centre line, radii half the thicknesses
        # (touching at rest)
        out += "*NSET, NSET=TOP_INNER\n" + ", ".join(str(n) for n in t[contact:-1:contact]) + "\n"
        law = ("LAW=NEWTON, RESTITUTION=0" if hertz is None else
               "LAW=HERTZ, STIFFNESS=%.17g, EXPONENT=%.17g, DAMPING=%.17g" % hertz)
        out += (f"*CONTACT PAIR, {law}, SLAVE RADIUS={r['h'] / 2:.17g}, "
                f"RADIUS={(r['a'] - r['h']) / 2:.17g}\nTOP_INNER, BOTTOM\n")
    ext = d_a / (r["rho"] * r["a"] * r["b"])
    return out + modal_step(f_hz, ends, t[len(t) // 2], b[len(b) // 2], modal.pop("gravity", False), ext=ext,
                            beta=alpha2, **modal)


OMEGA_1 = math.pi ** 2 * math.sqrt(E * A_H ** 4 / 12 / (RHO * A_H * A_H))   # Euler-Bernoulli, rad/s
E0_BOW = 1e-6      # bow amplitude [m]


def bow_deck(ratio, period, n_el=50, h_step=2e-4, every=5, e0=E0_BOW, v0=0.0):
    """Ex. 5.11: intact square shaft, pinned at both ends, spun at
    Omega = ratio * omega_1 (Euler-Bernoulli first critical).  With e0 > 0 the
    shaft is bowed e0 sin(pi x/L) along z (stress free) and starts as a rigid
    body turning about the bearing axis (v = Omega x r, angular velocity
    Omega along x at every node); with v0 > 0 the shaft is straight and starts
    spinning with a transverse velocity v0 sin(pi x/L) along z (free whirl)."""
    w = ratio * OMEGA_1
    nodes = [(k + 1, L * k / n_el, 0.0, e0 * math.sin(math.pi * k / n_el)) for k in range(n_el + 1)]
    what = f"bowed (e0 = {e0:g})" if e0 > 0 else f"straight, transverse velocity {v0:g} sin(pi x/L)"
    out = f"""** rotating_delaminated_beam: Ex. 5.11, intact square shaft, {what},
** spun at {ratio:g} omega_1 = {w:.10g} rad/s; generated by make_decks.py
*HEADING
Intact shaft at {ratio:g} x the first critical speed (Waltersberger 2007, Ex. 5.11)
*NODE, NSET=ALL
""" + "\n".join("%d, %.17g, %.17g, %.17g" % n for n in nodes) + "\n"
    out += "*ELEMENT, TYPE=B2V, ELSET=SHAFT, POINTS=2, WEIGHTING=GALERKIN\n"
    out += "".join(f"{k}, {k}, {k + 1}\n" for k in range(1, n_el + 1))
    out += f"*MATERIAL, NAME=STEEL\n*ELASTIC\n{E:.17g}, {NU}\n*DENSITY\n{RHO}\n"
    out += f"*BEAM SECTION, ELSET=SHAFT, MATERIAL=STEEL, SECTION=RECT\n{B_W}, {A_H}\n0, 1, 0\n"
    out += f"*BOUNDARY\n1, 1, 3\n{n_el + 1}, 1, 3\n"
    out += "** rigid rotation about the bearing axis: v = Omega e_x x r, angular velocity Omega e_x\n"
    out += "*INITIAL CONDITIONS, TYPE=VELOCITY\nALL, 4, %.17g\n" % w
    for n in nodes:
        if e0 > 0 and n[3] != 0.0:
            out += "%d, 2, %.17g\n" % (n[0], -w * n[3])
        if v0 > 0:
            # the mode's velocity and its slope rate (a rotation about y tilts x towards -z)
            if 1 < n[0] <= n_el:
                out += "%d, 3, %.17g\n" % (n[0], v0 * math.sin(math.pi * n[1] / L))
            out += "%d, 5, %.17g\n" % (n[0], -v0 * math.pi / L * math.cos(math.pi * n[1] / L))
    out += f"*AMPLITUDE, NAME=SPIN, DEFINITION=POLYNOMIAL, TIME=TOTAL TIME\n0.0, {w:.17g}\n"
    out += f"*PROBE, NAME=mid, NODE={n_el // 2 + 1}\nX\n"
    out += (f"*STEP, NAME=spin\n*DYNAMIC, SCHEME=MODIFIED NEWMARK, RHOINF=1\n{h_step:.17g}, {period:.17g}\n"
            f"*BOUNDARY, AMPLITUDE=SPIN\n1, 4, 4, 1.0\n{n_el + 1}, 4, 4, 1.0\n"
            f"*OUTPUT, FORMAT=HISTORY, EVERY={every}\n*END STEP\n")
    return out


def intact_modal_deck(ratio_max, sweep, modes=8, n_el=50):
    """Ex. 5.11 in the co-rotating reduced model: bow_deck's straight shaft
    (steel rectangles), torsion held at the bearings, SWEEP from 0 to
    ratio_max omega_1: the whirl frequencies in the turning frame."""
    base = bow_deck(1.0, 0.5, n_el=n_el, e0=0.0)
    base = base[base.index("*HEADING"):base.index("** rigid rotation")]
    w = ratio_max * OMEGA_1
    head = (f"** rotating_delaminated_beam: Ex. 5.11, intact square shaft, straight, co-rotating reduced model,\n"
            f"** swept from 0 to {ratio_max:g} omega_1 = {w:.10g} rad/s; generated by make_decks.py\n")
    return (head + base.replace("Intact shaft at 1 x the first critical speed", "Intact shaft, co-rotating model")
            + f"*BOUNDARY\n1, 4, 4\n{n_el + 1}, 4, 4\n*STEP, NAME=spin\n"
            f"*MODAL DYNAMIC, MODES={modes}, SPIN={w:.17g}, AXIS=X, SWEEP={sweep}\n1e-4, 1e-4\n"
            "*OUTPUT, FORMAT=HISTORY, EVERY=1\n*END STEP\n")


def write(name, text):
    with open(os.path.join(HERE, name), "w") as fh:
        fh.write(text)


if __name__ == "__main__":
    for f in (10, 15, 20):
        write(f"cent_f{f}.inp", delam_deck(f))
    write("cent_f20_quick.inp", delam_deck(20, h_step=1e-4, t_steady=0.01, every=2))
    write("cent_rect_f20.inp", delam_deck(20, kind="RECT"))
    # Ex. 5.13's shaft (L1 = 0.2, L2 = 0.6): the thin sublaminate's mode is at
    # 43 Hz, so the spin-up takes 0.5 s (21 of its periods) and h = 2e-4
    for f in (2.5, 5):
        write(f"cent_l6_f{f:g}.inp", delam_deck(f, l1=0.2, l2=0.6, t_up=0.5, h_step=2e-4, t_steady=0.25, every=5))
    # gravity, contactless: does the gap close?  (Waltersberger's criterion
    # g_stat - g_dyn > 0 is one of the linear model without contact)
    for f in (5, 20):
        write(f"grav_f{f}.inp", delam_deck(f, kind="RECT", gravity=True, contact=False, h_step=1e-4,
                                           t_steady=T_GRAV - T_UP + 1.0 / f, every=2))
    # at rest, gravity in a static step: the sag's second-order effect on the gap
    write("sag_g1.inp", delam_deck(0, static_g=G_ACC))
    write("sag_g0.01.inp", delam_deck(0, static_g=0.01 * G_ACC))
    # the spin-up with the contact pair between the sublaminates: the gap must
    # stay the one without the pair (README section 4)
    write("contact_f20.inp", delam_deck(20, kind="RECT", contact=True, t_steady=0.02, rhoinf=1))
    for r in (0.5, 1.0, 1.5):
        write(f"bow_r{r:g}.inp", bow_deck(r, 0.5))
    write("whirl_r1.inp", bow_deck(1.0, 0.5, e0=0.0, v0=1.5e-3))
    write("whirl_r2.inp", bow_deck(2.0, 0.5, e0=0.0, v0=1.5e-3, h_step=1e-4))
    # the co-rotating reduced model (*MODAL DYNAMIC, SPIN; README section 5)
    for m in (30, 60, 100):
        write(f"modal_cent_f20_m{m}.inp", delam_deck(20, modal=dict(modes=m)))
    for f, m in ((5, 30), (5, 60), (2.5, 60)):
        write(f"modal_l6_f{f:g}_m{m}.inp", delam_deck(f, l1=0.2, l2=0.6, modal=dict(modes=m)))
    write("modal_whirl.inp", intact_modal_deck(2.0, 8))
    one = dict(h_step=1e-4, period=1e-4)
    write("stab_ex512.inp", rotor_deck("ex512", 230, d_a=1.0, modes=24, sweep=4600, **one))
    write("stab_ex513.inp", rotor_deck("ex513", 150, d_a=1.0, modes=24, sweep=1500, **one))
    write("stab_ex514.inp", rotor_deck("ex514", 60, d_a=1.0, alpha2=1e-5, modes=24, sweep=600, **one))
    write("stab_ex514_a1e-4.inp", rotor_deck("ex514", 30, d_a=1.0, alpha2=1e-4, modes=24, sweep=300, **one))
    write("grav_ex512.inp", rotor_deck("ex512", 230, d_a=1.0, modes=100, sweep=460, gravity=True, **one))
    write("grav_ex514.inp", rotor_deck("ex514", 20, d_a=1.0, alpha2=1e-5, modes=120, sweep=400, gravity=True, **one))
    # Ex. 5.14 at 5.5 Hz (near the first gravity resonance) with contact at the
    # mid-delamination node, 6, 15 and 16 modes, 40 s (the transient of the
    # gravity's onset decays as e^{-0.1 t})
    for m in (6, 10, 15, 16):
        write(f"clatter_ex514_m{m}.inp", rotor_deck("ex514", 5.5, d_a=1.0, alpha2=1e-5, contact=5, modes=m, h_step=1e-4,
                                                    period=40.0, every=50, gravity=True))
    # Ex. 5.15: the same runs with the contact regularized (README section 5,
    # "Ex. 5.15"): a linear spring (EXPONENT 1, Waltersberger's kappa = 1) of
    # REG_STIFFNESS, no damping; and his own c = 1e3 on our gap
    for m in (6, 10, 16):
        write(f"reg_ex515_m{m}.inp", rotor_deck("ex514", 5.5, d_a=1.0, alpha2=1e-5, contact=5, modes=m, h_step=1e-4,
                                                period=40.0, every=50, gravity=True, hertz=(REG_STIFFNESS, 1.0, 0.0)))
    # Ex. 5.14 in the full nonlinear model (README section 6): the static sag
    # (two meshes), and the one-off 46 s run at 5.5 Hz with contact
    write("full_ex514_sag.inp", full_ex514_deck(static_only=True))
    write("full_ex514_sag_dx0.1.inp", full_ex514_deck(static_only=True, dx=0.1))
    write("full_ex514_f5.5.inp", full_ex514_deck(t_grav=1.0, t_up=5.0, t_steady=40.0))
    write("full_ex514_f5.5_free.inp", full_ex514_deck(t_grav=1.0, t_up=5.0, t_steady=20.0, axial_free=True))
    write("reg_ex515_literal_m16.inp", rotor_deck("ex514", 5.5, d_a=1.0, alpha2=1e-5, contact=5, modes=16, h_step=1e-4,
                                                  period=40.0, every=50, gravity=True, hertz=(1e3, 1.0, 0.0)))
