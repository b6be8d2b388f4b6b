"""Checks of benchmarks/beam_resultants (reference and tolerances: README.md here)."""
import math
import os

from validate_lib import row, run, quat_matrix, HERE, OUT

VARIANTS = ["b2v_n1", "b2v_n3", "b2s_n1", "b2s_n3", "b2v_galerkin_n3", "b2s_galerkin_n3"]
POSITIONS = (0.0, 0.15, 0.5, 0.85, 1.0)
# case: (elements, tip force, tip moment, uniform load along Y)
CASES = {
    "tip_force": (2, (0.0, 5.0, 0.0), (0.0, 0.0, 0.0), 0.0),
    "tip_spatial": (3, (-1.0, 5.0, 2.0), (0.5, -0.3, 0.8), 0.0),
    "end_moment": (4, (0.0, 0.0, 0.0), (0.0, 0.0, 2.0 * math.pi), 0.0),
    "uniform": (3, (0.0, 0.0, 0.0), (0.0, 0.0, 0.0), 1.0),
}
STIFF = {"tip_force": (1e4, 1e4, 1e4, 1, 1, 1), "tip_spatial": (1e3, 1e3, 1e3, 2, 1.5, 1),
         "end_moment": (1e4, 1e4, 1e4, 1, 1, 1), "uniform": (1e7, 1e7, 1e7, 1e5, 1e5, 1e5)}


def cross(a, b):
    return [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]]


def dist(a, b):
    return math.sqrt(sum((x - y) ** 2 for x, y in zip(a, b)))


def vec(r, probe, names):
    return [r[probe + "." + n] for n in names]


def check(quick):
    case = "beam_resultants"
    d = os.path.join(HERE, case)
    for name, (ne, F, Mt, q) in CASES.items():
        scale = max(math.sqrt(sum(x * x for x in F)), math.sqrt(sum(x * x for x in Mt)), q)  # L = 1
        C = STIFF[name]
        consistency = 0.0
        for v in VARIANTS:
            stem = f"{name}_{v}"
            ok, hist, wall, err = run(os.path.join(d, stem + ".inp"), os.path.join(OUT, case, stem))
            if not ok or not hist:
                row(case, stem, "completes", True, False, kind="bool")
                continue
            r = hist[-1]
            tip = vec(r, "tip", "xyz")
            eN = eM = 0.0
            for e in range(1, ne + 1):
                for k, p in enumerate(POSITIONS):
                    pr = f"e{e}p{k}"
                    x = vec(r, pr, "xyz")
                    N = vec(r, pr, ("nx", "ny", "nz"))
                    M = vec(r, pr, ("mx", "my", "mz"))
                    if q:
                        s = (e - 1 + p) / ne  # arc coordinate of the undeformed axis
                        Nref, Mref = [0.0, q * (1 - s), 0.0], [0.0, 0.0, 0.5 * q * (1 - s) ** 2]
                    else:
                        Nref = list(F)
                        Mref = [a + b for a, b in zip(Mt, cross([t - y for t, y in zip(tip, x)], F))]
                    eN = max(eN, dist(N, Nref) / scale)
                    eM = max(eM, dist(M, Mref) / scale)
                    # section components in the probe's frame, strains C^-1 of them
                    R = quat_matrix(*vec(r, pr, ("qw", "qx", "qy", "qz")))
                    Ns, Ms = vec(r, pr, ("n1", "n2", "n3")), vec(r, pr, ("m1", "m2", "m3"))
                    RtN = [sum(R[i][j] * N[i] for i in range(3)) for j in range(3)]
                    RtM = [sum(R[i][j] * M[i] for i in range(3)) for j in range(3)]
                    E = vec(r, pr, ("g1", "g2", "g3", "k1", "k2", "k3"))
                    consistency = max(consistency, dist(Ns, RtN) / scale, dist(Ms, RtM) / scale,
                                      max(abs(C[i] * E[i] - (Ns + Ms)[i]) for i in range(6)) / scale)
                    if k == len(POSITIONS) - 1 and e < ne:  # shared node: the next element's end 0
                        nx = f"e{e + 1}p0"
                        consistency = max(consistency, dist(N, vec(r, nx, ("nx", "ny", "nz"))) / scale,
                                          dist(M, vec(r, nx, ("mx", "my", "mz"))) / scale)
            row(case, stem, "max |N - N_ref| / scale", 0.0, eN, 1e-8, "abs")
            if name == "tip_spatial" and v == "b2v_galerkin_n3":
                # the Galerkin velocity element's own moment defect (README)
                row(case, stem, "max |M - M_ref| / scale (element)", 0.0, eM)
            else:
                row(case, stem, "max |M - M_ref| / scale", 0.0, eM, 1e-8, "abs")
        row(case, name, "frames, strains, node jumps", 0.0, consistency, 1e-8, "abs")
