// Which C++ parameter and return types TORCH_BOX boxes (run_probe.py, question
// 8): one kernel per type, each under PROBE_T_<name> so that each is compiled
// alone (-fsyntax-only) and the ones that compile are built into one library
// whose ops run from Python. The schemas are defined here.
#include <torch/csrc/stable/library.h>
#include <torch/csrc/stable/ops.h>
#include <torch/csrc/stable/tensor.h>

#include <cstdint>
#include <optional>
#include <string_view>
#include <tuple>
#include <vector>

using torch::stable::Tensor;

namespace {
double tDouble(double X) { return X * 2; }
int64_t tInt(int64_t X) { return X + 1; }
bool tBool(bool X) { return !X; }
int64_t tOptInt(std::optional<int64_t> X) { return X.value_or(-1); }
double tOptDouble(std::optional<double> X) { return X.value_or(-1.0); }
int64_t tArrayRef(torch::headeronly::HeaderOnlyArrayRef<int64_t> X) {
  int64_t Sum = 0;
  for (int64_t V : X)
    Sum += V;
  return Sum;
}
int64_t tVector(std::vector<int64_t> X) { return static_cast<int64_t>(X.size()); }
std::vector<int64_t> tVectorReturn(int64_t N) { return std::vector<int64_t>(N, 7); }
int64_t tOptArrayRef(std::optional<torch::headeronly::HeaderOnlyArrayRef<int64_t>> X) {
  return X ? static_cast<int64_t>(X->size()) : -1;
}
torch::headeronly::ScalarType tScalarType(torch::headeronly::ScalarType X) { return X; }
int64_t tStringView(std::string_view X) { return static_cast<int64_t>(X.size()); }
int64_t tTensorList(std::vector<Tensor> X) { return static_cast<int64_t>(X.size()); }
bool tOptTensor(std::optional<Tensor> X) { return X.has_value(); }
std::tuple<Tensor, Tensor> tTuple(Tensor X) { return {X, torch::stable::clone(X)}; }
Tensor &tTensorRefReturn(Tensor &X) { return X; }
Tensor tConstRefParam(const Tensor &X) { return torch::stable::clone(X); }
Tensor tRefParam(Tensor &X) { return X; }
void tVoid(Tensor X) { (void)X; }
int64_t tDevice(torch::stable::Device X) { return X.index(); }
// Scalar and SymInt schemas with the nearest C++ types (no stable Scalar).
double tScalarAsDouble(double X) { return X; }
int64_t tSymIntAsInt(int64_t X) { return X; }
int64_t tSymIntListAsArrayRef(torch::headeronly::HeaderOnlyArrayRef<int64_t> X) {
  return static_cast<int64_t>(X.size());
}
} // namespace

STABLE_TORCH_LIBRARY_FRAGMENT(probe_types, m) {
#ifdef PROBE_T_double
  m.def("t_double(float x) -> float");
#endif
#ifdef PROBE_T_int64_t
  m.def("t_int64_t(int x) -> int");
#endif
#ifdef PROBE_T_bool
  m.def("t_bool(bool x) -> bool");
#endif
#ifdef PROBE_T_optional_int
  m.def("t_optional_int(int? x) -> int");
#endif
#ifdef PROBE_T_optional_double
  m.def("t_optional_double(float? x) -> float");
#endif
#ifdef PROBE_T_HeaderOnlyArrayRef
  m.def("t_HeaderOnlyArrayRef(int[] x) -> int");
#endif
#ifdef PROBE_T_vector_int
  m.def("t_vector_int(int[] x) -> int");
#endif
#ifdef PROBE_T_vector_int_return
  m.def("t_vector_int_return(int n) -> int[]");
#endif
#ifdef PROBE_T_optional_HeaderOnlyArrayRef
  m.def("t_optional_HeaderOnlyArrayRef(int[]? x) -> int");
#endif
#ifdef PROBE_T_ScalarType
  m.def("t_ScalarType(ScalarType x) -> ScalarType");
#endif
#ifdef PROBE_T_string_view
  m.def("t_string_view(str x) -> int");
#endif
#ifdef PROBE_T_TensorList
  m.def("t_TensorList(Tensor[] x) -> int");
#endif
#ifdef PROBE_T_optional_Tensor
  m.def("t_optional_Tensor(Tensor? x) -> bool");
#endif
#ifdef PROBE_T_tuple
  m.def("t_tuple(Tensor x) -> (Tensor, Tensor)");
#endif
#ifdef PROBE_T_Tensor_ref_return
  m.def("t_Tensor_ref_return(Tensor(a!) x) -> Tensor(a!)");
#endif
#ifdef PROBE_T_const_Tensor_ref_param
  m.def("t_const_Tensor_ref_param(Tensor x) -> Tensor");
#endif
#ifdef PROBE_T_Tensor_ref_param
  m.def("t_Tensor_ref_param(Tensor(a!) x) -> Tensor(a!)");
#endif
#ifdef PROBE_T_void
  m.def("t_void(Tensor x) -> ()");
#endif
#ifdef PROBE_T_Device
  m.def("t_Device(Device x) -> int");
#endif
#ifdef PROBE_T_Scalar_as_double
  m.def("t_Scalar_as_double(Scalar x) -> float");
#endif
#ifdef PROBE_T_SymInt_as_int
  m.def("t_SymInt_as_int(SymInt x) -> int");
#endif
#ifdef PROBE_T_SymIntList_as_ArrayRef
  m.def("t_SymIntList_as_ArrayRef(SymInt[] x) -> int");
#endif
}

