// The facts cache's entry format, the body-only outline check, and the
// leading-include parser of the shared precompiled header.
#include "Incremental/Cache.h"
#include "Incremental/Outline.h"
#include "Incremental/Preamble.h"

#include "clang/Basic/LangOptions.h"

#include <gtest/gtest.h>

using namespace skgen;
using namespace skgen::incremental;

namespace {

CacheEntry sampleEntry() {
  CacheEntry E;
  E.Deps.push_back({"/", FileDep::Dir, "", ""});
  E.Deps.push_back(
      {"/src/a.cpp", FileDep::File, "0123456789abcdef", "1.2.3.4.5.6.7"});
  E.Deps.push_back({"/src/a b.h", FileDep::File, "00000000000000ff", ""});
  E.Deps.push_back({"/usr/include/missing.h", FileDep::Missing, "", ""});
  FileOutline O;
  O.Path = "/src/a.cpp";
  O.Hash = "00000000000000aa";
  O.Lexer = 7;
  O.Bodies.push_back({10, 20, 2, 3, 4, 5});
  E.Outlines.push_back(O);
  E.MacrosId = "00000000000000bb";
  E.Facts.MainFile = "/src/a.cpp";
  KernelFact K;
  K.CppName = "ns::f";
  K.Loc = {"/src/a.cpp", 3, 4};
  E.Facts.Kernels.push_back(K);
  E.Facts.Diagnostics.push_back(warningAt({"/src/a.cpp", 1, 1}, "w\nx"));
  return E;
}

const std::string Key = "skgen-facts-cache 2\narg 3:a\nb\n";

} // namespace

TEST(CacheEntry, RoundTrips) {
  CacheEntry E = sampleEntry();
  std::string Text = serializeEntry(Key, E);
  ASSERT_FALSE(Text.empty());
  CacheEntry Back;
  ASSERT_TRUE(parseEntry(Text, Key, Back));
  EXPECT_EQ(serializeEntry(Key, Back), Text);
  ASSERT_EQ(Back.Deps.size(), 4u);
  EXPECT_EQ(Back.Deps[2].Path, "/src/a b.h");
  EXPECT_EQ(Back.Deps[1].Stamp, "1.2.3.4.5.6.7");
  EXPECT_EQ(Back.Facts.Kernels.at(0).CppName, "ns::f");
  EXPECT_EQ(Back.Facts.Diagnostics.at(0).Message, "w\nx");
}

TEST(CacheEntry, AnyDamageIsRejected) {
  std::string Text = serializeEntry(Key, sampleEntry());
  CacheEntry Out;
  // Another key (also one that only differs in what follows a prefix).
  EXPECT_FALSE(parseEntry(Text, Key + "x", Out));
  EXPECT_FALSE(parseEntry(Text, "skgen-facts-cache 2\n", Out));
  // Every truncation, and every single-byte change.
  for (size_t N = 0; N < Text.size(); ++N)
    EXPECT_FALSE(parseEntry(Text.substr(0, N), Key, Out)) << N;
  for (size_t I = 0; I < Text.size(); I += 7) {
    std::string Bad = Text;
    Bad[I] ^= 0x20;
    EXPECT_FALSE(parseEntry(Bad, Key, Out)) << I;
  }
  EXPECT_FALSE(parseEntry(Text + "x\n", Key, Out));
  EXPECT_FALSE(parseEntry("", Key, Out));
}

TEST(CacheEntry, PchMetaRoundTripsAndRejectsDamage) {
  PchMeta M;
  M.PchFile = "abc-1234.pch";
  M.PchHash = "00000000000000dd";
  M.MacrosId = "00000000000000cc";
  M.Deps = sampleEntry().Deps;
  std::string Text = serializePchMeta(Key, M);
  PchMeta Back;
  ASSERT_TRUE(parsePchMeta(Text, Key, Back));
  EXPECT_EQ(serializePchMeta(Key, Back), Text);
  EXPECT_FALSE(parsePchMeta(Text, Key + "x", Back));
  for (size_t N = 0; N + 1 < Text.size(); ++N)
    EXPECT_FALSE(parsePchMeta(Text.substr(0, N), Key, Back)) << N;
}

