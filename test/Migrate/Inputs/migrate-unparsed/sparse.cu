// Never parsed: the CUDA header is missing (a CPU torch). Not including the
// stub's torch/library.h, which names skgen's macros (a real one does not)
// and would make the annotation scan parse this file too.
#include <ATen/ATen.h>
#include <cusparse.h>

namespace vis {
at::Tensor &sharpen_out_cuda(const at::Tensor &self, at::Tensor &out) {
  return out;
}
} // namespace vis

TORCH_LIBRARY_IMPL(vis, CUDA, m) {
  m.impl("sharpen.out", TORCH_FN(vis::sharpen_out_cuda));
}
