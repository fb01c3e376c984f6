// Includes the header that defines the annotated kernel.
#include "ops.h"
