//===- skgen/stable/structured.h - skgen's runtime, stable ABI -*- C++ -*-===//
//
// skgen/structured.h on PyTorch's stable ABI (`skgen --abi=stable`): the same
// names in namespace skgen, on torch::stable::Tensor, using only
// torch/csrc/stable and torch/headeronly, so that generated code compiles
// with -DTORCH_STABLE_ONLY -DTORCH_TARGET_VERSION=... (PyTorch >= 2.10).
// aten's own rules (TensorIterator's promotion, infer_size, make_dim_mask,
// resize_output) are not in that ABI; skgen/stable/promotion.h rebuilds them
// and test/E2E/stable-runtime.test compares them with aten. Differences
// (docs/stable-abi.md, "Runtime"): no Scalar (wrapped numbers are double,
// int64_t, bool), no alpha check, sizes are int64_t (no SymInt), errors from
// libtorch calls carry the stable ABI's " (originally from ...)" suffix.
//===----------------------------------------------------------------------===//
#ifndef SKGEN_STABLE_STRUCTURED_H
#define SKGEN_STABLE_STRUCTURED_H

#ifdef SKGEN_STRUCTURED_H
#error "skgen/stable/structured.h and skgen/structured.h (ATen) in one TU"
#endif

#include <torch/csrc/stable/accelerator.h>
#include <torch/csrc/stable/device.h>
#include <torch/csrc/stable/library.h>
#include <torch/csrc/stable/ops.h>
#include <torch/csrc/stable/tensor.h>
#include <torch/headeronly/core/MemoryFormat.h>
#include <torch/headeronly/util/HeaderOnlyArrayRef.h>

#include <algorithm>
#include <array>
#include <bitset>
#include <cstddef>
#include <initializer_list>
#include <optional>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

#include <skgen/stable/promotion.h>

HIDDEN_NAMESPACE_BEGIN(skgen)

//===----------------------------------------------------------------------===//
// What a meta function returns
//===----------------------------------------------------------------------===//

using SizeVector = std::vector<int64_t>;
using SizeRef = torch::headeronly::IntHeaderOnlyArrayRef;
inline SizeRef sizes_of(const torch::stable::Tensor &t) { return t.sizes(); }

/// How an out= argument (or in-place `self`) of another dtype is treated;
/// the rules of skgen/structured.h's OutDtype.
enum class OutDtype {
  Cast,   ///< TensorIterator: canCast, then a temporary + copy
  Same,   ///< "Found dtype Double but expected Float"
  Exact,  ///< torchgen: "Expected out tensor to have dtype long int, ..."
  Any,    ///< reductions without dtype=: the kernel gets out as it is
  Custom, ///< the op's own rule, TensorMeta::with_out_dtype(check)
};

/// Which of aten's two sets of out= / in-place checks a TensorMeta gets
/// (skgen/structured.h's OpKind, the same words and order).
enum class OpKind : uint8_t {
  Structured,     ///< torchgen's: dtype, device, size; no overlap check
  TensorIterator, ///< TensorIterator's: overlap, shape, devices per tensor
};

/// What an OpKind::TensorIterator meta checks out= / in-place tensors
/// against (skgen/structured.h's IteratorInputs): the op's tensor inputs,
/// borrowed (a preset refuses a temporary), four without an allocation.
struct IteratorInputs {
  class Tensors {
  public:
    void push_back(const torch::stable::Tensor *t) {
      if (n_ < inline_.size()) {
        inline_[n_++] = t;
        return;
      }
      if (n_ == inline_.size())
        more_.assign(inline_.begin(), inline_.end());
      more_.push_back(t);
      ++n_;
    }
    bool empty() const { return n_ == 0; }
    const torch::stable::Tensor *operator[](size_t i) const {
      return begin()[i];
    }
    const torch::stable::Tensor *const *begin() const {
      return n_ <= inline_.size() ? inline_.data() : more_.data();
    }
    const torch::stable::Tensor *const *end() const { return begin() + n_; }

  private:
    std::array<const torch::stable::Tensor *, 4> inline_{};
    std::vector<const torch::stable::Tensor *> more_;
    size_t n_ = 0;
  };
  Tensors tensors;
  bool allow_cpu_scalar = true;  ///< aten's allow_cpu_scalars
  bool check_mem_overlap = true; ///< aten's check_mem_overlap
  bool mixed_devices = false;    ///< checked with the outputs
  uint8_t wrapped_numbers = 0;   ///< number operands (0-dim CPU in aten)
};

