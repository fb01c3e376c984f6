#include "defs.h"
#if !defined(FOO) || FOO != 1
#error "FOO must come from the compilation database"
#endif
#if !defined(BAR) || BAR != 2
#error "the entry with the relative directory is used"
#endif
namespace ops {
SKGEN_STRUCTURED("ops::c.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", CPU)
at::Tensor &c_out(const at::Tensor &self, at::Tensor &out);
}
