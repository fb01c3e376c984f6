//===- skgen/plain_cpu.h - When allocation skips the dispatcher -*- C++ -*-===//
//
// skgen::plain_cpu: the one rule for when skgen's runtime (AtenTraits::empty)
// and skgen::TensorIterator (skgen/iterator.h) allocate with
// at::detail::empty_cpu themselves, as aten's structured CPU kernels do
// (create_out): the dispatcher trip costs about half the allocation.
//===----------------------------------------------------------------------===//
#ifndef SKGEN_PLAIN_CPU_H
#define SKGEN_PLAIN_CPU_H

#include <ATen/Context.h>
#include <c10/core/TensorOptions.h>
#include <c10/core/impl/LocalDispatchKeySet.h>

namespace skgen {

/// Whether at::empty with \p o would reach aten's CPU kernel and nothing
/// else: a strided, unpinned CPU tensor, no key in the thread's included set
/// beyond the defaults (BackendSelect, ADInplaceOrView; no Python mode,
/// FakeTensorMode, functionalization, tracer), no deterministic fill of
/// uninitialized memory (aten's empty kernel fills it).
inline bool plain_cpu(const c10::TensorOptions &o) {
  return o.device().is_cpu() && o.layout() == c10::kStrided &&
         !o.pinned_memory() &&
         (c10::impl::tls_local_dispatch_key_set().included_ -
          c10::default_included_set)
             .empty() &&
         !at::globalContext().deterministicAlgorithms();
}

} // namespace skgen

#endif
