// The toolkit the command's nvcc links to: its header says so.
#pragma once
#define SKGEN_TEST_REAL_TOOLKIT 1
