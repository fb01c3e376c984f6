"""Builds scalar.cpp against the running torch's own stable headers
(TORCH_TARGET_VERSION = that torch) and calls both ops: what the stable ABI
of that torch does with a Scalar.

Usage: build_and_call.py CXX SRC WORK_DIR
"""
import os, subprocess, sys

import torch

cxx, src, work = sys.argv[1:4]
os.makedirs(work, exist_ok=True)
root = os.path.dirname(torch.__file__)
major, minor, patch = (int(x) for x in torch.__version__.split("+")[0].split(".")[:3])
target = "0x%02x%02x%02x0000000000" % (major, minor, patch)
lib = os.path.join(work, "libscalarprobe.so")
subprocess.check_call([cxx, "-std=c++17", "-shared", "-fPIC", "-O1", "-Wall", "-Werror",
                       "-DTORCH_STABLE_ONLY", "-DTORCH_TARGET_VERSION=" + target,
                       "-isystem", os.path.join(root, "include"), src, "-o", lib,
                       "-L" + os.path.join(root, "lib"), "-ltorch_cpu"])
torch.ops.load_library(lib)
print("torch", torch.__version__.split("+")[0], "target", target)
x = torch.ones(2)
for name, call in (("kernel with a Scalar argument", lambda: torch.ops.scalarprobe.scale(x, 2)),
                   ("torch_call_dispatcher with a Scalar argument",
                    lambda: torch.ops.scalarprobe.add_alpha(x, x))):
    try:
        print(name + ": returned", call().tolist())
    except RuntimeError as e:
        print(name + ": RuntimeError:", str(e).split(" (originally from")[0])
