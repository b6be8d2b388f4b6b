"""Checks of benchmarks/beam_frequencies (reference and tolerances: README.md here)."""
import csv
import math
import os

from validate_lib import row, run, order, HERE, OUT


def read_modes(outdir):
    """modes.csv of a run as dicts of floats (step, mode, eigenvalue, omega, ...)."""
    path = os.path.join(outdir, "modes.csv")
    if not os.path.exists(path):
        return []
    with open(path) as fh:
        return [{k: float(v) for k, v in r.items()} for r in csv.DictReader(fh)]


def eb_lumped_lead(bl, L, h, free_free=False):
    """Leading relative omega error of an Euler-Bernoulli beam whose element
    stiffness is exact at the nodes and whose mass is lumped: the lumped mass is
    the trapezoidal rule of rhoA int phi^2, so (Euler-Maclaurin, Rayleigh
    quotient) d omega / omega = -(h^2/12) [phi phi']_0^L / int_0^L phi^2
    (beam_frequencies/README.md).  Clamped-free or free-free mode beta L = bl."""
    B = bl / L
    ch, c, sh, s = math.cosh(bl), math.cos(bl), math.sinh(bl), math.sin(bl)
    if free_free:
        sg = (ch - c) / (sh - s)
        phi = lambda x: math.cosh(B * x) + math.cos(B * x) - sg * (math.sinh(B * x) + math.sin(B * x))
        dphi = lambda x: B * (math.sinh(B * x) - math.sin(B * x) - sg * (math.cosh(B * x) + math.cos(B * x)))
    else:
        sg = (ch + c) / (sh + s)
        phi = lambda x: math.cosh(B * x) - math.cos(B * x) - sg * (math.sinh(B * x) - math.sin(B * x))
        dphi = lambda x: B * (math.sinh(B * x) + math.sin(B * x) - sg * (math.cosh(B * x) - math.cos(B * x)))
    n = 4000  # composite Simpson for int phi^2 (error ~ (bl/n)^4, far below 1e-10)
    I = phi(0.0) ** 2 + phi(L) ** 2 + sum((4 if i % 2 else 2) * phi(i * L / n) ** 2 for i in range(1, n))
    I *= L / (3 * n)
    return -(h * h / 12.0) * (phi(L) * dphi(L) - phi(0.0) * dphi(0.0)) / I


def timoshenko_ss_omega(k, EI, GA, rhoA, rhoI):
    """Lower root of (rhoI rhoA/GA) w^4 - [rhoA + k^2 (rhoI + EI rhoA/GA)] w^2 + EI k^4 = 0
    (simply supported Timoshenko beam, k = n pi / L)."""
    a = rhoA * rhoI / GA
    b = rhoA + k * k * (rhoI + EI * rhoA / GA)
    c = EI * k ** 4
    return math.sqrt(2 * c / (b + math.sqrt(b * b - 4 * a * c)))


def ss_lattice_omega(k, h, EI, GA, rhoA, rhoI):
    """Exact discrete omega of the simply supported mode k of a uniform mesh of
    elements with exact Timoshenko stiffness and lumped translational mass rhoA h /
    rotary inertia rhoI h per node: the continuum's Fourier flexibility summed
    over the aliases k + 2 pi m / h in closed form (README, "Lattice")."""
    s, co = math.sin(k * h / 2), math.cos(k * h / 2)
    S11 = h ** 4 * (3 - 2 * s * s) / (48 * EI * s ** 4) + h * h / (4 * GA * s * s)
    S22 = h * h / (4 * EI * s * s)
    S12 = h ** 3 * co / (8 * EI * s ** 3)
    a = rhoA * rhoI * (S11 * S22 - S12 * S12)
    b = rhoA * S11 + rhoI * S22
    return math.sqrt(2 / (b + math.sqrt(b * b - 4 * a)))


def timoshenko_ss_lead(k, h, EI, GA, rhoA, rhoI):
    """Leading relative omega error of that lattice: the alias sums add
    h^2/(12 GA) to the shear and h^2/(12 EI) to the rotation flexibility (README)."""
    S11, S22 = 1 / (EI * k ** 4) + 1 / (GA * k * k), 1 / (EI * k * k)
    a = rhoA * rhoI / (EI * GA * k ** 4)
    b = rhoA * S11 + rhoI * S22
    w2 = timoshenko_ss_omega(k, EI, GA, rhoA, rhoI) ** 2
    d11, d22 = h * h / (12 * GA), h * h / (12 * EI)
    da = rhoA * rhoI * (S11 * d22 + S22 * d11)
    db = rhoA * d11 + rhoI * d22
    return -(da * w2 * w2 - db * w2) / (2 * a * w2 - b) / (2 * w2)


