/* Exercise 03-leaky-relu-backward: what the tests call. */
#ifndef EXERCISE_03_LEAKY_RELU_BACKWARD_H
#define EXERCISE_03_LEAKY_RELU_BACKWARD_H
#include "litdnn.h"
#ifdef __cplusplus
extern "C" {
#endif
/* dx[i] = dy[i] where x[i] > 0 and slope * dy[i] elsewhere (x[i] = 0
   included), for i in [0, n). x, dy and dx are arrays of n floats in
   memory of the handle's backend; dx may hold anything before the call.
   Runs on the handle's stream. */
litdnnStatus_t exercise_leaky_relu_backward(litdnnHandle_t h, const float *x, const float *dy, float *dx,
                                            float slope, int n);
#ifdef __cplusplus
}
#endif
#endif
