//===- CommandLine.cpp - Make real compile commands scannable -------------===//
#include "Scan/CommandLine.h"
#include "Basic/Annotations.h"
#include "Basic/LLVMCompat.h"
#include "Basic/Path.h"
#include "Scan/GpuCommandLine.h"

#include "clang/Driver/Options.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Option/Arg.h"
#include "llvm/Option/ArgList.h"
#include "llvm/Option/OptTable.h"
#include "llvm/Option/Option.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <algorithm>

#ifndef SKGEN_CLANG_RESOURCE_DIR
#error "SKGEN_CLANG_RESOURCE_DIR must be defined by the build"
#endif

namespace skgen {
namespace scan {

std::string clangResourceDir() { return SKGEN_CLANG_RESOURCE_DIR; }

namespace opts = clang::driver::options;

static bool isDropped(const llvm::opt::Arg &A) {
  const llvm::opt::Option &O = A.getOption();
  if (O.getKind() == llvm::opt::Option::UnknownClass)
    return true;
  switch (O.getID()) {
  // Outputs and dependency files: a scan writes nothing.
  case opts::OPT_o:
  case opts::OPT_M:
  case opts::OPT_MM:
  case opts::OPT_MD:
  case opts::OPT_MMD:
  case opts::OPT_MF:
  case opts::OPT_MT:
  case opts::OPT_MQ:
  case opts::OPT_MP:
  case opts::OPT_MG:
  case opts::OPT_MJ:
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

std::vector<std::string> adjustCommandLine(const std::vector<std::string> &Args,
                                           std::vector<std::string> *Dropped) {
  if (Args.empty())
    return Args;
  ParsedCommand Cmd(Args);
  const std::vector<const char *> &Argv = Cmd.Argv;
  const llvm::opt::InputArgList &Parsed = Cmd.Parsed;
  const unsigned MissingIndex = Cmd.MissingIndex,
                 MissingCount = Cmd.MissingCount;

  // Each parsed Arg spans argv[Index, next Arg's Index).
  std::vector<std::pair<unsigned, const llvm::opt::Arg *>> ByIndex;
  for (const llvm::opt::Arg *A : Parsed)
    ByIndex.push_back({A->getIndex(), A});
  std::sort(ByIndex.begin(), ByIndex.end(),
            [](const auto &L, const auto &R) { return L.first < R.first; });
  std::vector<bool> Drop(Argv.size(), false);
  bool HasResourceDir = false;
  for (size_t I = 0; I < ByIndex.size(); ++I) {
    const llvm::opt::Arg &A = *ByIndex[I].second;
    if (A.getOption().matches(opts::OPT_resource_dir))
      HasResourceDir = true;
    if (!isDropped(A))
      continue;
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

std::string makeScannable(clang::tooling::CompileCommand &Cmd,
                          const std::string &File, const std::string &BuildDir,
                          const std::vector<std::string> &Before,
                          const std::vector<std::string> &After) {
  Cmd.Directory = absolutePath(Cmd.Directory, BuildDir);
  HostCommand Host = hostCommandLine(Cmd.CommandLine, File, Cmd.Directory);
  std::vector<std::string> &Args = Cmd.CommandLine = std::move(Host.Args);
  Args.insert(Args.begin() + 1, Before.begin(), Before.end());
  Args.insert(std::find(Args.begin() + 1, Args.end(), "--"), After.begin(),
              After.end());
  Args = adjustCommandLine(Args);
  return Host.Problem;
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
