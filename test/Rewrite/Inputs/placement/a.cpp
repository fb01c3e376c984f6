// Defines the kernel annotated in ops.h.
#include "ops.h"

namespace myops {
at::Tensor &relu_out(const at::Tensor &self, at::Tensor &out) { return out; }
} // namespace myops
