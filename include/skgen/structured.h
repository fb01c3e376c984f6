//===- skgen/structured.h - Meta functions for skgen op families -*- C++
//-*-===//
//
// The runtime half of skgen's structured kernels. Header-only, ATen headers
// only; works with PyTorch 1.13 and 2.x.
//
// A *meta function* validates an op family's inputs and computes each
// output's metadata (sizes, dtype, optionally strides or memory format)
// without computing anything. It takes the functional variant's arguments
// (dispatcher C++ types) and returns a skgen::Meta:
//
//   skgen::Meta lerp_meta(const at::Tensor &self, const at::Tensor &end,
//                         double weight) {
//     TORCH_CHECK(self.dtype() == end.dtype(), "expected dtype ", ...);
//     return skgen::TensorMeta(skgen::broadcast(self, end),
//     self.scalar_type());
//   }
//
//   SKGEN_STRUCTURED("myops::lerp.out(...)", CPU)
//   SKGEN_META(lerp_meta)
//   at::Tensor &lerp_out(..., at::Tensor &out);
//
// Most families need no hand-written meta function: a *preset* (namespace
// skgen::preset, selected with SKGEN_META_PRESET(name, args...)) implements
// aten's rules with aten's own facilities (at::native::ResultTypeState,
// at::infer_size, at::dim_list_to_bitset, ...):
//
//   unary(self)                 sizes and dtype of self
//   unary_float(self)           int/bool -> the default float dtype (sqrt)
//   binary(a, b, alpha)         broadcast + type promotion, Scalars as
//                               wrapped numbers, alpha checked (add, mul)
//   binary_float(a, b, rounding_mode)
//                               binary, then int/bool -> default float (div);
//                               "trunc"/"floor": binary (div.out_mode)
//   comparison(a, b)            binary shape, bool result (lt, eq)
//   elementwise({a, b, ...})    broadcast + promotion over any operands
//   reduction(self, dim, keepdim, dtype)
//                               sum-like: int/bool -> int64 unless dtype
//   index_reduction(self, dim, keepdim)
//                               (values, int64 indices) as max.dim
//   arg_reduction(self, dim, keepdim)
//                               int64 indices as argmax
//
// and, in skgen/presets/tensor_iterator.h (included below), the
// TensorIterator families with a rule of their own: clamp, unary_bool
// (isposinf), loss (mse_loss), halving (glu); in skgen/presets/shapes.h
// (included below), families whose aten meta function is their own: mm,
// bmm, addmm, cat, softmax (_softmax, _log_softmax), cumulative (cumsum,
// cumprod), upsample2d (upsample_nearest2d, upsample_bilinear2d).
//
// Presets are ordinary functions: a hand-written meta function can call one
// and adjust the result (e.g. add a check, or change the out= dtype rule:
// one of aten's four (OutDtype), or the op's own with
// TensorMeta::with_out_dtype(check)).
//
// The generated code (see docs/generation.md) calls the meta function and
// then the helpers at the end of this file: skgen::allocate (functional),
// skgen::check_inplace (in-place: refuses before the kernel runs),
// skgen::check_out (out=: then at::native::resize_output), each with aten's
// checks, words and order for the kind of op that computed the meta
// (skgen::OpKind: TensorIterator's, with its memory-overlap checks, or
// torchgen's structured ones).
// Kernels therefore always receive outputs of the computed sizes and dtype.
// The out= and in-place variants derived from a backend's functional kernel
// use the same checks (on skgen::result_meta of the result when the family
// has no meta function), then copy the result into out / self. The Autograd
// kernels of a family without derivative formulas call skgen::not_implemented
// (PyTorch's autogradNotImplementedFallback(), unboxed when no gradient is
// needed).
//
// Symbolic sizes: with PyTorch >= 2 sizes are c10::SymInt
// (skgen::SizeVector = c10::SymDimVector), so the generated Meta kernels
// work under torch.compile(dynamic=True); with 1.13 they are int64_t. A meta
// function takes `SymInt` / `SymInt[]` schema arguments as skgen::SymInt /
// skgen::SymIntArrayRef (skgen/symint.h), symbolic with PyTorch >= 2.
//===----------------------------------------------------------------------===//
#ifndef SKGEN_STRUCTURED_H
#define SKGEN_STRUCTURED_H

#include <ATen/ATen.h>
#include <ATen/EmptyTensor.h>
#include <ATen/ExpandUtils.h>
#include <ATen/MemoryOverlap.h>
#include <ATen/WrapDimUtils.h>
#include <ATen/core/LegacyTypeDispatch.h>
#include <ATen/core/grad_mode.h>
#include <ATen/native/BinaryOps.h>
#include <ATen/native/ReduceOpsUtils.h>
#include <ATen/native/Resize.h>
#include <ATen/native/TypeProperties.h>
#include <c10/core/DefaultDtype.h>
#include <c10/core/ScalarType.h>
#include <c10/util/DimVector.h>
#include <c10/util/Exception.h>
#include <c10/util/SmallVector.h>
#include <skgen/not_implemented.h>
#include <torch/library.h>

#include <algorithm>
#include <cstddef>
#include <exception>
#include <initializer_list>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

#include <skgen/library.h> // SKGEN_TAGS_*, skgen::typed_op (generated code)
#include <skgen/symint.h>  // SKGEN_SYMBOLIC_SIZES, skgen::SymInt

