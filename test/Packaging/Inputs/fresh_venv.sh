# The wheel in a fresh venv on a machine without LLVM/Clang (test/Packaging/
# wheel.test). Run as root: the venv's commands run in a private mount
# namespace (unshare -m) where /usr/lib/llvm-* are empty, the shared
# libLLVM/libclang files are empty and so no clang is on PATH.
#   fresh_venv.sh WHEEL TORCH_PYTHON SRC_ROOT SOURCE_BUILD_SKGEN WORK
# TORCH_PYTHON: the PyTorch 2.13 venv's interpreter; the fresh venv is made
# from its base interpreter and sees its torch through a .pth file (torch is
# not reinstalled). Prints what wheel.test checks.
set -uo pipefail
WHEEL=$1 TORCH_PY=$2 SRC=$3 SKGEN=$4 WORK=$5
INPUTS="$(cd "$(dirname "$0")" && pwd)"
mkdir -p "$WORK"
cd "$WORK"

"$TORCH_PY" -m venv venv
venv/bin/python -m pip install -q --no-index --no-deps "$WHEEL"
SITE=$(venv/bin/python -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')
"$TORCH_PY" -c 'import os, torch; print(os.path.dirname(os.path.dirname(torch.__file__)))' \
  > "$SITE/torch-2.13.pth"

# examples/src without its generated blocks, twice: one copy for the source
# build's skgen (here, with LLVM), one for the wheel's (in the namespace).
FLAGS=$("$TORCH_PY" -c 'import torch, torch.utils.cpp_extension as c; print(" ".join(["-I" + p for p in c.include_paths()] + ["-D_GLIBCXX_USE_CXX11_ABI=%d" % torch._C._GLIBCXX_USE_CXX11_ABI]))')
for copy in source wheel; do
  mkdir -p $copy/src
  for f in "$SRC"/examples/src/*.cpp; do
    "$TORCH_PY" -c 'import sys; sys.path.insert(0, sys.argv[1]); from scratch_copy import strip; sys.stdout.write(strip(open(sys.argv[2]).read()))' \
      "$SRC/test/E2E/Inputs" "$f" > $copy/src/"$(basename "$f")"
  done
done
examples() { # SKGEN INCLUDE MODE: skgen on the copy in the current directory
  "$1" $3 -j 2 src/*.cpp -- -std=c++17 -Isrc -I"$2" $FLAGS
}
(cd source
 examples "$SKGEN" "$SRC/include" "" > diff.out; echo "exit $?" > diff.status
 examples "$SKGEN" "$SRC/include" --fix)

cp -r "$INPUTS/wheel-extension" ext
mkdir -p ext/src && cp "$INPUTS/cpp-extension/src/add.cpp" ext/src/
cp -r "$INPUTS/consumer" consumer

# Everything below in the namespace, with the venv's bin first on PATH.
cat > inside.sh <<INSIDE
set -uo pipefail
cd "$WORK"
for d in /usr/lib/llvm-*; do mountpoint -q \$d || mount -t tmpfs none \$d; done
touch empty
for f in /usr/lib/x86_64-linux-gnu/libLLVM* /usr/lib/x86_64-linux-gnu/libclang*; do
  [[ -f \$f && ! -L \$f ]] && mount --bind empty \$f
done
export PATH="$WORK/venv/bin:/usr/local/bin:/usr/bin:/bin"
FLAGS='$FLAGS'
TORCH_STUB='$SRC/test/Inputs/torch-stub'
INSIDE
cat "$INPUTS/fresh_venv_inside.sh" >> inside.sh
unshare -m --propagation private bash inside.sh
