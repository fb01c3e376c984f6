//===- DispatchKeys.h - The dispatch keys skgen knows -----------*- C++ -*-===//
//
// The table of DispatchKeys.def as data, and a named constant per key
// (`keys::Meta`) for the code that means one key in particular.
//
//===----------------------------------------------------------------------===//
#ifndef SKGEN_BASIC_DISPATCHKEYS_H
#define SKGEN_BASIC_DISPATCHKEYS_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <string>

namespace skgen {

enum class DispatchKeyClass { Backend, Alias, Internal };
enum class DispatchKeyGuard { DeviceGuard, NoGuard };

struct DispatchKeyInfo {
  llvm::StringLiteral Name;
  DispatchKeyClass Class;
  DispatchKeyGuard Guard;
};

namespace keys {
#define SKGEN_DISPATCH_KEY(Name, Class, Guard)                                 \
  constexpr llvm::StringLiteral Name = #Name;
#include "Basic/DispatchKeys.def"
} // namespace keys

/// Every key of DispatchKeys.def, in its order.
llvm::ArrayRef<DispatchKeyInfo> dispatchKeys();
/// The key named \p Name (exactly), or null.
const DispatchKeyInfo *findDispatchKey(llvm::StringRef Name);

/// A key annotations may name: a backend or an alias key.
bool isAnnotationKey(llvm::StringRef Name);
/// One of PyTorch's alias keys.
bool isAliasKey(llvm::StringRef Name);
/// Kernels registered under \p Name set a device guard. Keys skgen does not
/// know get one (a guard is harmless where it is not needed).
bool keyNeedsDeviceGuard(llvm::StringRef Name);

/// The alias keys skgen can register its generated variants under
/// (--alias-key, `AliasKey:`): CompositeExplicitAutograd, and its name
/// before PyTorch 1.10, DefaultBackend.
bool isGeneratedAliasKey(llvm::StringRef Name);
/// Why \p Name is not one of them, for `<What> takes ...` errors.
std::string generatedAliasKeyError(llvm::StringRef What, llvm::StringRef Name);

/// AOTInductor's name for the device of backend key \p Key (`cpu` for CPU,
/// AotiDevices.def), or "" if AOTInductor has no C shims for it.
llvm::StringRef aotiDeviceName(llvm::StringRef Key);

} // namespace skgen

#endif
