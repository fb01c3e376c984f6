"""torch.vmap over skgen's generated batching rules (test/E2E/vmap.test).

Each call under vmap is compared with aten's op of the same kind under vmap
and with the per-sample loop (the op called on each sample, results
stacked): values, dtypes, shapes, or both raising. In-place and out= under
vmap (which PyTorch's fallback refuses) against the loop; grad / jacrev /
jacfwd against aten's op; and no generated rule reaches the fallback (its
warning enabled and made an error), while the family without a rule does.
Prints "N calls, 0 mismatches"."""

import sys
import warnings

import torch
from skgen_testing import outcome

torch.ops.load_library(sys.argv[1])
ops = torch.ops.vmops

try:  # PyTorch >= 2
    from torch.func import grad, jacfwd, jacrev, vmap
except ImportError:  # 1.13: functorch
    from functorch import grad, jacfwd, jacrev, vmap

set_fallback_warning = torch.ops.vmops_testing.set_vmap_fallback_warning

set_fallback_warning(True)
stats = {"calls": 0, "mismatches": 0}


def fail(what):
    stats["mismatches"] += 1
    print("MISMATCH:", what)


def run(fn, strict=True):
    """("ok", value) or ("error", first line); with `strict`, ("fallback",
    ...) when the call reaches PyTorch's per-sample fallback (aten's own
    calls may: not every aten in-place op has a rule)."""
    stats["calls"] += 1
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        if strict:
            warnings.simplefilter("error", UserWarning)
        try:
            return ("ok", fn())
        except UserWarning as e:
            if "batching rule" in str(e) or "performance drop" in str(e):
                return ("fallback", str(e).splitlines()[0])
            raise
        except (RuntimeError, IndexError, ValueError, TypeError) as e:
            return ("error", str(e).splitlines()[0] if str(e) else type(e).__name__)


def same(a, b):
    if isinstance(a, tuple):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    if a.dtype != b.dtype or a.shape != b.shape:
        return False
    if a.dtype.is_floating_point:
        return torch.allclose(a, b, rtol=1e-5, atol=1e-6, equal_nan=True)
    return torch.equal(a, b)


def agree(what, mine, theirs):
    if mine[0] != theirs[0]:
        fail("%s: %s vs %s" % (what, mine, theirs))
    elif mine[0] == "ok" and not same(mine[1], theirs[1]):
        fail("%s: values %s vs %s" % (what, mine[1], theirs[1]))


def per_sample(fn, args, in_dims, out_dims=0):
    sizes = {a.shape[d] for a, d in zip(args, in_dims) if d is not None}
    (n,) = sizes
    results = []
    for i in range(n):
        sample = [a.select(d, i) if d is not None else a for a, d in zip(args, in_dims)]
        results.append(fn(*sample))
    return torch.stack(results, out_dims)


def make(shape, dtype, seed):
    g = torch.Generator().manual_seed(seed)
    if dtype == torch.bool:
        return torch.randint(0, 2, shape, generator=g).bool()
    if dtype.is_floating_point:
        return torch.randn(shape, generator=g, dtype=torch.float64).to(dtype)
    return torch.randint(-4, 5, shape, generator=g).to(dtype)


def batched(shape, dtype, seed, bdim, n=3):
    """A tensor with n samples of `shape` along bdim (None: one sample)."""
    if bdim is None:
        return make(shape, dtype, seed)
    full = list(shape)
    pos = bdim if bdim >= 0 else len(shape) + 1 + bdim
    full.insert(pos, n)
    return make(tuple(full), dtype, seed)


def compare(name, mine, aten, arg_specs, in_dims, out_dims=0, loop=True):
    """vmap(mine) vs vmap(aten) and the per-sample loop of mine."""
    args = [batched(s, dt, i, d) for i, ((s, dt), d) in enumerate(zip(arg_specs, in_dims))]
    what = "%s %s in_dims=%s out_dims=%s" % (name, arg_specs, in_dims, out_dims)
    result = run(lambda: vmap(mine, in_dims=tuple(in_dims), out_dims=out_dims)(*args))
    agree(what + " vs aten", result,
          run(lambda: vmap(aten, in_dims=tuple(in_dims), out_dims=out_dims)(*args), strict=False))
    if not loop or all(d is None for d in in_dims):
        return
    agree(what + " vs loop", result, run(lambda: per_sample(mine, args, in_dims, out_dims)))


SHAPES = [(), (0,), (4,), (2, 4)]
DIMS = [0, 1, -1, None]


