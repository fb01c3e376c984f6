// extops ported to skgen (test/E2E/stable-port.test,
// docs/tutorial-migrate.md): the same kernels as out= kernels, the fakes'
// checks as meta functions, the backward operators as derivative formulas.
// skgen --fix writes the registrations, the functional and in-place
// variants, the Meta kernels and the backward operators below, and
// extops/_defs.py (.skgen.yaml: PythonDefs) the schemas and autograd.
#include <torch/csrc/stable/ops.h>
#include <torch/csrc/stable/tensor.h>
#include <torch/headeronly/core/Dispatch_v2.h>

#include <skgen/annotations.h>
#include <skgen/stable/structured.h>

#include <cstdint>

namespace extops {
using torch::headeronly::ScalarType;
using torch::stable::Tensor;

namespace {
void check_float(const Tensor &t, const char *op) {
  STD_TORCH_CHECK(t.scalar_type() == ScalarType::Float ||
                      t.scalar_type() == ScalarType::Double,
                  op, ": expected a float or double tensor");
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
} // namespace

// What the fake checked: one float dtype, one shape.
skgen::Meta muladd_meta(const Tensor &a, const Tensor &b, double c) {
  (void)c;
  check_float(a, "extops::muladd");
  STD_TORCH_CHECK(a.scalar_type() == b.scalar_type(),
                  "extops::muladd: a and b must have the same dtype");
  STD_TORCH_CHECK(a.sizes().equals(b.sizes()),
                  "extops::muladd: a and b must have the same shape");
  return skgen::preset::binary(a, b);
}

// a * b + c, elementwise.
SKGEN_STRUCTURED("extops::muladd.out(Tensor a, Tensor b, float c, *, "
                 "Tensor(a!) out) -> Tensor(a!)",
                 CPU)
SKGEN_INPLACE_ARG("a")
SKGEN_META(muladd_meta)
SKGEN_DERIVATIVE("a", "grad * b")
SKGEN_DERIVATIVE("b", "grad * a")
Tensor &muladd_out(const Tensor &a, const Tensor &b, double c, Tensor &out) {
  Tensor ac = torch::stable::contiguous(a), bc = torch::stable::contiguous(b);
  Tensor res =
      out.is_contiguous() ? out : torch::stable::new_empty(ac, ac.sizes());
  THO_DISPATCH_V2(a.scalar_type(), "muladd", AT_WRAP([&] {
    const scalar_t *pa = ac.const_data_ptr<scalar_t>();
    const scalar_t *pb = bc.const_data_ptr<scalar_t>();
    scalar_t *po = res.mutable_data_ptr<scalar_t>();
    for (int64_t i = 0; i < res.numel(); ++i)
      po[i] = pa[i] * pb[i] + static_cast<scalar_t>(c);
  }), AT_FLOATING_TYPES);
  if (!out.is_contiguous())
    torch::stable::copy_(out, res);
  return out;
}

// The sum of squares along one dim.
SKGEN_STRUCTURED("extops::sumsq.out(Tensor self, int dim, bool keepdim=False, "
                 "*, Tensor(a!) out) -> Tensor(a!)",
                 CPU)
SKGEN_NO_INPLACE
SKGEN_META_PRESET(reduction)
SKGEN_DERIVATIVE("self", "2 * self * (keepdim ? grad : grad.unsqueeze(dim))"
                         ".expand(self.sym_sizes())")
Tensor &sumsq_out(const Tensor &self, int64_t dim, bool keepdim, Tensor &out) {
  (void)keepdim; // out has the same elements either way
  check_float(self, "extops::sumsq");
  STD_TORCH_CHECK(out.scalar_type() == self.scalar_type(),
                  "extops::sumsq: out must have self's dtype");
  const int64_t d = dim < 0 ? dim + self.dim() : dim;
  Tensor x = torch::stable::contiguous(self);
  Tensor res =
      out.is_contiguous() ? out : torch::stable::new_empty(x, out.sizes());
  const Split s = split(x, d);
  THO_DISPATCH_V2(self.scalar_type(), "sumsq", AT_WRAP([&] {
    const scalar_t *px = x.const_data_ptr<scalar_t>();
    scalar_t *po = res.mutable_data_ptr<scalar_t>();
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
  if (!out.is_contiguous())
    torch::stable::copy_(out, res);
  return out;
}
} // namespace extops
