"""Known differences between the breadth library and aten (test_breadth.py).

Each entry: the families (or "*"), the comparisons, regexes over aten's and
skgen's outcomes as test_breadth.py prints them, and the reason."""

KNOWN = [
]
