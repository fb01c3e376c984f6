#define OPS_KEY CPU
#include "ops.h"
at::Tensor &myops::axpy_out(const at::Tensor &, const at::Tensor &,
                            const at::Scalar &, at::Tensor &out) {
  return out;
}
