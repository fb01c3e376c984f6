"""AOTInductor calls skgen's C shims (test/E2E/aoti.test).

argv: the op library, the generated module (--aoti-shims), a work
directory. One model calling the four ops is exported (static sizes: the
presets' Meta kernels specialize them), compiled and packaged once by
aoti_compile_and_package with the module's configure() applied; the
package's generated C++ must call every shim and never the proxy executor,
and the loaded package must equal eager (values, dtypes, shapes; NaN where
eager has NaN) over a grid of values. Prints "N calls, 0 mismatches".
"""
import importlib.util
import os
import sys
import time
import zipfile

import torch

library, module_path, work = sys.argv[1:4]
torch.ops.load_library(library)
spec = importlib.util.spec_from_file_location("aotiops_aoti", module_path)
shims = importlib.util.module_from_spec(spec)
spec.loader.exec_module(shims)
shims.configure(library)
ops = torch.ops.aotiops


class Model(torch.nn.Module):
    def forward(self, x, y):
        a = ops.myneg(x)
        b = ops.myadd(a, y, alpha=2.5)
        c = ops.mysum(b, [1], True)
        values, indices = ops.mymax.dim(b, 0)
        return a, b, c, values, indices


model = Model()
shape = (5, 7)
ep = torch.export.export(model, (torch.randn(shape), torch.randn(shape)))
start = time.time()
package = torch._inductor.aoti_compile_and_package(
    ep, package_path=os.path.join(work, "model.pt2"))
print(f"compiled in {time.time() - start:.1f} s", file=sys.stderr)

sources = ""
with zipfile.ZipFile(package) as z:
    for name in z.namelist():
        if name.endswith(".cpp"):
            sources += z.read(name).decode()
for op in ("myneg", "myadd", "mysum", "mymax"):
    print(f"calls aoti_torch_cpu_{op}: {f'aoti_torch_cpu_{op}(' in sources}")
print("proxy executor calls:",
      sources.count("aoti_torch_proxy_executor_call_function("))

loaded = torch._inductor.aoti_load_package(package)
calls = mismatches = 0
torch.manual_seed(0)
special = torch.tensor([0.0, -0.0, 1.0, -1.0, float("inf"), float("-inf"),
                        float("nan")])
xs = [torch.randn(shape) * s for s in (1.0, 1e-30, 1e30)]
xs += [torch.zeros(shape), torch.ones(shape),
       special[torch.randint(0, 7, shape)]]
for x in xs:
    for y in (torch.randn(shape), -x, special[torch.randint(0, 7, shape)]):
        got, want = loaded(x, y), model(x, y)
        calls += 1
        if len(got) != len(want) or not all(
                g.dtype == w.dtype and g.shape == w.shape
                and torch.equal(g.isnan(), w.isnan())
                and torch.equal(g.nan_to_num(0.0), w.nan_to_num(0.0))
                for g, w in zip(got, want)):
            mismatches += 1
            print("mismatch:", x, y)
print(f"{calls} calls, {mismatches} mismatches")
