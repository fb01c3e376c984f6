#!/usr/bin/env bash
# Configures (once) and builds skgen into build/ with Ninja.
#   SKGEN_BUILD_DIR=dir      build directory (default: build/)
#   SKGEN_LLVM_VERSION=14    LLVM/Clang major to build against (default: the
#                            newest installed, or what dir was configured with)
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
BUILD="${SKGEN_BUILD_DIR:-$ROOT/build}"
WANT="${SKGEN_LLVM_VERSION:-}"
source "$ROOT/utils/ccache.sh"
HAVE=""
[[ -f "$BUILD/CMakeCache.txt" ]] &&
  HAVE="$(sed -n 's/^SKGEN_LLVM_VERSION:STRING=//p' "$BUILD/CMakeCache.txt")"
if [[ ! -f "$BUILD/build.ninja" || -n "$WANT" && "$WANT" != "$HAVE" ]]; then
  cmake -S "$ROOT" -B "$BUILD" -G Ninja -DCMAKE_BUILD_TYPE=Release \
    ${WANT:+-DSKGEN_LLVM_VERSION="$WANT"} $(ccache_cmake_args) >/dev/null
fi
# Progress lines filtered; a failed build fails this script.
ninja -C "$BUILD" -j"${SKGEN_JOBS:-2}" | { grep -v '^\[' || true; }
test -x "$BUILD/bin/skgen"
