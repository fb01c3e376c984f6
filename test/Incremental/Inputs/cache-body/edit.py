"""edit.py FILE OLD NEW: replace the first OLD by NEW (\\n for newlines)."""
import sys

path, old, new = sys.argv[1], sys.argv[2].replace("\\n", "\n"), sys.argv[3].replace("\\n", "\n")
text = open(path).read()
if old not in text:
    sys.exit(f"{old!r} not in {path}")
open(path, "w").write(text.replace(old, new, 1))
