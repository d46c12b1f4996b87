/* Exercise 08-welford-stats: what the tests call. */
#ifndef EXERCISE_08_WELFORD_STATS_H
#define EXERCISE_08_WELFORD_STATS_H
#include "litdnn.h"
#ifdef __cplusplus
extern "C" {
#endif
/* For every channel c of the packed NCHW tensor x (n images, c channels,
   hw pixels each): mean[c] and the biased variance var[c] of its n*hw
   values. x, mean and var are in memory of the handle's backend; runs on
   the handle's stream. */
litdnnStatus_t exercise_welford_stats(litdnnHandle_t h, const float *x, int n, int c, int hw, float *mean,
                                      float *var);
#ifdef __cplusplus
}
#endif
#endif
