//===- skgen/stable/formulas.h - Derivative formulas on the stable ABI -*- C++
//-*-===//
//
// What a derivative formula (derivatives.yaml's language) sees on the stable
// target: `skgen::formulas::Tensor`, a handle to a torch::stable::Tensor with
// the operators and methods formulas use, each an aten operator called
// through the dispatcher (torch_call_dispatcher). The generated backward
// operator of a family (docs/stable-abi.md, "Derivatives") evaluates its
// formulas on these; it is registered at CompositeImplicitAutograd, so the
// aten calls record history when the backward itself is differentiated
// (double backward) and torch.compile traces them as aten operators.
//
// A number meets a tensor as aten's wrapped number would: a 0-dim tensor of
// the dtype the pair promotes to (the stable ABI cannot pass a Scalar), so
// the result's dtype is aten's; in a reduced float dtype the number is
// rounded to it first (aten keeps it in float).
//===----------------------------------------------------------------------===//
#ifndef SKGEN_STABLE_FORMULAS_H
#define SKGEN_STABLE_FORMULAS_H

#include <skgen/stable/structured.h>

#include <array>
#include <optional>
#include <utility>
#include <vector>

SKGEN_STABLE_NAMESPACE_BEGIN
namespace formulas {

class Tensor;

namespace detail {
using torch::headeronly::ScalarType;
inline torch::stable::Tensor unwrap(const Tensor &t);
template <class T> const T &unwrap(const T &v) { return v; }
inline std::optional<torch::stable::Tensor>
unwrap(const std::optional<Tensor> &t);
} // namespace detail

/// Calls aten operator `op.overload` with \p args (formula tensors, stable
/// tensors, or the stable ABI's other types) and returns its one result: the
/// way to an aten operator this header has no name for.
template <class... Args>
Tensor call_op(const char *op, const char *overload, const Args &...args);

/// A tensor as a formula sees it (may be undefined: an absent gradient).
class Tensor {
public:
  Tensor() = default;
  Tensor(torch::stable::Tensor t) : t_(std::move(t)) {}

  /// The stable tensor, or an undefined one.
  torch::stable::Tensor get() const {
    return t_ ? *t_ : torch::stable::Tensor();
  }
  bool defined() const { return t_ && t_->defined(); }

