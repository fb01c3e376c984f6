//===- Lexer.cpp - Tokens of the PyTorch schema language ------------------===//
#include "Schema/Lexer.h"

#include <cctype>

namespace skgen {
namespace schema {
namespace detail {

static bool isDigit(char C) { return C >= '0' && C <= '9'; }

bool isTorchKeyword(std::string_view W) {
  // torch/csrc/jit/frontend/lexer.h, TC_FORALL_TOKEN_KINDS (1.13 and 2.x).
  static const char *const Keywords[] = {
      "def",  "if",    "else",   "elif",   "while", "return",   "is",
      "True", "False", "None",   "and",    "or",    "not",      "global",
      "for",  "in",    "raise",  "assert", "break", "continue", "del",
      "pass", "class", "import", "with",   "as",    "Ellipsis", "NoneType"};
  for (const char *K : Keywords)
    if (W == K)
      return true;
  return false;
}

Token Lexer::next() {
  while (Pos < Src.size() && std::isspace(static_cast<unsigned char>(Src[Pos])))
    ++Pos;
  Token T;
  T.Offset = Pos;
  if (Pos >= Src.size())
    return T;
  char C = Src[Pos];
  if (std::isalpha(static_cast<unsigned char>(C)) || C == '_') {
    size_t B = Pos;
    while (
        Pos < Src.size() &&
        (std::isalnum(static_cast<unsigned char>(Src[Pos])) || Src[Pos] == '_'))
      ++Pos;
    T.K = Tok::Ident;
    T.Text = std::string(Src.substr(B, Pos - B));
    return T;
  }
  if (isDigit(C) || (C == '-' && Pos + 1 < Src.size() &&
                     (isDigit(Src[Pos + 1]) || Src[Pos + 1] == '.')))
    return lexNumber();
  if (C == '"' || C == '\'')
    return lexString(C);
  static const char *Multi[] = {"...", "::", "->"};
  for (const char *M : Multi) {
    std::string_view MV(M);
    if (Src.substr(Pos, MV.size()) == MV) {
      Pos += MV.size();
      T.K = Tok::Punct;
      T.Text = M;
      return T;
    }
  }
  if (std::string_view("()[],*!?|=.").find(C) != std::string_view::npos) {
    ++Pos;
    T.K = Tok::Punct;
    T.Text = std::string(1, C);
    return T;
  }
  T.K = Tok::Error;
  T.Text = std::string(1, C);
  return T;
}

// digits [. digits] [(e|E) [+|-] digits] [j], optionally after an adjacent
// `-`. (PyTorch's lexer reads numbers with strtod; this is the decimal part
// of that syntax.)
Token Lexer::lexNumber() {
  Token T;
  T.Offset = Pos;
  size_t B = Pos;
  if (Src[Pos] == '-')
    ++Pos;
  size_t Digits = Pos;
  while (Pos < Src.size() && isDigit(Src[Pos]))
    ++Pos;
  bool HasDigits = Pos > Digits;
  if (Pos < Src.size() && Src[Pos] == '.' &&
      Src.substr(Pos, 3) != std::string_view("...")) {
    ++Pos;
    Digits = Pos;
    while (Pos < Src.size() && isDigit(Src[Pos]))
      ++Pos;
    HasDigits |= Pos > Digits;
  }
  if (!HasDigits) { // `-.`
    T.K = Tok::Error;
    T.Text = "expected a number after '-'";
    return T;
  }
  if (Pos < Src.size() && (Src[Pos] == 'e' || Src[Pos] == 'E')) {
    size_t Save = Pos++;
    if (Pos < Src.size() && (Src[Pos] == '+' || Src[Pos] == '-'))
      ++Pos;
    if (Pos < Src.size() && isDigit(Src[Pos])) {
      while (Pos < Src.size() && isDigit(Src[Pos]))
        ++Pos;
    } else {
      Pos = Save;
    }
  }
  if (Pos < Src.size() && Src[Pos] == 'j')
    ++Pos;
  T.K = Tok::Number;
  T.Text = std::string(Src.substr(B, Pos - B));
  return T;
}

// The escapes of torch/csrc/jit/frontend/parse_string_literal.h: \\ \' \"
// \a \b \f \n \t \v and exactly three octal digits. PyTorch rejects every
// other escape (\r, \0, \x41, \u00e9, ...), and a newline ends no string.
Token Lexer::lexString(char Quote) {
  Token T;
  T.Offset = Pos;
  ++Pos;
  std::string V;
  while (Pos < Src.size() && Src[Pos] != Quote) {
    char C = Src[Pos];
    if (C == '\n') {
      T.K = Tok::Error;
      T.Offset = Pos;
      T.Text = "newline in string literal (write it as \\n)";
      return T;
    }
    ++Pos;
    if (C != '\\') {
      V += C;
      continue;
    }
    if (Pos >= Src.size())
      break;
    char E = Src[Pos++];
    switch (E) {
    case '\\':
    case '\'':
    case '"':
      V += E;
      break;
    case 'a':
      V += '\a';
      break;
    case 'b':
      V += '\b';
      break;
    case 'f':
      V += '\f';
      break;
    case 'n':
      V += '\n';
      break;
    case 't':
      V += '\t';
      break;
    case 'v':
      V += '\v';
      break;
    default: {
      bool Octal = E >= '0' && E <= '3' && Pos + 1 < Src.size() &&
                   Src[Pos] >= '0' && Src[Pos] <= '7' && Src[Pos + 1] >= '0' &&
                   Src[Pos + 1] <= '7';
      if (!Octal) {
        T.K = Tok::Error;
        T.Offset = Pos - 2;
        std::string Seq = "\\";
        if (std::isprint(static_cast<unsigned char>(E)))
          Seq += E;
        T.Text = "unsupported escape sequence '" + Seq +
                 "' in string literal (PyTorch reads \\\\ \\' \\\" \\a \\b "
                 "\\f \\n \\t \\v and three-digit octal escapes such as "
                 "\\015)";
        return T;
      }
      V += static_cast<char>((E - '0') * 64 + (Src[Pos] - '0') * 8 +
                             (Src[Pos + 1] - '0'));
      Pos += 2;
    }
    }
  }
  if (Pos >= Src.size()) {
    T.K = Tok::Error;
    T.Text = "unterminated string literal";
    return T;
  }
  ++Pos; // closing quote
  T.K = Tok::String;
  T.Text = V;
  return T;
}

} // namespace detail
} // namespace schema
} // namespace skgen
