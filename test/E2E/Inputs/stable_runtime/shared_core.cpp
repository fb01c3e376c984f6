// What the stable-ABI runtime lacked while it was a copy of skgen/structured.h
// (issue 43): it is now the same core, so each of these compiles with
// -DTORCH_STABLE_ONLY as it does on libtorch.
#include <skgen/stable/structured.h>

using torch::stable::Tensor;

skgen::Meta all_same(const Tensor &a, const Tensor &b) {
  return skgen::elementwise({a, b}, skgen::Promotion::AllSame);
}

skgen::Meta expands_and_kernel_error(const Tensor &self, const Tensor &a) {
  skgen::TensorMeta out(a.sizes(), a.scalar_type());
  out.op_name = "probe";
  out.with_expands(self).with_kernel_check([] {});
  out.iterator.disjoint.push_back(self);
  return skgen::Meta(std::move(out));
}

skgen::Meta div_mode(const Tensor &a, const Tensor &b) {
  return skgen::preset::binary_float(a, b, std::string_view("floor"));
}
