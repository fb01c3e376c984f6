#!/usr/bin/env python3
"""Benchmark of the scan phase: prefilter and parallelism.

Generates a corpus of translation units that include the real torch headers
(most TUs unannotated, as in a real op library; a few with annotated out=
kernels), writes a compile_commands.json, and times `skgen --dump-facts`:

  * baseline:  --no-prefilter -j1   (every TU parsed, one at a time)
  * prefilter: -j1                  (unannotated TUs not parsed)
  * parallel:  --no-prefilter -jN
  * default:   -jN

Each configuration runs --repeat times; the median wall time is reported
together with its ratio to the baseline measured in the same run (machines
are noisy, absolute times are not comparable across runs).

Usage: utils/bench_scan.py [--skgen build/bin/skgen] [--tus 8] [--annotated 2]
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

ANNOTATED = """#include <ATen/ATen.h>
#include <skgen/annotations.h>

namespace bench {{
SKGEN_STRUCTURED("bench::op{i}.out(Tensor self, Tensor other, *, Scalar alpha=1, Tensor(a!) out) -> Tensor(a!)", CPU)
at::Tensor &op{i}_out(const at::Tensor &self, const at::Tensor &other,
                      const at::Scalar &alpha, at::Tensor &out) {{
  return at::add_out(out, self, other, alpha);
}}
}} // namespace bench
"""

PLAIN = """#include <ATen/ATen.h>

namespace bench {{
at::Tensor helper{i}(const at::Tensor &x) {{ return x * {i}; }}
}} // namespace bench
"""


def make_corpus(d, tus, annotated):
    files = []
    for i in range(tus):
        path = os.path.join(d, f"tu{i}.cpp")
        with open(path, "w") as f:
            f.write((ANNOTATED if i < annotated else PLAIN).format(i=i))
        files.append(path)
    flags = ["g++", "-std=c++17", "-I" + os.path.join(ROOT, "include"),
             "-I/usr/include/torch/csrc/api/include", "-D_GLIBCXX_USE_CXX11_ABI=1",
             "-O2", "-fno-semantic-interposition", "-c"]
    db = [{"directory": d, "file": p, "arguments": flags + [p, "-o", p + ".o"]} for p in files]
    with open(os.path.join(d, "compile_commands.json"), "w") as f:
        json.dump(db, f, indent=1)
    return files


def run(skgen, d, files, extra, repeat):
    times = []
    for _ in range(repeat):
        t0 = time.monotonic()
        p = subprocess.run([skgen, "-p", d, "--dump-facts=" + os.path.join(d, "facts.json")] + extra + files,
                           capture_output=True, text=True)
        times.append(time.monotonic() - t0)
        if p.returncode != 0:
            sys.exit(f"skgen failed ({' '.join(extra)}):\n{p.stderr}")
    return statistics.median(times)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--skgen", default=os.path.join(ROOT, "build", "bin", "skgen"))
    ap.add_argument("--tus", type=int, default=8)
    ap.add_argument("--annotated", type=int, default=2)
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--repeat", type=int, default=3)
    a = ap.parse_args()
    with tempfile.TemporaryDirectory() as d:
        files = make_corpus(d, a.tus, a.annotated)
        configs = [("baseline (--no-prefilter -j1)", ["--no-prefilter", "-j1"]),
                   ("prefilter (-j1)", ["-j1"]),
                   (f"parallel (--no-prefilter -j{a.jobs})", ["--no-prefilter", f"-j{a.jobs}"]),
                   (f"default (-j{a.jobs})", [f"-j{a.jobs}"])]
        print(f"corpus: {a.tus} TUs with real torch headers, {a.annotated} annotated; "
              f"median of {a.repeat} runs")
        base = None
        print(f"| configuration | median s | ratio to baseline |")
        print(f"|---|---|---|")
        for name, extra in configs:
            t = run(a.skgen, d, files, extra, a.repeat)
            base = base or t
            print(f"| {name} | {t:.2f} | {t / base:.2f} |")


if __name__ == "__main__":
    main()
