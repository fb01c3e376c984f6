//===- skgen/runtime/rules.h - aten's meta rules, once ----------*- C++ -*-===//
//
// Broadcasting, type promotion, reductions and the meta presets of
// skgen/structured.h's header comment, written once for both ABIs against
// skgen::Traits (aten's own facilities on libtorch, their rebuilds in
// skgen/stable/promotion.h on the stable ABI). Included by
// skgen/runtime/core.h.
//===----------------------------------------------------------------------===//
#ifndef SKGEN_RUNTIME_RULES_H
#define SKGEN_RUNTIME_RULES_H

#include <skgen/runtime/contiguity.h>
#include <skgen/runtime/meta.h>

#include <algorithm>
#include <vector>

SKGEN_RUNTIME_NAMESPACE_BEGIN

/// Broadcast shape of two tensors (at::infer_size rules and errors).
inline SizeVector broadcast(const Traits::Tensor &a, const Traits::Tensor &b) {
  return Traits::infer_size(sizes_of(a), sizes_of(b));
}

namespace detail {
/// aten's result_type over \p operands (Scalars and numbers as wrapped
/// numbers; a floating one counts as the default float dtype).
inline Traits::ScalarType result_type(std::initializer_list<Operand> operands) {
  Traits::ResultTypeState state{};
  for (const Operand &op : operands) {
    if (const Traits::Tensor *t = op.tensor())
      Traits::update(state, *t);
    else if (op.number().has_value())
      Traits::update(state, *op.number());
  }
  return Traits::result_type(state);
}
} // namespace detail

/// The element-wise rules of TensorIterator, for any number of operands, in
/// its order of errors: broadcast shape (compute_shape), promoted dtype
/// (Scalars count as wrapped numbers), one device (compute_types: the first
/// non-CPU one, which 0-dim CPU tensors may join; checked with the outputs).
/// The result is an OpKind::TensorIterator meta that borrows the tensor
/// operands (IteratorInputs) for the out= and in-place checks.
inline Meta elementwise(std::initializer_list<Operand> operands,
                        Promotion promotion = Promotion::Default) {
  Meta meta;
  TensorMeta &out = meta.emplace_back();
  out.kind = OpKind::TensorIterator;
  auto &tensors = out.iterator.tensors;
  for (const Operand &op : operands) {
    if (const Traits::Tensor *t = op.tensor()) {
      if (!tensors.empty() && t->device() != tensors[0]->device())
        out.iterator.mixed_devices = true;
      tensors.push_back(t);
    } else if (op.number().has_value()) {
      ++out.iterator.wrapped_numbers;
    }
  }
  SKGEN_CHECK(!tensors.empty(),
              "skgen: an element-wise op needs a tensor operand");
  out.sizes = Traits::broadcast_shape(tensors);
  Traits::ScalarType dtype = detail::result_type(operands);
  switch (promotion) {
  case Promotion::Default:
    break;
  case Promotion::IntToFloat:
    if (Traits::is_integral(dtype, /*include_bool=*/true))
      dtype = Traits::default_float();
    break;
  case Promotion::Bool:
    out.iterator.common_dtype = dtype;
    dtype = Traits::ScalarType::Bool;
    break;
  case Promotion::KeepFirst:
    dtype = tensors[0]->scalar_type();
    break;
  case Promotion::AllSame:
    dtype = tensors[0]->scalar_type();
    SKGEN_CHECK(out.iterator.wrapped_numbers == 0,
                "skgen: Promotion::AllSame takes tensor operands only");
    for (const Traits::Tensor *t : tensors)
      SKGEN_CHECK(t->scalar_type() == dtype, "Found dtype ",
                  Traits::dtype_name(t->scalar_type()), " but expected ",
                  Traits::dtype_name(dtype));
    out.out_dtype = OutDtype::Same;
    break;
  }
  out.dtype = dtype;
  out.device = tensors[0]->device();
  if (SKGEN_UNLIKELY(out.iterator.mixed_devices))
    for (const Traits::Tensor *t : tensors)
      if (!t->device().is_cpu()) {
        out.device = t->device();
        break;
      }
  return meta;
}

