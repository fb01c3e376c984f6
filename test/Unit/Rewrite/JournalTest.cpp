//===- JournalTest.cpp - Lock files are untrusted input -------------------===//
#include "Rewrite/Journal.h"
#include "TestFiles.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

#include <sys/stat.h>
#include <unistd.h>

using namespace skgen;
using namespace skgen::rewrite;
namespace fs = llvm::sys::fs;

namespace {

using skgen::test::TempDir;
using skgen::test::writeFile;

/// A FIFO or /dev/zero must not hang the test: SIGALRM ends it instead.
struct HangGuard {
  HangGuard() { ::alarm(60); }
  ~HangGuard() { ::alarm(0); }
};

Journal sample() {
  Journal J;
  J.Id = "0123abcd";
  J.Pid = 4242;
  JournalEntry E;
  E.Path = "/p/a.cpp";
  E.OldHash = "";
  E.NewHash = "0123456789abcdef";
  E.Created = true;
  J.Files = {E};
  J.Dirs = {"/p"};
  return J;
}

TEST(Journal, FormatIsStable) {
  // Lock files of an older skgen (llvm::json wrote them) must stay readable.
  EXPECT_EQ(
      sample().toJSON(),
      R"({"dirs":["/p"],"files":[{"created":true,"new":"0123456789abcdef",)"
      R"("old":"","path":"/p/a.cpp"}],"id":"0123abcd","pid":4242,)"
      R"("skgen-journal":1})"
      "\n");
  TempDir D;
  writeFile(D.file("l"), sample().toJSON());
  Journal J;
  Diagnostic Why;
  ASSERT_EQ(readLockFile(D.file("l"), J, Why), LockContent::Journal)
      << Why.Message;
  EXPECT_EQ(J.toJSON(), sample().toJSON());
}

/// What reading \p Content as a lock file gives: `journal`, or
/// `incomplete|foreign LINE:COL: message`.
std::string read(const std::string &Content) {
  TempDir D;
  writeFile(D.file("l"), Content);
  Journal J;
  Diagnostic Why;
  switch (readLockFile(D.file("l"), J, Why)) {
  case LockContent::Journal:
    return "journal";
  case LockContent::Incomplete:
    return "incomplete " + std::to_string(Why.Loc.Line) + ":" +
           std::to_string(Why.Loc.Column) + ": " + Why.Message;
  case LockContent::Foreign:
    return "foreign " + std::to_string(Why.Loc.Line) + ":" +
           std::to_string(Why.Loc.Column) + ": " + Why.Message;
  }
  return "?";
}

TEST(Journal, EveryMemberIsChecked) {
  const std::string Good = sample().toJSON();
  // Good with \p From replaced by \p To must be a foreign lock file, the
  // error at \p Value (in To), saying \p Message.
  auto Rejects = [&](const std::string &From, const std::string &To,
                     const std::string &Value, const std::string &Message) {
    std::string S = Good;
    size_t At = S.find(From);
    EXPECT_NE(At, std::string::npos) << From;
    S.replace(At, From.size(), To);
    size_t Column = At + To.find(Value) + 1;
    EXPECT_EQ(read(S), "foreign 1:" + std::to_string(Column) + ": " + Message);
  };
  EXPECT_EQ(read(""), "incomplete 1:1: lock file is not valid JSON: syntax "
                      "error while parsing value - unexpected end of input; "
                      "expected '[', '{', or a literal");
  EXPECT_EQ(read(Good.substr(0, 20)).substr(0, 11), "incomplete ");
  EXPECT_EQ(read(std::string(9, '[') + std::string(9, ']')),
            "incomplete 1:9: lock file nests more than 8 levels deep");
  const std::string Integer = "expected an integer from 0 to 2147483647, ";
  Rejects("\"pid\":4242", "\"pid\":1e30", "1e30",
          "malformed lock file at /pid: " + Integer + "found the number 1e+30");
  Rejects("\"pid\":4242", "\"pid\":-1", "-1",
          "malformed lock file at /pid: " + Integer + "found the integer -1");
  Rejects("\"skgen-journal\":1", "\"skgen-journal\":2", "2",
          "malformed lock file at /skgen-journal: expected 1, found the "
          "integer 2");
  Rejects("\"id\":\"0123abcd\"", "\"id\":\"../x\"", "\"../x\"",
          "malformed lock file at /id: expected 8 hex digits, found "
          "\"../x\"");
  Rejects("\"path\":\"/p/a.cpp\"", "\"path\":\"a.cpp\"", "\"a.cpp\"",
          "malformed lock file at /files/0/path: expected an absolute, "
          "normalized path, found \"a.cpp\"");
  Rejects("\"old\":\"\"", "\"old\":\"x\"", "\"x\"",
          "malformed lock file at /files/0/old: expected a content hash (16 "
          "lower-case hex digits), found \"x\"");
  Rejects("\"new\":\"0123456789abcdef\"", "\"new\":\"\"", "\"\"",
          "malformed lock file at /files/0/new: expected a content hash (16 "
          "lower-case hex digits), found an empty string");
  Rejects("\"created\":true", "\"created\":1", "1",
          "malformed lock file at /files/0/created: expected true or false, "
          "found the integer 1");
  Rejects("\"dirs\":[\"/p\"]", "\"dirs\":[5]", "5",
          "malformed lock file at /dirs/0: expected a string, found the "
          "integer 5");
  Rejects("\"files\":[{", "\"files\":[7,{", "7",
          "malformed lock file at /files/0: expected an object, found the "
          "integer 7");
  Rejects("\"id\"", "\"run\":0,\"id\"", "0",
          "malformed lock file at /run: unknown member \"run\"");
}

TEST(Recover, ALockFileThatIsAFIFODoesNotBlock) {
  HangGuard G;
  TempDir D;
  std::string A = D.file("a.cpp");
  writeFile(A, "x\n");
  ASSERT_EQ(::mkfifo(lockPath(A).c_str(), 0600), 0);
  EXPECT_EQ(lockStatus(A), LockStatus::NotAFile);
  for (bool Repair : {false, true}) {
    std::vector<Diagnostic> Diags;
    EXPECT_FALSE(recoverPath(A, Repair, Diags));
    ASSERT_EQ(Diags.size(), 1u);
    EXPECT_NE(Diags[0].Message.find("is not one skgen wrote"),
              std::string::npos);
    ASSERT_EQ(Diags[0].Notes.size(), 1u);
    EXPECT_NE(Diags[0].Notes[0].Message.find("not a regular file (a FIFO)"),
              std::string::npos);
  }
  struct stat S;
  EXPECT_EQ(::lstat(lockPath(A).c_str(), &S), 0); // Left to the user.
}

TEST(Recover, ALockFileOnDevZeroIsNotRead) {
  HangGuard G;
  TempDir D;
  std::string A = D.file("a.cpp");
  writeFile(A, "x\n");
  ASSERT_EQ(::symlink("/dev/zero", lockPath(A).c_str()), 0);
  std::vector<Diagnostic> Diags;
  EXPECT_FALSE(recoverPath(A, /*Repair=*/true, Diags));
  ASSERT_EQ(Diags.size(), 1u);
  ASSERT_EQ(Diags[0].Notes.size(), 1u);
  EXPECT_NE(
      Diags[0].Notes[0].Message.find("not a regular file (a character device)"),
      std::string::npos);
}

TEST(Recover, AForgedLockFileIsLeftWithThePosition) {
  TempDir D;
  std::string A = D.file("a.cpp");
  writeFile(A, "x\n");
  writeFile(lockPath(A), "{\"skgen-journal\": 1, \"id\": \"0123abcd\",\n"
                         " \"files\": [{\"path\": 5}]}\n");
  std::vector<Diagnostic> Diags;
  EXPECT_FALSE(recoverPath(A, /*Repair=*/true, Diags));
  ASSERT_EQ(Diags.size(), 1u);
  ASSERT_EQ(Diags[0].Notes.size(), 1u);
  const Diagnostic &N = Diags[0].Notes[0];
  EXPECT_EQ(N.Loc.File, lockPath(A));
  EXPECT_EQ(N.Loc.Line, 2u);
  EXPECT_EQ(N.Loc.Column, 21u);
  EXPECT_EQ(N.Message, "malformed lock file at /files/0/path: expected a "
                       "string, found the integer 5");
  EXPECT_TRUE(fs::exists(lockPath(A)));
}

TEST(Recover, ATornLockFileIsRemoved) {
  // The run died between creating its first lock file and writing it.
  TempDir D;
  std::string A = D.file("a.cpp");
  writeFile(A, "x\n");
  writeFile(lockPath(A), "{\"skgen-journal\": 1, \"id\": \"01");
  std::vector<Diagnostic> Diags;
  EXPECT_TRUE(recoverPath(A, /*Repair=*/true, Diags));
  ASSERT_EQ(Diags.size(), 1u);
  EXPECT_EQ(Diags[0].Severity, Diagnostic::Level::Warning);
  EXPECT_NE(Diags[0].Message.find("removed the incomplete lock file"),
            std::string::npos);
  EXPECT_FALSE(fs::exists(lockPath(A)));
}

} // namespace
