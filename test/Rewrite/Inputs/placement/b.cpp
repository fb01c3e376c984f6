// Only uses ops.h.
#include "ops.h"

int b();
