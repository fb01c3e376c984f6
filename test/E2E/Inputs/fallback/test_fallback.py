"""Differential test of overload fallbacks (SKGEN_FALLBACK, ops.cpp): each
specialised overload (pow.Tensor_Scalar, pow.Scalar, add.Scalar,
remainder.Scalar, remainder.Scalar_Tensor) has no kernel of its own and is
served by its general overload (a CPU kernel calling aten's out= function,
and Meta kernels generated from a preset), its Scalars passed as
wrapped-number tensors. Compared with aten's own overload of the same
schema, functional, in-place and out=, on CPU and on meta tensors, over a
grid of tensor dtypes and shapes (0-dim, empty, non-contiguous) and Scalars
(int, float, bool, complex): values, dtypes, shapes, errors (type and first
line), `self` untouched when in-place fails. Differences that are aten's
(KNOWN_ISSUES.md §11) are counted, not hidden. Then the precedence of a
backend's own kernel (mul.Scalar on CPU) over the fallback (Meta).

Works with PyTorch 1.13 and 2.x.

With --abi=stable, the library is Inputs/stable_fallback/ops.cpp built for
the stable ABI: it has no Scalar, so its specialised overloads take a
`float`, `int` or `bool` (pow.Tensor_Scalar and pow.Tensor_Int, mul.Scalar
and mul.Bool, ...), each compared with aten's Scalar overload given the
number in that type; the grid adds float16 and bfloat16 tensors; no
mul.Scalar kernel of its own (no precedence test).

  test_fallback.py <library.so> [--abi=stable] [-v]
"""
import functools
import os
import re
import sys
import unittest

import torch

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import skgen_testing  # noqa: E402 - Inputs/ holds the shared helpers
from skgen_testing import describe, make, noncontig, same  # noqa: E402

LIB = sys.argv.pop(1)
STABLE = "--abi=stable" in sys.argv
if STABLE:
    sys.argv.remove("--abi=stable")
torch.ops.load_library(LIB)
F = torch.ops.fb
A = torch.ops.aten
STATS = {"calls": 0, "mismatches": 0, "ulp": 0, "neg_int_pow": 0, "autogen_out": 0,
         "cpu_only": 0, "wording": 0, "check_order": 0, "special_values": 0,
         "out_dtype_rule": 0, "shim": 0}

outcome = functools.partial(skgen_testing.outcome, stats=STATS)

DTYPES = [torch.bool, torch.uint8, torch.int32, torch.int64, torch.float32,
          torch.float64, torch.complex64]
SCALARS = [2, 3, 0, 1, -1, -2, 0.5, 2.5, -0.5, True, False, 1.5j, 2 + 1j]
if STABLE:
    DTYPES[5:5] = [torch.float16, torch.bfloat16]


def tensors_of_shapes(seed0):
    seed = seed0
    for shape in [(3, 4), (), (0,), (4, 3)]:
        for d in DTYPES:
            seed += 1
            t = make(shape, d, seed)
            if shape == (4, 3):
                t = noncontig(t)
            yield t


def values(a, b):
    """'same', 'ulp' (floating values within a few ulps: aten's specialised
    kernel computes x*x or sqrt where the general one calls pow) or None."""
    if describe(a)[1:] != describe(b)[1:]:
        return None
    if "meta" in (a.device.type, b.device.type):
        return "same"
    if a.dtype.is_floating_point or a.dtype.is_complex:
        if bool(((a == b) | (a.isnan() & b.isnan())).all()):
            return "same"
        tol = 1e-5 if a.dtype in (torch.float32, torch.complex64) else \
            1e-2 if a.dtype in (torch.float16, torch.bfloat16) else 1e-12
        return "ulp" if torch.allclose(a, b, rtol=tol, atol=0, equal_nan=True) else None
    return "same" if torch.equal(a, b) else None


class Mismatch(AssertionError):
    pass


