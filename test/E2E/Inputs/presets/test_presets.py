"""Differential test of skgen's meta presets: each family of ops.cpp (a real
aten op ported with a preset or a meta function built on one, its out= kernel
calling aten's own out= function, no Meta kernel written) against aten's own
functional, in-place and out= variants, on CPU and on meta tensors, over a
grid of dtypes, Scalar operands, broadcasting, 0-dim, empty and
non-contiguous inputs. Compared: values, dtypes, shapes, errors (type and
first line), whether `self` was written when an in-place call fails,
requires_grad of results, out= refused with inputs that require grad.

Works with PyTorch 1.13 and 2.x.

  test_presets.py <library.so> [--abi=stable] [-v]

A family whose operators the library does not define is skipped and named
in the summary (the stable-ABI port, Inputs/stable_presets/ops.cpp, has no
family with a Scalar argument). --abi=stable: the library is built with
skgen --abi=stable, which generates no Autograd kernels, so requires_grad
and out= with inputs requiring grad are not compared, and errors with aten's
message but another type are counted apart (docs/stable-abi.md, "Known
differences").
"""
import functools
import os
import subprocess
import sys
import unittest

import torch

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import skgen_testing  # noqa: E402 - Inputs/ holds the shared helpers
from skgen_testing import describe, make, noncontig  # noqa: E402

LIB = sys.argv.pop(1)
STABLE = "--abi=stable" in sys.argv
if STABLE:
    sys.argv.remove("--abi=stable")
torch.ops.load_library(LIB)


class Library:
    """torch.ops.presets, where an op the library does not define is None."""

    def __getattr__(self, name):
        try:
            return getattr(torch.ops.presets, name)
        except (AttributeError, RuntimeError):  # 1.13: RuntimeError
            return None


P = Library()
STATS = {"calls": 0, "aten_bugs": 0, "dispatch_only": 0, "cpu_only": 0, "autograd": 0, "grad_dtype": 0,
         "out_grad_skipped": 0, "shim_errors": 0, "not_implemented": 0, "masks_on_meta": 0,
         "unchecked_out_dtype": 0}
TORCH_MAJOR = int(torch.__version__.split(".")[0])

outcome = functools.partial(skgen_testing.outcome, stats=STATS)

DTYPES = [torch.bool, torch.uint8, torch.int32, torch.int64, torch.float32,
          torch.float64]


def tensors(r):
    return list(r) if isinstance(r, (tuple, list)) else [r]


def same_values(a, b):
    """Same shape and dtype; same values unless one is a meta tensor."""
    if describe(a)[1:] != describe(b)[1:]:
        return False
    if "meta" in (a.device.type, b.device.type):
        return True
    if a.device != b.device:
        return False
    if a.dtype.is_floating_point:
        return bool(((a == b) | (a.isnan() & b.isnan())).all())
    return torch.equal(a, b)


class Mismatch(AssertionError):
    pass


def has_mask(args):
    return any(isinstance(t, torch.Tensor) and t.dtype in (torch.bool, torch.uint8)
               for a in args if isinstance(a, list) for t in a)


def apart(fam, args, dev, ours, aten, out_dtype=None):
    """Whether a call is counted apart instead of compared: a mask on meta
    tensors (Family.masks), an out= dtype aten did not check yet
    (Family.out_dtype_since). Ours must refuse it."""
    if fam.masks and dev == "meta" and aten[0] == "ok" and has_mask(args):
        if ours[0] != "error":
            raise Mismatch(f"{fam.name}: a mask on meta tensors accepted")
        STATS["masks_on_meta"] += 1
        return True
    if fam.masks and dev == "meta" and aten[0] == "error" and "is out of bounds" in aten[2]:
        if ours[0] != "ok":
            raise Mismatch(f"{fam.name}: an index out of range refused on meta tensors: {ours}")
        STATS["masks_on_meta"] += 1
        return True
    if fam.out_dtype_since and TORCH_MAJOR < fam.out_dtype_since and out_dtype:
        if ours[0] != "error" or "must have the same scalar type" not in ours[2]:
            raise Mismatch(f"{fam.name}: out= of another dtype: ours {ours[:1] + ours[2:]}")
        STATS["unchecked_out_dtype"] += 1
        return True
    return False


# aten's own failures that are not a rule: an internal assert (1.13's CPU
# addcmul with mixed float32/float64 operands or out=: skgen computes into a
# temporary of the result dtype there, so it succeeds). Counted and reported.
# Also aten's gelu_backward.grad_input on CPU, whose oneDNN path refuses an
# out= (or a result) of another floating dtype than float32 inputs
# ("itensor_view_from_dense expects float/bfloat16 tensor input") although
# its meta function accepts it by TensorIterator's rule (skgen computes into
# a temporary of the result dtype there), and with 1.13 refuses broadcast
# operands ("could not create a primitive descriptor for a reorder
# primitive") where skgen's Meta kernel, like aten's meta function, accepts
# them.
ATEN_BUGS = ("INTERNAL ASSERT FAILED", "itensor_view_from_dense",
             "could not create a primitive descriptor")

# A differentiable aten op asked for an integral result (prod(x, 0,
# dtype=torch.int32)) of an input that requires grad: aten refuses when it
# records the history (1.13: internal assert isDifferentiableType; 2.x:
# "Autograd not support dtype: Int"). skgen's functional variants return the
# result, which does not require grad (integral outputs never do). Counted.
GRAD_DTYPE = ("INTERNAL ASSERT FAILED", "Autograd not support dtype")


# Errors of aten's CPU kernel's dtype dispatch (AT_DISPATCH: '"abs_cpu" not
# implemented for 'Bool''): a property of the CPU kernel, not of the op's
# meta function. Meta kernels do not dispatch on dtype (aten's own structured
# Meta kernels accept bool abs, float bitwise_and, ...), so on meta tensors
# skgen's generated Meta kernels succeed there; on CPU the same error is
# required.
DISPATCH_ERROR = " not implemented for '"

# Refusals of aten's CPU kernels that are no rule of the op either (its meta
# function and other backends accept the call): _softmax's half_to_float
# (aten's meta function gives a float result; CUDA converts a half input).
# Counted, on meta tensors only, as DISPATCH_ERROR is.
CPU_ONLY = ("softmax with half to float conversion is not supported on CPU",)
# _softmax_backward_data / _log_softmax_backward_data of a float grad and a
# half input_dtype: a half result (aten's meta function; CUDA computes it),
# which aten's CPU kernel refuses. Only those families' meta calls.
CPU_ONLY_BACKWARD = ("expected scalar type Float but found Half",)


# --abi=stable, errors with aten's message but not its type, counted and not
# mismatches (docs/stable-abi.md, "Known differences"):
# - raised inside aten's kernel (the out= op a kernel calls through
#   skgen::call_out), the error crosses the stable ABI's C boundary, which
#   keeps only its message: RuntimeError (aten's may be NotImplementedError),
#   the message followed by " (originally from ... API call failed at FILE,
#   line N)";
# - a stable-ABI library cannot raise NotImplementedError (c10's
#   NotImplementedError is no part of the ABI): a meta function's check that
#   aten raises as one (torch 2.14's neg of a bool tensor) is a RuntimeError.
SHIM_SUFFIX = " (originally from "


def check_same(what, ours, aten, meta=False):
    if STABLE and ours[0] == aten[0] == "error" and ours[1] == "RuntimeError":
        message = ours[2].split(SHIM_SUFFIX)[0]
        if message == aten[2] and message != ours[2]:
            STATS["shim_errors"] += 1
            return
        if ours[2] == aten[2] and aten[1] == "NotImplementedError":
            STATS["not_implemented"] += 1
            return
    if aten[0] == "error" and any(b in aten[2] for b in ATEN_BUGS) and ours[0] == "ok":
        STATS["aten_bugs"] += 1
        return
    if meta and aten[0] == "error" and DISPATCH_ERROR in aten[2] and ours[0] == "ok":
        STATS["dispatch_only"] += 1
        return
    cpu_only = CPU_ONLY + (CPU_ONLY_BACKWARD if "softmax_backward_data" in what else ())
    if meta and aten[0] == "error" and aten[2] in cpu_only and ours[0] == "ok":
        STATS["cpu_only"] += 1
        return
    STATS["mismatches"] = STATS.get("mismatches", 0) + 1  # undone when equal
    if ours[0] != aten[0]:
        raise Mismatch(f"{what}: ours {ours[:1] + ours[2:] if ours[0] == 'error' else 'ok'}, "
                       f"aten {aten[:1] + aten[2:] if aten[0] == 'error' else 'ok'}")
    if ours[0] == "error":
        if ours[1:] != aten[1:]:
            raise Mismatch(f"{what}: errors differ:\n  ours {ours[1:]}\n  aten {aten[1:]}")
        STATS["mismatches"] -= 1
        return
    for x, y in zip(tensors(ours[1]), tensors(aten[1])):
        if not same_values(x, y):
            raise Mismatch(f"{what}: results differ: ours {describe(x)} aten {describe(y)}")
    STATS["mismatches"] -= 1


class Family:
    def __init__(self, name, ours, aten, cases, outs=("out",), differentiable=True,
                 strides=True, overlapping_out=True, out_grad=True, masks=False,
                 out_dtype_since=None):
        self.name, self.ours, self.aten, self.cases = name, ours, aten, cases
        # index tensors among the arguments (index), whose values meta
        # tensors do not have: a bool / uint8 mask, whose values give the
        # result's shape, is refused there (as aten's C++ meta kernels
        # refuse it) where aten's CPU call computes; an index out of range,
        # which aten's CPU kernel refuses, is not seen there; counted apart
        self.masks = masks
        # the major version from which aten checks the out= dtype (index:
        # 1.13 wrote another dtype's bytes into it; ours refuses): before it,
        # out= of another dtype is checked to be refused, not compared
        self.out_dtype_since = out_dtype_since
        # out= with inputs that require grad compared (False for heaviside:
        # aten has no derivative formula for it, so its out= accepts them;
        # skgen's out= of a family without formulas refuses them, as aten's
        # does for its differentiable ops: docs/annotations.md, "Derivatives")
        self.out_grad = out_grad
        self.outs, self.differentiable = outs, differentiable
        # also compare the strides of the functional results and of out=
        # tensors (resized ones laid out as aten's TensorIterator lays them)
        self.strides = strides
        # CheckOrder's calls with an out= that overlaps itself or self
        # (False where aten's kernel checks no overlap and its result, or
        # the heap, then depends on how it runs)
        self.overlapping_out = overlapping_out
        self.test = "test_" + name.split(" ")[0].replace(".", "_").lower()


