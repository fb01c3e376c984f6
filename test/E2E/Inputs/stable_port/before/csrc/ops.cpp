// extops, written by hand on PyTorch's stable ABI as torchvision and vLLM
// write theirs (test/E2E/stable-port.test, docs/tutorial-migrate.md):
// functional CPU kernels boxed by TORCH_BOX, the backward of each op a
// private operator of its own (_muladd_backward, _sumsq_backward) that
// extops/_ops.py calls from torch.library.register_autograd, next to a
// register_fake per op.
#include <torch/csrc/stable/library.h>
#include <torch/csrc/stable/ops.h>
#include <torch/csrc/stable/tensor.h>
#include <torch/headeronly/core/Dispatch_v2.h>

#include <cstdint>
#include <tuple>
#include <vector>

namespace extops {
using torch::headeronly::ScalarType;
using torch::stable::Tensor;

namespace {
void check_float(const Tensor &t, const char *op) {
  STD_TORCH_CHECK(t.scalar_type() == ScalarType::Float ||
                      t.scalar_type() == ScalarType::Double,
                  op, ": expected a float or double tensor");
}

// A contiguous tensor of t's sizes and dtype.
Tensor new_like(const Tensor &t) {
  return torch::stable::new_empty(t, t.sizes());
}

// The sizes around `dim` of a contiguous tensor: outer x len x inner.
struct Split {
  int64_t outer = 1, len = 1, inner = 1;
};
Split split(const Tensor &t, int64_t dim) {
  Split s;
  for (int64_t d = 0; d < t.dim(); ++d)
    (d < dim ? s.outer : d == dim ? s.len : s.inner) *= t.size(d);
  return s;
}

int64_t wrap_dim(const Tensor &t, int64_t dim) {
  STD_TORCH_CHECK(t.dim() > 0, "extops::sumsq: expected a tensor with at "
                              "least one dimension");
  STD_TORCH_CHECK(dim >= -t.dim() && dim < t.dim(), "extops::sumsq: dim ", dim,
                  " out of range");
  return dim < 0 ? dim + t.dim() : dim;
}
} // namespace

// a * b + c, elementwise: a and b of one float dtype and one shape.
Tensor muladd(const Tensor &a, const Tensor &b, double c) {
  check_float(a, "extops::muladd");
  STD_TORCH_CHECK(a.scalar_type() == b.scalar_type(),
                  "extops::muladd: a and b must have the same dtype");
  STD_TORCH_CHECK(a.sizes().equals(b.sizes()),
                  "extops::muladd: a and b must have the same shape");
  Tensor ac = torch::stable::contiguous(a), bc = torch::stable::contiguous(b);
  Tensor out = new_like(ac);
  THO_DISPATCH_V2(a.scalar_type(), "muladd", AT_WRAP([&] {
    const scalar_t *pa = ac.const_data_ptr<scalar_t>();
    const scalar_t *pb = bc.const_data_ptr<scalar_t>();
    scalar_t *po = out.mutable_data_ptr<scalar_t>();
    for (int64_t i = 0; i < out.numel(); ++i)
      po[i] = pa[i] * pb[i] + static_cast<scalar_t>(c);
  }), AT_FLOATING_TYPES);
  return out;
}

// muladd's gradients: (grad * b, grad * a).
std::tuple<Tensor, Tensor> muladd_backward(const Tensor &grad, const Tensor &a,
                                           const Tensor &b) {
  Tensor g = torch::stable::contiguous(grad);
  Tensor ac = torch::stable::contiguous(a), bc = torch::stable::contiguous(b);
  Tensor grad_a = new_like(ac), grad_b = new_like(bc);
  THO_DISPATCH_V2(a.scalar_type(), "muladd_backward", AT_WRAP([&] {
    const scalar_t *pg = g.const_data_ptr<scalar_t>();
    const scalar_t *pa = ac.const_data_ptr<scalar_t>();
    const scalar_t *pb = bc.const_data_ptr<scalar_t>();
    scalar_t *pga = grad_a.mutable_data_ptr<scalar_t>();
    scalar_t *pgb = grad_b.mutable_data_ptr<scalar_t>();
    for (int64_t i = 0; i < g.numel(); ++i) {
      pga[i] = pg[i] * pb[i];
      pgb[i] = pg[i] * pa[i];
    }
  }), AT_FLOATING_TYPES);
  return {grad_a, grad_b};
}

// The sum of squares along one dim.
Tensor sumsq(const Tensor &self, int64_t dim, bool keepdim) {
  check_float(self, "extops::sumsq");
  const int64_t d = wrap_dim(self, dim);
  std::vector<int64_t> sizes;
  for (int64_t i = 0; i < self.dim(); ++i)
    if (i != d || keepdim)
      sizes.push_back(i == d ? 1 : self.size(i));
  Tensor x = torch::stable::contiguous(self);
  Tensor out = torch::stable::new_empty(x, sizes);
  const Split s = split(x, d);
  THO_DISPATCH_V2(self.scalar_type(), "sumsq", AT_WRAP([&] {
    const scalar_t *px = x.const_data_ptr<scalar_t>();
    scalar_t *po = out.mutable_data_ptr<scalar_t>();
    for (int64_t o = 0; o < s.outer; ++o)
      for (int64_t i = 0; i < s.inner; ++i) {
        scalar_t acc = 0;
        for (int64_t k = 0; k < s.len; ++k) {
          scalar_t v = px[(o * s.len + k) * s.inner + i];
          acc += v * v;
        }
        po[o * s.inner + i] = acc;
      }
  }), AT_FLOATING_TYPES);
  return out;
}

// sumsq's gradient: 2 * self * grad, grad broadcast along dim.
Tensor sumsq_backward(const Tensor &grad, const Tensor &self, int64_t dim,
                      bool keepdim) {
  (void)keepdim; // grad has the same elements either way
  const int64_t d = wrap_dim(self, dim);
  Tensor g = torch::stable::contiguous(grad);
  Tensor x = torch::stable::contiguous(self);
  Tensor grad_self = new_like(x);
  const Split s = split(x, d);
  THO_DISPATCH_V2(self.scalar_type(), "sumsq_backward", AT_WRAP([&] {
    const scalar_t *pg = g.const_data_ptr<scalar_t>();
    const scalar_t *px = x.const_data_ptr<scalar_t>();
    scalar_t *pr = grad_self.mutable_data_ptr<scalar_t>();
    for (int64_t o = 0; o < s.outer; ++o)
      for (int64_t k = 0; k < s.len; ++k)
        for (int64_t i = 0; i < s.inner; ++i) {
          const int64_t at = (o * s.len + k) * s.inner + i;
          pr[at] = 2 * px[at] * pg[o * s.inner + i];
        }
  }), AT_FLOATING_TYPES);
  return grad_self;
}
} // namespace extops

STABLE_TORCH_LIBRARY(extops, m) {
  m.def("muladd(Tensor a, Tensor b, float c) -> Tensor");
  m.def("sumsq(Tensor self, int dim, bool keepdim=False) -> Tensor");
  m.def("_muladd_backward(Tensor grad, Tensor a, Tensor b) -> "
        "(Tensor, Tensor)");
  m.def("_sumsq_backward(Tensor grad, Tensor self, int dim, bool keepdim) "
        "-> Tensor");
}

STABLE_TORCH_LIBRARY_IMPL(extops, CPU, m) {
  m.impl("muladd", TORCH_BOX(&extops::muladd));
  m.impl("sumsq", TORCH_BOX(&extops::sumsq));
  m.impl("_muladd_backward", TORCH_BOX(&extops::muladd_backward));
  m.impl("_sumsq_backward", TORCH_BOX(&extops::sumsq_backward));
}
