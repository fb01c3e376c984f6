# The gradients of vis::wsum (a hand-written autograd::Function before the
# migration, skgen's formula after): gradcheck, values, and the weight's
# gradient (none: the class returned an undefined one).
import sys
import torch

torch.ops.load_library(sys.argv[1])
torch.manual_seed(0)
x = torch.randn(3, 4, dtype=torch.double, requires_grad=True)
w = torch.randn(3, 4, dtype=torch.double)
print("gradcheck", torch.autograd.gradcheck(
    lambda x: torch.ops.vis.wsum(x, w, 0.5, 3), (x,)))
print("forward", torch.ops.vis.wsum(x, w, 0.5, 3).detach().tolist())
y = torch.ops.vis.wsum(x, w, 0.5, 3)
y.backward(torch.arange(3, dtype=torch.double))
print("grad", [[round(v, 6) for v in row] for row in x.grad.tolist()])
w2 = w.clone().requires_grad_(True)
x2 = x.detach().clone().requires_grad_(True)
torch.ops.vis.wsum(x2, w2, 0.5, 3).sum().backward()
print("weight grad", w2.grad)
print("no grad", torch.ops.vis.wsum(x.detach(), w, 0.5, 3).requires_grad)
