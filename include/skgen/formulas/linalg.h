//===- skgen/formulas/linalg.h - Linear algebra formula helpers -*- C++ -*-===//
//
// aten's formula helpers for the linalg ops (derivatives.yaml's entries of
// _linalg_det, _linalg_slogdet, _linalg_solve_ex, linalg_lu, linalg_lu_solve,
// linalg_lu_factor_ex, lu_unpack, triangular_solve, linalg_cholesky_ex,
// _linalg_eigh, linalg_eig, linalg_qr, _linalg_svd), with aten's signatures
// (torch/csrc/autograd/FunctionsManual.h), written from what aten's compute:
// the same formulas, the same undefined gradients, the same checks and
// errors. Only ATen operators, out of place where aten writes into a fresh
// temporary (so that double backward and forward AD go through them).
//
// Part of skgen/formulas.h (included from there; see its header comment).
// PyTorch 1.13 and 2.x; where they differ, the comment says so.
//===----------------------------------------------------------------------===//
#ifndef SKGEN_FORMULAS_LINALG_H
#define SKGEN_FORMULAS_LINALG_H

#include <skgen/formulas.h>

#include <ATen/ATen.h>
#include <ATen/Context.h>
#include <ATen/core/grad_mode.h>
#include <c10/core/SymInt.h>
#include <c10/util/complex.h>
#include <c10/util/string_view.h>

#include <algorithm>
#include <cfloat>
#include <tuple>

