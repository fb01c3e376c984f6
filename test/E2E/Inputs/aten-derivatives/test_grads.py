"""Differential test of skgen's generated autograd kernels against aten's.

Each family of ops.cpp is one of aten's differentiable structured ops, ported
with its formulas from derivatives.yaml; its out= kernel calls aten's own. For
a grid of inputs per op (dtypes float32/float64/complex64/complex128 where
aten differentiates the op, broadcasting, 0-dim, non-contiguous, keepdim,
ties, zeros) the generated functional and in-place variants are compared
with aten's own ops:

  forward      values, dtypes, shapes; which outputs require grad / have a
               grad_fn
  backward     torch.autograd.grad with a random grad_output
  saved        the number of tensors the graph saves (saved_tensors_hooks)
  double       the gradient of the gradients (create_graph=True)
  forward AD   forward_ad dual numbers (where the family has a forward
               formula)
  no_grad      which outputs require grad under torch.no_grad()
  in-place     op_ on a non-leaf, on a view of a non-leaf (gradients of the
               base), on a leaf that requires grad and on a view of one (the
               error, word for word); forward AD of op_ on a dual tensor
  refusals     an input without a formula that requires grad (nll_loss's
               weight): the error at the call; a non-differentiable family
               (eq) accepts such inputs, in out= too
  gradcheck    torch.autograd.gradcheck / gradgradcheck of our ops in float64
               (and complex128 where the op takes it), for every
               differentiable op, with check_forward_ad where it has a
               forward formula

Each comparison is a call. A difference that KNOWN explains is counted under
its reason; any other is a mismatch and fails the test.

Works with PyTorch 1.13 (where aten has no derivative for aminmax: its
reference there is amin and amax) and 2.x.

  test_grads.py <library.so> [-v]
"""
import os
import sys
import traceback

import torch
from torch.autograd import forward_ad

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from skgen_testing import difference, outcome  # noqa: E402 - Inputs/ holds the shared helpers

LIB = sys.argv.pop(1)
torch.ops.load_library(LIB)
P = torch.ops.aten_port
A = torch.ops.aten
VERSION = tuple(int(x) for x in torch.__version__.split("+")[0].split(".")[:2])

REAL = [torch.float32, torch.float64]
ALL = REAL + [torch.complex64, torch.complex128]

STATS = {"calls": 0, "mismatches": []}
COUNTED = {}
# Differences that are explained: (the legs where they occur, substrings of
# the mismatch's text, reason). Each is counted and printed;
# docs/derivatives-vs-aten.md records the counts.
KNOWN = [
    (True, ("The function 'aten_port::nll_loss_forward' is not differentiable with respect "
            "to argument 'weight'", "aten ('RuntimeError', \"The function 'nll_loss_forward' "),
     "the refusal of an input without a formula names the op with its namespace "
     "(aten_port::nll_loss_forward), as skgen's other autograd errors do; otherwise aten's words"),
    (VERSION < (2, 0), ("mean.dim [", "saved tensors: 0 != 1"),
     "PyTorch 1.13's MeanBackward1 saves self (its formula's self.numel() is not saved as a "
     "property there); 2.13 saves self_sym_numel, as skgen does on both legs"),
    (VERSION < (2, 0), ("pow.Tensor_Tensor [float32 with float64]", "values differ"),
     "PyTorch 1.13's pow_backward_exponent takes the log of a float32 base before promoting it "
     "to the float64 result (differences of about 1e-8); 2.13 and formulas.h promote first"),
]


def tol(dtype):
    if dtype in (torch.float64, torch.complex128):
        return dict(rtol=1e-9, atol=1e-9)
    return dict(rtol=2e-5, atol=2e-5)


class Mismatch(Exception):
    pass


def same(what, x, y):
    """x (ours) and y (aten): the same structure, shapes, dtypes, values
    (skgen_testing.difference within tol()); None (an undefined gradient, or
    no grad_outputs) where and only where aten's is None."""
    if isinstance(y, (tuple, list)) and isinstance(x, (tuple, list)) and len(x) == len(y):
        for i, (a, b) in enumerate(zip(x, y)):
            same("%s[%d]" % (what, i), a, b)
        return
    if (x is None) != (y is None):
        raise Mismatch("%s: %s where aten's is %s" % (
            what, "None" if x is None else "a tensor", "None" if y is None else "a tensor"))
    if y is None:
        return
    rtol_atol = tol(y.dtype) if isinstance(y, torch.Tensor) else {}
    why = difference(x, y, **rtol_atol)
    if why is not None:
        raise Mismatch("%s: %s" % (what, why.split("\n")[0]))


