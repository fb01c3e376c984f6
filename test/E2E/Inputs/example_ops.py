"""Shared helpers of the end-to-end tests: load the example op library and
describe its op families (inputs, reference implementations)."""
import functools
import os
import sys

import torch

import skgen_testing

EXAMPLE_BUILD = os.environ.get("SKGEN_EXAMPLE_BUILD", "")


def load(override=False):
    """Loads libskgen_example_ops.so (and libskgen_example_override.so)."""
    if not EXAMPLE_BUILD:
        sys.exit("SKGEN_EXAMPLE_BUILD is not set (the example's build dir)")
    torch.ops.load_library(os.path.join(EXAMPLE_BUILD, "libskgen_example_ops.so"))
    if override:
        torch.ops.load_library(
            os.path.join(EXAMPLE_BUILD, "libskgen_example_override.so"))
    return torch.ops.myops


# The canonical schemas of every variant, as PyTorch prints them: the out
# overloads are written by hand (annotations), everything else is generated.
SCHEMAS = {
    ("add", "out"): "myops::add.out(Tensor self, Tensor other, *, Scalar alpha=1, Tensor(a!) out) -> Tensor(a!)",
    ("add", "default"): "myops::add(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor",
    ("add_", "default"): "myops::add_(Tensor(a!) self, Tensor other, *, Scalar alpha=1) -> Tensor(a!)",
    ("square", "out"): "myops::square.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)",
    ("square", "default"): "myops::square(Tensor self) -> Tensor",
    ("square_", "default"): "myops::square_(Tensor(a!) self) -> Tensor(a!)",
    ("mul", "out"): "myops::mul.out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)",
    ("mul", "Tensor"): "myops::mul.Tensor(Tensor self, Tensor other) -> Tensor",
    ("mul_", "Tensor"): "myops::mul_.Tensor(Tensor(a!) self, Tensor other) -> Tensor(a!)",
    # overloads.cpp: SKGEN_FALLBACK families and their general overload
    ("mul", "Scalar_out"): "myops::mul.Scalar_out(Tensor self, Scalar other, *, Tensor(a!) out) -> Tensor(a!)",
    ("mul", "Scalar"): "myops::mul.Scalar(Tensor self, Scalar other) -> Tensor",
    ("mul_", "Scalar"): "myops::mul_.Scalar(Tensor(a!) self, Scalar other) -> Tensor(a!)",
    ("pow", "Tensor_Tensor_out"): "myops::pow.Tensor_Tensor_out(Tensor self, Tensor exponent, *, Tensor(a!) out) -> Tensor(a!)",
    ("pow", "Tensor_Tensor"): "myops::pow.Tensor_Tensor(Tensor self, Tensor exponent) -> Tensor",
    ("pow_", "Tensor"): "myops::pow_.Tensor(Tensor(a!) self, Tensor exponent) -> Tensor(a!)",
    ("pow", "Tensor_Scalar_out"): "myops::pow.Tensor_Scalar_out(Tensor self, Scalar exponent, *, Tensor(a!) out) -> Tensor(a!)",
    ("pow", "Tensor_Scalar"): "myops::pow.Tensor_Scalar(Tensor self, Scalar exponent) -> Tensor",
    ("pow_", "Scalar"): "myops::pow_.Scalar(Tensor(a!) self, Scalar exponent) -> Tensor(a!)",
    ("affine", "out"): "myops::affine.out(Tensor self, Scalar? scale=None, Tensor? bias=None, *, Tensor(a!) out) -> Tensor(a!)",
    ("affine", "default"): "myops::affine(Tensor self, Scalar? scale=None, Tensor? bias=None) -> Tensor",
    ("affine_", "default"): "myops::affine_(Tensor(a!) self, Scalar? scale=None, Tensor? bias=None) -> Tensor(a!)",
    ("lerp", "out"): "myops::lerp.out(Tensor self, Tensor end, float weight, *, Tensor(a!) out) -> Tensor(a!)",
    ("lerp", "default"): "myops::lerp(Tensor self, Tensor end, float weight) -> Tensor",
    ("lerp_", "default"): "myops::lerp_(Tensor(a!) self, Tensor end, float weight) -> Tensor(a!)",
    ("sum", "dim_out"): "myops::sum.dim_out(Tensor self, int[1] dim, bool keepdim=False, *, Tensor(a!) out) -> Tensor(a!)",
    ("sum", "dim"): "myops::sum.dim(Tensor self, int[1] dim, bool keepdim=False) -> Tensor",
    ("topk", "out"): "myops::topk.out(Tensor self, int k, int dim=-1, bool largest=True, *, Tensor(a!) values, Tensor(b!) indices) -> (Tensor(a!) values, Tensor(b!) indices)",
    ("topk", "default"): "myops::topk(Tensor self, int k, int dim=-1, bool largest=True) -> (Tensor values, Tensor indices)",
    ("scale", "out"): "myops::scale.out(Tensor self, float factor, *, Tensor(a!) out) -> Tensor(a!)",
    ("scale", "default"): "myops::scale(Tensor self, float factor) -> Tensor",
    ("scale_", "default"): "myops::scale_(Tensor(a!) self, float factor) -> Tensor(a!)",
    ("softsign", "out"): "myops::softsign.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)",
    ("softsign", "default"): "myops::softsign(Tensor self) -> Tensor",
    ("softsign_", "default"): "myops::softsign_(Tensor(a!) self) -> Tensor(a!)",
    ("cube", "out"): "myops::cube.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)",
    ("cube", "default"): "myops::cube(Tensor self) -> Tensor",
    ("cube_", "default"): "myops::cube_(Tensor(a!) self) -> Tensor(a!)",
}

# Variants that must NOT exist.
ABSENT = [("sum_", "dim"), ("sum_", "default"), ("topk_", "default"),
          ("mul", "default"), ("mul_", "default")]

SHAPES = [(), (5,), (3, 4), (2, 3, 4), (0, 3)]
FLOAT_DTYPES = [torch.float32, torch.float64]
ALL_DTYPES = [torch.float32, torch.float64, torch.int32, torch.int64]


# Integers -5..4, floating point randn (unscaled).
make = functools.partial(skgen_testing.make, low=-5, high=4, scale=1)


def distinct(shape, dtype, seed):
    """Values without ties (so topk indices are unique)."""
    g = torch.Generator().manual_seed(seed)
    n = 1
    for s in shape:
        n *= s
    return (torch.randperm(n, generator=g) - n // 2).to(dtype).reshape(shape)

