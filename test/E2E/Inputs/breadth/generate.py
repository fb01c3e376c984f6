#!/usr/bin/env python3
"""Writes the breadth test's op library from native_functions.yaml.

Every `structured: True` out= op of the yaml becomes an skgen family
`breadth::<op>.<overload>` with the yaml's schema: its CPU out= kernel calls
aten's own out= kernel (`at::_ops::<op>_<overload>::call`), its meta is the
preset of PRESETS where one reproduces aten's rule, else breadth.h's generic
meta function (aten's functional op on meta copies of the arguments), and it
has the functional and in-place variants aten has (the yaml's
`structured_delegate` entries), under aten's overload names.

  generate.py --yaml Y --out ops.cpp --manifest families.json
              [--all | --sample N [--opinfo FILE] | --families a.out,b.out]
  generate.py --yaml Y --preset-table     # the docs' family -> preset table
  generate.py --yaml Y --check-docs docs/testing.md

--opinfo FILE: the aten names that have OpInfo samples (test_breadth.py
--list-opinfo); the sample is drawn from the families among them, stratified
by meta (every preset kind, own meta functions of TensorIterator families
and of the others), deterministically (--seed).
"""
import argparse
import ast
import hashlib
import json
import os
import re
import sys

import yaml

# family -> preset, for the TensorIteratorBase families (and the torchgen
# structured ones a preset covers); every other family gets the generic meta
# function. The one place of this mapping: the docs' table is printed from it
# (--preset-table). A preset with arguments: "elementwise, self".
PRESETS = {}
for _op in ("acos asin atan acosh asinh atanh cos cosh sin sinh tan tanh "
            "erf erfc erfinv exp exp2 expm1 log log10 log1p log2 reciprocal "
            "rsqrt sigmoid sqrt sinc lgamma digamma i0 special_entr "
            "special_ndtri special_log_ndtr special_erfcx special_i0e "
            "special_i1 special_i1e special_airy_ai special_bessel_j0 "
            "special_bessel_j1 special_bessel_y0 special_bessel_y1 "
            "special_modified_bessel_i0 special_modified_bessel_i1 "
            "special_modified_bessel_k0 special_modified_bessel_k1 "
            "special_scaled_modified_bessel_k0 special_scaled_modified_bessel_k1 "
            "special_spherical_bessel_j0").split():
    PRESETS[_op + ".out"] = "unary_float"
for _op in "ceil floor round trunc frac sgn bitwise_not silu mish hardsigmoid".split():
    PRESETS[_op + ".out"] = "unary"
for _op in "isposinf isneginf".split():
    PRESETS[_op + ".out"] = "unary_bool"
for _f in ("add.out mul.out maximum.out minimum.out fmin.out fmax.out gcd.out "
           "lcm.out hypot.out nextafter.out igamma.out igammac.out "
           "logaddexp.out logaddexp2.out pow.Tensor_Tensor_out fmod.Tensor_out "
           "remainder.Tensor_out bitwise_and.Tensor_out bitwise_or.Tensor_out "
           "bitwise_xor.Tensor_out bitwise_left_shift.Tensor_out "
           "bitwise_right_shift.Tensor_out").split():
    PRESETS[_f] = "binary"
for _p in ("chebyshev_polynomial_t chebyshev_polynomial_u chebyshev_polynomial_v "
           "chebyshev_polynomial_w hermite_polynomial_h hermite_polynomial_he "
           "laguerre_polynomial_l legendre_polynomial_p "
           "shifted_chebyshev_polynomial_t shifted_chebyshev_polynomial_u "
           "shifted_chebyshev_polynomial_v shifted_chebyshev_polynomial_w").split():
    PRESETS["special_%s.out" % _p] = "binary_float"
for _f in ("div.out div.out_mode atan2.out copysign.out xlogy.OutTensor "
           "special_xlog1py.out special_zeta.out").split():
    PRESETS[_f] = "binary_float"
for _op in "eq ne lt le gt ge".split():
    PRESETS[_op + ".Tensor_out"] = PRESETS[_op + ".Scalar_out"] = "comparison"
