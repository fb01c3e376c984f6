// Families declared by their functional schema: what cannot be combined
// with one, and the out= options on a family declared by its out= schema.
// RUN: not %skgen --dump-generated %s -- %scanflags 2> %t.err
// RUN: FileCheck %s --input-file=%t.err

#include <ATen/ATen.h>
#include <skgen/annotations.h>

#include <tuple>

namespace ffe {

// A functional schema returns Tensors.
// CHECK: functional-first-errors.cpp:[[@LINE+1]]:19: error: 'ffe::count' returns 'int': a family declared by its functional schema returns Tensor or a tuple of Tensors
SKGEN_STRUCTURED("ffe::count(Tensor self) -> int", CPU)
int64_t count_cpu(const at::Tensor &self);

// The out= options are for functional schemas.
// CHECK: functional-first-errors.cpp:[[@LINE+1]]:19: error: 'SKGEN_WITH_OUT' is for families declared by their functional schema; this one is declared by its out= schema, which defines its variants unless told not to
SKGEN_STRUCTURED("ffe::neg.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", CPU)
SKGEN_WITH_OUT
at::Tensor &neg_out(const at::Tensor &self, at::Tensor &out);

// Naming the functional operator is the schema's job.
// CHECK: functional-first-errors.cpp:[[@LINE+1]]:19: error: 'SKGEN_FUNCTIONAL_NAME' is for families declared by their out= schema; this one is declared by its functional schema
SKGEN_STRUCTURED("ffe::abs(Tensor self) -> Tensor", CPU)
SKGEN_FUNCTIONAL_NAME("Tensor")
at::Tensor abs_cpu(const at::Tensor &self);

// Two outputs: no in-place variant to ask for.
// CHECK: functional-first-errors.cpp:[[@LINE+1]]:19: error: SKGEN_WITH_INPLACE: 'minmax' has no in-place variant: it has more than one out argument
SKGEN_STRUCTURED("ffe::minmax(Tensor self) -> (Tensor min, Tensor max)", CPU)
SKGEN_WITH_INPLACE
std::tuple<at::Tensor, at::Tensor> minmax_cpu(const at::Tensor &self);

// SKGEN_WITH_INPLACE and SKGEN_NO_INPLACE.
// CHECK: functional-first-errors.cpp:[[@LINE+1]]:19: error: 'SKGEN_WITH_INPLACE' asks for the in-place variant, which 'SKGEN_NO_INPLACE' disables; keep one
SKGEN_STRUCTURED("ffe::sq(Tensor self) -> Tensor", CPU)
SKGEN_WITH_INPLACE
SKGEN_NO_INPLACE
at::Tensor sq_cpu(const at::Tensor &self);

// The kernel of a functional schema has the functional signature.
// CHECK: functional-first-errors.cpp:[[@LINE+2]]:{{[0-9]+}}: error: {{.*}}
SKGEN_STRUCTURED("ffe::twice(Tensor self) -> Tensor", CPU)
at::Tensor &twice_cpu(const at::Tensor &self, at::Tensor &out);

// An out kernel of a family that defines no out= operator.
SKGEN_STRUCTURED("ffe::half(Tensor self) -> Tensor", CPU)
at::Tensor half_cpu(const at::Tensor &self);
// CHECK: functional-first-errors.cpp:[[@LINE+2]]:15: error: SKGEN_KERNEL names 'ffe::half.out', which 'ffe::half' does not define: the family is declared by its functional schema
// CHECK: functional-first-errors.cpp:[[@LINE-3]]:1: note: name 'ffe::half' (a functional kernel), or add SKGEN_WITH_OUT here to define 'ffe::half.out' too
SKGEN_KERNEL("ffe::half.out", CUDA)
at::Tensor &half_out_cuda(const at::Tensor &self, at::Tensor &out);

// A fallback serves through out=.
SKGEN_STRUCTURED("ffe::mul.Tensor(Tensor self, Tensor other) -> Tensor", CPU)
at::Tensor mul_cpu(const at::Tensor &self, const at::Tensor &other);
// CHECK: functional-first-errors.cpp:[[@LINE+2]]:{{[0-9]+}}: error: 'SKGEN_FALLBACK' is for families declared by their out= schema; 'ffe::mul.Tensor' is declared by its functional schema
SKGEN_STRUCTURED("ffe::mul.Scalar_out(Tensor self, Scalar other, *, Tensor(a!) out) -> Tensor(a!)")
SKGEN_FALLBACK("ffe::mul.Tensor_out")
at::Tensor &mul_scalar_out(const at::Tensor &self, const at::Scalar &other,
                           at::Tensor &out);

} // namespace ffe
