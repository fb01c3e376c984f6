//===- FormulaCheck.cpp - Derivative formulas compiled at scan time -------===//
//
// The check source (see FormulaCheck.h) keeps each formula's text verbatim,
// on lines of its own, and remembers where: a diagnostic's offset in the
// check source says which formula and which byte of it, and the formula's
// pieces say where that byte is written. Around each formula, the function's
// parameter list (the scope: errors there are the check's own) and the
// conversion to the result type (errors there are the formula's: it gives the
// wrong type or the wrong number of values).
//
//===----------------------------------------------------------------------===//
#include "Scan/FormulaCheck.h"
#include "Basic/LLVMCompat.h"
#include "Basic/Path.h"
#include "Incremental/Preamble.h"
#include "Scan/AnnotationVisitor.h"
#include "Scan/Parse.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/AST/Decl.h"
#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/DiagnosticLex.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/PreprocessorOptions.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/VirtualFileSystem.h"

#include <algorithm>
#include <memory>
#include <set>

namespace skgen {
namespace scan {

using namespace incremental;
namespace {

//===----------------------------------------------------------------------===//
// The check source
//===----------------------------------------------------------------------===//

/// Where formula I's function is in the check source: [Begin, Body) is the
/// signature, [Body, Text) and (TextEnd, End) the conversion, [Text, TextEnd]
/// the formula (TextEnd: the position after its last byte).
struct Region {
  unsigned Begin = 0, Body = 0, Text = 0, TextEnd = 0, End = 0;
};

/// The text the static assertion of a group formula fails with; the error is
/// reported with a message of its own (Clang's wording of a failed assertion
/// differs between versions).
const char GroupArityMarker[] = "skgen: wrong number of values";

/// After the main file: the headers generated code includes for the
/// formulas (when on the include path), and the helpers of group formulas:
/// the number of values a tuple-like type holds (-1: not a tuple), and a
/// stand-in of the right arity after a formula of the wrong one (so that the
/// assertion is the only error).
const char CheckPrelude[] = R"(#include <array>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>
)";
/// The runtime's formula headers, per ABI (Facts/Derivatives.h,
/// formulaTensorType): libtorch's, or skgen/stable/formulas.h.
const char LibtorchFormulaHeaders[] = R"(#ifdef __has_include
#if __has_include(<skgen/autograd.h>)
#include <skgen/autograd.h>
#endif
#if __has_include(<skgen/symint.h>)
#include <skgen/symint.h>
#endif
#if __has_include(<skgen/formulas.h>)
#include <skgen/formulas.h>
#endif
#endif
)";
const char StableFormulaHeaders[] = R"(#ifdef __has_include
#if __has_include(<skgen/stable/formulas.h>)
#include <skgen/stable/formulas.h>
#endif
#endif
)";
const char CheckHelpers[] = R"(namespace skgen { namespace formulas {} }
namespace skgen_formula_check {
template <class T, class = void> struct arity {
  static constexpr long value = -1;
};
template <class T> struct arity<T, decltype(void(std::tuple_size<T>::value))> {
  static constexpr long value = static_cast<long>(std::tuple_size<T>::value);
};
template <class R, class T> T &&group(T &&v, std::true_type) {
  return static_cast<T &&>(v);
}
template <class R, class T> R group(T &&, std::false_type) { return R(); }
} // namespace skgen_formula_check
)";

