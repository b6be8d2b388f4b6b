#!/usr/bin/env bash
# fuzz.sh -- build and run the libFuzzer targets (tests/fuzz/README.md).
# Usage: scripts/fuzz.sh [SECONDS_PER_TARGET [TARGET...]]   (default 60 s, targets deck run)
# Installs clang and its fuzzer runtime if missing (apt-get --no-remove), builds
# build-fuzz (CC=clang, -DNSB_FUZZ=ON: ASan + UBSan + coverage), fills the
# initial corpora build-fuzz/corpus/<target> with every deck of the tree (kept across
# runs, so a long campaign resumes where it stopped) and runs each target.
# Findings go to build-fuzz/findings/; the exit status is 1 if there is one.
set -euo pipefail
cd "$(dirname "$0")/.."
SECS=${1:-60}
shift || true
TARGETS=("$@")
[ ${#TARGETS[@]} -gt 0 ] || TARGETS=(deck run)
missing=()
for p in clang libclang-rt-14-dev; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "fuzz: installing ${missing[*]}"
  SUDO=""
  [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update
  $SUDO apt-get install -y --no-install-recommends --no-remove "${missing[@]}"
fi
CC=clang cmake -S . -B build-fuzz -DCMAKE_BUILD_TYPE=RelWithDebInfo -DNSB_FUZZ=ON >/dev/null
cmake --build build-fuzz -j"$(nproc)" --target $(printf 'fuzz_%s ' "${TARGETS[@]}")
mkdir -p build-fuzz/findings build-fuzz/work
status=0
for t in "${TARGETS[@]}"; do
  corpus=build-fuzz/corpus/$t
  mkdir -p "$corpus"
  find tests/decks benchmarks examples tests/fuzz/regress -type f \( -name '*.inp' -o -path '*/regress/*' \) -size -64k |
    while read -r f; do cp -n "$f" "$corpus/init_$(echo "$f" | tr '/' '_')"; done
  before=$(ls build-fuzz/findings | grep -cv slow-unit || true)
  # stderr of the target closed (-close_fd_mask=2): analysis failures print reports there
  (cd build-fuzz/work && ../tests/fuzz_"$t" "../corpus/$t" -dict=../../tests/fuzz/deck.dict \
     -max_total_time="$SECS" -timeout=60 -rss_limit_mb=2048 -close_fd_mask=2 \
     -artifact_prefix="../findings/$t-" -print_final_stats=1 2>&1 | grep -E "^stat::number_of_executed_units|^Done|ERROR|SUMMARY" || true)
  # crashes, leaks, timeouts, out-of-memory; slow units (> 10 s, kept there too) are not findings
  after=$(ls build-fuzz/findings | grep -cv slow-unit || true)
  if [ "$after" -gt "$before" ]; then
    echo "fuzz: $t: new findings in build-fuzz/findings:"; ls -t build-fuzz/findings | grep -v slow-unit | head -n $((after - before))
    status=1
  fi
done
exit $status
