#!/usr/bin/env bash
# Installs what skgen needs to build and test on Debian 12, as root.
# Idempotent and quiet when everything is present.
set -euo pipefail

PKGS=(cmake ninja-build g++ clang-14 libclang-14-dev llvm-14-dev llvm-14-tools
      clang-tools-14 clang-format-14 nlohmann-json3-dev libgtest-dev
      libtorch-dev python3-torch python3-yaml python3-jsonschema patch strace)

missing=()
for p in "${PKGS[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "skgen setup: installing ${missing[*]}" >&2
  SUDO=""
  [[ $(id -u) -ne 0 ]] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
fi
"$(dirname "$0")/setup_torch.sh"