def fits(shape, d):
    return d is None or d in (0, -1) or d <= len(shape)


# Pointwise: unary, binary with alpha, comparison.
for dt in (torch.float32, torch.float64, torch.int64):
    for s in SHAPES:
        for d in DIMS:
            if d is None or not fits(s, d):
                continue
            if dt != torch.int64:
                compare("sin", ops.sin, torch.sin, [(s, dt)], [d])
                compare("sin", ops.sin, torch.sin, [(s, dt)], [d], out_dims=-1)
for dta, dtb in ((torch.float32, torch.float32), (torch.int64, torch.float32),
                 (torch.float32, torch.float64), (torch.int32, torch.int64),
                 (torch.bool, torch.int64)):
    for sa in SHAPES:
        for sb in [(), (4,), (2, 1)]:
            for da in DIMS:
                for db in DIMS:
                    if (da is None and db is None) or not fits(sa, da) or not fits(sb, db):
                        continue
                    spec = [(sa, dta), (sb, dtb)]
                    compare("add", ops.add, torch.add, spec, [da, db])
                    if dta != torch.bool:
                        compare("add alpha", lambda x, y: ops.add(x, y, alpha=2),
                                lambda x, y: torch.add(x, y, alpha=2), spec, [da, db])
                    compare("lt", ops.lt, torch.lt, spec, [da, db])

# Reductions: dim (int list, negative, None, []), keepdim, dtype.
for dt in (torch.float32, torch.int64, torch.bool):
    for s in [(), (3,), (2, 3), (0, 3)]:
        for d in DIMS[:3]:
            if not fits(s, d):
                continue
            for dim in (None, [], [0], [-1], [0, -1], [5]):
                for keepdim in (False, True):
                    if dim is not None and len(s) == 0 and dim not in ([], [0], [-1]):
                        continue
                    compare("sum dim=%s keepdim=%s" % (dim, keepdim),
                            lambda x: ops.sum(x, dim, keepdim),
                            lambda x: torch.sum(x, dim if dim is not None else [], keepdim),
                            [(s, dt)], [d])
            compare("sum dtype", lambda x: ops.sum(x, [0] if x.dim() else None, dtype=torch.float64),
                    lambda x: torch.sum(x, [0] if x.dim() else [], dtype=torch.float64), [(s, dt)], [d])

# Nested vmap.
x, y = make((3, 2, 4), torch.float32, 1), make((2, 4), torch.float32, 2)
agree("nested add", run(lambda: vmap(vmap(ops.add, in_dims=(1, 0)), in_dims=(0, None))(x, y)),
      run(lambda: vmap(vmap(torch.add, in_dims=(1, 0)), in_dims=(0, None))(x, y)))
agree("nested sum", run(lambda: vmap(vmap(lambda t: ops.sum(t, [-1]), in_dims=1))(x)),
      run(lambda: vmap(vmap(lambda t: torch.sum(t, [-1]), in_dims=1))(x)))
agree("nested sin", run(lambda: vmap(vmap(ops.sin), in_dims=2)(x)), run(lambda: vmap(vmap(torch.sin), in_dims=2)(x)))

# The family's own rule (SKGEN_VMAP) against a * x + y and the loop.
for dx in DIMS:
    for dy in DIMS:
        if dx is None and dy is None:
            continue
        compare("axpy", lambda a, b: ops.axpy(a, b, 0.5), lambda a, b: 0.5 * a + b,
                [((2, 4), torch.float64), ((2, 4), torch.float64)], [dx, dy])


# In-place under vmap: against aten's in-place op and the loop; self not
# batched while another input is: both refuse (the loop would not).
def inplace(op):
    def f(a, *rest):
        a = a.clone()
        op(a, *rest)
        return a
    return f


for da, db in ((0, 0), (0, None), (1, 0), (None, 0), (-1, 1)):
    spec = [((2, 4), torch.float32), ((4,), torch.float32)]
    compare("add_", inplace(ops.add_), inplace(torch.Tensor.add_), spec, [da, db], loop=da is not None)
    compare("sin_", inplace(ops.sin_), inplace(torch.Tensor.sin_), spec[:1], [da] if da is not None else [0])
    compare("axpy_", inplace(lambda a, b: ops.axpy_(a, b, 2.0)),
            inplace(lambda a, b: a.copy_(2.0 * a + b)),
            [((4,), torch.float64), ((4,), torch.float64)], [da if da != 1 else 0, db], loop=da is not None)
