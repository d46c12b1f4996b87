/* Exercise 06-avgpool-backward: a known-wrong solution (the first covering window rounds down
   instead of up, so it adds a window that does not contain the input), for the grader's self-test. */
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
  int first = i + pad - window + 1;
  *lo = first <= 0 ? 0 : first / stride;   /* wrong: the first window is the ceiling, not the floor */
  int last = (i + pad) / stride + 1;
  *hi = last < out ? last : out;
}

static __global__ void avgpool_backward(avgpool_shape s, const float *dy, float *dx)
{
  long long total = (long long)s.n * s.c * s.height * s.width;
  long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= total)
    return;
  int col = (int)(i % s.width), row = (int)((i / s.width) % s.height);
  long long plane = i / ((long long)s.width * s.height);
  int oh0, oh1, ow0, ow1;
  covering(row, s.window_h, s.pad_h, s.stride_h, s.out_h, &oh0, &oh1);
  covering(col, s.window_w, s.pad_w, s.stride_w, s.out_w, &ow0, &ow1);
  const float *g = dy + plane * s.out_h * s.out_w;
  float sum = 0.0f;
  for (int oh = oh0; oh < oh1; oh++)
    for (int ow = ow0; ow < ow1; ow++) {
      int divisor = s.window_h * s.window_w;
      if (!s.include_padding) {
        int r0 = oh * s.stride_h - s.pad_h, c0 = ow * s.stride_w - s.pad_w;
        int r1 = r0 + s.window_h < s.height ? r0 + s.window_h : s.height;
        int c1 = c0 + s.window_w < s.width ? c0 + s.window_w : s.width;
        divisor = (r1 - (r0 < 0 ? 0 : r0)) * (c1 - (c0 < 0 ? 0 : c0));
      }
      sum += g[oh * s.out_w + ow] / (float)divisor;
    }
  dx[i] = s.beta != 0.0f ? s.alpha * sum + s.beta * dx[i] : s.alpha * sum;
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
