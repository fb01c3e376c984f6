// The stable target (derivative-output-groups.test): a forward formula for
// several outputs is compiled (not registered: forward AD is not generated
// there), and the backward operator takes the gradients under the returns'
// names.
#include <skgen/annotations.h>
#include <skgen/stable/structured.h>
#include <torch/csrc/stable/library.h>

#include <tuple>

namespace sops {
using torch::stable::Tensor;
skgen::Meta two_meta(const Tensor &self) {
  skgen::Meta m = skgen::preset::unary(self);
  return skgen::Meta{m[0], m[0]};
}

SKGEN_STRUCTURED("sops::two.X(Tensor self, *, Tensor(a!) X, Tensor(b!) M) -> (Tensor(a!) solution, Tensor(b!) cloned)", CPU)
SKGEN_FUNCTIONAL_NAME("")
SKGEN_NO_INPLACE
SKGEN_META(two_meta)
SKGEN_DERIVATIVE("self", "grad_solution * solution + grad_cloned")
SKGEN_DERIVATIVE("solution, cloned", "std::make_tuple(self_t * 2, self_t)")
std::tuple<Tensor &, Tensor &> two_X(const Tensor &self, Tensor &X, Tensor &M);
} // namespace sops
