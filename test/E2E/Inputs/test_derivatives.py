"""Derivatives of the example op library: the autograd kernels skgen generates
from the families' SKGEN_DERIVATIVE formulas, against aten's own.

  gradcheck   torch.autograd.gradcheck and gradgradcheck in float64 (and
              complex128 where the op takes complex numbers) of the functional
              and the in-place variant of every family, with
              check_forward_ad=True where the family has a forward formula
              (elsewhere forward AD is refused with aten's words).
  vs aten     gradients (torch.autograd.grad) and forward-mode tangents equal
              the matching aten op's on a grid: float32/float64/complex128,
              broadcasting, 0-dim, transposed (non-contiguous) inputs, keepdim.
  in-place    on a non-leaf and on a view of one (CopySlices, as aten's):
              aten's gradients; on a leaf that requires grad and on a view of
              one: aten's error, word for word; version counters as aten's.
  rules       topk's indices do not require grad; out= with an input that
              requires grad keeps aten's refusal; as many tensors saved for
              backward (saved_tensors_hooks) as aten saves; grad_fn is the
              generated node.
  alias key   meta tensors forward and backward (lerp has no generated Meta
              kernel and mul.Scalar none at all: both reach Meta through the
              CompositeExplicitAutograd kernels), and pow.Tensor_Scalar, which
              has no kernel of its own (SKGEN_FALLBACK), differentiates as
              torch.pow. On CPU, myops.scale is served by the alias key too.

Both PyTorch legs (1.13 has torch.autograd.forward_ad; torch.func is not used).
Run: SKGEN_EXAMPLE_BUILD=<example build dir> python3 test_derivatives.py -v
"""
import collections
import unittest

import torch
import torch.autograd.forward_ad as fwAD
import torch.nn.functional as F

import example_ops as ex
import skgen_testing

m = ex.load()
COMPARISONS = collections.Counter()  # family -> tensor comparisons with aten
GRADCHECKS = collections.defaultdict(set)  # family -> what gradcheck covered


def close(family, actual, expected, what):
    skgen_testing.assert_close(actual, expected, f"{family} {what}", COMPARISONS, family)


def via_clone(aten):
    """An in-place reference where aten has no in-place op (softsign_)."""
    return lambda s, a, *rest: a.copy_(aten(s, a.clone(), *rest))


class Family:
    """One family: its functional and in-place variants (ours: myops, aten:
    the reference) as f(s, *tensors), s a Scalar constant of the dtype."""

    def __init__(self, name, node, arity, ours, aten, ours_=None, aten_=None,
                 forward=True, complex=True, inputs="any", shapes=None, composite=False):
        self.name, self.node, self.arity = name, node, arity
        self.ours, self.aten, self.ours_, self.aten_ = ours, aten, ours_, aten_
        self.forward, self.complex, self.inputs = forward, complex, inputs
        # aten's reference is several ops (its in-place one several calls).
        self.shapes, self.composite = shapes, composite

    def dtypes(self, grid=True):
        real = [torch.float32, torch.float64] if grid else [torch.float64]
        return real + ([torch.complex128] if self.complex else [])


# Scalar overloads by name: Python's torch.mul(x, 1.5) is aten's mul.Tensor
# with a wrapped number (it saves that tensor; 1.13 also promotes a 0-dim
# tangent through its zero tangent).
MUL_SCALAR, MUL_SCALAR_ = torch.ops.aten.mul.Scalar, torch.ops.aten.mul_.Scalar


def scalar(dtype):
    return 1.5 - 0.5j if dtype.is_complex else 1.5