def binary_cases(scalar_other=False):
    shapes = [((3, 4), (3, 4)), ((3, 4), (4,)), ((3, 1), (1, 4)), ((), (3,)),
              ((3,), ()), ((0, 4), (4,)), ((2, 3), (3, 2)), ((4, 3), (4, 3))]
    seed = 0
    for n, (sa, sb) in enumerate(shapes):
        for da in DTYPES:
            # every dtype pair for two shape pairs, a few for the others
            for db in DTYPES if n < 2 else sorted({da, torch.float32, torch.int64}, key=str):
                seed += 1
                a = make(sa, da, seed)
                if sa == (4, 3):
                    a = noncontig(a)
                if scalar_other:
                    yield (a, [True, 3, -2.5][seed % 3]), {}
                    break
                yield (a, make(sb, db, seed + 1000)), {}
    if scalar_other:
        return
    # Inputs that are not dense, of another dtype than the computation's:
    # TensorIterator copies them to it first (dense, in their dim order),
    # and the result's layout follows the copies (an expanded int32 against a
    # transposed float32; a strided slice; bool expanded in 4-D against
    # channels-last int64).
    expanded = make((3, 1), torch.int32, 900).expand(3, 4)
    transposed = make((4, 3), torch.float32, 901).t()
    sliced = make((3, 8), torch.int64, 902)[:, ::2]
    yield (expanded, transposed), {}
    yield (transposed, expanded), {}
    yield (sliced, transposed), {}
    yield (make((3, 1, 4, 1), torch.bool, 903).expand(3, 2, 4, 3),
           make((3, 2, 4, 3), torch.int64, 904).contiguous(memory_format=torch.channels_last)), {}


def nonzero_other_cases():
    """binary_cases without integral zeros in `other` (remainder: aten's
    ZeroDivisionError depends on the values and may come after a write)."""
    for (a, b), kw in binary_cases():
        if not b.dtype.is_floating_point:
            b = torch.where(b == 0, torch.ones_like(b), b)
        yield (a, b), kw


def add_cases():
    for args, kw in binary_cases():
        yield args, kw
        if args[0].dtype.is_floating_point or args[1].dtype.is_floating_point:
            yield args, {"alpha": 2.5}
        else:
            yield args, {"alpha": 3}
    i = make((3,), torch.int32, 1)
    yield (i, i), {"alpha": 2.5}  # aten refuses a float alpha for ints
    b = make((3,), torch.bool, 2)
    yield (b, b), {"alpha": True}


def unary_cases():
    seed = 0
    for shape in [(3, 4), (), (0,), (4, 3)]:
        for d in DTYPES:
            seed += 1
            t = make(shape, d, seed)
            yield (noncontig(t) if shape == (4, 3) else t,), {}
    # not dense: a strided slice, an expanded tensor (binary_cases)
    for d in (torch.int32, torch.float64):
        yield (make((3, 8), d, 905)[:, ::2],), {}
        yield (make((3, 1), d, 906).expand(3, 4),), {}


def addcmul_cases():
    seed = 0
    for shapes in [((3, 4), (3, 4), (3, 4)), ((3, 1), (4,), (1, 4)), ((), (2, 3), ()),
                   ((3,), (2, 3), (3, 3))]:
        for ds in [(torch.float32,) * 3, (torch.int64,) * 3, (torch.int32, torch.float64, torch.int32),
                   (torch.float32, torch.float64, torch.float32), (torch.uint8, torch.int64, torch.uint8)]:
            seed += 1
            args = tuple(make(s, d, seed + k) for k, (s, d) in enumerate(zip(shapes, ds)))
            yield args, {}
            yield args, {"value": 2}


def reduction_cases():
    seed = 0
    for shape in [(3, 4), (2, 3, 4), (), (0, 3)]:
        for d in DTYPES:
            seed += 1
            t = make(shape, d, seed)
            nd = len(shape)
            for dim in [None, [0] if nd else [0], [-1], [0, 1] if nd > 1 else [], [0, 0], [5]]:
                for keep in (False, True):
                    yield (t, dim), {"keepdim": keep}
            yield (t, None), {"dtype": torch.float64}
            yield (t, [0] if nd else None), {"dtype": torch.int32}


def index_cases():
    seed = 0
    for shape in [(3, 4), (2, 3, 4), (), (0, 3), (3, 0)]:
        for d in [torch.float32, torch.float64, torch.int32, torch.int64, torch.uint8]:
            seed += 1
            t = make(shape, d, seed)
            for dim in [0, -1, 1, 3]:
                for keep in (False, True):
                    yield (t, dim), {"keepdim": keep}


def clamp_cases():
    seed = 0
    bounds = [(0, None), (None, 2.5), (-1, 1), (0.5, 2), (True, None), (None, None),
              (-2, 3.5), (2, -1)]
    for shape in [(3, 4), (), (0,), (4, 3)]:
        for d in DTYPES:
            seed += 1
            t = make(shape, d, seed)
            t = noncontig(t) if shape == (4, 3) else t
            for lo, hi in bounds if shape == (3, 4) else bounds[:4]:
                yield (t,), {"min": lo, "max": hi}


def mean_cases():
    for (t, dim), kw in reduction_cases():
        if "dtype" in kw and kw["dtype"] == torch.int32:
            kw = {"dtype": torch.float32 if t.dtype == torch.float64 else torch.int32}
        yield (t, dim), kw


def prod_cases():
    seed = 0
    for shape in [(3, 4), (2, 3, 4), (), (0, 3)]:
        for d in DTYPES:
            seed += 1
            t = make(shape, d, seed)
            for dim in [0, -1, 3]:
                for keep in (False, True):
                    yield (t, dim), {"keepdim": keep}
            yield (t, 0), {"dtype": torch.float64}
            yield (t, -1), {"dtype": torch.int32, "keepdim": True}


def amax_cases():
    for (t, dim), kw in reduction_cases():
        if "dtype" not in kw:
            yield (t, [] if dim is None else dim), kw


def any_cases():
    seed = 0
    for shape in [(3, 4), (2, 3, 4), (), (0, 3)]:
        for d in DTYPES:
            seed += 1
            t = make(shape, d, seed)
            for dim in [0, -1, 3]:
                for keep in (False, True):
                    yield (t, dim), {"keepdim": keep}


def argmax_cases():
    for args, kw in index_cases():
        yield args, kw
    yield (make((3, 4), torch.float32, 7), None), {}
    yield (make((3, 4), torch.float32, 7), None), {"keepdim": True}
    yield (torch.empty(0), None), {}


def scalar_bound_cases():
    """clamp_min / clamp_max: one Scalar bound, int, float and bool."""
    seed = 0
    for shape in [(3, 4), (), (0,), (4, 3)]:
        for d in DTYPES:
            seed += 1
            t = make(shape, d, seed)
            t = noncontig(t) if shape == (4, 3) else t
            for bound in [0, 2.5, True, -1] if shape == (3, 4) else [0, 2.5]:
                yield (t, bound), {}


def div_mode_cases():
    n = 0
    for (a, b), kw in nonzero_other_cases():
        n += 1
        for mode in (None, "trunc", "floor"):
            yield (a, b), {"rounding_mode": mode}
        if n % 20 == 0:
            yield (a, b), {"rounding_mode": "round"}  # refused


def threshold_cases():
    for (t,), kw in unary_cases():
        for threshold, value in [(2.5, -1), (0, 1.5), (True, 2)]:
            yield (t, threshold, value), {}


COMPLEX = [torch.complex64, torch.complex128]


def unary_bool_cases():
    for args, kw in unary_cases():
        yield args, kw
    seed = 100
    for shape in [(3, 4), ()]:
        for d in COMPLEX:
            seed += 1
            yield (make(shape, d, seed),), {}


LOSS_SHAPES = [((3, 4), (3, 4)), ((3, 4), (4,)), ((), (3,)), ((0, 4), (4,)), ((2, 3), (3, 2)),
               ((4, 3), (4, 3))]
LOSS_DTYPES = [(torch.float32, torch.float32), (torch.float32, torch.float64),
               (torch.float64, torch.float64), (torch.float32, torch.int64),
               (torch.int64, torch.int64)]


def loss_cases(extra=({},)):
    seed = 0
    for sa, sb in LOSS_SHAPES:
        for da, db in LOSS_DTYPES:
            seed += 1
            a, b = make(sa, da, seed), make(sb, db, seed + 500)
            if sa == (4, 3):
                a = noncontig(a)
            for reduction in (0, 1, 2):
                for kw in extra:
                    yield (a, b, reduction), kw


def smooth_l1_cases():
    return loss_cases(extra=({}, {"beta": 0.5}, {"beta": -1.0}))


def glu_cases():
    seed = 0
    for shape in [(2, 4), (4, 3), (2, 3, 4), (), (3,), (2, 0), (6,)]:
        for d in [torch.float32, torch.float64, torch.int64]:
            seed += 1
            t = make(shape, d, seed)
            t = noncontig(t) if shape == (4, 3) else t
            for dim in [0, 1, -1, 2, 5]:
                yield (t, dim), {}


def gelu_backward_cases():
    seed = 0
    for sa, sb in [((3, 4), (3, 4)), ((3, 4), (4,)), ((), (3,)), ((0, 4), (4,)), ((2, 3), (3, 2))]:
        for da, db in [(torch.float32, torch.float32), (torch.float32, torch.float64),
                       (torch.float64, torch.float64), (torch.float64, torch.float32),
                       (torch.int32, torch.int32)]:
            seed += 1
            g, x = make(sa, da, seed), make(sb, db, seed + 700)
            for approximate in ("none", "tanh") if sa == (3, 4) else ("none",):
                yield (g, x), {"approximate": approximate}
    yield (make((3,), torch.float32, 1), make((3,), torch.float32, 2)), {"approximate": "x"}


def leaky_relu_cases():
    for n, ((t,), kw) in enumerate(unary_cases()):
        yield (t,), kw
        if n % 2 == 0:
            yield (t, 0.2), {}


