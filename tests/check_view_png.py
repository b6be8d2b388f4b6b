#!/usr/bin/env python3
"""check_view_png.py PNG: the first-look picture of `nsbeam view` shows the model.

Counts the pixels of the particle colour (the hue of RGB 217, 84, 26, the
orange both the matplotlib and the ParaView renderings use, lit or shaded) and the pixels of a beam coloured
by a resultant (saturated colours of the viridis map: neither grey/white nor
the particle's or the contact arrows' colour) spread over at least a quarter
of the width (the colour bar is a narrow strip).  A blank or wrongly framed
picture fails.  Exit 1 with the counts when one is
missing."""
import sys

import matplotlib.image as mpimg
import numpy  # noqa: F401  (the image is a numpy array)

img = mpimg.imread(sys.argv[1])[:, :, :3].astype(float)
h, w = img.shape[0], img.shape[1]
r, g, b = img[:, :, 0], img[:, :, 1], img[:, :, 2]
# the particle's orange, lit and shaded (ParaView darkens it towards its rim): its hue
is_ball = (r > 0.2) & (g > 0.2 * r) & (g < 0.65 * r) & (b < 0.35 * r)
saturated = (img.max(axis=2) - img.min(axis=2)) > 0.25
red = (r > 0.6) & (g < 0.35) & (b < 0.35)
# viridis runs from (0.27, 0.00, 0.33) through (0.13, 0.57, 0.55) to (0.99, 0.91, 0.14)
is_beam = saturated & ~is_ball & ~red & ((g >= 0.5 * r) | (b > r))
ball, beam = int(is_ball.sum()), int(is_beam.sum())
# the colour bar is viridis too, but a narrow strip: the beam must span a quarter of the width
beam_cols = int(is_beam.any(axis=0).sum())
print("%s: %d x %d pixels, particle %d, beam %d in %d columns" % (sys.argv[1], w, h, ball, beam, beam_cols))
need = int(sys.argv[2]) if len(sys.argv) > 2 else 200
sys.exit(0 if ball >= need and beam >= need and beam_cols >= w // 4 else 1)
