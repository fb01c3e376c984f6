// Stand-in for PyTorch's torch/csrc/stable/library.h (scan and migrate
// tests): the registration API reduced to what parses, the macros expanding
// as PyTorch 2.13's do -- a static StableTorchLibraryInit naming the kind,
// the init function, the namespace and the stringized key, and TORCH_BOX(f)
// as torch::stable::detail::boxer<F, (f)>::boxed_fn -- so that `skgen
// --migrate` reads hand-written stable registrations here as it does with
// the real headers.
#pragma once
#include <cstdint>
#include <torch/csrc/stable/tensor.h>
#include <type_traits>
#include <vector>
using StableIValue = uint64_t;
namespace at {
enum class Tag { out, inplace, pointwise };
} // namespace at
namespace torch {
namespace stable {
namespace detail {
class StableLibrary final {
public:
  enum class Kind { DEF, IMPL, FRAGMENT };
  StableLibrary &impl(const char *,
                      void (*)(StableIValue *, uint64_t, uint64_t)) {
    return *this;
  }
  StableLibrary &def(const char *) { return *this; }
  StableLibrary &def(const char *, const std::vector<at::Tag> &) {
    return *this;
  }
};
class StableTorchLibraryInit final {
  using InitFn = void(StableLibrary &);

public:
  StableTorchLibraryInit(StableLibrary::Kind, InitFn *, const char *,
                         const char *, const char *, uint32_t) {}
};
template <typename FuncT, FuncT *func> struct boxer {
  static void boxed_fn(StableIValue *, uint64_t, uint64_t) {}
};
} // namespace detail
} // namespace stable
} // namespace torch
#define SKGEN_STABLE_STUB_CAT2_(a, b) a##b
#define SKGEN_STABLE_STUB_CAT_(a, b) SKGEN_STABLE_STUB_CAT2_(a, b)
#define SKGEN_STABLE_STUB_STR_(x) #x
#define SKGEN_STABLE_STUB_LIBRARY_(kind, fn, ns, k, m)                         \
  static void fn(torch::stable::detail::StableLibrary &);                      \
  [[maybe_unused]] static const torch::stable::detail::StableTorchLibraryInit  \
      SKGEN_STABLE_STUB_CAT_(fn, _static_init)(                                \
          torch::stable::detail::StableLibrary::Kind::kind, &fn,               \
          SKGEN_STABLE_STUB_STR_(ns), k, __FILE__, __LINE__);                  \
  void fn(torch::stable::detail::StableLibrary &m)
#define STABLE_TORCH_LIBRARY(ns, m)                                            \
  SKGEN_STABLE_STUB_LIBRARY_(DEF, STABLE_TORCH_LIBRARY_init_##ns, ns, nullptr, \
                             m)
#define STABLE_TORCH_LIBRARY_FRAGMENT(ns, m)                                   \
  SKGEN_STABLE_STUB_LIBRARY_(                                                  \
      FRAGMENT,                                                                \
      SKGEN_STABLE_STUB_CAT_(STABLE_TORCH_LIBRARY_FRAGMENT_init_##ns##_,       \
                             __COUNTER__),                                     \
      ns, nullptr, m)
#define STABLE_TORCH_LIBRARY_IMPL(ns, k, m)                                    \
  SKGEN_STABLE_STUB_LIBRARY_(                                                  \
      IMPL,                                                                    \
      SKGEN_STABLE_STUB_CAT_(STABLE_TORCH_LIBRARY_IMPL_init_##ns##_##k##_,     \
                             __COUNTER__),                                     \
      ns, SKGEN_STABLE_STUB_STR_(k), m)
#define TORCH_BOX(func)                                                        \
  torch::stable::detail::boxer<                                                \
      std::remove_pointer_t<std::remove_reference_t<decltype(func)>>,          \
      (func)>::boxed_fn
