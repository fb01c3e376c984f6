"""The example's overload fallbacks (examples/src/overloads.cpp) at run time:
myops::pow.Tensor_Scalar has no kernel and is served on CPU and meta tensors
by myops::pow.Tensor_Tensor, with aten's type promotion for its Scalar;
myops::mul.Scalar has a CPU kernel of its own, which takes precedence on CPU,
while meta tensors go through myops::mul.Tensor."""
import unittest

import torch

import example_ops as ex
from skgen_testing import assert_same

m = ex.load()


def has(op, key):
    return torch._C._dispatch_has_kernel_for_dispatch_key(op, key)


class Overloads(unittest.TestCase):
    def test_pow_scalar_as_aten(self):
        n = 0
        for dtype in (torch.int32, torch.int64, torch.float32, torch.float64, torch.uint8):
            x = (torch.arange(12, dtype=torch.float64).reshape(3, 4) % 5).to(dtype)
            for e in (2, 3, 0.5, 2.5, True, 1j):
                expected = torch.pow(x, e)
                for got in (m.pow.Tensor_Scalar(x, e),
                            m.pow.Tensor_Scalar_out(x, e, out=torch.empty(0, dtype=expected.dtype))):
                    self.assertEqual(got.dtype, expected.dtype, (dtype, e))
                    assert_same(got, expected, (dtype, e), rtol=1e-5, atol=1e-8)
                    n += 1
                s = x.clone()
                if torch.can_cast(expected.dtype, dtype):
                    self.assertIs(m.pow_.Scalar(s, e), s)
                    assert_same(s, expected.to(dtype), (dtype, e, "pow_"), rtol=1e-5, atol=1e-8)
                else:  # refused before anything is written, as aten's pow_
                    with self.assertRaises(RuntimeError):
                        m.pow_.Scalar(s, e)
                    assert_same(s, x, (dtype, e, "pow_ refused"))
                n += 1
        print(f"\n{n} pow.Tensor_Scalar comparisons", flush=True)

    def test_pow_scalar_on_meta(self):
        x = torch.empty(3, 4, dtype=torch.int32, device="meta")
        r = m.pow.Tensor_Scalar(x, 2.5)
        self.assertEqual((r.device.type, tuple(r.shape), r.dtype), ("meta", (3, 4), torch.float32))

    def test_registrations(self):
        # The fallback family: every variant, out= included, only under the
        # alias key; mul.Scalar: its own CPU kernels, the alias key for the rest.
        for op in ("myops::pow.Tensor_Scalar", "myops::pow_.Scalar", "myops::pow.Tensor_Scalar_out"):
            self.assertEqual([k for k in ("CPU", "Meta", "CompositeExplicitAutograd") if has(op, k)],
                             ["CompositeExplicitAutograd"], op)
        for op in ("myops::mul.Scalar", "myops::mul_.Scalar", "myops::mul.Scalar_out"):
            self.assertEqual([k for k in ("CPU", "Meta", "CompositeExplicitAutograd") if has(op, k)],
                             ["CPU", "CompositeExplicitAutograd"], op)

    def test_mul_scalar_cpu_and_meta(self):
        x = torch.arange(6, dtype=torch.int32).reshape(2, 3)
        assert_same(m.mul.Scalar(x, 2.5), torch.mul(x, 2.5), "mul.Scalar")
        r = m.mul.Scalar(x.to("meta"), 2.5)
        self.assertEqual((r.device.type, r.dtype), ("meta", torch.float32))
        with self.assertRaisesRegex(RuntimeError, "can't be cast to the desired output type Int"):
            m.mul_.Scalar(x.clone(), 2.5)


if __name__ == "__main__":
    unittest.main()
