"""Checks that skgen's facts reader checks every field of a facts file.

usage: facts_fields.py SKGEN FULL_FACTS DIR

FULL_FACTS has every member of the format set (not its default). First it
must load and dump back unchanged (`--dump-facts`). Then, for every value in
it, forged copies (a wrong type; for integers, out of range; for paths,
enumerations and hashes, a bad value; for every object an unknown member and
each missing required member) must each be rejected with exit code 2 (an error) and
`FILE:LINE:COL: error: malformed facts at POINTER: MESSAGE`, LINE:COL being
where that value is in the forged file. Prints one line per case; exits 1 on
the first case that is not rejected so.
"""
import json
import os
import re
import subprocess
import sys

skgen, full, work = sys.argv[1:4]
facts = json.load(open(full))

PATHS = {"file", "main_file", "path", "insert_file"}
NONEMPTY_PATHS = {"main_file", "path"}
ENUMS = {"level": ['"error"', '"warning"', '"note"'],
         "kind": ['"structured"', '"kernel"']}
HASHES = {"hash"}
# Members a reader requires, by the role of the object holding them.
REQUIRED = {
    "tu": ["main_file"],
    "file": ["path", "hash"],
    "kernel": ["kind", "schema", "schema_loc", "keys", "cpp_name", "loc",
               "annotation_loc"],
    "loc": ["file", "line", "column"],
    "range": ["begin", "end"],
    "diagnostic": ["level", "loc", "message"],
    "meta_preset": ["name"],
    "fallback": ["op"],
    "options": [], "param": [],
}
ROLES = {"kernels": "kernel", "files": "file", "diagnostics": "diagnostic",
         "notes": "diagnostic", "ranges": "range", "params": "param",
         "return": "param", "options": "options", "meta_preset": "meta_preset",
         "fallback": "fallback", "loc": "loc", "schema_loc": "loc",
         "annotation_loc": "loc", "begin": "loc", "end": "loc"}
MAX = 2147483647


def role(keys):
    names = [k for k in keys if isinstance(k, str)]
    return ROLES[names[-1]] if names else "tu"


def pointer(keys):
    return "/" + "/".join(str(k) for k in keys)


def kind_of(v):
    if isinstance(v, bool):
        return "a boolean"
    if isinstance(v, float):
        return "the number " + json.dumps(v)
    if isinstance(v, int):
        return "the integer " + json.dumps(v)
    return {str: "a string", dict: "an object", list: "an array",
            type(None): "a null"}[type(v)]


def cases(v, keys):
    """(keys of the value reported, forged value or DELETE, message)."""
    key = next((k for k in reversed(keys) if isinstance(k, str)), None)
    if isinstance(v, bool):
        yield keys, "yes", "expected true or false, found a string"
    elif isinstance(v, int):
        for bad in ["7", 1e30, -1, MAX + 1, 2.5]:
            yield keys, bad, ("expected an integer from 0 to %d, found %s"
                              % (MAX, kind_of(bad)))
    elif isinstance(v, str):
        yield keys, 5, "expected a string, found the integer 5"
        if key in ENUMS and not isinstance(keys[-1], int):
            names = ENUMS[key]
            yield keys, "bogus", ("expected %s or %s, found \"bogus\""
                                  % (", ".join(names[:-1]), names[-1]))
        if key in PATHS:
            for bad in ["rel/ops.cpp", "/a/../b.cpp", "/a//b.cpp"]:
                yield keys, bad, ("expected an absolute, normalized path, "
                                  "found " + json.dumps(bad))
            yield keys, "/a\u0001.cpp", ('path "/a\\u0001.cpp" contains a '
                                         "control character")
            if key in NONEMPTY_PATHS:
                yield keys, "", "expected a path, found an empty string"
        if key == "category":
            yield keys, "signature", (
                "expected a diagnostic category (skgen "
                "--print-vocabulary=diagnostic-rules, without 'skgen-'), "
                'found "signature"')
        if key in HASHES:
            for bad in ["0123456789ABCDEF", "0123", ""]:
                yield keys, bad, ("expected a content hash (16 lower-case "
                                  "hex digits), found " + json.dumps(bad)
                                  if bad else "expected a content hash (16 "
                                  "lower-case hex digits), found an empty "
                                  "string")
    elif isinstance(v, list):
        if keys:  # The document itself may be an object (one TU).
            yield keys, {}, "expected an array, found an object"
        for i, e in enumerate(v):
            yield from cases(e, keys + [i])
    elif isinstance(v, dict):
        yield keys, [], "expected an object, found an array"
        yield keys + ["zz_unknown"], 0, 'unknown member "zz_unknown"'
        for k in REQUIRED[role(keys)]:
            assert k in v, pointer(keys + [k]) + " missing from " + full
            yield keys + [k], "DELETE", 'missing member "%s"' % k
        for k, e in v.items():
            yield from cases(e, keys + [k])


def forged(keys, value):
    doc = json.loads(json.dumps(facts))
    node = doc
    for k in keys[:-1]:
        node = node[k]
    if value == "DELETE":
        del node[keys[-1]]
    else:
        node[keys[-1]] = value
    return doc


def run(*args):
    return subprocess.run([skgen] + list(args), cwd=work, timeout=60,
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          universal_newlines=True)


def fail(what):
    print("FAIL: " + what)
    sys.exit(1)


# Every member set: loads, and dumps back the same.
r = run("--facts=" + full, "--dump-facts=-")
if r.returncode != 0 or json.loads(r.stdout) != facts:
    fail("%s did not round-trip (exit %d):\n%s%s"
         % (full, r.returncode, r.stderr, r.stdout))
print("round trip: same")

n = 0
name = os.path.join(work, "forged.json")
for keys, value, message in cases(facts, []):
    doc = forged(keys, value)
    text = json.dumps(doc, indent=1)
    with open(name, "w") as f:
        f.write(text)
    r = run("--facts=" + name)
    # A missing member is reported at the object that lacks it.
    at = keys[:-1] if value == "DELETE" else keys
    want = "malformed facts at %s: %s" % (pointer(at), message)
    first = r.stderr.split("\n")[0]
    m = re.match(r"^(.*):(\d+):(\d+): error: (.*)$", first)
    if r.returncode != 2 or not m or m.group(1) != "forged.json" or m.group(4) != want:
        fail("%s = %s: exit %d, expected 'error: %s', got:\n%s"
             % (pointer(keys), json.dumps(value), r.returncode, want,
                r.stderr))
    line, col = int(m.group(2)), int(m.group(3))
    offset = sum(len(l) + 1 for l in text.split("\n")[:line - 1]) + col - 1
    node = doc
    for k in at:
        node = node[k]
    if not text[offset:].startswith(json.dumps(node, indent=1).split("\n")[0]):
        fail("%s: %d:%d is not the value: %r" % (pointer(at), line, col,
                                                 text[offset:offset + 20]))
    print("%s: %s" % (pointer(at), message))
    n += 1
print("%d forged files, each rejected at its value" % n)
