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
  at::Tensor m = at::empty_strided(t.sizes(), t.strides(),
                                   t.options().device(at::kMeta));
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

inline skgen::TensorMeta meta_of(const at::Tensor &r, skgen::OutDtype rule) {
  skgen::TensorMeta m(skgen::sizes_of(r), r.scalar_type());
  c10::SymIntArrayRef strides = r.sym_strides();
  m.with_strides(skgen::SizeVector(strides.begin(), strides.end()));
  return m.with_out_dtype(rule);
}

template <class... Ts>
skgen::Meta meta_of(const std::tuple<Ts...> &rs, skgen::OutDtype rule) {
  skgen::Meta m;
  std::apply([&](const auto &...r) { (m.push_back(meta_of(r, rule)), ...); },
             rs);
  return m;
}

} // namespace breadth
