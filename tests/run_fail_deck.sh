#!/bin/sh
# run_fail_deck.sh NSBEAM DECK OUTDIR -- a deck that passes `nsbeam check` but
# must stop during the run (see tests/impact_modes.cmake).
#
# The first line of DECK is "** expect: <substring>".  Passes when
# "NSBEAM run DECK -o OUTDIR --quiet" exits with status 1 (a failed analysis,
# not a crash) and prints a line "<deck>.inp:<line>: ..." that contains the
# substring.
set -u
nsbeam=$1
deck=$2
outdir=$3
name=$(basename "$deck")
expect=$(head -n 1 "$deck" | sed -n 's/^\*\* expect: //p' | tr -d '\r')
if [ -z "$expect" ]; then
  echo "FAIL: $deck: first line must be '** expect: <substring>'"
  exit 1
fi
if ! "$nsbeam" check "$deck" >/dev/null 2>&1; then
  echo "FAIL: nsbeam check refuses $deck (this test is for decks that fail during the run)"
  exit 1
fi
out=$("$nsbeam" run "$deck" -o "$outdir" --quiet 2>&1)
rc=$?
printf '%s\n' "$out"
if [ "$rc" -ne 1 ]; then
  echo "FAIL: exit status $rc (want 1, a failed analysis)"
  exit 1
fi
pattern=$(printf '%s' "$name" | sed 's/[].[^$*\\]/\\&/g')
if printf '%s\n' "$out" | grep -E "(^|/)${pattern}:[0-9]+: " | grep -F -q -- "$expect"; then
  echo "PASS: $name reports '$expect'"
  exit 0
fi
echo "FAIL: no line '$name:LINE: ...$expect...'"
exit 1
