"""Compares the breadth library (generate.py's families of native_functions.yaml)
with aten on the calls PyTorch's OpInfo samples make.

  test_breadth.py --list-opinfo FILE      the aten names OpInfo has samples for
  test_breadth.py LIB.so families.json [--samples K] [--dtypes N] [-v]

For each family, the OpInfos of its aten op (OpInfo.aten_name), the first K
samples of each of N dtypes the OpInfo supports on CPU; each sample is called
through aten's and the library's operators (torch.ops.aten.* and
torch.ops.breadth.*, so both bind the arguments alike): functional, in-place
(when aten has it), out= with a right-sized out, an out of another shape (the
resize warning), a zero-size out, an out of another dtype, and functional on
meta tensors. Compared: values (skgen_testing.difference, within the dtype's
tolerance), dtypes, shapes, errors (type and first line), warnings, the
in-place `self` and the out tensors afterwards. A sample whose arguments do not
bind to the family's overload (OpInfo samples cover every overload of the
Python function) is skipped. Exit status 1 on a mismatch that KNOWN does not
list (known_differences.py).

With --grad-samples K (utils/breadth.py's default 2; 0: none), gradients
too: gradients.py.
"""
import argparse
import itertools
import json
import os
import re
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import torch  # noqa: E402

import gradients  # noqa: E402
import skgen_testing as st  # noqa: E402
from known_differences import KNOWN  # noqa: E402


def import_op_db():
    """PyTorch's OpInfo database. Its test utilities import expecttest, a
    test-only dependency the venv does not have; only its TestCase base class
    is needed at import, so a stand-in is provided when it is missing."""
    try:
        import expecttest  # noqa: F401
    except ImportError:
        stub = tempfile.mkdtemp()
        with open(os.path.join(stub, "expecttest.py"), "w") as f:
            f.write("import unittest\nclass TestCase(unittest.TestCase):\n    pass\n")
        sys.path.insert(0, stub)
    from torch.testing._internal.common_methods_invocations import op_db
    return op_db


# Dtypes tried, in this order, among those the OpInfo supports on CPU.
DTYPES = [torch.float32, torch.int64, torch.float64, torch.bool,
          torch.complex64, torch.int32, torch.uint8, torch.bfloat16]
# Samples looked at per OpInfo and dtype for the first --samples that bind.
MAX_SAMPLES = 200
# The argument did not bind to the overload: the sample is for another one.
BINDING = re.compile(r"Unknown keyword argument|missing value for argument|"
                     r"Expected a value of type|expected at most|"
                     r"takes at most|overload|Expected a value of type")


def aten_names(info):
    """The aten ops an OpInfo's samples may be for: its aten_name, and its
    Python name without the module (nn.functional.silu: silu) or with the
    module in aten's spelling (special.entr: special_entr)."""
    names = {info.aten_name, info.name, info.name.replace(".", "_")}
    for prefix in ("nn.functional.", "_refs."):
        if info.name.startswith(prefix):
            names.add(info.name[len(prefix):])
    return names


# Python's loss reductions are strings, aten's are ints (at::Reduction).
REDUCTIONS = {"none": 0, "mean": 1, "sum": 2}


tree_map = gradients.tree_map


def clone(x):
    return tree_map(lambda t: t.clone(), x)


def on_meta(x):
    return tree_map(lambda t: t.to("meta"), x)


def overload(packet, name):
    return getattr(packet, name or "default")


class Family:
    def __init__(self, m):
        self.__dict__.update(m)
        aten, ours = getattr(torch.ops.aten, self.name), getattr(torch.ops.breadth, self.name)
        self.functional_ops = (overload(aten, self.functional), overload(ours, self.functional))
        self.out_ops = (getattr(aten, self.overload), getattr(ours, self.overload))
        self.inplace_ops = None
        if self.inplace is not None:
            self.inplace_ops = (overload(getattr(torch.ops.aten, self.name + "_"), self.inplace),
                                overload(getattr(torch.ops.breadth, self.name + "_"), self.inplace))


