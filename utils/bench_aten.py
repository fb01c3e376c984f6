#!/usr/bin/env python3
"""Benchmark: per-call cost of skgen's generated variants vs aten's own.

Six preset families whose out= kernels call aten's own out kernels (so the
kernel work is aten's; what differs is the generated code around it):

  add.out       SKGEN_META_PRESET(binary)      vs aten::add.Tensor / add_.Tensor / add.out
  neg.out       SKGEN_META_PRESET(unary)       vs aten::neg / neg_ / neg.out
  sqrt.out      SKGEN_META_PRESET(unary_float) vs aten::sqrt / sqrt_ / sqrt.out
  lt.Tensor_out SKGEN_META_PRESET(comparison)  vs aten::lt.Tensor / lt_.Tensor / lt.Tensor_out
  sum.IntList_out SKGEN_META_PRESET(reduction) vs aten::sum.dim_IntList / sum.IntList_out
  max.dim_max   SKGEN_META_PRESET(index_reduction), two outputs, vs aten::max.dim / max.dim_max
                (sum and max: no in-place variant, no TensorIterator option)

each generated as `direct` (the kernel annotated for CPU: skgen's direct
CPU wrappers) and `alias` (the kernel annotated for Meta and registered by
hand for CPU out= only: CPU functional/in-place calls run the generated
CompositeExplicitAutograd wrappers, which redispatch to it), and again as
`iter` / `iter_alias`, whose out= kernels compute as aten's structured impl
does (a TensorIterator over the given out, then the op's DispatchStub): aten's
out op, its dispatcher trip and its meta are then not charged to skgen.

`stable` (not in the default --variants): the same families on skgen's
stable-ABI target (skgen --abi=stable, docs/stable-abi.md), annotated for CPU,
compiled with -DTORCH_STABLE_ONLY and TORCH_TARGET_VERSION = the measured
torch, as examples/stable is, into a hidden-visibility shared library the
driver links (as a stable-ABI extension is built). Its kernels call aten's out= ops by name
(skgen::call_out, as a stable kernel without TensorIterator or DispatchStubs
does): the kernel work of `direct`. Without `add`: its `Scalar alpha` has no
stable-ABI form (nor can a stable kernel pass one to aten::add.out); its rows
show "-" for the variant.

A C++ driver (no Python) calls every operator through its typed handle
(c10::TypedOperatorHandle::call, the path of at::_ops::<op>::call), with
autograd enabled as in user code (--inference-mode: under c10::InferenceMode),
one intra-op thread, on float32 CPU tensors of the given sizes. Rounds are
interleaved: each round times aten, direct and alias back to back (rotating
which goes first); the table gives the median ns per call over the rounds and
the ratios to aten's, measured in the same rounds.

--callgrind: instructions per call under valgrind --tool=callgrind instead of
times (repeatable whatever the machine's load), with a breakdown by object.

Every kernel here writes an out= (or in-place self) of another dtype itself
(aten's out ops and TensorIterator cast), so the families carry
SKGEN_KERNEL_CASTS (no temporary of the result dtype: lt_ of a float self);
--no-kernel-casts measures them without it. Each also checks, resizes and
casts out= and self itself (aten's out ops, and the TensorIterator over the
given out): --kernel-iterator gives the families SKGEN_KERNEL_ITERATOR
instead, whose in-place and out= wrappers leave the checks to the kernel;
--kernel-allocates adds SKGEN_KERNEL_ALLOCATES to the iter families, whose
direct functional wrappers then pass an undefined out that the kernel's
TensorIterator allocates (one TensorIterator build per functional call).

Usage: utils/bench_aten.py [--skgen build/bin/skgen] [--python .venv/bin/python]
                           [--rounds 101] [--calls 2000] [--sizes 1,4096]
                           [--variants direct,alias,iter,iter_alias,stable]
                           [--inference-mode] [--callgrind]
                           [--no-kernel-casts | --kernel-iterator [--kernel-allocates]]
                           [--keep] [--reuse DIR]
"""
import argparse
import concurrent.futures
import json
import os
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# (family, schema, preset, options, kernel params, kernel body calling aten's
# out op, kernel body computing as aten's structured impl does (TensorIterator
# over the given out, then the op's DispatchStub), aten's functional/in-place/out
# overloads)
FAMILIES = [
    ("add", "add.out(Tensor self, Tensor other, *, Scalar alpha=1, Tensor(a!) out) -> Tensor(a!)",
     "binary", ['SKGEN_FUNCTIONAL_NAME("Tensor")', 'SKGEN_INPLACE_NAME("Tensor")'],
     "const at::Tensor &self, const at::Tensor &other, const at::Scalar &alpha, at::Tensor &out",
     "return at::add_out(out, self, other, alpha);",
     "auto iter = at::TensorIterator::borrowing_binary_op(out, self, other);\n"
     "  at::native::add_stub(iter.device_type(), iter, alpha);\n  out = iter.output();\n  return out;",
     ("add", "Tensor"), ("add_", "Tensor"), ("add", "out")),
    ("neg", "neg.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", "unary", [],
     "const at::Tensor &self, at::Tensor &out", "return at::neg_out(out, self);",
     "auto iter = at::TensorIterator::unary_op(out, self);\n"
     "  at::native::neg_stub(iter.device_type(), iter);\n  out = iter.output();\n  return out;",
     ("neg", ""), ("neg_", ""), ("neg", "out")),
    ("sqrt", "sqrt.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", "unary_float", [],
     "const at::Tensor &self, at::Tensor &out", "return at::sqrt_out(out, self);",
     "auto iter = at::TensorIterator::unary_float_op(out, self);\n"
     "  at::native::sqrt_stub(iter.device_type(), iter);\n  out = iter.output();\n  return out;",
     ("sqrt", ""), ("sqrt_", ""), ("sqrt", "out")),
    ("lt", "lt.Tensor_out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)",
     "comparison", [], "const at::Tensor &self, const at::Tensor &other, at::Tensor &out",
     "return at::lt_out(out, self, other);",
     "auto iter = at::TensorIterator::comparison_op(out, self, other);\n"
     "  at::native::lt_stub(iter.device_type(), iter);\n  out = iter.output();\n  return out;",
     ("lt", "Tensor"), ("lt_", "Tensor"), ("lt", "Tensor_out")),
    # Not TensorIterator presets (no SKGEN_KERNEL_* option) and no in-place
    # variant, as aten: a reduction and a two-output op. Their iter kernels
    # are aten's structured impl (ReduceOps.cpp sum_out, TensorCompare.cpp
    # minmax_out_impl) over the outputs the wrapper allocated or checked.
    ("sum", "sum.IntList_out(Tensor self, int[1]? dim, bool keepdim=False, *, "
     "ScalarType? dtype=None, Tensor(a!) out) -> Tensor(a!)",
     "reduction", ['SKGEN_FUNCTIONAL_NAME("dim_IntList")', "SKGEN_NO_INPLACE"],
     "const at::Tensor &self, at::OptionalIntArrayRef dim, bool keepdim, "
     "c10::optional<at::ScalarType> dtype, at::Tensor &out",
     "return at::sum_out(out, self, dim, keepdim, dtype);",
     "auto iter = at::meta::make_reduction_from_out_ty(self, out, dim, keepdim, out.scalar_type());\n"
     "  if (iter.numel() == 0)\n    out.zero_();\n  else\n"
     "    at::native::sum_stub(iter.device_type(), iter);\n  return out;",
     ("sum", "dim_IntList"), None, ("sum", "IntList_out")),
    ("max", "max.dim_max(Tensor self, int dim, bool keepdim=False, *, Tensor(a!) max, "
     "Tensor(b!) max_values) -> (Tensor(a!) values, Tensor(b!) indices)",
     "index_reduction", ['SKGEN_FUNCTIONAL_NAME("dim")', "SKGEN_NO_INPLACE"],
     "const at::Tensor &self, int64_t dim, bool keepdim, at::Tensor &max, "
     "at::Tensor &max_values",
     "at::max_out(max, max_values, self, dim, keepdim);\n"
     "  return std::tuple<at::Tensor &, at::Tensor &>(max, max_values);",
     "if (self.numel() == 1 && self.dim() == 0) {\n"
     "    max.fill_(self);\n    max_values.fill_(0);\n  } else if (self.numel() > 0) {\n"
     "    at::native::max_stub(self.device().type(), max, max_values, self, dim, keepdim);\n  }\n"
     "  return std::tuple<at::Tensor &, at::Tensor &>(max, max_values);",
     ("max", "dim"), None, ("max", "dim_max")),
]

