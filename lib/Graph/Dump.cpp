//===- Dump.cpp - The op graph as JSON (--dump-graph=json) and Graphviz ---===//
#include "Basic/DispatchKeys.h"
#include "Graph/OpGraph.h"
#include "Schema/MetaPresets.h"

#include <nlohmann/json.hpp>

namespace skgen {
namespace graph {

//===----------------------------------------------------------------------===//
// --dump-graph=json
//===----------------------------------------------------------------------===//

/// The family's meta function: what computes its outputs' metadata, and
/// where its Meta kernels come from.
static nlohmann::json metaJSON(const Family &F) {
  using nlohmann::json;
  if (!F.Options.hasMeta())
    return nullptr;
  json J;
  if (!F.Options.MetaFunction.empty()) {
    J["function"] = F.Options.MetaFunction;
  } else {
    const schema::MetaPreset *P = schema::findMetaPreset(F.Options.MetaPreset);
    J["preset"] = F.Options.MetaPreset;
    json Roles = json::object();
    if (P && P->Variadic)
      Roles[P->Roles.front().Name] = F.Options.MetaPresetArgs;
    else
      for (size_t I = 0; P && I < P->Roles.size(); ++I)
        Roles[P->Roles[I].Name] = I < F.Options.MetaPresetArgs.size() &&
                                          !F.Options.MetaPresetArgs[I].empty()
                                      ? json(F.Options.MetaPresetArgs[I])
                                      : json(nullptr);
    J["roles"] = Roles;
  }
  bool UserMeta = false;
  for (const Kernel &K : F.Kernels)
    UserMeta |= K.Key == keys::Meta;
  J["meta_kernels"] = UserMeta                 ? "kernel"
                      : F.Options.External     ? "external"
                      : F.Options.NoMetaKernel ? "opted_out"
                                               : "generated";
  return J;
}

std::string toJSON(const OpGraph &G) {
  using nlohmann::json;
  json Families = json::array();
  for (const Family &F : G.Families) {
    json J;
    J["out"] = F.Out.str();
    if (F.Variants.FunctionalFirst) {
      J["functional_first"] = true;
      J["out_defined"] = F.Variants.OutDefined;
    }
    J["functional"] = F.Variants.Functional ? json(F.Variants.Functional->str())
                                            : json(nullptr);
    J["inplace"] =
        F.Variants.Inplace ? json(F.Variants.Inplace->str()) : json(nullptr);
    if (F.Variants.Legacy)
      J["legacy"] = F.Variants.Legacy->str();
    if (!F.Variants.Inplace && !F.Variants.InplaceIneligibleReason.empty())
      J["inplace_ineligible_reason"] = F.Variants.InplaceIneligibleReason;
    J["options"] = F.Options;
    J["meta"] = metaJSON(F);
    J["declared_at"] = F.DeclLoc;
    J["cpp_name"] = F.DeclCppName;
    json Kernels = json::array();
    for (const Kernel &K : F.Kernels) {
      json JK{{"key", K.Key},
              {"cpp_name", K.CppName},
              {"loc", K.Loc},
              {"annotation_loc", K.AnnotationLoc}};
      if (K.Functional)
        JK["functional"] = true;
      Kernels.push_back(JK);
    }
    J["kernels"] = Kernels;
    json Regs = json::array();
    for (const Registration &R : registrations(F, G.AliasKey, G.Abi)) {
      json JR{{"kind", registrationKindName(R.K)}, {"op", R.Op.str()}};
      if (!R.Key.empty())
        JR["key"] = R.Key;
      if (R.Via)
        JR["calls"] = R.Via->CppName;
      else if (R.K == Registration::Kind::AliasFunctional ||
               R.K == Registration::Kind::AliasInplace)
        JR["redispatches_to"] = F.Out.Op.str();
      else if (R.K == Registration::Kind::AliasInplaceViaFunctional)
        JR["redispatches_to"] = F.Variants.Functional->Op.str();
      else if (R.K == Registration::Kind::AliasOutViaFunctional)
        JR["dispatches_to"] = F.Variants.Functional->Op.str();
      else if (F.FallbackTo && R.Key == G.AliasKey)
        JR["falls_back_to"] = fallbackTarget(F, R.K).str();
      Regs.push_back(JR);
    }
    J["registrations"] = Regs;
    Families.push_back(J);
  }
  json Root{{"version", 1},
            {"alias_key", G.AliasKey},
            {"families", Families},
            {"diagnostics", G.Diagnostics}};
  // Names and paths come from sources: never throw on invalid UTF-8.
  return Root.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) +
         "\n";
}

//===----------------------------------------------------------------------===//
// --dump-graph=dot
//===----------------------------------------------------------------------===//

static std::string dotQuote(const std::string &S) {
  std::string Out = "\"";
  for (char C : S) {
    if (C == '"' || C == '\\')
      Out += '\\';
    if (C == '\n') {
      Out += "\\n";
      continue;
    }
    Out += C;
  }
  return Out + "\"";
}

std::string toDot(const OpGraph &G) {
  std::string S =
      "digraph skgen {\n  rankdir=LR;\n  node [fontname=\"monospace\"];\n";
  for (size_t I = 0; I < G.Families.size(); ++I) {
    const Family &F = G.Families[I];
    std::string P = "f" + std::to_string(I);
    S += "  subgraph cluster_" + P + " {\n    label=" +
         dotQuote(F.Out.Op.str() + (F.Options.External ? " (external)" : "")) +
         ";\n";
    S += "    " + P +
         "_out [shape=box, label=" + dotQuote("out\n" + F.Out.str()) + "];\n";
    if (F.Variants.Functional)
      S += "    " + P + "_functional [shape=box, style=dashed, label=" +
           dotQuote("functional\n" + F.Variants.Functional->str()) + "];\n";
    if (F.Variants.Inplace)
      S += "    " + P + "_inplace [shape=box, style=dashed, label=" +
           dotQuote("in-place\n" + F.Variants.Inplace->str()) + "];\n";
    for (size_t J = 0; J < F.Kernels.size(); ++J)
      S += "    " + P + "_k" + std::to_string(J) + " [shape=ellipse, label=" +
           dotQuote(F.Kernels[J].Key + "\n" + F.Kernels[J].CppName) + "];\n";
    if (F.Options.hasMeta()) {
      std::string What = F.Options.MetaFunction;
      if (What.empty()) {
        What = "preset " + F.Options.MetaPreset + "(";
        bool First = true;
        for (const std::string &A : F.Options.MetaPresetArgs) {
          What += (First ? "" : ", ") + (A.empty() ? std::string("_") : A);
          First = false;
        }
        What += ")";
      }
      S += "    " + P +
           "_meta [shape=note, label=" + dotQuote("meta\n" + What) + "];\n";
      if (generatesMetaKernels(F))
        S += "    " + P + "_metakernels [shape=ellipse, style=dashed, label=" +
             dotQuote("Meta\n(generated)") + "];\n";
    }
    S += "  }\n";
    if (F.Options.hasMeta()) {
      S += "  " + P + "_meta -> " + P +
           "_out [style=dotted, label=\"sizes, dtypes\"];\n";
      if (generatesMetaKernels(F))
        S += "  " + P + "_metakernels -> " + P + "_meta [style=dotted];\n";
    }
    for (size_t J = 0; J < F.Kernels.size(); ++J) {
      std::string K = P + "_k" + std::to_string(J);
      // A functional kernel implements the functional variant; out= and
      // in-place of its key are derived from it.
      bool Fn = F.Kernels[J].Functional;
      std::string Direct = (Fn ? "derived " : "direct ") + F.Kernels[J].Key;
      S += "  " + K + " -> " + P + (Fn ? "_functional" : "_out") +
           " [label=\"implements\"];\n";
      if (Fn)
        S += "  " + P + "_out -> " + K + " [label=" + dotQuote(Direct) + "];\n";
      if (F.Variants.Functional && !Fn)
        S += "  " + P + "_functional -> " + K + " [label=" + dotQuote(Direct) +
             "];\n";
      if (F.Variants.Inplace)
        S += "  " + P + "_inplace -> " + K + " [label=" + dotQuote(Direct) +
             "];\n";
    }
    if (!F.Options.External && allKernelsFunctional(F)) {
      S += "  " + P + "_out -> " + P + "_functional [style=dashed, label=" +
           dotQuote(G.AliasKey + " (dispatch)") + "];\n";
      if (F.Variants.Inplace)
        S += "  " + P + "_inplace -> " + P +
             "_functional [style=dashed, label=" +
             dotQuote(G.AliasKey + " (redispatch)") + "];\n";
    } else if (F.FallbackTo) {
      // Each variant to the general overload's same variant.
      size_t GI = 0;
      while (GI < G.Families.size() &&
             !(G.Families[GI].Out.Op == F.FallbackTo->Out))
        ++GI;
      std::string Q = "f" + std::to_string(GI);
      std::string Label = dotQuote(G.AliasKey + " (fallback)");
      S += "  " + P + "_out -> " + Q + "_out [style=dashed, label=" + Label +
           "];\n";
      if (F.Variants.Functional)
        S += "  " + P + "_functional -> " + Q +
             "_functional [style=dashed, label=" + Label + "];\n";
      if (F.Variants.Inplace)
        S += "  " + P + "_inplace -> " + Q +
             "_inplace [style=dashed, label=" + Label + "];\n";
    } else if (!F.Options.External) {
      if (F.Variants.Functional)
        S += "  " + P + "_functional -> " + P + "_out [style=dashed, label=" +
             dotQuote(G.AliasKey + " (redispatch)") + "];\n";
      if (F.Variants.Inplace)
        S += "  " + P + "_inplace -> " + P + "_out [style=dashed, label=" +
             dotQuote(G.AliasKey + " (redispatch)") + "];\n";
    }
  }
  return S + "}\n";
}

} // namespace graph
} // namespace skgen