  torch::headeronly::IntHeaderOnlyArrayRef sizes() const { return t_->sizes(); }
  torch::headeronly::IntHeaderOnlyArrayRef sym_sizes() const { return sizes(); }
  torch::headeronly::IntHeaderOnlyArrayRef strides() const {
    return t_->strides();
  }
  torch::headeronly::IntHeaderOnlyArrayRef sym_strides() const {
    return strides();
  }
  int64_t size(int64_t d) const { return t_->size(d); }
  int64_t dim() const { return t_->dim(); }
  int64_t numel() const { return t_->numel(); }
  int64_t sym_numel() const { return numel(); }
  torch::headeronly::ScalarType scalar_type() const {
    return t_->scalar_type();
  }
  bool is_complex() const {
    return ::skgen::detail::isComplexType(scalar_type());
  }
  bool is_floating_point() const {
    return ::skgen::detail::isFloatingType(scalar_type());
  }

#define SKGEN_FORMULA_UNARY(name)                                              \
  Tensor name() const { return call_op("aten::" #name, "", *this); }
  SKGEN_FORMULA_UNARY(abs)
  SKGEN_FORMULA_UNARY(conj)
  SKGEN_FORMULA_UNARY(cos)
  SKGEN_FORMULA_UNARY(exp)
  SKGEN_FORMULA_UNARY(log)
  SKGEN_FORMULA_UNARY(neg)
  SKGEN_FORMULA_UNARY(reciprocal)
  SKGEN_FORMULA_UNARY(rsqrt)
  SKGEN_FORMULA_UNARY(sgn)
  SKGEN_FORMULA_UNARY(sigmoid)
  SKGEN_FORMULA_UNARY(sign)
  SKGEN_FORMULA_UNARY(sin)
  SKGEN_FORMULA_UNARY(sqrt)
  SKGEN_FORMULA_UNARY(square)
  SKGEN_FORMULA_UNARY(tanh)
  SKGEN_FORMULA_UNARY(clone)
  SKGEN_FORMULA_UNARY(contiguous)
#undef SKGEN_FORMULA_UNARY

  Tensor pow(const Tensor &exponent) const {
    return call_op("aten::pow", "Tensor_Tensor", *this, exponent);
  }
  Tensor pow(double exponent) const;
  Tensor sum() const { return call_op("aten::sum", "", *this, NoDtype()); }
  Tensor sum(torch::headeronly::IntHeaderOnlyArrayRef dim,
             bool keepdim = false) const {
    return call_op("aten::sum", "dim_IntList", *this,
                   std::optional<torch::headeronly::IntHeaderOnlyArrayRef>(dim),
                   keepdim, NoDtype());
  }
  Tensor expand(torch::headeronly::IntHeaderOnlyArrayRef size) const {
    return call_op("aten::expand", "", *this, size, false);
  }
  Tensor reshape(torch::headeronly::IntHeaderOnlyArrayRef size) const {
    return call_op("aten::reshape", "", *this, size);
  }
  Tensor unsqueeze(int64_t d) const {
    return call_op("aten::unsqueeze", "", *this, d);
  }
  Tensor squeeze(int64_t d) const {
    return call_op("aten::squeeze", "dim", *this, d);
  }
  Tensor to(torch::headeronly::ScalarType dtype) const {
    return call_op("aten::to", "dtype", *this, dtype, false, false,
                   std::optional<torch::headeronly::MemoryFormat>());
  }
  Tensor mul(const Tensor &o) const;
  Tensor div(const Tensor &o) const;
  Tensor add(const Tensor &o) const;
  Tensor sub(const Tensor &o) const;

private:
  using NoDtype = std::optional<torch::headeronly::ScalarType>;
  std::optional<torch::stable::Tensor> t_;
};

namespace detail {
inline torch::stable::Tensor unwrap(const Tensor &t) { return t.get(); }
inline std::optional<torch::stable::Tensor>
unwrap(const std::optional<Tensor> &t) {
  if (!t)
    return std::nullopt;
  return t->get();
}

/// \p v as aten's wrapped number next to \p like: a 0-dim tensor on like's
/// device in the dtype result_type(like, v) gives.
template <class Number> Tensor number_like(Number v, const Tensor &like) {
  ScalarType t = like.scalar_type();
  ScalarType dtype = t;
  if (std::is_floating_point<Number>::value) {
    if (!::skgen::detail::isFloatingType(t) &&
        !::skgen::detail::isComplexType(t))
      dtype = ::skgen::default_float_dtype();
  } else if (std::is_same<Number, bool>::value) {
    dtype = t;
  } else if (t == ScalarType::Bool) {
    dtype = ScalarType::Long;
  }
  // aten's CPU kernels read a wrapped number in float next to a reduced
  // float tensor: a 0-dim float tensor does not change the result dtype
  // next to one with dimensions, and keeps the number's precision.
  if ((dtype == ScalarType::Half || dtype == ScalarType::BFloat16) &&
      like.dim() > 0)
    dtype = ScalarType::Float;
  torch::stable::Tensor n = torch::stable::new_empty(like.get(), {}, dtype);
  torch::stable::fill_(n, static_cast<double>(v));
  return n;
}
} // namespace detail

template <class... Args>
Tensor call_op(const char *op, const char *overload, const Args &...args) {
  auto stack =
      ::skgen::detail::call_boxed<1>(op, overload, detail::unwrap(args)...);
  return torch::stable::detail::to<torch::stable::Tensor>(stack[0]);
}

/// A tensor argument of the backward operator as formulas see it.
inline Tensor wrap(const torch::stable::Tensor &t) { return t; }
inline std::optional<Tensor>
wrap(const std::optional<torch::stable::Tensor> &t) {
  if (!t)
    return std::nullopt;
  return Tensor(*t);
}

namespace detail {
/// a - alpha * b through the C shim's aten::subtract (the dispatcher cannot
/// pass add's and sub's Scalar alpha, the shim takes it as a double). aten
/// refuses a floating alpha for integral tensors, and so do these.
inline Tensor subtract(const Tensor &a, const Tensor &b, double alpha) {
  for (const Tensor *t : {&a, &b})
    SKGEN_STABLE_CHECK(t->is_floating_point() || t->is_complex(),
                       "skgen/stable/formulas.h: '+' and '-' take floating "
                       "or complex tensors on the stable ABI (aten::add and "
                       "aten::sub take a Scalar alpha, which the stable ABI "
                       "cannot pass), not ",
                       ::skgen::detail::type_meta_name(t->scalar_type()),
                       "; convert with .to(dtype)");
  return torch::stable::subtract(a.get(), b.get(), alpha);
}
} // namespace detail

// Arithmetic and comparisons: tensor with tensor (\p call, on a and b), and
// with a number on either side.
#define SKGEN_FORMULA_BINARY(op, call)                                         \
  inline Tensor operator op(const Tensor &a, const Tensor &b) { return call; } \
  template <class N, class = std::enable_if_t<std::is_arithmetic<N>::value>>   \
  Tensor operator op(const Tensor &a, N b) {                                   \
    return a op detail::number_like(b, a);                                     \
  }                                                                            \
  template <class N, class = std::enable_if_t<std::is_arithmetic<N>::value>>   \
  Tensor operator op(N a, const Tensor &b) {                                   \
    return detail::number_like(a, b) op b;                                     \
  }
SKGEN_FORMULA_BINARY(+, detail::subtract(a, b, -1.0))
SKGEN_FORMULA_BINARY(-, detail::subtract(a, b, 1.0))
SKGEN_FORMULA_BINARY(*, call_op("aten::mul", "Tensor", a, b))
SKGEN_FORMULA_BINARY(/, call_op("aten::div", "Tensor", a, b))
SKGEN_FORMULA_BINARY(<, call_op("aten::lt", "Tensor", a, b))
SKGEN_FORMULA_BINARY(<=, call_op("aten::le", "Tensor", a, b))
SKGEN_FORMULA_BINARY(>, call_op("aten::gt", "Tensor", a, b))
SKGEN_FORMULA_BINARY(>=, call_op("aten::ge", "Tensor", a, b))
SKGEN_FORMULA_BINARY(==, call_op("aten::eq", "Tensor", a, b))
SKGEN_FORMULA_BINARY(!=, call_op("aten::ne", "Tensor", a, b))
#undef SKGEN_FORMULA_BINARY

inline Tensor operator-(const Tensor &a) { return a.neg(); }
inline Tensor Tensor::mul(const Tensor &o) const { return *this * o; }
inline Tensor Tensor::div(const Tensor &o) const { return *this / o; }
inline Tensor Tensor::add(const Tensor &o) const { return *this + o; }
inline Tensor Tensor::sub(const Tensor &o) const { return *this - o; }
inline Tensor Tensor::pow(double exponent) const {
  return pow(detail::number_like(exponent, *this));
}

inline Tensor where(const Tensor &condition, const Tensor &self,
                    const Tensor &other) {
  return call_op("aten::where", "self", condition, self, other);
}
inline Tensor zeros_like(const Tensor &t) {
  return call_op("aten::zeros_like", "", t, std::nullopt, std::nullopt,
                 std::nullopt, std::nullopt, std::nullopt);
}
inline Tensor ones_like(const Tensor &t) {
  return call_op("aten::ones_like", "", t, std::nullopt, std::nullopt,
                 std::nullopt, std::nullopt, std::nullopt);
}

// derivatives.yaml's helpers (torch/csrc/autograd/FunctionsManual.h), by
// aten's names and meaning.

/// A real input's gradient is real: the real part of a complex \p gradient.
inline Tensor handle_r_to_c(torch::headeronly::ScalarType self_st,
                            const Tensor &gradient) {
  if (!::skgen::detail::isComplexType(self_st) && gradient.defined() &&
      gradient.is_complex())
    return call_op("aten::real", "", gradient);
  return gradient;
}
inline Tensor handle_r_to_c(const Tensor &self, const Tensor &gradient) {
  return handle_r_to_c(self.scalar_type(), gradient);
}

/// mul's backward for one operand: grad * other.conj(), real if self is.
inline Tensor mul_tensor_backward(const Tensor &grad, const Tensor &other,
                                  torch::headeronly::ScalarType self_st) {
  return handle_r_to_c(self_st, grad * other.conj());
}

/// sum's backward: \p grad expanded back to the input's \p sizes, the
/// reduced \p dims re-inserted first unless \p keepdim.
inline Tensor
sum_backward(const Tensor &grad, torch::headeronly::IntHeaderOnlyArrayRef sizes,
             std::optional<torch::headeronly::IntHeaderOnlyArrayRef> dims,
             bool keepdim) {
  Tensor g = grad;
  const int64_t n = static_cast<int64_t>(sizes.size());
  if (!keepdim && n > 0 && dims && !dims->empty()) {
    std::vector<bool> reduced(static_cast<size_t>(n), false);
    for (int64_t d : *dims)
      reduced[static_cast<size_t>(d < 0 ? d + n : d)] = true;
    for (int64_t d = 0; d < n; ++d)
      if (reduced[static_cast<size_t>(d)])
        g = g.unsqueeze(d);
  }
  return g.expand(sizes);
}
/// The backward of a reduction that selects values (max.dim, min.dim):
/// \p grad scattered to \p indices along \p dim.
inline Tensor value_selecting_reduction_backward_symint(
    const Tensor &grad, int64_t dim, const Tensor &indices,
    torch::headeronly::IntHeaderOnlyArrayRef sizes, bool keepdim) {
  return call_op("aten::value_selecting_reduction_backward", "", grad, dim,
                 indices, sizes, keepdim);
}
inline Tensor value_selecting_reduction_backward(
    const Tensor &grad, int64_t dim, const Tensor &indices,
    torch::headeronly::IntHeaderOnlyArrayRef sizes, bool keepdim) {
  return value_selecting_reduction_backward_symint(grad, dim, indices, sizes,
                                                   keepdim);
}

} // namespace formulas
SKGEN_STABLE_NAMESPACE_END

#endif // SKGEN_STABLE_FORMULAS_H
