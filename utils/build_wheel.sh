#!/usr/bin/env bash
# Builds the wheel (`pip install skgen`) into dist/: pyproject.toml drives
# scikit-build-core, which configures build-wheel/ (statically linked skgen,
# Clang's builtin headers beside it), installs it into the package directory
# and strips it. Compiles go through ccache (utils/ccache.sh), so after a
# build of build/ only the link is new. Prints the wheel's path last.
#   SKGEN_WHEEL_DIR=dir   where the wheel goes (default: dist/)
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
OUT="${SKGEN_WHEEL_DIR:-$ROOT/dist}"
source "$ROOT/utils/ccache.sh"
# The compilers CMake picks for build/ (utils/build.sh), named the same:
# ccache's key includes the compiler's name.
export CC="${CC:-cc}" CXX="${CXX:-c++}"
if command -v ccache >/dev/null; then
  export CMAKE_C_COMPILER_LAUNCHER=ccache CMAKE_CXX_COMPILER_LAUNCHER=ccache
fi
export CMAKE_BUILD_PARALLEL_LEVEL="${SKGEN_JOBS:-2}"
# scikit-build-core comes through pip's build isolation.
mkdir -p "$OUT"
rm -f "$OUT"/skgen-*.whl
python3 -m pip wheel --no-deps --wheel-dir "$OUT" "$ROOT" >"$OUT/build.log" 2>&1 ||
  { tail -40 "$OUT/build.log" >&2; exit 1; }
ls "$OUT"/skgen-*.whl
