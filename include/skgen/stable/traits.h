//===- skgen/stable/traits.h - The runtime core's stable ABI ----*- C++ -*-===//
//
// skgen::StableTraits: what skgen's runtime core (skgen/runtime/core.h)
// needs of PyTorch's stable ABI (torch::stable::Tensor, torch/headeronly's
// ScalarType; no ATen). aten's rules that the ABI lacks are rebuilt in
// skgen/stable/promotion.h (promotion, canCast, infer_size, make_dim_mask,
// the names aten prints) and here (memory overlap from data pointers,
// resize_output), each compared with aten by test/E2E/stable-runtime.test.
// Included by skgen/stable/structured.h (docs/stable-abi.md, "Runtime").
//===----------------------------------------------------------------------===//
#ifndef SKGEN_STABLE_TRAITS_H
#define SKGEN_STABLE_TRAITS_H

#include <torch/csrc/inductor/aoti_torch/generated/c_shim_aten.h>
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
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <skgen/stable/promotion.h>

#define SKGEN_RUNTIME_NAMESPACE_BEGIN SKGEN_STABLE_NAMESPACE_BEGIN
#define SKGEN_RUNTIME_NAMESPACE_END SKGEN_STABLE_NAMESPACE_END
#define SKGEN_CHECK(cond, ...) SKGEN_STABLE_CHECK(cond, __VA_ARGS__)
#define SKGEN_CHECK_INDEX(cond, ...) SKGEN_STABLE_CHECK_INDEX(cond, __VA_ARGS__)

#include <skgen/runtime/contiguity.h>

SKGEN_STABLE_NAMESPACE_BEGIN
namespace detail {

/// Pointers, the first N without an allocation (c10::SmallVector's role;
/// torch/headeronly has none).
template <class T, size_t N> class InlineVector {
public:
  void push_back(T t) {
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
  size_t size() const { return n_; }
  T operator[](size_t i) const { return begin()[i]; }
  const T *begin() const {
    return n_ <= inline_.size() ? inline_.data() : more_.data();
  }
  const T *end() const { return begin() + n_; }

private:
  std::array<T, N> inline_{};
  std::vector<T> more_;
  size_t n_ = 0;
};

/// Boxes \p args, calls `op.overload` through the dispatcher and returns the
/// stack, whose first \p NumReturns entries own the returned tensors.
template <size_t NumReturns, class... Args>
auto call_boxed(const char *op, const char *overload, const Args &...args) {
  constexpr size_t N =
      sizeof...(Args) > NumReturns ? sizeof...(Args) : NumReturns;
  std::array<StableIValue, N> stack{torch::stable::detail::from(args)...};
  STABLE_TORCH_ERROR_CODE_CHECK(
      torch_call_dispatcher(op, overload, stack.data(), TORCH_ABI_VERSION));
  return stack;
}

/// TensorImpl::is_non_overlapping_and_dense, from the sizes and strides.
inline bool non_overlapping_and_dense(const torch::stable::Tensor &t) {
  if (t.is_contiguous())
    return true;
  torch::headeronly::IntHeaderOnlyArrayRef sizes = t.sizes(),
                                           strides = t.strides();
  if (sizes.size() == 1)
    return sizes[0] < 2 || strides[0] == 1;
  std::vector<size_t> perm(sizes.size());
  for (size_t i = 0; i < perm.size(); ++i)
    perm[i] = i;
  // By stride, dims of size 0 or 1 last.
  std::sort(perm.begin(), perm.end(), [&](size_t a, size_t b) {
    if (sizes[a] < 2)
      return false;
    if (sizes[b] < 2)
      return true;
    return strides[a] < strides[b];
  });
  int64_t required = 1;
  for (size_t d : perm) {
    if (sizes[d] < 2)
      return true;
    if (strides[d] != required)
      return false;
    required *= sizes[d];
  }
  return true;
}

/// The memory of \p t's elements, when it can be told: dense, with data
/// (meta tensors have none, and the stable ABI no storage identity; fake
/// tensors under torch.compile refuse their data pointer).
inline bool data_range(const torch::stable::Tensor &t, const char *&begin,
                       const char *&end) {
  if (t.device().type() == torch::headeronly::DeviceType::Meta)
    return false;
  int64_t numel = 1;
  for (int64_t s : t.sizes())
    numel *= s;
  if (numel == 0 || !non_overlapping_and_dense(t))
    return false;
  try {
    begin = static_cast<const char *>(t.data_ptr());
  } catch (const std::exception &) {
    return false;
  }
  end = begin + numel * static_cast<int64_t>(t.element_size());
  return true;
}

/// at::get_overlap_status on data pointers (memory of two live allocations
/// does not overlap, so that stands for storage identity): 0 none or too
/// hard to tell, 1 full (the same memory with the same strides), 2 partial.
inline int overlap_status(const torch::stable::Tensor &a,
                          const torch::stable::Tensor &b) {
  const char *a_begin, *a_end, *b_begin, *b_end;
  if (a.device() != b.device() || !data_range(a, a_begin, a_end) ||
      !data_range(b, b_begin, b_end))
    return 0;
  if (a_begin == b_begin && a_end == b_end) {
    torch::headeronly::IntHeaderOnlyArrayRef sa = a.strides(), sb = b.strides();
    return sa.size() == sb.size() &&
                   std::equal(sa.begin(), sa.end(), sb.begin())
               ? 1
               : 2;
  }
  return a_begin < b_end && b_begin < a_end ? 2 : 0;
}

} // namespace detail

struct StableTraits {
  using Tensor = torch::stable::Tensor;
  using ScalarType = torch::headeronly::ScalarType;
  using Device = torch::stable::Device;
  using MemoryFormat = torch::headeronly::MemoryFormat;
  template <class T> using optional = std::optional<T>;
  using nullopt_t = std::nullopt_t;
  static constexpr nullopt_t nullopt = std::nullopt;
  /// What the generated code passes for the op's tensor arguments: the
  /// first of them (the ABI has no TensorOptions).
  using Options = torch::stable::Tensor;
  using TensorList = detail::InlineVector<const torch::stable::Tensor *, 4>;
  template <class T> using Outputs = std::vector<T>;
  using DimList = torch::headeronly::HeaderOnlyArrayRef<int64_t>;
  using OptionalDimList = std::optional<DimList>;
  /// The ABI has no Scalar, so add's alpha is never bound (docs/
  /// stable-abi.md, "Runtime"): aten's alpha_check depends on whether alpha
  /// is an integral or a floating Scalar (2 vs 2.0), which a double does not
  /// tell. A type of which no value can be made.
  struct Scalar {
    Scalar() = delete;
  };
  using StringView = std::string_view;

