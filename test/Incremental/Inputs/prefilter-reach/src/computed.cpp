// Mentions no annotation; its header does (a computed include).
#define OPS_HEADER <reach/ops.h>
#include OPS_HEADER
