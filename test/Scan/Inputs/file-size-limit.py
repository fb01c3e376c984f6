"""Runs a command whose writes to regular files fail past N bytes, as on a
full disk (RLIMIT_FSIZE, SIGXFSZ ignored: write() returns EFBIG), and prints
its output, then `exit <status>`. Usage: file-size-limit.py N command..."""
import resource
import signal
import subprocess
import sys

limit = int(sys.argv[1])


def restrict():
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))


r = subprocess.run(sys.argv[2:], preexec_fn=restrict, stdout=subprocess.PIPE,
                   stderr=subprocess.PIPE)
sys.stdout.buffer.write(r.stdout)
sys.stderr.buffer.write(r.stderr)
print("exit", r.returncode)