/// The check source of \p Formulas, and each one's region.
std::string checkSource(const std::string &MainFile,
                        const std::vector<FormulaToCheck> &Formulas,
                        std::vector<Region> &Regions) {
  std::string S = "// skgen: the derivative formulas of this file, compiled "
                  "against their scopes.\n#include \"" +
                  MainFile + "\"\n" + CheckPrelude;
  const bool Stable = llvm::any_of(Formulas, [](const FormulaToCheck &F) {
    return F.Target == Abi::Stable;
  });
  S += Stable ? StableFormulaHeaders : LibtorchFormulaHeaders;
  S += CheckHelpers;
  for (size_t I = 0; I < Formulas.size(); ++I) {
    const FormulaToCheck &F = Formulas[I];
    Region R;
    R.Begin = S.size();
    for (const std::string &NS : F.Namespaces)
      S +=
          (compat::startsWith(NS, "inline ") ? NS : "namespace " + NS) + " {\n";
    bool Group = F.ResultTypes.size() > 1;
    S += "namespace {\n" +
         (Group ? std::string("void") : F.ResultTypes.front()) +
         " skgen_formula_" + std::to_string(I) + "(";
    for (size_t P = 0; P < F.Scope.size(); ++P)
      S += (P ? ",\n    " : "\n    ") + F.Scope[P].CppType + " " +
           F.Scope[P].Name;
    S += ") {\n";
    R.Body = S.size();
    S += "  using namespace ::skgen::formulas;\n";
    // On the stable target `at::` names the formula layer too (generated
    // code declares the same alias: Gen/StableAutograd.cpp).
    if (F.Target == Abi::Stable)
      S += "  namespace at = ::skgen::formulas;\n";
    std::vector<std::string> Locals;
    if (Group) {
      for (size_t V = 0; V < F.ResultTypes.size(); ++V) {
        Locals.push_back("skgen_value_" + std::to_string(V));
        S += "  " + F.ResultTypes[V] + " " + Locals.back() + ";\n";
      }
      S += "  auto &&skgen_value = (\n";
    } else if (F.Forward) {
      // Passed as the tangent (const at::Tensor &).
      S += "  " + F.ResultTypes.front() + " skgen_result = (\n";
    } else {
      // Assigned to the gradient, as the node does.
      S += "  " + F.ResultTypes.front() + " skgen_result;\n  skgen_result =\n";
    }
    R.Text = S.size();
    S += F.Text;
    R.TextEnd = S.size();
    // The closer right after the formula's line: an error there is at the
    // formula's end.
    S += Group || F.Forward ? "\n);\n" : "\n;\n";
    if (Group) {
      std::string N = std::to_string(F.ResultTypes.size());
      std::string Arity =
          "::skgen_formula_check::arity<typename "
          "std::decay<decltype(skgen_value)>::type>::value == " +
          N;
      S += "  static_assert(" + Arity + ", \"" + GroupArityMarker + "\");\n";
      S += "  std::tie(" + llvm::join(Locals, ", ") +
           ") = ::skgen_formula_check::group<std::tuple<" +
           llvm::join(F.ResultTypes, ", ") +
           ">>(static_cast<decltype(skgen_value) &&>(skgen_value), "
           "std::integral_constant<bool, " +
           Arity + ">());\n";
    } else {
      S += "  return skgen_result;\n";
    }
    S += "}\n";
    R.End = S.size();
    S += "} // namespace\n";
    for (size_t N = 0; N < F.Namespaces.size(); ++N)
      S += "}\n";
    Regions.push_back(R);
  }
  return S;
}

/// The compile command of the TU for the check source instead of its main
/// file, or false if the main file is not exactly one of its arguments.
bool checkCommand(const std::string &MainFile,
                  const clang::tooling::CompileCommand &Cmd,
                  const std::string &CheckFile,
                  clang::tooling::CompileCommand &Out) {
  std::vector<std::string> Args;
  unsigned Inputs = 0;
  for (const std::string &A : Cmd.CommandLine) {
    if (!Args.empty() && !A.empty() && A[0] != '-' &&
        absolutePath(A, Cmd.Directory) == MainFile) {
      ++Inputs;
      Args.push_back(CheckFile);
      continue;
    }
    Args.push_back(A);
  }
  if (Inputs != 1)
    return false;
  // Every formula's errors, however many.
  auto DashDash = std::find(Args.begin() + 1, Args.end(), "--");
  Args.insert(DashDash, "-ferror-limit=0");
  Out = clang::tooling::CompileCommand(Cmd.Directory, CheckFile, Args, "");
  return true;
}

//===----------------------------------------------------------------------===//
// Parsing it
//===----------------------------------------------------------------------===//

/// Skips every function body but the check source's own.
class CheckConsumer : public clang::ASTConsumer {
public:
  explicit CheckConsumer(const clang::SourceManager &SM) : SM(SM) {}
  bool shouldSkipFunctionBody(clang::Decl *D) override {
    return !SM.isWrittenInMainFile(SM.getExpansionLoc(D->getLocation()));
  }

private:
  const clang::SourceManager &SM;
};

//===----------------------------------------------------------------------===//
// Clang's diagnostics, back at the formulas
//===----------------------------------------------------------------------===//

/// Where a Clang location is, seen from the formulas.
struct Place {
  enum Kind {
    None,       // No location.
    Formula,    // Byte Byte of formula Index's text.
    Conversion, // The conversion of formula Index's value.
    Signature,  // Formula Index's function's parameter list.
    Check,      // Elsewhere in the check source.
    File,       // In a real file (the main file, a header): Loc.
  };
  Kind K = None;
  size_t Index = 0;
  unsigned Byte = 0;
  SourceLoc Loc;
  bool atFormula() const { return K == Formula || K == Conversion; }
};

