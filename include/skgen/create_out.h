//===- skgen/create_out.h - Outputs made as aten's structured kernels -*- C++
//-*-===//
//
// How skgen's runtime (AtenTraits::empty, AtenTraits::resize_output) and
// skgen::TensorIterator (skgen/iterator.h) create and resize an output of
// concrete sizes: as the structured kernel classes torchgen generates for
// aten's CPU ops (their create_out and resize_out), once for both.
//===----------------------------------------------------------------------===//
#ifndef SKGEN_CREATE_OUT_H
#define SKGEN_CREATE_OUT_H

#include <ATen/Context.h>
#include <ATen/EmptyTensor.h>
#include <ATen/native/Resize.h>
#include <ATen/ops/empty.h>
#include <ATen/ops/empty_strided.h>
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

/// A new output: empty \p strides for a contiguous one in \p o's memory
/// format. On a plain CPU tensor without the dispatcher
/// (at::detail::empty_cpu, as create_out: the trip costs about half the
/// allocation), otherwise through it (at::empty: fake and Python modes see
/// the allocation).
inline at::Tensor create_out(at::IntArrayRef sizes, at::IntArrayRef strides,
                             const c10::TensorOptions &o) {
  if (plain_cpu(o)) {
    c10::ScalarType dtype = c10::typeMetaToScalarType(o.dtype());
    return strides.empty()
               ? at::detail::empty_cpu(sizes, dtype, /*pin_memory=*/false,
                                       o.memory_format_opt())
               : at::detail::empty_strided_cpu(sizes, strides, dtype);
  }
  return strides.empty() ? at::empty(sizes, o)
                         : at::empty_strided(sizes, strides, o);
}

/// at::native::resize_output (silent for a zero-size out, PyTorch's
/// deprecation warning otherwise), then \p strides or \p memory_format when
/// it resized, as resize_out. Returns whether it resized.
inline bool resize_out(const at::Tensor &out, at::IntArrayRef sizes,
                       at::IntArrayRef strides,
                       c10::optional<c10::MemoryFormat> memory_format) {
  if (!at::native::resize_output(out, sizes))
    return false;
  if (!strides.empty())
    out.as_strided_(sizes, strides);
  else if (memory_format)
    out.unsafeGetTensorImpl()->empty_tensor_restride(*memory_format);
  return true;
}

} // namespace skgen

#endif
