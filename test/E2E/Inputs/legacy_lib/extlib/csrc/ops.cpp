// A hand-written op library of the common shape (as pytorch/extension-cpp):
// functional ops with Python fake/autograd registrations (extlib/ops.py), a
// mutating op in the legacy out convention, CPU kernels here and CUDA ones
// in ops.cu, registered by hand.
#include <Python.h>

#include <ATen/Operators.h>
#include <torch/all.h>
#include <torch/library.h>

extern "C" {
// `import extlib._C` loads the registrations.
PyObject *PyInit__C(void) {
  static struct PyModuleDef module_def = {PyModuleDef_HEAD_INIT, "_C", NULL,
                                          -1, NULL};
  return PyModule_Create(&module_def);
}
}

namespace extlib {

static void check_pair(const at::Tensor &a, const at::Tensor &b) {
  TORCH_CHECK(a.sizes() == b.sizes(), "extlib: a and b must have one shape");
  TORCH_CHECK(a.dtype() == at::kFloat && b.dtype() == at::kFloat,
              "extlib: a and b must be float32");
  TORCH_INTERNAL_ASSERT(a.device().type() == at::DeviceType::CPU);
}

at::Tensor mymuladd_cpu(const at::Tensor &a, const at::Tensor &b, double c) {
  check_pair(a, b);
  at::Tensor a_c = a.contiguous(), b_c = b.contiguous();
  at::Tensor result = torch::empty(a_c.sizes(), a_c.options());
  const float *pa = a_c.data_ptr<float>(), *pb = b_c.data_ptr<float>();
  float *pr = result.data_ptr<float>();
  for (int64_t i = 0; i < result.numel(); i++)
    pr[i] = pa[i] * pb[i] + static_cast<float>(c);
  return result;
}

at::Tensor mymul_cpu(const at::Tensor &a, const at::Tensor &b) {
  check_pair(a, b);
  at::Tensor a_c = a.contiguous(), b_c = b.contiguous();
  at::Tensor result = torch::empty(a_c.sizes(), a_c.options());
  const float *pa = a_c.data_ptr<float>(), *pb = b_c.data_ptr<float>();
  float *pr = result.data_ptr<float>();
  for (int64_t i = 0; i < result.numel(); i++)
    pr[i] = pa[i] * pb[i];
  return result;
}

// The legacy out convention: writes into `out`, returns nothing.
void myadd_out_cpu(const at::Tensor &a, const at::Tensor &b, at::Tensor &out) {
  check_pair(a, b);
  TORCH_CHECK(out.sizes() == a.sizes(), "extlib: out must have a's shape");
  TORCH_CHECK(out.dtype() == at::kFloat && out.is_contiguous(),
              "extlib: out must be a contiguous float32 tensor");
  at::Tensor a_c = a.contiguous(), b_c = b.contiguous();
  const float *pa = a_c.data_ptr<float>(), *pb = b_c.data_ptr<float>();
  float *po = out.data_ptr<float>();
  for (int64_t i = 0; i < out.numel(); i++)
    po[i] = pa[i] + pb[i];
}

TORCH_LIBRARY(extlib, m) {
  m.def("mymuladd(Tensor a, Tensor b, float c) -> Tensor");
  m.def("mymul(Tensor a, Tensor b) -> Tensor");
  m.def("myadd_out(Tensor a, Tensor b, Tensor(a!) out) -> ()");
}

TORCH_LIBRARY_IMPL(extlib, CPU, m) {
  m.impl("mymuladd", &mymuladd_cpu);
  m.impl("mymul", &mymul_cpu);
  m.impl("myadd_out", &myadd_out_cpu);
}

} // namespace extlib