namespace skgen {

//===----------------------------------------------------------------------===//
// What a meta function returns
//===----------------------------------------------------------------------===//

#if SKGEN_SYMBOLIC_SIZES
using SizeVector = c10::SymDimVector;
using SizeRef = c10::SymIntArrayRef;
/// The sizes of \p t (symbolic under torch.compile(dynamic=True)).
inline SizeRef sizes_of(const at::Tensor &t) { return t.sym_sizes(); }
#else
using SizeVector = c10::DimVector;
using SizeRef = c10::IntArrayRef;
inline SizeRef sizes_of(const at::Tensor &t) { return t.sizes(); }
#endif

/// How an out= argument (or `self` of the in-place variant) whose dtype
/// differs from the computed one is treated. Each is one of aten's rules:
enum class OutDtype {
  /// TensorIterator ops (add, sqrt, lt, ...): accepted when the result dtype
  /// can be cast to it (c10::canCast), else "result type Float can't be
  /// cast to the desired output type Int". The kernel computes into a
  /// temporary of the computed dtype, which is then copied into the tensor.
  Cast,
  /// TensorIterator ops that need one dtype (abs, neg, clamp): "Found dtype
  /// Double but expected Float".
  Same,
  /// torchgen's structured ops (max.dim, argmax, sum with dtype=): "Expected
  /// out tensor to have dtype long int, but got int instead".
  Exact,
  /// Reductions without dtype= (sum, prod): any dtype is accepted and
  /// the kernel receives the out tensor as it is (it computes in its dtype).
  Any,
  /// The op's own rule and wording (amax: "Expected the dtype for input and
  /// out to match, ..."; clamp_: no promotion of self): a function set with
  /// TensorMeta::with_out_dtype(check).
  Custom,
};

/// Which of aten's two sets of out= / in-place checks a TensorMeta gets: the
/// one place that decides their wording, order and memory-overlap checks
/// (docs/generation.md, "aten's checks"). The dtype rule itself is OutDtype.
enum class OpKind : uint8_t {
  /// torchgen's structured ops (max.dim, baddbmm, cumsum, a meta function's
  /// own TensorMeta): out= dtype rule, then "Expected out tensor to have
  /// device cpu, but got meta instead", then resize_output; in-place:
  /// "Bad in-place call: input tensor dtype / device / size ... should
  /// match", in that order. No overlap check.
  Structured,
  /// TensorIterator ops (the element-wise presets): the written tensor's
  /// internal overlap and its partial overlap with an input are refused
  /// first (at::assert_no_internal_overlap, at::assert_no_partial_overlap);
  /// in-place, "output with shape [3] doesn't match the broadcast shape
  /// [2, 3]"; devices as TensorIterator ("Expected all tensors to be on the
  /// same device, but found at least two devices, meta and cpu!"), checked
  /// per tensor, out= first, each before its dtype.
  TensorIterator,
};

/// What an OpKind::TensorIterator meta checks out= / in-place tensors
/// against, as aten's TensorIterator does with its operands: set by
/// skgen::elementwise (and so by every TensorIterator preset).
struct IteratorInputs {
  /// The op's tensor inputs, borrowed as a borrowing TensorIterator borrows
  /// them: they must outlive the checks (the op's own arguments do; a
  /// preset refuses a temporary at compile time).
  c10::SmallVector<const at::Tensor *, 4> tensors;
  /// aten's allow_cpu_scalars: one 0-dim CPU input may join outputs on
  /// another device (binary ops); none for unary ops.
  bool allow_cpu_scalar = true;
  /// aten's check_mem_overlap (false for threshold, which is idempotent).
  bool check_mem_overlap = true;
  /// Inputs the written tensor must share no memory with, not even all of
  /// it (at::assert_no_overlap, after at::assert_no_internal_overlap): the
  /// checks index's meta function makes itself (self and the indices), kept
  /// as TensorIterator's owned inputs are. Not device-checked.
  std::vector<at::Tensor> disjoint;
  /// The inputs are on more than one device: checked with the outputs, in
  /// TensorIterator's order (an in-place self's shape first).
  bool mixed_devices = false;
  /// Scalar operands: aten wraps them as 0-dim CPU tensors (lt.Scalar).
  uint8_t wrapped_numbers = 0;
};

struct TensorMeta;
/// An op's own dtype rule for an out= tensor or in-place `self` (\p inplace),
/// given the computed output \p result: raises (TORCH_CHECK) to refuse;
/// returns true when the kernel must compute into a temporary of
/// result.dtype that is then copied into \p out, false when the kernel
/// receives \p out as it is. Called before anything is resized or written,
/// also when the dtypes are equal.
using OutDtypeCheck = bool (*)(const TensorMeta &result, const at::Tensor &out,
                               bool inplace);

/// One output: sizes, dtype and optionally strides, memory format, device.
struct TensorMeta {
  SizeVector sizes;
  c10::ScalarType dtype = c10::ScalarType::Undefined;
  /// Strides of a freshly allocated output (empty: contiguous, or per
  /// memory_format). Applied to an out= tensor only when it is resized.
  SizeVector strides;
  c10::optional<c10::MemoryFormat> memory_format;
  /// The device outputs live on; default: the device of the op's first
  /// tensor argument (the one the generated code takes options from).
  c10::optional<c10::Device> device;
  OutDtype out_dtype = OutDtype::Cast;
  /// The rule when out_dtype is OutDtype::Custom.
  OutDtypeCheck out_dtype_check = nullptr;
  /// The op's name, for an OutDtypeCheck worded with it ("signbit does not
  /// support non-boolean outputs.").
  const char *op_name = nullptr;
  /// aten's checks (and wording) for out= and in-place tensors: torchgen's
  /// unless a TensorIterator preset computed the meta.
  OpKind kind = OpKind::Structured;
  /// OpKind::TensorIterator: the inputs the checks look at.
  IteratorInputs iterator;
  /// An input that must expand to `sizes` (addmm's self), as aten's kernels
  /// expand it after the out= checks: checked by allocate() and check_out()
  /// ("The expanded size of the tensor (5) must match the existing size (3)
  /// at non-singleton dimension 1. ..."), not in place (self is the result,
  /// whose sizes check_inplace checks).
  at::Tensor expands;
  /// An error of aten's kernels that its meta function does not raise (the
  /// matrix products' operands of different dtypes: "expected scalar type
  /// Float but found Double"), raised where the kernel raises it: after the
  /// out= / in-place checks (so "Bad in-place call: ..." comes first), when
  /// the functional variant allocates its result. Set by with_kernel_check;
  /// OpKind::Structured metas (TensorIterator's kernels check nothing more).
  std::exception_ptr kernel_error;

