"""Prints every formula of the derivatives.yaml of a PyTorch (torchgen's
packaged copy), one per line: what an entry maps a name, a `result`, or
(under `dispatch:`) a key's name to; not the schemas or the
output_differentiability lists.

usage: derivative_formulas.py TORCH_PYTHON
(run by a Python with PyYAML; TORCH_PYTHON is the one with PyTorch)
"""
import subprocess
import sys

import yaml

path = subprocess.check_output([
    sys.argv[1], "-c",
    "import os, torchgen; print(os.path.join(os.path.dirname("
    "torchgen.__file__), 'packaged', 'autograd', 'derivatives.yaml'))"
], text=True).strip()


def formulas(entry):
    for key, value in entry.items():
        if key in ("name", "output_differentiability"):
            continue
        if key == "dispatch":
            for per_key in value.values():
                yield from formulas(per_key)
            continue
        yield str(value)


with open(path) as f:
    for entry in yaml.safe_load(f):
        for formula in formulas(entry):
            print(formula)
