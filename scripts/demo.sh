#!/usr/bin/env bash
# demo.sh -- set up, build and run the default demo deck; prints where the
# ParaView output and the plots are.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh build
DECK=${1:-examples/ball_on_beam.inp}
build/nsbeam run "$DECK" -o out/demo
build/nsbeam plot out/demo >/dev/null
echo "plots of the energies, momenta, probes and contacts: out/demo/plots/*.png (nsbeam plot)"
echo "open out/demo/beams_surface.pvd, out/demo/bodies.pvd and out/demo/contacts.pvd in ParaView (see docs/paraview.md)"