  TensorMeta() = default;
  TensorMeta(std::initializer_list<int64_t> sizes, c10::ScalarType dtype)
      : sizes(sizes.begin(), sizes.end()), dtype(dtype) {}
  TensorMeta(c10::IntArrayRef sizes, c10::ScalarType dtype)
      : sizes(sizes.begin(), sizes.end()), dtype(dtype) {}
#if SKGEN_SYMBOLIC_SIZES
  TensorMeta(c10::SymIntArrayRef sizes, c10::ScalarType dtype)
      : sizes(sizes.begin(), sizes.end()), dtype(dtype) {}
#endif
  TensorMeta(SizeVector sizes, c10::ScalarType dtype)
      : sizes(std::move(sizes)), dtype(dtype) {}

  /// Builder-style setters: `TensorMeta(s, kLong).with_out_dtype(Exact)`.
  TensorMeta &with_out_dtype(OutDtype rule) {
    out_dtype = rule;
    return *this;
  }
  /// The op's own out= / in-place dtype rule (OutDtype::Custom).
  TensorMeta &with_out_dtype(OutDtypeCheck check) {
    out_dtype = OutDtype::Custom;
    out_dtype_check = check;
    return *this;
  }
  TensorMeta &with_memory_format(c10::MemoryFormat format) {
    memory_format = format;
    return *this;
  }
  TensorMeta &with_strides(SizeVector s) {
    strides = std::move(s);
    return *this;
  }
  TensorMeta &with_device(c10::Device d) {
    device = d;
    return *this;
  }
  TensorMeta &with_expands(at::Tensor input) {
    expands = std::move(input);
    return *this;
  }
  /// Runs \p check (a check of aten's kernel: TORCH_CHECK ...) now and keeps
  /// its error, if any, for where the kernel would raise it (kernel_error).
  template <class Check> TensorMeta &with_kernel_check(Check check) {
    try {
      check();
    } catch (...) {
      kernel_error = std::current_exception();
    }
    return *this;
  }
};

/// What a meta function returns: one TensorMeta per out argument of the
/// schema, in schema order.
class Meta {
public:
  Meta() = default;
  Meta(TensorMeta output) { outputs_.push_back(std::move(output)); }
  Meta(std::initializer_list<TensorMeta> outputs)
      : outputs_(outputs.begin(), outputs.end()) {}

  size_t size() const { return outputs_.size(); }
  void push_back(TensorMeta output) { outputs_.push_back(std::move(output)); }
  /// A new output, built in place.
  TensorMeta &emplace_back() { return outputs_.emplace_back(); }
  TensorMeta &operator[](size_t i) { return outputs_[i]; }
  const TensorMeta &operator[](size_t i) const { return outputs_[i]; }
  /// Output \p i; a clear error when the meta function returned fewer.
  const TensorMeta &at(size_t i) const {
    TORCH_CHECK(i < outputs_.size(), "skgen: the meta function returned ",
                outputs_.size(), " output(s), but the op has at least ", i + 1,
                " out argument(s)");
    return outputs_[i];
  }
  TensorMeta *begin() { return outputs_.begin(); }
  TensorMeta *end() { return outputs_.end(); }
  const TensorMeta *begin() const { return outputs_.begin(); }
  const TensorMeta *end() const { return outputs_.end(); }

private:
  c10::SmallVector<TensorMeta, 2> outputs_;
};

//===----------------------------------------------------------------------===//
// Building blocks
//===----------------------------------------------------------------------===//

/// Broadcast shape of two tensors (at::infer_size rules and errors).
inline SizeVector broadcast(const at::Tensor &a, const at::Tensor &b) {
#if SKGEN_SYMBOLIC_SIZES
  return at::infer_size_symdimvector(a.sym_sizes(), b.sym_sizes());
#else
  return at::infer_size_dimvector(a.sizes(), b.sizes());
#endif
}

/// An operand of an element-wise op: a Tensor, a Scalar (promoted as a
/// wrapped number, like a Python scalar in aten), or an optional of either
/// (skipped when empty). Tensors are borrowed: the Meta of elementwise()
/// refers to them (IteratorInputs), so a temporary is refused.
class Operand {
public:
  Operand(const at::Tensor &t) : tensor_(&t) {}
  Operand(at::Tensor &&) = delete;
  Operand(const at::Scalar &s) : scalar_(&s) {}
  Operand(const c10::optional<at::Tensor> &t)
      : tensor_(t.has_value() && t->defined() ? &*t : nullptr) {}
  Operand(c10::optional<at::Tensor> &&) = delete;
  Operand(const c10::optional<at::Scalar> &s)
      : scalar_(s.has_value() ? &*s : nullptr) {}

