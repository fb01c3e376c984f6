"""Forges the --migrate entries of a skgen cache (for tests), as an attacker
who read Cache.cpp: the payload changed, its length and the entry's checksum
recomputed.

migrate-cache-forge.py CACHE replace OLD NEW  OLD -> NEW in every payload
                                              that holds OLD (one at least)
migrate-cache-forge.py CACHE grow KEY N       add N to every integer member
                                              KEY of the payloads
"""
import glob
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..",
                                "Rewrite", "Inputs"))
from mkfacts import xxh64

cache, mode = sys.argv[1], sys.argv[2]
forged = 0
for e in sorted(glob.glob(os.path.join(cache, "migrate", "*"))):
    data = open(e, "rb").read().decode()
    head, rest = data.split("\npayload ", 1)
    size, rest = rest.split("\n", 1)
    payload = rest[: int(size)]
    if mode == "replace":
        new = payload.replace(sys.argv[3], sys.argv[4])
    elif mode == "grow":
        new = re.sub(r'"%s":(\d+)' % re.escape(sys.argv[3]),
                     lambda m: '"%s":%d' % (sys.argv[3],
                                            int(m.group(1)) + int(sys.argv[4])),
                     payload)
    else:
        sys.exit("unknown mode " + mode)
    if new == payload:
        continue
    forged += 1
    body = "%s\npayload %d\n%s\n" % (head, len(new.encode()), new)
    open(e, "wb").write(("%send %s\n" % (body, xxh64(body.encode()))).encode())
if not forged:
    sys.exit("nothing forged under " + cache)
