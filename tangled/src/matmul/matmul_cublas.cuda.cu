#line 4819 "chapters/04-matmul.nw"
#include "core/prelude.cuh"
#include "matmul/matmul.h"
#include "core/cublas.h"

static litdnnStatus_t matmul_cublas(litdnnHandle_t h, const litdnn_matmul_args *g, cublasMath_t mode)
{
  void *handle;
  litdnnStatus_t st = litdnn_cublas(h, g->call, &handle);
  if (st != LITDNN_STATUS_SUCCESS)
    return st;
  const litdnn_cublas_api *cublas = litdnn_cublas_load(g->call);
  cublasHandle_t c = (cublasHandle_t)handle;
  cublasStatus_t cs = cublas->set_math_mode(c, mode);
  cublasOperation_t ta = g->transa ? CUBLAS_OP_T : CUBLAS_OP_N;
  cublasOperation_t tb = g->transb ? CUBLAS_OP_T : CUBLAS_OP_N;
  if (cs == CUBLAS_STATUS_SUCCESS) {
    if (g->batch == 1)
      cs = cublas->sgemm(c, ta, tb, g->m, g->n, g->k, &g->alpha, g->A, (int)g->lda, g->B, (int)g->ldb,
                         &g->beta, g->C, (int)g->ldc);
    else
      cs = cublas->sgemm_strided_batched(c, ta, tb, g->m, g->n, g->k, &g->alpha, g->A, (int)g->lda,
                                         g->strideA, g->B, (int)g->ldb, g->strideB, &g->beta, g->C,
                                         (int)g->ldc, g->strideC, g->batch);
  }
  if (cs != CUBLAS_STATUS_SUCCESS)
    return litdnn_error(LITDNN_STATUS_EXECUTION_FAILED_CUBLAS, g->call, "cuBLAS SGEMM failed: %s",
                        cublas->status_string(cs));
  return LITDNN_STATUS_SUCCESS;
}

litdnnStatus_t litdnn_matmul_cublas_cuda(litdnnHandle_t h, const void *args)
{
  return matmul_cublas(h, (const litdnn_matmul_args *)args, CUBLAS_DEFAULT_MATH);
}

litdnnStatus_t litdnn_matmul_cublas_tf32_cuda(litdnnHandle_t h, const void *args)
{
  return matmul_cublas(h, (const litdnn_matmul_args *)args, CUBLAS_TF32_TENSOR_OP_MATH);
}
