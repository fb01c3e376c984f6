"""Runtime test of the alias-key wrappers in both forms (DispatchKeySet
redispatch, skgen's default, and a second dispatch): functional, in-place and
out= calls through CompositeExplicitAutograd give aten's results and errors.

  redispatch_test.py <library.so>   (holds rdops_redispatch and rdops_call)
"""
import sys
import unittest

import torch

torch.ops.load_library(sys.argv.pop(1))
FORMS = {"redispatch": torch.ops.rdops_redispatch, "call": torch.ops.rdops_call}


def kernels(qualname):
    dump = torch._C._dispatch_dump(qualname)
    return {line.split(":")[0].split("[")[0].strip() for line in dump.splitlines()
            if line and not line.startswith(("name:", "schema:", "debug:", "alias"))}


def error(fn):
    try:
        fn()
    except RuntimeError as e:
        return str(e).split("\n")[0]
    return None


class Redispatch(unittest.TestCase):
    def test_cpu_variants_are_served_by_the_alias_key(self):
        for ns in FORMS:
            for op in ("add", "add_", "iota"):
                k = kernels(f"rdops_{ns}::{op}")
                self.assertIn("CompositeExplicitAutograd", k, (ns, op))
                self.assertNotIn("CPU", k, (ns, op))

    def test_functional(self):
        a = torch.arange(6, dtype=torch.float32).reshape(2, 3)
        cases = [(a, torch.tensor([1.0, 2.0, 3.0]), 2),
                 (torch.arange(3), torch.tensor([0.5, 1.5, 2.5], dtype=torch.float64), 1),
                 (torch.arange(3, dtype=torch.int32), torch.tensor(7), 3),
                 (a.t(), a.t(), -1)]
        for ns, ops in FORMS.items():
            for x, y, alpha in cases:
                want = torch.add(x, y, alpha=alpha)
                got = ops.add(x, y, alpha=alpha)
                self.assertEqual(got.dtype, want.dtype, ns)
                self.assertTrue(torch.equal(got, want), (ns, got, want))

    def test_inplace(self):
        for ns, ops in FORMS.items():
            x = torch.arange(6, dtype=torch.float64).reshape(2, 3)
            want = x.clone().add_(torch.tensor([1, 2, 3]), alpha=2)
            got = ops.add_(x, torch.tensor([1, 2, 3]), alpha=2)
            self.assertIs(got, x)
            self.assertTrue(torch.equal(x, want), ns)
            # aten's refusals: promotion self cannot hold, a broadcast of self.
            i = torch.arange(3)
            self.assertEqual(error(lambda: ops.add_(i, torch.tensor([0.5]))),
                             error(lambda: i.clone().add_(torch.tensor([0.5]))), ns)
            self.assertIsNotNone(error(lambda: ops.add_(torch.ones(3), torch.ones(2, 3))))
            self.assertTrue(torch.equal(i, torch.arange(3)), ns)

    def test_out(self):
        for ns, ops in FORMS.items():
            x, y = torch.arange(4, dtype=torch.float32), torch.tensor(2.0)
            out, ref = torch.empty(0), torch.empty(0)
            got = ops.add.out(x, y, alpha=3, out=out)
            torch.add(x, y, alpha=3, out=ref)
            self.assertIs(got, out)
            self.assertTrue(torch.equal(out, ref), ns)
            # Wrong dtype: the same refusal as aten.
            bad = torch.empty(4, dtype=torch.int64)
            self.assertEqual(error(lambda: ops.add.out(x, y, out=bad)),
                             error(lambda: torch.add(x, y, out=bad.clone())), ns)

    def test_meta_tensors(self):
        for ns, ops in FORMS.items():
            x = torch.empty(2, 3, device="meta", dtype=torch.float16)
            y = torch.empty(3, device="meta", dtype=torch.float32)
            got, want = ops.add(x, y), torch.add(x, y)
            self.assertEqual((got.device, got.shape, got.dtype),
                             (want.device, want.shape, want.dtype), ns)
            self.assertIs(ops.add_(y, y), y)

    def test_no_tensor_arguments(self):
        for ns, ops in FORMS.items():
            got = ops.iota(5)
            self.assertEqual((got.device.type, got.tolist()), ("cpu", [0, 1, 2, 3, 4]), ns)

    def test_inference_mode_and_autograd(self):
        for ns, ops in FORMS.items():
            with torch.inference_mode():
                x = torch.ones(3)
                self.assertTrue(torch.equal(ops.add(x, x), torch.full((3,), 2.0)), ns)
            r = torch.ones(3, requires_grad=True)
            got = ops.add(r, r)
            self.assertTrue(torch.equal(got.detach(), torch.full((3,), 2.0)), ns)


if __name__ == "__main__":
    unittest.main()
