// A dispatch key spelt in the wrong case: an error with a safe fix-it.
#include <skgen/annotations.h>
#include <torch/library.h>

namespace myops {

SKGEN_STRUCTURED("myops::relu.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", Cpu)
at::Tensor &relu_out(const at::Tensor &self, at::Tensor &out);

// A guess: 'CDUA' is probably CUDA, but not certainly (a note's fix-it).
SKGEN_KERNEL("myops::relu.out", CDUA)
at::Tensor &relu_out_cuda(const at::Tensor &self, at::Tensor &out);

} // namespace myops
