"""Forges skgen facts (as an attacker or a corrupted shard would) for the
untrusted-input tests.

usage: forge_facts.py FACTS OUT CHANGE ARGS...

  set POINTER JSON   set the value at a JSON pointer, e.g.
                     set /0/kernels/0/loc/line 1e30
  target PATH        generated code goes into PATH, listed among the TU's
                     files with the hash of its current content
  list PATH [HASH]   PATH listed among the TU's files (its real hash, or
                     HASH: no file is read)
"""
import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..",
                                "Rewrite", "Inputs"))
from mkfacts import xxh64  # noqa: E402

src, out, change, args = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:]
facts = json.load(open(src))


def listed(path, digest=None):
    if digest is None:
        with open(path, "rb") as f:
            digest = xxh64(f.read())
    facts[0]["files"].append({"path": path, "hash": digest})


if change == "set":
    keys = [int(k) if k.isdigit() else k for k in args[0].split("/")[1:]]
    node = facts
    for k in keys[:-1]:
        node = node[k]
    node[keys[-1]] = json.loads(args[1])
elif change == "target":
    facts[0]["kernels"][0]["insert_file"] = args[0]
    listed(args[0])
elif change == "list":
    listed(args[0], args[1] if len(args) > 1 else None)
else:
    sys.exit("unknown change " + change)
with open(out, "w") as f:
    json.dump(facts, f, indent=1)
