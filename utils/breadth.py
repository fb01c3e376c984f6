#!/usr/bin/env python3
"""The breadth test (docs/testing.md, "Breadth test"): native_functions.yaml's
structured out= families, generated as an skgen library, compared with aten
on OpInfo samples (test/E2E/Inputs/breadth/).

  utils/breadth.py --all                  # every family (about 4 min of compile)
  utils/breadth.py --sample 40 [--seed S] # what test/E2E/breadth.test runs

Steps: the aten names OpInfo has samples for (for --sample), generate.py
(each family with its derivatives.yaml formulas, verbatim), skgen --fix
--output=registrations.cpp, one compile against the venv's libtorch,
test_breadth.py (values, then gradients unless --no-gradients).

A formula skgen rejects fails the scan (an error at the formula). The
families whose formulas are rejected are written again without any of their
formulas (they are then compared as families without a derivatives.yaml
entry are not: their gradients are not compared) and skgen runs again, until
it accepts the file; the rejected ones, grouped by skgen's first error for
each, are printed and written to <workdir>/rejected.md (with --all and
--update-docs, to docs/breadth-formulas.md). Needs PyTorch 2.13's venv (<src>/.venv, the yaml
is its torchgen's) and Python's yaml for the generator (this interpreter).
Exit status: test_breadth.py's (1 on a mismatch KNOWN does not list).
"""
import argparse
import json
import os
import re
import subprocess
import sys
import time

SRC = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
INPUTS = os.path.join(SRC, "test", "E2E", "Inputs", "breadth")
sys.path.insert(0, os.path.join(SRC, "test"))

import torch_leg  # noqa: E402


DOC_HEAD = """# Breadth test: derivatives.yaml formulas skgen rejects

Written by `utils/breadth.py --all --update-docs` (docs/testing.md, "Breadth
test"): each family of the breadth library gets its derivatives.yaml entry's
formulas verbatim; the families whose formulas skgen rejects are built
without formulas (their gradients are not compared), grouped here by skgen's
first error for the family (the key of that formula in parentheses).

"""


def step(what, cmd, **kw):
    start = time.time()
    r = subprocess.run(cmd, **kw)
    print("[%s: %.0f s]" % (what, time.time() - start), flush=True)
    if r.returncode != 0:
        sys.exit(r.returncode)


ERROR = re.compile(r"^(?P<file>[^:\n]+):(?P<line>\d+):(?P<col>\d+): error: (?P<msg>.*)$",
                   re.M)
ANNOTATION = re.compile(r'SKGEN_(INPLACE_)?DERIVATIVE\("((?:[^"\\]|\\.)*)"')


def rejected_formulas(output, ops_cpp, manifest):
    """{family: {"reason", "key", "errors"}} of skgen's errors in ops_cpp;
    None if an error is outside every family's formulas."""
    with open(ops_cpp) as f:
        lines = f.read().split("\n")
    found = {}
    for m in ERROR.finditer(output):
        if os.path.abspath(m["file"]) != os.path.abspath(ops_cpp):
            return None
        line = int(m["line"])
        key = ANNOTATION.search(lines[line - 1])
        fam = next((f for f in manifest if f["lines"][0] <= line <= f["lines"][1]), None)
        if fam is None or key is None:
            return None
        name = ("in-place " if key.group(1) else "") + key.group(2)
        r = found.setdefault(fam["family"], {"reason": m["msg"], "key": name,
                                             "errors": [], "inplace_only": True})
        r["errors"].append([name, m["msg"]])
        r["inplace_only"] = r["inplace_only"] and bool(key.group(1))
    return found


def counts(rejected, manifest):
    """(functional entries accepted, entries, in-place entries accepted,
    in-place entries written)."""
    entries = len([m for m in manifest if m["derivative"]])
    inplace = len([m for m in manifest if m["inplace_derivative"] and
                   (m["inplace_formulas_emitted"] or m["inplace_formulas_dropped"])])
    functional_rejected = len([r for r in rejected.values() if not r["inplace_only"]])
    inplace_rejected = len([r for r in rejected.values()
                            if any(k.startswith("in-place ") for k, _ in r["errors"])])
    return entries - functional_rejected, entries, inplace - inplace_rejected, inplace


