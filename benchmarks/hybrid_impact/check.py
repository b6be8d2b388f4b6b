"""Checks of benchmarks/hybrid_impact (reference and tolerances: README.md here)."""

import os

from validate_lib import row, run, impact_values, HERE, OUT


def check(quick):
    case = "hybrid_impact"
    ok, vals = impact_values()
    row(case, "impact_cases", "tool runs", True, ok, kind="bool")
    # Fischer & Hennig, girder on springs with a stop, m = 1: the
    # paper prints 3 digits; tolerance half a unit of the printed digit
    refs = [("u1", 0.690), ("u2", 0.190), ("u3", -0.560), ("u4", -1.0), ("p0_coefficient", -0.592),
            ("dq1_coefficient", -0.408), ("dq2_coefficient", -0.112), ("dq3_coefficient", 0.331),
            ("dq4_coefficient", 0.592)]
    for q, ref in refs:
        row(case, "girder (m = 1)", q, ref, vals.get(("hybrid girder", q), float("nan")), 5e-4, "abs")

    case_vibrator_deck(case, vals)


def case_vibrator_deck(case, vals):
    # Fischer & Hennig, example 1 through a deck (IMPACT=CLOSED FORM): the two
    # masses after the impact increment against the closed form (10)-(11) in
    # exact arithmetic and against nsb_hybrid_impact_solve on the full 3-DOF
    # system with the drive constraint; tolerance 1e-9: Newton's tolerance
    # on the velocity unknowns with margin (no smooth force acts)
    m1, m23, kappa, q1d, q2d = 2.0, 3.5, 0.6, 0.3, -1.2
    p0 = -(1 + kappa) * m1 * m23 / (m1 + m23) * (q2d - q1d)
    ref = (q1d - p0 / m1, q2d + p0 / m23)
    for k in range(2):
        row(case, "vibrator (library)", f"q{k + 1}dot after", ref[k],
            vals.get(("hybrid vibrator", f"q{k + 1}dot_after"), float("nan")), 1e-13, "abs")
    ok, hist, wall, err = run(os.path.join(HERE, case, "vibrator_closed_form.inp"), os.path.join(OUT, case, "vibrator"))
    row(case, "vibrator deck", "run completes", True, ok, kind="bool")
    if not ok:
        return
    last = hist[-1]
    for k, name in enumerate(("m1", "m2")):
        row(case, "vibrator deck", f"q{k + 1}dot after (closed form)", ref[k], last[f"{name}.vx"], 1e-9, "abs")
        row(case, "vibrator deck", f"q{k + 1}dot after (library, 3 DOF)",
            vals.get(("hybrid vibrator", f"q{k + 1}dot_after"), float("nan")), last[f"{name}.vx"], 1e-9, "abs")
    # energy lost: (1 - kappa^2) of the relative kinetic energy m1 m23/(m1 + m23) (q2d - q1d)^2 / 2
    lost = (1 - kappa ** 2) * 0.5 * m1 * m23 / (m1 + m23) * (q2d - q1d) ** 2
    row(case, "vibrator deck", "dissipated energy", lost, last["dissipated"], 1e-9, "abs")
