#!/usr/bin/env bash
# Installs what skgen needs to build and test on Debian 12, as root.
# Idempotent and quiet when everything is present.
set -euo pipefail

PKGS=(cmake ninja-build g++ nlohmann-json3-dev libgtest-dev
      libtorch-dev python3-torch python3-yaml python3-jsonschema patch strace)

# LLVM/Clang: what the distribution offers of the supported range. Debian 12:
# 19 (primary) and 14 (oldest supported; clang-format-14 formats the repo);
# Debian 13 packages no LLVM 14: 19 only. utils/test.sh builds with each.
# llvm-N-tools brings lit, FileCheck and not; clang-tools-N
# clang-apply-replacements.
case "$(cat /etc/debian_version 2>/dev/null)" in
  13* | trixie*) LLVM_VERSIONS=(19) ;;
  *) LLVM_VERSIONS=(19 14) ;;
esac
for v in "${LLVM_VERSIONS[@]}"; do
  PKGS+=(clang-$v libclang-$v-dev llvm-$v-dev llvm-$v-tools clang-tools-$v
         clang-format-$v)
done
# ASan, UBSan and libFuzzer for utils/test-asan.sh, built with the oldest
# Clang offered (its sanitizer runtime).
PKGS+=(libclang-rt-${LLVM_VERSIONS[-1]}-dev)
# Builds share compiles across clones and legs (utils/ccache.sh).
PKGS+=(ccache)
# The wheel (utils/build_wheel.sh) links LLVM's zstd use statically.
PKGS+=(libzstd-dev)

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
