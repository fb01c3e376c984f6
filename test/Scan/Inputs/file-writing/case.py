"""One compile command with options that write files, scanned by skgen.

usage: case.py SKGEN WORKDIR NAME SOURCE [--watch F]... [--dashdash]
               -- COMPILER ARGS...

Makes WORKDIR/NAME with a copy of SOURCE (as ops.cpp or ops.cu) and a
compile_commands.json whose command is COMPILER ARGS (`{src}` is the copied
source, `{stub}`/`{include}` the torch stub and skgen's include directory,
`{toolkit}` the stand-in CUDA toolkit). Each --watch file is created first with
known content. Then a diff-only run (`skgen -p WORKDIR/NAME src`) must exit 0,
print a diff (the TU was scanned) and leave every file of the directory (but
skgen's own .skgen-cache) as it was: nothing created, nothing overwritten.
With --dashdash the command is given as `skgen src -- ARGS...` instead (a
fixed compilation database: Clang's driver reads ARGS to strip the inputs).
Prints `unchanged: NAME`, or what changed and exits 1.
"""
import json
import os
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", "..", "..", ".."))


def snapshot(top):
    files = {}
    for dirpath, dirnames, filenames in os.walk(top):
        dirnames[:] = [d for d in dirnames if d != ".skgen-cache"]
        for d in dirnames:
            files[os.path.relpath(os.path.join(dirpath, d), top) + "/"] = None
        for f in filenames:
            p = os.path.join(dirpath, f)
            with open(p, "rb") as fh:
                files[os.path.relpath(p, top)] = fh.read()
    return files


def main(argv):
    dash = argv.index("--")
    skgen, work, name, source = argv[1:5]
    opts, command = argv[5:dash], argv[dash + 1:]
    watch = [opts[i + 1] for i in range(len(opts)) if opts[i] == "--watch"]
    d = os.path.join(work, name)
    shutil.rmtree(d, ignore_errors=True)
    os.makedirs(d)
    ext = ".cu" if command[0].endswith("nvcc") else ".cpp"
    src = os.path.join(d, "ops" + ext)
    shutil.copy(source, src)
    subst = {"{src}": src,
             "{stub}": os.path.join(ROOT, "test", "Inputs", "torch-stub"),
             "{include}": os.path.join(ROOT, "include"),
             "{toolkit}": os.path.join(ROOT, "test", "Scan", "Inputs", "cuda",
                                       "toolkit")}
    args = []
    for a in command:
        for k, v in subst.items():
            a = a.replace(k, v)
        args.append(a)
    for w in watch:
        p = os.path.join(d, w)
        os.makedirs(os.path.dirname(p), exist_ok=True)
        with open(p, "w") as fh:
            fh.write("untouched by skgen\n")
    with open(os.path.join(d, "compile_commands.json"), "w") as fh:
        json.dump([{"directory": d, "file": src, "arguments": args}], fh)
    before = snapshot(d)
    run = ([skgen, src, "--"] + args[1:] if "--dashdash" in opts else
           [skgen, "-p", d, src])
    r = subprocess.run(run, cwd=d, stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, universal_newlines=True)
    after = snapshot(d)
    problems = []
    if r.returncode != 0:
        problems.append("skgen exited %d: %s" % (r.returncode, r.stderr))
    if "+++ " not in r.stdout:
        problems.append("no diff: the TU was not scanned")
    for f in sorted(set(before) | set(after)):
        if f not in before:
            problems.append("created: " + f)
        elif f not in after:
            problems.append("removed: " + f)
        elif before[f] != after[f]:
            problems.append("overwritten: " + f)
    if problems:
        print("%s: %s" % (name, " ".join(args)))
        for p in problems:
            print("  " + p)
        return 1
    print("unchanged: " + name)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