compare("lt_ int self", inplace(ops.lt_), inplace(torch.Tensor.lt_), [((4,), torch.int64), ((4,), torch.float32)], [0, 0])
compare("add_ refused cast", inplace(ops.add_), inplace(torch.Tensor.add_), [((4,), torch.int64), ((4,), torch.float32)], [0, 0])


# out= under vmap (the fallback refuses it): against the loop of the out=
# op and aten's functional op; out not batched while an input is: refused.
def with_out(op, n_in):
    def f(*args):
        ins, out = args[:n_in], args[n_in]
        op(*ins, out=out)
        return out
    return f


def out_case(name, op, aten, specs, out_spec, in_dims, out_dim):
    args = [batched(s, dt, i, d) for i, ((s, dt), d) in enumerate(zip(specs, in_dims))]
    what = "%s out= in_dims=%s out_dim=%s" % (name, in_dims, out_dim)
    out = batched(out_spec[0], out_spec[1], 99, out_dim).zero_()
    dims = tuple(in_dims) + (out_dim,)
    mine = run(lambda: vmap(with_out(op, len(specs)), in_dims=dims)(*args, out.clone()))
    if out_dim is None:  # each sample would write the same out
        agree(what + " refused", (mine[0],), ("error",))
        return
    loop = run(lambda: per_sample(lambda *a: with_out(op, len(specs))(*a[:-1], a[-1].clone()), args + [out.clone()], list(dims)))
    agree(what + " vs loop", mine, loop)
    if any(d is not None for d in in_dims):
        aten_result = run(lambda: vmap(aten, in_dims=tuple(in_dims))(*args).to(out_spec[1]))
        agree(what + " vs aten", mine, aten_result)


for ind, od in (((0, 0), 0), ((1, None), 0), ((None, None), 0), ((0, 0), 1), ((0, None), None)):
    out_case("add", ops.add.out, torch.add, [((2, 4), torch.float32), ((4,), torch.float32)], ((2, 4), torch.float32), ind, od)
    out_case("lt", ops.lt.out, torch.lt, [((2, 4), torch.float32), ((4,), torch.float32)], ((2, 4), torch.bool), ind, od)
    out_case("add to float64", ops.add.out, torch.add, [((2, 4), torch.float32), ((4,), torch.float32)], ((2, 4), torch.float64), ind, od)
    out_case("axpy", lambda a, b, out: ops.axpy.out(a, b, 0.5, out=out), lambda a, b: 0.5 * a + b,
             [((4,), torch.float64), ((4,), torch.float64)], ((4,), torch.float64), ind, od)
for ind, od in (((0,), 0), ((1,), 1), ((None,), 0), ((0,), None)):
    out_case("sin", ops.sin.out, torch.sin, [((2, 4), torch.float32)], ((2, 4), torch.float32), ind, od)
    out_case("sum", lambda a, out: ops.sum.out(a, [-1], out=out), lambda a: torch.sum(a, [-1]),
             [((2, 4), torch.float32)], ((2,), torch.float32), ind, od)
# An out= of another shape per sample: refused (a batched out= cannot be resized).
agree("sum out= wrong shape",
      (run(lambda: vmap(with_out(lambda a, out: ops.sum.out(a, [-1], out=out), 1))(make((3, 2, 4), torch.float32, 1), torch.zeros(3, 5)))[0],),
      ("error",))