# The differences KNOWN_ISSUES.md §11 explains, each counted:
NEG_INT_POW = "Integers to negative integer powers are not allowed."
# Errors only aten's CPU kernel can raise (its dtype dispatch, an integer
# division by zero): meta tensors have no values and no dtype dispatch.
CPU_ONLY = (" not implemented for '", "ZeroDivisionError")
CAST = re.compile(r"result type (\w+) can't be cast to the desired output type (\w+)$")
FOUND = re.compile(r"Found dtype (\w+) but expected (\w+)$")
ALPHA = "For integral input tensors, argument alpha must not be a floating point number."
DISPATCH = re.compile(r"not implemented for '\w+'")
EXACT = "Expected out tensor to have dtype "
# pow.Tensor_Scalar and, on the stable ABI, its `int` twin.
POW_TENSOR_NUMBER = ("pow.Tensor_Scalar", "pow.Tensor_Int")
# An error of aten's kernel that the general overload's kernel calls
# (skgen::call_out), through the stable ABI's C shim (docs/stable-abi.md).
SHIM = " (originally from "


def known(what, ours, aten, meta, special):
    """The name of the counted difference between ours and aten's, or None."""
    if STABLE and ours[0] == aten[0] == "error" and ours[1] == "RuntimeError" and \
            (SHIM in ours[2] or aten[1] != "RuntimeError"):
        ours = ("error", aten[1], ours[2].split(SHIM)[0])
        if known(what, ours, aten, meta, special) or ours[1:] == aten[1:]:
            return "shim"
    if aten[0] == "error" and NEG_INT_POW in aten[2] and ours[2:] != aten[2:]:
        return "neg_int_pow"
    if ours[0] == "ok" and aten[0] == "error":
        if meta and any(e in aten[1] + ": " + aten[2] for e in CPU_ONLY):
            return "cpu_only"
    if ours[0] == "error" and aten[0] == "ok" and special and \
            (CAST.match(ours[2]) or DISPATCH.search(ours[2])):
        return "special_values"
    if ours[0] == "ok" and aten[0] == "error" and "out=" in what and FOUND.match(aten[2]) \
            and what.startswith(POW_TENSOR_NUMBER):
        return "out_dtype_rule"
    if ours[0] == aten[0] == "error" and ours[1] == aten[1] and ours[2] != aten[2]:
        c, f = CAST.match(ours[2]), FOUND.match(aten[2])
        if c and f and (c.group(1), c.group(2)) == (f.group(2), f.group(1)):
            return "wording"
        if ours[2] == ALPHA and CAST.match(aten[2]):
            return "check_order"
    return None


def compare(what, ours, aten, meta=False, general=None, special=False):
    """Raises on a difference that is not explained (and counted)."""
    k = known(what, ours, aten, meta, special)
    if k:
        STATS[k] += 1
        return
    if general is not None and (ours[0] != aten[0] or ours[0] == "error"):
        # aten's own Scalar_out overload is generated: functional, then
        # copy_ into any out= dtype (1.13), or only into the exact dtype
        # (2.x). The general out= overload (ours, and aten's own with a
        # wrapped number) takes a dtype the result can be cast to
        # (c10::canCast) and refuses the others.
        castable = torch.can_cast(*general)
        if (ours[0] == "error" and CAST.match(ours[2]) and not castable and
                (aten[0] == "ok" or EXACT in aten[2])) or \
                (ours[0] == "ok" and EXACT in aten[2] and castable):
            STATS["autogen_out"] += 1
            return
    STATS["mismatches"] += 1
    if ours[0] != aten[0]:
        raise Mismatch(f"{what}: ours {ours[:1] + ours[2:] if ours[0] == 'error' else 'ok'}, "
                       f"aten {aten[:1] + aten[2:] if aten[0] == 'error' else 'ok'}")
    if ours[0] == "error":
        if ours[1:] != aten[1:]:
            raise Mismatch(f"{what}: errors differ:\n  ours {ours[1:]}\n  aten {aten[1:]}")
        STATS["mismatches"] -= 1
        return
    v = values(ours[1], aten[1])
    if v is None and what.startswith(POW_TENSOR_NUMBER) and "out=" in what and \
            torch.allclose(ours[1], aten[1], rtol=1e-2 if "float16" in what else 1e-5,
                           atol=0, equal_nan=True):
        # 2.x: aten's pow.Tensor_Scalar_out computes in out's dtype (float64
        # for a float32 input), the general overload in the result's dtype,
        # cast into out afterwards
        STATS["mismatches"] -= 1
        STATS["out_dtype_rule"] += 1
        return
    if v is None:
        raise Mismatch(f"{what}: results differ: ours {describe(ours[1])} {ours[1]} "
                       f"aten {describe(aten[1])} {aten[1]}")
    STATS["mismatches"] -= 1
    if v == "ulp":
        STATS["ulp"] += 1


