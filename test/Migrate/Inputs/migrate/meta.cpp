#include "ops.h"
#include <torch/library.h>

at::Tensor &myops::native::add_out_meta(const at::Tensor &self,
                                        const at::Tensor &other,
                                        const at::Scalar &alpha,
                                        at::Tensor &out) {
  return out;
}

TORCH_LIBRARY_IMPL(myops, Meta, m) {
  m.impl("add.out", &myops::native::add_out_meta);
  m.impl("add", [](const at::Tensor &self, const at::Tensor &other,
                   const at::Scalar &alpha) { return self; });
  m.impl("add_", [](at::Tensor &self, const at::Tensor &other,
                    const at::Scalar &alpha) -> at::Tensor & { return self; });
}
