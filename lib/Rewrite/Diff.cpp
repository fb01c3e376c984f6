//===- Diff.cpp - Unified line diffs (Myers) ------------------------------===//
#include "Basic/LLVMCompat.h"
#include "Blocks/Blocks.h"
#include "Rewrite/Rewrite.h"
#include "Rewrite/Text.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/Path.h"

#include <algorithm>

namespace skgen {
namespace rewrite {

using namespace blocks;

namespace {

struct Op {
  char Kind;   // ' ' (both), '-' (old only), '+' (new only)
  size_t A, B; // Line indices in old / new (the one that applies).
};

/// Myers' O((N+M)D) shortest edit script between line vectors; lines
/// compare with their terminators, so a changed line ending is a change.
std::vector<Op> diffLines(const std::vector<llvm::StringRef> &A,
                          const std::vector<llvm::StringRef> &B) {
  std::vector<Op> Ops;
  size_t Pre = 0;
  while (Pre < A.size() && Pre < B.size() && A[Pre] == B[Pre])
    ++Pre;
  size_t Suf = 0;
  while (Suf < A.size() - Pre && Suf < B.size() - Pre &&
         A[A.size() - 1 - Suf] == B[B.size() - 1 - Suf])
    ++Suf;
  for (size_t I = 0; I < Pre; ++I)
    Ops.push_back({' ', I, I});

  const long N = long(A.size() - Pre - Suf), M = long(B.size() - Pre - Suf);
  auto EqAt = [&](long X, long Y) { return A[Pre + X] == B[Pre + Y]; };
  std::vector<Op> Mid;
  const long Max = N + M;
  const long Limit = 8192; // Beyond this, a plain replacement is good enough.
  bool Done = Max == 0;
  if (!Done && N > 0 && M > 0) {
    const long Off = Max + 1;
    std::vector<long> V(size_t(2 * Max + 3), 0);
    std::vector<std::vector<long>> Trace; // Trace[d][k + d] = V[k] at start.
    long D = 0;
    for (; D <= std::min(Max, Limit) && !Done; ++D) {
      std::vector<long> Snap(size_t(2 * D + 1));
      for (long K = -D; K <= D; ++K)
        Snap[size_t(K + D)] = V[size_t(K + Off)];
      Trace.push_back(std::move(Snap));
      for (long K = -D; K <= D; K += 2) {
        long X;
        if (K == -D ||
            (K != D && V[size_t(K - 1 + Off)] < V[size_t(K + 1 + Off)]))
          X = V[size_t(K + 1 + Off)];
        else
          X = V[size_t(K - 1 + Off)] + 1;
        long Y = X - K;
        while (X < N && Y < M && EqAt(X, Y))
          ++X, ++Y;
        V[size_t(K + Off)] = X;
        if (X >= N && Y >= M) {
          Done = true;
          break;
        }
      }
    }
    if (Done) {
      long X = N, Y = M;
      for (long Dd = long(Trace.size()) - 1; Dd > 0; --Dd) {
        const std::vector<long> &Vd = Trace[size_t(Dd)];
        auto At = [&](long K) { return Vd[size_t(K + Dd)]; };
        long K = X - Y;
        long PrevK =
            (K == -Dd || (K != Dd && At(K - 1) < At(K + 1))) ? K + 1 : K - 1;
        long PrevX = At(PrevK), PrevY = PrevX - PrevK;
        while (X > PrevX && Y > PrevY) {
          --X, --Y;
          Mid.push_back({' ', size_t(X), size_t(Y)});
        }
        if (X == PrevX)
          Mid.push_back({'+', size_t(X), size_t(PrevY)});
        else
          Mid.push_back({'-', size_t(PrevX), size_t(Y)});
        X = PrevX, Y = PrevY;
      }
      while (X > 0 && Y > 0) {
        --X, --Y;
        Mid.push_back({' ', size_t(X), size_t(Y)});
      }
      std::reverse(Mid.begin(), Mid.end());
    }
  }
  if (!Done || N == 0 || M == 0) {
    Mid.clear();
    for (long I = 0; I < N; ++I)
      Mid.push_back({'-', size_t(I), 0});
    for (long J = 0; J < M; ++J)
      Mid.push_back({'+', size_t(N), size_t(J)});
  }
  for (Op O : Mid)
    Ops.push_back({O.Kind, O.A + Pre, O.B + Pre});
  for (size_t I = 0; I < Suf; ++I)
    Ops.push_back({' ', A.size() - Suf + I, B.size() - Suf + I});
  return Ops;
}

std::string range(size_t Start, size_t Count) {
  // GNU style: an empty range names the line before it.
  std::string R = std::to_string(Count == 0 ? Start : Start + 1);
  if (Count != 1)
    R += "," + std::to_string(Count);
  return R;
}

void emitLine(std::string &Out, char Prefix, llvm::StringRef Line) {
  Out += Prefix;
  Out += Line;
  if (!compat::endsWith(Line, "\n"))
    Out += "\n\\ No newline at end of file\n";
}

/// Bytes `git diff` quotes a path for (quote_c_style with core.quotePath):
/// control bytes, '"', '\\', DEL and non-ASCII. A space is not one of them.
bool needsQuoting(unsigned char C) {
  return C < 0x20 || C == '"' || C == '\\' || C >= 0x7f;
}

/// \p Path as a diff header names it, as `git diff` does: C-quoted
/// ("a/ops \303\274.cpp") when a byte needs quoting, as is otherwise. Both
/// `git apply` and GNU `patch` read the quoted form.
std::string diffPath(llvm::StringRef Path) {
  if (llvm::none_of(Path, needsQuoting))
    return Path.str();
  // git's named escapes; every other byte that needs quoting is octal.
  static constexpr llvm::StringLiteral Bytes = "\a\b\t\n\v\f\r\"\\",
                                       Names = "abtnvfr\"\\";
  std::string Out = "\"";
  for (unsigned char C : Path) {
    size_t Named = Bytes.find(char(C));
    if (!needsQuoting(C)) {
      Out += char(C);
    } else if (Named != llvm::StringRef::npos) {
      Out += '\\';
      Out += Names[Named];
    } else {
      Out += '\\';
      Out += char('0' + (C >> 6));
      Out += char('0' + ((C >> 3) & 7));
      Out += char('0' + (C & 7));
    }
  }
  return Out + "\"";
}

/// A `---` / `+++` header line. A label with a space ends with a TAB, as
/// git and GNU diff write it: GNU patch takes an unquoted name up to the
/// first TAB (without one, up to the first space).
std::string headerLine(llvm::StringRef Marker, llvm::StringRef Label) {
  return (Marker + " " + Label + (Label.contains(' ') ? "\t" : "") + "\n")
      .str();
}

} // namespace

std::string diffText(llvm::StringRef Old, llvm::StringRef New,
                     llvm::StringRef OldLabel, llvm::StringRef NewLabel) {
  if (Old == New)
    return "";
  std::vector<llvm::StringRef> A = splitLines(Old), B = splitLines(New);
  std::vector<Op> Ops = diffLines(A, B);
  const size_t Context = 3;
  std::string Out;
  Out += headerLine("---", OldLabel) + headerLine("+++", NewLabel);
  size_t I = 0;
  while (I < Ops.size()) {
    while (I < Ops.size() && Ops[I].Kind == ' ')
      ++I;
    if (I == Ops.size())
      break;
    size_t Start = I >= Context ? I - Context : 0;
    size_t LastChange = I;
    size_t J = I;
    while (J < Ops.size()) {
      if (Ops[J].Kind != ' ') {
        LastChange = J;
        ++J;
        continue;
      }
      if (J - LastChange > 2 * Context)
        break;
      ++J;
    }
    size_t End = std::min(Ops.size(), LastChange + 1 + Context);
    // Old/new positions of the hunk start: the first op's own index, or the
    // index after the last line of that side before it.
    size_t OldStart = 0, NewStart = 0;
    for (size_t K = 0; K < Start; ++K) {
      if (Ops[K].Kind != '+')
        ++OldStart;
      if (Ops[K].Kind != '-')
        ++NewStart;
    }
    size_t OldCount = 0, NewCount = 0;
    for (size_t K = Start; K < End; ++K) {
      if (Ops[K].Kind != '+')
        ++OldCount;
      if (Ops[K].Kind != '-')
        ++NewCount;
    }
    Out += "@@ -" + range(OldStart, OldCount) + " +" +
           range(NewStart, NewCount) + " @@\n";
    // Deletions before insertions within a run of changes, as diff(1) does.
    for (size_t K = Start; K < End;) {
      if (Ops[K].Kind == ' ') {
        emitLine(Out, ' ', A[Ops[K].A]);
        ++K;
        continue;
      }
      size_t R = K;
      while (R < End && Ops[R].Kind != ' ')
        ++R;
      for (size_t L = K; L < R; ++L)
        if (Ops[L].Kind == '-')
          emitLine(Out, '-', A[Ops[L].A]);
      for (size_t L = K; L < R; ++L)
        if (Ops[L].Kind == '+')
          emitLine(Out, '+', B[Ops[L].B]);
      K = R;
    }
    I = End;
  }
  return Out;
}

static std::string relativeTo(const std::string &Path,
                              const std::string &BaseDir) {
  if (BaseDir.empty())
    return Path;
  llvm::StringRef P(Path);
  std::string Base = llvm::StringRef(BaseDir).rtrim('/').str();
  if (compat::startsWith(P, Base + "/"))
    return P.drop_front(Base.size() + 1).str();
  // Outside the base directory: walk up with "..".
  llvm::SmallVector<llvm::StringRef, 16> PC, BC;
  P.split(PC, '/', -1, false);
  llvm::StringRef(Base).split(BC, '/', -1, false);
  size_t Common = 0;
  while (Common < PC.size() && Common < BC.size() && PC[Common] == BC[Common])
    ++Common;
  std::string R;
  for (size_t I = Common; I < BC.size(); ++I)
    R += "../";
  for (size_t I = Common; I < PC.size(); ++I)
    R += PC[I].str() + (I + 1 < PC.size() ? "/" : "");
  return R;
}

std::vector<const FileChange *>
sortedByPath(const std::vector<FileChange> &Changes) {
  std::vector<const FileChange *> Sorted;
  for (const FileChange &C : Changes)
    Sorted.push_back(&C);
  std::stable_sort(Sorted.begin(), Sorted.end(),
                   [](const FileChange *L, const FileChange *R) {
                     return L->Path < R->Path;
                   });
  return Sorted;
}

std::string unifiedDiff(const std::vector<FileChange> &Changes,
                        const std::string &BaseDir) {
  std::vector<const FileChange *> Sorted = sortedByPath(Changes);
  std::string Out;
  for (const FileChange *C : Sorted) {
    std::string Rel = relativeTo(C->Path, BaseDir);
    Out += diffText(C->OldContent, C->NewContent,
                    C->Created ? "/dev/null" : diffPath("a/" + Rel),
                    diffPath("b/" + Rel));
  }
  return Out;
}

} // namespace rewrite
} // namespace skgen
