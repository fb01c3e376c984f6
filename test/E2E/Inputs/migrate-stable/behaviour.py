"""The behaviour of the smig library (test/E2E/migrate-stable.test) on CPU:
values and errors of its functional, in-place and out= calls. The same
lines before and after migration."""
import re
import sys

import torch

torch.ops.load_library(sys.argv[1])
ops = torch.ops.smig


def show(name, fn):
    try:
        r = fn()
        print(f"{name}: {tuple(r.shape)} {r.dtype} {r.flatten().tolist()}")
    except Exception as e:  # noqa: BLE001 - the error is the behaviour
        # STD_TORCH_CHECK's "function, file:line, " prefix: the kernels'
        # lines move when annotations are inserted.
        msg = re.sub(r"^\w+, \S+:\d+, ", "", str(e).splitlines()[0])
        print(f"{name}: {type(e).__name__}: {msg}")


x = torch.tensor([[1.0, -2.0], [3.0, 0.5]])
show("square", lambda: ops.square(x))
show("square int", lambda: ops.square(torch.tensor([1, 2])))
show("square_", lambda: ops.square_(x.clone()))
o = torch.empty(2, 2)
show("square.out", lambda: ops.square.out(x, out=o))
print("square.out aliases out:", ops.square.out(x, out=o) is o)
show("scale", lambda: ops.scale(x, 3.0))
show("scale zero", lambda: ops.scale(x, 0.0))
show("scale.out", lambda: ops.scale.out(x, 0.5, out=torch.empty(2, 2)))
show("twice", lambda: ops.twice(x))
if "--meta" in sys.argv:
    # Only the migrated library has Meta kernels (from the meta functions).
    m = torch.empty(3, 4, device="meta")
    for name, fn in [("square", lambda: ops.square(m)),
                     ("scale", lambda: ops.scale(m, 2.0)),
                     ("square.out", lambda: ops.square.out(m, out=torch.empty(0, device="meta")))]:
        r = fn()
        print(f"meta {name}: {tuple(r.shape)} {r.dtype} {r.device}")
