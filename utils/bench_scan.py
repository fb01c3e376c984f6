#!/usr/bin/env python3
"""Benchmark of the scan phase on a generated corpus (utils/make_corpus.py):
N translation units with the real torch headers, some annotated, a CMake
project and its compile database.

Measured in one run, interleaved (each round runs every mode once, in this
order): the median wall time and CPU time (user + system, all processes)
with their ratios to the baseline of the same run, and the peak resident
memory of the measured process tree. On a shared machine the CPU ratios are
the steadier ones.

  baseline      clang++ -fsyntax-only over all TUs (-jN, the TUs' flags):
                clang++-14 as in the performance issue, else the oldest
                clang++-N installed (Debian 13 has no 14)
  one-TU parse  skgen --no-cache --no-pch on one annotated TU (reference for
                one-file)
  cold          skgen --no-cache --no-pch -jN (no cache, no shared PCH)
  cold+pch      skgen -jN, empty cache (builds the shared PCH)
  no-change     skgen -jN again
  one-file      after a declaration added to one annotated TU
  body-only     after an edit inside a function body of one annotated TU
  steps         ninja bench_skgen_check (one scan step per TU + the check),
                facts and cache removed before
  steps-noop    ninja bench_skgen_check again (nothing changed)

skgen runs as `skgen --check -p build <all sources>` (scan, link, generate,
compare), as in CI or a pre-commit hook.

With --migrate, a corpus whose kernels are registered by hand (make_corpus
--hand-written) is measured instead, with `skgen --migrate -jN -p build <all
sources>` (the diff):

  migrate-cold  --no-cache: the annotation scan and --migrate's parse with
                bodies, both uncached
  migrate-fill  an empty cache (both parses, their entries written)
  migrate-warm  again, nothing changed (both answered by the cache) With --all-annotated a second
corpus in which every TU is annotated is measured too (baseline, cold,
cold+pch). With --full-build, a clean `ninja bench` (g++, -jN) is timed once
per corpus, to put the build steps in proportion.

Usage: utils/bench_scan.py [--tus 25] [--annotated 0.25] [--rounds 3]
                           [--all-annotated] [--full-build] [--migrate]
"""
import argparse
import json
import os
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "utils"))
import make_corpus  # noqa: E402


