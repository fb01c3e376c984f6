"""The PyTorch installations the tests run against (lit --param torch=...).

  system  Debian's libtorch-dev + python3-torch (/usr/include, /usr/bin/python3)
  venv    pip's torch in <source root>/.venv (utils/setup_torch.sh)
  2.14.1, 2.15.0
          utils/setup_torch.sh's venv of that torch (newer_venv_python()):
          the libtorch target's E2E tests against a newer torch, run by
          utils/e2e_torch.sh, not by the default suite

and, in every leg, the torch 2.14.1 and 2.15.0 interpreters the stable-ABI
tests load their 2.13-built library into (newer_venv_python()).

For each: the Python interpreter, the C++ flags and link flags of its
libtorch, the CMake prefix path of its TorchConfig.cmake and its version.
"""
import glob
import json
import os
import subprocess

# Asked of the leg's own interpreter: where its torch keeps headers, libraries
# and CMake files, and its C++ ABI.
QUERY = r"""
import json, os, torch, torch.utils
root = os.path.dirname(torch.__file__)
print(json.dumps({
    "version": torch.__version__.split("+")[0],
    "include": os.path.join(root, "include"),
    "lib": os.path.join(root, "lib"),
    "cmake_prefix": torch.utils.cmake_prefix_path,
    "root": root,
    "abi": int(torch._C._GLIBCXX_USE_CXX11_ABI),
    "cuda": torch.version.cuda,
}))
"""


# The newer torch versions utils/setup_torch.sh makes venvs of.
NEWER = ("2.14.1", "2.15.0")


class Leg:
    def __init__(self, name, python):
        self.name, self.python = name, python
        self.available, self.version, self.why = False, (0, 0), ""
        self.cxxflags = self.ldflags = self.cmake_prefix = ""
        # More CMake arguments for its TorchConfig.cmake (a CUDA wheel's).
        self.cmake_args = ""
        # The wheel's (or package's) include and lib directories: a stable-ABI
        # library needs only <include> (torch/csrc/stable, torch/headeronly)
        # and <lib>/libtorch_cpu.so.
        self.include = self.libdir = ""

    def describe(self):
        if not self.available:
            return "unavailable (%s)" % self.why
        return "torch %d.%d with %s" % (self.version + (self.python,))


def _version(text):
    return tuple(int(x) for x in text.split(".")[:2])


def detect(name, src_root):
    if name == "system":
        leg = Leg(name, "/usr/bin/python3")
        inc = "/usr/include"
        if not os.path.exists(os.path.join(inc, "torch", "library.h")):
            leg.why = "no /usr/include/torch/library.h (apt-get install libtorch-dev)"
            return leg
        info = _query(leg)
        if info is None:
            return leg
        # Debian's libtorch lives in the default search paths.
        leg.cxxflags = "-D_GLIBCXX_USE_CXX11_ABI=%d -I%s -I%s" % (
            info["abi"], inc, os.path.join(inc, "torch", "csrc", "api", "include"))
        leg.ldflags = "-ltorch -ltorch_cpu -lc10"
        leg.cmake_prefix = ""  # examples/CMakeLists.txt's HINTS find Debian's
    elif name == "venv" or name in NEWER:
        if name == "venv":
            leg = Leg(name, os.path.join(src_root, ".venv", "bin", "python"))
        else:
            leg = Leg(name, newer_venv_python(name) or "")
        if not os.path.exists(leg.python):
            leg.why = "no %s venv (utils/setup_torch.sh)" % ("2.13" if name == "venv" else name)
            return leg
        info = _query(leg)
        if info is None:
            return leg
        inc, lib = info["include"], info["lib"]
        # -isystem: the wheel's headers win over Debian's in /usr/include.
        leg.cxxflags = "-D_GLIBCXX_USE_CXX11_ABI=%d -isystem %s -isystem %s" % (
            info["abi"], inc, os.path.join(inc, "torch", "csrc", "api", "include"))
        leg.ldflags = "-L%s -Wl,-rpath,%s -ltorch -ltorch_cpu -lc10" % (lib, lib)
        # The torch root first: TorchConfig.cmake's find_library() would
        # otherwise find Debian's /usr/lib/x86_64-linux-gnu/libtorch.so.
        leg.cmake_prefix = "%s;%s" % (info["root"], info["cmake_prefix"])
        if _version(info["version"]) >= (2, 14):
            # Their headers are C++20 (c10/util/intrusive_ptr.h's
            # operator<=>); tests write -std=c++17 before %torch_cxxflags,
            # and TorchConfig.cmake asks for cxx_std_20 itself.
            leg.cxxflags = "-std=c++20 " + leg.cxxflags
        if info.get("cuda"):
            # A CUDA wheel's TorchConfig.cmake finds CUDA with FindCUDA
            # (through nvcc on PATH it guesses the toolkit's root wrong when
            # nvcc is a link) and needs nvrtc, which the wheel's nvidia
            # packages hold, not the toolkit. No GPU needed: CPU tests only.
            cuda = os.environ.get("CUDA_HOME", "/usr/local/cuda")
            nvrtc = sorted(glob.glob(os.path.join(os.path.dirname(info["root"]), "nvidia",
                                                  "cu*", "lib", "libnvrtc.so.*[0-9]")))
            leg.cmake_args = "-DCUDA_TOOLKIT_ROOT_DIR=" + cuda
            if nvrtc:
                leg.cmake_args += " -DCUDA_nvrtc_LIBRARY=" + nvrtc[0]
    else:
        raise ValueError("lit --param torch=%r: expected system, venv or one of %s"
                         % (name, ", ".join(NEWER)))
    leg.version = _version(info["version"])
    leg.include, leg.libdir = info["include"], info["lib"]
    leg.available = True
    return leg


def newer_venv_python(version):
    """The interpreter of utils/setup_torch.sh's venv of torch `version`
    ("2.14.1", "2.15.0"), or None when the script has not completed it. The
    path rule is the setup script's (it reads the same SKGEN_VENV_214,
    SKGEN_VENV_215)."""
    major, minor = version.split(".")[:2]
    venv = os.environ.get("SKGEN_VENV_%s%s" % (major, minor)) or os.path.join(
        os.path.expanduser("~"), ".cache", "skgen-venvs", "torch-" + version)
    python = os.path.join(venv, "bin", "python")
    stamp = os.path.join(venv, "skgen-requirements.txt")
    if not (os.access(python, os.X_OK) and os.path.isfile(stamp)):
        return None
    with open(stamp) as f:
        return python if f.read().startswith("torch==%s " % version) else None


def _query(leg):
    try:
        out = subprocess.run([leg.python, "-c", QUERY], capture_output=True,
                             text=True, timeout=120, env=dict(os.environ, GLOG_minloglevel="2"))
    except (OSError, subprocess.TimeoutExpired) as e:
        leg.why = "%s: %s" % (leg.python, e)
        return None
    if out.returncode != 0:
        leg.why = "%s cannot import torch: %s" % (leg.python, out.stderr.strip().splitlines()[-1:])
        return None
    return json.loads(out.stdout.strip().splitlines()[-1])