BACKWARD_SHAPES = [((3, 4), (3, 4)), ((3, 4), (4,)), ((), (3,)), ((0, 4), (4,)), ((2, 3), (3, 2))]
BACKWARD_DTYPES = [(torch.float32, torch.float32), (torch.float32, torch.float64),
                   (torch.float64, torch.float32), (torch.int64, torch.int64),
                   (torch.float32, torch.bool)]


def backward_cases():
    """(grad_output, self or output) of a backward op."""
    seed = 0
    for sa, sb in BACKWARD_SHAPES:
        for da, db in BACKWARD_DTYPES:
            seed += 1
            yield (make(sa, da, seed), make(sb, db, seed + 900)), {}


def leaky_relu_backward_cases():
    for n, ((g, x), _) in enumerate(backward_cases()):
        for slope, is_result in [(0.2, False), (-0.1, True)] if n % 3 else \
                [(0.2, False), (-0.1, False), (0.2, True), (-0.1, True)]:
            yield (g, x, slope, is_result), {}


def clamp_tensor_cases():
    seed = 0
    for shapes in [((3, 4), (3, 4), (3, 4)), ((3, 4), (4,), (3, 1)), ((), (3,), ()), ((4, 3), (), (4, 3))]:
        for ds in [(torch.float32,) * 3, (torch.int64, torch.float32, torch.int64),
                   (torch.int32, torch.int64, torch.int32), (torch.bool, torch.bool, torch.int64),
                   (torch.float64, torch.float32, torch.float32)]:
            seed += 1
            t, lo, hi = (make(s, d, seed + k) for k, (s, d) in enumerate(zip(shapes, ds)))
            t = noncontig(t) if shapes[0] == (4, 3) else t
            for bounds in [(lo, hi), (lo, None), (None, hi)]:
                yield (t,) + bounds, {}
    yield (make((3,), torch.float32, 1), None, None), {}
    yield (make((3,), torch.complex64, 2), make((3,), torch.float32, 3), None), {}


def polygamma_cases():
    for n, ((t,), kw) in enumerate(unary_cases()):
        for k in (0, 1) if n % 2 else (0, 2, -1):
            yield (k, t), kw


def lerp_scalar_cases():
    seed = 0
    for sa, sb in [((3, 4), (3, 4)), ((3, 4), (4,)), ((3, 1), (1, 4)), ((), (3,)), ((0, 4), (4,)),
                   ((2, 3), (3, 2)), ((4, 3), (4, 3))]:
        for da, db in [(torch.float32, torch.float32), (torch.float64, torch.float64),
                       (torch.float32, torch.float64), (torch.int64, torch.int64)]:
            seed += 1
            a, b = make(sa, da, seed), make(sb, db, seed + 400)
            a = noncontig(a) if sa == (4, 3) else a
            for weight in (0.5, 2) if sa == (3, 4) else (0.5,):
                yield (a, b, weight), {}


def lerp_tensor_cases():
    seed = 0
    for sa, sb, sw in [((3, 4), (3, 4), (3, 4)), ((3, 4), (4,), (3, 1)), ((), (3,), ()),
                       ((0, 4), (4,), (1,)), ((2, 3), (3, 2), (3,)), ((4, 3), (4, 3), (4, 3))]:
        for ds in [(torch.float32,) * 3, (torch.float64,) * 3, (torch.float32, torch.float64, torch.float32),
                   (torch.float32, torch.float32, torch.float64), (torch.int64,) * 3]:
            seed += 1
            a, b, w = (make(s, d, seed + 400 * k) for k, (s, d) in enumerate(zip((sa, sb, sw), ds)))
            yield (noncontig(a) if sa == (4, 3) else a, b, w), {}
    # a 0-dim weight of another dtype: promoted with PyTorch >= 2.7, refused by 1.13
    for da, dw in [(torch.float32, torch.float64), (torch.float64, torch.float32),
                   (torch.float32, torch.complex64), (torch.bool, torch.float32),
                   (torch.float32, torch.int64)]:
        seed += 1
        yield (make((3, 4), da, seed), make((4,), da, seed + 1), make((), dw, seed + 2)), {}


def heaviside_cases():
    for (a, b), kw in binary_cases():
        yield (a, b), kw
    c = make((3,), torch.complex64, 7)
    yield (c, c), {}
    yield (c, make((3,), torch.float32, 8)), {}


def advanced_index_cases():
    # (self, indices): long, int and 0-dim indices, None for a dimension
    # taken whole, indices broadcast together, masks (bool; uint8,
    # deprecated), indices that are not adjacent (the result's dims moved
    # first), and refused ones: a float index, too many, none, an index out
    # of range (aten's kernel), indices that do not broadcast.
    # first (CheckOrder's calls run for every third case from the first): a
    # result of self's shape and dtype, so that out= is self, or overlaps it
    # partly (aten's assert_no_overlap with self and the indices)
    yield (make((4, 5), torch.float32, 60), [torch.arange(4)]), {}
    yield (make((4, 5), torch.int64, 61), [torch.tensor([3, 0, 1, 2])]), {}
    seed = 0
    long = torch.int64
    for d in DTYPES:
        seed += 1
        x = make((4, 5), d, seed)
        i, j = torch.tensor([0, 2, 3]), torch.tensor([[1], [4]])
        for idx in ([i], [None, i], [i, i], [i, j], [j], [torch.tensor(2)],
                    [i.to(torch.int32)], [make((4,), torch.bool, seed + 1)]):
            yield (x, idx), {}
    x = make((3, 4, 5), torch.float32, 50)
    i, j = torch.tensor([0, 2]), torch.tensor([1, 3])
    for idx in ([i, None, j], [None, i, j], [None, None, torch.tensor([[4], [0]])],
                [make((3, 4), torch.bool, 51)], [torch.tensor([1, 0, 1], dtype=torch.uint8)],
                [torch.zeros(0, dtype=long)], [i.float()], [i, i, i, i], [], [torch.tensor([7])],
                [torch.tensor([0, 1]), torch.tensor([0, 1, 2])], [None]):
        yield (x, idx), {}
    yield (noncontig(make((5, 4), torch.float64, 52)), [torch.tensor([3, 1])]), {}
    yield (noncontig(make((5, 4), torch.float64, 53)), [None, torch.tensor([3, 1])]), {}
    yield (make((0, 5), torch.float32, 54), [None, torch.tensor([1])]), {}
    yield (make((), torch.float32, 55), [torch.tensor(True)]), {}


A = torch.ops.aten


def ops(packet, functional, inplace, out):
    """(functional, in-place, out=) overloads of an op; None when the
    library does not define one of them (packet None: no such op)."""
    try:
        i = getattr(inplace[0], inplace[1]) if inplace else None
        return (getattr(packet, functional), i, getattr(packet, out))
    except AttributeError:
        return None


