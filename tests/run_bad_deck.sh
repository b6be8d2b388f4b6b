#!/bin/sh
# run_bad_deck.sh NSBEAM DECK -- one bad-deck regression (see tests/bad_decks.cmake).
#
# The first line of DECK is "** expect: <substring>".  Passes when
# "NSBEAM check DECK" exits with a failure status (1..127: a crash by signal is
# a failure of the test) and prints a line "<deck>.inp:<line>: ..." that
# contains the substring.
set -u
nsbeam=$1
deck=$2
name=$(basename "$deck")
expect=$(head -n 1 "$deck" | sed -n 's/^\*\* expect: //p' | tr -d '\r')
if [ -z "$expect" ]; then
  echo "FAIL: $deck: first line must be '** expect: <substring>'"
  exit 1
fi
out=$("$nsbeam" check "$deck" 2>&1)
rc=$?
printf '%s\n' "$out"
if [ "$rc" -eq 0 ] || [ "$rc" -ge 128 ]; then
  echo "FAIL: exit status $rc (want a failure status between 1 and 127)"
  exit 1
fi
pattern=$(printf '%s' "$name" | sed 's/[].[^$*\\]/\\&/g')
if printf '%s\n' "$out" | grep -E "(^|/)${pattern}:[0-9]+: " | grep -F -q -- "$expect"; then
  echo "PASS: $name reports '$expect'"
  exit 0
fi
echo "FAIL: no line '$name:LINE: ...$expect...'"
exit 1
