"""run_hook.py HOOKS_YAML ID DIR FILE...: run a hook of .pre-commit-hooks.yaml
the way pre-commit runs a `language: system` hook: in DIR, `entry` split like
a shell command, then `args`, then the files that match `files` (pre-commit
passes only the changed files). Exits with the hook's exit code."""
import re
import shlex
import subprocess
import sys

import yaml

hooks_file, hook_id, cwd, files = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:]
hooks = {h["id"]: h for h in yaml.safe_load(open(hooks_file))}
hook = hooks[hook_id]
for key in ("id", "name", "entry", "language"):  # required by pre-commit
    assert key in hook, f"{hook_id}: missing {key}"
assert hook["language"] == "system"
pattern = re.compile(hook.get("files", ""))
matched = [f for f in files if pattern.search(f)]
cmd = shlex.split(hook["entry"]) + hook.get("args", []) + matched
print("hook:", " ".join(cmd), flush=True)
sys.exit(subprocess.call(cmd, cwd=cwd))
