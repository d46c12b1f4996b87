/* Exercise 05-im2col: a known-wrong solution (wrong-no-padding-check), for the grader's self-test. */
#include "core/gpu.h"
#include "exercise.h"

/* One thread per element of cols, in the order of cols (a grid-stride loop):
   consecutive threads write consecutive output positions pq. */
static __global__ void im2col(exercise_conv_shape sh, const float *x, float *cols)
{
  int64_t pq_count = (int64_t)sh.p * sh.q, l_count = (int64_t)sh.c * sh.r * sh.s;
  int64_t total = (int64_t)sh.n * l_count * pq_count;
  for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < total;
       i += (int64_t)gridDim.x * blockDim.x) {
    int64_t pq = i % pq_count, l = (i / pq_count) % l_count, img = i / (pq_count * l_count);
    int pp = (int)(pq / sh.q), qq = (int)(pq % sh.q);
    int ch = 0, rr = 0, ss = 0;
    ch = (int)(l / (sh.r * sh.s));
    rr = (int)(l / sh.s % sh.r);
    ss = (int)(l % sh.s);
    int ih = 0, iw = 0;
    ih = pp * sh.stride_h - sh.pad_h + rr * sh.dil_h;
    iw = qq * sh.stride_w - sh.pad_w + ss * sh.dil_w;
    (void)sh;
    cols[i] = x[(((int64_t)img * sh.c + ch) * sh.h + ih) * sh.w + iw];   /* BUG: reads the padding */
  }
}

litdnnStatus_t exercise_im2col(litdnnHandle_t h, const exercise_conv_shape *shape, const float *x,
                               float *cols)
{
  int64_t total = (int64_t)shape->n * shape->c * shape->r * shape->s * shape->p * shape->q;
  im2col<<<litdnn_gpu_blocks(total, 256, 65535), 256, 0, litdnn_gpu_stream(h)>>>(*shape, x, cols);
  return litdnn_gpu_launch_status("exercise_im2col", "im2col");
}
