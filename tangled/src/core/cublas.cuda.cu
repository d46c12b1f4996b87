#line 1488 "chapters/02-tensors.nw"
#include "core/prelude.cuh"
#include "core/cublas.h"
#include <dlfcn.h>
#include <stdio.h>
#include <pthread.h>

#define LITDNN_NAME_OF(f) LITDNN_NAME_OF_(f)
#define LITDNN_NAME_OF_(f) #f
#define LITDNN_CUBLAS_LIBRARY "libcublas.so." LITDNN_NAME_OF(CUBLAS_VER_MAJOR)

static litdnn_cublas_api cublas_api;
static char cublas_missing[256];   /* why it could not be loaded, or "" */
static pthread_once_t cublas_once = PTHREAD_ONCE_INIT;

static void cublas_open(void)
{
  void *lib = dlopen(LITDNN_CUBLAS_LIBRARY, RTLD_NOW | RTLD_LOCAL);
  if (!lib) {
    snprintf(cublas_missing, sizeof cublas_missing, "%s", dlerror());
    return;
  }
  void **slot[] = {(void **)&cublas_api.create, (void **)&cublas_api.destroy, (void **)&cublas_api.set_stream,
                   (void **)&cublas_api.set_math_mode, (void **)&cublas_api.sgemm,
                   (void **)&cublas_api.sgemm_strided_batched, (void **)&cublas_api.status_string};
  const char *name[] = {LITDNN_NAME_OF(cublasCreate), LITDNN_NAME_OF(cublasDestroy),
                        LITDNN_NAME_OF(cublasSetStream), LITDNN_NAME_OF(cublasSetMathMode),
                        LITDNN_NAME_OF(cublasSgemm), LITDNN_NAME_OF(cublasSgemmStridedBatched),
                        LITDNN_NAME_OF(cublasGetStatusString)};
  for (size_t i = 0; i < sizeof slot / sizeof slot[0]; i++)
    if (!(*slot[i] = dlsym(lib, name[i]))) {
      snprintf(cublas_missing, sizeof cublas_missing, "%s has no %s", LITDNN_CUBLAS_LIBRARY, name[i]);
      return;
    }
}

const litdnn_cublas_api *litdnn_cublas_load(const char *call)
{
  pthread_once(&cublas_once, cublas_open);
  if (!cublas_missing[0])
    return &cublas_api;
  litdnn_error(LITDNN_STATUS_EXECUTION_FAILED_CUBLAS, call, "cuBLAS could not be loaded: %s", cublas_missing);
  return NULL;
}

litdnnStatus_t litdnn_cublas(litdnnHandle_t h, const char *call, void **cublas_handle)
{
  const litdnn_cublas_api *api = litdnn_cublas_load(call);
  if (!api)
    return LITDNN_STATUS_EXECUTION_FAILED_CUBLAS;
  if (!h->cublas) {
    cublasHandle_t c;
    cublasStatus_t st = api->create(&c);
    if (st != CUBLAS_STATUS_SUCCESS)
      return litdnn_error(LITDNN_STATUS_EXECUTION_FAILED_CUBLAS, call, "cublasCreate failed: %s",
                          api->status_string(st));
    h->cublas = c;
  }
  api->set_stream((cublasHandle_t)h->cublas, (cudaStream_t)h->stream);
  *cublas_handle = h->cublas;
  return LITDNN_STATUS_SUCCESS;
}

void litdnn_cublas_destroy(void *cublas_handle)
{
  /* a cuBLAS handle exists only where cuBLAS was loaded */
  cublas_api.destroy((cublasHandle_t)cublas_handle);
}
