"""Checks the preset list of docs/annotations.md ("### Presets") against the
table, `skgen --print-vocabulary=presets` (lib/Schema/MetaPresets.def): the
rows of its table name every preset, in the table's order, and the
paragraph after it names exactly the presets only libtorch's runtime has.

usage: check_preset_docs.py SKGEN ANNOTATIONS_MD
"""
import re
import subprocess
import sys

skgen, doc = sys.argv[1:3]
rows = [l.split("\t") for l in subprocess.run(
    [skgen, "--print-vocabulary=presets"], check=True, capture_output=True,
    text=True).stdout.splitlines()]
problems = []
for r in rows:
    if len(r) != 8 or not all(r):
        problems.append("vocabulary row %r: not 8 non-empty fields" % r)
names = [r[0] for r in rows]
libtorch_only = {r[0] for r in rows if r[2] == "libtorch"}

text = open(doc).read()
section = text[text.index("\n### Presets\n"):]
section = section[:section.index("\n### ", 1)]
table = section[section.index("\n| Preset |"):]
table, paragraph = table.split("\n\n", 1)
documented = re.findall(r"^\| `(\w+)` \|", table, re.M)
if documented != names:
    problems.append("docs table lists %s; the table has %s" %
                    (documented, names))
# "`clamp`, ... live in `skgen/presets/tensor_iterator.h`; ... they are not
# offered by the stable-ABI runtime": the paragraph after the table.
paragraph = paragraph[:re.search(r"not\s+offered\s+by\s+the\s+stable-ABI",
                                 paragraph).start()]
# (binary_float is named for its rounding_mode role, "like binary_float's".)
named = set(re.findall(r"`(\w+)`", paragraph)) & set(names) - {"binary_float"}
if named != libtorch_only:
    problems.append("docs name %s as libtorch-only; the table says %s" %
                    (sorted(named), sorted(libtorch_only)))
for p in problems:
    print("error: " + p)
print("%d presets, %d libtorch-only: docs %s" %
      (len(names), len(libtorch_only), "differ" if problems else "agree"))
sys.exit(1 if problems else 0)