FAMILIES = [
    Family("add", "MyopsAddBackward", 2,
           lambda s, a, b: m.add(a, b, alpha=s), lambda s, a, b: torch.add(a, b, alpha=s),
           lambda s, a, b: m.add_(a, b, alpha=s), lambda s, a, b: a.add_(b, alpha=s)),
    Family("square", "MyopsSquareBackward", 1,
           lambda s, a: m.square(a), lambda s, a: torch.square(a),
           lambda s, a: m.square_(a), lambda s, a: a.square_()),
    Family("mul.Tensor", "MyopsMulTensorBackward", 2,
           lambda s, a, b: m.mul.Tensor(a, b), lambda s, a, b: torch.mul(a, b),
           lambda s, a, b: m.mul_.Tensor(a, b), lambda s, a, b: a.mul_(b)),
    Family("affine", "MyopsAffineBackward", 2,
           lambda s, a, b: m.affine(a, s, b), lambda s, a, b: MUL_SCALAR(a, s) + b,
           lambda s, a, b: m.affine_(a, s, b), lambda s, a, b: MUL_SCALAR_(a, s).add_(b),
           composite=True),
    # The Tensor? argument alone, and neither optional given.
    Family("affine(scale=None)", "MyopsAffineBackward", 2,
           lambda s, a, b: m.affine(a, None, b), lambda s, a, b: a + b,
           lambda s, a, b: m.affine_(a, None, b), lambda s, a, b: a.add_(b), composite=True),
    Family("affine(bias=None)", "MyopsAffineBackward", 1,
           lambda s, a: m.affine(a, s), lambda s, a: MUL_SCALAR(a, s),
           lambda s, a: m.affine_(a, s), lambda s, a: MUL_SCALAR_(a, s), composite=True),
    Family("lerp", "MyopsLerpBackward", 2,
           lambda s, a, b: m.lerp(a, b, 0.3), lambda s, a, b: torch.lerp(a, b, 0.3),
           lambda s, a, b: m.lerp_(a, b, 0.3), lambda s, a, b: a.lerp_(b, 0.3)),
    Family("sum.dim", "MyopsSumDimBackward", 1,
           lambda s, a: m.sum.dim(a, [-1]), lambda s, a: torch.sum(a, [-1])),
    Family("sum.dim(keepdim)", "MyopsSumDimBackward", 1,
           lambda s, a: m.sum.dim(a, [-1], True), lambda s, a: torch.sum(a, [-1], True)),
    Family("sum.dim(0,-1)", "MyopsSumDimBackward", 1,
           lambda s, a: m.sum.dim(a, [0, -1], False),
           lambda s, a: torch.sum(a, [0, -1], False), shapes="2d"),
    Family("topk", "MyopsTopkBackward", 1,
           lambda s, a: m.topk(a, 2)[0], lambda s, a: torch.topk(a, 2)[0],
           complex=False, inputs="distinct", shapes="1d"),
    Family("topk(dim=0,largest=False)", "MyopsTopkBackward", 1,
           lambda s, a: m.topk(a, 2, 0, False)[0], lambda s, a: torch.topk(a, 2, 0, False)[0],
           complex=False, inputs="distinct", shapes="2d"),
    Family("scale", "MyopsScaleBackward", 1,
           lambda s, a: m.scale(a, 1.5), lambda s, a: MUL_SCALAR(a, 1.5),
           lambda s, a: m.scale_(a, 1.5), lambda s, a: MUL_SCALAR_(a, 1.5)),
    # x / (1 + |x|): the formula is for real numbers; no forward formula.
    Family("softsign", "MyopsSoftsignBackward", 1,
           lambda s, a: m.softsign(a), lambda s, a: F.softsign(a),
           lambda s, a: m.softsign_(a), via_clone(lambda s, a: F.softsign(a)),
           forward=False, complex=False, composite=True),
    Family("cube", "MyopsCubeBackward", 1,
           lambda s, a: m.cube(a), lambda s, a: torch.pow(a, 3),
           lambda s, a: m.cube_(a), lambda s, a: a.pow_(3)),
    # The example's pow formulas are aten's for real numbers (its exponent
    # formula compares with >=); no forward formulas.
    Family("pow.Tensor_Tensor", "MyopsPowTensorTensorBackward", 2,
           lambda s, a, b: m.pow.Tensor_Tensor(a, b), lambda s, a, b: torch.pow(a, b),
           lambda s, a, b: m.pow_.Tensor(a, b), lambda s, a, b: a.pow_(b),
           forward=False, complex=False, inputs="positive"),
    # No kernel of its own: the alias key calls pow.Tensor_Tensor.
    Family("pow.Tensor_Scalar", "MyopsPowTensorScalarBackward", 1,
           lambda s, a: m.pow.Tensor_Scalar(a, 2.5), lambda s, a: torch.pow(a, 2.5),
           lambda s, a: m.pow_.Scalar(a, 2.5), lambda s, a: a.pow_(2.5),
           forward=False, inputs="positive"),
    Family("pow.Tensor_Scalar(0)", "MyopsPowTensorScalarBackward", 1,
           lambda s, a: m.pow.Tensor_Scalar(a, 0), lambda s, a: torch.pow(a, 0),
           lambda s, a: m.pow_.Scalar(a, 0), lambda s, a: a.pow_(0), forward=False),
    Family("mul.Scalar", "MyopsMulScalarBackward", 1,
           lambda s, a: m.mul.Scalar(a, s), lambda s, a: MUL_SCALAR(a, s),
           lambda s, a: m.mul_.Scalar(a, s), lambda s, a: MUL_SCALAR_(a, s)),
]

