// Stand-in for include/skgen/not_implemented.h (which needs the real ATen).
#pragma once
#include <torch/library.h>
namespace skgen {
template <class R, class... Args, class... Ts>
R not_implemented(const c10::TypedOperatorHandle<R(Args...)> &op,
                  c10::DispatchKeySet keys, Ts &&...args) {
  return op.redispatch(keys, args...);
}
} // namespace skgen
