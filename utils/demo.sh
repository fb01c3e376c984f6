#!/usr/bin/env bash
# The README's first command: the whole point of skgen in one run.
#
#  1. set up (Debian packages: LLVM/Clang, libtorch, ...; PyTorch 2.13 in
#     .venv) and build skgen;
#  2. configure the example op library examples/ (compile_commands.json);
#  3. check that the generated code committed in examples/src is up to date;
#  4. show what skgen generates: run it on a scratch copy of examples/src with
#     the generated blocks stripped (as a kernel author has them: out= kernels
#     and annotations only) and print the diff;
#  5. build libskgen_example_ops.so against PyTorch 2.13 and call the
#     functional, in-place and out variants from Python, and backward through
#     one (the autograd kernels generated from its derivative formula).
# Safe to re-run: builds are incremental, the scratch copy is recreated.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
BUILD="${SKGEN_BUILD_DIR:-$ROOT/build}"
SKGEN="$BUILD/bin/skgen"
EXAMPLE_BUILD="$ROOT/examples/build"
SCRATCH="$BUILD/demo-scratch"
# PyTorch 2.13 from .venv (utils/setup_torch.sh); Debian's 1.13 without it.
PY=/usr/bin/python3
TORCH_PREFIX=()
if [[ -x "$ROOT/.venv/bin/python" ]]; then
  PY="$ROOT/.venv/bin/python"
  T="$("$PY" -c 'import os, torch; print(os.path.dirname(torch.__file__))')"
  # The torch directory first: TorchConfig.cmake would find Debian's libtorch.
  TORCH_PREFIX=("-DCMAKE_PREFIX_PATH=$T;$T/share/cmake")
fi
SOURCES=(elementwise.cpp reductions.cpp meta_kernels.cpp)

step() { printf '\n\033[1m== %s\033[0m\n' "$*"; }

step "setup and build skgen"
"$ROOT/utils/setup.sh"
"$ROOT/utils/build.sh"
"$SKGEN" --version

step "configure examples/ (writes $EXAMPLE_BUILD/compile_commands.json)"
cmake -S "$ROOT/examples" -B "$EXAMPLE_BUILD" -G Ninja -DCMAKE_BUILD_TYPE=Release \
  "${TORCH_PREFIX[@]}" >/dev/null
"$PY" -c 'import torch; print("PyTorch", torch.__version__)'
echo "ok"

step "skgen --check on the committed example (its generated blocks are up to date)"
( cd "$ROOT" && "$SKGEN" --check -p examples/build "${SOURCES[@]/#/examples/src/}" )
echo "clean"

step "what skgen generates: a copy of examples/src without its generated blocks"
rm -rf "$SCRATCH"
"$PY" "$ROOT/test/E2E/Inputs/scratch_copy.py" "$ROOT/examples/src" "$SCRATCH" "$EXAMPLE_BUILD"
echo "the kernel author writes only out= kernels, e.g.:"
grep -n -A6 'SKGEN_STRUCTURED("myops::add.out' "$SCRATCH/src/elementwise.cpp"
echo
echo "\$ cd $SCRATCH && skgen -p . src/*.cpp     # prints the diff it would apply"
( cd "$SCRATCH" && "$SKGEN" -p . "${SOURCES[@]/#/src/}" ) > "$SCRATCH/skgen.diff"
# The first family in full (myops::add: defs, CPU kernel + direct wrappers,
# alias-key wrappers, autograd), then a summary of the rest.
awk '/^\+\/\/ myops::/ { n++ } n >= 2 { exit } { print }' "$SCRATCH/skgen.diff"
echo "[... $(wc -l < "$SCRATCH/skgen.diff") lines in all, one block per file:"
grep -E '^\+\+\+ |^\+// myops::|^\+// (CPU|Meta) kernel' "$SCRATCH/skgen.diff" | sed 's/^+++ /  /; s/^+/      /'
echo "  full diff: $SCRATCH/skgen.diff ]"
( cd "$SCRATCH" && "$SKGEN" --fix -p . "${SOURCES[@]/#/src/}" )
for f in "${SOURCES[@]}"; do
  cmp -s "$SCRATCH/src/$f" "$ROOT/examples/src/$f" ||
    { echo "skgen --fix on the scratch copy differs from examples/src/$f" >&2; exit 1; }
done
echo "(skgen --fix on the scratch copy reproduces the committed examples/src exactly)"

step "build the example op library"
ninja -C "$EXAMPLE_BUILD" -j"${SKGEN_JOBS:-2}" | grep -v '^\[' || true
ls -1 "$EXAMPLE_BUILD"/libskgen_example_*.so

step "Python: the three variants of myops::add (only add.out was written by hand), a gradient"
GLOG_minloglevel=2 "$PY" - "$EXAMPLE_BUILD" <<'PYEOF'
import sys
import torch
torch.ops.load_library(sys.argv[1] + "/libskgen_example_ops.so")
myops = torch.ops.myops

x = torch.tensor([1.0, 2.0, 3.0])
y = torch.tensor([10.0, 20.0, 30.0])
print(">>> torch.ops.myops.add.out._schema")
print(myops.add.out._schema)
print(">>> torch.ops.myops.add(x, y, alpha=2)            # functional (generated)")
print(myops.add(x, y, alpha=2))
out = torch.empty(0)
print(">>> torch.ops.myops.add.out(x, y, alpha=2, out=out)  # out (hand-written)")
print(myops.add.out(x, y, alpha=2, out=out))
z = x.clone()
print(">>> torch.ops.myops.add_(z, y, alpha=2)            # in-place (generated)")
r = myops.add_(z, y, alpha=2)
print(r, "| writes into z:", r.data_ptr() == z.data_ptr())
print(">>> torch.ops.myops.mul.Tensor(x, y), myops.mul_.Tensor  # explicit overload names")
print(myops.mul.Tensor(x, y))
print(">>> torch.ops.myops.topk(torch.tensor([3., 1., 4., 1., 5.]), 2)  # multi-output")
print(myops.topk(torch.tensor([3.0, 1.0, 4.0, 1.0, 5.0]), 2))
m = torch.empty(2, 3, device="meta")
print(">>> torch.ops.myops.lerp(meta, meta, 0.5)  # Meta out kernel only -> alias-key functional")
print(myops.lerp(m, m, 0.5))
print(">>> y = torch.ops.myops.square(x.requires_grad_()); y.grad_fn.name()  # generated node")
y = myops.square(x.requires_grad_())
print(repr(y.grad_fn.name()))
print('>>> y.sum().backward(); x.grad  # 2 * x: SKGEN_DERIVATIVE("self", "2 * grad * self.conj()")')
y.sum().backward()
print(x.grad)
PYEOF
