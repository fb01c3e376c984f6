// No annotation in this file, but in a project header found through -I and
// a quoted include there: parsed.
#include <sub/annotated.h>
