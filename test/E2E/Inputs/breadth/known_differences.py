"""Known differences between the breadth library and aten (test_breadth.py).

Each entry: the families ("*": any) or `when`, a predicate over the family's
manifest entry (generate.py's: its formulas, its derivatives.yaml entries),
the comparisons (functional, inplace, out, out-wrong-shape, out-zero-size,
out-wrong-dtype, meta; gradients.COMPARISONS), regexes over aten's and
skgen's outcomes as test_breadth.py prints them ("RuntimeError: first line",
"ok float32[2, 3]"), optionally over why they differ ("outcome", "error",
"result: ..."), and the reason. A mismatch that no entry matches fails the
test. No entry is a difference of skgen's checks or their
wording: the one left is a warning of aten's own out= kernels, which the
library's kernels call (both sides compute the same result)."""

RESIZED = ("aten's own out= kernel, which the library's kernel calls, resizes an "
           "out of the right shape with a warning: mse_loss and smooth_l1_loss "
           "reduced over broadcast operands first resize out to the unreduced "
           "shape, isin.Scalar_Tensor to [0]; skgen's functional variant passes "
           "it the shape the meta computes (aten's functional op allocates "
           "zero-size outputs instead)")



def inputs_non_differentiable(f):
    """Every formula of the family's entry is `non_differentiable`."""
    values = [v for k, v in f["formulas"].items() if k != "output_differentiability"]
    return bool(values) and all(v == "non_differentiable" for v in values)


def outputs_not_differentiable(f):
    """aten's op has no differentiable output: output_differentiability all
    False, or no derivatives.yaml entry (the op's outputs are integers or bools)."""
    if f["derivative"] is None:
        return True
    return "True" not in f["formulas"].get("output_differentiability", "True")


def inplace_entry_not_written(f):
    """The in-place variant has its own derivatives.yaml entry, which the
    library does not have: skgen has no SKGEN_INPLACE_DERIVATIVE
    (generate.py's INPLACE_DERIVATIVES), or rejected one of its formulas."""
    return f["inplace_derivative"] is not None and not f["inplace_formulas_emitted"]


NON_DIFFERENTIABLE_INPUTS = (
    "issue 41 item 3: a family whose inputs are all non_differentiable (special_bessel_*, "
    "special_*_polynomial_*, ...): aten's outputs do not require grad; skgen's do (backward "
    "raises \"derivative for X is not implemented\", forward AD is refused, out= with an input "
    "that requires grad is refused)")
FORWARD_AD_NON_DIFFERENTIABLE = (
    "issue 41 item 3: forward AD through outputs aten does not differentiate "
    "(output_differentiability: [False]: eq, lt, all, any, ...; ops without a derivatives.yaml "
    "entry whose outputs are integers or bools: argmax, isposinf, ...): aten computes the "
    "primal without a tangent; skgen refuses (\"Trying to use forward AD with X that does not "
    "support it\")")
INPLACE_ENTRY = (
    "issue 41 item 2: the in-place variant's own derivatives.yaml entry (eq_.Tensor: "
    "zeros_like(self); elu_, leaky_relu_, threshold_: formulas of original_self_p) is not "
    "in the library (skgen rejected one of its formulas, or has no SKGEN_INPLACE_DERIVATIVE): "
    "skgen's in-place variant uses the functional entry (for a comparison op: no "
    "differentiable output, \"derivative for X_ is not implemented\" at backward)")
INPLACE_NOT_IMPLEMENTED = (
    "issue 41 item 2: acosh_, asinh_, atanh_ have their own derivatives.yaml entry, "
    "not_implemented(\"inplace version of acosh\"): aten's backward through them raises; "
    "skgen rejects that formula (no not_implemented helper in formulas' scope), its in-place "
    "variant uses the functional entry and computes the gradient")

KNOWN = [
    {"when": inputs_non_differentiable,
     "comparisons": {"grad-backward", "grad-double", "grad-forward-ad", "grad-out",
                     "grad-inplace"},
     "aten": r"^ok ",
     "skgen": r"derivative for \w+ is not implemented|Trying to use forward AD with \w+ that "
              r"does not support it|functions with out=\.\.\. arguments don't support "
              r"automatic differentiation",
     "reason": NON_DIFFERENTIABLE_INPUTS},
    {"when": outputs_not_differentiable,
     "comparisons": {"grad-forward-ad"},
     "aten": r"^ok \(\((bool|u?int\d+)\[[\d, ]*\], None\)",
     "skgen": r"^NotImplementedError: Trying to use forward AD with \w+ that does not support it",
     "reason": FORWARD_AD_NON_DIFFERENTIABLE},
    {"when": inplace_entry_not_written,
     "comparisons": {"grad-inplace"},
     "aten": r"^ok ",
     "skgen": r"^RuntimeError: derivative for \w+_ is not implemented",
     "reason": INPLACE_ENTRY},
    {"when": inplace_entry_not_written,
     "comparisons": {"grad-inplace"},
     "aten": r"^NotImplementedError: the derivative for 'inplace version of \w+' is not "
             r"implemented\.$",
     "skgen": r"^ok ",
     "reason": INPLACE_NOT_IMPLEMENTED},
    {"families": {"mse_loss.out", "smooth_l1_loss.out", "isin.Scalar_Tensor_out"},
     "comparisons": {"functional", "out-wrong-shape", "out-zero-size"},
     "aten": r"^ok [^ ]*( warned \['An output with one or more elements was "
             r"resized since it had shape \[[\d, ]*\], which does not match "
             r"the required output shape \[[\d, ]*\]\.[^']*'\])?$",
     "skgen": r"^ok .*'An output with one or more elements was resized since it "
              r"had shape \[\], which does not match the required output shape "
              r"\[[\d, ]+\]\.",
     "reason": RESIZED},
]
