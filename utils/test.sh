#!/usr/bin/env bash
# Sets up, builds and runs every test suite (lit tool tests, GoogleTest unit
# tests, end-to-end tests against real libtorch: Debian's and PyTorch 2.13
# from pip), once per LLVM/Clang the machine offers:
#   build/           the newest supported LLVM (19): every suite;
#   build-llvm14/    the oldest supported (14), if installed and not the same:
#                    every suite but test/E2E, which runs once (the generated
#                    code does not depend on the LLVM skgen is built with;
#                    lit reports those tests as unsupported there).
# SKGEN_LLVM_VERSIONS="19" (or "14", "19 14") overrides the list; the first is
# the primary, which also builds the wheel (dist/; SKGEN_WHEEL=0: not). The
# last line is the total over all builds: `N passed, N failed, N skipped`.
set -uo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
"$ROOT/utils/setup.sh" || { echo "setup failed"; echo "0 passed, 1 failed, 0 skipped"; exit 1; }

# Supported majors, newest first; installed = Debian's /usr/lib/llvm-N with
# Clang's CMake package (libclang-N-dev).
installed_llvm() {
  local v
  for v in 19 18 17 16 15 14; do
    [[ -f /usr/lib/llvm-$v/lib/cmake/clang/ClangConfig.cmake ]] && echo "$v"
  done
}
if [[ -n "${SKGEN_LLVM_VERSIONS:-}" ]]; then
  read -ra VERSIONS <<<"$SKGEN_LLVM_VERSIONS"
else
  mapfile -t found < <(installed_llvm)
  VERSIONS=("${found[@]:0:1}")
  [[ ${#found[@]} -gt 1 && ${found[-1]} == 14 ]] && VERSIONS+=(14)
fi
[[ ${#VERSIONS[@]} -gt 0 ]] || { echo "no LLVM/Clang installed"; echo "0 passed, 1 failed, 0 skipped"; exit 1; }

# lit prints "  Passed: N" / "  Passed: N (P%)" etc.; the number after the colon.
count() { grep -E "^ +$1 *: +[0-9]+" "$2" | sed -E 's/.*: +([0-9]+).*/\1/' | awk '{s += $1} END {print s + 0}'; }

passed=0 failed=0 skipped=0 summary=()
for i in "${!VERSIONS[@]}"; do
  v=${VERSIONS[$i]}
  if ((i == 0)); then
    BUILD="${SKGEN_BUILD_DIR:-$ROOT/build}" E2E=1
  else
    BUILD="$ROOT/build-llvm$v" E2E=0
  fi
  echo "== LLVM $v: $BUILD$([[ $E2E == 0 ]] && echo ' (E2E runs in the primary build only)')"
  start=$SECONDS
  if ! SKGEN_LLVM_VERSION=$v SKGEN_BUILD_DIR=$BUILD "$ROOT/utils/build.sh"; then
    echo "LLVM $v: build failed"
    failed=$((failed + 1)) summary+=("LLVM $v: build failed")
    continue
  fi
  # The wheel (utils/build_wheel.sh; ccache makes it little more than a static
  # link) for test/Packaging/wheel.test, from the primary build's sources.
  if ((i == 0)) && [[ "${SKGEN_WHEEL:-1}" != 0 ]] && ! "$ROOT/utils/build_wheel.sh" >/dev/null; then
    echo "wheel: build failed"
    failed=$((failed + 1)) summary+=("wheel: build failed")
  fi
  built=$((SECONDS - start))
  LIT="$(cat "$BUILD/test/lit-path")"
  LOG="$BUILD/test-results.txt"
  /usr/bin/python3 "$LIT" -sv -j"${SKGEN_JOBS:-2}" --param skgen_e2e=$E2E \
    "$BUILD/test" "$BUILD/test/Unit" 2>&1 | tee "$LOG"
  status=${PIPESTATUS[0]}
  if ((E2E)); then
    # The tests that need libtorch again, against PyTorch 2.13 in .venv
    # (utils/setup_torch.sh), in their own output tree (test/torch_leg.py).
    SKGEN_BUILD_DIR=$BUILD "$ROOT/utils/e2e_torch.sh" venv 2>&1 | tee -a "$LOG"
    ((PIPESTATUS[0] == 0)) || status=1
  fi
  p=$(($(count Passed "$LOG") + $(count 'Expectedly Failed' "$LOG")))
  f=$(($(count Failed "$LOG") + $(count 'Unexpectedly Passed' "$LOG") + $(count Unresolved "$LOG") + $(count 'Timed Out' "$LOG")))
  s=$(($(count Unsupported "$LOG") + $(count Skipped "$LOG")))
  [[ $status -ne 0 && $f -eq 0 ]] && f=1
  passed=$((passed + p)) failed=$((failed + f)) skipped=$((skipped + s))
  summary+=("LLVM $v ($(basename "$BUILD")): $p passed, $f failed, $s skipped; build ${built}s, tests $((SECONDS - start - built))s")
done

# The same suites built with ASan+UBSan, and the fuzzers (build-asan/).
if [[ "${SKGEN_ASAN:-1}" != 0 ]]; then
  LOG="${SKGEN_ASAN_BUILD_DIR:-$ROOT/build-asan}/test-results.txt"
  mkdir -p "$(dirname "$LOG")"
  start=$SECONDS
  "$ROOT/utils/test-asan.sh" 2>&1 | tee "$LOG"
  status=${PIPESTATUS[0]}
  p=$(($(count Passed "$LOG") + $(count 'Expectedly Failed' "$LOG")))
  f=$(($(count Failed "$LOG") + $(count 'Unexpectedly Passed' "$LOG") + $(count Unresolved "$LOG") + $(count 'Timed Out' "$LOG")))
  s=$(($(count Unsupported "$LOG") + $(count Skipped "$LOG")))
  [[ $status -ne 0 && $f -eq 0 ]] && f=1
  passed=$((passed + p)) failed=$((failed + f)) skipped=$((skipped + s))
  summary+=("ASan+UBSan (build-asan): $p passed, $f failed, $s skipped; $((SECONDS - start))s")
fi
printf '%s\n' "${summary[@]}"
echo "$passed passed, $failed failed, $skipped skipped"
exit $((failed > 0))
