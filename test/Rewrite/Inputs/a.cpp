#include "ops.h"
int a();
