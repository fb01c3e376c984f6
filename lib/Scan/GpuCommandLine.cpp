//===- GpuCommandLine.cpp - CUDA and HIP compile commands as host C++ -----===//
#include "Scan/GpuCommandLine.h"
#include "Basic/InputFile.h"
#include "Basic/LLVMCompat.h"
#include "Basic/Path.h"
#include "Scan/CommandLine.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/StringSaver.h"

namespace skgen {
namespace scan {

namespace {

enum class NvccAction {
  Include,
  System,
  Define,
  Undefine,
  PreInclude,
  Std,
  Optimize,
  Debug,
  Lang,
  HostOptions,
  OptionsFile,
  Writes,
  Drop
};

struct NvccOption {
  llvm::StringRef Long, Short;
  bool Value;
  NvccAction Action;
};

const NvccOption NvccOptions[] = {
#define NVCC_OPTION(Long, Short, Value, Action)                                \
  {Long, Short, Value, NvccAction::Action},
#include "Scan/NvccOptions.def"
};

// The one-letter options nvcc takes with a joined value (`-Idir`, `-O3`).
constexpr llvm::StringRef JoinedShort = "IDUOLlo";

/// What nvcc's host pass has and a host C++ parse lacks: the CUDA/HIP
/// keywords. CUDA's headers define them only when not yet defined (and
/// leave `__launch_bounds__` undefined outside nvcc), HIP's runtime header
/// is usually not installed: so skgen defines them, as no-ops, everywhere.
const char *const GpuKeywordMacros[] = {
    "-D__host__=",
    "-D__device__=",
    "-D__global__=",
    "-D__shared__=",
    "-D__constant__=",
    "-D__managed__=",
    "-D__grid_constant__=",
    "-D__launch_bounds__(...)=",
    "-D__cluster_dims__(...)=",
};

const NvccOption *findNvccOption(llvm::StringRef Name) {
  for (const NvccOption &O : NvccOptions)
    if ((!O.Long.empty() && O.Long == Name) || O.Short == Name)
      return &O;
  return nullptr;
}

/// A list value as nvcc splits it: at commas.
llvm::SmallVector<llvm::StringRef, 4> listItems(llvm::StringRef V) {
  llvm::SmallVector<llvm::StringRef, 4> Items;
  V.split(Items, ',', -1, /*KeepEmpty=*/false);
  return Items;
}

/// The CUDA toolkit's include directory (holding cuda_runtime.h) of a
/// toolkit root, or "".
std::string toolkitInclude(llvm::StringRef Root) {
  if (Root.empty())
    return "";
  llvm::SmallString<256> Inc(Root);
  llvm::sys::path::append(Inc, "include");
  llvm::SmallString<256> Header(Inc);
  llvm::sys::path::append(Header, "cuda_runtime.h");
  return llvm::sys::fs::exists(Header) ? std::string(Inc) : "";
}

/// The toolkit an nvcc command uses: the one around the nvcc it runs (as
/// named, or found on PATH, symbolic links followed), else CUDA_HOME,
/// CUDA_PATH, /usr/local/cuda. \p Looked lists where it looked.
std::string findCudaInclude(const std::string &Compiler,
                            const std::string &CudaPath,
                            const std::string &Directory,
                            std::vector<std::string> &Looked) {
  std::vector<std::string> Roots;
  if (!CudaPath.empty())
    Roots.push_back(absolutePath(CudaPath, Directory));
  llvm::StringRef Name = llvm::sys::path::filename(Compiler);
  if (compat::startsWith(Name, "nvcc")) {
    std::string Exe = Compiler;
    if (Compiler.find('/') == std::string::npos) {
      auto Found = llvm::sys::findProgramByName(Compiler);
      Exe = Found ? *Found : "";
    } else {
      Exe = absolutePath(Compiler, Directory);
    }
    auto RootOf = [](llvm::StringRef Nvcc) { // <root>/bin/nvcc
      return llvm::sys::path::parent_path(llvm::sys::path::parent_path(Nvcc))
          .str();
    };
    llvm::SmallString<256> Real;
    if (!Exe.empty())
      Roots.push_back(RootOf(Exe));
    if (!Exe.empty() && !llvm::sys::fs::real_path(Exe, Real))
      Roots.push_back(RootOf(Real));
  }
  for (const char *Var : {"CUDA_HOME", "CUDA_PATH"})
    if (auto V = llvm::sys::Process::GetEnv(Var))
      Roots.push_back(*V);
  Roots.push_back("/usr/local/cuda");
  for (const std::string &R : Roots) {
    if (R.empty() || std::find(Looked.begin(), Looked.end(), R) != Looked.end())
      continue;
    Looked.push_back(R);
    std::string Inc = toolkitInclude(R);
    if (!Inc.empty())
      return Inc;
  }
  return "";
}

/// The input-language value of `-x` for a host parse.
std::string hostLanguage(llvm::StringRef Lang) {
  return Lang == "c" ? "c" : "c++";
}

/// An nvcc command read as nvcc reads it. nvcc does not pass its options
/// to the host compiler in the order written: `nvcc -E -dryrun` shows the
/// host command as -std, then the --compiler-options (in order), the
/// unknown options it forwards, -O, -I, -isystem, nvcc's own -D and -U (in
/// order), `-include cuda_runtime.h`, --pre-include, -g. So
/// `-DUSE_GELU -Xcompiler -UUSE_GELU` defines USE_GELU.
struct NvccCommand {
  std::vector<std::string> Std, HostOptions, Forwarded, Optimize, Include,
      System, Macros, PreInclude, Debug;
  std::vector<std::string> Inputs;
  std::string Lang = "c++";
  std::string Error; // An options file nvcc could not read either.
};

/// nvcc's options, read as nvcc reads them, into \p Out.
void translateNvcc(llvm::ArrayRef<std::string> Args,
                   const std::string &Directory, NvccCommand &Out,
                   unsigned Depth = 0) {
  std::vector<std::string> &Inputs = Out.Inputs;
  for (size_t I = 0; I < Args.size() && Out.Error.empty(); ++I) {
    llvm::StringRef A = Args[I];
    if (A == "--") { // What follows is inputs.
      Inputs.insert(Inputs.end(), Args.begin() + I + 1, Args.end());
      break;
    }
    if (!compat::startsWith(A, "-") || A == "-") {
      Inputs.push_back(A.str());
      continue;
    }
    llvm::StringRef Body = A.drop_front(compat::startsWith(A, "--") ? 2 : 1);
    llvm::StringRef Name = Body, Value;
    bool HasValue = false;
    const NvccOption *O = findNvccOption(Name);
    if (!O && Body.contains('=')) {
      std::tie(Name, Value) = Body.split('=');
      O = findNvccOption(Name);
      HasValue = O != nullptr;
    }
    if (!O && !compat::startsWith(A, "--") && Body.size() > 1 &&
        JoinedShort.contains(Body.front())) {
      O = findNvccOption(Body.take_front(1));
      Value = Body.drop_front(1);
      HasValue = O != nullptr;
    }
    if (!O) {
      // Unknown to nvcc: a host compiler option (what
      // -forward-unknown-to-host-compiler does; without it nvcc refuses).
      Out.Forwarded.push_back(A.str());
      continue;
    }
    if (O->Value && !HasValue) {
      if (I + 1 >= Args.size())
        continue; // A missing value: nvcc would refuse the command.
      Value = Args[++I];
    }
    switch (O->Action) {
    case NvccAction::Include:
    case NvccAction::System:
    case NvccAction::Define:
    case NvccAction::Undefine:
    case NvccAction::PreInclude: {
      const char *Flag = O->Action == NvccAction::Include    ? "-I"
                         : O->Action == NvccAction::System   ? "-isystem"
                         : O->Action == NvccAction::Define   ? "-D"
                         : O->Action == NvccAction::Undefine ? "-U"
                                                             : "-include";
      std::vector<std::string> &To =
          O->Action == NvccAction::Include      ? Out.Include
          : O->Action == NvccAction::System     ? Out.System
          : O->Action == NvccAction::PreInclude ? Out.PreInclude
                                                : Out.Macros;
      for (llvm::StringRef V : listItems(Value)) {
        To.push_back(Flag);
        To.push_back(V.str());
      }
      break;
    }
    case NvccAction::Std:
      Out.Std.push_back("-std=" + Value.str());
      break;
    case NvccAction::Optimize:
      Out.Optimize.push_back("-O" + Value.str());
      break;
    case NvccAction::Debug:
      Out.Debug.push_back("-g");
      break;
    case NvccAction::Lang:
      Out.Lang = hostLanguage(Value);
      break;
    case NvccAction::HostOptions:
      // Each comma-separated item reaches the host compiler through a
      // shell: `--compiler-options '-fPIC'` as torch's ninja files write it
      // arrives here quoted.
      for (llvm::StringRef Item : listItems(Value)) {
        llvm::BumpPtrAllocator Alloc;
        llvm::StringSaver Saver(Alloc);
        llvm::SmallVector<const char *, 4> Words;
        llvm::cl::TokenizeGNUCommandLine(Item, Saver, Words);
        for (const char *W : Words)
          Out.HostOptions.push_back(W);
      }
      break;
    case NvccAction::OptionsFile:
      // A file nvcc cannot read is an error of nvcc ("Could not open
      // options file"): the ops its -D would enable must not vanish.
      for (llvm::StringRef F : listItems(Value)) {
        std::string Error;
        auto Buf = Depth < MaxArgumentFileDepth
                       ? readRegularFile(absolutePath(F, Directory),
                                         MaxArgumentFileBytes, Error)
                       : nullptr;
        if (!Buf) {
          Out.Error =
              "cannot read nvcc options file '" + F.str() + "': " +
              (Error.empty() ? "options files nested too deeply" : Error);
          break;
        }
        llvm::BumpPtrAllocator Alloc;
        llvm::StringSaver Saver(Alloc);
        llvm::SmallVector<const char *, 16> Words;
        llvm::cl::TokenizeGNUCommandLine(Buf->getBuffer(), Saver, Words);
        std::vector<std::string> More(Words.begin(), Words.end());
        translateNvcc(More, Directory, Out, Depth + 1);
      }
      break;
    case NvccAction::Writes:
    case NvccAction::Drop:
      break;
    }
  }
}

/// Whether Clang option \p A is one of the device side's: offloading
/// targets, CUDA/HIP paths and modes.
bool isClangDeviceOption(llvm::StringRef A) {
  for (llvm::StringRef P :
       {"--cuda-",         "-cuda-",     "--offload",     "-foffload",
        "-fno-offload",    "-fgpu-",     "-fno-gpu-",     "-fcuda-",
        "-fno-cuda-",      "-fhip-",     "-fno-hip-",     "--hip-",
        "--rocm-",         "-nocudainc", "-nocudalib",    "-nogpuinc",
        "-nogpulib",       "--gpu-",     "-Xarch_device", "--no-offload",
        "-fopenmp-targets"})
    if (compat::startsWith(A, P))
      return true;
  return false;
}

/// The value of a Clang `-x` option at \p Args[I] (`-x cuda`, `-xcuda`), or
/// empty; a separate value is consumed (\p I advances past it).
llvm::StringRef languageOption(llvm::ArrayRef<std::string> Args, size_t &I) {
  llvm::StringRef A = Args[I];
  if (A == "-x" && I + 1 < Args.size())
    return Args[++I];
  if (compat::startsWith(A, "-x") && A.size() > 2)
    return A.drop_front(2);
  return {};
}

/// The GPU language a Clang `-x` value names (`cuda`, `cu`, `hip`).
GpuLanguage languageOf(llvm::StringRef Lang) {
  if (Lang == "cuda" || Lang == "cu")
    return GpuLanguage::Cuda;
  if (Lang == "hip")
    return GpuLanguage::Hip;
  return GpuLanguage::None;
}

/// A Clang (or hipcc) command compiling CUDA/HIP as a host C++ command.
void translateClang(llvm::ArrayRef<std::string> Args,
                    std::vector<std::string> &Host, std::string &CudaPath,
                    std::string &RocmPath) {
  for (size_t I = 0; I < Args.size(); ++I) {
    llvm::StringRef A = Args[I];
    if (compat::startsWith(A, "--cuda-path="))
      CudaPath = A.drop_front(llvm::StringRef("--cuda-path=").size()).str();
    if (compat::startsWith(A, "--rocm-path="))
      RocmPath = A.drop_front(llvm::StringRef("--rocm-path=").size()).str();
    if (llvm::StringRef Lang = languageOption(Args, I); !Lang.empty()) {
      Host.push_back("-x");
      Host.push_back(languageOf(Lang) == GpuLanguage::None ? Lang.str()
                                                           : "c++");
      continue;
    }
    if (A == "-Xcuda-ptxas" || A == "-Xcuda-fatbinary" ||
        A == "-Xarch_device") {
      ++I; // And its value.
      continue;
    }
    if (!isClangDeviceOption(A))
      Host.push_back(A.str());
  }
}

bool hasExtension(const std::string &File, llvm::StringRef Ext) {
  return llvm::sys::path::extension(File).equals_insensitive(Ext);
}

} // namespace

bool isGpuSource(llvm::StringRef Path) {
  llvm::StringRef Ext = llvm::sys::path::extension(Path);
  return Ext.equals_insensitive(".cu") || Ext.equals_insensitive(".hip");
}

GpuLanguage gpuLanguage(const std::vector<std::string> &Args,
                        const std::string &File) {
  if (Args.empty())
    return GpuLanguage::None;
  llvm::StringRef Compiler = llvm::sys::path::filename(Args.front());
  if (compat::startsWith(Compiler, "nvcc"))
    return GpuLanguage::Cuda;
  if (compat::startsWith(Compiler, "hipcc"))
    return GpuLanguage::Hip;
  // The last -x before the file decides, as for Clang.
  llvm::StringRef Lang;
  llvm::ArrayRef<std::string> Rest =
      llvm::ArrayRef<std::string>(Args).drop_front();
  for (size_t I = 0; I < Rest.size(); ++I)
    if (llvm::StringRef L = languageOption(Rest, I); !L.empty())
      Lang = L;
  if (!Lang.empty())
    return languageOf(Lang);
  if (hasExtension(File, ".cu"))
    return GpuLanguage::Cuda;
  if (hasExtension(File, ".hip"))
    return GpuLanguage::Hip;
  return GpuLanguage::None;
}

HostCommand hostCommandLine(const std::vector<std::string> &Args,
                            const std::string &File,
                            const std::string &Directory) {
  HostCommand Out;
  Out.Language = gpuLanguage(Args, File);
  if (Out.Language == GpuLanguage::None) {
    Out.Args = Args;
    return Out;
  }
  const std::string &Compiler = Args.front();
  bool Nvcc = compat::startsWith(llvm::sys::path::filename(Compiler), "nvcc");
  std::vector<std::string> Host;
  NvccCommand N;
  std::string CudaPath, RocmPath;
  llvm::ArrayRef<std::string> Rest =
      llvm::ArrayRef<std::string>(Args).drop_front();
  if (Nvcc) {
    translateNvcc(Rest, Directory, N);
    Out.Error = N.Error;
  } else {
    translateClang(Rest, Host, CudaPath, RocmPath);
  }

  Out.Args.push_back(Nvcc ? "clang++" : Compiler);
  Out.Args.insert(Out.Args.end(), N.Std.begin(), N.Std.end());
  Out.Args.insert(Out.Args.end(), std::begin(GpuKeywordMacros),
                  std::end(GpuKeywordMacros));
  if (Out.Language == GpuLanguage::Cuda) {
    // As nvcc: the toolkit's headers, and cuda_runtime.h included first.
    std::vector<std::string> Looked;
    std::string Inc = findCudaInclude(Compiler, CudaPath, Directory, Looked);
    if (Inc.empty()) {
      std::string Where;
      for (const std::string &L : Looked)
        Where += (Where.empty() ? "" : ", ") + L;
      Out.Problem = "no CUDA toolkit found for this command (looked in " +
                    Where +
                    "); the CUDA headers cannot be read: set CUDA_HOME to "
                    "the toolkit's directory";
    } else {
      // Before the command's -isystem: nvcc has it as an -I.
      Out.Args.insert(Out.Args.end(), {"-isystem", Inc});
      if (!Nvcc) // nvcc's place for it is after the command's -D.
        Out.Args.insert(Out.Args.end(), {"-include", "cuda_runtime.h"});
    }
  } else {
    // hipcc's platform macro; ROCm's headers where they are installed.
    Out.Args.push_back("-D__HIP_PLATFORM_AMD__");
    if (RocmPath.empty())
      if (auto V = llvm::sys::Process::GetEnv("ROCM_PATH"))
        RocmPath = *V;
    llvm::SmallString<256> Inc(RocmPath.empty() ? "/opt/rocm" : RocmPath);
    llvm::sys::path::append(Inc, "include");
    if (llvm::sys::fs::is_directory(Inc))
      Out.Args.insert(Out.Args.end(), {"-isystem", std::string(Inc)});
  }
  Out.Args.insert(Out.Args.end(), Host.begin(), Host.end());
  if (Nvcc) {
    for (const std::vector<std::string> *Group :
         {&N.HostOptions, &N.Forwarded, &N.Optimize, &N.Include, &N.System,
          &N.Macros})
      Out.Args.insert(Out.Args.end(), Group->begin(), Group->end());
    // As nvcc: cuda_runtime.h included first of nvcc's own.
    if (Out.Problem.empty())
      Out.Args.insert(Out.Args.end(), {"-include", "cuda_runtime.h"});
    Out.Args.insert(Out.Args.end(), N.PreInclude.begin(), N.PreInclude.end());
    Out.Args.insert(Out.Args.end(), N.Debug.begin(), N.Debug.end());
    Out.Args.insert(Out.Args.end(), {"-x", N.Lang});
    Out.Args.insert(Out.Args.end(), N.Inputs.begin(), N.Inputs.end());
  } else if (std::find(Out.Args.begin(), Out.Args.end(), "-x") ==
             Out.Args.end()) {
    // A .cu/.hip input Clang would take as CUDA/HIP: say C++ before it
    // (and before a `--`, after which all is inputs).
    auto FileArg = std::find_if(
        Out.Args.begin() + 1, Out.Args.end(),
        [&](const std::string &A) { return A == "--" || isGpuSource(A); });
    Out.Args.insert(FileArg, {"-x", "c++"});
  }
  return Out;
}

} // namespace scan
} // namespace skgen
