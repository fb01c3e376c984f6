//===- CodeText.cpp - Text that generated code pastes ---------------------===//
#include "Blocks/CodeText.h"
#include "Basic/LLVMCompat.h"
#include "Blocks/Blocks.h"
#include "Facts/Derivatives.h"

#include "clang/Lex/Lexer.h"

#include <cctype>
#include <cstring>

namespace skgen {
namespace blocks {

namespace {

/// What the lexer skipped at \p Skipped (not whitespace): an unterminated
/// block comment (it runs to the end), or a stray character.
CodeTextError skippedText(llvm::StringRef Text, size_t Skipped) {
  if (compat::startsWith(Text.substr(Skipped), "/*"))
    return {unsigned(Skipped), "holds a '/*' comment without its end"};
  return {unsigned(Skipped), "holds text that is not a C++ token"};
}

/// A raw lexer over \p Text (comments kept), as C++17 with digraphs, the
/// language generated code is compiled as. Clang's lexer reads up to a
/// terminating null character, which a StringRef need not have: it lexes a
/// copy.
class RawTokens {
public:
  explicit RawTokens(llvm::StringRef Text)
      : Copy(Text.str()), Lex(clang::SourceLocation(), options(), Copy.c_str(),
                              Copy.c_str(), Copy.c_str() + Copy.size()) {
    Lex.SetCommentRetentionState(true);
  }

  /// The next token and its byte offset; false at the end.
  bool next(clang::Token &Tok, size_t &Offset) {
    Lex.LexFromRawLexer(Tok);
    if (Tok.is(clang::tok::eof))
      return false;
    // The lexer stops right after the token it returns.
    Offset = size_t(Lex.getBufferLocation() - Copy.c_str()) - Tok.getLength();
    return true;
  }

private:
  static const clang::LangOptions &options() {
    static const clang::LangOptions LO = [] {
      clang::LangOptions LO;
      LO.CPlusPlus = LO.CPlusPlus11 = LO.CPlusPlus14 = LO.CPlusPlus17 = 1;
      LO.LineComment = LO.Digraphs = LO.Bool = 1;
      return LO;
    }();
    return LO;
  }

