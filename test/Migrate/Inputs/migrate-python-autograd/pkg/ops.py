import torch


def _backward(ctx, grad):
    a, b = ctx.saved_tensors
    return grad * b, grad * a, None


def _setup_context(ctx, inputs, output):
    ctx.save_for_backward(inputs[0], inputs[1])


torch.library.register_autograd(
    "ext::muladd", _backward, setup_context=_setup_context)