def compare(what, ours_fn, aten_fn):
    """Runs both; the same result, or the same error (type and first line)."""
    STATS["calls"] += 1
    ours, aten = outcome(ours_fn), outcome(aten_fn)
    try:
        if ours[0] != aten[0]:
            raise Mismatch("%s: ours %s, aten %s" % (
                what, ours[1:] if ours[0] == "error" else "ok",
                aten[1:] if aten[0] == "error" else "ok"))
        if ours[0] == "error":
            if ours[1:] != aten[1:]:
                raise Mismatch("%s: errors differ: ours %s, aten %s" % (what, ours[1:], aten[1:]))
        else:
            same(what, ours[1], aten[1])
    except Mismatch as m:
        record(str(m))
    return ours, aten


def record(text):
    for legs, patterns, reason in KNOWN:
        if legs and all(p in text for p in patterns):
            COUNTED[reason] = COUNTED.get(reason, 0) + 1
            return
    STATS["mismatches"].append(text)


#===------------------------------------------------------------------------===#
# Inputs
#===------------------------------------------------------------------------===#

GEN = torch.Generator().manual_seed(0)


def make(shape, dtype, low=None, positive=False):
    t = torch.randn(shape, generator=GEN, dtype=torch.float64)
    if dtype.is_complex:
        t = torch.complex(t, torch.randn(shape, generator=GEN, dtype=torch.float64))
    if positive:
        t = t.abs() + 0.5 if not dtype.is_complex else t
    return t.to(dtype)


def noncontig(t):
    """The same values, laid out transposed (or strided for 1-d)."""
    if t.dim() >= 2:
        return t.transpose(0, 1).contiguous().transpose(0, 1)
    if t.dim() == 1:
        return torch.stack([t, t], 1)[:, 0]
    return t


class Case:
    """One call: positional tensors/values and keyword arguments."""

    def __init__(self, args, kwargs=None, label=""):
        self.args, self.kwargs, self.label = list(args), dict(kwargs or {}), label

    def tensors(self):
        return [i for i, a in enumerate(self.args) if isinstance(a, torch.Tensor)]

    def diff_inputs(self, op):
        return [i for i in self.tensors()
                if i not in op.nondiff and (self.args[i].dtype.is_floating_point
                                            or self.args[i].dtype.is_complex)]


def unary_cases(dtypes, positive=False):
    for d in dtypes:
        yield Case([make((3, 4), d, positive=positive)], label="%s (3,4)" % d)
        yield Case([make((), d, positive=positive)], label="%s 0-dim" % d)
        yield Case([noncontig(make((4, 3), d, positive=positive))], label="%s non-contiguous" % d)


def binary_cases(dtypes, positive=False, kwargs=({},)):
    shapes = [((3, 4), (3, 4)), ((3, 4), (4,)), ((3, 1), (1, 4)), ((), (3,)), ((2, 3), ())]
    for d in dtypes:
        for n, (sa, sb) in enumerate(shapes):
            a, b = make(sa, d, positive=positive), make(sb, d, positive=positive)
            if n == 0:
                a = noncontig(a)
            for kw in kwargs:
                yield Case([a, b], kw, label="%s %s %s %s" % (d, sa, sb, kw or ""))
    # promotion: float32 with float64
    yield Case([make((3,), torch.float32, positive=positive),
                make((2, 3), torch.float64, positive=positive)], label="float32 with float64")


def ties_cases():
    """maximum/minimum: equal elements split the gradient."""
    for d in REAL:
        a = make((3, 4), d)
        b = a.clone()
        b[0] += 1
        b[1] -= 1
        yield Case([a, b], label="%s ties" % d)


def reduction_cases(dtypes, dims, keepdims=(False, True), extra=None):
    for d in dtypes:
        for shape in [(3, 4), (2, 3, 4)]:
            for dim in dims(len(shape)):
                for k in keepdims:
                    args = [make(shape, d), dim, k] + (extra or [])
                    yield Case(args, label="%s %s dim=%s keepdim=%s" % (d, shape, dim, k))
        yield Case([noncontig(make((4, 3), d)), dims(2)[0], False] + (extra or []),
                   label="%s non-contiguous" % d)


