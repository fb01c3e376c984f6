#!/usr/bin/env python3
"""Per-folder and slowest-test figures from lit's `--time-tests` record.

lit writes `.lit_test_times.txt` in a suite's exec root after each run (one
line per test: seconds, then the test's path in the suite; a failed test's
time is negative, so lit runs it first next time). This prints Markdown
tables of them, for docs/testing.md:

    utils/lit_times.py [--top N] LABEL=build/test/.lit_test_times.txt ...

One column per file (a leg of the suite); a test missing from a file has no
time there. lit also records the tests it did not run (unsupported, in
microseconds): times under 1 ms are left out. The folders are test/'s, which
mirror lib/.
"""

import argparse
import collections
import sys

RAN = 0.001  # Seconds: below, lit did not run the test.


def read_times(path):
    times = {}
    with open(path) as f:
        for line in f:
            parts = line.split(None, 1)
            if len(parts) == 2 and abs(float(parts[0])) >= RAN:
                times[parts[1].strip()] = abs(float(parts[0]))
    return times


def folder(test):
    return test.split("/", 1)[0] if "/" in test else "."


def seconds(x):
    return "%.1f" % x if x < 10 else "{:,}".format(round(x))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="+", metavar="LABEL=FILE")
    parser.add_argument("--top", type=int, default=10,
                        help="slowest tests to list (default 10)")
    args = parser.parse_args()
    legs = []
    for arg in args.files:
        label, sep, path = arg.partition("=")
        if not sep:
            label, path = arg, arg
        legs.append((label, read_times(path)))

    by_folder = [collections.defaultdict(list) for _ in legs]
    for (label, times), folders in zip(legs, by_folder):
        for test, t in times.items():
            folders[folder(test)].append((t, test))
    names = sorted(set().union(*by_folder))

    out = sys.stdout
    out.write("| Folder | " + " | ".join(
        "%s: tests, s (slowest)" % label for label, _ in legs) + " |\n")
    out.write("| --- |" + " ---: |" * len(legs) + "\n")
    for name in names:
        cells = []
        for folders in by_folder:
            tests = folders.get(name)
            if not tests:
                cells.append("-")
                continue
            t, slowest = max(tests)
            cells.append("%d, %s (%s %s)" % (
                len(tests), seconds(sum(x for x, _ in tests)),
                slowest.split("/", 1)[-1], seconds(t)))
        out.write("| %s | %s |\n" % (name, " | ".join(cells)))
    totals = []
    for _, times in legs:
        totals.append("%d, %s" % (len(times), seconds(sum(times.values()))))
    out.write("| all | %s |\n" % " | ".join(totals))

    for label, times in legs:
        out.write("\nSlowest %d, %s:\n\n| Test | s |\n| --- | ---: |\n" %
                  (min(args.top, len(times)), label))
        for test, t in sorted(times.items(), key=lambda kv: -kv[1])[:args.top]:
            out.write("| `%s` | %s |\n" % (test, seconds(t)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
