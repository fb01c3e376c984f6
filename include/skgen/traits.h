//===- skgen/traits.h - The runtime core's libtorch ABI ---------*- C++ -*-===//
//
// skgen::AtenTraits: what skgen's runtime core (skgen/runtime/core.h) needs
// of libtorch, each with ATen's own facility (at::native::ResultTypeState,
// at::infer_size, at::native::make_dim_mask, at::assert_no_partial_overlap,
// at::native::resize_output, ...). Included by skgen/structured.h, which
// then instantiates the core with it (docs/design.md, "Runtime").
//===----------------------------------------------------------------------===//
#ifndef SKGEN_TRAITS_H
#define SKGEN_TRAITS_H

#include <ATen/ATen.h>
#include <ATen/EmptyTensor.h>
#include <ATen/ExpandUtils.h>
#include <ATen/MemoryOverlap.h>
#include <ATen/WrapDimUtils.h>
#include <ATen/core/LegacyTypeDispatch.h>
#include <ATen/native/BinaryOps.h>
#include <ATen/native/ReduceOpsUtils.h>
#include <ATen/native/Resize.h>
#include <ATen/native/TypeProperties.h>
#include <c10/core/DefaultDtype.h>
#include <c10/core/ScalarType.h>
#include <c10/util/DimVector.h>
#include <c10/util/Exception.h>
#include <c10/util/SmallVector.h>

#include <algorithm>
#include <bitset>
#include <vector>

#include <skgen/create_out.h>
#include <skgen/symint.h> // SKGEN_SYMBOLIC_SIZES

#define SKGEN_RUNTIME_NAMESPACE_BEGIN namespace skgen {
#define SKGEN_RUNTIME_NAMESPACE_END }
#define SKGEN_CHECK(cond, ...) TORCH_CHECK(cond, __VA_ARGS__)
#define SKGEN_CHECK_INDEX(cond, ...) TORCH_CHECK_INDEX(cond, __VA_ARGS__)

namespace skgen {

struct AtenTraits {
  using Tensor = at::Tensor;
  using ScalarType = c10::ScalarType;
  using Device = c10::Device;
  using MemoryFormat = c10::MemoryFormat;
  template <class T> using optional = c10::optional<T>;
  using nullopt_t = c10::nullopt_t;
  static constexpr nullopt_t nullopt = c10::nullopt;
  /// What the generated code passes for the op's tensor arguments.
  using Options = at::TensorOptions;
  using TensorList = c10::SmallVector<const at::Tensor *, 4>;
  template <class T> using Outputs = c10::SmallVector<T, 2>;
  using DimList = c10::IntArrayRef;
  using OptionalDimList = at::OptionalIntArrayRef;
  using Scalar = at::Scalar;
  using StringView = c10::string_view;

  //===--------------------------------------------------------------------===//
  // Sizes
  //===--------------------------------------------------------------------===//

#if SKGEN_SYMBOLIC_SIZES
  using SizeVector = c10::SymDimVector;
  using SizeRef = c10::SymIntArrayRef;
  static SizeRef sizes_of(const at::Tensor &t) { return t.sym_sizes(); }
  static SizeVector infer_size(SizeRef a, SizeRef b) {
    return at::infer_size_symdimvector(a, b);
  }
#else
  using SizeVector = c10::DimVector;
  using SizeRef = c10::IntArrayRef;
  static SizeRef sizes_of(const at::Tensor &t) { return t.sizes(); }
  static SizeVector infer_size(SizeRef a, SizeRef b) {
    return at::infer_size_dimvector(a, b);
  }
#endif

  static int64_t as_int(int64_t size) { return size; }
#if SKGEN_SYMBOLIC_SIZES
  static int64_t as_int(const c10::SymInt &size) { return size.expect_int(); }
#endif
  static c10::IntArrayRef strides_of(const at::Tensor &t) {
    return t.strides();
  }
  static bool is_contiguous(const at::Tensor &t, MemoryFormat format) {
    return t.is_contiguous(format);
  }
  static bool non_overlapping_and_dense(const at::Tensor &t) {
    return t.is_non_overlapping_and_dense();
  }

  static bool symbolic(const at::Tensor &t) {
    return t.unsafeGetTensorImpl()->has_symbolic_sizes_strides();
  }

  /// The broadcast shape of \p tensors (at least one). Concrete sizes
  /// (eager calls) are broadcast as int64_t, in place: SymInts only when a
  /// size is symbolic (torch.compile(dynamic=True)).
  static SizeVector broadcast_shape(const TensorList &tensors) {
#if SKGEN_SYMBOLIC_SIZES
    if (C10_UNLIKELY(
            std::any_of(tensors.begin(), tensors.end(),
                        [](const at::Tensor *t) { return symbolic(*t); }))) {
      SizeRef first = tensors[0]->sym_sizes();
      SizeVector shape(first.begin(), first.end());
      for (const at::Tensor *t : tensors)
        shape = at::infer_size_symdimvector(shape, t->sym_sizes());
      return shape;
    }
#endif
    c10::IntArrayRef sizes = tensors[0]->sizes();
    c10::DimVector broadcast;
    for (const at::Tensor *t : tensors)
      if (t->sizes() != sizes) {
        broadcast = at::infer_size_dimvector(sizes, t->sizes());
        sizes = broadcast;
      }
    return SizeVector(sizes.begin(), sizes.end());
  }

  static bool same_sizes(const at::Tensor &t, const SizeVector &sizes) {
#if SKGEN_SYMBOLIC_SIZES
    // Concrete sizes compare as int64_t (no SymBool).
    if (!symbolic(t))
      if (auto s = c10::asIntArrayRefSlowOpt(sizes))
        return t.sizes() == *s;
#endif
    return sizes_of(t) == SizeRef(sizes);
  }

