// The annotation scan skips function bodies; --migrate reads them, and a
// body that does not compile is an error (exit 2), not a silent skip.
#include <torch/library.h>

TORCH_LIBRARY(broken, m) {
  m.def("f.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)");
  not_declared(m);
}
