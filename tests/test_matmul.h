/* What the two matrix-multiply suites share: a problem of the cases, and
   which problems a stage takes, as its applies test should say. */
#ifndef LITDNN_TEST_MATMUL_H
#define LITDNN_TEST_MATMUL_H
#include "matmul/matmul.h"

typedef struct {
  int m, n, k;
  int ta, tb;
  int batch;
  int pad;           /* extra rows in every leading dimension */
  float alpha, beta;
  int aligned;       /* batch gaps of whole 16-byte units, so 16-byte paths take batches too */
} mm_case;

/* Whether the stage named stage takes the product: A and B at those
   addresses, with those leading dimensions and batch strides. Every stage
   takes every product the API accepts. */
static inline int matmul_stage_takes(const char *stage, int ta, int tb, int batch, const void *A, const void *B,
                                     int64_t lda, int64_t ldb, int64_t strideA, int64_t strideB, int k, int n)
{
  (void)stage; (void)ta; (void)tb; (void)batch; (void)A; (void)B;
  (void)lda; (void)ldb; (void)strideA; (void)strideB; (void)k; (void)n;
  return 1;
}
#endif