  const at::Tensor *tensor() const { return tensor_; }
  const at::Scalar *scalar() const { return scalar_; }

private:
  const at::Tensor *tensor_ = nullptr;
  const at::Scalar *scalar_ = nullptr;
};

/// Type promotion of element-wise ops (the output dtype).
enum class Promotion {
  Default,    ///< at::native::result_type over the operands (add, mul)
  IntToFloat, ///< Default, then int/bool -> default float dtype (div, sqrt)
  Bool,       ///< the result is bool (comparisons)
  KeepFirst,  ///< the dtype of the first tensor operand (no promotion)
  /// No promotion, one dtype: every tensor operand must have the first's
  /// dtype, and so must out= (OutDtype::Same): TensorIterator without
  /// promote_inputs_to_common_dtype ("Found dtype Double but expected
  /// Float"; lerp.Tensor). Inputs are checked when the meta is computed,
  /// before out= (aten checks out= first; only a call with both wrong tells).
  AllSame,
};

namespace detail {
/// TensorIterator's device rule (compute_types) for the inputs of \p m,
/// given the common device (the first non-CPU one of the op's tensors, out=
/// first): 0-dim CPU inputs, and Scalars (which aten wraps as such), may
/// join a non-CPU device when the op allows it, one at most ("Trying to pass
/// too many CPU scalars to non-CPU kernel!"); any other tensor on another
/// device is refused with TensorIterator's words.
inline void check_devices(const TensorMeta &m, c10::Device common) {
  int cpu_scalars = 0;
  auto cpu_scalar = [&] {
    TORCH_CHECK(cpu_scalars++ == 0,
                "Trying to pass too many CPU scalars to non-CPU kernel!");
  };
  bool allowed = m.iterator.allow_cpu_scalar && !common.is_cpu();
  for (const at::Tensor *t : m.iterator.tensors) {
    if (allowed && t->dim() == 0 && t->is_cpu())
      cpu_scalar();
    else
      TORCH_CHECK(t->device() == common,
                  "Expected all tensors to be on the same device, but found "
                  "at least two devices, ",
                  common, " and ", t->device(), "!");
  }
  if (allowed)
    for (int i = 0; i < m.iterator.wrapped_numbers; ++i)
      cpu_scalar();
}

/// TensorIterator's check of the tensor it writes (out= or in-place self)
/// and of the inputs, when their devices are not all \p m's: \p check_dtype
/// runs between the written tensor's device and the inputs'.
template <class CheckDtype>
bool check_written_devices(const TensorMeta &m, const at::Tensor &written,
                           CheckDtype check_dtype) {
  c10::Device common =
      written.is_cpu() ? m.device.value_or(written.device()) : written.device();
  TORCH_CHECK(written.device() == common,
              "Expected all tensors to be on the same device, but found at "
              "least two devices, ",
              common, " and ", written.device(), "!");
  bool temporary = check_dtype();
  check_devices(m, common);
  return temporary;
}

/// The first non-CPU device of \p inputs, else the CPU.
inline c10::Device common_device(c10::ArrayRef<const at::Tensor *> inputs) {
  for (const at::Tensor *t : inputs)
    if (!t->is_cpu())
      return t->device();
  return c10::Device(c10::kCPU);
}
} // namespace detail

/// The element-wise rules of TensorIterator, for any number of operands:
/// broadcast shape, promoted dtype (Scalars count as wrapped numbers), one
/// device (TensorIterator's rule: the first non-CPU one, which 0-dim CPU
/// tensors may join). The result is an OpKind::TensorIterator meta that
/// borrows the tensor operands (IteratorInputs) for the out= and in-place
/// checks.
inline Meta elementwise(std::initializer_list<Operand> operands,
                        Promotion promotion = Promotion::Default) {
  at::native::ResultTypeState state{};
  Meta meta;
  TensorMeta &out = meta.emplace_back();
  out.kind = OpKind::TensorIterator;
  auto &tensors = out.iterator.tensors;
  bool &mixed_devices = out.iterator.mixed_devices;
  // Concrete sizes (eager calls) are broadcast as int64_t, in place: SymInts
  // only when a size is symbolic (torch.compile(dynamic=True)).
  bool concrete = true;
#if SKGEN_SYMBOLIC_SIZES
  for (const Operand &op : operands)
    if (const at::Tensor *t = op.tensor())
      concrete &= !t->unsafeGetTensorImpl()->has_symbolic_sizes_strides();
  SizeVector shape;
#endif
  c10::IntArrayRef sizes;
  c10::DimVector broadcast;
  for (const Operand &op : operands) {
    if (const at::Tensor *t = op.tensor()) {
      state = at::native::update_result_type_state(*t, state);
      bool first = tensors.empty();
      if (!first && t->device() != tensors[0]->device())
        mixed_devices = true;
      if (concrete) {
        if (first) {
          sizes = t->sizes();
        } else if (t->sizes() != sizes) {
          broadcast = at::infer_size_dimvector(sizes, t->sizes());
          sizes = broadcast;
        }
      }
#if SKGEN_SYMBOLIC_SIZES
      else if (first) {
        shape = SizeVector(t->sym_sizes().begin(), t->sym_sizes().end());
      } else {
        shape = at::infer_size_symdimvector(shape, t->sym_sizes());
      }
#endif
      tensors.push_back(t);
    } else if (const at::Scalar *s = op.scalar()) {
      state = at::native::update_result_type_state(*s, state);
      ++out.iterator.wrapped_numbers;
    }
  }
  TORCH_CHECK(!tensors.empty(),
              "skgen: an element-wise op needs a tensor operand");
  // Devices are checked with the outputs (allocate, check_out,
  // check_inplace), as TensorIterator checks them.
  c10::Device device = tensors[0]->device();
  if (mixed_devices)
    device = detail::common_device(tensors);
  c10::ScalarType dtype = at::native::result_type(state);
  switch (promotion) {
  case Promotion::Default:
    break;
  case Promotion::IntToFloat:
    if (c10::isIntegralType(dtype, /*includeBool=*/true))
      dtype = c10::get_default_dtype_as_scalartype();
    break;
  case Promotion::Bool:
    dtype = c10::ScalarType::Bool;
    break;
  case Promotion::KeepFirst:
    dtype = tensors[0]->scalar_type();
    break;
  case Promotion::AllSame:
    dtype = tensors[0]->scalar_type();
    TORCH_CHECK(out.iterator.wrapped_numbers == 0,
                "skgen: Promotion::AllSame takes tensor operands only");
    for (const at::Tensor *t : tensors)
      TORCH_CHECK(t->scalar_type() == dtype, "Found dtype ", t->scalar_type(),
                  " but expected ", dtype);
    out.out_dtype = OutDtype::Same;
    break;
  }
  if (concrete)
    out.sizes.assign(sizes.begin(), sizes.end());
#if SKGEN_SYMBOLIC_SIZES
  else
    out.sizes = std::move(shape);
#endif
  out.dtype = dtype;
  out.device = device;
  return meta;
}

/// The dims a reduction reduces: an int[] (empty = all), an int[]? / int?
/// (none = all), or one int.
class Dims {
public:
  Dims(c10::IntArrayRef dims)
      : dims_(dims.begin(), dims.end()), all_(dims.empty()) {}
  Dims(at::OptionalIntArrayRef dims)
      : all_(!dims.has_value() || dims->empty()) {
    if (dims.has_value())
      dims_.assign(dims->begin(), dims->end());
  }
  Dims(int64_t dim) : all_(false) { dims_.push_back(dim); }
  Dims(c10::optional<int64_t> dim) : all_(!dim.has_value()) {
    if (dim.has_value())
      dims_.push_back(*dim);
  }
  Dims(c10::nullopt_t) {}
  Dims(std::initializer_list<int64_t> dims)
      : dims_(dims.begin(), dims.end()), all_(dims.size() == 0) {}

