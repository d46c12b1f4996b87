#line 783 "chapters/02-tensors.nw"
#include "core/prelude.cuh"
#include <stdio.h>

static litdnnStatus_t status_of(cudaError_t err)
{
  return err == cudaSuccess ? LITDNN_STATUS_SUCCESS
       : err == cudaErrorMemoryAllocation ? LITDNN_STATUS_ALLOC_FAILED
       : LITDNN_STATUS_EXECUTION_FAILED_CUDA;
}

static litdnnStatus_t gpu_malloc(void **ptr, size_t bytes)
{
  *ptr = NULL;
  return bytes ? status_of(cudaMalloc(ptr, bytes)) : LITDNN_STATUS_SUCCESS;
}
static litdnnStatus_t gpu_free(void *ptr) { return status_of(cudaFree(ptr)); }

static litdnnStatus_t gpu_memcpy(void *dst, const void *src, size_t bytes,
                                 litdnnMemcpyKind_t kind, litdnnStream_t stream)
{
  enum cudaMemcpyKind k = kind == LITDNN_MEMCPY_HOST_TO_DEVICE ? cudaMemcpyHostToDevice
                        : kind == LITDNN_MEMCPY_DEVICE_TO_HOST ? cudaMemcpyDeviceToHost
                        : cudaMemcpyDeviceToDevice;
  cudaError_t err = cudaMemcpyAsync(dst, src, bytes, k, (cudaStream_t)stream);
  /* a copy to the host is finished when the call returns, as users expect */
  if (err == cudaSuccess && kind == LITDNN_MEMCPY_DEVICE_TO_HOST)
    err = cudaStreamSynchronize((cudaStream_t)stream);
  return status_of(err);
}
static litdnnStatus_t gpu_memset(void *dst, int value, size_t bytes, litdnnStream_t stream)
{
  return status_of(cudaMemsetAsync(dst, value, bytes, (cudaStream_t)stream));
}
static litdnnStatus_t gpu_synchronize(litdnnStream_t stream)
{
  return status_of(cudaStreamSynchronize((cudaStream_t)stream));
}
static int gpu_available(void)
{
  int count = 0;
  return cudaGetDeviceCount(&count) == cudaSuccess && count > 0;
}
static void gpu_device_name(char *name, size_t size)
{
  struct cudaDeviceProp prop;
  int device = 0;
  if (cudaGetDevice(&device) == cudaSuccess && cudaGetDeviceProperties(&prop, device) == cudaSuccess)
    snprintf(name, size, "%s (sm_%d%d, %d SMs)", prop.name, prop.major, prop.minor,
             prop.multiProcessorCount);
  else
    snprintf(name, size, "unknown device");
}

const litdnn_device_ops LITDNN_GPU_FN(litdnn_gpu_device) = {
  gpu_malloc, gpu_free, gpu_memcpy, gpu_memset, gpu_synchronize, gpu_available, gpu_device_name,
};
