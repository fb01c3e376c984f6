// Mentions no annotation; its header does (found through -iquote).
#include "reach/ops.h"
