//===- FactsTest.cpp - The facts format: one field list, both ways --------===//
#include "Facts/FactsFields.h"

#include <gtest/gtest.h>

#include <set>
#include <utility>

using namespace skgen;

namespace {

//===--- Every member of a struct is in its field list --------------------===//

/// Converts to any member type, so T{Any{}, ...} compiles with up to as many
/// initializers as the aggregate T has members.
struct Any {
  template <class U> operator U() const { return U{}; }
};
template <class T, class Seq, class = void>
struct BraceInitializable : std::false_type {};
template <class T, size_t... I>
struct BraceInitializable<T, std::index_sequence<I...>,
                          std::void_t<decltype(T{(void(I), Any{})...})>>
    : std::true_type {};
template <class T, size_t N = 0> constexpr size_t memberCount() {
  if constexpr (BraceInitializable<T, std::make_index_sequence<N + 1>>::value)
    return memberCount<T, N + 1>();
  else
    return N;
}

/// Walks a field list and records the address of every member it maps.
struct MemberRecorder {
  std::set<const void *> Members;
  size_t Mapped = 0;
  void add(const void *P) {
    Members.insert(P);
    ++Mapped;
  }
  template <class T>
  void required(const char *, T &V, StringForm = StringForm::Text) {
    add(&V);
  }
  template <class T>
  void optional(const char *, T &V, StringForm = StringForm::Text) {
    add(&V);
  }
  template <class T>
  void optionalIf(bool, const char *, T &V, StringForm = StringForm::Text) {
    add(&V);
  }
  template <class E>
  void enumeration(const char *, E &V,
                   std::initializer_list<std::pair<const char *, E>>) {
    add(&V);
  }
  void constant(const char *, int) {}
  template <class Fn> void object(const char *, bool, Fn Map) { Map(*this); }
  template <class T, class Fn>
  void list(const char *, bool, std::vector<T> &V, Fn) {
    add(&V);
  }
};

template <class T> void expectEveryMemberMapped(const char *Name) {
  T V;
  MemberRecorder R;
  mapFields(R, V);
  EXPECT_EQ(R.Mapped, R.Members.size()) << Name << ": a member mapped twice";
  EXPECT_EQ(R.Members.size(), memberCount<T>())
      << Name << " has a member its field list (Facts/FactsFields.h) misses";
}

TEST(Facts, FieldListsNameEveryMember) {
  static_assert(memberCount<SourceLoc>() == 3, "the counting works");
  expectEveryMemberMapped<SourceLoc>("SourceLoc");
  expectEveryMemberMapped<CharRange>("CharRange");
  expectEveryMemberMapped<Diagnostic>("Diagnostic");
  expectEveryMemberMapped<FamilyOptions>("FamilyOptions");
  expectEveryMemberMapped<CppParamFact>("CppParamFact");
  expectEveryMemberMapped<KernelFact>("KernelFact");
  expectEveryMemberMapped<TUFacts::FileState>("TUFacts::FileState");
  expectEveryMemberMapped<TUFacts>("TUFacts");
}

//===--- Written and read back, every member set --------------------------===//

/// Walks a field list and names every member (recursively) that has its
/// default value.
struct DefaultFinder {
  std::vector<std::string> Where, Defaults;

  template <class T> void visit(const char *Key, T &V) {
    using json_mapping::IsVector;
    Where.push_back(Key);
    if constexpr (IsVector<T>::value) {
      if (V.empty())
        found();
      for (auto &E : V)
        if constexpr (std::is_class_v<std::decay_t<decltype(E)>> &&
                      !std::is_same_v<std::decay_t<decltype(E)>, std::string>)
          mapFields(*this, E);
        else if (json_mapping::isDefault(E))
          found();
    } else if constexpr (std::is_class_v<T> &&
                         !std::is_same_v<T, std::string> &&
                         !json_mapping::IsOptional<T>::value) {
      mapFields(*this, V);
    } else if (json_mapping::isDefault(V)) {
      found();
    }
    Where.pop_back();
  }
  void found() {
    std::string S;
    for (const std::string &W : Where)
      S += "/" + W;
    Defaults.push_back(S);
  }

