#include "ops.h"
int b();
