//===- skgen/presets/tensor_iterator.h - More presets -----------*- C++ -*-===//
//
// Presets for the TensorIteratorBase families whose meta functions in aten
// do more than broadcast + promote (skgen/structured.h has those): each
// restates one aten meta function with aten's own facilities, its out= /
// in-place dtype rule and its wording. Included by skgen/structured.h.
//
//   clamp(self, min, max)       Scalar? bounds promote only a non-floating
//                               self (clamp, clamp_min, clamp_max); Tensor?
//                               bounds promote as operands (clamp.Tensor)
//   unary_bool(self)            one operand, bool result, bool out= only
//                               (isposinf, isneginf; signbit)
//   loss(self, target, reduction)
//                               pointwise over both, then 0-dim unless
//                               reduction is 0 (mse_loss, smooth_l1_loss)
//   halving(self, dim)          self with `dim` halved (glu)
//   lerp(self, end, weight)     end (and a Tensor weight) of self's dtype;
//                               Scalar weight: binary; Tensor weight: one
//                               dtype, no promotion (lerp.Scalar, lerp.Tensor)
//   heaviside(self, values)     binary over operands and out= of one dtype,
//                               no complex, in heaviside's words
//   index(self, indices)        advanced indexing (index.Tensor): aten's
//                               own meta kernel gives the result
//
// docs/annotations.md ("Presets", "Families") lists which aten family uses
// which preset or binding.
//===----------------------------------------------------------------------===//
#ifndef SKGEN_PRESETS_TENSOR_ITERATOR_H
#define SKGEN_PRESETS_TENSOR_ITERATOR_H

#include <ATen/ops/index_meta_dispatch.h>

// aten raises some of these checks as NotImplementedError since PyTorch 2
// (TORCH_CHECK_NOT_IMPLEMENTED), as RuntimeError in 1.13.
#if defined(TORCH_VERSION_MAJOR) && TORCH_VERSION_MAJOR >= 2
#define SKGEN_CHECK_NOT_IMPLEMENTED_2(cond, ...)                               \
  TORCH_CHECK_NOT_IMPLEMENTED(cond, __VA_ARGS__)
#else
#define SKGEN_CHECK_NOT_IMPLEMENTED_2(cond, ...) TORCH_CHECK(cond, __VA_ARGS__)
#endif

