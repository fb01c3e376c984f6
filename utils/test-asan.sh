#!/usr/bin/env bash
# The sanitizer leg of utils/test.sh (issue 14): skgen built with Clang,
# -fsanitize=address,undefined (any finding fatal) and the libFuzzer harnesses
# of test/Fuzz, into build-asan/; then the lit suites there, but test/E2E
# (it checks the generated code against libtorch, which does not depend on
# how skgen is built: the primary build runs it), and each fuzzer for a few
# seconds. Prints lit's summary lines, which utils/test.sh adds up.
#   SKGEN_ASAN=0                skip this leg
#   SKGEN_ASAN_BUILD_DIR=dir    build directory (default: build-asan/)
set -uo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
ASAN="${SKGEN_ASAN_BUILD_DIR:-$ROOT/build-asan}"
[[ "${SKGEN_ASAN:-1}" == 0 ]] && exit 0
start=$SECONDS

CLANG=""
for v in 14 19; do
  if command -v "clang++-$v" >/dev/null &&
     ls /usr/lib/llvm-$v/lib/clang/*/lib/linux/libclang_rt.fuzzer-x86_64.a >/dev/null 2>&1; then
    CLANG=$v
    break
  fi
done
if [[ -z "$CLANG" ]]; then
  echo "sanitizer leg: no clang++ with libFuzzer (libclang-rt-N-dev)"
  echo "  Failed: 1"
  exit 1
fi
# Configured every run (a few seconds) so changed options reach an old tree.
source "$ROOT/utils/ccache.sh"
cmake -S "$ROOT" -B "$ASAN" -G Ninja -DCMAKE_BUILD_TYPE=Release $(ccache_cmake_args) \
  -DCMAKE_C_COMPILER="clang-$CLANG" -DCMAKE_CXX_COMPILER="clang++-$CLANG" \
  -DSKGEN_LLVM_VERSION="$CLANG" -DSKGEN_TEST_CXX="$(command -v g++)" \
  -DSKGEN_SANITIZE=ON -DSKGEN_BUILD_FUZZERS=ON >/dev/null || {
  echo "sanitizer leg: configure failed"; echo "  Failed: 1"; exit 1; }
ninja -C "$ASAN" -j"${SKGEN_JOBS:-2}" | { grep -v '^\[' || true; }
if [[ ${PIPESTATUS[0]} -ne 0 ]]; then
  echo "sanitizer leg: build failed"
  echo "  Failed: 1"
  exit 1
fi

/usr/bin/python3 "$(cat "$ASAN/test/lit-path")" -sv -j"${SKGEN_JOBS:-2}" \
  --filter-out ':: E2E/' "$ASAN/test" "$ASAN/test/Unit"
status=$?
echo "sanitizer leg (ASan+UBSan, clang-$CLANG): $((SECONDS - start)) s"
exit $status
