#!/usr/bin/env bash
# The PyTorch 2.x legs of the test matrix, virtual environments with a pinned
# torch and what the tests need. Called by setup.sh; idempotent and quiet when
# the environments are present.
#
#   $ROOT/.venv (gitignored)  torch 2.13.0, CPU build: the `venv` leg.
#   $SKGEN_VENV_214, default $HOME/.cache/skgen-venvs/torch-2.14.1
#                             torch 2.14.1: the newer torch the stable-ABI
#                             tests load their 2.13-built library into
#                             (lit feature torch-2.14). PyPI's 2.14.1 is a
#                             CUDA 13 build (~5.5 GB; it runs on the CPU), so
#                             it lives outside the repository and every clone
#                             (CI's fresh ones too) reuses it. $HOME, not
#                             $XDG_CACHE_HOME: lit gives the tests their own
#                             XDG_CACHE_HOME, and test/torch_leg.py must find
#                             the same path (it reads the same variable).
#   $SKGEN_VENV_215, default $HOME/.cache/skgen-venvs/torch-2.15.0
#                             torch 2.15.0 (lit feature torch-2.15), the newest
#                             release, for the same stable-ABI tests; a CUDA
#                             build from PyPI (~5.4 GB), installed past a pip
#                             constraint that caps torch at 2.14.1 where the
#                             machine has one (/etc/xdg/pip).
#
# torch is ALWAYS pinned exactly: 2.13.0 is the CPU wheel that PyPI serves for
# Python 3.11 on the project's machines; an unpinned or newer torch is a CUDA
# build of several GB. The wheels are for CPython 3.11, so the venvs are made
# with a 3.11 interpreter (pyenv's on the project's machines; Debian 12's
# /usr/bin/python3 is 3.11 too but has no venv module without python3-venv).
# Override with SKGEN_TORCH_PYTHON=/path/to/python3.11.
#
# Without a Python 3.11 (e.g. a Debian 13 machine with only its 3.13), this
# prints a note and exits 0: the suite then runs the system libtorch leg only
# and reports the PyTorch 2.13 tests as unsupported. Likewise when the 2.14.1
# environment cannot be made (no network, no disk): its tests are unsupported.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
NUMPY=numpy==2.4.6

# present VENV VERSION: whether VENV was completed for torch==VERSION.
present() {
  [[ -x "$1/bin/python" && -f "$1/skgen-requirements.txt" &&
     "$(cat "$1/skgen-requirements.txt")" == "torch==$2 $NUMPY" ]]
}

VENV_213="${SKGEN_VENV:-$ROOT/.venv}"
VENV_214="${SKGEN_VENV_214:-$HOME/.cache/skgen-venvs/torch-2.14.1}"
VENV_215="${SKGEN_VENV_215:-$HOME/.cache/skgen-venvs/torch-2.15.0}"
if present "$VENV_213" 2.13.0 && present "$VENV_214" 2.14.1 &&
   present "$VENV_215" 2.15.0; then
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

# make_venv VENV VERSION [uncapped]: creates VENV with torch==VERSION; the stamp
# is written last, so an interrupted install is redone on the next run.
# "uncapped": without pip's configuration files (a machine-wide constraint may
# cap torch below VERSION).
make_venv() {
  local venv="$1" version="$2" env=()
  [[ "${3:-}" == uncapped ]] && env=(env PIP_CONFIG_FILE=/dev/null)
  present "$venv" "$version" && return 0
  echo "skgen setup: creating $venv with torch==$version $NUMPY ($PY)" >&2
  [[ -x "$venv/bin/python" ]] || "$PY" -m venv "$venv" || return 1
  "${env[@]}" "$venv/bin/python" -m pip install -q --disable-pip-version-check "torch==$version" "$NUMPY" || return 1
  "$venv/bin/python" -c "import torch; assert torch.__version__.split('+')[0] == '$version', torch.__version__" ||
    return 1
  printf '%s' "torch==$version $NUMPY" > "$venv/skgen-requirements.txt"
}

make_venv "$VENV_213" 2.13.0
if ! make_venv "$VENV_214" 2.14.1; then
  echo "skgen setup: could not make $VENV_214 with torch==2.14.1; the tests that" \
       "need it (lit feature torch-2.14) are unsupported. Rerun utils/setup_torch.sh" \
       "to retry." >&2
fi
if ! make_venv "$VENV_215" 2.15.0 uncapped; then
  echo "skgen setup: could not make $VENV_215 with torch==2.15.0; the tests that" \
       "need it (lit feature torch-2.15) are unsupported. Rerun utils/setup_torch.sh" \
       "to retry." >&2
fi
exit 0
