"""Differential test of the families of helpers.cpp against aten's ops.

helpers.cpp ports aten's structured ops whose derivatives.yaml formulas call
aten's formula helpers (FunctionsManual.h), with those formulas verbatim; the
helpers are skgen/formulas.h's. test_grads.py's checks (forward, backward,
saved tensors, double backward, forward AD, in-place, gradcheck /
gradgradcheck) run on the inputs below, which reach each helper's branches
(complex and real, zeros, ties, every reduce mode, rounding modes, p-norms
of every kind, column-major matrices, ...).

  test_helpers.py <library.so> [-v]
"""
import math
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import test_grads as tg  # noqa: E402 - loads the library given in argv
from test_grads import A, ALL, Case, Op, P, REAL, make, noncontig  # noqa: E402

import torch  # noqa: E402

VERSION = tg.VERSION
COMPLEX = [torch.complex64, torch.complex128]

# Differences of the generated code, not of the helpers (issue 41's other
# items): counted, each with its reason.
tg.KNOWN.extend([
    (True, ("saved tensors: 3 != 2", "copysign.Tensor ["),
     "`other: zeros_like(other)` makes skgen's node save other; aten's keeps only "
     "its dtype and sizes"),
    (True, ("saved tensors: 2 != 1", "max_pool2d_with_indices_backward ["),
     "`self: zeros_like(self)` makes skgen's node save self; aten's keeps only its "
     "dtype and sizes"),
    (True, ("scatter_reduce.two [", "prod", "in-place forward AD: ours ok, aten ('RuntimeError', "
            "\"Expected a proper Tensor but got None"),
     "scatter_reduce_jvp gives no tangent for prod (aten's too); aten's in-place "
     "kernel then fails, skgen's leaves self without one"),
    (True, ("scatter_reduce.two [", "prod", "gradcheck: ours ('GradcheckError', 'Jacobian "
            "computed with forward mode mismatch", "aten ('GradcheckError', 'Jacobian computed "
            "with forward mode mismatch"),
     "scatter_reduce_jvp gives no tangent for prod: gradcheck's forward-mode check fails "
     "for aten's op as for ours"),
    (VERSION < (2, 0), ("renorm [", "ours ok, aten ('NotImplementedError', 'Trying to use "
                        "forward AD with renorm"),
     "PyTorch 1.13's renorm has no forward derivative; 2.13's yaml, ported here, has "
     "renorm_jvp"),
])


def with_zeros(dtypes):
    """Inputs with exact zeros (and, real, values below epsilon)."""
    def gen():
        for d in dtypes:
            x = make((3, 4), d)
            x[0, 1] = 0
            if not d.is_complex:
                x[1, 2] = 1e-20
            yield Case([x], label="%s zeros" % d)
    return gen


def log1p_cases():
    for d in REAL:
        yield Case([make((3, 4), d, positive=True) - 0.4], label="%s" % d)
    for d in COMPLEX if VERSION >= (2, 0) else []:  # 1.13's CPU log1p: real only
        yield Case([make((3, 4), d)], label="%s" % d)


def pow_scalar_cases():
    for d in REAL:
        x = make((3, 4), d, positive=True)
        for e in (2, 3, 0.5, 0, -1.5):
            yield Case([x, e], label="%s exponent %s" % (d, e))
    for d in COMPLEX:
        for e in (2, 0.5, 1 + 1j):
            yield Case([make((3, 4), d), e], label="%s exponent %s" % (d, e))


def div_mode_cases():
    for c in tg.binary_cases(REAL, positive=True):
        for mode in (None, "floor", "trunc"):
            yield Case(c.args, {"rounding_mode": mode}, label="%s %s" % (c.label, mode))


def clamp_cases():
    for d in REAL:
        x = make((3, 4), d)
        for kw in ({"min": -0.5, "max": 0.5}, {"min": 0.1}, {"max": -0.2}, {"min": 0.5, "max": -0.5}):
            yield Case([x], kw, label="%s %s" % (d, kw))


def copysign_cases():
    for c in tg.binary_cases(REAL):
        yield c
    x, y = make((3, 4), torch.float64), make((3, 4), torch.float64)
    x[0, 0] = 0
    y[1, 1] = -0.0
    yield Case([x, y], label="zeros")


