/* Exercise 06-maxpool-forward: max pooling forward, one thread per output.
 *
 * Fill in the holes marked TODO; change nothing else. Then run
 *   make grade EX=06-maxpool-forward
 * The task, the tests and their points are in README.md. */
#include <math.h>
#include "core/gpu.h"
#include "exercise.h"

#define POOL_THREADS 256

typedef struct {
  int n, c, height, width, out_h, out_w;
  int window_h, window_w, pad_h, pad_w, stride_h, stride_w;
  float alpha, beta;
} maxpool_shape;

/* The window of output o along one axis, clipped to the input: [*lo, *hi).
   Unclipped, window o covers [o * stride - pad, o * stride - pad + window). */
static __device__ void window_range(int o, int window, int pad, int stride, int in, int *lo, int *hi)
{
  /* TODO(2): the window's start, but not below 0, and one past its last
     position, but not above in. */
  *lo = 0;
  *hi = 0;
}

static __global__ void maxpool_forward(maxpool_shape s, const float *x, float *y)
{
  long long total = (long long)s.n * s.c * s.out_h * s.out_w;
  long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
  /* TODO(1): leave when i is past the end; split i into (plane, oh, ow),
     plane = image * c + channel, ow fastest. */

  /* TODO(3): with window_range for the rows and the columns, the maximum of
     x[plane][r][q] over the clipped window. Positions in the padding are not
     visited, so they never win; a NaN in x is skipped (NaN propagation is
     off), and the window always holds at least one element. */

  /* TODO(4): y[i] = alpha * max + beta * y[i]; when beta == 0, do not read
     y[i]. */
}

litdnnStatus_t exercise_maxpool_forward(litdnnHandle_t h, int n, int c, int height, int width,
                                        int window_h, int window_w, int pad_h, int pad_w,
                                        int stride_h, int stride_w, float alpha, const float *x,
                                        float beta, float *y)
{
  maxpool_shape s = {n, c, height, width, 1 + (height + 2 * pad_h - window_h) / stride_h,
                     1 + (width + 2 * pad_w - window_w) / stride_w, window_h, window_w, pad_h, pad_w,
                     stride_h, stride_w, alpha, beta};
  long long total = (long long)n * c * s.out_h * s.out_w;
  if (total <= 0)
    return LITDNN_STATUS_SUCCESS;
  unsigned blocks = (unsigned)((total + POOL_THREADS - 1) / POOL_THREADS);
  maxpool_forward<<<blocks, POOL_THREADS, 0, litdnn_gpu_stream(h)>>>(s, x, y);
  return litdnn_gpu_launch_status("exercise_maxpool_forward", "maxpool_forward");
}
