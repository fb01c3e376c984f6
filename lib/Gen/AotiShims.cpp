//===- AotiShims.cpp - AOTInductor C shims of generated ops ---------------===//
//
// AOTInductor calls a custom op through its proxy executor (boxing every
// argument into IValues, a dispatcher lookup by name per call) unless
// torch._inductor.config.aot_inductor.custom_ops_to_c_shims maps the op to
// the declaration of a C function: it then calls `aoti_torch_<device>_<op>`
// directly (torch/_inductor/ir.py FallbackKernel.codegen,
// codegen/cpp_wrapper_cpu.py get_c_shim_func_name and
// generate_c_shim_fallback_kernel). The name drops namespace and overload,
// the arguments follow torchgen's gen_aoti_c_shim (handles, int64_t,
// double, int32_t for bool and enums, a pointer for an optional, pointer
// and length for a list) and each Tensor result is an AtenTensorHandle*
// out-parameter after them.
//
//===----------------------------------------------------------------------===//
#include "Gen/AotiShims.h"
#include "Basic/DispatchKeys.h"
#include "Gen/Api.h"
#include "Gen/Render.h"

#include <algorithm>
#include <map>
#include <optional>
#include <vector>

namespace skgen {
namespace gen {
namespace {

/// One schema argument as AOTInductor passes it: its C parameters and the
/// expression that gives the dispatcher's argument.
struct CArgument {
  std::vector<std::string> Params;
  std::string Expr;
};

/// A base type's C type and, given the parameter name, its conversion.
struct CBase {
  const char *Name, *CType, *Optional;
};
// clang-format off
const CBase BaseTypes[] = {
    // schema type, C type, the dispatcher's optional element type
    {"int", "int64_t", "int64_t"},
    {"SymInt", "int64_t", "::skgen::SymInt"},
    {"bool", "int32_t", "bool"},
    {"float", "double", "double"},
    {"Scalar", "double", "at::Scalar"},
    {"ScalarType", "int32_t", "at::ScalarType"},
};
// clang-format on

const CBase *baseType(const schema::Type &T) {
  for (const CBase &B : BaseTypes)
    if (T.isNamed(B.Name))
      return &B;
  return nullptr;
}

std::optional<CArgument> cArgument(const schema::Type &T,
                                   const std::string &N) {
  if (T.isTensor())
    return CArgument{{"AtenTensorHandle " + N},
                     "::skgen::aoti::tensor(" + N + ")"};
  if (T.isNamed("str"))
    return CArgument{{"const char *" + N}, N};
  if (const CBase *B = baseType(T)) {
    std::string Expr = N;
    if (T.isNamed("bool"))
      Expr = N + " != 0";
    else if (T.isNamed("ScalarType"))
      Expr = "static_cast<at::ScalarType>(" + N + ")";
    return CArgument{{std::string(B->CType) + " " + N}, Expr};
  }
  if (T.isOptional()) {
    const schema::Type &E = T.Elements.front();
    if (E.isTensor())
      return CArgument{{"AtenTensorHandle *" + N},
                       "::skgen::aoti::optional_tensor(" + N + ")"};
    if (const CBase *B = baseType(E))
      return CArgument{{std::string(B->CType) + " *" + N},
                       "::skgen::aoti::optional<" + std::string(B->Optional) +
                           ">(" + N + ")"};
    return std::nullopt;
  }
  if (T.isList()) {
    const schema::Type &E = T.Elements.front();
    std::string Len = N + "_len_";
    auto List = [&](const char *Elem, std::string Expr) {
      return CArgument{
          {"const " + std::string(Elem) + " *" + N, "int64_t " + Len}, Expr};
    };
    if (E.isTensor())
      return List("AtenTensorHandle",
                  "::skgen::aoti::tensors(" + N + ", " + Len + ")");
    if (E.isNamed("int"))
      return List("int64_t", "at::IntArrayRef(" + N + ", " + Len + ")");
    if (E.isNamed("SymInt"))
      return List("int64_t", "::skgen::aoti::symints(" + N + ", " + Len + ")");
    if (E.isNamed("float"))
      return List("double", "at::ArrayRef<double>(" + N + ", " + Len + ")");
  }
  return std::nullopt;
}

/// What a family's functional operator gets: its shim (declaration without
/// the name's device part, and the arguments and results of its call), or
/// why none.
struct ShimPlan {
  std::vector<std::string> Devices;
  std::string Params; // `AtenTensorHandle self, ..., AtenTensorHandle *ret0`
  std::string Args;   // The functional operator's, from the shim's.
  size_t Results = 0;
  std::string WhyNot;