def cum_cases(zeros):
    for d in ALL:
        for dim in (0, -1):
            yield Case([make((3, 4), d), dim], label="%s dim=%d" % (d, dim))
        yield Case([noncontig(make((4, 3), d)), 1], label="%s non-contiguous" % d)
        yield Case([make((), d), 0], label="%s 0-dim" % d)
    yield Case([make((3, 4), torch.float32), 1], {"dtype": torch.float64}, label="dtype=float64")
    if zeros:
        for d in REAL:
            x = make((3, 5), d)
            x[0, 1] = 0          # one zero
            x[1, 1] = x[1, 3] = 0  # two zeros
            x[2, 4] = 0          # a zero at the end
            yield Case([x, 1], label="%s zeros" % d)
            yield Case([torch.zeros((), dtype=d), 0], label="%s 0-dim zero" % d)


def norm_cases():
    for d in REAL + [torch.complex128]:
        x = make((3, 4), d)
        for p in (None, 0, 1, 2, 3, 1.5, 0.5, math.inf):
            for dim, k in (([1], False), ([0, 1], True), ([], False)):
                yield Case([x, p, dim, k], label="%s p=%s dim=%s keepdim=%s" % (d, p, dim, k))
    x = make((3, 4), torch.float64)
    x[1] = 0  # a zero norm
    x[2, 0] = x[2, 1]  # ties for p=inf
    for p in (2, 3, 1.5, math.inf):
        yield Case([x, p, [1], False], label="zero row, ties p=%s" % p)


def vector_norm_cases():
    for d in REAL + [torch.complex128]:
        x = make((3, 4), d)
        for ord_ in (2, 1, math.inf, 3):
            for kw in ({}, {"dim": [1]}, {"dim": [0], "keepdim": True}):
                yield Case([x, ord_], kw, label="%s ord=%s %s" % (d, ord_, kw))
    yield Case([make((3, 4), torch.float32), 2], {"dim": [1], "dtype": torch.float64},
               label="dtype=float64")


def renorm_cases():
    for d in REAL:
        x = make((3, 4), d) * 2
        for p, dim, maxnorm in ((2, 0, 1.5), (1, 1, 2.0), (3, -1, 100.0)):
            yield Case([x, p, dim, maxnorm], label="%s p=%s dim=%s maxnorm=%s" % (d, p, dim, maxnorm))


def mm_cases():
    for d in ALL:
        a, b = make((3, 4), d), make((4, 5), d)
        yield Case([a, b], label="%s" % d)
        yield Case([a.t().contiguous().t(), b.t().contiguous().t()], label="%s column-major" % d)


def addmm_cases():
    for d in REAL + [torch.complex128]:
        a, b = make((3, 4), d), make((4, 5), d)
        yield Case([make((3, 5), d), a, b], label="%s" % d)
        yield Case([make((5,), d), a.t().contiguous().t(), b], {"beta": 0.5, "alpha": 2},
                   label="%s broadcast self, column-major mat1, beta, alpha" % d)


def scatter_cases(index_reduce):
    index = torch.tensor([[0, 1, 2, 0, 1], [2, 0, 1, 0, 2]]) if not index_reduce else \
        torch.tensor([0, 2, 0])
    for d in REAL:
        for reduce in (["prod", "mean", "amax", "amin"] + ([] if index_reduce else ["sum"])):
            for include_self in (True, False):
                self_ = make((3, 5), d)
                src = make((2, 5) if not index_reduce else (3, 5), d)
                if reduce == "prod":
                    src[0, 1] = 0  # a single zero scattered to one place
                    self_[2, 2] = 0
                if index_reduce:
                    args = [self_, 0, index, src, reduce]
                else:
                    args = [self_, 0, index, src, reduce]
                yield Case(args, {"include_self": include_self},
                           label="%s %s include_self=%s" % (d, reduce, include_self))


def softmax_cases():
    for d in REAL:
        for dim in (0, -1):
            yield Case([make((3, 4), d), dim, False], label="%s dim=%d" % (d, dim))
        yield Case([make((), d), 0, False], label="%s 0-dim" % d)


def softmax_backward_cases():
    for d in REAL:
        for dim in (0, 1):
            out = make((3, 4), d).softmax(dim)
            yield Case([make((3, 4), d), out, dim, d], label="%s dim=%d" % (d, dim))


def elu_backward_cases():
    for d in REAL:
        x = make((3, 4), d)
        yield Case([make((3, 4), d), 1.0, 1.0, 1.0, False, x], label="%s from self" % d)
        yield Case([make((3, 4), d), 0.5, 1.2, 2.0, False, x], label="%s alpha, scale" % d)
        yield Case([make((3, 4), d), 1.0, 1.0, 1.0, True, torch.nn.functional.elu(x)],
                   label="%s from the result" % d)


def gelu_backward_cases():
    for d in REAL:
        for approximate in ("none", "tanh"):
            yield Case([make((3, 4), d), make((3, 4), d)], {"approximate": approximate},
                       label="%s %s" % (d, approximate))


