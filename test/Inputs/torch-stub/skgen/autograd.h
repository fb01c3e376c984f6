// Stand-in for include/skgen/autograd.h (which needs the real ATen).
#pragma once
#include <torch/csrc/autograd/function.h>
#include <torch/library.h>
namespace skgen {
void out_autograd_kernel(const c10::OperatorHandle &, c10::DispatchKeySet,
                         torch::jit::Stack *);
} // namespace skgen