def tension_ss_omega2(k, EI, GA, EA, rhoA, P):
    """omega^2 of the simply supported mode k of the Reissner beam linearized about
    the straight state stretched by the axial tension P (axial strain P/EA, rhoI = 0):
    rhoA omega^2 = k^2 (P + GA EI k^2/g) / ((1 + eps) + EI k^2/g), g = GA (1 + eps) - P
    (README, "Prestress"); P = 0, GA -> inf give EI k^4/rhoA."""
    eps = P / EA
    g = GA * (1 + eps) - P
    return k * k * (P + GA * EI * k * k / g) / (rhoA * ((1 + eps) + EI * k * k / g))


def pair_split(ws):
    """max over the pairs (w[2i], w[2i+1]) of |w_a - w_b| / w_a."""
    return max(abs(ws[2 * i] - ws[2 * i + 1]) / ws[2 * i] for i in range(len(ws) // 2))


def check(quick):
    """*FREQUENCY on straight beams with the lumped mass: cantilever, simply
    supported Timoshenko beam, prestressed beam, free-free beam, axial/torsional
    bar (beam_frequencies/README.md: references, bounds, tolerances)."""
    case = "beam_frequencies"
    d = os.path.join(HERE, case)

    def go(name):
        ok, hist, wall, err = run(os.path.join(d, name + ".inp"), os.path.join(OUT, case, name))
        m = read_modes(os.path.join(OUT, case, name)) if ok else []
        row(case, name, "run completes", True, ok and len(m) > 0, kind="bool")
        if not ok and err.strip():
            print("    " + err.strip().splitlines()[-1], flush=True)
        if m:
            row(case, name, "max residual (modes.csv)", None, max(r["residual"] for r in m))
        return m

    # ---- 1. cantilever, Euler-Bernoulli limit ------------------------------
    L, EI, rhoA = 10.0, 1e3, 1.0
    BL = (1.875104068711961, 4.694091132974175, 7.854757438237613, 10.99554073487547)
    w_ex = [b * b * math.sqrt(EI / (rhoA * L ** 4)) for b in BL]
    err, w20 = {}, None
    for ne, N in ((20, 2), (40, 2)) if quick else ((10, 2), (20, 2), (40, 2), (20, 3)):
        name = "cantilever_ne%d" % ne + ("_N3" if N == 3 else "")
        m = go(name)
        if len(m) < 8:
            continue
        w = [r["omega"] for r in m]
        if ne == 20 and N == 2:
            w20 = w
        if N == 3 and w20:
            # N >= 2 points: the element's static stiffness is exact, so N = 3 is the same discrete problem
            row(case, name, "max |w(N=3) / w(N=2) - 1|", 0.0, max(abs(a / b - 1) for a, b in zip(w, w20)), 1e-9, "max")
        row(case, name, "|w_y - w_z| / w (4 pairs)", 0.0, pair_split(w), 1e-10, "max")
        h = L / ne
        for i in range(4):
            e = (w[2 * i] - w_ex[i]) / w_ex[i]
            err[(N, ne, i)] = e
            row(case, name, "omega_%d rel. error" % (i + 1), w_ex[i], e)
            if ne == 40 or N == 3:
                lead = eb_lumped_lead(BL[i], L, h)
                bh2 = (BL[i] * h / L) ** 2
                row(case, name, "|omega_%d err| <= |lead|(1+(bh)^2)" % (i + 1), lead, abs(e),
                    abs(lead) * (1 + bh2), "max")
    for i in (0, 2):
        if (2, 20, i) in err and (2, 40, i) in err:
            row(case, "cantilever 20/40", "order of omega_%d error" % (i + 1), 2.0,
                order(abs(err[(2, 20, i)]), abs(err[(2, 40, i)])), 0.3, "abs")
    # MASS=CONSISTENT: the element's static interior field as shape functions (a
    # conforming Rayleigh-Ritz field of the Timoshenko beam: frequencies above
    # the Timoshenko ones, which lie below Euler-Bernoulli by the shear
    # flexibility 1/2 (beta_i/L)^2 EI/GA <= 6.1e-7 (mode 4)), order 4
    cerr = {}
    for ne in (10, 20) if quick else (5, 10, 20):
        name = "cantilever_consistent_ne%d" % ne
        m = go(name)
        if len(m) < 8:
            continue
        w = [r["omega"] for r in m]
        for i in range(4):
            cerr[(ne, i)] = (w[2 * i] - w_ex[i]) / w_ex[i]
            row(case, name, "omega_%d rel. error" % (i + 1), w_ex[i], cerr[(ne, i)])
        row(case, name, "min rel. error (from above)", 0.0, min(cerr[(ne, i)] for i in range(4)), -6.1e-7, "min")
    for i in (0, 2):
        if (10, i) in cerr and (20, i) in cerr:
            row(case, "cantilever consistent 10/20", "order of omega_%d error" % (i + 1), 4.0,
                order(abs(cerr[(10, i)]), abs(cerr[(20, i)])), 0.3, "abs")

    # ---- 2. simply supported Timoshenko beam ------------------------------
    L, EI, GA, rhoA, rhoI = 2.0, 1e3, 2.5e4, 1.0, 0.02
    err = {}
    for ne in (40, 80) if quick else (20, 40, 80):
        name = "timoshenko_ss_ne%d" % ne
        m = go(name)
        if len(m) < 8:
            continue
        w = [r["omega"] for r in m]
        h = L / ne
        row(case, name, "|w_y - w_z| / w (4 pairs)", 0.0, pair_split(w), 1e-10, "max")
        lat = 0.0
        for n in range(1, 5):
            k = n * math.pi / L
            wT = timoshenko_ss_omega(k, EI, GA, rhoA, rhoI)
            e = (w[2 * n - 2] - wT) / wT
            err[(ne, n)] = e
            lat = max(lat, abs(w[2 * n - 2] / ss_lattice_omega(k, h, EI, GA, rhoA, rhoI) - 1))
            row(case, name, "omega_%d rel. error (Timoshenko)" % n, wT, e)
            if ne == 80:
                lead = timoshenko_ss_lead(k, h, EI, GA, rhoA, rhoI)
                row(case, name, "|omega_%d err| <= |lead|(1+(kh)^2)" % n, lead, abs(e),
                    abs(lead) * (1 + (k * h) ** 2), "max")
                wEB = k * k * math.sqrt(EI / rhoA)
                row(case, name, "omega_%d Euler-Bernoulli" % n, wEB, w[2 * n - 2])
                row(case, name, "|w - w_T| / |w_EB - w_T|, n = %d" % n, 0.0,
                    abs(w[2 * n - 2] - wT) / abs(wEB - wT), 0.01, "max")
        row(case, name, "max |omega / omega_lattice - 1|", 0.0, lat, 1e-9, "max")
    for n in (1, 3):
        if (40, n) in err and (80, n) in err:
            row(case, "timoshenko_ss 40/80", "order of omega_%d error" % n, 2.0,
                order(abs(err[(40, n)]), abs(err[(80, n)])), 0.3, "abs")

    # ---- 3. prestressed simply supported beam (EB limit) ------------------
    L, EI, GA, EA, rhoA, P = 10.0, 1e3, 1e9, 1e7, 1.0, 30.0
    for ne in (20,) if quick else (10, 20, 40):
        name = "prestressed_ss_ne%d" % ne
        m = go(name)
        U = [r["eigenvalue"] for r in m if r["step"] == 1]
        Ld = [r["eigenvalue"] for r in m if r["step"] == 3]
        if len(U) < 6 or len(Ld) < 6:
            row(case, name, "modes of steps 1 and 3", True, False, kind="bool")
            continue
        h = L / ne
        row(case, name, "|w_y - w_z| / w, both states", 0.0,
            max(pair_split([math.sqrt(x) for x in U]), pair_split([math.sqrt(x) for x in Ld])), 1e-10, "max")
        lat = 0.0
        for n in range(1, 4):
            k = n * math.pi / L
            u2, l2 = tension_ss_omega2(k, EI, GA, EA, rhoA, 0.0), tension_ss_omega2(k, EI, GA, EA, rhoA, P)
            lat = max(lat, abs(math.sqrt(U[2 * n - 2]) / ss_lattice_omega(k, h, EI, GA, rhoA, 0.0) - 1))
            eU = ss_lattice_omega(k, h, EI, GA, rhoA, 0.0) ** 2 / u2 - 1  # unloaded discretization error of omega^2
            row(case, name, "omega_%d unloaded rel. error" % n, math.sqrt(u2), math.sqrt(U[2 * n - 2] / u2) - 1)
            row(case, name, "omega_%d loaded rel. error" % n, math.sqrt(l2), math.sqrt(Ld[2 * n - 2] / l2) - 1)
            p = P / (EI * k * k)
            row(case, name, "(w_P/w_0)^2, n = %d" % n, l2 / u2, Ld[2 * n - 2] / U[2 * n - 2], abs(eU) * l2 / u2, "abs")
            row(case, name, "  same vs 1 + P/(EI k^2) (inext.)", 1 + p, Ld[2 * n - 2] / U[2 * n - 2])
        row(case, name, "max |omega_0 / omega_lattice - 1|", 0.0, lat, 1e-9, "max")

    # ---- 4. free-free beam ------------------------------------------------
    L, EI, rhoA = 10.0, 1e3, 1.0
    BL = (4.730040744862704, 7.853204624095838)
    w_ex = [b * b * math.sqrt(EI / (rhoA * L ** 4)) for b in BL]
    err = {}
    for name in ("free_free_ne40",) if quick else ("free_free_ne20", "free_free_ne40", "free_free_soft_ne20",
                                                  "free_free_soft_ne20_shift"):
        m = go(name)
        if len(m) < 10:
            continue
        ne = 40 if "ne40" in name else 20
        if "soft" in name:
            # EA = GA = 1e5: only the automatic shift is under test (README, "Free-free")
            lam = [r["eigenvalue"] for r in m]
            row(case, name, "max |lambda_1..6| / lambda_7", 0.0, max(abs(x) for x in lam[:6]) / lam[6], 1e-8, "max")
            continue
        h = L / ne
        lam = [r["eigenvalue"] for r in m]
        row(case, name, "max |lambda_1..6| / lambda_7", 0.0, max(abs(x) for x in lam[:6]) / lam[6], 1e-8, "max")
        w = [r["omega"] for r in m[6:]]
        row(case, name, "|w_y - w_z| / w (2 pairs)", 0.0, pair_split(w), 1e-10, "max")
        for i in range(2):
            e = (w[2 * i] - w_ex[i]) / w_ex[i]
            err[(name, i)] = e
            row(case, name, "omega_%d rel. error" % (i + 1), w_ex[i], e)
            if ne == 40:
                lead = eb_lumped_lead(BL[i], L, h, free_free=True)
                row(case, name, "|omega_%d err| <= |lead|(1+(bh)^2)" % (i + 1), lead, abs(e),
                    abs(lead) * (1 + (BL[i] * h / L) ** 2), "max")
    for i in range(2):
        if ("free_free_ne20", i) in err and ("free_free_ne40", i) in err:
            row(case, "free_free 20/40", "order of omega_%d error" % (i + 1), 2.0,
                order(abs(err[("free_free_ne20", i)]), abs(err[("free_free_ne40", i)])), 0.3, "abs")

    # ---- 5. axial and torsional modes of the clamped-free bar -------------
    L = 1.0
    c = {"axial": 100.0, "torsion": 50.0}  # sqrt(EA/rhoA), sqrt(GJ/rhoJ1)
    err = {}
    for ne in (20, 40) if quick else (10, 20, 40):
        name = "axial_torsion_ne%d" % ne
        m = go(name)
        if len(m) < 8:
            continue
        h = L / ne
        # lumped chain with half the mass at the free end = the symmetric modes of the mirrored
        # fixed-fixed chain of 2 ne springs: lambda_n = (4 c^2 / h^2) sin^2((2n - 1) pi / (4 ne));
        # both families' discrete values in ascending order identify the 8 lowest modes
        refs = sorted((2 * cf / h * math.sin((2 * n - 1) * math.pi / (4 * ne)), fam, n)
                      for fam, cf in c.items() for n in range(1, 9))[:8]
        for (wd, fam, n), r in zip(refs, m):
            wc = (2 * n - 1) * math.pi / (2 * L) * c[fam]
            row(case, name, "%s %d: omega vs lumped chain" % (fam, n), wd, r["omega"], 1e-9 * wd, "abs")
            err[(ne, fam, n)] = (r["omega"] - wc) / wc
            row(case, name, "%s %d: rel. error (continuum)" % (fam, n), wc, err[(ne, fam, n)])
    for fam in c:
        if (20, fam, 1) in err and (40, fam, 1) in err:
            row(case, "axial_torsion 20/40", "order of %s 1 error" % fam, 2.0,
                order(abs(err[(20, fam, 1)]), abs(err[(40, fam, 1)])), 0.3, "abs")

