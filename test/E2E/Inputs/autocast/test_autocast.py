"""Generated autocast wrappers (SKGEN_AUTOCAST) against aten's of the same
policy, on CPU: argv[1] is the library built from ops.cpp.

Per family and aten op, over a grid of input dtypes (float32, float64,
bfloat16, float16, int64), autocast modes (off; bfloat16; float16 where the
PyTorch's CPU autocast takes it; autocast(enabled=False) nested inside), the
functional, in-place and out= variants: the same outcome (both raise, or the
same dtype, shape and values); with inputs that require grad, the gradients'
dtypes and values; the cast cache (a leaf float32 weight cast once per
autocast region, the two calls sharing its cast's node); and the dispatcher's
table: a kernel on every autocast key, none for in-place and out=.
"""
import itertools
import re
import sys
import warnings

import torch

torch.ops.load_library(sys.argv[1])
ours = torch.ops.castops
warnings.simplefilter("ignore")  # 1.13: "CPU Autocast only supports bfloat16"

IDX = torch.tensor([2, 0])
DTYPES = [torch.float32, torch.float64, torch.bfloat16, torch.float16,
          torch.int64]
# (name, ours, aten, shapes of the tensor arguments, extra args, grads)
FAMILIES = [
    ("mm", ours.mm, torch.mm, [(3, 4), (4, 2)], (), True),
    ("mse_loss", ours.mse_loss, torch.nn.functional.mse_loss,
     [(3, 4), (3, 4)], (), True),
    ("index_copy", lambda s, src, **kw: ours.index_copy(s, 0, IDX, src, **kw),
     lambda s, src, **kw: torch.index_copy(s, 0, IDX, src, **kw),
     [(3, 4), (2, 4)], (), True),
    ("prod", ours.prod, torch.prod, [(3, 4)], (1,), False),
]


def enters(dtype):
    """1.13's CPU autocast refuses float16 on entry."""
    try:
        with torch.autocast("cpu", dtype=dtype):
            return True
    except RuntimeError:
        return False


AUTOCAST_DTYPES = [d for d in (torch.bfloat16, torch.float16) if enters(d)]

calls = mismatches = 0


def report(what, detail):
    global mismatches
    mismatches += 1
    print("MISMATCH", what, detail)


def outcome(fn):
    try:
        return ("ok", fn())
    except Exception as e:  # noqa: BLE001 - aten's and ours compared
        return ("raised", type(e).__name__)


def same(what, a, b, exact=True):
    global calls
    calls += 1
    if a[0] != b[0]:
        report(what, "aten %s, ours %s" % (a[0], b[0]))
        return
    if a[0] == "raised":
        return
    x, y = a[1], b[1]
    if x.dtype != y.dtype or x.shape != y.shape:
        report(what, "aten %s %s, ours %s %s" % (x.dtype, tuple(x.shape),
                                                y.dtype, tuple(y.shape)))
        return
    try:
        if exact:
            torch.testing.assert_close(y, x, rtol=0, atol=0, equal_nan=True)
        else:
            torch.testing.assert_close(y, x, equal_nan=True)
    except AssertionError as e:
        report(what, str(e).splitlines()[0])


def tensors(shapes, dtypes, seed, requires_grad=False):
    g = torch.Generator().manual_seed(seed)
    out = []
    for s, d in zip(shapes, dtypes):
        t = torch.randn(s, generator=g).mul(3)
        t = t.round() if d == torch.int64 else t
        t = t.to(d)
        if requires_grad and d.is_floating_point:
            t.requires_grad_()
        out.append(t)
    return out


def modes():
    yield "off", lambda: torch.autocast("cpu", enabled=False)
    for d in AUTOCAST_DTYPES:
        yield "autocast(%s)" % d, lambda d=d: torch.autocast("cpu", dtype=d)


class Nested:
    """autocast(enabled=False) inside autocast(bfloat16)."""

    def __enter__(self):
        self.outer = torch.autocast("cpu", dtype=torch.bfloat16)
        self.inner = torch.autocast("cpu", enabled=False)
        self.outer.__enter__()
        self.inner.__enter__()

    def __exit__(self, *exc):
        self.inner.__exit__(*exc)
        self.outer.__exit__(*exc)


ALL_MODES = list(modes()) + [("nested-disabled", Nested)]


def grads(fn, args):
    out = fn()
    leaves = [a for a in args if a.requires_grad]
    g = torch.autograd.grad(out.float().sum(), leaves, allow_unused=True)
    return out, g


