/* Exercise 06-maxpool-forward: the reference solution. */
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
  int start = o * stride - pad;
  *lo = start < 0 ? 0 : start;
  *hi = start + window < in ? start + window : in;
}

static __global__ void maxpool_forward(maxpool_shape s, const float *x, float *y)
{
  long long total = (long long)s.n * s.c * s.out_h * s.out_w;
  long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= total)
    return;
  int ow = (int)(i % s.out_w), oh = (int)((i / s.out_w) % s.out_h);
  long long plane = i / ((long long)s.out_w * s.out_h);
  int h0, h1, w0, w1;
  window_range(oh, s.window_h, s.pad_h, s.stride_h, s.height, &h0, &h1);
  window_range(ow, s.window_w, s.pad_w, s.stride_w, s.width, &w0, &w1);
  const float *p = x + plane * s.height * s.width;
  float best = -INFINITY;
  for (int r = h0; r < h1; r++)
    for (int q = w0; q < w1; q++) {
      float v = p[r * s.width + q];
      if (v > best)             /* a NaN is never greater: it is skipped */
        best = v;
    }
  y[i] = s.beta != 0.0f ? s.alpha * best + s.beta * y[i] : s.alpha * best;
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
