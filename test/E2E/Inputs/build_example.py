"""Builds the example op library (examples/) and the C++ runtime tests once,
into a shared directory, for all end-to-end lit tests.

  build_example.py <skgen source root> <shared build dir> [--cpp]

<shared>/example: cmake+ninja build of examples/ (compile_commands.json,
libskgen_example_ops.so, libskgen_example_override.so); <shared>/cpp: the
GoogleTest binary. Lit runs tests in parallel, so the build is serialized with
a file lock: the first test builds, the others wait and find it up to date
(ninja rebuilds whatever changed in the sources).
"""
import fcntl
import os
import subprocess
import sys


def run(cmd, log):
    with open(log, "a") as f:
        f.write("$ " + " ".join(cmd) + "\n")
        f.flush()
        r = subprocess.run(cmd, stdout=f, stderr=subprocess.STDOUT)
    if r.returncode != 0:
        sys.stdout.write(open(log).read()[-20000:])
        sys.exit(f"build_example.py: failed: {' '.join(cmd)} (log: {log})")


def configure_and_build(src, build, log, extra=()):
    args = ["cmake", "-S", src, "-B", build, "-G", "Ninja",
            "-DCMAKE_BUILD_TYPE=Release", *extra]
    stamp = os.path.join(build, "skgen-e2e-configure.txt")
    old = open(stamp).read() if os.path.exists(stamp) else None
    if old != "\n".join(args) or not os.path.exists(os.path.join(build, "build.ninja")):
        run(args, log)
        with open(stamp, "w") as f:
            f.write("\n".join(args))
    run(["ninja", "-C", build, "-j", os.environ.get("SKGEN_JOBS", "2")], log)


def main():
    root, shared = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    want_cpp = "--cpp" in sys.argv[3:]
    os.makedirs(shared, exist_ok=True)
    log = os.path.join(shared, "build.log")
    with open(os.path.join(shared, ".lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        example = os.path.join(shared, "example")
        configure_and_build(os.path.join(root, "examples"), example, log,
                            ["-DSKGEN_EXAMPLE_WERROR=ON"])
        if want_cpp:
            configure_and_build(os.path.join(root, "test", "E2E", "Inputs", "cpp"),
                                os.path.join(shared, "cpp"), log,
                                ["-DSKGEN_EXAMPLE_BUILD=" + example])
    print(example)


if __name__ == "__main__":
    main()
