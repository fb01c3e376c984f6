//===- skgen/stable/outputs.h - Outputs of stable-ABI wrappers -*- C++ -*-===//
//
// The second half of skgen/stable/structured.h (include that): what the
// generated wrappers call to allocate, check and resize outputs, the device
// guard and boxed calls of out= overloads, on the stable ABI.
//===----------------------------------------------------------------------===//
#ifndef SKGEN_STABLE_OUTPUTS_H
#define SKGEN_STABLE_OUTPUTS_H

#ifndef SKGEN_STABLE_STRUCTURED_H
#error "include skgen/stable/structured.h"
#endif

HIDDEN_NAMESPACE_BEGIN(skgen)
namespace detail {

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

/// A fresh tensor per \p m, on m's device or else \p like's, with like's
/// layout. Strides: aten::empty_strided (ops.h has no wrapper for it).
inline torch::stable::Tensor empty(const TensorMeta &m,
                                   const torch::stable::Tensor &like) {
  torch::stable::Device device = m.device ? *m.device : like.device();
  if (!m.strides.empty()) {
    auto stack = call_boxed<1>(
        "aten::empty_strided", "", SizeRef(m.sizes), SizeRef(m.strides),
        std::optional<torch::headeronly::ScalarType>(m.dtype),
        std::optional<torch::headeronly::Layout>(like.layout()),
        std::optional<torch::stable::Device>(device), std::nullopt);
    return torch::stable::detail::to<torch::stable::Tensor>(stack[0]);
  }
  if (m.memory_format)
    return torch::stable::empty(m.sizes, m.dtype, like.layout(), device,
                                std::nullopt, m.memory_format);
  return torch::stable::new_empty(like, m.sizes, m.dtype, std::nullopt, device);
}

inline bool same_sizes(const torch::stable::Tensor &t,
                       const SizeVector &sizes) {
  SizeRef have = t.sizes();
  return have.size() == sizes.size() &&
         std::equal(have.begin(), have.end(), sizes.begin());
}

/// The dtype rule of \p m for writing into \p t (out= or in-place self).
/// Returns true when the kernel must compute into a temporary.
inline bool check_dtype(const TensorMeta &m, const torch::stable::Tensor &t,
                        bool inplace) {
  using torch::headeronly::toString;
  if (m.out_dtype == OutDtype::Custom) {
    SKGEN_STABLE_CHECK(m.out_dtype_check,
                       "skgen: OutDtype::Custom needs a check function "
                       "(TensorMeta::with_out_dtype(check))");
    return m.out_dtype_check(m, t, inplace);
  }
  torch::headeronly::ScalarType have = t.scalar_type();
  if (have == m.dtype)
    return false;
  switch (m.out_dtype) {
  case OutDtype::Cast:
    SKGEN_STABLE_CHECK(
        canCast(m.dtype, have), "result type ", toString(m.dtype),
        " can't be cast to the desired output type ", toString(have));
    return true;
  case OutDtype::Same:
    SKGEN_STABLE_CHECK(false, "Found dtype ", toString(have), " but expected ",
                       toString(m.dtype));
    break;
  case OutDtype::Exact:
    if (inplace)
      SKGEN_STABLE_CHECK(false, "Bad in-place call: input tensor dtype ",
                         type_meta_name(have), " and output tensor dtype ",
                         type_meta_name(m.dtype), " should match");
    SKGEN_STABLE_CHECK(false, "Expected out tensor to have dtype ",
                       type_meta_name(m.dtype), ", but got ",
                       type_meta_name(have), " instead");
    break;
  case OutDtype::Any:
  case OutDtype::Custom:
    break;
  }
  return false;
}

/// at::native::resize_output: a no-op for the same sizes, the deprecation
/// warning for a non-empty \p out of other sizes, then aten::resize_ (which
/// aten's resize_output calls; aten::_resize_output_ would run it whole but
/// has only a Meta kernel). The warning goes through the stable shim's
/// aoti_torch_warn, so Python sees aten's text followed by this file's
/// "(Triggered internally at ...)" location instead of Resize.cpp's.
/// \p warnings: how often aten warns (TensorIterator warns twice when it
/// computes into a temporary: the structured out= wrapper resizes out, then
/// TensorIterator the original of its proxy).
inline bool resize_output(const torch::stable::Tensor &out, const TensorMeta &m,
                          int warnings) {
  if (same_sizes(out, m.sizes))
    return false;
  if (out.numel() != 0) {
    std::string msg = str(
        "An output with one or more elements was resized since it had shape ",
        sizes_name(out.sizes()),
        ", which does not match the required output "
        "shape ",
        sizes_name(m.sizes),
        ". This behavior is deprecated, and in "
        "a future PyTorch release outputs will not be resized unless they have "
        "zero elements. You can explicitly reuse an out tensor t by resizing "
        "it, inplace, to zero elements with t.resize_(0).");
    for (int i = 0; i < warnings; ++i)
      aoti_torch_warn(__func__, __FILE__, static_cast<uint32_t>(__LINE__),
                      msg.c_str());
  }
  // structured.h's empty_tensor_restride(memory_format) after the resize is
  // resize_ with that memory format.
  auto stack = call_boxed<1>(
      "aten::resize_", "", out, SizeRef(m.sizes),
      m.strides.empty() ? m.memory_format
                        : std::optional<torch::headeronly::MemoryFormat>());
  (void)torch::stable::detail::to<torch::stable::Tensor>(stack[0]);
  if (!m.strides.empty()) {
    auto restrided =
        call_boxed<1>("aten::as_strided_", "", out, SizeRef(m.sizes),
                      SizeRef(m.strides), std::nullopt);
    (void)torch::stable::detail::to<torch::stable::Tensor>(restrided[0]);
  }
  return true;
}

} // namespace detail