# The presets whose families may carry SKGEN_KERNEL_ITERATOR / _ALLOCATES.
TENSOR_ITERATOR_PRESETS = {"binary", "unary", "unary_float", "comparison"}

# variant: (the kernel's key, whether its out= kernel computes itself with a
# TensorIterator and the stub). `alias` variants register their out= kernels for
# CPU by hand, so CPU functional / in-place calls run the alias-key wrappers.
VARIANTS = {"direct": ("CPU", False), "alias": ("Meta", False),
            "iter": ("CPU", True), "iter_alias": ("Meta", True)}


# --skgen-iterator: the iter kernels build skgen::TensorIterator (skgen/iterator.h)
# instead of at::TensorIterator: for an undefined out on the CPU it allocates
# as aten's structured CPU kernels do (at::detail::empty_strided_cpu, no
# dispatcher trip); a defined out is resized as aten's structured out= kernels
# resize it.
ITERATOR_METHODS = {"borrowing_binary_op": "binary_op", "unary_op": "unary_op",
                    "unary_float_op": "unary_float_op", "comparison_op": "comparison_op"}


def fast_body(iter_body):
    """iter_body, over skgen::TensorIterator."""
    first, rest = iter_body.split("\n", 1)
    factory = first.split("at::TensorIterator::")[1].split("(")[0]
    args = first.split("(", 1)[1].rsplit(")", 1)[0].split(", ", 1)[1]  # without out
    stub = rest.split("\n")[0].strip()
    return (f"skgen::TensorIterator iter(out);\n  iter.{ITERATOR_METHODS[factory]}({args});\n"
            f"  {stub}\n  return out = iter.output();")


