"""Deterministic mutations of schema strings (truncations, deletions,
duplications, swaps, random bytes) for the parser's no-crash test."""
import random
import sys

rng = random.Random(int(sys.argv[2]) if len(sys.argv) > 2 else 1)
seeds = [l.rstrip("\n") for l in open(sys.argv[1]) if l.strip()]
alphabet = "()[]<>,*!?|=.:-'\" \t\\aAzZ019_eEj\x00\xff"
count = int(sys.argv[3]) if len(sys.argv) > 3 else 5000
out = sys.stdout.buffer
for _ in range(count):
    s = bytearray(rng.choice(seeds).encode())
    for _ in range(rng.randint(1, 4)):
        op = rng.randrange(5)
        i = rng.randrange(len(s) + 1)
        if op == 0:
            del s[i:]
        elif op == 1 and s:
            del s[i:i + rng.randint(1, 5)]
        elif op == 2:
            s[i:i] = s[i:i + rng.randint(1, 8)]
        elif op == 3:
            s[i:i] = rng.choice(alphabet).encode("latin-1")
        elif op == 4 and len(s) > 2:
            j = rng.randrange(len(s))
            s[i % len(s)], s[j] = s[j], s[i % len(s)]
    out.write(bytes(s).replace(b"\n", b" ") + b"\n")
