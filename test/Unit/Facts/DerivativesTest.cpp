//===- DerivativesTest.cpp - The meaning of derivative entries ------------===//
#include "Facts/Derivatives.h"
#include "Schema/Parser.h"

#include <gtest/gtest.h>

using namespace skgen;
using namespace skgen::derivatives;

namespace {

schema::FunctionSchema parse(const char *Text) {
  schema::FunctionSchema S;
  schema::ParseError E;
  EXPECT_TRUE(schema::parseFunctionSchema(Text, S, E)) << E.Message;
  return S;
}

DerivativeFact entry(const char *Names, const char *Formula,
                     std::vector<DerivativeFact::Use> Uses = {}) {
  DerivativeFact D;
  D.Names = Names;
  D.Formula = Formula;
  D.Uses = std::move(Uses);
  return D;
}

const char *Nll = "m::nll.out(Tensor self, Tensor target, Tensor? weight, int "
                  "reduction, *, Tensor(a!) output, Tensor(b!) total_weight) "
                  "-> (Tensor(a!) output, Tensor(b!) total_weight)";

TEST(Derivatives, GradMakesOnlyTheFirstOutputDifferentiable) {
  FamilyOptions O;
  O.Derivatives = {entry("self", "f(grad, total_weight)",
                         {{"grad", 2, 4, ""}, {"total_weight", 8, 12, ""}}),
                   entry("target", "non_differentiable")};
  std::vector<DerivativeError> Errors;
  Derivatives D = analyze(parse(Nll), O, Errors);
  ASSERT_TRUE(Errors.empty()) << Errors.front().Message;
  EXPECT_EQ(D.OutputDifferentiable, (std::vector<bool>{true, false}));
  EXPECT_EQ(D.differentiableOutputs(), (std::vector<unsigned>{0}));
  // weight: a tensor without a formula, not marked: refused at the call.
  EXPECT_EQ(D.refusedInputs(), (std::vector<unsigned>{2}));
  EXPECT_EQ(D.Grads, Derivatives::GradSpelling::Grad);
}

TEST(Derivatives, ErrorsPointIntoTheEntry) {
  FamilyOptions O;
  O.Derivatives = {entry("self, reduction", "grad"), entry("slef", "grad"),
                   entry("output_differentiability", "[True]"),
                   entry("self", "grad"), entry("self", "grad * 2")};
  std::vector<DerivativeError> Errors;
  analyze(parse(Nll), O, Errors);
  ASSERT_EQ(Errors.size(), 4u);
  EXPECT_EQ(Errors[0].Entry, 0u); // `reduction` is an int
  EXPECT_EQ(Errors[0].Offset, 6u);
  EXPECT_NE(Errors[0].Message.find("not a Tensor"), std::string::npos);
  EXPECT_EQ(Errors[1].Suggestion, "self"); // slef -> self
  EXPECT_TRUE(Errors[2].AtFormula); // one value for two outputs
  EXPECT_EQ(Errors[3].Entry, 4u);   // self twice
}

TEST(Derivatives, AmbiguousGradWithTwoDifferentiableOutputs) {
  FamilyOptions O;
  O.Derivatives = {entry("self", "grad", {{"grad", 0, 4, ""}}),
                   entry("output_differentiability", "[True, True]")};
  std::vector<DerivativeError> Errors;
  analyze(parse(Nll), O, Errors);
  ASSERT_EQ(Errors.size(), 1u);
  EXPECT_NE(Errors[0].Message.find("ambiguous"), std::string::npos);
}

TEST(Derivatives, PropertiesOnlyAreSavedInsteadOfTheTensor) {
  const char *Sum = "m::sum.out(Tensor self, int[] dim, *, Tensor(a!) out) -> "
                    "Tensor(a!)";
  FamilyOptions O;
  O.Derivatives = {entry(
      "self", "f(grad, self.sym_sizes(), dim)",
      {{"grad", 2, 4, ""}, {"self", 8, 16, "sym_sizes"}, {"dim", 26, 3, ""}})};
  std::vector<DerivativeError> Errors;
  Derivatives D = analyze(parse(Sum), O, Errors);
  ASSERT_TRUE(Errors.empty());
  EXPECT_TRUE(savedByProperties(D, 0));
  EXPECT_EQ(backwardFormulaText(D, D.Backward[0]),
            "f(grad, self_sym_sizes, dim)");
  // Read whole once: saved whole, the formula unchanged.
  O.Derivatives[0].Uses.push_back({"self", 0, 0, ""});
  D = analyze(parse(Sum), O, Errors);
  EXPECT_FALSE(savedByProperties(D, 0));
  EXPECT_EQ(backwardFormulaText(D, D.Backward[0]), O.Derivatives[0].Formula);
}

TEST(Derivatives, AnArgumentNamedLikeAFormulaName) {
  FamilyOptions O;
  O.Derivatives = {entry("self", "grad * result")};
  std::vector<DerivativeError> Errors;
  analyze(parse("m::f.out(Tensor self, Tensor result, *, Tensor(a!) out) -> "
                "Tensor(a!)"),
          O, Errors);
  ASSERT_EQ(Errors.size(), 1u);
  EXPECT_NE(Errors[0].Message.find("'result'"), std::string::npos);
}

TEST(Derivatives, NotDifferentiableTakesNoEntries) {
  FamilyOptions O;
  O.NotDifferentiable = true;
  O.Derivatives = {entry("self", "grad")};
  std::vector<DerivativeError> Errors;
  Derivatives D = analyze(parse(Nll), O, Errors);
  EXPECT_EQ(Errors.size(), 1u);
  EXPECT_FALSE(D.differentiable());
  EXPECT_TRUE(D.NotDifferentiable);
}

} // namespace