/// An output's layout: strides (empty: none given) or a memory format.
struct Layout {
  SizeVector strides;
  Traits::optional<Traits::MemoryFormat> memory_format;
};

namespace detail {
/// int64_t strides, whoever holds them.
struct StridesRef {
  const int64_t *data;
  size_t size;
  const int64_t *begin() const { return data; }
  const int64_t *end() const { return data + size; }
  int64_t operator[](size_t i) const { return data[i]; }
};

/// TensorIterator's layout of a new or resized output of \p m's inputs
/// (allocate_or_resize_outputs): with inputs of one shape, contiguous,
/// channels-last, or their strides when they all have the same dense ones
/// (fast_set_up); else dense strides ordering the dims as the inputs do,
/// the first input deciding, broadcast dims ignored, equal strides putting
/// the smaller size first (reorder_dimensions, compatible_stride). On CPU
/// and meta, an input of another dtype than the computation's counts as
/// the copy compute_types makes of it (`.to(dtype)`: dense strides in its
/// dim order, at::infer_dense_strides). A transposed input gives a
/// transposed result. Contiguous (nothing given) where that is what
/// TensorIterator gives, and for symbolic sizes or sizes that are not the
/// inputs' broadcast shape (a preset that changed them: loss, halving).
inline Layout iterator_layout(const TensorMeta &m) {
  using MemoryFormat = Traits::MemoryFormat;
  const auto &inputs = m.iterator.tensors;
  const size_t ndim = m.sizes.size();
  Layout layout;
  if (ndim <= 1 || inputs.empty())
    return layout;
  for (const Traits::Tensor *t : inputs)
    if (Traits::symbolic(*t))
      return layout;
  // The inputs' strides as TensorIterator sees them: on CPU and meta,
  // compute_types copies an input of another dtype than the computation's
  // (`.to(dtype)`), which gives one that is not dense dense strides.
  const auto device_type = inputs[0]->device().type();
  using DeviceType = std::decay_t<decltype(device_type)>;
  const bool copies =
      device_type == DeviceType::CPU || device_type == DeviceType::Meta;
  const Traits::ScalarType common = m.iterator.common_dtype.value_or(m.dtype);
  std::vector<std::vector<int64_t>> copied; // per input; none: empty
  for (size_t i = 0; copies && i < inputs.size(); ++i) {
    const Traits::Tensor &t = *inputs[i];
    if (t.scalar_type() == common || Traits::non_overlapping_and_dense(t))
      continue;
    copied.resize(inputs.size());
    copied[i] = dense_strides(t.sizes(), Traits::strides_of(t));
  }
  auto is_copied = [&](size_t i) {
    return !copied.empty() && !copied[i].empty();
  };
  auto strides = [&](size_t i) {
    if (is_copied(i))
      return StridesRef{copied[i].data(), copied[i].size()};
    auto own = Traits::strides_of(*inputs[i]);
    return StridesRef{own.data(), own.size()};
  };
  // compute_fast_setup_type: inputs of one shape (a wrapped number is a
  // 0-dim operand of its own), tested from the cheapest rule.
  auto all = [&](auto &&rule) {
    for (size_t i = 0; i < inputs.size(); ++i)
      if (!rule(i))
        return false;
    return true;
  };
  auto first = inputs[0]->sizes();
  if (m.iterator.wrapped_numbers == 0 &&
      Traits::same_sizes(*inputs[0], m.sizes) && all([&](size_t i) {
        auto sizes = inputs[i]->sizes();
        return std::equal(sizes.begin(), sizes.end(), first.begin(),
                          first.end());
      })) {
    if (all([&](size_t i) {
          return is_copied(i) ? contiguous(first, strides(i))
                              : Traits::is_contiguous(*inputs[i],
                                                      MemoryFormat::Contiguous);
        }))
      return layout;
    if (all([&](size_t i) {
          return is_copied(i) ? channels_last_contiguous(first, strides(i))
                              : Traits::is_contiguous(
                                    *inputs[i], MemoryFormat::ChannelsLast);
        })) {
      layout.memory_format = MemoryFormat::ChannelsLast;
      return layout;
    }
    const StridesRef last = strides(inputs.size() - 1);
    if (all([&](size_t i) {
          StridesRef own = strides(i);
          return (is_copied(i) ||
                  Traits::non_overlapping_and_dense(*inputs[i])) &&
                 std::equal(own.begin(), own.end(), last.begin(), last.end());
        })) {
      layout.strides.assign(last.begin(), last.end());
      return layout;
    }
  }
  std::vector<int64_t> shape(ndim);
  for (size_t d = 0; d < ndim; ++d)
    shape[d] = Traits::as_int(m.sizes[d]);
  for (const Traits::Tensor *t : inputs) {
    auto sizes = t->sizes();
    if (sizes.size() > ndim)
      return layout;
    for (size_t i = 0, offset = ndim - sizes.size(); i < sizes.size(); ++i)
      if (sizes[i] != 1 && sizes[i] != shape[offset + i])
        return layout;
  }
  // compute_strides: 0 for a broadcast dim.
  auto stride = [&](size_t i, size_t d) -> int64_t {
    auto sizes = inputs[i]->sizes();
    size_t offset = ndim - sizes.size();
    if (d < offset || (sizes[d - offset] == 1 && shape[d] != 1))
      return 0;
    return strides(i)[d - offset];
  };
  // reorder_dimensions' should_swap.
  std::vector<size_t> perm = dims_from_fastest(ndim, [&](size_t d0, size_t d1) {
    for (size_t i = 0; i < inputs.size(); ++i) {
      int64_t s0 = stride(i, d0), s1 = stride(i, d1);
      if (s0 == 0 || s1 == 0)
        continue;
      if (s0 != s1)
        return s0 < s1 ? -1 : 1;
      if (shape[d0] > shape[d1])
        return 1;
    }
    return 0;
  });
  bool inverted = true; // C order: contiguous
  for (size_t i = 0; i < ndim; ++i)
    inverted = inverted && perm[i] == ndim - 1 - i;
  if (inverted)
    return layout;
  layout.strides.resize(ndim);
  int64_t next = 1;
  for (size_t d : perm) {
    layout.strides[d] = next;
    next *= shape[d];
  }
  return layout;
}
} // namespace detail

