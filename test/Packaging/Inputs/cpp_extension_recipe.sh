# The "flags after --" recipe of docs/user-guide.md (setup.py /
# torch.utils.cpp_extension), as written there. $1 is the Python with torch;
# each further argument is a skgen mode (--check, --fix) to run in turn,
# printing its exit code. Run in the extension's directory.
set -u
PY=$1
shift
FLAGS=$("$PY" -c 'import torch, torch.utils.cpp_extension as c; print(" ".join(["-I" + p for p in c.include_paths()] + ["-D_GLIBCXX_USE_CXX11_ABI=%d" % torch._C._GLIBCXX_USE_CXX11_ABI]))' 2>/dev/null)
for mode in "$@"; do
  skgen "$mode" src/*.cpp -- -std=c++17 -Iinclude -I"$SKGEN_INCLUDE" $FLAGS
  echo "skgen $mode: exit $?"
done
