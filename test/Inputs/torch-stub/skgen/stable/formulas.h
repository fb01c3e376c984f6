// Stand-in for include/skgen/stable/formulas.h (which needs PyTorch's stable
// headers), for scan tests: the formula tensor and a few of its operators
// and helpers, declared (the check compiles formulas, it links nothing).
#pragma once
#include <torch/csrc/stable/tensor.h>
namespace skgen {
namespace formulas {
class Tensor {
public:
  Tensor();
  Tensor(torch::stable::Tensor);
  Tensor conj() const;
  Tensor sgn() const;
  Tensor sum() const;
  torch::headeronly::IntHeaderOnlyArrayRef sym_sizes() const;
  torch::headeronly::ScalarType scalar_type() const;
};
Tensor operator*(const Tensor &, const Tensor &);
Tensor operator*(const Tensor &, double);
Tensor operator*(double, const Tensor &);
Tensor operator+(const Tensor &, const Tensor &);
Tensor operator-(const Tensor &, const Tensor &);
Tensor where(const Tensor &, const Tensor &, const Tensor &);
Tensor sum_backward(const Tensor &, torch::headeronly::IntHeaderOnlyArrayRef,
                    std::optional<torch::headeronly::IntHeaderOnlyArrayRef>,
                    bool);
} // namespace formulas
} // namespace skgen