def source(variant, kernel_option="SKGEN_KERNEL_CASTS", allocates=False, fast=False):
    ns = "bench_" + variant
    key, iterator = VARIANTS[variant]
    # SKGEN_KERNEL_ALLOCATES: only the TensorIterator kernels (aten's out
    # ops refuse an undefined out).
    allocates = allocates and iterator
    out = [f"// Generated by utils/bench_aten.py: the {variant} variant."]
    if iterator:
        # DispatchStub's call: libtorch_cpu (x86-64, 1.13 and 2.x) is built with
        # these kernels, and exports get_call_ptr with their arguments.
        out += ["#define HAVE_AVX512_CPU_DEFINITION", "#define HAVE_AVX2_CPU_DEFINITION"]
    out += ["#include <ATen/ATen.h>", "#include <ATen/TensorIterator.h>",
            "#include <ATen/EmptyTensor.h>",
           "#include <ATen/native/BinaryOps.h>", "#include <ATen/native/UnaryOps.h>",
           "#include <ATen/native/ReduceOps.h>", "#include <ATen/native/ReduceOpsUtils.h>",
           "#include <ATen/native/TensorCompare.h>",
           "#include <skgen/annotations.h>",
           "#include <skgen/structured.h>", "#include <torch/library.h>", "",
           f"namespace {ns} {{"]
    fast = fast and allocates and iterator
    if fast:
        out.insert(-1, "#include <skgen/iterator.h>")
    hand = []
    for fam, schema, preset, opts, params, body, iter_body, _f, _i, (_n, ovl) in FAMILIES:
        out.append(f'SKGEN_STRUCTURED("{ns}::{schema}", {key})')
        out.append(f"SKGEN_META_PRESET({preset})")
        out += opts
        ti = preset in TENSOR_ITERATOR_PRESETS
        if kernel_option and ti:
            out.append(kernel_option)
        if allocates and ti:
            out.append("SKGEN_KERNEL_ALLOCATES")
        ret = "at::Tensor &" if ti or fam == "sum" else \
            "std::tuple<at::Tensor &, at::Tensor &> "
        out.append(f"{ret}{fam}_out_kernel({params}) {{\n"
                   f"  {(fast_body(iter_body) if fast and ti else iter_body) if iterator else body}\n}}")
        out.append("")
        hand.append(f'  m.impl("{fam}.{ovl}", TORCH_FN({ns}::{fam}_out_kernel));')
    out.append(f"}} // namespace {ns}")
    if key == "Meta":
        out += ["", "// The CPU out= kernels registered by hand: CPU functional and in-place",
                "// calls run the generated alias-key wrappers.",
                f"TORCH_LIBRARY_IMPL({ns}, CPU, m) {{"] + hand + ["}"]
    return "\n".join(out) + "\n"


