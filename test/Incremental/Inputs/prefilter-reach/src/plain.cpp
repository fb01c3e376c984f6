// Mentions no annotation and includes nothing (the header is forced).
int plain();
