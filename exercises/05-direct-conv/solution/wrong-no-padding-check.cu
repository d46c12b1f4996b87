/* Exercise 05-direct-conv: a known-wrong solution (wrong-no-padding-check), for the grader's self-test. */
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
          ih = pp * sh.stride_h - sh.pad_h + rr * sh.dil_h;
          iw = qq * sh.stride_w - sh.pad_w + ss * sh.dil_w;
          /* BUG: no test for the padding */
          sum += wt[((kk * sh.c + ch) * sh.r + rr) * sh.s + ss] *
                 x[((img * sh.c + ch) * sh.h + ih) * (int64_t)sh.w + iw];
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