//===----------------------------------------------------------------------===//
// Outlines
//===----------------------------------------------------------------------===//

namespace {

uint32_t cxx17Bits() {
  clang::LangOptions LO;
  LO.CPlusPlus = LO.CPlusPlus11 = LO.CPlusPlus14 = LO.CPlusPlus17 = true;
  LO.LineComment = LO.Digraphs = LO.Bool = LO.WChar = true;
  uint32_t Bits = 0;
  EXPECT_TRUE(lexerOptionBits(LO, Bits));
  return Bits;
}

/// The outline of \p Text whose functions' declarators end just before
/// each " {" marked by `@` (removed).
FileOutline outline(std::string &Text, const NameSet &Macros = {}) {
  std::vector<unsigned> Ends;
  size_t P;
  while ((P = Text.find('@')) != std::string::npos) {
    Text.erase(P, 1);
    Ends.push_back(P);
  }
  return makeOutline("/a.cpp", Text, cxx17Bits(), Ends, Macros);
}

} // namespace

TEST(Outline, BodyEditsKeepTheOutlineAndMovePositions) {
  std::string Old = "int f()@ {\n  return 1;\n}\nint g()@ { return 2; }\n";
  FileOutline O = outline(Old);
  ASSERT_EQ(O.Bodies.size(), 2u);
  EXPECT_EQ(Old.substr(O.Bodies[0].Begin, O.Bodies[0].End - O.Bodies[0].Begin),
            "\n  return 1;\n");
  EXPECT_EQ(O.Bodies[1].EndLine, 4u);

  std::string New =
      "int f() {\n  int x = 2;\n  { return (x); }\n}\nint g() { return 22; }\n";
  FileOutline N;
  ASSERT_TRUE(sameOutline(O, New, {}, N));
  EXPECT_EQ(N.Bodies[1].EndLine, 5u);

  TUFacts T;
  KernelFact K;
  K.Loc = {"/a.cpp", 4, 5};           // `g` on the line after f's body.
  K.SchemaLoc = {"/a.cpp", 1, 5};     // `f`: before any body.
  K.AnnotationLoc = {"/b.cpp", 9, 9}; // Another file: unchanged.
  K.InsertFile = "/a.cpp";
  K.InsertAfterOffset = Old.size() - 1; // After g's `}`.
  K.InsertAfterLine = 4;
  T.Kernels.push_back(K);
  ASSERT_TRUE(moveFacts(T, O, N));
  const KernelFact &M = T.Kernels[0];
  EXPECT_EQ(M.Loc.Line, 5u);
  EXPECT_EQ(M.Loc.Column, 5u);
  EXPECT_EQ(M.SchemaLoc.Line, 1u);
  EXPECT_EQ(M.AnnotationLoc.Line, 9u);
  EXPECT_EQ(M.InsertAfterOffset, New.size() - 1);
  EXPECT_EQ(M.InsertAfterLine, 5u);
}

TEST(Outline, ColumnsMoveOnTheLineOfTheClosingBrace) {
  std::string Old = "void f()@ { a(); } int g;\n";
  FileOutline O = outline(Old);
  std::string New = "void f() { a(); b(); } int g;\n";
  FileOutline N;
  ASSERT_TRUE(sameOutline(O, New, {}, N));
  TUFacts T;
  T.Diagnostics.push_back(errorAt({"/a.cpp", 1, 24}, "at g"));
  ASSERT_TRUE(moveFacts(T, O, N));
  EXPECT_EQ(T.Diagnostics[0].Loc.Column, 29u);
  // A position inside a body cannot be moved.
  T.Diagnostics[0].Loc = {"/a.cpp", 1, 13};
  EXPECT_FALSE(moveFacts(T, O, N));
}

