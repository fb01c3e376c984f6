#define OPS_KEY CUDA
#include "ops.h"
