/* Exercise 07-softmax-backward: what the tests call. */
#ifndef EXERCISE_07_SOFTMAX_BACKWARD_H
#define EXERCISE_07_SOFTMAX_BACKWARD_H
#include "litdnn.h"
#ifdef __cplusplus
extern "C" {
#endif
/* The backward pass of the ACCURATE softmax over the rows of a rows x len
   matrix (row-major, packed): with y = softmax(x) and dy = dL/dy,
     dx[r,i] = alpha * y[r,i] * (dy[r,i] - sum_j y[r,j] * dy[r,j]) + beta * dx[r,i];
   when beta == 0, dx is not read, so whatever it held (NaN included) cannot
   reach the result. Any len >= 1. Pointers are in the handle's memory;
   runs on its stream. */
litdnnStatus_t exercise_softmax_backward(litdnnHandle_t h, float alpha, const float *y, const float *dy,
                                         float beta, float *dx, int rows, int len);
#ifdef __cplusplus
}
#endif
#endif
