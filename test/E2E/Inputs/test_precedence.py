"""Dispatcher precedence between a hand-written backend kernel and the
generated alias-key kernel, for myops::scale (whose CPU out kernel is
registered by hand, so skgen generates no CPU functional wrapper for it).

  test_precedence.py without-override: myops::scale on CPU runs the generated
      CompositeExplicitAutograd kernel, which redispatches to scale.out (the
      CPU out kernel counts its calls).
  test_precedence.py with-override: libskgen_example_override.so registers a
      CPU functional kernel for myops::scale; it wins (its own counter moves,
      the out kernel is not called), while scale_ and scale.out still use the
      generated/hand-written kernels.
A library cannot be unloaded from a running process, so "removing" the
override is a second process that does not load it.
"""
import sys

import torch

import example_ops as ex
from skgen_testing import assert_close

mode = sys.argv[1]
assert mode in ("with-override", "without-override"), mode
m = ex.load(override=(mode == "with-override"))
out_calls = torch.ops.skgen_example.scale_out_calls

x = torch.arange(6, dtype=torch.float32).reshape(2, 3)
before = out_calls()
r = m.scale(x, 1.5)
assert_close(r, x * 1.5, "scale")

if mode == "without-override":
    assert not torch._C._dispatch_has_kernel_for_dispatch_key("myops::scale", "CPU")
    assert out_calls() == before + 1, f"scale.out calls: {before} -> {out_calls()}"
    print(f"generated alias-key kernel ran: scale.out calls {before} -> {out_calls()}")
else:
    assert torch._C._dispatch_has_kernel_for_dispatch_key("myops::scale", "CPU")
    hand = torch.ops.skgen_example_override.scale_calls
    assert hand() == 1, f"hand-written CPU kernel calls: {hand()}"
    assert out_calls() == before, "the alias-key kernel ran although a CPU kernel exists"
    m.scale(x, 2.0)
    assert hand() == 2
    print(f"hand-written CPU kernel ran: its calls 0 -> {hand()}, scale.out calls stay {out_calls()}")

# The other variants are unaffected by the override.
s = x.clone()
m.scale_(s, 2.0)
assert_close(s, x * 2.0, "scale_")
o = torch.empty(0)
m.scale.out(x, 3.0, out=o)
assert_close(o, x * 3.0, "scale.out")
expected = before + (1 if mode == "without-override" else 0) + 2
assert out_calls() == expected, f"scale.out calls {out_calls()} != {expected}"
# Meta still goes to the generated Meta wrapper either way.
assert m.scale(torch.empty(4, device="meta"), 2.0).device.type == "meta"
print("ok")
