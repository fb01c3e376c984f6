"""extlib's Python side: fake (meta) implementations and autograd."""
import torch


def mymuladd(a, b, c):
    return torch.ops.extlib.mymuladd.default(a, b, c)


@torch.library.register_fake("extlib::mymuladd")
def _(a, b, c):
    torch._check(a.shape == b.shape)
    torch._check(a.dtype == torch.float and b.dtype == torch.float)
    return torch.empty_like(a)


@torch.library.register_fake("extlib::mymul")
def _(a, b):
    torch._check(a.shape == b.shape)
    return torch.empty_like(a)


@torch.library.register_fake("extlib::myadd_out")
def _(a, b, out):
    torch._check(a.shape == b.shape and out.shape == a.shape)


def _setup_context(ctx, inputs, output):
    a, b, c = inputs
    saved_a, saved_b = None, None
    if ctx.needs_input_grad[0]:
        saved_b = b
    if ctx.needs_input_grad[1]:
        saved_a = a
    ctx.save_for_backward(saved_a, saved_b)


def _backward(ctx, grad):
    a, b = ctx.saved_tensors
    grad_a, grad_b = None, None
    if ctx.needs_input_grad[0]:
        grad_a = torch.ops.extlib.mymul.default(grad, b)
    if ctx.needs_input_grad[1]:
        grad_b = torch.ops.extlib.mymul.default(grad, a)
    return grad_a, grad_b, None


torch.library.register_autograd(
    "extlib::mymuladd", _backward, setup_context=_setup_context)


def myadd_out(a, b, out):
    torch.ops.extlib.myadd_out.default(a, b, out)
