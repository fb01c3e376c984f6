#pragma once
#include <ATen/ATen.h>
#include <skgen/annotations.h>

namespace myops {
SKGEN_STRUCTURED("myops::abs.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", CPU)
at::Tensor &abs_out(const at::Tensor &self, at::Tensor &out);
} // namespace myops
