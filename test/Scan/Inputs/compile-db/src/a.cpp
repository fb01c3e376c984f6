#include "defs.h"
#if !defined(FOO) || FOO != 1
#error "FOO must come from the compilation database"
#endif
namespace ops {
SKGEN_STRUCTURED("ops::a.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", CPU)
at::Tensor &a_out(const at::Tensor &self, at::Tensor &out);
}
