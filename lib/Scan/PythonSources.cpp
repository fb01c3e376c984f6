//===- PythonSources.cpp - torch.library calls in a library's Python ------===//
#include "Scan/PythonSources.h"
#include "Basic/InputFile.h"
#include "Basic/LLVMCompat.h"
#include "Basic/Path.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

namespace skgen {
namespace scan {

namespace {

/// Bounds: a tree with a virtual environment or a dataset inside must not
/// make every run slow.
constexpr unsigned MaxEntries = 20000;
constexpr uint64_t MaxPythonFileBytes = 4ull << 20;

bool skippedDirectory(llvm::StringRef Name) {
  return compat::startsWith(Name, ".") || compat::startsWith(Name, "build") ||
         compat::startsWith(Name, "cmake-build") || Name == "__pycache__" ||
         Name == "node_modules" || Name == "site-packages" || Name == "venv";
}

/// The string literal starting at \p Pos (after spaces and `(`), or "".
std::string literalAfter(llvm::StringRef Text, size_t Pos) {
  Pos = Text.find_first_not_of(" \t\r\n", Pos);
  if (Pos == llvm::StringRef::npos || Text[Pos] != '(')
    return "";
  Pos = Text.find_first_not_of(" \t\r\n", Pos + 1);
  if (Pos == llvm::StringRef::npos || (Text[Pos] != '"' && Text[Pos] != '\''))
    return "";
  size_t End = Text.find(Text[Pos], Pos + 1);
  if (End == llvm::StringRef::npos)
    return "";
  return Text.slice(Pos + 1, End).str();
}

const struct {
  llvm::StringRef Function;
  PythonRegistration::Kind K;
} Calls[] = {{"register_fake", PythonRegistration::Kind::Fake},
             {"impl_abstract", PythonRegistration::Kind::Fake},
             {"register_autograd", PythonRegistration::Kind::Autograd}};

} // namespace

std::vector<PythonRegistration> pythonRegistrations(const std::string &Root) {
  std::vector<PythonRegistration> Out;
  if (Root.empty())
    return Out;
  std::error_code EC;
  unsigned Entries = 0;
  for (llvm::sys::fs::recursive_directory_iterator It(Root, EC), End;
       It != End && !EC && Entries < MaxEntries; It.increment(EC), ++Entries) {
    llvm::StringRef Path = It->path();
    llvm::StringRef Name = llvm::sys::path::filename(Path);
    if (It->type() == llvm::sys::fs::file_type::directory_file) {
      if (skippedDirectory(Name))
        It.no_push();
      continue;
    }
    if (!compat::endsWith(Name, ".py"))
      continue;
    std::string Error;
    std::unique_ptr<llvm::MemoryBuffer> Buf =
        readRegularFile(Path.str(), MaxPythonFileBytes, Error);
    if (!Buf)
      continue;
    llvm::StringRef Text = Buf->getBuffer();
    for (const auto &C : Calls)
      for (size_t Pos = Text.find(C.Function); Pos != llvm::StringRef::npos;
           Pos = Text.find(C.Function, Pos + C.Function.size())) {
        std::string Op = literalAfter(Text, Pos + C.Function.size());
        if (Op.find("::") == std::string::npos)
          continue;
        llvm::StringRef Before = Text.substr(0, Pos);
        unsigned Line = 1 + Before.count('\n');
        unsigned Column = Pos - (Before.rfind('\n') + 1) + 1;
        Out.push_back({C.K, std::move(Op),
                       SourceLoc{normalizedPath(Path.str()), Line, Column}});
      }
  }
  return Out;
}

bool namesOperator(const std::string &Written, const std::string &Qualified,
                   const std::string &Overload) {
  if (Written == Qualified + (Overload.empty() ? "" : "." + Overload))
    return true;
  return Overload.empty() && Written == Qualified + ".default";
}

} // namespace scan
} // namespace skgen
