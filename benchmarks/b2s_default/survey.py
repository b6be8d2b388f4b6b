#!/usr/bin/env python3
"""Survey: the B2S element's weighting in dynamics, collocation (the default
before this study) against Galerkin, on every dynamic deck of the tree whose
B2S elements take the default (an *ELEMENT line with TYPE=B2S and no
WEIGHTING=, in a deck with a *DYNAMIC step).

Each such deck is run twice, with ", WEIGHTING=COLLOCATION" and with
", WEIGHTING=GALERKIN" appended to every TYPE=B2S *ELEMENT line without
WEIGHTING= (the collocation run is the deck as it ran before the B2S default
of benchmarks/b2s_default/README.md, whatever the binary's default).  The
runner, the columns and the options are benchmarks/deck_survey.py's (*INCLUDE
files inlined for the classification and the variants).
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import deck_survey as ds  # noqa: E402


def b2s_default(kw, prm):
    """an *ELEMENT line of B2S elements that takes the default weighting"""
    return kw == "ELEMENT" and prm.get("TYPE") == "B2S" and "WEIGHTING" not in prm


def classify(text):
    """reached: a default-weighting B2S *ELEMENT line and a *DYNAMIC line"""
    b2s = dyn = pairs = newton = 0
    for line in text.splitlines():
        kw, prm = ds.keyword_of(line)
        if b2s_default(kw, prm):
            b2s += 1
        elif kw == "DYNAMIC":
            dyn += 1
        elif kw == "CONTACT PAIR":
            pairs += 1
            newton += prm.get("LAW", "NEWTON") == "NEWTON"
    what = "B2S lines %d\tdynamic %d\tpairs %d (NEWTON %d)" % (b2s, dyn, pairs, newton) if b2s else ""
    return b2s > 0 and dyn > 0, what


if __name__ == "__main__":
    sys.exit(ds.survey(classify, (("collocation", lambda t: ds.append_to_lines(t, b2s_default, ", WEIGHTING=COLLOCATION")),
                                  ("galerkin", lambda t: ds.append_to_lines(t, b2s_default, ", WEIGHTING=GALERKIN")))))