/// One diagnostic of Clang, its location classified while the parse is
/// alive.
struct ClangDiag {
  clang::DiagnosticsEngine::Level Level;
  unsigned ID = 0;
  std::string Message;
  Place Where;
  /// Highlighted ranges and the fix-it, as byte ranges of the text of the
  /// formula at Where (when they are in it).
  std::vector<std::pair<unsigned, unsigned>> Ranges;
  bool HasFix = false;
  unsigned FixBegin = 0, FixEnd = 0;
  std::string FixText;
  /// Clang's suggestion ("did you mean 'at::glu_backward'?"), cut off
  /// Message: a typo correction is a guess at another name, never part of
  /// the error.
  std::string Suggestion;
};

/// Why formulas cannot call \p Name, when it is one of aten's formula
/// helpers (AtenFormulaHelpers.def) that no header declared; "" otherwise.
std::string atenHelperNote(llvm::StringRef Name) {
  static const llvm::StringMap<const char *> Helpers = {
#define SKGEN_ATEN_FORMULA_HELPER(NAME, REASON) {#NAME, REASON},
#include "Scan/AtenFormulaHelpers.def"
  };
  auto It = Helpers.find(Name);
  if (It == Helpers.end())
    return "";
  std::string Why = *It->second
                        ? It->second
                        : "skgen/formulas.h offers the helpers that the "
                          "formulas of aten's structured ops call; define "
                          "this one in the kernel's namespace, where "
                          "formulas find it";
  return "'" + Name.str() +
         "' is a helper of aten's formulas (torch/csrc/autograd/"
         "FunctionsManual.h), which libtorch does not export; " +
         Why;
}

/// The name of Clang's "use of undeclared identifier 'x'", or "".
llvm::StringRef undeclaredName(llvm::StringRef Message) {
  if (!Message.consume_front("use of undeclared identifier '") ||
      !Message.consume_back("'"))
    return "";
  return Message;
}

/// Where Clang's format string \p Format suggests something ("use of
/// undeclared identifier %0; did you mean %1?": every typo correction of
/// Clang's, LLVM 14 to 19), outside any %select; npos if it does not.
size_t suggestionStart(llvm::StringRef Format) {
  size_t At = Format.find("; did you mean ");
  if (At == llvm::StringRef::npos ||
      Format.take_front(At).count('{') != Format.take_front(At).count('}'))
    return llvm::StringRef::npos;
  return At;
}

class CheckDiags : public clang::DiagnosticConsumer {
public:
  CheckDiags(const std::vector<Region> &Regions, std::string Directory)
      : Regions(Regions), Directory(std::move(Directory)) {}

  std::vector<ClangDiag> Diags;

  void BeginSourceFile(const clang::LangOptions &LO,
                       const clang::Preprocessor *) override {
    LangOpts = &LO;
  }