def meta_copy(a):
    return torch.empty_strided(a.shape, a.stride(), dtype=a.dtype, device="meta") \
        if isinstance(a, torch.Tensor) else a


class Pair:
    """A specialised overload, ours (through the fallback) and aten's own;
    autogen_out: aten's out= overload is generated (functional + copy_)."""

    def __init__(self, name, ours, aten, cases, autogen_out=False):
        self.name, self.ours, self.aten, self.cases = name, ours, aten, cases
        self.autogen_out = autogen_out


def numbers(number):
    """SCALARS, or on the stable ABI those of a schema type (`number`: float,
    int or bool; a Python number of another type converted to it)."""
    if number is None:
        return SCALARS
    return [number(s) for s in SCALARS if not isinstance(s, complex)]


def tensor_scalar_cases(kw_sets=({},), number=None):
    for t in tensors_of_shapes(0):
        for s in numbers(number):
            for kw in kw_sets:
                yield (t, s), kw


def scalar_tensor_cases(number=None):
    for t in tensors_of_shapes(100):
        for s in numbers(number):
            yield (s, t), {}


def add_kw_cases():
    yield from tensor_scalar_cases(({}, {"alpha": 2}, {"alpha": 0.5}))


PAIRS = [] if STABLE else [
    Pair("pow.Tensor_Scalar by pow.Tensor_Tensor",
         (F.pow.Tensor_Scalar, F.pow_.Scalar, F.pow.Tensor_Scalar_out),
         (A.pow.Tensor_Scalar, A.pow_.Scalar, A.pow.Tensor_Scalar_out), tensor_scalar_cases),
    Pair("pow.Scalar by pow.Tensor_Tensor",
         (F.pow.Scalar, None, F.pow.Scalar_out),
         (A.pow.Scalar, None, A.pow.Scalar_out), scalar_tensor_cases),
    Pair("add.Scalar by add.Tensor", (F.add.Scalar, F.add_.Scalar, F.add.Scalar_out),
         (A.add.Scalar, A.add_.Scalar, A.add.Scalar_out), add_kw_cases,
         autogen_out=True),
    Pair("remainder.Scalar by remainder.Tensor",
         (F.remainder.Scalar, F.remainder_.Scalar, F.remainder.Scalar_out),
         (A.remainder.Scalar, A.remainder_.Scalar, A.remainder.Scalar_out), tensor_scalar_cases,
         autogen_out=True),
    Pair("remainder.Scalar_Tensor by remainder.Tensor",
         (F.remainder.Scalar_Tensor, None, F.remainder.Scalar_Tensor_out),
         (A.remainder.Scalar_Tensor, None, A.remainder.Scalar_Tensor_out), scalar_tensor_cases,
         autogen_out=True),
]


