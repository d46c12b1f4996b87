/* Exercise 06-maxpool-forward: what the tests call. */
#ifndef EXERCISE_06_MAXPOOL_FORWARD_H
#define EXERCISE_06_MAXPOOL_FORWARD_H
#include "litdnn.h"
#ifdef __cplusplus
extern "C" {
#endif
/* The forward pass of 2-D max pooling on packed NCHW tensors, with NaN
   propagation off. x is n x c x height x width; y is n x c x P x Q with
   P = 1 + (height + 2 * pad_h - window_h) / stride_h (Q likewise), and
   pad_h < window_h, pad_w < window_w, so every window holds at least one
   element of x. y = alpha * max + beta * y, where the max is over the
   window's elements that lie inside x (padding positions never win) and
   NaNs in x are skipped. When beta == 0, y is not read. Pointers are in
   the handle's memory; runs on its stream. */
litdnnStatus_t exercise_maxpool_forward(litdnnHandle_t h, int n, int c, int height, int width,
                                        int window_h, int window_w, int pad_h, int pad_w,
                                        int stride_h, int stride_w, float alpha, const float *x,
                                        float beta, float *y);
#ifdef __cplusplus
}
#endif
#endif
