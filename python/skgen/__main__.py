"""The `skgen` console command: runs the binary of the wheel."""
import os
import sys

import skgen


def main():
    exe = skgen.executable()
    os.execv(exe, [exe] + sys.argv[1:])


if __name__ == "__main__":
    main()
