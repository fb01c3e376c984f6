"""Damages the facts cache entries under a cache directory (for tests).

damage.py CACHE save NAME      copy every entry to NAME.<n> (for `restore`)
damage.py CACHE restore NAME   put the saved entries back (now stale)
damage.py CACHE truncate       cut every entry in half
damage.py CACHE flip           change one byte inside the facts of every entry
damage.py CACHE swap           give every entry another entry's contents
damage.py CACHE garbage        replace every entry by non-entry bytes
damage.py CACHE pch            truncate every precompiled header file
damage.py CACHE forge OLD NEW  replace the JSON string OLD by NEW in the facts
                               of every entry, the entry's length and checksum
                               recomputed (as an attacker who read Cache.cpp)
damage.py CACHE zero           replace every entry by a link to /dev/zero
"""
import glob
import json
import os
import shutil
import sys

cache, mode = sys.argv[1], sys.argv[2]
entries = sorted(glob.glob(os.path.join(cache, "facts", "*")))
if mode in ("truncate", "flip", "swap", "garbage", "save", "forge",
            "zero") and not entries:
    sys.exit("no cache entries in " + cache)
if mode == "save":
    for e in entries:
        shutil.copy(e, e + "." + sys.argv[3])
elif mode == "restore":
    for saved in glob.glob(os.path.join(cache, "facts", "*." + sys.argv[3])):
        os.replace(saved, saved[: -len(sys.argv[3]) - 1])
elif mode == "truncate":
    for e in entries:
        data = open(e, "rb").read()
        open(e, "wb").write(data[: len(data) // 2])
elif mode == "flip":
    for e in entries:
        data = bytearray(open(e, "rb").read())
        i = data.index(b'"cpp_name":"') if b'"cpp_name":"' in data else data.index(b"\nfacts ") + 10
        i += len('"cpp_name":"')
        data[i] ^= 0x01
        open(e, "wb").write(bytes(data))
elif mode == "swap":
    datas = [open(e, "rb").read() for e in entries]
    for e, d in zip(entries, datas[1:] + datas[:1]):
        open(e, "wb").write(d)
elif mode == "garbage":
    for e in entries:
        open(e, "wb").write(b"\x00garbage\n" * 10)
elif mode == "pch":
    for p in glob.glob(os.path.join(cache, "pch", "*.pch")):
        data = open(p, "rb").read()
        open(p, "wb").write(data[: len(data) // 2])
elif mode == "forge":
    # (Run from the source tree: cache.test runs a copy of this script.)
    sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..",
                                    "..", "Rewrite", "Inputs"))
    from mkfacts import xxh64
    old, new = json.dumps(sys.argv[3]), json.dumps(sys.argv[4])
    for e in entries:
        data = open(e, "rb").read().decode()
        head, rest = data.split("\nfacts ", 1)
        size, rest = rest.split("\n", 1)
        facts = rest[: int(size)]
        if old not in facts:
            sys.exit("%s not in the facts of %s" % (old, e))
        facts = facts.replace(old, new)
        body = "%s\nfacts %d\n%s\n" % (head, len(facts.encode()), facts)
        open(e, "wb").write(("%send %s\n" % (body, xxh64(body.encode()))).encode())
elif mode == "zero":
    for e in entries:
        os.remove(e)
        os.symlink("/dev/zero", e)
else:
    sys.exit("unknown mode " + mode)
