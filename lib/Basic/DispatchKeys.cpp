//===- DispatchKeys.cpp - The dispatch keys skgen knows -------------------===//
#include "Basic/DispatchKeys.h"

#include "llvm/ADT/Twine.h"

#include <string>

namespace skgen {

static const DispatchKeyInfo Table[] = {
#define SKGEN_DISPATCH_KEY(Name, Class, Guard)                                 \
  {#Name, DispatchKeyClass::Class, DispatchKeyGuard::Guard},
#include "Basic/DispatchKeys.def"
};

llvm::ArrayRef<DispatchKeyInfo> dispatchKeys() { return Table; }

const DispatchKeyInfo *findDispatchKey(llvm::StringRef Name) {
  for (const DispatchKeyInfo &K : Table)
    if (K.Name == Name)
      return &K;
  return nullptr;
}

bool isAnnotationKey(llvm::StringRef Name) {
  const DispatchKeyInfo *K = findDispatchKey(Name);
  return K && K->Class != DispatchKeyClass::Internal;
}

bool isAliasKey(llvm::StringRef Name) {
  const DispatchKeyInfo *K = findDispatchKey(Name);
  return K && K->Class == DispatchKeyClass::Alias;
}

bool keyNeedsDeviceGuard(llvm::StringRef Name) {
  const DispatchKeyInfo *K = findDispatchKey(Name);
  return !K || K->Guard == DispatchKeyGuard::DeviceGuard;
}

bool isGeneratedAliasKey(llvm::StringRef Name) {
  return Name == keys::CompositeExplicitAutograd ||
         Name == keys::DefaultBackend;
}

std::string generatedAliasKeyError(llvm::StringRef What, llvm::StringRef Name) {
  return (llvm::Twine(What) + " takes '" + keys::CompositeExplicitAutograd +
          "' (PyTorch >= 1.10) or '" + keys::DefaultBackend +
          "' (PyTorch <= 1.9), not '" + Name + "'")
      .str();
}

llvm::StringRef aotiDeviceName(llvm::StringRef Key) {
#define SKGEN_AOTI_DEVICE(K, Device)                                           \
  if (Key == #K)                                                               \
    return #Device;
#include "Basic/AotiDevices.def"
  return "";
}

} // namespace skgen
