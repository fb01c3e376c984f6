// Probe ops for test/E2E/stable-runtime.test: each runs one piece of
// skgen/stable/structured.h on its inputs and returns what it computed, so
// that test_stable_runtime.py can compare it with the aten op of the same
// rule. Compiled with -DTORCH_STABLE_ONLY: no ATen, no c10 beyond headeronly.
#include <skgen/stable/structured.h>

#include <tuple>

using torch::headeronly::ScalarType;
using torch::stable::Tensor;

namespace {

// Outputs are not computed: a kernel "writes" 1 so that the test sees that
// Output::finish() copied the temporary into out.
void kernel(Tensor &t) { torch::stable::fill_(t, 1.0); }

Tensor functional(const skgen::Meta &meta, const Tensor &like) {
  Tensor out = skgen::allocate(meta, 0, like);
  skgen::DeviceGuard guard(skgen::device_of(like));
  kernel(out);
  return out;
}

Tensor out_variant(const skgen::Meta &meta, const Tensor &like, Tensor out) {
  skgen::Output o(out, meta, 0, skgen::check_out(meta, 0, out, like));
  kernel(o.tensor());
  o.finish();
  return out;
}

Tensor inplace_variant(const skgen::Meta &meta, Tensor self) {
  skgen::Output o(self, meta, 0, skgen::check_inplace(meta, self));
  kernel(o.tensor());
  o.finish();
  return self;
}

Tensor unary(Tensor a) { return functional(skgen::preset::unary(a), a); }
Tensor unary_out(Tensor a, Tensor out) {
  return out_variant(skgen::preset::unary(a), a, out);
}
Tensor unary_float(Tensor a) {
  return functional(skgen::preset::unary_float(a), a);
}
Tensor unary_float_out(Tensor a, Tensor out) {
  return out_variant(skgen::preset::unary_float(a), a, out);
}
Tensor unary_float_(Tensor a) {
  return inplace_variant(skgen::preset::unary_float(a), a);
}
Tensor binary(Tensor a, Tensor b) {
  return functional(skgen::preset::binary(a, b), a);
}
Tensor binary_out(Tensor a, Tensor b, Tensor out) {
  return out_variant(skgen::preset::binary(a, b), a, out);
}
Tensor binary_(Tensor a, Tensor b) {
  return inplace_variant(skgen::preset::binary(a, b), a);
}
Tensor binary_float_number(Tensor a, double b) {
  return functional(skgen::preset::binary(a, b), a);
}
Tensor binary_int_number(Tensor a, int64_t b) {
  return functional(skgen::preset::binary(a, b), a);
}
Tensor binary_bool_number(Tensor a, bool b) {
  return functional(skgen::preset::binary(a, b), a);
}
Tensor binary_optional(Tensor a, std::optional<Tensor> b) {
  return functional(skgen::preset::binary(a, b), a);
}
Tensor binary_float(Tensor a, Tensor b) {
  return functional(skgen::preset::binary_float(a, b), a);
}
Tensor comparison(Tensor a, Tensor b) {
  return functional(skgen::preset::comparison(a, b), a);
}
Tensor comparison_out(Tensor a, Tensor b, Tensor out) {
  return out_variant(skgen::preset::comparison(a, b), a, out);
}
Tensor elementwise3(Tensor a, Tensor b, Tensor c) {
  return functional(skgen::preset::elementwise({a, b, c}), a);
}
Tensor reduction(Tensor a, std::optional<std::vector<int64_t>> dim,
                 bool keepdim, std::optional<ScalarType> dtype) {
  return functional(skgen::preset::reduction(a, dim, keepdim, dtype), a);
}
Tensor reduction_out(Tensor a, std::optional<std::vector<int64_t>> dim,
                     bool keepdim, std::optional<ScalarType> dtype,
                     Tensor out) {
  return out_variant(skgen::preset::reduction(a, dim, keepdim, dtype), a, out);
}
std::tuple<Tensor, Tensor> index_reduction(Tensor a, int64_t dim,
                                           bool keepdim) {
  skgen::Meta meta = skgen::preset::index_reduction(a, dim, keepdim, "max()");
  return {skgen::allocate(meta, 0, a), skgen::allocate(meta, 1, a)};
}
std::tuple<Tensor, Tensor> index_reduction_out(Tensor a, int64_t dim,
                                               bool keepdim, Tensor values,
                                               Tensor indices) {
  skgen::Meta meta = skgen::preset::index_reduction(a, dim, keepdim, "max()");
  skgen::check_out(meta, 0, values, a);
  skgen::check_out(meta, 1, indices, a);
  return {values, indices};
}
Tensor arg_reduction(Tensor a, std::optional<int64_t> dim, bool keepdim) {
  return functional(skgen::preset::arg_reduction(a, dim, keepdim, "argmax()"),
                    a);
}
Tensor arg_reduction_out(Tensor a, std::optional<int64_t> dim, bool keepdim,
                         Tensor out) {
  return out_variant(skgen::preset::arg_reduction(a, dim, keepdim, "argmax()"),
                     a, out);
}
// torchgen's in-place rule (OutDtype::Exact), as cumsum_(dim, dtype=).
Tensor exact_inplace(Tensor a, ScalarType dtype) {
  skgen::Meta meta(skgen::TensorMeta(a.sizes(), dtype)
                       .with_out_dtype(skgen::OutDtype::Exact));
  return inplace_variant(meta, a);
}
// Layouts: strides (empty_strided) and memory format, fresh and resized.
skgen::Meta strided_meta(const Tensor &a) {
  skgen::Meta m = skgen::preset::unary(a);
  skgen::SizeVector strides(m[0].sizes.size(), 1);
  for (size_t d = 1; d < strides.size(); ++d)
    strides[d] = strides[d - 1] * m[0].sizes[d - 1];
  m[0].with_strides(strides); // column-major
  return m;
}
Tensor strided(Tensor a) { return functional(strided_meta(a), a); }
Tensor strided_out(Tensor a, Tensor out) {
  return out_variant(strided_meta(a), a, out);
}
skgen::Meta channels_last_meta(const Tensor &a) {
  skgen::Meta m = skgen::preset::unary(a);
  m[0].with_memory_format(torch::headeronly::MemoryFormat::ChannelsLast);
  return m;
}
Tensor channels_last(Tensor a) { return functional(channels_last_meta(a), a); }
Tensor channels_last_out(Tensor a, Tensor out) {
  return out_variant(channels_last_meta(a), a, out);
}
Tensor no_tensor(std::vector<int64_t> size) {
  return skgen::allocate(
      skgen::TensorMeta(skgen::SizeVector(size), ScalarType::Short), 0);
}
Tensor meta_at(Tensor a) {
  skgen::Meta m = skgen::preset::unary(a);
  return skgen::allocate(m, 1, a);
}
Tensor result_check(Tensor a, Tensor b) {
  skgen::check_result(skgen::preset::binary(a, b), 0, a, "probe::result");
  return a;
}
Tensor result_meta_out(Tensor result, Tensor out) {
  skgen::Meta meta = skgen::result_meta(result);
  skgen::Output o(out, meta, 0, skgen::check_out(meta, 0, out, result));
  torch::stable::copy_(o.tensor(), result);
  o.finish();
  return out;
}
// call_out: a boxed call of an out= overload by name.
Tensor mul_out(Tensor a, Tensor b, Tensor out) {
  skgen::call_out<1>("aten::mul", "out", a, b, out);
  return out;
}

} // namespace

