#!/usr/bin/env python3
"""check_amplitude_response.py OUTDIR: the run of tests/decks/good/amplitude_decay_modulated.inp
against the closed forms of an undamped oscillator (m x'' + k x = P a(t), at rest at t = 0).

Oscillator a, DECAY (A0, A, t0 = 0, t_d):
  x = P A0/k (1 - cos w t) + P A/(m (w^2 + 1/t_d^2)) (exp(-t/t_d) - cos w t + sin(w t)/(w t_d)).
Oscillator b, MODULATED (A0, A, t0 = 0, w1, w2), sin(w1 t) sin(w2 t) = (cos(w1 - w2)t - cos(w1 + w2)t)/2:
  x = P A0/k (1 - cos w t) + sum over (W, c) = (w1 - w2, 1/2), (w1 + w2, -1/2) of
      c P A/(m (w^2 - W^2)) (cos W t - cos w t).

Tolerance 1.5e-5 of the largest |x|: the scheme's phase error (w h)^2/12 per radian
accumulates to w T (w h)^2/12 = 1.3e-5 rad over T = 0.5 s at w h = 3.1e-3, and the
decay's (h/t_d)^2/12 = 2e-6.  Measured 8.1e-6 (DECAY) and 1.6e-6 (MODULATED); the deck at
h/2: 2.0e-6 and 3.9e-7 (second order: the scheme's error, not the amplitudes').
Exit 1 with the first failure."""
import csv
import math
import os
import sys

out = sys.argv[1]
rows = list(csv.DictReader(open(os.path.join(out, "history.csv"))))
m, k, P = 1.0, 986.96044010893586, 10.0
w = math.sqrt(k / m)


def decay(t, A0=0.3, A=1.0, td=0.02):
    return (P * A0 / k * (1 - math.cos(w * t)) +
            P * A / (m * (w * w + 1 / td ** 2)) * (math.exp(-t / td) - math.cos(w * t) + math.sin(w * t) / (w * td)))


def modulated(t, A0=0.2, A=1.0, w1=20.0, w2=3.0):
    x = P * A0 / k * (1 - math.cos(w * t))
    for W, c in ((w1 - w2, 0.5), (w1 + w2, -0.5)):
        x += c * P * A / (m * (w * w - W * W)) * (math.cos(W * t) - math.cos(w * t))
    return x


if len(rows) < 50:
    sys.exit("history.csv has %d rows" % len(rows))
for col, f in (("a.ux", decay), ("b.ux", modulated)):
    err = big = 0.0
    for r in rows:
        t, x = float(r["time"]), float(r[col])
        err = max(err, abs(x - f(t)))
        big = max(big, abs(f(t)))
    print("%s: largest |x - closed form| = %.3g of the largest |x| %.4g (%.2g)" % (col, err, big, err / big))
    if not (big > 0.0 and err <= 1.5e-5 * big):
        sys.exit("%s: error %.3g above 1.5e-5 of %.4g" % (col, err, big))
