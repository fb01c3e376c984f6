"""What a Python fake does to a Meta kernel registered from C++
(test/E2E/symint.test; docs/user-guide.md, "Python fakes"): register_fake
before the library is loaded raises (no such operator); after, it is
accepted without an error or a warning and replaces the C++ Meta kernel on
meta tensors, under FakeTensorMode and under torch.compile.

  fake_precedence.py <library.so> before|after
"""
import sys
import warnings

import torch

LIB, ORDER = sys.argv[1], sys.argv[2]
VERSION = tuple(int(p) for p in torch.__version__.split("+")[0].split(".")[:2])
if VERSION < (2, 13):
    print("fakes: PyTorch < 2.13, not measured")
    sys.exit(0)
used = []


def fake(x, size):
    used.append(1)
    return x.new_empty(size)


def register():
    try:
        with warnings.catch_warnings(record=True) as w:
            warnings.simplefilter("always")
            torch.library.register_fake("symops::pad_to")(fake)
        print(f"register_fake {ORDER} loading: accepted, {len(w)} warning(s)")
    except RuntimeError as e:
        print(f"register_fake {ORDER} loading: RuntimeError: {e}")


if ORDER == "before":
    register()
torch.ops.load_library(LIB)
if ORDER == "after":
    register()
x = torch.randn(3, 4)
ran = 0


def count(call):
    global ran
    used.clear()
    call()
    ran += bool(used)


count(lambda: torch.ops.symops.pad_to(x.to("meta"), [5, 6]))
from torch._subclasses.fake_tensor import FakeTensorMode  # noqa: E402
with FakeTensorMode() as mode:
    count(lambda: torch.ops.symops.pad_to(mode.from_tensor(x), [5, 6]))
count(lambda: torch.compile(
    lambda x: torch.ops.symops.pad_to(x, [x.shape[0] + 1, 6]),
    backend="aot_eager", dynamic=True, fullgraph=True)(x))
print(f"{ORDER}: the Python fake ran in {ran} of 3 cases"
      " (meta tensor, FakeTensorMode, torch.compile)")
