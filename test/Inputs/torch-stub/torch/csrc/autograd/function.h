#pragma once
// Stub: what the scopes of derivative formulas name (torch::autograd's
// variable_list, declared by torch/csrc/autograd/node.h in libtorch).
#include <ATen/ATen.h>
namespace torch {
namespace autograd {
using Variable = at::Tensor;
using variable_list = std::vector<Variable>;
} // namespace autograd
} // namespace torch
