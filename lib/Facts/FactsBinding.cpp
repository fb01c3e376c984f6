//===- FactsBinding.cpp - Facts say what the files they name hold ---------===//
#include "Facts/FactsBinding.h"
#include "Basic/DispatchKeys.h"
#include "Basic/InputFile.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/ConvertUTF.h"

#include <map>

namespace skgen {

namespace {
/// Reads C++ string literals out of source text (only as far as an
/// annotation's literals need it: no trigraphs, which the scan refuses).
class LiteralReader {
public:
  explicit LiteralReader(llvm::StringRef S) : S(S) {}

  /// The content of the literal starting at content byte \p At, then of the
  /// literals concatenated to it.
  std::optional<std::string> read(size_t At) {
    if (At == 0 || At > S.size())
      return std::nullopt;
    std::string Out;
    // The literal's kind, from what precedes its first character.
    bool Ok = S[At - 1] == '"' ? ordinary(At, Out) : raw(At, Out);
    if (!Ok)
      return std::nullopt;
    while (true) {
      size_t Next = skipSpace(Pos);
      size_t Quote = Next;
      while (Quote < S.size() && Quote - Next < 3 &&
             llvm::StringRef("uU8LR").contains(S[Quote]))
        ++Quote;
      if (Quote >= S.size() || S[Quote] != '"')
        return Out;
      bool IsRaw = Quote > Next && S[Quote - 1] == 'R';
      if (!IsRaw ? !ordinary(Quote + 1, Out) : !rawFrom(Quote, Out))
        return std::nullopt;
    }
  }

private:
  /// An ordinary literal's content from \p At up to its closing quote.
  bool ordinary(size_t At, std::string &Out) {
    size_t I = At;
    while (I < S.size()) {
      char C = S[I];
      if (C == '"') {
        Pos = I + 1;
        return true;
      }
      if (C == '\n')
        return false;
      if (C != '\\') {
        Out += C;
        ++I;
        continue;
      }
      if (++I >= S.size())
        return false;
      char E = S[I++];
      switch (E) {
      case '\n': // A line splice.
        break;
      case 'n':
        Out += '\n';
        break;
      case 't':
        Out += '\t';
        break;
      case 'r':
        Out += '\r';
        break;
      case 'a':
        Out += '\a';
        break;
      case 'b':
        Out += '\b';
        break;
      case 'f':
        Out += '\f';
        break;
      case 'v':
        Out += '\v';
        break;
      case '\\':
      case '"':
      case '\'':
      case '?':
        Out += E;
        break;
      case 'x': {
        unsigned V = 0, N = 0;
        while (I < S.size() && llvm::isHexDigit(S[I]) && N < 8)
          V = V * 16 + llvm::hexDigitValue(S[I++]), ++N;
        if (!N || V > 0xff)
          return false;
        Out += char(V);
        break;
      }
      case 'u':
      case 'U': {
        unsigned Len = E == 'u' ? 4 : 8, V = 0;
        for (unsigned K = 0; K < Len; ++K, ++I) {
          if (I >= S.size() || !llvm::isHexDigit(S[I]))
            return false;
          V = V * 16 + llvm::hexDigitValue(S[I]);
        }
        char Buf[UNI_MAX_UTF8_BYTES_PER_CODE_POINT];
        char *P = Buf;
        if (!llvm::ConvertCodePointToUTF8(V, P))
          return false;
        Out.append(Buf, P);
        break;
      }
      default:
        if (E < '0' || E > '7')
          return false;
        unsigned V = unsigned(E - '0');
        for (unsigned N = 1;
             N < 3 && I < S.size() && S[I] >= '0' && S[I] <= '7'; ++N)
          V = V * 8 + unsigned(S[I++] - '0');
        if (V > 0xff)
          return false;
        Out += char(V);
      }
    }
    return false;
  }

  /// A raw literal whose content starts at \p At (just past `R"delim(`).
  bool raw(size_t At, std::string &Out) {
    if (S[At - 1] != '(')
      return false;
    size_t Quote = S.rfind('"', At - 1);
    if (Quote == llvm::StringRef::npos || At - 1 - Quote > 16 || Quote == 0 ||
        S[Quote - 1] != 'R')
      return false;
    return rawFrom(Quote, Out);
  }

  /// A raw literal whose opening quote is at \p Quote.
  bool rawFrom(size_t Quote, std::string &Out) {
    size_t Open = S.find('(', Quote);
    if (Open == llvm::StringRef::npos || Open - Quote - 1 > 16)
      return false;
    std::string Close = (")" + S.slice(Quote + 1, Open) + "\"").str();
    size_t End = S.find(Close, Open + 1);
    if (End == llvm::StringRef::npos)
      return false;
    Out += S.slice(Open + 1, End).str();
    Pos = End + Close.size();
    return true;
  }

  /// Past whitespace, comments and line splices from \p I.
  size_t skipSpace(size_t I) const {
    while (I < S.size()) {
      if (llvm::isSpace(S[I])) {
        ++I;
      } else if (S[I] == '\\' && I + 1 < S.size() && S[I + 1] == '\n') {
        I += 2;
      } else if (S.substr(I, 2) == "//") {
        I = S.find('\n', I);
        if (I == llvm::StringRef::npos)
          return S.size();
      } else if (S.substr(I, 2) == "/*") {
        I = S.find("*/", I + 2);
        if (I == llvm::StringRef::npos)
          return S.size();
        I += 2;
      } else {
        break;
      }
    }
    return I;
  }

