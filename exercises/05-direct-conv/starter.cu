/* Exercise 05-direct-conv: one thread per output, with padding and dilation.
 *
 * Fill in the three holes marked TODO; change nothing else. Then run
 *   make grade EX=05-direct-conv
 * The task, the tests and their points are in README.md. */
#include "core/gpu.h"
#include "exercise.h"

static __global__ void direct_conv(exercise_direct_shape sh, const float *x, const float *wt, float *y)
{
  int64_t total = (int64_t)sh.n * sh.k * sh.p * sh.q;
  for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < total;
       i += (int64_t)gridDim.x * blockDim.x) {
    int qq = (int)(i % sh.q), pp = (int)(i / sh.q % sh.p);
    int64_t kk = i / ((int64_t)sh.p * sh.q) % sh.k, img = i / ((int64_t)sh.k * sh.p * sh.q);
    float sum = 0.0f;
    for (int ch = 0; ch < sh.c; ch++)
      for (int rr = 0; rr < sh.r; rr++)
        for (int ss = 0; ss < sh.s; ss++) {
          int ih = 0, iw = 0;
          /* TODO(1): the input row ih and column iw that output (pp, qq) meets
             through tap (rr, ss): stride, padding and dilation. */
          (void)pp, (void)qq;
          /* TODO(2): skip the tap when (ih, iw) lies in the padding, outside
             the h x w image. */
          /* TODO(3): add wt[kk, ch, rr, ss] * x[img, ch, ih, iw] to sum. */
          (void)ih, (void)iw, (void)img, (void)kk, (void)ch, (void)x, (void)wt;
        }
    y[i] = sum;
  }
}

litdnnStatus_t exercise_direct_conv(litdnnHandle_t h, const exercise_direct_shape *shape, const float *x,
                                    const float *wt, float *y)
{
  int64_t total = (int64_t)shape->n * shape->k * shape->p * shape->q;
  direct_conv<<<litdnn_gpu_blocks(total, 256, 65535), 256, 0, litdnn_gpu_stream(h)>>>(*shape, x, wt, y);
  return litdnn_gpu_launch_status("exercise_direct_conv", "direct_conv");
}
