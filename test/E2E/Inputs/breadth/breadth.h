// The generic meta function of the breadth test's families that no preset
// reproduces (generate.py): the outputs' sizes, strides and dtypes are what
// aten's own functional op computes on meta copies of the arguments, so that
// the test exercises skgen's generated wrappers and checks on every family
// of native_functions.yaml, whatever its shape rule. PyTorch 2 only.
#pragma once

#include <ATen/ATen.h>
#include <skgen/structured.h>

#include <tuple>
#include <utility>
#include <vector>

namespace breadth {

inline at::Tensor on_meta(const at::Tensor &t) {
  if (!t.defined() || t.is_meta())
    return t;
  at::Tensor m =
      at::empty_strided(t.sizes(), t.strides(), t.options().device(at::kMeta));
  // A Python scalar's tensor promotes as a scalar.
  if (t.unsafeGetTensorImpl()->is_wrapped_number())
    m.unsafeGetTensorImpl()->set_wrapped_number(true);
  return m;
}

inline c10::optional<at::Tensor> on_meta(const c10::optional<at::Tensor> &t) {
  if (!t.has_value())
    return t;
  return on_meta(*t);
}

inline std::vector<at::Tensor> on_meta(at::TensorList ts) {
  std::vector<at::Tensor> out;
  for (const at::Tensor &t : ts)
    out.push_back(on_meta(t));
  return out;
}

inline c10::List<c10::optional<at::Tensor>>
on_meta(const c10::List<c10::optional<at::Tensor>> &ts) {
  c10::List<c10::optional<at::Tensor>> out;
  for (const c10::optional<at::Tensor> &t : ts)
    out.push_back(on_meta(t));
  return out;
}

// Everything else is passed as it is.
template <class T> const T &on_meta(const T &v) { return v; }

// \p kind: aten's checks of out= and in-place tensors (TensorIterator's for
// the TensorIteratorBase families; their inputs are not recorded, so only the
// written tensor's own overlap is checked).
inline skgen::TensorMeta meta_of(const at::Tensor &r, skgen::OutDtype rule,
                                 skgen::OpKind kind) {
  skgen::TensorMeta m(skgen::sizes_of(r), r.scalar_type());
  c10::SymIntArrayRef strides = r.sym_strides();
  m.with_strides(skgen::SizeVector(strides.begin(), strides.end()));
  m.kind = kind;
  return m.with_out_dtype(rule);
}

// An op's own out= dtype rule, worded with its name.
inline skgen::TensorMeta meta_of(const at::Tensor &r,
                                 skgen::OutDtypeCheck check, const char *name,
                                 skgen::OpKind kind) {
  skgen::TensorMeta m = meta_of(r, skgen::OutDtype::Cast, kind);
  m.op_name = name;
  return m.with_out_dtype(check);
}

// all, any: bool or uint8 whatever the input, computed in it.
inline bool bytebool_out(const skgen::TensorMeta &result, const at::Tensor &out,
                         bool /*inplace*/) {
  TORCH_CHECK(out.scalar_type() == at::kBool || out.scalar_type() == at::kByte,
              result.op_name, " only supports bool tensor for result, got: ",
              out.scalar_type());
  return false;
}

// signbit: "signbit does not support non-boolean outputs."
inline bool bool_out(const skgen::TensorMeta &result, const at::Tensor &out,
                     bool /*inplace*/) {
  TORCH_CHECK(out.scalar_type() == at::kBool, result.op_name,
              " does not support non-boolean outputs.");
  return false;
}

// amax, amin: the input's dtype.
inline bool input_dtype_out(const skgen::TensorMeta &result,
                            const at::Tensor &out, bool /*inplace*/) {
  TORCH_CHECK(out.scalar_type() == result.dtype,
              "Expected the dtype for input and out to match, but got ",
              result.dtype, " for input's dtype and ", out.scalar_type(),
              " for out's dtype.");
  return false;
}

// heaviside: self's dtype, worded as its check of the operands.
inline bool heaviside_out(const skgen::TensorMeta &result,
                          const at::Tensor &out, bool /*inplace*/) {
  TORCH_CHECK(out.scalar_type() == result.dtype,
              "heaviside is not yet implemented for tensors with different "
              "dtypes.");
  return false;
}

template <class... Ts>
skgen::Meta meta_of(const std::tuple<Ts...> &rs, skgen::OutDtype rule,
                    skgen::OpKind kind) {
  skgen::Meta m;
  std::apply(
      [&](const auto &...r) { (m.push_back(meta_of(r, rule, kind)), ...); },
      rs);
  return m;
}

} // namespace breadth
