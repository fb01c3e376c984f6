//===- Config.cpp - .skgen.yaml: the options a library runs with ----------===//
#include "Driver/Config.h"
#include "Basic/DispatchKeys.h"
#include "Basic/InputFile.h"
#include "Basic/Path.h"
#include "Driver/Driver.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/YAMLTraits.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cctype>
#include <map>

namespace llvm {
namespace yaml {
template <> struct MappingTraits<skgen::Config> {
  static void mapping(IO &IO, skgen::Config &C) {
    // std::string with an empty default (elided on output): YAML I/O of
    // std::optional exists only from LLVM 16 on.
    IO.mapOptional("AliasKey", C.AliasKey, std::string());
    IO.mapOptional("Abi", C.Abi, std::string());
    IO.mapOptional("PythonDefs", C.PythonDefs, std::string());
    IO.mapOptional("Output", C.Output, std::string());
    IO.mapOptional("Facts", C.Facts);
    IO.mapOptional("ExtraArgs", C.ExtraArgs);
    IO.mapOptional("ExtraArgsBefore", C.ExtraArgsBefore);
    IO.mapOptional("OwnedNamespaces", C.OwnedNamespaces);
    IO.mapOptional("AotiShims", C.AotiShims, std::string());
  }
};
} // namespace yaml
} // namespace llvm

