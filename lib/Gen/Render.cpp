//===- Render.cpp - Generated C++ from specs and templates ----------------===//
#include "Gen/Render.h"

#include "llvm/Support/ErrorHandling.h"

namespace skgen {
namespace gen {

std::string
CodeTemplate::substitute(const std::map<std::string, std::string> &Env) const {
  std::string Out;
  llvm::StringRef Rest = Text;
  while (!Rest.empty()) {
    auto [Line, After] = Rest.split('\n');
    bool HadNewline = Rest.size() > Line.size();
    Rest = After;
    size_t Open = Line.find("${");
    llvm::StringRef Lead = Line.take_front(Open);
    size_t Close = Line.find('}', Open);
    if (Open != llvm::StringRef::npos && Lead.trim().empty() &&
        Close + 1 == Line.size()) {
      // Alone on its line: a block, indented as the placeholder.
      auto It = Env.find(Line.slice(Open + 2, Close).str());
      if (It == Env.end())
        llvm::report_fatal_error("CodeTemplate: no value for " + Line.str());
      llvm::StringRef Value = It->second;
      while (!Value.empty()) {
        auto [L, R] = Value.split('\n');
        Out += (L.empty() ? std::string() : Lead.str() + L.str()) + "\n";
        Value = R;
      }
      continue;
    }
    while (Open != llvm::StringRef::npos) {
      Close = Line.find('}', Open);
      auto It = Env.find(Line.slice(Open + 2, Close).str());
      if (It == Env.end())
        llvm::report_fatal_error("CodeTemplate: no value for " + Line.str());
      Out += Line.take_front(Open).str() + It->second;
      Line = Line.drop_front(Close + 1);
      Open = Line.find("${");
    }
    Out += Line.str() + (HadNewline ? "\n" : "");
  }
  return Out;
}

std::set<std::string> paramNames(const CppSignature &Sig) {
  std::set<std::string> N;
  for (const CppParam &P : Sig.Params)
    N.insert(P.Name);
  return N;
}

void FunctionSpec::stmt(const std::string &Text,
                        const std::set<std::string> &Uses) {
  Body.push_back(Code(Text + ";\n", Uses));
}

std::set<std::string> FunctionSpec::used() const {
  std::set<std::string> U = DeviceGuard.Uses;
  for (const Code &C : Body)
    U.insert(C.Uses.begin(), C.Uses.end());
  return U;
}

static const CodeTemplate Function(R"(${declaration} {
  ${guard}
  ${body}
}
)");

std::string renderFunction(const FunctionSpec &F) {
  std::set<std::string> Used = F.used(), Unnamed;
  for (const CppParam &P : F.Sig.Params)
    if (!Used.count(P.Name))
      Unnamed.insert(P.Name);
  CppSignature Sig = F.Sig;
  if (F.TakesKeys)
    Sig.Params.insert(Sig.Params.begin(),
                      CppParam{"c10::DispatchKeySet", "skgen_keys"});
  std::string Body;
  for (const Code &C : F.Body)
    Body += C.Text;
  return Function.substitute(
      {{"declaration", Sig.declaration(F.Name, Unnamed)},
       {"guard", F.DeviceGuard.empty() ? ""
                                       : F.GuardClass + " skgen_guard(" +
                                             F.DeviceGuard.Text + ");"},
       {"body", Body}});
}

std::string TypedHandles::use(const schema::OperatorName &Op,
                              const CppSignature &Sig, BlockNames &Names,
                              const std::string &Guard) {
  static const CodeTemplate Definition(
      R"(auto &${name}() {
  static auto skgen_op = ::skgen::typed_op<${type}>(${op}, ${overload});
  return skgen_op;
}
)");
  const std::string Name = Names.handle(Op);
  Handle &H = Handles[Name];
  if (H.Definition.empty())
    H.Definition =
        Definition.substitute({{"name", Name},
                               {"type", Sig.functionType()},
                               {"op", cppStringLiteral(Op.qualifiedName())},
                               {"overload", cppStringLiteral(Op.Overload)}});
  H.Guards.insert(Guard);
  return Name + "()";
}

std::string TypedHandles::definitions() const {
  std::string S;
  for (const auto &Named : Handles) {
    const Handle &H = Named.second;
    std::string Condition;
    if (!H.Guards.count(""))
      for (const std::string &G : H.Guards)
        Condition += (Condition.empty() ? "" : " || ") + G;
    S += (Condition.empty()
              ? H.Definition
              : "#if " + Condition + "\n" + H.Definition + "#endif\n");
  }
  static const char *const Title =
      "// Typed handles of the operators called below, each looked up on its "
      "first call\n";
  return S.empty() ? "" : Title + anonymousNamespace(S);
}

std::string keysPastAutograd(const std::string &Keys) {
  return Keys + " & c10::after_ADInplaceOrView_keyset";
}

std::string redispatchPastAutograd(const std::string &Handle,
                                   const std::string &Keys,
                                   const std::string &Args) {
  return Handle + ".redispatch(" + keysPastAutograd(Keys) + ", " + Args + ")";
}

std::string belowAutograd(const std::string &Statement) {
  return "{\n  at::AutoDispatchBelowADInplaceOrView skgen_below;\n  " +
         Statement + ";\n}\n";
}

std::string anonymousNamespace(const std::string &Body) {
  static const CodeTemplate Namespace(
      "namespace {\n\n${body}\n\n} // namespace\n");
  return Namespace.substitute({{"body", Body}});
}

std::string libraryImpl(const std::string &Ns, const std::string &Key,
                        const std::string &Body, const std::string &Macro) {
  static const CodeTemplate Impl(R"(${macro}(${ns}, ${key}, m) {
${body}}
)");
  return Impl.substitute(
      {{"macro", Macro}, {"ns", Ns}, {"key", Key}, {"body", Body}});
}

std::string implLine(const schema::OperatorName &Op, const std::string &Fn) {
  static const CodeTemplate Line("  m.impl(${op}, ${fn});\n");
  return Line.substitute(
      {{"op", cppStringLiteral(opNameWithoutNamespace(Op))}, {"fn", Fn}});
}

} // namespace gen
} // namespace skgen
