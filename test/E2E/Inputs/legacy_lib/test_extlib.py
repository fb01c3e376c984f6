"""extlib's own tests (opcheck-based, as its authors wrote them), printed one
line per check so that the same script compares the library before and after
its port to skgen. Usage: test_extlib.py [--after]"""
import sys

import torch
from torch.library import opcheck

import extlib  # noqa: F401

after = "--after" in sys.argv[1:]
failures = 0


def check(name, ok, detail=""):
    global failures
    failures += 0 if ok else 1
    print(f"{name}: {'ok' if ok else 'FAILED'}{' ' + detail if detail else ''}")


def samples(grad=False):
    def t(*shape):
        return torch.randn(*shape, requires_grad=grad)
    return [(t(3), t(3)), (t(2, 5), t(2, 5)), (t(4, 1, 2), t(4, 1, 2))]


def opcheck_all(name, op, argsets):
    n = 0
    for args in argsets:
        try:
            opcheck(op, args)
            n += 1
        except Exception as e:  # noqa: BLE001
            check(name, False, f"{type(e).__name__}: {str(e).splitlines()[0]}")
            return
    check(name, n == len(argsets) and n > 0, f"{n} samples")


torch.manual_seed(0)
ops = torch.ops.extlib
# Values.
for a, b in samples():
    check("mymuladd values", torch.equal(ops.mymuladd(a, b, 2.5), a * b + 2.5))
    out = torch.empty_like(a)
    v = out._version
    r = ops.myadd_out(a, b, out)
    check("myadd_out values", r is None and torch.equal(out, a + b),
          f"version +{out._version - v}")
# Errors (the kernel's own).
try:
    ops.myadd_out(torch.ones(3), torch.ones(3), torch.empty(2))
    check("myadd_out wrong out", False)
except RuntimeError as e:
    check("myadd_out wrong out", "out must have a's shape" in str(e))
# Gradients through the Python autograd registration.
a, b = [torch.randn(4, dtype=torch.float, requires_grad=True) for _ in range(2)]
ops.mymuladd(a, b, 1.0).sum().backward()
check("mymuladd grad", torch.equal(a.grad, b.detach()) and torch.equal(b.grad, a.detach()))
# opcheck: schema, autograd registration, fake tensors, AOT dispatch.
opcheck_all("opcheck mymuladd", ops.mymuladd.default,
            [(a, b, 1.5) for a, b in samples()] + [(a, b, 0.5) for a, b in samples(True)])
opcheck_all("opcheck mymul", ops.mymul.default, [s for s in samples()])
opcheck_all("opcheck myadd_out", ops.myadd_out.default,
            [(a, b, torch.empty_like(a)) for a, b in samples()])
# On meta tensors (the Python fake): nothing is written, nothing fails.
m = torch.empty(3, device="meta")
ops.myadd_out(m, m, m)
check("myadd_out meta", True)

if after:
    # What the port adds: the structured out= overload, keyword-only out,
    # returned; registered for the kernels' backends.
    a, b = samples()[1]
    out = torch.empty_like(a)
    r = ops.myadd.out(a, b, out=out)
    check("myadd.out returns out", r is out and torch.equal(out, a + b))
    has = torch._C._dispatch_has_kernel_for_dispatch_key
    check("myadd.out kernels", has("extlib::myadd.out", "CPU")
          and not has("extlib::myadd_out", "CPU")
          and has("extlib::myadd_out", "CompositeExplicitAutograd"))

print(f"torch {torch.__version__.split('+')[0]}: {failures} failed")
sys.exit(1 if failures else 0)
