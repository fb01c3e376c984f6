// Stand-in for include/skgen/formulas.h (which needs the real ATen): the
// namespace derivative formulas are evaluated with, and a few helpers.
#pragma once
#include <ATen/ATen.h>
namespace skgen {
namespace formulas {
at::Tensor handle_r_to_c(at::ScalarType self_st, at::Tensor gradient_result);
c10::optional<at::Tensor> wrap_opt_if(const at::Tensor &t, bool cond);
} // namespace formulas
} // namespace skgen