  const std::string Copy;
  clang::Lexer Lex;
};

const char *closerOf(clang::tok::TokenKind K) {
  switch (K) {
  case clang::tok::l_paren:
    return ")";
  case clang::tok::l_square:
    return "]";
  default:
    return "}";
  }
}

} // namespace

std::optional<CodeTextError> checkCppExpression(llvm::StringRef Text) {
  auto Error = [](size_t Offset, std::string What) {
    return CodeTextError{unsigned(Offset), std::move(What)};
  };
  // Marker text anywhere, even in a string literal: the scan looks for the
  // markers before a position without lexing (Scanner.cpp).
  size_t Tag = Text.find(MarkerTag);
  if (Tag != llvm::StringRef::npos)
    return Error(Tag,
                 std::string("holds skgen's generated-block marker text '") +
                     MarkerTag + "'");
  for (size_t I = 0; I < Text.size(); ++I) {
    unsigned char C = Text[I];
    if (C == '\n' || C == '\r')
      return Error(I, "holds a line break");
    if ((C < 0x20 && C != '\t') || C == 0x7f)
      return Error(I, "holds a control character");
  }
  // (GCC replaces trigraphs under -std=c++14: `??/` is a backslash.)
  for (size_t I = 0; I + 2 < Text.size(); ++I)
    if (Text[I] == '?' && Text[I + 1] == '?' &&
        std::strchr("=/'()!<>-", Text[I + 2]))
      return Error(I, "holds a trigraph '" + Text.substr(I, 3).str() + "'");

  RawTokens Toks(Text);
  clang::Token Tok;
  size_t Offset = 0, End = 0;
  bool Any = false;
  std::vector<std::pair<clang::tok::TokenKind, size_t>> Open;
  while (Toks.next(Tok, Offset)) {
    size_t Skipped = Text.slice(End, Offset).find_first_not_of(" \t");
    if (Skipped != llvm::StringRef::npos)
      return skippedText(Text, End + Skipped);
    End = Offset + Tok.getLength();
    Any = true;
    switch (Tok.getKind()) {
    case clang::tok::comment: {
      // derivatives.yaml names arguments so: `/*rounding_mode=*/"trunc"`.
      llvm::StringRef C = Text.substr(Offset, Tok.getLength());
      if (compat::startsWith(C, "//"))
        return Error(Offset, "holds a '//' comment");
      if (C.size() < 4 || !compat::endsWith(C, "*/"))
        return Error(Offset, "holds a '/*' comment without its end");
      break;
    }
    case clang::tok::hash:
    case clang::tok::hashhash:
    case clang::tok::hashat:
      return Error(Offset, "holds a preprocessor '#'");
    case clang::tok::semi:
      // Inside braces it ends a statement of a lambda's body:
      // derivatives.yaml's `[](c10::SymInt i){return -i;}`.
      if (Open.empty() || Open.back().first != clang::tok::l_brace)
        return Error(Offset, "holds ';' outside braces, which ends the "
                             "statement the expression is in");
      break;
    case clang::tok::unknown:
      return Error(Offset, "holds '" + Text.substr(Offset, 1).str() +
                               "', which is not C++ here (an unterminated "
                               "literal or a stray character)");
    case clang::tok::l_paren:
    case clang::tok::l_square:
    case clang::tok::l_brace:
      Open.push_back({Tok.getKind(), Offset});
      break;
    case clang::tok::r_paren:
    case clang::tok::r_square:
    case clang::tok::r_brace: {
      std::string Closer = Text.substr(Offset, Tok.getLength()).str();
      if (Open.empty())
        return Error(Offset,
                     "holds '" + Closer + "' without its opening bracket");
      clang::tok::TokenKind Want =
          Open.back().first == clang::tok::l_paren    ? clang::tok::r_paren
          : Open.back().first == clang::tok::l_square ? clang::tok::r_square
                                                      : clang::tok::r_brace;
      if (Tok.getKind() != Want)
        return Error(Offset, "holds '" + Closer + "' where '" +
                                 closerOf(Open.back().first) +
                                 "' closes the bracket at byte " +
                                 std::to_string(Open.back().second + 1));
      Open.pop_back();
      break;
    }
    default:
      break;
    }
  }
  size_t Skipped = Text.substr(End).find_first_not_of(" \t");
  if (Skipped != llvm::StringRef::npos)
    return skippedText(Text, End + Skipped);
  if (!Any)
    return Error(0, "is empty");
  if (!Open.empty())
    return Error(Open.back().second,
                 "leaves '" + Text.substr(Open.back().second, 1).str() +
                     "' without its '" + closerOf(Open.back().first) + "'");
  return std::nullopt;
}

bool isCppName(llvm::StringRef S) {
  if (S.empty() || !(isalpha(static_cast<unsigned char>(S[0])) || S[0] == '_' ||
                     S[0] == ':'))
    return false;
  for (char C : S)
    if (!(isalnum(static_cast<unsigned char>(C)) ||
          (C != 0 && std::strchr("_:<>, *&+-/%^|~!=[]()'", C))))
      return false;
  // Brackets only where Clang prints them in a name: `operator()`,
  // `operator[]`, `(anonymous namespace)` (not a call: `f(0)||g(0)`).
  std::string Rest = S.str();
  for (const char *Part : {"operator()", "operator[]", "operator new[]",
                           "operator delete[]", "(anonymous namespace)"})
    for (size_t P; (P = Rest.find(Part)) != std::string::npos;)
      Rest.erase(P, std::strlen(Part));
  if (Rest.find_first_of("()[]") != std::string::npos)
    return false;
  return !checkCppExpression(S);
}

std::vector<DerivativeFact::Use> formulaUses(llvm::StringRef Formula) {
  std::vector<DerivativeFact::Use> Uses;
  std::vector<clang::Token> Toks;
  std::vector<unsigned> Offsets;
  RawTokens Lex(Formula);
  clang::Token T;
  size_t Offset;
  while (Lex.next(T, Offset)) {
    if (T.is(clang::tok::comment))
      continue;
    Toks.push_back(T);
    Offsets.push_back(unsigned(Offset));
  }
  auto Is = [&](size_t I, clang::tok::TokenKind K) {
    return I < Toks.size() && Toks[I].is(K);
  };
  for (size_t I = 0; I < Toks.size(); ++I) {
    if (!Toks[I].is(clang::tok::raw_identifier))
      continue;
    if (I > 0 &&
        (Is(I - 1, clang::tok::period) || Is(I - 1, clang::tok::arrow) ||
         Is(I - 1, clang::tok::coloncolon)))
      continue;
    if (Is(I + 1, clang::tok::coloncolon))
      continue;
    DerivativeFact::Use U;
    U.Name = Toks[I].getRawIdentifier().str();
    U.Offset = Offsets[I];
    U.Length = Toks[I].getLength();
    if (Is(I + 1, clang::tok::period) &&
        Is(I + 2, clang::tok::raw_identifier) &&
        Is(I + 3, clang::tok::l_paren) && Is(I + 4, clang::tok::r_paren) &&
        derivatives::findSavedProperty(Toks[I + 2].getRawIdentifier())) {
      U.Property = Toks[I + 2].getRawIdentifier().str();
      U.Length = Offsets[I + 4] + 1 - U.Offset;
    }
    Uses.push_back(std::move(U));
  }
  return Uses;
}

} // namespace blocks
} // namespace skgen