  llvm::StringRef S;
  size_t Pos = 0; // Past the last literal read.
};

/// The unqualified name of \p CppName up to its template arguments
/// (`ns::C<int>::f` -> `f`; `ns::operator()` -> `operator`).
std::string unqualified(llvm::StringRef CppName) {
  int Depth = 0;
  size_t Start = 0;
  for (size_t I = 0; I + 1 < CppName.size(); ++I) {
    char C = CppName[I];
    Depth += C == '<' || C == '(';
    Depth -= C == '>' || C == ')';
    if (!Depth && C == ':' && CppName[I + 1] == ':')
      Start = I + 2;
  }
  llvm::StringRef Tail = CppName.drop_front(Start);
  size_t End = 0;
  while (End < Tail.size() && (llvm::isAlnum(Tail[End]) || Tail[End] == '_'))
    ++End;
  return Tail.take_front(End).str();
}
} // namespace

std::optional<std::string> stringLiteralAt(llvm::StringRef Source,
                                           size_t Offset) {
  return LiteralReader(Source).read(Offset);
}

namespace {
/// The files of a translation unit's facts, each read when first needed (a
/// bounded, regular file) and held to the content hash the facts recorded.
class RecordedFiles {
public:
  explicit RecordedFiles(const TUFacts &T) : T(T) {}

  /// The content of \p Path, or null with Why set.
  const std::string *get(const std::string &Path) {
    auto Done = Content.find(Path);
    if (Done != Content.end())
      return &Done->second;
    auto F = llvm::find_if(
        T.Files, [&](const TUFacts::FileState &F) { return F.Path == Path; });
    if (F == T.Files.end()) {
      Why = "'" + Path + "' is not among the files its translation unit read";
      return nullptr;
    }
    std::string Error;
    std::unique_ptr<llvm::MemoryBuffer> Buf =
        readRegularFile(Path, MaxSourceFileBytes, Error);
    if (!Buf) {
      Why = "cannot read '" + Path + "': " + Error;
      return nullptr;
    }
    std::string Text = Buf->getBuffer().str();
    if (hashContent(Text) != F->Hash) {
      Why = "'" + Path + "' has changed since the facts were made";
      return nullptr;
    }
    return &(Content[Path] = std::move(Text));
  }

  std::string Why;

private:
  const TUFacts &T;
  std::map<std::string, std::string> Content;
};

std::string where(const SourceLoc &L) {
  return "'" + L.File + "' line " + std::to_string(L.Line);
}

/// The string literal at \p L is \p Text: "", or why not.
std::string literalAt(RecordedFiles &Files, const SourceLoc &L,
                      const std::string &Text, const char *What) {
  const std::string *C = Files.get(L.File);
  if (!C)
    return Files.Why;
  size_t Off = 0;
  std::optional<std::string> Value;
  if (byteOffset(*C, L.Line, L.Column, Off))
    Value = stringLiteralAt(*C, Off);
  if (!Value || *Value != Text)
    return std::string(What) + " is not the string literal at " + where(L);
  return "";
}

/// Generated code for \p K goes next to its declaration: into a file it is
/// written in, or into its translation unit's main file, which must then
/// hold the function's name (its definition). "", or why not.
std::string placement(RecordedFiles &Files, const TUFacts &T,
                      const KernelFact &K) {
  const std::string &P = K.placementFile();
  if (P == K.Loc.File || P == K.AnnotationLoc.File || P == K.SchemaLoc.File)
    return "";
  const std::string *C = P == T.MainFile ? Files.get(P) : nullptr;
  std::string Name = unqualified(K.CppName);
  if (!C || Name.empty() || !llvm::StringRef(*C).contains(Name))
    return "generated code would go into '" + P +
           "', which does not hold the declaration or its definition";
  return "";
}
} // namespace

std::string unboundFixIts(const TUFacts &T) {
  RecordedFiles Files(T);
  for (const Diagnostic &D : T.Diagnostics) {
    if (D.Severity == Diagnostic::Level::Note || !D.hasFixIt())
      continue;
    const std::string *C = Files.get(D.Loc.File);
    size_t Off = 0;
    llvm::StringRef Replaced;
    if (C && byteOffset(*C, D.Loc.Line, D.Loc.Column, Off))
      Replaced = llvm::StringRef(*C).substr(Off, D.FixLength);
    if (!findDispatchKey(D.FixText) || Replaced.size() != D.FixText.size() ||
        !Replaced.equals_insensitive(D.FixText) || Replaced == D.FixText)
      return "a fix-it the scan does not make, at " + where(D.Loc) +
             " column " + std::to_string(D.Loc.Column);
  }
  return "";
}

std::string unboundPlacement(const TUFacts &T) {
  RecordedFiles Files(T);
  for (const KernelFact &K : T.Kernels) {
    std::string Why = placement(Files, T, K);
    if (!Why.empty())
      return "the facts of '" + K.CppName + "': " + Why;
  }
  return "";
}

std::string unboundFact(const TUFacts &T) {
  RecordedFiles Files(T);
  for (const KernelFact &K : T.Kernels) {
    std::string Why;
    if (K.SchemaLoc.valid())
      Why = literalAt(Files, K.SchemaLoc, K.SchemaText, "the schema");
    for (const DerivativeFact &D : K.Options.Derivatives) {
      if (Why.empty() && D.NamesLoc.valid())
        Why =
            literalAt(Files, D.NamesLoc, D.Names, "the names of a derivative");
      if (Why.empty())
        Why = D.FormulaLoc.valid() ? literalAt(Files, D.FormulaLoc, D.Formula,
                                               "a derivative formula")
                                   : "a derivative formula has no location";
    }
    if (Why.empty())
      Why = placement(Files, T, K);
    if (!Why.empty())
      return "the facts of '" + K.CppName + "': " + Why;
  }
  return unboundFixIts(T);
}

} // namespace skgen
