"""Direction per backend in the example library (src/functional_kernels.cpp):
which kernel serves each variant on each key, from Python.

  myops::softsign  CPU functional kernel only (+ meta preset): CPU out= and
                   in-place derived from it; the alias key serves out= and
                   in-place of other backends through myops::softsign.
  myops::cube      CPU out kernel, Meta functional kernel: each key its own
                   direction; the alias key goes through cube.out.
"""
import unittest

import torch

import example_ops as ex
from example_ops import make
from skgen_testing import assert_close, assert_same

m = ex.load()
E = torch.ops.skgen_example
has = torch._C._dispatch_has_kernel_for_dispatch_key
CEA = "CompositeExplicitAutograd"


class Direction(unittest.TestCase):
    def moved(self, counter, fn):
        before = counter()
        r = fn()
        return r, counter() - before

    def test_cube_each_key_its_own_kernel(self):
        for device, mine, other in (("cpu", E.cube_out_calls, E.cube_meta_calls),
                                    ("meta", E.cube_meta_calls, E.cube_out_calls)):
            x = make((2, 3), torch.float32, 1, device)
            s, o = x.clone(), torch.empty(0, device=device)
            for fn in (lambda: m.cube(x), lambda: m.cube_(s), lambda: m.cube.out(x, out=o)):
                before = other()
                r, n = self.moved(mine, fn)
                self.assertEqual(n, 1, device)
                self.assertEqual(other(), before, device)
                self.assertEqual((r.device.type, tuple(r.shape)), (device, (2, 3)))
            if device == "cpu":
                assert_close(o, x * x * x, "cube.out")
                assert_close(s, x * x * x, "cube_")
        for op in ("myops::cube", "myops::cube_", "myops::cube.out"):
            self.assertTrue(has(op, "CPU") and has(op, "Meta"), op)
        self.assertTrue(has("myops::cube", CEA))
        self.assertFalse(has("myops::cube.out", CEA))

    def test_softsign_functional_kernel_serves_cpu(self):
        x = make((3, 4), torch.float32, 2)
        ref = x / (x.abs() + 1)
        s, o = x.clone(), torch.empty(0)
        for fn in (lambda: m.softsign(x), lambda: m.softsign_(s),
                   lambda: m.softsign.out(x, out=o)):
            r, n = self.moved(E.softsign_calls, fn)
            self.assertEqual(n, 1)
            assert_close(r, ref, "softsign")
        self.assertIs(m.softsign_(s), s)
        self.assertIs(m.softsign.out(x, out=o), o)
        # int -> float (the unary_float preset), refused in place before the
        # kernel runs, as aten's div_ refuses.
        self.assertEqual(m.softsign(torch.arange(3)).dtype, torch.float32)
        i = torch.arange(3)
        _, n = self.moved(E.softsign_calls, lambda: self.assertRaisesRegex(
            RuntimeError, "result type Float can't be cast to the desired output type Long",
            m.softsign_, i))
        self.assertEqual(n, 0)
        assert_same(i, torch.arange(3), "softsign_ refused")

    def test_softsign_registrations(self):
        # No out kernel anywhere: the alias key has out= and in-place (through
        # the functional op), never the functional op itself; Meta kernels
        # come from the preset, without running the CPU kernel.
        self.assertTrue(has("myops::softsign.out", CEA))
        self.assertTrue(has("myops::softsign_", CEA))
        self.assertFalse(has("myops::softsign", CEA))
        xm = torch.empty(2, 5, device="meta", dtype=torch.int32)
        r, n = self.moved(E.softsign_calls, lambda: m.softsign(xm))
        self.assertEqual((n, r.dtype, tuple(r.shape)), (0, torch.float32, (2, 5)))


if __name__ == "__main__":
    unittest.main()
