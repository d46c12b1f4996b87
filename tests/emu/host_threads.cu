// Two host threads at once in the plain build (the program is in
// host_threads.cuh).
#include "host_threads.cuh"