class Run:
    def __init__(self, verbose):
        self.verbose = verbose
        self.calls = 0
        self.mismatches = []
        self.known = {}
        self.skipped = 0
        self.warned = 0
        self.grad_records = []  # every gradient difference, for --grad-log

    def compare_grad(self, fam, what, label, a, b):
        """a, b: skgen_testing.outcome of aten's and the library's call."""
        norm = lambda o: o[:2] + (re.sub(r"\b(aten|breadth)::", "", o[2]),)
        why = None
        if a[0] != b[0]:
            why = "outcome"
        elif a[0] == "error":
            if norm(a) != norm(b):
                why = "error"
        else:
            d = st.difference(b[1], a[1], None, None)
            if d is not None:
                why = "result: " + d.split("\n")[0]
        if why is None:
            return
        show = lambda o: "ok %s" % describe(o[1]) if o[0] == "ok" else "%s: %s" % norm(o)[1:]
        known = self.explain(fam, what, label, why, show(a), show(b))
        self.grad_records.append({"family": fam.family, "comparison": what, "sample": label,
                                  "why": why, "aten": show(a), "skgen": show(b),
                                  "known": known})

    def show(self, o):
        if o[0][0] == "ok":
            return "ok %s%s" % (describe(o[0][1]), " warned %s" % o[1] if o[1] else "")
        return "%s: %s%s" % (o[0][1], o[0][2], " warned %s" % o[1] if o[1] else "")

    def compare(self, fam, what, sample, a, b, after=None):
        """a, b: outcome(..., warned=True, logged=True) of aten and the library; after:
        (aten's, ours) tensors to compare too (in-place self, out=)."""
        self.calls += 1
        why = None
        if a[0][0] != b[0][0]:
            why = "outcome"
        elif a[0][0] == "error" and a[0][1:] != b[0][1:]:
            why = "error"
        elif a[0][0] == "error" and after is not None:
            d = st.difference(after[1], after[0], None, None)
            if d is not None:  # in-place refused: self as aten leaves it
                why = "self after the refused call: " + d.split("\n")[0]
        elif a[0][0] == "ok":
            d = st.difference(b[0][1], a[0][1], None, None)
            if d is None and after is not None:
                d = st.difference(after[1], after[0], None, None)
            if d is not None:
                why = "result: " + d.split("\n")[0]
        # Resize warnings only: a TORCH_WARN_ONCE of aten's kernel warns at
        # the first call, aten's, and not at the library's, which calls it.
        wa, wb = ([w for w in o[1] if "resized" in w] for o in (a, b))
        if wa:
            self.warned += 1
        if why is None and wa != wb:
            why = "warnings"
        if why is None:
            return
        sa, sb = self.show(a), self.show(b)
        if sa == sb.replace("breadth::", "aten::"):
            return  # the same error, named after each operator's namespace
        self.explain(fam, what, sample, why, sa, sb)

    def explain(self, fam, what, sample, why, sa, sb):
        """The reason of KNOWN that lists the difference, or a mismatch (None)."""
        for k in KNOWN:
            families = k.get("families", ())
            if (fam.family in families or "*" in families or
                    ("when" in k and k["when"](fam.__dict__))) and \
                    what in k["comparisons"] and re.search(k["aten"], sa) and \
                    re.search(k["skgen"], sb) and re.search(k.get("why", ""), why):
                self.known[k["reason"]] = self.known.get(k["reason"], 0) + 1
                return k["reason"]
        self.mismatches.append("%s %s (%s): %s\n    aten:  %s\n    skgen: %s" %
                               (fam.family, what, sample, why, sa, sb))
        return None


def describe(v):
    if isinstance(v, torch.Tensor):
        return "%s%s" % (str(v.dtype).replace("torch.", ""), list(v.shape))
    if isinstance(v, (tuple, list)):
        return "(%s)" % ", ".join(describe(x) for x in v)
    return repr(v)


def outs_like(results, kind):
    """The out= tensors of one kind for aten's results."""
    rs = results if isinstance(results, (tuple, list)) else (results,)
    outs = []
    for r in rs:
        if kind == "out":
            outs.append(torch.empty(r.shape, dtype=r.dtype))
        elif kind == "out-wrong-shape":
            outs.append(torch.empty(r.numel() + 2, dtype=r.dtype))
        elif kind == "out-zero-size":
            outs.append(torch.empty(0, dtype=r.dtype))
        else:
            other = torch.int64 if (r.dtype.is_floating_point or r.dtype.is_complex) \
                else torch.float32
            outs.append(torch.empty(r.shape, dtype=other))
    return outs


