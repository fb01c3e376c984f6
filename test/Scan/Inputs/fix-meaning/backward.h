// Stubs of ATen functions whose names are close to those of derivatives.yaml
// helpers skgen does not have: Clang's typo correction picks them.
#pragma once
#include <ATen/ATen.h>

namespace at {
at::Tensor glu_backward(const at::Tensor &grad_output, const at::Tensor &self,
                        long dim);
at::Tensor logit_backward(const at::Tensor &grad_output,
                          const at::Tensor &self);
} // namespace at