  //===--------------------------------------------------------------------===//
  // Sizes: int64_t (the ABI has no SymInt); aten's rules rebuilt
  //===--------------------------------------------------------------------===//

  using SizeVector = std::vector<int64_t>;
  using SizeRef = torch::headeronly::IntHeaderOnlyArrayRef;
  static SizeRef sizes_of(const Tensor &t) { return t.sizes(); }
  static SizeVector infer_size(SizeRef a, SizeRef b) {
    return detail::infer_size(a, b);
  }
  static bool symbolic(const Tensor &) { return false; }
  static int64_t as_int(int64_t size) { return size; }
  static SizeRef strides_of(const Tensor &t) { return t.strides(); }
  static bool is_contiguous(const Tensor &t, MemoryFormat format) {
    return format == MemoryFormat::ChannelsLast
               ? detail::channels_last_contiguous(t.sizes(), t.strides())
               : t.is_contiguous();
  }
  static bool non_overlapping_and_dense(const Tensor &t) {
    return detail::non_overlapping_and_dense(t);
  }
  static SizeVector broadcast_shape(const TensorList &tensors) {
    SizeRef first = tensors[0]->sizes();
    SizeVector shape(first.begin(), first.end());
    for (const Tensor *t : tensors)
      shape = detail::infer_size(shape, t->sizes());
    return shape;
  }
  static bool same_sizes(const Tensor &t, const SizeVector &sizes) {
    SizeRef have = t.sizes();
    return have.size() == sizes.size() &&
           std::equal(have.begin(), have.end(), sizes.begin());
  }
  static int64_t maybe_wrap_dim(int64_t dim, int64_t ndim) {
    return detail::maybe_wrap_dim(dim, ndim);
  }
  static std::bitset<64> dim_mask(DimList dims, bool all, int64_t ndim) {
    return detail::make_dim_mask(dims, all, ndim);
  }
  static void zero_numel_check_dims(const Tensor &self, int64_t dim,
                                    const char *name) {
    detail::zero_numel_check_dims(self.dim(), self.dim() ? self.size(dim) : 0,
                                  dim, name);
  }

  //===--------------------------------------------------------------------===//
  // Dtypes: skgen/stable/promotion.h's rebuild of aten's promotion; numbers
  // are double, int64_t or bool (no Scalar)
  //===--------------------------------------------------------------------===//

