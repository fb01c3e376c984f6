#!/usr/bin/env python3
"""The breadth test (docs/testing.md, "Breadth test"): native_functions.yaml's
structured out= families, generated as an skgen library, compared with aten
on OpInfo samples (test/E2E/Inputs/breadth/).

  utils/breadth.py --all                  # every family (about 4 min of compile)
  utils/breadth.py --sample 40 [--seed S] # what test/E2E/breadth.test runs

Steps: the aten names OpInfo has samples for (for --sample), generate.py,
skgen --fix --output=registrations.cpp, one compile against the venv's
libtorch, test_breadth.py. Needs PyTorch 2.13's venv (<src>/.venv, the yaml
is its torchgen's) and Python's yaml for the generator (this interpreter).
Exit status: test_breadth.py's (1 on a mismatch KNOWN does not list).
"""
import argparse
import os
import subprocess
import sys
import time

SRC = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
INPUTS = os.path.join(SRC, "test", "E2E", "Inputs", "breadth")
sys.path.insert(0, os.path.join(SRC, "test"))

import torch_leg  # noqa: E402


def step(what, cmd, **kw):
    start = time.time()
    r = subprocess.run(cmd, **kw)
    print("[%s: %.0f s]" % (what, time.time() - start), flush=True)
    if r.returncode != 0:
        sys.exit(r.returncode)


def main():
    p = argparse.ArgumentParser()
    which = p.add_mutually_exclusive_group(required=True)
    which.add_argument("--all", action="store_true")
    which.add_argument("--sample", type=int)
    which.add_argument("--families", help="comma-separated, e.g. add.out,sum.IntList_out")
    p.add_argument("--seed", default="0")
    p.add_argument("--samples", type=int, default=8, help="OpInfo samples per dtype")
    p.add_argument("--dtypes", type=int, default=2, help="dtypes per OpInfo")
    p.add_argument("--workdir", default="/tmp/skgen-breadth")
    p.add_argument("--skgen", default=os.path.join(SRC, "build-dev", "bin", "skgen"))
    p.add_argument("--cxx", default="c++")
    args = p.parse_args()

    leg = torch_leg.detect("venv", SRC)
    if not leg.available:
        sys.exit("breadth: the torch venv is %s" % leg.describe())
    yaml = subprocess.check_output(
        [leg.python, "-c", "import os, torchgen; print(os.path.join(os.path.dirname("
         "torchgen.__file__), 'packaged', 'ATen', 'native', 'native_functions.yaml'))"],
        text=True).strip()
    # The docs' family -> preset table is the generator's.
    step("docs table", [sys.executable, os.path.join(INPUTS, "generate.py"), "--yaml", yaml,
                        "--check-docs", os.path.join(SRC, "docs", "testing.md")])
    os.makedirs(args.workdir, exist_ok=True)
    w = lambda name: os.path.join(args.workdir, name)
    env = dict(os.environ, GLOG_minloglevel="2", PYTHONDONTWRITEBYTECODE="1")
    harness = [leg.python, os.path.join(INPUTS, "test_breadth.py")]
    start = time.time()

    gen = [sys.executable, os.path.join(INPUTS, "generate.py"), "--yaml", yaml,
           "--out", w("ops.cpp"), "--manifest", w("families.json")]
    if args.sample:
        step("OpInfo names", harness + ["--list-opinfo", w("opinfo.txt")], env=env)
        gen += ["--sample", str(args.sample), "--seed", args.seed, "--opinfo", w("opinfo.txt")]
    elif args.families:
        gen += ["--families", args.families]
    step("generate", gen)
    flags = ["-std=c++17"] + leg.cxxflags.split() + ["-I" + os.path.join(SRC, "include"),
                                                     "-I" + INPUTS]
    step("skgen", [args.skgen, "--fix", "--output=" + w("registrations.cpp"), w("ops.cpp"),
                   "--"] + flags)
    step("compile", [args.cxx] + flags + ["-shared", "-fPIC", "-O1", "-Wall", "-Wextra",
                                          "-Werror", w("ops.cpp"), w("registrations.cpp"),
                                          "-o", w("libbreadth.so")] + leg.ldflags.split())
    r = subprocess.run(harness + [w("libbreadth.so"), w("families.json"), "--samples",
                                  str(args.samples), "--dtypes", str(args.dtypes)], env=env)
    print("[compare with aten; total %.0f s]" % (time.time() - start))
    return r.returncode


if __name__ == "__main__":
    sys.exit(main())
