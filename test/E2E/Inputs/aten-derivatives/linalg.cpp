// aten's differentiable structured linalg ops ported as skgen families, with
// their formulas from PyTorch 2.13's derivatives.yaml copied as they are
// written there; their helpers (linalg_det_backward, slogdet_jvp, ...) are
// skgen/formulas/linalg.h's. Each out= kernel calls aten's own out=
// function; each meta function asks aten's op on the Meta device for the
// outputs' sizes, dtypes and strides. linalg_grads.py compares the generated
// autograd kernels with aten's ops.
//
// Where a formula differs from the yaml's text, the comment says why:
// PyTorch 1.13 has no Tensor::narrow_symint / tril_symint,
// which lu_unpack's and _linalg_svd's formulas call (the #else branches
// spell them narrow / tril there). The yaml's line breaks inside a quoted
// formula are folded to spaces (YAML), as here.
#include <ATen/ATen.h>
#include <torch/library.h>

#include <skgen/annotations.h>
#include <skgen/formulas.h>
#include <skgen/structured.h>

#include <tuple>

namespace aten_linalg {

namespace {
/// An empty tensor like \p t on the Meta device, for aten's meta functions.
at::Tensor on_meta(const at::Tensor &t) {
  return at::empty_strided(t.sizes(), t.strides(),
                           t.options().device(at::kMeta));
}

/// The output \p m (computed on the Meta device) as a TensorMeta: its sizes,
/// dtype and strides; out= tensors must have its dtype (torchgen's rule).
skgen::TensorMeta like(const at::Tensor &m) {
  skgen::TensorMeta t(skgen::sizes_of(m), m.scalar_type());
#if SKGEN_SYMBOLIC_SIZES
  t.with_strides(
      skgen::SizeVector(m.sym_strides().begin(), m.sym_strides().end()));
#else
  t.with_strides(skgen::SizeVector(m.strides().begin(), m.strides().end()));
#endif
  t.out_dtype = skgen::OutDtype::Exact;
  return t;
}

template <class Tuple, size_t... I>
skgen::Meta like_all(const Tuple &outs, std::index_sequence<I...>) {
  return skgen::Meta{like(std::get<I>(outs))...};
}
template <class... T> skgen::Meta like_all(const std::tuple<T...> &outs) {
  return like_all(outs, std::index_sequence_for<T...>());
}
} // namespace

//===----------------------------------------------------------------------===//
// det, slogdet, solve
//===----------------------------------------------------------------------===//

skgen::Meta det_meta(const at::Tensor &A) {
  return like_all(at::_linalg_det(on_meta(A)));
}

SKGEN_STRUCTURED("aten_linalg::_linalg_det.result(Tensor A, *, Tensor(a!) "
                 "result, Tensor(b!) LU, Tensor(c!) pivots) -> (Tensor(a!) "
                 "result, Tensor(b!) LU, Tensor(c!) pivots)",
                 CPU)
SKGEN_FUNCTIONAL_NAME("")
SKGEN_NO_INPLACE
SKGEN_META(det_meta)
SKGEN_DERIVATIVE("A", "linalg_det_backward(grad, result, A, LU, pivots)")
SKGEN_DERIVATIVE("result", "linalg_det_jvp(A_t, result, LU, pivots, "
                           "A_p.is_contiguous() && !A_p.is_complex())")
SKGEN_DERIVATIVE("output_differentiability", "[True, False, False]")
std::tuple<at::Tensor &, at::Tensor &, at::Tensor &>
det_out(const at::Tensor &A, at::Tensor &result, at::Tensor &LU,
        at::Tensor &pivots) {
  at::_linalg_det_out(result, LU, pivots, A);
  return std::tuple<at::Tensor &, at::Tensor &, at::Tensor &>(result, LU,
                                                              pivots);
}

skgen::Meta slogdet_meta(const at::Tensor &A) {
  return like_all(at::_linalg_slogdet(on_meta(A)));
}

SKGEN_STRUCTURED("aten_linalg::_linalg_slogdet.sign(Tensor A, *, Tensor(a!) "
                 "sign, Tensor(b!) logabsdet, Tensor(c!) LU, Tensor(d!) "
                 "pivots) -> (Tensor(a!) sign, Tensor(b!) logabsdet, "
                 "Tensor(c!) LU, Tensor(d!) pivots)",
                 CPU)
SKGEN_FUNCTIONAL_NAME("")
SKGEN_NO_INPLACE
SKGEN_META(slogdet_meta)
SKGEN_DERIVATIVE("A", "slogdet_backward(grad_sign, grad_logabsdet, A, sign, "
                      "LU, pivots)")
SKGEN_DERIVATIVE("sign, logabsdet",
                 "slogdet_jvp(LU, pivots, A_t, sign, A_p.is_contiguous() && "
                 "!A_p.is_complex())")
SKGEN_DERIVATIVE("output_differentiability", "[True, True, False, False]")
std::tuple<at::Tensor &, at::Tensor &, at::Tensor &, at::Tensor &>
slogdet_out(const at::Tensor &A, at::Tensor &sign, at::Tensor &logabsdet,
            at::Tensor &LU, at::Tensor &pivots) {
  at::_linalg_slogdet_out(sign, logabsdet, LU, pivots, A);
  return std::tuple<at::Tensor &, at::Tensor &, at::Tensor &, at::Tensor &>(
      sign, logabsdet, LU, pivots);
}

skgen::Meta solve_meta(const at::Tensor &A, const at::Tensor &B, bool left,
                       bool check_errors) {
  return like_all(
      at::_linalg_solve_ex(on_meta(A), on_meta(B), left, check_errors));
}

SKGEN_STRUCTURED("aten_linalg::_linalg_solve_ex.result(Tensor A, Tensor B, *, "
                 "bool left=True, bool check_errors=False, Tensor(a!) result, "
                 "Tensor(b!) LU, Tensor(c!) pivots, Tensor(d!) info) -> "
                 "(Tensor(a!) result, Tensor(b!) LU, Tensor(c!) pivots, "
                 "Tensor(d!) info)",
                 CPU)
SKGEN_FUNCTIONAL_NAME("")
SKGEN_NO_INPLACE
SKGEN_META(solve_meta)
SKGEN_DERIVATIVE("A, B", "linalg_solve_backward(grad, result, A, LU, pivots, "
                         "left, grad_input_mask[1])")
SKGEN_DERIVATIVE("result",
                 "linalg_solve_jvp(A_t, B_t, result, LU, pivots, left)")
SKGEN_DERIVATIVE("output_differentiability", "[True, False, False, False]")
std::tuple<at::Tensor &, at::Tensor &, at::Tensor &, at::Tensor &>
solve_out(const at::Tensor &A, const at::Tensor &B, bool left,
          bool check_errors, at::Tensor &result, at::Tensor &LU,
          at::Tensor &pivots, at::Tensor &info) {
  at::_linalg_solve_ex_out(result, LU, pivots, info, A, B, left, check_errors);
  return std::tuple<at::Tensor &, at::Tensor &, at::Tensor &, at::Tensor &>(
      result, LU, pivots, info);
}

// The yaml names the outputs by the returns (solution,
// cloned_coefficient), which the out= arguments X and M hold.
skgen::Meta triangular_solve_meta(const at::Tensor &self, const at::Tensor &A,
                                  bool upper, bool transpose,
                                  bool unitriangular) {
  return like_all(at::triangular_solve(on_meta(self), on_meta(A), upper,
                                       transpose, unitriangular));
}

SKGEN_STRUCTURED("aten_linalg::triangular_solve.X(Tensor self, Tensor A, bool "
                 "upper=True, bool transpose=False, bool unitriangular=False, "
                 "*, Tensor(a!) X, Tensor(b!) M) -> (Tensor(a!) solution, "
                 "Tensor(b!) cloned_coefficient)",
                 CPU)
SKGEN_FUNCTIONAL_NAME("")
SKGEN_NO_INPLACE
SKGEN_META(triangular_solve_meta)
SKGEN_DERIVATIVE("self, A",
                 "triangular_solve_backward(grad_solution, "
                 "grad_cloned_coefficient, self, A, solution, upper, "
                 "transpose, unitriangular, grad_input_mask)")
SKGEN_DERIVATIVE("solution", "triangular_solve_jvp(solution, A_p, A_t, "
                             "self_t, upper, transpose, unitriangular)")
SKGEN_DERIVATIVE("cloned_coefficient", "A_t")
std::tuple<at::Tensor &, at::Tensor &>
triangular_solve_out(const at::Tensor &self, const at::Tensor &A, bool upper,
                     bool transpose, bool unitriangular, at::Tensor &X,
                     at::Tensor &M) {
  at::triangular_solve_out(X, M, self, A, upper, transpose, unitriangular);
  return std::tuple<at::Tensor &, at::Tensor &>(X, M);
}

//===----------------------------------------------------------------------===//
// Cholesky, LU
//===----------------------------------------------------------------------===//

skgen::Meta cholesky_meta(const at::Tensor &self, bool upper,
                          bool check_errors) {
  return like_all(at::linalg_cholesky_ex(on_meta(self), upper, check_errors));
}

SKGEN_STRUCTURED("aten_linalg::linalg_cholesky_ex.L(Tensor self, *, bool "
                 "upper=False, bool check_errors=False, Tensor(a!) L, "
                 "Tensor(b!) info) -> (Tensor(a!) L, Tensor(b!) info)",
                 CPU)
SKGEN_FUNCTIONAL_NAME("")
SKGEN_NO_INPLACE
SKGEN_META(cholesky_meta)
SKGEN_DERIVATIVE("self", "cholesky_backward(grad, upper, L)")
SKGEN_DERIVATIVE("L", "cholesky_jvp(self_t, L, upper)")
std::tuple<at::Tensor &, at::Tensor &>
cholesky_out(const at::Tensor &self, bool upper, bool check_errors,
             at::Tensor &L, at::Tensor &info) {
  at::linalg_cholesky_ex_out(L, info, self, upper, check_errors);
  return std::tuple<at::Tensor &, at::Tensor &>(L, info);
}

skgen::Meta lu_meta(const at::Tensor &A, bool pivot) {
  return like_all(at::linalg_lu(on_meta(A), pivot));
}

SKGEN_STRUCTURED("aten_linalg::linalg_lu.out(Tensor A, *, bool pivot=True, "
                 "Tensor(a!) P, Tensor(b!) L, Tensor(c!) U) -> (Tensor(a!) P, "
                 "Tensor(b!) L, Tensor(c!) U)",
                 CPU)
SKGEN_NO_INPLACE
SKGEN_META(lu_meta)
SKGEN_DERIVATIVE("A", "linalg_lu_backward(grad_L, grad_U, P, L, U, pivot)")
SKGEN_DERIVATIVE("L", "std::get<0>(linalg_lu_jvp(A_t, P, L, U, pivot))")
SKGEN_DERIVATIVE("U", "std::get<1>(linalg_lu_jvp(A_t, P, L, U, pivot))")
SKGEN_DERIVATIVE("output_differentiability", "[False, True, True]")
std::tuple<at::Tensor &, at::Tensor &, at::Tensor &>
lu_out(const at::Tensor &A, bool pivot, at::Tensor &P, at::Tensor &L,
       at::Tensor &U) {
  at::linalg_lu_out(P, L, U, A, pivot);
  return std::tuple<at::Tensor &, at::Tensor &, at::Tensor &>(P, L, U);
}

skgen::Meta lu_factor_meta(const at::Tensor &A, bool pivot,
                           bool check_errors) {
  return like_all(at::linalg_lu_factor_ex(on_meta(A), pivot, check_errors));
}

SKGEN_STRUCTURED("aten_linalg::linalg_lu_factor_ex.out(Tensor A, *, bool "
                 "pivot=True, bool check_errors=False, Tensor(a!) LU, "
                 "Tensor(b!) pivots, Tensor(c!) info) -> (Tensor(a!) LU, "
                 "Tensor(b!) pivots, Tensor(c!) info)",
                 CPU)
SKGEN_NO_INPLACE
SKGEN_META(lu_factor_meta)
SKGEN_DERIVATIVE("A", "lu_factor_ex_backward(grad, LU, pivots, pivot)")
SKGEN_DERIVATIVE("LU", "lu_factor_ex_jvp(A_t, LU, pivots, pivot)")
SKGEN_DERIVATIVE("output_differentiability", "[True, False, False]")
std::tuple<at::Tensor &, at::Tensor &, at::Tensor &>
lu_factor_out(const at::Tensor &A, bool pivot, bool check_errors,
              at::Tensor &LU, at::Tensor &pivots, at::Tensor &info) {
  at::linalg_lu_factor_ex_out(LU, pivots, info, A, pivot, check_errors);
  return std::tuple<at::Tensor &, at::Tensor &, at::Tensor &>(LU, pivots,
                                                              info);
}

skgen::Meta lu_solve_meta(const at::Tensor &LU, const at::Tensor &pivots,
                          const at::Tensor &B, bool left, bool adjoint) {
  return like(
      at::linalg_lu_solve(on_meta(LU), on_meta(pivots), on_meta(B), left,
                          adjoint));
}

SKGEN_STRUCTURED("aten_linalg::linalg_lu_solve.out(Tensor LU, Tensor pivots, "
                 "Tensor B, *, bool left=True, bool adjoint=False, Tensor(a!) "
                 "out) -> Tensor(a!)",
                 CPU)
SKGEN_NO_INPLACE
SKGEN_META(lu_solve_meta)
SKGEN_DERIVATIVE("LU", "linalg_lu_solve_LU(grad, LU, pivots, result, left, "
                       "adjoint)")
SKGEN_DERIVATIVE("B", "at::linalg_lu_solve(LU, pivots, grad, left, !adjoint)")
SKGEN_DERIVATIVE("result", "linalg_lu_solve_jvp(result, LU_p, pivots, LU_t, "
                           "B_t, left, adjoint)")
at::Tensor &lu_solve_out(const at::Tensor &LU, const at::Tensor &pivots,
                         const at::Tensor &B, bool left, bool adjoint,
                         at::Tensor &out) {
  return at::linalg_lu_solve_out(out, LU, pivots, B, left, adjoint);
}

skgen::Meta lu_unpack_meta(const at::Tensor &LU_data,
                           const at::Tensor &LU_pivots, bool unpack_data,
                           bool unpack_pivots) {
  return like_all(at::lu_unpack(on_meta(LU_data), on_meta(LU_pivots),
                                unpack_data, unpack_pivots));
}

SKGEN_STRUCTURED("aten_linalg::lu_unpack.out(Tensor LU_data, Tensor "
                 "LU_pivots, bool unpack_data=True, bool unpack_pivots=True, "
                 "*, Tensor(a!) P, Tensor(b!) L, Tensor(c!) U) -> (Tensor(a!) "
                 "P, Tensor(b!) L, Tensor(c!) U)",
                 CPU)
SKGEN_FUNCTIONAL_NAME("")
SKGEN_NO_INPLACE
SKGEN_META(lu_unpack_meta)
SKGEN_DERIVATIVE("LU_data", "lu_unpack_backward(grad_L, grad_U, "
                            "LU_data.sym_size(-2), LU_data.sym_size(-1))")
SKGEN_DERIVATIVE("LU_pivots", "non_differentiable")
#if SKGEN_SYMBOLIC_SIZES
SKGEN_DERIVATIVE("L", "LU_data_t.sym_size(-2) >= LU_data_t.sym_size(-1) ? "
                      "LU_data_t.tril_symint(-1) : "
                      "LU_data_t.narrow_symint(-1, 0, "
                      "LU_data_t.sym_size(-2)).tril_symint(-1)")
SKGEN_DERIVATIVE("U", "LU_data_t.sym_size(-1) >= LU_data_t.sym_size(-2) ? "
                      "LU_data_t.triu_symint() : "
                      "LU_data_t.narrow_symint(-2, 0, "
                      "LU_data_t.sym_size(-1)).triu_symint()")
#else
SKGEN_DERIVATIVE("L", "LU_data_t.size(-2) >= LU_data_t.size(-1) ? "
                      "LU_data_t.tril(-1) : "
                      "LU_data_t.narrow(-1, 0, LU_data_t.size(-2)).tril(-1)")
SKGEN_DERIVATIVE("U", "LU_data_t.size(-1) >= LU_data_t.size(-2) ? "
                      "LU_data_t.triu() : "
                      "LU_data_t.narrow(-2, 0, LU_data_t.size(-1)).triu()")
#endif
SKGEN_DERIVATIVE("output_differentiability", "[False, True, True]")
std::tuple<at::Tensor &, at::Tensor &, at::Tensor &>
lu_unpack_out(const at::Tensor &LU_data, const at::Tensor &LU_pivots,
              bool unpack_data, bool unpack_pivots, at::Tensor &P,
              at::Tensor &L, at::Tensor &U) {
  at::lu_unpack_out(P, L, U, LU_data, LU_pivots, unpack_data, unpack_pivots);
  return std::tuple<at::Tensor &, at::Tensor &, at::Tensor &>(P, L, U);
}

//===----------------------------------------------------------------------===//
// eigh, QR, SVD
//===----------------------------------------------------------------------===//

skgen::Meta eigh_meta(const at::Tensor &A, c10::string_view UPLO,
                      bool compute_v) {
  return like_all(at::_linalg_eigh(on_meta(A), UPLO, compute_v));
}

SKGEN_STRUCTURED("aten_linalg::_linalg_eigh.eigenvalues(Tensor A, str "
                 "UPLO=\"L\", bool compute_v=True, *, Tensor(a!) eigenvalues, "
                 "Tensor(b!) eigenvectors) -> (Tensor(a!) eigenvalues, "
                 "Tensor(b!) eigenvectors)",
                 CPU)
SKGEN_FUNCTIONAL_NAME("")
SKGEN_NO_INPLACE
SKGEN_META(eigh_meta)
SKGEN_DERIVATIVE("A", "linalg_eig_backward(grads[0], grads[1], eigenvalues, "
                      "eigenvectors, /*is_hermitian=*/true)")
SKGEN_DERIVATIVE("eigenvalues, eigenvectors",
                 "linalg_eig_jvp(A_t, eigenvalues, eigenvectors, "
                 "/*is_hermitian=*/true)")
std::tuple<at::Tensor &, at::Tensor &>
eigh_out(const at::Tensor &A, c10::string_view UPLO, bool compute_v,
         at::Tensor &eigenvalues, at::Tensor &eigenvectors) {
  at::_linalg_eigh_out(eigenvalues, eigenvectors, A, UPLO, compute_v);
  return std::tuple<at::Tensor &, at::Tensor &>(eigenvalues, eigenvectors);
}

skgen::Meta qr_meta(const at::Tensor &A, c10::string_view mode) {
  return like_all(at::linalg_qr(on_meta(A), mode));
}

SKGEN_STRUCTURED("aten_linalg::linalg_qr.out(Tensor A, str mode='reduced', *, "
                 "Tensor(a!) Q, Tensor(b!) R) -> (Tensor(a!) Q, Tensor(b!) R)",
                 CPU)
SKGEN_NO_INPLACE
SKGEN_META(qr_meta)
SKGEN_DERIVATIVE("A", "linalg_qr_backward(grad_Q, grad_R, Q, R, mode)")
SKGEN_DERIVATIVE("Q, R", "linalg_qr_jvp(A_t, Q, R, mode)")
std::tuple<at::Tensor &, at::Tensor &> qr_out(const at::Tensor &A,
                                              c10::string_view mode,
                                              at::Tensor &Q, at::Tensor &R) {
  at::linalg_qr_out(Q, R, A, mode);
  return std::tuple<at::Tensor &, at::Tensor &>(Q, R);
}

skgen::Meta svd_meta(const at::Tensor &A, bool full_matrices, bool compute_uv,
                     c10::optional<c10::string_view> driver) {
  return like_all(at::_linalg_svd(on_meta(A), full_matrices, compute_uv, driver));
}

SKGEN_STRUCTURED("aten_linalg::_linalg_svd.U(Tensor A, bool "
                 "full_matrices=False, bool compute_uv=True, *, str? "
                 "driver=None, Tensor(a!) U, Tensor(b!) S, Tensor(c!) Vh) -> "
                 "(Tensor(a!) U, Tensor(b!) S, Tensor(c!) Vh)",
                 CPU)
SKGEN_FUNCTIONAL_NAME("")
SKGEN_NO_INPLACE
SKGEN_META(svd_meta)
#if SKGEN_SYMBOLIC_SIZES
SKGEN_DERIVATIVE(
    "A",
    "svd_backward(full_matrices && grad_U.defined() ? "
    "grad_U.narrow_symint(-1, 0, S.sym_size(-1)) : grad_U, "
    "grad_S, "
    "full_matrices && grad_Vh.defined() ? "
    "grad_Vh.narrow_symint(-2, 0, S.sym_size(-1)) : grad_Vh, "
    "full_matrices ? U.narrow_symint(-1, 0, "
    "S.sym_size(-1)) : U, "
    "S, "
    "full_matrices ? Vh.narrow_symint(-2, 0, "
    "S.sym_size(-1)) : Vh)")
#else
SKGEN_DERIVATIVE("A", "svd_backward(full_matrices && grad_U.defined() ? "
                      "grad_U.narrow(-1, 0, S.size(-1)) : grad_U, grad_S, "
                      "full_matrices && grad_Vh.defined() ? "
                      "grad_Vh.narrow(-2, 0, S.size(-1)) : grad_Vh, "
                      "full_matrices ? U.narrow(-1, 0, S.size(-1)) : U, S, "
                      "full_matrices ? Vh.narrow(-2, 0, S.size(-1)) : Vh)")
#endif
SKGEN_DERIVATIVE("U, S, Vh", "linalg_svd_jvp(A_t, U, S, Vh, full_matrices)")
std::tuple<at::Tensor &, at::Tensor &, at::Tensor &>
svd_out(const at::Tensor &A, bool full_matrices, bool compute_uv,
        c10::optional<c10::string_view> driver, at::Tensor &U, at::Tensor &S,
        at::Tensor &Vh) {
  at::_linalg_svd_out(U, S, Vh, A, full_matrices, compute_uv, driver);
  return std::tuple<at::Tensor &, at::Tensor &, at::Tensor &>(U, S, Vh);
}

} // namespace aten_linalg
