//===- PythonFakes.cpp - Python fakes that replace generated Meta kernels -===//
#include "Driver/PythonFakes.h"
#include "Basic/InputFile.h"
#include "Basic/LLVMCompat.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <map>

namespace skgen {

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

} // namespace

std::vector<Diagnostic> pythonFakeWarnings(const graph::OpGraph &G,
                                           const std::string &Root) {
  // Each operator name a fake may use (`ns::op`, `ns::op.overload`), with
  // the family that gives it a Meta kernel.
  std::map<std::string, const graph::Family *> WithMeta;
  for (const graph::Family &F : G.Families) {
    bool Meta = graph::generatesMetaKernels(F);
    for (const graph::Kernel &K : F.Kernels)
      Meta |= K.Key == keys::Meta;
    if (!Meta || F.Options.External)
      continue;
    for (const auto &V : graph::variantNames(F)) {
      WithMeta.emplace(V.first->str(), &F);
      WithMeta.emplace(V.first->qualifiedName(), &F);
      if (V.first->Overload.empty()) // torch.ops' name of it
        WithMeta.emplace(V.first->qualifiedName() + ".default", &F);
    }
  }
  std::vector<Diagnostic> Out;
  if (WithMeta.empty() || Root.empty())
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
    for (llvm::StringRef Call : {"register_fake", "impl_abstract"}) {
      for (size_t Pos = Text.find(Call); Pos != llvm::StringRef::npos;
           Pos = Text.find(Call, Pos + Call.size())) {
        auto Found = WithMeta.find(literalAfter(Text, Pos + Call.size()));
        if (Found == WithMeta.end())
          continue;
        llvm::StringRef Before = Text.substr(0, Pos);
        unsigned Line = 1 + Before.count('\n');
        unsigned Column = Pos - (Before.rfind('\n') + 1) + 1;
        const graph::Family &F = *Found->second;
        Diagnostic D = warningAt(
            SourceLoc{normalizedPath(Path.str()), Line, Column},
            "this Python fake of '" + Found->first +
                "' replaces the Meta kernel skgen registers for it: meta "
                "tensors, FakeTensorMode and torch.compile run the fake, "
                "never the family's meta function; delete it");
        D.Notes.push_back(noteAt(
            F.DeclLoc, "'" + F.name().str() +
                           "' gets its Meta kernel here (keep the fake with "
                           "SKGEN_NO_META_KERNEL on the family, if the meta "
                           "function is not meant to serve)"));
        Out.push_back(std::move(D));
      }
    }
  }
  return Out;
}

} // namespace skgen
