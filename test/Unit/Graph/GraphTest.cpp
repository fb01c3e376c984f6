#include "Graph/OpGraph.h"

#include <gtest/gtest.h>

#include <algorithm>

using namespace skgen;
using namespace skgen::graph;

namespace {

KernelFact fact(KernelFact::Kind K, std::string Schema, std::string File,
                unsigned Line, std::vector<std::string> Keys, std::string Cpp) {
  KernelFact F;
  F.AnnotationKind = K;
  F.SchemaText = std::move(Schema);
  F.SchemaLoc = {File, Line, 18};
  F.AnnotationLoc = {File, Line, 1};
  F.Loc = {File, Line + 1, 13};
  F.Keys = std::move(Keys);
  F.CppName = std::move(Cpp);
  F.InsertAfterLine = Line + 3;
  return F;
}

std::vector<TUFacts> tree() {
  TUFacts A, B;
  A.MainFile = "/p/a.cpp";
  A.Kernels.push_back(fact(KernelFact::Kind::Structured,
                           "myops::add.out(Tensor self, Tensor other, *, "
                           "Tensor(a!) out) -> Tensor(a!)",
                           "/p/a.cpp", 5, {"CPU"}, "myops::add_cpu"));
  A.Kernels.push_back(fact(KernelFact::Kind::Structured,
                           "myops::abs.out(Tensor self, *, Tensor(a!) out) -> "
                           "Tensor(a!)",
                           "/p/a.cpp", 20, {"CPU", "Meta"}, "myops::abs_cpu"));
  B.MainFile = "/p/b.cpp";
  B.Kernels.push_back(fact(KernelFact::Kind::Kernel, "myops::add.out",
                           "/p/b.cpp", 5, {"CUDA"}, "myops::add_cuda"));
  return {A, B};
}

TEST(Link, IndependentOfFactsOrder) {
  std::vector<TUFacts> T = tree();
  std::string J = toJSON(link(T, {}));
  std::reverse(T.begin(), T.end());
  for (TUFacts &U : T)
    std::reverse(U.Kernels.begin(), U.Kernels.end());
  EXPECT_EQ(J, toJSON(link(T, {})));
  EXPECT_EQ(toDot(link(tree(), {})), toDot(link(T, {})));
}

TEST(Link, FamiliesAndKernelsSorted) {
  OpGraph G = link(tree(), {});
  ASSERT_FALSE(G.hasErrors());
  ASSERT_EQ(G.Families.size(), 2u);
  EXPECT_EQ(G.Families[0].Out.Op.str(), "myops::abs.out");
  const Family *Add = G.findFamily(G.Families[1].Out.Op);
  ASSERT_TRUE(Add);
  ASSERT_EQ(Add->Kernels.size(), 2u);
  EXPECT_EQ(Add->Kernels[0].Key, "CPU");
  EXPECT_EQ(Add->Kernels[1].Key, "CUDA");
  EXPECT_EQ(Add->Kernels[1].InsertFile, "/p/b.cpp");
}

TEST(Link, SameDeclarationFromManyTUsIsNotADuplicate) {
  std::vector<TUFacts> T = tree();
  T.push_back(T[0]);
  T.back().MainFile = "/p/c.cpp";
  Diagnostic D;
  D.Severity = Diagnostic::Level::Warning;
  D.Loc = {"/p/h.h", 1, 1};
  D.Message = "w";
  T[0].Diagnostics.push_back(D);
  T[2].Diagnostics.push_back(D);
  OpGraph G = link(T, {});
  EXPECT_FALSE(G.hasErrors());
  EXPECT_EQ(G.Diagnostics.size(), 1u);
}

TEST(Registrations, NeverAnAliasKeyOutKernel) {
  for (const char *Key : {"CompositeExplicitAutograd", "DefaultBackend"}) {
    LinkOptions LO;
    LO.AliasKey = Key;
    OpGraph G = link(tree(), LO);
    for (const Family &F : G.Families)
      for (const Registration &R : registrations(F, Key)) {
        if (R.Key == Key) {
          EXPECT_NE(R.Op.str(), F.Out.Op.str()) << Key;
        }
        if (std::string(Key) == "DefaultBackend") {
          EXPECT_NE(R.K, Registration::Kind::AutogradNotImplemented);
        }
      }
  }
}

TEST(Registrations, ExternalFamilyOnlyBackendKernels) {
  std::vector<TUFacts> T = tree();
  T[0].Kernels[0].Options.External = true;
  OpGraph G = link(T, {});
  const Family &Add = G.Families[1];
  ASSERT_TRUE(Add.Options.External);
  for (const Registration &R : registrations(Add, G.AliasKey))
    EXPECT_TRUE(R.K == Registration::Kind::OutKernel ||
                R.K == Registration::Kind::DirectFunctional ||
                R.K == Registration::Kind::DirectInplace)
        << registrationKindName(R.K);
}

/// myops::add.Scalar_out (no kernel) served by myops::add.out.
std::vector<TUFacts> withFallback(const std::string &Target) {
  std::vector<TUFacts> T = tree();
  KernelFact S = fact(KernelFact::Kind::Structured,
                      "myops::add.Scalar_out(Tensor self, Scalar other, *, "
                      "Tensor(a!) out) -> Tensor(a!)",
                      "/p/c.cpp", 3, {}, "myops::add_scalar");
  S.Options.Fallback = Target;
  S.Options.FallbackLoc = {"/p/c.cpp", 4, 16};
  T.push_back(TUFacts());
  T.back().MainFile = "/p/c.cpp";
  T.back().Kernels.push_back(S);
  return T;
}

TEST(Registrations, FallbackFamilyOnlyUnderTheAliasKey) {
  OpGraph G = link(withFallback("myops::add.out"), {});
  ASSERT_FALSE(G.hasErrors());
  const Family *S = nullptr;
  for (const Family &F : G.Families)
    if (F.Out.Op.str() == "myops::add.Scalar_out")
      S = &F;
  ASSERT_TRUE(S && S->FallbackTo);
  EXPECT_TRUE(S->Kernels.empty());
  EXPECT_EQ(S->FallbackTo->Wrapped, (std::vector<bool>{false, true, false}));
  std::vector<std::string> Alias;
  for (const Registration &R : registrations(*S, G.AliasKey)) {
    EXPECT_NE(R.K, Registration::Kind::AliasFunctional);
    EXPECT_NE(R.K, Registration::Kind::AliasInplace);
    if (R.Key == G.AliasKey)
      Alias.push_back(std::string(registrationKindName(R.K)) + " " +
                      R.Op.str() + " -> " + fallbackTarget(*S, R.K).str());
  }
  EXPECT_EQ(Alias, (std::vector<std::string>{
                       "fallback_out myops::add.Scalar_out -> myops::add.out",
                       "fallback_functional myops::add.Scalar -> myops::add",
                       "fallback_inplace myops::add_.Scalar -> myops::add_"}));
}

TEST(Link, FallbackFromFactsIsChecked) {
  // Facts may come from elsewhere (--facts): a fallback that is no operator
  // name, or names no family, is an error at its location, never a crash.
  for (const char *Target : {"::", "myops::sub.out", "add.out", "myops::add"}) {
    OpGraph G = link(withFallback(Target), {});
    EXPECT_TRUE(G.hasErrors()) << Target;
    for (const Family &F : G.Families)
      EXPECT_NE(F.Out.Op.str(), "myops::add.Scalar_out") << Target;
  }
}

TEST(Link, MalformedInputNeverCrashes) {
  TUFacts T;
  T.MainFile = "/p/x.cpp";
  for (const char *S :
       {"", "(", "myops::", "myops::f.out(", "::", "a::b.c(Tensor(a!) x) ->",
        "myops::f.out(Tensor self, *, Tensor(a!)[] out) -> ()"}) {
    T.Kernels.push_back(
        fact(KernelFact::Kind::Structured, S, "/p/x.cpp", 1, {}, "f"));
    T.Kernels.push_back(
        fact(KernelFact::Kind::Kernel, S, "/p/x.cpp", 2, {"CPU"}, "g"));
  }
  T.Kernels.push_back(
      fact(KernelFact::Kind::Structured,
           "x.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", "", 0,
           {"CPU"}, "f"));
  OpGraph G = link({T}, {});
  EXPECT_TRUE(G.hasErrors());
  EXPECT_TRUE(G.Families.empty());
}

} // namespace
