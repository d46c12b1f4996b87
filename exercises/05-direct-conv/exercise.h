/* Exercise 05-direct-conv: what the tests call. */
#ifndef EXERCISE_05_DIRECT_CONV_H
#define EXERCISE_05_DIRECT_CONV_H
#include "litdnn.h"
#ifdef __cplusplus
extern "C" {
#endif
/* The shape of one 2-d convolution: x is n x c x h x w, the filter k x c x r x s,
   y is n x k x p x q, all NCHW and dense; padding, stride and dilation per axis. */
typedef struct {
  int n, c, h, w, k, r, s;
  int pad_h, pad_w, stride_h, stride_w, dil_h, dil_w;
  int p, q;
} exercise_direct_shape;

/* y[img, kk, pp, qq] = sum over ch, rr, ss of
     wt[kk, ch, rr, ss] * x[img, ch, pp * stride_h - pad_h + rr * dil_h, qq * stride_w - pad_w + ss * dil_w]
   (cross-correlation; inputs in the padding are 0). All buffers are in the
   memory of the handle's backend; runs on the handle's stream. */
litdnnStatus_t exercise_direct_conv(litdnnHandle_t h, const exercise_direct_shape *shape, const float *x,
                                    const float *wt, float *y);
#ifdef __cplusplus
}
#endif
#endif
