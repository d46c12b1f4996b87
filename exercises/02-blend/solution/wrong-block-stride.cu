/* Exercise 02-blend: a known-wrong solution (steps by one block: blocks overlap and race), for the grader's self-test. */
#include "core/gpu.h"
#include "exercise.h"

#define BLEND_THREADS 256
#define BLEND_MAX_BLOCKS 64     /* few blocks on purpose: each thread must handle many elements */

static __global__ void blend(float alpha, const float *x, float beta, float *y, int64_t n)
{
  int64_t stride = blockDim.x;
  for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride) {
    if (beta == 0.0f)
      y[i] = alpha * x[i];          /* y is not read: NaN in it cannot leak */
    else
      y[i] = alpha * x[i] + beta * y[i];
  }
}

litdnnStatus_t exercise_blend(litdnnHandle_t h, float alpha, const float *x, float beta, float *y,
                              int64_t n)
{
  if (n <= 0)
    return LITDNN_STATUS_SUCCESS;
  unsigned blocks = litdnn_gpu_blocks(n, BLEND_THREADS, BLEND_MAX_BLOCKS);
  blend<<<blocks, BLEND_THREADS, 0, litdnn_gpu_stream(h)>>>(alpha, x, beta, y, n);
  return litdnn_gpu_launch_status("exercise_blend", "blend");
}
