#!/usr/bin/env python3
"""Per-call cost of generated ops in an AOTInductor model, with and without
skgen's C shims (--aoti-shims), measured in one run.

usage: bench_aoti.py LIBRARY MODULE [--calls N] [--size S] [--repeat R]

LIBRARY is an op library built from test/E2E/Inputs/aoti/ops.cpp with
--aoti-shims=MODULE (as test/E2E/aoti.test builds it). A model of N small
calls (myneg and myadd alternating on an S-element tensor) is compiled
twice by aoti_compile_and_package: through the proxy executor (the
baseline) and with MODULE's configure() applied (the shims). Prints the
median time per model call and per op call of each, and their ratio.
Not part of the test suite (docs/benchmarks.md).
"""
import argparse
import importlib.util
import os
import statistics
import sys
import tempfile
import time

import torch


def main():
    p = argparse.ArgumentParser()
    p.add_argument("library")
    p.add_argument("module")
    p.add_argument("--calls", type=int, default=200)
    p.add_argument("--size", type=int, default=16)
    p.add_argument("--repeat", type=int, default=2000)
    a = p.parse_args()
    torch.ops.load_library(a.library)
    spec = importlib.util.spec_from_file_location("shims", a.module)
    shims = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(shims)
    ops = torch.ops.aotiops

    class Model(torch.nn.Module):
        def forward(self, x, y):
            for i in range(a.calls // 2):
                x = ops.myadd(ops.myneg(x), y, alpha=0.5)
            return x

    x, y = torch.randn(a.size), torch.randn(a.size)
    ep = torch.export.export(Model(), (x, y))
    work = tempfile.mkdtemp(prefix="bench_aoti_")
    config = torch._inductor.config.aot_inductor
    results = {}
    for name in ("proxy executor", "C shims"):
        if name == "C shims":
            shims.configure(a.library)
        else:
            config.custom_ops_to_c_shims = {}
        start = time.time()
        path = torch._inductor.aoti_compile_and_package(
            ep, package_path=os.path.join(work, name.replace(" ", "_") +
                                          ".pt2"))
        compile_s = time.time() - start
        model = torch._inductor.aoti_load_package(path)
        want = Model()(x, y)
        assert torch.equal(model(x, y), want), name
        for _ in range(50):
            model(x, y)
        times = []
        for _ in range(a.repeat):
            t = time.perf_counter()
            model(x, y)
            times.append(time.perf_counter() - t)
        results[name] = statistics.median(times)
        print(f"{name}: compile {compile_s:.1f} s, "
              f"{results[name] * 1e6:.1f} us per model call, "
              f"{results[name] / a.calls * 1e9:.0f} ns per op call")
    base, shim = results["proxy executor"], results["C shims"]
    print(f"{a.calls} op calls on {a.size} elements, torch {torch.__version__}:"
          f" C shims take {shim / base:.2f}x the proxy executor's time "
          f"({base / shim:.2f}x faster)")


if __name__ == "__main__":
    sys.exit(main())
