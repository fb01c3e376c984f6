#include "Gen/Api.h"
#include "Gen/Generate.h"
#include "Gen/Render.h"
#include "Schema/Parser.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>

using namespace skgen;
using namespace skgen::gen;

namespace {

TEST(Api, Names) {
  schema::OperatorName Op{"myops", "add_", "Scalar"};
  EXPECT_EQ(BlockNames().wrapper("CPU", Op), "wrapper_CPU_add_0_Scalar");
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

// Issue 43: a wrapper's name reads as its operator (the namespace dropped,
// the overload joined with `_`), as torchgen's `wrapper_CPU_add__Tensor`
// but without `__`; the long name only for the later of two operators that
// would share a name in one block.
TEST(Api, WrapperNamesReadAsTheOperator) {
  BlockNames N;
  EXPECT_EQ(N.wrapper("CPU", {"myops", "add", "out"}), "wrapper_CPU_add_out");
  EXPECT_EQ(N.wrapper("CPU", {"myops", "add", ""}), "wrapper_CPU_add");
  EXPECT_EQ(N.wrapper("CPU", {"myops", "add_", ""}), "wrapper_CPU_add_");
  EXPECT_EQ(N.wrapper("Meta", {"myops", "add_", ""}), "wrapper_Meta_add_");
  EXPECT_EQ(N.wrapper("CPU", {"stableops", "lt", "Tensor_out"}),
            "wrapper_CPU_lt_Tensor_out");
  EXPECT_EQ(N.wrapper("CPU", {"stableops", "lt", "Tensor"}),
            "wrapper_CPU_lt_Tensor");
  EXPECT_EQ(N.wrapper("CPU", {"stableops", "lt_", "Tensor"}),
            "wrapper_CPU_lt_0_Tensor");
  EXPECT_EQ(N.wrapper("CPU", {"aten", "__and__", "Tensor"}),
            "wrapper_CPU_0_0_and_0_0_Tensor");
  // The same operator again: the same name.
  EXPECT_EQ(N.wrapper("CPU", {"myops", "add_", ""}), "wrapper_CPU_add_");
  // Collisions in the block: another namespace, `a_b` against `a.b`.
  EXPECT_EQ(N.wrapper("CPU", {"otherops", "add", ""}),
            "wrapper_CPU_otherops_add");
  EXPECT_EQ(N.wrapper("CPU", {"myops", "a_b", ""}), "wrapper_CPU_a_b");
  EXPECT_EQ(N.wrapper("CPU", {"myops", "a", "b"}), "wrapper_CPU_myops_a_b");
  // A short name already taken as a long one: the long name.
  EXPECT_EQ(N.wrapper("CPU", {"x", "myops_a_b", ""}),
            "wrapper_CPU_x_9myops_a_b");
  // Handles: their own names, read the same way.
  EXPECT_EQ(N.handle({"myops", "add", "out"}), "skgen_op_add_out");
  EXPECT_EQ(N.handle({"myops", "lt_", "Tensor"}), "skgen_op_lt_0_Tensor");
  EXPECT_EQ(N.handle({"otherops", "add", "out"}), "skgen_op_otherops_add_out");
  EXPECT_EQ(longName({"wrapper", "CPU"}, {"myops", "add_", ""}),
            "wrapper_CPU_myops_4add_");
  EXPECT_EQ(longName({"wrapper", "CPU"}, {"myops", "mul", "_Scalar"}),
            "wrapper_CPU_myops_mul_7_Scalar");
}

// Issue 20: no reserved identifier (`__` anywhere, `_` + capital first) and
// no two (key, operator) pairs with one name in a block, whatever the
// underscores and in whatever order they are named.
TEST(Api, WrapperNamesAreDistinctAndNotReserved) {
  const char *const Keys[] = {"CPU", "CUDA", "Meta", "A_B"};
  const char *const Namespaces[] = {"myops", "my_ops", "my", "ops", "_", "a0"};
  const char *const Names[] = {"add",        "add_",       "_add", "add__",
                               "__add__",    "ops_add",    "mul",  "mul_",
                               "mul_Scalar", "a_0",        "a__0", "a_00",
                               "a0_",        "my_ops_add", "_"};
  const char *const Overloads[] = {"",    "Scalar",     "_Scalar", "Scalar_",
                                   "out", "Scalar_out", "_",       "__",
                                   "0",   "_0",         "add",     "ops_add"};
  std::vector<std::pair<std::string, schema::OperatorName>> All;
  for (const char *K : Keys)
    for (const char *Ns : Namespaces)
      for (const char *N : Names)
        for (const char *O : Overloads)
          All.push_back({K, schema::OperatorName{Ns, N, O}});
  for (bool Reversed : {false, true}) {
    if (Reversed)
      std::reverse(All.begin(), All.end());
    BlockNames Block;
    std::map<std::string, std::string> Seen; // name -> what it names
    for (const auto &[K, Op] : All)
      for (bool Handle : {false, true}) {
        std::string Name = Handle ? Block.handle(Op) : Block.wrapper(K, Op);
        std::string What = (Handle ? "handle " : K + " ") + Op.str();
        EXPECT_EQ(Name.find("__"), std::string::npos) << Name;
        EXPECT_EQ(
            Name.compare(0, Handle ? 9 : 8, Handle ? "skgen_op_" : "wrapper_"),
            0)
            << Name;
        auto [It, New] = Seen.emplace(Name, What);
        EXPECT_TRUE(New || It->second == What)
            << Name << " names both " << It->second << " and " << What;
        EXPECT_EQ(Handle ? Block.handle(Op) : Block.wrapper(K, Op), Name);
      }
  }
}

// Issue 43: one definition per operator, whoever calls it; defined under
// the condition its callers are compiled under (AOTI shims: SKGEN_AOTI), and
// unconditionally once any caller is, so that no handle is unused.
TEST(Render, TypedHandlesAreDefinedOncePerOperator) {
  CppSignature Sig;
  Sig.ReturnType = "at::Tensor";
  Sig.Params.push_back({"const at::Tensor &", "self"});
  BlockNames Names;
  TypedHandles H;
  EXPECT_EQ(H.definitions(), "");
  EXPECT_EQ(H.use({"ops", "exp", ""}, Sig, Names, "SKGEN_AOTI"),
            "skgen_op_exp()");
  EXPECT_EQ(H.use({"ops", "neg", ""}, Sig, Names, "SKGEN_AOTI"),
            "skgen_op_neg()");
  EXPECT_EQ(H.use({"ops", "exp", ""}, Sig, Names), "skgen_op_exp()");
  EXPECT_EQ(H.use({"other", "exp", ""}, Sig, Names), "skgen_op_other_exp()");
  EXPECT_EQ(H.definitions(),
            "// Typed handles of the operators called below, each looked up on "
            "its first call\n"
            "namespace {\n\n"
            "auto &skgen_op_exp() {\n"
            "  static auto skgen_op = ::skgen::typed_op<at::Tensor(const "
            "at::Tensor &)>(\"ops::exp\", \"\");\n"
            "  return skgen_op;\n"
            "}\n"
            "#if SKGEN_AOTI\n"
            "auto &skgen_op_neg() {\n"
            "  static auto skgen_op = ::skgen::typed_op<at::Tensor(const "
            "at::Tensor &)>(\"ops::neg\", \"\");\n"
            "  return skgen_op;\n"
            "}\n"
            "#endif\n"
            "auto &skgen_op_other_exp() {\n"
            "  static auto skgen_op = ::skgen::typed_op<at::Tensor(const "
            "at::Tensor &)>(\"other::exp\", \"\");\n"
            "  return skgen_op;\n"
            "}\n\n"
            "} // namespace\n");
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
  EXPECT_NE(Blocks[0].Body.find("wrapper_CPU_b_("), std::string::npos);
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

static size_t count(const std::string &Text, const std::string &What) {
  size_t N = 0;
  for (size_t At = Text.find(What); At != std::string::npos;
       At = Text.find(What, At + 1))
    ++N;
  return N;
}

// Issue 43: each operator's typed handle is defined once per block, before
// the wrappers, and called by each wrapper that calls the operator; two
// operators whose short names would be the same in one block get distinct
// names.
TEST(Generate, OneTypedHandlePerOperatorPerBlock) {
  auto G = graphOf(
      {structured("myops::a.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)",
                  "/p/a.cpp", 5, "CPU"),
       structured(
           "otherops::a.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)",
           "/p/a.cpp", 30, "CPU")});
  ASSERT_FALSE(G.hasErrors());
  auto Blocks = generate(G, {});
  ASSERT_EQ(Blocks.size(), 1u);
  const std::string &B = Blocks[0].Body;
  EXPECT_EQ(count(B, "typed_op<"), count(B, "auto &skgen_op_")) << B;
  EXPECT_EQ(count(B, "(\"myops::a\", \"out\")"), 1u) << B;
  EXPECT_EQ(count(B, "auto &skgen_op_a_out() {"), 1u) << B;
  EXPECT_EQ(count(B, "auto &skgen_op_otherops_a_out() {"), 1u) << B;
  // The functional and in-place alias-key wrappers call it; the definition
  // comes first.
  EXPECT_EQ(count(B, "skgen_op_a_out().redispatch("), 2u) << B;
  EXPECT_LT(B.find("auto &skgen_op_a_out()"), B.find("wrapper_"));
  EXPECT_EQ(count(B, "static auto skgen_op ="), count(B, "auto &skgen_op_"));
  for (std::string Name :
       {"wrapper_CPU_a", "wrapper_CPU_a_", "wrapper_CPU_otherops_a",
        "wrapper_CPU_otherops_2a_", "wrapper_Autograd_a_",
        "wrapper_Autograd_otherops_2a_"}) {
    EXPECT_EQ(count(B, Name + "("), 1u) << Name << "\n" << B;
    EXPECT_EQ(count(B, "&" + Name + ");"), 1u) << Name << "\n" << B;
  }
}

TEST(Generate, EmptyGraphNoBlocks) {
  EXPECT_TRUE(generate(graph::OpGraph(), {}).empty());
}

} // namespace
