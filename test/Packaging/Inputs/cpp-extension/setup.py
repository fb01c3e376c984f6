# The extension whose sources the recipe checks (not built by the test).
from setuptools import setup
from torch.utils.cpp_extension import BuildExtension, CppExtension

setup(name="myext",
      ext_modules=[CppExtension("myext", ["src/add.cpp"],
                                include_dirs=["include"])],
      cmdclass={"build_ext": BuildExtension})
