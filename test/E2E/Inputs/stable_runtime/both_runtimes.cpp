// One TU cannot use both runtimes: their API names are the same. (ATen's
// first: the stable one checks for it.)
// clang-format off
#include <skgen/structured.h>
#include <skgen/stable/structured.h>
