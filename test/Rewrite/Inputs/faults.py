"""Fault injection for `skgen --fix` (test/Rewrite/fault-injection.test).

usage: faults.py SKGEN INPUTS WORKDIR [SCENARIO...]

Each scenario copies ops.cpp and other.cpp (both need a new block) into a
fresh directory, runs `skgen --facts=facts.json --fix`, stops it at a stage
of its commit with the SKGEN_TEST_PAUSE hook (docs/rewrite.md), does
something there (a signal, SIGKILL, an edit, a delete, a new file), lets it
go on, and prints one line:

  <scenario>: exit=<code or -signal> ops=<state> other=<state> [out=<state>]
              left=<files named *.skgen-* in the directory>

where a state is old (as before the run), new (as `skgen --fix` writes it
when nothing interferes), edited (the test's own edit), missing, or other.
After a SIGKILL it runs skgen again and prints a second line
`<scenario> then <mode>: ...` with the recovery's message.

strace scenarios (names starting with strace-) inject system call failures
with `strace -e inject=...`.
"""
import os
import resource
import shutil
import signal
import subprocess
import sys
import time

SKGEN, INPUTS, WORK = sys.argv[1:4]
sys.path.insert(0, INPUTS)
import mkfacts  # noqa: E402


def read(path):
    try:
        with open(path, "rb") as f:
            return f.read()
    except FileNotFoundError:
        return None


def setup(name, output=False):
    d = os.path.join(WORK, name)
    shutil.rmtree(d, ignore_errors=True)
    os.makedirs(d)
    for f in ("ops.cpp", "other.cpp"):
        shutil.copy(os.path.join(INPUTS, f), d)
    facts(d)
    return d


def facts(d):
    saved = sys.argv
    sys.argv = ["mkfacts", os.path.join(INPUTS, "both.json.in"), d,
                os.path.join(d, "facts.json")]
    mkfacts.main()
    sys.argv = saved


def command(output):
    cmd = [SKGEN, "--facts=facts.json", "--fix"]
    if output:
        cmd.append("--output=gen/out.cpp")
    return cmd


# What each file holds after an undisturbed run.
EXPECTED = {}


def expected(output):
    if output not in EXPECTED:
        d = setup("reference-%d" % output)
        subprocess.run(command(output), cwd=d, check=True)
        EXPECTED[output] = {f: read(os.path.join(d, f))
                            for f in ("ops.cpp", "other.cpp", "gen/out.cpp")}
    return EXPECTED[output]


EDIT = b"// edited by the user while skgen ran\n"


def state(d, f, output):
    now = read(os.path.join(d, f))
    old = read(os.path.join(INPUTS, f)) if f != "gen/out.cpp" else None
    new = expected(output)[f]
    if now is None:
        return "missing"
    if now == old:
        return "old"
    if now == new:
        return "new"
    if old is not None and now == old + EDIT:
        return "edited"
    if now == EDIT:
        return "edited"
    return "other"


def leftovers(d):
    left = []
    for root, _, files in os.walk(d):
        left += [f for f in files if ".skgen-" in f]
    return ",".join(sorted(left)) or "none"


def report(label, d, rc, output, extra=""):
    files = ["ops.cpp", "other.cpp"] + (["gen/out.cpp"] if output else [])
    names = {"ops.cpp": "ops", "other.cpp": "other", "gen/out.cpp": "out"}
    st = " ".join("%s=%s" % (names[f], state(d, f, output)) for f in files)
    print("%s: exit=%d %s left=%s%s" % (label, rc, st, leftovers(d), extra))


def default_signals():
    # lit may start tests with SIGINT ignored; skgen would then ignore it too.
    for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        signal.signal(sig, signal.SIG_DFL)


def paused(flag, proc):
    deadline = time.time() + 60
    while not os.path.exists(flag):
        if proc.poll() is not None or time.time() > deadline:
            return False
        time.sleep(0.005)
    return True


def run_paused(d, stages, output=False, prefix=None):
    """Starts skgen paused at each of `stages` in turn; yields at each."""
    flags = {s: os.path.join(d, "..", os.path.basename(d) + "." + s)
             for s in stages}
    env = dict(os.environ)
    env["SKGEN_TEST_PAUSE"] = ",".join("%s:%s" % (s, f)
                                       for s, f in flags.items())
    proc = subprocess.Popen((prefix or []) + command(output), cwd=d, env=env,
                            stderr=subprocess.PIPE, preexec_fn=default_signals)
    return proc, flags


def go(flag):
    os.remove(flag)


def finish(proc):
    _, err = proc.communicate(timeout=120)
    return proc.returncode, err.decode()


def first_error(err):
    for line in err.splitlines():
        if "error:" in line or "warning:" in line:
            return "  [" + line.split(": ", 1)[1] + "]"
    return ""


def signal_at(name, stage, sig):
    d = setup(name)
    proc, flags = run_paused(d, [stage])
    if not paused(flags[stage], proc):
        print(name + ": did not reach " + stage)
        return
    proc.send_signal(sig)
    time.sleep(0.05)
    go(flags[stage])
    rc, err = finish(proc)
    report(name, d, rc, False, first_error(err))