#===------------------------------------------------------------------------===#
# The ops
#===------------------------------------------------------------------------===#


class Op:
    def __init__(self, name, ours, aten, cases, inplace=None, fwd=True, nondiff=(),
                 double=True, differentiable=True, saved=True):
        self.name, self.ours, self.aten, self.cases = name, ours, aten, cases
        self.inplace = inplace  # (ours, aten) or None
        self.fwd = fwd  # the family has forward formulas
        self.nondiff = set(nondiff)  # argument positions never requiring grad
        self.double = double
        self.differentiable = differentiable
        self.saved = saved  # compare the number of saved tensors


def ovl(packet, *names):
    for n in names:
        if n in packet.overloads():
            return getattr(packet, n)
    raise AttributeError("%s has none of %s (it has %s)" % (packet, names, packet.overloads()))


def unary(name, dtypes=ALL, positive=False, inplace=True, double=True):
    return Op(name, ovl(getattr(P, name), "default"), ovl(getattr(A, name), "default"),
              lambda: unary_cases(dtypes, positive),
              inplace=(ovl(getattr(P, name + "_"), "default"),
                       ovl(getattr(A, name + "_"), "default")) if inplace else None,
              double=double)


def positive_nll():
    for d in REAL:
        for reduction in (0, 1, 2):
            yield Case([make((4, 5), d).log_softmax(1), torch.tensor([0, 4, 2, 1]), None,
                        reduction, -100], label="%s reduction=%d" % (d, reduction))
            yield Case([make((4, 5), d).log_softmax(1), torch.tensor([0, 4, 2, 1]),
                        make((5,), d, positive=True), reduction, 2],
                       label="%s weight, ignore_index, reduction=%d" % (d, reduction))
        yield Case([make((5,), d).log_softmax(0), torch.tensor(3), None, 1, -100],
                   label="%s no batch dim" % d)


def lerp_scalar_cases():
    for c in binary_cases(ALL):
        a, b = c.args
        if a.dtype != b.dtype:
            continue
        yield Case([a, b, 0.25], label=c.label + " w=0.25")
        if a.dtype.is_complex:
            yield Case([a, b, 0.5 + 0.5j], label=c.label + " w=complex")


def lerp_tensor_cases():
    for c in binary_cases(ALL):
        a, b = c.args
        if a.dtype != b.dtype:
            continue
        yield Case([a, b, make((4,), a.dtype)], label=c.label + " w=(4,)")


def addcmul_cases():
    for d in ALL:
        for shapes in [((3, 4), (3, 4), (3, 4)), ((3, 1), (4,), (1, 4)), ((), (2, 3), ())]:
            args = [make(s, d) for s in shapes]
            yield Case(args, label="%s %s" % (d, shapes))
            yield Case(args, {"value": 2.5}, label="%s %s value=2.5" % (d, shapes))


def clamp_cases():
    for d in REAL:
        x = make((3, 4), d)
        lo, hi = make((4,), d) - 0.5, make((3, 1), d) + 0.5
        yield Case([x, lo, hi], label="%s both" % d)
        yield Case([x, lo, None], label="%s min only" % d)
        yield Case([x, None, hi], label="%s max only" % d)
        yield Case([noncontig(make((4, 3), d)), make((), d), make((), d) + 1], label="%s 0-dim bounds" % d)
        yield Case([x, hi, lo], label="%s min > max" % d)


def prod_cases():
    for c in reduction_cases(ALL, lambda n: [0, -1]):
        yield c
    for d in REAL:
        for k in (False, True):
            x = make((3, 4), d)
            x[0, 1] = 0
            x[2, 0] = 0
            x[2, 3] = 0
            yield Case([x, 1, k], label="%s zeros keepdim=%s" % (d, k))


def max_cases():
    yield from reduction_cases(REAL, lambda n: [0, -1])
    yield Case([make((), torch.float64), 0, False], label="0-dim")


def aminmax_cases():
    for d in REAL:
        for dim in (None, 0, 1):
            for k in (False, True):
                kw = {"keepdim": k}
                if dim is not None:
                    kw["dim"] = dim
                yield Case([make((3, 4), d)], kw, label="%s dim=%s keepdim=%s" % (d, dim, k))


def sum_cases():
    yield from reduction_cases(ALL, lambda n: [[0], [-1], [0, 1], None])
    yield Case([make((3, 4), torch.float32), [1], False], {"dtype": torch.float64},
               label="dtype=float64")


