#include "Schema/CppTypes.h"
#include "Schema/Parser.h"

#include <gtest/gtest.h>

using namespace skgen::schema;

namespace {

TEST(CppTypes, DispatcherConvention) {
  FunctionSchema S;
  ParseError E;
  ASSERT_TRUE(parseFunctionSchema(
      "a::f.out(Tensor self, Tensor? w, Scalar s, Scalar? so, int i, float f, "
      "bool b, str st, int[] l, SymInt[] sl, Tensor[] tl, ScalarType? dt, "
      "int? oi, *, Tensor(a!) out) -> Tensor(a!)",
      S, E));
  std::string Why;
  auto Ps = parameterCppTypes(S, Why);
  ASSERT_TRUE(Ps) << Why;
  std::vector<std::string> Sp;
  for (auto &P : *Ps)
    Sp.push_back(P.Spelling);
  EXPECT_EQ(Sp, (std::vector<std::string>{
                    "const at::Tensor &", "const c10::optional<at::Tensor> &",
                    "const at::Scalar &", "const c10::optional<at::Scalar> &",
                    "int64_t", "double", "bool", "c10::string_view",
                    "at::IntArrayRef", "at::IntArrayRef", "at::TensorList",
                    "c10::optional<at::ScalarType>", "c10::optional<int64_t>",
                    "at::Tensor &"}));
  EXPECT_EQ((*Ps)[8].Canonical, "c10::ArrayRef<long>");
  auto R = returnCppType(S, Why);
  ASSERT_TRUE(R);
  EXPECT_EQ(R->Spelling, "at::Tensor &");
  EXPECT_TRUE(R->IsReference);
}

TEST(CppTypes, TupleReturnAndUnsupported) {
  FunctionSchema S;
  ParseError E;
  ASSERT_TRUE(parseFunctionSchema(
      "a::f.out(Tensor self, *, Tensor(a!) v, Tensor(b!) i) -> (Tensor(a!) v, "
      "Tensor(b!) i)",
      S, E));
  std::string Why;
  EXPECT_EQ(returnCppType(S, Why)->Spelling,
            "::std::tuple<at::Tensor &, at::Tensor &>");
  ASSERT_TRUE(parseFunctionSchema("a::g(Dict(str, Tensor) d) -> Tensor", S, E));
  EXPECT_FALSE(parameterCppTypes(S, Why));
  EXPECT_NE(Why.find("Dict(str, Tensor)"), std::string::npos);
}

// The stable ABI's types, with the canonical forms Clang prints for PyTorch
// 2.13's headers (checked with the real headers: test/E2E/stable-*.test).
TEST(CppTypes, StableAbi) {
  FunctionSchema S;
  ParseError E;
  ASSERT_TRUE(parseFunctionSchema(
      "a::f.out(Tensor self, Tensor? w, int i, float f, bool b, str st, "
      "int[] l, int[]? ol, float[] fl, Tensor[] tl, ScalarType? dt, Device d, "
      "*, Tensor(a!) out) -> Tensor(a!)",
      S, E));
  std::string Why;
  auto Ps = parameterCppTypes(S, Why, skgen::Abi::Stable);
  ASSERT_TRUE(Ps) << Why;
  std::vector<std::string> Sp, Ca;
  for (auto &P : *Ps) {
    Sp.push_back(P.Spelling);
    Ca.push_back(P.Canonical);
  }
  EXPECT_EQ(Sp, (std::vector<std::string>{
                    "const torch::stable::Tensor &",
                    "const std::optional<torch::stable::Tensor> &", "int64_t",
                    "double", "bool", "std::string_view",
                    "torch::headeronly::IntHeaderOnlyArrayRef",
                    "std::optional<torch::headeronly::IntHeaderOnlyArrayRef>",
                    "torch::headeronly::HeaderOnlyArrayRef<double>",
                    "const std::vector<torch::stable::Tensor> &",
                    "std::optional<torch::headeronly::ScalarType>",
                    "torch::stable::Device", "torch::stable::Tensor &"}));
  EXPECT_EQ(Ca[6], "c10::HeaderOnlyArrayRef<long>");
  EXPECT_EQ(Ca[5], "std::basic_string_view<char, std::char_traits<char>>");
  EXPECT_EQ(Ca[9], "std::vector<torch::stable::Tensor, "
                   "std::allocator<torch::stable::Tensor>>");
  EXPECT_EQ(Ca[10], "std::optional<c10::ScalarType>");
  auto R = returnCppType(S, Why, skgen::Abi::Stable);
  ASSERT_TRUE(R);
  EXPECT_EQ(R->Spelling, "torch::stable::Tensor &");

  // What the stable ABI cannot box, with the reason.
  for (const char *Arg : {"Scalar s", "SymInt n", "SymInt[] n", "Scalar? s",
                          "Generator? g", "Tensor?[] ts", "Dimname d"}) {
    ASSERT_TRUE(parseFunctionSchema(std::string("a::g(Tensor self, ") + Arg +
                                        ") -> Tensor",
                                    S, E))
        << Arg;
    EXPECT_FALSE(parameterCppTypes(S, Why, skgen::Abi::Stable)) << Arg;
    EXPECT_NE(Why.find("no stable-ABI form"), std::string::npos) << Why;
    EXPECT_TRUE(parameterCppTypes(S, Why)) << Arg; // libtorch has them
  }
}

TEST(CppTypes, SymbolicForms) {
  FunctionSchema S;
  ParseError E;
  ASSERT_TRUE(parseFunctionSchema(
      "a::f.out(SymInt n, SymInt[] l, int i, int[] il, SymInt? o, *, "
      "Tensor(a!) out) -> Tensor(a!)",
      S, E));
  std::string Why;
  auto Ps = parameterCppTypes(S, Why);
  ASSERT_TRUE(Ps) << Why;
  // Kernels: int64_t / at::IntArrayRef, or the symbolic types.
  EXPECT_EQ((*Ps)[0].Spelling, "int64_t");
  EXPECT_EQ((*Ps)[0].AlsoAccepted, std::vector<std::string>{"c10::SymInt"});
  EXPECT_EQ((*Ps)[1].AlsoAccepted,
            std::vector<std::string>{"c10::ArrayRef<c10::SymInt>"});
  EXPECT_TRUE((*Ps)[2].AlsoAccepted.empty());
  // Generated code: skgen::SymInt / skgen::SymIntArrayRef for SymInt and
  // SymInt[] only.
  EXPECT_EQ((*Ps)[0].Symbolic, "::skgen::SymInt");
  EXPECT_EQ((*Ps)[1].Symbolic, "::skgen::SymIntArrayRef");
  EXPECT_EQ((*Ps)[2].Symbolic, "");
  EXPECT_EQ((*Ps)[3].Symbolic, "");
  EXPECT_EQ((*Ps)[4].Symbolic, "");
  EXPECT_TRUE(isSymbolic(S.Arguments[0].Ty));
  EXPECT_TRUE(isSymbolic(S.Arguments[1].Ty));
  EXPECT_FALSE(isSymbolic(S.Arguments[4].Ty));
  // Meta functions: what skgen::SymInt is in their translation unit.
  EXPECT_EQ((*Ps)[0].symbolicCanonicals("c10::SymInt"),
            std::vector<std::string>{"c10::SymInt"});
  EXPECT_EQ((*Ps)[0].symbolicCanonicals("long"),
            (std::vector<std::string>{"long", "c10::SymInt"}));
  EXPECT_EQ((*Ps)[1].symbolicCanonicals("c10::SymInt"),
            std::vector<std::string>{"c10::ArrayRef<c10::SymInt>"});
  EXPECT_EQ((*Ps)[1].symbolicCanonicals("long"),
            std::vector<std::string>{"c10::ArrayRef<long>"});
  EXPECT_EQ((*Ps)[2].symbolicCanonicals("c10::SymInt"),
            std::vector<std::string>{"long"});
}

} // namespace
