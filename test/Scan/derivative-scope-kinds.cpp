// Every argument kind of a schema is in a derivative formula's scope, with
// the C++ type aten's node saves it as (torchgen's gen_autograd_functions.py:
// a Tensor?[] as the c10::List<c10::optional<at::Tensor>> unpack_opt_list
// gives, a Tensor[] as std::vector<at::Tensor>, lists as vectors, optionals
// as c10::optional), in backward formulas, and as the dispatcher passes it in
// forward formulas. expect<T>(x) compiles only if x is a T: one formula line
// per kind, so an error names the kind that is missing or mistyped.
// RUN: %skgen --dump-facts=%t.json %s -- %scanflags 2> %t.err
// RUN: FileCheck %s --allow-empty --input-file=%t.err --implicit-check-not=error: --implicit-check-not=warning:
// CHECK-NOT: error

#include <ATen/ATen.h>
#include <skgen/annotations.h>

#include <array>
#include <string>
#include <type_traits>
#include <vector>

namespace kinds {
template <class Want, class Got>
typename std::enable_if<std::is_same<Got, Want>::value, at::Tensor>::type
expect(const Got &);

SKGEN_STRUCTURED(
    "kinds::every.out(Tensor self, Tensor?[] indices, Scalar[] scalars, "
    "int[] ints, int[1]? oints, SymInt[] sizes, SymInt[]? osizes, str mode, "
    "str? omode, ScalarType? dtype, Layout? layout, Device? device, "
    "bool[3] mask, float[] floats, float[]? ofloats, "
    "Generator? generator, Scalar? oscalar, int? oint, SymInt? osym, "
    "MemoryFormat? memory_format, Tensor? weight, Tensor[] others, *, "
    "Tensor(a!) out) -> Tensor(a!)",
    CPU)
SKGEN_DERIVATIVE("self",
                 "expect<c10::List<c10::optional<at::Tensor>>>(indices) + "
                 "expect<std::vector<at::Scalar>>(scalars) + "
                 "expect<std::vector<int64_t>>(ints) + "
                 "expect<c10::optional<std::vector<int64_t>>>(oints) + "
                 "expect<std::vector<::skgen::SymInt>>(sizes) + "
                 "expect<c10::optional<std::vector<::skgen::SymInt>>>(osizes) + "
                 "expect<std::string>(mode) + "
                 "expect<c10::optional<std::string>>(omode) + "
                 "expect<c10::optional<at::ScalarType>>(dtype) + "
                 "expect<c10::optional<at::Layout>>(layout) + "
                 "expect<c10::optional<at::Device>>(device) + "
                 "expect<std::array<bool, 3>>(mask) + "
                 "expect<std::vector<double>>(floats) + "
                 "expect<c10::optional<std::vector<double>>>(ofloats) + "
                 "expect<c10::optional<at::Generator>>(generator) + "
                 "expect<c10::optional<at::Scalar>>(oscalar) + "
                 "expect<c10::optional<int64_t>>(oint) + "
                 "expect<c10::optional<::skgen::SymInt>>(osym) + "
                 "expect<c10::optional<at::MemoryFormat>>(memory_format) + "
                 "expect<c10::optional<at::Tensor>>(weight) + "
                 "expect<std::vector<at::Tensor>>(others)")
SKGEN_DERIVATIVE("weight, others", "non_differentiable")
SKGEN_DERIVATIVE(
    "result",
    "expect<c10::List<c10::optional<at::Tensor>>>(indices) + "
    "expect<c10::ArrayRef<at::Scalar>>(scalars) + "
    "expect<c10::ArrayRef<int64_t>>(ints) + "
    "expect<c10::OptionalArrayRef<int64_t>>(oints) + "
    "expect<::skgen::SymIntArrayRef>(sizes) + "
    "expect<c10::string_view>(mode) + "
    "expect<c10::optional<c10::string_view>>(omode) + "
    "expect<c10::optional<at::ScalarType>>(dtype) + "
    "expect<c10::ArrayRef<double>>(floats) + "
    "expect<c10::optional<at::Generator>>(generator) + "
    "expect<c10::ArrayRef<at::Tensor>>(others) + self_t")
at::Tensor &every_out(const at::Tensor &self,
                      const c10::List<c10::optional<at::Tensor>> &indices,
                      at::ArrayRef<at::Scalar> scalars, at::IntArrayRef ints,
                      at::OptionalIntArrayRef oints, c10::SymIntArrayRef sizes,
                      at::OptionalIntArrayRef osizes,
                      c10::string_view mode,
                      c10::optional<c10::string_view> omode,
                      c10::optional<at::ScalarType> dtype,
                      c10::optional<at::Layout> layout,
                      c10::optional<at::Device> device,
                      std::array<bool, 3> mask,
                      at::ArrayRef<double> floats,
                      c10::optional<at::ArrayRef<double>> ofloats,
                      c10::optional<at::Generator> generator,
                      const c10::optional<at::Scalar> &oscalar,
                      c10::optional<int64_t> oint,
                      c10::optional<int64_t> osym,
                      c10::optional<at::MemoryFormat> memory_format,
                      const c10::optional<at::Tensor> &weight,
                      at::TensorList others, at::Tensor &out);
} // namespace kinds
