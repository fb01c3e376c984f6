#include <annotated.h>

namespace myops {
at::Tensor &abs_out(const at::Tensor &self, at::Tensor &out) { return out; }
} // namespace myops
