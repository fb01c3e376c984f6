#pragma once
#include <ATen/ATen.h>
// Registration macros, reduced to something that parses.
#include <optional>
#include <vector>
namespace at {
enum class Tag { out, inplace };
} // namespace at
namespace torch {
class Library {
public:
  enum Kind { DEF, IMPL, FRAGMENT };
  template <typename S> Library &def(S &&, const std::vector<at::Tag> & = {}) {
    return *this;
  }
  template <typename N, typename F> Library &impl(N &&, F &&) { return *this; }
};
class CppFunction {
public:
  template <void (*F)(const c10::OperatorHandle &, c10::DispatchKeySet,
                      torch::jit::Stack *)>
  static CppFunction makeFromBoxedFunction() {
    return {};
  }
};
namespace autograd {
CppFunction autogradNotImplementedFallback();
} // namespace autograd
} // namespace torch
// Shaped like the real macros (PyTorch 2.x spelling): a static
// torch::detail::TorchLibraryInit naming the kind, the init function, the
// namespace and the dispatch key, so that `skgen --migrate` reads hand-written
// registrations here as it does with libtorch. Unique names per use (several
// IMPL blocks for one namespace and key may share a translation unit).
namespace c10 {
enum class DispatchKey {
  // Every key the tests use (skgen's known keys, as in Scan).
  CPU,
  CUDA,
  HIP,
  XLA,
  MPS,
  IPU,
  XPU,
  HPU,
  VE,
  Lazy,
  Meta,
  MTIA,
  ORT,
  Vulkan,
  Metal,
  PrivateUse1,
  PrivateUse2,
  PrivateUse3,
  QuantizedCPU,
  QuantizedCUDA,
  QuantizedXPU,
  SparseCPU,
  SparseCUDA,
  SparseCsrCPU,
  SparseCsrCUDA,
  NestedTensorCPU,
  NestedTensorCUDA,
  MkldnnCPU,
  FPGA,
  Autograd,
  CompositeExplicitAutograd,
  DefaultBackend,
  CompositeImplicitAutograd,
  AutocastCPU,
  AutocastCUDA,
  FuncTorchBatched
};
enum class DeviceType : int8_t { CPU = 0, CUDA = 1, Meta = 9 };
constexpr DeviceType kCPU = DeviceType::CPU;
template <class FuncType, FuncType *func_ptr>
struct CompileTimeFunctionPointer {
  using FuncType_ = FuncType;
};
} // namespace c10
namespace torch {
template <typename Func> CppFunction dispatch(c10::DispatchKey, Func &&) {
  return {};
}
template <typename Func> CppFunction dispatch(c10::DeviceType, Func &&) {
  return {};
}
namespace detail {
// libtorch passes an optional DispatchKey; the stub has no optional that
// C++14 (clang 14's default dialect) would accept, so: none, or a key.
struct OptionalKey {
  OptionalKey(decltype(nullptr)) {}
  OptionalKey(c10::DispatchKey) {}
};
class TorchLibraryInit {
public:
  TorchLibraryInit(Library::Kind, void (*)(Library &), const char *,
                   OptionalKey, const char *, unsigned) {}
};
} // namespace detail
} // namespace torch
#define SKGEN_STUB_CAT2_(a, b) a##b
#define SKGEN_STUB_CAT_(a, b) SKGEN_STUB_CAT2_(a, b)
#define SKGEN_STUB_LIBRARY_(kind, fn, ns, key, m)                              \
  static void fn(torch::Library &);                                            \
  [[maybe_unused]] static const torch::detail::TorchLibraryInit                \
      SKGEN_STUB_CAT_(fn, _static_init)(torch::Library::kind, &fn, #ns, key,   \
                                        __FILE__, __LINE__);                   \
  void fn(torch::Library &m)
#define TORCH_LIBRARY(ns, m)                                                   \
  SKGEN_STUB_LIBRARY_(DEF, TORCH_LIBRARY_init_##ns, ns, nullptr, m)
#define TORCH_LIBRARY_FRAGMENT(ns, m)                                          \
  SKGEN_STUB_LIBRARY_(                                                         \
      FRAGMENT,                                                                \
      SKGEN_STUB_CAT_(TORCH_LIBRARY_FRAGMENT_init_##ns##_, __COUNTER__), ns,   \
      nullptr, m)
#define TORCH_LIBRARY_IMPL(ns, k, m)                                           \
  SKGEN_STUB_LIBRARY_(                                                         \
      IMPL,                                                                    \
      SKGEN_STUB_CAT_(TORCH_LIBRARY_IMPL_init_##ns##_##k##_, __COUNTER__), ns, \
      c10::DispatchKey::k, m)
#define TORCH_FN(f) c10::CompileTimeFunctionPointer<decltype(f), f>()
// Selective build: the name or schema, wrapped (an allowlist check in
// libtorch, always true here).
namespace torch {
namespace detail {
template <bool> class SelectiveStr {
public:
  constexpr explicit SelectiveStr(const char *Name) : Name(Name) {}
  constexpr operator const char *() const { return Name; }

private:
  const char *Name;
};
} // namespace detail
} // namespace torch
#define TORCH_SELECTIVE_NAME(n) torch::detail::SelectiveStr<true>(n)
#define TORCH_SELECTIVE_SCHEMA(n) torch::detail::SelectiveStr<true>(n)
