"""Checks skgen's annotation table (lib/Basic/Annotations.def, printed by
`skgen --print-vocabulary=annotations`) against include/skgen/annotations.h:
both list the same macros; under Clang each macro, used with the table's
example arguments, expands to the table's annotate("skgen.<name>", ...) with
the table's number of arguments after the name; with the annotations off
(GCC, SKGEN_DISABLE_ANNOTATIONS) each expands to nothing.

usage: check_annotation_table.py SKGEN CLANGXX CXX INCLUDE_DIR"""
import re
import subprocess
import sys

skgen, clangxx, cxx, include = sys.argv[1:5]
HEADER = "#include <skgen/annotations.h>\n"
failures = []


def run(cmd, text):
    return subprocess.run(cmd, input=text, stdout=subprocess.PIPE, check=True,
                          universal_newlines=True).stdout


rows = [line.split("\t") for line in
        run([skgen, "--print-vocabulary=annotations"], "").splitlines()]
table = {r[0]: r for r in rows}
if len(rows) < 13 or len(table) != len(rows):
    failures.append("the table has %d rows, %d distinct macros" % (len(rows), len(table)))


def header_macros(compiler, extra):
    out = run([compiler, "-std=c++17", "-E", "-dM", "-x", "c++", "-I" + include] + extra + ["-"], HEADER)
    names = set(re.findall(r"^#define (SKGEN_[A-Z_]+)", out, re.M))
    return names - {"SKGEN_ANNOTATE_", "SKGEN_ANNOTATIONS_H", "SKGEN_DISABLE_ANNOTATIONS"}


for compiler, extra, what in [(clangxx, [], "clang++"), (cxx, [], "g++"),
                              (clangxx, ["-DSKGEN_DISABLE_ANNOTATIONS"], "clang++ -DSKGEN_DISABLE_ANNOTATIONS")]:
    names = header_macros(compiler, extra)
    for m in sorted(names - set(table)):
        failures.append("%s: annotations.h defines %s, the table lacks it" % (what, m))
    for m in sorted(set(table) - names):
        failures.append("%s: the table has %s, annotations.h does not define it" % (what, m))

# One use per line, then the preprocessed lines, in order.
uses = "".join("%s%s\n" % (r[0], r[5]) for r in rows)
for compiler, extra, on in [(clangxx, [], True), (cxx, [], False),
                            (clangxx, ["-DSKGEN_DISABLE_ANNOTATIONS"], False)]:
    out = run([compiler, "-std=c++17", "-E", "-P", "-x", "c++", "-I" + include] + extra + ["-"],
              HEADER + "#pragma skgen_begin\n" + uses)
    lines = out.split("#pragma skgen_begin\n", 1)[1].splitlines()
    lines = [l for l in lines if l.strip()] if not on else lines
    if not on:
        if lines:
            failures.append("%s %s: expected no expansion, got %r" % (compiler, " ".join(extra), lines))
        continue
    for r, line in zip(rows, lines):
        m = re.fullmatch(r'\s*__attribute__\(\(annotate\("([^"]*)"(.*)\)\)\)\s*', line)
        if not m:
            failures.append("%s%s expands to %r, not an annotate attribute" % (r[0], r[5], line))
            continue
        if m.group(1) != r[1]:
            failures.append("%s: annotate(%r), the table says %r" % (r[0], m.group(1), r[1]))
        # Arguments after the name: string literals separated by commas.
        args = re.findall(r'"(?:[^"\\]|\\.)*"', m.group(2))
        if len(args) != int(r[2]):
            failures.append("%s: %d argument(s) after the name, the table says %s" % (r[0], len(args), r[2]))

for f in failures:
    print("error: " + f)
print("%d macros checked, %d failures" % (len(rows), len(failures)))
sys.exit(1 if failures else 0)