# Shapes: a tuple, or ("T", shape): that shape's transpose (non-contiguous).
UNARY = {"any": [(3, 4), (), (5,), ("T", (4, 3)), (2, 3, 4)],
         "1d": [(3, 4), (5,), ("T", (4, 3)), (2, 3, 4)],
         "2d": [(3, 4), ("T", (4, 3)), (2, 3, 4)]}
BINARY = [((3, 4), (3, 4)), ((3, 4), (4,)), ((3, 1), (1, 4)), ((), (3,)), ((3,), ()),
          ((), ()), (("T", (4, 3)), (3, 4)), ((3, 4), ("T", (4, 3)))]
# In-place: `self` has the broadcast shape.
BINARY_INPLACE = [((3, 4), (3, 4)), ((3, 4), (4,)), ((3, 4), ()), ((), ()),
                  (("T", (4, 3)), (3, 4)), ((3, 4), ("T", (4, 3)))]
UNARY_INPLACE = [(3, 4), (), ("T", (4, 3))]


def tensor(spec, dtype, seed, kind="any"):
    """A leaf requiring grad of the shape spec (see UNARY), without ties
    ("distinct") or with a positive real part ("positive")."""
    transposed = isinstance(spec, tuple) and spec[:1] == ("T",)
    shape = spec[1] if transposed else spec
    g = torch.Generator().manual_seed(seed)
    if kind == "distinct":
        t = ex.distinct(shape, torch.float64, seed) / 4
    else:
        t = torch.randn(shape, generator=g, dtype=torch.float64)
    if kind == "positive":
        t = t.abs() + 0.5
    if dtype.is_complex:
        t = torch.complex(t, torch.randn(shape, generator=g, dtype=torch.float64))
    t = t.to(dtype)
    return (t.t() if transposed else t).requires_grad_()


def inputs(fam, specs, dtype, seed):
    return [tensor(s, dtype, seed + i, fam.inputs) for i, s in enumerate(specs)]


def specs(fam, inplace):
    if fam.arity == 2:
        return BINARY_INPLACE if inplace else BINARY
    if inplace:
        return [(s,) for s in UNARY_INPLACE]
    return [(s,) for s in UNARY[fam.shapes or ("1d" if fam.inputs == "distinct" else "any")]]


def grads(fn, s, xs, inplace, g_seed):
    """The value of fn and the gradients of its inputs for a random output
    gradient (of an in-place fn: called on a clone of the first input)."""
    if inplace:
        out = fn(s, xs[0].clone(), *xs[1:])
    else:
        out = fn(s, *xs)
    g = torch.randn(out.shape, generator=torch.Generator().manual_seed(g_seed),
                    dtype=out.dtype)
    return out.detach(), torch.autograd.grad(out, xs, g)


def tangent(fn, s, xs, inplace):
    """The forward-mode tangent of fn's output for fixed random tangents."""
    with fwAD.dual_level():
        duals = [fwAD.make_dual(x.detach().clone(), torch.ones_like(x) * (i + 0.5))
                 for i, x in enumerate(xs)]
        out = fn(s, *duals)
        return fwAD.unpack_dual(out).tangent.clone()


