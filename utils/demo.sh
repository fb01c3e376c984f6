#!/usr/bin/env bash
# The README's first command: set up, build skgen, and run it on examples/.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
"$ROOT/utils/setup.sh"
"$ROOT/utils/build.sh"
SKGEN="${SKGEN_BUILD_DIR:-$ROOT/build}/bin/skgen"
"$SKGEN" --version
echo "== canonical schemas (skgen --parse-schema) =="
printf '%s\n' \
  'myops::add.out(Tensor self, Tensor other, *, Scalar alpha=1.0, Tensor(a!) out) -> Tensor(a!)' \
  'myops::topk.values(Tensor self, int k, *, Tensor(a!) values, Tensor(b!) indices) -> (Tensor(a!) values, Tensor(b!) indices)' \
  | "$SKGEN" --parse-schema
