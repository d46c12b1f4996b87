/* Exercise 07-softmax-backward: the ACCURATE softmax's backward pass, a
 * warp per row, the row's dot product sum(y * dy) reduced with warp shuffles.
 *
 * Fill in the holes marked TODO; change nothing else. Then run
 *   make grade EX=07-softmax-backward
 * The task, the tests and their points are in README.md. */
#include "core/gpu.h"
#include "exercise.h"

#define WARPS_PER_BLOCK 8

static __global__ void softmax_backward(float alpha, const float *y, const float *dy, float beta, float *dx,
                                        int rows, int len)
{
  int lane = threadIdx.x % 32;
  int row = blockIdx.x * WARPS_PER_BLOCK + threadIdx.x / 32;
  if (row >= rows)
    return;                     /* the whole warp leaves together */
  const float *yr = y + (long long)row * len, *dyr = dy + (long long)row * len;
  float *dxr = dx + (long long)row * len;
  float s = 0.0f;
  /* TODO(1): the lane's part of the dot product: s = sum of yr[j] * dyr[j]
     over j = lane, lane + 32, lane + 64, ... while j < len (the row can be
     any length, so the last step may cover only some of the lanes). */

  /* TODO(2): the butterfly: five steps of __shfl_xor_sync at offsets 16, 8,
     4, 2, 1, so that every lane ends with the whole row's sum, not only
     lane 0. */

  /* TODO(3): the output, over the same elements as TODO(1):
     dxr[j] = alpha * yr[j] * (dyr[j] - s) + beta * dxr[j], but when
     beta == 0 the old dxr[j] must not be read at all (0 * NaN is NaN). */
  (void)yr, (void)dyr, (void)dxr, (void)lane, (void)alpha, (void)beta, (void)s;
}

litdnnStatus_t exercise_softmax_backward(litdnnHandle_t h, float alpha, const float *y, const float *dy,
                                         float beta, float *dx, int rows, int len)
{
  if (rows <= 0 || len <= 0)
    return LITDNN_STATUS_SUCCESS;
  unsigned blocks = (unsigned)((rows + WARPS_PER_BLOCK - 1) / WARPS_PER_BLOCK);
  softmax_backward<<<blocks, 32 * WARPS_PER_BLOCK, 0, litdnn_gpu_stream(h)>>>(alpha, y, dy, beta, dx, rows,
                                                                                len);
  return litdnn_gpu_launch_status("exercise_softmax_backward", "softmax_backward");
}
