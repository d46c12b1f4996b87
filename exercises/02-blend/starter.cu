/* Exercise 02-blend: y = alpha * x + beta * y with a grid-stride loop.
 *
 * Fill in the holes marked TODO; change nothing else. Then run
 *   make grade EX=02-blend
 * The task, the tests and their points are in README.md. */
#include "core/gpu.h"
#include "exercise.h"

#define BLEND_THREADS 256
#define BLEND_MAX_BLOCKS 64     /* few blocks on purpose: each thread must handle many elements */

static __global__ void blend(float alpha, const float *x, float beta, float *y, int64_t n)
{
  /* TODO(1): a grid-stride loop. Thread t of block b starts at
     i = b * blockDim.x + t and steps by the number of threads in the whole
     grid while i < n. */

  /* TODO(2): inside the loop, y[i] = alpha * x[i] + beta * y[i]; but when
     beta == 0 the old y[i] must not be read at all (0 * NaN is NaN). */
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
