//===- Outline.cpp - Edits inside skipped function bodies -----------------===//
#include "Incremental/Outline.h"
#include "Basic/LLVMCompat.h"
#include "Incremental/FileDeps.h"

#include "clang/Basic/LangOptions.h"
#include "clang/Lex/Lexer.h"
#include "llvm/Support/xxhash.h"

#include <algorithm>

namespace skgen {
namespace incremental {

//===----------------------------------------------------------------------===//
// Lexer options
//===----------------------------------------------------------------------===//

namespace {
// The options that change how the raw lexer splits C++ into tokens, in a
// fixed order (their bit).
// clang-format off
#define SKGEN_LEXER_OPTIONS(X)                                                 \
  X(LineComment) X(CPlusPlus) X(CPlusPlus11) X(CPlusPlus14) X(CPlusPlus17)     \
  X(CPlusPlus20) X(SKGEN_LANGOPT_CPLUSPLUS23) X(C99) X(C11) X(C17)             \
  X(SKGEN_LANGOPT_C23) X(Digraphs) X(DollarIdents) X(WChar) X(Char8)           \
  X(GNUMode) X(GNUKeywords) X(Bool) X(Half)
// clang-format on

clang::LangOptions fromBits(uint32_t Bits) {
  clang::LangOptions LO;
  unsigned I = 0;
#define X(Name) LO.Name = (Bits >> I++) & 1;
  SKGEN_LEXER_OPTIONS(X)
#undef X
  return LO;
}
} // namespace

bool lexerOptionBits(const clang::LangOptions &LO, uint32_t &Bits) {
  if (LO.ObjC || LO.OpenCL || LO.CUDA || LO.HIP || LO.MicrosoftExt ||
      LO.MSVCCompat || LO.Trigraphs || LO.AsmPreprocessor || LO.RenderScript ||
      LO.CPlusPlusModules || compat::modulesTS(LO))
    return false;
  Bits = 0;
  unsigned I = 0;
#define X(Name) Bits |= uint32_t(LO.Name ? 1 : 0) << I++;
  SKGEN_LEXER_OPTIONS(X)
#undef X
  return true;
}

uint64_t nameHash(llvm::StringRef Name) { return llvm::xxHash64(Name); }

//===----------------------------------------------------------------------===//
// Inert bodies
//===----------------------------------------------------------------------===//

namespace {

/// Raw lexing of a null-terminated text from any offset.
class RawLexer {
public:
  RawLexer(const std::string &Text, const clang::LangOptions &LO, unsigned From)
      : Base(clang::SourceLocation::getFromRawEncoding(1)),
        L(Base, LO, Text.c_str(), Text.c_str() + From,
          Text.c_str() + Text.size()) {}
  bool next(clang::Token &Tok) {
    L.LexFromRawLexer(Tok);
    return Tok.isNot(clang::tok::eof);
  }
  unsigned offset(const clang::Token &Tok) const {
    return Tok.getLocation().getRawEncoding() - Base.getRawEncoding();
  }

private:
  clang::SourceLocation Base;
  clang::Lexer L;
};

bool inertText(llvm::StringRef S) {
  for (char C : S) {
    unsigned char U = static_cast<unsigned char>(C);
    if (U >= 0x7f ||
        (U < 0x20 && C != '\t' && C != '\n' && C != '\v' && C != '\f'))
      return false;
  }
  return true;
}

/// Lexes the body starting at \p Begin (just after its `{`). True if it is
/// inert; \p End is then the offset of its `}`.
bool inertBody(const std::string &Text, const clang::LangOptions &LO,
               unsigned Begin, const NameSet &Macros, unsigned &End) {
  RawLexer Lex(Text, LO, Begin);
  std::vector<clang::tok::TokenKind> Open;
  clang::Token Tok;
  while (Lex.next(Tok)) {
    switch (Tok.getKind()) {
    case clang::tok::l_paren:
    case clang::tok::l_square:
    case clang::tok::l_brace:
      Open.push_back(Tok.getKind());
      continue;
    case clang::tok::r_paren:
    case clang::tok::r_square:
    case clang::tok::r_brace: {
      clang::tok::TokenKind Want =
          Tok.is(clang::tok::r_paren)    ? clang::tok::l_paren
          : Tok.is(clang::tok::r_square) ? clang::tok::l_square
                                         : clang::tok::l_brace;
      if (Open.empty()) {
        if (!Tok.is(clang::tok::r_brace))
          return false;
        End = Lex.offset(Tok);
        return Text[End] == '}' &&
               inertText(llvm::StringRef(Text).slice(Begin, End));
      }
      if (Open.back() != Want)
        return false;
      Open.pop_back();
      continue;
    }
    case clang::tok::raw_identifier: {
      llvm::StringRef Name = Tok.getRawIdentifier();
      if (Name == "import" || Name == "module" || Name == "export" ||
          std::binary_search(Macros.begin(), Macros.end(), nameHash(Name)))
        return false;
      continue;
    }
    case clang::tok::hash:
    case clang::tok::hashhash:
    case clang::tok::hashat:
    case clang::tok::unknown:
      return false;
    default:
      continue;
    }
  }
  return false; // Ran out of text.
}

/// Fills in the 1-based line and column of each body's ends (one pass).
void positions(llvm::StringRef Text, std::vector<OutlineBody> &Bodies) {
  unsigned Line = 1, LineStart = 0, I = 0;
  auto At = [&](unsigned Off, unsigned &L, unsigned &C) {
    for (; I < Off && I < Text.size(); ++I)
      if (Text[I] == '\n') {
        ++Line;
        LineStart = I + 1;
      }
    L = Line;
    C = Off - LineStart + 1;
  };
  for (OutlineBody &B : Bodies) {
    At(B.Begin, B.BeginLine, B.BeginCol);
    At(B.End, B.EndLine, B.EndCol);
  }
}

std::string outlineHash(llvm::StringRef Text,
                        const std::vector<OutlineBody> &Bodies, uint32_t Bits) {
  std::string O;
  O.reserve(Text.size());
  unsigned At = 0;
  for (const OutlineBody &B : Bodies) {
    O += Text.slice(At, B.Begin);
    O += '\0'; // The body.
    At = B.End;
  }
  O += Text.substr(At);
  O += "\0lexer=" + std::to_string(Bits);
  return contentHash(O);
}

} // namespace

FileOutline makeOutline(const std::string &Path, llvm::StringRef Text,
                        uint32_t LexerBits, std::vector<unsigned> DeclEnds,
                        const NameSet &Macros) {
  FileOutline Out;
  Out.Path = Path;
  Out.Lexer = LexerBits;
  std::string Buf = Text.str();
  if (Buf.find('\r') == std::string::npos) {
    clang::LangOptions LO = fromBits(LexerBits);
    std::sort(DeclEnds.begin(), DeclEnds.end());
    DeclEnds.erase(std::unique(DeclEnds.begin(), DeclEnds.end()),
                   DeclEnds.end());
    unsigned Last = 0;
    for (unsigned D : DeclEnds) {
      if (D < Last || D > Buf.size())
        continue;
      // After the declarator: optional virt-specifiers, then the body's `{`.
      // Anything else (a constructor's initializers, `try`, a requires
      // clause) stays in the outline.
      RawLexer Lex(Buf, LO, D);
      clang::Token Tok;
      bool Found = false;
      while (Lex.next(Tok)) {
        if (Tok.is(clang::tok::raw_identifier) &&
            (Tok.getRawIdentifier() == "override" ||
             Tok.getRawIdentifier() == "final"))
          continue;
        Found = Tok.is(clang::tok::l_brace) && Buf[Lex.offset(Tok)] == '{';
        break;
      }
      if (!Found)
        continue;
      OutlineBody B;
      B.Begin = Lex.offset(Tok) + 1;
      if (!inertBody(Buf, LO, B.Begin, Macros, B.End))
        continue;
      Out.Bodies.push_back(B);
      Last = B.End;
    }
    positions(Buf, Out.Bodies);
  }
  Out.Hash = outlineHash(Buf, Out.Bodies, LexerBits);
  return Out;
}

bool sameOutline(const FileOutline &Old, llvm::StringRef NewText,
                 const NameSet &Macros, FileOutline &New) {
  std::string Buf = NewText.str();
  if (Buf.find('\r') != std::string::npos)
    return false;
  clang::LangOptions LO = fromBits(Old.Lexer);
  New = FileOutline();
  New.Path = Old.Path;
  New.Lexer = Old.Lexer;
  unsigned OldAt = 0, NewAt = 0;
  for (const OutlineBody &OB : Old.Bodies) {
    // The text between bodies is the same length (else the hash differs).
    if (OB.Begin < OldAt)
      return false;
    OutlineBody B;
    B.Begin = NewAt + (OB.Begin - OldAt);
    if (B.Begin == 0 || B.Begin > Buf.size() || Buf[B.Begin - 1] != '{' ||
        !inertBody(Buf, LO, B.Begin, Macros, B.End))
      return false;
    New.Bodies.push_back(B);
    OldAt = OB.End;
    NewAt = B.End;
  }
  positions(Buf, New.Bodies);
  New.Hash = outlineHash(Buf, New.Bodies, Old.Lexer);
  return New.Hash == Old.Hash;
}

namespace {

bool movePos(SourceLoc &L, const FileOutline &Old, const FileOutline &New) {
  if (L.File != Old.Path)
    return true;
  auto Before = [](unsigned L1, unsigned C1, unsigned L2, unsigned C2) {
    return L1 < L2 || (L1 == L2 && C1 < C2);
  };
  const OutlineBody *OB = nullptr, *NB = nullptr;
  for (size_t I = 0; I < Old.Bodies.size(); ++I) {
    const OutlineBody &B = Old.Bodies[I];
    if (Before(L.Line, L.Column, B.BeginLine, B.BeginCol))
      break;
    if (Before(L.Line, L.Column, B.EndLine, B.EndCol))
      return false; // Inside a body.
    OB = &B;
    NB = &New.Bodies[I];
  }
  if (!OB)
    return true;
  if (L.Line == OB->EndLine)
    L.Column = L.Column - OB->EndCol + NB->EndCol;
  L.Line = L.Line - OB->EndLine + NB->EndLine;
  return true;
}

bool moveDiag(Diagnostic &D, const FileOutline &Old, const FileOutline &New) {
  if (!movePos(D.Loc, Old, New))
    return false;
  for (Diagnostic &N : D.Notes)
    if (!moveDiag(N, Old, New))
      return false;
  return true;
}

} // namespace

bool moveFacts(TUFacts &T, const FileOutline &Old, const FileOutline &New) {
  if (Old.Bodies.size() != New.Bodies.size())
    return false;
  for (Diagnostic &D : T.Diagnostics)
    if (!moveDiag(D, Old, New))
      return false;
  for (KernelFact &K : T.Kernels) {
    for (SourceLoc *L : {&K.SchemaLoc, &K.Loc, &K.AnnotationLoc, &K.Return.Loc})
      if (!movePos(*L, Old, New))
        return false;
    for (CppParamFact &P : K.Params)
      if (!movePos(P.Loc, Old, New))
        return false;
    if (K.InsertFile != Old.Path || K.InsertAfterOffset == 0)
      continue;
    unsigned Off = K.InsertAfterOffset;
    int DeltaOff = 0, DeltaLine = 0;
    for (size_t I = 0; I < Old.Bodies.size(); ++I) {
      const OutlineBody &B = Old.Bodies[I];
      if (Off <= B.Begin)
        break;
      if (Off - 1 < B.End)
        return false; // Ends inside a body.
      DeltaOff = int(New.Bodies[I].End) - int(B.End);
      DeltaLine = int(New.Bodies[I].EndLine) - int(B.EndLine);
    }
    K.InsertAfterOffset = unsigned(int(Off) + DeltaOff);
    K.InsertAfterLine = unsigned(int(K.InsertAfterLine) + DeltaLine);
  }
  return true;
}

} // namespace incremental
} // namespace skgen