def variants(fam):
    yield "functional", fam.ours, fam.aten, False
    if fam.ours_ is not None:
        yield "in-place", fam.ours_, fam.aten_, True


class GradCheck(unittest.TestCase):
    """gradcheck/gradgradcheck (float64, complex128), forward AD included."""

    def test_every_family(self):
        for fam in FAMILIES:
            for dtype in fam.dtypes(grid=False):
                s = scalar(dtype)
                shape = [(2, 3), (3,)][:fam.arity] if fam.inputs != "distinct" else [(2, 5)]
                xs = [tensor(sh, dtype, 40 + i, fam.inputs) for i, sh in enumerate(shape)]
                for kind, ours, _, inplace in variants(fam):
                    if inplace:
                        fn = lambda *ts, ours=ours: ours(s, ts[0].clone(), *ts[1:])  # noqa: E731
                    else:
                        fn = lambda *ts, ours=ours: ours(s, *ts)  # noqa: E731
                    what = f"{fam.name} {kind} {dtype}"
                    self.assertTrue(torch.autograd.gradcheck(
                        fn, xs, check_forward_ad=fam.forward), what)
                    self.assertTrue(torch.autograd.gradgradcheck(fn, xs), what)
                    GRADCHECKS[fam.name].add(f"{kind} {str(dtype).split('.')[1]}")
                    if not fam.forward:
                        with fwAD.dual_level():
                            dual = [fwAD.make_dual(x.detach(), torch.ones_like(x)) for x in xs]
                            with self.assertRaisesRegex(
                                    RuntimeError, r"^Trying to use forward AD with myops::\S+ that "
                                    r"does not support it because it has not been implemented "
                                    r"yet\.\nPlease file an issue to PyTorch"):
                                fn(*dual)


class VersusAten(unittest.TestCase):
    """Values, gradients and tangents as the matching aten op's, on the grid."""

    def test_grid(self):
        seed = 100
        for fam in FAMILIES:
            for kind, ours, aten, inplace in variants(fam):
                for dtype in fam.dtypes():
                    s = scalar(dtype)
                    for spec in specs(fam, inplace):
                        seed += 10
                        xs = inputs(fam, spec, dtype, seed)
                        what = f"{kind} {dtype} {spec}"
                        out, g = grads(ours, s, xs, inplace, seed)
                        ref_out, ref_g = grads(aten, s, xs, inplace, seed)
                        close(fam.name, out, ref_out, what + " value")
                        for i, (a, b) in enumerate(zip(g, ref_g)):
                            close(fam.name, a, b, f"{what} grad of input {i}")
                        if fam.forward:
                            close(fam.name, tangent(ours, s, xs, inplace),
                                  tangent(aten, s, xs, inplace), what + " tangent")


def error(fn):
    try:
        fn()
    except RuntimeError as e:
        return str(e)
    return None


