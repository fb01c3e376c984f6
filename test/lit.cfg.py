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
config.substitutions.append(("%python", "/usr/bin/python3"))
config.substitutions.append(("%src_root", config.skgen_src_root))
config.substitutions.append(("%cxx", config.cxx_compiler))
config.substitutions.append(("%clang_resource_dir", config.clang_resource_dir))

# libFuzzer harnesses (test/Fuzz), built with -DSKGEN_BUILD_FUZZERS=ON.
config.substitutions.append(("%fuzzers", os.path.join(config.skgen_obj_root, "fuzzers")))
if getattr(config, "skgen_fuzzers", "OFF").upper() in ("ON", "1", "TRUE", "YES"):
    config.available_features.add("fuzzers")

# Feature for tests that need the real libtorch (end-to-end).
if os.path.exists("/usr/include/torch/library.h"):
    config.available_features.add("libtorch")
# strace that can trace (ptrace may be forbidden in a container).
if shutil.which("strace"):
    import subprocess
    if subprocess.call(["strace", "-f", "-o", os.devnull, "true"],
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL) == 0:
        config.available_features.add("strace")
if shutil.which("clang-apply-replacements-14"):
    config.available_features.add("clang-apply-replacements")
# script(1) runs a command on a pseudo-terminal (colour autodetection tests).
if shutil.which("script"):
    config.available_features.add("script")
