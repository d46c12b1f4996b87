/* Exercise 07-online-softmax: a warp per row, the row held in registers,
 * one running (max, sum) per lane merged with warp shuffles.
 *
 * Fill in the holes marked TODO; change nothing else. Then run
 *   make grade EX=07-online-softmax
 * The task, the tests and their points are in README.md. */
#include "core/gpu.h"
#include "exercise.h"

#define WARPS_PER_BLOCK 8
#define HELD 32                 /* values per lane: rows of up to 32 * 32 = 1024 */

/* Add v to the running statistic (m, s), where s = sum of exp(x - m) over
   the values seen so far. */
static __device__ void online_add(float *m, float *s, float v)
{
  /* TODO(1): if v is a new maximum, rescale s to it and count v as exp(0);
     otherwise add exp(v - m). Start values are m = -INFINITY, s = 0. */
}

/* Merge another lane's statistic (m2, s2) into (m, s). */
static __device__ void online_merge(float *m, float *s, float m2, float s2)
{
  /* TODO(2): bring both sums to the larger maximum and add them. Two empty
     statistics (both maxima -INFINITY) stay as they are. */
}

static __global__ void online_softmax(const float *x, float *y, int rows, int len)
{
  int lane = threadIdx.x % 32;
  int row = blockIdx.x * WARPS_PER_BLOCK + threadIdx.x / 32;
  if (row >= rows)
    return;                     /* the whole warp leaves together */
  const float *xr = x + (long long)row * len;
  float *yr = y + (long long)row * len;
  float v[HELD];
  float m = -INFINITY, s = 0.0f;
  for (int i = 0; i < HELD; i++) {
    int j = lane + 32 * i;      /* consecutive lanes, consecutive addresses */
    v[i] = j < len ? xr[j] : -INFINITY;
  }
  /* TODO(3): one sweep over the lane's values with online_add (values past
     the end of the row are -INFINITY and must not change the sum). */

  /* TODO(4): merge the 32 lanes' statistics with __shfl_xor_sync, at
     offsets 16, 8, 4, 2, 1, so that every lane ends with the row's (m, s). */

  /* TODO(5): write y[j] = exp(v - m) / s for the lane's elements of the row. */
}

litdnnStatus_t exercise_online_softmax(litdnnHandle_t h, const float *x, float *y, int rows, int len)
{
  unsigned blocks = (unsigned)((rows + WARPS_PER_BLOCK - 1) / WARPS_PER_BLOCK);
  online_softmax<<<blocks, 32 * WARPS_PER_BLOCK, 0, litdnn_gpu_stream(h)>>>(x, y, rows, len);
  return litdnn_gpu_launch_status("exercise_online_softmax", "online_softmax");
}
