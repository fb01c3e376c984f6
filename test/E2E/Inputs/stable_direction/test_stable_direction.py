"""Inputs/direction/test_direction.py for the stable-ABI build of
stable_direction/ops.cpp: which kernel runs for each variant and backend,
and the out= and in-place variants derived from functional kernels compared
with aten's mul / mul_ / mul.out and aminmax over a grid of dtypes, shapes
and out= tensors: values, dtypes, shapes, strides, errors (type and first
line), `self` untouched when in-place is refused, the returned tensor being
`out` / `self` itself. Meta tensors: outcome, shape and dtype against aten's
CPU behaviour. (Resize warnings: the stable ABI of 2.13 and 2.14.1 prints
them to stderr; skgen::check_out's are compared by stable-presets.test.)

  test_stable_direction.py <library.so> [-v]
"""
import os
import sys
import unittest

import torch

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from skgen_testing import make, outcome, same  # noqa: E402 - Inputs/ holds the shared helpers

LIB = sys.argv.pop(1)
torch.ops.load_library(LIB)
D = torch.ops.sdir
# ops.cpp's Kernel enum.
MUL_CPU, MULCE_META, MULCE_BY_HAND, MULMIX_OUT, MULMIX_META, AMINMAX = range(6)
STATS = {"calls": 0, "shim": 0}
SHIM = " (originally from "
HAS = torch._C._dispatch_has_kernel_for_dispatch_key
CEA = "CompositeExplicitAutograd"

DTYPES = [torch.bool, torch.uint8, torch.int32, torch.int64, torch.float16,
          torch.bfloat16, torch.float32, torch.float64]


def kind(r):
    return r[0] if r[0] == "ok" else r[1]


def calls(kernel):
    return torch.ops.sdir_count.calls(kernel)