  using Number = ScalarType;
  static optional<ScalarType> number(double) { return ScalarType::Double; }
  static optional<ScalarType> number(int64_t) { return ScalarType::Long; }
  static optional<ScalarType> number(bool) { return ScalarType::Bool; }
  using ResultTypeState = detail::ResultTypeState;
  static void update(ResultTypeState &state, const Tensor &t) {
    detail::update_tensor(state, t.scalar_type(), t.dim() == 0);
  }
  static void update(ResultTypeState &state, ScalarType number) {
    detail::update_wrapped(state, number);
  }
  static ScalarType result_type(const ResultTypeState &state) {
    return detail::result_type(state, default_float);
  }
  /// torch.get_default_dtype(), which the ABI lacks: aten::empty without
  /// dtype= allocates in it. A dispatcher call: asked only when the result
  /// depends on it.
  static ScalarType default_float() {
    std::vector<int64_t> none{0};
    return torch::stable::empty(none).scalar_type();
  }
  static bool is_integral(ScalarType t, bool include_bool) {
    return detail::isIntegralType(t, include_bool);
  }
  static bool can_cast(ScalarType from, ScalarType to) {
    return detail::canCast(from, to);
  }
  static void alpha_check(ScalarType, const Scalar &) {}

  //===--------------------------------------------------------------------===//
  // What errors print: aten's words, from promotion.h
  //===--------------------------------------------------------------------===//

  static const char *dtype_name(ScalarType t) {
    return torch::headeronly::toString(t);
  }
  static const char *type_meta_name(ScalarType t) {
    return detail::type_meta_name(t);
  }
  static std::string device_name(const Device &d) {
    return detail::device_name(d);
  }
  static std::string sizes_name(SizeRef sizes) {
    return detail::sizes_name(sizes);
  }

  //===--------------------------------------------------------------------===//
  // Memory overlap (from data pointers: no storage identity), expansion
  //===--------------------------------------------------------------------===//

  /// TensorBase::is_same: the ABI hands a kernel a new handle per argument,
  /// so the same data, sizes, strides and dtype stand for it (never for meta
  /// tensors, which have no data).
  static bool same_tensor(const Tensor &a, const Tensor &b) {
    if (a.get() == b.get())
      return true;
    if (a.scalar_type() != b.scalar_type() || detail::overlap_status(a, b) != 1)
      return false;
    SizeRef za = a.sizes(), zb = b.sizes();
    return za.size() == zb.size() &&
           std::equal(za.begin(), za.end(), zb.begin());
  }
  /// at::assert_no_internal_overlap (MemoryOverlap.cpp's
  /// has_internal_overlap).
  static void assert_no_internal_overlap(const Tensor &t) {
    if (detail::non_overlapping_and_dense(t))
      return;
    SizeRef sizes = t.sizes(), strides = t.strides();
    for (size_t i = 0; i < sizes.size(); ++i)
      SKGEN_STABLE_CHECK(!(strides[i] == 0 && sizes[i] > 1),
                         "unsupported operation: more than one element of the "
                         "written-to tensor refers to a single memory "
                         "location. Please clone() the tensor before "
                         "performing the operation.");
  }
  /// at::assert_no_partial_overlap: the same memory with the same strides
  /// is a full overlap, allowed.
  static void assert_no_partial_overlap(const Tensor &a, const Tensor &b) {
    SKGEN_STABLE_CHECK(detail::overlap_status(a, b) != 2, overlap_message);
  }
  /// at::assert_no_overlap: no memory shared at all.
  static void assert_no_overlap(const Tensor &a, const Tensor &b) {
    SKGEN_STABLE_CHECK(detail::overlap_status(a, b) == 0, overlap_message);
  }
  static constexpr const char *overlap_message =
      "unsupported operation: some elements of the input tensor and the "
      "written-to tensor refer to a single memory location. Please clone() "
      "the tensor before performing the operation.";
  /// Tensor::expand's check, by aten::expand itself (an error carries the
  /// ABI's " (originally from ...)" suffix, as any libtorch call's does).
  static void check_expands(const Tensor &input, const SizeVector &sizes) {
    auto stack =
        detail::call_boxed<1>("aten::expand", "", input, SizeRef(sizes), false);
    (void)torch::stable::detail::to<Tensor>(stack[0]);
  }

  //===--------------------------------------------------------------------===//
  // Allocation and resizing
  //===--------------------------------------------------------------------===//

  static Device device_of(const Options &like) { return like.device(); }
  static const Options &options_of(const Tensor &t) { return t; }
  static void copy(Tensor &dst, const Tensor &src) {
    torch::stable::copy_(dst, src);
  }

