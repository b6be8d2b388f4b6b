#!/usr/bin/env bash
# build_pgo.sh -- build nsbeam with profile-guided optimization (gcc).
# Usage: scripts/build_pgo.sh [BUILD_DIR [extra cmake args...]]
#
# Three stages in one build directory (CMakeLists.txt, NSB_PGO):
#   1. nsbeam built instrumented (NSB_PGO=GENERATE);
#   2. it runs the training decks below, which write their counts into
#      BUILD_DIR/pgo (the counts of an earlier training are removed first);
#   3. everything built again with those counts (NSB_PGO=USE).
# The training: the particle and the bars of benchmarks/peers (a contact
# per increment, the history row, the beams' Newton iterations and
# acceleration solves, the modal path) and a cantilever's modes; about 2 s.
# Functions the training does not reach are optimized as without a profile.
# The outputs are the same bytes as the plain Release build's
# (benchmarks/peers/README.md, "The ball's increment and the build").
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD=${1:-build-pgo}
shift || true
cmake -S . -B "$BUILD" -DCMAKE_BUILD_TYPE=Release -DNSB_PGO=GENERATE "$@" >/dev/null
cmake --build "$BUILD" -j"$(nproc)" --target nsbeam
PGO_DIR=$(sed -n 's/^NSB_PGO_DIR:PATH=//p' "$BUILD/CMakeCache.txt")
rm -rf "$PGO_DIR"
TRAIN=$(mktemp -d)
trap 'rm -rf "$TRAIN"' EXIT
for deck in benchmarks/peers/ball.inp benchmarks/peers/ball_events.inp benchmarks/peers/bar_n100.inp \
            benchmarks/peers/sv_n100.inp benchmarks/peers/bar_n100_modal.inp examples/cantilever_modes.inp; do
  "$BUILD/nsbeam" run "$deck" -o "$TRAIN/$(basename "$deck" .inp)" --quiet
done
echo "build_pgo: $(find "$PGO_DIR" -name '*.gcda' | wc -l) profiles in $PGO_DIR"
cmake -S . -B "$BUILD" -DNSB_PGO=USE >/dev/null
cmake --build "$BUILD" -j"$(nproc)"
