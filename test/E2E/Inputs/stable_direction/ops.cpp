// Inputs/direction/ops.cpp on the stable ABI (--abi=stable): backends that
// implement the *functional* kernel of a family; skgen derives their out=
// and in-place variants from it. The stable ABI has no Scalar, so the
// families are mul (no alpha) instead of add; every family has a meta
// function (the stable target needs one).
//
// * sdir::mul       CPU functional kernel (aten::mul.Tensor by name), meta
//                   preset binary: out=/in-place checked against the meta
//                   before the kernel runs; Meta kernels generated.
// * sdir::mulce     no out kernel anywhere: a Meta functional kernel
//                   (skgen), a CPU functional kernel registered by hand
//                   (below, no skgen): CPU out= and in-place are served by the
//                   generated CompositeExplicitAutograd wrappers through
//                   sdir::mulce, called by name.
// * sdir::mulmix    mixed: CPU out kernel, Meta functional kernel.
// * sdir::aminmax   two outputs, CPU functional kernel (aten::aminmax), a
//                   meta function with aten's out= dtype rule for it.
//
// Every kernel counts its calls: torch.ops.sdir_count.calls(name).
#include <torch/csrc/stable/library.h>
#include <torch/csrc/stable/ops.h>
#include <torch/csrc/stable/tensor.h>

#include <skgen/annotations.h>
#include <skgen/stable/structured.h>

#include <atomic>
#include <optional>
#include <tuple>

namespace sdir {

using torch::stable::Tensor;

namespace {
enum Kernel {
  MulCpu,
  MulceMeta,
  MulceByHand,
  MulmixOut,
  MulmixMeta,
  Aminmax,
  N
};
std::atomic<int64_t> Counts[N];
} // namespace

int64_t calls(int64_t Which) { return Counts[Which].load(); }

SKGEN_STRUCTURED("sdir::mul.out(Tensor self, Tensor other, *, Tensor(a!) "
                 "out) -> Tensor(a!)",
                 CPU)
SKGEN_FUNCTIONAL_KERNEL
SKGEN_META_PRESET(binary)
Tensor mul_cpu(const Tensor &self, const Tensor &other) {
  ++Counts[MulCpu];
  return skgen::call<Tensor>("aten::mul", "Tensor", self, other);
}

SKGEN_STRUCTURED("sdir::mulce.out(Tensor self, Tensor other, *, Tensor(a!) "
                 "out) -> Tensor(a!)",
                 Meta)
SKGEN_FUNCTIONAL_KERNEL
SKGEN_META_PRESET(binary)
Tensor mulce_meta(const Tensor &self, const Tensor &other) {
  ++Counts[MulceMeta];
  return skgen::allocate(skgen::preset::binary(self, other), 0, self);
}

// Registered by hand: the CPU functional kernel of sdir::mulce.
Tensor mulce_cpu_by_hand(const Tensor &self, const Tensor &other) {
  ++Counts[MulceByHand];
  return skgen::call<Tensor>("aten::mul", "Tensor", self, other);
}

STABLE_TORCH_LIBRARY_IMPL(sdir, CPU, m) {
  m.impl("mulce", TORCH_BOX(&mulce_cpu_by_hand));
}

SKGEN_STRUCTURED("sdir::mulmix.out(Tensor self, Tensor other, *, Tensor(a!) "
                 "out) -> Tensor(a!)",
                 CPU)
SKGEN_META_PRESET(binary)
Tensor &mulmix_out_cpu(const Tensor &self, const Tensor &other, Tensor &out) {
  ++Counts[MulmixOut];
  skgen::call_out<1>("aten::mul", "out", self, other, out);
  return out;
}

SKGEN_KERNEL("sdir::mulmix", Meta)
Tensor mulmix_meta(const Tensor &self, const Tensor &other) {
  ++Counts[MulmixMeta];
  return skgen::allocate(skgen::preset::binary(self, other), 0, self);
}

// aten's aminmax is a torchgen structured op: out= tensors must have exactly
// the result's dtype (OutDtype::Exact), a rule only a meta function can give.
skgen::Meta aminmax_meta(const Tensor &self, std::optional<int64_t> dim,
                         bool keepdim) {
  skgen::SizeVector Shape = skgen::reduced_shape(self, dim, keepdim);
  skgen::TensorMeta Min(Shape, self.scalar_type()),
      Max(Shape, self.scalar_type());
  Min.out_dtype = Max.out_dtype = skgen::OutDtype::Exact;
  return skgen::Meta{Min, Max};
}

SKGEN_STRUCTURED("sdir::aminmax.out(Tensor self, *, int? dim=None, bool "
                 "keepdim=False, Tensor(a!) min, Tensor(b!) max) -> "
                 "(Tensor(a!) min, Tensor(b!) max)",
                 CPU)
SKGEN_FUNCTIONAL_KERNEL
SKGEN_META(aminmax_meta)
std::tuple<Tensor, Tensor>
aminmax_cpu(const Tensor &self, std::optional<int64_t> dim, bool keepdim) {
  ++Counts[Aminmax];
  return skgen::call<std::tuple<Tensor, Tensor>>("aten::aminmax", "", self, dim,
                                                 keepdim);
}

} // namespace sdir

// Test fixture, not generated: how often each kernel ran (by its Kernel
// number, in the order of the enum above).
STABLE_TORCH_LIBRARY(sdir_count, m) { m.def("calls(int kernel) -> int"); }
STABLE_TORCH_LIBRARY_IMPL(sdir_count, CompositeExplicitAutograd, m) {
  m.impl("calls", TORCH_BOX(&sdir::calls));
}
