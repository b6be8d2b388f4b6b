#!/usr/bin/env bash
# demo.sh -- set up, build and run the default demo deck; prints where the
# ParaView output is.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh build
DECK=${1:-benchmarks/heavy_top/heavy_top.inp}
build/nsbeam run "$DECK" -o out/demo
echo "open out/demo/bodies.pvd in ParaView (see docs/paraview.md)"
