#line 1066 "chapters/02-tensors.nw"
#include "core/prelude.cuh"
#include <stdio.h>

/* The status of a runtime call. A failed call also leaves its error as the
   runtime's last error, where the next kernel launch's check would find it
   and report it as its own: it is taken back here, once reported. */
static litdnnStatus_t status_of(cudaError_t err)
{
  if (err != cudaSuccess)
    (void)cudaGetLastError();
  return err == cudaSuccess ? LITDNN_STATUS_SUCCESS
       : err == cudaErrorMemoryAllocation ? LITDNN_STATUS_ALLOC_FAILED
       : LITDNN_STATUS_EXECUTION_FAILED_CUDA;
}

static litdnnStatus_t gpu_malloc(void **ptr, size_t bytes)
{
  *ptr = NULL;
  if (!bytes)
    return LITDNN_STATUS_SUCCESS;
  cudaError_t err = cudaMalloc(ptr, bytes);
  if (err != cudaSuccess)
    cudaGetLastError();   /* a full device is the pool's to handle, not the next launch's error */
  return status_of(err);
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
static int gpu_device_index(void)
{
  int device = 0;
  return cudaGetDevice(&device) == cudaSuccess ? device : 0;
}

static litdnnStatus_t gpu_fence_record(litdnnStream_t stream, void **fence)
{
  cudaEvent_t event;
  cudaError_t err = cudaEventCreateWithFlags(&event, cudaEventDisableTiming);
  if (err == cudaSuccess && (err = cudaEventRecord(event, (cudaStream_t)stream)) != cudaSuccess)
    cudaEventDestroy(event);
  if (err == cudaSuccess)
    *fence = (void *)event;
  return status_of(err);
}
/* 1 when the work before the fence has finished (or failed: the device
   reports that elsewhere), 0 while it runs; with wait, waits */
static int gpu_fence_done(void *fence, int wait)
{
#if defined(LITDNN_EMU)
  (void)fence;
  (void)wait;
  return 1;   /* the emulator finishes every launch and copy before the call returns */
#else
  cudaError_t err = wait ? cudaEventSynchronize((cudaEvent_t)fence) : cudaEventQuery((cudaEvent_t)fence);
  if (err == cudaErrorNotReady) {
    cudaGetLastError();   /* "not yet" is an answer, not an error for the next launch to find */
    return 0;
  }
  return 1;
#endif
}
static void gpu_fence_destroy(void *fence) { cudaEventDestroy((cudaEvent_t)fence); }

const litdnn_device_ops LITDNN_GPU_FN(litdnn_gpu_device) = {
  gpu_malloc, gpu_free, gpu_memcpy, gpu_memset, gpu_synchronize, gpu_available, gpu_device_name,
  gpu_device_index, gpu_fence_record, gpu_fence_done, gpu_fence_destroy, NULL,
};