def softplus_backward_cases():
    for d in REAL:
        yield Case([make((3, 4), d), make((3, 4), d) * 10, 1, 20], label="%s" % d)
        yield Case([make((3, 4), d), make((3, 4), d) * 10, 2, 5], label="%s beta, threshold" % d)


def max_pool_backward_cases():
    for d in REAL:
        x = make((2, 3, 6, 6), d)
        for k, s, p in (([2, 2], [2, 2], [0, 0]), ([3, 3], [2, 2], [1, 1])):
            out, idx = torch.nn.functional.max_pool2d(x, k, s, p, return_indices=True)
            yield Case([make(tuple(out.shape), d), x, k, s, p, [1, 1], False, idx],
                       label="%s kernel %s stride %s padding %s" % (d, k, s, p))


def mse_cases():
    for c in tg.binary_cases(REAL):
        a, b = c.args
        if a.shape != b.shape:
            continue
        for reduction in (0, 1, 2):
            yield Case([a, b, reduction], label="%s reduction=%d" % (c.label, reduction))


def op(name, ovl_, cases, inplace=None, **kw):
    """An op by name and overload; inplace: the in-place overload's name."""
    ours, aten = getattr(getattr(P, name), ovl_), getattr(getattr(A, name), ovl_)
    ip = None
    if inplace is not None:
        ip = (getattr(getattr(P, name + "_"), inplace), getattr(getattr(A, name + "_"), inplace))
    return Op(name if ovl_ == "default" else name + "." + ovl_, ours, aten, cases, inplace=ip, **kw)


def unary_op(name, dtypes, extra=None, positive=False, inplace=True, **kw):
    def cases():
        yield from tg.unary_cases(dtypes, positive)
        if extra:
            yield from extra()
    return op(name, "default", cases, inplace="default" if inplace else None, **kw)


def helper_ops():
    return [
        unary_op("sgn", ALL, with_zeros(ALL)),
        op("log1p", "default", log1p_cases, inplace="default"),
        unary_op("sinc", ALL, with_zeros(ALL)),
        unary_op("special_i1", REAL, with_zeros(REAL), inplace=False),
        unary_op("special_i1e", REAL, with_zeros(REAL), inplace=False),
        unary_op("silu", REAL),
        unary_op("mish", REAL),
        op("copysign", "Tensor", copysign_cases, inplace="Tensor"),
        op("pow", "Tensor_Scalar", pow_scalar_cases, inplace="Scalar"),
        op("div", "Tensor_mode", div_mode_cases, inplace="Tensor_mode"),
        op("clamp", "default", clamp_cases, inplace="default"),
        op("cumsum", "default", lambda: cum_cases(False), inplace="default"),
        op("cumprod", "default", lambda: cum_cases(True), inplace="default"),
        op("norm", "ScalarOpt_dim", norm_cases),
        op("linalg_vector_norm", "default", vector_norm_cases),
        op("renorm", "default", renorm_cases, inplace="default"),
        op("mm", "default", mm_cases),
        op("addmm", "default", addmm_cases),
        op("scatter_reduce", "two", lambda: scatter_cases(False), inplace="two", nondiff=(2,)),
        op("index_reduce", "default", lambda: scatter_cases(True), inplace="default",
           nondiff=(2,), fwd=False),
        op("_softmax", "default", softmax_cases),
        op("_log_softmax", "default", softmax_cases),
        op("_softmax_backward_data", "default", softmax_backward_cases),
        op("elu_backward", "default", elu_backward_cases),
        op("gelu_backward", "default", gelu_backward_cases),
        op("softplus_backward", "default", softplus_backward_cases),
        op("max_pool2d_with_indices_backward", "default", max_pool_backward_cases,
           nondiff=(7,)),
        op("mse_loss", "default", mse_cases),
    ]


def register_jvp_decompositions():
    """derivatives.yaml has no forward formula for _softmax_backward_data:
    aten's kernel runs its decomposition for forward AD, and so does skgen's
    once one is registered for ours, as a user registers it."""
    from torch._decomp import decomposition_table
    from torch._decomp import decompositions_for_jvp as jvp_decomps
    ours = tg.P._softmax_backward_data.default
    jvp_decomps.decomposition_table_for_jvp[ours] = \
        decomposition_table[tg.A._softmax_backward_data.default]
    jvp_decomps._register_jit_decomposition_for_jvp(ours)


if __name__ == "__main__":
    register_jvp_decompositions()
    sys.exit(tg.main(helper_ops(), refusals=False))