for _f in "clamp.out clamp_min.out clamp_max.out".split():
    PRESETS[_f] = "clamp"
PRESETS.update({
    "threshold.out": "elementwise, self",
    "addcmul.out": "elementwise, self, tensor1, tensor2",
    "mse_loss.out": "loss",
    "glu.out": "halving",
    "lerp.Scalar_out": "lerp",
    "lerp.Tensor_out": "lerp",
    "heaviside.out": "heaviside",
    "index.Tensor_out": "index",
    "sum.IntList_out": "reduction",
    "prod.int_out": "reduction",
    "max.dim_max": "index_reduction",
    "min.dim_min": "index_reduction",
    "argmax.out": "arg_reduction",
    "argmin.out": "arg_reduction",
    # skgen/presets/shapes.h: torchgen structured families
    "mm.out": "mm",
    "bmm.out": "bmm",
    "addmm.out": "addmm",
    "cat.out": "cat",
    "_softmax.out": "softmax",
    "_log_softmax.out": "softmax",
    "cumsum.out": "cumulative",
    "cumprod.out": "cumulative",
    "upsample_nearest2d.out": "upsample2d",
    "upsample_bilinear2d.out": "upsample2d",
    "addmv.out": "addmv",
    "baddbmm.out": "baddbmm",
    "_softmax_backward_data.out": "softmax_backward",
    "_log_softmax_backward_data.out": "log_softmax_backward",
})
# TensorIteratorBase families with parameters that take no part in the rule
# (no role): unary ops (build_unary_op: out= of the same dtype) and the
# backward ops (build_borrowing_binary_op over the two tensors, in aten's
# order; threshold_backward: TensorIterator over self and grad_output, as
# threshold over self).
for _f in ("elu.out gelu.out hardshrink.out leaky_relu.out softplus.out "
           "round.decimals_out").split():
    PRESETS[_f] = "unary"
for _f in ("gelu_backward.grad_input hardsigmoid_backward.grad_input "
           "logit_backward.grad_input silu_backward.grad_input "
           "softplus_backward.grad_input softshrink_backward.grad_input").split():
    PRESETS[_f] = "binary, grad_output, self"
PRESETS.update({
    "hardshrink_backward.grad_input": "binary, grad_out, self",
    "sigmoid_backward.grad_input": "binary, grad_output, output",
    "tanh_backward.grad_input": "binary, grad_output, output",
    "threshold_backward.grad_input": "elementwise, self, grad_output",
    "clamp_min.Tensor_out": "binary",
    "clamp_max.Tensor_out": "binary",
})

# Families whose aten meta function also checks the op's own arguments in
# the op's own words: their meta function is that check (breadth.h) followed
# by the preset's call, which gives the rule (sizes, dtype, out= / in-place
# checks). family -> (check, preset call); no check: a preset's C++ overload
# that SKGEN_META_PRESET does not bind (clamp's for Tensor? bounds).
CHECKED = {
    "neg.out": ("neg_check(self)", "unary(self)"),
    "sign.out": ("sign_check(self)", "unary(self)"),
    "signbit.out": ("signbit_check(self)", 'unary_bool(self, "signbit")'),
    "softshrink.out": ("softshrink_check(self, lambd)", "unary(self)"),
    "pow.Tensor_Scalar_out": ("pow_check(self, exponent)", "binary(self, exponent)"),
    "polygamma.out": ("polygamma_check(n)", "unary_float(self)"),
    "sub.out": ("sub_check(self, other)", "binary(self, other, alpha)"),
    "addcdiv.out": ("addcdiv_check(tensor1, tensor2)",
                    "elementwise({self, tensor1, tensor2})"),
    "clamp.Tensor_out": (None, "clamp(self, min, max)"),
    "smooth_l1_loss.out": ("smooth_l1_loss_check(beta)",
                           "loss(self, target, reduction)"),
    "elu_backward.grad_input": ("elu_backward_check(alpha, is_result)",
                                "binary(grad_output, self_or_result)"),
    "leaky_relu_backward.grad_input": (
        "leaky_relu_backward_check(negative_slope, self_is_result)",
        "binary(self, grad_output)"),
}

