"""torch.library.register_autograd on a generated functional op: without a
warning for a family with SKGEN_NO_AUTOGRAD (its gradient is the one
registered), with PyTorch's "Overriding a previously registered kernel"
warning for one without (skgen registered an Autograd kernel there)."""
import sys
import warnings

import torch

torch.ops.load_library(sys.argv[1])


def backward(ctx, grad):
    return grad * ctx.s, None


def setup_context(ctx, inputs, output):
    ctx.s = inputs[1]


def register(name):
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter("always")
        torch.library.register_autograd(name, backward,
                                        setup_context=setup_context)
    return [str(x.message) for x in w]


for name in ["own::scale", "own::shift"]:
    msgs = register(name)
    print(name, "warnings:", len(msgs),
          "override" if any("Overriding" in m for m in msgs) else "-")

x = torch.randn(4, requires_grad=True)
torch.ops.own.scale(x, 3.0).sum().backward()
print("scale grad ok:", torch.allclose(x.grad, torch.full((4,), 3.0)))