namespace skgen {
namespace formulas {

namespace detail {

/// The machine epsilon of \p t's real dtype (float and double only, as
/// aten's linalg backward formulas).
inline double linalg_eps(const at::Tensor &t) {
  switch (c10::toRealValueType(t.scalar_type())) {
  case at::ScalarType::Float:
    return FLT_EPSILON;
  case at::ScalarType::Double:
    return DBL_EPSILON;
  default:
    TORCH_CHECK(false,
                "This function doesn't handle types other than float and "
                "double");
  }
}

/// Whether \p rhs is a (batch of) vector(s) for the (batch of) square
/// matrices \p a (NumPy's rule, as linalg.solve reads it).
inline bool solve_is_vector_rhs(const at::Tensor &a, const at::Tensor &rhs) {
  if (rhs.dim() == 1)
    return true;
  if (a.dim() - 1 != rhs.dim())
    return false;
  for (int64_t i = 0; i < rhs.dim(); ++i)
    if (rhs.sym_size(i) != a.sym_size(i))
      return false;
  return true;
}

/// \p lu with eps on the diagonal where it is 0: a nearby non-singular
/// factorization (det is C^1, so its gradient there is the limit).
inline at::Tensor perturb_singular_lu(const at::Tensor &lu) {
  return lu + at::diag_embed(
                  at::where(lu.diagonal(0, -2, -1) == 0., linalg_eps(lu), 0.));
}

/// \p x (square matrices) with its diagonal set to \p d, whatever the
/// diagonal held (a where: diagonal_scatter has no complex autograd in
/// PyTorch 1.13, and x - diag(x) keeps a nan of the diagonal).
inline at::Tensor with_diagonal(const at::Tensor &x, const at::Tensor &d) {
  at::Tensor eye = at::eye(x.size(-1), x.options().dtype(at::kBool));
  return at::where(eye, at::diag_embed(d.to(x.scalar_type())), x);
}

/// \p x with its diagonal (last two dims) scaled by \p s.
inline at::Tensor scale_diagonal(const at::Tensor &x, double s) {
  return with_diagonal(x, x.diagonal(0, -2, -1) * s);
}

/// (compute_q, reduced) of linalg.qr's mode.
inline std::tuple<bool, bool> parse_qr_mode(c10::string_view mode) {
  if (mode == "reduced")
    return std::make_tuple(true, true);
  if (mode == "complete")
    return std::make_tuple(true, false);
  if (mode == "r")
    return std::make_tuple(false, true);
  TORCH_CHECK(false, "qr received unrecognized mode '", mode,
              "' but expected one of 'reduced' (default), 'r', or 'complete'");
}

/// The batch elements of \p a where \p mask holds computed by \p f1, the
/// others by \p f2 (each called once, on the elements it gets).
template <typename F1, typename F2>
at::Tensor masked_fmap(const at::Tensor &mask, const F1 &f1, const F2 &f2,
                       const at::Tensor &a, const at::Tensor &d,
                       const at::Tensor &g) {
  at::Tensor a_masked = a.index({mask});
  if (a_masked.sym_numel() == a.sym_numel())
    return f1(a, d, g);
  if (a_masked.sym_numel() == 0)
    return f2(a, d, g);
  at::Tensor not_mask = mask.logical_not();
  return at::empty_like(a)
      .index_put_({mask}, f1(a_masked, d.index({mask}), g.index({mask})))
      .index_put_({not_mask}, f2(a.index({not_mask}), d.index({not_mask}),
                                 g.index({not_mask})));
}

/// a - b with b's undefined meaning 0 (a defined).
inline at::Tensor minus_opt(const at::Tensor &a, const at::Tensor &b) {
  return b.defined() ? a - b : a;
}

} // namespace detail

//===----------------------------------------------------------------------===//
// det, slogdet
//===----------------------------------------------------------------------===//

/// det's forward derivative: tr(A^{-1} dA) det, from A's LU (of A^T when
/// \p use_A_T); a zero pivot is perturbed by eps (the limit).
inline at::Tensor linalg_det_jvp(const at::Tensor &dA, const at::Tensor &det,
                                 const at::Tensor &LU, const at::Tensor &pivots,
                                 const bool use_A_T) {
  at::Tensor AinvE =
      at::linalg_lu_solve(detail::perturb_singular_lu(LU), pivots, dA,
                          /*left=*/true, /*adjoint=*/use_A_T);
  return AinvE.diagonal(0, -2, -1).sum(-1) * det;
}

/// det's backward: G solving A^H G = conj(det) grad I. Without grad mode
/// from the saved LU (perturbed where singular); with it (double backward)
/// from A again: linalg_solve, or, for (near-)singular batch elements, the
/// adjugate through an SVD.
inline at::Tensor linalg_det_backward(const at::Tensor &grad,
                                      const at::Tensor &det,
                                      const at::Tensor &A, const at::Tensor &LU,
                                      const at::Tensor &pivots) {
  at::NoTF32Guard disable_tf32;
  if (!grad.defined() || A.sym_numel() == 0)
    return {};
  // conj(det) grad on the diagonal, F-transposed as lu_solve wants it.
  at::Tensor d =
      at::diag_embed((grad * det.conj()).unsqueeze(-1).expand_as(pivots)).mT();
  if (!at::GradMode::is_enabled()) {
    bool use_A_T = A.is_contiguous() && !A.is_complex();
    return at::linalg_lu_solve(detail::perturb_singular_lu(LU), pivots, d,
                               /*left=*/true, /*adjoint=*/!use_A_T);
  }
  auto non_singular = [](const at::Tensor &a, const at::Tensor &dd,
                         const at::Tensor &) {
    return at::linalg_solve(a.mH(), dd);
  };
  auto singular = [](const at::Tensor &a, const at::Tensor &,
                     const at::Tensor &g) {
    at::Tensor U, S, Vh;
    std::tie(U, S, Vh) = at::linalg_svd(a);
    at::Tensor alpha = (at::linalg_det(U) * at::linalg_det(Vh)).conj() * g;
    at::Tensor D =
        prod_safe_zeros_backward(alpha.unsqueeze(-1), S, S.dim() - 1);
    return (U * D.unsqueeze(-2)).matmul(Vh);
  };
  return detail::masked_fmap(det.abs() < 100. * detail::linalg_eps(LU),
                             singular, non_singular, A, d, grad);
}

/// slogdet's forward derivatives (sign, logabsdet): i Im(tr(A^{-1}dA)) sign
/// and Re(tr(A^{-1}dA)); the sign's is a zero tensor for real A.
inline std::tuple<at::Tensor, at::Tensor>
slogdet_jvp(const at::Tensor &LU, const at::Tensor &pivots,
            const at::Tensor &dA, const at::Tensor &sign, const bool use_A_T) {
  at::Tensor trAinvE =
      at::linalg_lu_solve(LU, pivots, dA, /*left=*/true, use_A_T)
          .diagonal(0, -2, -1)
          .sum(-1);
  if (LU.is_complex())
    return std::make_tuple(at::imag(trAinvE) *
                               (sign * c10::complex<double>(0.0, 1.0)),
                           at::real(trAinvE));
  return std::make_tuple(at::_efficientzerotensor(sign.sizes(), sign.options()),
                         trAinvE);
}

/// slogdet's backward: (g_logabsdet - i Im(conj(g_sign) sign)) A^{-H}; the
/// sign's gradient counts only for complex A.
inline at::Tensor
slogdet_backward(const at::Tensor &grad_sign, const at::Tensor &grad_logabsdet,
                 const at::Tensor &A, const at::Tensor &signdet,
                 const at::Tensor &LU, const at::Tensor &pivots) {
  if (!grad_sign.defined() && !grad_logabsdet.defined())
    return {};
  bool is_complex = A.is_complex();
  if (!is_complex && !grad_logabsdet.defined())
    return {};
  at::Tensor g = grad_logabsdet;
  if (is_complex) {
    if (grad_sign.defined()) {
      at::Tensor rot =
          at::imag(grad_sign.conj() * signdet) * c10::complex<double>(0.0, 1.0);
      g = g.defined() ? g - rot : -rot;
    } else {
      g = g.to(A.scalar_type());
    }
  }
  at::Tensor d = at::diag_embed(g.unsqueeze(-1).expand_as(pivots)).mT();
  if (!at::GradMode::is_enabled()) {
    bool use_A_T = A.is_contiguous() && !A.is_complex();
    return at::linalg_lu_solve(LU, pivots, d, /*left=*/true,
                               /*adjoint=*/!use_A_T);
  }
  // Double backward: from A again, so that the gradient reaches A.
  return at::linalg_solve(A.mH(), d);
}

//===----------------------------------------------------------------------===//
// solve, triangular_solve
//===----------------------------------------------------------------------===//

namespace detail {
/// Whether _linalg_solve_ex's LU factors A^T (rather than A) for this A:
/// PyTorch 1.13 factors A^T for contiguous real A; 2.x factors A.
inline bool solve_lu_is_of_A_T(const at::Tensor &A) {
#if SKGEN_SYMBOLIC_SIZES
  (void)A;
  return false;
#else
  return A.is_contiguous() && !A.is_complex();
#endif
}

inline at::Tensor solve_jvp_from_lu(const at::Tensor &dA, const at::Tensor &dB,
                                    const at::Tensor &X, const at::Tensor &LU,
                                    const at::Tensor &pivots, bool left,
                                    bool adjoint) {
  at::NoTF32Guard disable_tf32;
  bool vector_case = solve_is_vector_rhs(LU, X);
  TORCH_INTERNAL_ASSERT(left || !vector_case);
  at::Tensor X_ = vector_case ? X.unsqueeze(-1) : X;
  at::Tensor dB_ = vector_case ? dB.unsqueeze(-1) : dB;
  at::Tensor R_ = left ? dA.matmul(X_) : X_.matmul(dA);
  at::Tensor dX_ = at::linalg_lu_solve(LU, pivots, dB_ - R_, left, adjoint);
  return vector_case ? dX_.squeeze(-1) : dX_;
}
} // namespace detail

/// linalg.solve's forward derivative: A^{-1}(dB - dA X) (left), from A's LU
/// (PyTorch 2's derivatives.yaml). With PyTorch 1.13, whose
/// _linalg_solve_ex factors A^T for contiguous real A, use the overload
/// with use_A_T (1.13's derivatives.yaml): this one cannot tell.
inline at::Tensor linalg_solve_jvp(const at::Tensor &dA, const at::Tensor &dB,
                                   const at::Tensor &X, const at::Tensor &LU,
                                   const at::Tensor &pivots, const bool left) {
  return detail::solve_jvp_from_lu(dA, dB, X, LU, pivots, left,
                                   /*adjoint=*/false);
}

/// PyTorch 1.13's signature: LU factors A^T when \p use_A_T.
inline at::Tensor linalg_solve_jvp(const at::Tensor &dA, const at::Tensor &dB,
                                   const at::Tensor &X, const at::Tensor &LU,
                                   const at::Tensor &pivots, const bool left,
                                   const bool use_A_T) {
  return detail::solve_jvp_from_lu(dA, dB, X, LU, pivots, left, use_A_T);
}

/// linalg.solve's backward (A, B): gB = A^{-H} gX, gA = -gB X^H (left). The
/// A gradient only where A requires grad, B's where \p B_requires_grad.
inline std::tuple<at::Tensor, at::Tensor>
linalg_solve_backward(const at::Tensor &gX, const at::Tensor &X,
                      const at::Tensor &A, const at::Tensor &LU,
                      const at::Tensor &pivots, const bool left,
                      const bool B_requires_grad) {
  at::NoTF32Guard disable_tf32;
  bool A_requires_grad = A.requires_grad();
  if (!gX.defined() || (!A_requires_grad && !B_requires_grad))
    return {};
  bool vector_case = detail::solve_is_vector_rhs(LU, X);
  at::Tensor gX_ = vector_case ? gX.unsqueeze(-1) : gX;
  at::Tensor gB_;
  if (at::GradMode::is_enabled())
    // Double backward: from A again, so that the gradient reaches A.
    gB_ = at::linalg_solve(A.mH(), gX_, left);
  else
    gB_ = at::linalg_lu_solve(LU, pivots, gX_, left,
                              /*adjoint=*/!detail::solve_lu_is_of_A_T(A));
  at::Tensor gA_;
  if (A_requires_grad) {
    at::Tensor X_ = vector_case ? X.unsqueeze(-1) : X;
    gA_ = left ? -gB_.matmul(X_.mH()) : -X_.mH().matmul(gB_);
  }
  return std::make_tuple(A_requires_grad ? gA_ : at::Tensor(),
                         B_requires_grad ? (vector_case ? gB_.squeeze(-1) : gB_)
                                         : at::Tensor());
}

/// triangular_solve's backward (self = b, A = a): grad_b = A^{-H} grad_x,
/// grad_a = -grad_b x^H on A's triangle, plus grad_m (the cloned
/// coefficient's gradient); zeros where a gradient is missing.
inline std::tuple<at::Tensor, at::Tensor>
triangular_solve_backward(const at::Tensor &grad_x, const at::Tensor &grad_m,
                          const at::Tensor &b, const at::Tensor &a,
                          const at::Tensor &x, const bool upper,
                          const bool transpose, const bool unitriangular,
                          std::array<bool, 2> output_mask) {
  at::NoTF32Guard disable_tf32;
  at::Tensor grad_b, grad_a;
  if (!grad_x.defined() && !grad_m.defined())
    return std::make_tuple(grad_b, grad_a);
  if (grad_x.defined()) {
    grad_b = std::get<0>(
        grad_x.triangular_solve(a.conj(), upper, !transpose, unitriangular));
    if (output_mask[1]) {
      grad_a =
          transpose ? -x.conj().matmul(grad_b.mT()) : -grad_b.matmul(x.mH());
      int64_t k = unitriangular ? 1 : 0;
      grad_a = upper ? grad_a.triu(k) : grad_a.tril(-k);
    }
  }
  if (!grad_a.defined())
    grad_a = at::zeros({1}, a.options()).expand_as(a);
  if (!grad_b.defined())
    grad_b = at::zeros({1}, b.options()).expand_as(b);
  if (output_mask[1] && grad_m.defined())
    grad_a = grad_a.add(grad_m);
  return std::make_tuple(grad_b, grad_a);
}

/// triangular_solve's forward derivative: the solve of dB - dA X (aten's
/// formula, dA neither projected onto the triangle nor transposed).
inline at::Tensor triangular_solve_jvp(const at::Tensor &X, const at::Tensor &A,
                                       const at::Tensor &dA,
                                       const at::Tensor &dB, const bool upper,
                                       const bool transpose,
                                       const bool unitriangular) {
  at::Tensor contrib = detail::solve_is_vector_rhs(dA, dB)
                           ? dA.matmul(X.unsqueeze(-1)).squeeze(-1)
                           : dA.matmul(X);
  return std::get<0>(
      at::triangular_solve(dB - contrib, A, upper, transpose, unitriangular));
}

//===----------------------------------------------------------------------===//
// Cholesky
//===----------------------------------------------------------------------===//

/// cholesky's forward derivative: dL = L pi(L^{-1} dA L^{-H}), pi(X) =
/// tril(X) - diag(X) / 2 (dA Hermitian).
inline at::Tensor cholesky_jvp(const at::Tensor &input_tangent,
                               const at::Tensor &L, bool upper) {
  at::NoTF32Guard disable_tf32;
  at::Tensor L_ = upper ? L.mH() : L;
  at::Tensor dL = at::linalg_solve_triangular(L_, input_tangent,
                                              /*upper=*/false, /*left=*/true);
  dL = at::linalg_solve_triangular(L_.mH(), dL, /*upper=*/true,
                                   /*left=*/false);
  dL = dL.tril() - dL.diagonal(0, -2, -1).mul(0.5).diag_embed();
  dL = L_.matmul(dL);
  return upper ? dL.mH() : dL;
}

/// cholesky's backward: gA = L^{-H} pi*(tril(L^H gL)) L^{-1}, pi*(X) =
/// (X + X^H - diag(X)) / 2.
inline at::Tensor cholesky_backward(const at::Tensor &grad, bool upper,
                                    const at::Tensor &L) {
  at::NoTF32Guard disable_tf32;
  if (!grad.defined())
    return {};
  at::Tensor L_ = upper ? L.mH() : L;
  at::Tensor gL_ = upper ? grad.mH() : grad;
  at::Tensor gA = L_.mH().matmul(gL_).tril();
  gA = 0.5 * (gA + gA.tril(-1).mH());
  gA = at::linalg_solve_triangular(L_.mH(), gA, /*upper=*/true, /*left=*/true);
  return at::linalg_solve_triangular(L_, gA, /*upper=*/false, /*left=*/false);
}

//===----------------------------------------------------------------------===//
// LU
//===----------------------------------------------------------------------===//

/// linalg.lu's backward (P L U = A; L (m x k), U (k x n)):
/// square: P L^{-H} [tril_{-1}(L^H gL) + triu(gU U^H)] U^{-H}; wide and
/// tall: the same on the leading k x k block, the rest from gU2 / gL2.
inline at::Tensor linalg_lu_backward(const at::Tensor &L_grad,
                                     const at::Tensor &U_grad,
                                     const at::Tensor &P, const at::Tensor &L,
                                     const at::Tensor &U, const bool pivot) {
  at::NoTF32Guard disable_tf32;
  if (!L_grad.defined() && !U_grad.defined())
    return {};
  using detail::narrow_sizes;
  c10::SymInt m = L.sym_size(-2);
  c10::SymInt n = U.sym_size(-1);
  c10::SymInt k = std::min(m, n);
  at::Tensor A_grad;
  if (m == n) {
    if (L_grad.defined())
      A_grad = L.mH().matmul(L_grad).tril(-1);
    if (U_grad.defined()) {
      at::Tensor u = U_grad.matmul(U.mH()).triu();
      A_grad = A_grad.defined() ? A_grad + u : u;
    }
    A_grad = at::linalg_solve_triangular(U.mH(), A_grad, /*upper=*/false,
                                         /*left=*/false);
    A_grad = at::linalg_solve_triangular(L.mH(), A_grad, /*upper=*/true,
                                         /*left=*/true, /*unitriangular=*/true);
    return pivot ? P.matmul(A_grad) : A_grad;
  }
  if (m < n) {
    // Wide: U = (U1 | U2), U1 k x k.
    at::Tensor U1 = narrow_sizes(U, -1, 0, k);
    if (L_grad.defined())
      A_grad = L.mH().matmul(L_grad);
    if (U_grad.defined()) {
      at::Tensor u = U_grad.triu().matmul(U.mH());
      A_grad = A_grad.defined() ? A_grad - u : -u;
    }
    A_grad = at::linalg_solve_triangular(U1.mH(), A_grad.tril(-1),
                                         /*upper=*/false, /*left=*/false);
    if (U_grad.defined())
      A_grad = at::cat({A_grad + narrow_sizes(U_grad, -1, 0, k).triu(),
                        narrow_sizes(U_grad, -1, k, n - k)},
                       -1);
    A_grad = at::linalg_solve_triangular(L.mH(), A_grad, /*upper=*/true,
                                         /*left=*/true, /*unitriangular=*/true);
    if (!U_grad.defined())
      A_grad =
          at::cat({A_grad, at::zeros_like(narrow_sizes(U, -1, k, n - k))}, -1);
    return pivot ? P.matmul(A_grad) : A_grad;
  }
  // Tall: L = (L1 ; L2), L1 k x k.
  at::Tensor L1 = narrow_sizes(L, -2, 0, k);
  if (U_grad.defined())
    A_grad = U_grad.matmul(U.mH());
  if (L_grad.defined()) {
    at::Tensor l = L.mH().matmul(L_grad.tril(-1));
    A_grad = A_grad.defined() ? A_grad - l : -l;
  }
  A_grad = at::linalg_solve_triangular(L1.mH(), A_grad.triu(), /*upper=*/true,
                                       /*left=*/true, /*unitriangular=*/true);
  if (L_grad.defined())
    A_grad = at::cat({A_grad + narrow_sizes(L_grad, -2, 0, k).tril(-1),
                      narrow_sizes(L_grad, -2, k, m - k)},
                     -2);
  A_grad = at::linalg_solve_triangular(U.mH(), A_grad, /*upper=*/false,
                                       /*left=*/false);
  if (!L_grad.defined())
    A_grad =
        at::cat({A_grad, at::zeros_like(narrow_sizes(L, -2, k, m - k))}, -2);
  return pivot ? P.matmul(A_grad) : A_grad;
}

/// linalg.lu's forward derivatives (dL, dU): with dK = L1^{-1} P^T dA1
/// U1^{-1}, dL1 = L1 tril_{-1}(dK), dU1 = triu(dK) U1; the off-square
/// block of U (wide) or L (tall) from the rest of dA.
inline std::tuple<at::Tensor, at::Tensor>
linalg_lu_jvp(const at::Tensor &dA, const at::Tensor &P, const at::Tensor &L,
              const at::Tensor &U, const bool pivot) {
  at::NoTF32Guard disable_tf32;
  int64_t m = dA.size(-2);
  int64_t n = dA.size(-1);
  int64_t k = std::min(m, n);
  at::Tensor PdA = pivot ? P.mT().matmul(dA) : dA;
  at::Tensor PdA1 = PdA.narrow(-2, 0, k).narrow(-1, 0, k);
  at::Tensor L1 = L.narrow(-2, 0, k).narrow(-1, 0, k);
  at::Tensor U1 = U.narrow(-2, 0, k).narrow(-1, 0, k);
  at::Tensor dK = at::linalg_solve_triangular(
      L1, PdA1, /*upper=*/false, /*left=*/true, /*unitriangular=*/true);
  dK = at::linalg_solve_triangular(U1, dK, /*upper=*/true, /*left=*/false);
  at::Tensor dL1 = L1.matmul(dK.tril(-1));
  at::Tensor dU1 = dK.triu().matmul(U1);
  if (m == n)
    return std::make_tuple(dL1, dU1);
  if (m < n) {
    at::Tensor dU2 = at::linalg_solve_triangular(L1, PdA.narrow(-1, k, n - k),
                                                 /*upper=*/false, /*left=*/true,
                                                 /*unitriangular=*/true) -
                     dK.tril(-1).matmul(U.narrow(-1, k, n - k));
    return std::make_tuple(dL1, at::cat({dU1, dU2}, -1));
  }
  at::Tensor dL2 = at::linalg_solve_triangular(U1, PdA.narrow(-2, k, m - k),
                                               /*upper=*/true, /*left=*/false) -
                   L.narrow(-2, k, m - k).matmul(dK.triu());
  return std::make_tuple(at::cat({dL1, dL2}, -2), dU1);
}

/// linalg.lu_factor's backward: linalg.lu's, with the packed gradient split
/// into its L (strictly lower) and U (upper) parts.
inline at::Tensor lu_factor_ex_backward(const at::Tensor &grad,
                                        const at::Tensor &LU,
                                        const at::Tensor &pivs,
                                        const bool pivot) {
  at::Tensor P, L, U;
  std::tie(P, L, U) = at::lu_unpack(LU, pivs, /*unpack_data=*/true,
                                    /*unpack_pivots=*/pivot);
  c10::SymInt k = std::min(LU.sym_size(-2), LU.sym_size(-1));
  return linalg_lu_backward(detail::narrow_sizes(grad, -1, 0, k),
                            detail::narrow_sizes(grad, -2, 0, k), P, L, U,
                            pivot);
}

/// linalg.lu_factor's forward derivative: dL and dU packed as LU is (dL's
/// unit diagonal contributes 0).
inline at::Tensor lu_factor_ex_jvp(const at::Tensor &dX, const at::Tensor &LU,
                                   const at::Tensor &pivs, const bool pivot) {
  at::Tensor P, L, U, dL, dU;
  std::tie(P, L, U) = at::lu_unpack(LU, pivs, /*unpack_data=*/true,
                                    /*unpack_pivots=*/pivot);
  std::tie(dL, dU) = linalg_lu_jvp(dX, P, L, U, pivot);
  int64_t m = dX.size(-2);
  int64_t n = dX.size(-1);
  if (m >= n)
    return at::cat({dL.narrow(-2, 0, n) + dU, dL.narrow(-2, n, m - n)}, -2);
  return at::cat({dU.narrow(-1, 0, m) + dL, dU.narrow(-1, m, n - m)}, -1);
}

/// lu_unpack's backward for LU_data (m x n): L's strictly lower and U's
/// upper part put back into the packed matrix.
inline at::Tensor lu_unpack_backward(const at::Tensor &L_grad,
                                     const at::Tensor &U_grad,
                                     const c10::SymInt &m,
                                     const c10::SymInt &n) {
  if (!L_grad.defined() && !U_grad.defined())
    return {};
  using detail::narrow_sizes;
  c10::SymInt k = std::min(m, n);
  if (L_grad.defined() && U_grad.defined()) {
    if (m == n)
      return L_grad.tril(-1) + U_grad.triu();
    at::Tensor L1 =
        m == k ? L_grad.tril(-1) : narrow_sizes(L_grad, -2, 0, k).tril(-1);
    at::Tensor U1 =
        n == k ? U_grad.triu() : narrow_sizes(U_grad, -1, 0, k).triu();
    if (m > n)
      return at::cat({L1 + U1, narrow_sizes(L_grad, -2, k, m - k)}, -2);
    return at::cat({L1 + U1, narrow_sizes(U_grad, -1, k, n - k)}, -1);
  }
  if (L_grad.defined()) {
    if (m >= n)
      return L_grad.tril(-1);
    std::vector<c10::SymInt> size = L_grad.sym_sizes().vec();
    size.back() = n - m;
    return at::cat({L_grad.tril(-1), at::zeros_symint(size, L_grad.options())},
                   -1);
  }
  if (n >= m)
    return U_grad.triu();
  std::vector<c10::SymInt> size = U_grad.sym_sizes().vec();
  size[size.size() - 2] = m - n;
  return at::cat({U_grad.triu(), at::zeros_symint(size, U_grad.options())}, -2);
}

/// linalg.lu_solve's backward for LU (op(A) op(X) = op(B) as left and
/// adjoint say): the adjoint of its forward derivative, split into L's
/// strictly lower and U's upper part.
inline at::Tensor linalg_lu_solve_LU(const at::Tensor &grad,
                                     const at::Tensor &LU,
                                     const at::Tensor &pivots,
                                     const at::Tensor &X, const bool left,
                                     const bool adjoint) {
  at::NoTF32Guard disable_tf32;
  at::Tensor P, L, U;
  std::tie(P, L, U) = at::lu_unpack(LU, pivots, /*unpack_data=*/true,
                                    /*unpack_pivots=*/left == adjoint);
  if (left != adjoint) {
    // gR = U^{-H} op(-gX) op(X)^H; gL = tril_{-1}(L^{-H} gR U^H).
    at::Tensor gR = at::linalg_solve_triangular(
        U.mH(), -(left ? grad : grad.mH()).matmul(left ? X.mH() : X),
        /*upper=*/false);
    at::Tensor gL =
        at::linalg_solve_triangular(L.mH(), gR.matmul(U.mH()), /*upper=*/true,
                                    /*left=*/true, /*unitriangular=*/true)
            .tril(-1);
    return gL + gR.triu();
  }
  // gR = -P^T op(X) op(gX) P L^{-H}; gU = triu(L^H gR U^{-H}).
  at::Tensor gR = -P.mT()
                       .matmul(left ? X : X.mH())
                       .matmul(left ? grad.mH() : grad)
                       .matmul(P);
  gR = at::linalg_solve_triangular(L.mH(), gR, /*upper=*/true, /*left=*/false,
                                   /*unitriangular=*/true);
  at::Tensor gU = at::linalg_solve_triangular(U.mH(), L.mH().matmul(gR),
                                              /*upper=*/false, /*left=*/false)
                      .triu();
  return gR.tril(-1) + gU;
}

/// linalg.lu_solve's forward derivative: the solve of dB, plus the term of
/// dLU (split into dL's strictly lower and dU's upper part).
inline at::Tensor linalg_lu_solve_jvp(const at::Tensor &X, const at::Tensor &LU,
                                      const at::Tensor &pivots,
                                      const at::Tensor &dLU,
                                      const at::Tensor &dB, const bool left,
                                      const bool adjoint) {
  at::NoTF32Guard disable_tf32;
  at::Tensor S = at::linalg_lu_solve(LU, pivots, dB, left, adjoint);
  if (left != adjoint) {
    // R = -U^{-1}(dU + L^{-1} dL U); dX = op(R op(X)) + S.
    at::Tensor R = at::linalg_solve_triangular(LU, dLU.tril(-1),
                                               /*upper=*/false, /*left=*/true,
                                               /*unitriangular=*/true);
    at::Tensor U = LU.triu();
    R = -at::linalg_solve_triangular(U, dLU.triu() + R.matmul(U),
                                     /*upper=*/true);
    return (left ? R.matmul(X) : X.matmul(R.mH())) + S;
  }
  // dX = op(op(-op(X)^H P (L dU U^{-1} + dL) L^{-1} P^T)) + S.
  at::Tensor P, L, U;
  std::tie(P, L, U) = at::lu_unpack(LU, pivots);
  at::Tensor V = left ? X.mH() : X;
  at::Tensor R = at::linalg_solve_triangular(U, L.matmul(dLU.triu()),
                                             /*upper=*/true, /*left=*/false) +
                 dLU.tril(-1);
  R = at::linalg_solve_triangular(L, -V.matmul(P).matmul(R), /*upper=*/false,
                                  /*left=*/false, /*unitriangular=*/true)
          .matmul(P.mT());
  return (left ? R.mH() : R) + S;
}

//===----------------------------------------------------------------------===//
// Eigendecomposition, QR, SVD
//===----------------------------------------------------------------------===//

/// eig/eigh's backward: gA = V^{-H}(diag(gL) + (V^H gV projected) / E*)V^H,
/// E_ij = L_j - L_i off the diagonal. Refuses a loss that depends on the
/// eigenvectors' phases (complex V), as aten.
inline at::Tensor linalg_eig_backward(const at::Tensor &gL,
                                      const at::Tensor &gV, const at::Tensor &L,
                                      const at::Tensor &V,
                                      const bool is_hermitian,
                                      const bool symeig_eigenvectors = true) {
  at::NoTF32Guard disable_tf32;
  TORCH_CHECK(symeig_eigenvectors,
              "linalg_eig_backward: torch.symeig(A, eigenvectors=False) is not "
              "differentiable. ",
              "Use torch.linalg.eigvalsh(A) instead.");
  if (!gL.defined() && !gV.defined())
    return {};
  if (!gV.defined()) {
    // eigvals / eigvalsh: V^{-H} diag(gL) V^H.
    if (is_hermitian)
      return at::matmul(V * gL.unsqueeze(-2), V.mH());
    return at::linalg_solve(V.mH(), gL.unsqueeze(-1) * V.mH());
  }
  at::Tensor VhgV = at::matmul(V.mH(), gV);
  at::Tensor diag_VhgV = VhgV.diagonal(0, -2, -1);
  if (V.is_complex()) {
    at::Tensor imdiag = at::imag(diag_VhgV);
    TORCH_CHECK(at::allclose(imdiag, at::zeros_like(imdiag), /*rtol=*/1e-2,
                             /*atol=*/1e-2),
                is_hermitian ? "linalg_eigh_backward" : "linalg_eig_backward",
                ": The eigenvectors in the complex case are specified up to "
                "multiplication ",
                "by e^{i phi}. The specified loss function depends on this "
                "quantity, so it is ill-defined.");
  }
  if (is_hermitian)
    // Onto the skew-Hermitian matrices (tangent space of U(n) at I).
    VhgV = 0.5 * (VhgV - VhgV.mH());
  else
    // Onto the tangent space of matrices with unit-norm columns.
    VhgV = VhgV - at::matmul(V.mH(), V * at::real(diag_VhgV).unsqueeze(-2));
  at::Tensor Lconj = L.conj();
  at::Tensor Econj = detail::with_diagonal(
      Lconj.unsqueeze(-2) - Lconj.unsqueeze(-1), at::ones_like(Lconj));
  at::Tensor gA = VhgV / Econj;
  if (gL.defined())
    gA = detail::with_diagonal(gA, gL);
  if (is_hermitian)
    return at::matmul(V, at::matmul(gA, V.mH()));
  return at::linalg_solve(V.mH(), at::matmul(gA, V.mH()));
}

/// eig/eigh's forward derivatives (dL, dV): dP = V^{-1} dA V, dL = diag(dP),
/// dV = V (offdiag(dP) / E) with unit-norm columns kept (eig).
inline std::tuple<at::Tensor, at::Tensor>
linalg_eig_jvp(const at::Tensor &dA, const at::Tensor &L, const at::Tensor &V,
               const bool is_hermitian) {
  at::NoTF32Guard disable_tf32;
  at::Tensor dP =
      is_hermitian
          ? at::matmul(at::matmul(V.mH(), dA), V)
          : at::linalg_solve(
                V, at::matmul(dA.to(c10::toComplexType(dA.scalar_type())), V));
  at::Tensor dL = is_hermitian && dA.is_complex()
                      ? at::real(dP.diagonal(0, -2, -1))
                      : dP.diagonal(0, -2, -1);
  // offdiag(dP) / E: the diagonal (0 / 0) set to 0.
  at::Tensor ratio = dP / (L.unsqueeze(-2) - L.unsqueeze(-1));
  at::Tensor dX = at::matmul(
      V,
      detail::with_diagonal(ratio, at::zeros_like(ratio.diagonal(0, -2, -1))));
  if (is_hermitian)
    return std::make_tuple(dL, dX);
  at::Tensor dV =
      dX -
      V * at::real(at::matmul(V.mH(), dX).diagonal(0, -2, -1)).unsqueeze(-2);
  return std::make_tuple(dL, dV);
}

namespace detail {
/// linalg.qr's refusals: mode 'r' (no Q), mode 'complete' with more rows
/// than columns.
inline void check_qr_differentiable(c10::string_view mode, bool m_le_n) {
  bool compute_q, reduced;
  std::tie(compute_q, reduced) = parse_qr_mode(mode);
  TORCH_CHECK(compute_q,
              "The derivative of linalg.qr depends on Q, which is not computed "
              "when mode='r'. Please use linalg.qr(A, mode='reduced') if you "
              "are going to differentiate through linalg.qr.");
  TORCH_CHECK(reduced || m_le_n,
              "The QR decomposition is not differentiable when "
              "mode='complete' and nrows > ncols.");
}
} // namespace detail

/// linalg.qr's forward derivatives (dQ, dR). m >= n: dR = syminv(sym(Q^H dA
/// R^{-1})) R, dQ = dA R^{-1} - Q dR R^{-1}; m < n: dQ from the leading
/// m x m block, dR = Q^H dA - Q^H dQ R.
inline std::tuple<at::Tensor, at::Tensor>
linalg_qr_jvp(const at::Tensor &dA, const at::Tensor &Q, const at::Tensor &R,
              const c10::string_view mode) {
  at::NoTF32Guard disable_tf32;
  int64_t m = dA.size(-2);
  int64_t n = dA.size(-1);
  detail::check_qr_differentiable(mode, m <= n);
  if (m >= n) {
    at::Tensor dARinv =
        at::linalg_solve_triangular(R, dA, /*upper=*/true, /*left=*/false);
    at::Tensor X = Q.mH().matmul(dARinv);
    // syminv(sym(X)): triu(X + X^H) with the diagonal halved.
    at::Tensor dR = detail::scale_diagonal((X + X.mH()).triu(), 0.5);
    at::Tensor dQ = dARinv - Q.matmul(dR);
    return std::make_tuple(dQ, dR.matmul(R));
  }
  at::Tensor QHdA = Q.mH().matmul(dA);
  at::Tensor X = at::linalg_solve_triangular(
      R.narrow(-1, 0, m), QHdA.narrow(-1, 0, m), /*upper=*/true,
      /*left=*/false);
  at::Tensor dQ;
  if (X.is_complex()) {
    // trilIm(X): tril(X) with a purely imaginary diagonal; its inverse:
    // Y - Y^H with the diagonal halved.
    at::Tensor t = X.tril();
    t = t - at::diag_embed(at::real(t.diagonal(0, -2, -1))).to(t.scalar_type());
    dQ = detail::scale_diagonal(t - t.mH(), 0.5);
  } else {
    at::Tensor t = X.tril(-1);
    dQ = t - t.mT();
  }
  at::Tensor dR = QHdA - dQ.matmul(R);
  return std::make_tuple(Q.matmul(dQ), dR);
}

/// linalg.qr's backward: the adjoint of linalg_qr_jvp.
inline at::Tensor linalg_qr_backward(const at::Tensor &gQ, const at::Tensor &gR,
                                     const at::Tensor &Q, const at::Tensor &R,
                                     const c10::string_view mode) {
  at::NoTF32Guard disable_tf32;
  // The mode first: with mode 'r', Q is empty (no sizes to read).
  if (!std::get<0>(detail::parse_qr_mode(mode)))
    detail::check_qr_differentiable(mode, true);
  c10::SymInt m = Q.sym_size(-2);
  c10::SymInt n = R.sym_size(-1);
  detail::check_qr_differentiable(mode, m <= n);
  if (!gQ.defined() && !gR.defined())
    return {};
  at::Tensor gA;
  if (gQ.defined())
    gA = gR.defined() ? gR.matmul(R.mH()) - Q.mH().matmul(gQ)
                      : -Q.mH().matmul(gQ);
  else
    gA = gR.matmul(R.mH());
  if (m >= n) {
    // syminv*(X) = X + X^H with the real part of the diagonal halved.
    at::Tensor t = gA.triu();
    t = t + t.mH();
    at::Tensor re = at::real(t.diagonal(0, -2, -1)) * 0.5;
    t = t - at::diag_embed(re).to(t.scalar_type());
    gA = Q.matmul(t);
    if (gQ.defined())
      gA = gA + gQ;
    return at::linalg_solve_triangular(R.mH(), gA, /*upper=*/false,
                                       /*left=*/false);
  }
  // trilImInv*(-gA): tril(Y - Y^H) with the imaginary part of the diagonal
  // halved.
  at::Tensor Y = -gA;
  at::Tensor t = (Y - Y.mH()).tril();
  if (Y.is_complex())
    t = t - at::diag_embed(at::imag(t.diagonal(0, -2, -1)) * 0.5) *
                c10::complex<double>(0.0, 1.0);
  gA = Q.matmul(t);
  gA = at::linalg_solve_triangular(detail::narrow_sizes(R, -1, 0, m).mH(), gA,
                                   /*upper=*/false, /*left=*/false);
  std::vector<c10::SymInt> shape = R.sym_sizes().vec();
  shape.back() = n - m;
  gA = at::cat({gA, at::zeros_symint(shape, gA.options())}, -1);
  if (gR.defined())
    gA = gA + Q.matmul(gR);
  return gA;
}

/// svd's backward (reduced U, S, Vh; distinct singular values): gA =
/// U [(skew(U^H gU) / E) S + S (skew(V^H gV) / E) + diag(gS)] V^H plus the
/// projections for m != n. Refuses a loss that depends on the singular
/// vectors' phases (complex), as aten.
inline at::Tensor svd_backward(const at::Tensor &gU, const at::Tensor &gS,
                               const at::Tensor &gVh, const at::Tensor &U,
                               const at::Tensor &S, const at::Tensor &Vh) {
  at::NoTF32Guard disable_tf32;
  TORCH_INTERNAL_ASSERT(U.dim() >= 2 && Vh.dim() >= 2);
  if (!gS.defined() && !gU.defined() && !gVh.defined())
    return {};
  c10::SymInt m = U.sym_size(-2);
  c10::SymInt n = Vh.sym_size(-1);
  if (!gU.defined() && !gVh.defined())
    // svdvals: U diag(gS) Vh.
    return m >= n ? at::matmul(U, gS.unsqueeze(-1) * Vh)
                  : at::matmul(U * gS.unsqueeze(-2), Vh);
  bool is_complex = U.is_complex();
  auto skew = [](const at::Tensor &X) { return X - X.mH(); };
  at::Tensor UhgU = gU.defined() ? skew(at::matmul(U.mH(), gU)) : at::Tensor();
  at::Tensor VhgV =
      gVh.defined() ? skew(at::matmul(Vh, gVh.mH())) : at::Tensor();
  if (is_complex) {
    at::Tensor im_u =
        gU.defined() ? at::imag(UhgU.diagonal(0, -2, -1)) : at::zeros_like(S);
    at::Tensor im_v =
        gVh.defined() ? at::imag(VhgV.diagonal(0, -2, -1)) : at::zeros_like(S);
    TORCH_CHECK(at::allclose(im_u, -im_v, /*rtol=*/1e-2, /*atol=*/1e-2),
                "svd_backward: The singular vectors in the complex case are "
                "specified up to multiplication "
                "by e^{i phi}. The specified loss function depends on this "
                "phase term, making "
                "it ill-defined.");
  }
  at::Tensor S2 = S * S;
  at::Tensor E = detail::with_diagonal(S2.unsqueeze(-2) - S2.unsqueeze(-1),
                                       at::ones_like(S2));
  at::Tensor gA;
  if (gU.defined() && gVh.defined())
    gA = (UhgU * S.unsqueeze(-2) + S.unsqueeze(-1) * VhgV) / E;
  else if (gU.defined())
    gA = (UhgU / E) * S.unsqueeze(-2);
  else
    gA = S.unsqueeze(-1) * (VhgV / E);
  if (gS.defined())
    gA = gA + gS.diag_embed();
  if (is_complex && gU.defined() && gVh.defined())
    gA = gA + (UhgU.diagonal(0, -2, -1) / (2. * S)).diag_embed();
  if (m > n && gU.defined()) {
    // + (I_m - U U^H) gU S^{-1} V^H
    gA = at::matmul(U, gA);
    at::Tensor gUSinv = gU / S.unsqueeze(-2);
    gA = gA + gUSinv - at::matmul(U, at::matmul(U.mH(), gUSinv));
    return at::matmul(gA, Vh);
  }
  if (m < n && gVh.defined()) {
    // + U S^{-1} gVh (I_n - V V^H)
    gA = at::matmul(gA, Vh);
    at::Tensor SinvgVh = gVh / S.unsqueeze(-1);
    gA = gA + SinvgVh - at::matmul(at::matmul(SinvgVh, Vh.mH()), Vh);
    return at::matmul(U, gA);
  }
  return m >= n ? at::matmul(U, at::matmul(gA, Vh))
                : at::matmul(at::matmul(U, gA), Vh);
}

/// svd's forward derivatives (dU, dS, dVh), with dP = U^H dA V: dS =
/// Re(diag(dP)); dU, dVh from its off-diagonal part over E (and the
/// projections for m != n); zero columns / rows for full_matrices.
inline std::tuple<at::Tensor, at::Tensor, at::Tensor>
linalg_svd_jvp(const at::Tensor &dA, const at::Tensor &U_, const at::Tensor &S,
               const at::Tensor &Vh_, const bool full_matrices) {
  at::NoTF32Guard disable_tf32;
  TORCH_INTERNAL_ASSERT(U_.dim() >= 2 && Vh_.dim() >= 2);
  bool is_complex = dA.is_complex();
  int64_t m = dA.size(-2);
  int64_t n = dA.size(-1);
  int64_t k = S.size(-1);
  at::Tensor U = full_matrices ? U_.narrow(-1, 0, k) : U_;
  at::Tensor Vh = full_matrices ? Vh_.narrow(-2, 0, k) : Vh_;
  at::Tensor V = Vh.mH();
  at::Tensor dP = m < n ? at::matmul(U.mH(), at::matmul(dA, V))
                        : at::matmul(at::matmul(U.mH(), dA), V);
  at::Tensor dS =
      is_complex ? at::real(dP.diagonal(0, -2, -1)) : dP.diagonal(0, -2, -1);
  dP = dP - dS.diag_embed();
  at::Tensor S2 = S * S;
  at::Tensor E = detail::with_diagonal(S2.unsqueeze(-2) - S2.unsqueeze(-1),
                                       at::ones_like(S2));
  auto sym = [](const at::Tensor &X) { return X + X.mH(); };
  at::Tensor diagdP2S =
      is_complex ? dP.diagonal(0, -2, -1).div(2. * S) : at::Tensor();
  at::Tensor dUaux = sym(dP * S.unsqueeze(-2)) / E;
  if (is_complex)
    dUaux = dUaux + diagdP2S.diag_embed();
  at::Tensor dU = at::matmul(U, dUaux);
  if (m > n) {
    at::Tensor dAVSinv = at::matmul(dA, V / S.unsqueeze(-2));
    dU = dU + dAVSinv - at::matmul(U, at::matmul(U.mH(), dAVSinv));
    if (full_matrices) {
      std::vector<int64_t> shape = dU.sizes().vec();
      shape.back() = m - n;
      dU = at::cat({dU, dU.new_zeros(shape)}, -1);
    }
  }
  at::Tensor dVhaux = sym(dP * (-S).unsqueeze(-1)) / E;
  if (is_complex)
    dVhaux = dVhaux + diagdP2S.diag_embed();
  at::Tensor dVh = at::matmul(dVhaux, Vh);
  if (m < n) {
    at::Tensor UHdASinv = at::matmul(U.mH() / S.unsqueeze(-1), dA);
    dVh = dVh + UHdASinv - at::matmul(at::matmul(UHdASinv, V), Vh);
    if (full_matrices) {
      std::vector<int64_t> shape = dVh.sizes().vec();
      shape[shape.size() - 2] = n - m;
      dVh = at::cat({dVh, dVh.new_zeros(shape)}, -2);
    }
  }
  return std::make_tuple(dU, dS, dVh);
}

} // namespace formulas
} // namespace skgen

#endif // SKGEN_FORMULAS_LINALG_H