# The stable variant (--abi=stable, docs/stable-abi.md): the same families,
# schemas, presets and overload names, annotated for CPU, with kernels in
# torch::stable terms that call aten's out= ops by name through the
# dispatcher (skgen::call_out), as examples/stable does: a stable-ABI kernel
# has no TensorIterator or DispatchStub, so its kernel work is `direct`'s.
# `add` is left out: its schema's `Scalar alpha` has no stable-ABI form (skgen
# refuses it), and no stable kernel can call aten::add.out (StableIValue has no
# conversion for schema type Scalar); the driver skips the ops a variant lacks.
STABLE = "stable"
STABLE_KERNELS = {
    "neg": ("const Tensor &self, Tensor &out", 'skgen::call_out<1>("aten::neg", "out", self, out);'),
    "sqrt": ("const Tensor &self, Tensor &out", 'skgen::call_out<1>("aten::sqrt", "out", self, out);'),
    "lt": ("const Tensor &self, const Tensor &other, Tensor &out",
           'skgen::call_out<1>("aten::lt", "Tensor_out", self, other, out);'),
    "sum": ("const Tensor &self, std::optional<IntHeaderOnlyArrayRef> dim, bool keepdim, "
            "std::optional<ScalarType> dtype, Tensor &out",
            'skgen::call_out<1>("aten::sum", "IntList_out", self, dim, keepdim, dtype, out);'),
    "max": ("const Tensor &self, int64_t dim, bool keepdim, Tensor &max, Tensor &max_values",
            'skgen::call_out<2>("aten::max", "dim_max", self, dim, keepdim, max, max_values);'),
}


def stable_source(kernel_option="SKGEN_KERNEL_CASTS"):
    ns = "bench_" + STABLE
    out = ["// Generated by utils/bench_aten.py: the stable variant (--abi=stable).",
           "#include <torch/csrc/stable/library.h>", "#include <torch/csrc/stable/ops.h>",
           "#include <torch/csrc/stable/tensor.h>", "", "#include <skgen/annotations.h>",
           "#include <skgen/stable/structured.h>", "", "#include <optional>", "#include <tuple>",
           "", f"namespace {ns} {{", "using torch::headeronly::IntHeaderOnlyArrayRef;",
           "using torch::headeronly::ScalarType;", "using torch::stable::Tensor;", ""]
    for fam, schema, preset, opts, *_ in FAMILIES:
        if fam not in STABLE_KERNELS:
            continue
        params, body = STABLE_KERNELS[fam]
        out.append(f'SKGEN_STRUCTURED("{ns}::{schema}", CPU)')
        out.append(f"SKGEN_META_PRESET({preset})")
        out += opts
        if kernel_option and preset in TENSOR_ITERATOR_PRESETS:
            out.append(kernel_option)
        ret = "std::tuple<Tensor &, Tensor &> " if fam == "max" else "Tensor &"
        res = "{max, max_values}" if fam == "max" else "out"
        out.append(f"{ret}{fam}_out_kernel({params}) {{\n  {body}\n  return {res};\n}}")
        out.append("")
    out.append(f"}} // namespace {ns}")
    return "\n".join(out) + "\n"


