"""Known differences between the breadth library and aten (test_breadth.py).

Each entry: the families ("*": any), the comparisons (functional, inplace,
out, out-wrong-shape, out-zero-size, out-wrong-dtype, meta), regexes over
aten's and skgen's outcomes as test_breadth.py prints them ("RuntimeError:
first line", "ok float32[2, 3]"), and the reason. Every entry is a difference
of wording or exception type only: both sides refuse the call. A mismatch
that no entry matches fails the test."""

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
    {"families": {"hash_tensor.out"},
     "comparisons": {"out-wrong-dtype"},
     "aten": r"^RuntimeError: Expected result to be of dtype uint64, but got",
     "skgen": r"^RuntimeError: Expected out tensor to have dtype long unsigned int, but got",
     "reason": "error wording: hash_tensor's own out= dtype check; the generic "
               "meta function words torchgen's structured rule (OutDtype::Exact)"},
    {"families": {"mean.out"},
     "comparisons": {"out-wrong-dtype"},
     "aten": r"^RuntimeError: result type Float can't be cast to the desired output type",
     "skgen": r"^RuntimeError: result type (?!Float )\w+ can't be cast to the desired "
              r"output type",
     "reason": "error wording: aten's mean.out names Float whatever the input's "
               "dtype (float64, complex64: its check is worded after an "
               "intermediate), skgen the result's dtype"},
]