for (name, op, ref, shapes, extra, has_grad), (mode, ctx) in itertools.product(
        FAMILIES, ALL_MODES):
    for dts in itertools.product(DTYPES, repeat=len(shapes)):
        if len(set(dts)) > 2:
            continue  # Three different dtypes add nothing over two.
        seed = hash((name, dts)) % 1000
        what = "%s %s %s" % (name, mode, [str(d)[6:] for d in dts])
        # Functional.
        a = tensors(shapes, dts, seed)
        with ctx():
            same(what, outcome(lambda: ref(*a, *extra)),
                 outcome(lambda: op(*a, *extra)))
        # Gradients through the casts.
        if has_grad and all(d.is_floating_point for d in dts):
            a = tensors(shapes, dts, seed, requires_grad=True)
            b = [t.detach().clone().requires_grad_(t.requires_grad) for t in a]
            with ctx():
                ra = outcome(lambda: grads(lambda: ref(*a, *extra), a))
                rb = outcome(lambda: grads(lambda: op(*b, *extra), b))
            if ra[0] != rb[0]:
                same(what + " grad", ra, rb)
            elif ra[0] == "ok":
                same(what + " grad output", ("ok", ra[1][0]),
                     ("ok", rb[1][0]), exact=False)
                for i, (ga, gb) in enumerate(zip(ra[1][1], rb[1][1])):
                    same(what + " grad %d" % i, ("ok", ga), ("ok", gb),
                         exact=False)
        # In-place and out= fall through uncast, as aten's.
        if name in ("mm", "index_copy"):
            a = tensors(shapes, dts, seed)
            o1 = torch.empty(0, dtype=dts[0])
            o2 = torch.empty(0, dtype=dts[0])
            with ctx():
                same(what + " out=", outcome(lambda: ref(*a, out=o1)),
                     outcome(lambda: op(*a, out=o2)))
        if name == "index_copy":
            a = tensors(shapes, dts, seed)
            b = [t.clone() for t in a]
            with ctx():
                same(what + " in-place",
                     outcome(lambda: a[0].index_copy_(0, IDX, a[1])),
                     outcome(lambda: ours.index_copy_(b[0], 0, IDX, b[1])))
        # dtype= given: kept (fp32_set_opt_dtype).
        if name == "prod":
            a = tensors(shapes, dts, seed)
            for d in (torch.float64, torch.float32, torch.bfloat16):
                with ctx():
                    same(what + " dtype=%s" % d,
                         outcome(lambda: ref(*a, *extra, dtype=d)),
                         outcome(lambda: op(*a, *extra, dtype=d)))

# A Tensor[] argument (promote): aten's cat. PyTorch 1.13's AutocastCPU cat
# takes an ITensorListRef, for which its autocast_mode.h has no prioritize /
# cached_cast overload: it neither casts nor refuses. A float16 input under
# bfloat16 autocast, which promote refuses ("Unexpected floating
# ScalarType"), is then a known difference there.
known_113 = 0
for (mode, ctx), dts in itertools.product(
        ALL_MODES, itertools.product(DTYPES, repeat=2)):
    if (torch.__version__ < "2" and mode.startswith("autocast")
            and torch.float16 in dts):
        known_113 += 1
        continue
    a = tensors([(2, 3), (1, 3)], dts, 7)
    with ctx():
        same("cat %s %s" % (mode, dts), outcome(lambda: torch.cat(a)),
             outcome(lambda: ours.cat(a)))

# The cache: a leaf float32 weight that requires grad is cast once per
# autocast region (lower_precision_fp), as for aten's mm; not without the
# cache.
for cache in (True, False):
    x = torch.randn(3, 4)
    w = torch.randn(4, 2, requires_grad=True)
    shared = []
    for op in (torch.mm, ours.mm):
        with torch.autocast("cpu", dtype=torch.bfloat16, cache_enabled=cache):
            assert torch.is_autocast_cache_enabled() == cache
            y1, y2 = op(x, w), op(x, w)
        # The cast node of w (the second input) in each call's graph.
        n1 = y1.grad_fn.next_functions[1][0]
        n2 = y2.grad_fn.next_functions[1][0]
        shared.append((type(n1).__name__, n1 is n2))
    calls += 1
    if shared[0] != shared[1]:
        report("cache=%s" % cache, "aten %s, ours %s" % tuple(shared))

# The dispatcher's table: the functional op has a kernel on every autocast
# key this PyTorch names (CPU and CUDA at least); in-place and out= none.
keys = {"AutocastCPU", "AutocastCUDA"}
if hasattr(torch._C, "DispatchKey"):
    keys |= {k for k in torch._C.DispatchKey.__members__
             if k.startswith("Autocast")}


def autocast_kernels(op):
    dump = torch._C._dispatch_dump(op)
    return set(re.findall(r"^(Autocast\w*)(?:\[[^\]]*\])?: registered",
                          dump, re.M))


for fn in ("castops::mm", "castops::mse_loss", "castops::index_copy",
           "castops::cat", "castops::prod.int"):
    calls += 1
    got = autocast_kernels(fn)
    if not keys <= got:
        report(fn, "no autocast kernel on %s" % sorted(keys - got))
for fn in ("castops::mm.out", "castops::index_copy_",
           "castops::index_copy.out"):
    calls += 1
    if autocast_kernels(fn):
        report(fn, "autocast kernels on %s" % sorted(autocast_kernels(fn)))
print("autocast keys with a kernel: %d (%s)" % (
    len(autocast_kernels("castops::mm")),
    ", ".join(sorted(autocast_kernels("castops::mm")))))
print("autocast dtypes: %s" % ", ".join(str(d) for d in AUTOCAST_DTYPES))
print("%d calls, %d mismatches; %d cat calls skipped (PyTorch 1.13's cat)"
      % (calls, mismatches, known_113))
sys.exit(1 if mismatches else 0)
