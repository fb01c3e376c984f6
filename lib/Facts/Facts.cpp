//===- Facts.cpp - JSON form of scan facts --------------------------------===//
#include "Facts/Facts.h"

#include "llvm/Support/xxhash.h"

#include <nlohmann/json.hpp>

namespace skgen {

using nlohmann::json;

std::string hashContent(const std::string &Content) {
  uint64_t H = llvm::xxHash64(Content);
  char Buf[17];
  snprintf(Buf, sizeof(Buf), "%016llx", static_cast<unsigned long long>(H));
  return Buf;
}

void to_json(json &J, const SourceLoc &L) {
  J = json{{"file", L.File}, {"line", L.Line}, {"column", L.Column}};
}
void from_json(const json &J, SourceLoc &L) {
  J.at("file").get_to(L.File);
  J.at("line").get_to(L.Line);
  J.at("column").get_to(L.Column);
}

void to_json(json &J, const CharRange &R) {
  J = json{{"begin", R.Begin}, {"end", R.End}};
}
void from_json(const json &J, CharRange &R) {
  J.at("begin").get_to(R.Begin);
  J.at("end").get_to(R.End);
}

void to_json(json &J, const Diagnostic &D) {
  J = json{{"level", diagnosticLevelName(D.Severity)},
           {"loc", D.Loc},
           {"message", D.Message}};
  if (!D.Notes.empty())
    J["notes"] = D.Notes;
  if (!D.FixText.empty()) {
    J["fix_text"] = D.FixText;
    J["fix_length"] = D.FixLength;
  }
  if (!D.Ranges.empty())
    J["ranges"] = D.Ranges;
  if (!D.Category.empty())
    J["category"] = D.Category;
}
void from_json(const json &J, Diagnostic &D) {
  std::string L = J.at("level").get<std::string>();
  D.Severity = L == "warning" ? Diagnostic::Level::Warning
               : L == "note"  ? Diagnostic::Level::Note
                              : Diagnostic::Level::Error;
  J.at("loc").get_to(D.Loc);
  J.at("message").get_to(D.Message);
  if (J.contains("notes"))
    J.at("notes").get_to(D.Notes);
  D.FixText = J.value("fix_text", "");
  D.FixLength = J.value("fix_length", 0u);
  if (J.contains("ranges"))
    J.at("ranges").get_to(D.Ranges);
  D.Category = J.value("category", "");
}

void to_json(json &J, const FamilyOptions &O) {
  J = json::object();
  if (O.FunctionalOverload)
    J["functional_overload"] = *O.FunctionalOverload;
  if (O.InplaceOverload)
    J["inplace_overload"] = *O.InplaceOverload;
  if (O.NoFunctional)
    J["no_functional"] = true;
  if (O.NoInplace)
    J["no_inplace"] = true;
  if (!O.AllocFunction.empty())
    J["alloc_function"] = O.AllocFunction;
  if (O.External)
    J["external"] = true;
  if (!O.MetaFunction.empty())
    J["meta_function"] = O.MetaFunction;
  if (O.MetaFunctionLocal)
    J["meta_function_local"] = true;
  if (!O.MetaPreset.empty())
    J["meta_preset"] = json{{"name", O.MetaPreset}, {"args", O.MetaPresetArgs}};
  if (O.NoMetaKernel)
    J["no_meta_kernel"] = true;
  if (!O.Fallback.empty())
    J["fallback"] = json{{"op", O.Fallback}, {"loc", O.FallbackLoc}};
}
void from_json(const json &J, FamilyOptions &O) {
  if (J.contains("functional_overload"))
    O.FunctionalOverload = J.at("functional_overload").get<std::string>();
  if (J.contains("inplace_overload"))
    O.InplaceOverload = J.at("inplace_overload").get<std::string>();
  O.NoFunctional = J.value("no_functional", false);
  O.NoInplace = J.value("no_inplace", false);
  O.AllocFunction = J.value("alloc_function", "");
  O.External = J.value("external", false);
  O.MetaFunction = J.value("meta_function", "");
  O.MetaFunctionLocal = J.value("meta_function_local", false);
  if (J.contains("meta_preset")) {
    const json &P = J.at("meta_preset");
    O.MetaPreset = P.at("name").get<std::string>();
    O.MetaPresetArgs =
        P.value("args", json::array()).get<std::vector<std::string>>();
  }
  O.NoMetaKernel = J.value("no_meta_kernel", false);
  if (J.contains("fallback")) {
    const json &F = J.at("fallback");
    O.Fallback = F.at("op").get<std::string>();
    if (F.contains("loc"))
      F.at("loc").get_to(O.FallbackLoc);
  }
}

void to_json(json &J, const CppParamFact &P) {
  J = json{{"name", P.Name},
           {"spelling", P.Spelling},
           {"canonical", P.Canonical},
           {"const", P.IsConst},
           {"reference", P.IsReference},
           {"loc", P.Loc}};
}
void from_json(const json &J, CppParamFact &P) {
  P.Name = J.value("name", "");
  P.Spelling = J.value("spelling", "");
  P.Canonical = J.value("canonical", "");
  P.IsConst = J.value("const", false);
  P.IsReference = J.value("reference", false);
  if (J.contains("loc"))
    J.at("loc").get_to(P.Loc);
}

void to_json(json &J, const KernelFact &K) {
  J = json{{"kind", K.AnnotationKind == KernelFact::Kind::Structured
                        ? "structured"
                        : "kernel"},
           {"schema", K.SchemaText},
           {"schema_loc", K.SchemaLoc},
           {"keys", K.Keys},
           {"cpp_name", K.CppName},
           {"loc", K.Loc},
           {"annotation_loc", K.AnnotationLoc},
           {"options", K.Options},
           {"signature_ok", K.SignatureOk},
           {"insert_after_offset", K.InsertAfterOffset},
           {"insert_after_line", K.InsertAfterLine},
           {"insert_file", K.InsertFile},
           {"signature_checked", K.SignatureChecked},
           {"params", K.Params},
           {"return", K.Return}};
  if (K.DefinitionUnseen)
    J["definition_unseen"] = true;
  if (!K.InternalLinkage.empty()) {
    J["internal_linkage"] = K.InternalLinkage;
    J["name_length"] = K.NameLength;
  }
  if (K.TorchCompile) // Only when set: facts of PyTorch 1.x TUs are unchanged.
    J["torch_compile"] = true;
  if (K.FunctionalKernel)
    J["functional_kernel"] = true;
}
void from_json(const json &J, KernelFact &K) {
  K.AnnotationKind = J.at("kind").get<std::string>() == "structured"
                         ? KernelFact::Kind::Structured
                         : KernelFact::Kind::Kernel;
  J.at("schema").get_to(K.SchemaText);
  J.at("schema_loc").get_to(K.SchemaLoc);
  J.at("keys").get_to(K.Keys);
  J.at("cpp_name").get_to(K.CppName);
  J.at("loc").get_to(K.Loc);
  J.at("annotation_loc").get_to(K.AnnotationLoc);
  if (J.contains("options"))
    J.at("options").get_to(K.Options);
  K.SignatureOk = J.value("signature_ok", false);
  K.InsertAfterOffset = J.value("insert_after_offset", 0u);
  K.InsertAfterLine = J.value("insert_after_line", 0u);
  K.InsertFile = J.value("insert_file", "");
  K.SignatureChecked = J.value("signature_checked", false);
  K.DefinitionUnseen = J.value("definition_unseen", false);
  K.TorchCompile = J.value("torch_compile", false);
  K.FunctionalKernel = J.value("functional_kernel", false);
  if (J.contains("params"))
    J.at("params").get_to(K.Params);
  if (J.contains("return"))
    J.at("return").get_to(K.Return);
  K.InternalLinkage = J.value("internal_linkage", "");
  K.NameLength = J.value("name_length", 0u);
}

void to_json(json &J, const TUFacts &T) {
  json Files = json::array();
  for (const auto &F : T.Files)
    Files.push_back(json{{"path", F.Path}, {"hash", F.Hash}});
  J = json{{"main_file", T.MainFile},
           {"skipped", T.Skipped},
           {"kernels", T.Kernels},
           {"diagnostics", T.Diagnostics},
           {"files", Files}};
  if (!T.TorchVersion.empty())
    J["torch_version"] = T.TorchVersion;
}
void from_json(const json &J, TUFacts &T) {
  J.at("main_file").get_to(T.MainFile);
  T.Skipped = J.value("skipped", false);
  T.TorchVersion = J.value("torch_version", "");
  if (J.contains("kernels"))
    J.at("kernels").get_to(T.Kernels);
  if (J.contains("diagnostics"))
    J.at("diagnostics").get_to(T.Diagnostics);
  if (J.contains("files"))
    for (const auto &F : J.at("files"))
      T.Files.push_back(
          {F.at("path").get<std::string>(), F.at("hash").get<std::string>()});
}

} // namespace skgen
