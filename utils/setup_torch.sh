#!/usr/bin/env bash
# The PyTorch 2.x leg of the test matrix: a virtual environment $ROOT/.venv
# (gitignored) with PyTorch 2.13.0 (CPU build) and what the tests need.
# Called by setup.sh; idempotent and quiet when the environment is present.
#
# torch is ALWAYS pinned exactly: 2.13.0 is the CPU wheel that PyPI serves for
# Python 3.11 on the project's machines; an unpinned or newer torch is a CUDA
# build of several GB. The wheel is for CPython 3.11, so the venv is made with
# a 3.11 interpreter (pyenv's on the project's machines; Debian 12's
# /usr/bin/python3 is 3.11 too but has no venv module without python3-venv).
# Override with SKGEN_TORCH_PYTHON=/path/to/python3.11.
#
# Without a Python 3.11 (e.g. a Debian 13 machine with only its 3.13), this
# prints a note and exits 0: the suite then runs the system libtorch leg only
# and reports the PyTorch 2.13 tests as unsupported.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
VENV="${SKGEN_VENV:-$ROOT/.venv}"
REQS=(torch==2.13.0 numpy==2.4.6)
STAMP="$VENV/skgen-requirements.txt"

if [[ -x "$VENV/bin/python" && -f "$STAMP" && "$(cat "$STAMP")" == "${REQS[*]}" ]]; then
  exit 0
fi

is311() { [[ -x "$1" ]] && "$1" -c 'import sys, venv; sys.exit(sys.version_info[:2] != (3, 11))' 2>/dev/null; }
PY="${SKGEN_TORCH_PYTHON:-}"
if [[ -z "$PY" ]]; then
  for c in "$(command -v python3 || true)" "$(command -v python3.11 || true)" \
           "${PYENV_ROOT:-$HOME/.pyenv}"/versions/3.11*/bin/python3.11; do
    if [[ -n "$c" ]] && is311 "$c"; then PY="$c"; break; fi
  done
fi
if [[ -z "$PY" ]]; then
  echo "skgen setup: no Python 3.11 with the venv module found; the PyTorch 2.13 leg" \
       "of the tests is disabled (set SKGEN_TORCH_PYTHON to enable it)" >&2
  exit 0
fi

echo "skgen setup: creating $VENV with ${REQS[*]} ($PY)" >&2
[[ -x "$VENV/bin/python" ]] || "$PY" -m venv "$VENV"
"$VENV/bin/python" -m pip install -q --disable-pip-version-check "${REQS[@]}"
"$VENV/bin/python" -c 'import torch; assert torch.__version__.split("+")[0] == "2.13.0", torch.__version__'
printf '%s' "${REQS[*]}" > "$STAMP"
