"""Builds the example op library and the C++ runtime tests once, into a
shared directory, for all end-to-end lit tests -- from what the CURRENT skgen
generates, not from the blocks committed in examples/src.

  build_example.py <skgen source root> <shared build dir> [--cpp]

Environment: SKGEN (the skgen binary), SKGEN_TORCH_CMAKE_PREFIX and
SKGEN_TORCH_CMAKE_ARGS (the lit leg's libtorch, test/torch_leg.py; empty for
Debian's), SKGEN_JOBS.

<shared>/regen: a copy of examples/ whose sources have their generated blocks
stripped (scratch_copy.strip) and regenerated with `skgen --fix`; files are
only rewritten when their text changes, so rebuilds stay incremental.
<shared>/example: its cmake+ninja build (libskgen_example_ops.so,
libskgen_example_override.so). <shared>/committed/compile_commands.json: the
same commands pointed at examples/src (for `skgen --check` on the committed
sources). <shared>/cpp: the GoogleTest binary. Lit runs tests in parallel, so
the build is serialized with a file lock: the first test builds, the others
wait and find it up to date.
"""
import fcntl
import json
import os
import shutil
import subprocess
import sys

import scratch_copy


def run(cmd, log):
    with open(log, "a") as f:
        f.write("$ " + " ".join(cmd) + "\n")
        f.flush()
        r = subprocess.run(cmd, stdout=f, stderr=subprocess.STDOUT)
    if r.returncode != 0:
        sys.stdout.write(open(log).read()[-20000:])
        sys.exit(f"build_example.py: failed: {' '.join(cmd)} (log: {log})")


def configure(src, build, log, extra=()):
    args = ["cmake", "-S", src, "-B", build, "-G", "Ninja",
            "-DCMAKE_BUILD_TYPE=Release", *extra]
    # The PyTorch leg (test/torch_leg.py): where its TorchConfig.cmake is.
    prefix = os.environ.get("SKGEN_TORCH_CMAKE_PREFIX", "")
    if prefix:
        args.append("-DCMAKE_PREFIX_PATH=" + prefix)
    args += os.environ.get("SKGEN_TORCH_CMAKE_ARGS", "").split()
    stamp = os.path.join(build, "skgen-e2e-configure.txt")
    old = open(stamp).read() if os.path.exists(stamp) else None
    if old != "\n".join(args) or not os.path.exists(os.path.join(build, "build.ninja")):
        run(args, log)
        with open(stamp, "w") as f:
            f.write("\n".join(args))


def build(build_dir, log):
    run(["ninja", "-C", build_dir, "-j", os.environ.get("SKGEN_JOBS", "2")], log)


def write_if_changed(path, text):
    if os.path.exists(path):
        with open(path, newline="") as f:
            if f.read() == text:
                return
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", newline="") as f:
        f.write(text)


def read(path):
    with open(path, newline="") as f:
        return f.read()


def pointed_at(cdb, old_dir, new_dir):
    """The entries of compile database cdb for files in old_dir, for the same
    file names in new_dir."""
    out = []
    for e in cdb:
        if os.path.dirname(os.path.abspath(e["file"])) != old_dir:
            continue
        e = dict(e)
        new = os.path.join(new_dir, os.path.basename(e["file"]))
        for k in ("command", "arguments"):
            if k in e:
                e[k] = (e[k].replace(e["file"], new) if k == "command"
                        else [a.replace(e["file"], new) for a in e[k]])
        e["file"] = new
        out.append(e)
    return out


def regenerate(root, shared, example, log):
    """examples/ -> <shared>/regen with freshly generated blocks."""
    skgen = os.environ.get("SKGEN") or sys.exit("build_example.py: SKGEN is not set")
    src = os.path.join(root, "examples")
    regen, stage = os.path.join(shared, "regen"), os.path.join(shared, "regen-stage")
    # Everything but the sources as is (CMakeLists.txt, override/, headers).
    for dirpath, _, files in os.walk(src):
        rel = os.path.relpath(dirpath, src)
        if rel == "build" or rel.startswith("build" + os.sep):
            continue
        for name in files:
            text = read(os.path.join(dirpath, name))
            if rel == "src" and name.endswith(".cpp"):
                text = scratch_copy.strip(text)
                write_if_changed(os.path.join(stage, name), text)
                if os.path.exists(os.path.join(regen, rel, name)):
                    continue  # written below, once regenerated
            write_if_changed(os.path.join(regen, rel, name), text)
    # examples/CMakeLists.txt takes skgen/annotations.h from ../include.
    inc = os.path.join(root, "include")
    for dirpath, _, files in os.walk(inc):
        for name in files:
            path = os.path.join(dirpath, name)
            write_if_changed(os.path.join(shared, "include", os.path.relpath(path, inc)),
                             read(path))
    configure(regen, example, log, ["-DSKGEN_EXAMPLE_WERROR=ON"])
    with open(os.path.join(example, "compile_commands.json")) as f:
        cdb = json.load(f)
    regen_src = os.path.join(regen, "src")
    with open(os.path.join(stage, "compile_commands.json"), "w") as f:
        json.dump(pointed_at(cdb, regen_src, stage), f, indent=2)
    committed = os.path.join(shared, "committed")
    os.makedirs(committed, exist_ok=True)
    with open(os.path.join(committed, "compile_commands.json"), "w") as f:
        json.dump(pointed_at(cdb, regen_src, os.path.join(src, "src")), f, indent=2)
    sources = sorted(os.path.join(stage, n) for n in os.listdir(stage) if n.endswith(".cpp"))
    run([skgen, "--fix", "-j", "2", "-p", stage, *sources], log)
    for path in sources:
        write_if_changed(os.path.join(regen_src, os.path.basename(path)), read(path))


def main():
    root, shared = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    want_cpp = "--cpp" in sys.argv[3:]
    os.makedirs(shared, exist_ok=True)
    log = os.path.join(shared, "build.log")
    with open(os.path.join(shared, ".lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        example = os.path.join(shared, "example")
        regenerate(root, shared, example, log)
        build(example, log)
        if want_cpp:
            cpp = os.path.join(shared, "cpp")
            configure(os.path.join(root, "test", "E2E", "Inputs", "cpp"), cpp, log,
                      ["-DSKGEN_EXAMPLE_BUILD=" + example])
            build(cpp, log)
    print(example)


if __name__ == "__main__":
    main()
