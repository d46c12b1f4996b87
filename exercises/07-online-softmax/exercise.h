/* Exercise 07-online-softmax: what the tests call. */
#ifndef EXERCISE_07_ONLINE_SOFTMAX_H
#define EXERCISE_07_ONLINE_SOFTMAX_H
#include "litdnn.h"
#ifdef __cplusplus
extern "C" {
#endif
/* y = softmax(x) of each row of a rows x len matrix (row-major, packed),
   computed the ACCURATE way: y_j = exp(x_j - m) / sum_k exp(x_k - m) with
   m the row's maximum. 1 <= len <= 1024. Pointers are in the handle's
   memory; runs on its stream. */
litdnnStatus_t exercise_online_softmax(litdnnHandle_t h, const float *x, float *y, int rows, int len);
#ifdef __cplusplus
}
#endif
#endif
