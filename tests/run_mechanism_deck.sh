#!/bin/sh
# run_mechanism_deck.sh NSBEAM DECK OUTDIR -- a deck whose model is a mechanism
# (a DOF without stiffness, and in a dynamic step without inertia) must stop
# at once: a singular matrix at the converged start state of an increment does
# not depend on the increment's length, so no cutback is tried (solver/newton.c,
# singular_for_any_h).
#
# The first line of DECK is "** expect: <substring>".  Passes when
# "NSBEAM run DECK -o OUTDIR" exits with status 1 (a failed analysis, not a
# crash), prints the substring and "probable cause: " with "mechanism", counts
# at most 2 rejected increments in its statistics, and has written a readable
# history.csv (its header and the row of the initial state).
set -u
nsbeam=$1
deck=$2
outdir=$3
expect=$(head -n 1 "$deck" | sed -n 's/^\*\* expect: //p' | tr -d '\r')
if [ -z "$expect" ]; then
  echo "FAIL: $deck: first line must be '** expect: <substring>'"
  exit 1
fi
rm -rf "$outdir"
out=$("$nsbeam" run "$deck" -o "$outdir" 2>&1)
rc=$?
printf '%s\n' "$out"
if [ "$rc" -ne 1 ]; then
  echo "FAIL: exit status $rc (want 1, a failed analysis)"
  exit 1
fi
if ! printf '%s\n' "$out" | grep -F -q -- "$expect"; then
  echo "FAIL: no '$expect' in the output"
  exit 1
fi
if ! printf '%s\n' "$out" | grep -q "probable cause: .*mechanism"; then
  echo "FAIL: no 'probable cause: ... mechanism' in the output"
  exit 1
fi
rejected=$(printf '%s\n' "$out" | sed -n 's/^ *rejected increments *\([0-9][0-9]*\).*/\1/p' | head -n 1)
if [ -z "$rejected" ] || [ "$rejected" -gt 2 ]; then
  echo "FAIL: rejected increments '${rejected}' (want at most 2: no ladder of cutbacks)"
  exit 1
fi
rows=$(wc -l < "$outdir/history.csv" 2>/dev/null || echo 0)
if ! head -n 1 "$outdir/history.csv" 2>/dev/null | grep -q '^time,' || [ "$rows" -lt 2 ]; then
  echo "FAIL: $outdir/history.csv is missing or has no row of the initial state"
  exit 1
fi
echo "PASS: $(basename "$deck") stops after $rejected rejected increment(s) with '$expect'"
exit 0