def mean_cases():
    yield from reduction_cases(ALL, lambda n: [[0], [-1], [0, 1], None])


def amax_cases():
    yield from reduction_cases(REAL, lambda n: [[0], [-1], [0, 1], []])
    for d in REAL:
        x = make((3, 4), d)
        x[1, 2] = x[1, 0] = x[1].max() + 1  # a tie in row 1
        yield Case([x, [1], False], label="%s ties" % d)


def aten_aminmax():
    """aten's aminmax; on PyTorch 1.13, which has no derivative for it,
    amin and amax (the same values and, by the same formulas, gradients;
    two nodes, so the saved tensors are not compared there)."""
    if VERSION >= (2, 0):
        return A.aminmax.default

    def both(x, dim=None, keepdim=False):
        dims = [] if dim is None else [dim]
        return A.amin.default(x, dims, keepdim), A.amax.default(x, dims, keepdim)
    return both


def core_ops():
    """ops.cpp's families."""
    return [
    unary("exp"),
    unary("sin"),
    unary("tanh"),
    unary("sigmoid"),
    unary("sqrt", positive=True),
    unary("log", positive=True),
    unary("neg"),
    Op("gelu", P.gelu.default, A.gelu.default,
       lambda: [Case([make((3, 4), d)], kw, label="%s %s" % (d, kw))
                for d in REAL for kw in ({}, {"approximate": "tanh"})],
       inplace=(P.gelu_.default, A.gelu_.default)),
    Op("leaky_relu", P.leaky_relu.default, A.leaky_relu.default,
       lambda: [Case([make((3, 4), d)] + a, label="%s %s" % (d, a)) for d in REAL
                for a in ([], [0.2])],
       inplace=(P.leaky_relu_.default, A.leaky_relu_.default)),
    Op("softplus", P.softplus.default, A.softplus.default,
       lambda: [Case([make((3, 4), d) * 10] + a, label="%s %s" % (d, a)) for d in REAL
                for a in ([], [2, 5])]),
    Op("add.Tensor", P.add.Tensor, A.add.Tensor,
       lambda: binary_cases(ALL, kwargs=({}, {"alpha": 2.5})),
       inplace=(P.add_.Tensor, A.add_.Tensor)),
    Op("sub.Tensor", P.sub.Tensor, A.sub.Tensor,
       lambda: binary_cases(ALL, kwargs=({}, {"alpha": -3})),
       inplace=(P.sub_.Tensor, A.sub_.Tensor)),
    Op("mul.Tensor", P.mul.Tensor, A.mul.Tensor, lambda: binary_cases(ALL),
       inplace=(P.mul_.Tensor, A.mul_.Tensor)),
    Op("div.Tensor", P.div.Tensor, A.div.Tensor, lambda: binary_cases(ALL, positive=True),
       inplace=(P.div_.Tensor, A.div_.Tensor)),
    Op("pow.Tensor_Tensor", P.pow.Tensor_Tensor, A.pow.Tensor_Tensor,
       lambda: binary_cases(ALL, positive=True),
       inplace=(P.pow_.Tensor, A.pow_.Tensor)),
    Op("atan2", P.atan2.default, A.atan2.default, lambda: binary_cases(REAL),
       inplace=(P.atan2_.default, A.atan2_.default)),
    Op("maximum", P.maximum.default, A.maximum.default,
       lambda: list(binary_cases(REAL)) + list(ties_cases())),
    Op("minimum", P.minimum.default, A.minimum.default,
       lambda: list(binary_cases(REAL)) + list(ties_cases())),
    Op("lerp.Scalar", P.lerp.Scalar, A.lerp.Scalar, lerp_scalar_cases,
       inplace=(P.lerp_.Scalar, A.lerp_.Scalar)),
    Op("lerp.Tensor", P.lerp.Tensor, A.lerp.Tensor, lerp_tensor_cases,
       inplace=(P.lerp_.Tensor, A.lerp_.Tensor)),
    Op("addcmul", P.addcmul.default, A.addcmul.default, addcmul_cases,
       inplace=(P.addcmul_.default, A.addcmul_.default)),
    Op("clamp.Tensor", P.clamp.Tensor, A.clamp.Tensor, clamp_cases,
       inplace=(P.clamp_.Tensor, A.clamp_.Tensor)),
    Op("sum.dim_IntList", P.sum.dim_IntList, A.sum.dim_IntList, sum_cases),
    Op("mean.dim", P.mean.dim, A.mean.dim, mean_cases),
    Op("amax", P.amax.default, A.amax.default, amax_cases),
    Op("amin", P.amin.default, A.amin.default, amax_cases),
    Op("prod.dim_int", P.prod.dim_int, A.prod.dim_int, prod_cases),
    Op("max.dim", P.max.dim, A.max.dim, max_cases),
    Op("min.dim", P.min.dim, A.min.dim, max_cases),
    Op("aminmax", P.aminmax.default, aten_aminmax(), aminmax_cases, saved=VERSION >= (2, 0)),
    Op("nll_loss_forward", P.nll_loss_forward.default, A.nll_loss_forward.default,
       positive_nll, nondiff=(1, 2)),
    Op("eq.Tensor", P.eq.Tensor, A.eq.Tensor, lambda: binary_cases(REAL), fwd=False,
       differentiable=False),
    ]