  static int64_t maybe_wrap_dim(int64_t dim, int64_t ndim) {
    return at::maybe_wrap_dim(dim, ndim);
  }
  static std::bitset<64> dim_mask(DimList dims, bool all, int64_t ndim) {
    return at::native::make_dim_mask(
        all ? at::OptionalIntArrayRef() : at::OptionalIntArrayRef(dims), ndim);
  }
  static void zero_numel_check_dims(const at::Tensor &self, int64_t dim,
                                    const char *name) {
    at::native::zero_numel_check_dims(self, dim, name);
  }

  //===--------------------------------------------------------------------===//
  // Dtypes: aten's promotion (Scalars are wrapped numbers)
  //===--------------------------------------------------------------------===//

  using Number = at::Scalar;
  static optional<at::Scalar> number(const at::Scalar &s) { return s; }
  static optional<at::Scalar> number(const optional<at::Scalar> &s) {
    return s;
  }
  using ResultTypeState = at::native::ResultTypeState;
  static void update(ResultTypeState &state, const at::Tensor &t) {
    state = at::native::update_result_type_state(t, state);
  }
  static void update(ResultTypeState &state, const at::Scalar &s) {
    state = at::native::update_result_type_state(s, state);
  }
  static ScalarType result_type(const ResultTypeState &state) {
    return at::native::result_type(state);
  }
  static ScalarType default_float() {
    return c10::get_default_dtype_as_scalartype();
  }
  static bool is_integral(ScalarType t, bool include_bool) {
    return c10::isIntegralType(t, include_bool);
  }
  static bool can_cast(ScalarType from, ScalarType to) {
    return c10::canCast(from, to);
  }
  static void alpha_check(ScalarType dtype, const at::Scalar &alpha) {
    at::native::alpha_check(dtype, alpha);
  }

  //===--------------------------------------------------------------------===//
  // What errors print (TORCH_CHECK streams c10's types as aten does)
  //===--------------------------------------------------------------------===//

  static ScalarType dtype_name(ScalarType t) { return t; }
  /// What `t.dtype()` prints in torchgen's messages: "float", "long int".
  static caffe2::TypeMeta type_meta_name(ScalarType t) {
    return c10::scalarTypeToTypeMeta(t);
  }
  static Device device_name(Device d) { return d; }
  static SizeRef sizes_name(SizeRef sizes) { return sizes; }

  //===--------------------------------------------------------------------===//
  // Memory overlap, expansion
  //===--------------------------------------------------------------------===//

  static bool same_tensor(const at::Tensor &a, const at::Tensor &b) {
    return a.is_same(b);
  }
  static void assert_no_internal_overlap(const at::Tensor &t) {
    at::assert_no_internal_overlap(t);
  }
  static void assert_no_partial_overlap(const at::Tensor &written,
                                        const at::Tensor &input) {
    if (!input.is_same(written))
      at::assert_no_partial_overlap(written, input);
  }
  static void assert_no_overlap(const at::Tensor &a, const at::Tensor &b) {
    at::assert_no_overlap(a, b);
  }
  static void check_expands(const at::Tensor &input, const SizeVector &sizes) {
#if SKGEN_SYMBOLIC_SIZES
    (void)input.expand_symint(sizes);
#else
    (void)input.expand(sizes);
#endif
  }

  //===--------------------------------------------------------------------===//
  // Allocation and resizing
  //===--------------------------------------------------------------------===//

  static Device device_of(const Options &o) { return o.device(); }
  static Options options_of(const at::Tensor &t) { return t.options(); }
  static void copy(at::Tensor &dst, const at::Tensor &src) { dst.copy_(src); }

  /// skgen::create_out (skgen/create_out.h) where the sizes are concrete.
  static at::Tensor empty(const SizeVector &sizes, const SizeVector &strides,
                          ScalarType dtype,
                          const optional<MemoryFormat> &memory_format,
                          Device device, const Options &like) {
    at::TensorOptions o =
        like.dtype(dtype).device(device).memory_format(memory_format);
#if SKGEN_SYMBOLIC_SIZES
    auto concrete = c10::asIntArrayRefSlowOpt(sizes);
    auto concrete_strides = c10::asIntArrayRefSlowOpt(strides);
    if (!concrete || !concrete_strides)
      return strides.empty() ? at::empty_symint(sizes, o)
                             : at::empty_strided_symint(sizes, strides, o);
    return create_out(*concrete, *concrete_strides, o);
#else
    return create_out(sizes, strides, o);
#endif
  }

  /// skgen::resize_out where the sizes are concrete. \p proxy: unused here
  /// (the stable ABI's rebuild warns once more for it, as TensorIterator
  /// does).
  static bool resize_output(const at::Tensor &out, const SizeVector &sizes,
                            const SizeVector &strides,
                            const optional<MemoryFormat> &memory_format,
                            bool proxy) {
    (void)proxy;
#if SKGEN_SYMBOLIC_SIZES
    auto concrete = c10::asIntArrayRefSlowOpt(sizes);
    auto concrete_strides = c10::asIntArrayRefSlowOpt(strides);
    if (concrete && concrete_strides)
      return resize_out(out, *concrete, *concrete_strides, memory_format);
    if (!at::native::resize_output_symint(out, sizes))
      return false;
    if (!strides.empty())
      out.as_strided__symint(sizes, strides);
    else if (memory_format)
      out.unsafeGetTensorImpl()->empty_tensor_restride(*memory_format);
    return true;
#else
    return resize_out(out, sizes, strides, memory_format);
#endif
  }
};

/// The ABI the runtime core of this translation unit is instantiated for.
using Traits = AtenTraits;

} // namespace skgen

#endif // SKGEN_TRAITS_H
