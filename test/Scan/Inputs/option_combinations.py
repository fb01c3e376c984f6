"""Links, as facts from elsewhere, each family of a scanned file with the
options its annotations give (the scan drops options it refuses), and says
whether the link phase refuses the combinations the scan refused, in the
same words.

usage: option_combinations.py SKGEN SOURCE SCAN_FACTS SCAN_STDERR WORKDIR
"""
import json
import os
import re
import subprocess
import sys

skgen, source, facts_path, stderr_path, work = sys.argv[1:6]
name = os.path.basename(source)

# Macro -> facts key, from the annotation vocabulary.
vocab = subprocess.run([skgen, "--print-vocabulary=annotations"],
                       check=True, capture_output=True, text=True).stdout
facts_key = {f[0]: f[4] for f in (l.split("\t") for l in vocab.splitlines())}

# Each family: the line of SKGEN_STRUCTURED, its option macros and their
# arguments, the lines it spans.
families = []
for number, line in enumerate(open(source).read().splitlines(), 1):
    m = re.match(r"(SKGEN_[A-Z_]+)(?:\((.*)\))?$", line)
    if line.startswith("SKGEN_STRUCTURED("):
        families.append({"line": number, "last": number, "options": []})
    elif m and families and families[-1]["last"] == number - 1:
        families[-1]["options"].append((m.group(1), m.group(2) or ""))
        families[-1]["last"] = number


def errors(text, pattern):
    """(line, message) of each error of \p text matching \p pattern."""
    out = []
    for l in text.splitlines():
        m = re.match(r".*?%s:(\d+):\d+: error: %s" % (re.escape(name), pattern),
                     l)
        if m:
            out.append((int(m.group(1)), m.group(2)))
    return out


scan_errors = errors(open(stderr_path).read(), "(.*)")
tu = json.load(open(facts_path))[0]
failed = False
for fam in families:
    kernel = next(k for k in tu["kernels"]
                  if k["annotation_loc"]["line"] == fam["line"])
    kernel.pop("annotation_errors", None)
    kernel.pop("functional_kernel", None)
    options = {}
    for macro, arg in fam["options"]:
        key, arg = facts_key[macro], arg.strip('"')
        if key == "functional_kernel":
            kernel[key] = True
        elif key == "meta_preset":
            options[key] = {"name": arg, "args": []}
        elif key.endswith("_function"):
            options[key] = "myops::" + arg
        else:
            options[key] = arg if arg else True
    kernel["options"] = options
    forged = dict(tu, kernels=[kernel], diagnostics=[])
    path = os.path.join(work, "%d.json" % fam["line"])
    json.dump([forged], open(path, "w"))
    link = subprocess.run([skgen, "--facts=" + path], cwd=work,
                          capture_output=True, text=True)
    refused = sorted(m for l, m in errors(
        link.stderr, r"malformed facts: the options of '[^']*' do not "
        r"combine: (.*)") if l == fam["line"])
    scanned = sorted(m for l, m in scan_errors
                     if fam["line"] <= l <= fam["last"])
    op = re.search(r'"myops::(\w+)', open(source).read().splitlines()[
        fam["line"] - 1]).group(1)
    if refused != scanned or (link.returncode == 0) != (not scanned):
        failed = True
        print("%s: scan refuses %s, link refuses %s (exit %d)" %
              (op, scanned, refused, link.returncode))
    else:
        print("%s: scan and link refuse %d combination(s)" % (op, len(refused)))
sys.exit(1 if failed else 0)
