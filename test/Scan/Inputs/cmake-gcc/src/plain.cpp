// No annotations here, nor in what it includes: not parsed.
#include <ATen/ATen.h>
int plain() { return 1; }