# ours, and aten's own overloads with the same schemas
FAMILIES = [
    Family("neg (SKGEN_META building on unary)", ops(P.neg, "default", (P.neg_, "default"), "out"),
           ops(A.neg, "default", (A.neg_, "default"), "out"), unary_cases),
    Family("sqrt (unary_float)", ops(P.sqrt, "default", (P.sqrt_, "default"), "out"),
           ops(A.sqrt, "default", (A.sqrt_, "default"), "out"), unary_cases),
    Family("add (binary, alpha)", ops(P.add, "default", (P.add_, "default"), "out"),
           ops(A.add, "Tensor", (A.add_, "Tensor"), "out"), add_cases),
    # aten's mul.Scalar_out is an out= wrapper generated for functionalization
    # (functional + copy_, no dtype check); torch.mul(t, 3, out=o) goes to the
    # structured mul.out with a wrapped number: the rules the preset follows.
    Family("mul.Scalar (binary, Scalar operand)", ops(P.mul, "Scalar", (P.mul_, "Scalar"), "Scalar_out"),
           (A.mul.Scalar, A.mul_.Scalar, lambda *a, **k: torch.mul(*a, **k)),
           lambda: binary_cases(scalar_other=True)),
    Family("div (binary_float)", ops(P.div, "default", (P.div_, "default"), "out"),
           ops(A.div, "Tensor", (A.div_, "Tensor"), "out"), binary_cases),
    Family("lt.Tensor (comparison)", ops(P.lt, "Tensor", (P.lt_, "Tensor"), "Tensor_out"),
           ops(A.lt, "Tensor", (A.lt_, "Tensor"), "Tensor_out"), binary_cases),
    Family("lt.Scalar (comparison, Scalar operand)", ops(P.lt, "Scalar", (P.lt_, "Scalar"), "Scalar_out"),
           ops(A.lt, "Scalar", (A.lt_, "Scalar"), "Scalar_out"),
           lambda: binary_cases(scalar_other=True)),
    Family("addcmul (elementwise, three tensors)", ops(P.addcmul, "default", (P.addcmul_, "default"), "out"),
           ops(A.addcmul, "default", (A.addcmul_, "default"), "out"), addcmul_cases),
    Family("sum.IntList (reduction)", ops(P.sum, "IntList", None, "IntList_out"),
           ops(A.sum, "dim_IntList", None, "IntList_out"), reduction_cases),
    Family("max.dim (index_reduction)", ops(P.max, "dim", None, "dim_max"),
           ops(A.max, "dim", None, "dim_max"), index_cases, outs=("max", "max_values")),
    Family("argmax (arg_reduction)", ops(P.argmax, "default", None, "out"),
           ops(A.argmax, "default", None, "out"), argmax_cases),
    Family("abs (unary; bool refused by the CPU kernel)", ops(P.abs, "default", (P.abs_, "default"), "out"),
           ops(A.abs, "default", (A.abs_, "default"), "out"), unary_cases),
    Family("floor (unary; integral inputs kept)", ops(P.floor, "default", (P.floor_, "default"), "out"),
           ops(A.floor, "default", (A.floor_, "default"), "out"), unary_cases),
    Family("exp (unary_float)", ops(P.exp, "default", (P.exp_, "default"), "out"),
           ops(A.exp, "default", (A.exp_, "default"), "out"), unary_cases),
    Family("sigmoid (unary_float)", ops(P.sigmoid, "default", (P.sigmoid_, "default"), "out"),
           ops(A.sigmoid, "default", (A.sigmoid_, "default"), "out"), unary_cases),
    Family("rsqrt (unary_float)", ops(P.rsqrt, "default", (P.rsqrt_, "default"), "out"),
           ops(A.rsqrt, "default", (A.rsqrt_, "default"), "out"), unary_cases),
    Family("sub.Tensor (SKGEN_META: sub_check, then binary with alpha)",
           ops(P.sub, "Tensor", (P.sub_, "Tensor"), "out"),
           ops(A.sub, "Tensor", (A.sub_, "Tensor"), "out"), add_cases),
    Family("mul.Tensor (binary, SKGEN_KERNEL_ITERATOR: aten's mul_out checks out= and self)",
           ops(P.mul, "Tensor", (P.mul_, "Tensor"), "out"),
           ops(A.mul, "Tensor", (A.mul_, "Tensor"), "out"), binary_cases),
    Family("hypot (binary, SKGEN_KERNEL_ITERATOR: a TensorIterator kernel over out=)",
           ops(P.hypot, "default", (P.hypot_, "default"), "out"),
           ops(A.hypot, "default", (A.hypot_, "default"), "out"), binary_cases),
    Family("hypot_alias (hypot's kernel behind the alias-key wrappers, SKGEN_KERNEL_ALLOCATES)",
           ops(P.hypot_alias, "default", (P.hypot_alias_, "default"), "out"),
           ops(A.hypot, "default", (A.hypot_, "default"), "out"), binary_cases, strides=True),
    Family("maximum (binary, no in-place as aten)", ops(P.maximum, "default", None, "out"),
           ops(A.maximum, "default", None, "out"), binary_cases),
    Family("pow.Tensor_Tensor (binary)",
           ops(P.pow, "Tensor_Tensor", (P.pow_, "Tensor_Tensor"), "Tensor_Tensor_out"),
           ops(A.pow, "Tensor_Tensor", (A.pow_, "Tensor"), "Tensor_Tensor_out"), binary_cases),
    Family("atan2 (binary_float)", ops(P.atan2, "default", (P.atan2_, "default"), "out"),
           ops(A.atan2, "default", (A.atan2_, "default"), "out"), binary_cases),
    Family("remainder.Tensor (binary)", ops(P.remainder, "Tensor", (P.remainder_, "Tensor"), "Tensor_out"),
           ops(A.remainder, "Tensor", (A.remainder_, "Tensor"), "Tensor_out"), nonzero_other_cases),
    Family("bitwise_and.Tensor (binary; floating refused by the CPU kernel)",
           ops(P.bitwise_and, "Tensor", (P.bitwise_and_, "Tensor"), "Tensor_out"),
           ops(A.bitwise_and, "Tensor", (A.bitwise_and_, "Tensor"), "Tensor_out"), binary_cases,
           differentiable=False),
    Family("eq.Tensor (comparison)", ops(P.eq, "Tensor", (P.eq_, "Tensor"), "Tensor_out"),
           ops(A.eq, "Tensor", (A.eq_, "Tensor"), "Tensor_out"), binary_cases),
    Family("ge.Tensor (comparison, SKGEN_KERNEL_CASTS)", ops(P.ge, "Tensor", (P.ge_, "Tensor"), "Tensor_out"),
           ops(A.ge, "Tensor", (A.ge_, "Tensor"), "Tensor_out"), binary_cases),
    Family("ne.Scalar (comparison, Scalar operand)", ops(P.ne, "Scalar", (P.ne_, "Scalar"), "Scalar_out"),
           ops(A.ne, "Scalar", (A.ne_, "Scalar"), "Scalar_out"),
           lambda: binary_cases(scalar_other=True)),
    Family("clamp (clamp: Scalar? bounds promote a non-floating self)",
           ops(P.clamp, "default", (P.clamp_, "default"), "out"),
           ops(A.clamp, "default", (A.clamp_, "default"), "out"), clamp_cases),
    Family("mean.dim (SKGEN_META: float check, then reduction)", ops(P.mean, "dim", None, "out"),
           ops(A.mean, "dim", None, "out"), mean_cases),
    Family("prod.int (reduction over one int dim)", ops(P.prod, "int", None, "int_out"),
           ops(A.prod, "dim_int", None, "int_out"), prod_cases),
    Family("amax (SKGEN_META: reduction keeping the dtype, own out= rule)",
           ops(P.amax, "default", None, "out"), ops(A.amax, "default", None, "out"), amax_cases),
    Family("any.dim (SKGEN_META: reduction to bool/uint8, own out= rule)", ops(P.any, "dim", None, "out"),
           ops(A.any, "dim", None, "out"), any_cases),
    Family("min.dim (index_reduction)", ops(P.min, "dim", None, "dim_min"),
           ops(A.min, "dim", None, "dim_min"), index_cases, outs=("min", "min_indices")),
    Family("argmin (arg_reduction)", ops(P.argmin, "default", None, "out"),
           ops(A.argmin, "default", None, "out"), argmax_cases),
    # TensorIterator families with a rule of their own
    # (skgen/presets/tensor_iterator.h, or a binding of a preset above)
    Family("clamp_min (clamp, min bound by name)", ops(P.clamp_min, "default", (P.clamp_min_, "default"), "out"),
           ops(A.clamp_min, "default", (A.clamp_min_, "default"), "out"), scalar_bound_cases),
    Family("clamp_max (clamp, max bound by name)", ops(P.clamp_max, "default", (P.clamp_max_, "default"), "out"),
           ops(A.clamp_max, "default", (A.clamp_max_, "default"), "out"), scalar_bound_cases),
    Family("div.Tensor_mode (binary_float with rounding_mode)",
           ops(P.div, "Tensor_mode", (P.div_, "Tensor_mode"), "out_mode"),
           ops(A.div, "Tensor_mode", (A.div_, "Tensor_mode"), "out_mode"), div_mode_cases),
    Family("threshold (elementwise over self only)",
           ops(P.threshold, "default", (P.threshold_, "default"), "out"),
           ops(A.threshold, "default", (A.threshold_, "default"), "out"), threshold_cases),
    Family("signbit (SKGEN_META: own complex check, then unary_bool)",
           ops(P.signbit, "default", None, "out"), ops(A.signbit, "default", None, "out"),
           unary_bool_cases),
    Family("isposinf (unary_bool)", ops(P.isposinf, "default", None, "out"),
           ops(A.isposinf, "default", None, "out"), unary_bool_cases),
    Family("isneginf (unary_bool)", ops(P.isneginf, "default", None, "out"),
           ops(A.isneginf, "default", None, "out"), unary_bool_cases),
    Family("mse_loss (loss)", ops(P.mse_loss, "default", None, "out"),
           ops(A.mse_loss, "default", None, "out"), loss_cases),
    Family("smooth_l1_loss (SKGEN_META: beta check, then loss)", ops(P.smooth_l1_loss, "default", None, "out"),
           ops(A.smooth_l1_loss, "default", None, "out"), smooth_l1_cases),
    # strides=False: aten's glu lays its result out as the two halves of
    # self (a TensorIterator over them); the preset's is contiguous
    # (KNOWN_ISSUES.md §2)
    Family("glu (halving)", ops(P.glu, "default", None, "out"), ops(A.glu, "default", None, "out"),
           glu_cases, strides=False),
    Family("gelu_backward (SKGEN_META: approximate check, then binary)",
           ops(P.gelu_backward, "default", None, "grad_input"),
           ops(A.gelu_backward, "default", None, "grad_input"), gelu_backward_cases,
           outs=("grad_input",)),
    # TensorIteratorBase families whose other arguments are no role, or
    # whose meta function is the op's own check, then a preset
    Family("leaky_relu (unary, negative_slope no role)",
           ops(P.leaky_relu, "default", (P.leaky_relu_, "default"), "out"),
           ops(A.leaky_relu, "default", (A.leaky_relu_, "default"), "out"), leaky_relu_cases),
    Family("sigmoid_backward (binary bound to grad_output, output)",
           ops(P.sigmoid_backward, "default", None, "grad_input"),
           ops(A.sigmoid_backward, "default", None, "grad_input"), backward_cases,
           outs=("grad_input",)),
    Family("leaky_relu_backward (SKGEN_META: slope check, then binary over self, grad_output)",
           ops(P.leaky_relu_backward, "default", None, "grad_input"),
           ops(A.leaky_relu_backward, "default", None, "grad_input"), leaky_relu_backward_cases,
           outs=("grad_input",)),
    Family("clamp_min.Tensor (binary: a Tensor bound promotes)",
           ops(P.clamp_min, "Tensor", (P.clamp_min_, "Tensor"), "Tensor_out"),
           ops(A.clamp_min, "Tensor", (A.clamp_min_, "Tensor"), "Tensor_out"), binary_cases),
    Family("clamp.Tensor (SKGEN_META: the clamp preset for Tensor? bounds)",
           ops(P.clamp, "Tensor", (P.clamp_, "Tensor"), "Tensor_out"),
           ops(A.clamp, "Tensor", (A.clamp_, "Tensor"), "Tensor_out"), clamp_tensor_cases),
    Family("addcdiv (SKGEN_META: integer division check, then elementwise)",
           ops(P.addcdiv, "default", (P.addcdiv_, "default"), "out"),
           ops(A.addcdiv, "default", (A.addcdiv_, "default"), "out"), addcmul_cases),
    Family("polygamma (SKGEN_META: n check, then unary_float; the int comes first)",
           ops(P.polygamma, "default", None, "out"), ops(A.polygamma, "default", None, "out"),
           polygamma_cases),
    Family("lerp.Scalar (lerp: a Scalar weight, binary over self and end)",
           ops(P.lerp, "Scalar", (P.lerp_, "Scalar"), "Scalar_out"),
           ops(A.lerp, "Scalar", (A.lerp_, "Scalar"), "Scalar_out"), lerp_scalar_cases),
    Family("lerp.Tensor (lerp: a Tensor weight, one dtype; a 0-dim one promotes)",
           ops(P.lerp, "Tensor", (P.lerp_, "Tensor"), "Tensor_out"),
           ops(A.lerp, "Tensor", (A.lerp_, "Tensor"), "Tensor_out"), lerp_tensor_cases),
    Family("heaviside (heaviside: one dtype, no complex, out= too)",
           ops(P.heaviside, "default", (P.heaviside_, "default"), "out"),
           ops(A.heaviside, "default", (A.heaviside_, "default"), "out"), heaviside_cases,
           out_grad=False),
    Family("index.Tensor (index: Tensor?[], aten's meta kernel)",
           ops(P.index, "Tensor", None, "Tensor_out"), ops(A.index, "Tensor", None, "Tensor_out"),
           advanced_index_cases, strides=True, masks=True, out_dtype_since=2),
]


