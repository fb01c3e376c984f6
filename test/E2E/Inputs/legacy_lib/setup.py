# extlib's build, as torch.utils.cpp_extension builds it: the CUDA kernels
# where CUDA is (EXTLIB_CUDA=1), else the CPU ones only.
import glob
import os

import torch
from setuptools import setup
from torch.utils.cpp_extension import BuildExtension, CppExtension, CUDAExtension

here = os.path.dirname(os.path.abspath(__file__))
sources = glob.glob(os.path.join(here, "extlib", "csrc", "*.cpp"))
use_cuda = os.environ.get("EXTLIB_CUDA") == "1"
if use_cuda:
    sources += glob.glob(os.path.join(here, "extlib", "csrc", "*.cu"))
extension = CUDAExtension if use_cuda else CppExtension
include_dirs = [d for d in os.environ.get("EXTLIB_INCLUDE", "").split(":") if d]

setup(
    name="extlib",
    packages=["extlib"],
    ext_modules=[
        extension(
            "extlib._C",
            sources,
            include_dirs=include_dirs,
            extra_compile_args={"cxx": ["-O1"], "nvcc": ["-O1"]},
        )
    ],
    cmdclass={"build_ext": BuildExtension},
)
