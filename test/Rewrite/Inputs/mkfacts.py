"""Writes skgen facts JSON (as `skgen --dump-facts` would) from a template.

usage: mkfacts.py TEMPLATE DIR OUT

Replaces @DIR@ in the template with DIR, and every "@HASH@" file hash with
the hash of that file's current content (xxHash64, as skgen's hashContent),
so that tests do not depend on the scanner and can simulate a file that
changed after it was scanned.
"""
import json
import sys

M = (1 << 64) - 1
P1, P2, P3 = 0x9E3779B185EBCA87, 0xC2B2AE3D27D4EB4F, 0x165667B19E3779F9
P4, P5 = 0x85EBCA77C2B2AE63, 0x27D4EB2F165667C5


def rotl(x, r):
    return ((x << r) | (x >> (64 - r))) & M


def rnd(acc, lane):
    return (rotl((acc + lane * P2) & M, 31) * P1) & M


def xxh64(data, seed=0):
    n, i = len(data), 0
    u64 = lambda o: int.from_bytes(data[o:o + 8], "little")
    if n >= 32:
        v = [(seed + P1 + P2) & M, (seed + P2) & M, seed, (seed - P1) & M]
        while i + 32 <= n:
            for j in range(4):
                v[j] = rnd(v[j], u64(i + 8 * j))
            i += 32
        h = (rotl(v[0], 1) + rotl(v[1], 7) + rotl(v[2], 12) + rotl(v[3], 18)) & M
        for x in v:
            h = ((h ^ rnd(0, x)) * P1 + P4) & M
    else:
        h = (seed + P5) & M
    h = (h + n) & M
    while i + 8 <= n:
        h = (rotl(h ^ rnd(0, u64(i)), 27) * P1 + P4) & M
        i += 8
    if i + 4 <= n:
        h = (rotl(h ^ (int.from_bytes(data[i:i + 4], "little") * P1 & M), 23) * P2 + P3) & M
        i += 4
    while i < n:
        h = (rotl(h ^ (data[i] * P5 & M), 11) * P1) & M
        i += 1
    h ^= h >> 33
    h = (h * P2) & M
    h ^= h >> 29
    h = (h * P3) & M
    h ^= h >> 32
    return "%016x" % h


def main():
    template, directory, out = sys.argv[1:4]
    with open(template) as f:
        text = f.read().replace("@DIR@", directory)
    facts = json.loads(text)
    for tu in facts if isinstance(facts, list) else [facts]:
        for f in tu.get("files", []):
            if f.get("hash") == "@HASH@":
                with open(f["path"], "rb") as src:
                    f["hash"] = xxh64(src.read())
    with open(out, "w") as f:
        json.dump(facts, f, indent=1)


if __name__ == "__main__":
    main()