namespace skgen {
namespace detail {

/// clamp's rule: out= must have the result dtype ("Found dtype Int but
/// expected Long"); in-place refuses a promotion of self ("result type Long
/// can't be cast to the desired output type bool").
inline bool clamp_out_dtype(const TensorMeta &result, const at::Tensor &out,
                            bool inplace) {
  TORCH_CHECK(!inplace || out.scalar_type() == result.dtype, "result type ",
              result.dtype, " can't be cast to the desired output type ",
              out.dtype());
  TORCH_CHECK(out.scalar_type() == result.dtype, "Found dtype ",
              out.scalar_type(), " but expected ", result.dtype);
  return false;
}

/// The force-boolean unary ops' rule: "isposinf does not support
/// non-boolean outputs."
inline bool bool_out_dtype(const TensorMeta &result, const at::Tensor &out,
                           bool /*inplace*/) {
  TORCH_CHECK(out.scalar_type() == c10::ScalarType::Bool, result.op_name,
              " does not support non-boolean outputs.");
  return false;
}

/// A reduced loss's rule: aten reduces the pointwise loss with mean_out /
/// sum_out into the out= tensor itself, which accepts any dtype the result
/// can be cast to ("result type Float can't be cast to the desired output
/// type Long") and computes in it (no temporary).
inline bool loss_out_dtype(const TensorMeta &result, const at::Tensor &out,
                           bool /*inplace*/) {
  // TensorIterator checks the dtype after the out tensor's device, which
  // check_out checks next: a CPU out for inputs on another device.
  if (out.is_cpu() && result.device && !result.device->is_cpu())
    return false;
  TORCH_CHECK(c10::canCast(result.dtype, out.scalar_type()), "result type ",
              result.dtype, " can't be cast to the desired output type ",
              out.scalar_type());
  return false;
}

/// heaviside's rule for out= and in-place self, checked before
/// TensorIterator's as aten's meta function does: not complex, and the
/// operands' one dtype (the meta function checked the operands).
inline bool heaviside_out_dtype(const TensorMeta &result, const at::Tensor &out,
                                bool /*inplace*/) {
  TORCH_CHECK(!out.is_complex(),
              "heaviside is not yet implemented for complex tensors.");
  TORCH_CHECK(out.scalar_type() == result.dtype,
              "heaviside is not yet implemented for tensors with different "
              "dtypes.");
  return false;
}

/// index's rule, the check of PyTorch 2's meta function: "index_out: self
/// (Float) and result (Double) must have the same scalar type". Also with
/// 1.13, which did not check and wrote another dtype's reading of self's
/// bytes into out=.
inline bool index_out_dtype(const TensorMeta &result, const at::Tensor &out,
                            bool /*inplace*/) {
  TORCH_CHECK(out.scalar_type() == result.dtype, "index_out: self (",
              result.dtype, ") and result (", out.scalar_type(),
              ") must have the same scalar type");
  return false;
}

} // namespace detail

namespace preset {

/// aten's clamp / clamp_min / clamp_max meta functions (Scalar bounds): the
/// dtype of self, promoted with the bounds that are given (as wrapped
/// numbers) only when self is not floating: a bool self with an int bound
/// gives int64, an int self with a float bound the default float dtype.
/// Complex is refused ("clamp is not supported for complex types"); out=
/// must have the result dtype, in-place refuses a promotion
/// (detail::clamp_out_dtype). Without any bound: "torch.clamp: At least one
/// of 'min' or 'max' must not be None".
inline Meta clamp(const at::Tensor &self,
                  const c10::optional<at::Scalar> &min = c10::nullopt,
                  const c10::optional<at::Scalar> &max = c10::nullopt) {
  TORCH_CHECK(min.has_value() || max.has_value(),
              "torch.clamp: At least one of 'min' or 'max' must not be None");
  c10::ScalarType dtype = self.scalar_type();
  SKGEN_CHECK_NOT_IMPLEMENTED_2(!c10::isComplexType(dtype),
                                "clamp is not supported for complex types");
  if (!c10::isFloatingType(dtype))
    dtype = ::skgen::elementwise({self, min, max})[0].dtype;
  SKGEN_CHECK_NOT_IMPLEMENTED_2(!c10::isComplexType(dtype),
                                "clamp is not supported for complex types");
  Meta m = ::skgen::elementwise({self}, Promotion::KeepFirst);
  m[0].dtype = dtype;
  m[0].with_out_dtype(detail::clamp_out_dtype);
  m[0].iterator.allow_cpu_scalar = false;
  return m;
}

/// aten's clamp.Tensor meta function (Tensor? bounds): the Scalar clamp's
/// checks, then TensorIterator over self and the bounds given (an empty
/// optional is no operand), all promoted (a Tensor bound promotes as any
/// operand: an int self with a float bound gives float); out= and in-place
/// by TensorIterator's rule. aten's config has no allow_cpu_scalars: a 0-dim
/// CPU tensor does not join another device. SKGEN_META_PRESET(clamp) binds
/// Scalar? bounds: a meta function calls this overload.
inline Meta clamp(const at::Tensor &self, const c10::optional<at::Tensor> &min,
                  const c10::optional<at::Tensor> &max) {
  TORCH_CHECK(min.has_value() || max.has_value(),
              "torch.clamp: At least one of 'min' or 'max' must not be None");
  SKGEN_CHECK_NOT_IMPLEMENTED_2(!c10::isComplexType(self.scalar_type()),
                                "clamp is not supported for complex types");
  Meta m = ::skgen::elementwise({self, min, max});
  m[0].iterator.allow_cpu_scalar = false;
  return m;
}

/// aten's build_borrowing_unary_force_boolean_op with the checks of
/// isposinf / isneginf: sizes of self, bool result; complex refused ("\p
/// name does not support complex inputs."), out= must be bool ("\p name
/// does not support non-boolean outputs."). \p name is the op's ("isposinf",
/// what the generated call passes). signbit words its complex check
/// differently: a meta function that checks it, then calls this.
inline Meta unary_bool(const at::Tensor &self, const char *name) {
  TORCH_CHECK(!self.is_complex(), name, " does not support complex inputs.");
  Meta m = ::skgen::elementwise({self}, Promotion::Bool);
  m[0].op_name = name;
  m[0].with_out_dtype(detail::bool_out_dtype);
  m[0].iterator.allow_cpu_scalar = false;
  return m;
}

/// A pointwise loss and its reduction (aten's mse_loss, smooth_l1_loss):
/// broadcast + promotion over self and target (TensorIterator's binary op),
/// then, unless \p reduction is 0 (at::Reduction::None), a 0-dim result of
/// that dtype (Mean, Sum). out= accepts any dtype the result can be cast
/// to: unreduced, TensorIterator's rule (computed in the result dtype, then
/// cast); reduced, the reduction computes in the out= tensor's dtype, as
/// aten's mean_out / sum_out into it (detail::loss_out_dtype).
inline Meta loss(const at::Tensor &self, const at::Tensor &target,
                 int64_t reduction = at::Reduction::Mean) {
  Meta m = ::skgen::elementwise({self, target}, Promotion::Default);
  if (reduction != at::Reduction::None) {
    m[0].sizes.clear();
    m[0].with_out_dtype(detail::loss_out_dtype);
  }
  return m;
}

/// aten's glu meta function: self's dtype, the sizes of self with \p dim
/// halved (it computes over the two halves); 0-dim refused ("\p name does not
/// support 0-dimensional tensors"), an odd size too ("Halving dimension must
/// be even, but dimension 1 is size 3"); \p dim wraps as aten's. out=:
/// TensorIterator's rule.
inline Meta halving(const at::Tensor &self, int64_t dim, const char *name) {
  TORCH_CHECK(self.dim() > 0, name, " does not support 0-dimensional tensors");
  int64_t d = at::maybe_wrap_dim(dim, self.dim());
  Meta m = ::skgen::elementwise({self}, Promotion::KeepFirst);
  auto size = m[0].sizes[d];
  TORCH_CHECK(size % 2 == 0, "Halving dimension must be even, but dimension ",
              d, " is size ", size);
  m[0].sizes[d] = size / 2;
  return m;
}

/// aten's lerp meta functions. `end` must have self's dtype ("expected dtype
/// float for `end` but got dtype double"). A Scalar \p weight (lerp.Scalar)
/// is no operand: binary over (self, end). A Tensor \p weight (lerp.Tensor)
/// must have self's dtype too ("... for `weight` ..."), and TensorIterator
/// runs without promotion: out= of that one dtype ("Found dtype Long but
/// expected Float"). Since PyTorch 2.7 (pytorch#141117) a 0-dim weight is
/// not checked: all three are promoted, out= by the Cast rule; since 2.6 one
/// 0-dim CPU operand may join another device (allow_cpu_scalars).
inline Meta lerp(const at::Tensor &self, const at::Tensor &end,
                 const Operand &weight) {
  TORCH_CHECK(self.dtype() == end.dtype(), "expected dtype ", self.dtype(),
              " for `end` but got dtype ", end.dtype());
  const at::Tensor *w = weight.tensor();
  if (!w)
    return ::skgen::elementwise({self, end}, Promotion::Default);
#if TORCH_VERSION_MAJOR > 2 ||                                                 \
    (TORCH_VERSION_MAJOR == 2 && TORCH_VERSION_MINOR >= 7)
  if (w->dim() == 0)
    return ::skgen::elementwise({self, end, *w}, Promotion::Default);
#endif
#if TORCH_VERSION_MAJOR > 2 ||                                                 \
    (TORCH_VERSION_MAJOR == 2 && TORCH_VERSION_MINOR >= 6)
  constexpr bool cpu_scalars = true;
#else
  constexpr bool cpu_scalars = false;
#endif
  TORCH_CHECK(self.dtype() == w->dtype(), "expected dtype ", self.dtype(),
              " for `weight` but got dtype ", w->dtype());
  Meta m = ::skgen::elementwise({self, end, *w}, Promotion::AllSame);
  m[0].iterator.allow_cpu_scalar = cpu_scalars;
  return m;
}

/// aten's heaviside meta function: self and values neither complex ("heaviside
/// is not yet implemented for complex tensors.") nor of different dtypes
/// ("heaviside is not yet implemented for tensors with different dtypes."),
/// out= and in-place self likewise, checked before TensorIterator's checks;
/// then binary. aten checks all three for complex first: only a call with
/// operands of different dtypes and a complex out= tells the order apart
/// (aten: "... complex tensors.", skgen: "... different dtypes.").
inline Meta heaviside(const at::Tensor &self, const at::Tensor &values) {
  TORCH_CHECK(!self.is_complex() && !values.is_complex(),
              "heaviside is not yet implemented for complex tensors.");
  TORCH_CHECK(self.dtype() == values.dtype(),
              "heaviside is not yet implemented for tensors with different "
              "dtypes.");
  Meta m = ::skgen::elementwise({self, values}, Promotion::Default);
  m[0].with_out_dtype(detail::heaviside_out_dtype);
  return m;
}

/// aten's index.Tensor meta function, run by its exported Meta kernel
/// (at::meta::index, ATen/ops/index_meta_dispatch.h) on the arguments as
/// they are: its checks and words ("too many indices for tensor of dimension
/// 2 (got 3)", "tensors used as indices must be long, int, byte or bool
/// tensors", "indices should be either on cpu or on the same device as the
/// indexed tensor (cpu)", the indices' broadcast), the result's sizes and
/// strides. ATen's helper that computes them (at::native::make_info) builds
/// an AdvancedIndex, whose constructor libtorch does not export; the Meta
/// kernel is the exported entry to it. Bool and byte masks are expanded by
/// nonzero, which reads them: not on meta tensors (aten's meta kernels
/// refuse them too), and concrete sizes only. Self's dtype and device; out=
/// of exactly self's dtype (detail::index_out_dtype), sharing no memory with
/// self or an index, and TensorIterator's device checks.
inline Meta index(const at::Tensor &self,
                  const c10::List<c10::optional<at::Tensor>> &indices) {
  at::Tensor shape = at::meta::index(self, indices);
  TensorMeta out(shape.sizes(), self.scalar_type());
  out.strides.assign(shape.strides().begin(), shape.strides().end());
  out.device = self.device();
  out.kind = OpKind::TensorIterator;
  out.with_out_dtype(detail::index_out_dtype);
  out.iterator.tensors.push_back(&self);
  out.iterator.allow_cpu_scalar = false;
  out.iterator.check_mem_overlap = false;
  out.iterator.disjoint.push_back(self);
  for (size_t i = 0; i < indices.size(); ++i) {
    c10::optional<at::Tensor> index = indices.get(i);
    if (index && index->defined())
      out.iterator.disjoint.push_back(std::move(*index));
  }
  return Meta(std::move(out));
}

// The TensorIterator presets borrow their tensor arguments for the checks
// (IteratorInputs): a temporary would dangle.
Meta index(at::Tensor &&,
           const c10::List<c10::optional<at::Tensor>> &) = delete;
Meta lerp(at::Tensor &&, const at::Tensor &, const Operand &) = delete;
Meta lerp(const at::Tensor &, at::Tensor &&, const Operand &) = delete;
Meta heaviside(at::Tensor &&, const at::Tensor &) = delete;
Meta heaviside(const at::Tensor &, at::Tensor &&) = delete;

} // namespace preset
} // namespace skgen

#endif // SKGEN_PRESETS_TENSOR_ITERATOR_H