if STABLE:
    def of(cases, number):
        return functools.partial(cases, number=number)

    PAIRS = [
        Pair("pow.Tensor_Scalar (float) by pow.Tensor_Tensor",
             (F.pow.Tensor_Scalar, F.pow_.Scalar, F.pow.Tensor_Scalar_out),
             (A.pow.Tensor_Scalar, A.pow_.Scalar, A.pow.Tensor_Scalar_out),
             of(tensor_scalar_cases, float)),
        Pair("pow.Tensor_Int (int) by pow.Tensor_Tensor",
             (F.pow.Tensor_Int, F.pow_.Int, F.pow.Tensor_Int_out),
             (A.pow.Tensor_Scalar, A.pow_.Scalar, A.pow.Tensor_Scalar_out),
             of(tensor_scalar_cases, int)),
        Pair("pow.Scalar (float) by pow.Tensor_Tensor",
             (F.pow.Scalar, None, F.pow.Scalar_out),
             (A.pow.Scalar, None, A.pow.Scalar_out), of(scalar_tensor_cases, float)),
        Pair("mul.Scalar (float) by mul.Tensor",
             (F.mul.Scalar, F.mul_.Scalar, F.mul.Scalar_out),
             (A.mul.Scalar, A.mul_.Scalar, A.mul.Scalar_out), of(tensor_scalar_cases, float),
             autogen_out=True),
        Pair("mul.Bool (bool) by mul.Tensor",
             (F.mul.Bool, F.mul_.Bool, F.mul.Bool_out),
             (A.mul.Scalar, A.mul_.Scalar, A.mul.Scalar_out), of(tensor_scalar_cases, bool),
             autogen_out=True),
        Pair("remainder.Scalar (float) by remainder.Tensor",
             (F.remainder.Scalar, F.remainder_.Scalar, F.remainder.Scalar_out),
             (A.remainder.Scalar, A.remainder_.Scalar, A.remainder.Scalar_out),
             of(tensor_scalar_cases, float), autogen_out=True),
        Pair("remainder.Int (int) by remainder.Tensor",
             (F.remainder.Int, F.remainder_.Int, F.remainder.Int_out),
             (A.remainder.Scalar, A.remainder_.Scalar, A.remainder.Scalar_out),
             of(tensor_scalar_cases, int), autogen_out=True),
        Pair("remainder.Scalar_Tensor (float) by remainder.Tensor",
             (F.remainder.Scalar_Tensor, None, F.remainder.Scalar_Tensor_out),
             (A.remainder.Scalar_Tensor, None, A.remainder.Scalar_Tensor_out),
             of(scalar_tensor_cases, float), autogen_out=True),
    ]


class Fallbacks(unittest.TestCase):
    def check(self, pair):
        of, oi, oo = pair.ours
        af, ai, ao = pair.aten
        n = 0
        for args, kw in pair.cases():
            n += 1
            what = f"{pair.name} {[describe(a) if isinstance(a, torch.Tensor) else a for a in args]} {kw}"
            aten_f = outcome(lambda: af(*args, **kw))
            aten_i = None
            if oi is not None:
                s2 = args[0].clone()
                aten_i = (outcome(lambda: ai(s2, *args[1:], **kw)), s2)
            specs = []
            if aten_f[0] == "ok":
                r = aten_f[1]
                specs = [((0,), r.dtype), ((2,), r.dtype)] + \
                    [(tuple(r.shape), d) for d in (torch.float64, torch.int32, torch.bool)]
            aten_o = []
            for shape, d in specs:
                o2 = torch.zeros(shape, dtype=d)
                # (result dtype, out dtype) when aten's out= is generated
                g = (aten_f[1].dtype, d) if pair.autogen_out else None
                aten_o.append((outcome(lambda: ao(*args, **kw, out=o2)), o2, g))
            # aten's pow kernels fill 1 for a base of 1 (pow.Scalar) or an
            # exponent of 0, and copy self for an exponent of 1, before their
            # dtype checks and dispatch
            special = pair.name.startswith("pow.Scalar") and args[0] == 1 or \
                pair.name.startswith(POW_TENSOR_NUMBER) and args[1] in (0, 1)
            for dev in ("cpu", "meta"):
                meta = dev == "meta"
                X = [meta_copy(a) for a in args] if meta else list(args)
                tag = f"{what} [{dev}]"
                compare(tag + " functional", outcome(lambda: of(*X, **kw)), aten_f, meta,
                        special=special)
                if oi is not None:
                    s1 = X[0].clone()
                    ours = outcome(lambda: oi(s1, *X[1:], **kw))
                    compare(tag + " in-place", ours, aten_i[0], meta, special=special)
                    if ours[0] == "ok":
                        self.assertIs(ours[1], s1, tag)
                        if aten_i[0][0] == "ok" and not meta:
                            compare(tag + " in-place self", ("ok", s1), ("ok", aten_i[1]))
                    elif not meta:
                        self.assertTrue(torch.equal(s1, X[0]) or bool((s1 != s1).any()),
                                        tag + ": in-place wrote self although it failed")
                for (shape, d), (aten, o2, g) in zip(specs, aten_o):
                    o1 = torch.zeros(shape, dtype=d, device=dev)
                    ours = outcome(lambda: oo(*X, **kw, out=o1))
                    compare(f"{tag} out={shape} {d}", ours, aten, meta, g, special)
                    if ours[0] == "ok":
                        self.assertIs(ours[1], o1, tag)
                        if aten[0] == "ok" and not meta:
                            compare(f"{tag} out= contents", ("ok", o1), ("ok", o2))
        self.assertGreater(n, 100)

    @unittest.skipIf(STABLE, "no Autograd kernels on the stable ABI: the general overload's "
                     "kernel calls aten's out= overload, which refuses inputs that require grad")
    def test_requires_grad_as_aten(self):
        x = make((3, 4), torch.float32, 1).requires_grad_()
        add = F.mul.Scalar if STABLE else F.add.Scalar
        for ours, aten in [(F.pow.Tensor_Scalar(x, 2), torch.pow(x, 2)),
                           (F.pow.Scalar(2, x), torch.pow(2, x)),
                           (add(x, 2.5), (torch.mul if STABLE else torch.add)(x, 2.5))]:
            self.assertEqual((ours.dtype, ours.requires_grad), (aten.dtype, aten.requires_grad))
            self.assertTrue(torch.allclose(ours.detach(), aten.detach()))

    def test_registered_for_the_alias_key_only(self):
        # No kernel of its own: every variant (out= included) only under the
        # alias key; the general overload keeps its CPU and Meta kernels.
        for op in ("fb::pow.Tensor_Scalar", "fb::pow_.Scalar", "fb::pow.Tensor_Scalar_out",
                   "fb::pow.Scalar_out"):
            has = [k for k in ("CPU", "Meta", "CompositeExplicitAutograd")
                   if torch._C._dispatch_has_kernel_for_dispatch_key(op, k)]
            self.assertEqual(has, ["CompositeExplicitAutograd"], op)
        self.assertTrue(torch._C._dispatch_has_kernel_for_dispatch_key(
            "fb::pow.Tensor_Tensor_out", "CPU"))


