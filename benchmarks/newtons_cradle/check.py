"""Checks of benchmarks/newtons_cradle (reference and tolerances: README.md here)."""
import os

from validate_lib import row, run, impact_values, HERE, OUT


def check(quick):
    case = "newtons_cradle"
    ok, vals = impact_values()
    row(case, "impact_cases", "tool runs", True, ok, kind="bool")
    # Waltersberger (2007), §5.1.1: three equal balls, the first at velocity 1
    # onto two touching balls at rest; tolerance = the prox solver tolerance
    # (1e-13 relative change) with margin, and exact rational arithmetic for
    # the sequential single-contact sub-impacts
    refs = {"simultaneous eps=1": (-1 / 3, 2 / 3, 2 / 3), "simultaneous eps=0": (1 / 3, 1 / 3, 1 / 3),
            "sequential eps=1": (0.0, 0.0, 1.0), "sequential eps=0.5": (0.203125, 0.234375, 0.5625)}
    for name, ref in refs.items():
        for k in range(3):
            key = ("cradle " + name, f"v{k + 1}")
            row(case, name, f"post-impact v{k + 1}", ref[k], vals.get(key, float("nan")), 1e-12, "abs")
        row(case, name, "sub-impacts", None, vals.get(("cradle " + name, "sub_impacts")))
    case_poisson(case, vals)
    case_newtons_cradle_decks(case)


def chain_poisson(e1, e2):
    """The chain's Poisson result (README.md): (v2 - v1, v3 - v2) after the
    plastic compression (1/3, 1/3, 1/3) with impulses (2/3, 1/3)."""
    if e2 > 4 * e1:
        return 0.0, e2 / 2
    if e2 < e1:
        return e1, 0.0
    return (4 * e1 - e2) / 3, 2 * (e2 - e1) / 3


def case_poisson(case, vals):
    # Waltersberger (2007), §5.1.1, Ex. 5.2: the Poisson law with (e1, e2);
    # (0, 1) -> (1/6, 1/6, 2/3), e1 = e2 = e -> Newton's law with e; the
    # surfaces v2 - v1 and v3 - v2 of Figs 5.4/5.5 in closed form (README);
    # tolerance 1e-12: each phase is an exact LCP (Cholesky on the support)
    corner = {"poisson e1=0 e2=1": (1 / 6, 1 / 6, 2 / 3), "poisson e1=1 e2=1": (-1 / 3, 2 / 3, 2 / 3),
              "poisson e1=0 e2=0": (1 / 3, 1 / 3, 1 / 3), "poisson e1=0.5 e2=0.5": (0.0, 0.5, 0.5)}
    for name, ref in corner.items():
        for k in range(3):
            row(case, name, f"post-impact v{k + 1}", ref[k], vals.get(("cradle " + name, f"v{k + 1}"), float("nan")),
                1e-12, "abs")
    for e1, e2 in ((1, 0), (0.25, 1), (0.2, 0.6), (0.1, 0.8), (0.7, 0.3)):
        name = f"poisson e1={e1:g} e2={e2:g}"
        v = [vals.get(("cradle " + name, f"v{k + 1}"), float("nan")) for k in range(3)]
        d12, d23 = chain_poisson(e1, e2)
        row(case, name, "v2 - v1 (Fig. 5.4 surface)", d12, v[1] - v[0], 1e-12, "abs")
        row(case, name, "v3 - v2 (Fig. 5.5 surface)", d23, v[2] - v[1], 1e-12, "abs")
        row(case, name, "momentum v1 + v2 + v3", 1.0, sum(v), 1e-12, "abs")


def case_newtons_cradle_decks(case):
    # the same chain through the time-stepping contact (LAW=NEWTON in a deck):
    # the impact increment solves the simultaneous law; tolerance: Newton's
    # tolerances (1e-10 on the velocity unknowns) with margin
    refs = {"1": (-1 / 3, 2 / 3, 2 / 3), "0": (1 / 3, 1 / 3, 1 / 3),
            "1_prox": (-1 / 3, 2 / 3, 2 / 3), "0_prox": (1 / 3, 1 / 3, 1 / 3)}
    for e, ref in refs.items():
        # *_prox: the same decks with CONTACT SOLVER=PROX (sweeps to 1e-12)
        ok, hist, wall, err = run(os.path.join(HERE, case, f"cradle_e{e}.inp"), os.path.join(OUT, case, f"deck_e{e}"))
        row(case, f"deck e={e}", "run completes", True, ok, kind="bool")
        if not ok:
            continue
        last = hist[-1]
        for k in range(3):
            row(case, f"deck e={e}", f"v{k + 1} after the impact increment", ref[k], last[f"b{k + 1}.vx"], 1e-9, "abs")
        if "dissipated" in last:
            # e = 1: no energy lost; e = 0: (1/2)(1 - 1/3) = 1/3 of 1/2 m v^2 lost
            row(case, f"deck e={e}", "dissipated energy", 0.0 if e.startswith("1") else 1 / 3, last["dissipated"], 1e-9,
                "abs")
    # IMPACT=SEQUENTIAL: one sub-impact of Schema 5.3 per increment; the
    # chain must end with the sequential scheme's velocities (same tolerance)
    refs = {"e1": (0.0, 0.0, 1.0), "e05": (0.203125, 0.234375, 0.5625)}
    for e, ref in refs.items():
        ok, hist, wall, err = run(os.path.join(HERE, case, f"cradle_seq_{e}.inp"), os.path.join(OUT, case, f"seq_{e}"))
        row(case, f"deck sequential {e}", "run completes", True, ok, kind="bool")
        if not ok:
            continue
        last = hist[-1]
        for k in range(3):
            row(case, f"deck sequential {e}", f"v{k + 1} at the end", ref[k], last[f"b{k + 1}.vx"], 1e-9, "abs")
        n_imp = sum(1 for a, b in zip(hist, hist[1:])
                    if any(abs(b[f"b{k}.vx"] - a[f"b{k}.vx"]) > 1e-12 for k in (1, 2, 3)))
        row(case, f"deck sequential {e}", "increments with an impact", None, n_imp)

    # IMPACT=POISSON: the impact at the start of the increment by Poisson's
    # law (compression, then expansion >= e x compression per contact), the
    # increment's rows then hold the contacts at the post-impact velocities;
    # same tolerance; dissipated energy 1/2 - T+
    refs = {"poisson_e0_e1": (1 / 6, 1 / 6, 2 / 3), "poisson_e0_e1_prox": (1 / 6, 1 / 6, 2 / 3),
            "poisson_e02_e06": (0.2, 4 / 15, 8 / 15), "poisson_e1": (-1 / 3, 2 / 3, 2 / 3)}
    for name, ref in refs.items():
        ok, hist, wall, err = run(os.path.join(HERE, case, f"cradle_{name}.inp"), os.path.join(OUT, case, name))
        row(case, f"deck {name}", "run completes", True, ok, kind="bool")
        if not ok:
            continue
        last = hist[-1]
        for k in range(3):
            row(case, f"deck {name}", f"v{k + 1} at the end", ref[k], last[f"b{k + 1}.vx"], 1e-9, "abs")
        row(case, f"deck {name}", "dissipated energy", 0.5 - 0.5 * sum(v * v for v in ref), last["dissipated"], 1e-9,
            "abs")