DRIVER = r"""// Generated by utils/bench_aten.py.
#include <ATen/ATen.h>
#include <ATen/Parallel.h>
#include <ATen/core/dispatch/Dispatcher.h>
#include <c10/core/InferenceMode.h>
#include <valgrind/callgrind.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>

static double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

static c10::OperatorHandle op(const std::string &ns, const std::string &name,
                              const char *overload) {
  return c10::Dispatcher::singleton().findSchemaOrThrow((ns + "::" + name).c_str(), overload);
}

struct Family {
  const char *name;
  bool binary; // two tensor operands (and add's alpha)
  bool alpha;
  const char *fn[2], *in[2], *out[2]; // {name, overload}
};

using Call = std::function<void()>;

// argv: rounds calls inference callgrind impl,impl,... size...
// callgrind: each (case, impl) runs `calls` calls between CALLGRIND_ZERO_STATS
// and CALLGRIND_DUMP_STATS_AT("op kind n impl") (valgrind --instr-atstart=no).
int main(int argc, char **argv) {
  int rounds = std::atoi(argv[1]), calls = std::atoi(argv[2]);
  bool inference = std::atoi(argv[3]) != 0, callgrind = std::atoi(argv[4]) != 0;
  std::vector<std::string> impls;
  std::stringstream list(argv[5]);
  for (std::string s; std::getline(list, s, ',');)
    impls.push_back(s);
  const int nimpl = impls.size();
  at::set_num_threads(1);
  std::optional<c10::InferenceMode> guard;
  if (inference)
    guard.emplace();
  const Family fams[] = {
      {"add", true, true, {"add", "Tensor"}, {"add_", "Tensor"}, {"add", "out"}},
      {"neg", false, false, {"neg", ""}, {"neg_", ""}, {"neg", "out"}},
      {"sqrt", false, false, {"sqrt", ""}, {"sqrt_", ""}, {"sqrt", "out"}},
      {"lt", true, false, {"lt", "Tensor"}, {"lt_", "Tensor"}, {"lt", "Tensor_out"}},
      {"sum", false, false, {"sum", "dim_IntList"}, {nullptr, nullptr}, {"sum", "IntList_out"}},
      {"max", false, false, {"max", "dim"}, {nullptr, nullptr}, {"max", "dim_max"}},
  };
  static const char *kinds[3] = {"functional", "in-place", "out="};
  if (callgrind)
    CALLGRIND_START_INSTRUMENTATION;
  for (int i = 6; i < argc; ++i) {
    int64_t n = std::atoll(argv[i]);
    for (const Family &f : fams) {
      for (int kind = 0; kind < 3; ++kind) {
        const char *const *which = kind == 0 ? f.fn : kind == 1 ? f.in : f.out;
        if (!which[0])
          continue; // no in-place variant (sum, max)
        const std::string fname = f.name;
        at::Tensor a = at::rand({n}) + 1, b = at::rand({n}) + 1;
        at::Tensor self = a.clone(), out = at::empty({n}, kind == 2 && fname == "lt" ? at::kBool : at::kFloat);
        // sum and max reduce the one dim: 0-dim results (max's indices long).
        at::Tensor rout = at::empty({}), rind = at::empty({}, at::kLong);
        const std::vector<int64_t> dims = {0};
        at::Scalar one = 1;
        std::vector<Call> run;
        for (const std::string &ns : impls) {
          if (!c10::Dispatcher::singleton().findSchema({ns + "::" + which[0], which[1]})) {
            run.push_back(nullptr); // a family the variant lacks (stable: add)
            continue;
          }
          c10::OperatorHandle h = op(ns, which[0], which[1]);
          if (fname == "sum" && kind == 0) {
            auto t = h.typed<at::Tensor(const at::Tensor &, at::OptionalIntArrayRef, bool,
                                        c10::optional<at::ScalarType>)>();
            run.push_back([=] { t.call(a, at::OptionalIntArrayRef(dims), false, c10::nullopt); });
          } else if (fname == "sum") {
            auto t = h.typed<at::Tensor &(const at::Tensor &, at::OptionalIntArrayRef, bool,
                                          c10::optional<at::ScalarType>, at::Tensor &)>();
            run.push_back([=]() mutable {
              t.call(a, at::OptionalIntArrayRef(dims), false, c10::nullopt, rout);
            });
          } else if (fname == "max" && kind == 0) {
            auto t = h.typed<std::tuple<at::Tensor, at::Tensor>(const at::Tensor &, int64_t, bool)>();
            run.push_back([=] { t.call(a, 0, false); });
          } else if (fname == "max") {
            auto t = h.typed<std::tuple<at::Tensor &, at::Tensor &>(const at::Tensor &, int64_t, bool,
                                                                    at::Tensor &, at::Tensor &)>();
            run.push_back([=]() mutable { t.call(a, 0, false, rout, rind); });
          } else if (kind == 0 && f.alpha) {
            auto t = h.typed<at::Tensor(const at::Tensor &, const at::Tensor &, const at::Scalar &)>();
            run.push_back([=] { t.call(a, b, one); });
          } else if (kind == 0 && f.binary) {
            auto t = h.typed<at::Tensor(const at::Tensor &, const at::Tensor &)>();
            run.push_back([=] { t.call(a, b); });
          } else if (kind == 0) {
            auto t = h.typed<at::Tensor(const at::Tensor &)>();
            run.push_back([=] { t.call(a); });
          } else if (kind == 1 && f.alpha) {
            auto t = h.typed<at::Tensor &(at::Tensor &, const at::Tensor &, const at::Scalar &)>();
            run.push_back([=]() mutable { t.call(self, b, one); });
          } else if (kind == 1 && f.binary) {
            auto t = h.typed<at::Tensor &(at::Tensor &, const at::Tensor &)>();
            run.push_back([=]() mutable { t.call(self, b); });
          } else if (kind == 1) {
            auto t = h.typed<at::Tensor &(at::Tensor &)>();
            run.push_back([=]() mutable { t.call(self); });
          } else if (f.alpha) {
            auto t = h.typed<at::Tensor &(const at::Tensor &, const at::Tensor &, const at::Scalar &, at::Tensor &)>();
            run.push_back([=]() mutable { t.call(a, b, one, out); });
          } else if (f.binary) {
            auto t = h.typed<at::Tensor &(const at::Tensor &, const at::Tensor &, at::Tensor &)>();
            run.push_back([=]() mutable { t.call(a, b, out); });
          } else {
            auto t = h.typed<at::Tensor &(const at::Tensor &, at::Tensor &)>();
            run.push_back([=]() mutable { t.call(a, out); });
          }
        }
        if (callgrind) {
          for (int w = 0; w < nimpl; ++w) {
            if (!run[w])
              continue;
            if (kind == 1)
              self.copy_(a);
            for (int c = 0; c < 10; ++c)
              run[w]();
            if (kind == 1)
              self.copy_(a);
            std::string name = std::string(f.name) + " " + kinds[kind] + " " +
                               std::to_string(n) + " " + impls[w];
            CALLGRIND_ZERO_STATS;
            for (int c = 0; c < calls; ++c)
              run[w]();
            CALLGRIND_DUMP_STATS_AT(name.c_str());
          }
          continue;
        }
        std::vector<std::vector<double>> t(nimpl);
        for (int r = -5; r < rounds; ++r)
          for (int k = 0; k < nimpl; ++k) {
            int w = (k + r + 5 * nimpl) % nimpl;
            if (!run[w])
              continue;
            // lt_ turns self into 0/1 floats and sqrt_ drives it to 1: keep
            // the inputs as they were for every impl.
            if (kind == 1)
              self.copy_(a);
            auto t0 = std::chrono::steady_clock::now();
            for (int c = 0; c < calls; ++c)
              run[w]();
            double per = std::chrono::duration<double, std::nano>(
                             std::chrono::steady_clock::now() - t0).count() / calls;
            if (r >= 0)
              t[w].push_back(per);
          }
        std::printf("%s %s %lld", f.name, kinds[kind], (long long)n);
        for (int w = 0; w < nimpl; ++w)
          std::printf(run[w] ? " %.1f" : " nan", run[w] ? median(t[w]) : 0.0);
        std::printf("\n");
      }
    }
  }
}
"""


