// What skgen's NewestKnownTorch rests on for Scalar (lib/Basic/Abi.h): a
// library built against that torch's stable headers cannot pass a Scalar
// either way across the stable ABI. No torch::stable Scalar type exists, so
// each call carries a double where the schema says Scalar.
#include <torch/csrc/stable/library.h>
#include <torch/csrc/stable/stableivalue_conversions.h>
#include <torch/csrc/stable/tensor.h>

using torch::stable::Tensor;

// (1) A kernel for a schema with a Scalar argument (TORCH_BOX unboxes it).
Tensor scale(Tensor self, double s) {
  (void)s;
  return self;
}

// (2) An aten op with a Scalar argument through torch_call_dispatcher.
Tensor add_alpha(Tensor a, Tensor b) {
  StableIValue stack[3] = {torch::stable::detail::from(a),
                           torch::stable::detail::from(b),
                           torch::stable::detail::from(2.0)};
  STABLE_TORCH_ERROR_CODE_CHECK(
      torch_call_dispatcher("aten::add", "Tensor", stack, TORCH_ABI_VERSION));
  return torch::stable::detail::to<Tensor>(stack[0]);
}

STABLE_TORCH_LIBRARY(scalarprobe, m) {
  m.def("scale(Tensor self, Scalar s) -> Tensor");
  m.def("add_alpha(Tensor a, Tensor b) -> Tensor");
}
STABLE_TORCH_LIBRARY_IMPL(scalarprobe, CPU, m) {
  m.impl("scale", TORCH_BOX(&scale));
  m.impl("add_alpha", TORCH_BOX(&add_alpha));
}