def kill_at(name, stage, then=("--fix",)):
    d = setup(name)
    proc, flags = run_paused(d, [stage])
    if not paused(flags[stage], proc):
        print(name + ": did not reach " + stage)
        return
    proc.send_signal(signal.SIGKILL)
    rc, _ = finish(proc)
    os.remove(flags[stage])
    report(name, d, rc, False)
    for mode in then:
        cmd = [SKGEN, "--facts=facts.json"] + ([mode] if mode else [])
        r = subprocess.run(cmd, cwd=d, capture_output=True)
        report("%s then %s" % (name, mode or "diff"), d, r.returncode, False,
               first_error(r.stderr.decode()))


def edit_at(name, stage, what, output=False):
    d = setup(name)
    proc, flags = run_paused(d, [stage], output=output)
    if not paused(flags[stage], proc):
        print(name + ": did not reach " + stage)
        return
    what(d)
    go(flags[stage])
    rc, err = finish(proc)
    report(name, d, rc, output, first_error(err))


def append(f):
    def act(d):
        with open(os.path.join(d, f), "ab") as h:
            h.write(EDIT)
    return act


def delete(f):
    return lambda d: os.remove(os.path.join(d, f))


def create(f):
    def act(d):
        os.makedirs(os.path.dirname(os.path.join(d, f)), exist_ok=True)
        with open(os.path.join(d, f), "wb") as h:
            h.write(EDIT)
    return act


def stale_fd():
    """Opens ops.cpp before the exchange, writes through it afterwards."""
    name = "stale-fd"
    d = setup(name)
    proc, flags = run_paused(d, ["commit", "cleanup"])
    if not paused(flags["commit"], proc):
        print(name + ": did not reach commit")
        return
    h = open(os.path.join(d, "ops.cpp"), "ab")
    go(flags["commit"])
    if not paused(flags["cleanup"], proc):
        print(name + ": did not reach cleanup")
        return
    h.write(EDIT)
    h.close()
    go(flags["cleanup"])
    rc, err = finish(proc)
    report(name, d, rc, False, first_error(err))


def file_size_limit():
    name = "ulimit-f"
    d = setup(name)
    proc = subprocess.Popen(
        command(False), cwd=d, stderr=subprocess.PIPE,
        preexec_fn=lambda: resource.setrlimit(resource.RLIMIT_FSIZE,
                                              (1024, 1024)))
    rc, err = finish(proc)
    report(name, d, rc, False, first_error(err))


def strace(name, inject):
    d = setup(name)
    cmd = ["strace", "-f", "-o", "/dev/null", "-e", "inject=" + inject]
    r = subprocess.run(cmd + command(False), cwd=d, capture_output=True)
    report(name, d, r.returncode, False, first_error(r.stderr.decode()))


SCENARIOS = {
    "sigint-at-prepare": lambda: signal_at("sigint-at-prepare", "prepare",
                                           signal.SIGINT),
    "sigterm-at-commit": lambda: signal_at("sigterm-at-commit", "commit",
                                           signal.SIGTERM),
    "sighup-at-commit-1": lambda: signal_at("sighup-at-commit-1", "commit-1",
                                            signal.SIGHUP),
    "sigint-at-cleanup": lambda: signal_at("sigint-at-cleanup", "cleanup",
                                           signal.SIGINT),
    "sigxfsz-at-commit": lambda: signal_at("sigxfsz-at-commit", "commit",
                                           signal.SIGXFSZ),
    "kill-at-prepare": lambda: kill_at("kill-at-prepare", "prepare"),
    "kill-at-commit": lambda: kill_at("kill-at-commit", "commit"),
    "kill-at-commit-1": lambda: kill_at("kill-at-commit-1", "commit-1",
                                        then=("", "--check", "--fix")),
    "kill-at-cleanup": lambda: kill_at("kill-at-cleanup", "cleanup"),
    "edit-first-at-commit": lambda: edit_at("edit-first-at-commit", "commit",
                                            append("ops.cpp")),
    "edit-second-at-commit": lambda: edit_at("edit-second-at-commit",
                                             "commit", append("other.cpp")),
    "edit-second-at-commit-1": lambda: edit_at("edit-second-at-commit-1",
                                               "commit-1",
                                               append("other.cpp")),
    "delete-second-at-commit": lambda: edit_at("delete-second-at-commit",
                                               "commit", delete("other.cpp")),
    "edit-at-check": lambda: edit_at("edit-at-check", "check",
                                     append("ops.cpp")),
    "create-output-at-check": lambda: edit_at("create-output-at-check",
                                              "check", create("gen/out.cpp"),
                                              output=True),
    "create-output-at-commit": lambda: edit_at("create-output-at-commit",
                                               "commit",
                                               create("gen/out.cpp"),
                                               output=True),
    "stale-fd": stale_fd,
    "ulimit-f": file_size_limit,
    # The lock files take the first two pwrite64 calls, the temporaries the
    # next two; the exchanges are renameat2 calls 1 and 2 (3 undoes 1).
    "strace-enospc-second-temp": lambda: strace(
        "strace-enospc-second-temp", "pwrite64:error=ENOSPC:when=4"),
    "strace-eio-fsync": lambda: strace("strace-eio-fsync",
                                       "fsync:error=EIO:when=4"),
    "strace-eio-second-exchange": lambda: strace(
        "strace-eio-second-exchange", "renameat2:error=EIO:when=2"),
}

if __name__ == "__main__":
    os.makedirs(WORK, exist_ok=True)
    chosen = sys.argv[4:] or [k for k in SCENARIOS
                              if not k.startswith("strace")]
    for s in chosen:
        SCENARIOS[s]()
