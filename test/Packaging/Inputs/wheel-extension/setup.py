# The user guide's setup.py with skgen from the wheel: the headers from
# skgen.get_include(), and skgen.BuildExtension as build_ext (it runs skgen
# --check, or --fix with `build_ext --skgen=fix`, before compiling).
import skgen
from setuptools import setup
from torch.utils.cpp_extension import CppExtension

setup(name="myext",
      ext_modules=[CppExtension("myext", ["src/add.cpp"],
                                include_dirs=[skgen.get_include()])],
      cmdclass={"build_ext": skgen.BuildExtension})
