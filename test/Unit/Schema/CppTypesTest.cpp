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

} // namespace