  void HandleDiagnostic(clang::DiagnosticsEngine::Level Level,
                        const clang::Diagnostic &Info) override {
    clang::DiagnosticConsumer::HandleDiagnostic(Level, Info);
    ClangDiag D;
    D.Level = Level;
    D.ID = Info.getID();
    llvm::SmallString<256> Msg;
    llvm::StringRef Format =
        Info.getDiags()->getDiagnosticIDs()->getDescription(D.ID);
    size_t Cut = suggestionStart(Format);
    if (Cut == llvm::StringRef::npos) {
      Info.FormatDiagnostic(Msg);
    } else {
      // The error in Clang's words without the suggestion; the suggestion
      // (Clang's words after the "; ") becomes a note.
      Info.FormatDiagnostic(Format.begin(), Format.begin() + Cut, Msg);
      llvm::SmallString<128> Suggestion;
      Info.FormatDiagnostic(Format.begin() + Cut + 2, Format.end(), Suggestion);
      D.Suggestion = std::string(Suggestion);
    }
    D.Message = std::string(Msg);
    if (Info.hasSourceManager() && Info.getLocation().isValid()) {
      const clang::SourceManager &SM = Info.getSourceManager();
      if (!Conv || ConvSM != &SM) {
        Conv = std::make_unique<LocConverter>(SM, Directory);
        ConvSM = &SM;
      }
      D.Where = place(SM, Info.getLocation());
      if (D.Where.K == Place::Formula) {
        for (const clang::CharSourceRange &R : Info.getRanges()) {
          unsigned B, E;
          if (formulaRange(SM, R, D.Where.Index, B, E))
            D.Ranges.push_back({B, E});
        }
        if (Info.getNumFixItHints() == 1) {
          const clang::FixItHint &H = Info.getFixItHint(0);
          D.HasFix = H.InsertFromRange.isInvalid() &&
                     formulaRange(SM, H.RemoveRange, D.Where.Index, D.FixBegin,
                                  D.FixEnd);
          D.FixText = H.CodeToInsert;
        }
      }
    }
    Diags.push_back(std::move(D));
  }

private:
  Place place(const clang::SourceManager &SM, clang::SourceLocation L) {
    Place P;
    clang::SourceLocation F = SM.getFileLoc(L);
    std::pair<clang::FileID, unsigned> D = SM.getDecomposedLoc(F);
    if (D.first != SM.getMainFileID()) {
      P.Loc = Conv->convert(F);
      P.K = P.Loc.valid() ? Place::File : Place::None;
      return P;
    }
    P.K = Place::Check;
    for (size_t I = 0; I < Regions.size(); ++I) {
      const Region &R = Regions[I];
      if (D.second < R.Begin || D.second >= R.End)
        continue;
      P.Index = I;
      if (D.second >= R.Text && D.second <= R.TextEnd) {
        P.K = Place::Formula;
        P.Byte = D.second - R.Text;
      } else if (D.second == R.TextEnd + 1) {
        // The `)` after the formula: "expected expression" at its end.
        P.K = Place::Formula;
        P.Byte = R.TextEnd - R.Text;
      } else {
        P.K = D.second < R.Body ? Place::Signature : Place::Conversion;
      }
    }
    return P;
  }

  /// \p R as bytes [B, E) of formula \p Index, if it lies in it.
  bool formulaRange(const clang::SourceManager &SM, clang::CharSourceRange R,
                    size_t Index, unsigned &B, unsigned &E) {
    if (R.isInvalid() || !LangOpts)
      return false;
    clang::SourceLocation Begin = SM.getFileLoc(R.getBegin());
    clang::SourceLocation End = SM.getFileLoc(R.getEnd());
    if (R.isTokenRange())
      End = clang::Lexer::getLocForEndOfToken(End, 0, SM, *LangOpts);
    if (Begin.isInvalid() || End.isInvalid() ||
        SM.getFileID(Begin) != SM.getMainFileID() ||
        SM.getFileID(End) != SM.getMainFileID())
      return false;
    const Region &Rg = Regions[Index];
    unsigned BO = SM.getFileOffset(Begin), EO = SM.getFileOffset(End);
    if (BO < Rg.Text || EO > Rg.TextEnd || BO > EO)
      return false;
    B = BO - Rg.Text;
    E = EO - Rg.Text;
    return true;
  }

  const std::vector<Region> &Regions;
  std::string Directory;
  const clang::LangOptions *LangOpts = nullptr;
  std::unique_ptr<LocConverter> Conv;
  const clang::SourceManager *ConvSM = nullptr;
};

/// The byte of \p F's formula that byte \p TextByte of its text stands
/// for (a replaced part's bytes for those of the part it replaces).
unsigned formulaByte(const FormulaToCheck &F, unsigned TextByte) {
  long Shift = 0; // Text offset - formula offset, so far.
  for (const derivatives::Replacement &R : F.Replaced) {
    long Start = long(R.Offset) + Shift;
    if (long(TextByte) < Start)
      break;
    if (long(TextByte) < Start + long(R.NewLength))
      return R.Offset + std::min<unsigned>(TextByte - Start, R.Length);
    Shift += long(R.NewLength) - long(R.Length);
  }
  return unsigned(long(TextByte) - Shift);
}

/// Bytes [B, E) of \p F's text overlap a replaced part.
bool touchesReplaced(const FormulaToCheck &F, unsigned B, unsigned E) {
  long Shift = 0;
  for (const derivatives::Replacement &R : F.Replaced) {
    long Start = long(R.Offset) + Shift, End = Start + long(R.NewLength);
    if (long(B) < End && long(E) > Start)
      return true;
    Shift += long(R.NewLength) - long(R.Length);
  }
  return false;
}

/// Where byte \p Byte of formula \p F is written.
SourceLoc byteLoc(const FormulaToCheck &F, unsigned Byte) {
  if (F.Pieces.empty())
    return SourceLoc();
  auto It = std::upper_bound(
      F.Pieces.begin(), F.Pieces.end(), Byte,
      [](unsigned B, const FormulaToCheck::Piece &P) { return B < P.Offset; });
  const FormulaToCheck::Piece &P = *std::prev(It);
  SourceLoc L = P.Loc;
  L.Column += Byte - P.Offset;
  return L;
}

