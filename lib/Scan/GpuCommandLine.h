//===- GpuCommandLine.h - CUDA and HIP compile commands as host C++ -*- C++
//-*-//
//
// What skgen reads from a `.cu` or `.hip` file is declarations: annotated
// kernels, their signatures and registrations. Function bodies, where kernel
// launches (`<<<...>>>`) and device code live, are skipped by the scan. So a
// GPU source is parsed as the host compiler sees it, as C++: nvcc's options
// are translated (include paths, macros, `--compiler-options`) or dropped
// (device code generation, outputs), Clang's CUDA/HIP options are dropped,
// and the toolkit's headers and keywords (`__global__`, `__device__`,
// `__launch_bounds__`, ...) are made available as nvcc's host pass has them.
// This does not depend on Clang supporting the CUDA version (Clang 19's CUDA
// mode stops at CUDA 12.5; 13.0 is installed here) or on a GPU architecture.
//
//===----------------------------------------------------------------------===//
#ifndef SKGEN_SCAN_GPUCOMMANDLINE_H
#define SKGEN_SCAN_GPUCOMMANDLINE_H

#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace skgen {
namespace scan {

enum class GpuLanguage { None, Cuda, Hip };

/// A compile command rewritten for a host-side C++ parse.
struct HostCommand {
  GpuLanguage Language = GpuLanguage::None;
  std::vector<std::string> Args; // argv[0] = compiler.
  /// Why the toolkit's headers cannot be offered (none found); empty when
  /// they are, or for a host command.
  std::string Problem;
  /// Why the command cannot be read as nvcc reads it (an options file that
  /// cannot be read), or empty.
  std::string Error;
};

/// Whether \p Path names a CUDA or HIP source by its extension (.cu, .hip).
bool isGpuSource(llvm::StringRef Path);

/// The language of compile command \p Args (argv[0] = compiler) for
/// \p File: CUDA for nvcc, `-x cuda`/`-x cu` or a `.cu` input; HIP for hipcc,
/// `-x hip` or a `.hip` input.
GpuLanguage gpuLanguage(const std::vector<std::string> &Args,
                        const std::string &File);

/// \p Args as a host C++ command when it compiles CUDA or HIP; otherwise
/// unchanged (Language None). \p Directory is the command's working
/// directory (relative compiler paths and options files).
HostCommand hostCommandLine(const std::vector<std::string> &Args,
                            const std::string &File,
                            const std::string &Directory);

} // namespace scan
} // namespace skgen

#endif