@unittest.skipUnless(STABLE, "the stable ABI's construction of a wrapped number")
class WrappedNumberExact(unittest.TestCase):
    """Python's torch.mul(x, number) calls aten's general overload mul.Tensor
    (mul_.Tensor, mul.out) with the number as a wrapped-number tensor: what
    the libtorch fallback passes. The stable fallback's 0-dim tensor of the
    promoted dtype (skgen::wrapped_number) must give exactly its results:
    dtypes, values (no tolerance), errors; every category case (integral
    tensors with float numbers, bool numbers, 0-dim tensors only, float16
    and bfloat16, both default float dtypes), CPU and meta."""

    def test_mul_scalar_and_bool_as_aten_general_overload(self):
        n = 0
        for default in (torch.float32, torch.float64):
            torch.set_default_dtype(default)
            try:
                for (t, s), _ in tensor_scalar_cases():
                    if isinstance(s, complex):
                        continue
                    for ours_f, ours_i, ours_o, number in (
                            (F.mul.Scalar, F.mul_.Scalar, F.mul.Scalar_out, float(s)),
                            (F.mul.Bool, F.mul_.Bool, F.mul.Bool_out, bool(s))):
                        what = f"{ours_f} {describe(t)} {number!r} default {default}"
                        ref = outcome(lambda: torch.mul(t, number))
                        r = outcome(lambda: ours_f(t, number))
                        self.assertEqual(r[0], ref[0], what)
                        if r[0] == "ok":
                            self.assertTrue(same(r[1], ref[1]), f"{what}: {r[1]} {ref[1]}")
                        s1, s2 = t.clone(), t.clone()
                        r1 = outcome(lambda: ours_i(s1, number))
                        r2 = outcome(lambda: s2.mul_(number))
                        self.assertEqual(r1[0] if r1[0] == "ok" else r1[1:],
                                         r2[0] if r2[0] == "ok" else r2[1:], what + " in-place")
                        self.assertTrue(same(s1, s2), what + " in-place self")
                        for od in DTYPES:
                            o1, o2 = torch.zeros(0, dtype=od), torch.zeros(0, dtype=od)
                            r1 = outcome(lambda: ours_o(t, number, out=o1))
                            r2 = outcome(lambda: torch.mul(t, number, out=o2))
                            self.assertEqual(r1[0] if r1[0] == "ok" else r1[1:],
                                             r2[0] if r2[0] == "ok" else r2[1:], f"{what} out {od}")
                            self.assertTrue(same(o1, o2), f"{what} out {od}")
                        m = meta_copy(t)
                        r = outcome(lambda: ours_f(m, number))
                        if ref[0] == "ok":
                            self.assertEqual(describe(r[1])[1:], describe(ref[1])[1:], what + " meta")
                        n += 1
            finally:
                torch.set_default_dtype(torch.float32)
        STATS["exact"] = n
        self.assertGreater(n, 500)