struct TensorMeta;
/// An op's own out= / in-place dtype rule: throws to refuse, returns true
/// when the kernel must compute into a temporary of result.dtype.
using OutDtypeCheck = bool (*)(const TensorMeta &result,
                               const torch::stable::Tensor &out, bool inplace);

/// One output: sizes, dtype and optionally strides, memory format, device.
struct TensorMeta {
  SizeVector sizes;
  torch::headeronly::ScalarType dtype =
      torch::headeronly::ScalarType::Undefined;
  /// Strides of a fresh output; applied to an out= tensor only if resized.
  SizeVector strides;
  std::optional<torch::headeronly::MemoryFormat> memory_format;
  /// Default: the device of the op's first tensor argument.
  std::optional<torch::stable::Device> device;
  OutDtype out_dtype = OutDtype::Cast;
  OutDtypeCheck out_dtype_check = nullptr;
  /// aten's checks for out= and in-place tensors (structured.h's).
  OpKind kind = OpKind::Structured;
  IteratorInputs iterator;

  TensorMeta() = default;
  TensorMeta(std::initializer_list<int64_t> sizes,
             torch::headeronly::ScalarType dtype)
      : sizes(sizes.begin(), sizes.end()), dtype(dtype) {}
  TensorMeta(SizeRef sizes, torch::headeronly::ScalarType dtype)
      : sizes(sizes.begin(), sizes.end()), dtype(dtype) {}
  TensorMeta(SizeVector sizes, torch::headeronly::ScalarType dtype)
      : sizes(std::move(sizes)), dtype(dtype) {}

  TensorMeta &with_out_dtype(OutDtype rule) {
    out_dtype = rule;
    return *this;
  }
  TensorMeta &with_out_dtype(OutDtypeCheck check) {
    out_dtype = OutDtype::Custom;
    out_dtype_check = check;
    return *this;
  }
  TensorMeta &with_memory_format(torch::headeronly::MemoryFormat format) {
    memory_format = format;
    return *this;
  }
  TensorMeta &with_strides(SizeVector s) {
    strides = std::move(s);
    return *this;
  }
  TensorMeta &with_device(torch::stable::Device d) {
    device = d;
    return *this;
  }
};

/// One TensorMeta per out argument of the schema, in schema order.
class Meta {
public:
  Meta() = default;
  Meta(TensorMeta output) { outputs_.push_back(std::move(output)); }
  Meta(std::initializer_list<TensorMeta> outputs) : outputs_(outputs) {}

  size_t size() const { return outputs_.size(); }
  void push_back(TensorMeta output) { outputs_.push_back(std::move(output)); }
  TensorMeta &operator[](size_t i) { return outputs_[i]; }
  const TensorMeta &operator[](size_t i) const { return outputs_[i]; }
  const TensorMeta &at(size_t i) const {
    SKGEN_STABLE_CHECK(i < outputs_.size(),
                       "skgen: the meta function returned ", outputs_.size(),
                       " output(s), but the op has at least ", i + 1,
                       " out argument(s)");
    return outputs_[i];
  }
  TensorMeta *begin() { return outputs_.data(); }
  TensorMeta *end() { return outputs_.data() + outputs_.size(); }
  const TensorMeta *begin() const { return outputs_.data(); }
  const TensorMeta *end() const { return outputs_.data() + outputs_.size(); }

private:
  std::vector<TensorMeta> outputs_;
};

//===----------------------------------------------------------------------===//
// Building blocks
//===----------------------------------------------------------------------===//

namespace detail {
/// at::infer_size: broadcast \p a and \p b, aten's error.
inline SizeVector infer_size(SizeRef a, SizeRef b) {
  size_t ndim = a.size() > b.size() ? a.size() : b.size();
  SizeVector out(ndim);
  for (ptrdiff_t i = static_cast<ptrdiff_t>(ndim) - 1; i >= 0; --i) {
    ptrdiff_t offset = static_cast<ptrdiff_t>(ndim) - 1 - i;
    ptrdiff_t da = static_cast<ptrdiff_t>(a.size()) - 1 - offset;
    ptrdiff_t db = static_cast<ptrdiff_t>(b.size()) - 1 - offset;
    int64_t sa = da >= 0 ? a[da] : 1, sb = db >= 0 ? b[db] : 1;
    SKGEN_STABLE_CHECK(sa == sb || sa == 1 || sb == 1, "The size of tensor a (",
                       sa, ") must match the size of tensor b (", sb,
                       ") at non-singleton dimension ", i);
    out[i] = sa == 1 ? sb : sa;
  }
  return out;
}

/// c10::maybe_wrap_dim with wrap_scalar: a 0-dim tensor takes 0 and -1.
inline int64_t maybe_wrap_dim(int64_t dim, int64_t ndim) {
  if (ndim <= 0)
    ndim = 1;
  int64_t min = -ndim, max = ndim - 1;
  SKGEN_STABLE_CHECK_INDEX(min <= dim && dim <= max,
                           "Dimension out of range (expected to be in range "
                           "of [",
                           min, ", ", max, "], but got ", dim, ")");
  return dim < 0 ? dim + ndim : dim;
}
} // namespace detail

