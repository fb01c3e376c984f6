"""The breadth test's gradient comparison (test_breadth.py --grad-samples K):
each family's autograd, from its derivatives.yaml formulas (generate.py
--derivatives), against aten's on OpInfo samples.

For each OpInfo of the family's op that aten differentiates
(`supports_autograd`), the first K samples that bind to the family's
overload, in float64 and complex128 where the OpInfo differentiates them
(`supported_backward_dtypes`), made with `requires_grad=True` (OpInfo marks
the differentiable tensors), each called through aten's and the library's
operators:

  grad-backward    functional: which outputs require grad / have a grad_fn,
                   and torch.autograd.grad of those with the same random
                   grad_outputs (seeded per sample)
  grad-double      the gradient of those gradients (create_graph=True), where
                   the OpInfo says `supports_gradgrad`
  grad-forward-ad  forward_ad dual tensors (the same random tangents): the
                   outputs' primals and tangents, or the error
  grad-inplace     op_ on a non-leaf `self` (a leaf times 1): the gradients
                   of the leaves through it
  grad-inplace-leaf  op_ on a leaf that requires grad: the error
  grad-out         out= with inputs that require grad: the error

Values with skgen_testing.difference at torch.testing.assert_close's
tolerances; errors by type and first line, without the `aten::` /
`breadth::` of operator names. Families whose formulas skgen rejected are
not compared (utils/breadth.py lists them); families without a
derivatives.yaml entry are, as aten's ops without one."""
import itertools
import zlib

import torch
from torch.autograd import forward_ad

import skgen_testing as st

DTYPES = [torch.float64, torch.complex128]
COMPARISONS = ("grad-backward", "grad-double", "grad-forward-ad", "grad-inplace",
               "grad-inplace-leaf", "grad-out")


def tree(x):
    """The tensors of a sample's (nested) arguments."""
    if isinstance(x, torch.Tensor):
        return [x]
    if isinstance(x, (list, tuple)):
        return [t for v in x for t in tree(v)]
    if isinstance(x, dict):
        return [t for v in x.values() for t in tree(v)]
    return []


def tree_map(fn, x):
    if isinstance(x, torch.Tensor):
        return fn(x)
    if isinstance(x, (list, tuple)):
        return type(x)(tree_map(fn, v) for v in x)
    if isinstance(x, dict):
        return {k: tree_map(fn, v) for k, v in x.items()}
    return x


def fresh(args, kwargs, grad=True):
    """Leaf copies; those that required grad in the sample require it (when grad)."""
    copy = lambda t: t.detach().clone().requires_grad_(grad and t.requires_grad)
    return tree_map(copy, list(args)), tree_map(copy, dict(kwargs))


def randn_like(t, seed):
    g = torch.Generator().manual_seed(seed)
    r = torch.randn(t.shape, generator=g, dtype=torch.float64)
    if t.dtype.is_complex:
        r = torch.complex(r, torch.randn(t.shape, generator=g, dtype=torch.float64))
    return r.to(t.dtype)


def as_list(r):
    return list(r) if isinstance(r, (tuple, list)) else [r]


def flags(outs):
    return [(o.requires_grad, o.grad_fn is not None) for o in as_list(outs)
            if isinstance(o, torch.Tensor)]


def grad_of(outs, inputs, seed, create_graph=False):
    outs = [o for o in as_list(outs) if isinstance(o, torch.Tensor) and o.requires_grad]
    if not outs or not inputs:
        return None
    gos = [randn_like(o, seed + k) for k, o in enumerate(outs)]
    return torch.autograd.grad(outs, inputs, gos, allow_unused=True,
                               create_graph=create_graph)


def detached(x):
    return tree_map(lambda t: t.detach(), x)


def backward(op, sample, seed):
    args, kwargs = fresh(*sample)
    leaves = [t for t in tree((args, kwargs)) if t.requires_grad]
    outs = op(*args, **kwargs)
    return detached(outs), flags(outs), grad_of(outs, leaves, seed)


def double_backward(op, sample, seed):
    args, kwargs = fresh(*sample)
    leaves = [t for t in tree((args, kwargs)) if t.requires_grad]
    grads = grad_of(op(*args, **kwargs), leaves, seed, create_graph=True)
    grads = [g for g in grads or () if g is not None and g.requires_grad]
    if not grads:
        return None
    vs = [randn_like(g, seed + 100 + k) for k, g in enumerate(grads)]
    return torch.autograd.grad(grads, leaves, vs, allow_unused=True)


