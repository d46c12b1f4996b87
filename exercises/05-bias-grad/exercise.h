/* Exercise 05-bias-grad: what the tests call. */
#ifndef EXERCISE_05_BIAS_GRAD_H
#define EXERCISE_05_BIAS_GRAD_H
#include "litdnn.h"
#ifdef __cplusplus
extern "C" {
#endif
/* db[k] = sum over img < n and pixel < hw of dy[(img * k_count + k) * hw + pixel]:
   the gradient of a convolution's bias, dy NCHW and dense (hw = H * W).
   Both buffers are in the memory of the handle's backend; runs on the
   handle's stream. */
litdnnStatus_t exercise_bias_grad(litdnnHandle_t h, const float *dy, float *db, int n, int k_count, int hw);
#ifdef __cplusplus
}
#endif
#endif