def sh(cmd, what):
    p = subprocess.run(cmd, capture_output=True, text=True)
    if p.returncode != 0:
        sys.exit(f"{what} failed ({p.returncode}): {' '.join(cmd)}\n{p.stdout}\n{p.stderr}")
    return p


def torch_flags(python):
    q = ("import json, torch, torch.utils.cpp_extension as c; print(json.dumps("
         "[c.include_paths(), c.library_paths(), int(torch._C._GLIBCXX_USE_CXX11_ABI), "
         "torch.__version__]))")
    inc, lib, abi, version = json.loads(sh([python, "-c", q], "torch query").stdout)
    cflags = ["-std=c++17", f"-D_GLIBCXX_USE_CXX11_ABI={abi}",
              "-I" + os.path.join(ROOT, "include")] + ["-isystem" + p for p in inc]
    ldflags = [f"-L{p}" for p in lib] + [f"-Wl,-rpath,{p}" for p in lib]
    return cflags, ldflags, version


def stable_flags(cflags, version):
    """cflags for the stable variant, as examples/stable/CMakeLists.txt builds:
    only the stable ABI, TORCH_TARGET_VERSION = the torch measured."""
    major, minor = (int(x) for x in version.split(".")[:2])
    isystem = [f for f in cflags if f.startswith("-isystem")]
    return [f for f in cflags if not f.startswith("-isystem")] + isystem[:1] + [
        "-DTORCH_STABLE_ONLY", f"-DTORCH_TARGET_VERSION=0x{major:02x}{minor:02x}000000000000",
        "-fPIC", "-fvisibility=hidden", "-fvisibility-inlines-hidden"]


def callgrind_costs(path):
    """(total Ir, {object: self Ir}) of one callgrind dump."""
    names, obs, ob, total, after_call = {}, {}, "?", 0, False
    with open(path) as f:
        for line in f:
            if line[0].isdigit() or line[0] in "+-*":
                if after_call:  # the inclusive cost of a call: not self
                    after_call = False
                    continue
                parts = line.split()
                if len(parts) > 1:
                    obs[ob] = obs.get(ob, 0) + int(parts[1])
            elif line.startswith(("ob=", "cob=")):
                # Object names are compressed: "(5) /path" once, then "(5)".
                v = line.partition("=")[2].strip()
                if v.startswith("("):
                    key, _, name = v.partition(")")
                    if name.strip():
                        names[key] = name.strip()
                    v = names[key]
                if line.startswith("ob="):
                    ob = os.path.basename(v)
            elif line.startswith("calls="):
                after_call = True
            elif line.startswith(("summary:", "totals:")):
                total = int(line.split()[1])
    return total, obs


def object_group(name, exe):
    if name == exe or name == f"libbench_{STABLE}.so":  # the stable variant's wrappers
        return "exe"
    for lib in ("libtorch_cpu", "libc10"):
        if name.startswith(lib):
            return lib
    return "other"


