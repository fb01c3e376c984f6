// SKGEN_VMAP / SKGEN_NO_VMAP used wrongly: the rule must be a function
// declared in the translation unit, and the two options exclude each other.
// RUN: not %skgen --dump-facts=%t.json %s -- %scanflags 2> %t.err
// RUN: FileCheck %s --input-file=%t.err --implicit-check-not=error:

#include <ATen/ATen.h>
#include <skgen/annotations.h>

#include <optional>
#include <tuple>

namespace vops {
int not_a_function;
std::tuple<at::Tensor, std::optional<int64_t>>
neg_vmap(const at::Tensor &self, std::optional<int64_t> self_bdim);

// CHECK: vmap-options.cpp:[[@LINE+2]]:12: error: 'SKGEN_VMAP' names 'no_such_rule', but no function of that name is declared before the end of this translation unit
SKGEN_STRUCTURED("vops::a.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", CPU)
SKGEN_VMAP(no_such_rule)
at::Tensor &a_out(const at::Tensor &self, at::Tensor &out);

// CHECK: vmap-options.cpp:[[@LINE+3]]:12: error: 'SKGEN_VMAP' names 'vops::not_a_function', which is not a function
// CHECK: vmap-options.cpp:13:5: note: declared here
SKGEN_STRUCTURED("vops::b.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", CPU)
SKGEN_VMAP(vops::not_a_function)
at::Tensor &b_out(const at::Tensor &self, at::Tensor &out);

// CHECK: vmap-options.cpp:[[@LINE+4]]:1: error: 'SKGEN_NO_VMAP' turns off the batching rule that 'SKGEN_VMAP' gives; keep one
// CHECK: vmap-options.cpp:[[@LINE+2]]:1: note: SKGEN_VMAP is here
SKGEN_STRUCTURED("vops::c.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", CPU)
SKGEN_VMAP(neg_vmap)
SKGEN_NO_VMAP
at::Tensor &c_out(const at::Tensor &self, at::Tensor &out);
} // namespace vops
