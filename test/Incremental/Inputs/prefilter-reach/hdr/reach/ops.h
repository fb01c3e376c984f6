#pragma once
#include <ATen/ATen.h>
#include <skgen/annotations.h>
namespace reach {
SKGEN_STRUCTURED("reach::r.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", CPU)
at::Tensor &r_out(const at::Tensor &self, at::Tensor &out);
}
