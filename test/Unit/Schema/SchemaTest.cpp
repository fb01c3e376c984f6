#include "Schema/Parser.h"

#include <gtest/gtest.h>

using namespace skgen::schema;

namespace {

std::string roundTrip(const std::string &In) {
  FunctionSchema S;
  ParseError E;
  if (!parseFunctionSchema(In, S, E))
    return "error@" + std::to_string(E.Offset) + ": " + E.Message;
  return S.str();
}

size_t errorOffset(const std::string &In) {
  FunctionSchema S;
  ParseError E;
  EXPECT_FALSE(parseFunctionSchema(In, S, E)) << In;
  return E.Offset;
}

TEST(SchemaParser, ModelOfAnOutSchema) {
  FunctionSchema S;
  ParseError E;
  ASSERT_TRUE(parseFunctionSchema(
      "myops::add.out(Tensor self, Tensor other, *, Scalar alpha=1, "
      "Tensor(a!) out) -> Tensor(a!)",
      S, E));
  EXPECT_EQ(S.Op.Namespace, "myops");
  EXPECT_EQ(S.Op.Name, "add");
  EXPECT_EQ(S.Op.Overload, "out");
  ASSERT_EQ(S.Arguments.size(), 4u);
  EXPECT_FALSE(S.Arguments[1].KwargOnly);
  EXPECT_TRUE(S.Arguments[2].KwargOnly);
  EXPECT_EQ(S.Arguments[2].Default->Text, "1");
  ASSERT_EQ(S.outArguments().size(), 1u);
  EXPECT_EQ(S.outArguments()[0]->Name, "out");
  EXPECT_TRUE(S.Arguments[3].Ty.Alias->IsWrite);
  ASSERT_EQ(S.Returns.size(), 1u);
  EXPECT_EQ(S.Returns[0].Ty.str(), "Tensor(a!)");
}

TEST(SchemaParser, CanonicalPrinting) {
  // Expected strings are what PyTorch 1.13 prints for the same input.
  EXPECT_EQ(roundTrip("a::g.out(Tensor  self ,Tensor(a!) out)->Tensor(a!)"),
            "a::g.out(Tensor self, Tensor(a!) out) -> Tensor(a!)");
  EXPECT_EQ(roundTrip("a::f(float x=1.0, float y=1e-05, float z=0.5, float "
                      "w=-2.5e10, float q=100.0) -> Tensor"),
            "a::f(float x=1., float y=1.0000000000000001e-05, float z=0.5, "
            "float w=-25000000000., float q=100.) -> Tensor");
  EXPECT_EQ(roundTrip("a::f(int[] b=[0,1], int[2] d=1, str e='mean', Scalar "
                      "h2=1.5, MemoryFormat m=contiguous_format, float[] "
                      "fl=[1.0, 2.5]) -> Tensor"),
            "a::f(int[] b=[0, 1], int[2] d=1, str e=\"mean\", Scalar h2=1.5, "
            "MemoryFormat m=0, float[] fl=[1., 2.5]) -> Tensor");
  EXPECT_EQ(roundTrip("a::f(complex cc=1j)->Tensor"),
            "a::f(complex cc=0.+1.j) -> Tensor");
  EXPECT_EQ(roundTrip("a::m5(Tensor x) -> (Tensor)"),
            "a::m5(Tensor x) -> Tensor");
  EXPECT_EQ(roundTrip("a::k(str s='a\\'b') -> Tensor"),
            "a::k(str s=\"a\\'b\") -> Tensor");
  EXPECT_EQ(roundTrip("a::x(Tensor self, *, *, Tensor b) -> Tensor"),
            "a::x(Tensor self, *, Tensor b) -> Tensor");
  EXPECT_EQ(roundTrip("a::x(Tensor?(a!) x) -> ()"),
            "a::x(Tensor(a!)? x) -> ()");
  EXPECT_EQ(roundTrip("aten::items.str(Dict(str, t) self) -> ((str, t)[])"),
            "aten::items.str(Dict(str, t) self) -> ((str, t)[])");
  EXPECT_EQ(roundTrip("prim::ChunkSizes(...) -> ..."),
            "prim::ChunkSizes(...) -> ...");
  EXPECT_EQ(roundTrip("a::z(float b=3)->int"), "a::z(float b=3.) -> int");
}

TEST(SchemaParser, ErrorsArePositioned) {
  EXPECT_EQ(errorOffset(""), 0u);
  EXPECT_EQ(errorOffset("a::x(Tensor self, Tensor b"), 26u);      // unbalanced
  EXPECT_EQ(errorOffset("a::x(Tensor(a?) self) -> Tensor"), 13u); // alias
  EXPECT_EQ(errorOffset("a::x(Tensor self=) -> Tensor"), 17u);    // default
  EXPECT_EQ(errorOffset("a::x(=1) -> Tensor"), 5u);               // no type
  EXPECT_EQ(errorOffset("a::x(Tensor self) -> Tensor a b"), 30u); // trailing
  EXPECT_EQ(errorOffset("a::x(Foo self) -> Tensor"), 5u);     // unknown type
  EXPECT_EQ(errorOffset("a::x(str s=\"abc) -> Tensor"), 11u); // unterminated
  EXPECT_EQ(errorOffset("a::x.(Tensor self) -> Tensor"), 5u);
  EXPECT_EQ(errorOffset("a::x(int a=1.5) -> Tensor"), 11u);
}

TEST(SchemaParser, OperatorName) {
  OperatorName N;
  ParseError E;
  ASSERT_TRUE(parseOperatorName("myops::add.out", N, E));
  EXPECT_EQ(N.str(), "myops::add.out");
  EXPECT_EQ(N.qualifiedName(), "myops::add");
  EXPECT_FALSE(parseOperatorName("add.out", N, E));
  EXPECT_EQ(E.Offset, 0u);
  EXPECT_FALSE(parseOperatorName("myops::add.out(", N, E));
  EXPECT_EQ(E.Offset, 14u);
}

} // namespace