# The out=/in-place dtype rule of the generic meta function where it is not
# the default (Cast for TensorIterator families, Exact for the others).
# A breadth:: function is the op's own rule (breadth.h), worded with its name.
# mean.out (without dtype=) and hash_tensor.out accept any out= dtype in
# their structured wrapper; their kernels refuse one (mean's div_,
# hash_tensor's own check). One rule per family: mean's with dtype= (Exact)
# is not reached by the grid.
OUT_DTYPE = {"pow.Scalar_out": "Cast", "mean.out": "Any", "hash_tensor.out": "Any"}
OUT_DTYPE.update({f: "breadth::bytebool_out" for f in (
    "all.out all.dims_out all.all_out any.out any.dims_out any.all_out").split()})
OUT_DTYPE.update({"amax.out": "breadth::input_dtype_out",
                  "amin.out": "breadth::input_dtype_out"})

# SKGEN_INPLACE_DERIVATIVE: the in-place variant's own derivatives.yaml entry
# (`eq_.Tensor`, `elu_`, `threshold_`, ...; their formulas use
# `original_self_p`). Written once skgen has the annotation (issue 41: when
# skgen/annotations.h defines it); until then the in-place variant uses the
# functional entry's formulas.
with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "..",
                       "include", "skgen", "annotations.h")) as _h:
    INPLACE_DERIVATIVES = "define SKGEN_INPLACE_DERIVATIVE" in _h.read()
# derivatives.yaml's `dispatch:` entries (sum.dim_IntList): the key whose
# formulas the family gets; the others are recorded in the manifest.
DISPATCH_KEY = "Default"

# Families left out of the library, and why (a family skgen rejects or
# mis-generates would be listed here, with its diagnostic). None: skgen scans
# and generates all 275 of 2.13's yaml.
EXCLUDED = {}

# Schema type -> C++ type of the out kernel and of the meta function; for
# SymInt (SYM_TYPES) they differ: the meta takes skgen's symbolic aliases.
BASE_TYPES = {
    "Tensor": "const at::Tensor &",
    "Tensor?": "const c10::optional<at::Tensor> &",
    "Tensor[]": "at::TensorList",
    "Tensor?[]": "const c10::List<c10::optional<at::Tensor>> &",
    "Scalar": "const at::Scalar &",
    "Scalar?": "const c10::optional<at::Scalar> &",
    "int": "int64_t",
    "int?": "c10::optional<int64_t>",
    "int[]": "at::IntArrayRef",
    "int[]?": "at::OptionalIntArrayRef",
    "float": "double",
    "float?": "c10::optional<double>",
    "bool": "bool",
    "bool?": "c10::optional<bool>",
    "str": "c10::string_view",
    "str?": "c10::optional<c10::string_view>",
    "ScalarType": "at::ScalarType",
    "ScalarType?": "c10::optional<at::ScalarType>",
}
SYM_TYPES = {"SymInt": ("c10::SymInt", "skgen::SymInt"),
             "SymInt[]": ("c10::SymIntArrayRef", "skgen::SymIntArrayRef")}
CXX_KEYWORDS = {"and", "or", "not", "xor", "int", "float", "bool", "default",
                "new", "delete", "class", "union", "operator", "register"}


def split_args(text):
    out, depth, cur = [], 0, ""
    for c in text:
        if c in "[(":
            depth += 1
        elif c in "])":
            depth -= 1
        if c == "," and depth == 0:
            out.append(cur.strip())
            cur = ""
        else:
            cur += c
    if cur.strip():
        out.append(cur.strip())
    return out