class StableDirection(unittest.TestCase):
    def counted(self, kernel, fn):
        before = calls(kernel)
        r = fn()
        return r, calls(kernel) - before

    def test_functional_kernel_serves_every_variant_of_its_key(self):
        x, y = torch.randn(2, 3), torch.randn(3)
        r, n = self.counted(MUL_CPU, lambda: D.mul(x, y))
        self.assertEqual(n, 1)
        self.assertTrue(torch.equal(r, x * y))
        s = x.clone()
        r, n = self.counted(MUL_CPU, lambda: D.mul_(s, y))
        self.assertEqual(n, 1)
        self.assertIs(r, s)
        o = torch.empty(0)
        r, n = self.counted(MUL_CPU, lambda: D.mul.out(x, y, out=o))
        self.assertEqual(n, 1)
        self.assertIs(r, o)
        for variant in ("mul", "mul_", "mul.out"):
            self.assertTrue(HAS("sdir::" + variant, "CPU"), variant)

    def test_mixed_family_each_key_its_own_direction(self):
        for device, kernel, other in (("cpu", MULMIX_OUT, MULMIX_META),
                                      ("meta", MULMIX_META, MULMIX_OUT)):
            x, y = make((2, 3), torch.float32, 1, device), make((3,), torch.float32, 2, device)
            s, o = x.clone(), torch.empty(0, device=device)
            for what, fn in (("functional", lambda: D.mulmix(x, y)),
                             ("in-place", lambda: D.mulmix_(s, y)),
                             ("out=", lambda: D.mulmix.out(x, y, out=o))):
                before_other = calls(other)
                r, n = self.counted(kernel, fn)
                self.assertEqual(n, 1, f"{device} {what}: kernel {kernel} ran {n} times")
                self.assertEqual(calls(other), before_other, f"{device} {what}")
                self.assertEqual((r.device.type, tuple(r.shape)), (device, (2, 3)))
            if device == "cpu":
                self.assertTrue(same(o, x * y) and same(s, x * y))
        for variant in ("mulmix", "mulmix_", "mulmix.out"):
            for key in ("CPU", "Meta"):
                self.assertTrue(HAS("sdir::" + variant, key), (variant, key))
        self.assertTrue(HAS("sdir::mulmix", CEA))
        self.assertFalse(HAS("sdir::mulmix.out", CEA))

    def test_no_out_kernel_alias_key_serves_out_and_inplace(self):
        self.assertFalse(HAS("sdir::mulce", CEA))
        self.assertTrue(HAS("sdir::mulce_", CEA))
        self.assertTrue(HAS("sdir::mulce.out", CEA))
        self.assertFalse(HAS("sdir::mulce_", "CPU"))
        self.assertFalse(HAS("sdir::mulce.out", "CPU"))
        self.assertTrue(HAS("sdir::mulce_", "Meta"))
        x, y = torch.randn(2, 3), torch.randn(3)
        s, o = x.clone(), torch.empty(0)
        for fn in (lambda: D.mulce(x, y), lambda: D.mulce_(s, y),
                   lambda: D.mulce.out(x, y, out=o)):
            _, n = self.counted(MULCE_BY_HAND, fn)
            self.assertEqual(n, 1)
        self.assertTrue(same(s, x * y) and same(o, x * y))
        xm, ym = x.to("meta"), y.to("meta")
        sm, om = xm.clone(), torch.empty(0, device="meta")
        for fn in (lambda: D.mulce(xm, ym), lambda: D.mulce_(sm, ym),
                   lambda: D.mulce.out(xm, ym, out=om)):
            _, n = self.counted(MULCE_META, fn)
            self.assertEqual(n, 1)
        self.assertEqual(tuple(om.shape), (2, 3))

    def test_inplace_refused_before_the_kernel_runs(self):
        s = torch.zeros(3)
        r, n = self.counted(MUL_CPU, lambda: outcome(lambda: D.mul_(s, torch.ones(2, 3))))
        self.assertEqual((kind(r), n), ("RuntimeError", 0))
        self.assertTrue(torch.equal(s, torch.zeros(3)))

    # -- differential: aten's mul / mul_ / mul.out ------------------------

    def compare(self, what, ours, aten):
        STATS["calls"] += 1
        self.assertEqual(ours[0], aten[0], f"{what}: ours {ours}, aten {aten}")
        if ours[0] == "error":
            if ours[1] == "RuntimeError" and (SHIM in ours[2] or aten[1] != ours[1]):
                # aten's own error inside a kernel, through the C shim
                # (docs/stable-abi.md, "Error types of aten's kernels"):
                # RuntimeError, with " (originally from ...)" after its
                # message unless skgen::call passed it on.
                STATS["shim"] += 1
                self.assertEqual(ours[2].split(SHIM)[0], aten[2], what)
                return
            self.assertEqual(ours[1:], aten[1:], what)
            return
        a, b = ours[1], aten[1]
        for x, y in zip(a if isinstance(a, tuple) else (a,), b if isinstance(b, tuple) else (b,)):
            self.assertTrue(same(x, y), f"{what}: ours {x}, aten {y}")

    def grid(self, device):
        shapes = [((3,), (3,)), ((2, 3), (3,)), ((3,), (2, 3)), ((), (2,)), ((), ()),
                  ((0, 3), (3,))]
        seed = 0
        for sa, sb in shapes:
            for da in DTYPES:
                for db in DTYPES if sa == (2, 3) or sa == () else (da, torch.float32):
                    seed += 1
                    yield make(sa, da, seed, device), make(sb, db, seed + 500, device)

    def out_tensors(self, shape, device):
        yield "empty", lambda d: torch.empty(0, dtype=d, device=device)
        yield "same shape", lambda d: torch.zeros(shape, dtype=d, device=device)
        yield "other shape", lambda d: torch.zeros((5,), dtype=d, device=device)
        if len(shape) == 2:
            yield "non-contiguous", lambda d: torch.zeros(tuple(reversed(shape)), dtype=d,
                                                          device=device).t()

    def check_family(self, op, inplace):
        n = 0
        for a, b in self.grid("cpu"):
            functional = outcome(lambda: torch.mul(a, b))
            self.compare(f"{op} {a.dtype} {b.dtype}", outcome(lambda: op(a, b)), functional)
            s1, s2 = a.clone(), a.clone()
            r1 = outcome(lambda: inplace(s1, b))
            r2 = outcome(lambda: s2.mul_(b))
            what = f"{inplace} {a.dtype}{tuple(a.shape)} {b.dtype}{tuple(b.shape)}"
            self.compare(what, r1, r2)
            self.assertTrue(same(s1, s2), what + ": self differs")
            if r1[0] == "ok":
                self.assertIs(r1[1], s1, what)
            shape = tuple(functional[1].shape)
            for name, out in self.out_tensors(shape, "cpu"):
                for d in DTYPES if name != "other shape" else (functional[1].dtype,):
                    o1, o2 = out(d), out(d)
                    what = f"{op}.out {a.dtype}{tuple(a.shape)} {b.dtype}{tuple(b.shape)} out={name} {d}"
                    r1 = outcome(lambda: op.out(a, b, out=o1))
                    r2 = outcome(lambda: torch.mul(a, b, out=o2))
                    self.compare(what, r1, r2)
                    if r1[0] == "ok":
                        self.assertTrue(same(o1, o2), what + ": out differs")
                        self.assertEqual(o1.stride(), o2.stride(), what)
                        self.assertIs(r1[1], o1, what)
                    n += 1
        # out= aliasing an input (same shape: aten computes in place).
        a, b = make((2, 3), torch.float32, 7), make((2, 3), torch.float32, 8)
        a1, a2 = a.clone(), a.clone()
        self.assertIs(op.out(a1, b, out=a1), a1)
        torch.mul(a2, b, out=a2)
        self.assertTrue(same(a1, a2))
        return n

    def test_mul_functional_kernel_vs_aten(self):
        self.assertGreater(self.check_family(D.mul, D.mul_), 1000)

    def test_mul_through_alias_key_vs_aten(self):
        self.assertGreater(self.check_family(D.mulce, D.mulce_), 1000)

    def test_meta_tensors_vs_aten(self):
        # Generated Meta kernels (mul), Meta functional kernels (mulce,
        # mulmix) against aten's eager CPU behaviour: outcome, shape, dtype.
        for op, inplace in ((D.mul, D.mul_), (D.mulce, D.mulce_), (D.mulmix, D.mulmix_)):
            n = 0
            for a, b in self.grid("cpu"):
                functional = outcome(lambda: torch.mul(a, b))
                am, bm = a.to("meta"), b.to("meta")
                r1 = outcome(lambda: op(am, bm))
                self.assertEqual(kind(r1), "ok", f"{op} meta {a.dtype} {b.dtype}")
                self.assertEqual((tuple(r1[1].shape), r1[1].dtype),
                                 (tuple(functional[1].shape), functional[1].dtype))
                s1 = am.clone()
                r1 = outcome(lambda: inplace(s1, bm))
                r2 = outcome(lambda: a.clone().mul_(b))
                self.assertEqual(r1[1:] if r1[0] == "error" else "ok",
                                 r2[1:] if r2[0] == "error" else "ok",
                                 f"{inplace} meta {a.dtype} {b.dtype} {a.shape} {b.shape}")
                for od in DTYPES:
                    o1 = torch.empty(0, dtype=od, device="meta")
                    o2 = torch.empty(0, dtype=od)
                    r1 = outcome(lambda: op.out(am, bm, out=o1))
                    r2 = outcome(lambda: torch.mul(a, b, out=o2))
                    self.assertEqual(r1[1:] if r1[0] == "error" else "ok",
                                     r2[1:] if r2[0] == "error" else "ok",
                                     f"{op}.out meta {a.dtype} {b.dtype} {od}")
                    self.assertEqual((tuple(o1.shape), o1.dtype), (tuple(o2.shape), o2.dtype))
                n += 1
            self.assertGreater(n, 100)

    def test_aminmax_vs_aten(self):
        n = 0
        for shape in [(3, 4), (2, 3, 4), (5,), ()]:
            for d in (torch.int32, torch.int64, torch.float16, torch.float32, torch.float64):
                x = make(shape, d, n)
                for dim, keepdim in [(None, False), (0, False), (-1, True), (5, False)]:
                    kw = {"keepdim": keepdim} if dim is None else {"dim": dim, "keepdim": keepdim}
                    before = calls(AMINMAX)
                    self.compare(f"aminmax {shape} {d} {kw}", outcome(lambda: D.aminmax(x, **kw)),
                                 outcome(lambda: tuple(torch.aminmax(x, **kw))))
                    for od in (d, torch.float64, torch.int64):
                        mn1, mx1 = torch.empty(0, dtype=od), torch.empty(0, dtype=od)
                        mn2, mx2 = torch.empty(0, dtype=od), torch.empty(0, dtype=od)
                        r1 = outcome(lambda: D.aminmax.out(x, min=mn1, max=mx1, **kw))
                        r2 = outcome(lambda: tuple(torch.aminmax(x, out=(mn2, mx2), **kw)))
                        if dim == 5 and od != d and r1[0] == r2[0] == "error":
                            # Two faults: 2.14 checks out='s dtype before the
                            # dim, 2.13 (and the meta function here) after.
                            continue
                        self.compare(f"aminmax.out {shape} {d} {kw} {od}", r1, r2)
                        self.assertTrue(same(mn1, mn2) and same(mx1, mx2))
                        if r1[0] == "ok":
                            self.assertIs(r1[1][0], mn1)
                            self.assertIs(r1[1][1], mx1)
                        n += 1
                    self.assertGreaterEqual(calls(AMINMAX), before)
        self.assertGreater(n, 100)


class Summary(unittest.TestCase):
    def test_zz_summary(self):
        print(f"\n{STATS['calls']} calls compared with aten, 0 mismatches; {STATS['shim']} "
              "errors of aten's kernels as RuntimeError through the C shim", file=sys.stderr)


if __name__ == "__main__":
    unittest.main(argv=[sys.argv[0]] + sys.argv[1:])