/// Broadcast shape of two tensors (at::infer_size rules and errors).
inline SizeVector broadcast(const torch::stable::Tensor &a,
                            const torch::stable::Tensor &b) {
  return detail::infer_size(a.sizes(), b.sizes());
}

/// An operand of an element-wise op: a tensor, an optional tensor (skipped
/// when empty), or a wrapped number (a Python number in aten: double counts
/// as the default float dtype, int64_t as int64, bool as bool). The stable
/// ABI has no at::Scalar.
class Operand {
public:
  Operand(const torch::stable::Tensor &t) : tensor_(&t) {}
  Operand(torch::stable::Tensor &&) = delete; // borrowed (IteratorInputs)
  Operand(const std::optional<torch::stable::Tensor> &t)
      : tensor_(t.has_value() && t->defined() ? &*t : nullptr) {}
  Operand(std::optional<torch::stable::Tensor> &&) = delete;
  Operand(double) : number_(torch::headeronly::ScalarType::Double) {}
  Operand(int64_t) : number_(torch::headeronly::ScalarType::Long) {}
  Operand(bool) : number_(torch::headeronly::ScalarType::Bool) {}

  const torch::stable::Tensor *tensor() const { return tensor_; }
  /// The dtype of a wrapped number.
  std::optional<torch::headeronly::ScalarType> number() const {
    return number_;
  }

private:
  const torch::stable::Tensor *tensor_ = nullptr;
  std::optional<torch::headeronly::ScalarType> number_;
};

namespace detail {
/// at::result_type of \p operands; \p default_float as for
/// result_type(ResultTypeState, ...).
template <class DefaultFloat>
torch::headeronly::ScalarType
result_type(std::initializer_list<Operand> operands,
            DefaultFloat default_float) {
  ResultTypeState state;
  for (const Operand &op : operands) {
    if (const torch::stable::Tensor *t = op.tensor())
      update_tensor(state, t->scalar_type(), t->dim() == 0);
    else if (std::optional<torch::headeronly::ScalarType> n = op.number())
      update_wrapped(state, *n);
  }
  return result_type(state, default_float);
}
} // namespace detail

/// Type promotion of element-wise ops (the output dtype).
enum class Promotion {
  Default,    ///< aten's result_type over the operands (add, mul)
  IntToFloat, ///< Default, then int/bool -> default float dtype (div, sqrt)
  Bool,       ///< the result is bool (comparisons)
  KeepFirst,  ///< the dtype of the first tensor operand (no promotion)
};

/// The default float dtype (torch.get_default_dtype()). The stable ABI has
/// no get_default_dtype, but aten::empty without dtype= allocates in it, so
/// an empty tensor's dtype is exactly that. It costs a dispatcher call, so
/// elementwise() asks only when the result depends on it.
inline torch::headeronly::ScalarType default_float_dtype() {
  std::vector<int64_t> none{0};
  return torch::stable::empty(none).scalar_type();
}