#===------------------------------------------------------------------------===#
# aten's rules without history and for forward AD without formulas
#===------------------------------------------------------------------------===#


def special_cases():
    for c in unary_cases(REAL):
        yield c
    yield Case([torch.tensor([0.0, float("inf"), -float("inf"), float("nan"), 2.0],
                             dtype=torch.float64)], label="infinities")


def log_softmax_backward_cases():
    for d in REAL:
        for shape, dim in [((3, 4), 1), ((3, 4), 0), ((2, 3, 4), -1)]:
            out = make(shape, d).log_softmax(dim)
            yield Case([make(shape, d), out, dim, d], label="%s %s dim=%d" % (d, shape, dim))


def nll_loss_backward_cases():
    for case in positive_nll():
        self, target, weight, reduction, ignore = case.args
        out, total = A.nll_loss_forward.default(self, target, weight, reduction, ignore)
        yield Case([make(out.shape, self.dtype), self, target, weight, reduction, ignore,
                    total], label=case.label)


OPS += [
    Op("special_bessel_j0", P.special_bessel_j0.default, A.special_bessel_j0.default,
       special_cases, differentiable=False),
    Op("isposinf", P.isposinf.default, A.isposinf.default, special_cases,
       differentiable=False),
    Op("_log_softmax_backward_data", P._log_softmax_backward_data.default,
       A._log_softmax_backward_data.default, log_softmax_backward_cases, nondiff=(2, 3)),
    Op("nll_loss_backward", P.nll_loss_backward.default, A.nll_loss_backward.default,
       nll_loss_backward_cases, nondiff=(2, 3, 6)),
]
WITHOUT_HISTORY = ["special_bessel_j0", "isposinf"]
WITHOUT_FORWARD_FORMULA = ["_log_softmax_backward_data", "nll_loss_backward"]


def forward_ad_rules():
    """Forward AD where the family has no forward formula: the primal without
    a tangent for a family without history; for a functional operator with
    backward formulas, the operator's decomposition registered for forward AD
    (aten's, from torch._decomp, registered for ours as a user would:
    torch.jit._register_decomposition), and aten's refusal before one is
    registered (its first line: aten's ops have one)."""
    from torch._decomp import decomposition_table
    from torch._decomp import decompositions_for_jvp as jvp_decomps
    by_name = {op.name: op for op in OPS}
    for op in (by_name[n] for n in WITHOUT_HISTORY):
        for case in op.cases():
            compare("%s [%s] forward AD" % (op.name, case.label),
                    lambda: jvp(op.ours, case, op, 1), lambda: jvp(op.aten, case, op, 1))
    for name in WITHOUT_FORWARD_FORMULA:
        op = by_name[name]
        case = next(iter(op.cases()))
        STATS["calls"] += 1
        ours = outcome(lambda: jvp(op.ours, case, op, 1))
        refusal = ("Trying to use forward AD with aten_port::%s that does not support it "
                   "because it has not been implemented yet." % name)
        if ours[0] != "error" or ours[1] != "NotImplementedError" or \
                not ours[2].startswith(refusal):
            record("%s forward AD without a decomposition: %s, not aten's refusal" % (
                name, ours[1:] if ours[0] == "error" else "ok"))
        jvp_decomps.decomposition_table_for_jvp[op.ours] = decomposition_table[op.aten]
        jvp_decomps._register_jit_decomposition_for_jvp(op.ours)


