/* Exercise 08-bn-inference: what the tests call. */
#ifndef EXERCISE_08_BN_INFERENCE_H
#define EXERCISE_08_BN_INFERENCE_H
#include "litdnn.h"
#ifdef __cplusplus
extern "C" {
#endif
/* Batch normalization, SPATIAL mode, inference forward, on the packed NCHW
   tensors x and y (n images, c channels, hw pixels each):
     y = alpha * (scale[k] * (x - mean[k]) / sqrt(var[k] + eps) + bias[k]) + beta * y
   for every element of channel k, with the estimated mean[k] and var[k].
   When beta == 0, y is not read (NaN in it cannot reach the result).
   All arrays are in memory of the handle's backend; runs on its stream. */
litdnnStatus_t exercise_bn_inference(litdnnHandle_t h, float alpha, const float *x, float beta,
                                     float *y, int n, int c, int hw, const float *scale,
                                     const float *bias, const float *mean, const float *var,
                                     double eps);
#ifdef __cplusplus
}
#endif
#endif
