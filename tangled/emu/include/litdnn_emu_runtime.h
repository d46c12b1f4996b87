/* litdnn_emu_runtime.h: the emulator's C interface, without CUDA's names.
   Generated from chapters/01-emulator.nw; edit the chapter, not this file.
   The library's handle code includes it next to the real cuda_runtime.h. */
#ifndef LITDNN_EMU_RUNTIME_H
#define LITDNN_EMU_RUNTIME_H
#include <stddef.h>
#include <stdint.h>
#ifdef __cplusplus
extern "C" {
#endif

typedef struct litdnn_emu_dim3 { unsigned int x, y, z; } litdnn_emu_dim3;
typedef struct litdnn_emu_stream *litdnn_emu_stream_t;
typedef struct litdnn_emu_event *litdnn_emu_event_t;

struct litdnn_emu_device_prop {     /* the fields of cudaDeviceProp we fill */
  char name[256];
  size_t totalGlobalMem, sharedMemPerBlock;
  int regsPerBlock, warpSize;
  size_t memPitch;
  int maxThreadsPerBlock, maxThreadsDim[3], maxGridSize[3], clockRate;
  size_t totalConstMem;
  int major, minor, multiProcessorCount, l2CacheSize;
  int maxThreadsPerMultiProcessor;
  size_t sharedMemPerBlockOptin, sharedMemPerMultiprocessor;
  int memoryClockRate, memoryBusWidth, regsPerMultiprocessor;
  int concurrentKernels, unifiedAddressing, computeMode;
  int integrated, canMapHostMemory, managedMemory, concurrentManagedAccess;
  int cooperativeLaunch, maxBlocksPerMultiProcessor, asyncEngineCount;
  int deviceOverlap, ECCEnabled, kernelExecTimeoutEnabled, tccDriver;
  int pciBusID, pciDeviceID, pciDomainID;
  size_t textureAlignment;
};
typedef struct litdnn_emu_device_prop litdnn_emu_device_prop;
struct litdnn_emu_func_attributes {  /* cudaFuncAttributes */
  size_t sharedSizeBytes, constSizeBytes, localSizeBytes;
  int maxThreadsPerBlock, numRegs, ptxVersion, binaryVersion, cacheModeCA;
  int maxDynamicSharedSizeBytes, preferredShmemCarveout;
};
struct litdnn_emu_kernel {
  const char *name;              /* for messages */
  void (*entry)(void *args);     /* unpacks the arguments, calls the kernel */
  const void *func;              /* the kernel itself: cudaFuncSetAttribute's key */
  int nparams;
  const char *param_names;       /* "n,alpha,x,y" */
  const char *pointer_params;    /* "--PP": which parameters are pointers */
  size_t args_size;              /* the size of what entry unpacks */
  /* packs cudaLaunchKernel's array of argument addresses for entry */
  void (*pack)(void *args, void *const *addresses);
};

/* launching a kernel: called by the code the rewriter generates */
void litdnn_emu_launch(const struct litdnn_emu_kernel *kernel, void *args,
                       const void *const *argv, litdnn_emu_dim3 grid,
                       litdnn_emu_dim3 block, size_t shmem,
                       litdnn_emu_stream_t stream);
/* the same, saying where the launch is and what the host passed: the
   source text of each argument, one per line */
void litdnn_emu_launch_at(const struct litdnn_emu_kernel *kernel, void *args,
                          const void *const *argv, const char *arg_texts,
                          const char *file, int line, litdnn_emu_dim3 grid,
                          litdnn_emu_dim3 block, size_t shmem,
                          litdnn_emu_stream_t stream);
/* every kernel, for the launches that name it by its address */
void litdnn_emu_register_kernel(const struct litdnn_emu_kernel *kernel);
const struct litdnn_emu_kernel *litdnn_emu_find_kernel(const void *func);
const struct litdnn_emu_kernel *litdnn_emu_running_kernel(void);

/* what a running kernel sees */
extern const litdnn_emu_dim3 *litdnn_emu_thread_idx;
extern litdnn_emu_dim3 litdnn_emu_block_idx, litdnn_emu_block_dim,
    litdnn_emu_grid_dim;
void litdnn_emu_syncthreads(const char *file, int line);
void litdnn_emu_grid_sync(const char *file, int line);  /* cooperative launches */
enum { LITDNN_EMU_WARP_SYNC, LITDNN_EMU_SHFL_IDX, LITDNN_EMU_SHFL_UP,
       LITDNN_EMU_SHFL_DOWN, LITDNN_EMU_SHFL_XOR, LITDNN_EMU_VOTE_BALLOT,
       LITDNN_EMU_VOTE_ANY, LITDNN_EMU_VOTE_ALL, LITDNN_EMU_MATCH_ANY };
uint64_t litdnn_emu_warp_op(int kind, unsigned mask, uint64_t value,
                            int arg, int width);
unsigned litdnn_emu_active_mask(void);
/* the lanes of the caller's warp that reach this call together */
unsigned litdnn_emu_coalesce(const char *file, int line);
void litdnn_emu_shared(void *array, size_t bytes);
void litdnn_emu_shared_file_scope(void *array, size_t bytes);
void *litdnn_emu_dynamic_shared(void);
void litdnn_emu_dynamic_shared_pointer(void **pointer);
uint64_t litdnn_emu_clock(void);
long litdnn_emu_clock_ticks(void);     /* clock(): device cycles in a kernel */
void litdnn_emu_trap(const char *file, int line);
/* assert() failed in a kernel: reports and ends the thread; returns
   only when called outside a kernel */
void litdnn_emu_device_assert(const char *expr, const char *file,
                              unsigned line, const char *function);
int litdnn_emu_in_cooperative_launch(void);
/* stops the program: `what` is not supported, at file:line */
void litdnn_emu_unsupported(const char *file, int line, const char *what);

/* the CUDA runtime API; the prelude maps cudaXxx to litdnn_emu_cudaXxx.
   Every int result is a cudaError_t value. */
int litdnn_emu_cudaMalloc(void **ptr, size_t bytes);
int litdnn_emu_cudaMalloc_named(void **ptr, size_t bytes, const char *text);
int litdnn_emu_cudaMallocManaged(void **ptr, size_t bytes, const char *text);
int litdnn_emu_cudaMallocHost(void **ptr, size_t bytes);
int litdnn_emu_cudaFreeHost(void *ptr);
int litdnn_emu_cudaHostRegister(void *ptr, size_t bytes);
int litdnn_emu_cudaHostUnregister(void *ptr);
int litdnn_emu_cudaHostGetDevicePointer(void **device, void *host);
int litdnn_emu_cudaMemGetInfo(size_t *free_bytes, size_t *total);
int litdnn_emu_memcpy_symbol(void *symbol, size_t symbol_bytes, void *other,
                             size_t bytes, size_t offset, int to_symbol, int kind);
int litdnn_emu_symbol_address(void **ptr, void *symbol, size_t bytes);
int litdnn_emu_cudaFree(void *ptr);
int litdnn_emu_cudaMemcpy(void *dst, const void *src, size_t bytes, int kind);
int litdnn_emu_cudaMemcpyAsync(void *dst, const void *src, size_t bytes,
                               int kind, litdnn_emu_stream_t stream);
int litdnn_emu_cudaMemset(void *dst, int value, size_t bytes);
int litdnn_emu_cudaMemsetAsync(void *dst, int value, size_t bytes,
                               litdnn_emu_stream_t stream);
int litdnn_emu_cudaGetLastError(void);
int litdnn_emu_cudaPeekAtLastError(void);
const char *litdnn_emu_cudaGetErrorString(int error);
const char *litdnn_emu_cudaGetErrorName(int error);
int litdnn_emu_cudaDeviceSynchronize(void);
int litdnn_emu_cudaDeviceReset(void);
int litdnn_emu_cudaGetDeviceCount(int *count);
int litdnn_emu_cudaGetDevice(int *device);
int litdnn_emu_cudaSetDevice(int device);
int litdnn_emu_cudaGetDeviceProperties(struct litdnn_emu_device_prop *prop,
                                       int device);
int litdnn_emu_cudaFuncSetAttribute(const void *func, int attr, int value);
int litdnn_emu_cudaFuncGetAttributes(struct litdnn_emu_func_attributes *attr,
                                     const void *func);
int litdnn_emu_cudaDeviceGetAttribute(int *value, int attr, int device);
int litdnn_emu_cudaOccupancyMaxActiveBlocksPerMultiprocessor(
    int *blocks, const void *func, int threads, size_t shmem);
int litdnn_emu_cudaLaunchKernel(const void *func, litdnn_emu_dim3 grid,
                                litdnn_emu_dim3 block, void **args,
                                size_t shmem, litdnn_emu_stream_t stream);
int litdnn_emu_cudaLaunchCooperativeKernel(const void *func,
                                           litdnn_emu_dim3 grid,
                                           litdnn_emu_dim3 block, void **args,
                                           size_t shmem,
                                           litdnn_emu_stream_t stream);
int litdnn_emu_cudaStreamCreate(litdnn_emu_stream_t *stream);
int litdnn_emu_cudaStreamDestroy(litdnn_emu_stream_t stream);
int litdnn_emu_cudaStreamSynchronize(litdnn_emu_stream_t stream);
int litdnn_emu_cudaEventCreate(litdnn_emu_event_t *event);
int litdnn_emu_cudaEventDestroy(litdnn_emu_event_t event);
int litdnn_emu_cudaEventRecord(litdnn_emu_event_t event,
                               litdnn_emu_stream_t stream);
int litdnn_emu_cudaEventSynchronize(litdnn_emu_event_t event);
int litdnn_emu_cudaEventElapsedTime(float *ms, litdnn_emu_event_t start,
                                    litdnn_emu_event_t end);

/* the emulator's own controls (also set by LITDNN_EMU_* variables) */
enum { LITDNN_EMU_FORWARD, LITDNN_EMU_REVERSE, LITDNN_EMU_RANDOM };
void litdnn_emu_set_schedule(int schedule, unsigned long seed);
void litdnn_emu_set_strict(int strict);
int litdnn_emu_is_device_pointer(const void *ptr);  /* inside a live buffer */
unsigned long litdnn_emu_warning_count(void);
unsigned long litdnn_emu_tail_steps(void);   /* accesses let through to a tail */

#ifdef __cplusplus
}
#endif
#endif
