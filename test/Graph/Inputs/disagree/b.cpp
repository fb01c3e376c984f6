#define OPS_ALPHA "2"
#include "ops.h"
