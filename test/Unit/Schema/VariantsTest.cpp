#include "Schema/Variants.h"
#include "Schema/Parser.h"

#include <gtest/gtest.h>

using namespace skgen::schema;

namespace {

FunctionSchema parse(const std::string &S) {
  FunctionSchema F;
  ParseError E;
  EXPECT_TRUE(parseFunctionSchema(S, F, E)) << S << ": " << E.Message;
  return F;
}

TEST(Variants, OverloadNamingRule) {
  EXPECT_EQ(*functionalOverloadFor("out"), "");
  EXPECT_EQ(*functionalOverloadFor("Scalar_out"), "Scalar");
  EXPECT_FALSE(functionalOverloadFor("values"));
  EXPECT_FALSE(functionalOverloadFor("_out"));
}

TEST(Variants, BinaryOpWithKeywordScalar) {
  DerivedVariants V;
  VariantError E;
  ASSERT_TRUE(deriveVariants(
      parse("myops::add.out(Tensor self, Tensor other, *, Scalar alpha=1, "
            "Tensor(a!) out) -> Tensor(a!)"),
      {}, V, E));
  EXPECT_EQ(
      V.Functional->str(),
      "myops::add(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor");
  EXPECT_EQ(V.Inplace->str(), "myops::add_(Tensor(a!) self, Tensor other, *, "
                              "Scalar alpha=1) -> Tensor(a!)");
}

TEST(Variants, MultiOutputHasNoInplace) {
  DerivedVariants V;
  VariantError E;
  ASSERT_TRUE(deriveVariants(
      parse("myops::topk2.values(Tensor self, int k, *, Tensor(a!) values, "
            "Tensor(b!) indices) -> (Tensor(a!) values, Tensor(b!) indices)"),
      VariantOptions{std::string(""), std::nullopt, true, true, std::nullopt,
                     std::nullopt},
      V, E));
  EXPECT_EQ(V.Functional->str(), "myops::topk2(Tensor self, int k) -> (Tensor "
                                 "values, Tensor indices)");
  EXPECT_FALSE(V.Inplace);
  EXPECT_NE(V.InplaceIneligibleReason, "");
}

TEST(Variants, IrregularNameNeedsExplicitOption) {
  DerivedVariants V;
  VariantError E;
  FunctionSchema Out = parse("myops::sort.values(Tensor self, *, Tensor(a!) "
                             "values) -> Tensor(a!)");
  EXPECT_FALSE(deriveVariants(Out, {}, V, E));
  EXPECT_NE(E.Message.find("cannot derive"), std::string::npos);
  EXPECT_NE(E.Fix.find("SKGEN_FUNCTIONAL_NAME"), std::string::npos);
  VariantOptions O;
  O.FunctionalOverload = "Tensor";
  ASSERT_TRUE(deriveVariants(Out, O, V, E));
  EXPECT_EQ(V.Functional->Op.str(), "myops::sort.Tensor");
  EXPECT_EQ(V.Inplace->Op.str(), "myops::sort_.Tensor");
}

// Found by schema-fuzzer: `assert_out` is a valid overload name, but the
// derived `assert` is a keyword of PyTorch's lexer, so the generated m.def
// would fail when the library loads.
TEST(Variants, DerivedOverloadIsNoKeyword) {
  DerivedVariants V;
  VariantError E;
  FunctionSchema Out = parse(
      "myops::check.assert_out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)");
  EXPECT_FALSE(deriveVariants(Out, {}, V, E));
  EXPECT_EQ(E.Message, "the functional overload name 'assert' is a keyword "
                       "of PyTorch's schema parser");
  EXPECT_NE(E.Fix.find("SKGEN_FUNCTIONAL_NAME"), std::string::npos);
  VariantOptions O;
  O.FunctionalOverload = "checked";
  ASSERT_TRUE(deriveVariants(Out, O, V, E));
  EXPECT_EQ(V.Functional->Op.str(), "myops::check.checked");
  O.InplaceOverload = "in";
  EXPECT_FALSE(deriveVariants(Out, O, V, E));
  EXPECT_NE(E.Fix.find("SKGEN_INPLACE_NAME"), std::string::npos);
}

TEST(Variants, RejectsNonOutSchemas) {
  VariantError E;
  EXPECT_FALSE(validateOutSchema(parse("a::f.out(Tensor self) -> Tensor"), E));
  EXPECT_FALSE(validateOutSchema(
      parse("a::f.out(Tensor self, *, Tensor(a!) out) -> Tensor"), E));
  EXPECT_FALSE(validateOutSchema(
      parse("a::f.out(Tensor(a!) self, *, Tensor(b!) out) -> Tensor(b!)"), E));
  EXPECT_TRUE(validateOutSchema(
      parse("a::f.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)"), E));
}

// Issue 14 (mutant): the type of `self` decides, not only its name.
TEST(Variants, InplaceNeedsSelfOfTheOutType) {
  DerivedVariants V;
  VariantError E;
  ASSERT_TRUE(deriveVariants(
      parse("a::f.out(Scalar self, *, Tensor(a!) out) -> Tensor(a!)"),
      VariantOptions(), V, E));
  EXPECT_FALSE(V.Inplace);
  EXPECT_EQ(V.InplaceIneligibleReason,
            "its first argument is not 'Tensor self'");
  ASSERT_TRUE(deriveVariants(
      parse("a::f.out(Tensor? self, *, Tensor(a!) out) -> Tensor(a!)"),
      VariantOptions(), V, E));
  EXPECT_FALSE(V.Inplace);
  ASSERT_TRUE(
      deriveVariants(parse("a::f.out(Tensor self, *, Tensor(a!)[] out) -> ()"),
                     VariantOptions(), V, E));
  EXPECT_FALSE(V.Inplace);
  EXPECT_FALSE(validateOutSchema(
      parse("a::f.out(Tensor x, Tensor x, *, Tensor(a!) out) -> Tensor(a!)"),
      E));
  EXPECT_EQ(E.Message, "duplicate argument name 'x'");
}

} // namespace

