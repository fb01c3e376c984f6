#pragma once
// Stub: what derivative formulas' scopes and generated autograd nodes name of
// torch::autograd (declared by torch/csrc/autograd/{node,saved_variable}.h
// in libtorch). Declarations only: the scan skips function bodies.
#include <ATen/ATen.h>
#include <string>
namespace torch {
namespace autograd {
using Variable = at::Tensor;
using variable_list = std::vector<Variable>;
struct Node {
  virtual ~Node() = default;
  virtual std::string name() const;
  virtual variable_list apply(variable_list &&inputs) = 0;
  virtual void release_variables() {}
};
class SavedVariable {};
} // namespace autograd
} // namespace torch