# --- Families whose aten meta function is their own (skgen/presets/shapes.h) ---

MATMUL_DTYPES = [(d, d) for d in DTYPES] + [(torch.float32, torch.float64),
                                            (torch.float64, torch.float32),
                                            (torch.int64, torch.float32)]


def matmul_cases(shapes):
    seed = 0
    for n, (sa, sb) in enumerate(shapes):
        for da, db in MATMUL_DTYPES if n == 0 else MATMUL_DTYPES[3:7]:
            seed += 1
            a, b = make(sa, da, seed), make(sb, db, seed + 300)
            yield (noncontig(a) if n == 1 else a, b), {}


def mm_cases():
    return matmul_cases([((2, 3), (3, 4)), ((4, 3), (3, 2)), ((0, 3), (3, 4)), ((2, 0), (0, 4)),
                         ((2, 3), (4, 5)), ((2, 3, 1), (3, 4)), ((2, 3), (3,)), ((), (3, 4))])


def bmm_cases():
    return matmul_cases([((2, 2, 3), (2, 3, 4)), ((3, 4, 3), (3, 3, 2)), ((0, 2, 3), (0, 3, 4)),
                         ((2, 2, 3), (2, 4, 5)), ((2, 2, 3), (3, 3, 4)), ((2, 3), (2, 3, 4)),
                         ((2, 2, 3), (3, 4))])


def addmm_cases():
    seed = 0
    shapes = [((2, 4), (2, 3), (3, 4)), ((4,), (2, 3), (3, 4)), ((1, 1), (2, 3), (3, 4)), ((), (2, 3), (3, 4)),
              ((3,), (2, 3), (3, 4)), ((2, 5), (2, 3), (3, 4)), ((2, 4), (2, 3), (4, 4)),
              ((2, 4), (2, 3, 1), (3, 4)), ((2, 4), (2, 3), (3,)), ((0, 4), (0, 3), (3, 4)),
              ((2, 4), (2, 0), (0, 4)), ((4, 2), (4, 3), (3, 2))]
    dtypes = [(d,) * 3 for d in DTYPES] + [(torch.float64, torch.float32, torch.float32),
                                           (torch.float32, torch.float64, torch.float32),
                                           (torch.float32, torch.float32, torch.float64)]
    for n, shs in enumerate(shapes):
        for ds in dtypes if n == 0 else dtypes[4:7]:
            seed += 1
            t = [make(sh, d, seed + k) for k, (sh, d) in enumerate(zip(shs, ds))]
            if n == len(shapes) - 1:
                t = [noncontig(x) for x in t]
            yield tuple(t), {}
            if n < 2:
                yield tuple(t), {"beta": 0.5 if ds[0].is_floating_point else 2, "alpha": 2}


def addmv_cases():
    # (self, mat, vec): a self of one element expands; a 0-dim self with
    # mismatched sizes raises aten's IndexError (its message reads
    # self.size(0)); not a self of one element with an empty mat (aten's CPU
    # kernel then returns self's sizes, its meta function (0,)).
    seed = 0
    shapes = [((3,), (3, 4), (4,)), ((1,), (3, 4), (4,)), ((), (3, 4), (4,)), ((2,), (3, 4), (4,)),
              ((3,), (3, 4), (5,)), ((), (3, 4), (5,)), ((3, 1), (3, 4), (4,)), ((3,), (3, 4, 1), (4,)),
              ((0,), (0, 4), (4,)), ((3,), (3, 0), (0,)), ((4,), (4, 3), (3,))]
    f32, f64 = torch.float32, torch.float64
    # PyTorch 2 refuses any two dtypes that differ; 1.13 computes in vec's
    # dtype, its kernel refusing a mat and vec that differ, after the
    # in-place check
    dtypes = [(f32,) * 3, (f64,) * 3, (torch.int64,) * 3, (torch.int32,) * 3, (f64, f32, f32),
              (f32, f64, f32), (f32, f32, f64), (f32, f64, f64)]
    for n, shs in enumerate(shapes):
        for ds in dtypes if n in (0, 9) else dtypes[4:7]:
            seed += 1
            t = [make(sh, d, seed + k) for k, (sh, d) in enumerate(zip(shs, ds))]
            if n == len(shapes) - 1:
                t = [noncontig(x) if x.dim() == 2 else x for x in t]
            yield tuple(t), {}
            if n < 2 and ds[0] == ds[1] == ds[2]:
                yield tuple(t), {"beta": 0.5 if ds[0].is_floating_point else 2, "alpha": 2}


def baddbmm_cases():
    seed = 0
    shapes = [((2, 3, 5), (2, 3, 4), (2, 4, 5)), ((1,), (2, 3, 4), (2, 4, 5)),
              ((5,), (2, 3, 4), (2, 4, 5)), ((3, 1), (2, 3, 4), (2, 4, 5)),
              ((2, 1, 5), (2, 3, 4), (2, 4, 5)), ((), (2, 3, 4), (2, 4, 5)),
              ((4,), (2, 3, 4), (2, 4, 5)),  # does not expand to the result
              ((2, 3, 5), (2, 3, 4), (2, 3, 5)),  # batch2 does not fit batch1
              ((3, 5), (0, 3, 4), (0, 4, 5)),
              ((2, 3, 5), (2, 3, 0), (2, 0, 5)),  # nothing to contract
              ((2, 3, 5), (3, 4), (2, 4, 5)),  # sizes read before the 3-D check
              ((2, 3, 5), (2, 3, 4), (4, 5))]
    f32, f64 = torch.float32, torch.float64
    # (self, batch1, batch2): batches of different dtypes refused by aten's
    # kernels when there is something to compute, after the in-place check
    dtypes = [(f32, f32, f32), (f64, f64, f64), (f64, f32, f32), (f32, f64, f64),
              (torch.int64,) * 3, (f32, f32, f64), (f64, f32, f64)]
    for n, (ss, s1, s2) in enumerate(shapes):
        for ds in dtypes if n in (0, 1, 9) else dtypes[:3] + dtypes[5:6]:
            seed += 1
            args = tuple(make(sh, d, seed + k) for k, (sh, d) in enumerate(zip((ss, s1, s2), ds)))
            yield args, {}
            if n == 0:
                yield args, {"beta": 0.5, "alpha": 2}


def cat_cases():
    seed = 0
    lists = [([(2, 3), (1, 3)], [0, -2, 1]), ([(2, 3), (2, 3), (2, 1)], [1, -1, 0]),
             ([(0,), (2, 3)], [0, 1]), ([(0,), (0,)], [0, 5]), ([(2, 3)], [1]), ([], [0]),
             ([(), ()], [0]), ([(2, 3), (3,)], [0]), ([(2, 3), (2, 4)], [0, 1]),
             ([(2, 3), (2, 3)], [2, -3]), ([(0, 3), (2, 3)], [0])]
    dtypes = [(torch.float32, torch.float32), (torch.float32, torch.float64),
              (torch.int32, torch.bool), (torch.uint8, torch.int64), (torch.bool, torch.bool)]
    for n, (shapes, dims) in enumerate(lists):
        for ds in dtypes if n < 3 else dtypes[:2]:
            seed += 1
            ts = [make(sh, ds[k % 2], seed + k) for k, sh in enumerate(shapes)]
            for dim in dims:
                yield (ts, dim), {}
    # memory formats: channels-last inputs give a channels-last result, mixed
    # ones a contiguous one; transposed inputs a contiguous one.
    cl = make((2, 3, 4, 5), torch.float32, 1).to(memory_format=torch.channels_last)
    plain = make((2, 3, 4, 5), torch.float32, 2)
    for ts in ([cl, cl], [cl, plain], [plain, cl], [noncontig(make((3, 2), torch.float32, 3))] * 2):
        for dim in (0, 1):
            yield (ts, dim), {}


def softmax_cases():
    seed = 0
    for shape in [(3, 4), (2, 3, 4), (), (0, 3), (4, 3)]:
        for d in [torch.float32, torch.float64, torch.int64, torch.float16]:
            seed += 1
            t = make(shape, d, seed)
            t = noncontig(t) if shape == (4, 3) else t
            for dim in [0, -1, 1, 3]:
                for half_to_float in (False, True) if dim == 0 else (False,):
                    yield (t, dim, half_to_float), {}


def softmax_backward_cases():
    # (grad_output, output, input_dtype): a float grad of a half input gives a
    # half result (CUDA's backward; aten's CPU kernel refuses it, counted on
    # meta tensors as CPU_ONLY); an output of another dtype than grad's is
    # refused by the kernels, after the out= checks. Not a half grad with an
    # output of another dtype (1.13's CPU kernel has no half: its dispatch
    # error comes first).
    seed = 0
    f32, f64, f16 = torch.float32, torch.float64, torch.float16
    dtypes = [(f32, f32, f32), (f64, f64, f64), (f64, f64, f32), (f32, f32, f16), (f32, f64, f32),
              (f32, f64, f16), (f16, f16, f16), (torch.int64, torch.int64, torch.int64)]
    # the last two: one size for softmax_backward only (the log one reads
    # output with grad_output's sizes: same numel)
    for n, (sg, so) in enumerate([((3, 4), (3, 4)), ((2, 3, 4), (2, 3, 4)), ((), ()), ((0, 3), (0, 3)),
                                  ((4, 3), (4, 3)), ((2, 3), (3, 2)), ((2, 3), (6,))]):
        for dg, do, di in dtypes if n in (0, 2, 3) else dtypes[:2] + dtypes[4:5]:
            seed += 1
            g, o = make(sg, dg, seed), make(so, do, seed + 300)
            g = noncontig(g) if sg == (4, 3) else g
            for dim in [0, -1, 1, 3] if n < 2 else [0, -1]:
                yield (g, o, dim, di), {}


