/* Exercise 01-block-sum: a block reduction with warp shuffles.
 *
 * Fill in the three holes marked TODO; change nothing else. Then run
 *   make grade EX=01-block-sum
 * The task, the tests and their points are in README.md. */
#include "core/gpu.h"
#include "exercise.h"

#define SUM_THREADS 256           /* threads per block: 8 warps */
#define SUM_MAX_BLOCKS 120        /* the first pass leaves at most this many partial sums */
#define FULL_MASK 0xffffffffu     /* all 32 lanes take part in each shuffle */

/* The sum of v over the 32 lanes of the calling warp; lane 0 must hold the
   total on return (the other lanes may hold anything). */
static __device__ inline float warp_sum(float v)
{
  /* TODO(1): add up v across the warp with __shfl_down_sync(FULL_MASK, v, offset),
     halving the offset from 16 down to 1. */
  return v;
}

/* Block b writes the sum of its grid-stride share of x[0..n) to out[b]. */
static __global__ void block_sum(const float *x, int n, float *out)
{
  __shared__ float warp_totals[32];
  int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
  float v = 0.0f;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
    v += x[i];
  v = warp_sum(v);

  /* TODO(2): lane 0 of every warp stores its warp's total in warp_totals[warp];
     every total must be stored before warp 0 reads them. */
  (void)lane, (void)warp;

  /* TODO(3): warp 0 adds up the blockDim.x / 32 warp totals (a lane with no
     warp to read contributes 0) with warp_sum, and thread 0 writes the
     block's sum to out[blockIdx.x]. */
}

litdnnStatus_t exercise_sum(litdnnHandle_t h, const float *x, int n, float *sum)
{
  int blocks = (int)litdnn_gpu_blocks(n, SUM_THREADS, SUM_MAX_BLOCKS);
  void *partial = NULL;
  litdnnStatus_t s = litdnn_workspace(h, "exercise_sum", (size_t)blocks * sizeof(float), &partial);
  if (s != LITDNN_STATUS_SUCCESS)
    return s;
  /* pass 1: one partial sum per block; pass 2: one block adds the partial sums */
  block_sum<<<blocks, SUM_THREADS, 0, litdnn_gpu_stream(h)>>>(x, n, (float *)partial);
  block_sum<<<1, SUM_THREADS, 0, litdnn_gpu_stream(h)>>>((const float *)partial, blocks, sum);
  return litdnn_gpu_launch_status("exercise_sum", "block_sum");
}
