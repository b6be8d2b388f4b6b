"""Checks of benchmarks/hybrid_impact (reference and tolerances: README.md here)."""

from validate_lib import row, impact_values


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

