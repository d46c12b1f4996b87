/* Exercise 01-shared-histogram: a known-wrong solution (no barrier between counting and reading the bins), for the grader's self-test. */
#include "core/gpu.h"
#include "exercise.h"

#define HIST_THREADS 256        /* threads per block */
#define HIST_MAX_BLOCKS 512     /* a grid-stride loop covers the rest */

/* Block b counts its grid-stride share of x[0..n) in a private histogram in
   shared memory, then adds that histogram into hist (set to 0 beforehand). */
static __global__ void histogram(const unsigned char *x, int64_t n, unsigned *hist)
{
  __shared__ unsigned bins[HIST_BINS];

  for (int b = threadIdx.x; b < HIST_BINS; b += blockDim.x)
    bins[b] = 0u;

  __syncthreads();   /* every bin is zeroed before any thread counts */

  int64_t stride = (int64_t)gridDim.x * blockDim.x;
  for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    atomicAdd(&bins[x[i]], 1u);   /* threads of the block may hit the same bin */

  for (int b = threadIdx.x; b < HIST_BINS; b += blockDim.x)
    if (bins[b] != 0u)
      atomicAdd(&hist[b], bins[b]);   /* other blocks add into the same bins */
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
