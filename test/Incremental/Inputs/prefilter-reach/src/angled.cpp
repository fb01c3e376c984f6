// Mentions no annotation; its header does (an angled include, found through
// -I, -iquote (quoted form below), CPATH or CPLUS_INCLUDE_PATH).
#include <reach/ops.h>
