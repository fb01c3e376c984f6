//===- skgen/stable/outputs.h - Outputs of stable-ABI wrappers -*- C++ -*-===//
//
// What only the stable ABI's generated wrappers need besides the runtime core
// (skgen/stable/structured.h includes this after it): the device guard,
// boxed calls of out= and library overloads, wrapped numbers.
//===----------------------------------------------------------------------===//
#ifndef SKGEN_STABLE_OUTPUTS_H
#define SKGEN_STABLE_OUTPUTS_H

#ifndef SKGEN_STABLE_STRUCTURED_H
#error "include skgen/stable/structured.h"
#endif

SKGEN_STABLE_NAMESPACE_BEGIN

/// The default float dtype (torch.get_default_dtype(); StableTraits::
/// default_float).
inline torch::headeronly::ScalarType default_float_dtype() {
  return StableTraits::default_float();
}

/// allocate() for ops without a tensor argument: the meta's device, else
/// the CPU.
inline torch::stable::Tensor allocate(const Meta &meta, size_t i) {
  const TensorMeta &m = meta.at(i);
  torch::stable::Device cpu(torch::headeronly::DeviceType::CPU);
  return StableTraits::empty(m.sizes, m.strides, m.dtype, m.memory_format,
                             m.device.value_or(cpu), std::nullopt);
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
  ScalarType dtype = detail::result_type(operands);
  torch::stable::Tensor t = torch::stable::empty(
      SizeVector{}, own, std::nullopt,
      torch::stable::Device(torch::headeronly::DeviceType::CPU));
  *static_cast<T *>(t.mutable_data_ptr()) = value;
  return dtype == own ? t : torch::stable::to(t, dtype);
}

SKGEN_STABLE_NAMESPACE_END

#endif // SKGEN_STABLE_OUTPUTS_H
