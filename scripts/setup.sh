#!/usr/bin/env bash
# setup.sh -- install the Debian packages nsbeam needs (only the missing ones)
# and build it.  Usage: scripts/setup.sh [BUILD_DIR [extra cmake args...]]
#
# It never removes or replaces a package that is already installed: apt-get
# runs with --no-remove (apt aborts instead of removing anything), and VTK's
# Python for the read-back tests is taken from whichever of Debian's two
# sources is present: python3-vtk9, or ParaView's python3-paraview, which
# ships vtk itself and conflicts with python3-vtk9 (installing python3-vtk9
# next to ParaView would remove the user's pvpython and paraview.simple).
set -euo pipefail
cd "$(dirname "$0")/.."

installed() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q "install ok installed"; }

PKGS=(build-essential cmake pkg-config liblapacke-dev libopenblas-dev libmetis-dev
      libsuitesparse-dev libcunit1-dev zlib1g-dev python3 python3-matplotlib python3-scipy)
if installed python3-paraview; then
  echo "setup: VTK for the tests comes from the installed python3-paraview (python3-vtk9 is not installed next to it)"
elif ! installed python3-vtk9; then
  PKGS+=(python3-vtk9)
fi
missing=()
for p in "${PKGS[@]}"; do
  installed "$p" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing the missing Debian packages: ${missing[*]}"
  SUDO=""
  [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update
  $SUDO apt-get install -y --no-install-recommends --no-remove "${missing[@]}"
else
  echo "setup: all needed Debian packages are installed"
fi
BUILD=${1:-build}
shift || true
cmake -S . -B "$BUILD" -DCMAKE_BUILD_TYPE=Release "$@" >/dev/null
cmake --build "$BUILD" -j"$(nproc)"
