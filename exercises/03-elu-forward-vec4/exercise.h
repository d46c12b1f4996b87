/* Exercise 03-elu-forward-vec4: what the tests call. */
#ifndef EXERCISE_03_ELU_FORWARD_VEC4_H
#define EXERCISE_03_ELU_FORWARD_VEC4_H
#include <stdint.h>
#include "litdnn.h"
#ifdef __cplusplus
extern "C" {
#endif
/* y[i] = alpha * f(x[i]) + beta * y[i] for i in [0, n), with the ELU
   f(x) = x for x > 0, else coef * (e^x - 1). x and y start at 16-byte
   boundaries (any n is allowed, so the last n % 4 elements do not fill a
   float4). When beta == 0, y is not read, so whatever it held (NaN
   included) cannot reach the result. x and y are in memory of the
   handle's backend; runs on its stream. */
litdnnStatus_t exercise_elu_forward(litdnnHandle_t h, float coef, float alpha, const float *x,
                                    float beta, float *y, int64_t n);
#ifdef __cplusplus
}
#endif
#endif
