// Formulas for a Tensor[] argument (aten's cat, copied from derivatives.yaml)
// and a Tensor?[] one in scope (aten's index.Tensor): the node's edges are
// the list's elements (ranges known at the call), the backward formula gives
// one gradient per element; a formula reading the list only through
// to_args_sizes_symint / to_args_scalartypes saves those, not the tensors
// (as torchgen); a list read whole is saved as SavedVariables and unpacked as
// aten's unpack_list / unpack_opt_list.
// RUN: %skgen --dump-generated %s -- %scanflags > %t.gen
// RUN: FileCheck %s --input-file=%t.gen
// RUN: not %skgen --dump-generated %s -- %scanflags -DAUTO 2>&1 | FileCheck %s --check-prefix=AUTO

#include <ATen/ATen.h>
#include <skgen/annotations.h>
#include <skgen/symint.h>

#include <vector>

namespace lists {
// skgen/formulas.h's helpers (declared here until the stub has them).
std::vector<at::Tensor>
cat_tensors_backward(const at::Tensor &grad,
                     const std::vector<std::vector<::skgen::SymInt>> &sizes,
                     const std::vector<at::ScalarType> &dtypes, int64_t dim);
at::Tensor cat_jvp(at::TensorList tensors, int64_t dim);
at::Tensor index_backward(at::Tensor zeros_like_self,
                          const c10::List<c10::optional<at::Tensor>> &indices,
                          const at::Tensor &grad);
std::vector<at::Tensor> each(const std::vector<at::Tensor> &tensors,
                             const at::Tensor &grad);

// CHECK-LABEL: struct ListsCatBackward final : torch::autograd::Node {
// CHECK-NOT: SavedVariable
// CHECK:      size_t tensors_size_ = 0;
// CHECK-NEXT: std::vector<at::ScalarType> tensors_args_scalartypes;
// CHECK-NEXT: std::vector<std::vector<::skgen::SymInt>> tensors_args_sizes_symint;
// CHECK-NEXT: int64_t dim;
// CHECK: ListsCatBackward::apply(
// CHECK: const std::array<std::pair<size_t, size_t>, 1> skgen_ix = ::skgen::autograd::edge_ranges<1>({tensors_size_});
// CHECK-NEXT: torch::autograd::variable_list skgen_grads(skgen_ix[0].second);
// CHECK: if (task_should_compute_output({skgen_ix[0]}))
// CHECK-NEXT: ::skgen::autograd::copy_range(skgen_grads, skgen_ix[0], cat_tensors_backward(grad, tensors_args_sizes_symint, tensors_args_scalartypes, dim));
// CHECK: auto skgen_node = ::skgen::autograd::make_node<ListsCatBackward>(tensors);
// CHECK-NEXT: if (skgen_node) {
// CHECK-NEXT:   skgen_node->tensors_size_ = tensors.size();
// CHECK-NEXT:   skgen_node->tensors_args_scalartypes = ::skgen::autograd::args_scalartypes(tensors);
// CHECK-NEXT:   skgen_node->tensors_args_sizes_symint = ::skgen::autograd::args_sizes_symint(tensors);
// CHECK-NEXT:   skgen_node->dim = ::skgen::autograd::own(dim);
// CHECK: const bool skgen_fw = ::skgen::autograd::any_fw_grad(tensors);
// CHECK: ::skgen::autograd::set_fw_grad(out, cat_jvp(tensors, dim), false);
SKGEN_STRUCTURED("lists::cat.out(Tensor[] tensors, int dim=0, *, "
                 "Tensor(a!) out) -> Tensor(a!)",
                 CPU)
SKGEN_NO_INPLACE
SKGEN_DERIVATIVE("tensors", "cat_tensors_backward(grad, "
                            "to_args_sizes_symint(tensors), "
                            "to_args_scalartypes(tensors), dim)")
#ifdef AUTO
// AUTO: derivative-tensor-lists.cpp:[[@LINE+1]]:29: error: 'auto_linear' needs each input's tangent, and 'tensors' is a Tensor[]: write the formula over the list (as derivatives.yaml's cat_jvp(tensors, dim))
SKGEN_DERIVATIVE("result", "auto_linear")
#else
SKGEN_DERIVATIVE("result", "cat_jvp(tensors, dim)")
#endif
at::Tensor &cat_out(at::TensorList tensors, int64_t dim, at::Tensor &out);

// aten's index.Tensor: indices (a Tensor?[]) saved as SavedVariables and
// unpacked as aten's unpack_opt_list; self only through its properties.
// CHECK-LABEL: struct ListsIndexTensorBackward final : torch::autograd::Node {
// CHECK:   std::vector<torch::autograd::SavedVariable> indices_;
// CHECK-NEXT: bool indices_released_ = false;
// CHECK: const c10::List<c10::optional<at::Tensor>> indices = ::skgen::autograd::unpack_opt_list(indices_, indices_released_);
// CHECK: if (task_should_compute_output(0))
// CHECK-NEXT: skgen_grads[0] = index_backward(grad.new_zeros_symint(self_sym_sizes, self_options), indices, grad);
// CHECK: skgen_node->indices_ = ::skgen::autograd::save(indices, false);
SKGEN_STRUCTURED("lists::index.Tensor_out(Tensor self, Tensor?[] indices, *, "
                 "Tensor(a!) out) -> Tensor(a!)",
                 CPU)
SKGEN_NO_INPLACE
SKGEN_DERIVATIVE("self", "index_backward(grad.new_zeros_symint("
                         "self.sym_sizes(), self.options()), indices, grad)")
SKGEN_DERIVATIVE("result", "auto_linear")
at::Tensor &index_out(const at::Tensor &self,
                      const c10::List<c10::optional<at::Tensor>> &indices,
                      at::Tensor &out);

// A Tensor[] read whole, in a group with a Tensor: each member's gradients
// into its range; the list is saved element by element.
// CHECK-LABEL: struct ListsMixBackward final : torch::autograd::Node {
// CHECK:      tensors_.clear();
// CHECK-NEXT: tensors_released_ = true;
// CHECK:      std::vector<torch::autograd::SavedVariable> tensors_;
// CHECK-NEXT: bool tensors_released_ = false;
// CHECK-NEXT: size_t tensors_size_ = 0;
// CHECK: const std::array<std::pair<size_t, size_t>, 2> skgen_ix = ::skgen::autograd::edge_ranges<2>({1, tensors_size_});
// CHECK: const std::vector<at::Tensor> tensors = ::skgen::autograd::unpack_list(tensors_, tensors_released_);
// CHECK: if (task_should_compute_output({skgen_ix[0]}) || task_should_compute_output({skgen_ix[1]})) {
// CHECK-NEXT: auto skgen_group = std::make_tuple(grad, each(tensors, grad));
// CHECK-NEXT: ::skgen::autograd::copy_range(skgen_grads, skgen_ix[0], std::get<0>(std::move(skgen_group)));
// CHECK-NEXT: ::skgen::autograd::copy_range(skgen_grads, skgen_ix[1], std::get<1>(std::move(skgen_group)));
// CHECK: skgen_node->tensors_ = ::skgen::autograd::save(tensors, false);
SKGEN_STRUCTURED("lists::mix.out(Tensor self, Tensor[] tensors, *, "
                 "Tensor(a!) out) -> Tensor(a!)",
                 CPU)
SKGEN_NO_INPLACE
SKGEN_DERIVATIVE("self, tensors",
                 "std::make_tuple(grad, each(tensors, grad))")
at::Tensor &mix_out(const at::Tensor &self, at::TensorList tensors,
                    at::Tensor &out);
} // namespace lists
