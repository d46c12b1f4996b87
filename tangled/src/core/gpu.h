/* The host side of every kernel file (.cu), included through the device
   prelude: the CUDA runtime, real or emulated, and the library's
   internal header. */
#ifndef LITDNN_GPU_H
#define LITDNN_GPU_H
#include <cuda_runtime.h>
#include "core/internal.h"

#if defined(LITDNN_EMU)
#define LITDNN_GPU_FN(name) name##_emu
#else
#define LITDNN_GPU_FN(name) name##_cuda
#endif

static inline cudaStream_t litdnn_gpu_stream(litdnnHandle_t h)
{
  return (cudaStream_t)h->stream;
}

static inline dim3 litdnn_dim3(unsigned x, unsigned y, unsigned z)
{
  dim3 d;
  d.x = x;
  d.y = y;
  d.z = z;
  return d;
}

/* After a launch: turn a launch error into a status and a message. */
static inline litdnnStatus_t litdnn_gpu_launch_status(const char *call, const char *kernel)
{
  cudaError_t err = cudaGetLastError();
  if (err != cudaSuccess)
    return litdnn_error(LITDNN_STATUS_EXECUTION_FAILED_CUDA, call, "kernel %s failed to launch: %s",
                        kernel, cudaGetErrorString(err));
  return LITDNN_STATUS_SUCCESS;
}

/* Blocks of `threads` threads to cover n items, capped for grid-stride loops. */
static inline unsigned litdnn_gpu_blocks(int64_t n, unsigned threads, unsigned cap)
{
  int64_t blocks = (n + threads - 1) / threads;
  if (blocks < 1)
    blocks = 1;
  return blocks > (int64_t)cap ? cap : (unsigned)blocks;
}

/* The device's number of SMs, for grids sized to the machine; asked once
   per kernel file (the query is slow), 132 (an H200) if it fails. */
static inline int litdnn_gpu_sm_count(void)
{
  static int sms = 0;
  if (sms <= 0) {
    struct cudaDeviceProp prop;
    int device = 0;
    if (cudaGetDevice(&device) == cudaSuccess && cudaGetDeviceProperties(&prop, device) == cudaSuccess)
      sms = prop.multiProcessorCount;
    if (sms <= 0)
      sms = 132;
  }
  return sms;
}
#endif
