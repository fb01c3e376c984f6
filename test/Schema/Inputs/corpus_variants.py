"""Compares skgen's derived functional/in-place schemas with PyTorch's own.

For every aten out= overload (`X.out` / `X.Y_out`) whose siblings exist under
the standard naming rule (functional `X[.Y]`, in-place `X_[.Y]`) and are real
siblings (the same arguments, by name and type, as the out= overload minus
its outs; aten has irregular pairs such as factory functions whose functional
takes dtype/layout/device), feeds the out schema to `skgen --derive-variants`
and checks that the derived schemas equal the registered ones byte for byte.
Prints every mismatch and a summary line.
"""
import subprocess
import sys

import torch

skgen = sys.argv[1]
schemas = {}
for s in map(str, torch._C._jit_get_all_schemas()):
    schemas[s.split("(", 1)[0]] = s


def overload_rule(ov):
    if ov == "out":
        return ""
    if ov.endswith("_out") and len(ov) > 4:
        return ov[:-4]
    return None


def args_of(schema):
    """(name, type without alias) of each argument; `out`s dropped."""
    out = []
    for a in torch._C.parse_schema(schema).arguments:
        if a.kwarg_only and a.alias_info is not None and a.alias_info.is_write:
            continue
        out.append((a.name, str(a.type)))
    return out


cases = []  # (out schema, expected functional, expected inplace or None)
for full, s in sorted(schemas.items()):
    if not full.startswith("aten::") or "." not in full:
        continue
    name, ov = full.split(".", 1)
    fov = overload_rule(ov)
    if fov is None:
        continue
    fname = name + ("." + fov if fov else "")
    iname = name + "_" + ("." + fov if fov else "")
    if fname not in schemas or args_of(schemas[fname]) != args_of(s):
        continue
    iexp = schemas.get(iname)
    if iexp is not None and args_of(iexp) != args_of(s):
        iexp = None
    cases.append((s, schemas[fname], iexp))

proc = subprocess.run([skgen, "--derive-variants"], input="\n".join(c[0] for c in cases) + "\n",
                      capture_output=True, text=True)
derived = {}
cur = None
for line in proc.stdout.splitlines():
    key, _, val = line.partition(": ")
    if key == "out":
        cur = derived.setdefault(val, {})
    else:
        cur[key] = val

def mutates_non_out(schema):
    return any(a.alias_info is not None and a.alias_info.is_write and not a.kwarg_only
               for a in torch._C.parse_schema(schema).arguments)


def without_return_names(schema):
    head, _, rets = schema.rpartition(" -> ")
    names = [r.name for r in torch._C.parse_schema(schema).returns]
    for n in names:
        if n:
            rets = rets.replace(" " + n + ",", ",").replace(" " + n + ")", ")")
            if rets.endswith(" " + n):
                rets = rets[: -len(n) - 1]
    return head + " -> " + rets


functional_ok = inplace_ok = inplace_total = rejected = unnamed = 0
mismatches = []
for out, fexp, iexp in cases:
    d = derived.get(out)
    if mutates_non_out(out):
        # skgen families mutate only their outs: these must be rejected.
        rejected += 1
        if d is not None:
            mismatches.append(("accepted a schema that mutates a non-out argument", out, "", ""))
        continue
    if d is None:
        mismatches.append(("not derived", out, "", ""))
        continue
    if d["functional"] == fexp:
        functional_ok += 1
    elif all(not r.name for r in torch._C.parse_schema(out).returns) and \
            d["functional"] == without_return_names(fexp):
        # aten's generated out= overloads drop the functional's return
        # names, so they cannot be derived; everything else must match.
        functional_ok += 1
        unnamed += 1
    else:
        mismatches.append(("functional", out, fexp, d["functional"]))
    if iexp is not None:
        inplace_total += 1
        if d["inplace"] == iexp:
            inplace_ok += 1
        else:
            mismatches.append(("inplace", out, iexp, d["inplace"]))

for kind, out, exp, got in mismatches:
    print(f"MISMATCH {kind}: {out}\n  expected: {exp}\n  derived:  {got}")
print(f"functional {functional_ok}/{len(cases) - rejected} (return names absent from out=: {unnamed}) "
      f"in-place {inplace_ok}/{inplace_total} rejected-by-design {rejected}")
sys.exit(1 if mismatches else 0)