  /// The shim's body, calling the operator through \p Handle.
  std::string body(const std::string &Handle) const;
};

/// The shim name is per operator name: a name some other generated
/// functional operator shares (another overload, another namespace) gets
/// one only for its default overload, if exactly one has it.
bool ownsShimName(const graph::OpGraph &G, const graph::Family &F) {
  const schema::OperatorName &Mine = F.Variants.Functional->Op;
  unsigned Same = 0, Defaults = 0;
  for (const graph::Family &O : G.Families)
    if (!O.Options.External && O.Variants.Functional &&
        O.Variants.Functional->Op.Name == Mine.Name) {
      ++Same;
      Defaults += O.Variants.Functional->Op.Overload.empty();
    }
  return Same == 1 || (Mine.Overload.empty() && Defaults == 1);
}

ShimPlan plan(const graph::OpGraph &G, const FamilyApi &A) {
  const graph::Family &F = *A.F;
  ShimPlan P;
  for (const graph::Kernel &K : F.Kernels) {
    llvm::StringRef D = aotiDeviceName(K.Key);
    if (!D.empty() &&
        std::find(P.Devices.begin(), P.Devices.end(), D) == P.Devices.end())
      P.Devices.push_back(D.str());
  }
  if (!F.Variants.Functional || !A.Functional) {
    P.WhyNot = "no functional operator";
    return P;
  }
  if (P.Devices.empty()) {
    P.WhyNot = "no kernel on a device AOTInductor names (CPU, CUDA, XPU, MPS)";
    return P;
  }
  const schema::FunctionSchema &S = *F.Variants.Functional;
  if (!ownsShimName(G, F)) {
    P.WhyNot = "aoti_torch_<device>_" + S.Op.Name +
               " names another overload's shim (inductor drops the overload)";
    return P;
  }
  std::vector<std::string> Params, Args;
  for (const CppParam &CP : A.Functional->Params) {
    std::optional<CArgument> C = cArgument(CP.Arg->Ty, CP.Name);
    if (!C) {
      P.WhyNot = "argument '" + CP.Arg->Name + "' of type " + CP.Arg->Ty.str() +
                 " has no C shim type here";
      return P;
    }
    Params.insert(Params.end(), C->Params.begin(), C->Params.end());
    Args.push_back(C->Expr);
  }
  if (S.Returns.empty()) {
    P.WhyNot = "no result";
    return P;
  }
  for (size_t I = 0; I < S.Returns.size(); ++I) {
    if (!S.Returns[I].Ty.isTensor()) {
      P.WhyNot = "result of type " + S.Returns[I].Ty.str() +
                 " (only Tensor results have C shim out-parameters here)";
      return P;
    }
    Params.push_back("AtenTensorHandle *ret" + std::to_string(I));
  }
  for (const std::string &Q : Params)
    P.Params += (P.Params.empty() ? "" : ", ") + Q;
  for (size_t I = 0; I < Args.size(); ++I)
    P.Args += (I ? ", " : "") + Args[I];
  P.Results = S.Returns.size();
  return P;
}

std::string ShimPlan::body(const std::string &Handle) const {
  const std::string Call = Handle + ".call(" + Args + ")";
  if (Results == 1)
    return "*ret0 = ::skgen::aoti::handle(" + Call + ");\n";
  std::string Body = "auto skgen_result = " + Call + ";\n";
  for (size_t I = 0; I < Results; ++I)
    Body += "*ret" + std::to_string(I) + " = ::skgen::aoti::handle(std::get<" +
            std::to_string(I) + ">(std::move(skgen_result)));\n";
  return Body;
}

std::string declaration(const std::string &Device, const std::string &Op,
                        const std::string &Params) {
  return "AOTITorchError aoti_torch_" + Device + "_" + Op + "(" + Params + ")";
}

/// The module name of \p Path (`myops_aoti` for `python/myops_aoti.py`).
std::string moduleFile(const std::string &Path) {
  return Path.substr(Path.find_last_of('/') + 1);
}

/// A Python string literal of printable ASCII \p S (schemas, C
/// declarations).
std::string pyString(const std::string &S) {
  std::string Out = "\"";
  for (char C : S) {
    if (C == '"' || C == '\\')
      Out += '\\';
    Out += C;
  }
  return Out + "\"";
}

} // namespace

std::string aotiShimSection(const graph::OpGraph &G, const FamilyApi &A,
                            const GenOptions &Opts, Includes &Inc) {
  if (A.F->Options.External)
    return "";
  ShimPlan P = plan(G, A);
  std::string Title =
      "// AOTInductor C shims of " + (A.F->Variants.Functional
                                          ? A.F->Variants.Functional->Op.str()
                                          : A.F->name().str());
  if (!P.WhyNot.empty())
    return Title + ": none, " + P.WhyNot + "\n";
  Inc.add("skgen/aoti.h");
  // Compiled only under SKGEN_AOTI, and so is a handle nothing else calls.
  const std::string Body = P.body(typedHandle(
      A.F->Variants.Functional->Op, *A.Functional, Inc, "SKGEN_AOTI"));
  static const CodeTemplate Shim(
      "AOTI_TORCH_EXPORT ${declaration} {\n"
      "  AOTI_TORCH_CONVERT_EXCEPTION_TO_ERROR_CODE({\n"
      "    ${body}\n"
      "  });\n"
      "}\n");
  std::string Shims;
  for (const std::string &D : P.Devices)
    Shims += (Shims.empty() ? "" : "\n") +
             Shim.substitute(
                 {{"declaration",
                   declaration(D, A.F->Variants.Functional->Op.Name, P.Params)},
                  {"body", Body}});
  return Title + ", through the dispatcher\n// (" +
         moduleFile(Opts.AotiShimsFile) +
         " maps the op to them)\n#if SKGEN_AOTI\nextern \"C\" {\n\n" + Shims +
         "\n} // extern \"C\"\n#endif\n";
}

std::string aotiShimsModuleBody(const graph::OpGraph &G,
                                const GenOptions &Opts) {
  std::string Entries;
  for (const graph::Family &F : G.Families) {
    std::optional<FamilyApi> A = FamilyApi::build(F, Opts.Abi);
    if (!A || F.Options.External)
      continue;
    ShimPlan P = plan(G, *A);
    if (!P.WhyNot.empty())
      continue;
    const schema::OperatorName &Op = F.Variants.Functional->Op;
    Entries += "    " +
               pyString(Op.qualifiedName() + "." +
                        (Op.Overload.empty() ? "default" : Op.Overload)) +
               ": [\n";
    for (const std::string &D : P.Devices)
      Entries +=
          "        " + pyString(declaration(D, Op.Name, P.Params)) + ",\n";
    Entries += "    ],\n";
  }
  return R"("""AOTInductor C shims of the ops skgen generates (--aoti-shims).

C_SHIMS maps each op overload to the C declarations of its shims
(aoti_torch_<device>_<op>, defined in the op library's generated blocks);
configure() puts them into torch._inductor.config.aot_inductor, so that
AOTInductor calls them directly instead of through its proxy executor.
"""
import torch

C_SHIMS = {
)" + Entries +
         R"(}


def configure(library=None, link=False, config=None):
    """Adds C_SHIMS to config.aot_inductor.custom_ops_to_c_shims (config:
    torch._inductor.config by default). library: the op library's path,
    loaded with RTLD_GLOBAL so that a compiled model finds the shims when it
    is loaded in this process; with link=True its name is also added to
    custom_op_libs (the model is then linked against it: the library must be
    on the linker's and the loader's search paths)."""
    import ctypes
    import os
    if config is None:
        from torch._inductor import config
    if library is not None:
        ctypes.CDLL(os.fspath(library), mode=ctypes.RTLD_GLOBAL)
        if link:
            name = os.path.basename(os.fspath(library))
            name = name[3:] if name.startswith("lib") else name
            name = name.split(".so")[0]
            config.aot_inductor.custom_op_libs = [
                *(config.aot_inductor.custom_op_libs or []), name]
    shims = dict(config.aot_inductor.custom_ops_to_c_shims)
    for op, declarations in C_SHIMS.items():
        qualified, overload = op.rsplit(".", 1)
        namespace, name = qualified.split("::")
        shims[getattr(getattr(getattr(torch.ops, namespace), name),
                      overload)] = declarations
    config.aot_inductor.custom_ops_to_c_shims = shims
)";
}

} // namespace gen
} // namespace skgen
