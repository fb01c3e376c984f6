#include "defs.h"
#if !defined(FOO) || FOO != 1
#error "FOO must come from the compilation database"
#endif
namespace ops {
SKGEN_STRUCTURED("ops::b.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", CPU)
at::Tensor &b_out(const at::Tensor &self, at::Tensor &out);
}