def cumulative_cases():
    seed = 0
    for shape in [(3, 4), (2, 3, 4), (), (0, 3), (4, 3)]:
        for d in DTYPES:
            seed += 1
            t = make(shape, d, seed, low=-2, high=2)
            t = noncontig(t) if shape == (4, 3) else t
            for dim in [0, -1, 2]:
                yield (t, dim), {}
            yield (t, 0), {"dtype": torch.float64}
            yield (t, -1), {"dtype": torch.int32}


def upsample_cases(extra=()):
    seed = 0
    for shape, size in [((2, 3, 4, 5), [8, 10]), ((2, 3, 4, 5), [3, 2]), ((0, 3, 4, 5), [8, 10]),
                        ((2, 0, 4, 5), [8, 10]), ((2, 3, 0, 5), [8, 10]), ((2, 3, 4, 5), [0, 10]),
                        ((3, 4, 5), [8, 10]), ((2, 3, 4, 5), [8, 10, 3]), ((2, 3, 4, 5), [8])]:
        for d in [torch.float32, torch.float64, torch.uint8, torch.int64] if seed == 0 else [torch.float32]:
            seed += 1
            t = make(shape, d, seed)
            yield (t, size, *extra), {}
            if len(shape) == 4 and shape[1]:
                yield (t.contiguous(memory_format=torch.channels_last), size, *extra), {}
    t = make((2, 3, 4, 5), torch.float32, 99)
    yield (t, [8, 10], *extra), {"scales_h": 2.0, "scales_w": 2.0}


def triangle_cases():
    # (self, diagonal). First (CheckOrder's calls run for every third case
    # from the first): self expanded in place ([0, 0] strides, 2-D and 3-D:
    # aten's kernel writes it in place, no overlap check; 4-D: aten's kernel
    # refuses in its copy back), then dtypes, diagonals, empty, non-contiguous
    # and too few dims. aten's kernel checks no overlap of an out= that is
    # not self: an expanded out= or one that overlaps self partly gets values
    # that depend on how its threads run (not called: overlapping_out).
    yield (make((3, 3), torch.float32, 1), 1), {}
    yield (make((3, 3), torch.int64, 2), 0), {}
    yield (make((3, 3), torch.float64, 3), -1), {}
    yield (make((2, 3, 3), torch.float32, 4), -1), {}
    yield (make((2, 3, 3), torch.bool, 5), 0), {}
    yield (make((3, 4), torch.uint8, 6), 2), {}
    yield (make((2, 2, 3, 3), torch.float32, 7), 0), {}
    seed = 10
    for shape in [(3, 4), (4, 3), (2, 3, 4), (0, 3), (5, 5), (3,), ()]:
        for d in DTYPES:
            seed += 1
            t = make(shape, d, seed)
            t = noncontig(t) if shape == (4, 3) else t
            for diagonal in (0, 1, -2, 10):
                yield (t, diagonal), {}


# aten's CPU _softmax / _log_softmax check no overlap: an expanded out=
# corrupts the heap (aten alone, 1.13 and 2.13), one that overlaps self gives
# values that depend on the kernel's order: not called on them.
FAMILIES += [
    Family("mm (mm)", ops(P.mm, "default", None, "out"), ops(A.mm, "default", None, "out"),
           mm_cases),
    Family("bmm (bmm)", ops(P.bmm, "default", None, "out"), ops(A.bmm, "default", None, "out"),
           bmm_cases),
    Family("addmm (addmm: self broadcast, in place)",
           ops(P.addmm, "default", (P.addmm_, "default"), "out"),
           ops(A.addmm, "default", (A.addmm_, "default"), "out"), addmm_cases),
    Family("addmv (addmv: self broadcast, in place, dtype rule per version)",
           ops(P.addmv, "default", (P.addmv_, "default"), "out"),
           ops(A.addmv, "default", (A.addmv_, "default"), "out"), addmv_cases),
    Family("baddbmm (baddbmm: self expanded, torchgen's checks, not TensorIterator's)",
           ops(P.baddbmm, "default", (P.baddbmm_, "default"), "out"),
           ops(A.baddbmm, "default", (A.baddbmm_, "default"), "out"), baddbmm_cases),
    Family("cat (cat: Tensor[], memory format, out= of any castable dtype)",
           ops(P.cat, "default", None, "out"), ops(A.cat, "default", None, "out"), cat_cases,
           strides=True),
    Family("_softmax (softmax)", ops(P._softmax, "default", None, "out"),
           ops(A._softmax, "default", None, "out"), softmax_cases, overlapping_out=False),
    Family("_log_softmax (softmax)", ops(P._log_softmax, "default", None, "out"),
           ops(A._log_softmax, "default", None, "out"), softmax_cases, overlapping_out=False),
    Family("_softmax_backward_data (softmax_backward)",
           ops(P._softmax_backward_data, "default", None, "out"),
           ops(A._softmax_backward_data, "default", None, "out"), softmax_backward_cases,
           outs=("grad_input",), overlapping_out=False),
    Family("_log_softmax_backward_data (log_softmax_backward)",
           ops(P._log_softmax_backward_data, "default", None, "out"),
           ops(A._log_softmax_backward_data, "default", None, "out"), softmax_backward_cases,
           overlapping_out=False),
    Family("cumsum (cumulative, in place)", ops(P.cumsum, "default", (P.cumsum_, "default"), "out"),
           ops(A.cumsum, "default", (A.cumsum_, "default"), "out"), cumulative_cases),
    Family("cumprod (cumulative, in place)",
           ops(P.cumprod, "default", (P.cumprod_, "default"), "out"),
           ops(A.cumprod, "default", (A.cumprod_, "default"), "out"), cumulative_cases),
    Family("upsample_nearest2d (upsample2d: SymInt[2], memory format)",
           ops(P.upsample_nearest2d, "default", None, "out"),
           ops(A.upsample_nearest2d, "default", None, "out"), upsample_cases, strides=True),
    Family("upsample_bilinear2d (upsample2d)",
           ops(P.upsample_bilinear2d, "default", None, "out"),
           ops(A.upsample_bilinear2d, "default", None, "out"),
           lambda: upsample_cases((False,)), strides=True),
    Family("triu (own meta function: torchgen's checks, self expanded in place)",
           ops(P.triu, "default", (P.triu_, "default"), "out"),
           ops(A.triu, "default", (A.triu_, "default"), "out"), triangle_cases,
           overlapping_out=False),
    Family("tril (own meta function: torchgen's checks, self expanded in place)",
           ops(P.tril, "default", (P.tril_, "default"), "out"),
           ops(A.tril, "default", (A.tril_, "default"), "out"), triangle_cases,
           overlapping_out=False),
]
# --- end of skgen/presets/shapes.h families ---

# The families the library does not define (their names), and those it does.
MISSING = [f.name.split(" ")[0] for f in FAMILIES if f.ours is None]
FAMILIES = [f for f in FAMILIES if f.ours is not None]


def meta_copy(x):
    """A meta tensor with the same sizes, strides and dtype (of each tensor
    of a list)."""
    if isinstance(x, list):
        return [meta_copy(t) for t in x]
    if not isinstance(x, torch.Tensor):
        return x
    return torch.empty_strided(x.shape, x.stride(), dtype=x.dtype, device="meta")


def clone(x):
    return x.clone() if isinstance(x, torch.Tensor) else x


# ---- aten's out= / in-place checks (issue 23): devices, their order with
# the dtype, memory overlap ----
# Calls whose tensors are on two devices (a meta out= for CPU inputs, a CPU
# self for meta operands), and calls on meta tensors where aten's overlap
# checks matter, dispatch to the Meta kernels: aten's C++ ones are the
# reference. PyTorch 2 replaces many of them with Python meta functions
# (torch._meta_registrations), worded otherwise ("Attempting to copy from
# device cpu to device meta, ..."); they are unregistered here, which only
# changes aten's calls on meta tensors (docs/generation.md, "aten's checks").
if hasattr(torch.library.Library, "_destroy"):
    import torch._meta_registrations as _python_meta
    _python_meta._meta_lib_dont_use_me_use_register_meta._destroy()


@functools.lru_cache(maxsize=None)
def cxx_meta_kernel(op):
    """Whether aten's overload `op` runs a C++ Meta kernel (1.13's Python
    meta functions cannot be unregistered: their ops are not compared on
    meta tensors)."""
    if not isinstance(op, torch._ops.OpOverload):
        return False
    name = op._schema.name + ("." + op._schema.overload_name if op._schema.overload_name else "")
    for line in torch._C._dispatch_dump(name).splitlines():
        if line.startswith("Meta:"):
            return "RegisterMeta" in line
    return False


def to_device(x, device):
    if not isinstance(x, torch.Tensor):
        return x
    return meta_copy(x) if device == "meta" else x.clone()


def other_dtype(dtype):
    return torch.int32 if dtype == torch.float64 else torch.float64