/// The layout of a new or resized output \p m: its own strides or memory
/// format, else TensorIterator's for a TensorIterator meta.
inline Layout layout_of(const TensorMeta &m) {
  if (m.kind != OpKind::TensorIterator || !m.strides.empty() ||
      m.memory_format.has_value())
    return {m.strides, m.memory_format};
  return detail::iterator_layout(m);
}

/// The shape of reducing \p self over \p dims (keepdim: reduced dims become 1).
inline SizeVector reduced_shape(const Traits::Tensor &self, const Dims &dims,
                                bool keepdim) {
  std::bitset<64> mask = dims.mask(self.dim());
  SizeRef sizes = sizes_of(self);
  SizeVector shape(sizes.begin(), sizes.end());
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
inline Meta unary(const Traits::Tensor &self) {
  Meta m = ::skgen::elementwise({self}, Promotion::KeepFirst);
  m[0].out_dtype = OutDtype::Same;
  m[0].iterator.allow_cpu_scalar = false;
  return m;
}

/// Same sizes; int/bool inputs give the default float dtype (sqrt, exp).
inline Meta unary_float(const Traits::Tensor &self) {
  Meta m = ::skgen::elementwise({self}, Promotion::IntToFloat);
  m[0].iterator.allow_cpu_scalar = false;
  return m;
}

/// Broadcast + type promotion (add, mul, sub, ...). With \p alpha (add's
/// and sub's multiplier), aten's at::native::alpha_check on the result dtype
/// ("For integral input tensors, argument alpha must not be a floating point
/// number."). The stable ABI has no Scalar (Traits::Scalar cannot be made):
/// its generated calls pass std::nullopt.
inline Meta binary(const Operand &self, const Operand &other,
                   const Traits::optional<Traits::Scalar> &alpha = {}) {
  Meta m = ::skgen::elementwise({self, other}, Promotion::Default);
  if (alpha.has_value())
    Traits::alpha_check(m[0].dtype, *alpha);
  return m;
}

/// binary, then int/bool -> default float dtype (true division, atan2).
/// With \p rounding_mode (div.out_mode), aten's div rule: none is true
/// division (int/bool -> float), "trunc" and "floor" are binary; any other
/// string is refused ("div expected rounding_mode to be one of None,
/// 'trunc', or 'floor' but found 'x'").
inline Meta
binary_float(const Operand &self, const Operand &other,
             const Traits::optional<Traits::StringView> &rounding_mode = {}) {
  if (!rounding_mode.has_value())
    return ::skgen::elementwise({self, other}, Promotion::IntToFloat);
  SKGEN_CHECK(*rounding_mode == "trunc" || *rounding_mode == "floor",
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
inline Meta reduction(const Traits::Tensor &self,
                      const Dims &dim = Traits::nullopt, bool keepdim = false,
                      Traits::optional<Traits::ScalarType> dtype = {}) {
  Traits::ScalarType self_dtype = self.scalar_type();
  Traits::ScalarType result =
      dtype.has_value() ? *dtype
      : Traits::is_integral(self_dtype, /*include_bool=*/true)
          ? Traits::ScalarType::Long
          : self_dtype;
  // Built in place: the returned Meta is the caller's (no TensorMeta move).
  Meta meta;
  TensorMeta &out = meta.emplace_back();
  out.sizes = reduced_shape(self, dim, keepdim);
  out.dtype = result;
  out.out_dtype = dtype.has_value() ? OutDtype::Exact : OutDtype::Any;
  return meta;
}

/// A reduction along one dim with (values, indices) outputs, as max.dim /
/// min.dim: values have self's dtype, indices int64; out= tensors must have
/// exactly these dtypes. With \p name ("max()", what the generated call
/// passes), a reduced dim of size 0 is refused with aten's "max(): Expected
/// reduction dim 0 to have non-zero size."
inline Meta index_reduction(const Traits::Tensor &self, int64_t dim,
                            bool keepdim = false, const char *name = nullptr) {
  dim = Traits::maybe_wrap_dim(dim, self.dim());
  if (name)
    Traits::zero_numel_check_dims(self, dim, name);
  Meta meta;
  TensorMeta &values = meta.emplace_back();
  values.sizes = reduced_shape(self, Dims(dim), keepdim);
  values.dtype = self.scalar_type();
  TensorMeta &indices = meta.emplace_back(); // values may have moved
  indices.sizes = meta[0].sizes;
  indices.dtype = Traits::ScalarType::Long;
  meta[0].out_dtype = indices.out_dtype = OutDtype::Exact;
  return meta;
}

/// int64 indices of a reduction along \p dim, or over all elements when dim
/// is none (argmax/argmin): out= must be int64. With \p name ("argmax()"),
/// empty inputs are refused as aten does.
inline Meta arg_reduction(const Traits::Tensor &self,
                          Traits::optional<int64_t> dim = {},
                          bool keepdim = false, const char *name = nullptr) {
  SizeVector shape;
  if (dim.has_value()) {
    int64_t d = Traits::maybe_wrap_dim(*dim, self.dim());
    if (name)
      Traits::zero_numel_check_dims(self, d, name);
    shape = reduced_shape(self, Dims(d), keepdim);
  } else {
    if (name)
      SKGEN_CHECK_INDEX(self.numel() != 0, name,
                        ": Expected reduction dim to be specified for "
                        "input.numel() == 0.");
    if (keepdim)
      shape.assign(static_cast<size_t>(self.dim()), 1);
  }
  Meta meta;
  TensorMeta &out = meta.emplace_back();
  out.sizes = std::move(shape);
  out.dtype = Traits::ScalarType::Long;
  out.out_dtype = OutDtype::Exact;
  return meta;
}

} // namespace preset

SKGEN_RUNTIME_NAMESPACE_END

#endif // SKGEN_RUNTIME_RULES_H
