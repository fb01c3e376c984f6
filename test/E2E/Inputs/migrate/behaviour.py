"""Prints what the `mig` library's operators do (values or errors) for a
fixed set of calls, functional, in-place and out=, on CPU and Meta: run on the
hand-written library and on its migrated form, the outputs must be equal."""
import sys

import torch

torch.ops.load_library(sys.argv[1])
mig, mig2 = torch.ops.mig, torch.ops.mig2


def show(name, fn, below_autograd=False):
    try:
        if below_autograd:
            # The hand-written library registers no Autograd kernels (the
            # migrated one does): Meta calls go below autograd in both.
            with torch.inference_mode():
                r = fn()
        else:
            r = fn()
        if isinstance(r, torch.Tensor):
            v = r.tolist() if r.device.type != "meta" else "meta"
            r = "%s %s %s %s" % (tuple(r.shape), r.dtype, r.device.type, v)
        print("%s: %s" % (name, r))
    except Exception as e:  # The error, as the user sees it.
        print("%s: %s: %s" % (name, type(e).__name__, str(e).splitlines()[0]))


a = torch.arange(6.0).reshape(2, 3)
b = torch.ones(3)
i = torch.arange(3)
show("add", lambda: mig.add(a, b, alpha=2))
show("add int+float", lambda: mig.add(i, b))
show("add mismatch", lambda: mig.add(a, torch.ones(4)))
show("add_", lambda: mig.add_(a.clone(), b))
show("add.out", lambda: mig.add(a, b, out=torch.empty(0)))
show("add.out int", lambda: mig.add(a, b, out=torch.empty(0, dtype=torch.long)))
show("add meta", lambda: mig.add(a.to("meta"), b.to("meta")), True)
show("add.out meta", lambda: mig.add(a.to("meta"), b.to("meta"),
                                     out=torch.empty(0, device="meta")), True)
show("add meta mismatch", lambda: mig.add(a.to("meta"), torch.ones(4, device="meta")), True)
show("scale", lambda: mig.scale(a, 0.5))
show("scale zero", lambda: mig.scale(a, 0.0))
show("scale.out", lambda: mig.scale(a, 3.0, out=torch.empty(2, 3)))
show("relu", lambda: mig.relu(a - 2))
show("twice", lambda: mig2.twice(b))
show("twice_", lambda: mig2.twice_(b.clone()))
show("twice.out", lambda: mig2.twice(b, out=torch.empty(3)))


def fused(a, b, out, grad=False):
    a = a.clone().requires_grad_(grad)
    v = out._version if out.device.type != "meta" else 0
    r = mig.fused_out(a, b, out)
    if out.device.type == "meta":  # Inference tensors: no version counter.
        return "%s meta" % r
    return "%s %s version +%d requires_grad %s" % (
        r, out.tolist(), out._version - v, out.requires_grad)


show("fused_out", lambda: fused(a, a, torch.empty(2, 3)))
show("fused_out grad", lambda: fused(a, a, torch.empty(2, 3), grad=True))
show("fused_out wrong out", lambda: fused(a, a, torch.empty(3)))
show("fused_out meta", lambda: fused(a.to("meta"), a.to("meta"),
                                     torch.empty(2, 3, device="meta")), True)
show("fused_out meta wrong out", lambda: fused(a.to("meta"), a.to("meta"),
                                               torch.empty(3, device="meta")), True)
