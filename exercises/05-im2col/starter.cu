/* Exercise 05-im2col: unroll a convolution's input into a matrix.
 *
 * Fill in the three holes marked TODO; change nothing else. Then run
 *   make grade EX=05-im2col
 * The task, the tests and their points are in README.md. */
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
    /* TODO(1): split the row index l into the channel ch and the filter tap
       (rr, ss), with l = (ch * r + rr) * s + ss. */
    (void)l;
    int ih = 0, iw = 0;
    /* TODO(2): the input row ih and column iw that output (pp, qq) reads
       through tap (rr, ss), with the stride, the padding and the dilation. */
    (void)pp, (void)qq;
    /* TODO(3): write x[img, ch, ih, iw] into cols[i], or 0 when (ih, iw)
       lies outside the h x w image. Read x only inside the image. */
    (void)img, (void)ch, (void)rr, (void)ss, (void)ih, (void)iw;
  }
}

litdnnStatus_t exercise_im2col(litdnnHandle_t h, const exercise_conv_shape *shape, const float *x,
                               float *cols)
{
  int64_t total = (int64_t)shape->n * shape->c * shape->r * shape->s * shape->p * shape->q;
  im2col<<<litdnn_gpu_blocks(total, 256, 65535), 256, 0, litdnn_gpu_stream(h)>>>(*shape, x, cols);
  return litdnn_gpu_launch_status("exercise_im2col", "im2col");
}
