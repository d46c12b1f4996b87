/* Exercise 03-leaky-relu-backward: a known-wrong solution (the index forgets the block's
   size: the blocks overlap and leave most elements unwritten), for the grader's self-test. */
#include "core/gpu.h"
#include "exercise.h"

#define LRELU_THREADS 256   /* threads per block; the grid is rounded up to whole blocks */

static __global__ void leaky_relu_backward(const float *x, const float *dy, float *dx, float slope, int n)
{
  int i = blockIdx.x + threadIdx.x;
  if (i >= n)
    return;
  dx[i] = x[i] > 0.0f ? dy[i] : slope * dy[i];
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
