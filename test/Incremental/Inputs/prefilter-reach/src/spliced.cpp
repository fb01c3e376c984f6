// Mentions no annotation; its header does (a directive split by a
// backslash-newline, and the digraph spelling of '#').
#inc\
lude <reach/ops.h>
%:include "reach/ops.h"
