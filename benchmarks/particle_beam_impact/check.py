"""Checks of benchmarks/particle_beam_impact (reference and tolerances: README.md here)."""
import os

from validate_lib import row, run, impact_summary, HERE, OUT


def check(quick):
    case = "particle_beam_impact"
    d = os.path.join(HERE, case)
    # Češarek (2013), §7.2.3 read off the plots (the text gives them as "approximately"):
    # duration, peak force, rebound; tolerance 15 % (plot reading + Češarek's own
    # statement that its forces differ substantially from Bauchau's)
    refs = {"ss": (0.12, 5000.0, 2.6), "fixed": (0.03, 4500.0, 2.2)}
    runs = [("fixed", "hertz", "1e-5")] if quick else [
        (s, law, h) for s in ("ss", "fixed") for law, h in
        (("hertz", "1e-5"), ("hertz", "1e-6"), ("newton_e0", "1e-5"), ("newton_e1", "1e-5"))]
    for support, law, h in runs:
        name = f"{support}_{law}_h{h}"
        ok, hist, wall, err = run(os.path.join(d, name + ".inp"), os.path.join(OUT, case, name))
        var = f"{support} {law} h={h}"
        row(case, var, "run completes", True, ok, kind="bool")
        if not ok:
            continue
        sm = impact_summary(os.path.join(OUT, case, name))
        dur, peak, reb = refs[support]
        kind = "known" if law == "hertz" else None
        if law == "hertz":
            row(case, var, "impact duration / Češarek - 1", 0.0, abs(sm["duration"] / dur - 1.0), 0.15, "known")
            row(case, var, "peak contact force / Češarek - 1", 0.0, abs(sm["peak"] / peak - 1.0), 0.15, "known")
            row(case, var, "rebound velocity / Češarek - 1", 0.0, abs(sm["rebound"] / reb - 1.0), 0.15, "known")
        row(case, var, "impact duration", dur, sm["duration"])
        row(case, var, "peak contact force", peak, sm["peak"])
        row(case, var, "time of the peak", None, sm["t_peak"])
        row(case, var, "rebound velocity", reb, sm["rebound"])
        row(case, var, "energy min / initial", 1.0, sm["E_min"])
        row(case, var, "energy end / initial", 1.0, sm["E_end"])
        row(case, var, "energy max / initial", 1.0, sm["E_max"])
        if law == "newton_e0":
            row(case, var, "dissipated >= 0", True, sm["dissipated"] >= 0.0, kind="bool")
        row(case, var, "wall time [s]", None, wall)
    if not quick:
        # the Hermite centre line on the same (fine, straight) beam: reported next to the chord
        name = "fixed_hertz_hermite_h1e-5"
        ok, hist, wall, err = run(os.path.join(d, name + ".inp"), os.path.join(OUT, case, name))
        var = "fixed hertz HERMITE h=1e-5"
        row(case, var, "run completes", True, ok, kind="bool")
        if ok:
            sm = impact_summary(os.path.join(OUT, case, name))
            ch = impact_summary(os.path.join(OUT, case, "fixed_hertz_h1e-5"))
            for q in ("duration", "peak", "rebound"):
                row(case, var, f"{q}, Hermite / chord - 1", 0.0, sm[q] / ch[q] - 1.0)