#===------------------------------------------------------------------------===#
# The checks
#===------------------------------------------------------------------------===#


def as_list(r):
    return list(r) if isinstance(r, (tuple, list)) else [r]


def fresh(case, op, diff=True, seed=None):
    """Copies of the case's arguments; its differentiable tensors leaves
    that require grad (when \p diff)."""
    args = []
    for i, a in enumerate(case.args):
        if isinstance(a, torch.Tensor):
            a = a.detach().clone()
            if diff and i in case.diff_inputs(op):
                a.requires_grad_(True)
        args.append(a)
    return args


def randn_like(t, seed):
    g = torch.Generator().manual_seed(seed)
    r = torch.randn(t.shape, generator=g, dtype=torch.float64)
    if t.dtype.is_complex:
        r = torch.complex(r, torch.randn(t.shape, generator=g, dtype=torch.float64))
    return r.to(t.dtype)


def grad_of(outs, inputs, seed, create_graph=False):
    """torch.autograd.grad of the outputs that require grad, with random
    grad_outputs (the same for ours and aten's: seeded)."""
    outs = [o for o in as_list(outs) if isinstance(o, torch.Tensor) and o.requires_grad]
    if not outs or not inputs:
        return None
    gos = [randn_like(o, seed + k) for k, o in enumerate(outs)]
    return torch.autograd.grad(outs, inputs, gos, allow_unused=True, create_graph=create_graph)


def flags(outs):
    return [(o.requires_grad, o.grad_fn is not None) for o in as_list(outs)
            if isinstance(o, torch.Tensor)]


def forward_and_backward(fn, case, op, seed):
    args = fresh(case, op)
    inputs = [args[i] for i in case.diff_inputs(op)]
    outs = fn(*args, **case.kwargs)
    return outs, flags(outs), grad_of(outs, inputs, seed)


def double_backward(fn, case, op, seed):
    args = fresh(case, op)
    inputs = [args[i] for i in case.diff_inputs(op)]
    grads = grad_of(fn(*args, **case.kwargs), inputs, seed, create_graph=True)
    grads = [g for g in grads if g is not None and g.requires_grad]
    if not grads:
        return None
    vs = [randn_like(g, seed + 100 + k) for k, g in enumerate(grads)]
    return torch.autograd.grad(grads, inputs, vs, allow_unused=True)


def saved_count(fn, case, op):
    n = [0]

    def pack(t):
        n[0] += 1
        return t

    args = fresh(case, op)
    with torch.autograd.graph.saved_tensors_hooks(pack, lambda t: t):
        fn(*args, **case.kwargs)
    return n[0]


def jvp(fn, case, op, seed):
    args = fresh(case, op, diff=False)
    with forward_ad.dual_level():
        for k, i in enumerate(case.diff_inputs(op)):
            args[i] = forward_ad.make_dual(args[i], randn_like(args[i], seed + k))
        outs = fn(*args, **case.kwargs)
        return [(forward_ad.unpack_dual(o).primal.clone(), forward_ad.unpack_dual(o).tangent)
                for o in as_list(outs) if isinstance(o, torch.Tensor)]


def inplace_on(fn, case, op, seed, how):
    """op_ on a non-leaf (`how` = "non-leaf") or on a view of one ("view"):
    the result, and the gradients of the leaves."""
    args = fresh(case, op)
    leaves = [args[i] for i in case.diff_inputs(op)]
    self_leaf = args[0]
    if how == "non-leaf":
        args[0] = self_leaf * 1
        out = fn(*args, **case.kwargs)
        result = out
    else:
        base = torch.stack([self_leaf, self_leaf]) * 1
        args[0] = base[1]
        out = fn(*args, **case.kwargs)
        result = base
    check_same_object = out is args[0]
    return result, flags(result), check_same_object, grad_of(result, leaves, seed)


def inplace_jvp(fn, case, op, seed):
    """op_ on a dual tensor (a copy of self's primal): the primal and the
    tangent self has afterwards."""
    args = fresh(case, op, diff=False)
    with forward_ad.dual_level():
        for k, i in enumerate(case.diff_inputs(op)):
            args[i] = forward_ad.make_dual(args[i], randn_like(args[i], seed + k))
        args[0] = args[0].clone()
        fn(*args, **case.kwargs)
        d = forward_ad.unpack_dual(args[0])
        return d.primal.clone(), d.tangent


