#!/usr/bin/env bash
# Sets up, builds and runs every test suite (lit tool tests, GoogleTest unit
# tests, end-to-end tests against real libtorch: Debian's and PyTorch 2.13
# from pip). The last line is the total:
# `N passed, N failed`.
set -uo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
BUILD="${SKGEN_BUILD_DIR:-$ROOT/build}"
"$ROOT/utils/setup.sh" || { echo "setup failed"; echo "0 passed, 1 failed"; exit 1; }
"$ROOT/utils/build.sh" || { echo "build failed"; echo "0 passed, 1 failed"; exit 1; }

LIT=/usr/lib/llvm-14/build/utils/lit/lit.py
LOG="$BUILD/test-results.txt"
: > "$LOG"
lit() { /usr/bin/python3 "$LIT" -sv -j"${SKGEN_JOBS:-2}" "$@" 2>&1 | tee -a "$LOG"; return "${PIPESTATUS[0]}"; }
status=0
# Every suite, with the tests that need libtorch against the system's
# (Debian's libtorch-dev/python3-torch: 1.13 on Debian 12).
lit "$BUILD/test" "$BUILD/test/Unit" || status=1
# The tests that need libtorch again, against PyTorch 2.13 in .venv
# (utils/setup_torch.sh), in their own output tree (test/torch_leg.py).
lit --param torch=venv "$BUILD/test/E2E" "$BUILD/test/Scan/libtorch.cpp" \
  "$BUILD/test/Gen/compile-libtorch.test" "$BUILD/test/Schema/corpus-roundtrip.test" \
  "$BUILD/test/Schema/corpus-variants.test" "$BUILD/test/Schema/torch-differential.test" || status=1

# lit prints "  Passed: N" / "  Failed: N" etc.; fold them into one line.
count() { grep -E "^ +$1 *: +[0-9]+" "$LOG" | awk '{s += $NF} END {print s + 0}'; }
passed=$(( $(count Passed) + $(count 'Expectedly Failed') ))
failed=$(( $(count Failed) + $(count 'Unexpectedly Passed') + $(count Unresolved) + $(count 'Timed Out') ))
skipped=$(( $(count Unsupported) + $(count Skipped) ))
[[ $status -ne 0 && $failed -eq 0 ]] && failed=1
echo "$passed passed, $failed failed, $skipped skipped"
exit $(( failed > 0 ))