def scalarized(op, args, kwargs):
    """The sample with a Python number (its first element) for each tensor
    passed where the overload takes a Scalar (eq.Scalar, clamp: OpInfo's
    samples pass tensors), or None if there is none."""
    args, kwargs, changed = list(args), dict(kwargs), False
    for i, a in enumerate(op._schema.arguments):
        if str(a.type) not in ("number", "Optional[number]"):
            continue
        where, key = (args, i) if i < len(args) else (kwargs, a.name)
        v = where[key] if isinstance(where, list) or key in where else None
        if isinstance(v, torch.Tensor) and v.numel() > 0:
            where[key] = v.flatten()[0].item()
            changed = True
    return (tuple(args), kwargs) if changed else None


def bind(fam, args, kwargs, label):
    """(args, kwargs, label, aten's functional outcome) of a sample that
    binds to the family's overload (as is, or with Scalar arguments as
    numbers), else None."""
    aten = fam.functional_ops[0]
    a = st.outcome(lambda: aten(*clone(args), **kwargs), warned=True, logged=True)
    if a[0][0] == "error" and BINDING.search(a[0][2]):
        alt = scalarized(aten, args, kwargs)
        if alt is None:
            return None
        args, kwargs = alt
        label += " (Scalar)"
        a = st.outcome(lambda: aten(*clone(args), **kwargs), warned=True, logged=True)
        if a[0][0] == "error" and BINDING.search(a[0][2]):
            return None
    return args, kwargs, label, a


def check_sample(run, fam, args, kwargs, label):
    bound = bind(fam, args, kwargs, label)
    if bound is None:
        run.skipped += 1
        return False
    args, kwargs, label, a = bound
    aten, ours = fam.functional_ops
    call = lambda op, a: st.outcome(lambda: op(*a, **kwargs), warned=True, logged=True)
    run.compare(fam, "functional", label, a, call(ours, clone(args)))
    if fam.inplace_ops is not None:
        xa, xb = clone(args), clone(args)
        ra, rb = call(fam.inplace_ops[0], xa), call(fam.inplace_ops[1], xb)
        run.compare(fam, "inplace", label, ra, rb, (xa[0], xb[0]))
    if a[0][0] == "ok":
        for kind in ("out", "out-wrong-shape", "out-zero-size", "out-wrong-dtype"):
            oa, ob = outs_like(a[0][1], kind), outs_like(a[0][1], kind)
            ka = dict(kwargs, **dict(zip(fam.outs, oa)))
            kb = dict(kwargs, **dict(zip(fam.outs, ob)))
            ra = st.outcome(lambda: fam.out_ops[0](*clone(args), **ka), warned=True, logged=True)
            rb = st.outcome(lambda: fam.out_ops[1](*clone(args), **kb), warned=True, logged=True)
            run.compare(fam, kind, label, ra, rb,
                        (oa, ob) if ra[0][0] == "ok" else None)
    margs, mkw = on_meta(args), on_meta(kwargs)
    ma = st.outcome(lambda: aten(*margs, **mkw), warned=True, logged=True)
    mb = st.outcome(lambda: ours(*margs, **mkw), warned=True, logged=True)
    run.compare(fam, "meta", label, ma, mb)
    return True


