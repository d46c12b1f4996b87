// The same program as host_threads.cu, in the memory-check build.
// emucc-flags: --check=memory
#include "host_threads.cuh"
