# fresh_venv.sh's part inside the namespace (appended to its preamble).
echo "hidden: $(ls /usr/lib/llvm-19 | wc -l) files in /usr/lib/llvm-19," \
  "clang: $(command -v clang clang-19 clang++ clang-14 | wc -l)," \
  "libclang-cpp.so.19.1: $(stat -c %s /usr/lib/x86_64-linux-gnu/libclang-cpp.so.19.1) bytes"
BIN=$(python -c 'import skgen; print(skgen.executable())')
echo "needed: $(readelf -d "$BIN" | sed -n 's/.*Shared library: \[\(.*\)\]/\1/p' | tr '\n' ' ')"
echo "command: $(command -v skgen)"
skgen --version

# The examples: the same diff and the same fixed sources as the source build.
cd wheel
examples() {
  skgen $1 -j 2 src/*.cpp -- -std=c++17 -Isrc -I"$(python -c 'import skgen; print(skgen.get_include())')" $FLAGS
}
examples "" > diff.out; echo "exit $?" > diff.status
echo "examples diff: $(cat diff.status), $(grep -c '^+++ ' diff.out) files"
examples --fix; echo "examples --fix: exit $?"
cmp diff.out ../source/diff.out && cmp diff.status ../source/diff.status && echo "examples diff: identical to the source build's"
diff -r src ../source/src && echo "examples --fix: identical to the source build's"
cd ..

# setup.py through skgen.BuildExtension: stale fails the build with skgen's
# diff, --skgen=fix fixes and builds, then the op runs.
cd ext
python setup.py build_ext --inplace > check1.out 2>&1; echo "build_ext: exit $?"
cat check1.out
python setup.py build_ext --inplace --skgen=fix > fix.out 2>&1; echo "build_ext --skgen=fix: exit $?"
tail -3 fix.out
python setup.py build_ext --inplace > check2.out 2>&1; echo "build_ext again: exit $?"
python -c 'import glob, torch; torch.ops.load_library(glob.glob("myext*.so")[0]); print("myext.add:", torch.ops.myext.add(torch.ones(2), torch.ones(2)).tolist())'
cd ..

# find_package(skgen) through skgen.cmake_prefix_path.
cmake -S consumer -B consumer-build -G Ninja \
  -DCMAKE_PREFIX_PATH="$(python -c 'import skgen; print(skgen.cmake_prefix_path)')" \
  -DTORCH_STUB=$TORCH_STUB > cmake.out 2>&1; echo "cmake: exit $?"
grep '^-- skgen ' cmake.out
cmake --build consumer-build --target myops-skgen-check > cmake-check.out 2>&1; echo "myops-skgen-check: exit $?"
grep -m1 '^+TORCH_LIBRARY_FRAGMENT' cmake-check.out