class Arg:
    def __init__(self, text, kwarg_only):
        decl = text.split("=")[0].strip()
        self.type, self.name = decl.rsplit(" ", 1)
        self.kwarg_only = kwarg_only
        self.is_out = "!" in self.type
        self.cxx = self.name + "_" if self.name in CXX_KEYWORDS else self.name
        plain = re.sub(r"\(.*\)", "", self.type)
        self.plain = re.sub(r"\[\d+\]", "[]", plain)

    def types(self):
        """(kernel C++ type, meta C++ type), or None if unsupported."""
        if self.is_out:
            return ("at::Tensor &", None) if self.plain == "Tensor" else None
        if self.plain in SYM_TYPES:
            return SYM_TYPES[self.plain]
        t = BASE_TYPES.get(self.plain)
        return (t, t) if t else None


def cxx_string(text):
    """A C++ string literal of text, as written (only the escapes C++ needs)."""
    return '"%s"' % (text.replace("\\", "\\\\").replace('"', '\\"')
                     .replace("\n", "\\n"))


def formula_text(value):
    """A derivatives.yaml value as the annotation's string: formulas verbatim,
    output_differentiability's list as written ("[True, False]")."""
    if isinstance(value, list):
        return "[%s]" % ", ".join(str(v) for v in value)
    return str(value)


