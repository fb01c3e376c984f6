//===- ScanCache.cpp - --migrate's registrations in the cache -------------===//
#include "Migrate/ScanCache.h"
#include "Basic/InputFile.h"
#include "Basic/JSONMapping.h"
#include "Facts/CodeText.h"
#include "Facts/FactsBinding.h"
#include "Facts/FactsFields.h"

#include "clang/Basic/LangOptions.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/StringExtras.h"

namespace skgen {
namespace migrate {

namespace {

struct FileHash {
  std::string Path, Hash;
};
template <class IO> void mapFields(IO &io, FileHash &F) {
  io.required("path", F.Path, StringForm::Path);
  io.required("hash", F.Hash, StringForm::Hash);
}

struct DeclaredIn {
  std::string MainFile;
  std::vector<std::string> Names;
};
template <class IO> void mapFields(IO &io, DeclaredIn &D) {
  io.required("main_file", D.MainFile, StringForm::Path);
  io.required("names", D.Names);
}

/// The payload: the registrations and the files they were read from; of the
/// autograd facts, what a TU without autograd classes has (only such TUs
/// are cached).
struct Payload {
  std::vector<HandRegistration> Registrations;
  std::vector<FileHash> Files;
  std::vector<DeclaredIn> Declared;
  std::vector<std::string> ProjectFiles;
};

} // namespace

template <class IO> void mapFields(IO &io, HandRegistration &R) {
  using Kind = HandRegistration::Kind;
  using KK = HandRegistration::KernelKind;
  io.enumeration("kind", R.K, {{"def", Kind::Def}, {"impl", Kind::Impl}});
  io.required("block", R.Block);
  io.required("namespace", R.Namespace);
  io.optional("stable", R.Stable);
  io.required("block_loc", R.BlockLoc);
  io.required("name", R.Name);
  io.optional("key", R.Key);
  io.required("loc", R.Loc);
  io.required("range", R.Range);
  io.required("remove_loc", R.RemoveLoc);
  io.optional("remove_length", R.RemoveLength);
  io.optional("unsupported", R.Unsupported);
  io.enumeration("kernel", R.Kernel,
                 {{"none", KK::None},
                  {"function", KK::Function},
                  {"lambda", KK::Lambda},
                  {"other", KK::Other}});
  io.optional("cpp_name", R.CppName);
  io.required("kernel_loc", R.KernelLoc);
  io.required("annotate_loc", R.AnnotateLoc);
  io.optional("indent", R.Indent);
  io.optional("cannot_annotate", R.CannotAnnotate);
  io.optional("params", R.Params);
  io.required("return", R.Return);
  io.required("include_loc", R.IncludeLoc);
}

namespace {

template <class IO> void mapFields(IO &io, Payload &P) {
  io.constant("version", 1);
  io.required("registrations", P.Registrations);
  io.required("files", P.Files);
  io.required("declared", P.Declared);
  io.required("project_files", P.ProjectFiles, StringForm::Path);
}

bool isIdentifier(llvm::StringRef S) {
  return !S.empty() && !llvm::isDigit(S.front()) &&
         llvm::all_of(S, [](char C) { return llvm::isAlnum(C) || C == '_'; });
}

/// A file of the entry: its text (held to its recorded hash), and its
/// tokens, lexed raw, by offset.
struct Source {
  std::string Text;
  struct Tok {
    size_t Begin, End;
    clang::tok::TokenKind Kind;
  };
  std::vector<Tok> Toks;

  /// The index of the token starting at \p Off, or -1.
  long at(size_t Off) const {
    auto It = llvm::partition_point(
        Toks, [&](const Tok &T) { return T.Begin < Off; });
    return It != Toks.end() && It->Begin == Off ? It - Toks.begin() : -1;
  }
  llvm::StringRef text(const Tok &T) const {
    return llvm::StringRef(Text).slice(T.Begin, T.End);
  }
};

class Checker {
public:
  Checker(const std::map<std::string, std::string> &Hashes) : Hashes(Hashes) {}

