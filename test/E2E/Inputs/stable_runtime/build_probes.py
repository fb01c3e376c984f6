"""Builds probes.cpp against the stable ABI of this interpreter's torch.

Usage: build_probes.py CXX SOURCE OUTPUT -I<dir>...

-DTORCH_STABLE_ONLY makes ATen's and c10's non-header-only headers #error;
TORCH_TARGET_VERSION is torch/csrc/stable/version.h's format (major << 56 |
minor << 48) for this torch. Linked with libtorch_cpu only: it defines the
C shim (aoti_torch_*, torch_*) that is all a stable extension calls.
-fvisibility-inlines-hidden keeps header-only inline functions of namespace
c10 (c10::toString(ScalarType)) out of the dynamic symbol table, so that any
c10:: symbol there is a real dependency on libc10.
"""
import subprocess
import sys

import torch
import torch.utils.cpp_extension as ext

cxx, source, output, *extra = sys.argv[1:]
major, minor = (int(v) for v in torch.__version__.split(".")[:2])
target = "0x%02x%02x000000000000" % (major, minor)
cmd = [cxx, "-std=c++17", "-shared", "-fPIC", "-O1", "-Wall", "-Wextra",
       "-Werror", "-fvisibility-inlines-hidden", "-DTORCH_STABLE_ONLY",
       "-DTORCH_TARGET_VERSION=" + target]
cmd += ["-isystem" + d for d in ext.include_paths()] + extra
cmd += [source, "-o", output]
cmd += ["-L" + d for d in ext.library_paths()]
cmd += ["-Wl,-rpath," + d for d in ext.library_paths()] + ["-ltorch_cpu"]
print("TORCH_TARGET_VERSION=" + target)
sys.exit(subprocess.call(cmd))