class Family:
    def __init__(self, entry, delegates):
        func = entry["func"]
        self.opname, rest = func.split("(", 1)
        self.name, self.overload = self.opname.split(".")
        self.args_text = rest.rsplit(") ->", 1)[0]
        self.returns = rest.rsplit(") ->", 1)[1].strip()
        self.ti = entry.get("structured_inherits") == "TensorIteratorBase"
        self.args, kw = [], False
        for a in split_args(self.args_text):
            if a == "*":
                kw = True
                continue
            self.args.append(Arg(a, kw))
        self.outs = [a for a in self.args if a.is_out]
        self.inputs = [a for a in self.args if not a.is_out]
        self.functional = self.inplace = None
        for d in delegates:
            name, _, overload = d.partition(".")
            if name == self.name:
                self.functional = overload
            elif name == self.name + "_":
                self.inplace = overload
        self.preset = PRESETS.get(self.opname)
        self.checked = CHECKED.get(self.opname)
        self.func = func
        self.derivative = self.inplace_derivative = None
        # Without an entry, in torchgen's DONT_REQUIRE_DERIVATIVE: aten's ops
        # are not differentiable (integer or bool results): SKGEN_NOT_DIFFERENTIABLE.
        self.not_differentiable = False
        self.other_dispatch = []
        self.formulas_dropped = None  # why, when the driver left them out
        self.inplace_formulas_dropped = None  # why, when only the in-place entry's

    def entry_name(self, inplace=False):
        """The name (op.overload) of the variant's derivatives.yaml entry."""
        overload = self.inplace if inplace else self.functional
        if overload is None:
            return None
        name = self.name + ("_" if inplace else "")
        return name + ("." + overload if overload else "")

    def formulas(self):
        """[(key, text)] of the functional entry: SKGEN_DERIVATIVE's arguments."""
        if self.derivative is None:
            return []
        entry = self.derivative
        if "dispatch" in entry:
            entry = entry["dispatch"][DISPATCH_KEY]
        return [(k, formula_text(v)) for k, v in entry.items() if k != "name"]

    def inplace_formulas(self):
        if self.inplace_derivative is None:
            return []
        return [(k, formula_text(v)) for k, v in self.inplace_derivative.items()
                if k != "name"]

    def derivative_lines(self):
        if self.not_differentiable:
            return ["SKGEN_NOT_DIFFERENTIABLE"]
        if self.formulas_dropped:
            return []
        lines = ["SKGEN_DERIVATIVE(%s, %s)" % (cxx_string(k), cxx_string(v))
                 for k, v in self.formulas()]
        if INPLACE_DERIVATIVES and not self.inplace_formulas_dropped:
            lines += ["SKGEN_INPLACE_DERIVATIVE(%s, %s)" % (cxx_string(k), cxx_string(v))
                      for k, v in self.inplace_formulas()]
        return lines

    @property
    def meta_kind(self):
        if self.preset:
            return self.preset.split(",")[0]
        if self.checked:
            return "check + preset"
        return "own (TensorIterator)" if self.ti else "own"

    def unsupported(self):
        for a in self.args:
            if a.types() is None:
                return "argument type %s" % a.type
        if self.functional is None:
            return "no functional variant in aten"
        return None

    def cpp(self):
        ident = "%s_%s" % (self.name, self.overload)
        out_ret = ("at::Tensor &" if len(self.outs) == 1 else "std::tuple<%s>" %
                   ", ".join(["at::Tensor &"] * len(self.outs)))
        lines = ['SKGEN_STRUCTURED("breadth::%s(%s) -> %s", CPU)' %
                 (self.opname, self.args_text.replace('"', '\\"'), self.returns)]
        default = ("" if self.overload == "out" else
                   self.overload[:-4] if self.overload.endswith("_out") else None)
        if self.functional != default:
            lines.append('SKGEN_FUNCTIONAL_NAME("%s")' % self.functional)
        if self.inplace is None:
            lines.append("SKGEN_NO_INPLACE")
        elif self.inplace != self.functional:
            lines.append('SKGEN_INPLACE_NAME("%s")' % self.inplace)
        if self.preset:
            lines.append("SKGEN_META_PRESET(%s)" % self.preset)
        elif self.checked:
            check, call = self.checked
            used = set(re.findall(r"\w+", "%s %s" % (check, call)))
            lines = ["skgen::Meta %s_meta(%s) {" % (ident, ", ".join(
                         "%s%s" % (fmt(a.types()[1]),
                                   a.cxx if a.cxx in used else "/*%s*/" % a.cxx)
                         for a in self.inputs)),
                     "  breadth::%s;" % check if check else None,
                     "  return skgen::preset::%s;" % call, "}", ""] + lines
            lines = [l for l in lines if l is not None]
            lines.append("SKGEN_META(%s_meta)" % ident)
        else:
            fn = "at::_ops::%s%s::call" % (
                self.name, "_" + self.functional if self.functional else "")
            rule = OUT_DTYPE.get(self.opname, "Cast" if self.ti else "Exact")
            rule = ('%s, "%s"' % (rule, self.name) if rule.startswith("breadth::")
                    else "skgen::OutDtype::" + rule)
            meta = ["skgen::Meta %s_meta(%s) {" % (ident, ", ".join(
                        "%s%s" % (fmt(a.types()[1]), a.cxx) for a in self.inputs)),
                    "  return breadth::meta_of(%s(%s)," % (fn, ", ".join(
                        "breadth::on_meta(%s)" % a.cxx if a.plain.startswith("Tensor") else a.cxx
                        for a in self.inputs)),
                    "                          %s, skgen::OpKind::%s);" % (
                        rule, "TensorIterator" if self.ti else "Structured"), "}", ""]
            lines = meta + lines
            lines.append("SKGEN_META(%s_meta)" % ident)
        lines += self.derivative_lines()
        params = ", ".join("%s%s" % (fmt(a.types()[0]), a.cxx) for a in self.args)
        lines.append("%s%s_kernel(%s) {" % (fmt(out_ret), ident, params))
        lines.append("  return at::_ops::%s::call(%s);" % (
            ident, ", ".join(a.cxx for a in self.args)))
        lines.append("}")
        return "\n".join(lines) + "\n"

    def manifest(self):
        return {"family": self.opname, "name": self.name,
                "overload": self.overload, "functional": self.functional,
                "inplace": self.inplace, "outs": [a.name for a in self.outs],
                "meta": self.meta_kind, "ti": self.ti,
                "derivative": self.entry_name() if self.derivative else None,
                "formulas": dict(self.formulas()),
                "inplace_derivative": (self.entry_name(True) if self.inplace_derivative
                                       else None),
                "inplace_formulas": dict(self.inplace_formulas()),
                "inplace_formulas_emitted": (INPLACE_DERIVATIVES and
                                             not self.inplace_formulas_dropped),
                "inplace_formulas_dropped": self.inplace_formulas_dropped,
                "other_dispatch": self.other_dispatch,
                "formulas_dropped": self.formulas_dropped}


def fmt(t):
    return t if t.endswith("&") else t + " "


