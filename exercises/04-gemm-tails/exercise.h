/* Exercise 04-gemm-tails: what the tests call. */
#ifndef EXERCISE_04_GEMM_TAILS_H
#define EXERCISE_04_GEMM_TAILS_H
#include "litdnn.h"
#ifdef __cplusplus
extern "C" {
#endif
/* C = alpha * A * B + beta * C, column-major, no transposes, for ANY
   m, n, k >= 1: A is m x k (lda >= m), B is k x n (ldb >= k), C is m x n
   (ldc >= m); element (i, j) of X is X[i + j * ldX]. Memory of the
   handle's backend; the handle's stream. When beta == 0, C is not read. */
litdnnStatus_t exercise_gemm_tails(litdnnHandle_t h, int m, int n, int k, float alpha, const float *A,
                                   int lda, const float *B, int ldb, float beta, float *C, int ldc);
#ifdef __cplusplus
}
#endif
#endif
