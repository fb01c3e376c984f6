// Stand-in for PyTorch's torch/csrc/stable/library.h (scan tests): the
// registration macros with the shape of their expansion (a function taking
// a StableLibrary &m), TORCH_BOX's boxer template.
#pragma once
#include <torch/csrc/stable/tensor.h>
#include <cstdint>
#include <type_traits>
namespace torch {
namespace stable {
namespace detail {
class StableLibrary {
public:
  StableLibrary &def(const char *schema);
  StableLibrary &impl(const char *name, void (*fn)(void *, uint64_t, uint64_t));
};
template <class FuncT, FuncT *func> struct boxer {
  static void boxed_fn(void *stack, uint64_t num_args, uint64_t num_outputs);
};
} // namespace detail
} // namespace stable
} // namespace torch
#define TORCH_BOX(func)                                                        \
  torch::stable::detail::boxer<                                                \
      std::remove_pointer_t<std::remove_reference_t<decltype(func)>>,          \
      (func)>::boxed_fn
#define SKGEN_STUB_CAT2(a, b) a##b
#define SKGEN_STUB_CAT(a, b) SKGEN_STUB_CAT2(a, b)
#define STABLE_TORCH_LIBRARY(ns, m)                                            \
  static void STABLE_TORCH_LIBRARY_init_##ns(                                  \
      torch::stable::detail::StableLibrary &m)
#define STABLE_TORCH_LIBRARY_FRAGMENT(ns, m)                                   \
  static void SKGEN_STUB_CAT(STABLE_TORCH_LIBRARY_FRAGMENT_init_##ns##_,       \
                             __LINE__)(torch::stable::detail::StableLibrary & m)
#define STABLE_TORCH_LIBRARY_IMPL(ns, k, m)                                    \
  static void SKGEN_STUB_CAT(STABLE_TORCH_LIBRARY_IMPL_init_##ns##_##k##_,     \
                             __LINE__)(torch::stable::detail::StableLibrary & m)