def no_grad_flags(fn, case, op):
    args = fresh(case, op)
    with torch.no_grad():
        return flags(fn(*args, **case.kwargs))


def inplace_on_leaf(fn, case, op, view=False):
    """op_ on a leaf that requires grad, or on a view of one: refused."""
    args = fresh(case, op)
    args[0].requires_grad_(True)
    if view:
        args[0] = args[0].view(args[0].shape)
    return fn(*args, **case.kwargs)


def run_case(op, case, seed):
    tag = "%s [%s]" % (op.name, case.label)
    ours, aten = compare(tag + " forward, backward", lambda: forward_and_backward(op.ours, case, op, seed),
                         lambda: forward_and_backward(op.aten, case, op, seed))
    if aten[0] != "ok" or not op.differentiable:
        return
    compare(tag + " under no_grad", lambda: no_grad_flags(op.ours, case, op),
            lambda: no_grad_flags(op.aten, case, op))
    if op.saved:
        compare(tag + " saved tensors", lambda: saved_count(op.ours, case, op),
                lambda: saved_count(op.aten, case, op))
    if op.double:
        compare(tag + " double backward", lambda: double_backward(op.ours, case, op, seed),
                lambda: double_backward(op.aten, case, op, seed))
    if op.fwd:
        compare(tag + " forward AD", lambda: jvp(op.ours, case, op, seed),
                lambda: jvp(op.aten, case, op, seed))
    if op.inplace and 0 in case.diff_inputs(op):
        ours_ip, aten_ip = op.inplace
        for how in ("non-leaf", "view"):
            compare(tag + " in-place on a " + how, lambda: inplace_on(ours_ip, case, op, seed, how),
                    lambda: inplace_on(aten_ip, case, op, seed, how))
        for view in (False, True):
            compare(tag + " in-place on a leaf" + (" view" if view else ""),
                    lambda: inplace_on_leaf(ours_ip, case, op, view),
                    lambda: inplace_on_leaf(aten_ip, case, op, view))
        if op.fwd:
            compare(tag + " in-place forward AD", lambda: inplace_jvp(ours_ip, case, op, seed),
                    lambda: inplace_jvp(aten_ip, case, op, seed))


def gradcheck_cases(op):
    """The first case whose inputs are all float64, and the first all
    complex128 one (where the op takes complex inputs)."""
    found = {}
    for case in op.cases():
        dtypes = {case.args[i].dtype for i in case.diff_inputs(op)}
        if len(dtypes) == 1 and dtypes <= {torch.float64, torch.complex128}:
            found.setdefault(dtypes.pop(), case)
    return list(found.values())


def run_gradcheck(op, case):
    """gradcheck / gradgradcheck of our op in float64; aten's own is run
    only to explain a failure."""
    if case is None or not op.differentiable or not case.diff_inputs(op):
        return
    diff = case.diff_inputs(op)

    def f(fn):
        def g(*xs):
            args = list(case.args)
            for i, x in zip(diff, xs):
                args[i] = x
            return fn(*args, **case.kwargs)
        return g

    inputs = [case.args[i].detach().clone().requires_grad_(True) for i in diff]
    checks = [("gradcheck", lambda fn: torch.autograd.gradcheck(
        f(fn), inputs, check_forward_ad=op.fwd, check_undefined_grad=True))]
    if op.double:
        checks.append(("gradgradcheck", lambda fn: torch.autograd.gradgradcheck(f(fn), inputs)))
    for what, run in checks:
        STATS["calls"] += 1
        ours = outcome(lambda: run(op.ours))
        if ours == ("ok", True):
            continue
        aten = outcome(lambda: run(op.aten))
        record("%s [%s] %s: ours %s, aten %s" % (op.name, case.label, what, ours[1:],
                                                  "passes" if aten == ("ok", True) else aten[1:]))


