#!/usr/bin/env python3
"""Benchmark: what the generated code costs to compile (issue 23).

Takes the preset families of test/E2E/Inputs/presets/ops.cpp (real aten
ops written with skgen, out= kernels calling aten's), generates their
registrations into one file with `skgen --fix --output=`, and times, with
g++ -O1 (the flags of presets.test), interleaved over rounds:

  kernels     ops.cpp: the user's annotated out= kernels (includes ATen)
  generated   registrations.cpp: skgen's block for those families
  headers     a TU holding only registrations.cpp's #include lines

so `generated - headers` is the generated text's own cost (its templates:
registrations, boxing wrappers, typed handles, meta presets), and `headers`
the cost of what it includes. With --trace, clang++ -ftime-trace on the
generated TU sums template instantiation time by the function family it
instantiates (the biggest first).

Usage: utils/bench_compile.py [--skgen build/bin/skgen] [--python .venv/bin/python]
                              [--rounds 3] [--trace] [--keep]
"""
import argparse
import collections
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bench_aten import ROOT, sh, torch_flags  # noqa: E402 - same folder

OPS = os.path.join(ROOT, "test", "E2E", "Inputs", "presets", "ops.cpp")


def timed(cmd):
    start = time.perf_counter()
    sh(cmd, cmd[0])
    return time.perf_counter() - start


def instantiation_families(trace_file, top):
    """Seconds of template instantiation per instantiated name (its
    qualified name up to the first '<'), from clang's -ftime-trace JSON."""
    events = json.load(open(trace_file))["traceEvents"]
    total = collections.Counter()
    for e in events:
        if e.get("name") in ("InstantiateFunction", "InstantiateClass") and "dur" in e:
            detail = e.get("args", {}).get("detail", "")
            total[re.split(r"[<(]", detail, 1)[0]] += e["dur"] / 1e6
    return total.most_common(top)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--skgen", default=os.path.join(ROOT, "build", "bin", "skgen"))
    ap.add_argument("--python", default=os.path.join(ROOT, ".venv", "bin", "python"))
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--trace", action="store_true")
    ap.add_argument("--keep", action="store_true")
    a = ap.parse_args()
    cflags, _, version = torch_flags(a.python)
    d = tempfile.mkdtemp(prefix="skgen-bench-compile-")
    try:
        ops = os.path.join(d, "ops.cpp")
        shutil.copy(OPS, ops)
        gen = os.path.join(d, "registrations.cpp")
        sh([a.skgen, "--fix", "--output=" + gen, ops, "--"] + cflags, "skgen")
        includes = [l for l in open(gen) if l.startswith("#include")]
        headers = os.path.join(d, "headers.cpp")
        with open(headers, "w") as f:
            f.writelines(includes)
        tus = {"kernels": ops, "generated": gen, "headers": headers}
        times = {k: [] for k in tus}
        for r in range(a.rounds):
            order = list(tus)[r % 3:] + list(tus)[:r % 3]
            for k in order:
                times[k].append(timed(["g++", "-O1", "-c"] + cflags +
                                      [tus[k], "-o", os.path.join(d, k + ".o")]))
        med = {k: statistics.median(v) for k, v in times.items()}
        lines = sum(1 for _ in open(gen))
        # One TORCH_LIBRARY_FRAGMENT (the defs) per family.
        families = sum(1 for l in open(gen) if l.startswith("TORCH_LIBRARY_FRAGMENT"))
        print(f"torch {version}; g++ -O1 -c; median of {a.rounds} interleaved rounds; "
              f"{families} families, registrations.cpp {lines} lines")
        print()
        print("| TU | seconds |")
        print("|---|---|")
        for k in tus:
            print(f"| {k} | {med[k]:.1f} |")
        own = med["generated"] - med["headers"]
        print(f"| generated - headers (the generated text itself) | {own:.1f} |")
        print(f"| per family | {own / families:.2f} |")
        if a.trace:
            obj = os.path.join(d, "trace.o")
            sh(["clang++-19", "-O1", "-c", "-ftime-trace", "-ftime-trace-granularity=100"]
               + cflags + [gen, "-o", obj], "clang++ -ftime-trace")
            print()
            print("| instantiated (clang -ftime-trace, inclusive, nested counted twice) | seconds |")
            print("|---|---|")
            for name, s in instantiation_families(os.path.join(d, "trace.json"), 15):
                print(f"| `{name}` | {s:.2f} |")
    finally:
        if a.keep:
            print(f"kept {d}", file=sys.stderr)
        else:
            shutil.rmtree(d)


if __name__ == "__main__":
    main()
