#ifndef LITDNN_CORE_CUBLAS_H
#define LITDNN_CORE_CUBLAS_H
#include <cublas_v2.h>

typedef struct {
  decltype(&cublasCreate) create;
  decltype(&cublasDestroy) destroy;
  decltype(&cublasSetStream) set_stream;
  decltype(&cublasSetMathMode) set_math_mode;
  decltype(&cublasSgemm) sgemm;
  decltype(&cublasSgemmStridedBatched) sgemm_strided_batched;
  decltype(&cublasGetStatusString) status_string;
} litdnn_cublas_api;

/* cuBLAS, loaded on first use; NULL (and the last error set for call)
   where it cannot be. */
const litdnn_cublas_api *litdnn_cublas_load(const char *call);
#endif