  template <class T>
  void required(const char *Key, T &V, StringForm = StringForm::Text) {
    visit(Key, V);
  }
  template <class T>
  void optional(const char *Key, T &V, StringForm = StringForm::Text) {
    visit(Key, V);
  }
  template <class T>
  void optionalIf(bool, const char *Key, T &V, StringForm = StringForm::Text) {
    visit(Key, V);
  }
  template <class E>
  void enumeration(const char *Key, E &V,
                   std::initializer_list<std::pair<const char *, E>>) {
    Where.push_back(Key);
    if (V == E{})
      found();
    Where.pop_back();
  }
  void constant(const char *, int) {}
  template <class Fn> void object(const char *Key, bool, Fn Map) {
    Where.push_back(Key);
    Map(*this);
    Where.pop_back();
  }
  template <class T, class Fn>
  void list(const char *Key, bool, std::vector<T> &V, Fn Map) {
    Where.push_back(Key);
    if (V.empty())
      found();
    for (T &E : V)
      Map(*this, E);
    Where.pop_back();
  }
};

SourceLoc loc(unsigned Line) { return SourceLoc{"/p/a.cpp", Line, 2}; }

CppParamFact param(const std::string &Name) {
  CppParamFact P;
  P.Name = Name;
  P.Spelling = "const at::Tensor &";
  P.Canonical = "at::Tensor";
  P.IsConst = true;
  P.IsReference = true;
  P.Loc = loc(4);
  return P;
}

/// Facts with every member set to something else than its default.
TUFacts everyMemberSet() {
  FamilyOptions O;
  O.FunctionalOverload = "Tensor";
  O.InplaceOverload = "inplace";
  O.InplaceArg = "a";
  O.LegacyOp = "f_out";
  O.NoFunctional = true;
  O.NoInplace = true;
  O.WithOut = true;
  O.WithInplace = true;
  O.AllocFunction = "m::alloc";
  O.External = true;
  O.MetaFunction = "m::meta";
  O.MetaFunctionLocal = true;
  O.MetaPreset = "unary";
  O.MetaPresetArgs = {"self"};
  O.NoMetaKernel = true;
  O.KernelCasts = true;
  O.KernelIterator = true;
  O.KernelAllocates = true;
  O.NoAutograd = true;
  O.VmapFunction = "ns::f_vmap";
  O.NoVmap = true;
  O.Autocast = "lower_precision_fp";
  O.Fallback = "m::g.out";
  O.FallbackLoc = loc(2);
  DerivativeFact Der;
  Der.Names = "self";
  Der.Formula = "grad * self.sym_sizes()[0]";
  Der.NamesLoc = loc(2);
  Der.FormulaLoc = loc(3);
  Der.Uses = {{"self", 7, 16, "sym_sizes"}};
  O.Derivatives = {Der};
  O.InplaceDerivatives = {Der};
  O.NotDifferentiable = true;

  KernelFact K;
  K.AnnotationKind = KernelFact::Kind::Kernel;
  K.SchemaText = "m::f.out";
  K.SchemaLoc = loc(3);
  K.Keys = {"CPU"};
  K.CppName = "m::f_out";
  K.Loc = loc(4);
  K.AnnotationLoc = loc(3);
  K.Options = O;
  K.SignatureOk = true;
  K.InsertAfterOffset = 99;
  K.InsertAfterLine = 5;
  K.InsertFile = "/p/a.cpp";
  K.DefinitionUnseen = true;
  K.Params = {param("self")};
  K.Return = param("ret");
  K.SignatureChecked = true;
  K.InternalLinkage = "declared 'static'";
  K.NameLength = 5;
  K.TorchCompile = true;
  K.FunctionalKernel = true;
  K.AnnotationErrors = true;

  Diagnostic Note;
  Note.Severity = Diagnostic::Level::Note;
  Note.Loc = loc(6);
  Note.Message = "a note";
  Note.FixText = "y";
  Note.FixLength = 1;
  Note.Ranges = {CharRange{loc(6), loc(7)}};
  Note.Category = "scan";
  Diagnostic D = Note;
  D.Severity = Diagnostic::Level::Warning;
  D.Message = "a warning";
  D.Notes = {Note};

  TUFacts T;
  T.MainFile = "/p/a.cpp";
  T.Kernels = {K};
  T.Diagnostics = {D};
  T.Files = {{"/p/a.cpp", "0123456789abcdef", FileIdentity{"/q/a.cpp", 0, 0}}};
  T.Skipped = true;
  T.TorchVersion = "2.4";
  return T;
}

TEST(Facts, RoundTripsEveryMember) {
  TUFacts T = everyMemberSet();
  DefaultFinder F;
  mapFields(F, T);
  EXPECT_TRUE(F.Defaults.empty())
      << "everyMemberSet() leaves " << F.Defaults.front() << " default";

  nlohmann::json Written = T;
  std::vector<TUFacts> Read;
  JSONMappingError Error;
  ASSERT_TRUE(readFacts(Written, Read, Error))
      << jsonPointer(Error.Where) << ": " << Error.Message;
  ASSERT_EQ(Read.size(), 1u);
  EXPECT_EQ(nlohmann::json(Read.front()).dump(1), Written.dump(1));
  // What was read is what was written, member by member.
  F = DefaultFinder();
  mapFields(F, Read.front());
  EXPECT_TRUE(F.Defaults.empty()) << F.Defaults.front() << " was not read";
  EXPECT_EQ(Read.front().Kernels.front().NameLength, 5u);
  EXPECT_EQ(Read.front().Diagnostics.front().Notes.front().Severity,
            Diagnostic::Level::Note);
}

TEST(Facts, DefaultMembersAreOmittedAsBefore) {
  // The facts JSON is in lit tests and the scan cache: members are left out
  // exactly where they were before the field lists.
  TUFacts T;
  T.MainFile = "/p/a.cpp";
  T.Kernels.emplace_back();
  T.Diagnostics.push_back(errorAt(SourceLoc(), "m"));
  T.Diagnostics.back().FixLength = 3; // Written only with a fix text.
  EXPECT_EQ(
      nlohmann::json(T).dump(),
      R"({"diagnostics":[{"level":"error","loc":{"column":0,"file":"","line":0},"message":"m"}],)"
      R"("files":[],"kernels":[{"annotation_loc":{"column":0,"file":"","line":0},"cpp_name":"",)"
      R"("insert_after_line":0,"insert_after_offset":0,"insert_file":"","keys":[],"kind":"structured",)"
      R"("loc":{"column":0,"file":"","line":0},"options":{},"params":[],)"
      R"("return":{"canonical":"","const":false,"loc":{"column":0,"file":"","line":0},"name":"",)"
      R"("reference":false,"spelling":""},"schema":"","schema_loc":{"column":0,"file":"","line":0},)"
      R"("signature_checked":false,"signature_ok":false}],"main_file":"/p/a.cpp","skipped":false})");
}

} // namespace
