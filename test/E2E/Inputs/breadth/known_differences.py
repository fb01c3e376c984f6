"""Known differences between the breadth library and aten (test_breadth.py).

Each entry: the families ("*": any) or `when`, a predicate over the family's
manifest entry (generate.py's: its formulas, its derivatives.yaml entries),
the comparisons (functional, inplace, out, out-wrong-shape, out-zero-size,
out-wrong-dtype, meta; gradients.COMPARISONS), regexes over aten's and
skgen's outcomes as test_breadth.py prints them ("RuntimeError: first line",
"ok float32[2, 3]"), optionally over why they differ ("outcome", "error",
"result: ..."), and the reason. A mismatch that no entry matches fails the
test. Values: no entry is a difference of skgen's checks or their wording:
the one left is a warning of aten's own out= kernels, which the library's
kernels call (both sides compute the same result). Gradients: each entry is
a rule of aten's that skgen does not follow yet, with the part of issue 41
that is to remove it."""

RESIZED = ("aten's own out= kernel, which the library's kernel calls, resizes an "
           "out of the right shape with a warning: mse_loss and smooth_l1_loss "
           "reduced over broadcast operands first resize out to the unreduced "
           "shape, isin.Scalar_Tensor to [0]; skgen's functional variant passes "
           "it the shape the meta computes (aten's functional op allocates "
           "zero-size outputs instead)")


KNOWN = [
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
