#ifndef LITDNN_MATMUL_H
#define LITDNN_MATMUL_H
#include "litdnn/core.h"
#ifdef __cplusplus
extern "C" {
#endif

typedef enum { LITDNN_NO_TRANSPOSE = 0, LITDNN_TRANSPOSE = 1 } litdnnTranspose_t;
typedef enum { LITDNN_MATH_FMA = 0, LITDNN_MATH_TF32 = 1 } litdnnMathType_t;

/* C = alpha * op(A) op(B) + beta * C for batchCount column-major matrices.
   op(A) is m x k, op(B) is k x n, C is m x n; matrix b of the batch starts at
   A + b * strideA (likewise B, C), strides counted in elements. alpha and
   beta point at host floats; when *beta == 0, C is not read. A, B and C are
   device pointers of the handle's backend. */
litdnnStatus_t litdnnMatmul(litdnnHandle_t handle, litdnnMathType_t math,
                            litdnnTranspose_t transa, litdnnTranspose_t transb,
                            int m, int n, int k, const void *alpha,
                            const void *A, int lda, long long strideA,
                            const void *B, int ldb, long long strideB,
                            const void *beta, void *C, int ldc, long long strideC,
                            int batchCount);

#ifdef __cplusplus
}
#endif
#endif