def check_gradients(grads, fam, info, per_dtype):
    """gradients.py's checks on the first per_dtype samples of info that
    bind, in each dtype of gradients.DTYPES info differentiates (or supports,
    if aten does not differentiate the op)."""
    fam.gradgrad = info.supports_autograd and info.supports_gradgrad
    # Where aten does not differentiate the op, its behaviour with inputs that
    # require grad (which outputs require grad, errors) is compared all the same.
    dtypes = (info.supported_backward_dtypes("cpu") if info.supports_autograd
              else info.supported_dtypes("cpu"))
    for dtype in [d for d in gradients.DTYPES if d in dtypes]:
        name = info.name + (("." + info.variant_test_name) if info.variant_test_name else "")
        seed = gradients.seed_of(fam.family, name, dtype)
        try:
            samples = list(itertools.islice(
                gradients.requires_grad_samples(info, dtype, seed), MAX_SAMPLES))
        except Exception as e:  # noqa: BLE001 - OpInfo's own failure
            print("%s: %s samples for %s: %s" % (fam.family, info.name, dtype, e))
            continue
        bound = 0
        for i, s in enumerate(samples):
            if bound == per_dtype:
                break
            kwargs = dict(s.kwargs)
            if isinstance(kwargs.get("reduction"), str):
                kwargs["reduction"] = REDUCTIONS[kwargs["reduction"]]
            label = "%s %s #%d" % (name, str(dtype).replace("torch.", ""), i)
            b = bind(fam, (s.input,) + tuple(s.args), kwargs, label)
            if b is None or b[3][0][0] != "ok":
                continue
            bound += 1
            grads.sample(fam, b[2], (b[0], b[1]), seed + i)


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--list-opinfo")
    p.add_argument("lib", nargs="?")
    p.add_argument("manifest", nargs="?")
    p.add_argument("--samples", type=int, default=8)
    p.add_argument("--dtypes", type=int, default=2)
    p.add_argument("--grad-samples", type=int, default=0,
                   help="OpInfo samples per dtype for the gradient comparison (0: none)")
    p.add_argument("--grad-log", help="write every gradient difference there (JSON)")
    p.add_argument("-v", action="store_true")
    args = p.parse_args()
    op_db = import_op_db()
    if args.list_opinfo:
        with open(args.list_opinfo, "w") as f:
            f.write("\n".join(sorted(set().union(*map(aten_names, op_db)))) + "\n")
        return 0
    torch.ops.load_library(args.lib)
    with open(args.manifest) as f:
        families = [Family(m) for m in json.load(f)["families"]]
    run = Run(args.v)
    grads = gradients.Gradients(run)
    compared, without = 0, []
    for fam in families:
        infos = [o for o in op_db if fam.name in aten_names(o)]
        before = run.calls
        for info in infos:
            supported = info.supported_dtypes("cpu")
            for dtype in [d for d in DTYPES if d in supported][:args.dtypes]:
                try:
                    samples = list(itertools.islice(info.sample_inputs("cpu", dtype),
                                                    MAX_SAMPLES))
                except Exception as e:  # noqa: BLE001 - OpInfo's own failure
                    print("%s: %s samples for %s: %s" % (fam.family, info.name, dtype, e))
                    continue
                bound = 0
                for i, s in enumerate(samples):
                    if bound == args.samples:
                        break
                    label = "%s %s #%d" % (info.name + (("." + info.variant_test_name)
                                                        if info.variant_test_name else ""),
                                           str(dtype).replace("torch.", ""), i)
                    kwargs = dict(s.kwargs)
                    if isinstance(kwargs.get("reduction"), str):
                        kwargs["reduction"] = REDUCTIONS[kwargs["reduction"]]
                    bound += check_sample(run, fam, (s.input,) + tuple(s.args), kwargs,
                                          label)
            if args.grad_samples and fam.formulas_dropped is None:
                check_gradients(grads, fam, info, args.grad_samples)
        if run.calls > before:
            compared += 1
        else:
            without.append(fam.family)
        if args.v:
            print("%s: %d calls" % (fam.family, run.calls - before))
    for m in run.mismatches:
        print("MISMATCH " + m)
    for reason, n in sorted(run.known.items()):
        print("known difference (%d): %s" % (n, reason))
    print("%d families without a sample that binds: %s" % (len(without), " ".join(without)))
    print("%d samples for another overload skipped; %d calls with aten's resize "
          "warning compared" % (run.skipped, run.warned))
    grad_bad = [r for r in run.grad_records if r["known"] is None]
    print("%d families; %d calls compared with aten, %d mismatches, %d known differences" %
          (compared, run.calls, len(run.mismatches) - len(grad_bad),
           sum(run.known.values()) - (len(run.grad_records) - len(grad_bad))))
    if args.grad_samples:
        with_formulas = [f for f in families if f.formulas and f.formulas_dropped is None]
        rejected = [f.family for f in families if f.formulas_dropped is not None]
        compared_grads = grads.families & {f.family for f in with_formulas}
        print("gradients: %d families with formulas (%d compared), %d without a "
              "derivatives.yaml entry (%d compared), %d with rejected formulas (not "
              "compared)" % (len(with_formulas), len(compared_grads),
                             len([f for f in families if not f.formulas]),
                             len(grads.families - compared_grads), len(rejected)))
        print("gradient checks by comparison: %s" % ", ".join(
            "%s %d" % kv for kv in grads.by_comparison.items()))
        print("%d gradient checks, %d mismatches, %d known differences" % (
            grads.checks, len(grad_bad), len(run.grad_records) - len(grad_bad)))
        if args.grad_log:
            with open(args.grad_log, "w") as f:
                json.dump({"checks": grads.checks, "by_comparison": grads.by_comparison,
                       "families": sorted(grads.families),
                           "differences": run.grad_records}, f, indent=1)
    return 1 if run.mismatches else 0


if __name__ == "__main__":
    sys.exit(main())
