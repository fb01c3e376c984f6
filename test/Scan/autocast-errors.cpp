// SKGEN_AUTOCAST(policy) used wrongly: each an error at the policy's name
// (a misspelt one with the closest policy), and the run fails.
// RUN: not %skgen --dump-facts=%t.json %s -- %scanflags 2> %t.err
// RUN: FileCheck %s --input-file=%t.err --implicit-check-not=error:

#include <ATen/ATen.h>
#include <skgen/annotations.h>

namespace myops {

// CHECK: autocast-errors.cpp:[[@LINE+2]]:16: error: unknown autocast policy 'lower_precision' (policies: lower_precision_fp, fp32, fp32_set_opt_dtype, promote)
SKGEN_STRUCTURED("myops::a.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", CPU)
SKGEN_AUTOCAST(lower_precision)
at::Tensor &a_out(const at::Tensor &self, at::Tensor &out);
// CHECK: note: did you mean 'lower_precision_fp'?

// CHECK: autocast-errors.cpp:[[@LINE+2]]:16: error: unknown autocast policy 'bf16'
SKGEN_STRUCTURED("myops::b.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", CPU)
SKGEN_AUTOCAST(bf16)
at::Tensor &b_out(const at::Tensor &self, at::Tensor &out);

// CHECK: autocast-errors.cpp:[[@LINE+2]]:16: error: autocast policy 'fp32_append_dtype' is not supported: it redispatches to another overload
SKGEN_STRUCTURED("myops::c.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", CPU)
SKGEN_AUTOCAST(fp32_append_dtype)
at::Tensor &c_out(const at::Tensor &self, at::Tensor &out);

// CHECK: autocast-errors.cpp:[[@LINE+2]]:16: error: autocast policy 'fp32_set_opt_dtype' needs a Tensor first argument (whose dtype decides) and a `ScalarType? dtype` argument (set to float when not given); use fp32
SKGEN_STRUCTURED("myops::d.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", CPU)
SKGEN_AUTOCAST(fp32_set_opt_dtype)
at::Tensor &d_out(const at::Tensor &self, at::Tensor &out);

// CHECK: autocast-errors.cpp:[[@LINE+3]]:16: error: autocast wraps the functional variant, which this family does not have (SKGEN_NO_FUNCTIONAL)
SKGEN_STRUCTURED("myops::e.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", CPU)
SKGEN_NO_FUNCTIONAL
SKGEN_AUTOCAST(promote)
at::Tensor &e_out(const at::Tensor &self, at::Tensor &out);

// Valid: no error.
SKGEN_STRUCTURED("myops::f.out(Tensor self, *, ScalarType? dtype=None, Tensor(a!) out) -> Tensor(a!)", CPU)
SKGEN_AUTOCAST(fp32_set_opt_dtype)
at::Tensor &f_out(const at::Tensor &self, c10::optional<at::ScalarType> dtype, at::Tensor &out);

} // namespace myops
