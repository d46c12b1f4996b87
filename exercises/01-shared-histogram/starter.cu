/* Exercise 01-shared-histogram: a byte histogram in shared memory with atomics.
 *
 * Fill in the five holes marked TODO; change nothing else. Then run
 *   make grade EX=01-shared-histogram
 * The task, the tests and their points are in README.md. */
#include "core/gpu.h"
#include "exercise.h"

#define HIST_THREADS 256        /* threads per block */
#define HIST_MAX_BLOCKS 512     /* a grid-stride loop covers the rest */

/* Block b counts its grid-stride share of x[0..n) in a private histogram in
   shared memory, then adds that histogram into hist (set to 0 beforehand). */
static __global__ void histogram(const unsigned char *x, int64_t n, unsigned *hist)
{
  __shared__ unsigned bins[HIST_BINS];

  /* TODO(1): set the block's HIST_BINS bins to 0. Shared memory starts with
     garbage; the threads share the work: thread t zeroes bins t,
     t + blockDim.x, ... */

  /* TODO(2): no thread may count into a bin before every bin is zeroed. */

  int64_t stride = (int64_t)gridDim.x * blockDim.x;
  for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride) {
    /* TODO(3): add 1 to the bin of x[i]. Other threads of the block may be
       adding to the same bin at the same moment. */
  }

  /* TODO(4): no thread may read a bin before every thread has counted. */

  /* TODO(5): add the block's bins into hist; other blocks add into the same
     hist at the same moment. Thread t handles bins t, t + blockDim.x, ... */
}

litdnnStatus_t exercise_histogram(litdnnHandle_t h, const unsigned char *x, int64_t n,
                                  unsigned *hist)
{
  litdnnStatus_t s = litdnn_memset(h, "exercise_histogram", hist, 0, HIST_BINS * sizeof(unsigned));
  if (s != LITDNN_STATUS_SUCCESS || n <= 0)
    return s;
  unsigned blocks = litdnn_gpu_blocks(n, HIST_THREADS, HIST_MAX_BLOCKS);
  histogram<<<blocks, HIST_THREADS, 0, litdnn_gpu_stream(h)>>>(x, n, hist);
  return litdnn_gpu_launch_status("exercise_histogram", "histogram");
}
