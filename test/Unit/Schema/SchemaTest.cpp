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
  // PyTorch prints `0.+1.j`, which no parser reads back.
  EXPECT_EQ(roundTrip("a::f(complex cc=1j)->Tensor"),
            "a::f(complex cc=1.j) -> Tensor");
  EXPECT_EQ(roundTrip("a::m5(Tensor x) -> (Tensor)"),
            "a::m5(Tensor x) -> Tensor");
  EXPECT_EQ(roundTrip("a::k(str s='a\\'b') -> Tensor"),
            "a::k(str s=\"a\\'b\") -> Tensor");
  EXPECT_EQ(roundTrip("a::x(Tensor self, *, *, Tensor b) -> Tensor"),
            "a::x(Tensor self, *, Tensor b) -> Tensor");
  EXPECT_EQ(roundTrip("a::x(Tensor(a!)? x) -> ()"),
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

// Issue 14: deep nesting is a positioned error, not a stack overflow.
TEST(SchemaParser, NestingLimit) {
  auto Parens = [](unsigned N) {
    return "a::b(" + std::string(N, '(') + "Tensor" + std::string(N, ')') +
           " x) -> Tensor";
  };
  EXPECT_EQ(roundTrip(Parens(MaxTypeNesting - 1)).find("error"),
            std::string::npos);
  // The first '(' past the limit.
  EXPECT_EQ(errorOffset(Parens(MaxTypeNesting)), 5u + MaxTypeNesting);
  EXPECT_EQ(errorOffset(Parens(8000)), 5u + MaxTypeNesting);
  std::string Lists = "a::b(Tensor";
  for (unsigned I = 0; I < 100000; ++I)
    Lists += "[]";
  EXPECT_EQ(errorOffset(Lists + " x) -> Tensor"),
            11u + 2 * (MaxTypeNesting - 1));
  std::string Dicts = "a::b(";
  for (unsigned I = 0; I < 5000; ++I)
    Dicts += "Dict(str, ";
  EXPECT_NE(roundTrip(Dicts + "int" + std::string(5000, ')') + " x) -> ()")
                .find("nested more than 256 levels"),
            std::string::npos);
}

// Issue 14: printing is a fixed point, and only what PyTorch reads (with the
// same meaning) is accepted.
TEST(SchemaParser, PrintingIsAFixedPoint) {
  for (const char *In : {
           "a::f(Scalar a=2j, complex b=-2.5j, complex c=1e-05j, Scalar "
           "d=0j) -> Tensor",
           "a::f(complex[] a=[1j, -2.5j], complex[2] b=1j) -> Tensor",
           "a::f(str a='\\015\\001\\n\\t\\'\"?\?/', str b=\"\\303\\251\") -> "
           "Tensor",
           "a::f(t(*)? a, Tensor(a!)[](b)? c, int[2](a)? d) -> int[2]",
           "a::f(float? a=1, float? b=1.5, Scalar? c=2, int[2]? d=1) -> ()",
       }) {
    std::string Once = roundTrip(In);
    ASSERT_EQ(Once.find("error@"), std::string::npos) << In << ": " << Once;
    EXPECT_EQ(roundTrip(Once), Once) << In;
  }
  EXPECT_EQ(roundTrip("a::f(Scalar a=2j, complex b=-2.5j) -> Tensor"),
            "a::f(Scalar a=2.j, complex b=-2.5j) -> Tensor");
  // A carriage return prints as the octal escape (PyTorch reads no \r).
  EXPECT_EQ(quoteString("a\rb"), "\"a\\015b\"");
  // Issue 14 (schema fuzzer): an enum default reads as the integer it
  // prints as (as in PyTorch), so the print parses to the same model.
  for (const char *In : {"a::f(ScalarType f=long, ScalarType g=float, Layout "
                         "l=strided, MemoryFormat m=contiguous_format, int "
                         "r=Mean) -> ()"}) {
    FunctionSchema S, Again;
    ParseError E;
    ASSERT_TRUE(parseFunctionSchema(In, S, E)) << E.Message;
    ASSERT_TRUE(parseFunctionSchema(S.str(), Again, E)) << E.Message;
    EXPECT_EQ(S.str(), "a::f(ScalarType f=4, ScalarType g=6, Layout l=0, "
                       "MemoryFormat m=0, int r=1) -> ()");
    EXPECT_TRUE(Again == S) << S.str();
  }
  // PyTorch reads `1` as an int for optional types, even `float?`.
  EXPECT_EQ(roundTrip("a::f(float? a=1, float b=1) -> ()"),
            "a::f(float? a=1, float b=1.) -> ()");
}

TEST(SchemaParser, AcceptsOnlyWhatPyTorchReads) {
  struct Case {
    const char *Schema;
    size_t Offset;
    const char *Message;
  } Cases[] = {
      {"a::f(t?\?(*) a) -> ()", 7, "already optional"},
      {"a::f(t?(*) a) -> ()", 7, "cannot follow '?'"},
      {"a::f(Tensor?(a!) a) -> ()", 12, "cannot follow '?'"},
      {"a::f(int[2][] a) -> ()", 11, "fixed-size list"},
      {"a::f((int, int)(a) a) -> ()", 15, "no alias annotation"},
      {"a::f(Future(int)(a) a) -> ()", 16, "no alias annotation"},
      {"a::f(Tensor(a)(b) a) -> ()", 14, "duplicate alias"},
      {"a::f(Tensor(*|a) a) -> ()", 13, "'*' must be the last"},
      {"a::f(None? a) -> ()", 9, "cannot be optional"},
      {"a::f(Union(int, str) a) -> ()", 5, "Union"},
      {"a::f(Tuple(int, str) a) -> ()", 5, "unknown type"},
      {"a::f(Dict(bool[], int) a) -> ()", 5, "Dict key"},
      {"a::f(__torch__.x.Y a) -> ()", 15, "'torch'"},
      {"a::f(Tensor if) -> ()", 12, "keyword 'if'"},
      {"a::def(Tensor x) -> ()", 3, "keyword 'def'"},
      {"a::f(Tensor(in) x) -> ()", 12, "keyword 'in'"},
      {"a::f() -> Tensor None", 17, "keyword 'None'"},
      {"a::f(str a='\\r') -> ()", 12, "escape sequence '\\r'"},
      {"a::f(str a='\\x41') -> ()", 12, "escape sequence '\\x'"},
      {"a::f(str a='\\0') -> ()", 12, "escape sequence '\\0'"},
      {"a::f(Tensor[] a=[]) -> ()", 16, "list defaults of int"},
      {"a::f(str[] a=[]) -> ()", 13, "list defaults of int"},
      {"a::f(int[] a=1) -> ()", 13, "expected '['"},
      {"a::f(int[]? a=[1]) -> ()", 14, "defaults only to None"},
      {"a::f(bool[] a=[1]) -> ()", 15, "True or False"},
      {"a::f(int[] a=[None]) -> ()", 14, "None cannot be an element"},
      {"a::f(Tensor a=1) -> ()", 14, "None default"},
      {"a::f(int a=True) -> ()", 11, "integer default"},
      {"a::f(int a=1E5) -> ()", 11, "lower-case 'e'"},
      {"a::f(Scalar a=1E5) -> ()", 14, "lower-case 'e'"},
      {"a::f(float? a=1E5) -> ()", 14, "lower-case 'e'"},
      {"a::f(float a=1j) -> ()", 13, "real default"},
      {"a::f(complex a=1.5) -> ()", 15, "imaginary"},
      {"a::f(Scalar a=\"x\") -> ()", 14, "number default"},
      {"a::f(t a=1) -> ()", 9, "cannot have a default"},
      {"a::f(MemoryFormat a=channels_last) -> ()", 20, "invalid default"},
      {"a::f(ScalarType a=int32) -> ()", 18, "invalid default"},
      {"a::f(Device a=\"cuda:128\") -> ()", 14, "invalid device"},
      {"a::f(Device a=\"gpu\") -> ()", 14, "invalid device"},
      {"a::f(int a=-.) -> ()", 11, "number"},
      {"a::f(Tensor? a=None, Tensor b) -> ()", 21, "without a default"},
      {"a::f(Tensor a=None, ...) -> ()", 5, "varargs"},
  };
  for (const Case &C : Cases) {
    FunctionSchema S;
    ParseError E;
    ASSERT_FALSE(parseFunctionSchema(C.Schema, S, E))
        << C.Schema << " -> " << S.str();
    EXPECT_EQ(E.Offset, C.Offset) << C.Schema << ": " << E.Message;
    EXPECT_NE(E.Message.find(C.Message), std::string::npos)
        << C.Schema << ": " << E.Message;
  }
  for (const char *Ok : {
           "a::f(int a=Mean, ScalarType b=long, Layout c=strided, "
           "MemoryFormat d=contiguous_format, Device e=\"cuda:1\") -> ()",
           "a::f(Tensor? a=None, *, Tensor b) -> ()",
           "a::f(Dict(bool, t)(a!) a, Dict(Tensor, int) b) -> ()",
           "a::f(__torch__.torch.classes.ns.Cls a) -> ()",
           "a::f(int[2] a=1, bool[2] b=True, float[] c=[1, 2.5]) -> ()",
           "a::f(Tensor a, Tensor a) -> ()", // PyTorch registers such ops
       }) {
    FunctionSchema S;
    ParseError E;
    EXPECT_TRUE(parseFunctionSchema(Ok, S, E)) << Ok << ": " << E.Message;
  }
}

} // namespace

// PyTorch reads `Tensor!` (vLLM's spelling) as a write to a fresh alias set;
// skgen needs named sets (an out= return aliases its argument's) and says so.
TEST(SchemaParser, UnnamedWriteAliasIsExplained) {
  FunctionSchema S;
  ParseError E;
  EXPECT_FALSE(parseFunctionSchema("a::f(Tensor x, Tensor! out) -> ()", S, E));
  EXPECT_EQ(E.Offset, 21u);
  EXPECT_EQ(E.Message, "'Tensor!' (a write to an unnamed alias set) is not "
                       "supported: name the set, as in 'Tensor(a!)'");
}