STABLE_TORCH_LIBRARY(skgen_stable_rt, m) {
  m.def("unary(Tensor a) -> Tensor");
  m.def("unary_out(Tensor a, Tensor(a!) out) -> Tensor(a!)");
  m.def("unary_float(Tensor a) -> Tensor");
  m.def("unary_float_out(Tensor a, Tensor(a!) out) -> Tensor(a!)");
  m.def("unary_float_(Tensor(a!) a) -> Tensor(a!)");
  m.def("binary(Tensor a, Tensor b) -> Tensor");
  m.def("binary_out(Tensor a, Tensor b, Tensor(a!) out) -> Tensor(a!)");
  m.def("binary_(Tensor(a!) a, Tensor b) -> Tensor(a!)");
  m.def("binary_float_number(Tensor a, float b) -> Tensor");
  m.def("binary_int_number(Tensor a, int b) -> Tensor");
  m.def("binary_bool_number(Tensor a, bool b) -> Tensor");
  m.def("binary_optional(Tensor a, Tensor? b) -> Tensor");
  m.def("binary_float(Tensor a, Tensor b) -> Tensor");
  m.def("comparison(Tensor a, Tensor b) -> Tensor");
  m.def("comparison_out(Tensor a, Tensor b, Tensor(a!) out) -> Tensor(a!)");
  m.def("elementwise3(Tensor a, Tensor b, Tensor c) -> Tensor");
  m.def("reduction(Tensor a, int[]? dim, bool keepdim, ScalarType? dtype) "
        "-> Tensor");
  m.def("reduction_out(Tensor a, int[]? dim, bool keepdim, ScalarType? dtype, "
        "Tensor(a!) out) -> Tensor(a!)");
  m.def("index_reduction(Tensor a, int dim, bool keepdim) -> (Tensor, Tensor)");
  m.def("index_reduction_out(Tensor a, int dim, bool keepdim, "
        "Tensor(a!) values, Tensor(b!) indices) -> (Tensor(a!), Tensor(b!))");
  m.def("arg_reduction(Tensor a, int? dim, bool keepdim) -> Tensor");
  m.def("arg_reduction_out(Tensor a, int? dim, bool keepdim, Tensor(a!) out) "
        "-> Tensor(a!)");
  m.def("exact_inplace(Tensor(a!) a, ScalarType dtype) -> Tensor(a!)");
  m.def("strided(Tensor a) -> Tensor");
  m.def("strided_out(Tensor a, Tensor(a!) out) -> Tensor(a!)");
  m.def("channels_last(Tensor a) -> Tensor");
  m.def("channels_last_out(Tensor a, Tensor(a!) out) -> Tensor(a!)");
  m.def("no_tensor(int[] size) -> Tensor");
  m.def("meta_at(Tensor a) -> Tensor");
  m.def("result_check(Tensor a, Tensor b) -> Tensor");
  m.def("result_meta_out(Tensor result, Tensor(a!) out) -> Tensor(a!)");
  m.def("mul_out(Tensor a, Tensor b, Tensor(a!) out) -> Tensor(a!)");
}

