// Stand-in for include/skgen/structured.h (which needs the real ATen), for
// scan tests and for compiling generated code against the stub: the names
// and signatures generated code and meta functions use.
#pragma once
#include <ATen/ATen.h>
#include <initializer_list>
#include <skgen/not_implemented.h>
#include <skgen/symint.h>
namespace skgen {
enum class OutDtype { Cast, Same, Exact, Any, Custom };
struct TensorMeta {
  TensorMeta(std::initializer_list<int64_t>, c10::ScalarType);
  TensorMeta(c10::ArrayRef<int64_t>, c10::ScalarType);
};
class Meta {
public:
  Meta();
  Meta(TensorMeta);
  Meta(std::initializer_list<TensorMeta>);
};
class Operand {
public:
  Operand(const at::Tensor &);
  Operand(const at::Scalar &);
  Operand(const c10::optional<at::Tensor> &);
  Operand(const c10::optional<at::Scalar> &);
};
class Dims {
public:
  Dims(c10::ArrayRef<int64_t>);
  Dims(c10::OptionalArrayRef<int64_t>);
  Dims(int64_t);
  Dims(c10::optional<int64_t>);
  Dims(c10::nullopt_t);
};
namespace preset {
Meta unary(const at::Tensor &);
Meta unary_float(const at::Tensor &);
Meta binary(const Operand &, const Operand &,
            const c10::optional<at::Scalar> &);
Meta binary_float(const Operand &, const Operand &,
                  const c10::optional<c10::string_view> &);
Meta comparison(const Operand &, const Operand &);
Meta elementwise(std::initializer_list<Operand>);
Meta reduction(const at::Tensor &, const Dims &, bool,
               c10::optional<c10::ScalarType>);
Meta index_reduction(const at::Tensor &, int64_t, bool, const char *);
Meta arg_reduction(const at::Tensor &, c10::optional<int64_t>, bool,
                   const char *);
Meta clamp(const at::Tensor &, const c10::optional<at::Scalar> &,
           const c10::optional<at::Scalar> &);
Meta unary_bool(const at::Tensor &, const char *);
Meta loss(const at::Tensor &, const at::Tensor &, int64_t);
Meta halving(const at::Tensor &, int64_t, const char *);
Meta mm(const at::Tensor &, const at::Tensor &);
Meta bmm(const at::Tensor &, const at::Tensor &);
Meta addmm(const at::Tensor &, const at::Tensor &, const at::Tensor &);
Meta cat(at::TensorList, int64_t);
Meta softmax(const at::Tensor &, int64_t, bool);
Meta cumulative(const at::Tensor &, int64_t, c10::optional<c10::ScalarType>);
Meta upsample2d(const at::Tensor &, c10::ArrayRef<int64_t>);
} // namespace preset
at::Tensor allocate(const Meta &, unsigned long, const c10::TensorOptions &);
bool check_inplace(const Meta &, const at::Tensor &);
bool check_out(const Meta &, unsigned long, const at::Tensor &,
               const c10::TensorOptions &);
class Output {
public:
  Output(at::Tensor &, const Meta &, unsigned long, bool);
  at::Tensor &tensor();
  void finish();
};
template <class... Ts> bool any_requires_grad(const Ts &...);
void check_out_autograd(const Meta &, const char *);
void bump_version(const at::Tensor &);
} // namespace skgen
