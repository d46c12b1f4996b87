// The same program as host_threads.cu, in the race-check build.
// emucc-flags: --check=race
#include "host_threads.cuh"
