"""Fake kernels and autograd of extops' operators: the stable ABI has no
autograd or Meta API in C++, so they are written here."""
import torch


def _check_muladd(a, b):
    torch._check(a.dtype in (torch.float32, torch.float64),
                 lambda: "extops::muladd: expected a float or double tensor")
    torch._check(a.dtype == b.dtype,
                 lambda: "extops::muladd: a and b must have the same dtype")
    torch._check(a.shape == b.shape,
                 lambda: "extops::muladd: a and b must have the same shape")


@torch.library.register_fake("extops::muladd")
def _muladd_fake(a, b, c):
    _check_muladd(a, b)
    return a.new_empty(a.shape)


@torch.library.register_fake("extops::_muladd_backward")
def _muladd_backward_fake(grad, a, b):
    return a.new_empty(a.shape), b.new_empty(b.shape)


def _muladd_setup_context(ctx, inputs, output):
    a, b, c = inputs
    ctx.save_for_backward(a, b)


def _muladd_backward(ctx, grad):
    a, b = ctx.saved_tensors
    grad_a, grad_b = torch.ops.extops._muladd_backward(grad, a, b)
    return grad_a, grad_b, None


torch.library.register_autograd("extops::muladd", _muladd_backward,
                                setup_context=_muladd_setup_context)


def _sumsq_shape(x, dim, keepdim):
    torch._check(x.dim() > 0, lambda: "extops::sumsq: expected a tensor with "
                 "at least one dimension")
    torch._check(-x.dim() <= dim < x.dim(),
                 lambda: f"extops::sumsq: dim {dim} out of range")
    dim = dim % x.dim()
    return [1 if i == dim else s for i, s in enumerate(x.shape)
            if i != dim or keepdim]


@torch.library.register_fake("extops::sumsq")
def _sumsq_fake(x, dim, keepdim=False):
    return x.new_empty(_sumsq_shape(x, dim, keepdim))


@torch.library.register_fake("extops::_sumsq_backward")
def _sumsq_backward_fake(grad, x, dim, keepdim):
    return x.new_empty(x.shape)


def _sumsq_setup_context(ctx, inputs, output):
    x, dim, keepdim = inputs
    ctx.save_for_backward(x)
    ctx.dim, ctx.keepdim = dim, keepdim


def _sumsq_backward(ctx, grad):
    x, = ctx.saved_tensors
    return torch.ops.extops._sumsq_backward(grad, x, ctx.dim,
                                            ctx.keepdim), None, None


torch.library.register_autograd("extops::sumsq", _sumsq_backward,
                                setup_context=_sumsq_setup_context)
