"""The PythonDefs module makes a Python fake of an op skgen registers a Meta
kernel for warn (test/E2E/python-fakes.test): register_fake and
impl_abstract, for each variant of sum; none for neg (no Meta kernel).

  test_fakes.py <defs module>
"""
import importlib.util
import sys
import warnings

import torch

spec = importlib.util.spec_from_file_location("fops_defs", sys.argv[1])
spec.loader.exec_module(importlib.util.module_from_spec(spec))


def fake(self, *args, **kwargs):
    return torch.empty_like(self)


def register(api, op):
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter("always")
        api(op)(fake)
    for m in w:
        print(f"{api.__name__}({op}): {m.category.__name__} at "
              f"{m.filename.rsplit('/', 1)[-1]}:{m.lineno}: {m.message}")
    if not w:
        print(f"{api.__name__}({op}): no warning")


print(f"torch {torch.__version__.split('+')[0]}")
register(torch.library.register_fake, "fops::sum")
register(torch.library.register_fake, "fops::sum.out")
register(torch.library.impl_abstract, "fops::sum_")
register(torch.library.register_fake, "fops::neg")
register(torch.library.register_fake, "fops::neg.out")