# Transforms over the ops with formulas, against aten's ops.
x, y = make((3,), torch.float64, 5), make((3,), torch.float64, 6)
m = make((2, 3), torch.float64, 7)
pairs = [
    ("grad sin", lambda: grad(lambda t: ops.sin(t).sum())(x), lambda: grad(lambda t: torch.sin(t).sum())(x)),
    ("jacrev sin", lambda: jacrev(ops.sin)(x), lambda: jacrev(torch.sin)(x)),
    ("jacfwd sin", lambda: jacfwd(ops.sin)(x), lambda: jacfwd(torch.sin)(x)),
    ("jacrev add", lambda: jacrev(lambda a, b: ops.add(a, b, alpha=3), argnums=(0, 1))(x, y),
     lambda: jacrev(lambda a, b: torch.add(a, b, alpha=3), argnums=(0, 1))(x, y)),
    ("jacfwd add", lambda: jacfwd(lambda a, b: ops.add(a, b, alpha=3), argnums=(0, 1))(x, y),
     lambda: jacfwd(lambda a, b: torch.add(a, b, alpha=3), argnums=(0, 1))(x, y)),
    ("jacrev sum", lambda: jacrev(lambda t: ops.sum(t, [1]))(m), lambda: jacrev(lambda t: torch.sum(t, [1]))(m)),
    ("jacfwd sum", lambda: jacfwd(lambda t: ops.sum(t, [0], True))(m), lambda: jacfwd(lambda t: torch.sum(t, [0], True))(m)),
    ("jacrev axpy", lambda: jacrev(lambda a, b: ops.axpy(a, b, 0.5), argnums=(0, 1))(x, y),
     lambda: jacrev(lambda a, b: 0.5 * a + b, argnums=(0, 1))(x, y)),
    ("jacfwd axpy", lambda: jacfwd(lambda a, b: ops.axpy(a, b, 0.5), argnums=(0, 1))(x, y),
     lambda: jacfwd(lambda a, b: 0.5 * a + b, argnums=(0, 1))(x, y)),
    ("vmap grad sin", lambda: vmap(grad(lambda t: ops.sin(t).sum()))(m), lambda: vmap(grad(lambda t: torch.sin(t).sum()))(m)),
]
for what, mine, theirs in pairs:
    agree(what, run(mine), run(theirs))

# No generated rule reaches PyTorch's fallback: its warning (which libtorch
# logs on stderr for calls through torch.ops) is absent from every variant of
# every family with a rule, functional, in-place and out=, nested and under
# jacfwd; the family without a rule gets it, and the fallback refuses its
# out= variant.
def fallback_warnings(fn):
    stats["calls"] += 1
    result, said = outcome(fn, warned=True, logged=True)
    return result[0], [w for w in said if "batching rule" in w]


b, c = make((3, 4), torch.float64, 8), make((3, 4), torch.float64, 9)
with_rules = {
    "sin": lambda: vmap(ops.sin)(b),
    "sin_": lambda: vmap(inplace(ops.sin_))(b),
    "sin.out": lambda: vmap(with_out(ops.sin.out, 1))(b, c.clone()),
    "add": lambda: vmap(ops.add, in_dims=(0, 1))(b, c.t().contiguous()),
    "add_": lambda: vmap(inplace(ops.add_))(b, c),
    "add.out": lambda: vmap(with_out(ops.add.out, 2))(b, c, c.clone()),
    "lt": lambda: vmap(ops.lt, in_dims=(0, None))(b, c[0]),
    "lt_": lambda: vmap(inplace(ops.lt_))(b, c),
    "lt.out": lambda: vmap(with_out(ops.lt.out, 2))(b, c, torch.zeros(3, 4, dtype=torch.bool)),
    "sum": lambda: vmap(lambda t: ops.sum(t, [0], True))(b),
    "sum.out": lambda: vmap(with_out(lambda t, out: ops.sum.out(t, [0], out=out), 1))(b, torch.zeros(3)),
    "axpy": lambda: vmap(lambda p, q: ops.axpy(p, q, 2.0))(b, c),
    "axpy_": lambda: vmap(inplace(lambda p, q: ops.axpy_(p, q, 2.0)))(b, c),
    "axpy.out": lambda: vmap(with_out(lambda p, q, out: ops.axpy.out(p, q, 2.0, out=out), 2))(b, c, c.clone()),
    "nested add": lambda: vmap(vmap(ops.add))(b.view(3, 2, 2), c.view(3, 2, 2)),
    "jacfwd add": lambda: jacfwd(lambda p: ops.add(p, c, alpha=2))(b),
    "jacrev sum": lambda: jacrev(lambda p: ops.sum(p, [1]))(b),
}
for what, fn in with_rules.items():
    status, said = fallback_warnings(fn)
    if status != "ok" or said:
        fail("%s under vmap: %s %s" % (what, status, said))
status, said = fallback_warnings(lambda: vmap(ops.twice)(m))
if status != "ok" or not said:
    fail("twice: expected PyTorch's fallback (no rule), got %s %s" % (status, said))
agree("twice via fallback", run(lambda: vmap(ops.twice)(m)), run(lambda: vmap(lambda t: t * 2)(m)))
refused = run(lambda: vmap(with_out(ops.twice.out, 1))(m, torch.zeros(2, 3, dtype=torch.float64)))
if refused[0] != "error":
    fail("twice out=: the fallback should refuse, got %s" % (refused,))

print("%d calls, %d mismatches" % (stats["calls"], stats["mismatches"]))
sys.exit(1 if stats["mismatches"] else 0)
