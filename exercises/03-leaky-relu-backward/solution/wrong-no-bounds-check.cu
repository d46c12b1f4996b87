/* Exercise 03-leaky-relu-backward: a known-wrong solution (no bounds check: the last block's spare
   threads read and write past the end), for the grader's self-test. */
#include "core/gpu.h"
#include "exercise.h"

#define LRELU_THREADS 256   /* threads per block; the grid is rounded up to whole blocks */

static __global__ void leaky_relu_backward(const float *x, const float *dy, float *dx, float slope, int n)
{
  int i = blockIdx.x * blockDim.x + threadIdx.x;
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
