/* Exercise 06-avgpool-backward: what the tests call. */
#ifndef EXERCISE_06_AVGPOOL_BACKWARD_H
#define EXERCISE_06_AVGPOOL_BACKWARD_H
#include "litdnn.h"
#ifdef __cplusplus
extern "C" {
#endif
/* The backward pass of 2-D average pooling on packed NCHW tensors.
   x is n x c x height x width; dy is n x c x P x Q with
   P = 1 + (height + 2 * pad_h - window_h) / stride_h (Q likewise).
   dx = alpha * dL/dx + beta * dx, where every window sends dy / divisor to
   each input element it covers; the divisor is window_h * window_w when
   include_padding is 1, else the number of input elements in the window.
   When beta == 0, dx is not read. Pointers are in the handle's memory. */
litdnnStatus_t exercise_avgpool_backward(litdnnHandle_t h, int n, int c, int height, int width,
                                         int window_h, int window_w, int pad_h, int pad_w,
                                         int stride_h, int stride_w, int include_padding,
                                         float alpha, const float *dy, float beta, float *dx);
#ifdef __cplusplus
}
#endif
#endif
