//===- Format.cpp - Formatting generated code with libFormat --------------===//
#include "Blocks/Blocks.h"
#include "Rewrite/Text.h"

#include "clang/Format/Format.h"
#include "clang/Tooling/Core/Replacement.h"

namespace skgen {
namespace rewrite {

using namespace blocks;

llvm::Expected<std::string> formatCode(llvm::StringRef Code,
                                       llvm::StringRef FilePath) {
  // The style of the nearest .clang-format (or _clang-format) above the file,
  // LLVM if there is none. Blocks are C++ whatever the file is called.
  llvm::Expected<clang::format::FormatStyle> Style =
      clang::format::getStyle("file", FilePath, "LLVM", Code);
  if (!Style)
    return Style.takeError();
  if (Style->Language != clang::format::FormatStyle::LK_Cpp) {
    // e.g. a `.inc` file guessed as something else: ask for the C++ style.
    llvm::Expected<clang::format::FormatStyle> Cpp =
        clang::format::getStyle("file", (FilePath + ".cpp").str(), "LLVM", "");
    if (!Cpp)
      return Cpp.takeError();
    Style = std::move(Cpp);
  }
  if (Style->DisableFormat)
    return Code.str();

  std::string Result = Code.str();
  std::vector<clang::tooling::Range> Ranges{
      clang::tooling::Range(0, unsigned(Result.size()))};
  // As `clang-format -i` does: sort includes first, then reformat.
  clang::tooling::Replacements Sorted =
      clang::format::sortIncludes(*Style, Result, Ranges, FilePath);
  llvm::Expected<std::string> AfterSort =
      clang::tooling::applyAllReplacements(Result, Sorted);
  if (!AfterSort)
    return AfterSort.takeError();
  Result = std::move(*AfterSort);
  Ranges = {clang::tooling::Range(0, unsigned(Result.size()))};
  clang::format::FormattingAttemptStatus Status;
  clang::tooling::Replacements Fmt =
      clang::format::reformat(*Style, Result, Ranges, FilePath, &Status);
  llvm::Expected<std::string> Formatted =
      clang::tooling::applyAllReplacements(Result, Fmt);
  if (!Formatted)
    return Formatted.takeError();
  return std::move(*Formatted);
}

} // namespace rewrite
} // namespace skgen