  /// "" if \p R says what its files hold, else why not.
  std::string check(const HandRegistration &R) {
    if (!isIdentifier(R.Namespace) || (!R.Key.empty() && !isIdentifier(R.Key)))
      return "a namespace or key that is not an identifier";
    size_t At = 0;
    const Source *S = source(R.Loc, At);
    if (!S)
      return Why;
    // The call: `m . def|impl ( "name" ... )`, the last call of the chain.
    size_t End = 0;
    if (R.Range.Begin.File != R.Loc.File ||
        !(R.Range.Begin.Line == R.Loc.Line &&
          R.Range.Begin.Column == R.Loc.Column) ||
        R.Range.End.File != R.Loc.File ||
        !byteOffset(S->Text, R.Range.End.Line, R.Range.End.Column, End) ||
        End <= At)
      return "the call's range is not where it starts";
    long First = S->at(At), Last = First;
    while (Last >= 0 && size_t(Last) < S->Toks.size() &&
           S->Toks[Last].End < End)
      ++Last;
    if (First < 0 || size_t(Last) >= S->Toks.size() ||
        S->Toks[Last].End != End ||
        S->Toks[First].Kind != clang::tok::raw_identifier ||
        S->Toks[Last].Kind != clang::tok::r_paren)
      return "no call at the recorded range";
    long Method = -1;
    int Depth = 0;
    for (long I = First; I <= Last; ++I) {
      clang::tok::TokenKind K = S->Toks[I].Kind;
      // (A lambda's body is inside the call's parentheses.)
      if (Depth == 0 && (K == clang::tok::semi || K == clang::tok::l_brace))
        return "the recorded call holds more than a call";
      if (K == clang::tok::l_paren || K == clang::tok::l_square ||
          K == clang::tok::l_brace)
        ++Depth;
      if (K == clang::tok::r_paren || K == clang::tok::r_square ||
          K == clang::tok::r_brace)
        --Depth;
      if (Depth < 0)
        return "unbalanced brackets in the recorded call";
      if (Depth == 0 && K == clang::tok::period && I + 2 <= Last &&
          S->Toks[I + 2].Kind == clang::tok::l_paren)
        Method = I + 1;
    }
    const char *Name = R.K == HandRegistration::Kind::Def ? "def" : "impl";
    if (Depth != 0 || Method < 0 || S->text(S->Toks[Method]) != Name)
      return "the recorded call is not a '" + std::string(Name) + "' call";
    if (!R.Name.empty()) {
      const Source::Tok &Lit = S->Toks[Method + 2];
      std::optional<std::string> V;
      if (Lit.Kind == clang::tok::string_literal && S->Text[Lit.Begin] == '"')
        V = stringLiteralAt(S->Text, Lit.Begin + 1);
      if (!V || *V != R.Name)
        return "the name is not the call's string literal";
    }
    if (R.RemoveLoc.valid()) {
      // Only the statement: the call alone (`m.def(...)`), then `;`; its
      // line's indentation and newline when alone on it; after a `{`, `;`
      // or `}` (not the body of an if, a loop or an else).
      size_t Rm = 0;
      if (R.RemoveLoc.File != R.Loc.File ||
          !byteOffset(S->Text, R.RemoveLoc.Line, R.RemoveLoc.Column, Rm) ||
          Rm > At || Rm + R.RemoveLength > S->Text.size())
        return "the removal is not at the call";
      llvm::StringRef Removed =
          llvm::StringRef(S->Text).substr(Rm, R.RemoveLength);
      if (Removed.take_front(At - Rm).find_first_not_of(" \t") !=
              llvm::StringRef::npos ||
          Method != First + 2 || size_t(Last + 1) >= S->Toks.size() ||
          S->Toks[Last + 1].Kind != clang::tok::semi)
        return "the removal is not one call statement";
      llvm::StringRef Tail = llvm::StringRef(S->Text).slice(
          S->Toks[Last + 1].End, Rm + R.RemoveLength);
      llvm::StringRef NL = Tail.ltrim(" \t");
      if (Rm + R.RemoveLength < S->Toks[Last + 1].End ||
          (!NL.empty() && NL != "\n" && NL != "\r\n"))
        return "the removal is not one call statement";
      if (First > 0) {
        clang::tok::TokenKind Before = S->Toks[First - 1].Kind;
        if (Before != clang::tok::l_brace && Before != clang::tok::semi &&
            Before != clang::tok::r_brace)
          return "the removed statement is not one of a block";
      }
    }
    if (R.AnnotateLoc.valid()) {
      size_t A = 0, K = 0;
      const Source *F = source(R.AnnotateLoc, A);
      if (!F)
        return Why;
      std::string Short =
          R.CppName.substr(R.CppName.rfind("::") == std::string::npos
                               ? 0
                               : R.CppName.rfind("::") + 2);
      if (R.Indent.find_first_not_of(" \t") != std::string::npos ||
          R.AnnotateLoc.Column != R.Indent.size() + 1 ||
          llvm::StringRef(F->Text).substr(A - R.Indent.size(),
                                          R.Indent.size()) != R.Indent ||
          (A > R.Indent.size() && F->Text[A - R.Indent.size() - 1] != '\n') ||
          !isCppName(R.CppName) || R.KernelLoc.File != R.AnnotateLoc.File ||
          !byteOffset(F->Text, R.KernelLoc.Line, R.KernelLoc.Column, K) ||
          K < A || F->at(K) < 0 || F->text(F->Toks[F->at(K)]) != Short)
        return "the annotation is not at the declaration of '" + R.CppName +
               "'";
    }
    if (R.IncludeLoc.valid()) {
      size_t I = 0;
      if (!source(R.IncludeLoc, I))
        return Why;
      if (R.IncludeLoc.Column != 1)
        return "the #include is not at a line start";
    }
    return "";
  }

private:
  /// The file of \p L, read and lexed, and \p L's offset in it.
  const Source *source(const SourceLoc &L, size_t &Off) {
    auto Done = Files.find(L.File);
    if (Done == Files.end()) {
      auto H = Hashes.find(L.File);
      std::string Error;
      std::unique_ptr<llvm::MemoryBuffer> Buf =
          H == Hashes.end()
              ? nullptr
              : readRegularFile(L.File, MaxSourceFileBytes, Error);
      Source S;
      if (Buf)
        S.Text = Buf->getBuffer().str();
      if (!Buf || hashContent(S.Text) != H->second) {
        Why = "'" + L.File + "' is not a file of the entry, as recorded";
        return nullptr;
      }
      clang::LangOptions LO;
      LO.CPlusPlus = LO.CPlusPlus11 = LO.CPlusPlus14 = LO.CPlusPlus17 = true;
      const char *B = S.Text.data();
      clang::Lexer Lex(clang::SourceLocation(), LO, B, B, B + S.Text.size());
      clang::Token T;
      for (Lex.LexFromRawLexer(T); T.isNot(clang::tok::eof);
           Lex.LexFromRawLexer(T)) {
        size_t E = Lex.getBufferLocation() - B;
        S.Toks.push_back({E - T.getLength(), E, T.getKind()});
      }
      Done = Files.emplace(L.File, std::move(S)).first;
    }
    if (!byteOffset(Done->second.Text, L.Line, L.Column, Off)) {
      Why = "a location outside its file";
      return nullptr;
    }
    return &Done->second;
  }

