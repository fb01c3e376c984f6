"""nvcc_db.py DIR COMPILER ARGS...: DIR/compile_commands.json with one
command, `COMPILER ARGS... -c gated.cu` in DIR, for DIR/gated.cu."""
import json
import os
import sys

d = sys.argv[1]
with open(os.path.join(d, "compile_commands.json"), "w") as f:
    json.dump([{"directory": d, "file": os.path.join(d, "gated.cu"),
                "arguments": sys.argv[2:] + ["-c", "gated.cu"]}], f)