class InPlace(unittest.TestCase):
    def leaves(self, fam, other=(4,), dtype=torch.float64):
        """self (3, 4) and the other input, broadcast to self (or a view)."""
        return ([tensor((3, 4), dtype, 7, fam.inputs)] +
                [tensor(other, dtype, 8, fam.inputs)][:fam.arity - 1])

    def test_view_of_a_non_leaf(self):
        for fam in FAMILIES:
            if fam.ours_ is None:
                continue
            xs = self.leaves(fam, other=(2,))
            results = []
            for fn in (fam.ours_, fam.aten_):
                base = xs[0].clone()
                view = base[:, 1:3]  # non-contiguous
                self.assertIs(fn(1.5, view, *xs[1:]), view, fam.name)
                g = torch.arange(12, dtype=base.dtype).reshape(3, 4)
                results.append((base.grad_fn.name(), base.detach(),
                                torch.autograd.grad(base, xs, g)))
            (name, value, g), (ref_name, ref_value, ref_g) = results
            self.assertIn("CopySlices", name, fam.name)
            self.assertEqual(name, ref_name, fam.name)
            close(fam.name, value, ref_value, "view of a non-leaf: value")
            for a, b in zip(g, ref_g):
                close(fam.name, a, b, "view of a non-leaf: grad")

    def test_non_leaf_keeps_the_generated_node(self):
        for fam in FAMILIES:
            if fam.ours_ is None:
                continue
            xs = self.leaves(fam)
            t = xs[0].clone()
            fam.ours_(1.5, t, *xs[1:])
            self.assertEqual(t.grad_fn.name(), fam.node, fam.name)

    def test_leaf_and_view_of_a_leaf_refused_as_aten(self):
        for fam in FAMILIES:
            if fam.ours_ is None:
                continue
            for view in (False, True):
                xs = self.leaves(fam, other=(2,))
                pick = (lambda x: x[:, 1:3]) if view else (lambda x: x)  # noqa: E731
                before = xs[0].detach().clone()
                ours = error(lambda: fam.ours_(1.5, pick(xs[0]), *xs[1:]))
                aten = error(lambda: fam.aten_(1.5, pick(xs[0]), *xs[1:]))
                self.assertIsNotNone(aten)
                self.assertEqual(ours, aten, f"{fam.name} view={view}")
                self.assertTrue(torch.equal(xs[0].detach(), before), "leaf written")

    def test_version_counter_as_aten(self):
        for fam in FAMILIES:
            if fam.ours_ is None:
                continue
            for requires_grad in (False, True):
                xs = self.leaves(fam)
                if not requires_grad:
                    xs = [x.detach() for x in xs]
                deltas = []
                for fn in (fam.ours_, fam.aten_):
                    t = xs[0].clone()
                    v = t._version
                    fn(1.5, t, *xs[1:])
                    deltas.append(t._version - v)
                what = f"{fam.name} requires_grad={requires_grad}"
                self.assertEqual(deltas[0], 1, what)  # one in-place call
                if not fam.composite:
                    self.assertEqual(deltas[0], deltas[1], what)


def f64(*shape, seed=0, kind="any"):
    return tensor(shape, torch.float64, seed, kind)


# out= calls of every family, with aten's equivalent: (ours, aten), each
# f(x, y, out) with x, y of shape (3, 4) and out a list of empty tensors.
OUTS = {
    "add": (lambda x, y, o: m.add.out(x, y, alpha=2, out=o[0]),
            lambda x, y, o: torch.add(x, y, alpha=2, out=o[0])),
    "square": (lambda x, y, o: m.square.out(x, out=o[0]),
               lambda x, y, o: torch.square(x, out=o[0])),
    "mul": (lambda x, y, o: m.mul.out(x, y, out=o[0]), lambda x, y, o: torch.mul(x, y, out=o[0])),
    "affine": (lambda x, y, o: m.affine.out(y.detach(), 2.0, x, out=o[0]),
               lambda x, y, o: torch.add(y.detach(), x, out=o[0])),
    "lerp": (lambda x, y, o: m.lerp.out(x, y, 0.5, out=o[0]),
             lambda x, y, o: torch.lerp(x, y, 0.5, out=o[0])),
    "sum": (lambda x, y, o: m.sum.dim_out(x, [1], out=o[0]),
            lambda x, y, o: torch.sum(x, [1], out=o[0])),
    "topk": (lambda x, y, o: m.topk.out(x, 2, values=o[0], indices=o[1]),
             lambda x, y, o: torch.topk(x, 2, out=(o[0], o[1]))),
    "scale": (lambda x, y, o: m.scale.out(x, 2.0, out=o[0]),
              lambda x, y, o: torch.mul(x, 2.0, out=o[0])),
    "softsign": (lambda x, y, o: m.softsign.out(x, out=o[0]),
                 lambda x, y, o: torch.div(x, x.abs() + 1, out=o[0])),
    "cube": (lambda x, y, o: m.cube.out(x, out=o[0]), lambda x, y, o: torch.pow(x, 3, out=o[0])),
    "pow": (lambda x, y, o: m.pow.Tensor_Tensor_out(x, y, out=o[0]),
            lambda x, y, o: torch.pow(x, y, out=o[0])),
    "pow.Tensor_Scalar_out": (lambda x, y, o: m.pow.Tensor_Scalar_out(x, 2.0, out=o[0]),
                              lambda x, y, o: torch.pow(x, 2.0, out=o[0])),
    "mul.Scalar_out": (lambda x, y, o: m.mul.Scalar_out(x, 2.0, out=o[0]),
                       lambda x, y, o: torch.mul(x, 2.0, out=o[0])),
}


