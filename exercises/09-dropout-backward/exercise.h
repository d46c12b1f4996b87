/* Exercise 09-dropout-backward: what the tests call. */
#ifndef EXERCISE_09_DROPOUT_BACKWARD_H
#define EXERCISE_09_DROPOUT_BACKWARD_H
#include <stdint.h>
#include "litdnn.h"
#ifdef __cplusplus
extern "C" {
#endif
/* dx[i] = dy[i] * scale when word i % 4 of Philox4x32-10 at counter i / 4
   under the key (seed low, seed high) is >= threshold, else 0, for i in
   [0, n): the mask of the forward pass, regenerated. dy and dx are in
   memory of the handle's backend, 16-byte aligned (as litdnnMalloc gives
   them); runs on its stream. */
litdnnStatus_t exercise_dropout_backward(litdnnHandle_t h, const float *dy, float *dx, int64_t n,
                                         uint32_t threshold, float scale, unsigned long long seed);
#ifdef __cplusplus
}
#endif
#endif
