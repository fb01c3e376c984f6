//===- CommandLine.cpp - Make real compile commands scannable -------------===//
#include "Scan/CommandLine.h"
#include "Basic/Annotations.h"
#include "Basic/InputFile.h"
#include "Basic/LLVMCompat.h"
#include "Basic/Path.h"
#include "Scan/GpuCommandLine.h"

#include "clang/Driver/Driver.h"
#include "clang/Driver/Options.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Option/Arg.h"
#include "llvm/Option/ArgList.h"
#include "llvm/Option/OptTable.h"
#include "llvm/Option/Option.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/StringSaver.h"

#include <algorithm>

#ifndef SKGEN_CLANG_RESOURCE_DIR
#error "SKGEN_CLANG_RESOURCE_DIR must be defined by the build"
#endif

namespace skgen {
namespace scan {

std::string clangResourceDir() {
#ifdef SKGEN_CLANG_RESOURCE_DIR_BESIDE_BINARY
  // The wheel ships the builtin headers with skgen, at the place Clang's
  // driver looks for them beside its own binary (bin/../lib/clang/<version>),
  // wherever it is installed.
  static const std::string Dir =
      clang::driver::Driver::GetResourcesPath(llvm::sys::fs::getMainExecutable(
          nullptr, reinterpret_cast<void *>(&clangResourceDir)));
  return Dir;
#else
  return SKGEN_CLANG_RESOURCE_DIR;
#endif
}

namespace opts = clang::driver::options;

/// Whether option \p O makes the compiler write a file
/// (FileWritingOptions.def).
static bool writesFile(const llvm::opt::Option &O) {
  static const unsigned IDs[] = {
#define FILE_WRITING_OPTION(ID, What) opts::OPT_##ID,
#include "Scan/FileWritingOptions.def"
  };
  return std::any_of(std::begin(IDs), std::end(IDs),
                     [&](unsigned ID) { return O.matches(ID); });
}

static bool isDropped(const llvm::opt::Arg &A) {
  const llvm::opt::Option &O = A.getOption();
  if (O.getKind() == llvm::opt::Option::UnknownClass)
    return true;
  // A scan writes nothing (behind -Xclang, -Wp, and -Xpreprocessor too:
  // dropForwardedWriters).
  if (writesFile(O))
    return true;
  switch (O.getID()) {
  // The phase: the scan's is -fsyntax-only.
  case opts::OPT_c:
  case opts::OPT_S:
  case opts::OPT_E:
  case opts::OPT_fsyntax_only:
  // A warning must not become an error of the scan.
  case opts::OPT_pedantic_errors:
    return true;
  default:
    break;
  }
  llvm::StringRef Spelling = A.getSpelling();
  if (compat::startsWith(Spelling, "-Werror"))
    return true;
  if (Spelling == "-W" && A.getNumValues() &&
      compat::startsWith(A.getValue(), "error"))
    return true;
  return false;
}

/// Which of the options passed on to Clang's frontend (the values of
/// -Xclang, and of -Wp, and -Xpreprocessor) write files: marks in \p Drop
/// the positions (in \p ByIndex) of the options that carry them, a -Wp,
/// with all its values. The frontend reads each kind's values as one
/// command line, so `-Xclang -dependency-file -Xclang f` is one option;
/// driver spellings count too (`-Wp,-MD,f` is the driver's -MD -MF f, in
/// Clang as in GCC).
static void dropForwardedWriters(
    const std::vector<std::pair<unsigned, const llvm::opt::Arg *>> &ByIndex,
    std::vector<bool> &Drop) {
  for (bool Preprocessor : {false, true}) {
    std::vector<const char *> Values;
    std::vector<size_t> Owner; // Position in ByIndex of each value's option.
    for (size_t I = 0; I < ByIndex.size(); ++I) {
      const llvm::opt::Arg &A = *ByIndex[I].second;
      bool Mine = Preprocessor
                      ? A.getOption().matches(opts::OPT_Wp_COMMA) ||
                            A.getOption().matches(opts::OPT_Xpreprocessor)
                      : A.getOption().matches(opts::OPT_Xclang);
      if (!Mine || Drop[I])
        continue;
      for (const char *V : A.getValues()) {
        Values.push_back(V);
        Owner.push_back(I);
      }
    }
    if (Values.empty())
      continue;
    unsigned MissingIndex = 0, MissingCount = 0;
    llvm::opt::InputArgList Parsed =
        compat::parseFrontendArgs(Values, MissingIndex, MissingCount);
    std::vector<unsigned> Starts;
    for (const llvm::opt::Arg *P : Parsed)
      Starts.push_back(P->getIndex());
    std::sort(Starts.begin(), Starts.end());
    for (const llvm::opt::Arg *P : Parsed) {
      if (!writesFile(P->getOption()))
        continue;
      auto Next = std::upper_bound(Starts.begin(), Starts.end(), P->getIndex());
      unsigned End = Next == Starts.end() ? Values.size() : *Next;
      for (unsigned J = P->getIndex(); J < End && J < Values.size(); ++J)
        Drop[Owner[J]] = true;
    }
    // An option whose value is missing (Clang would refuse it): dropped.
    if (MissingCount)
      for (unsigned J = MissingIndex; J < Values.size(); ++J)
        Drop[Owner[J]] = true;
  }
}

namespace {
/// A compile command (argv[0] = compiler) read by Clang's driver option
/// table.
struct ParsedCommand {
  explicit ParsedCommand(const std::vector<std::string> &Args)
      : Argv(argvOf(Args)),
        Parsed(compat::parseDriverArgs(Argv, MissingIndex, MissingCount)) {}
  static std::vector<const char *>
  argvOf(const std::vector<std::string> &Args) {
    std::vector<const char *> V;
    for (size_t I = 1; I < Args.size(); ++I)
      V.push_back(Args[I].c_str());
    return V;
  }
  std::vector<const char *> Argv; // Args without argv[0].
  unsigned MissingIndex = 0, MissingCount = 0;
  llvm::opt::InputArgList Parsed;
};
} // namespace

/// Which words of \p Cmd's argv go: every file-writing option (forwarded
/// ones too), and with \p WritersOnly false what isDropped says.
static std::vector<bool> droppedWords(const ParsedCommand &Cmd,
                                      bool WritersOnly, bool &HasResourceDir,
                                      std::vector<std::string> *Dropped) {
  const std::vector<const char *> &Argv = Cmd.Argv;
  const unsigned MissingIndex = Cmd.MissingIndex,
                 MissingCount = Cmd.MissingCount;

  // Each parsed Arg spans argv[Index, next Arg's Index).
  std::vector<std::pair<unsigned, const llvm::opt::Arg *>> ByIndex;
  for (const llvm::opt::Arg *A : Cmd.Parsed)
    ByIndex.push_back({A->getIndex(), A});
  std::sort(ByIndex.begin(), ByIndex.end(),
            [](const auto &L, const auto &R) { return L.first < R.first; });
  std::vector<bool> DropArg(ByIndex.size(), false);
  HasResourceDir = false;
  for (size_t I = 0; I < ByIndex.size(); ++I) {
    const llvm::opt::Arg &A = *ByIndex[I].second;
    if (A.getOption().matches(opts::OPT_resource_dir))
      HasResourceDir = true;
    DropArg[I] = WritersOnly ? writesFile(A.getOption()) : isDropped(A);
  }
  dropForwardedWriters(ByIndex, DropArg);
  std::vector<bool> Drop(Argv.size(), false);
  for (size_t I = 0; I < ByIndex.size(); ++I) {
    if (!DropArg[I])
      continue;
    const llvm::opt::Arg &A = *ByIndex[I].second;
    unsigned End = I + 1 < ByIndex.size() ? ByIndex[I + 1].first
                                          : static_cast<unsigned>(Argv.size());
    for (unsigned J = ByIndex[I].first; J < End && J < Argv.size(); ++J) {
      Drop[J] = true;
      if (Dropped && A.getOption().getKind() == llvm::opt::Option::UnknownClass)
        Dropped->push_back(Argv[J]);
    }
  }
  // A missing value at the end (`-o` as last argument): drop the option.
  if (MissingCount && MissingIndex < Drop.size())
    Drop[MissingIndex] = true;
  return Drop;
}

std::vector<std::string>
withoutFileWriters(const std::vector<std::string> &Args) {
  if (Args.empty())
    return Args;
  ParsedCommand Cmd(Args);
  bool HasResourceDir;
  std::vector<bool> Drop =
      droppedWords(Cmd, /*WritersOnly=*/true, HasResourceDir, nullptr);
  std::vector<std::string> Out = {Args.front()};
  for (size_t I = 0; I < Cmd.Argv.size(); ++I)
    if (!Drop[I])
      Out.push_back(Args[I + 1]);
  return Out;
}

std::vector<std::string> adjustCommandLine(const std::vector<std::string> &Args,
                                           std::vector<std::string> *Dropped) {
  if (Args.empty())
    return Args;
  ParsedCommand Cmd(Args);
  const std::vector<const char *> &Argv = Cmd.Argv;
  bool HasResourceDir;
  std::vector<bool> Drop =
      droppedWords(Cmd, /*WritersOnly=*/false, HasResourceDir, Dropped);

  std::vector<std::string> Out;
  Out.push_back(Args.front());
  Out.push_back("-fsyntax-only");
  for (size_t I = 0; I < Argv.size(); ++I)
    if (!Drop[I])
      Out.push_back(Args[I + 1]);
  // Our flags go before a `--` (after which everything is an input file;
  // interpolated commands end in `-- file`), but after the user's -W flags.
  std::vector<std::string> Extra = {"-Wno-unknown-warning-option", "-Wno-error",
                                    // Diagnostics go to skgen's consumer; no
                                    // "N errors generated." from Clang.
                                    "-fno-caret-diagnostics"};
  if (!HasResourceDir)
    Extra.push_back("-resource-dir=" + clangResourceDir());
  auto DashDash = std::find(Out.begin(), Out.end(), "--");
  Out.insert(DashDash, Extra.begin(), Extra.end());
  return Out;
}

std::string expandResponseFiles(std::vector<std::string> &Args,
                                const std::string &Directory,
                                llvm::StringRef Of) {
  // Depth[I]: how many response files Args[I] came out of.
  std::vector<unsigned> Depth(Args.size(), 0);
  for (size_t I = 1; I < Args.size();) {
    if (!compat::startsWith(Args[I], "@") || Args[I].size() == 1) {
      ++I;
      continue;
    }
    // Clang and GCC leave a missing @file as an argument, then fail on it
    // as an input ("no such file or directory: '@x'"); /dev/zero would be
    // read until memory runs out.
    std::string Path = absolutePath(Args[I].substr(1), Directory), Error;
    auto Buf = Depth[I] < MaxArgumentFileDepth
                   ? readRegularFile(Path, MaxArgumentFileBytes, Error)
                   : nullptr;
    if (!Buf)
      return "cannot read response file '" + Args[I] + "' of " + Of.str() +
             ": " +
             (Error.empty() ? "response files nested too deeply" : Error);
    llvm::BumpPtrAllocator Alloc;
    llvm::StringSaver Saver(Alloc);
    llvm::SmallVector<const char *, 16> Words;
    llvm::cl::TokenizeGNUCommandLine(Buf->getBuffer(), Saver, Words);
    unsigned D = Depth[I] + 1;
    Args.erase(Args.begin() + I);
    Depth.erase(Depth.begin() + I);
    Args.insert(Args.begin() + I, Words.begin(), Words.end());
    Depth.insert(Depth.begin() + I, Words.size(), D);
  }
  return "";
}

CommandProblems makeScannable(clang::tooling::CompileCommand &Cmd,
                              const std::string &File,
                              const std::string &BuildDir,
                              const std::vector<std::string> &Before,
                              const std::vector<std::string> &After) {
  CommandProblems P;
  Cmd.Directory = absolutePath(Cmd.Directory, BuildDir);
  P.Error = expandResponseFiles(Cmd.CommandLine, Cmd.Directory);
  if (!P.Error.empty())
    return P;
  HostCommand Host = hostCommandLine(Cmd.CommandLine, File, Cmd.Directory);
  P.Error = Host.Error;
  P.Warning = Host.Problem;
  std::vector<std::string> &Args = Cmd.CommandLine = std::move(Host.Args);
  Args.insert(Args.begin() + 1, Before.begin(), Before.end());
  Args.insert(std::find(Args.begin() + 1, Args.end(), "--"), After.begin(),
              After.end());
  Args = adjustCommandLine(Args);
  return P;
}

IncludeDirs includeDirs(const std::vector<std::string> &Args,
                        const std::string &Directory) {
  IncludeDirs Out;
  Out.Directory = Directory;
  if (Args.empty())
    return Out;
  // Clang's driver reads the command: every spelling (-Idir, -I dir,
  // --include-directory=dir, -include f, --include=f, ...) and every
  // option that takes a value which looks like one of these.
  for (size_t I = 1; I < Args.size(); ++I)
    if (compat::startsWith(Args[I], "@")) { // A response file: not read here.
      Out.Unmodeled = Args[I];
      return Out;
    }
  ParsedCommand Cmd(Args);
  for (const llvm::opt::Arg *A : Cmd.Parsed) {
    const llvm::opt::Option &O = A->getOption();
    // Where files come from, as the prefilter cannot follow it: the TU is
    // parsed (Clang reads the files).
    if (O.matches(opts::OPT_ivfsoverlay) || O.matches(opts::OPT_include_pch) ||
        O.matches(opts::OPT_F) || O.matches(opts::OPT_iframework) ||
        O.matches(opts::OPT_iframeworkwithsysroot) ||
        O.matches(opts::OPT_iprefix) || O.matches(opts::OPT_iwithprefix) ||
        O.matches(opts::OPT_iwithprefixbefore) ||
        O.matches(opts::OPT_iwithsysroot) || O.matches(opts::OPT_Xclang) ||
        O.matches(opts::OPT_Xpreprocessor) || O.matches(opts::OPT_Wp_COMMA) ||
        compat::startsWith(A->getSpelling(), "-fmodule") ||
        compat::startsWith(A->getSpelling(), "-fprebuilt-module")) {
      Out.Unmodeled = A->getAsString(Cmd.Parsed);
      return Out;
    }
    // A macro of the command that may expand to an annotation.
    if (O.matches(opts::OPT_D) &&
        llvm::StringRef(A->getValue()).contains(AnnotationMacroPrefix)) {
      Out.Unmodeled = A->getAsString(Cmd.Parsed);
      return Out;
    }
    if (!A->getNumValues())
      continue;
    llvm::StringRef V = A->getValue();
    if (O.matches(opts::OPT_include) || O.matches(opts::OPT_imacros)) {
      Out.Forced.push_back(V.str());
    } else if (O.matches(opts::OPT_I)) {
      if (compat::startsWith(V, "=") || compat::startsWith(V, "$SYSROOT")) {
        Out.Unmodeled = A->getAsString(Cmd.Parsed); // In the sysroot.
        return Out;
      }
      Out.Angled.push_back(absolutePath(V, Directory));
    } else if (O.matches(opts::OPT_iquote)) {
      Out.Quote.push_back(absolutePath(V, Directory));
    } else if (O.matches(opts::OPT_isystem) || O.matches(opts::OPT_idirafter) ||
               O.matches(opts::OPT_cxx_isystem) ||
               O.matches(opts::OPT_isystem_after)) {
      Out.System.push_back(absolutePath(V, Directory));
    }
  }
  return Out;
}

} // namespace scan
} // namespace skgen