  const std::map<std::string, std::string> &Hashes;
  std::map<std::string, Source> Files;
  std::string Why;
};

} // namespace

std::string writeCachedScan(const RegistrationScan &S) {
  Payload P;
  P.Registrations = S.Registrations;
  for (const auto &[Path, Hash] : S.FileHashes)
    P.Files.push_back({Path, Hash});
  for (const auto &[Main, Names] : S.Autograd.Declared)
    P.Declared.push_back({Main, {Names.begin(), Names.end()}});
  P.ProjectFiles.assign(S.Autograd.Files.begin(), S.Autograd.Files.end());
  try {
    return JSONWriter::write(P).dump();
  } catch (const nlohmann::json::exception &) {
    return ""; // Not representable (invalid UTF-8): a miss next time.
  }
}

bool readCachedScan(llvm::StringRef Text, RegistrationScan &S,
                    std::string *Why) {
  auto Fail = [&](std::string W) {
    if (Why)
      *Why = std::move(W);
    return false;
  };
  nlohmann::json J;
  std::vector<Diagnostic> Ignored;
  Payload P;
  JSONMappingError E;
  if (!parseJSONText(Text, "cache entry", "cache entry", 16, J, Ignored) ||
      !JSONReader::readMapped(J, P, E))
    return Fail("malformed entry: " + E.Message);
  RegistrationScan Out;
  for (FileHash &F : P.Files)
    Out.FileHashes[F.Path] = F.Hash;
  Checker C(Out.FileHashes);
  for (const HandRegistration &R : P.Registrations)
    if (std::string W = C.check(R); !W.empty())
      return Fail(W);
  for (const DeclaredIn &D : P.Declared)
    for (const std::string &N : D.Names) {
      if (!isCppName(N))
        return Fail("a declared function that is not a C++ name");
      Out.Autograd.Declared[D.MainFile].insert(N);
    }
  Out.Autograd.Files.insert(P.ProjectFiles.begin(), P.ProjectFiles.end());
  Out.Registrations = std::move(P.Registrations);
  S = std::move(Out);
  return true;
}

} // namespace migrate
} // namespace skgen
