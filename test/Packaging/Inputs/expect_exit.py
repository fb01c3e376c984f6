"""expect_exit.py CODE CMD...: run CMD, succeed only if it exits with CODE."""
import subprocess
import sys

code = subprocess.call(sys.argv[2:])
if code != int(sys.argv[1]):
    sys.exit(f"expected exit code {sys.argv[1]}, got {code}")
