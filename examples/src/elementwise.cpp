// Element-wise out= kernels of the example op library (namespace myops).
//
// Only the out= kernels are written by hand. Each one follows PyTorch's out=
// contract: it resizes `out` to the result shape (at::native::resize_output,
// which warns when a non-empty `out` of the wrong shape is resized) and is
// correct when `out` aliases `self`, which is how the generated in-place
// variant calls it. skgen generates the schema definitions, registrations and
// the functional/in-place variants into the block at the end of this file.
#include <ATen/ATen.h>
#include <ATen/ExpandUtils.h>
#include <ATen/native/Resize.h>
#include <torch/library.h>

#include <skgen/annotations.h>

namespace skgen_example {

// A binary op with a keyword Scalar: out = self + alpha * other.
// Variants: myops::add, myops::add_.
SKGEN_STRUCTURED("myops::add.out(Tensor self, Tensor other, *, Scalar alpha=1, "
                 "Tensor(a!) out) -> Tensor(a!)",
                 CPU)
at::Tensor &add_out_cpu(const at::Tensor &self, const at::Tensor &other,
                        const at::Scalar &alpha, at::Tensor &out) {
  at::native::resize_output(out, at::infer_size(self.sizes(), other.sizes()));
  return at::add_out(out, self, other, alpha);
}

// A unary op: out = self * self. Variants: myops::square, myops::square_.
SKGEN_STRUCTURED("myops::square.out(Tensor self, *, Tensor(a!) out) -> "
                 "Tensor(a!)",
                 CPU)
at::Tensor &square_out_cpu(const at::Tensor &self, at::Tensor &out) {
  at::native::resize_output(out, self.sizes());
  return at::mul_out(out, self, self);
}

// Irregular overload names, as aten's mul.out <-> mul.Tensor / mul_.Tensor:
// the naming rule cannot derive "Tensor" from "out", so the names are given.
SKGEN_STRUCTURED("myops::mul.out(Tensor self, Tensor other, *, Tensor(a!) out) "
                 "-> Tensor(a!)",
                 CPU)
SKGEN_FUNCTIONAL_NAME("Tensor")
SKGEN_INPLACE_NAME("Tensor")
at::Tensor &mul_out_cpu(const at::Tensor &self, const at::Tensor &other,
                        at::Tensor &out) {
  at::native::resize_output(out, at::infer_size(self.sizes(), other.sizes()));
  return at::mul_out(out, self, other);
}

// Optional arguments: out = self * scale + bias, each part only when given.
SKGEN_STRUCTURED("myops::affine.out(Tensor self, Scalar? scale=None, "
                 "Tensor? bias=None, *, Tensor(a!) out) -> Tensor(a!)",
                 CPU)
at::Tensor &affine_out_cpu(const at::Tensor &self,
                           const c10::optional<at::Scalar> &scale,
                           const c10::optional<at::Tensor> &bias,
                           at::Tensor &out) {
  const bool HasBias = bias.has_value() && bias->defined();
  // Compute first: `out` may alias `self` (in-place variant).
  at::Tensor Result = scale.has_value() ? at::mul(self, *scale) : self;
  if (HasBias)
    Result = at::add(Result, *bias);
  at::native::resize_output(out, Result.sizes());
  if (!out.is_same(Result))
    out.copy_(Result);
  return out;
}

// Linear interpolation with a float weight: out = self + weight * (end - self).
// The CPU out kernel is here; a Meta out kernel is registered by hand (without
// skgen) in meta_kernels.cpp, so meta tensors reach myops::lerp through the
// generated alias-key (CompositeExplicitAutograd) functional variant.
SKGEN_STRUCTURED("myops::lerp.out(Tensor self, Tensor end, float weight, *, "
                 "Tensor(a!) out) -> Tensor(a!)",
                 CPU)
at::Tensor &lerp_out_cpu(const at::Tensor &self, const at::Tensor &end,
                         double weight, at::Tensor &out) {
  at::native::resize_output(out, at::infer_size(self.sizes(), end.sizes()));
  return at::lerp_out(out, self, end, weight);
}

} // namespace skgen_example