def rejected_table(rejected, manifest):
    """Markdown: the rejected formulas grouped by reason (skgen's first error)."""
    groups = {}
    for fam, r in sorted(rejected.items()):
        groups.setdefault(r["reason"], []).append("`%s` (`%s`)" % (fam, r["key"]))
    ok, entries, inplace_ok, inplace = counts(rejected, manifest)
    rows = ["%d of %d derivatives.yaml entries compile verbatim, %d of %d in-place entries "
            "(`SKGEN_INPLACE_DERIVATIVE`); rejected (a family whose only rejected formulas are "
            "its in-place entry's keeps its functional entry):" % (
                ok, entries, inplace_ok, inplace),
            "", "| skgen's first error | Families (rejected key) |", "|---|---|"]
    for reason, fams in sorted(groups.items(), key=lambda kv: (-len(kv[1]), kv[0])):
        rows.append("| %s | %s |" % (reason.replace("|", "\\|"), ", ".join(fams)))
    # A family's formulas may miss several helpers: each error, with every
    # family that has it (what adding one helper would give).
    every = {}
    for fam, r in sorted(rejected.items()):
        for key, msg in r["errors"]:
            every.setdefault(msg, set()).add(fam)
    rows += ["", "Every error (a family under each of its errors):", "",
             "| skgen's error | Families |", "|---|---|"]
    for msg, fams in sorted(every.items(), key=lambda kv: (-len(kv[1]), kv[0])):
        rows.append("| %s | %s |" % (msg.replace("|", "\\|"),
                                     ", ".join("`%s`" % f for f in sorted(fams))))
    return "\n".join(rows) + "\n"


def gradient_report(manifest, log, rejected_md):
    """Markdown: the formulas, and the gradient comparison by family and by
    cause (known_differences.py's reason, or the mismatch's comparison and
    outcomes)."""
    fams = {m["family"]: m for m in manifest}
    compared = set(log["families"])
    differing, causes = {}, {}
    for d in log["differences"]:
        differing.setdefault(d["family"], 0)
        differing[d["family"]] += 1
        cause = d["known"] or "MISMATCH %s: aten %s / skgen %s" % (
            d["comparison"], re.sub(r"\[[\d, ]*\]", "", d["aten"]),
            re.sub(r"\[[\d, ]*\]", "", d["skgen"]))
        c = causes.setdefault(cause, {"checks": 0, "families": set()})
        c["checks"] += 1
        c["families"].add(d["family"])
    with_formulas = [f for f, m in fams.items() if m["formulas"] and not m["formulas_dropped"]]
    no_entry = [f for f, m in fams.items() if not m["derivative"]]
    lines = ["# Breadth test: derivatives.yaml formulas and gradients", "", rejected_md,
             "## Gradients", "",
             "%d gradient checks on %d families, %d differ from aten's (%d mismatches)." % (
                 log["checks"], len(compared), len(log["differences"]),
                 len([d for d in log["differences"] if d["known"] is None])), "",
             "| Families | Number | Families |", "|---|---|---|"]
    groups = [
        ("with formulas, compared, agree everywhere",
         [f for f in with_formulas if f in compared and f not in differing]),
        ("with formulas, compared, some checks differ",
         [f for f in with_formulas if f in compared and f in differing]),
        ("with formulas, no OpInfo sample binds (not compared)",
         [f for f in with_formulas if f not in compared]),
        ("formulas rejected by skgen (not compared)",
         [f for f, m in fams.items() if m["formulas_dropped"]]),
        ("no derivatives.yaml entry, compared, agree everywhere",
         [f for f in no_entry if f in compared and f not in differing]),
        ("no derivatives.yaml entry, compared, some checks differ",
         [f for f in no_entry if f in compared and f in differing]),
        ("no derivatives.yaml entry, not compared",
         [f for f in no_entry if f not in compared])]
    for what, fs in groups:
        lines.append("| %s | %d | %s |" % (what, len(fs), ", ".join(
            "`%s`" % f for f in sorted(fs))))
    lines += ["", "Differences by cause:", "", "| Cause | Checks | Families |", "|---|---|---|"]
    for cause, c in sorted(causes.items(), key=lambda kv: -kv[1]["checks"]):
        lines.append("| %s | %d | %d: %s |" % (cause.replace("|", "\\|"), c["checks"],
                                               len(c["families"]), ", ".join(
                                                   "`%s`" % f for f in sorted(c["families"]))))
    return "\n".join(lines) + "\n"


