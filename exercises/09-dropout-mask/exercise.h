/* Exercise 09-dropout-mask: what the tests call. */
#ifndef EXERCISE_09_DROPOUT_MASK_H
#define EXERCISE_09_DROPOUT_MASK_H
#include <stdint.h>
#include "litdnn.h"
#ifdef __cplusplus
extern "C" {
#endif
/* y[i] = x[i] * scale when word i % 4 of Philox4x32-10 at counter i / 4
   under the key (seed low, seed high) is >= threshold, else 0, for i in
   [0, n). x and y are in memory of the handle's backend; runs on its
   stream. */
litdnnStatus_t exercise_dropout(litdnnHandle_t h, const float *x, float *y, int64_t n, uint32_t threshold,
                                float scale, unsigned long long seed);
#ifdef __cplusplus
}
#endif
#endif