class CheckOrder:
    """For each case aten computes: out= on the other device than the
    inputs (of the result dtype, and of another one: which check comes
    first), in-place with self on the other device than the other tensors,
    and memory overlap (out= is an input, out= shares part of an input's
    memory, an expanded out=, an expanded self), on CPU and on meta tensors.
    Each call is made on ours and on aten's with the same tensors, for every
    third case and every case with a 0-dim tensor."""

    def check_order(self, fam, args, kw, ref):
        of, oi, oo = fam.ours
        af, ai, ao = fam.aten
        out_meta, inplace_meta = cxx_meta_kernel(ao), ai is not None and cxx_meta_kernel(ai)
        what = f"{fam.name} {[describe(a) if isinstance(a, torch.Tensor) else a for a in args]} {kw}"
        tensor_args = [a for a in args if isinstance(a, torch.Tensor)]

        def compare(tag, call, build):
            """call(*build()) on ours and aten's; build() makes fresh tensors
            and returns (positional args, out= tensors, tensors to compare)."""
            mine, theirs = build(), build()
            ours = outcome(lambda: call[0](*mine[0], **kw, **dict(zip(fam.outs, mine[1]))))
            aten = outcome(lambda: call[1](*theirs[0], **kw, **dict(zip(fam.outs, theirs[1]))))
            check_same(f"{what} {tag}", ours, aten)
            if ours[0] == aten[0] == "ok":
                for x, y in zip(mine[2], theirs[2]):
                    self.assertTrue(same_values(x, y), f"{what} {tag}: written tensors differ")

        for dev, other in (("cpu", "meta"), ("meta", "cpu")):
            # out= on the other device: the result dtype, then another one
            if out_meta:
                for wrong_dtype in (False, True):
                    def build(dev=dev, other=other, wrong_dtype=wrong_dtype):
                        outs = [torch.zeros(r.shape, device=other,
                                            dtype=other_dtype(r.dtype) if wrong_dtype else r.dtype)
                                for r in ref]
                        return [to_device(a, dev) for a in args], outs, outs
                    if wrong_dtype and fam.out_dtype_since and TORCH_MAJOR < fam.out_dtype_since:
                        continue  # aten checks the devices only: see apart()
                    compare(f"[{dev}] out= on {other}{' of another dtype' if wrong_dtype else ''}",
                            (oo, ao), build)
            # in-place, self on the other device than the other tensors
            if oi is not None and inplace_meta and len(tensor_args) > 1:
                def build(dev=dev, other=other):
                    x = [to_device(args[0], other)] + [to_device(a, dev) for a in args[1:]]
                    return x, [], [x[0]]
                compare(f"[{dev}] in-place, self on {other}", (oi, ai), build)
            if dev == "meta" and not out_meta:
                continue
            self.check_overlap(fam, args, ref, dev, compare, inplace_meta or dev == "cpu")

    def check_overlap(self, fam, args, ref, dev, compare, inplace):
        of, oi, oo = fam.ours
        af, ai, ao = fam.aten
        first = args[0] if isinstance(args[0], torch.Tensor) else None
        like_result = (first is not None and len(ref) == 1 and first.shape == ref[0].shape
                       and first.dtype == ref[0].dtype)
        if like_result:
            def build():
                x = [to_device(a, dev) for a in args]
                return x, [x[0]], [x[0]]
            compare(f"[{dev}] out= is self", (oo, ao), build)
            # the stable ABI has no storage identity: the partial overlap of
            # meta tensors (which have no data) is not seen there
            # (docs/stable-abi.md, "Known differences")
            if first.numel() > 0 and fam.overlapping_out and not (STABLE and dev == "meta"):
                def build():
                    base = torch.zeros(first.numel() + 1, dtype=first.dtype, device=dev)
                    x = [base[:-1].view(first.shape)] + [to_device(a, dev) for a in args[1:]]
                    if dev == "cpu":
                        x[0].copy_(first)
                    return x, [base[1:].view(first.shape)], [base]
                compare(f"[{dev}] out= overlaps self partly", (oo, ao), build)
        if fam.overlapping_out and all(r.numel() > 1 for r in ref):
            def build():
                outs = [torch.zeros(1, dtype=r.dtype, device=dev).expand(r.shape) for r in ref]
                return [to_device(a, dev) for a in args], outs, outs
            compare(f"[{dev}] expanded out=", (oo, ao), build)
        if oi is not None and inplace and first is not None and first.numel() > 1:
            def build():
                x = [to_device(first.flatten()[:1], dev).expand(first.shape)]
                x += [to_device(a, dev) for a in args[1:]]
                return x, [], [x[0]]
            compare(f"[{dev}] in-place, expanded self", (oi, ai), build)
# ---- end of the block ----


def show(a):
    """An argument in a failure message: a tensor (or a list's) described."""
    if isinstance(a, list):
        return [show(t) for t in a]
    return describe(a) if isinstance(a, torch.Tensor) else a


def floating(a):
    return isinstance(a, torch.Tensor) and a.dtype.is_floating_point


class Presets(CheckOrder, unittest.TestCase):
    def check(self, fam):
        """Ours on CPU and on meta tensors against aten on CPU: on meta
        tensors the variants must do what the op does (shape, dtype, errors).
        (Not against aten on meta: PyTorch 2 serves aten's meta tensors from
        Python meta functions, whose checks and wording differ from aten's
        own kernels.)"""
        n = grad_checks = 0
        of, oi, oo = fam.ours
        af, ai, ao = fam.aten
        for args, kw in fam.cases():
            n += 1
            what = f"{fam.name} {[show(a) for a in args]} {kw}"
            args = list(args)
            # aten, on CPU: functional, in-place, out= (several out tensors)
            aten_f = outcome(lambda: af(*args, **kw))
            ref = tensors(aten_f[1]) if aten_f[0] == "ok" else None
            aten_i = None
            if oi is not None:
                s2 = clone(args[0])
                aten_i = (outcome(lambda: ai(s2, *args[1:], **kw)), s2)
            outs = []
            if ref is not None:
                outs.append([[(0,), r.dtype] for r in ref])     # empty
                outs.append([[(2,), r.dtype] for r in ref])     # wrong size
                for d in (torch.float64, torch.int32, torch.bool):  # dtypes
                    outs.append([[tuple(r.shape), d] for r in ref])
            aten_o = []
            for spec in outs:
                o2 = [torch.zeros(sh, dtype=d) for sh, d in spec]
                aten_o.append((outcome(lambda: ao(*args, **kw, **dict(zip(fam.outs, o2)))), o2))
            for dev in ("cpu", "meta"):
                X = [meta_copy(a) for a in args] if dev == "meta" else args
                tag = f"{what} [{dev}]"
                meta = dev == "meta"
                ours_f = outcome(lambda: of(*X, **kw))
                if apart(fam, args, dev, ours_f, aten_f):
                    continue
                check_same(tag + " functional", ours_f, aten_f, meta)
                if fam.strides and ours_f[0] == aten_f[0] == "ok":
                    self.assertEqual([t.stride() for t in tensors(ours_f[1])],
                                     [t.stride() for t in tensors(aten_f[1])], tag + " strides")
                if oi is not None:
                    s1 = clone(X[0])  # dense (an expanded self is not)
                    s1_strides = s1.stride()
                    ours = outcome(lambda: oi(s1, *X[1:], **kw))
                    check_same(tag + " in-place", ours, aten_i[0], meta)
                    if ours[0] == "ok":
                        self.assertIs(ours[1], s1, tag)
                        if aten_i[0][0] == "ok":
                            check_same(tag + " in-place self", ("ok", s1), ("ok", aten_i[1]))
                    elif dev == "cpu":
                        # refused before anything was written
                        self.assertTrue(same_values(s1, X[0]) and s1.stride() == s1_strides,
                                        tag + ": in-place wrote self although it failed")
                for spec, (aten, o2) in zip(outs, aten_o):
                    o1 = [torch.zeros(sh, dtype=d, device=dev) for sh, d in spec]
                    ours = outcome(lambda: oo(*X, **kw, **dict(zip(fam.outs, o1))))
                    if apart(fam, args, dev, ours, aten,
                             any(d != r.dtype for (_, d), r in zip(spec, ref))):
                        continue
                    check_same(f"{tag} out={[str(d) for _, d in spec]}", ours, aten, meta)
                    if ours[0] == aten[0] == "ok":
                        for x, y in zip(o1, o2):
                            self.assertTrue(same_values(x, y), f"{tag} out= contents")
                            if fam.strides:  # a resized out= is laid out as aten's
                                self.assertEqual(x.stride(), y.stride(), f"{tag} out= strides")
            if ref is not None and (n % 3 == 1 or any(
                    isinstance(a, torch.Tensor) and a.dim() == 0 for a in args)):
                self.check_order(fam, args, kw, ref)
            if grad_checks < 6 and not STABLE:
                grad_checks += self.check_autograd(fam, args, kw)
        self.assertGreater(n, 10)
        if not STABLE:
            self.assertEqual(grad_checks > 0, fam.differentiable)

    def check_autograd(self, fam, args, kw):
        """With the floating tensor arguments requiring grad: the functional
        results require grad exactly when aten's do (never for integral or
        bool outputs), and out= is refused exactly when aten refuses, with
        its wording. Returns 1 when the case had such an argument."""
        flat = [t for a in args for t in (a if isinstance(a, list) else [a])]
        if not any(floating(a) for a in flat):
            return 0
        of, _, oo = fam.ours
        af, _, ao = fam.aten

        def grad(a):
            if isinstance(a, list):
                return [grad(t) for t in a]
            return a.detach().clone().requires_grad_() if floating(a) else a
        G = [grad(a) for a in args]
        what = f"{fam.name} {[show(a) for a in args]} {kw}"
        ours, aten = outcome(lambda: of(*G, **kw)), outcome(lambda: af(*G, **kw))
        if aten[0] == "error" and any(b in aten[2] for b in GRAD_DTYPE) and ours[0] == "ok":
            STATS["grad_dtype"] += 1
            self.assertFalse(any(t.requires_grad for t in tensors(ours[1])), what)
            return 0
        self.assertEqual(ours[0], aten[0], f"{what} requires_grad functional: {ours} {aten}")
        if ours[0] != "ok":
            return 0
        STATS["autograd"] += 2
        grads = [[(t.dtype, t.requires_grad) for t in tensors(r[1])] for r in (ours, aten)]
        self.assertEqual(grads[0], grads[1], f"{what} requires_grad")
        if not fam.out_grad:
            STATS["out_grad_skipped"] += 1
            return 1
        o1 = [torch.zeros(t.shape, dtype=t.dtype) for t in tensors(aten[1])]
        o2 = [torch.zeros(t.shape, dtype=t.dtype) for t in tensors(aten[1])]
        r1 = outcome(lambda: oo(*G, **kw, **dict(zip(fam.outs, o1))))
        r2 = outcome(lambda: ao(*G, **kw, **dict(zip(fam.outs, o2))))
        self.assertEqual(r1[0], r2[0], f"{what} out= with inputs requiring grad: {r1} {r2}")
        if r1[0] == "error":
            self.assertEqual(r1[2].split("(): ", 1)[-1], r2[2].split("(): ", 1)[-1], what)
            self.assertTrue(all(torch.equal(o, torch.zeros_like(o)) for o in o1), what)
        return 1

    def test_default_float_dtype_float64(self):
        # unary_float / binary_float (and mean's wording) use the default
        # float dtype at call time, as aten: float64 after set_default_dtype.
        def int_cases(n):
            def cases():
                seed = 0
                for shape in [(3, 4), (), (0,)]:
                    for d in [torch.bool, torch.uint8, torch.int32, torch.int64, torch.float32]:
                        seed += 1
                        yield tuple(make(shape, d, seed + k) for k in range(n)), {}
            return cases

        def mean_cases():
            seed = 0
            for shape in [(3, 4), (2, 3, 4)]:
                for d in [torch.float32, torch.float64]:
                    seed += 1
                    for dim in [[0], [-1], None]:
                        yield (make(shape, d, seed), dim), {}

        by_test = {f.test: f for f in FAMILIES}
        todo = [(by_test[t], int_cases(1)) for t in
                ("test_sqrt", "test_exp", "test_sigmoid", "test_rsqrt")]
        todo += [(by_test[t], int_cases(2)) for t in ("test_div", "test_atan2")]
        todo.append((by_test["test_mean_dim"], mean_cases))
        old = torch.get_default_dtype()
        torch.set_default_dtype(torch.float64)
        try:
            for fam, cases in todo:
                self.check(Family(fam.name + " [default float64]", fam.ours, fam.aten, cases,
                                  fam.outs, fam.differentiable))
            self.assertEqual(P.sqrt(torch.ones(2, dtype=torch.int32)).dtype, torch.float64)
        finally:
            torch.set_default_dtype(old)

    def test_out_resize_warnings_as_aten(self):
        # resize_output warns for a non-empty out= of another shape. Through
        # torch.ops the warning goes to stderr (glog), for aten's ops as for
        # ours: compare what each prints, in a fresh process per op.
        shapes = [((0,), 0), ((2,), 1), ((3, 4), 0), ((4, 3), 1)]
        code = ("import sys, torch; torch.ops.load_library(sys.argv[1]); "
                "x = torch.randn(3, 4); op = eval(sys.argv[2])\n"
                f"for s in {[s for s, _ in shapes]}:\n"
                "    op(x, x, out=torch.zeros(s)); print('@@', file=sys.stderr, flush=True)")
        env = dict(os.environ, GLOG_minloglevel="0")
        printed = []
        # add has a Scalar argument, which the stable ABI cannot pass.
        name = "add" if P.add is not None else "mul"
        for op in (f"torch.ops.presets.{name}.out", f"torch.ops.aten.{name}.out"):
            r = subprocess.run([sys.executable, "-c", code, LIB, op], env=env,
                               capture_output=True, text=True, check=True)
            cases = r.stderr.split("@@")[:len(shapes)]
            printed.append([[line.split("Warning: ", 1)[1].split(" (function")[0]
                             for line in case.splitlines() if "Warning: " in line]
                            for case in cases])
        self.assertEqual(printed[0], printed[1])
        self.assertEqual([len(p) for p in printed[0]], [w for _, w in shapes], printed[0])

    @unittest.skipIf(P.index is None, "the library has no index family")
    def test_index_out_overlapping_an_index(self):
        # index's meta function refuses an out= that is, or shares memory
        # with, an index tensor (at::assert_no_overlap) before out= is
        # resized: the same error, and the index untouched, on CPU and on
        # meta tensors (aten's C++ meta kernel). Ours must not resize the
        # index before its kernel refuses.
        for dev in ("cpu", "meta") if cxx_meta_kernel(A.index.Tensor_out) else ("cpu",):
            def cases(dev=dev):
                self_ = lambda: to_device(torch.arange(10), dev)  # noqa: E731
                # out= is the index: of the result's shape, and not (resized)
                i = to_device(torch.tensor([3, 0, 1, 2]), dev)
                yield "is the index", self_(), [i], i, [i]
                i = to_device(torch.tensor([[3, 0], [1, 2]]), dev)
                yield "is the index, another shape", to_device(make((4, 5), torch.int64, 9), dev), \
                    [i], i, [i]
                # out= shares part of the index's memory
                if not (STABLE and dev == "meta"):
                    base = to_device(torch.tensor([0, 1, 2, 3, 4, 5, 6, 7]), dev)
                    yield "overlaps the index", self_(), [base[:4]], base[2:6], [base]
                    out = base[1:3]
                    yield "overlaps the second index, another shape", \
                        to_device(make((8, 8), torch.int64, 8), dev), [base[4:], base[:4]], out, \
                        [base, out]
            for (tag, *mine), (_, *theirs) in zip(cases(), cases()):
                results = []
                for op, (x, idx, out, watched) in ((P.index.Tensor_out, mine),
                                                   (A.index.Tensor_out, theirs)):
                    results.append((outcome(lambda: op(x, idx, out=out)),
                                    [(describe(t), t.stride()) for t in watched], watched))
                (ours, ow, ot), (aten, aw, at) = results
                what = f"index.Tensor_out [{dev}] out= {tag}"
                self.assertEqual(aten[0], "error", what)
                check_same(what, ours, aten, dev == "meta")
                self.assertEqual(ow, aw, f"{what}: the index after the call")
                for x, y in zip(ot, at):
                    self.assertTrue(same_values(x, y), f"{what}: the index's values")

    def test_meta_kernels_are_generated(self):
        n = 0
        for fam in FAMILIES:
            for op in fam.ours:
                if isinstance(op, torch._ops.OpOverload):
                    name = op._schema.name + ("." + op._schema.overload_name
                                              if op._schema.overload_name else "")
                    self.assertTrue(torch._C._dispatch_has_kernel_for_dispatch_key(
                        name, "Meta"), name)
                    n += 1
        self.assertGreater(n, 60)


