// No annotations: the prefilter skips it.
int plain() { return 0; }
