"""Runs a command with SKGEN_TEST_PAUSE=check:PAUSE; when skgen stops there,
replaces SOURCE by a symbolic link to TARGET, lets skgen go on, and prints
its output and `exit=<code>`. COMMAND runs in SOURCE's parent's parent.

usage: swap-at-pause.py PAUSE SOURCE TARGET -- COMMAND...
"""
import os
import subprocess
import sys
import time

pause, source, target = sys.argv[1:4]
cmd = sys.argv[sys.argv.index("--") + 1:]
env = dict(os.environ, SKGEN_TEST_PAUSE="check:" + pause)
p = subprocess.Popen(cmd, cwd=os.path.dirname(os.path.dirname(source)),
                     env=env,
                     stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
deadline = time.time() + 60
while not os.path.exists(pause):
    if p.poll() is not None or time.time() > deadline:
        sys.exit("skgen did not reach the pause")
    time.sleep(0.01)
os.unlink(source)
os.symlink(target, source)
os.unlink(pause)
out, _ = p.communicate()
sys.stdout.write(out.decode())
print("exit=%d" % p.returncode)
