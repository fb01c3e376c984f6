#include <skgen/annotations.h>
#include <skgen/stable/structured.h>
#include <torch/csrc/stable/tensor.h>

namespace sops {
using torch::stable::Tensor;

// Its only Tensor is the out= one: nothing to allocate the outputs like.
skgen::Meta ones_meta(int64_t n);
SKGEN_STRUCTURED("sops::ones.out(int n, *, Tensor(a!) out) -> Tensor(a!)", CPU)
SKGEN_META(ones_meta)
Tensor &ones_out(int64_t n, Tensor &out);

// An input Tensor before the out= one: fine.
skgen::Meta twice_meta(const Tensor &self);
SKGEN_STRUCTURED("sops::twice.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", CPU)
SKGEN_META(twice_meta)
Tensor &twice_out(const Tensor &self, Tensor &out);
} // namespace sops
