"""Loads the one .so with both halves and calls both families' variants,
compared with aten's mul: values, dtypes, shapes and strides (a transposed
input: TensorIterator's layout, computed by each runtime)."""
import sys

import torch

torch.ops.load_library(sys.argv[1])
ok = 0
a = torch.arange(12, dtype=torch.float32).reshape(3, 4).t()  # transposed
cases = [(a, torch.arange(3, dtype=torch.int64)),
         (torch.arange(4, dtype=torch.int32), torch.full((3, 4), 2.5, dtype=torch.float64)),
         (a, a)]
for ns in ("mixed_libtorch", "mixed_stable"):
    op = getattr(torch.ops, ns).mul
    for x, y in cases:
        want = torch.mul(x, y)
        got = op(x, y)
        assert got.dtype == want.dtype and got.shape == want.shape, (ns, got, want)
        assert got.stride() == want.stride(), (ns, got.stride(), want.stride())
        assert torch.equal(got, want), (ns, got, want)
        out = torch.empty(0, dtype=want.dtype)
        op.out(x, y, out=out)
        assert torch.equal(out, want) and out.stride() == want.stride(), (ns, out.stride())
        ok += 2
    try:
        op(torch.ones(2), torch.ones(3))
        raise AssertionError(ns + ": no broadcast error")
    except RuntimeError as e:
        assert "must match the size of tensor b (3)" in str(e), str(e)
        ok += 1
print(f"mixed ABIs: {ok} calls as aten's, both runtimes in one library")
