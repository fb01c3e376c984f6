// A family declared by its functional schema: formulas name its outputs by
// the schema's return names (as derivatives.yaml does for aten's functional
// ops), `result<i>`, or the out= arguments torchgen names (`out0`, ...).
// RUN: %skgen --dump-generated %s -- %scanflags > %t.gen
// RUN: FileCheck %s --input-file=%t.gen

#include <ATen/ATen.h>
#include <skgen/annotations.h>

#include <tuple>

namespace ffd {

SKGEN_STRUCTURED("ffd::pool(Tensor self, Tensor rois) -> "
                 "(Tensor output, Tensor argmax)", CPU)
SKGEN_DERIVATIVE("self", "grads[0] * argmax + result1 * out1")
SKGEN_DERIVATIVE("output_differentiability", "[True, False]")
std::tuple<at::Tensor, at::Tensor> pool_cpu(const at::Tensor &self,
                                            const at::Tensor &rois);

// CHECK: m.def("pool(Tensor self, Tensor rois) -> (Tensor output, Tensor argmax)");
// CHECK-NOT: m.def(
// CHECK: const at::Tensor argmax = out1_.unpack(
// CHECK-NEXT: const at::Tensor out1 = argmax;
// CHECK-NEXT: const at::Tensor result1 = argmax;
// CHECK: skgen_grads[0] = grads[0] * argmax + result1 * out1;
// CHECK: m.impl("pool", &::ffd::wrapper_Autograd_pool);
} // namespace ffd