TEST(Outline, EditsOutsideBodiesAreNotBodyEdits) {
  std::string Old = "int f()@ { return 1; }\n";
  FileOutline O = outline(Old);
  FileOutline N;
  EXPECT_FALSE(sameOutline(O, "long f() { return 1; }\n", {}, N));
  EXPECT_FALSE(sameOutline(O, "int f() { return 1; }\n\n", {}, N));
  EXPECT_FALSE(sameOutline(O, "int f() { return 1; }}\n", {}, N));
  EXPECT_FALSE(sameOutline(O, "int f() { return 1; \n", {}, N));
  EXPECT_TRUE(sameOutline(O, "int f() { return 2; }\n", {}, N));
}

TEST(Outline, BodiesThatCouldAffectOtherCodeAreNotInert) {
  NameSet Macros = {nameHash("SKGEN_STRUCTURED"), nameHash("__COUNTER__"),
                    nameHash("_Pragma"), nameHash("MYMACRO")};
  std::sort(Macros.begin(), Macros.end());
  std::string Old = "int f()@ { return 1; }\n";
  FileOutline O = outline(Old, Macros);
  ASSERT_EQ(O.Bodies.size(), 1u);
  FileOutline N;
  for (const char *Body :
       {"#define X 1\n", "return MYMACRO;", "return __COUNTER__;",
        "_Pragma(\"once\")", "SKGEN_STRUCTURED(\"a\", CPU) int g();",
        "return (1;", "return [1);", "return \"unterminated;",
        "return 1; /* unterminated", "return u8\"\xc3\xa9\";", "import m;",
        "return a ## b;", "return @;"}) {
    std::string New = std::string("int f() { ") + Body + " }\n";
    EXPECT_FALSE(sameOutline(O, New, Macros, N)) << Body;
  }
  // Inert after all: not the macro, but names containing it; comments.
  EXPECT_TRUE(sameOutline(
      O, "int f() { return MYMACRO_2 + xMYMACRO; /* MYMACRO # */ }\n", Macros,
      N));
  // A body that was not inert when scanned stays in the outline.
  std::string Old2 = "int f()@ { return MYMACRO; }\n";
  EXPECT_TRUE(outline(Old2, Macros).Bodies.empty());
}

TEST(Outline, OnlyPlainBodiesAfterTheDeclarator) {
  // A constructor's initializers, a function-try-block, `= default`: no
  // body is cut out.
  for (std::string Text : {"struct A { A()@ : x{1} { } int x; };\n",
                           "void f()@ try { } catch (...) { }\n",
                           "struct A { A()@ = default; };\n"})
    EXPECT_TRUE(outline(Text).Bodies.empty()) << Text;
  std::string V = "struct A : B { void f()@ override final { g(); } };\n";
  EXPECT_EQ(outline(V).Bodies.size(), 1u);
  // CR line ends: not handled.
  std::string CR = "int f()@ {\r\n return 1;\r\n}\r\n";
  EXPECT_TRUE(outline(CR).Bodies.empty());
}

//===----------------------------------------------------------------------===//
// Leading includes
//===----------------------------------------------------------------------===//

TEST(Preamble, LeadingIncludes) {
  using V = std::vector<std::string>;
  EXPECT_EQ(leadingIncludes("// c\n#include <a.h>\n\n/* x\n y */\n"
                            "  #  include <b/c.h> // d\n#include \"e.h\"\n"
                            "#include <f.h>\n"),
            (V{"<a.h>", "<b/c.h>"}));
  EXPECT_EQ(leadingIncludes("#define X\n#include <a.h>\n"), V{});
  EXPECT_EQ(leadingIncludes("#include <a.h> int x;\n#include <b.h>\n"), V{});
  EXPECT_EQ(leadingIncludes("#include <a.h>\\\n#include <b.h>\n"), V{});
  EXPECT_EQ(leadingIncludes("#include <a.h>\r\n"), V{});
  EXPECT_EQ(leadingIncludes("#include <a.h>\n/* x */ int y;\n#include <b>\n"),
            V{"<a.h>"});
}
