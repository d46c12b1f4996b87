/* Exercise 03-leaky-relu-backward: the backward pass of the leaky ReLU,
 * one thread per element.
 *
 * Fill in the three holes marked TODO; change nothing else. Then run
 *   make grade EX=03-leaky-relu-backward
 * The task, the tests and their points are in README.md. */
#include "core/gpu.h"
#include "exercise.h"

#define LRELU_THREADS 256   /* threads per block; the grid is rounded up to whole blocks */

static __global__ void leaky_relu_backward(const float *x, const float *dy, float *dx, float slope, int n)
{
  /* TODO(1): the index of this thread's element, from blockIdx.x,
     blockDim.x and threadIdx.x. */
  int i = 0;

  /* TODO(2): threads past the end of the arrays must not touch them. */

  /* TODO(3): dx[i] is dy[i] where x[i] > 0, and slope * dy[i] elsewhere. */
  (void)x;
  (void)dy;
  (void)dx;
  (void)slope;
  (void)n;
  (void)i;
}

litdnnStatus_t exercise_leaky_relu_backward(litdnnHandle_t h, const float *x, const float *dy, float *dx,
                                            float slope, int n)
{
  if (n <= 0)
    return LITDNN_STATUS_SUCCESS;
  unsigned blocks = (unsigned)((n + LRELU_THREADS - 1) / LRELU_THREADS);
  leaky_relu_backward<<<blocks, LRELU_THREADS, 0, litdnn_gpu_stream(h)>>>(x, dy, dx, slope, n);
  return litdnn_gpu_launch_status("exercise_leaky_relu_backward", "leaky_relu_backward");
}
