/* Exercise 01-block-sum: what the tests call. */
#ifndef EXERCISE_01_BLOCK_SUM_H
#define EXERCISE_01_BLOCK_SUM_H
#include "litdnn.h"
#ifdef __cplusplus
extern "C" {
#endif
/* *sum = x[0] + ... + x[n-1]. x and sum are in memory of the handle's
   backend; the partial sums of the blocks go to the handle's workspace.
   Runs on the handle's stream. */
litdnnStatus_t exercise_sum(litdnnHandle_t h, const float *x, int n, float *sum);
#ifdef __cplusplus
}
#endif
#endif
