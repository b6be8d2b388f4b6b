#!/bin/sh
# run_hostile_deck.sh NSBEAM DECK OUTDIR -- one hostile-deck regression (tests/hostile_decks.cmake).
#
# The first line of DECK is "** expect: <substring>".  Passes when
# "NSBEAM run DECK -o OUTDIR --quiet" exits with status 1 (not 0: a hostile
# deck must not "succeed"; not a crash by signal) and its messages contain the
# substring, i.e. the deck is refused or the run stops with the cause named.
set -u
nsbeam=$1
deck=$2
out_dir=$3
expect=$(head -n 1 "$deck" | sed -n 's/^\*\* expect: //p' | tr -d '\r')
if [ -z "$expect" ]; then
  echo "FAIL: $deck: first line must be '** expect: <substring>'"
  exit 1
fi
rm -rf "$out_dir"
out=$("$nsbeam" run "$deck" -o "$out_dir" --quiet 2>&1)
rc=$?
printf '%s\n' "$out"
if [ "$rc" -ne 1 ]; then
  echo "FAIL: exit status $rc (want 1)"
  exit 1
fi
if printf '%s\n' "$out" | grep -F -q -- "$expect"; then
  echo "PASS: $(basename "$deck") reports '$expect'"
  exit 0
fi
echo "FAIL: no message contains '$expect'"
exit 1
