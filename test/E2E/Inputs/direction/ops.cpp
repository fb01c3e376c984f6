// Backends that implement the *functional* kernel of a family (issue 12,
// part 1): skgen derives their out= and in-place variants from it.
//
// * dirops::add       CPU functional kernel (at::add), meta preset binary:
//                     out=/in-place checked against the meta before the
//                     kernel runs; Meta kernels generated.
// * dirops::addnm     the same without a meta function: out=/in-place checked
//                     on the result's metadata (TensorIterator's rules).
// * dirops::addce     no out kernel anywhere: a Meta functional kernel
//                     (skgen), a CPU functional kernel registered by hand
//                     (below, no skgen): CPU out= and in-place are served by
//                     the generated CompositeExplicitAutograd wrappers
//                     through dirops::addce.
// * dirops::mul       mixed: CPU out kernel, Meta functional kernel.
// * dirops::aminmax   two outputs, CPU functional kernel (at::aminmax), a meta
//                     function with aten's out= dtype rule for it.
//
// Every kernel counts its calls: torch.ops.dirops_count.calls(name).
#include <ATen/ATen.h>
#include <ATen/ExpandUtils.h>
#include <ATen/native/Resize.h>
#include <torch/library.h>

#include <skgen/annotations.h>
#include <skgen/structured.h>

#include <atomic>
#include <map>
#include <mutex>
#include <string>
#include <tuple>

namespace dirops {

namespace {
std::mutex CountsMutex;
std::map<std::string, int64_t> &counts() {
  static std::map<std::string, int64_t> C;
  return C;
}
void count(const char *Kernel) {
  std::lock_guard<std::mutex> Lock(CountsMutex);
  ++counts()[Kernel];
}
int64_t calls(c10::string_view Kernel) {
  std::lock_guard<std::mutex> Lock(CountsMutex);
  auto It = counts().find(std::string(Kernel.data(), Kernel.size()));
  return It == counts().end() ? 0 : It->second;
}
} // namespace

SKGEN_STRUCTURED("dirops::add.out(Tensor self, Tensor other, *, Scalar "
                 "alpha=1, Tensor(a!) out) -> Tensor(a!)",
                 CPU)
SKGEN_FUNCTIONAL_KERNEL
SKGEN_META_PRESET(binary)
at::Tensor add_cpu(const at::Tensor &self, const at::Tensor &other,
                   const at::Scalar &alpha) {
  count("add_cpu");
  return at::add(self, other, alpha);
}

SKGEN_STRUCTURED("dirops::addnm.out(Tensor self, Tensor other, *, Scalar "
                 "alpha=1, Tensor(a!) out) -> Tensor(a!)",
                 CPU)
SKGEN_FUNCTIONAL_KERNEL
at::Tensor addnm_cpu(const at::Tensor &self, const at::Tensor &other,
                     const at::Scalar &alpha) {
  count("addnm_cpu");
  return at::add(self, other, alpha);
}

SKGEN_STRUCTURED("dirops::addce.out(Tensor self, Tensor other, *, Scalar "
                 "alpha=1, Tensor(a!) out) -> Tensor(a!)",
                 Meta)
SKGEN_FUNCTIONAL_KERNEL
at::Tensor addce_meta(const at::Tensor &self, const at::Tensor &other,
                      const at::Scalar &alpha) {
  count("addce_meta");
  at::ScalarType Dtype = at::result_type(self, other);
  at::native::alpha_check(Dtype, alpha);
  return skgen::allocate(
      skgen::TensorMeta(skgen::broadcast(self, other), Dtype), 0,
      self.options());
}

// Registered by hand: the CPU functional kernel of dirops::addce.
at::Tensor addce_cpu_by_hand(const at::Tensor &self, const at::Tensor &other,
                             const at::Scalar &alpha) {
  count("addce_cpu_by_hand");
  return at::add(self, other, alpha);
}

TORCH_LIBRARY_IMPL(dirops, CPU, m) {
  m.impl("addce", TORCH_FN(addce_cpu_by_hand));
}

SKGEN_STRUCTURED("dirops::mul.out(Tensor self, Tensor other, *, Tensor(a!) "
                 "out) -> Tensor(a!)",
                 CPU)
at::Tensor &mul_out_cpu(const at::Tensor &self, const at::Tensor &other,
                        at::Tensor &out) {
  count("mul_out_cpu");
  return at::mul_out(out, self, other);
}

SKGEN_KERNEL("dirops::mul", Meta)
at::Tensor mul_meta(const at::Tensor &self, const at::Tensor &other) {
  count("mul_meta");
  return skgen::allocate(skgen::TensorMeta(skgen::broadcast(self, other),
                                           at::result_type(self, other)),
                         0, self.options());
}

// aten's aminmax is a torchgen structured op: out= tensors must have exactly
// the result's dtype (OutDtype::Exact), a rule only a meta function can give.
skgen::Meta aminmax_meta(const at::Tensor &self, c10::optional<int64_t> dim,
                         bool keepdim) {
  skgen::SizeVector Shape = skgen::reduced_shape(self, dim, keepdim);
  skgen::TensorMeta Min(Shape, self.scalar_type()),
      Max(Shape, self.scalar_type());
  Min.out_dtype = Max.out_dtype = skgen::OutDtype::Exact;
  return skgen::Meta{Min, Max};
}

SKGEN_STRUCTURED(
    "dirops::aminmax.out(Tensor self, *, int? dim=None, bool "
    "keepdim=False, Tensor(a!) min, Tensor(b!) max) -> (Tensor(a!) "
    "min, Tensor(b!) max)",
    CPU)
SKGEN_FUNCTIONAL_KERNEL
SKGEN_META(aminmax_meta)
std::tuple<at::Tensor, at::Tensor>
aminmax_cpu(const at::Tensor &self, c10::optional<int64_t> dim, bool keepdim) {
  count("aminmax_cpu");
  return at::aminmax(self, dim, keepdim);
}

} // namespace dirops

TORCH_LIBRARY(dirops_count, m) { m.def("calls(str kernel) -> int"); }
TORCH_LIBRARY_IMPL(dirops_count, CompositeExplicitAutograd, m) {
  m.impl("calls", TORCH_FN(dirops::calls));
}
