"""SymInt / SymInt[] arguments end to end (test/E2E/symint.test): the ops of
ops.cpp against reference implementations, eagerly on CPU and meta tensors
(PyTorch 1.13 and 2.x), and with PyTorch >= 2.13: torch.library.opcheck on
every op, and torch.compile(fullgraph=True, dynamic=True) with sizes passed
as SymInt / SymInt[] arguments: one graph for every size (no
specialization), equal to eager.

  test_symint.py <library.so> [-v]
"""
import os
import sys
import unittest
import warnings

import torch

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import skgen_testing  # noqa: E402 - Inputs/ holds the shared helpers


def make(*shape, seed=0):
    return skgen_testing.make(shape, torch.float32, seed, scale=1)

LIB = sys.argv.pop(1)
torch.ops.load_library(LIB)
S = torch.ops.symops
VERSION = tuple(int(p) for p in torch.__version__.split("+")[0].split(".")[:2])
COMPILE = VERSION >= (2, 13)
warnings.filterwarnings("ignore", message=".*An output with one or more elements was resized.*")


def ref_pad_to(x, size):
    out = torch.zeros(size, dtype=x.dtype)
    common = tuple(slice(0, min(a, b)) for a, b in zip(size, x.shape))
    out[common] = x[common]
    return out


def ref_repeat_rows(x, n):
    return x.repeat(n, *([1] * (x.dim() - 1)))


def ref_roll_rows(x, n):
    return torch.roll(x, n, 0)


def ref_roll_dims(x, shifts):
    return torch.roll(x, shifts, list(range(x.dim())))


CASES = [
    (S.pad_to, ref_pad_to, lambda x: [x.shape[0] + 2, x.shape[1] - 1]),
    (S.pad_to, ref_pad_to, lambda x: [1, 2 * x.shape[1]]),
    (S.repeat_rows, ref_repeat_rows, lambda x: 3),
    (S.repeat_rows, ref_repeat_rows, lambda x: 0),
    (S.sum_dim, lambda x, d: x.sum(d), lambda x: 1),
    (S.roll_rows, ref_roll_rows, lambda x: 2),
    (S.roll_dims, ref_roll_dims, lambda x: [1, x.shape[1] - 1]),
]
# Functional kernels taking int64_t / at::IntArrayRef: in-place too.
INPLACE = [(S.roll_rows_, ref_roll_rows, 2), (S.roll_dims_, ref_roll_dims, [-1, 3])]


class Eager(unittest.TestCase):
    def test_values(self):
        calls = 0
        for rows in (1, 3, 4):
            x = make(rows, 5, seed=rows)
            for op, ref, arg in CASES:
                a = arg(x)
                want = ref(x, a)
                skgen_testing.assert_close(op(x, a), want, f"{op} {a}")
                out = torch.empty(0)
                op.out(x, a, out=out)
                skgen_testing.assert_close(out, want, f"{op} {a} out=")
                # meta tensors: the generated Meta kernels, shapes only
                m = op(x.to("meta"), a)
                self.assertEqual((m.device.type, m.shape, m.dtype),
                                 ("meta", want.shape, want.dtype))
                calls += 3
        print(f"eager: {calls} calls (CPU functional, CPU out=, meta) equal the reference")

    def test_inplace(self):
        calls = 0
        for op, ref, a in INPLACE:
            x = make(3, 5)
            want = ref(x, a)
            self.assertIs(op(x, a), x)
            skgen_testing.assert_close(x, want, f"{op} {a}")
            m = x.to("meta")
            self.assertIs(op(m, a), m)
            calls += 2
        print(f"eager: {calls} in-place calls (CPU, meta) equal the reference")

    def test_errors(self):
        x = make(2, 3)
        with self.assertRaisesRegex(RuntimeError, "pad_to: expected 2 sizes, got 1"):
            S.pad_to(x, [4])
        with self.assertRaisesRegex(RuntimeError, "repeat_rows: n must be non-negative"):
            S.repeat_rows(x.to("meta"), -1)
        print("eager: errors from the meta functions, on CPU and meta tensors")


def sample_args():
    x = make(3, 4, seed=7)
    return {
        S.pad_to.default: ((x, [5, 2]), {}),
        S.pad_to.out: ((x, [5, 2]), {"out": torch.empty(5, 2)}),
        S.repeat_rows.default: ((x, 2), {}),
        S.repeat_rows.out: ((x, 2), {"out": torch.empty(6, 4)}),
        S.sum_dim.default: ((x, 1), {}),
        S.sum_dim.out: ((x, 1), {"out": torch.empty(3)}),
        S.roll_rows.default: ((x, 2), {}),
        S.roll_dims.out: ((x, [1, 2]), {"out": torch.empty(3, 4)}),
    }


def padded(x):
    # Sizes computed from x's (symbolic) sizes, passed as SymInt[] / SymInt.
    p = S.pad_to(x, [x.shape[0] + 1, 2 * x.shape[1]])
    r = S.repeat_rows(x, x.shape[0])
    o = torch.empty(x.shape[0] + 1, 2 * x.shape[1])
    S.pad_to.out(x, [x.shape[0] + 1, 2 * x.shape[1]], out=o)
    # Functional kernels taking at::IntArrayRef / int64_t (the Meta kernels:
    # the meta function's, symbolic; roll_rows's own, with a constant).
    s = torch.empty(x.shape)
    S.roll_dims.out(x, [x.shape[0] - 1, 1], out=s)
    q = S.roll_dims(x, [1, x.shape[1] - 2]) + S.roll_rows(x, 1) + s
    return p * 2 + o, r.sum(0) + S.sum_dim(x, 0), q


@unittest.skipUnless(COMPILE, "torch.library.opcheck / torch.compile: PyTorch >= 2.13")
class Compile(unittest.TestCase):
    def test_opcheck(self):
        for op, (args, kwargs) in sample_args().items():
            results = torch.library.opcheck(op, args, kwargs)
            print(f"opcheck {op}: " + " ".join(f"{k}={v}" for k, v in results.items()))

    def check(self, backend, sizes):
        import torch._dynamo.testing
        torch._dynamo.reset()
        cnt = torch._dynamo.testing.CompileCounterWithBackend(backend)
        compiled = torch.compile(padded, fullgraph=True, dynamic=True, backend=cnt)
        for n in sizes:
            x = make(n, n + 1, seed=n)
            for got, want in zip(compiled(x), padded(x)):
                skgen_testing.assert_close(got, want, "compiled vs eager")
        print(f"compile fullgraph {backend} dynamic=True: {len(sizes)} size(s),"
              f" {cnt.frame_count} graph(s), equals eager")
        return cnt.frame_count

    def test_dynamic(self):
        self.assertEqual(self.check("aot_eager", [3, 5, 8, 11]), 1)

    def test_symbolic_graph(self):
        # Dynamo's graph passes the sizes to the ops as SymInt nodes.
        import torch._dynamo.testing
        torch._dynamo.reset()
        backend = torch._dynamo.testing.EagerAndRecordGraphs()
        torch.compile(padded, fullgraph=True, dynamic=True, backend=backend)(make(4, 5))
        (graph,) = backend.graphs

        def symbolic(a):
            if isinstance(a, (list, tuple)):
                return any(isinstance(e, torch.fx.Node) for e in a)
            return isinstance(a, torch.fx.Node)
        calls = [n for n in graph.graph.nodes
                 if n.op == "call_function" and "symops" in str(n.target)]
        print(f"graph: {len(calls)} symops calls,"
              f" {sum(symbolic(n.args[1]) for n in calls)} with symbolic size arguments")


if __name__ == "__main__":
    unittest.main(verbosity=2)