  bool all() const { return all_; }
  c10::IntArrayRef list() const { return dims_; }
  /// Which dims of an \p ndim-dimensional tensor are reduced: aten's
  /// make_dim_mask (wrapping, "dim 1 appears multiple times in the list of
  /// dims", "Dimension out of range ...").
  at::native::DimMask mask(int64_t ndim) const {
    return at::native::make_dim_mask(all_ ? at::OptionalIntArrayRef()
                                          : at::OptionalIntArrayRef(dims_),
                                     ndim);
  }

private:
  // A std::vector, not a c10::DimVector: GCC 12 -O2 flags DimVector's
  // range constructor, inlined into a generated wrapper, as
  // -Wmaybe-uninitialized with PyTorch 2.13's c10/util/SmallVector.h.
  std::vector<int64_t> dims_;
  bool all_ = true;
};

/// The shape of reducing \p self over \p dims (keepdim: reduced dims become 1).
inline SizeVector reduced_shape(const at::Tensor &self, const Dims &dims,
                                bool keepdim) {
  auto mask = dims.mask(self.dim());
  SizeVector shape(sizes_of(self).begin(), sizes_of(self).end());
  for (int64_t d = static_cast<int64_t>(shape.size()) - 1; d >= 0; --d) {
    if (!mask[d])
      continue;
    if (keepdim)
      shape[d] = 1;
    else
      shape.erase(shape.begin() + d);
  }
  return shape;
}

//===----------------------------------------------------------------------===//
// Presets (SKGEN_META_PRESET(name, ...) calls skgen::preset::name(...))
//===----------------------------------------------------------------------===//

namespace preset {

/// Same sizes and dtype as self; out= must have that dtype (abs, neg).
inline Meta unary(const at::Tensor &self) {
  Meta m = ::skgen::elementwise({self}, Promotion::KeepFirst);
  m[0].out_dtype = OutDtype::Same;
  m[0].iterator.allow_cpu_scalar = false;
  return m;
}

/// Same sizes; int/bool inputs give the default float dtype (sqrt, exp).
inline Meta unary_float(const at::Tensor &self) {
  Meta m = ::skgen::elementwise({self}, Promotion::IntToFloat);
  m[0].iterator.allow_cpu_scalar = false;
  return m;
}

/// Broadcast + type promotion (add, mul, sub, ...). With \p alpha (add's
/// and sub's multiplier), aten's at::native::alpha_check on the result dtype
/// ("For integral input tensors, argument alpha must not be a floating point
/// number.").
inline Meta binary(const Operand &self, const Operand &other,
                   const c10::optional<at::Scalar> &alpha = c10::nullopt) {
  Meta m = ::skgen::elementwise({self, other}, Promotion::Default);
  if (alpha.has_value())
    at::native::alpha_check(m[0].dtype, *alpha);
  return m;
}

/// binary, then int/bool -> default float dtype (true division, atan2).
/// With \p rounding_mode (div.out_mode), aten's div rule: none is true
/// division (int/bool -> float), "trunc" and "floor" are binary; any other
/// string is refused ("div expected rounding_mode to be one of None,
/// 'trunc', or 'floor' but found 'x'").
inline Meta binary_float(
    const Operand &self, const Operand &other,
    const c10::optional<c10::string_view> &rounding_mode = c10::nullopt) {
  if (!rounding_mode.has_value())
    return ::skgen::elementwise({self, other}, Promotion::IntToFloat);
  TORCH_CHECK(*rounding_mode == "trunc" || *rounding_mode == "floor",
              "div expected rounding_mode to be one of None, 'trunc', or "
              "'floor' but found '",
              *rounding_mode, "'");
  return ::skgen::elementwise({self, other}, Promotion::Default);
}

/// Broadcast shape, bool result (lt, eq, ...). Any out= dtype is accepted
/// (bool can be cast to every dtype).
inline Meta comparison(const Operand &self, const Operand &other) {
  return ::skgen::elementwise({self, other}, Promotion::Bool);
}

/// Broadcast + promotion over any number of operands (addcmul, where, clamp).
inline Meta elementwise(std::initializer_list<Operand> operands) {
  return ::skgen::elementwise(operands, Promotion::Default);
}

/// A sum-like reduction: the reduced shape; dtype = \p dtype if given, else
/// int64 for int/bool inputs, else self's. Without dtype= an out= tensor of
/// any dtype is accepted (OutDtype::Any); with it, only that dtype.
inline Meta reduction(const at::Tensor &self, const Dims &dim = c10::nullopt,
                      bool keepdim = false,
                      c10::optional<c10::ScalarType> dtype = c10::nullopt) {
  c10::ScalarType result =
      dtype.has_value() ? *dtype
      : c10::isIntegralType(self.scalar_type(), /*includeBool=*/true)
          ? c10::ScalarType::Long
          : self.scalar_type();
  TensorMeta out(reduced_shape(self, dim, keepdim), result);
  out.out_dtype = dtype.has_value() ? OutDtype::Exact : OutDtype::Any;
  return Meta(std::move(out));
}

/// A reduction along one dim with (values, indices) outputs, as max.dim /
/// min.dim: values have self's dtype, indices int64; out= tensors must have
/// exactly these dtypes. With \p name ("max()", what the generated call
/// passes), a reduced dim of size 0 is refused with aten's "max(): Expected
/// reduction dim 0 to have non-zero size."
inline Meta index_reduction(const at::Tensor &self, int64_t dim,
                            bool keepdim = false, const char *name = nullptr) {
  dim = at::maybe_wrap_dim(dim, self.dim());
  if (name)
    at::native::zero_numel_check_dims(self, dim, name);
  SizeVector shape = reduced_shape(self, Dims(dim), keepdim);
  TensorMeta values(shape, self.scalar_type());
  TensorMeta indices(std::move(shape), c10::ScalarType::Long);
  values.out_dtype = indices.out_dtype = OutDtype::Exact;
  return Meta{values, indices};
}

/// int64 indices of a reduction along \p dim, or over all elements when dim
/// is none (argmax/argmin): out= must be int64. With \p name ("argmax()"),
/// empty inputs are refused as aten does.
inline Meta arg_reduction(const at::Tensor &self,
                          c10::optional<int64_t> dim = c10::nullopt,
                          bool keepdim = false, const char *name = nullptr) {
  SizeVector shape;
  if (dim.has_value()) {
    int64_t d = at::maybe_wrap_dim(*dim, self.dim());
    if (name)
      at::native::zero_numel_check_dims(self, d, name);
    shape = reduced_shape(self, Dims(d), keepdim);
  } else {
    if (name)
      TORCH_CHECK_INDEX(self.numel() != 0, name,
                        ": Expected reduction dim to be specified for "
                        "input.numel() == 0.");
    if (keepdim)
      shape.assign(static_cast<size_t>(self.dim()), 1);
  }
  TensorMeta out(std::move(shape), c10::ScalarType::Long);
  out.out_dtype = OutDtype::Exact;
  return Meta(std::move(out));
}

} // namespace preset

//===----------------------------------------------------------------------===//
// What generated wrappers call
//===----------------------------------------------------------------------===//

namespace detail {

inline at::TensorOptions options(const TensorMeta &m, at::TensorOptions base) {
  at::TensorOptions o = base.dtype(m.dtype);
  if (m.device)
    o = o.device(*m.device);
  return o;
}

/// Whether at::empty with \p o would reach aten's CPU kernel and nothing
/// else: a strided, unpinned CPU tensor, no key in the thread's included set
/// beyond the defaults (BackendSelect, ADInplaceOrView; no Python mode,
/// FakeTensorMode, functionalization, tracer), no deterministic fill of
/// uninitialized memory (aten's empty kernel fills it). empty() then
/// calls at::detail::empty_cpu itself, as aten's structured CPU kernels do
/// (create_out): the dispatcher trip costs about half the allocation.
inline bool plain_cpu(const at::TensorOptions &o) {
  return o.device().is_cpu() && o.layout() == c10::kStrided &&
         !o.pinned_memory() &&
         (c10::impl::tls_local_dispatch_key_set().included_ -
          c10::default_included_set)
             .empty() &&
         !at::globalContext().deterministicAlgorithms();
}

inline at::Tensor empty(const TensorMeta &m, const at::TensorOptions &o) {
  if (plain_cpu(o)) {
#if SKGEN_SYMBOLIC_SIZES
    auto sizes = c10::asIntArrayRefSlowOpt(m.sizes);
    auto strides = c10::asIntArrayRefSlowOpt(m.strides);
#else
    c10::optional<c10::IntArrayRef> sizes = m.sizes, strides = m.strides;
#endif
    if (sizes && strides)
      return m.strides.empty()
                 ? at::detail::empty_cpu(*sizes, m.dtype, /*pin_memory=*/false,
                                         m.memory_format)
                 : at::detail::empty_strided_cpu(*sizes, *strides, m.dtype);
  }
#if SKGEN_SYMBOLIC_SIZES
  if (!m.strides.empty())
    return at::empty_strided_symint(m.sizes, m.strides, o);
  return at::empty_symint(m.sizes, o, m.memory_format);
#else
  if (!m.strides.empty())
    return at::empty_strided(m.sizes, m.strides, o);
  return at::empty(m.sizes, o, m.memory_format);
#endif
}

inline bool same_sizes(const at::Tensor &t, const SizeVector &sizes) {
#if SKGEN_SYMBOLIC_SIZES
  // Concrete sizes compare as int64_t (no SymBool).
  if (!t.unsafeGetTensorImpl()->has_symbolic_sizes_strides())
    if (auto s = c10::asIntArrayRefSlowOpt(sizes))
      return t.sizes() == *s;
#endif
  return sizes_of(t) == SizeRef(sizes);
}

/// Whether m.expands expands to m.sizes (aten's error otherwise).
inline void check_expands(const TensorMeta &m) {
  if (!m.expands.defined())
    return;
#if SKGEN_SYMBOLIC_SIZES
  (void)m.expands.expand_symint(m.sizes);
#else
  (void)m.expands.expand(m.sizes);
#endif
}

/// The error of aten's kernel that m.kernel_error keeps, if any.
inline void raise_kernel_error(const TensorMeta &m) {
  if (C10_UNLIKELY(static_cast<bool>(m.kernel_error)))
    std::rethrow_exception(m.kernel_error);
}

/// The dtype rule of \p m for writing into \p t (out= or in-place self).
/// Returns true when the kernel must compute into a temporary.
inline bool check_dtype(const TensorMeta &m, const at::Tensor &t,
                        bool inplace) {
  if (m.out_dtype == OutDtype::Custom) {
    TORCH_CHECK(m.out_dtype_check,
                "skgen: OutDtype::Custom needs a check function "
                "(TensorMeta::with_out_dtype(check))");
    return m.out_dtype_check(m, t, inplace);
  }
  c10::ScalarType have = t.scalar_type();
  if (have == m.dtype)
    return false;
  switch (m.out_dtype) {
  case OutDtype::Cast:
    TORCH_CHECK(c10::canCast(m.dtype, have), "result type ", m.dtype,
                " can't be cast to the desired output type ", have);
    return true;
  case OutDtype::Same:
    TORCH_CHECK(false, "Found dtype ", have, " but expected ", m.dtype);
    break;
  case OutDtype::Exact:
    if (inplace)
      TORCH_CHECK(false, "Bad in-place call: input tensor dtype ", t.dtype(),
                  " and output tensor dtype ",
                  c10::scalarTypeToTypeMeta(m.dtype), " should match");
    TORCH_CHECK(false, "Expected out tensor to have dtype ",
                c10::scalarTypeToTypeMeta(m.dtype), ", but got ", t.dtype(),
                " instead");
    break;
  case OutDtype::Any:
  case OutDtype::Custom:
    return false;
  }
  return false;
}

} // namespace detail

/// Functional variant: a fresh output \p i per the meta, with the device and
/// layout of \p inputs (the options of the op's tensor arguments).
inline at::Tensor allocate(const Meta &meta, size_t i,
                           const at::TensorOptions &inputs) {
  const TensorMeta &m = meta.at(i);
  if (C10_UNLIKELY(m.iterator.mixed_devices))
    detail::check_devices(m, m.device.value_or(inputs.device()));
  detail::check_expands(m);
  detail::raise_kernel_error(m);
  return detail::empty(m, detail::options(m, inputs));
}

namespace detail {
/// TensorIterator's compute_mem_overlaps: the written tensor must not have
/// elements that share memory, nor share part of an input's memory.
/// Not on symbolic sizes (torch.compile(dynamic=True)): ATen's overlap
/// functions need concrete ones (aten's own ops run Python meta functions
/// there).
inline void check_overlap(const TensorMeta &m, const at::Tensor &written) {
  auto symbolic = [](const at::Tensor &t) {
    return t.unsafeGetTensorImpl()->has_symbolic_sizes_strides();
  };
  if (C10_UNLIKELY(symbolic(written)))
    return;
  if (C10_UNLIKELY(!m.iterator.disjoint.empty())) {
    at::assert_no_internal_overlap(written);
    for (const at::Tensor &t : m.iterator.disjoint)
      if (!symbolic(t))
        at::assert_no_overlap(written, t);
  }
  if (!m.iterator.check_mem_overlap)
    return;
  at::assert_no_internal_overlap(written);
  for (const at::Tensor *t : m.iterator.tensors)
    if (!t->is_same(written) && !symbolic(*t))
      at::assert_no_partial_overlap(written, *t);
}

/// An out= tensor that is also an input is not resized: it must have the
/// inputs' broadcast shape (TensorIterator's mark_resize_outputs).
inline void check_read_write(const TensorMeta &m, const at::Tensor &out) {
  const auto &inputs = m.iterator.tensors;
  if (C10_LIKELY(
          std::none_of(inputs.begin(), inputs.end(),
                       [&](const at::Tensor *t) { return t->is_same(out); })))
    return;
  SizeVector shape(sizes_of(*inputs[0]).begin(), sizes_of(*inputs[0]).end());
  for (const at::Tensor *t : inputs)
#if SKGEN_SYMBOLIC_SIZES
    shape = at::infer_size_symdimvector(shape, t->sym_sizes());
#else
    shape = at::infer_size_dimvector(shape, t->sizes());
#endif
  TORCH_CHECK(same_sizes(out, shape), "output with shape ", sizes_of(out),
              " doesn't match the broadcast shape ", SizeRef(shape));
}

/// TensorIterator's out= checks, after the op's own rule (OutDtype::Custom:
/// its meta function's checks): memory overlap, "Found dtype" (OutDtype::
/// Same), then per tensor, out first, its device and (out) its dtype.
inline bool check_iterator_out(const TensorMeta &m, const at::Tensor &out) {
  bool early = m.out_dtype == OutDtype::Custom || m.out_dtype == OutDtype::Same;
  bool temporary = false;
  if (m.out_dtype == OutDtype::Custom)
    temporary = check_dtype(m, out, /*inplace=*/false);
  check_overlap(m, out);
  check_read_write(m, out);
  if (m.out_dtype == OutDtype::Same)
    check_dtype(m, out, /*inplace=*/false);
  auto dtype = [&] {
    return early ? temporary : check_dtype(m, out, /*inplace=*/false);
  };
  if (C10_UNLIKELY(out.device() != m.device.value_or(out.device()) ||
                   m.iterator.mixed_devices))
    return check_written_devices(m, out, dtype);
  return dtype();
}
} // namespace detail

/// In-place variant: refuses, before anything is written, when the result
/// cannot be written into self, with aten's checks for the meta's OpKind:
/// TensorIterator's (overlap, "output with shape [3] doesn't match the
/// broadcast shape [2, 3]", dtype: "result type Float can't be cast to the
/// desired output type Int") or torchgen's ("Bad in-place call: input tensor
/// dtype / device / size ... should match"). Returns true when the kernel
/// must compute into a temporary (the result dtype differs from self's but
/// can be cast to it).
inline bool check_inplace(const Meta &meta, const at::Tensor &self) {
  const TensorMeta &m = meta.at(0);
  if (m.kind == OpKind::TensorIterator) {
    bool early =
        m.out_dtype == OutDtype::Custom || m.out_dtype == OutDtype::Same;
    bool temporary = false;
    if (m.out_dtype == OutDtype::Custom)
      temporary = detail::check_dtype(m, self, /*inplace=*/true);
    detail::check_overlap(m, self);
    TORCH_CHECK(detail::same_sizes(self, m.sizes), "output with shape ",
                sizes_of(self), " doesn't match the broadcast shape ",
                SizeRef(m.sizes));
    if (m.out_dtype == OutDtype::Same)
      detail::check_dtype(m, self, /*inplace=*/true);
    auto dtype = [&] {
      return early ? temporary : detail::check_dtype(m, self, /*inplace=*/true);
    };
    if (C10_UNLIKELY(m.iterator.mixed_devices))
      return detail::check_written_devices(m, self, dtype);
    return dtype();
  }
  bool temporary = detail::check_dtype(m, self, /*inplace=*/true);
  if (m.device)
    TORCH_CHECK(self.device() == *m.device,
                "Bad in-place call: input tensor device ", self.device(),
                " and output tensor device ", *m.device, " should match");
  TORCH_CHECK(detail::same_sizes(self, m.sizes),
              "Bad in-place call: input tensor size ", sizes_of(self),
              " and output tensor size ", SizeRef(m.sizes), " should match");
  detail::raise_kernel_error(m);
  return temporary;
}

/// out= variant: checks \p out as aten does for the meta's OpKind
/// (TensorIterator: overlap, then devices and dtype per tensor, out first;
/// torchgen: the dtype rule, then "Expected out tensor to have device cpu,
/// but got meta instead"), then resizes it with at::native::resize_output
/// (silent for a zero-size out, PyTorch's deprecation warning otherwise;
/// strides or memory format of the meta are applied when it was resized).
/// Returns true when the kernel must compute into a temporary.
inline bool check_out(const Meta &meta, size_t i, const at::Tensor &out,
                      const at::TensorOptions &inputs) {
  const TensorMeta &m = meta.at(i);
  bool temporary;
  if (m.kind == OpKind::TensorIterator) {
    temporary = detail::check_iterator_out(m, out);
  } else {
    temporary = detail::check_dtype(m, out, /*inplace=*/false);
    at::Device device = m.device ? *m.device : inputs.device();
    TORCH_CHECK(out.device() == device, "Expected out tensor to have device ",
                device, ", but got ", out.device(), " instead");
  }
  detail::check_expands(m);
#if SKGEN_SYMBOLIC_SIZES
  auto concrete = c10::asIntArrayRefSlowOpt(m.sizes);
  bool resized = concrete ? at::native::resize_output(out, *concrete)
                          : at::native::resize_output_symint(out, m.sizes);
#else
  bool resized = at::native::resize_output(out, m.sizes);
#endif
  if (resized) {
    if (!m.strides.empty()) {
#if SKGEN_SYMBOLIC_SIZES
      out.as_strided__symint(m.sizes, m.strides);
#else
      out.as_strided_(m.sizes, m.strides);
#endif
    } else if (m.memory_format) {
      out.unsafeGetTensorImpl()->empty_tensor_restride(*m.memory_format);
    }
  }
  detail::raise_kernel_error(m);
  return temporary;
}

/// The tensor a kernel writes output \p i into: the caller's (out= tensor or
/// in-place self), or a temporary of the computed dtype that finish() copies
/// into it.
class Output {
public:
  Output(at::Tensor &target, const Meta &meta, size_t i, bool temporary)
      : target_(target) {
    if (temporary) {
      const TensorMeta &m = meta.at(i);
      temp_ = detail::empty(m, target.options().dtype(m.dtype));
    }
  }
  Output(const Output &) = delete;
  Output &operator=(const Output &) = delete;

