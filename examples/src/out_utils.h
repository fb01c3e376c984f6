// Helpers for out= kernels of the example op library.
#ifndef SKGEN_EXAMPLE_OUT_UTILS_H
#define SKGEN_EXAMPLE_OUT_UTILS_H

#include <ATen/ATen.h>
#include <ATen/native/Resize.h>

namespace skgen_example {

/// Resizes `out` to `shape`, as PyTorch's out= contract requires
/// (at::native::resize_output: silent for a zero-size `out`, a deprecation
/// warning for a non-empty `out` of another shape).
///
/// skgen's in-place variant `op_(self, ...)` calls the out kernel with
/// `out = self`. Like PyTorch's own in-place ops, it must not change the shape
/// of `self` (e.g. broadcast it): that is an error, raised before anything is
/// written.
inline void resize_out(const char *op, const at::Tensor &self, at::Tensor &out,
                       at::IntArrayRef shape) {
  TORCH_CHECK(!out.is_same(self) || self.sizes() == shape, op,
              ": output with shape ", self.sizes(),
              " doesn't match the broadcast shape ", shape);
  at::native::resize_output(out, shape);
}

} // namespace skgen_example

#endif