/// TensorIterator's element-wise rules for any number of operands: one
/// device (the first non-CPU one; 0-dim CPU tensors may join any), the
/// broadcast shape, the promoted dtype.
inline Meta elementwise(std::initializer_list<Operand> operands,
                        Promotion promotion = Promotion::Default) {
  using torch::headeronly::ScalarType;
  // In TensorIterator's order of errors: shapes (compute_shape), then
  // dtypes; devices with the outputs (compute_types).
  const torch::stable::Tensor *first = nullptr;
  SizeVector shape;
  for (const Operand &op : operands) {
    const torch::stable::Tensor *t = op.tensor();
    if (!t)
      continue;
    if (!first) {
      first = t;
      shape.assign(t->sizes().begin(), t->sizes().end());
    } else {
      shape = detail::infer_size(shape, t->sizes());
    }
  }
  SKGEN_STABLE_CHECK(first, "skgen: an element-wise op needs a tensor operand");
  std::optional<ScalarType> default_float;
  auto get_default_float = [&] {
    if (!default_float)
      default_float = default_float_dtype();
    return *default_float;
  };
  ScalarType dtype = detail::result_type(operands, get_default_float);
  switch (promotion) {
  case Promotion::Default:
    break;
  case Promotion::IntToFloat:
    if (detail::isIntegralType(dtype, /*includeBool=*/true))
      dtype = get_default_float();
    break;
  case Promotion::Bool:
    dtype = ScalarType::Bool;
    break;
  case Promotion::KeepFirst:
    dtype = first->scalar_type();
    break;
  }
  // The common device is the first non-CPU one; the devices are checked
  // with the outputs (allocate, check_out, check_inplace), as TensorIterator
  // checks them.
  TensorMeta out(std::move(shape), dtype);
  out.kind = OpKind::TensorIterator;
  std::optional<torch::stable::Device> device;
  for (const Operand &op : operands) {
    if (const torch::stable::Tensor *t = op.tensor()) {
      torch::stable::Device d = t->device();
      if (device && d != *device)
        out.iterator.mixed_devices = true;
      if (!device || (device->is_cpu() && !d.is_cpu()))
        device = d;
      out.iterator.tensors.push_back(t);
    } else if (op.number()) {
      ++out.iterator.wrapped_numbers;
    }
  }
  out.device = *device;
  return Meta(std::move(out));
}

/// The dims a reduction reduces: an int[] (empty = all), an int[]? / int?
/// (none = all), or one int.
class Dims {
public:
  Dims(torch::headeronly::HeaderOnlyArrayRef<int64_t> dims)
      : dims_(dims.begin(), dims.end()), all_(dims.empty()) {}
  Dims(
      const std::optional<torch::headeronly::HeaderOnlyArrayRef<int64_t>> &dims)
      : all_(!dims.has_value() || dims->empty()) {
    if (dims.has_value())
      dims_.assign(dims->begin(), dims->end());
  }
  // What TORCH_BOX hands a kernel for int[] / int[]?.
  Dims(const std::vector<int64_t> &dims) : dims_(dims), all_(dims.empty()) {}
  Dims(const std::optional<std::vector<int64_t>> &dims)
      : all_(!dims.has_value() || dims->empty()) {
    if (dims.has_value())
      dims_ = *dims;
  }
  Dims(int64_t dim) : dims_{dim}, all_(false) {}
  Dims(std::optional<int64_t> dim) : all_(!dim.has_value()) {
    if (dim.has_value())
      dims_.push_back(*dim);
  }
  Dims(std::nullopt_t) {}
  Dims(std::initializer_list<int64_t> dims)
      : dims_(dims), all_(dims.size() == 0) {}

  bool all() const { return all_; }
  SizeRef list() const { return dims_; }
  /// aten's make_dim_mask / dim_list_to_bitset: wrapped dims, "dim 1
  /// appears multiple times in the list of dims", "Dimension out of range".
  std::bitset<64> mask(int64_t ndim) const {
    std::bitset<64> mask;
    if (all_)
      return mask.flip();
    SKGEN_STABLE_CHECK(ndim <= 64, "only tensors with up to 64 dims are "
                                   "supported");
    for (int64_t d : dims_) {
      size_t w = static_cast<size_t>(detail::maybe_wrap_dim(d, ndim));
      SKGEN_STABLE_CHECK(!mask[w], "dim ", w,
                         " appears multiple times in the list of dims");
      mask[w] = true;
    }
    return mask;
  }

private:
  std::vector<int64_t> dims_;
  bool all_ = true;
};

