#!/usr/bin/env bash
# test.sh -- set up, build and run the whole test suite: the normal build
# (unit tests, deck regressions, bad decks, VTK read-back, quick validation
# cases) and the ASan+UBSan build (unit tests and bad decks).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh build -DNSB_WERROR=ON
(cd build && ctest --output-on-failure -j2 -LE slow)
scripts/setup.sh build-asan -DNSB_SANITIZE=ON -DNSB_WERROR=ON -DCMAKE_BUILD_TYPE=RelWithDebInfo
(cd build-asan && ASAN_OPTIONS=detect_leaks=1 ctest --output-on-failure -j2 -L "unit|bad_deck")
