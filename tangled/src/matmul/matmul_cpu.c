#line 184 "chapters/04-matmul.nw"
#include "matmul/matmul.h"
#include <stdlib.h>

/* op(X)(r, c) of a column-major matrix */
static inline float op_at(const float *X, int64_t ld, int trans, int r, int c)
{
  return trans ? X[c + r * ld] : X[r + c * ld];
}

static inline void blend(float *c, double acc, float alpha, float beta)
{
  /* beta == 0: C is not read, so whatever it held (NaN too) is gone */
  *c = beta == 0.0f ? (float)(alpha * acc) : (float)(alpha * acc + (double)beta * *c);
}

litdnnStatus_t litdnn_matmul_cpu_naive(litdnnHandle_t h, const void *args)
{
  const litdnn_matmul_args *g = (const litdnn_matmul_args *)args;
  for (int b = 0; b < g->batch; b++) {
    const float *A = g->A + b * g->strideA, *B = g->B + b * g->strideB;
    float *C = g->C + b * g->strideC;
    for (int j = 0; j < g->n; j++)
      for (int i = 0; i < g->m; i++) {
        double acc = 0;
        for (int p = 0; p < g->k; p++)
          acc += (double)op_at(A, g->lda, g->transa, i, p) * op_at(B, g->ldb, g->transb, p, j);
        blend(&C[i + j * g->ldc], acc, g->alpha, g->beta);
      }
  }
  return LITDNN_STATUS_SUCCESS;
}

#line 236 "chapters/04-matmul.nw"
litdnnStatus_t litdnn_matmul_cpu_jki(litdnnHandle_t h, const void *args)
{
  const litdnn_matmul_args *g = (const litdnn_matmul_args *)args;
  float *col = malloc((size_t)g->m * sizeof *col);
  if (!col)
    return litdnn_error(LITDNN_STATUS_ALLOC_FAILED, g->call, "out of host memory (%d floats)", g->m);
  for (int b = 0; b < g->batch; b++) {
    const float *A = g->A + b * g->strideA, *B = g->B + b * g->strideB;
    float *C = g->C + b * g->strideC;
    for (int j = 0; j < g->n; j++) {
      for (int i = 0; i < g->m; i++)
        col[i] = 0.0f;
      for (int p = 0; p < g->k; p++) {
        float bpj = op_at(B, g->ldb, g->transb, p, j);
        if (!g->transa) {
          const float *a = A + p * g->lda;   /* column p of A: contiguous */
          for (int i = 0; i < g->m; i++)
            col[i] += a[i] * bpj;
        } else {
          for (int i = 0; i < g->m; i++)
            col[i] += A[p + i * g->lda] * bpj;
        }
      }
      for (int i = 0; i < g->m; i++)
        blend(&C[i + j * g->ldc], col[i], g->alpha, g->beta);
    }
  }
  free(col);
  return LITDNN_STATUS_SUCCESS;
}
