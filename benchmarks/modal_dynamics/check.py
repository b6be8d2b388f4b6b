"""Checks of benchmarks/modal_dynamics (reference and tolerances: README.md here)."""
import importlib.util
import math
import os

from validate_lib import row, f, run, HERE, OUT, ROOT


def spring_wall_exact(T, w=5.0, wall=0.9, z0=1.0, v0=-1.0):
    """Event-driven exact motion of the particle on the spring (omega = 5)
    reflected elastically at the wall: z(T)."""
    t, z, v = 0.0, z0, v0
    while True:
        A, B = z - 1.0, v / w
        f = lambda s: 1.0 + A * math.cos(w * s) + B * math.sin(w * s) - wall
        s, ds, prev, hit = 1e-9, 1e-4, f(1e-9), None
        while s < T - t:
            cur = f(s + ds)
            if prev > 0 and cur <= 0:
                lo, hi = s, s + ds
                for _ in range(80):
                    mid = 0.5 * (lo + hi)
                    if f(mid) > 0:
                        lo = mid
                    else:
                        hi = mid
                hit = hi
                break
            s, prev = s + ds, cur
        if hit is None or t + hit > T:
            s = T - t
            return 1.0 + A * math.cos(w * s) + B * math.sin(w * s)
        t, z = t + hit, wall
        v = -(-A * w * math.sin(w * hit) + B * w * math.cos(w * hit))


