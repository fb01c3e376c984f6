#include <ATen/ATen.h>
#include <skgen/annotations.h>

namespace pf {
// A Meta kernel from the preset: a Python fake of it replaces it.
SKGEN_STRUCTURED("pf::scale(Tensor self, float factor) -> Tensor", CPU)
SKGEN_META_PRESET(unary)
at::Tensor scale_cpu(const at::Tensor &self, double factor);

// No meta function: the fake is the only Meta kernel.
SKGEN_STRUCTURED("pf::nms(Tensor dets, Tensor scores, float iou) -> Tensor", CPU)
at::Tensor nms_cpu(const at::Tensor &dets, const at::Tensor &scores, double iou);

// A fake kept on purpose.
SKGEN_STRUCTURED("pf::pad(Tensor self, int n) -> Tensor", CPU)
SKGEN_META_PRESET(unary)
SKGEN_NO_META_KERNEL
at::Tensor pad_cpu(const at::Tensor &self, int64_t n);
} // namespace pf
