// Mentions no annotation: its kernel comes from a forced include
// (-include sub/annotated-impl.h, found through -I).
int unrelated();
