#pragma once
// Stub: the generated blocks include this real libtorch header; the
// declarations it provides live in the shared stub.
#include <ATen/ATen.h>