def empty_outs():
    return [torch.zeros(0, dtype=torch.float64), torch.zeros(0, dtype=torch.int64)]


class Rules(unittest.TestCase):
    def test_out_refused_with_an_input_requiring_grad(self):
        x, y = f64(3, 4, seed=1, kind="positive"), f64(3, 4, seed=2)
        for name, (ours, aten) in OUTS.items():
            o, ref_o = empty_outs(), empty_outs()
            msg, ref_msg = error(lambda: ours(x, y, o)), error(lambda: aten(x, y, ref_o))
            self.assertIsNotNone(ref_msg, name)
            self.assertIsNotNone(msg, name)
            # "myops::add(): functions with out=... arguments don't ..."
            self.assertRegex(msg, r"^myops::\w+\(\): ", name)
            self.assertEqual(msg.split("(): ", 1)[1], ref_msg.split("(): ", 1)[1], name)
            self.assertEqual([t.numel() for t in o], [0, 0], f"{name}: out written")
            with torch.no_grad():  # accepted below grad mode, as aten's
                ours(x, y, o)

    def test_out_bumps_versions_as_aten(self):
        x, y = f64(3, 4, seed=1, kind="positive").detach(), f64(3, 4, seed=2).detach()
        for name, (ours, aten) in OUTS.items():
            if name in ("affine", "softsign"):  # aten's reference is another op
                continue
            o, ref_o = empty_outs(), empty_outs()
            ours(x, y, o)
            aten(x, y, ref_o)
            self.assertEqual([t._version for t in o], [t._version for t in ref_o], name)

    def test_topk_indices_do_not_require_grad(self):
        x = f64(3, 5, kind="distinct")
        (v, i), (ev, ei) = m.topk(x, 2), torch.topk(x, 2)
        self.assertEqual((v.requires_grad, i.requires_grad), (ev.requires_grad, ei.requires_grad))
        self.assertEqual((v.requires_grad, i.requires_grad), (True, False))
        self.assertIsNone(i.grad_fn)
        # The gradient flows through values only.
        close("topk", torch.autograd.grad(v.sum(), x)[0], torch.autograd.grad(ev.sum(), x)[0],
              "grad through values")

    def test_saved_tensors_as_aten(self):
        def saved(fn):
            count = [0]

            def pack(t):
                count[0] += 1
                return t
            with torch.autograd.graph.saved_tensors_hooks(pack, lambda t: t):
                fn()
            return count[0]

        x, y = f64(3, 4, seed=1, kind="positive"), f64(3, 4, seed=2)
        c = y.detach()  # does not require grad
        d = f64(3, 5, kind="distinct")
        cases = {
            "add": (lambda: m.add(x, y, alpha=2), lambda: torch.add(x, y, alpha=2)),
            "add_": (lambda: m.add_(x.clone(), y), lambda: x.clone().add_(y)),
            "mul": (lambda: m.mul.Tensor(x, y), lambda: torch.mul(x, y)),
            "mul (self only)": (lambda: m.mul.Tensor(x, c), lambda: torch.mul(x, c)),
            "mul (other only)": (lambda: m.mul.Tensor(c, y), lambda: torch.mul(c, y)),
            "mul_": (lambda: m.mul_.Tensor(x.clone(), y), lambda: x.clone().mul_(y)),
            "sum.dim": (lambda: m.sum.dim(x, [1]), lambda: torch.sum(x, [1])),
            "sum.dim keepdim": (lambda: m.sum.dim(x, [0], True), lambda: torch.sum(x, [0], True)),
            "topk": (lambda: m.topk(d, 2), lambda: torch.topk(d, 2)),
            "square": (lambda: m.square(x), lambda: torch.square(x)),
            "lerp": (lambda: m.lerp(x, y, 0.5), lambda: torch.lerp(x, y, 0.5)),
            "pow.Tensor_Tensor": (lambda: m.pow.Tensor_Tensor(x, y), lambda: torch.pow(x, y)),
            "pow.Tensor_Scalar": (lambda: m.pow.Tensor_Scalar(x, 2.5), lambda: torch.pow(x, 2.5)),
            "mul.Scalar": (lambda: m.mul.Scalar(x, 2.0), lambda: MUL_SCALAR(x, 2.0)),
            "mul_.Scalar": (lambda: m.mul_.Scalar(x.clone(), 2.0),
                            lambda: MUL_SCALAR_(x.clone(), 2.0)),
            "cube (aten: pow.Tensor_Scalar)": (lambda: m.cube(x), lambda: torch.pow(x, 3)),
            "scale (aten: mul.Scalar)": (lambda: m.scale(x, 2.0), lambda: MUL_SCALAR(x, 2.0)),
        }
        counts = {}
        for name, (ours, aten) in cases.items():
            counts[name] = (saved(ours), saved(aten))
            self.assertEqual(counts[name][0], counts[name][1], name)
        print("\nsaved for backward (ours, aten): " +
              ", ".join(f"{k} {a}/{b}" for k, (a, b) in counts.items()), flush=True)

    def test_grad_fn_is_the_generated_node(self):
        for fam in FAMILIES:
            xs = [tensor(s, torch.float64, 3, fam.inputs) for s in specs(fam, False)[0]]
            self.assertEqual(fam.ours(1.5, *xs).grad_fn.name(), fam.node, fam.name)

    def test_no_grad_mode_and_plain_inputs(self):
        x = f64(3, 4)
        with torch.no_grad():
            self.assertFalse(m.mul.Tensor(x, x).requires_grad)
        self.assertFalse(m.mul.Tensor(x.detach(), x.detach()).requires_grad)
        # Only the other input requires grad: its gradient alone.
        g = torch.autograd.grad(m.add(x.detach(), x, alpha=3).sum(), x)[0]
        close("add", g, torch.full_like(x, 3.0), "grad of other only")