for _fam in FAMILIES:
    assert not hasattr(Presets, _fam.test), _fam.test
    setattr(Presets, _fam.test, lambda self, fam=_fam: self.check(fam))


@unittest.skipIf(STABLE, "the stable target generates no Autograd kernels")
class Autograd(unittest.TestCase):
    def test_requires_grad_as_aten(self):
        x = make((3, 4), torch.float32, 1).requires_grad_()
        y = make((3, 4), torch.float32, 2)
        pairs = [(P.add(x, y), torch.add(x, y)), (P.lt.Tensor(x, y), torch.lt(x, y)),
                 (P.lt.Scalar(x, 0.5), torch.lt(x, 0.5)), (P.argmax(x, 1), torch.argmax(x, 1)),
                 (P.sum.IntList(x, [1]), torch.sum(x, [1])), (P.sqrt(x), torch.sqrt(x)),
                 (P.max.dim(x, 1)[0], torch.max(x, 1)[0]), (P.max.dim(x, 1)[1], torch.max(x, 1)[1])]
        for ours, aten in pairs:
            self.assertEqual((ours.dtype, ours.requires_grad), (aten.dtype, aten.requires_grad))
        self.assertFalse(P.lt.Tensor(x, y).requires_grad)
        self.assertFalse(P.max.dim(x, 1)[1].requires_grad)

    def test_out_refuses_inputs_that_require_grad(self):
        # aten refuses out= calls with an argument that requires grad when the
        # op is differentiable (add, sum, max.dim), not when all its outputs
        # are integral or bool (lt, argmax); same for an out= that requires
        # grad.
        x = make((3, 4), torch.float32, 1).requires_grad_()
        y = make((3, 4), torch.float32, 2)
        calls = [(lambda o: P.add.out(x, y, out=o[0]), lambda o: A.add.out(x, y, out=o[0])),
                 (lambda o: P.add.out(y, x, out=o[0]), lambda o: A.add.out(y, x, out=o[0])),
                 (lambda o: P.sqrt.out(x, out=o[0]), lambda o: A.sqrt.out(x, out=o[0])),
                 (lambda o: P.lt.Tensor_out(x, y, out=o[0]), lambda o: A.lt.Tensor_out(x, y, out=o[0])),
                 (lambda o: P.argmax.out(x, 1, out=o[2]), lambda o: A.argmax.out(x, 1, out=o[2])),
                 (lambda o: P.sum.IntList_out(x, [0], out=o[0]),
                  lambda o: A.sum.IntList_out(x, [0], out=o[0])),
                 (lambda o: P.max.dim_max(x, 1, max=o[0], max_values=o[2]),
                  lambda o: A.max.dim_max(x, 1, max=o[0], max_values=o[2])),
                 (lambda o: P.add.out(y, y, out=o[1]), lambda o: A.add.out(y, y, out=o[1]))]
        raised = 0
        for ours, aten in calls:
            def outs():
                return [torch.zeros(3), torch.zeros(3, 4).requires_grad_(),
                        torch.zeros(3, dtype=torch.long)]
            o1, o2 = outs(), outs()
            r1, r2 = outcome(lambda: ours(o1)), outcome(lambda: aten(o2))
            self.assertEqual(r1[0], r2[0], (r1, r2))
            if r1[0] == "error":
                raised += 1
                self.assertTrue(r1[2].startswith("presets::"), r1)
                self.assertEqual(r1[2].split("(): ", 1)[1], r2[2].split("(): ", 1)[1])
                self.assertTrue(torch.equal(o1[0], torch.zeros(3)))
        self.assertEqual(raised, 6)
        with torch.no_grad():
            o = torch.zeros(0)
            P.add.out(x, y, out=o)
            self.assertTrue(torch.equal(o, (x + y).detach()))


class ZZSummary(unittest.TestCase):
    def test_summary(self):
        families = f"{len(FAMILIES)} families"
        if MISSING:
            families += (f" of {len(FAMILIES) + len(MISSING)} (not in the library: "
                         f"{', '.join(MISSING)})")
        autograd = (f"{STATS['autograd']} autograd checks, {STATS['grad_dtype']} where "
                    f"aten refused an integral dtype= of inputs requiring grad, "
                    f"{STATS['out_grad_skipped']} out= autograd comparisons skipped "
                    f"(KNOWN_ISSUES 5b)")
        if STABLE:
            autograd = (f"no autograd checks (--abi=stable); {STATS['shim_errors']} errors of "
                        f"aten's kernels as RuntimeError through the C shim, "
                        f"{STATS['not_implemented']} NotImplementedError as RuntimeError")
        print(f"\n{families}; {STATS['calls']} calls compared with aten, "
              f"{STATS.get('mismatches', 0)} mismatches; {STATS['aten_bugs']} where aten's kernel asserted; "
              f"{STATS['dispatch_only']} meta calls where only aten's CPU dtype dispatch "
              f"refused; {autograd}; {STATS['cpu_only']} meta calls where only aten's CPU "
              f"kernel refused half_to_float; {STATS['masks_on_meta']} calls on meta "
              f"tensors whose outcome depends on an index's values, {STATS['unchecked_out_dtype']} out= of a dtype aten did not "
              f"check refused", flush=True)


if __name__ == "__main__":
    unittest.main()
