#line 1111 "chapters/02-tensors.nw"
#include "core/prelude.cuh"
#include <cublas_v2.h>

litdnnStatus_t litdnn_cublas(litdnnHandle_t h, const char *call, void **cublas_handle)
{
  if (!h->cublas) {
    cublasHandle_t c;
    cublasStatus_t st = cublasCreate(&c);
    if (st != CUBLAS_STATUS_SUCCESS)
      return litdnn_error(LITDNN_STATUS_EXECUTION_FAILED_CUBLAS, call, "cublasCreate failed: %s",
                          cublasGetStatusString(st));
    h->cublas = c;
  }
  cublasSetStream((cublasHandle_t)h->cublas, (cudaStream_t)h->stream);
  *cublas_handle = h->cublas;
  return LITDNN_STATUS_SUCCESS;
}

void litdnn_cublas_destroy(void *cublas_handle)
{
  cublasDestroy((cublasHandle_t)cublas_handle);
}
