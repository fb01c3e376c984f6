//===- FactsFileTest.cpp - Untrusted facts files and input files ----------===//
#include "Facts/FactsFile.h"
#include "Basic/InputFile.h"

#include <gtest/gtest.h>

using namespace skgen;

namespace {

const char Good[] = R"json([{"main_file": "/p/a.cpp",
 "kernels": [{"kind": "structured",
   "schema": "m::f.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)",
   "schema_loc": {"file": "/p/a.cpp", "line": 3, "column": 18},
   "keys": ["CPU"], "cpp_name": "m::f_out",
   "loc": {"file": "/p/a.cpp", "line": 4, "column": 13},
   "annotation_loc": {"file": "/p/a.cpp", "line": 3, "column": 1},
   "insert_after_line": 5}],
 "files": [{"path": "/p/a.cpp", "hash": "0123456789abcdef"}]}])json";

/// The first diagnostic of loading \p Text, as `line:col: message`.
std::string load(const std::string &Text) {
  std::vector<TUFacts> Out;
  std::vector<Diagnostic> Diags;
  if (parseFacts(Text, "f.json", Out, Diags)) {
    EXPECT_TRUE(Diags.empty());
    return "ok " + std::to_string(Out.size());
  }
  EXPECT_TRUE(Out.empty());
  if (Diags.empty())
    return "rejected without a diagnostic";
  const Diagnostic &D = Diags.front();
  return std::to_string(D.Loc.Line) + ":" + std::to_string(D.Loc.Column) +
         ": " + D.Message;
}

std::string with(const std::string &From, const std::string &To) {
  std::string S = Good;
  size_t At = S.find(From);
  EXPECT_NE(At, std::string::npos) << From;
  return S.replace(At, From.size(), To);
}

TEST(FactsFile, Loads) { EXPECT_EQ(load(Good), "ok 1"); }

TEST(FactsFile, SyntaxErrorsAtLineAndColumn) {
  EXPECT_EQ(load(""), "1:1: facts file is not valid JSON: syntax error while "
                      "parsing value - unexpected end of input; expected '[', "
                      "'{', or a literal");
  EXPECT_EQ(load("[\n {\"a\": 1,\n  }\n]").substr(0, 4), "3:3:");
  EXPECT_EQ(load(std::string(100, '[')).substr(0, 48),
            "1:33: facts file nests more than 32 levels deep");
}

TEST(FactsFile, ValuesAreCheckedWhereTheyAre) {
  // Issue 14: 1e30 converted to unsigned was undefined behaviour.
  EXPECT_EQ(load(with("\"line\": 4", "\"line\": 1e30")),
            "6:40: malformed facts at /0/kernels/0/loc/line: expected an "
            "integer from 0 to 2147483647, found the number 1e+30");
  EXPECT_EQ(load(with("\"line\": 4", "\"line\": -1")).substr(0, 63),
            "6:40: malformed facts at /0/kernels/0/loc/line: expected an int");
  EXPECT_EQ(load(with("\"line\": 4", "\"line\": 4294967296")).substr(0, 5),
            "6:40:");
  EXPECT_EQ(load(with("\"insert_after_line\": 5", "\"insert_after_line\": "
                                                  "\"5\"")),
            "8:25: malformed facts at /0/kernels/0/insert_after_line: "
            "expected an integer from 0 to 2147483647, found a string");
  EXPECT_EQ(load(with("[\"CPU\"]", "[\"CPU\", null]")),
            "5:20: malformed facts at /0/kernels/0/keys/1: expected a string, "
            "found a null");
  EXPECT_EQ(load(with("\"kind\": \"structured\"", "\"kind\": \"x\"")),
            "2:23: malformed facts at /0/kernels/0/kind: expected "
            "\"structured\" or \"kernel\", found \"x\"");
  EXPECT_EQ(load(with("\"hash\": \"0123456789abcdef\"", "\"hash\": \"x\"")),
            "9:41: malformed facts at /0/files/0/hash: expected a content "
            "hash (16 lower-case hex digits), found \"x\"");
  EXPECT_EQ(load(with("\"keys\": [\"CPU\"], ", "")),
            "2:14: malformed facts at /0/kernels/0: missing member \"keys\"");
  EXPECT_EQ(load("7"), "1:1: malformed facts at /: expected an object, found "
                       "the integer 7");
  // Unknown members, at their value; keys in the pointer as RFC 6901 has
  // them (an empty key is a member, not an array index).
  EXPECT_EQ(load(with("\"line\": 4", "\"line\": 4, \"a/~b\": 1")),
            "6:51: malformed facts at /0/kernels/0/loc/a~1~0b: unknown member "
            "\"a/~b\"");
  EXPECT_EQ(load(with("\"line\": 4", "\"line\": 4, \"\": 1")),
            "6:47: malformed facts at /0/kernels/0/loc/: unknown member \"\"");
}

TEST(FactsFile, PathsAreAbsoluteAndNormalized) {
  EXPECT_EQ(load(with("\"main_file\": \"/p/a.cpp\"",
                      "\"main_file\": \"/p/../etc/passwd\"")),
            "1:16: malformed facts at /0/main_file: expected an absolute, "
            "normalized path, found \"/p/../etc/passwd\"");
  EXPECT_EQ(
      load(with("\"main_file\": \"/p/a.cpp\"", "\"main_file\": \"a.cpp\""))
          .substr(0, 5),
      "1:16:");
  EXPECT_NE(load(with("\"main_file\": \"/p/a.cpp\"",
                      "\"main_file\": \"/p/a\\u0000.cpp\""))
                .find("contains a control character"),
            std::string::npos);
}

TEST(FactsFile, ConfinedToRecordedFilesBelowTheRoot) {
  std::vector<TUFacts> Facts;
  std::vector<Diagnostic> Diags;
  ASSERT_TRUE(parseFacts(Good, "f.json", Facts, Diags));
  EXPECT_FALSE(confineFacts(Facts, 0, "/q", Diags));
  ASSERT_FALSE(Diags.empty());
  EXPECT_EQ(Diags[0].Message, "facts name '/p/a.cpp', outside the working "
                              "directory; skgen writes only below the "
                              "directory it runs in");
  Diags.clear();
  // "/p" is no prefix of "/pq".
  EXPECT_FALSE(confineFacts(Facts, 0, "/pq", Diags));
  Diags.clear();
  EXPECT_TRUE(confineFacts(Facts, 0, "/p", Diags));
  EXPECT_TRUE(confineFacts(Facts, 1, "/q", Diags)); // Scanned, not loaded.
  Facts[0].Kernels[0].InsertFile = "/p/b.cpp";
  EXPECT_FALSE(confineFacts(Facts, 0, "/p", Diags));
  EXPECT_NE(Diags.back().Message.find("not among the files"),
            std::string::npos);
}

TEST(InputFile, OnlyRegularFilesBelowTheCap) {
  std::string Error;
  EXPECT_FALSE(readRegularFile("/dev/zero", 1 << 20, Error));
  EXPECT_EQ(Error, "not a regular file (a character device)");
  EXPECT_FALSE(readRegularFile("/", 1 << 20, Error));
  EXPECT_EQ(Error, "is a directory");
  EXPECT_FALSE(readRegularFile("/etc/passwd", 1, Error));
  EXPECT_EQ(Error.substr(0, 10), "too large ");
  EXPECT_FALSE(readRegularFile("/no/such/file", 1, Error));
}

} // namespace
