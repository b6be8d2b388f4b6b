#!/usr/bin/env bash
# setup.sh -- install the Debian packages nsbeam needs (only the missing ones)
# and build it.  Usage: scripts/setup.sh [BUILD_DIR [extra cmake args...]]
set -euo pipefail
cd "$(dirname "$0")/.."
PKGS=(build-essential cmake pkg-config liblapacke-dev libopenblas-dev libmetis-dev
      libsuitesparse-dev libcunit1-dev python3 python3-vtk9)
missing=()
for p in "${PKGS[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing ${missing[*]}"
  SUDO=""
  [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -qq
  $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
BUILD=${1:-build}
shift || true
cmake -S . -B "$BUILD" -DCMAKE_BUILD_TYPE=RelWithDebInfo "$@" >/dev/null
cmake --build "$BUILD" -j"$(nproc)"
