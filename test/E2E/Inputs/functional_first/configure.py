"""Configures Inputs/functional_first/lib with CMake against one torch, as
its developers would: `configure.py PYTHON SRC BUILD [--cuda]
[--include DIR]`. The torch's CMake prefix and, for a CUDA wheel, the
toolkit and nvrtc come from test/torch_leg.py (the lit legs' rule); with
--cuda also the wheel's nvidia/cu*/include (the cuSPARSE/cuBLAS headers
ATen/cuda/CUDAContext.h includes, which the toolkit here lacks) and one GPU
architecture.

`configure.py --merge OUT CPU_DB CUDA_DB`: OUT holds CPU_DB's entries and
CUDA_DB's entries of .cu files (the .cu files get nvcc commands from the
CUDA configure; the .cpp files keep the CPU build's commands).
"""
import glob
import json
import os
import subprocess
import sys

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(here, "..", "..", ".."))  # test/
import torch_leg  # noqa: E402

if sys.argv[1] == "--merge":
    out, cpu, cuda = sys.argv[2:5]
    entries = json.load(open(cpu))
    entries += [e for e in json.load(open(cuda)) if e["file"].endswith(".cu")]
    with open(out, "w") as f:
        json.dump(entries, f, indent=1)
    sys.exit(0)

python, src, build = sys.argv[1:4]
cuda = "--cuda" in sys.argv[4:]
includes = [sys.argv[i + 1] for i, a in enumerate(sys.argv) if a == "--include"]
leg = torch_leg.Leg("configure", python)
info = torch_leg._query(leg)
args = ["cmake", "-S", src, "-B", build, "-G", "Ninja", "-DCMAKE_BUILD_TYPE=Release",
        "-DCMAKE_PREFIX_PATH=%s;%s" % (info["root"], info["cmake_prefix"])]
if cuda:
    toolkit = os.environ.get("CUDA_HOME", "/usr/local/cuda")
    site = os.path.dirname(info["root"])
    nvrtc = sorted(glob.glob(os.path.join(site, "nvidia", "cu*", "lib", "libnvrtc.so.*[0-9]")))
    includes += sorted(glob.glob(os.path.join(site, "nvidia", "cu*", "include")))
    args += ["-DVISIONOPS_CUDA=ON", "-DCUDA_TOOLKIT_ROOT_DIR=" + toolkit,
             "-DCMAKE_CUDA_COMPILER=" + os.path.join(toolkit, "bin", "nvcc"),
             "-DCMAKE_CUDA_ARCHITECTURES=80", "-DTORCH_CUDA_ARCH_LIST=8.0"]
    if nvrtc:
        args.append("-DCUDA_nvrtc_LIBRARY=" + nvrtc[0])
if includes:
    args.append("-DVISIONOPS_EXTRA_INCLUDE=" + ";".join(includes))
r = subprocess.run(args, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
if r.returncode:
    sys.exit("configure.py: cmake failed:\n" + r.stdout[-10000:])
