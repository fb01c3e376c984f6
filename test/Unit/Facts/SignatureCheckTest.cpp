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
  K.Return = P("", "void", false, false);
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
