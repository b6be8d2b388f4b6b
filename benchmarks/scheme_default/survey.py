#!/usr/bin/env python3
"""Survey: the default scheme (generalized-alpha form of the modified scheme,
rho_inf = 0.9) against RHOINF=1 on every dynamic deck of the tree with a
*CONTACT PAIR.

For each deck with a LAW=NEWTON pair and a *DYNAMIC line that takes the
modified scheme's default rho_inf (no RHOINF, BETA, GAMMA; no SCHEME or
SCHEME=MODIFIED NEWMARK: the decks a change of default would reach) the deck is run twice,
with ", RHOINF=0.9" and with ", RHOINF=1" appended to every such *DYNAMIC line.  The
runner, the columns and the options are benchmarks/deck_survey.py's.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import deck_survey as ds  # noqa: E402

PARAMS = ("RHOINF", "BETA", "GAMMA")


def default_rhoinf(kw, prm):
    """a *DYNAMIC line that takes the modified scheme's default rho_inf"""
    return kw == "DYNAMIC" and prm.get("SCHEME", "MODIFIED NEWMARK") == "MODIFIED NEWMARK" and \
        not any(k in prm for k in PARAMS)


def classify(text):
    """reached: a default-scheme *DYNAMIC line and a NEWTON pair"""
    dyn_default = dyn = newton = pairs = 0
    for line in text.splitlines():
        kw, prm = ds.keyword_of(line)
        if kw == "DYNAMIC":
            dyn += 1
            dyn_default += default_rhoinf(kw, prm)
        elif kw == "CONTACT PAIR":
            pairs += 1
            newton += prm.get("LAW", "NEWTON") == "NEWTON"
    what = "dynamic %d (default %d)\tpairs %d (NEWTON %d)" % (dyn, dyn_default, pairs, newton) if pairs and dyn else ""
    return dyn_default > 0 and newton > 0, what


if __name__ == "__main__":
    sys.exit(ds.survey(classify, (("rho0.9", lambda t: ds.append_to_lines(t, default_rhoinf, ", RHOINF=0.9")),
                                  ("rho1", lambda t: ds.append_to_lines(t, default_rhoinf, ", RHOINF=1")))))
