#pragma once
#include <ATen/ATen.h>
#include <skgen/annotations.h>
namespace myops {
SKGEN_STRUCTURED("myops::h.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", CPU)
at::Tensor &h_out(const at::Tensor &self, at::Tensor &out);
}
