"""Runtime test of the generated functional variants of ops.cpp: outputs
take their device and dtype from the first Tensor? / Tensor[] argument that
holds a tensor (direct CPU/Meta wrappers and the alias-key wrapper).

  test_tensor_sources.py <library.so>
"""
import sys
import unittest

import torch

torch.ops.load_library(sys.argv.pop(1))
ops = torch.ops.srcops


def meta(*size, **kw):
    return torch.empty(*size, device="meta", **kw)


class TensorSources(unittest.TestCase):
    def test_optional_tensor_gives_device_and_dtype(self):
        like = torch.tensor([2.5], dtype=torch.float64)
        r = ops.fill(like, 3)
        self.assertEqual(r.dtype, torch.float64)
        self.assertEqual(r.tolist(), [2.5, 2.5, 2.5])
        r = ops.fill(meta(1, dtype=torch.float16), 4)  # direct Meta wrapper
        self.assertEqual((r.device.type, r.dtype, r.shape),
                         ("meta", torch.float16, (4,)))

    def test_absent_optional_tensor_gives_default_options(self):
        r = ops.fill(None, 2)
        self.assertEqual((r.device.type, r.dtype, r.tolist()),
                         ("cpu", torch.float32, [7.0, 7.0]))

    def test_tensor_list_gives_device_and_dtype(self):
        r = ops.cat2([torch.ones(2, dtype=torch.int32), torch.zeros(1, dtype=torch.int32)])
        self.assertEqual((r.dtype, r.tolist()), (torch.int32, [1, 1, 0]))
        r = ops.cat2([meta(2, 3), meta(1, 3)])  # direct Meta wrapper
        self.assertEqual((r.device.type, r.shape), ("meta", (3, 3)))

    def test_alias_key_wrapper_takes_the_first_source_holding_a_tensor(self):
        # No Meta kernel for blend: meta tensors go through the
        # CompositeExplicitAutograd wrapper to the hand-registered Meta out.
        r = ops.blend(None, [meta(2, dtype=torch.float64), meta(3, dtype=torch.float64)])
        self.assertEqual((r.device.type, r.dtype, r.shape),
                         ("meta", torch.float64, (5,)))
        r = ops.blend(meta(1), [meta(2)])
        self.assertEqual((r.device.type, r.shape), ("meta", (2,)))
        r = ops.blend(torch.tensor([2.0], dtype=torch.float64), [torch.ones(2, dtype=torch.float64)])
        self.assertEqual((r.dtype, r.tolist()), (torch.float64, [2.0, 2.0]))

    def test_dtype_argument_sets_the_output_dtype(self):
        x = torch.tensor([1, 2, 3], dtype=torch.int32)
        r = ops.total(x, dtype=torch.float64)  # direct CPU wrapper
        self.assertEqual((r.dtype, r.item()), (torch.float64, 6.0))
        r = ops.total(x)
        self.assertEqual((r.dtype, r.item()), (torch.int32, 6))
        out = torch.empty(0, dtype=torch.float64)
        ops.total.out(x, dtype=torch.float64, out=out)
        self.assertEqual(out.item(), 6.0)

    def test_no_tensor_argument(self):
        r = ops.count(3)
        self.assertEqual((r.device.type, r.dtype, r.tolist()),
                         ("cpu", torch.float32, [0.0, 1.0, 2.0]))


if __name__ == "__main__":
    unittest.main()
