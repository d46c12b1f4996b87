/* Exercise 02-blend: what the tests call. */
#ifndef EXERCISE_02_BLEND_H
#define EXERCISE_02_BLEND_H
#include <stdint.h>
#include "litdnn.h"
#ifdef __cplusplus
extern "C" {
#endif
/* y[i] = alpha * x[i] + beta * y[i] for i in [0, n); when beta == 0, y is
   not read, so whatever it held (NaN included) cannot reach the result.
   x and y are in memory of the handle's backend; runs on its stream. */
litdnnStatus_t exercise_blend(litdnnHandle_t h, float alpha, const float *x, float beta, float *y,
                              int64_t n);
#ifdef __cplusplus
}
#endif
#endif