def forward_grad(op, sample, seed):
    args, kwargs = fresh(*sample, grad=False)
    marked = [t.requires_grad for t in tree(sample)]
    with forward_ad.dual_level():
        k = itertools.count()
        dual = lambda t: (forward_ad.make_dual(t, randn_like(t, seed + next(k)))
                          if marked[next(pos)] else t)
        pos = itertools.count()
        args, kwargs = tree_map(dual, args), tree_map(dual, kwargs)
        outs = op(*args, **kwargs)
        return [(forward_ad.unpack_dual(o).primal.clone(), forward_ad.unpack_dual(o).tangent)
                for o in as_list(outs) if isinstance(o, torch.Tensor)]


def inplace_non_leaf(op, sample, seed):
    args, kwargs = fresh(*sample)
    leaves = [t for t in tree((args, kwargs)) if t.requires_grad]
    args[0] = args[0] * 1
    op(*args, **kwargs)
    return detached(args[0]), flags(args[0]), grad_of(args[0], leaves, seed)


def inplace_leaf(op, sample):
    args, kwargs = fresh(*sample)
    return detached(op(*args, **kwargs))


def out_with_grad(op, names, sample, results):
    args, kwargs = fresh(*sample)
    outs = [torch.empty(r.shape, dtype=r.dtype) for r in as_list(results)]
    return detached(op(*args, **dict(kwargs, **dict(zip(names, outs)))))


# aten's ops without a forward formula whose forward AD runs a TorchScript
# decomposition (torch/_decomp/decompositions_for_jvp.py registers them): a
# user porting one registers aten's decomposition for theirs, as the breadth
# library does (skgen's kernel then runs it: Derivatives::forwardAD).
JVP_DECOMPOSED = ("_softmax_backward_data", "_log_softmax_backward_data", "nll_loss_backward")


def register_jvp_decomposition(aten, ours):
    from torch._decomp import decomposition_table
    from torch._decomp import decompositions_for_jvp as jvp_decomps
    jvp_decomps.decomposition_table_for_jvp[ours] = decomposition_table[aten]
    jvp_decomps._register_jit_decomposition_for_jvp(ours)


def seed_of(*parts):
    return zlib.crc32("/".join(map(str, parts)).encode()) % (1 << 30)


class Gradients:
    """Counts and compares; the differences go through run.compare_outcomes
    (known_differences.py, mismatches)."""

    def __init__(self, run):
        self.run = run
        self.checks = 0
        self.by_comparison = dict.fromkeys(COMPARISONS, 0)
        self.families = set()

    def compare(self, fam, what, label, fa, fb):
        self.checks += 1
        self.by_comparison[what] += 1
        # logged: libtorch's warnings of torch.ops calls (aten's resize
        # warning of an out=) go to the outcome, not to stderr; not compared.
        self.run.compare_grad(fam, what, label, st.outcome(fa, warned=True, logged=True)[0],
                              st.outcome(fb, warned=True, logged=True)[0])

    def sample(self, fam, label, sample, seed):
        """The checks of one bound sample (aten's functional call succeeded)."""
        aten, ours = fam.functional_ops
        if fam.family not in self.families and \
                aten.overloadpacket.__name__ in JVP_DECOMPOSED:
            register_jvp_decomposition(aten, ours)
        self.families.add(fam.family)
        a = st.outcome(lambda: backward(aten, sample, seed), warned=True, logged=True)[0]
        self.compare(fam, "grad-backward", label, lambda: a[1] if a[0] == "ok" else
                     backward(aten, sample, seed), lambda: backward(ours, sample, seed))
        if fam.gradgrad:
            self.compare(fam, "grad-double", label, lambda: double_backward(aten, sample, seed),
                         lambda: double_backward(ours, sample, seed))
        self.compare(fam, "grad-forward-ad", label, lambda: forward_grad(aten, sample, seed),
                     lambda: forward_grad(ours, sample, seed))
        if fam.inplace_ops is not None and isinstance(sample[0][0], torch.Tensor) and \
                sample[0][0].requires_grad:
            ia, io = fam.inplace_ops
            self.compare(fam, "grad-inplace", label, lambda: inplace_non_leaf(ia, sample, seed),
                         lambda: inplace_non_leaf(io, sample, seed))
            self.compare(fam, "grad-inplace-leaf", label, lambda: inplace_leaf(ia, sample),
                         lambda: inplace_leaf(io, sample))
        if a[0] == "ok":
            oa, oo = fam.out_ops
            self.compare(fam, "grad-out", label,
                         lambda: out_with_grad(oa, fam.outs, sample, a[1][0]),
                         lambda: out_with_grad(oo, fam.outs, sample, a[1][0]))


def requires_grad_samples(info, dtype, seed):
    torch.manual_seed(seed)
    return info.sample_inputs("cpu", dtype, requires_grad=True)
