//===- skgen/library.h - What generated registrations use -------*- C++ -*-===//
//
// Header-only, ATen/c10 headers only; works with PyTorch 1.13 and 2.x. The
// blocks skgen generates (docs/generation.md) include it for:
//
//   SKGEN_TAGS_OUT, SKGEN_TAGS_INPLACE  the tags of an out= / in-place
//       m.def: PyTorch >= 2.13 functionalizes a custom out= or in-place op
//       (as torch.compile and torch.export need) only when its definition
//       carries at::Tag::out / at::Tag::inplace; without the tag, AOT
//       dispatch refuses "a custom (non-ATen) operator whose output has
//       alias annotations". Older PyTorch has neither tag (1.13's
//       Library::def takes tags of another enum): the macros are empty.
//       Define them before including this header to choose otherwise.
//   skgen::typed_op<Sig>("ns::op", "overload")  the typed handle through
//       which a wrapper calls or redispatches to another operator.
//===----------------------------------------------------------------------===//
#ifndef SKGEN_LIBRARY_H
#define SKGEN_LIBRARY_H

#include <ATen/core/dispatch/Dispatcher.h>

// torch/headeronly/version.h exists from PyTorch 2.9 on.
#if defined(__has_include)
#if __has_include(<torch/headeronly/version.h>)
#include <torch/headeronly/version.h>
#endif
#endif

// clang-format off
#ifndef SKGEN_TAGS_OUT
#if defined(TORCH_VERSION_MAJOR) && (TORCH_VERSION_MAJOR > 2 || \
    (TORCH_VERSION_MAJOR == 2 && TORCH_VERSION_MINOR >= 13))
#define SKGEN_TAGS_OUT {at::Tag::out}
#define SKGEN_TAGS_INPLACE {at::Tag::inplace}
#else
#define SKGEN_TAGS_OUT {}
#define SKGEN_TAGS_INPLACE {}
#endif
#endif
// clang-format on

namespace skgen {

/// The typed handle of operator \p name (`ns::op`) overload \p overload
/// (`""` for none), whose dispatcher signature is \p Sig; throws if the
/// operator is not registered. Wrappers keep it in a function-local static.
template <class Sig>
c10::TypedOperatorHandle<Sig> typed_op(const char *name, const char *overload) {
  return c10::Dispatcher::singleton()
      .findSchemaOrThrow(name, overload)
      .template typed<Sig>();
}

} // namespace skgen

#endif