class Meta(unittest.TestCase):
    """Forward and backward on meta tensors, every family: gradients of the
    inputs' shapes. lerp (SKGEN_NO_META_KERNEL), mul.Scalar (no Meta kernel;
    its fallback's) and pow.Tensor_Scalar (no kernel at all) reach Meta
    through the alias key."""

    def test_every_family(self):
        for fam in FAMILIES:
            for kind, ours, _, inplace in variants(fam):
                for spec in specs(fam, inplace)[:2]:
                    xs = [torch.empty(s if not s[:1] == ("T",) else s[1], device="meta",
                                      dtype=torch.float32) for s in spec]
                    xs = [x.t() if s[:1] == ("T",) else x for x, s in zip(xs, spec)]
                    xs = [x.requires_grad_() for x in xs]
                    out = ours(1.5, xs[0].clone(), *xs[1:]) if inplace else ours(1.5, *xs)
                    self.assertEqual(out.device.type, "meta")
                    g = torch.autograd.grad(out, xs, torch.ones_like(out))
                    self.assertEqual([t.shape for t in g], [x.shape for x in xs],
                                     f"{fam.name} {kind} {spec}")
                    self.assertTrue(all(t.device.type == "meta" for t in g))
                    COMPARISONS["meta " + fam.name] += 1


def tearDownModule():
    print()
    for fam in FAMILIES:
        print(f"derivatives {fam.name}: gradcheck+gradgradcheck "
              f"{', '.join(sorted(GRADCHECKS[fam.name]))}; forward AD "
              f"{'checked' if fam.forward else 'refused'}; "
              f"{COMPARISONS[fam.name]} comparisons with aten; "
              f"meta {COMPARISONS['meta ' + fam.name]} calls", flush=True)
    print(f"{sum(COMPARISONS.values())} comparisons", flush=True)


if __name__ == "__main__":
    unittest.main()
