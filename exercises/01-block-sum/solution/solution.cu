/* Exercise 01-block-sum: a reference solution. */
#include "core/gpu.h"
#include "exercise.h"

#define SUM_THREADS 256           /* threads per block: 8 warps */
#define SUM_MAX_BLOCKS 120        /* the first pass leaves at most this many partial sums */
#define FULL_MASK 0xffffffffu     /* all 32 lanes take part in each shuffle */

/* The sum of v over the 32 lanes of the calling warp; lane 0 must hold the
   total on return (the other lanes may hold anything). */
static __device__ inline float warp_sum(float v)
{
  for (int offset = 16; offset > 0; offset /= 2)
    v += __shfl_down_sync(FULL_MASK, v, offset);
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

  if (lane == 0)
    warp_totals[warp] = v;
  __syncthreads();   /* all the totals are stored before warp 0 reads them */

  if (warp == 0) {
    float t = lane < (int)(blockDim.x / 32) ? warp_totals[lane] : 0.0f;
    t = warp_sum(t);
    if (lane == 0)
      out[blockIdx.x] = t;
  }
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