def run_callgrind(exe, d, a, impls):
    out = os.path.join(d, "callgrind.out")
    for old in os.listdir(d):
        if old.startswith("callgrind.out"):
            os.remove(os.path.join(d, old))
    sh(["valgrind", "--tool=callgrind", "--instr-atstart=no", f"--callgrind-out-file={out}",
        exe, "1", str(a.calls), "1" if a.inference_mode else "0", "1", ",".join(impls)]
       + a.sizes.split(","), "valgrind")
    rows = {}
    # callgrind.out.N in the order of N: the driver's (case, impl) order.
    dumps = [fn for fn in os.listdir(d) if fn.startswith("callgrind.out.")]
    for fn in sorted(dumps, key=lambda fn: int(fn.rsplit(".", 1)[1].split("-")[0])):
        path = os.path.join(d, fn)
        desc = None
        with open(path) as f:
            for line in f:
                prefix = "desc: Trigger: Client Request: "
                if line.startswith(prefix):
                    desc = line[len(prefix):].strip()
                    break
        if not desc:
            continue
        op_, kind, n, impl = desc.split()
        total, obs = callgrind_costs(path)
        groups = {}
        for name, cost in obs.items():
            g = object_group(name, os.path.basename(exe))
            groups[g] = groups.get(g, 0) + cost
        rows.setdefault((op_, kind, n), {})[impl] = (total / a.calls,
                                                      {g: c / a.calls for g, c in groups.items()})
    return rows


