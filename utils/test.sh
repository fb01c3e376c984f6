#!/usr/bin/env bash
# Sets up, builds and runs every test suite (lit tool tests, GoogleTest unit
# tests, end-to-end tests against real libtorch). The last line is the total:
# `N passed, N failed`.
set -uo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
BUILD="${SKGEN_BUILD_DIR:-$ROOT/build}"
"$ROOT/utils/setup.sh" || { echo "setup failed"; echo "0 passed, 1 failed"; exit 1; }
"$ROOT/utils/build.sh" || { echo "build failed"; echo "0 passed, 1 failed"; exit 1; }

LIT=/usr/lib/llvm-14/build/utils/lit/lit.py
LOG="$BUILD/test-results.txt"
/usr/bin/python3 "$LIT" -sv -j"${SKGEN_JOBS:-2}" "$BUILD/test" "$BUILD/test/Unit" 2>&1 | tee "$LOG"
status=${PIPESTATUS[0]}

# lit prints "  Passed: N" / "  Failed: N" etc.; fold them into one line.
count() { grep -E "^ +$1 *: +[0-9]+" "$LOG" | awk '{s += $NF} END {print s + 0}'; }
passed=$(( $(count Passed) + $(count 'Expectedly Failed') ))
failed=$(( $(count Failed) + $(count 'Unexpectedly Passed') + $(count Unresolved) + $(count 'Timed Out') ))
skipped=$(( $(count Unsupported) + $(count Skipped) ))
[[ $status -ne 0 && $failed -eq 0 ]] && failed=1
echo "$passed passed, $failed failed, $skipped skipped"
exit $(( failed > 0 ))
