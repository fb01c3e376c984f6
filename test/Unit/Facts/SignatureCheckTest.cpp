#include "Facts/SignatureCheck.h"
#include "Schema/Parser.h"

#include <gtest/gtest.h>

using namespace skgen;

static CppParamFact P(std::string Name, std::string Canon, bool Const,
                      bool Ref) {
  CppParamFact F;
  F.Name = Name;
  F.Canonical = Canon;
  F.Spelling = Canon;
  F.IsConst = Const;
  F.IsReference = Ref;
  return F;
}

static schema::FunctionSchema parse(const char *S) {
  schema::FunctionSchema F;
  schema::ParseError E;
  EXPECT_TRUE(schema::parseFunctionSchema(S, F, E)) << E.Message;
  return F;
}

TEST(SignatureCheck, MatchesFacts) {
  KernelFact K;
  K.CppName = "ns::f";
  K.Params = {P("self", "at::Tensor", true, true),
              P("n", "long", true, false), // top-level const is fine
              P("out", "at::Tensor", false, true)};
  K.Return = P("", "at::Tensor", false, true);
  std::vector<Diagnostic> D;
  EXPECT_TRUE(checkSignature(
      K,
      parse("ns::f.out(Tensor self, int n, *, Tensor(a!) out) -> Tensor(a!)"),
      SourceLoc(), D));
  EXPECT_TRUE(D.empty());
}

TEST(SignatureCheck, ReportsEachMismatch) {
  KernelFact K;
  K.CppName = "ns::f";
  K.Params = {P("self", "at::Tensor", false, true), P("n", "int", false, false),
              P("out", "at::Tensor", false, true)};
  K.Return = P("", "long", false, false);
  std::vector<Diagnostic> D;
  SourceLoc L{"/x.cpp", 1, 2};
  EXPECT_FALSE(checkSignature(
      K,
      parse("ns::f.out(Tensor self, int n, *, Tensor(a!) out) -> Tensor(a!)"),
      L, D));
  ASSERT_EQ(D.size(), 3u);
  EXPECT_EQ(D[0].Message,
            "parameter 'self' of 'ns::f' has type 'at::Tensor'; schema "
            "argument 'Tensor self' is passed as 'const at::Tensor &'");
  ASSERT_EQ(D[0].Notes.size(), 1u);
  EXPECT_EQ(D[0].Notes[0].Loc, L);
  EXPECT_NE(D[2].Message.find("return type of 'ns::f'"), std::string::npos);
}

// A stable-ABI kernel may return its out tensors by value (TORCH_BOX cannot
// box a reference, so hand-written stable kernels do); libtorch's may not.
TEST(SignatureCheck, StableOutKernelMayReturnByValue) {
  const char *Stable = "torch::stable::Tensor";
  auto Check = [&](const char *Schema, CppParamFact Return,
                   std::vector<CppParamFact> Params) {
    KernelFact K;
    K.CppName = "ns::f";
    K.Params = std::move(Params);
    K.Return = std::move(Return);
    std::vector<Diagnostic> D;
    return checkSignature(K, parse(Schema), SourceLoc(), D);
  };
  const char *One = "ns::f.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)";
  std::vector<CppParamFact> OneParams = {P("self", Stable, true, true),
                                         P("out", Stable, false, true)};
  EXPECT_TRUE(Check(One, P("", Stable, false, true), OneParams));
  EXPECT_TRUE(Check(One, P("", Stable, false, false), OneParams));
  EXPECT_FALSE(Check(One, P("", Stable, true, true), OneParams));
  const char *Two = "ns::f.out(Tensor self, *, Tensor(a!) a, Tensor(b!) b) "
                    "-> (Tensor(a!), Tensor(b!))";
  std::vector<CppParamFact> TwoParams = {P("self", Stable, true, true),
                                         P("a", Stable, false, true),
                                         P("b", Stable, false, true)};
  EXPECT_TRUE(Check(Two,
                    P("",
                      "std::tuple<torch::stable::Tensor, "
                      "torch::stable::Tensor>",
                      false, false),
                    TwoParams));
  EXPECT_TRUE(Check(Two,
                    P("",
                      "std::tuple<torch::stable::Tensor &, "
                      "torch::stable::Tensor &>",
                      false, false),
                    TwoParams));
  // libtorch: a reference, as the dispatcher's out= convention has it.
  EXPECT_FALSE(Check(One, P("", "at::Tensor", false, false),
                     {P("self", "at::Tensor", true, true),
                      P("out", "at::Tensor", false, true)}));
}

// An out kernel may return void (the legacy out convention); a functional
// kernel may not, nor a stable-ABI out kernel (registered boxed, as it is).
TEST(SignatureCheck, OutKernelMayReturnVoid) {
  auto Check = [&](const char *Schema, const char *Tensor, bool Out) {
    KernelFact K;
    K.CppName = "ns::f";
    K.Params = {P("self", Tensor, true, true)};
    if (Out)
      K.Params.push_back(P("out", Tensor, false, true));
    K.Return = P("", "void", false, false);
    std::vector<Diagnostic> D;
    return checkSignature(K, parse(Schema), SourceLoc(), D);
  };
  EXPECT_TRUE(Check("ns::f.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)",
                    "at::Tensor", true));
  EXPECT_FALSE(Check("ns::f(Tensor self) -> Tensor", "at::Tensor", false));
  EXPECT_FALSE(Check("ns::f.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)",
                     "torch::stable::Tensor", true));
}