/// Bytes [B, E) of \p F are written contiguously (one piece).
bool contiguous(const FormulaToCheck &F, unsigned B, unsigned E) {
  for (const FormulaToCheck::Piece &P : F.Pieces)
    if (P.Offset > B && P.Offset < E)
      return false;
  return true;
}

/// Turns the check's diagnostics into skgen's: errors (and warnings) in a
/// formula at the formula, with Clang's notes in real files; an error the
/// check causes itself as one error at the annotation.
class Reporter {
public:
  Reporter(const std::vector<FormulaToCheck> &Formulas, TUFacts &T)
      : Formulas(Formulas), T(T) {}

  void report(const std::vector<ClangDiag> &Diags, bool ToolFailed) {
    for (size_t I = 0; I < Diags.size();) {
      size_t End = I + 1;
      while (End < Diags.size() &&
             Diags[End].Level == clang::DiagnosticsEngine::Note)
        ++End;
      group(Diags[I],
            llvm::ArrayRef<ClangDiag>(Diags).slice(I + 1, End - I - 1));
      I = End;
    }
    if (ToolFailed && !Failed)
      cannotCheck(nullptr, "clang could not parse the check source");
  }

  /// The check could not compile, for a reason not in a formula: one error,
  /// at \p F's annotation (or the first formula's).
  void cannotCheck(const FormulaToCheck *F, const std::string &Why) {
    if (Failed)
      return;
    Failed = true;
    const FormulaToCheck &At = F ? *F : Formulas.front();
    T.Diagnostics.push_back(
        errorAt(At.AnnotationLoc,
                "skgen could not compile the derivative formulas of this file "
                "against their scope: " +
                    Why));
    for (const FormulaToCheck &G : Formulas)
      if (!F || &G == F)
        T.Kernels[G.Kernel].AnnotationErrors = true;
  }

private:
  void group(const ClangDiag &D, llvm::ArrayRef<ClangDiag> Notes) {
    bool IsError = D.Level >= clang::DiagnosticsEngine::Error;
    if (!IsError && D.Level != clang::DiagnosticsEngine::Warning)
      return;
    // An error in code the formula uses (a template instantiated by it):
    // at the formula, where the instantiation is requested.
    Place At = D.Where;
    const ClangDiag *AtNote = nullptr;
    if (!At.atFormula() && IsError)
      for (const ClangDiag &N : Notes)
        if (N.Where.atFormula()) {
          At = N.Where;
          AtNote = &N;
          break;
        }
    if (!At.atFormula()) {
      // A warning about the check's own code, or the TU's: not the formulas'.
      // A `#error` of the TU's own passed the scan (it is in skgen's generated
      // code).
      if (!IsError ||
          (D.Where.K == Place::File && D.ID == clang::diag::err_pp_hash_error))
        return;
      cannotCheck(D.Where.K == Place::Signature ? &Formulas[D.Where.Index]
                                                : nullptr,
                  D.Message);
      return;
    }
    // Warnings of the conversion are the check's, not the formula's.
    if (!IsError && At.K != Place::Formula)
      return;
    const FormulaToCheck &F = Formulas[At.Index];
    Diagnostic E;
    E.Severity =
        IsError ? Diagnostic::Level::Error : Diagnostic::Level::Warning;
    std::string Message = D.Message;
    if (llvm::StringRef(Message).contains(GroupArityMarker))
      Message = "the formula for '" + F.Names + "' must give " +
                std::to_string(F.ResultTypes.size()) +
                " values, one per name (a std::tuple)";
    E.Message = Message;
    // Clang's fix-it is a guess (a typo correction turns an unknown name
    // into another function: sgn_backward -> at::glu_backward), so never the
    // error's, which --fix would apply: a note's, shown only.
    Diagnostic Suggested =
        noteAt(SourceLoc(), !D.Suggestion.empty() ? D.Suggestion
                            : D.FixText.empty()
                                ? "Clang suggests removing this"
                                : "Clang suggests '" + D.FixText + "' here");
    if (At.K == Place::Formula) {
      unsigned Byte = formulaByte(F, At.Byte);
      E.Loc = byteLoc(F, Byte);
      for (const auto &R : D.Ranges) {
        unsigned End = formulaByte(F, R.second);
        if (At.Byte == R.first && contiguous(F, Byte, End))
          E.Ranges.push_back({E.Loc, byteLoc(F, End)});
      }
      // Into the literal: not across pieces or escapes, nothing to escape.
      if (D.HasFix && D.FixBegin == At.Byte &&
          !touchesReplaced(F, D.FixBegin, D.FixEnd) &&
          contiguous(F, Byte, formulaByte(F, D.FixEnd)) &&
          D.FixText.find_first_of("\"\\\n") == std::string::npos) {
        Suggested.FixText = D.FixText;
        Suggested.FixLength = formulaByte(F, D.FixEnd) - Byte;
        // The replaced name, underlined under the error too.
        if (E.Ranges.empty())
          E.Ranges.push_back({E.Loc, byteLoc(F, formulaByte(F, D.FixEnd))});
      }
    } else {
      // The value converts to the wrong type: the whole formula.
      E.Loc = byteLoc(F, 0);
      unsigned Len = unsigned(F.Formula.size());
      if (contiguous(F, 0, Len))
        E.Ranges.push_back({E.Loc, byteLoc(F, Len)});
    }
    // (In code the formula uses, the suggestion is about that code.)
    Suggested.Loc = E.Loc;
    if (AtNote && !D.Suggestion.empty())
      E.Message += "; " + D.Suggestion;
    else if (Suggested.hasFixIt() || !D.Suggestion.empty())
      E.Notes.push_back(std::move(Suggested));
    if (AtNote && D.Where.K == Place::File)
      E.Notes.push_back(noteAt(D.Where.Loc, "the error is here"));
    std::string Helper = atenHelperNote(undeclaredName(D.Message));
    if (!Helper.empty())
      E.Notes.push_back(noteAt(E.Loc, Helper));
    E.Notes.push_back(noteAt(F.AnnotationLoc, "in this annotation"));
    for (const ClangDiag &N : Notes) {
      if (N.Where.K == Place::File)
        E.Notes.push_back(noteAt(N.Where.Loc, N.Message));
      else if (N.Where.K == Place::Formula && &N != AtNote)
        E.Notes.push_back(
            noteAt(byteLoc(Formulas[N.Where.Index],
                           formulaByte(Formulas[N.Where.Index], N.Where.Byte)),
                   N.Message));
    }
    if (!Seen.insert({E.Loc.File, E.Loc.Line, E.Loc.Column, E.Message}).second)
      return;
    if (IsError)
      T.Kernels[F.Kernel].AnnotationErrors = true;
    T.Diagnostics.push_back(std::move(E));
  }

