// Mentions no annotation, and includes a header that does not exist: not
// parsed, so no error.
#include "does/not/exist.h"
#include "local.h"
#include <sub/deep.h>
int plain() { return 0; }