def check(quick):
    case = "modal_dynamics"
    d = os.path.join(HERE, case)
    # (a) one mode = the whole linear system: *MODAL DYNAMIC must reproduce the
    # full scheme (same trapezoidal rule and midpoint impulses) to round-off
    for h in (["0.001"] if quick else ["0.001", "0.0005", "0.00025"]):
        okm, hm, _, _ = run(os.path.join(d, f"spring_modal_h{h}.inp"), os.path.join(OUT, case, f"spring_modal_h{h}"))
        okf, hf, _, _ = run(os.path.join(d, f"spring_full_h{h}.inp"), os.path.join(OUT, case, f"spring_full_h{h}"))
        v = f"spring-wall h={h}"
        row(case, v, "both complete t = 3", True, okm and okf, kind="bool")
        if not (okm and okf):
            continue
        row(case, v, "max |z_modal - z_full|", 0.0, max(abs(a["P.z"] - b["P.z"]) for a, b in zip(hm, hf)), 1e-12, "max")
        # exact discrete identity; round-off accumulates at a few eps per step: 5 eps x steps
        row(case, v, "max |E - E0| (e = 1)", 0.0, max(abs(r["total_energy"] - hm[0]["total_energy"]) for r in hm),
            5 * 2.2e-16 * 3.0 / float(h), "max")
        row(case, v, "max |z - z_exact| (event-driven)", None,
            max(abs(r["P.z"] - spring_wall_exact(r["time"])) for r in hm[::5]))
    # (b) the rocking beam of Waltersberger (2007), Ex. 5.7/5.8
    variants = [("modal", m) for m in (5, 8, 16, 40)] + [("qs", m) for m in (4, 5, 8, 16, 40)]
    if quick:
        variants = [("modal", 8), ("modal", 40), ("qs", 5)]
    hist = {}
    for kind, m in variants:
        name = f"rock_{kind}_m{m}"
        ok, hst, wall, err = run(os.path.join(d, name + ".inp"), os.path.join(OUT, case, name))
        v = f"rocking {kind} m={m}"
        row(case, v, "completes t = 0.3", True, ok and abs(hst[-1]["time"] - 0.3) < 1e-9, kind="bool")
        if not ok:
            continue
        hist[(kind, m)] = hst
        bal = [r["total_energy"] + r["dissipated"] - r["external_work"] for r in hst]
        scale = max(abs(r["external_work"]) for r in hst)
        # the reduced step satisfies an exact discrete energy identity (README)
        row(case, v, "max |E + D - W - (E + D - W)(0)| / max W", 0.0, (max(bal) - min(bal)) / scale, 1e-10, "max")
        row(case, v, "max u_z at A (lift-off)", None, max(r["A.uz"] for r in hst))
        row(case, v, "wall time [s]", None, wall)
    ref = hist.get(("modal", 40))

    def dev(a, b):
        return max(max(abs(x["A.uz"] - y["A.uz"]), abs(x["B.uz"] - y["B.uz"])) for x, y in zip(a, b))

    if ref:
        errs = {}
        for (kind, m), h in hist.items():
            if (kind, m) == ("modal", 40):
                continue
            errs[(kind, m)] = dev(h, ref)
            row(case, f"rocking {kind} m={m}", "max |u_A, u_B - modal m=40|", None, errs[(kind, m)])
        if all(("modal", m) in errs for m in (5, 8, 16)):
            row(case, "rocking modal", "error falls with the modes: m=5 > m=8 > m=16", True,
                errs[("modal", 5)] > errs[("modal", 8)] > errs[("modal", 16)], kind="bool")
        # Waltersberger (2007), Ex. 5.8: quasi-static reduction with 2 elastic modes (its
        # "4 modes" = 2 rigid + 2 elastic; here m = 5 = 3 rigid + 2) is closer
        # to the reference than modal truncation with 4 elastic modes (Waltersberger
        # "6"; here m = 7 ~ 8 = 3 rigid + 5) -- ratio err(QS)/err(modal) < 1
        if ("qs", 5) in errs and ("modal", 8) in errs:
            row(case, "rocking QS m=5 vs modal m=8", "err(QS) / err(modal) (Waltersberger: < 1)", 1.0,
                errs[("qs", 5)] / errs[("modal", 8)], 1.0, "known")
    qref = hist.get(("qs", 40))
    if qref:
        for (kind, m), h in hist.items():
            if kind == "qs" and m != 40:
                row(case, f"rocking qs m={m}", "max |u_A, u_B - QS m=40|", None, dev(h, qref))
    section_forces(case, d)
    if quick:
        return
    # the full nonlinear analysis of the same model (Galerkin-weighted B2V; the
    # collocation element's energy grows here: README) against the undamped
    # 40-mode reduction (lumped vs distributed mass, nonlinearity: INFO)
    okf, full, wall, _ = run(os.path.join(d, "rock_full_galerkin.inp"), os.path.join(OUT, case, "rock_full_galerkin"))
    row(case, "rocking full Galerkin", "completes t = 0.3", True, okf and abs(full[-1]["time"] - 0.3) < 1e-9, kind="bool")
    okr, und, _, _ = run(os.path.join(d, "rock_undamped_m40.inp"), os.path.join(OUT, case, "rock_undamped_m40"))
    if okf and okr:
        bal = [r["total_energy"] + r["dissipated"] - r["external_work"] for r in full]
        row(case, "rocking full Galerkin", "max |E + D - W - (E + D - W)(0)| / E(0)", None, (max(bal) - min(bal)) / full[0]["total_energy"])
        ft = {round(r["time"], 6): r for r in full}
        e = max(max(abs(r["A.uz"] - ft[round(r["time"], 6)]["A.uz"]), abs(r["B.uz"] - ft[round(r["time"], 6)]["B.uz"]))
                for r in und if round(r["time"], 6) in ft)
        row(case, "rocking undamped m=40 vs full", "max |u_A, u_B - full|", None, e)
        row(case, "rocking full Galerkin", "wall time [s]", None, wall)
    okc, col, _, _ = run(os.path.join(d, "rock_full_collocation.inp"), os.path.join(OUT, case, "rock_full_collocation"))
    row(case, "rocking full collocation", "time reached (0.3 = completes)", None, 0.3 if okc else (col[-1]["time"] if col else 0.0))
    # the cause, without contact and gravity: the free beam with node A kicked.
    # Galerkin weighting keeps the energy (its semi-discrete identity; Newton
    # tolerance), the collocation element's grows by orders of magnitude (README)
    for w in ("galerkin", "collocation"):
        okk, kk, _, _ = run(os.path.join(d, f"kick_{w}.inp"), os.path.join(OUT, case, f"kick_{w}"))
        v = f"free beam kicked, {w}"
        row(case, v, "completes t = 0.03", True, okk and abs(kk[-1]["time"] - 0.03) < 1e-9, kind="bool")
        if not okk:
            continue
        E0 = kk[0]["total_energy"]
        if w == "galerkin":
            row(case, v, "max |E - E0| / E0", 0.0, max(abs(r["total_energy"] - E0) for r in kk) / E0, 1e-6, "max")
        else:
            row(case, v, "E(0.03) / E0", None, kk[-1]["total_energy"] / E0)
    # the collocation element with the default scheme's numerical dissipation
    ok9, c9, wall9, _ = run(os.path.join(d, "rock_full_collocation_rho09.inp"),
                            os.path.join(OUT, case, "rock_full_collocation_rho09"))
    v = "rocking full colloc. rho=0.9"
    row(case, v, "completes t = 0.3", True, ok9 and abs(c9[-1]["time"] - 0.3) < 1e-9, kind="bool")
    if ok9:
        top = max(c9, key=lambda r: r["A.uz"])
        row(case, v, "max u_z at A (lift-off)", None, top["A.uz"])
        land = next((r["time"] for r in c9 if r["time"] > top["time"] and r["A.uz"] <= 1e-5), None)
        row(case, v, "A lands (u_z <= 1e-5) at t", None, land)
        bal = [r["total_energy"] + r["dissipated"] - r["external_work"] for r in c9]
        row(case, v, "max |E + D - W - (E + D - W)(0)| / E(0)", None, (max(bal) - min(bal)) / c9[0]["total_energy"])
        row(case, v, "wall time [s]", None, wall9)



