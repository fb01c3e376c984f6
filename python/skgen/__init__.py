"""skgen from a wheel: the tool, its runtime headers and its CMake package.

    import skgen
    skgen.executable()        # the skgen binary (the `skgen` command runs it)
    skgen.get_include()       # for include_dirs= (<skgen/annotations.h>, ...)
    skgen.cmake_prefix_path   # for CMAKE_PREFIX_PATH (find_package(skgen))
    skgen.BuildExtension      # torch.utils.cpp_extension's, running skgen first

The package directory is the install prefix of skgen's CMake build
(bin/, include/, lib/cmake/skgen, lib/clang/<version>: see
docs/user-guide.md#installing).
"""
import os

_PREFIX = os.path.dirname(os.path.abspath(__file__))

#: The prefix find_package(skgen) searches (lib/cmake/skgen below it).
cmake_prefix_path = _PREFIX


def executable():
    """The path of the skgen binary."""
    return os.path.join(_PREFIX, "bin", "skgen")


def get_include():
    """The directory of skgen's runtime headers (include/skgen/*.h)."""
    return os.path.join(_PREFIX, "include")


def __getattr__(name):
    # torch is imported only by what needs it (skgen/cpp_extension.py).
    if name == "BuildExtension":
        from skgen.cpp_extension import BuildExtension

        return BuildExtension
    raise AttributeError("module 'skgen' has no attribute %r" % name)