  /// A fresh tensor with \p like's layout, or (none) a strided one, always
  /// through the dispatcher (fake and Python modes and the deterministic
  /// fill see it): aten::new_empty, else by name aten::empty_strided or
  /// aten::empty.
  static Tensor empty(const SizeVector &sizes, const SizeVector &strides,
                      ScalarType dtype,
                      const optional<MemoryFormat> &memory_format,
                      Device device, const optional<Tensor> &like) {
    if (like && strides.empty() && !memory_format)
      return new_empty(*like, sizes, dtype, device);
    optional<torch::headeronly::Layout> layout;
    if (like)
      layout = like->layout();
    if (!strides.empty()) { // ops.h has no wrapper for it
      auto stack =
          detail::call_boxed<1>("aten::empty_strided", "", SizeRef(sizes),
                                SizeRef(strides), optional<ScalarType>(dtype),
                                layout, optional<Device>(device), std::nullopt);
      return torch::stable::detail::to<Tensor>(stack[0]);
    }
    return torch::stable::empty(sizes, dtype, layout, device, std::nullopt,
                                memory_format);
  }

  /// aten::new_empty(like, sizes, dtype=, device=) through the C shim's
  /// aoti_torch_aten_new_empty (torch::stable::new_empty's form before
  /// 2.10, declared for every target version): one unboxed call through the
  /// dispatcher, where the call by name (torch_call_dispatcher) looks the
  /// schema up, boxes every argument and builds the size list on the heap
  /// (docs/benchmarks.md, "The stable target"). The shim clones a
  /// conjugate or negative view first; a kernel never gets one (the
  /// dispatcher's Conjugate and Negative fallbacks resolve them). Not
  /// aoti_torch_empty_strided: it calls at::detail::empty_strided_cpu past
  /// the dispatcher for CPU, and the ABI cannot tell when that is what
  /// aten::empty would do (skgen/create_out.h's plain_cpu reads the
  /// thread's dispatch keys and the deterministic-fill flag).
  static Tensor new_empty(const Tensor &like, const SizeVector &sizes,
                          ScalarType dtype, Device device) {
    using torch::stable::detail::from;
    using torch::stable::detail::to;
    int32_t shim_dtype = to<int32_t>(from(dtype));
    int32_t shim_device = to<int32_t>(from(device.type()));
    AtenTensorHandle result;
    STABLE_TORCH_ERROR_CODE_CHECK(aoti_torch_aten_new_empty(
        like.get(), sizes.data(), static_cast<int64_t>(sizes.size()),
        &shim_dtype, /*layout=*/nullptr, &shim_device, device.index(),
        /*pin_memory=*/nullptr, &result));
    return Tensor(result);
  }

  /// at::native::resize_output: a no-op for the same sizes, the deprecation
  /// warning for a non-empty \p out of other sizes, then aten::resize_
  /// (which aten's resize_output calls; aten::_resize_output_ would run it
  /// whole but has only a Meta kernel). The warning goes through the stable
  /// shim's aoti_torch_warn, so Python sees aten's text followed by this
  /// file's "(Triggered internally at ...)" location instead of Resize.cpp's.
  /// \p proxy: the kernel computes into a temporary, where aten warns twice
  /// (the structured out= wrapper resizes out, then TensorIterator the
  /// original of its proxy).
  static bool resize_output(const Tensor &out, const SizeVector &sizes,
                            const SizeVector &strides,
                            const optional<MemoryFormat> &memory_format,
                            bool proxy) {
    if (same_sizes(out, sizes))
      return false;
    if (out.numel() != 0) {
      std::string msg = detail::str(
          "An output with one or more elements was resized since it had "
          "shape ",
          detail::sizes_name(out.sizes()),
          ", which does not match the required output shape ",
          detail::sizes_name(sizes),
          ". This behavior is deprecated, and in a future PyTorch release "
          "outputs will not be resized unless they have zero elements. You "
          "can explicitly reuse an out tensor t by resizing it, inplace, to "
          "zero elements with t.resize_(0).");
      for (int i = 0; i < (proxy ? 2 : 1); ++i)
        aoti_torch_warn(__func__, __FILE__, static_cast<uint32_t>(__LINE__),
                        msg.c_str());
    }
    // skgen/traits.h's empty_tensor_restride(memory_format) after the resize
    // is resize_ with that memory format.
    auto stack = detail::call_boxed<1>(
        "aten::resize_", "", out, SizeRef(sizes),
        strides.empty() ? memory_format : optional<MemoryFormat>());
    (void)torch::stable::detail::to<Tensor>(stack[0]);
    if (!strides.empty()) {
      auto restrided =
          detail::call_boxed<1>("aten::as_strided_", "", out, SizeRef(sizes),
                                SizeRef(strides), std::nullopt);
      (void)torch::stable::detail::to<Tensor>(restrided[0]);
    }
    return true;
  }
};

/// The ABI the runtime core of this translation unit is instantiated for.
using Traits = StableTraits;

SKGEN_STABLE_NAMESPACE_END

#endif // SKGEN_STABLE_TRAITS_H