  const std::vector<FormulaToCheck> &Formulas;
  TUFacts &T;
  bool Failed = false;
  std::set<std::tuple<std::string, unsigned, unsigned, std::string>> Seen;
};

} // namespace

bool checkFormulas(const std::string &MainFile,
                   const clang::tooling::CompileCommand &Cmd,
                   const std::string &Pch,
                   const std::vector<FormulaToCheck> &Formulas, TUFacts &T,
                   std::vector<FileDep> &Deps) {
  if (Formulas.empty())
    return true;
  // Next to the main file, with its extension (the driver picks the same
  // language); never written to disk.
  std::string CheckFile =
      MainFile + ".skgen-formulas" + llvm::sys::path::extension(MainFile).str();
  clang::tooling::CompileCommand CheckCmd;
  Reporter Report(Formulas, T);
  if (!checkCommand(MainFile, Cmd, CheckFile, CheckCmd)) {
    Report.cannotCheck(nullptr, "the compile command does not name '" +
                                    MainFile + "' once");
    return true;
  }
  std::vector<Region> Regions;
  std::string Source = checkSource(MainFile, Formulas, Regions);

  CheckDiags Diags(Regions, Cmd.Directory);
  ParseRequest Req;
  Req.Pch = Pch;
  Req.VirtualFiles = {{CheckFile, Source}};
  Req.Diags = &Diags;
  auto MakeConsumer =
      [](clang::CompilerInstance &CI) -> std::unique_ptr<clang::ASTConsumer> {
    return std::make_unique<CheckConsumer>(CI.getSourceManager());
  };
  Req.MakeConsumer = MakeConsumer;
  ParseRun Run = parseDeclarations(CheckFile, CheckCmd, Req);
  Report.report(Diags.Diags, Run.Status != 0 && Diags.getNumErrors() == 0);
  Deps.insert(Deps.end(), Run.Deps.begin(), Run.Deps.end());
  return Run.DepsComplete;
}

} // namespace scan
} // namespace skgen
