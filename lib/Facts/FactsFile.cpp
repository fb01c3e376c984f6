//===- FactsFile.cpp - Reading untrusted facts files ----------------------===//
#include "Facts/FactsFile.h"
#include "Basic/InputFile.h"
#include "Basic/JSONMapping.h"
#include "Basic/LLVMCompat.h"
#include "Facts/FactsBinding.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <set>

namespace skgen {

bool parseFacts(llvm::StringRef Text, const std::string &Name,
                std::vector<TUFacts> &Out, std::vector<Diagnostic> &Diags) {
  nlohmann::json J;
  if (!parseJSONText(Text, Name, "facts file", MaxFactsNesting, J, Diags))
    return false;
  JSONMappingError Error;
  if (!readFacts(J, Out, Error)) {
    Diags.push_back(mappingDiagnostic(Error, Name, Text, "facts"));
    return false;
  }
  return true;
}

bool readFactsFile(const std::string &Path, std::vector<TUFacts> &Out,
                   std::vector<Diagnostic> &Diags) {
  std::string Error;
  std::unique_ptr<llvm::MemoryBuffer> Buf =
      readRegularFile(Path, MaxFactsFileBytes, Error);
  if (!Buf) {
    Diags.push_back(errorAt(SourceLoc(),
                            "cannot read facts file '" + Path + "': " + Error));
    return false;
  }
  return parseFacts(Buf->getBuffer(), Path, Out, Diags);
}

/// Where generated code for \p K goes (as Graph and Gen decide it).

/// \p P with symbolic links resolved as far as the path exists.
static std::string resolved(const std::string &P) {
  llvm::SmallString<256> Real;
  if (!llvm::sys::fs::real_path(P, Real))
    return std::string(Real);
  // A file that does not exist (yet): resolve its directory.
  llvm::StringRef Parent = llvm::sys::path::parent_path(P);
  if (Parent.empty() || Parent == P)
    return P;
  llvm::SmallString<256> Dir(resolved(Parent.str()));
  llvm::sys::path::append(Dir, llvm::sys::path::filename(P));
  return std::string(Dir);
}

static bool isWithin(llvm::StringRef Path, llvm::StringRef Root) {
  if (!compat::startsWith(Path, Root))
    return false;
  return Path.size() == Root.size() || compat::endsWith(Root, "/") ||
         Path[Root.size()] == '/';
}

bool confineFacts(const std::vector<TUFacts> &Facts, size_t First,
                  const std::string &Root, std::vector<Diagnostic> &Diags) {
  const size_t Before = Diags.size();
  const std::string RealRoot = resolved(Root);
  std::set<std::string> Checked;
  // Diagnostics without a location: never quote a line of such a file.
  auto Check = [&](const std::string &P) {
    if (P.empty() || !Checked.insert(P).second)
      return;
    if (!isWithin(resolved(P), RealRoot)) {
      Diagnostic D = errorAt(SourceLoc(),
                             "facts name '" + P +
                                 "', outside the working directory; skgen "
                                 "writes only below the directory it runs in");
      D.Notes.push_back(
          noteAt(SourceLoc(), "the working directory is '" + Root + "'"));
      Diags.push_back(D);
      return;
    }
    llvm::sys::fs::file_status St;
    if (!llvm::sys::fs::status(P, St) &&
        St.type() != llvm::sys::fs::file_type::regular_file)
      Diags.push_back(errorAt(
          SourceLoc(), "facts name '" + P + "', which is not a regular file"));
  };
  for (size_t I = First; I < Facts.size(); ++I) {
    const TUFacts &T = Facts[I];
    Check(T.MainFile);
    std::set<std::string> Recorded;
    for (const TUFacts::FileState &F : T.Files) {
      Recorded.insert(F.Path);
      Check(F.Path);
    }
    for (const KernelFact &K : T.Kernels) {
      const std::string &P = K.placementFile();
      if (!Recorded.count(P)) {
        Diags.push_back(errorAt(
            K.AnnotationLoc.valid() ? K.AnnotationLoc : SourceLoc{P, 1, 1},
            "malformed facts: generated code for '" + K.CppName +
                "' would go into '" + P +
                "', which is not among the files its translation unit "
                "read (\"files\")"));
        continue;
      }
    }
    // Their text is what the files hold (no location: never quote a line
    // of such a file).
    if (Diags.size() == Before) {
      std::string Why = unboundPlacement(T);
      if (!Why.empty())
        Diags.push_back(errorAt(SourceLoc(), "malformed facts: " + Why));
    }
  }
  return Diags.size() == Before;
}

} // namespace skgen
