// Mentions no annotation; its header does (reached by a quoted include).
#include "../hdr/reach/ops.h"