/// The shape of reducing \p self over \p dims (keepdim: reduced dims are 1).
inline SizeVector reduced_shape(const torch::stable::Tensor &self,
                                const Dims &dims, bool keepdim) {
  std::bitset<64> mask = dims.mask(self.dim());
  SizeVector shape(self.sizes().begin(), self.sizes().end());
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
// Presets (skgen/structured.h's, same rules and messages)
//===----------------------------------------------------------------------===//

namespace detail {
/// aten's zero_numel_check_dims (\p dim wrapped).
inline void zero_numel_check_dims(const torch::stable::Tensor &self,
                                  int64_t dim, const char *name) {
  if (self.dim() == 0)
    SKGEN_STABLE_CHECK_INDEX(dim == 0 || dim == -1, name,
                             ": Expected reduction dim -1 or 0 for scalar "
                             "but got ",
                             dim);
  else
    SKGEN_STABLE_CHECK_INDEX(self.size(dim) != 0, name,
                             ": Expected reduction dim ", dim,
                             " to have non-zero size.");
}
} // namespace detail

namespace preset {

inline Meta unary(const torch::stable::Tensor &self) {
  Meta m = ::skgen::elementwise({self}, Promotion::KeepFirst);
  m[0].out_dtype = OutDtype::Same;
  m[0].iterator.allow_cpu_scalar = false;
  return m;
}

inline Meta unary_float(const torch::stable::Tensor &self) {
  Meta m = ::skgen::elementwise({self}, Promotion::IntToFloat);
  m[0].iterator.allow_cpu_scalar = false;
  return m;
}

/// Broadcast + promotion (add, mul). No alpha overload: aten's alpha_check
/// depends on whether alpha is an integral or a floating Scalar (2 vs 2.0),
/// which a double (the stable ABI's Scalar) does not tell.
inline Meta binary(const Operand &self, const Operand &other) {
  return ::skgen::elementwise({self, other}, Promotion::Default);
}
/// What the generated call passes when the preset's alpha role is unbound
/// (the stable ABI has no Scalar to bind it to).
inline Meta binary(const Operand &self, const Operand &other, std::nullopt_t) {
  return binary(self, other);
}

inline Meta binary_float(const Operand &self, const Operand &other) {
  return ::skgen::elementwise({self, other}, Promotion::IntToFloat);
}
/// What the generated call passes when the preset's rounding_mode role is
/// unbound (a str? rounding_mode is not offered on the stable ABI).
inline Meta binary_float(const Operand &self, const Operand &other,
                         std::nullopt_t) {
  return binary_float(self, other);
}

inline Meta comparison(const Operand &self, const Operand &other) {
  return ::skgen::elementwise({self, other}, Promotion::Bool);
}

inline Meta elementwise(std::initializer_list<Operand> operands) {
  return ::skgen::elementwise(operands, Promotion::Default);
}

inline Meta
reduction(const torch::stable::Tensor &self, const Dims &dim = std::nullopt,
          bool keepdim = false,
          std::optional<torch::headeronly::ScalarType> dtype = std::nullopt) {
  torch::headeronly::ScalarType self_dtype = self.scalar_type();
  torch::headeronly::ScalarType result =
      dtype.has_value() ? *dtype
      : detail::isIntegralType(self_dtype, /*includeBool=*/true)
          ? torch::headeronly::ScalarType::Long
          : self_dtype;
  TensorMeta out(reduced_shape(self, dim, keepdim), result);
  out.out_dtype = dtype.has_value() ? OutDtype::Exact : OutDtype::Any;
  return Meta(std::move(out));
}

inline Meta index_reduction(const torch::stable::Tensor &self, int64_t dim,
                            bool keepdim = false, const char *name = nullptr) {
  dim = detail::maybe_wrap_dim(dim, self.dim());
  if (name)
    detail::zero_numel_check_dims(self, dim, name);
  SizeVector shape = reduced_shape(self, Dims(dim), keepdim);
  TensorMeta values(shape, self.scalar_type());
  TensorMeta indices(std::move(shape), torch::headeronly::ScalarType::Long);
  values.out_dtype = indices.out_dtype = OutDtype::Exact;
  return Meta{values, indices};
}

inline Meta arg_reduction(const torch::stable::Tensor &self,
                          std::optional<int64_t> dim = std::nullopt,
                          bool keepdim = false, const char *name = nullptr) {
  SizeVector shape;
  if (dim.has_value()) {
    int64_t d = detail::maybe_wrap_dim(*dim, self.dim());
    if (name)
      detail::zero_numel_check_dims(self, d, name);
    shape = reduced_shape(self, Dims(d), keepdim);
  } else {
    if (name)
      SKGEN_STABLE_CHECK_INDEX(self.numel() != 0, name,
                               ": Expected reduction dim to be specified for "
                               "input.numel() == 0.");
    if (keepdim)
      shape.assign(static_cast<size_t>(self.dim()), 1);
  }
  TensorMeta out(std::move(shape), torch::headeronly::ScalarType::Long);
  out.out_dtype = OutDtype::Exact;
  return Meta(std::move(out));
}

} // namespace preset
HIDDEN_NAMESPACE_END(skgen)

#include <skgen/stable/outputs.h>

#endif // SKGEN_STABLE_STRUCTURED_H
