// Mentions no annotation; its header does, included on the line where a
// block comment that began on an earlier line ends.
/* c
 */ #include "../hdr/reach/ops.h"
