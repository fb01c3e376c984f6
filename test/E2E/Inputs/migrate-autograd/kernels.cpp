#include "ops.h"
#include <torch/library.h>

namespace vis {

// out = alpha * k * sum(input * weight, 1)
at::Tensor &wsum_out_cpu(const at::Tensor &input, const at::Tensor &weight,
                         double alpha, c10::SymInt k, at::Tensor &out) {
  at::Tensor r = (input * weight).sum(1) *
                 (alpha * double(k.guard_int(__FILE__, __LINE__)));
  out.resize_(r.sizes());
  out.copy_(r);
  return out;
}

at::Tensor wsum_cpu(const at::Tensor &input, const at::Tensor &weight,
                    double alpha, c10::SymInt k) {
  at::Tensor out = at::empty({0}, input.options());
  return wsum_out_cpu(input, weight, alpha, k, out);
}

at::Tensor wsum_backward_cpu(const at::Tensor &grad, const at::Tensor &weight,
                             double alpha, c10::SymInt k, c10::SymInt batch,
                             c10::SymInt channels) {
  return grad.unsqueeze(1).expand({batch.guard_int(__FILE__, __LINE__),
                                   channels.guard_int(__FILE__, __LINE__)}) *
         weight * (alpha * double(k.guard_int(__FILE__, __LINE__)));
}

} // namespace vis

TORCH_LIBRARY_IMPL(vis, CPU, m) {
  m.impl("wsum.out", TORCH_FN(vis::wsum_out_cpu));
  m.impl("wsum", TORCH_FN(vis::wsum_cpu));
  m.impl("_wsum_backward", TORCH_FN(vis::wsum_backward_cpu));
}
