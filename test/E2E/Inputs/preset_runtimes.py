"""Writes one translation unit with a family per meta preset of the table
(`skgen --print-vocabulary=presets`, lib/Schema/MetaPresets.def): its
example schema, SKGEN_META_PRESET(name) and the out= kernel's declaration,
for the libtorch runtime (every preset) or the stable-ABI one (the presets
the table gives both runtimes).

usage: preset_runtimes.py SKGEN libtorch|stable OUT.cpp
"""
import re
import subprocess
import sys

skgen, abi, out = sys.argv[1:4]

# C++ parameter types of the schema types the examples use.
TYPES = {
    "libtorch": {
        "Tensor": "const at::Tensor &", "Tensor!": "at::Tensor &",
        "int": "int64_t", "int?": "c10::optional<int64_t>", "bool": "bool",
        "int[1]?": "at::OptionalIntArrayRef", "ScalarType": "at::ScalarType",
        "ScalarType?": "c10::optional<at::ScalarType>",
        "Scalar": "const at::Scalar &",
        "Scalar?": "const c10::optional<at::Scalar> &",
        "Tensor[]": "at::TensorList",
        "Tensor?[]": "const c10::List<c10::optional<at::Tensor>> &",
        "SymInt[2]": "at::IntArrayRef", "float?": "c10::optional<double>",
    },
    "stable": {
        "Tensor": "const Tensor &", "Tensor!": "Tensor &", "int": "int64_t",
        "int?": "std::optional<int64_t>", "bool": "bool",
        "int[1]?": "std::optional<IntHeaderOnlyArrayRef>",
        "ScalarType?": "std::optional<ScalarType>",
    },
}[abi]
HEADER = {
    "libtorch": "#include <ATen/ATen.h>\n#include <skgen/annotations.h>\n"
                "#include <skgen/structured.h>\n",
    "stable": "#include <torch/csrc/stable/library.h>\n"
              "#include <torch/csrc/stable/ops.h>\n"
              "#include <torch/csrc/stable/tensor.h>\n"
              "#include <skgen/annotations.h>\n"
              "#include <skgen/stable/structured.h>\n\n"
              "#include <optional>\n#include <tuple>\n\n"
              "using torch::headeronly::IntHeaderOnlyArrayRef;\n"
              "using torch::headeronly::ScalarType;\n"
              "using torch::stable::Tensor;\n",
}[abi]

rows = [l.split("\t") for l in subprocess.run(
    [skgen, "--print-vocabulary=presets"], check=True, capture_output=True,
    text=True).stdout.splitlines()]
text = [HEADER, "\nnamespace presetops {\n"]
for name, outputs, runtimes, _, _, _, example, _ in rows:
    if abi not in runtimes.split(","):
        continue
    args = example[1:example.index(") ->")]
    params = []
    for arg in args.split(", "):
        if arg == "*":
            continue
        ty, param = arg.split(" ")
        ty = re.sub(r"\([a-z]!\)", "!", ty)
        cpp = TYPES[ty]
        params.append(cpp + ("" if cpp.endswith("&") else " ") +
                      param.split("=")[0])
    ref = TYPES["Tensor!"]
    ret = ref if outputs == "1" else "std::tuple<%s>" % ", ".join(
        [ref] * int(outputs))
    text.append('\nSKGEN_STRUCTURED("presetops::%s.out%s", CPU)\n'
                'SKGEN_META_PRESET(%s)\n%s %s_out(%s);\n' %
                (name, example, name, ret, name, ", ".join(params)))
text.append("\n} // namespace presetops\n")
open(out, "w").write("".join(text))
