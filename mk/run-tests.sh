#!/usr/bin/env bash
# Runs the Criterion test binary as `make test` does:
#
#   mk/run-tests.sh BINARY [ARGS...]
#
# Criterion runs every case in a worker process of its own. When a worker
# dies from a signal outside the case's body (in a .fini, or in its exit
# after the case has reported), Criterion keeps the result the case
# reported, prints
#   Warning! The test `SUITE::NAME` crashed during its setup or teardown.
# and exits with 1, without naming the case or the signal. A full run has
# shown it once, on a test with no setup or teardown whose cases had all
# passed; 142 runs of that test in a row then did not show it again.
#
# When that warning is the only complaint of a run (no case failed or
# crashed), every case of each test it names runs once more, and the run
# passes only if they all pass again with no warning; the log says so. A
# crash in a test's own .fini comes back on the second run and fails it.
# Any other result is the binary's own.
set -uo pipefail

log=$(mktemp)
trap 'rm -f "$log"' EXIT
"$@" 2>&1 | tee "$log"
rc=${PIPESTATUS[0]}
[ "$rc" -eq 1 ] || exit "$rc"

warning='Warning! The test `[^`]*` crashed during its setup or teardown'
tests=$(grep -ao "$warning" "$log" | sed 's/^[^`]*`//; s/`.*//; s/::/\//' | sort -u)
[ -n "$tests" ] || exit "$rc"
grep -aq 'Synthesis: .*| Failing: 0 | Crashing: 0' "$log" || exit "$rc"
if grep -a 'Warning!' "$log" | grep -avq "crashed during its setup or teardown"; then
  exit "$rc"
fi

for t in $tests; do
  echo "[----] $t: a worker died after its case had reported; every case of $t runs again"
  "$@" --filter="$t" 2>&1 | tee "$log"
  again=${PIPESTATUS[0]}
  if [ "$again" -ne 0 ] || grep -aq 'Warning!' "$log"; then
    echo "[----] $t failed on the second run: the test run fails"
    exit 1
  fi
  echo "[----] $t: every case passed on the second run"
done
exit 0