def beam_frames(outdir):
    """The beams' VTK frames of a run (io/view.py's reader), in time order."""
    spec = importlib.util.spec_from_file_location("nsb_view", os.path.join(ROOT, "io", "view.py"))
    view = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(view)
    return [view.read_vtu(path) for _, path in view.read_pvd(os.path.join(outdir, "beams.pvd"))]


def section_forces(case, d):
    """(e) The section forces of the reduced model (README): a cantilever under a tip load P."""
    P, L = 100.0, 1.0
    E, G, a = 210e9, 81e9, 0.02
    EI, kGA = E * a ** 4 / 12, G * a * a / 1.2
    ok, h, wall, _ = run(os.path.join(d, "cant_all.inp"), os.path.join(OUT, case, "cant_all"))
    v = "cantilever, all 120 modes"
    row(case, v, "completes t = 1", True, ok and abs(h[-1]["time"] - 1.0) < 1e-9, kind="bool")
    if ok:
        r = h[-1]
        # the load came on smoothly and the damping settled the motion: the linear static solution
        row(case, v, "tip u_z / (P L^3/3EI + P L/kGA) - 1", 0.0,
            abs(-r["tip.uz"] / (P * L ** 3 / (3 * EI) + P * L / kGA) - 1.0), 1e-9, "max")
        row(case, v, "clamp |RF_z - P| / P, |RM_y + P L| / P L", 0.0,
            max(abs(r["clamp.rfz"] - P) / P, abs(r["clamp.rmy"] + P * L) / (P * L)), 1e-9, "max")
        fr = beam_frames(os.path.join(OUT, case, "cant_all"))[-1]
        disp = fr["point"]["displacement"]
        X = [p[0] - u[0] for p, u in zip(fr["points"], disp)]
        fs, ms = fr["point"]["force_section"], fr["point"]["moment_section"]
        row(case, v, "settled, all VTK axis points: |shear - P| / P", 0.0,
            max(abs(abs(q[2]) - P) for q in fs) / P, 1e-9, "max")
        row(case, v, "settled, all VTK axis points: |M - P (L - x)| / P L", 0.0,
            max(abs(q[1] - P * (L - x)) for q, x in zip(ms, X)) / (P * L), 1e-9, "max")
        worst = max(abs(x[c]) for x in h for c in x if c.endswith(".n1"))
        for fr in beam_frames(os.path.join(OUT, case, "cant_all")):
            worst = max(worst, max(abs(q[0]) for q in fr["point"]["force_section"]))
        row(case, v, "max |axial force| / P (rows, VTK frames)", 0.0, worst / P, 1e-12, "max")
    # 6 modes, the load suddenly: the mode displacement's truncation (INFO), no axial force, and
    # the cost of the force outputs (a history row every increment)
    ok, h, wall, _ = run(os.path.join(d, "cant_m6.inp"), os.path.join(OUT, case, "cant_m6"))
    okp, _, wallp, _ = run(os.path.join(d, "cant_m6_plain.inp"), os.path.join(OUT, case, "cant_m6_plain"))
    v = "cantilever, 6 modes"
    row(case, v, "completes t = 1 (with and without the force outputs)", True,
        ok and okp and abs(h[-1]["time"] - 1.0) < 1e-9, kind="bool")
    if ok and okp:
        r = h[-1]
        worst = max(abs(x[c]) for x in h for c in x if c.endswith(".n1"))
        for fr in beam_frames(os.path.join(OUT, case, "cant_m6")):
            worst = max(worst, max(abs(q[0]) for q in fr["point"]["force_section"]))
        row(case, v, "max |axial force| / P (rows, VTK frames)", 0.0, worst / P, 1e-12, "max")
        row(case, v, "settled clamp RF_z / P", None, r["clamp.rfz"] / P)
        row(case, v, "settled clamp -RM_y / P L", None, -r["clamp.rmy"] / (P * L))
        row(case, v, "wall time with / without the force outputs (5000 rows)", None, wall / wallp)
