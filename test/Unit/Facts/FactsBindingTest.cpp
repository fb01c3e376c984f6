//===- FactsBindingTest.cpp - String literals as the compiler reads them --===//
#include "Facts/FactsBinding.h"

#include "gtest/gtest.h"

using namespace skgen;

namespace {

/// The value of the literal whose content starts after the first \p Open
/// of \p Source, or "<none>".
std::string at(llvm::StringRef Source, llvm::StringRef Open = "\"") {
  size_t Offset = Source.find(Open);
  std::optional<std::string> V = stringLiteralAt(Source, Offset + Open.size());
  return V ? *V : "<none>";
}

TEST(FactsBinding, OrdinaryLiteralsWithEscapes) {
  EXPECT_EQ(at(R"s(X("grad * other.conj()", 1))s"), "grad * other.conj()");
  EXPECT_EQ(at(R"s(X("a\"b\\c\x41\101\n\u00e9"))s"), "a\"b\\cAA\n\xc3\xa9");
  // A line splice inside the literal is not part of its value.
  EXPECT_EQ(at("X(\"gr\\\nad\")"), "grad");
  EXPECT_EQ(at("X(\"unterminated\n\")"), "<none>");
  EXPECT_EQ(at(R"s(X("\q"))s"), "<none>");
}

TEST(FactsBinding, RawLiteralsAsWritten) {
  EXPECT_EQ(at(R"x(X(R"(a\n"b)"))x", "R\"("), "a\\n\"b");
  EXPECT_EQ(at(R"x(X(R"d(a)"b)d"))x", "R\"d("), "a)\"b");
}

TEST(FactsBinding, ConcatenationAcrossSpaceAndComments) {
  EXPECT_EQ(at("X(\"grad * \" /* c */\n  \"other\" // d\n \".conj()\", 1)"),
            "grad * other.conj()");
  EXPECT_EQ(at("X(\"a\" R\"(b)\" u8\"c\")"), "abc");
  // What follows the last literal ends the value.
  EXPECT_EQ(at("X(\"a\" + \"b\")"), "a");
}

TEST(FactsBinding, NoLiteralThere) {
  EXPECT_EQ(at("X(grad)", "("), "<none>");
  EXPECT_FALSE(stringLiteralAt("\"a\"", 0));
  EXPECT_FALSE(stringLiteralAt("\"a\"", 10));
}

} // namespace
