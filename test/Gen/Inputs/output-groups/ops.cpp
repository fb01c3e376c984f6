// Families for derivative-output-groups.test: a forward formula for several
// outputs, and output gradients named by the returns.
#include <ATen/ATen.h>
#include <skgen/annotations.h>

#include <array>
#include <tuple>

namespace gops {
std::tuple<at::Tensor, at::Tensor> svd_jvp(const at::Tensor &self_t,
                                           const at::Tensor &U,
                                           const at::Tensor &S);
at::Tensor svd_backward(const at::Tensor &gU, const at::Tensor &gS,
                        const at::Tensor &U, const at::Tensor &S);
std::tuple<at::Tensor, at::Tensor>
solve_backward(const at::Tensor &g_solution, const at::Tensor &g_clone,
               const at::Tensor &self, const at::Tensor &A,
               const at::Tensor &solution, std::array<bool, 2> mask);

// derivatives.yaml's _linalg_svd: `U, S, Vh: linalg_svd_jvp(...)`.
SKGEN_STRUCTURED("gops::svd.out(Tensor self, *, Tensor(a!) U, Tensor(b!) S) -> (Tensor(a!) U, Tensor(b!) S)", CPU)
SKGEN_NO_INPLACE
SKGEN_DERIVATIVE("self", "svd_backward(grad_U, grad_S, U, S)")
SKGEN_DERIVATIVE("U, S", "svd_jvp(self_t, U, S)")
std::tuple<at::Tensor &, at::Tensor &> svd_out(const at::Tensor &self, at::Tensor &U, at::Tensor &S);

// The key's order, not the outputs': the first value is V's tangent.
SKGEN_STRUCTURED("gops::eig.out(Tensor self, *, Tensor(a!) L, Tensor(b!) V) -> (Tensor(a!) L, Tensor(b!) V)", CPU)
SKGEN_NO_INPLACE
SKGEN_DERIVATIVE("self", "svd_backward(grad_L, grad_V, L, V)")
SKGEN_DERIVATIVE("V, L", "svd_jvp(self_t, V, L)")
std::tuple<at::Tensor &, at::Tensor &> eig_out(const at::Tensor &self, at::Tensor &L, at::Tensor &V);

// derivatives.yaml's triangular_solve.X: gradients by the returns' names.
SKGEN_STRUCTURED("gops::solve.X(Tensor self, Tensor A, *, Tensor(a!) X, Tensor(b!) M) -> (Tensor(a!) solution, Tensor(b!) cloned_coefficient)", CPU)
SKGEN_FUNCTIONAL_NAME("")
SKGEN_NO_INPLACE
SKGEN_DERIVATIVE("self, A", "solve_backward(grad_solution, grad_cloned_coefficient, self, A, solution, grad_input_mask)")
SKGEN_DERIVATIVE("solution", "self_t + A_t")
SKGEN_DERIVATIVE("cloned_coefficient", "A_t")
std::tuple<at::Tensor &, at::Tensor &> solve_X(const at::Tensor &self, const at::Tensor &A, at::Tensor &X, at::Tensor &M);
} // namespace gops