for _p in PAIRS:
    _name = "test_" + _p.name.split(" ")[0].replace(".", "_").lower()
    if STABLE:
        _name += "_" + _p.name.split(" ")[1].strip("()")
    setattr(Fallbacks, _name, lambda self, p=_p: self.check(p))


@unittest.skipIf(STABLE, "the stable library has no mul.Scalar kernel of its own")
class Precedence(unittest.TestCase):
    """mul.Scalar has a CPU kernel of its own and SKGEN_FALLBACK: CPU calls
    (functional, in-place, out=) reach the specialised kernel; meta tensors,
    for which it has none, go through mul.Tensor's generated Meta kernels."""

    def test_specialised_kernel_wins_on_cpu(self):
        x = make((3, 4), torch.float32, 3)
        before = F.specialised_calls()
        r = F.mul.Scalar(x, 2.5)
        s = x.clone()
        F.mul_.Scalar(s, 2.5)
        o = torch.empty(0)
        F.mul.Scalar_out(x, 2.5, out=o)
        self.assertEqual(F.specialised_calls() - before, 3)
        for t in (r, s, o):
            self.assertTrue(torch.equal(t, torch.mul(x, 2.5)))

    def test_fallback_serves_other_backends(self):
        m = torch.empty(3, 4, dtype=torch.int32, device="meta")
        before = F.specialised_calls()
        r = F.mul.Scalar(m, 2.5)
        self.assertEqual(describe(r), ("meta", (3, 4), torch.float32))
        s = torch.empty(3, 4, device="meta")
        self.assertIs(F.mul_.Scalar(s, 2), s)
        o = torch.empty(0, dtype=torch.float64, device="meta")
        F.mul.Scalar_out(m, 2.5, out=o)
        self.assertEqual(describe(o), ("meta", (3, 4), torch.float64))
        with self.assertRaisesRegex(RuntimeError, "result type Float can't be cast to the "
                                    "desired output type Int"):
            F.mul_.Scalar(m.clone(), 2.5)
        self.assertEqual(F.specialised_calls(), before)
        self.assertTrue(torch._C._dispatch_has_kernel_for_dispatch_key("fb::mul.Scalar", "CPU"))
        self.assertTrue(torch._C._dispatch_has_kernel_for_dispatch_key(
            "fb::mul.Scalar", "CompositeExplicitAutograd"))


class ZZSummary(unittest.TestCase):
    def test_summary(self):
        print(f"\n{len(PAIRS)} pairs; {STATS['calls']} calls compared with aten, "
              f"{STATS['mismatches']} mismatches; known differences (KNOWN_ISSUES.md §11): "
              f"{STATS['ulp']} floating results within a few ulps, "
              f"{STATS['neg_int_pow']} negative integer powers of integers, "
              f"{STATS['autogen_out']} out= dtypes aten's generated Scalar_out treats otherwise, "
              f"{STATS['wording']} in-place refusals worded otherwise, "
              f"{STATS['check_order']} alpha checked before the dtype, "
              f"{STATS['special_values']} calls aten's pow serves by value (base 1, exponent 0 or 1), "
              f"{STATS['out_dtype_rule']} castable out= dtypes aten's pow.Tensor_Scalar refuses, "
              f"{STATS['cpu_only']} meta calls where only aten's CPU kernel raised" +
              (f", {STATS['shim']} errors of aten's kernels as RuntimeError through the C shim; "
               f"{STATS.get('exact', 0)} cases exactly as aten's general overload with a wrapped "
               "number" if STABLE else ""),
              flush=True)


if __name__ == "__main__":
    unittest.main()