namespace skgen {

const char ConfigFileName[] = ".skgen.yaml";

std::string findConfigFile(const std::string &Dir) {
  std::string D = absolutePath(Dir);
  for (llvm::StringRef Cur = D; !Cur.empty();
       Cur = llvm::sys::path::parent_path(Cur)) {
    llvm::SmallString<256> F(Cur);
    llvm::sys::path::append(F, ConfigFileName);
    if (llvm::sys::fs::is_regular_file(F))
      return std::string(F);
  }
  return "";
}

/// 1-based line of the first line of \p Text that starts with \p Key.
static unsigned keyLine(llvm::StringRef Text, llvm::StringRef Key) {
  unsigned Line = 1;
  while (!Text.empty()) {
    auto [L, Rest] = Text.split('\n');
    if (L.ltrim().substr(0, Key.size()) == Key)
      return Line;
    Text = Rest;
    ++Line;
  }
  return 1;
}

bool loadConfig(const std::string &Path, Config &C,
                std::vector<Diagnostic> &Diags) {
  std::string Error;
  std::unique_ptr<llvm::MemoryBuffer> Buf =
      readRegularFile(Path, MaxConfigFileBytes, Error);
  if (!Buf) {
    Diags.push_back(errorAt(SourceLoc(), "cannot read configuration '" + Path +
                                             "': " + Error));
    return false;
  }
  llvm::StringRef Text = Buf->getBuffer();
  C = Config();
  C.Path = Path;
  if (Text.trim().empty())
    return true;
  struct Ctx {
    const std::string &Path;
    std::vector<Diagnostic> &Diags;
  } Context{Path, Diags};
  size_t Before = Diags.size();
  llvm::yaml::Input In(
      Text, nullptr,
      [](const llvm::SMDiagnostic &D, void *P) {
        Ctx &X = *static_cast<Ctx *>(P);
        if (D.getKind() != llvm::SourceMgr::DK_Error)
          return;
        X.Diags.push_back(
            errorAt(SourceLoc{X.Path, unsigned(std::max(1, D.getLineNo())),
                              unsigned(D.getColumnNo() + 1)},
                    D.getMessage().str()));
      },
      &Context);
  In >> C;
  if (In.error()) {
    if (Diags.size() == Before)
      Diags.push_back(errorAt(SourceLoc{Path, 1, 1}, "invalid configuration: " +
                                                         In.error().message()));
    return false;
  }
  std::string Dir = std::string(llvm::sys::path::parent_path(Path));
  bool Ok = true;
  if (!C.AliasKey.empty() && !isGeneratedAliasKey(C.AliasKey)) {
    Diags.push_back(errorAt(SourceLoc{Path, keyLine(Text, "AliasKey"), 1},
                            generatedAliasKeyError("AliasKey", C.AliasKey)));
    Ok = false;
  }
  if (!C.Abi.empty() && !parseAbi(C.Abi)) {
    Diags.push_back(
        errorAt(SourceLoc{Path, keyLine(Text, "Abi"), 1},
                "Abi takes 'libtorch' or 'stable', not '" + C.Abi + "'"));
    Ok = false;
  }
  if (!C.Output.empty())
    C.Output = absolutePath(C.Output, Dir);
  if (!C.PythonDefs.empty())
    C.PythonDefs = absolutePath(C.PythonDefs, Dir);
  if (!C.AotiShims.empty())
    C.AotiShims = absolutePath(C.AotiShims, Dir);
  for (std::string &F : C.Facts)
    F = absolutePath(F, Dir);
  for (const std::string &NS : C.OwnedNamespaces) {
    bool Ident = !NS.empty() && !isdigit(static_cast<unsigned char>(NS[0]));
    for (char Ch : NS)
      Ident &= isalnum(static_cast<unsigned char>(Ch)) || Ch == '_';
    if (!Ident) {
      Diags.push_back(
          errorAt(SourceLoc{Path, keyLine(Text, "OwnedNamespaces"), 1},
                  "OwnedNamespaces: '" + NS + "' is not a namespace name"));
      Ok = false;
    }
  }
  return Ok;
}

bool findAndLoadConfig(const std::vector<std::string> &Sources,
                       const std::string &WorkingDir,
                       const std::string &Explicit, Config &C,
                       std::vector<Diagnostic> &Diags) {
  C = Config();
  std::string Path;
  if (!Explicit.empty()) {
    Path = absolutePath(Explicit, WorkingDir);
    // Anything else than a regular file: loadConfig says what it is.
    if (!llvm::sys::fs::exists(Path)) {
      Diags.push_back(errorAt(SourceLoc(), "--config-file: no such file '" +
                                               Explicit + "'"));
      return false;
    }
  } else if (Sources.empty()) {
    Path = findConfigFile(WorkingDir);
  } else {
    // One run, one library: every source must find the same file.
    std::map<std::string, std::string> FirstSource; // Config -> source.
    for (const std::string &S : Sources) {
      std::string F =
          findConfigFile(std::string(llvm::sys::path::parent_path(S)));
      FirstSource.emplace(F, S);
    }
    if (FirstSource.size() > 1) {
      Diagnostic D = errorAt(SourceLoc(), "the sources belong to different "
                                          "skgen configurations; run skgen "
                                          "once per library (or pass "
                                          "--config-file)");
      for (const auto &[F, S] : FirstSource)
        D.Notes.push_back(noteAt(
            F.empty() ? SourceLoc{S, 1, 1} : SourceLoc{F, 1, 1},
            F.empty() ? "this source has no " + std::string(ConfigFileName)
                      : "configuration of '" + S + "'"));
      Diags.push_back(D);
      return false;
    }
    Path = FirstSource.begin()->first;
  }
  if (Path.empty())
    return true;
  return loadConfig(Path, C, Diags);
}

std::string dumpConfig(const Config &C, const std::string &BaseDir) {
  auto Rel = [&](const std::string &P) {
    llvm::StringRef S(P);
    std::string Prefix =
        BaseDir.empty() || BaseDir.back() == '/' ? BaseDir : BaseDir + "/";
    if (!Prefix.empty() && S.size() > Prefix.size() &&
        S.substr(0, Prefix.size()) == Prefix)
      return S.drop_front(Prefix.size()).str();
    return P;
  };
  Config Out = C;
  if (!Out.Output.empty())
    Out.Output = Rel(Out.Output);
  if (!Out.PythonDefs.empty())
    Out.PythonDefs = Rel(Out.PythonDefs);
  if (!Out.AotiShims.empty())
    Out.AotiShims = Rel(Out.AotiShims);
  for (std::string &F : Out.Facts)
    F = Rel(F);
  std::string S;
  llvm::raw_string_ostream OS(S);
  if (!C.Path.empty())
    OS << "# " << C.Path << " and the command line\n";
  else
    OS << "# no " << ConfigFileName << "; the command line\n";
  llvm::yaml::Output Y(OS, nullptr, /*WrapColumn=*/0);
  Y << Out;
  OS.flush();
  return S;
}

void applyConfig(const Config &C, const ConfigFlags &Flags,
                 DriverOptions &Opts) {
  auto Concat = [](std::vector<std::string> A,
                   const std::vector<std::string> &B) {
    A.insert(A.end(), B.begin(), B.end());
    return A;
  };
  Opts.FactsInputs = Concat(C.Facts, Flags.Facts);
  Opts.ExtraArgs = Concat(C.ExtraArgs, Flags.ExtraArgs);
  Opts.ExtraArgsBefore = Concat(C.ExtraArgsBefore, Flags.ExtraArgsBefore);
  Opts.OwnedNamespaces = C.OwnedNamespaces;
  Opts.ConfigPath = C.Path;
  Opts.OutputFile = Flags.Output ? *Flags.Output : C.Output;
  Opts.PythonDefsFile = Flags.PythonDefs ? *Flags.PythonDefs : C.PythonDefs;
  Opts.AotiShimsFile = Flags.AotiShims ? *Flags.AotiShims : C.AotiShims;
  if (Flags.AliasKey)
    Opts.AliasKey = *Flags.AliasKey;
  else if (!C.AliasKey.empty())
    Opts.AliasKey = C.AliasKey;
  if (Flags.Abi)
    Opts.Abi = *Flags.Abi;
  else if (std::optional<Abi> A = parseAbi(C.Abi))
    Opts.Abi = *A;
}

std::string dumpEffectiveConfig(const Config &C, const DriverOptions &Opts) {
  Config Effective = C;
  Effective.AliasKey = Opts.AliasKey;
  Effective.Abi = Opts.Abi == Abi::Stable ? abiName(Opts.Abi) : "";
  Effective.Output =
      Opts.OutputFile.empty() ? std::string() : absolutePath(Opts.OutputFile);
  Effective.PythonDefs = Opts.PythonDefsFile.empty()
                             ? std::string()
                             : absolutePath(Opts.PythonDefsFile);
  Effective.AotiShims = Opts.AotiShimsFile.empty()
                            ? std::string()
                            : absolutePath(Opts.AotiShimsFile);
  Effective.Facts.clear();
  for (const std::string &F : Opts.FactsInputs)
    Effective.Facts.push_back(absolutePath(F));
  Effective.ExtraArgs = Opts.ExtraArgs;
  Effective.ExtraArgsBefore = Opts.ExtraArgsBefore;
  return dumpConfig(Effective,
                    C.Path.empty()
                        ? Opts.BaseDir
                        : std::string(llvm::sys::path::parent_path(C.Path)));
}

} // namespace skgen
