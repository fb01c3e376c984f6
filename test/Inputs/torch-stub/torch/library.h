#pragma once
#include <ATen/ATen.h>
// Registration macros, reduced to something that parses.
namespace torch {
class Library {
public:
  template <typename S> Library &def(S &&) { return *this; }
  template <typename N, typename F> Library &impl(N &&, F &&) { return *this; }
};
} // namespace torch
#define TORCH_LIBRARY_FRAGMENT(ns, m) void skgen_stub_fragment_##ns(torch::Library &m)
#define TORCH_LIBRARY_IMPL(ns, k, m) void skgen_stub_impl_##ns##_##k(torch::Library &m)
#define TORCH_FN(f) f
