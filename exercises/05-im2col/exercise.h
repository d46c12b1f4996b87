/* Exercise 05-im2col: what the tests call. */
#ifndef EXERCISE_05_IM2COL_H
#define EXERCISE_05_IM2COL_H
#include "litdnn.h"
#ifdef __cplusplus
extern "C" {
#endif
/* The shape of one 2-d convolution: x is n x c x h x w (NCHW, dense), the
   filter r x s, with padding, stride and dilation per axis; p x q is the
   output. */
typedef struct {
  int n, c, h, w, r, s;
  int pad_h, pad_w, stride_h, stride_w, dil_h, dil_w;
  int p, q;
} exercise_conv_shape;

/* cols[img][l][pq] = x[img, ch, pp * stride_h - pad_h + rr * dil_h, qq * stride_w - pad_w + ss * dil_w]
   with l = (ch * r + rr) * s + ss and pq = pp * q + qq, or 0 where that lies
   in the padding. cols holds n * c * r * s * p * q floats; both buffers are
   in the memory of the handle's backend; runs on the handle's stream. */
litdnnStatus_t exercise_im2col(litdnnHandle_t h, const exercise_conv_shape *shape, const float *x,
                               float *cols);
#ifdef __cplusplus
}
#endif
#endif
