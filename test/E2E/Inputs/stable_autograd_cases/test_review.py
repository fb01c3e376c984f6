"""Reproducers for the stable target's autograd, each against aten.

Usage: python test_review.py LIB.so DEFS.py
Prints one line per case: what aten does, and `ok` where ours does the
same, `DIFFERS: ...` where not."""
import importlib.util
import sys

import torch

torch.ops.load_library(sys.argv[1])
spec = importlib.util.spec_from_file_location("review_defs", sys.argv[2])
spec.loader.exec_module(importlib.util.module_from_spec(spec))
ops = torch.ops.review


def outcome(fn):
    try:
        return repr(fn())
    except Exception as e:  # noqa: BLE001 - the outcome is compared
        return f"{type(e).__name__}: {str(e).splitlines()[0][:100]}"


def case(name, mine, theirs):
    m, t = outcome(mine), outcome(theirs)
    print(f"{name}: {'ok' if m == t else 'DIFFERS: ' + m + ' vs aten ' + t}")


# In place, other is self: aten's saved `other` was modified ("one of the
# variables needed for gradient computation has been modified"); skgen saves
# a copy of an input that shares self's memory before the write, and gives
# the gradient of the values it read, 2a (docs/stable-abi.md: a known
# difference; before the fix it gave a^2 + a, silently).
def self_as_other(mul_):
    a = torch.tensor([1., 2., 3.], dtype=torch.float64, requires_grad=True)
    x = a * 1
    mul_(x, x)
    return torch.autograd.grad(x.sum(), a)[0].tolist()


case("mul_(x, x) backward", lambda: self_as_other(ops.mul_),
     lambda: [2.0, 4.0, 6.0])


# Double backward through the in-place variant (self saved as a copy made
# without history: d/da of d/db misses).
def double_inplace(mul_):
    a = torch.tensor([1., 2., 3.], dtype=torch.float64, requires_grad=True)
    b = torch.tensor([4., 5., 6.], dtype=torch.float64, requires_grad=True)
    x = a * 1
    mul_(x, b)
    gb, = torch.autograd.grad(x.sum(), b, create_graph=True)
    return torch.autograd.grad(gb.sum(), a)[0].tolist()


case("mul_ double backward", lambda: double_inplace(ops.mul_),
     lambda: double_inplace(torch.Tensor.mul_))


# The version counter moves by one per in-place call.
def version(mul_, requires_grad):
    x = torch.ones(3, requires_grad=requires_grad) * 1
    v = x._version
    mul_(x, torch.full((3,), 2.0))
    return x._version - v


for rg in (False, True):
    case(f"mul_ version (requires_grad={rg})", lambda: version(ops.mul_, rg),
         lambda: version(torch.Tensor.mul_, rg))

# SKGEN_NOT_DIFFERENTIABLE with an input that requires grad: a result
# without history (aten's detach-like non-differentiable ops), not the
# kernel's inner aten call refusing out= with autograd.
case("not differentiable, input requires grad",
     lambda: ops.nd(torch.ones(3, requires_grad=True), torch.ones(3)).requires_grad,
     lambda: False)

# `1 + (self > 0)` in a formula is an int64 tensor in aten; '+' of integral
# tensors is a documented limit of the stable formula layer (aten::add's
# Scalar alpha cannot be passed): a clear error at backward, not a wrong
# value.
def twice_grad(f):
    x = torch.tensor([-1., 2.], requires_grad=True)
    return torch.autograd.grad(f(x).sum(), x)[0].tolist()


print("formula 1 + (self > 0) raises:",
      outcome(lambda: twice_grad(ops.twice)).split(": ", 1)[-1][:62])


# A refused input: aten refuses before the call, so an in-place self is not
# written.
def refuse_inplace(refuse_):
    x = torch.ones(3, requires_grad=True) * 1
    before = x.detach().clone()
    try:
        refuse_(x, torch.full((3,), 2.0, requires_grad=True))
    except RuntimeError:
        pass
    return torch.equal(x.detach(), before)


case("refused input leaves self unwritten", lambda: refuse_inplace(ops.refuse_),
     lambda: True)