def read_yaml(path):
    with open(path) as f:
        return yaml.load(f, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))


def dont_require_derivative(derivatives):
    """torchgen's DONT_REQUIRE_DERIVATIVE (gen_variable_type.py, beside
    derivatives.yaml): the ops aten declares not differentiable without an
    entry, as a user porting them writes SKGEN_NOT_DIFFERENTIABLE."""
    path = os.path.join(os.path.dirname(derivatives), "gen_variable_type.py")
    for node in ast.parse(open(path).read()).body:
        if isinstance(node, ast.Assign) and any(
                getattr(t, "id", None) == "DONT_REQUIRE_DERIVATIVE" for t in node.targets):
            return set(ast.literal_eval(node.value))
    sys.exit("generate.py: no DONT_REQUIRE_DERIVATIVE in " + path)


def load(path, derivatives=None):
    """The structured families of native_functions.yaml at path, each with
    its derivatives.yaml entries (the functional op's, the in-place op's:
    the entry whose name, op and overload, is the variant's) when
    derivatives (that yaml's path) is given."""
    entries = read_yaml(path)
    delegates = {}
    for e in entries:
        if "structured_delegate" in e:
            delegates.setdefault(e["structured_delegate"], []).append(
                e["func"].split("(")[0])
    families = [Family(e, delegates.get(e["func"].split("(")[0], []))
                for e in entries if e.get("structured") is True]
    if derivatives:
        by_name = {e["name"].split("(")[0]: e for e in read_yaml(derivatives)}
        dont = dont_require_derivative(derivatives)
        for f in families:
            f.derivative = by_name.get(f.entry_name())
            f.inplace_derivative = by_name.get(f.entry_name(True))
            f.not_differentiable = f.derivative is None and f.name in dont
            if f.derivative and "dispatch" in f.derivative:
                f.other_dispatch = sorted(k for k in f.derivative["dispatch"]
                                          if k != DISPATCH_KEY)
    return families


def sample(families, n, seed, with_samples):
    """About n families, every meta kind present, the same for the same seed."""
    pool = [f for f in families if with_samples is None or f.name in with_samples]
    key = lambda f: hashlib.sha1(("%s/%s" % (seed, f.opname)).encode()).hexdigest()
    strata = {}
    for f in sorted(pool, key=key):
        strata.setdefault(f.meta_kind, []).append(f)
    chosen, i = [], 0
    while len(chosen) < n and any(i < len(s) for s in strata.values()):
        for kind in sorted(strata):
            if i < len(strata[kind]) and len(chosen) < n:
                chosen.append(strata[kind][i])
        i += 1
    return sorted(chosen, key=lambda f: f.opname)


HEADER = """// Generated by test/E2E/Inputs/breadth/generate.py from native_functions.yaml:
// %d structured out= families of aten, each an skgen family whose out= kernel
// calls aten's own, with aten's preset (skgen/structured.h) or breadth.h's
// generic meta function.
#include <ATen/ATen.h>
#include <ATen/Operators.h>
#include <torch/library.h>

#include <skgen/annotations.h>
#include <skgen/structured.h>

#include "breadth.h"

namespace breadth {

"""


MARK = "<!-- generate.py --preset-table -->"


def preset_table(families):
    rows = [MARK, "| aten family | Meta | out= dtype rule of an own meta function |",
            "|---|---|---|"]
    for f in sorted((f for f in families if f.ti), key=lambda f: f.opname):
        if f.preset:
            rows.append("| `%s` | `SKGEN_META_PRESET(%s)` | |" % (f.opname, f.preset))
        elif f.checked:
            check, call = f.checked
            rows.append("| `%s` | %s`skgen::preset::%s` | |" % (
                f.opname, "`breadth::%s`, then " % check if check else "", call))
        else:
            rule = OUT_DTYPE.get(f.opname, "Cast")
            rows.append("| `%s` | own meta function | `%s` |" % (
                f.opname, rule if rule.startswith("breadth::") else "OutDtype::" + rule))
    rows.append(MARK)
    return "\n".join(rows) + "\n"


