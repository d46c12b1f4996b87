/* Exercise 04-tiled-gemm: what the tests call. */
#ifndef EXERCISE_04_TILED_GEMM_H
#define EXERCISE_04_TILED_GEMM_H
#include "litdnn.h"
#ifdef __cplusplus
extern "C" {
#endif
/* C = alpha * A * B + beta * C, column-major, no transposes:
   A is m x k with leading dimension lda >= m, B is k x n with ldb >= k,
   C is m x n with ldc >= m; element (i, j) of X is X[i + j * ldX].
   m, n, k >= 1. All three in memory of the handle's backend; runs on the
   handle's stream. When beta == 0, C is not read (it may hold NaN). */
litdnnStatus_t exercise_gemm_tiled(litdnnHandle_t h, int m, int n, int k, float alpha, const float *A,
                                   int lda, const float *B, int ldb, float beta, float *C, int ldc);
#ifdef __cplusplus
}
#endif
#endif