STABLE_TORCH_LIBRARY_IMPL(skgen_stable_rt, CompositeExplicitAutograd, m) {
  m.impl("unary", TORCH_BOX(&unary));
  m.impl("unary_out", TORCH_BOX(&unary_out));
  m.impl("unary_float", TORCH_BOX(&unary_float));
  m.impl("unary_float_out", TORCH_BOX(&unary_float_out));
  m.impl("unary_float_", TORCH_BOX(&unary_float_));
  m.impl("binary", TORCH_BOX(&binary));
  m.impl("binary_out", TORCH_BOX(&binary_out));
  m.impl("binary_", TORCH_BOX(&binary_));
  m.impl("binary_float_number", TORCH_BOX(&binary_float_number));
  m.impl("binary_int_number", TORCH_BOX(&binary_int_number));
  m.impl("binary_bool_number", TORCH_BOX(&binary_bool_number));
  m.impl("binary_optional", TORCH_BOX(&binary_optional));
  m.impl("binary_float", TORCH_BOX(&binary_float));
  m.impl("comparison", TORCH_BOX(&comparison));
  m.impl("comparison_out", TORCH_BOX(&comparison_out));
  m.impl("elementwise3", TORCH_BOX(&elementwise3));
  m.impl("reduction", TORCH_BOX(&reduction));
  m.impl("reduction_out", TORCH_BOX(&reduction_out));
  m.impl("index_reduction", TORCH_BOX(&index_reduction));
  m.impl("index_reduction_out", TORCH_BOX(&index_reduction_out));
  m.impl("arg_reduction", TORCH_BOX(&arg_reduction));
  m.impl("arg_reduction_out", TORCH_BOX(&arg_reduction_out));
  m.impl("exact_inplace", TORCH_BOX(&exact_inplace));
  m.impl("strided", TORCH_BOX(&strided));
  m.impl("strided_out", TORCH_BOX(&strided_out));
  m.impl("channels_last", TORCH_BOX(&channels_last));
  m.impl("channels_last_out", TORCH_BOX(&channels_last_out));
  m.impl("no_tensor", TORCH_BOX(&no_tensor));
  m.impl("meta_at", TORCH_BOX(&meta_at));
  m.impl("result_check", TORCH_BOX(&result_check));
  m.impl("result_meta_out", TORCH_BOX(&result_meta_out));
  m.impl("mul_out", TORCH_BOX(&mul_out));
}
