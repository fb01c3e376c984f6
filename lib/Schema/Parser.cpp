//===- Parser.cpp - Parse PyTorch function schemas ------------------------===//
//
// A hand-written lexer and recursive-descent parser for the schema language
// accepted by torch/csrc/jit/frontend/function_schema_parser.cpp. Errors carry
// the byte offset of the offending token so callers can point a caret at it
// (inside a string literal in a C++ annotation, for example).
//
//===----------------------------------------------------------------------===//
#include "Schema/Parser.h"

#include <cctype>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <set>

namespace skgen {
namespace schema {
namespace {

enum class Tok {
  Eof,
  Ident,  // identifiers, possibly dotted: __torch__.torch.classes.x.Y
  Number, // 1, -1, 1., 1e-05, 2j
  String, // 'x' or "x" (Text holds the unescaped value)
  Punct,  // ( ) [ ] , * ! ? | = . :: -> ...
  Error,
};

struct Token {
  Tok K = Tok::Eof;
  std::string Text;
  size_t Offset = 0;
};

struct ParseFailure {
  ParseError E;
};

class Lexer {
public:
  explicit Lexer(std::string_view S) : Src(S) {}

  Token next() {
    while (Pos < Src.size() &&
           std::isspace(static_cast<unsigned char>(Src[Pos])))
      ++Pos;
    Token T;
    T.Offset = Pos;
    if (Pos >= Src.size())
      return T;
    char C = Src[Pos];
    if (std::isalpha(static_cast<unsigned char>(C)) || C == '_') {
      size_t B = Pos;
      while (Pos < Src.size() &&
             (std::isalnum(static_cast<unsigned char>(Src[Pos])) ||
              Src[Pos] == '_'))
        ++Pos;
      T.K = Tok::Ident;
      T.Text = std::string(Src.substr(B, Pos - B));
      return T;
    }
    if (std::isdigit(static_cast<unsigned char>(C)) ||
        (C == '-' && Pos + 1 < Src.size() &&
         (std::isdigit(static_cast<unsigned char>(Src[Pos + 1])) ||
          Src[Pos + 1] == '.'))) {
      size_t B = Pos;
      if (C == '-')
        ++Pos;
      while (Pos < Src.size() &&
             std::isdigit(static_cast<unsigned char>(Src[Pos])))
        ++Pos;
      if (Pos < Src.size() && Src[Pos] == '.' &&
          !(Pos + 2 < Src.size() && Src[Pos + 1] == '.' &&
            Src[Pos + 2] == '.')) {
        ++Pos;
        while (Pos < Src.size() &&
               std::isdigit(static_cast<unsigned char>(Src[Pos])))
          ++Pos;
      }
      if (Pos < Src.size() && (Src[Pos] == 'e' || Src[Pos] == 'E')) {
        size_t Save = Pos++;
        if (Pos < Src.size() && (Src[Pos] == '+' || Src[Pos] == '-'))
          ++Pos;
        if (Pos < Src.size() &&
            std::isdigit(static_cast<unsigned char>(Src[Pos]))) {
          while (Pos < Src.size() &&
                 std::isdigit(static_cast<unsigned char>(Src[Pos])))
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

private:
  Token lexString(char Quote) {
    Token T;
    T.Offset = Pos;
    ++Pos;
    std::string V;
    while (Pos < Src.size() && Src[Pos] != Quote) {
      char C = Src[Pos++];
      if (C != '\\') {
        V += C;
        continue;
      }
      if (Pos >= Src.size())
        break;
      char E = Src[Pos++];
      switch (E) {
      case 'n':
        V += '\n';
        break;
      case 't':
        V += '\t';
        break;
      case 'r':
        V += '\r';
        break;
      case 'f':
        V += '\f';
        break;
      case 'v':
        V += '\v';
        break;
      case 'a':
        V += '\a';
        break;
      case 'b':
        V += '\b';
        break;
      case '0':
      case '1':
      case '2':
      case '3':
      case '4':
      case '5':
      case '6':
      case '7': {
        int Code = E - '0';
        for (int I = 0;
             I < 2 && Pos < Src.size() && Src[Pos] >= '0' && Src[Pos] <= '7';
             ++I)
          Code = Code * 8 + (Src[Pos++] - '0');
        V += static_cast<char>(Code);
        break;
      }
      default:
        V += E;
        break; // \\ \' \" and unknown escapes
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

  std::string_view Src;
  size_t Pos = 0;
};

// Types whose names start with an upper-case letter must be known; lower-case
// unknown names are type variables (`t`, `tVal`), as in PyTorch.
const std::set<std::string> &knownTypeNames() {
  static const std::set<std::string> Names = {"Tensor",
                                              "Scalar",
                                              "SymInt",
                                              "ScalarType",
                                              "Layout",
                                              "MemoryFormat",
                                              "Device",
                                              "Generator",
                                              "Dimname",
                                              "Storage",
                                              "Stream",
                                              "QScheme",
                                              "ConstQuantizerPtr",
                                              "Any",
                                              "AnyClassType",
                                              "AnyEnumType",
                                              "Capsule",
                                              "None",
                                              "NoneType",
                                              "int",
                                              "float",
                                              "bool",
                                              "str",
                                              "complex",
                                              "number",
                                              "t",
                                              "Quantizer",
                                              "AnyType",
                                              "DeviceObjType",
                                              "StreamObjType"};
  return Names;
}

const std::set<std::string> &parametricTypeNames() {
  static const std::set<std::string> Names = {"Dict",  "Future", "RRef",
                                              "Union", "Await",  "Tuple"};
  return Names;
}

// Enum-valued defaults print as their integer value in PyTorch.
const std::map<std::string, int> &enumDefaultValues(const std::string &Ty) {
  static const std::map<std::string, int> MemoryFormat = {
      {"contiguous_format", 0},
      {"preserve_format", 1},
      {"channels_last", 2},
      {"channels_last_3d", 3}};
  static const std::map<std::string, int> Layout = {
      {"strided", 0},    {"sparse_coo", 1}, {"sparse_csr", 2}, {"mkldnn", 3},
      {"sparse_csc", 4}, {"sparse_bsr", 5}, {"sparse_bsc", 6}};
  static const std::map<std::string, int> ScalarType = {
      {"uint8", 0},     {"int8", 1},   {"int16", 2},       {"short", 2},
      {"int32", 3},     {"int", 3},    {"int64", 4},       {"long", 4},
      {"float16", 5},   {"half", 5},   {"float32", 6},     {"float", 6},
      {"float64", 7},   {"double", 7}, {"complex32", 8},   {"chalf", 8},
      {"complex64", 9}, {"cfloat", 9}, {"complex128", 10}, {"cdouble", 10},
      {"bool", 11},     {"qint8", 12}, {"quint8", 13},     {"qint32", 14},
      {"bfloat16", 15}};
  static const std::map<std::string, int> Empty;
  if (Ty == "MemoryFormat")
    return MemoryFormat;
  if (Ty == "Layout")
    return Layout;
  if (Ty == "ScalarType")
    return ScalarType;
  return Empty;
}

class Parser {
public:
  explicit Parser(std::string_view S) : Lex(S) {
    Cur = Lex.next();
    checkLexError();
  }

  FunctionSchema parseSchema() {
    FunctionSchema S;
    S.Op = parseName(/*RequireNamespace=*/false);
    expectPunct("(", "expected '(' to start the argument list");
    parseArguments(S);
    expectPunct("->", "expected '->' before the returns");
    parseReturns(S);
    if (Cur.K != Tok::Eof)
      fail(Cur, "unexpected '" + tokenText(Cur) + "' after the schema");
    return S;
  }

  OperatorName parseOperatorNameOnly() {
    OperatorName N = parseName(/*RequireNamespace=*/true);
    if (Cur.K != Tok::Eof)
      fail(Cur, "unexpected '" + tokenText(Cur) + "' after the operator name");
    return N;
  }

private:
  [[noreturn]] void fail(const Token &T, std::string Msg) {
    throw ParseFailure{ParseError{T.Offset, std::move(Msg)}};
  }

  static std::string tokenText(const Token &T) {
    switch (T.K) {
    case Tok::Eof:
      return "end of input";
    case Tok::String:
      return quoteString(T.Text);
    default:
      return T.Text;
    }
  }

  void advance() {
    Cur = Lex.next();
    checkLexError();
  }

  void checkLexError() {
    if (Cur.K == Tok::Error) {
      if (Cur.Text.size() == 1) {
        unsigned char C = static_cast<unsigned char>(Cur.Text[0]);
        if (std::isprint(C))
          fail(Cur, "invalid character '" + Cur.Text + "'");
        // Never print half a UTF-8 sequence or a control byte.
        char Hex[8];
        std::snprintf(Hex, sizeof(Hex), "\\x%02X", C);
        fail(Cur, std::string("invalid byte '") + Hex +
                      "' (schemas are ASCII outside string literals)");
      }
      fail(Cur, Cur.Text);
    }
  }

  bool isPunct(const char *P) const {
    return Cur.K == Tok::Punct && Cur.Text == P;
  }

  bool acceptPunct(const char *P) {
    if (!isPunct(P))
      return false;
    advance();
    return true;
  }

  void expectPunct(const char *P, const std::string &Msg) {
    if (!isPunct(P))
      fail(Cur, Msg + ", found '" + tokenText(Cur) + "'");
    advance();
  }

  std::string expectIdent(const std::string &What) {
    if (Cur.K != Tok::Ident)
      fail(Cur, "expected " + What + ", found '" + tokenText(Cur) + "'");
    std::string S = Cur.Text;
    advance();
    return S;
  }

  OperatorName parseName(bool RequireNamespace) {
    OperatorName N;
    if (Cur.K == Tok::Eof)
      fail(Cur, "expected an operator name, found end of input");
    Token First = Cur;
    std::string A = expectIdent("an operator name");
    if (acceptPunct("::")) {
      N.Namespace = A;
      N.Name = expectIdent("an operator name after '::'");
    } else {
      if (RequireNamespace)
        fail(First, "expected a namespace-qualified operator name "
                    "('ns::name'), found '" +
                        A + "'");
      N.Name = A;
    }
    if (acceptPunct("."))
      N.Overload = expectIdent("an overload name after '.'");
    return N;
  }

  void parseArguments(FunctionSchema &S) {
    bool KwargOnly = false;
    if (acceptPunct(")"))
      return;
    while (true) {
      if (isPunct("*")) {
        advance();
        KwargOnly = true;
      } else if (isPunct("...")) {
        advance();
        S.IsVararg = true;
        expectPunct(")", "expected ')' after '...' in the argument list");
        return;
      } else {
        S.Arguments.push_back(parseArgument(KwargOnly));
      }
      if (acceptPunct(")"))
        return;
      if (Cur.K == Tok::Eof)
        fail(Cur,
             "expected ')' to close the argument list, found end of input");
      expectPunct(",", "expected ',' or ')' in the argument list");
    }
  }

  Argument parseArgument(bool KwargOnly) {
    Argument A;
    A.KwargOnly = KwargOnly;
    if (isPunct("="))
      fail(Cur, "expected an argument type before the default value");
    A.Ty = parseType();
    if (isPunct("="))
      fail(Cur, "expected an argument name before the default value");
    A.Name = expectIdent("an argument name");
    if (acceptPunct("="))
      A.Default = parseDefault(A.Ty);
    return A;
  }

  void parseReturns(FunctionSchema &S) {
    if (isPunct("...")) {
      advance();
      S.IsVarret = true;
      return;
    }
    if (!isPunct("(")) {
      S.Returns.push_back(parseReturn());
      return;
    }
    advance();
    if (acceptPunct(")"))
      return;
    while (true) {
      if (isPunct("...")) {
        advance();
        S.IsVarret = true;
        expectPunct(")", "expected ')' after '...' in the returns");
        return;
      }
      S.Returns.push_back(parseReturn());
      if (acceptPunct(")"))
        return;
      if (Cur.K == Tok::Eof)
        fail(Cur, "expected ')' to close the returns, found end of input");
      expectPunct(",", "expected ',' or ')' in the returns");
    }
  }

  Return parseReturn() {
    Return R;
    R.Ty = parseType();
    if (Cur.K == Tok::Ident) {
      R.Name = Cur.Text;
      advance();
    }
    return R;
  }

  Type parseType() {
    Type T = parseBaseType();
    // Suffixes: [] [N] ? and an alias annotation after a list.
    while (true) {
      if (isPunct("[")) {
        advance();
        std::optional<int64_t> Size;
        if (Cur.K == Tok::Number) {
          Token N = Cur;
          char *End = nullptr;
          errno = 0;
          long long V = std::strtoll(N.Text.c_str(), &End, 10);
          if (*End || errno || V < 0)
            fail(N, "expected a list size, found '" + N.Text + "'");
          Size = V;
          advance();
        }
        expectPunct("]", "expected ']' to close the list type");
        T = Type::listOf(std::move(T), Size);
      } else if (isPunct("?")) {
        advance();
        T = Type::optionalOf(std::move(T));
      } else if (isPunct("(")) {
        AliasInfo A = parseAlias();
        // `Tensor?(a!)` is printed `Tensor(a!)?` by PyTorch.
        Type &Target = T.isOptional() ? T.Elements.front() : T;
        if (Target.Alias)
          fail(Cur, "duplicate alias annotation");
        Target.Alias = std::move(A);
      } else {
        return T;
      }
    }
  }

  Type parseBaseType() {
    if (isPunct("(")) {
      // Tuple type.
      advance();
      Type T;
      T.K = Type::Kind::Tuple;
      if (!acceptPunct(")")) {
        while (true) {
          T.Elements.push_back(parseType());
          if (acceptPunct(")"))
            break;
          expectPunct(",", "expected ',' or ')' in the tuple type");
        }
      }
      return T;
    }
    if (Cur.K != Tok::Ident)
      fail(Cur, "expected a type, found '" + tokenText(Cur) + "'");
    Token NameTok = Cur;
    std::string Name = Cur.Text;
    advance();
    // Dotted class names: __torch__.torch.classes.ns.Class
    while (isPunct(".")) {
      advance();
      Name += "." + expectIdent("a class name after '.'");
    }
    if (parametricTypeNames().count(Name) && isPunct("(")) {
      advance();
      Type T;
      T.K = Type::Kind::Parametric;
      T.Name = Name;
      while (true) {
        T.Elements.push_back(parseType());
        if (acceptPunct(")"))
          break;
        expectPunct(",", "expected ',' or ')' in the type parameters");
      }
      return T;
    }
    bool IsClass = Name.find('.') != std::string::npos;
    if (!IsClass && !knownTypeNames().count(Name) &&
        !std::islower(static_cast<unsigned char>(Name[0])))
      fail(NameTok, "unknown type '" + Name + "'");
    Type T = Type::named(Name);
    if (isPunct("("))
      T.Alias = parseAlias();
    return T;
  }

  std::string parseAliasSet() {
    if (isPunct("*")) {
      advance();
      return "*";
    }
    if (Cur.K != Tok::Ident)
      fail(Cur, "expected an alias set name or '*' in the alias annotation, "
                "found '" +
                    tokenText(Cur) + "'");
    std::string S = Cur.Text;
    advance();
    return S;
  }

  AliasInfo parseAlias() {
    expectPunct("(", "expected '(' to start the alias annotation");
    AliasInfo A;
    A.BeforeSets.push_back(parseAliasSet());
    while (acceptPunct("|"))
      A.BeforeSets.push_back(parseAliasSet());
    if (acceptPunct("!"))
      A.IsWrite = true;
    if (acceptPunct("->")) {
      A.AfterSets.push_back(parseAliasSet());
      while (acceptPunct("|"))
        A.AfterSets.push_back(parseAliasSet());
    } else {
      A.AfterSets = A.BeforeSets;
    }
    expectPunct(")", "expected ')' to close the alias annotation");
    return A;
  }

  // Defaults ---------------------------------------------------------------

  DefaultValue parseDefault(const Type &Declared) {
    DefaultValue D;
    if (Cur.K == Tok::Ident && Cur.Text == "None") {
      advance();
      D.K = DefaultValue::Kind::None;
      D.Text = "None";
      return D;
    }
    const Type &T = Declared.unwrapOptional();
    if (T.isList()) {
      const Type &Elem = T.Elements.front();
      if (isPunct("[")) {
        Token Open = Cur;
        advance();
        std::string Text = "[";
        bool First = true;
        while (!isPunct("]")) {
          if (!First)
            expectPunct(",", "expected ',' or ']' in the list default");
          if (!First)
            Text += ", ";
          First = false;
          if (Cur.K == Tok::Eof)
            fail(Open, "unterminated list default value");
          Text += parseScalarDefault(Elem).Text;
        }
        advance();
        D.K = DefaultValue::Kind::List;
        D.Text = Text + "]";
        return D;
      }
      // `int[2] stride=1` broadcasts a single value.
      return parseScalarDefault(Elem);
    }
    return parseScalarDefault(T);
  }

  DefaultValue parseScalarDefault(const Type &T) {
    DefaultValue D;
    Token Tk = Cur;
    std::string TyName = T.K == Type::Kind::Named ? T.Name : "";
    if (Tk.K == Tok::String) {
      advance();
      D.K = DefaultValue::Kind::String;
      D.Text = quoteString(Tk.Text);
      return D;
    }
    if (Tk.K == Tok::Ident) {
      if (Tk.Text == "True" || Tk.Text == "False") {
        advance();
        D.K = DefaultValue::Kind::Bool;
        D.Text = Tk.Text;
        return D;
      }
      if (Tk.Text == "None") {
        advance();
        D.K = DefaultValue::Kind::None;
        D.Text = "None";
        return D;
      }
      const auto &Enum = enumDefaultValues(TyName);
      auto It = Enum.find(Tk.Text);
      if (It != Enum.end()) {
        advance();
        D.K = DefaultValue::Kind::Enum;
        D.Text = std::to_string(It->second);
        return D;
      }
      fail(Tk, "invalid default value '" + Tk.Text + "' for type '" + T.str() +
                   "'");
    }
    if (Tk.K != Tok::Number)
      fail(Tk, "expected a default value, found '" + tokenText(Tk) + "'");
    advance();
    const std::string &L = Tk.Text;
    bool IsComplex = !L.empty() && L.back() == 'j';
    bool IsFloat = !IsComplex && L.find_first_of(".eE") != std::string::npos;
    if (IsComplex) {
      double Imag = std::strtod(L.substr(0, L.size() - 1).c_str(), nullptr);
      D.K = DefaultValue::Kind::Complex;
      D.Text = formatDouble(0.0) + "+" + formatDouble(Imag) + "j";
      return D;
    }
    if (TyName == "float" || IsFloat) {
      if (TyName == "int" || TyName == "SymInt" || TyName == "bool")
        fail(Tk, "expected an integer default for type '" + T.str() +
                     "', found '" + L + "'");
      errno = 0;
      double V = std::strtod(L.c_str(), nullptr);
      if (errno == ERANGE)
        fail(Tk, "floating-point default out of range: '" + L + "'");
      D.K = DefaultValue::Kind::Float;
      D.Text = formatDouble(V);
      return D;
    }
    errno = 0;
    long long V = std::strtoll(L.c_str(), nullptr, 10);
    if (errno == ERANGE)
      fail(Tk, "integer default out of range: '" + L + "'");
    D.K = DefaultValue::Kind::Int;
    D.Text = std::to_string(V);
    return D;
  }

  Lexer Lex;
  Token Cur;
};

} // namespace

bool parseFunctionSchema(std::string_view Text, FunctionSchema &Out,
                         ParseError &Err) {
  try {
    Parser P(Text);
    Out = P.parseSchema();
    return true;
  } catch (const ParseFailure &F) {
    Err = F.E;
    return false;
  }
}

bool parseOperatorName(std::string_view Text, OperatorName &Out,
                       ParseError &Err) {
  try {
    Parser P(Text);
    Out = P.parseOperatorNameOnly();
    return true;
  } catch (const ParseFailure &F) {
    Err = F.E;
    return false;
  }
}

bool isIdentifier(std::string_view S) {
  if (S.empty() ||
      !(std::isalpha(static_cast<unsigned char>(S[0])) || S[0] == '_'))
    return false;
  for (char C : S)
    if (!(std::isalnum(static_cast<unsigned char>(C)) || C == '_'))
      return false;
  return true;
}

std::pair<unsigned, unsigned> lineAndColumn(std::string_view Text,
                                            size_t Offset) {
  unsigned Line = 1, Col = 1;
  for (size_t I = 0; I < Offset && I < Text.size(); ++I) {
    if (Text[I] == '\n') {
      ++Line;
      Col = 1;
    } else {
      ++Col;
    }
  }
  return {Line, Col};
}

} // namespace schema
} // namespace skgen