namespace detail {
/// TensorImpl::is_non_overlapping_and_dense, from the sizes and strides.
inline bool non_overlapping_and_dense(const torch::stable::Tensor &t) {
  if (t.is_contiguous())
    return true;
  SizeRef sizes = t.sizes(), strides = t.strides();
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

/// at::assert_no_internal_overlap (MemoryOverlap.cpp's has_internal_overlap).
inline void assert_no_internal_overlap(const torch::stable::Tensor &t) {
  if (non_overlapping_and_dense(t))
    return;
  SizeRef sizes = t.sizes(), strides = t.strides();
  for (size_t i = 0; i < sizes.size(); ++i)
    SKGEN_STABLE_CHECK(!(strides[i] == 0 && sizes[i] > 1),
                       "unsupported operation: more than one element of the "
                       "written-to tensor refers to a single memory location. "
                       "Please clone() the tensor before performing the "
                       "operation.");
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

/// at::assert_no_partial_overlap (get_overlap_status: the same memory with
/// the same strides is a full overlap, allowed), on data pointers: memory
/// of two live allocations does not overlap, so that stands for storage
/// identity.
inline void assert_no_partial_overlap(const torch::stable::Tensor &a,
                                      const torch::stable::Tensor &b) {
  const char *a_begin, *a_end, *b_begin, *b_end;
  if (a.device() != b.device() || !data_range(a, a_begin, a_end) ||
      !data_range(b, b_begin, b_end))
    return;
  bool partial;
  if (a_begin == b_begin && a_end == b_end) {
    SizeRef sa = a.strides(), sb = b.strides();
    partial = !(sa.size() == sb.size() &&
                std::equal(sa.begin(), sa.end(), sb.begin()));
  } else {
    partial = a_begin < b_end && b_begin < a_end;
  }
  SKGEN_STABLE_CHECK(!partial,
                     "unsupported operation: some elements of the input tensor "
                     "and the written-to tensor refer to a single memory "
                     "location. Please clone() the tensor before performing "
                     "the operation.");
}

/// Whether \p a is \p b (TensorBase::is_same): the stable ABI hands a kernel
/// a new handle per argument, so the same data, sizes, strides and dtype
/// stand for it (never for meta tensors, which have no data).
inline bool same_tensor(const torch::stable::Tensor &a,
                        const torch::stable::Tensor &b) {
  if (a.get() == b.get())
    return true;
  const char *a_begin, *a_end, *b_begin, *b_end;
  if (a.device() != b.device() || a.scalar_type() != b.scalar_type() ||
      !data_range(a, a_begin, a_end) || !data_range(b, b_begin, b_end) ||
      a_begin != b_begin)
    return false;
  SizeRef za = a.sizes(), zb = b.sizes(), sa = a.strides(), sb = b.strides();
  return za.size() == zb.size() &&
         std::equal(za.begin(), za.end(), zb.begin()) &&
         std::equal(sa.begin(), sa.end(), sb.begin());
}

/// TensorIterator's compute_mem_overlaps.
inline void check_overlap(const TensorMeta &m,
                          const torch::stable::Tensor &written) {
  if (!m.iterator.check_mem_overlap)
    return;
  assert_no_internal_overlap(written);
  for (const torch::stable::Tensor *t : m.iterator.tensors)
    assert_no_partial_overlap(written, *t);
}

/// An out= tensor that is also an input must have the broadcast shape.
inline void check_read_write(const TensorMeta &m,
                             const torch::stable::Tensor &out) {
  const auto &inputs = m.iterator.tensors;
  if (std::none_of(
          inputs.begin(), inputs.end(),
          [&](const torch::stable::Tensor *t) { return same_tensor(*t, out); }))
    return;
  SizeVector shape(inputs[0]->sizes().begin(), inputs[0]->sizes().end());
  for (const torch::stable::Tensor *t : inputs)
    shape = infer_size(shape, t->sizes());
  SKGEN_STABLE_CHECK(same_sizes(out, shape), "output with shape ",
                     sizes_name(out.sizes()),
                     " doesn't match the broadcast shape ", sizes_name(shape));
}

/// TensorIterator's device rule for the inputs (structured.h's).
inline void check_devices(const TensorMeta &m, torch::stable::Device common) {
  int cpu_scalars = 0;
  auto cpu_scalar = [&] {
    SKGEN_STABLE_CHECK(cpu_scalars++ == 0,
                       "Trying to pass too many CPU scalars to non-CPU "
                       "kernel!");
  };
  bool allowed = m.iterator.allow_cpu_scalar && !common.is_cpu();
  for (const torch::stable::Tensor *t : m.iterator.tensors) {
    torch::stable::Device d = t->device();
    if (allowed && t->dim() == 0 && d.is_cpu())
      cpu_scalar();
    else
      SKGEN_STABLE_CHECK(d == common,
                         "Expected all tensors to be on the same device, but "
                         "found at least two devices, ",
                         device_name(common), " and ", device_name(d), "!");
  }
  if (allowed)
    for (int i = 0; i < m.iterator.wrapped_numbers; ++i)
      cpu_scalar();
}

/// The written tensor's device, \p check_dtype, then the inputs' devices.
template <class CheckDtype>
bool check_written_devices(const TensorMeta &m,
                           const torch::stable::Tensor &written,
                           CheckDtype check_dtype) {
  torch::stable::Device have = written.device();
  torch::stable::Device common = have.is_cpu() ? m.device.value_or(have) : have;
  SKGEN_STABLE_CHECK(have == common,
                     "Expected all tensors to be on the same device, but "
                     "found at least two devices, ",
                     device_name(common), " and ", device_name(have), "!");
  bool temporary = check_dtype();
  check_devices(m, common);
  return temporary;
}

/// TensorIterator's out= checks (structured.h's check_iterator_out).
inline bool check_iterator_out(const TensorMeta &m,
                               const torch::stable::Tensor &out) {
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
  torch::stable::Device have = out.device();
  if (have != m.device.value_or(have) || m.iterator.mixed_devices)
    return check_written_devices(m, out, dtype);
  return dtype();
}
} // namespace detail

/// Functional variant: a fresh output \p i per the meta, on the meta's device
/// or else \p like's (the op's first tensor argument).
inline torch::stable::Tensor allocate(const Meta &meta, size_t i,
                                      const torch::stable::Tensor &like) {
  const TensorMeta &m = meta.at(i);
  if (m.iterator.mixed_devices)
    detail::check_devices(m, m.device.value_or(like.device()));
  return detail::empty(m, like);
}

/// For ops without a tensor argument: the meta's device, else the CPU.
inline torch::stable::Tensor allocate(const Meta &meta, size_t i) {
  const TensorMeta &m = meta.at(i);
  torch::stable::Device device =
      m.device ? *m.device
               : torch::stable::Device(torch::headeronly::DeviceType::CPU);
  if (!m.strides.empty()) {
    auto stack = detail::call_boxed<1>(
        "aten::empty_strided", "", SizeRef(m.sizes), SizeRef(m.strides),
        std::optional<torch::headeronly::ScalarType>(m.dtype), std::nullopt,
        std::optional<torch::stable::Device>(device), std::nullopt);
    return torch::stable::detail::to<torch::stable::Tensor>(stack[0]);
  }
  return torch::stable::empty(m.sizes, m.dtype, std::nullopt, device,
                              std::nullopt, m.memory_format);
}

/// In-place variant: refuses before anything is written when the result
/// cannot be written into self, with aten's checks for the meta's OpKind
/// (structured.h's check_inplace). Returns true when the kernel must compute
/// into a temporary.
inline bool check_inplace(const Meta &meta, const torch::stable::Tensor &self) {
  const TensorMeta &m = meta.at(0);
  if (m.kind == OpKind::TensorIterator) {
    bool early =
        m.out_dtype == OutDtype::Custom || m.out_dtype == OutDtype::Same;
    bool temporary = false;
    if (m.out_dtype == OutDtype::Custom)
      temporary = detail::check_dtype(m, self, /*inplace=*/true);
    detail::check_overlap(m, self);
    SKGEN_STABLE_CHECK(detail::same_sizes(self, m.sizes), "output with shape ",
                       detail::sizes_name(self.sizes()),
                       " doesn't match the broadcast shape ",
                       detail::sizes_name(m.sizes));
    if (m.out_dtype == OutDtype::Same)
      detail::check_dtype(m, self, /*inplace=*/true);
    auto dtype = [&] {
      return early ? temporary : detail::check_dtype(m, self, /*inplace=*/true);
    };
    if (m.iterator.mixed_devices)
      return detail::check_written_devices(m, self, dtype);
    return dtype();
  }
  bool temporary = detail::check_dtype(m, self, /*inplace=*/true);
  if (m.device)
    SKGEN_STABLE_CHECK(
        self.device() == *m.device, "Bad in-place call: input tensor device ",
        detail::device_name(self.device()), " and output tensor device ",
        detail::device_name(*m.device), " should match");
  SKGEN_STABLE_CHECK(
      detail::same_sizes(self, m.sizes),
      "Bad in-place call: input tensor size ", detail::sizes_name(self.sizes()),
      " and output tensor size ", detail::sizes_name(m.sizes), " should match");
  return temporary;
}

/// out= variant: \p out checked as aten does for the meta's OpKind
/// (structured.h's check_out), then resize_output (strides or memory format
/// of the meta applied when resized). Returns true when the kernel must
/// compute into a temporary.
inline bool check_out(const Meta &meta, size_t i,
                      const torch::stable::Tensor &out,
                      const torch::stable::Tensor &like) {
  const TensorMeta &m = meta.at(i);
  bool temporary;
  if (m.kind == OpKind::TensorIterator) {
    temporary = detail::check_iterator_out(m, out);
  } else {
    temporary = detail::check_dtype(m, out, /*inplace=*/false);
    torch::stable::Device device = m.device ? *m.device : like.device();
    torch::stable::Device have = out.device();
    SKGEN_STABLE_CHECK(have == device, "Expected out tensor to have device ",
                       detail::device_name(device), ", but got ",
                       detail::device_name(have), " instead");
  }
  detail::resize_output(out, m,
                        temporary && m.out_dtype == OutDtype::Cast ? 2 : 1);
  return temporary;
}

/// The tensor a kernel writes output \p i into: the caller's, or a
/// temporary of the computed dtype that finish() copies into it.
class Output {
public:
  Output(torch::stable::Tensor &target, const Meta &meta, size_t i,
         bool temporary)
      : target_(target) {
    if (temporary)
      temp_ = detail::empty(meta.at(i), target);
  }
  Output(const Output &) = delete;
  Output &operator=(const Output &) = delete;

  torch::stable::Tensor &tensor() { return temp_ ? *temp_ : target_; }
  void finish() {
    if (temp_)
      torch::stable::copy_(target_, *temp_);
  }

private:
  torch::stable::Tensor &target_;
  std::optional<torch::stable::Tensor> temp_;
};

/// The metadata of a computed result (sizes, dtype, device; OutDtype::Cast,
/// TensorIterator's checks without overlap) for out= / in-place variants
/// derived from a functional kernel.
inline TensorMeta result_meta(const torch::stable::Tensor &result) {
  TensorMeta m(result.sizes(), result.scalar_type());
  m.device = result.device();
  m.kind = OpKind::TensorIterator;
  m.iterator.check_mem_overlap = false;
  return m;
}

/// torchgen's autogenerated out= rule (skgen/structured.h's autogen_out).
inline Meta autogen_out(Meta meta) {
  for (TensorMeta &m : meta) {
    m.out_dtype = OutDtype::Exact;
    m.kind = OpKind::Structured;
  }
  return meta;
}

/// The functional kernel's result must have the sizes the meta computed.
inline void check_result(const Meta &meta, size_t i,
                         const torch::stable::Tensor &result, const char *op) {
  const TensorMeta &m = meta.at(i);
  SKGEN_STABLE_CHECK(
      detail::same_sizes(result, m.sizes), "skgen: the functional kernel of ",
      op, " returned a result of shape ", detail::sizes_name(result.sizes()),
      ", but the meta function computed ", detail::sizes_name(m.sizes));
}

/// The device of \p t, none when undefined (c10::device_of).
inline std::optional<torch::stable::Device>
device_of(const torch::stable::Tensor &t) {
  if (!t.defined())
    return std::nullopt;
  return t.device();
}
inline std::optional<torch::stable::Device>
device_of(const std::optional<torch::stable::Tensor> &t) {
  return t.has_value() ? device_of(*t) : std::nullopt;
}

/// What the ATen wrappers' c10::OptionalDeviceGuard does: makes \p device
/// current for the kernel. CPU and Meta have no current device; for others
/// torch::stable::accelerator::DeviceGuard sets the index on the current
/// accelerator (the stable ABI's guard takes no device type).
class DeviceGuard {
public:
  explicit DeviceGuard(const std::optional<torch::stable::Device> &device) {
    if (device && !device->is_cpu() &&
        device->type() != torch::headeronly::DeviceType::Meta &&
        device->has_index())
      guard_.emplace(device->index());
  }
  DeviceGuard(const DeviceGuard &) = delete;
  DeviceGuard &operator=(const DeviceGuard &) = delete;

private:
  std::optional<torch::stable::accelerator::DeviceGuard> guard_;
};

/// Calls `op.overload` (an out= overload, e.g. "myops::foo", "out") through
/// the dispatcher with \p args boxed in schema order, and releases the
/// \p NumReturns returned tensors (aliases of the out arguments).
template <size_t NumReturns, class... Args>
void call_out(const char *op, const char *overload, const Args &...args) {
  auto stack = detail::call_boxed<NumReturns>(op, overload, args...);
  for (size_t i = 0; i < NumReturns; ++i)
    (void)torch::stable::detail::to<torch::stable::Tensor>(stack[i]);
}

namespace detail {
/// The returns of an operator called by name: one tensor, or a tuple.
template <class Ret> struct Returns {
  static constexpr size_t count = 1;
  template <size_t N> static Ret take(std::array<StableIValue, N> &stack) {
    return torch::stable::detail::to<Ret>(stack[0]);
  }
};
template <class... Ts> struct Returns<std::tuple<Ts...>> {
  static constexpr size_t count = sizeof...(Ts);
  template <size_t N, size_t... I>
  static std::tuple<Ts...> take(std::array<StableIValue, N> &stack,
                                std::index_sequence<I...>) {
    return std::tuple<Ts...>{torch::stable::detail::to<Ts>(stack[I])...};
  }
  template <size_t N>
  static std::tuple<Ts...> take(std::array<StableIValue, N> &stack) {
    return take(stack, std::index_sequence_for<Ts...>());
  }
};
} // namespace detail

/// Calls `op.overload`, an operator of this library (a functional one, or
/// the general overload of SKGEN_FALLBACK), through the dispatcher with
/// \p args boxed in schema order and returns its result (a tensor or a
/// tuple of them): a full dispatch, as the stable ABI has no redispatch. Its
/// error passes on with its message unchanged (as a std::runtime_error),
/// without the " (originally from ...)" that STABLE_TORCH_ERROR_CODE_CHECK
/// adds: the caller behaves as the operator it calls.
template <class Ret, class... Args>
Ret call(const char *op, const char *overload, const Args &...args) {
  using R = detail::Returns<Ret>;
  constexpr size_t N = sizeof...(Args) > R::count ? sizeof...(Args) : R::count;
  std::array<StableIValue, N> stack{torch::stable::detail::from(args)...};
  if (torch_call_dispatcher(op, overload, stack.data(), TORCH_ABI_VERSION) !=
      TORCH_SUCCESS)
    throw std::runtime_error(torch_exception_get_what_without_backtrace());
  return R::take(stack);
}

/// SKGEN_FALLBACK on the stable ABI: \p value, a number the specialised
/// overload takes where the general one takes a Tensor. aten passes a
/// wrapped-number tensor (at::native::wrapped_scalar_tensor: 0-dim, CPU,
/// marked so that type promotion treats it as a Python number), which the
/// stable ABI cannot mark. This is a 0-dim CPU tensor of the dtype aten's
/// result_type gives \p operands (the call's tensors and numbers, \p value
/// among them, numbers wrapped) holding \p value cast to it: a 0-dim tensor
/// of the result dtype leaves every category case of result_type where the
/// wrapped number leaves it (docs/stable-abi.md), and TensorIterator casts a
/// CPU wrapped number to that common dtype too. The cast is aten's
/// (aten::to).
template <class T>
torch::stable::Tensor wrapped_number(T value,
                                     std::initializer_list<Operand> operands) {
  using torch::headeronly::ScalarType;
  static_assert(std::is_same<T, double>::value ||
                    std::is_same<T, int64_t>::value ||
                    std::is_same<T, bool>::value,
                "a number of the stable ABI: double, int64_t or bool");
  constexpr ScalarType own = std::is_same<T, double>::value ? ScalarType::Double
                             : std::is_same<T, int64_t>::value
                                 ? ScalarType::Long
                                 : ScalarType::Bool;
  ScalarType dtype = detail::result_type(operands, default_float_dtype);
  torch::stable::Tensor t = torch::stable::empty(
      SizeVector{}, own, std::nullopt,
      torch::stable::Device(torch::headeronly::DeviceType::CPU));
  *static_cast<T *>(t.mutable_data_ptr()) = value;
  return dtype == own ? t : torch::stable::to(t, dtype);
}

HIDDEN_NAMESPACE_END(skgen)

#endif // SKGEN_STABLE_OUTPUTS_H