def scan(args, gen, skgen, ops_cpp, manifest_path):
    """generate.py, then skgen, leaving out the formulas of the families
    skgen rejects until it accepts the file. The rejected {family: ...}."""
    dropped = {}
    drop_file = os.path.join(args.workdir, "drop-formulas.json")
    for attempt in range(1, 6):
        with open(drop_file, "w") as f:
            json.dump(dropped, f)
        step("generate", gen + ["--drop-formulas", drop_file])
        start = time.time()
        r = subprocess.run(skgen, capture_output=True, text=True)
        print("[skgen: %.0f s]" % (time.time() - start), flush=True)
        if r.returncode == 0:
            sys.stdout.write(r.stdout + r.stderr)
            return dropped
        with open(manifest_path) as f:
            manifest = json.load(f)["families"]
        new = rejected_formulas(r.stdout + r.stderr, ops_cpp, manifest)
        if not new or [f for f in new if f in dropped and (not dropped[f]["inplace_only"] or
                                                           new[f]["inplace_only"])]:
            sys.stdout.write(r.stdout + r.stderr)
            sys.exit("breadth: skgen failed on more than the derivatives.yaml formulas")
        for f, r in new.items():
            if f in dropped:  # the in-place entry left out, then the family's
                r["errors"] = dropped[f]["errors"] + r["errors"]
                r["reason"], r["key"] = dropped[f]["reason"], dropped[f]["key"]
            dropped[f] = r
        print("skgen rejected the formulas of %d families; again without them" % len(new),
              flush=True)
    sys.exit("breadth: skgen still rejects formulas after 5 runs")


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
    p.add_argument("--no-gradients", action="store_true",
                   help="no derivatives.yaml formulas, no gradient comparison")
    p.add_argument("--grad-samples", type=int, default=2,
                   help="OpInfo samples per dtype (float64, complex128) for the gradients")
    p.add_argument("--update-docs", action="store_true",
                   help="with --all: write the rejected formulas' table to "
                        "docs/breadth-formulas.md")
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
    flags = ["-std=c++17"] + leg.cxxflags.split() + ["-I" + os.path.join(SRC, "include"),
                                                     "-I" + INPUTS]
    skgen = [args.skgen, "--fix", "--output=" + w("registrations.cpp"), w("ops.cpp"),
             "--"] + flags
    if args.no_gradients:
        step("generate", gen)
        step("skgen", skgen)
    else:
        derivatives = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(yaml))),
                                   "autograd", "derivatives.yaml")
        gen += ["--derivatives", derivatives]
        rejected = scan(args, gen, skgen, w("ops.cpp"), w("families.json"))
        with open(w("families.json")) as f:
            manifest = json.load(f)["families"]
        table = rejected_table(rejected, manifest)
        ok, entries, inplace_ok, inplace = counts(rejected, manifest)
        print("%d of %d formulas compile verbatim" % (ok, entries))
        print("%d of %d in-place entries compile verbatim" % (inplace_ok, inplace))
        for fam, r in sorted(rejected.items()):
            print("rejected %s: %s" % (fam, "; ".join("%s: %s" % tuple(e) for e in r["errors"])))
        with open(w("rejected.md"), "w") as f:
            f.write(table)
        with open(w("rejected.json"), "w") as f:
            json.dump(rejected, f, indent=1)
        if args.update_docs and args.all:
            doc = os.path.join(SRC, "docs", "breadth-formulas.md")
            with open(doc, "w") as f:
                f.write(DOC_HEAD + table)
            print("wrote %s" % doc)
    step("compile", [args.cxx] + flags + ["-shared", "-fPIC", "-O1", "-Wall", "-Wextra",
                                          "-Werror", w("ops.cpp"), w("registrations.cpp"),
                                          "-o", w("libbreadth.so")] + leg.ldflags.split())
    r = subprocess.run(harness + [w("libbreadth.so"), w("families.json"), "--samples",
                                  str(args.samples), "--dtypes", str(args.dtypes),
                                  "--grad-samples",
                                  str(0 if args.no_gradients else args.grad_samples),
                                  "--grad-log", w("gradients.json")],
                       env=env)
    print("[compare with aten; total %.0f s]" % (time.time() - start))
    if not args.no_gradients and os.path.exists(w("gradients.json")):
        with open(w("families.json")) as f:
            manifest = json.load(f)["families"]
        with open(w("gradients.json")) as f:
            log = json.load(f)
        with open(w("report.md"), "w") as f:
            f.write(gradient_report(manifest, log, table))
        print("wrote %s" % w("report.md"))
    return r.returncode


if __name__ == "__main__":
    sys.exit(main())
