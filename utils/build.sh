#!/usr/bin/env bash
# Configures (once) and builds skgen into build/ with Ninja.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
BUILD="${SKGEN_BUILD_DIR:-$ROOT/build}"
if [[ ! -f "$BUILD/build.ninja" ]]; then
  cmake -S "$ROOT" -B "$BUILD" -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
fi
ninja -C "$BUILD" -j"${SKGEN_JOBS:-2}" | grep -v '^\[' || true
test -x "$BUILD/bin/skgen"
