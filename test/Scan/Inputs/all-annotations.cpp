// Every annotation of skgen/annotations.h, without torch (types are ints):
// compiled by annotations-header.test with both compilers.
#include <skgen/annotations.h>

namespace demo {
int alloc(int);

SKGEN_STRUCTURED("demo::f.values(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", CPU, CUDA)
SKGEN_FUNCTIONAL_NAME("Tensor")
SKGEN_INPLACE_NAME("Tensor")
SKGEN_ALLOC(demo::alloc)
int f(int self, int &out);

SKGEN_KERNEL("demo::f.values", Meta)
int f_meta(int self, int &out) { return self + out; }

SKGEN_STRUCTURED("aten::g.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", PrivateUse1)
SKGEN_NO_FUNCTIONAL
SKGEN_NO_INPLACE
SKGEN_EXTERNAL
int g(int self, int &out);
} // namespace demo
