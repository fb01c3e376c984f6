# lit configuration for skgen's tool tests (lit + FileCheck). Unit tests
# (GoogleTest) are a separate suite in test/Unit/lit.cfg.py.
import os
import shutil
import lit.formats

config.name = "skgen"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".test", ".cpp", ".c"]
config.excludes = ["Inputs", "Unit", "CMakeLists.txt", "lit.cfg.py", "lit.site.cfg.py.in"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.skgen_obj_root, "test")

config.environment["PATH"] = os.pathsep.join(
    [config.skgen_tools_dir, config.llvm_tools_dir, config.environment.get("PATH", os.environ.get("PATH", ""))])
# skgen's facts cache (without -p it lives in $XDG_CACHE_HOME/skgen): one per
# build tree, shared by the tests (which thereby also run against a warm
# cache on a re-run), never the user's.
config.environment["XDG_CACHE_HOME"] = os.path.join(config.skgen_obj_root, "test", "xdg-cache")
# Stable, uncolored output for FileCheck.
config.environment["TERM"] = "dumb"

config.substitutions.append(("%skgen", os.path.join(config.skgen_tools_dir, "skgen")))
config.substitutions.append(("%inputs", os.path.join(config.test_source_root, "Inputs")))
# Flags shared by the scan tests (Scan, Incremental): the annotations header
# and the torch stub. First, so that "%s" does not match its prefix.
config.substitutions.insert(0, ("%scanflags", "-std=c++17 -I%s -I%s/include" % (os.path.join(config.test_source_root, "Inputs", "torch-stub"), config.skgen_src_root)))
config.substitutions.append(("%python", "/usr/bin/python3"))
config.substitutions.append(("%src_root", config.skgen_src_root))
config.substitutions.append(("%obj_root", config.skgen_obj_root))
config.substitutions.append(("%cxx", config.cxx_compiler))
config.substitutions.append(("%clang_resource_dir", config.clang_resource_dir))
# Clang tools of the LLVM skgen is built with (not whichever clang++ is on PATH).
config.substitutions.append(("%clangxx", os.path.join(config.llvm_tools_dir, "clang++")))
car = os.path.join(config.llvm_tools_dir, "clang-apply-replacements")
config.substitutions.append(("%clang-apply-replacements", car))
clang_format = os.path.join(config.llvm_tools_dir, "clang-format")
config.substitutions.append(("%clang-format", clang_format))
config.substitutions.append(("%llvm_major", config.llvm_version_major))

# libFuzzer harnesses (test/Fuzz), built with -DSKGEN_BUILD_FUZZERS=ON.
config.substitutions.append(("%fuzzers", os.path.join(config.skgen_obj_root, "fuzzers")))
if getattr(config, "skgen_fuzzers", "OFF").upper() in ("ON", "1", "TRUE", "YES"):
    config.available_features.add("fuzzers")
if getattr(config, "skgen_sanitize", "OFF").upper() in ("ON", "1", "TRUE", "YES"):
    config.available_features.add("asan")
    # Leaks in a tool that exits are not findings; everything else is fatal.
    config.environment["ASAN_OPTIONS"] = "detect_leaks=0:abort_on_error=0"
    config.environment["UBSAN_OPTIONS"] = "print_stacktrace=1:halt_on_error=1"

# The PyTorch leg (`lit --param torch=system|venv|2.14.1|2.15.0`, default
# system): which libtorch the tests that need the real one (REQUIRES:
# libtorch) compile, link and run against. system: Debian's
# libtorch-dev/python3-torch (1.13 on Debian 12) with /usr/bin/python3. venv:
# PyTorch 2.13 from pip in <src>/.venv (utils/setup_torch.sh). 2.14.1,
# 2.15.0: setup_torch.sh's newer venvs, for utils/e2e_torch.sh. Each leg has
# its own output tree, so their builds never mix. See test/torch_leg.py.
import sys
sys.path.insert(0, os.path.dirname(__file__))
sys.dont_write_bytecode = True
import torch_leg

leg = torch_leg.detect(lit_config.params.get("torch", "system"), config.skgen_src_root)
if leg.name != "system":
    config.test_exec_root = os.path.join(config.skgen_obj_root, "test-torch-" + leg.name)
config.substitutions.append(("%torch_python", leg.python))
config.substitutions.append(("%torch_cxxflags", leg.cxxflags))
config.substitutions.append(("%torch_ldflags", leg.ldflags))
config.substitutions.append(("%torch_include", leg.include))
config.substitutions.append(("%torch_libdir", leg.libdir))
config.environment["SKGEN_TORCH_CMAKE_PREFIX"] = leg.cmake_prefix
config.environment["SKGEN_TORCH_CMAKE_ARGS"] = leg.cmake_args
if leg.available:
    config.available_features.add("libtorch")
    config.available_features.add("torch-" + leg.name)
    if leg.version >= (2, 13):
        config.available_features.add("torch-compile")
# A FileCheck prefix for output that exists only where torch.compile is tested.
config.substitutions.append(("%torch_compile_prefix",
                             "COMPILE" if leg.version >= (2, 13) else "NO-COMPILE"))
lit_config.note("PyTorch leg '%s': %s" % (leg.name, leg.describe()))
# In every leg: torch 2.14.1 and 2.15.0 (utils/setup_torch.sh), which the
# stable-ABI tests load their library built against 2.13's headers into
# (features torch-2.14, torch-2.15; %torch214_python, %torch215_python).
for version in torch_leg.NEWER:
    tag = "".join(version.split(".")[:2])
    python = torch_leg.newer_venv_python(version)
    if python:
        config.available_features.add("torch-" + version.rsplit(".", 1)[0])
    config.substitutions.append(("%%torch%s_python" % tag, python or "false"))
    lit_config.note("PyTorch %s: %s" % (version, python or "unavailable (utils/setup_torch.sh)"))
# The CUDA toolkit's compiler: CUDA sources are built (not run: no GPU).
if shutil.which("nvcc"):
    config.available_features.add("nvcc")
# strace that can trace (ptrace may be forbidden in a container).
if shutil.which("strace"):
    import subprocess
    if subprocess.call(["strace", "-f", "-o", os.devnull, "true"],
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL) == 0:
        config.available_features.add("strace")
if os.access(car, os.X_OK):
    config.available_features.add("clang-apply-replacements")
if os.access(clang_format, os.X_OK):
    config.available_features.add("clang-format")
# script(1) runs a command on a pseudo-terminal (colour autodetection tests).
if shutil.which("script"):
    config.available_features.add("script")
# Tests of the generated code against the real libtorch (test/E2E, and
# "REQUIRES: e2e") give the same result whatever LLVM skgen is built with: its
# output is the same. utils/test.sh runs them in the primary build only and
# passes `--param skgen_e2e=0` to the others (where they count as unsupported).
if lit_config.params.get("skgen_e2e", "1") != "0":
    config.available_features.add("e2e")