def check_docs(families, path):
    """Whether the table in the doc at path is preset_table()'s."""
    with open(path) as f:
        text = f.read()
    parts = text.split(MARK)
    return len(parts) == 3 and MARK + parts[1] + MARK + "\n" == preset_table(families)


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--yaml", required=True)
    p.add_argument("--out")
    p.add_argument("--manifest")
    p.add_argument("--all", action="store_true")
    p.add_argument("--sample", type=int)
    p.add_argument("--seed", default="0")
    p.add_argument("--opinfo")
    p.add_argument("--families")
    p.add_argument("--derivatives", help="derivatives.yaml: each family gets its formulas")
    p.add_argument("--drop-formulas", metavar="JSON",
                   help="{family: {reason, inplace_only}}: families written without "
                        "their formulas, or only without the in-place entry's (skgen "
                        "rejected one)")
    p.add_argument("--preset-table", action="store_true",
                   help="print the docs' family -> preset table")
    p.add_argument("--check-docs", metavar="MD",
                   help="whether MD's family -> preset table is up to date")
    args = p.parse_args()
    families = load(args.yaml, args.derivatives)
    if args.drop_formulas:
        with open(args.drop_formulas) as fh:
            dropped = json.load(fh)
        for f in families:
            why = dropped.get(f.opname)
            if why and why["inplace_only"]:
                f.inplace_formulas_dropped = why["reason"]
            elif why:
                f.formulas_dropped = why["reason"]
    if args.preset_table:
        sys.stdout.write(preset_table(families))
        return 0
    if args.check_docs:
        if check_docs(families, args.check_docs):
            print("%s: the family -> preset table is up to date" % args.check_docs)
            return 0
        print("%s: the family -> preset table differs from generate.py "
              "--preset-table's" % args.check_docs)
        return 1
    unknown = (set(PRESETS) | set(CHECKED)) - {f.opname for f in families}
    if unknown:
        sys.exit("PRESETS/CHECKED name no structured family: %s" % sorted(unknown))
    both = set(PRESETS) & set(CHECKED)
    if both:
        sys.exit("in both PRESETS and CHECKED: %s" % sorted(both))
    usable = []
    for f in families:
        why = EXCLUDED.get(f.opname) or f.unsupported()
        if why:
            print("excluded %s: %s" % (f.opname, why), file=sys.stderr)
        else:
            usable.append(f)
    if args.families:
        names = set(args.families.split(","))
        chosen = [f for f in usable if f.opname in names]
    elif args.sample:
        with_samples = None
        if args.opinfo:
            with open(args.opinfo) as fh:
                with_samples = set(fh.read().split())
        chosen = sample(usable, args.sample, args.seed, with_samples)
    else:
        chosen = usable
    manifest = []
    with open(args.out, "w") as out:
        text = HEADER % len(chosen)
        for f in chosen:
            # The lines of the family's code: a diagnostic there is the family's.
            first = text.count("\n") + 1
            text += f.cpp() + "\n"
            manifest.append(dict(f.manifest(), lines=[first, text.count("\n")]))
        out.write(text + "} // namespace breadth\n")
    with open(args.manifest, "w") as m:
        json.dump({"families": manifest, "structured": len(families)}, m, indent=1)
    print("%d of %d structured families written" % (len(chosen), len(families)))
    if args.derivatives:
        print("%d without an entry that aten declares not differentiable "
              "(SKGEN_NOT_DIFFERENTIABLE)" % len([f for f in chosen if f.not_differentiable]))
        entry = [f for f in chosen if f.derivative]
        inplace = [f for f in chosen if f.inplace_derivative]
        print("%d with a derivatives.yaml entry, %d written with its formulas; %d with an "
              "in-place entry, %s" % (
                  len(entry), len([f for f in entry if not f.formulas_dropped]), len(inplace),
                  "%d written" % len([f for f in inplace if not f.formulas_dropped and
                                      not f.inplace_formulas_dropped])
                  if INPLACE_DERIVATIVES else
                  "not written: skgen has no SKGEN_INPLACE_DERIVATIVE"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
