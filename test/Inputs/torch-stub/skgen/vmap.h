// Stand-in for include/skgen/vmap.h (which needs the real ATen): what the
// generated batching rules call, declared.
#pragma once
#include <ATen/ATen.h>
#include <cstdint>
#include <tuple>
namespace skgen {
namespace vmap {
using BatchDim = c10::optional<int64_t>;
class Call {
public:
  template <class... T> bool batched(const T &...) const;
  template <class... T> std::tuple<T...> pointwise(const T &...);
  template <class... T> auto inputs(const T &...ts) const {
    return std::tuple_cat(std::make_tuple(ts, BatchDim())...);
  }
  template <class D>
  std::tuple<at::Tensor, D> reduction(const at::Tensor &, const D &, bool);
  at::Tensor wrap(const at::Tensor &) const;
  template <class R> at::Tensor wrap(const R &) const;
  void inplace(const at::Tensor &, const char *);
  at::Tensor out(const at::Tensor &, const char *);
  void finish_out(const at::Tensor &, const char *) const;
  template <class R> void copy_to(const at::Tensor &, const R &, const char *);
};
} // namespace vmap
} // namespace skgen
