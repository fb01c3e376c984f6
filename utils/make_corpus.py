#!/usr/bin/env python3
"""Generates a benchmark corpus: a CMake project of N translation units that
include the real torch headers (<ATen/ATen.h>, <torch/library.h>), a given
number of them with an annotated out= kernel, like an op library.

The project builds a static library `bench` with g++ and declares
skgen_add_check(bench) (target `bench_skgen_check`, not part of `all`); it is
configured with Ninja into <dir>/build, whose compile_commands.json skgen
reads. With --fix the generated code is written into the sources first (as
in a real repository, where it is committed), so `skgen --check` passes.
With --hand-written those TUs register their out= kernel by hand instead
(TORCH_LIBRARY_FRAGMENT's m.def, TORCH_LIBRARY_IMPL's m.impl): a library
for `skgen --migrate`.

Usage: utils/make_corpus.py DIR [--tus 100] [--annotated 25] [--fix]
                            [--hand-written]
"""
import argparse
import os
import subprocess

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

ANNOTATED = """#include <ATen/ATen.h>
#include <torch/library.h>
#include <skgen/annotations.h>

namespace bench {{
int helper{i}(int x) {{
  return x + {i};
}}

SKGEN_STRUCTURED("bench::op{i}.out(Tensor self, Tensor other, *, Scalar alpha=1, "
                 "Tensor(a!) out) -> Tensor(a!)", CPU)
at::Tensor &op{i}_out(const at::Tensor &self, const at::Tensor &other,
                      const at::Scalar &alpha, at::Tensor &out) {{
  return at::add_out(out, self, other, alpha);
}}
}} // namespace bench
"""

HAND_WRITTEN = """#include <ATen/ATen.h>
#include <torch/library.h>

namespace bench {{
int helper{i}(int x) {{
  return x + {i};
}}

at::Tensor &op{i}_out(const at::Tensor &self, const at::Tensor &other,
                      const at::Scalar &alpha, at::Tensor &out) {{
  return at::add_out(out, self, other, alpha);
}}
}} // namespace bench

TORCH_LIBRARY_FRAGMENT(bench, m) {{
  m.def("op{i}.out(Tensor self, Tensor other, *, Scalar alpha=1, Tensor(a!) out) -> Tensor(a!)");
}}

TORCH_LIBRARY_IMPL(bench, CPU, m) {{
  m.impl("op{i}.out", TORCH_FN(bench::op{i}_out));
}}
"""

PLAIN = """#include <ATen/ATen.h>
#include <torch/library.h>

namespace bench {{
at::Tensor helper{i}(const at::Tensor &x) {{ return x * {i}; }}
}} // namespace bench
"""

CMAKE = """cmake_minimum_required(VERSION 3.20)
project(skgen_bench CXX)
list(APPEND CMAKE_MODULE_PATH {root}/cmake)
include(skgen)
add_library(bench STATIC {sources})
target_compile_features(bench PUBLIC cxx_std_17)
target_compile_definitions(bench PRIVATE _GLIBCXX_USE_CXX11_ABI=1)
target_include_directories(bench PRIVATE {root}/include
                                         /usr/include/torch/csrc/api/include)
skgen_add_check(bench)
"""


def make_corpus(d, tus, annotated, skgen=None, fix=False, hand_written=False):
    """Writes the project into d (sources in d/src, build in d/build) and
    returns the absolute source paths, annotated (or hand-written) ones
    first."""
    os.makedirs(os.path.join(d, "src"), exist_ok=True)
    files = []
    for i in range(tus):
        path = os.path.join(d, "src", f"tu{i}.cpp")
        with open(path, "w") as f:
            kernel = HAND_WRITTEN if hand_written else ANNOTATED
            f.write((kernel if i < annotated else PLAIN).format(i=i))
        files.append(path)
    with open(os.path.join(d, "CMakeLists.txt"), "w") as f:
        f.write(CMAKE.format(root=ROOT, sources=" ".join(
            os.path.relpath(p, d) for p in files)))
    build = os.path.join(d, "build")
    subprocess.run(["cmake", "-S", d, "-B", build, "-G", "Ninja",
                    "-DCMAKE_BUILD_TYPE=Release", "-DCMAKE_CXX_COMPILER=g++",
                    "-DSKGEN_EXECUTABLE=" + (skgen or os.path.join(ROOT, "build", "bin", "skgen"))],
                   check=True, stdout=subprocess.DEVNULL)
    if fix:
        subprocess.run([skgen, "--fix", "--no-cache", "-j2", "-p", build] + files[:annotated],
                       check=True)
    return files


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("dir")
    ap.add_argument("--tus", type=int, default=100)
    ap.add_argument("--annotated", type=int, default=25)
    ap.add_argument("--fix", action="store_true")
    ap.add_argument("--hand-written", action="store_true")
    ap.add_argument("--skgen", default=os.path.join(ROOT, "build", "bin", "skgen"))
    a = ap.parse_args()
    make_corpus(os.path.abspath(a.dir), a.tus, a.annotated, a.skgen, a.fix,
                a.hand_written)


if __name__ == "__main__":
    main()
