#!/usr/bin/env bash
# The tests that need libtorch (test/E2E and the few elsewhere: the
# libtorch target built, loaded and compared with aten) against one PyTorch,
# in that leg's own output tree (test/torch_leg.py):
#   utils/e2e_torch.sh venv     torch 2.13 in .venv: utils/test.sh's second leg
#   utils/e2e_torch.sh 2.15.0   a newer torch of utils/setup_torch.sh (2.14.1,
#                               2.15.0): run by hand, not by the default suite
#                               (CI's budget); docs/testing.md has the results.
# The tests built against 2.13's stable headers (REQUIRES: torch-venv) and
# breadth (2.13's native_functions.yaml) are unsupported in a newer leg.
#   SKGEN_BUILD_DIR=dir   the skgen build (default build/); SKGEN_JOBS=N
# Prints lit's output; exit status lit's.
set -uo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
LEG="${1:?usage: utils/e2e_torch.sh venv|2.14.1|2.15.0}"
BUILD="${SKGEN_BUILD_DIR:-$ROOT/build}"
B="$BUILD/test"
exec /usr/bin/python3 "$(cat "$B/lit-path")" -sv -j"${SKGEN_JOBS:-2}" --param skgen_e2e=1 \
  --param torch="$LEG" "$B/E2E" "$B/Scan/libtorch.cpp" "$B/Gen/compile-libtorch.test" \
  "$B/Schema/corpus-roundtrip.test" "$B/Schema/corpus-variants.test" \
  "$B/Schema/torch-differential.test"
