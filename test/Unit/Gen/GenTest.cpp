#include "Gen/Api.h"
#include "Gen/Generate.h"
#include "Gen/Render.h"
#include "Schema/Parser.h"

#include <gtest/gtest.h>

#include <map>

using namespace skgen;
using namespace skgen::gen;

namespace {

TEST(Api, Names) {
  schema::OperatorName Op{"myops", "add_", "Scalar"};
  EXPECT_EQ(wrapperName("CPU", Op), "wrapper_CPU_myops_4add_Scalar");
  EXPECT_EQ(opNameWithoutNamespace(Op), "add_.Scalar");
  EXPECT_EQ(cppArgName("default"), "default_");
  EXPECT_EQ(cppArgName("self"), "self");
  EXPECT_EQ(globalCppName("a::b"), "::a::b");
  EXPECT_EQ(globalCppName("::a::b"), "::a::b");
  EXPECT_EQ(cppStringLiteral("a \"b\" \\ \n"), "\"a \\\"b\\\" \\\\ \\n\"");
  // Issue 14: no trigraph (`??/` is a backslash under -std=c++14).
  // (`?\?` in this file's literals: no trigraph here either.)
  EXPECT_EQ(cppStringLiteral("a?\?/b"), "\"a?\\?/b\"");
  EXPECT_EQ(cppStringLiteral("??\?="), "\"?\\?\\?=\"");
  EXPECT_EQ(cppStringLiteral("?a?"), "\"?a?\"");
}

// Issue 20: no reserved identifier (`__` anywhere, `_` + capital first) and
// no two (key, operator) pairs with one name, whatever the underscores.
TEST(Api, WrapperNamesAreDistinctAndNotReserved) {
  EXPECT_EQ(wrapperName("CPU", {"myops", "add", "out"}),
            "wrapper_CPU_myops_add_out");
  EXPECT_EQ(wrapperName("CPU", {"myops", "add_", ""}),
            "wrapper_CPU_myops_4add_");
  EXPECT_EQ(wrapperName("CPU", {"myops", "mul_", "Scalar"}),
            "wrapper_CPU_myops_4mul_Scalar");
  EXPECT_EQ(wrapperName("CPU", {"myops", "mul", "_Scalar"}),
            "wrapper_CPU_myops_mul_7_Scalar");
  EXPECT_EQ(wrapperName("CPU", {"aten", "__and__", "Tensor"}),
            "wrapper_CPU_aten_7_0_and_0_Tensor");
  const char *const Keys[] = {"CPU", "CUDA", "Meta", "A_B"};
  const char *const Namespaces[] = {"myops", "my_ops", "my", "ops", "_", "a0"};
  const char *const Names[] = {"add",        "add_",       "_add", "add__",
                               "__add__",    "ops_add",    "mul",  "mul_",
                               "mul_Scalar", "a_0",        "a__0", "a_00",
                               "a0_",        "my_ops_add", "_"};
  const char *const Overloads[] = {"",    "Scalar",     "_Scalar", "Scalar_",
                                   "out", "Scalar_out", "_",       "__",
                                   "0",   "_0",         "add",     "ops_add"};
  std::map<std::string, std::string> Seen; // name -> what it names
  for (const char *K : Keys)
    for (const char *Ns : Namespaces)
      for (const char *N : Names)
        for (const char *O : Overloads) {
          schema::OperatorName Op{Ns, N, O};
          std::string Name = wrapperName(K, Op);
          std::string What = std::string(K) + " " + Op.str();
          EXPECT_EQ(Name.find("__"), std::string::npos) << Name;
          EXPECT_EQ(Name.compare(0, 8, "wrapper_"), 0) << Name;
          auto [It, New] = Seen.emplace(Name, What);
          EXPECT_TRUE(New) << Name << " names both " << It->second << " and "
                           << What;
        }
}

TEST(Render, CodeTemplateIndentsBlocksAndDropsEmptyOnes) {
  CodeTemplate T("f(${arg}) {\n  ${body}\n  ${none}\n}\n");
  EXPECT_EQ(T.substitute({{"arg", "int x"},
                          {"body", "if (x)\n  g();\n\nh();\n"},
                          {"none", ""}}),
            "f(int x) {\n  if (x)\n    g();\n\n  h();\n}\n");
}

// The parameters a wrapper declares without a name are those no part of its
// spec names; the keys come first when the dispatcher passes them.
TEST(Render, UnusedParametersComeFromTheSpec) {
  FunctionSpec F;
  F.Name = "w";
  F.Sig.ReturnType = "at::Tensor &";
  F.Sig.Params = {{"at::Tensor &", "a"}, {"int64_t", "b"}, {"bool", "c"}};
  F.TakesKeys = true;
  F.DeviceGuard = Code("at::device_of(a)", {"a"});
  F.stmt("use(c)", {"c"});
  F.stmt("return a", {"a"});
  EXPECT_EQ(renderFunction(F),
            "at::Tensor &w(c10::DispatchKeySet skgen_keys, at::Tensor &a, "
            "int64_t, bool c) {\n"
            "  c10::OptionalDeviceGuard skgen_guard(at::device_of(a));\n"
            "  use(c);\n"
            "  return a;\n"
            "}\n");
}

TEST(Api, DeviceGuardKeys) {
  EXPECT_FALSE(keyNeedsDeviceGuard("CPU"));
  EXPECT_FALSE(keyNeedsDeviceGuard("Meta"));
  EXPECT_TRUE(keyNeedsDeviceGuard("CUDA"));
  EXPECT_TRUE(keyNeedsDeviceGuard("PrivateUse1"));
  EXPECT_TRUE(keyNeedsDeviceGuard("XPU"));
}

TEST(Api, SignatureAndDeviceArgument) {
  schema::FunctionSchema S;
  schema::ParseError E;
  ASSERT_TRUE(
      schema::parseFunctionSchema("myops::f.out(Tensor? w, Tensor[] xs, int "
                                  "default, *, Tensor(a!) out) -> Tensor(a!)",
                                  S, E));
  S.Arguments.pop_back(); // as a functional: no tensor for options
  S.Returns.front().Ty.Alias.reset();
  std::string Why;
  auto Sig = cppSignature(S, Why);
  ASSERT_TRUE(Sig) << Why;
  EXPECT_EQ(Sig->declaration("g"),
            "at::Tensor g(const c10::optional<at::Tensor> &w, at::TensorList "
            "xs, int64_t default_)");
  EXPECT_EQ(
      Sig->functionType(),
      "at::Tensor(const c10::optional<at::Tensor> &, at::TensorList, int64_t)");
  EXPECT_EQ(optionsArgument(*Sig), nullptr);
  ASSERT_NE(deviceArgument(*Sig), nullptr);
  EXPECT_EQ(deviceArgument(*Sig)->Name, "w");
}

graph::OpGraph graphOf(std::vector<KernelFact> Ks) {
  TUFacts T;
  T.MainFile = "/p/a.cpp";
  T.Kernels = std::move(Ks);
  return graph::link({T}, {});
}

KernelFact structured(std::string Schema, std::string File, unsigned Line,
                      std::string Key) {
  KernelFact F;
  F.SchemaText = std::move(Schema);
  F.SchemaLoc = {File, Line, 18};
  F.AnnotationLoc = {File, Line, 1};
  F.Loc = {File, Line + 1, 13};
  F.Keys = {std::move(Key)};
  F.CppName = "myops::k" + std::to_string(Line);
  F.InsertAfterLine = Line + 2;
  F.InsertAfterOffset = Line * 50;
  return F;
}

TEST(Generate, OneBlockPerFileAtTheLastDeclaration) {
  auto G = graphOf(
      {structured("myops::a.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)",
                  "/p/a.cpp", 5, "CPU"),
       structured("myops::b.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)",
                  "/p/a.cpp", 30, "CPU"),
       structured("myops::c.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)",
                  "/p/b.cpp", 9, "CUDA")});
  ASSERT_FALSE(G.hasErrors());
  auto Blocks = generate(G, {});
  ASSERT_EQ(Blocks.size(), 2u);
  EXPECT_EQ(Blocks[0].File, "/p/a.cpp");
  EXPECT_EQ(Blocks[0].InsertAfterLine, 32u);
  EXPECT_EQ(Blocks[0].InsertAfterOffset, 1500u);
  EXPECT_EQ(Blocks[1].File, "/p/b.cpp");
  EXPECT_NE(Blocks[0].Body.find("wrapper_CPU_myops_2b_"), std::string::npos);
  EXPECT_EQ(Blocks[0].Body.find("CUDA"), std::string::npos);
  // Deterministic.
  auto Again = generate(G, {});
  EXPECT_EQ(Blocks[0].Body, Again[0].Body);
  EXPECT_EQ(Blocks[1].Body, Again[1].Body);
  GenOptions Standalone;
  Standalone.StandaloneFile = "/p/gen.cpp";
  auto One = generate(G, Standalone);
  ASSERT_EQ(One.size(), 1u);
  EXPECT_EQ(One[0].File, "/p/gen.cpp");
  EXPECT_NE(One[0].Body.find("namespace myops {\nat::Tensor &k9(const "
                             "at::Tensor &self, at::Tensor &out);\n}"),
            std::string::npos);
}

TEST(Generate, EmptyGraphNoBlocks) {
  EXPECT_TRUE(generate(graph::OpGraph(), {}).empty());
}

} // namespace
