#pragma once
#include <ATen/ATen.h>
// Registration macros, reduced to something that parses.
#include <vector>
namespace at {
enum class Tag { out, inplace };
} // namespace at
namespace torch {
class Library {
public:
  template <typename S>
  Library &def(S &&, const std::vector<at::Tag> & = {}) {
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
// Unique names per use, like the real macros (several IMPL blocks for one
// namespace and key may share a translation unit).
#define SKGEN_STUB_CAT2_(a, b) a##b
#define SKGEN_STUB_CAT_(a, b) SKGEN_STUB_CAT2_(a, b)
#define TORCH_LIBRARY(ns, m)                                                   \
  [[maybe_unused]] static void SKGEN_STUB_CAT_(skgen_stub_library_,            \
                                               __COUNTER__)(torch::Library & m)
#define TORCH_LIBRARY_FRAGMENT(ns, m)                                          \
  [[maybe_unused]] static void SKGEN_STUB_CAT_(                                \
      skgen_stub_fragment_, __COUNTER__)(torch::Library & m)
#define TORCH_LIBRARY_IMPL(ns, k, m)                                           \
  [[maybe_unused]] static void SKGEN_STUB_CAT_(skgen_stub_impl_, __COUNTER__)( \
      torch::Library & m)
#define TORCH_FN(f) f
