// Stand-in for include/skgen/stable/structured.h (which needs PyTorch's
// stable headers), for scan tests: the registration API and the names
// generated declarations use (function bodies are not parsed by the scan).
#pragma once
#include <torch/csrc/stable/library.h>
namespace skgen {
class Meta {};
} // namespace skgen