def build(a, d, variants, cflags, ldflags, version):
    """Generate, compile and link the driver in d."""
    exe = os.path.join(d, "driver")
    srcs = {}  # source -> its compiler flags
    kernel_option = None if a.no_kernel_casts else \
        "SKGEN_KERNEL_ITERATOR" if a.kernel_iterator else "SKGEN_KERNEL_CASTS"
    for v in variants:
        path = os.path.join(d, f"bench_{v}.cpp")
        flags, abi = cflags, []
        with open(path, "w") as f:
            if v == STABLE:
                flags, abi = stable_flags(cflags, version), ["--abi=stable"]
                f.write(stable_source(kernel_option))
            else:
                f.write(source(v, kernel_option, a.kernel_allocates, a.skgen_iterator))
        sh([a.skgen] + abi + ["--fix", path, "--"] + flags, f"skgen on {path}")
        srcs[path] = flags
    driver = os.path.join(d, "driver.cpp")
    with open(driver, "w") as f:
        f.write(DRIVER)
    srcs[driver] = cflags

    def compile_one(src):
        obj = src[:-4] + ".o"
        sh(["g++", "-O2", "-c"] + srcs[src] + [src, "-o", obj], f"g++ {src}")
        return obj

    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as ex:
        objs = list(ex.map(compile_one, srcs))
    # The stable variant is a shared library with hidden symbols, as
    # examples/stable builds it (a stable-ABI extension is its own .so).
    libs = []
    for o in [o for o in objs if o.endswith(f"bench_{STABLE}.o")]:
        objs.remove(o)
        libs.append(os.path.join(d, f"libbench_{STABLE}.so"))
        sh(["g++", "-shared", o, "-o", libs[-1]] + ldflags + ["-ltorch_cpu"], "link " + libs[-1])
    # --whole-archive semantics for objects are implicit: the static
    # registrations of both libraries are linked in.
    sh(["g++", "-O2"] + objs + ["-o", exe, "-Wl,--no-as-needed"] + libs
       + [f"-Wl,-rpath,{d}"] + ldflags + ["-ltorch", "-ltorch_cpu", "-lc10"], "link")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--skgen", default=os.path.join(ROOT, "build", "bin", "skgen"))
    ap.add_argument("--python", default=os.path.join(ROOT, ".venv", "bin", "python"))
    ap.add_argument("--rounds", type=int, default=101)
    ap.add_argument("--calls", type=int, default=2000)
    ap.add_argument("--sizes", default="1,4096")
    ap.add_argument("--variants", default=",".join(VARIANTS),
                    help="comma-separated, of " + ", ".join(list(VARIANTS) + [STABLE]))
    ap.add_argument("--inference-mode", action="store_true")
    ap.add_argument("--callgrind", action="store_true",
                    help="instructions per call under valgrind --tool=callgrind instead of "
                         "times (repeatable under load), with the self instructions by object: "
                         "exe (the generated wrappers, skgen's inlined runtime, the driver), "
                         "libtorch_cpu, libc10, other (libc, libstdc++)")
    ap.add_argument("--no-kernel-casts", action="store_true",
                    help="generate the families without SKGEN_KERNEL_CASTS (a temporary of the "
                         "result dtype where out= or self has another)")
    ap.add_argument("--kernel-iterator", action="store_true",
                    help="generate the families with SKGEN_KERNEL_ITERATOR (in-place and out= "
                         "wrappers without the meta function: the kernels check)")
    ap.add_argument("--kernel-allocates", action="store_true",
                    help="with --kernel-iterator: the iter / iter_alias families also get "
                         "SKGEN_KERNEL_ALLOCATES (their kernels store the TensorIterator's "
                         "output: the direct functional wrapper passes an undefined out)")
    ap.add_argument("--skgen-iterator", action="store_true",
                    help="with --kernel-allocates: the iter kernels build skgen::TensorIterator "
                         "(skgen/iterator.h: an undefined CPU out allocated without the "
                         "dispatcher, as aten's structured CPU kernels) instead of "
                         "at::TensorIterator")
    ap.add_argument("--keep", action="store_true")
    ap.add_argument("--reuse", metavar="DIR",
                    help="run the driver a --keep run built in DIR (same --variants)")
    a = ap.parse_args()
    if a.no_kernel_casts and a.kernel_iterator:
        ap.error("--no-kernel-casts and --kernel-iterator exclude each other")
    if a.kernel_allocates and not a.kernel_iterator:
        ap.error("--kernel-allocates needs --kernel-iterator")
    if a.skgen_iterator and not a.kernel_allocates:
        ap.error("--skgen-iterator needs --kernel-allocates")
    variants = a.variants.split(",")
    for v in variants:
        if v not in VARIANTS and v != STABLE:
            ap.error(f"unknown variant {v!r}")
    if a.callgrind and a.calls == ap.get_default("calls"):
        a.calls = 200
    cflags, ldflags, version = torch_flags(a.python)
    d = a.reuse or tempfile.mkdtemp(prefix="skgen-bench-aten-")
    exe = os.path.join(d, "driver")
    try:
        if not a.reuse:
            build(a, d, variants, cflags, ldflags, version)

        impls = ["aten"] + ["bench_" + v for v in variants]
        mode = "c10::InferenceMode" if a.inference_mode else "autograd enabled"
        head = "| op | variant | elements | aten | " + " | ".join(variants) + " | " + \
            " | ".join(f"{v}/aten" for v in variants) + " |"
        rule = "|---" * (4 + 2 * len(variants)) + "|"
        if a.callgrind:
            rows = run_callgrind(exe, d, a, impls)
            print(f"torch {version}; C++ typed handles, {mode}, 1 intra-op thread; "
                  f"callgrind instructions per call, {a.calls} calls (float32 CPU)")
            print()
            print(head)
            print(rule)
            for (op_, kind, n), r in rows.items():
                base = r["aten"][0]
                # "-": a family the variant lacks (stable: add)
                got = [r.get("bench_" + v, (None,))[0] for v in variants]
                cells = ["-" if c is None else f"{c:.0f}" for c in got]
                ratios = ["-" if c is None else f"{c / base:.2f}" for c in got]
                print(f"| {op_} | {kind} | {n} | {base:.0f} | " + " | ".join(cells) + " | "
                      + " | ".join(ratios) + " |")
            print()
            print("Self instructions per call by object (exe: the generated wrappers, "
                  "skgen's inlined runtime and the driver's loop):")
            print()
            groups = ("exe", "libtorch_cpu", "libc10", "other")
            print("| op | variant | elements | impl | total | " + " | ".join(groups) + " |")
            print("|---" * (5 + len(groups)) + "|")
            for (op_, kind, n), r in rows.items():
                for impl in impls:
                    if impl not in r:
                        continue
                    total, g = r[impl]
                    print(f"| {op_} | {kind} | {n} | {impl.replace('bench_', '')} | {total:.0f} | "
                          + " | ".join(f"{g.get(k, 0):.0f}" for k in groups) + " |")
            return
        p = sh([exe, str(a.rounds), str(a.calls), "1" if a.inference_mode else "0", "0",
                ",".join(impls)] + a.sizes.split(","), "driver")
        print(f"torch {version}; C++ typed handles, {mode}, 1 intra-op thread; median ns of "
              f"{a.rounds} rotated rounds x {a.calls} calls (float32 CPU)")
        print()
        print(head)
        print(rule)
        for line in p.stdout.splitlines():
            op_, kind, n, *ts = line.split()
            ts = [float(t) for t in ts]
            print(f"| {op_} | {kind} | {n} | {ts[0]:.0f} | "
                  + " | ".join("-" if t != t else f"{t:.0f}" for t in ts[1:]) + " | "
                  + " | ".join("-" if t != t else f"{t / ts[0]:.2f}" for t in ts[1:]) + " |")
    finally:
        if a.keep:
            print(f"kept {d}", file=sys.stderr)
        elif not a.reuse:
            shutil.rmtree(d)


if __name__ == "__main__":
    main()