def run_refusals():
    """Inputs that cannot require grad, and a family without derivatives."""
    x = make((4, 5), torch.float64).log_softmax(1).requires_grad_(True)
    t = torch.tensor([0, 4, 2, 1])
    w = make((5,), torch.float64, positive=True).requires_grad_(True)
    compare("nll_loss_forward: weight requires grad",
            lambda: P.nll_loss_forward(x, t, w, 1, -100),
            lambda: A.nll_loss_forward(x, t, w, 1, -100))
    a = make((3,), torch.float32).requires_grad_(True)
    b = a.detach().clone()
    b[0] += 1
    compare("eq.Tensor: inputs require grad", lambda: (lambda r: (r, flags(r)))(P.eq.Tensor(a, b)),
            lambda: (lambda r: (r, flags(r)))(A.eq.Tensor(a, b)))
    compare("eq.Tensor_out: inputs require grad",
            lambda: P.eq.Tensor_out(a, b, out=torch.empty(3, dtype=torch.bool)),
            lambda: A.eq.Tensor_out(a, b, out=torch.empty(3, dtype=torch.bool)))
    compare("eq_.Tensor on a non-leaf",
            lambda: (lambda y: (P.eq_.Tensor(y, b), flags(y)))(a * 1),
            lambda: (lambda y: (A.eq_.Tensor(y, b), flags(y)))(a * 1))


def main(ops, refusals=True):
    verbose = "-v" in sys.argv
    forward_ad_rules()
    seed = 0
    for op in ops:
        for case in op.cases():
            seed += 10
            try:
                run_case(op, case, seed)
            except Exception:  # a failure of the test itself
                record("%s [%s]: test error %s" % (op.name, case.label, traceback.format_exc()))
        for case in gradcheck_cases(op):
            run_gradcheck(op, case)
        if verbose:
            print("%-18s done: %d calls, %d mismatches so far" % (op.name, STATS["calls"],
                                                                  len(STATS["mismatches"])))
    if refusals:
        run_refusals()
    for m in STATS["mismatches"]:
        print("MISMATCH " + m)
    for reason, n in COUNTED.items():
        print("known (%d): %s" % (n, reason))
    print("%d ops; %d calls compared with aten, %d mismatches; %d known differences" % (
        len(ops), STATS["calls"], len(STATS["mismatches"]), sum(COUNTED.values())))
    return 1 if STATS["mismatches"] else 0


#===------------------------------------------------------------------------===#
# Tensor[] and Tensor?[] arguments (branch args): cat's elements and index's
# indices passed as positional arguments, so that every check above applies.
#===------------------------------------------------------------------------===#


def cat_of(op):
    return lambda *ts, dim=0: op(list(ts), dim)


def index_of(op):
    return lambda x, *idx: op(x, list(idx))


def cat_cases():
    for d in ALL:
        for dim in (0, 1, -1):
            yield Case([make((2, 3), d), make((2, 3), d), noncontig(make((3, 2), d)).t()],
                       {"dim": dim}, label="%s dim=%d" % (d, dim))
        yield Case([make((2, 3), d), make((0,), d), make((4, 3), d)], {"dim": 0},
                   label="%s legacy empty" % d)
    # mixed dtypes (the result's dtype; each gradient in its input's)
    yield Case([make((2, 3), torch.float32), make((1, 3), torch.float64)], label="float32 with float64")
    yield Case([make((2, 3), torch.float64), make((1, 3), torch.complex128)],
               label="float64 with complex128")
    yield Case([make((2, 3), torch.float64), torch.ones(1, 3, dtype=torch.int64)],
               label="float64 with int64")


def index_cases():
    for d in ALL:
        x = make((4, 5, 3), d)
        yield Case([x, torch.tensor([0, 2, 2, 3])], label="%s one index (repeated)" % d)
        yield Case([x, None, torch.tensor([[1, 4], [0, 0]])], label="%s None, index" % d)
        yield Case([x, torch.tensor([1, 3]), None, torch.tensor([2, 0])],
                   label="%s index, None, index" % d)
        yield Case([x, torch.tensor([True, False, True, True])], label="%s bool mask" % d)
        yield Case([noncontig(make((5, 4), d)), torch.tensor([[True] * 4] * 2 + [[False] * 4] * 3)],
                   label="%s 2-d bool mask, non-contiguous" % d)


OPS += [
    Op("cat", cat_of(P.cat.default), cat_of(A.cat.default), cat_cases),
    # An element that does not require grad: no gradient, no edge.
    Op("cat (second without grad)", cat_of(P.cat.default), cat_of(A.cat.default),
       lambda: (c for c in cat_cases() if len(c.args) == 3), nondiff=(1,)),
    Op("index.Tensor", index_of(P.index.Tensor), index_of(A.index.Tensor), index_cases),
]


if __name__ == "__main__":
    sys.exit(main(core_ops()))