def run(cmd, cwd=None, ok=(0,)):
    """Runs cmd; returns (wall seconds, peak RSS in KiB, CPU seconds) of it
    and its descendants."""
    t0 = time.monotonic()
    p = subprocess.Popen(cmd, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    out = p.stdout.read()
    _, status, ru = os.wait4(p.pid, 0)
    t = time.monotonic() - t0
    rc = os.waitstatus_to_exitcode(status)
    if rc not in ok:
        sys.exit(f"failed ({rc}): {shlex.join(cmd)}\n{out.decode(errors='replace')[-3000:]}")
    return t, ru.ru_maxrss, ru.ru_utime + ru.ru_stime


def run_parallel(cmds, jobs):
    """Runs the commands, jobs at a time; (wall, max peak RSS, total CPU)."""
    t0 = time.monotonic()
    todo = list(cmds)
    lock = threading.Lock()
    peak = [0, 0.0]

    def worker():
        while True:
            with lock:
                if not todo:
                    return
                c = todo.pop()
            _, rss, cpu = run(c)
            with lock:
                peak[0] = max(peak[0], rss)
                peak[1] += cpu

    ts = [threading.Thread(target=worker) for _ in range(jobs)]
    for t in ts:
        t.start()
    for t in ts:
        t.join()
    return time.monotonic() - t0, peak[0], peak[1]


def baseline_compiler():
    for v in range(14, 30):
        if shutil.which(f"clang++-{v}"):
            return f"clang++-{v}"
    sys.exit("no clang++-N for the baseline")


BASELINE_CXX = baseline_compiler()


def syntax_only_commands(build):
    """The compile database's commands, as clang++-N -fsyntax-only."""
    cmds = []
    for e in json.load(open(os.path.join(build, "compile_commands.json"))):
        args = shlex.split(e["command"]) if "command" in e else e["arguments"]
        out, skip = [BASELINE_CXX, "-fsyntax-only"], False
        for a in args[1:]:
            if skip:
                skip = False
                continue
            if a in ("-o", "-MF", "-MT", "-MQ"):
                skip = True
                continue
            if a in ("-c", "-MD", "-MMD"):
                continue
            out.append(a)
        cmds.append(out)
    return cmds


class Corpus:
    def __init__(self, d, tus, annotated, skgen, jobs, hand_written=False):
        self.d, self.skgen, self.jobs = d, skgen, jobs
        self.build = os.path.join(d, "build")
        self.files = make_corpus.make_corpus(d, tus, annotated, skgen, fix=not hand_written,
                                             hand_written=hand_written)
        self.annotated = self.files[:annotated]
        self.edits = 0

    def skgen_cmd(self, *extra):
        return [self.skgen, "--check", f"-j{self.jobs}", "-p", self.build, *extra] + self.files

    def clear_cache(self):
        shutil.rmtree(os.path.join(self.build, ".skgen-cache"), ignore_errors=True)

    def edit(self, body):
        """A declaration added to, or a body edited in, the first annotated TU."""
        self.edits += 1
        path = self.annotated[0]
        text = open(path).read()
        if body:
            text = text.replace("  return x + 0;", f"  int y{self.edits} = x;\n  return x + 0;", 1)
        else:
            text = text.replace("int helper0(int x) {", f"int extra{self.edits}();\nint helper0(int x) {{", 1)
        open(path, "w").write(text)

    # --- modes ---------------------------------------------------------------
    def baseline(self):
        return run_parallel(syntax_only_commands(self.build), self.jobs)

    def one_tu(self):
        return run([self.skgen, "--dump-facts=-", "--no-cache", "--no-pch", "-p", self.build,
                    self.annotated[0]])

    def cold(self):
        return run(self.skgen_cmd("--no-cache", "--no-pch"))

    def cold_pch(self):
        self.clear_cache()
        return run(self.skgen_cmd())

    def no_change(self):
        return run(self.skgen_cmd())

    def one_file(self):
        self.edit(body=False)
        return run(self.skgen_cmd())

    def body_only(self):
        self.edit(body=True)
        return run(self.skgen_cmd())

    def steps(self):
        self.clear_cache()
        shutil.rmtree(os.path.join(self.build, "skgen"), ignore_errors=True)
        os.makedirs(os.path.join(self.build, "skgen", "bench", "src"))
        return run(["ninja", "-C", self.build, f"-j{self.jobs}", "bench_skgen_check"])

    def steps_noop(self):
        t = run(["ninja", "-C", self.build, f"-j{self.jobs}", "bench_skgen_check"])
        out = subprocess.run(["ninja", "-C", self.build, "-n", "bench_skgen_check"],
                             capture_output=True, text=True).stdout
        if "no work to do" not in out:
            sys.exit("ninja had work to do after a no-op build:\n" + out)
        return t

    def migrate_cmd(self, *extra):
        return [self.skgen, "--migrate", f"-j{self.jobs}", "-p", self.build, *extra] + self.files

    def migrate_cold(self):
        return run(self.migrate_cmd("--no-cache"))

    def migrate_fill(self):
        self.clear_cache()
        return run(self.migrate_cmd())

    def migrate_warm(self):
        return run(self.migrate_cmd())

    def full_build(self):
        subprocess.run(["ninja", "-C", self.build, "-t", "clean", "bench"], check=True,
                       stdout=subprocess.DEVNULL)
        return run(["ninja", "-C", self.build, f"-j{self.jobs}", "bench"])


MODES = [
    ("baseline", f"{BASELINE_CXX} -fsyntax-only, all TUs", Corpus.baseline),
    ("one-TU", "skgen: parse of one annotated TU (no cache, no PCH)", Corpus.one_tu),
    ("cold", "skgen --no-cache --no-pch", Corpus.cold),
    ("cold+pch", "skgen, empty cache (shared PCH)", Corpus.cold_pch),
    ("no-change", "skgen, nothing changed", Corpus.no_change),
    ("one-file", "skgen, a declaration added to one TU", Corpus.one_file),
    ("body-only", "skgen, a function body edited in one TU", Corpus.body_only),
    ("steps", "ninja: scan steps + check, empty cache", Corpus.steps),
    ("steps-noop", "ninja: scan steps + check, nothing changed", Corpus.steps_noop),
]
ALL_ANNOTATED_MODES = ["baseline", "cold", "cold+pch"]
MIGRATE_MODES = [
    ("baseline", f"{BASELINE_CXX} -fsyntax-only, all TUs", Corpus.baseline),
    ("migrate-cold", "skgen --migrate --no-cache", Corpus.migrate_cold),
    ("migrate-fill", "skgen --migrate, empty cache", Corpus.migrate_fill),
    ("migrate-warm", "skgen --migrate, nothing changed", Corpus.migrate_warm),
]


def measure(corpus, modes, rounds, all_modes=MODES):
    results = {m: [] for m in modes}
    for r in range(rounds):
        for name, _, fn in all_modes:
            if name in modes:
                t, rss, cpu = fn(corpus)
                results[name].append((t, rss, cpu))
                print(f"  round {r + 1}: {name}: {t:.2f} s, {cpu:.2f} s CPU, "
                      f"{rss / 1024:.0f} MiB", file=sys.stderr, flush=True)
    return results


def median(results, name, i):
    return statistics.median(r[i] for r in results[name])


def table(title, results, extra=(), all_modes=MODES):
    base, base_cpu = median(results, "baseline", 0), median(results, "baseline", 2)
    print(f"\n{title}\n")
    print("| mode | what | wall s | wall ratio | CPU s | CPU ratio | peak MiB |")
    print("|---|---|---|---|---|---|---|")
    for name, what, _ in all_modes:
        if name not in results:
            continue
        t, cpu = median(results, name, 0), median(results, name, 2)
        rss = max(r[1] for r in results[name]) / 1024
        print(f"| {name} | {what} | {t:.2f} | {t / base:.3f} | {cpu:.2f} | "
              f"{cpu / base_cpu:.3f} | {rss:.0f} |")
    for line in extra:
        print(line)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--skgen", default=os.path.join(ROOT, "build", "bin", "skgen"))
    ap.add_argument("--tus", type=int, default=25)
    ap.add_argument("--annotated", type=float, default=0.25,
                    help="fraction of the TUs with an annotated kernel")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--modes", default=",".join(m for m, _, _ in MODES))
    ap.add_argument("--all-annotated", action="store_true")
    ap.add_argument("--full-build", action="store_true")
    ap.add_argument("--keep", help="build the corpora in this directory and keep them")
    ap.add_argument("--migrate", action="store_true",
                    help="measure --migrate on a hand-written corpus")
    a = ap.parse_args()
    modes = a.modes.split(",")
    if "baseline" not in modes:
        modes.insert(0, "baseline")
    n_ann = max(1, round(a.tus * a.annotated))
    top = a.keep or tempfile.mkdtemp(prefix="skgen-bench-")
    if a.migrate:
        try:
            print(f"corpus: {a.tus} TUs with <ATen/ATen.h> and <torch/library.h>, {n_ann} "
                  f"registering an out= kernel by hand; -j{a.jobs}; median of {a.rounds} "
                  "interleaved rounds")
            c = Corpus(os.path.join(top, "hand"), a.tus, n_ann, a.skgen, a.jobs,
                       hand_written=True)
            modes = [m for m, _, _ in MIGRATE_MODES]
            res = measure(c, modes, a.rounds, MIGRATE_MODES)
            table(f"{a.tus} TUs, {n_ann} hand-written", res, (), MIGRATE_MODES)
        finally:
            if not a.keep:
                shutil.rmtree(top, ignore_errors=True)
        return
    try:
        print(f"corpus: {a.tus} TUs with <ATen/ATen.h> and <torch/library.h>, {n_ann} "
              f"annotated; -j{a.jobs}; median of {a.rounds} interleaved rounds")
        c = Corpus(os.path.join(top, "corpus"), a.tus, n_ann, a.skgen, a.jobs)
        res = measure(c, modes, a.rounds)
        extra = []
        if "one-TU" in res:
            for m in ("one-file", "body-only"):
                if m in res:
                    extra.append(f"* {m} / one-TU parse: wall "
                                 f"{median(res, m, 0) / median(res, 'one-TU', 0):.2f}, CPU "
                                 f"{median(res, m, 2) / median(res, 'one-TU', 2):.2f}")
        if a.full_build:
            t, rss, cpu = c.full_build()
            extra.append(f"* full build (`ninja bench`, g++ -j{a.jobs}): {t:.1f} s wall, "
                         f"{cpu:.1f} s CPU, {rss / 1024:.0f} MiB")
            if "steps" in res:
                extra.append(f"* scan steps + check / full build: wall "
                             f"{median(res, 'steps', 0) / t:.4f}, CPU "
                             f"{median(res, 'steps', 2) / cpu:.4f}")
        table(f"{a.tus} TUs, {n_ann} annotated", res, extra)
        if a.all_annotated:
            c2 = Corpus(os.path.join(top, "all"), a.tus, a.tus, a.skgen, a.jobs)
            res2 = measure(c2, [m for m in ALL_ANNOTATED_MODES if m in modes or m == "baseline"],
                           a.rounds)
            table(f"{a.tus} TUs, all annotated", res2)
    finally:
        if not a.keep:
            shutil.rmtree(top, ignore_errors=True)


if __name__ == "__main__":
    main()