STABLE_TORCH_LIBRARY_IMPL(probe_types, CompositeExplicitAutograd, m) {
#ifdef PROBE_T_double
  m.impl("t_double", TORCH_BOX(&tDouble));
#endif
#ifdef PROBE_T_int64_t
  m.impl("t_int64_t", TORCH_BOX(&tInt));
#endif
#ifdef PROBE_T_bool
  m.impl("t_bool", TORCH_BOX(&tBool));
#endif
#ifdef PROBE_T_optional_int
  m.impl("t_optional_int", TORCH_BOX(&tOptInt));
#endif
#ifdef PROBE_T_optional_double
  m.impl("t_optional_double", TORCH_BOX(&tOptDouble));
#endif
#ifdef PROBE_T_HeaderOnlyArrayRef
  m.impl("t_HeaderOnlyArrayRef", TORCH_BOX(&tArrayRef));
#endif
#ifdef PROBE_T_vector_int
  m.impl("t_vector_int", TORCH_BOX(&tVector));
#endif
#ifdef PROBE_T_vector_int_return
  m.impl("t_vector_int_return", TORCH_BOX(&tVectorReturn));
#endif
#ifdef PROBE_T_optional_HeaderOnlyArrayRef
  m.impl("t_optional_HeaderOnlyArrayRef", TORCH_BOX(&tOptArrayRef));
#endif
#ifdef PROBE_T_ScalarType
  m.impl("t_ScalarType", TORCH_BOX(&tScalarType));
#endif
#ifdef PROBE_T_string_view
  m.impl("t_string_view", TORCH_BOX(&tStringView));
#endif
#ifdef PROBE_T_TensorList
  m.impl("t_TensorList", TORCH_BOX(&tTensorList));
#endif
#ifdef PROBE_T_optional_Tensor
  m.impl("t_optional_Tensor", TORCH_BOX(&tOptTensor));
#endif
#ifdef PROBE_T_tuple
  m.impl("t_tuple", TORCH_BOX(&tTuple));
#endif
#ifdef PROBE_T_Tensor_ref_return
  m.impl("t_Tensor_ref_return", TORCH_BOX(&tTensorRefReturn));
#endif
#ifdef PROBE_T_const_Tensor_ref_param
  m.impl("t_const_Tensor_ref_param", TORCH_BOX(&tConstRefParam));
#endif
#ifdef PROBE_T_Tensor_ref_param
  m.impl("t_Tensor_ref_param", TORCH_BOX(&tRefParam));
#endif
#ifdef PROBE_T_void
  m.impl("t_void", TORCH_BOX(&tVoid));
#endif
#ifdef PROBE_T_Device
  m.impl("t_Device", TORCH_BOX(&tDevice));
#endif
#ifdef PROBE_T_Scalar_as_double
  m.impl("t_Scalar_as_double", TORCH_BOX(&tScalarAsDouble));
#endif
#ifdef PROBE_T_SymInt_as_int
  m.impl("t_SymInt_as_int", TORCH_BOX(&tSymIntAsInt));
#endif
#ifdef PROBE_T_SymIntList_as_ArrayRef
  m.impl("t_SymIntList_as_ArrayRef", TORCH_BOX(&tSymIntListAsArrayRef));
#endif
}