  at::Tensor &tensor() { return temp_.defined() ? temp_ : target_; }
  void finish() {
    if (temp_.defined())
      target_.copy_(temp_);
  }

private:
  at::Tensor &target_;
  at::Tensor temp_;
};

//===----------------------------------------------------------------------===//
// out= and in-place derived from a functional kernel (a backend that
// implements the functional variant: SKGEN_KERNEL("ns::op", KEY))
//===----------------------------------------------------------------------===//

/// The metadata of a computed result, for the out= and in-place variants
/// derived from a functional kernel in a family without a meta function: its
/// sizes, dtype and device, with TensorIterator's out= dtype rule
/// (OutDtype::Cast) and checks (OpKind::TensorIterator; no overlap check:
/// the inputs are unknown). check_out / check_inplace then apply them.
inline TensorMeta result_meta(const at::Tensor &result) {
  TensorMeta m(sizes_of(result), result.scalar_type());
  m.device = result.device();
  m.kind = OpKind::TensorIterator;
  m.iterator.check_mem_overlap = false;
  return m;
}

/// The out= variant of a family declared by its functional schema is
/// torchgen's autogenerated one (native_functions.yaml `autogen:`, aten's
/// mul.Scalar_out): an out tensor must have the result's dtype and device
/// exactly, "Expected out tensor to have dtype long int, but got float
/// instead" (torchgen's copy_arg), then it is resized and written.
inline Meta autogen_out(Meta meta) {
  for (TensorMeta &m : meta) {
    m.out_dtype = OutDtype::Exact;
    m.kind = OpKind::Structured;
  }
  return meta;
}

/// A family with a meta function checks out= / self against the meta before
/// the functional kernel runs; afterwards the kernel's result must have the
/// sizes the meta computed (copy_ would broadcast it silently).
inline void check_result(const Meta &meta, size_t i, const at::Tensor &result,
                         const char *op) {
  const TensorMeta &m = meta.at(i);
  TORCH_CHECK(detail::same_sizes(result, m.sizes),
              "skgen: the functional kernel of ", op,
              " returned a result of shape ", sizes_of(result),
              ", but the meta function computed ", SizeRef(m.sizes));
}

//===----------------------------------------------------------------------===//
// Autograd of out= overloads (the generated Autograd kernel calls these)
//===----------------------------------------------------------------------===//

namespace detail {
inline bool requires_grad(const at::Tensor &t) {
  return t.defined() && t.requires_grad();
}
inline bool requires_grad(const c10::optional<at::Tensor> &t) {
  return t.has_value() && requires_grad(*t);
}
inline bool requires_grad(at::TensorList ts) {
  for (const at::Tensor &t : ts)
    if (requires_grad(t))
      return true;
  return false;
}
inline bool requires_grad(const c10::List<c10::optional<at::Tensor>> &ts) {
  for (size_t i = 0; i < ts.size(); ++i)
    if (requires_grad(static_cast<c10::optional<at::Tensor>>(ts.get(i))))
      return true;
  return false;
}
} // namespace detail

/// True when grad mode is on and one of \p tensors (Tensor, Tensor?,
/// Tensor[], Tensor?[] arguments) requires grad.
template <class... Ts> bool any_requires_grad(const Ts &...tensors) {
  if (!at::GradMode::is_enabled())
    return false;
  bool any = false;
  (void)std::initializer_list<int>{
      (any = any || detail::requires_grad(tensors), 0)...};
  return any;
}

/// aten's out= autograd rule (skgen/not_implemented.h) with the outputs'
/// dtypes from the meta: ops whose outputs are all integral or bool
/// (comparisons, argmax) are not refused.
inline void check_out_autograd(const Meta &meta, const char *name) {
  bool differentiable = false;
  for (const TensorMeta &m : meta)
    differentiable |=
        c10::isFloatingType(m.dtype) || c10::isComplexType(m.dtype);
  check_out_autograd(differentiable, name);
}

/// An out= tensor was written (what aten's ADInplaceOrView kernels do).
inline void bump_version(const at::Tensor &t) {
  if (t.defined())
    t.unsafeGetTensorImpl()->bump_version();
}

} // namespace skgen

#include <skgen/presets/shapes.h>
#include <skgen/presets/tensor_iterator.h>

#endif // SKGEN_STRUCTURED_H
