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

namespace {

/// One family's cluster: a node per operator it has (out, functional,
/// in-place, legacy, backward), per kernel of a source and per key whose
/// kernels skgen generates; an edge per registration of registrations(),
/// so the picture is the plan the emitters generate from.
class DotCluster {
public:
  DotCluster(const OpGraph &G, size_t I)
      : G(G), F(G.Families[I]), P("f" + std::to_string(I)) {}

  std::string render() {
    std::string Nodes;
    addOp(Nodes, "out", F.Out, "");
    if (F.Variants.Functional)
      addOp(Nodes, "functional", *F.Variants.Functional, ", style=dashed");
    if (F.Variants.Inplace)
      addOp(Nodes, "inplace", *F.Variants.Inplace, ", style=dashed");
    if (F.Variants.Legacy)
      addOp(Nodes, "legacy", *F.Variants.Legacy, ", style=dashed");
    if (F.StableBackward && G.Abi == Abi::Stable)
      addOp(Nodes, "backward", *F.StableBackward, ", style=dashed");
    for (size_t J = 0; J < F.Kernels.size(); ++J)
      Nodes += "    " + kernelNode(&F.Kernels[J]) + " [shape=ellipse, label=" +
               dotQuote(F.Kernels[J].Key + "\n" + F.Kernels[J].CppName) +
               "];\n";
    if (F.Options.hasMeta())
      Nodes += "    " + P +
               "_meta [shape=note, label=" + dotQuote("meta\n" + metaLabel()) +
               "];\n";
    std::string Edges;
    if (F.Options.hasMeta())
      Edges += "  " + P + "_meta -> " + P +
               "_out [style=dotted, label=\"sizes, dtypes\"];\n";
    for (const Registration &R : registrations(F, G.AliasKey, G.Abi))
      Edges += edge(R, Nodes);
    return "  subgraph cluster_" + P + " {\n    label=" +
           dotQuote(F.Out.Op.str() +
                    (F.Options.External ? " (external)" : "")) +
           ";\n" + Nodes + "  }\n" + Edges;
  }

private:
  const OpGraph &G;
  const Family &F;
  std::string P;
  std::vector<std::string> GeneratedKeys;

  void addOp(std::string &Nodes, const std::string &Role,
             const schema::FunctionSchema &S, const char *Style) {
    Nodes +=
        "    " + P + "_" + Role + " [shape=box" + Style + ", label=" +
        dotQuote((Role == "inplace" ? "in-place" : Role) + "\n" + S.str()) +
        "];\n";
  }

  std::string opNode(const schema::OperatorName &Op) const {
    return opNode(F, P, Op);
  }

  /// The node of \p Op, an operator of family \p Fam drawn with prefix \p Pre.
  static std::string opNode(const Family &Fam, const std::string &Pre,
                            const schema::OperatorName &Op) {
    const auto &V = Fam.Variants;
    if (V.Functional && V.Functional->Op == Op)
      return Pre + "_functional";
    if (V.Inplace && V.Inplace->Op == Op)
      return Pre + "_inplace";
    if (V.Legacy && V.Legacy->Op == Op)
      return Pre + "_legacy";
    if (Fam.StableBackward && Fam.StableBackward->Op == Op)
      return Pre + "_backward";
    return Pre + "_out";
  }

  std::string kernelNode(const Kernel *K) const {
    return P + "_k" + std::to_string(K - F.Kernels.data());
  }

  std::string metaLabel() const {
    if (!F.Options.MetaFunction.empty())
      return F.Options.MetaFunction;
    std::string What = "preset " + F.Options.MetaPreset + "(";
    for (size_t I = 0; I < F.Options.MetaPresetArgs.size(); ++I) {
      const std::string &A = F.Options.MetaPresetArgs[I];
      What += (I ? ", " : "") + (A.empty() ? std::string("_") : A);
    }
    return What + ")";
  }

  /// The node of the kernels skgen generates under \p Key (Meta, Autograd,
  /// ...), declared on first use.
  std::string generatedNode(const std::string &Key, std::string &Nodes) {
    std::string N = P + "_gen_" + Key;
    if (std::find(GeneratedKeys.begin(), GeneratedKeys.end(), Key) ==
        GeneratedKeys.end()) {
      GeneratedKeys.push_back(Key);
      // Nodes must stay inside the cluster: insert before its edges.
      Nodes += "    " + N + " [shape=ellipse, style=dashed, label=" +
               dotQuote(Key + "\n(generated)") + "];\n";
    }
    return N;
  }

  std::string edge(const Registration &R, std::string &Nodes) {
    using K = Registration::Kind;
    auto Line = [](const std::string &From, const std::string &To,
                   const std::string &Attrs) {
      return "  " + From + " -> " + To + " [" + Attrs + "];\n";
    };
    const std::string From = opNode(R.Op);
    const std::string Dashed = "style=dashed, label=";
    switch (R.K) {
    case K::Def:
      return "";
    case K::OutKernel:
    case K::DirectOut:
    case K::FunctionalKernel:
      return Line(kernelNode(R.Via), From, "label=\"implements\"");
    case K::DirectFunctional:
    case K::DirectInplace:
      return Line(From, kernelNode(R.Via),
                  "label=" + dotQuote("direct " + R.Key));
    case K::DirectOutViaFunctional:
    case K::DirectInplaceViaFunctional:
      return Line(From, kernelNode(R.Via),
                  "label=" + dotQuote("derived " + R.Key));
    case K::AliasFunctional:
    case K::AliasInplace:
    case K::AliasLegacy:
      return Line(From, P + "_out", Dashed + dotQuote(R.Key + " (redispatch)"));
    case K::AliasOutViaFunctional:
      return Line(From, opNode(F.Variants.Functional->Op),
                  Dashed + dotQuote(R.Key + " (dispatch)"));
    case K::AliasInplaceViaFunctional:
      return Line(From, opNode(F.Variants.Functional->Op),
                  Dashed + dotQuote(R.Key + " (redispatch)"));
    case K::FallbackFunctional:
    case K::FallbackInplace:
    case K::FallbackOut: {
      // The general overload's same variant, in its own cluster.
      size_t GI = 0;
      while (GI < G.Families.size() &&
             !(G.Families[GI].Out.Op == F.FallbackTo->Out))
        ++GI;
      return Line(From,
                  opNode(G.Families[GI], "f" + std::to_string(GI),
                         fallbackTarget(F, R.K)),
                  Dashed + dotQuote(R.Key + " (fallback)"));
    }
    default:
      // Kernels skgen generates under a key of their own (Meta, Autograd,
      // the backward operator's, ...): one node per key.
      return Line(From, generatedNode(R.Key, Nodes),
                  "style=dotted, label=" + dotQuote(registrationKindName(R.K)));
    }
  }
};

} // namespace

std::string toDot(const OpGraph &G) {
  std::string S =
      "digraph skgen {\n  rankdir=LR;\n  node [fontname=\"monospace\"];\n";
  for (size_t I = 0; I < G.Families.size(); ++I)
    S += DotCluster(G, I).render();
  return S + "}\n";
}

} // namespace graph
} // namespace skgen
