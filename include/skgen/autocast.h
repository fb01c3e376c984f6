//===- skgen/autocast.h - Autocast wrappers' registration ----*- C++ -*-===//
//
// Header-only; works with PyTorch 1.13 and 2.x. The blocks skgen generates
// for families with SKGEN_AUTOCAST(policy) (docs/generation.md, "Autocast")
// include it for:
//
//   SKGEN_AUTOCAST_DEVICES(_)  the table: `_(KEY, DEVICE)` for every autocast
//       dispatch key of the PyTorch in use and the device type its
//       wrappers are instantiated for (aten's
//       get_autocast_dispatch_key_from_device_type, inverted). Define it
//       before including this header to choose otherwise.
//   SKGEN_AUTOCAST_IMPL(m, name, fn)  registers `fn<DEVICE>` for operator
//       `name` under each KEY of the table, as aten registers
//       `WrapFunction<CastPolicy, DEVICE, ...>::type::call` per key.
//
// The wrappers themselves are generated (one template over the device per
// family) on aten's public helpers: c10::impl::ExcludeDispatchKeyGuard,
// at::autocast::cached_cast, promote_type, set_opt_dtype.
//===----------------------------------------------------------------------===//
#ifndef SKGEN_AUTOCAST_H
#define SKGEN_AUTOCAST_H

#include <ATen/autocast_mode.h>
#include <c10/core/DispatchKey.h>
#include <c10/core/impl/LocalDispatchKeySet.h>
#include <skgen/library.h> // SKGEN_TORCH_2_13_OR_LATER
#include <torch/library.h>

#include <type_traits>

// clang-format off
#ifndef SKGEN_AUTOCAST_DEVICES
#if SKGEN_TORCH_2_13_OR_LATER
// at::autocast::_AUTOCAST_SUPPORTED_DEVICES (2.13 to 2.15: ten devices).
#define SKGEN_AUTOCAST_DEVICES(_)                                              \
  _(AutocastCPU, CPU)                                                          \
  _(AutocastCUDA, CUDA)                                                        \
  _(AutocastMTIA, MTIA)                                                        \
  _(AutocastMAIA, MAIA)                                                        \
  _(AutocastXPU, XPU)                                                          \
  _(AutocastIPU, IPU)                                                          \
  _(AutocastHPU, HPU)                                                          \
  _(AutocastXLA, XLA)                                                          \
  _(AutocastPrivateUse1, PrivateUse1)                                          \
  _(AutocastMPS, MPS)
#else
// PyTorch 1.13 (and, untested, 2.0 to 2.12): the devices every version's
// get_autocast_dispatch_key_from_device_type knows since 1.13.
#define SKGEN_AUTOCAST_DEVICES(_)                                              \
  _(AutocastCPU, CPU)                                                          \
  _(AutocastCUDA, CUDA)                                                        \
  _(AutocastXPU, XPU)
#endif
#endif
// clang-format on

namespace skgen {
namespace autocast {

/// Calls \p f(key, std::integral_constant<c10::DeviceType, DEVICE>) for each
/// row of SKGEN_AUTOCAST_DEVICES.
template <class F> void for_each_device(F &&f) {
#define SKGEN_AUTOCAST_ROW_(KEY, DEVICE)                                       \
  f(c10::DispatchKey::KEY,                                                     \
    std::integral_constant<c10::DeviceType, c10::DeviceType::DEVICE>{});
  SKGEN_AUTOCAST_DEVICES(SKGEN_AUTOCAST_ROW_)
#undef SKGEN_AUTOCAST_ROW_
}

} // namespace autocast
} // namespace skgen

#define SKGEN_AUTOCAST_IMPL(m, name, fn)                                       \
  ::skgen::autocast::for_each_device([&](c10::DispatchKey skgen_key,           \
                                         auto skgen_device) {                  \
    (m).impl(name,                                                             \
             torch::dispatch(skgen_key, &fn<decltype(skgen_device)::value>));  \
  })

#endif // SKGEN_AUTOCAST_H
