// derivatives.yaml's entries for several outputs (torchgen's): a forward
// formula keyed by several outputs (`U, S, Vh: linalg_svd_jvp(...)`) gives a
// std::tuple of their tangents, checked as a backward group's (one value per
// name); output gradients go by `grad_<name>` for each name the output has,
// the return's too (`triangular_solve.X`: grad_solution for out argument X).
// Keys naming an output twice, or outputs and inputs, stay errors.
// RUN: %skgen --dump-facts=%t.json %s -- %scanflags 2> %t.ok
// RUN: FileCheck %s --check-prefix=OK --allow-empty --implicit-check-not=error: --input-file=%t.ok
// RUN: not %skgen --dump-facts=%t.json %s -- %scanflags -DBAD 2> %t.err
// RUN: FileCheck %s --input-file=%t.err --implicit-check-not=error:
// OK-NOT: error:

#include <ATen/ATen.h>
#include <skgen/annotations.h>

#include <tuple>

namespace grp {
std::tuple<at::Tensor, at::Tensor> svd_jvp(const at::Tensor &self_t,
                                           const at::Tensor &U,
                                           const at::Tensor &S);
at::Tensor svd_backward(const at::Tensor &gU, const at::Tensor &gS,
                        const at::Tensor &U, const at::Tensor &S);
std::tuple<at::Tensor, at::Tensor>
solve_backward(const at::Tensor &g_solution, const at::Tensor &g_clone,
               const at::Tensor &self, const at::Tensor &A,
               const at::Tensor &solution, std::array<bool, 2> mask);

// The forward formula of two outputs: a tuple of two tensors.
SKGEN_STRUCTURED("grp::svd.out(Tensor self, *, Tensor(a!) U, Tensor(b!) S) -> (Tensor(a!) U, Tensor(b!) S)", CPU)
SKGEN_DERIVATIVE("self", "svd_backward(grad_U, grad_S, U, S)")
SKGEN_DERIVATIVE("U, S", "svd_jvp(self_t, U, S)")
std::tuple<at::Tensor &, at::Tensor &> svd_out(const at::Tensor &self, at::Tensor &U, at::Tensor &S);

// Output gradients by the returns' names (the out arguments are X and M).
SKGEN_STRUCTURED("grp::solve.X(Tensor self, Tensor A, *, Tensor(a!) X, Tensor(b!) M) -> (Tensor(a!) solution, Tensor(b!) cloned_coefficient)", CPU)
SKGEN_DERIVATIVE("self, A", "solve_backward(grad_solution, grad_cloned_coefficient, self, A, solution, grad_input_mask)")
SKGEN_DERIVATIVE("solution", "self_t + A_t")
SKGEN_DERIVATIVE("cloned_coefficient", "A_t")
std::tuple<at::Tensor &, at::Tensor &> solve_X(const at::Tensor &self, const at::Tensor &A, at::Tensor &X, at::Tensor &M);

#ifdef BAD
// One tensor for two outputs.
// CHECK: derivative-output-groups.cpp:[[@LINE+4]]:27: error: the formula for 'U, S' must give 2 values, one per name (a std::tuple)
// CHECK: derivative-output-groups.cpp:[[@LINE+3]]:1: note: in this annotation
SKGEN_STRUCTURED("grp::one.out(Tensor self, *, Tensor(a!) U, Tensor(b!) S) -> (Tensor(a!) U, Tensor(b!) S)", CPU)
SKGEN_DERIVATIVE("self", "grad_U + grad_S")
SKGEN_DERIVATIVE("U, S", "self_t")
std::tuple<at::Tensor &, at::Tensor &> one_out(const at::Tensor &self, at::Tensor &U, at::Tensor &S);

// An output named twice; outputs and inputs in one key; a keyword for
// several outputs.
// CHECK: derivative-output-groups.cpp:[[@LINE+7]]:22: error: output 'U' is named twice in this entry
// CHECK: derivative-output-groups.cpp:[[@LINE+7]]:19: error: an entry names inputs (a backward formula) or outputs (a forward formula), not both
// CHECK: derivative-output-groups.cpp:[[@LINE+7]]:27: error: 'auto_linear' gives one output's tangent; write an entry per output
// CHECK: derivative-output-groups.cpp:[[@LINE+7]]:27: error: the formula for 'S, U' must give 2 values, one per name (a std::tuple)
SKGEN_STRUCTURED("grp::bad.out(Tensor self, Tensor other, *, Tensor(a!) U, Tensor(b!) S) -> (Tensor(a!) U, Tensor(b!) S)", CPU)
SKGEN_DERIVATIVE("self", "grad_U + grad_S")
SKGEN_DERIVATIVE("other", "grad_U")
SKGEN_DERIVATIVE("U, U", "svd_jvp(self_t, U, S)")
SKGEN_DERIVATIVE("U, self", "svd_jvp(self_t, U, S)")
SKGEN_DERIVATIVE("U, S", "auto_linear")
SKGEN_DERIVATIVE("S, U", "std::make_tuple(self_t, other_t, self_t)")
std::tuple<at::Tensor &, at::Tensor &> bad_out(const at::Tensor &self, const at::Tensor &other, at::Tensor &U, at::Tensor &S);
#endif
} // namespace grp
