"""Checks of benchmarks/calculix_cantilever (reference and tolerances: README.md here)."""
import importlib.util
import os
import re
import shutil
import subprocess

from validate_lib import row, run, HERE, OUT

CASE = "calculix_cantilever"
# deck -> length unit of the deck (m, mm); the load is P L^2/EI = 1 in both
DECKS = (("cantilever_b31_m", 1.0), ("cantilever_b31_mm", 1000.0), ("cantilever_b32_m", 1.0))
P, L_M, E, NU, B = 175.0, 1.0, 210e9, 0.3, 0.01  # the SI deck


def elastica_k1():
    """(v/L, u/L) of the inextensible elastica at P L^2/EI = 1 (the shooting
    solution of benchmarks/mattiasson_cantilever, Mattiasson 1981)."""
    spec = importlib.util.spec_from_file_location("mattiasson_check",
                                                  os.path.join(HERE, "mattiasson_cantilever", "check.py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    v, u, _ = mod.elastica(1)
    return v, u


def ccx_tip(path):
    """Tip displacement (ux, uy) of the last *NODE PRINT block of a CalculiX .dat file."""
    with open(path) as fh:
        text = fh.read()
    blocks = re.findall(r"displacements \(vx,vy,vz\) for set TIP and time\s+(\S+)\s+(\d+)\s+(\S+)\s+(\S+)\s+(\S+)", text)
    t, _, ux, uy, _ = blocks[-1]
    return float(t), float(ux), float(uy)


def check(quick):
    d = os.path.join(HERE, CASE)
    v_el, u_el = elastica_k1()
    # first-order effect of the shear and axial flexibility that the elastica
    # leaves out, on the tip deflection, relative to L (README)
    G = E / (2.0 * (1.0 + NU))
    A = B * B
    flex = P * L_M / (5.0 / 6.0 * G * A) / L_M + P / (E * A)
    rel = {}
    for deck, L in DECKS:
        ok, hist, _, err = run(os.path.join(d, deck + ".inp"), os.path.join(OUT, CASE, deck))
        row(CASE, deck, "runs unmodified", True, ok and len(hist) > 0, kind="bool")
        if not ok or not hist:
            continue
        last = hist[-1]
        row(CASE, deck, "load factor at the end", 1.0, last["load_factor"], 1e-12, "abs")
        v, u = last["TIP.uy"] / L, -last["TIP.ux"] / L
        rel[deck] = (v, u)
        t, ccx_ux, ccx_uy = ccx_tip(os.path.join(d, deck + ".ccx.dat"))
        v_ccx, u_ccx = ccx_uy / L, -ccx_ux / L
        row(CASE, deck, "CalculiX stored: end time", 1.0, t, 1e-12, "abs")
        # tolerance: CalculiX's own distance from the elastica (its solid
        # expansion of B31) plus nsbeam's allowance against the elastica
        row(CASE, deck, "v/L vs CalculiX 2.20 (stored)", v_ccx, v, abs(v_ccx - v_el) + flex, "abs")
        row(CASE, deck, "u/L vs CalculiX 2.20 (stored)", u_ccx, u, abs(u_ccx - u_el) + flex, "abs")
        row(CASE, deck, "v/L vs elastica (Mattiasson 1981)", v_el, v, flex, "abs")
        row(CASE, deck, "u/L vs elastica (Mattiasson 1981)", u_el, u, flex, "abs")
        ccx = shutil.which("ccx")
        if ccx:
            scratch = os.path.join(OUT, CASE, deck + "_ccx")
            os.makedirs(scratch, exist_ok=True)
            shutil.copy(os.path.join(d, deck + ".inp"), scratch)
            p = subprocess.run([ccx, "-i", deck], cwd=scratch, capture_output=True, text=True)
            dat = os.path.join(scratch, deck + ".dat")
            row(CASE, deck, "ccx re-run succeeds", True, p.returncode == 0 and os.path.exists(dat), kind="bool")
            if p.returncode == 0 and os.path.exists(dat):
                _, rx, ry = ccx_tip(dat)
                # the .dat prints 7 significant digits: one unit of the last one
                row(CASE, deck, "ccx re-run uy vs stored", ccx_uy / L, ry / L, 1e-7, "abs")
                row(CASE, deck, "ccx re-run ux vs stored", ccx_ux / L, rx / L, 1e-8, "abs")
    if "cantilever_b31_m" in rel and "cantilever_b32_m" in rel:
        # 10 B32 on the 21 nodes of the 20 B31: two B2V per B32, the same model (README)
        (vm, um), (v32, u32) = rel["cantilever_b31_m"], rel["cantilever_b32_m"]
        row(CASE, "B32 vs B31", "v/L the same", vm, v32, 1e-12, "abs")
        row(CASE, "B32 vs B31", "u/L the same", um, u32, 1e-12, "abs")
    if "cantilever_b31_m" in rel and "cantilever_b31_mm" in rel:
        (vm, um), (vmm, umm) = rel["cantilever_b31_m"], rel["cantilever_b31_mm"]
        row(CASE, "m vs mm", "v/L unit invariance", vm, vmm, 1e-9, "abs")
        row(CASE, "m vs mm", "u/L unit invariance", um, umm, 1e-9, "abs")
