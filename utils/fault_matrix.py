#!/usr/bin/env python3
"""Interrupts `skgen --fix` at random moments and counts broken outcomes.

usage: utils/fault_matrix.py SKGEN [--runs N] [--files N] [--delay-ms MS]

The measurement behind docs/rewrite.md ("Measured"). A tree of --files
sources (copies of test/Rewrite/Inputs/ops.cpp, each with its own op) gets
its blocks with `skgen --facts=... --fix` run under strace, every rename
slowed down by --delay-ms (`-e inject=rename,renameat2:delay_enter=...`), so
that a signal lands in the write phase. Half of the runs get SIGINT, half
SIGKILL, at a random time within the write phase. Then:

* torn: the run left some files new and some old (or any other content);
* debris: it left *.skgen-* files behind;
* after a SIGKILL, skgen --fix runs again and the same is checked after it
  ("after rerun"), as a user would do.

It also replays the lost-update report: an append to the first file while its
rename is delayed; `lost` means the append was overwritten.
"""
import argparse
import json
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
INPUTS = os.path.join(ROOT, "test", "Rewrite", "Inputs")
sys.path.insert(0, INPUTS)
import mkfacts  # noqa: E402


def make_tree(d, n):
    os.makedirs(d)
    src = open(os.path.join(INPUTS, "ops.cpp")).read()
    tmpl = open(os.path.join(INPUTS, "ops.json.in")).read()
    tus = []
    for i in range(n):
        name = "ops%d.cpp" % i
        with open(os.path.join(d, name), "w") as f:
            f.write(src.replace("relu", "relu%d" % i))
        t = tmpl.replace("relu", "relu%d" % i).replace("@DIR@/ops.cpp",
                                                       "@DIR@/" + name)
        tus += json.loads(t)
    with open(os.path.join(d, "facts.json.in"), "w") as f:
        json.dump(tus, f)
    saved = sys.argv
    sys.argv = ["mkfacts", os.path.join(d, "facts.json.in"), d,
                os.path.join(d, "facts.json")]
    mkfacts.main()
    sys.argv = saved


def snapshot(d):
    return {f: open(os.path.join(d, f), "rb").read()
            for f in sorted(os.listdir(d)) if re.fullmatch(r"ops\d+\.cpp", f)}


def debris(d):
    return [f for f in os.listdir(d) if ".skgen-" in f]


def skgen_under(pid, skgen):
    """The skgen process strace runs (strace forks test children first)."""
    for _ in range(2000):
        try:
            with open("/proc/%d/task/%d/children" % (pid, pid)) as f:
                for kid in f.read().split():
                    with open("/proc/%s/cmdline" % kid, "rb") as c:
                        if c.read().split(b"\0")[0] == skgen.encode():
                            return int(kid)
        except OSError:
            pass
        time.sleep(0.001)
    return None


def traced(skgen, delay_us):
    inject = "inject=rename,renameat2:delay_enter=%d" % delay_us
    return ["strace", "-f", "-o", "/dev/null", "-e", inject, skgen,
            "--facts=facts.json", "--fix"]


def classify(d, old, new):
    now = snapshot(d)
    kinds = set("old" if now[f] == old[f] else "new" if now[f] == new[f]
                else "other" for f in now)
    return kinds, debris(d)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("skgen")
    ap.add_argument("--runs", type=int, default=16)
    ap.add_argument("--files", type=int, default=4)
    ap.add_argument("--delay-ms", type=int, default=300)
    a = ap.parse_args()
    skgen = os.path.abspath(a.skgen)
    work = tempfile.mkdtemp(prefix="skgen-faults-")
    base = os.path.join(work, "base")
    make_tree(base, a.files)
    ref = os.path.join(work, "ref")
    make_tree(ref, a.files)
    subprocess.run([skgen, "--facts=facts.json", "--fix"], cwd=ref,
                   check=True)
    old, new = snapshot(base), snapshot(ref)
    rng = random.Random(14)
    torn = dirty = torn_after = dirty_after = 0
    window = a.files * a.delay_ms / 1000.0
    for i in range(a.runs):
        d = os.path.join(work, "run%d" % i)
        make_tree(d, a.files)
        sig = signal.SIGINT if i % 2 == 0 else signal.SIGKILL
        p = subprocess.Popen(traced(skgen, a.delay_ms * 1000), cwd=d,
                             stderr=subprocess.DEVNULL)
        kid = skgen_under(p.pid, skgen)
        # Wait for the write phase (a temporary appears), then a bit more.
        deadline = time.time() + 30
        while not debris(d) and time.time() < deadline and p.poll() is None:
            time.sleep(0.002)
        time.sleep(rng.uniform(0, window))
        if kid:
            try:
                os.kill(kid, sig)
            except ProcessLookupError:
                pass
        p.wait()
        kinds, left = classify(d, old, new)
        t = len(kinds) > 1 or "other" in kinds
        torn += t
        dirty += bool(left)
        line = "run %2d %-7s: %s%s" % (i, sig.name, "/".join(sorted(kinds)),
                                       " debris=%d" % len(left) if left else "")
        if sig == signal.SIGKILL:
            subprocess.run([skgen, "--facts=facts.json", "--fix"], cwd=d,
                           stdout=subprocess.DEVNULL,
                           stderr=subprocess.DEVNULL)
            kinds, left = classify(d, old, new)
            torn_after += len(kinds) > 1 or "other" in kinds
            dirty_after += bool(left)
            line += "  after rerun: %s%s" % ("/".join(sorted(kinds)),
                                             " debris=%d" % len(left)
                                             if left else "")
        print(line)
    print("torn %d/%d, debris %d/%d; after the rerun of the %d SIGKILL runs: "
          "torn %d, debris %d" % (torn, a.runs, dirty, a.runs, a.runs // 2,
                                  torn_after, dirty_after))

    # Lost update: append to the first file while its rename is delayed.
    d = os.path.join(work, "lost")
    make_tree(d, a.files)
    p = subprocess.Popen(traced(skgen, 2000000), cwd=d,
                         stderr=subprocess.PIPE)
    deadline = time.time() + 30
    while not debris(d) and time.time() < deadline:
        time.sleep(0.002)
    time.sleep(0.5)
    edit = b"// appended while skgen was writing\n"
    with open(os.path.join(d, "ops0.cpp"), "ab") as f:
        f.write(edit)
    _, err = p.communicate()
    kept = edit in open(os.path.join(d, "ops0.cpp"), "rb").read()
    msg = [l for l in err.decode().splitlines() if "error:" in l]
    print("lost update: exit %d, edit %s%s" % (
        p.returncode, "kept" if kept else "LOST",
        " (" + msg[0].split(": ", 1)[1] + ")" if msg else ""))
    shutil.rmtree(work)


if __name__ == "__main__":
    main()
