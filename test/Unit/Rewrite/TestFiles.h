//===- TestFiles.h - Files for the Rewrite unit tests -----------*- C++ -*-===//
#ifndef SKGEN_TEST_UNIT_REWRITE_TESTFILES_H
#define SKGEN_TEST_UNIT_REWRITE_TESTFILES_H

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

#include <string>

namespace skgen {
namespace test {

/// A fresh directory, removed with everything in it.
class TempDir {
public:
  TempDir() {
    llvm::SmallString<128> P;
    EXPECT_FALSE(llvm::sys::fs::createUniqueDirectory("skgen-rewrite-test", P));
    Path = std::string(P);
  }
  ~TempDir() { llvm::sys::fs::remove_directories(Path); }
  std::string file(const std::string &Name) const { return Path + "/" + Name; }
  std::string Path;
};

inline void writeFile(const std::string &Path, const std::string &Content) {
  std::error_code EC;
  llvm::raw_fd_ostream OS(Path, EC);
  ASSERT_FALSE(EC) << Path;
  OS << Content;
}

/// The file's content, or "<missing>".
inline std::string readFile(const std::string &Path) {
  auto B = llvm::MemoryBuffer::getFile(Path, false, false, true);
  if (!B)
    return "<missing>";
  return (*B)->getBuffer().str();
}

} // namespace test
} // namespace skgen

#endif
