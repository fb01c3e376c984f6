#!/usr/bin/python3
"""Benchmark: skgen's generated autograd kernels vs aten's (issue 21).

Times, in one process and interleaved round by round, the example library's
myops::mul.Tensor (out= kernel at::mul_out; generated node
MyopsMulTensorBackward and Autograd kernels) against torch.mul (aten's
VariableType kernel and MulBackward0, via torch.ops.aten.mul.Tensor), on
float32 CPU tensors:

  nograd    inputs that do not require grad (the Autograd kernel only
            decides there is no node)
  forward   inputs that require grad: node, saved variables, history
  fwd+bwd   forward, then torch.autograd.grad of the result
  inplace   the in-place variant on a non-leaf that requires grad
            (check_inplace; the copy of self that the formula of `other`
            reads, as aten's mul_ saves; rebase_history)

Reports the median ns per call over the rounds and the ratio skgen/aten.
Both are called through their overload's builtin
(torch.ops.NS.mul.Tensor._op), the same thin Python entry into the
dispatcher; skgen's path has one more dispatcher trip (the Autograd kernel
redispatches to the CPU wrapper, which runs the meta preset and calls the
out= kernel at::mul_out, itself a dispatch), aten's calls its CPU kernel.

usage: bench_autograd.py EXAMPLE_BUILD_DIR [--rounds N] [--calls N]
  (EXAMPLE_BUILD_DIR holds libskgen_example_ops.so, e.g. examples/build
  after utils/demo.sh; run with the python of the torch it was built for)
"""
import argparse
import glob
import os
import statistics
import sys
import time

import torch


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("build")
    ap.add_argument("--rounds", type=int, default=31)
    ap.add_argument("--calls", type=int, default=2000)
    a = ap.parse_args()
    for f in sorted(glob.glob(os.path.join(a.build, "libskgen_example_*.so"))):
        torch.ops.load_library(f)
    # The overloads' builtins: the same, thinnest Python entry into the
    # dispatcher for both (torch.mul's binding differs).
    mul = torch.ops.myops.mul.Tensor._op
    mul_ = torch.ops.myops.mul_.Tensor._op
    amul = torch.ops.aten.mul.Tensor._op
    amul_ = torch.ops.aten.mul_.Tensor._op
    torch.set_num_threads(1)

    def cases(n):
        x = torch.randn(n)
        y = torch.randn(n)
        xg = x.clone().requires_grad_()
        yg = y.clone().requires_grad_()
        g = torch.randn(n)

        def fwbw(f):
            def run():
                r = f(xg, yg)
                torch.autograd.grad(r, (xg, yg), g)
            return run

        def inplace(f):
            def run():
                t = xg * 1
                f(t, yg)
            return run

        return [
            ("nograd", lambda: mul(x, y), lambda: amul(x, y)),
            ("forward", lambda: mul(xg, yg), lambda: amul(xg, yg)),
            ("fwd+bwd", fwbw(mul), fwbw(amul)),
            ("inplace", inplace(mul_), inplace(amul_)),
        ]

    # Same values and gradients first.
    x = torch.randn(8, requires_grad=True)
    y = torch.randn(8, requires_grad=True)
    gs = torch.autograd.grad(mul(x, y).sum(), (x, y))
    ga = torch.autograd.grad(amul(x, y).sum(), (x, y))
    assert all(torch.equal(p, q) for p, q in zip(gs, ga)), "gradients differ"

    print("| case | elements | skgen ns | aten ns | skgen/aten |")
    print("|---|---|---|---|---|")
    for n in (16, 4096):
        for name, mine, theirs in cases(n):
            ts, ta = [], []
            for r in range(a.rounds):
                order = [(mine, ts), (theirs, ta)]
                if r % 2:
                    order.reverse()
                for f, out in order:
                    f()
                    t0 = time.perf_counter_ns()
                    for _ in range(a.calls):
                        f()
                    out.append((time.perf_counter_ns() - t0) / a.calls)
            ms, ma = statistics.median(ts), statistics.median(ta)
            print("| %s | %d | %.0f | %.0f | %.3f |" % (name, n, ms, ma, ms / ma))
    print("torch %s, %d rounds x %d calls, 1 thread" % (torch.__version__, a.rounds, a.calls))
    return 0


if __name__ == "__main__":
    sys.exit(main())
