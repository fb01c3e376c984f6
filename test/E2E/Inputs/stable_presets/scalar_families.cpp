// The families of Inputs/presets/ops.cpp that ops.cpp (the stable-ABI port)
// leaves out, as a stable-ABI library would write them: each has a Scalar
// argument, which the stable ABI cannot box (torch_call_dispatcher refuses
// it too), so skgen --abi=stable refuses each at that argument.
#include <torch/csrc/stable/tensor.h>

#include <skgen/annotations.h>

#include <optional>

namespace presets {

using torch::stable::Tensor;

SKGEN_STRUCTURED("presets::add.out(Tensor self, Tensor other, *, Scalar "
                 "alpha=1, Tensor(a!) out) -> Tensor(a!)",
                 CPU)
SKGEN_META_PRESET(binary)
Tensor &add_out(const Tensor &self, const Tensor &other, double alpha,
                Tensor &out);

SKGEN_STRUCTURED("presets::mul.Scalar_out(Tensor self, Scalar other, *, "
                 "Tensor(a!) out) -> Tensor(a!)",
                 CPU)
SKGEN_META_PRESET(binary)
Tensor &mul_scalar_out(const Tensor &self, double other, Tensor &out);

SKGEN_STRUCTURED("presets::lt.Scalar_out(Tensor self, Scalar other, *, "
                 "Tensor(a!) out) -> Tensor(a!)",
                 CPU)
SKGEN_META_PRESET(comparison)
Tensor &lt_scalar_out(const Tensor &self, double other, Tensor &out);

SKGEN_STRUCTURED("presets::addcmul.out(Tensor self, Tensor tensor1, Tensor "
                 "tensor2, *, Scalar value=1, Tensor(a!) out) -> Tensor(a!)",
                 CPU)
SKGEN_META_PRESET(elementwise, self, tensor1, tensor2)
Tensor &addcmul_out(const Tensor &self, const Tensor &tensor1,
                    const Tensor &tensor2, double value, Tensor &out);

SKGEN_STRUCTURED("presets::sub.out(Tensor self, Tensor other, *, Scalar "
                 "alpha=1, Tensor(a!) out) -> Tensor(a!)",
                 CPU)
SKGEN_FUNCTIONAL_NAME("Tensor")
SKGEN_META_PRESET(binary)
Tensor &sub_out(const Tensor &self, const Tensor &other, double alpha,
                Tensor &out);

SKGEN_STRUCTURED("presets::ne.Scalar_out(Tensor self, Scalar other, *, "
                 "Tensor(a!) out) -> Tensor(a!)",
                 CPU)
SKGEN_META_PRESET(comparison)
Tensor &ne_scalar_out(const Tensor &self, double other, Tensor &out);

SKGEN_STRUCTURED("presets::clamp.out(Tensor self, Scalar? min=None, Scalar? "
                 "max=None, *, Tensor(a!) out) -> Tensor(a!)",
                 CPU)
SKGEN_META_PRESET(elementwise, self, min, max)
Tensor &clamp_out(const Tensor &self, std::optional<double> min,
                  std::optional<double> max, Tensor &out);

} // namespace presets
