"""skgen in a setup.py: torch.utils.cpp_extension's BuildExtension that runs
`skgen --check` (or `--fix`) before it compiles.

    from skgen.cpp_extension import BuildExtension   # or skgen.BuildExtension
    setup(..., cmdclass={"build_ext": BuildExtension})
    setup(..., cmdclass={"build_ext": BuildExtension.with_options(skgen="fix")})

This is route 2 of docs/user-guide.md (setup.py / torch.utils.cpp_extension)
run at the right moment: torch writes the extension's build.ninja, `ninja -t
compdb` turns it into compile_commands.json in the same directory (the
extension's exact flags), skgen checks (or fixes) the sources listed there,
and only then does ninja compile. Out-of-date generated code fails build_ext
with skgen's diff and diagnostics on the output; `--fix` rewrites the sources
before they are compiled. The mode comes from with_options(skgen=...), or
`build_ext --skgen=fix` on the command line: "check" (default), "fix", "off".
"""
import json
import os
import subprocess
import sys

from setuptools.errors import ExecError
from torch.utils import cpp_extension as _torch

import skgen

MODES = ("check", "fix", "off")


def write_compile_database(build_directory):
    """Writes build_directory/compile_commands.json from its build.ninja;
    returns the source files it lists."""
    db = subprocess.run(["ninja", "-C", build_directory, "-t", "compdb"],
                        check=True, stdout=subprocess.PIPE).stdout
    with open(os.path.join(build_directory, "compile_commands.json"), "wb") as f:
        f.write(db)
    return sorted({os.path.join(e["directory"], e["file"]) for e in json.loads(db)})


def run_skgen(mode, build_directory, args=()):
    """Runs `skgen --<mode> -p build_directory <sources>`; raises ExecError
    (build_ext fails) unless skgen exits 0."""
    sources = write_compile_database(build_directory)
    cmd = [skgen.executable(), "--" + mode, "-p", build_directory, *args, *sources]
    print(" ".join(cmd), flush=True)
    sys.stderr.flush()
    status = subprocess.run(cmd).returncode
    if status == 1 and mode == "check":
        raise ExecError("skgen --check: the generated code is out of date (the diff "
                        "above); build with skgen='fix' or run skgen --fix")
    if status != 0:
        raise ExecError("skgen --%s failed (exit %d)" % (mode, status))


class BuildExtension(_torch.BuildExtension):
    user_options = _torch.BuildExtension.user_options + [
        ("skgen=", None, "skgen mode before compiling: check (default), fix, off"),
    ]

    def __init__(self, *args, **kwargs):
        self._skgen_default = kwargs.pop("skgen", "check")
        self._skgen_args = list(kwargs.pop("skgen_args", ()))
        super().__init__(*args, **kwargs)

    def initialize_options(self):
        super().initialize_options()
        self.skgen = None

    def finalize_options(self):
        super().finalize_options()
        if self.skgen is None:
            self.skgen = self._skgen_default
        if self.skgen not in MODES:
            raise ValueError("skgen=%r: one of %s" % (self.skgen, ", ".join(MODES)))

    def build_extensions(self):
        if self.skgen == "off":
            return super().build_extensions()
        if not self.use_ninja:
            raise ExecError("skgen.BuildExtension needs torch's Ninja build "
                            "(use_ninja=True, the default; `pip install ninja`)")
        # torch writes build.ninja and then calls _run_ninja_build: skgen
        # runs in between, on the database of exactly that file.
        run_ninja = _torch._run_ninja_build

        def check_then_build(build_directory, *args, **kwargs):
            run_skgen(self.skgen, build_directory, self._skgen_args)
            return run_ninja(build_directory, *args, **kwargs)

        _torch._run_ninja_build = check_then_build
        try:
            super().build_extensions()
        finally:
            _torch._run_ninja_build = run_ninja
