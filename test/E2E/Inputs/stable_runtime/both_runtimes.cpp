// One TU cannot use both runtimes: their API names are the same.
#include <skgen/structured.h>
#include <skgen/stable/structured.h>
