/* Exercise 02-transpose: what the tests call. */
#ifndef EXERCISE_02_TRANSPOSE_H
#define EXERCISE_02_TRANSPOSE_H
#include "litdnn.h"
#ifdef __cplusplus
extern "C" {
#endif
/* y = transpose(x): x is rows x cols, y is cols x rows, both row-major and
   dense, both in memory of the handle's backend; runs on the handle's
   stream. */
litdnnStatus_t exercise_transpose(litdnnHandle_t h, const float *x, float *y, int rows, int cols);
#ifdef __cplusplus
}
#endif
#endif
