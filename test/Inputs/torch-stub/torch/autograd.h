#pragma once
// Stub: torch::autograd::Function and its context, as hand-written Autograd
// kernels use them (torch/csrc/autograd/custom_function.h in libtorch).
#include <ATen/ATen.h>
#include <string>
#include <torch/csrc/autograd/function.h>
#include <unordered_map>
namespace torch {
namespace autograd {
struct AutogradContext {
  std::unordered_map<std::string, c10::IValue> saved_data;
  void save_for_backward(variable_list to_save);
  void mark_non_differentiable(const variable_list &outputs);
  variable_list get_saved_variables() const;
};
template <class T> struct Function {
  template <class... Args> static variable_list apply(Args &&...args);
};
} // namespace autograd
} // namespace torch
