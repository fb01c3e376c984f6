#include "Basic/Annotations.h"
#include "Basic/Diagnostic.h"
#include "Basic/DispatchKeys.h"
#include "Basic/LLVMCompat.h"

#include <gtest/gtest.h>

#include <set>
#include <string>

using namespace skgen;

namespace {

TEST(Annotations, TableIsIndexedByItsEnum) {
  std::set<std::string> Macros, Names;
  for (const AnnotationInfo &A : annotations()) {
    EXPECT_EQ(&annotationInfo(A.Id), &A) << A.Macro;
    EXPECT_EQ(findAnnotationByMacro(A.Macro), &A);
    EXPECT_EQ(findAnnotationByName(A.Name), &A);
    EXPECT_TRUE(compat::startsWith(A.Macro, AnnotationMacroPrefix));
    EXPECT_TRUE(Macros.insert(A.Macro).second) << A.Macro;
    EXPECT_TRUE(Names.insert(A.Name).second) << A.Name;
    // A macro with arguments documents a use of them.
    EXPECT_EQ(A.NumArgs == 0, llvm::StringRef(A.Example).empty()) << A.Macro;
  }
  EXPECT_EQ(findAnnotationByMacro("SKGEN_ANNOTATE_"), nullptr);
  EXPECT_EQ(findAnnotationByName("skgen.structured"), nullptr); // No prefix.
  EXPECT_EQ(annotationMacro(Annotation::Fallback),
            std::string("SKGEN_FALLBACK"));
}

TEST(DispatchKeys, Classes) {
  EXPECT_TRUE(isAnnotationKey("CPU"));
  EXPECT_TRUE(isAnnotationKey("Autograd")); // The linker refuses it.
  EXPECT_FALSE(isAnnotationKey("AutogradCPU"));
  EXPECT_FALSE(isAnnotationKey("cpu"));
  for (llvm::StringRef K : {"CompositeExplicitAutograd", "DefaultBackend",
                            "CompositeImplicitAutograd", "Autograd",
                            "CompositeExplicitAutogradNonFunctional"})
    EXPECT_TRUE(isAliasKey(K)) << K.str();
  EXPECT_FALSE(isAliasKey("CPU"));
  EXPECT_TRUE(isGeneratedAliasKey(keys::CompositeExplicitAutograd));
  EXPECT_TRUE(isGeneratedAliasKey("DefaultBackend"));
  EXPECT_FALSE(isGeneratedAliasKey("CompositeImplicitAutograd"));
  EXPECT_EQ(generatedAliasKeyError("--alias-key", "X"),
            "--alias-key takes 'CompositeExplicitAutograd' (PyTorch >= 1.10) "
            "or 'DefaultBackend' (PyTorch <= 1.9), not 'X'");
}

TEST(DispatchKeys, DeviceGuard) {
  for (llvm::StringRef K :
       {"CPU", "Meta", "QuantizedCPU", "SparseCPU", "SparseCsrCPU", "MkldnnCPU",
        "Autograd", "CompositeImplicitAutograd", "BackendSelect"})
    EXPECT_FALSE(keyNeedsDeviceGuard(K)) << K.str();
  for (llvm::StringRef K : {"CUDA", "PrivateUse1", "XPU", "NestedTensorCPU",
                            "CompositeExplicitAutograd", "NotAKey"})
    EXPECT_TRUE(keyNeedsDeviceGuard(K)) << K.str();
}

TEST(DiagnosticRules, StableIds) {
  EXPECT_EQ(diagnosticRuleId(DiagnosticRule::Scan), "skgen-scan");
  EXPECT_EQ(diagnosticRuleId(DiagnosticRule::OutOfDate), "skgen-out-of-date");
  EXPECT_EQ(diagnosticRule("link"), DiagnosticRule::Link);
  EXPECT_EQ(diagnosticRule(""), DiagnosticRule::Other);
  EXPECT_EQ(diagnosticRule("nonsense"), DiagnosticRule::Other);
  EXPECT_TRUE(isDiagnosticCategory("migrate"));
  EXPECT_FALSE(isDiagnosticCategory(""));
  for (unsigned I = 0; I <= unsigned(DiagnosticRule::Other); ++I) {
    auto R = static_cast<DiagnosticRule>(I);
    EXPECT_EQ(diagnosticRule(diagnosticCategory(R)), R);
  }
}

} // namespace