// SKGEN_INPLACE_ARG: the first argument, named otherwise, is updated.
TEST(Variants, InplaceArgNamesTheFirstArgument) {
  FunctionSchema Out = parse(
      "myops::fused.out(Tensor a, Tensor b, *, Tensor(a!) out) -> Tensor(a!)");
  DerivedVariants V;
  VariantError E;
  ASSERT_TRUE(deriveVariants(Out, VariantOptions(), V, E));
  EXPECT_FALSE(V.Inplace);
  VariantOptions O;
  O.InplaceArg = "a";
  V = DerivedVariants();
  ASSERT_TRUE(deriveVariants(Out, O, V, E));
  ASSERT_TRUE(V.Inplace);
  EXPECT_EQ(V.Inplace->str(),
            "myops::fused_(Tensor(a!) a, Tensor b) -> Tensor(a!)");
  O.InplaceArg = "b";
  V = DerivedVariants();
  EXPECT_FALSE(deriveVariants(Out, O, V, E));
  EXPECT_EQ(E.Message, "SKGEN_INPLACE_ARG names 'b', but the in-place "
                       "variant updates the first argument, 'a'");
}

// SKGEN_LEGACY_OP: the out= schema with positional outputs, returning
// nothing; the inverse of structuredOutSchemaFor.
TEST(Variants, LegacyOperatorOfAFamily) {
  FunctionSchema Legacy =
      parse("myops::fused_out(Tensor a, float s, Tensor(a!) out) -> ()");
  std::optional<FunctionSchema> Out = structuredOutSchemaFor(Legacy);
  ASSERT_TRUE(Out);
  EXPECT_EQ(Out->str(), "myops::fused.out(Tensor a, float s, *, Tensor(a!) "
                        "out) -> Tensor(a!)");
  VariantOptions O;
  O.LegacyOp = "fused_out";
  DerivedVariants V;
  VariantError E;
  ASSERT_TRUE(deriveVariants(*Out, O, V, E));
  ASSERT_TRUE(V.Legacy);
  EXPECT_EQ(V.Legacy->str(), Legacy.str());
  O.LegacyOp = "fused";
  EXPECT_FALSE(deriveVariants(*Out, O, V, E));
  EXPECT_EQ(E.Message, "SKGEN_LEGACY_OP names 'myops::fused', an operator "
                       "the family already defines");
  O.LegacyOp = "other::f";
  EXPECT_FALSE(deriveVariants(*Out, O, V, E));
  EXPECT_EQ(E.Message, "SKGEN_LEGACY_OP names 'other::f', which is not an "
                       "operator name of the family's namespace ('name' or "
                       "'name.overload')");
}
