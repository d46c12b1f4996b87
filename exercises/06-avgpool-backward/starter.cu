/* Exercise 06-avgpool-backward: average pooling backward as a gather.
 *
 * Fill in the holes marked TODO; change nothing else. Then run
 *   make grade EX=06-avgpool-backward
 * The task, the tests and their points are in README.md. */
#include "core/gpu.h"
#include "exercise.h"

#define POOL_THREADS 256

typedef struct {
  int n, c, height, width, out_h, out_w;
  int window_h, window_w, pad_h, pad_w, stride_h, stride_w, include_padding;
  float alpha, beta;
} avgpool_shape;

/* The outputs along one axis whose windows contain input position i:
   [*lo, *hi). Window o covers [o * stride - pad, o * stride - pad + window). */
static __device__ void covering(int i, int window, int pad, int stride, int out, int *lo, int *hi)
{
  /* TODO(1): the first o with o * stride - pad + window > i, but not below 0,
     and one past the last o with o * stride - pad <= i, but not above out. */
  *lo = 0;
  *hi = 0;
}

static __global__ void avgpool_backward(avgpool_shape s, const float *dy, float *dx)
{
  long long total = (long long)s.n * s.c * s.height * s.width;
  long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
  /* TODO(2): leave when i is past the end; split i into (plane, row, col),
     plane = image * c + channel, col fastest. */

  /* TODO(3): for every window (oh, ow) that covers (row, col), add
     dy[plane][oh][ow] / divisor, where the divisor depends on
     s.include_padding (count the window's rows and columns that lie inside
     the input when it is 0). */

  /* TODO(4): dx[i] = alpha * sum + beta * dx[i]; when beta == 0, do not
     read dx[i]. */
}

litdnnStatus_t exercise_avgpool_backward(litdnnHandle_t h, int n, int c, int height, int width,
                                         int window_h, int window_w, int pad_h, int pad_w,
                                         int stride_h, int stride_w, int include_padding,
                                         float alpha, const float *dy, float beta, float *dx)
{
  avgpool_shape s = {n, c, height, width, 1 + (height + 2 * pad_h - window_h) / stride_h,
                     1 + (width + 2 * pad_w - window_w) / stride_w, window_h, window_w, pad_h, pad_w,
                     stride_h, stride_w, include_padding, alpha, beta};
  long long total = (long long)n * c * height * width;
  unsigned blocks = (unsigned)((total + POOL_THREADS - 1) / POOL_THREADS);
  avgpool_backward<<<blocks, POOL_THREADS, 0, litdnn_gpu_stream(h)>>>(s, dy, dx);
  return litdnn_gpu_launch_status("exercise_avgpool_backward", "avgpool_backward");
}
