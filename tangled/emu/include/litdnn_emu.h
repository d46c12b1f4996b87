/* litdnn_emu.h: the prelude that turns CUDA C into C for the emulator.
   Generated from chapters/01-emulator.nw; edit the chapter, not this file.
   Every .cu file is compiled with -include litdnn_emu.h. */
#ifndef LITDNN_EMU_H
#define LITDNN_EMU_H
#ifdef __cplusplus
#include "litdnn_emu_cxx.h"     /* CUDA C++: the C++ runtime */
#else
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "litdnn_emu_runtime.h"

#define __global__
#define __device__
#define __host__
#define __constant__
#define __forceinline__ inline __attribute__((always_inline))
#define __noinline__ __attribute__((noinline))
#define __launch_bounds__(...)
#define __align__(n) __attribute__((aligned(n)))
#define __restrict__ __restrict
#define LITDNN_EMU 1
typedef litdnn_emu_dim3 dim3;
typedef litdnn_emu_dim3 uint3;
typedef struct { float x, y; } __attribute__((aligned(8))) float2;
typedef struct { float x, y, z; } float3;
typedef struct { float x, y, z, w; } __attribute__((aligned(16))) float4;
typedef struct { int x, y; } __attribute__((aligned(8))) int2;
typedef struct { int x, y, z, w; } __attribute__((aligned(16))) int4;
typedef struct { unsigned x, y; } __attribute__((aligned(8))) uint2;
typedef struct { unsigned x, y, z, w; } __attribute__((aligned(16))) uint4;
typedef struct { double x, y; } __attribute__((aligned(16))) double2;
static inline dim3 litdnn_emu_make_dim3(unsigned x, unsigned y, unsigned z)
{ dim3 d; d.x = x; d.y = y; d.z = z; return d; }
static inline float2 make_float2(float x, float y)
{ float2 v; v.x = x; v.y = y; return v; }
static inline float3 make_float3(float x, float y, float z)
{ float3 v; v.x = x; v.y = y; v.z = z; return v; }
static inline float4 make_float4(float x, float y, float z, float w)
{ float4 v; v.x = x; v.y = y; v.z = z; v.w = w; return v; }
static inline int2 make_int2(int x, int y) { int2 v; v.x = x; v.y = y; return v; }
static inline int4 make_int4(int x, int y, int z, int w)
{ int4 v; v.x = x; v.y = y; v.z = z; v.w = w; return v; }
static inline uint2 make_uint2(unsigned x, unsigned y)
{ uint2 v; v.x = x; v.y = y; return v; }
static inline uint4 make_uint4(unsigned x, unsigned y, unsigned z, unsigned w)
{ uint4 v; v.x = x; v.y = y; v.z = z; v.w = w; return v; }
static inline double2 make_double2(double x, double y)
{ double2 v; v.x = x; v.y = y; return v; }
/* dim3 g(4, 2), h(8); and dim3(4, 2): the rewriter turns each into this macro */
#define LITDNN_EMU_DIM3(...) LITDNN_EMU_DIM3_PICK(__VA_ARGS__, 1, 1, 0)
#define LITDNN_EMU_DIM3_PICK(x, y, z, ...) litdnn_emu_make_dim3((x), (y), (z))
/* a launch's grid and block may be integers or dim3 values */
static inline dim3 litdnn_emu_dim3_from_dim3(dim3 d) { return d; }
static inline dim3 litdnn_emu_dim3_from_count(unsigned long long n)
{ return litdnn_emu_make_dim3((unsigned)n, 1, 1); }
#define litdnn_emu_dim3_of(v) _Generic((v), dim3: litdnn_emu_dim3_from_dim3, \
    default: litdnn_emu_dim3_from_count)(v)
#define threadIdx (*litdnn_emu_thread_idx)
#define blockIdx (*(const uint3 *)&litdnn_emu_block_idx)
#define blockDim (*(const dim3 *)&litdnn_emu_block_dim)
#define gridDim (*(const dim3 *)&litdnn_emu_grid_dim)
enum { warpSize = 32 };
#define __syncthreads() litdnn_emu_syncthreads(__FILE__, __LINE__)
/* __syncwarp() means the full warp: an empty mask reads as 0 */
#define __syncwarp(...) ((void)litdnn_emu_warp_op(LITDNN_EMU_WARP_SYNC, \
    (0u + __VA_ARGS__ + 0u), 0, 0, 32))
#define __threadfence() __atomic_thread_fence(__ATOMIC_SEQ_CST)
#define __threadfence_block() __atomic_thread_fence(__ATOMIC_SEQ_CST)
#define __activemask() litdnn_emu_active_mask()
#define __ballot_sync(mask, pred) ((unsigned)litdnn_emu_warp_op( \
    LITDNN_EMU_VOTE_BALLOT, (mask), (pred) != 0, 0, 32))
#define __any_sync(mask, pred) ((int)litdnn_emu_warp_op( \
    LITDNN_EMU_VOTE_ANY, (mask), (pred) != 0, 0, 32))
#define __all_sync(mask, pred) ((int)litdnn_emu_warp_op( \
    LITDNN_EMU_VOTE_ALL, (mask), (pred) != 0, 0, 32))
#define LITDNN_EMU_SHFL_TYPE(suffix, T)                                       \
  static inline T litdnn_emu_shfl_##suffix(int kind, unsigned mask, T v,      \
                                           int arg, int width) {              \
    uint64_t bits = 0;                                                        \
    memcpy(&bits, &v, sizeof v);                                              \
    bits = litdnn_emu_warp_op(kind, mask, bits, arg, width);                  \
    memcpy(&v, &bits, sizeof v);                                              \
    return v;                                                                 \
  }
LITDNN_EMU_SHFL_TYPE(f, float)
LITDNN_EMU_SHFL_TYPE(d, double)
LITDNN_EMU_SHFL_TYPE(i, int)
LITDNN_EMU_SHFL_TYPE(u, unsigned)
LITDNN_EMU_SHFL_TYPE(l, long)
LITDNN_EMU_SHFL_TYPE(ul, unsigned long)
LITDNN_EMU_SHFL_TYPE(ll, long long)
LITDNN_EMU_SHFL_TYPE(ull, unsigned long long)
#define LITDNN_EMU_SHFL(kind, mask, v, arg, width, ...)                       \
  _Generic((v), float: litdnn_emu_shfl_f, double: litdnn_emu_shfl_d,          \
           unsigned: litdnn_emu_shfl_u, long: litdnn_emu_shfl_l,              \
           unsigned long: litdnn_emu_shfl_ul, long long: litdnn_emu_shfl_ll,  \
           unsigned long long: litdnn_emu_shfl_ull,                           \
           default: litdnn_emu_shfl_i)(kind, (mask), (v), (arg), (width))
/* the optional width argument defaults to 32, as in CUDA */
#define __shfl_sync(...) LITDNN_EMU_SHFL(LITDNN_EMU_SHFL_IDX, __VA_ARGS__, 32, 0)
#define __shfl_up_sync(...) LITDNN_EMU_SHFL(LITDNN_EMU_SHFL_UP, __VA_ARGS__, 32, 0)
#define __shfl_down_sync(...) \
  LITDNN_EMU_SHFL(LITDNN_EMU_SHFL_DOWN, __VA_ARGS__, 32, 0)
#define __shfl_xor_sync(...) LITDNN_EMU_SHFL(LITDNN_EMU_SHFL_XOR, __VA_ARGS__, 32, 0)
#define LITDNN_EMU_ATOMIC_INT(suffix, T)                                      \
  static inline T litdnn_emu_atomic_add_##suffix(T *p, T v)                   \
  { return __atomic_fetch_add(p, v, __ATOMIC_RELAXED); }                      \
  static inline T litdnn_emu_atomic_sub_##suffix(T *p, T v)                   \
  { return __atomic_fetch_sub(p, v, __ATOMIC_RELAXED); }                      \
  static inline T litdnn_emu_atomic_and_##suffix(T *p, T v)                   \
  { return __atomic_fetch_and(p, v, __ATOMIC_RELAXED); }                      \
  static inline T litdnn_emu_atomic_or_##suffix(T *p, T v)                    \
  { return __atomic_fetch_or(p, v, __ATOMIC_RELAXED); }                       \
  static inline T litdnn_emu_atomic_xor_##suffix(T *p, T v)                   \
  { return __atomic_fetch_xor(p, v, __ATOMIC_RELAXED); }                      \
  static inline T litdnn_emu_atomic_exch_##suffix(T *p, T v)                  \
  { return __atomic_exchange_n(p, v, __ATOMIC_RELAXED); }                     \
  static inline T litdnn_emu_atomic_cas_##suffix(T *p, T expected, T v) {     \
    __atomic_compare_exchange_n(p, &expected, v, 0, __ATOMIC_RELAXED,         \
                                __ATOMIC_RELAXED);                            \
    return expected;                                                          \
  }                                                                           \
  static inline T litdnn_emu_atomic_max_##suffix(T *p, T v) {                 \
    T old = __atomic_load_n(p, __ATOMIC_RELAXED);                             \
    while (old < v && !__atomic_compare_exchange_n(p, &old, v, 0,             \
                          __ATOMIC_RELAXED, __ATOMIC_RELAXED)) {}             \
    return old;                                                               \
  }                                                                           \
  static inline T litdnn_emu_atomic_min_##suffix(T *p, T v) {                 \
    T old = __atomic_load_n(p, __ATOMIC_RELAXED);                             \
    while (old > v && !__atomic_compare_exchange_n(p, &old, v, 0,             \
                          __ATOMIC_RELAXED, __ATOMIC_RELAXED)) {}             \
    return old;                                                               \
  }
LITDNN_EMU_ATOMIC_INT(i, int)
LITDNN_EMU_ATOMIC_INT(u, unsigned)
LITDNN_EMU_ATOMIC_INT(ull, unsigned long long)
LITDNN_EMU_ATOMIC_INT(ll, long long)
static inline float litdnn_emu_atomic_add_f(float *p, float v) {
  uint32_t old = __atomic_load_n((uint32_t *)p, __ATOMIC_RELAXED), next;
  float f;
  do {
    memcpy(&f, &old, 4);
    f += v;
    memcpy(&next, &f, 4);
  } while (!__atomic_compare_exchange_n((uint32_t *)p, &old, next, 0,
                                        __ATOMIC_RELAXED, __ATOMIC_RELAXED));
  memcpy(&f, &old, 4);
  return f;
}
static inline double litdnn_emu_atomic_add_d(double *p, double v) {
  uint64_t old = __atomic_load_n((uint64_t *)p, __ATOMIC_RELAXED), next;
  double d;
  do {
    memcpy(&d, &old, 8);
    d += v;
    memcpy(&next, &d, 8);
  } while (!__atomic_compare_exchange_n((uint64_t *)p, &old, next, 0,
                                        __ATOMIC_RELAXED, __ATOMIC_RELAXED));
  memcpy(&d, &old, 8);
  return d;
}
static inline float litdnn_emu_atomic_exch_f(float *p, float v) {
  uint32_t bits, old;
  float f;
  memcpy(&bits, &v, 4);
  old = __atomic_exchange_n((uint32_t *)p, bits, __ATOMIC_RELAXED);
  memcpy(&f, &old, 4);
  return f;
}
#define LITDNN_EMU_ATOMIC_INTS(op)                                            \
    int *: litdnn_emu_atomic_##op##_i, unsigned *: litdnn_emu_atomic_##op##_u, \
    unsigned long long *: litdnn_emu_atomic_##op##_ull,                       \
    long long *: litdnn_emu_atomic_##op##_ll
#define LITDNN_EMU_ATOMIC_PICK(op, p) _Generic((p), LITDNN_EMU_ATOMIC_INTS(op))
#define atomicAdd(p, v) _Generic((p), float *: litdnn_emu_atomic_add_f,       \
    double *: litdnn_emu_atomic_add_d, LITDNN_EMU_ATOMIC_INTS(add))((p), (v))
#define atomicExch(p, v) _Generic((p), float *: litdnn_emu_atomic_exch_f,     \
    LITDNN_EMU_ATOMIC_INTS(exch))((p), (v))
#define atomicSub(p, v) LITDNN_EMU_ATOMIC_PICK(sub, p)((p), (v))
#define atomicAnd(p, v) LITDNN_EMU_ATOMIC_PICK(and, p)((p), (v))
#define atomicOr(p, v) LITDNN_EMU_ATOMIC_PICK(or, p)((p), (v))
#define atomicXor(p, v) LITDNN_EMU_ATOMIC_PICK(xor, p)((p), (v))
#define atomicMax(p, v) LITDNN_EMU_ATOMIC_PICK(max, p)((p), (v))
#define atomicMin(p, v) LITDNN_EMU_ATOMIC_PICK(min, p)((p), (v))
#define atomicCAS(p, e, v) LITDNN_EMU_ATOMIC_PICK(cas, p)((p), (e), (v))
#define __ldg(p) (*(p))
#define __ldcg(p) (*(p))
#define __expf(x) expf(x)
#define __logf(x) logf(x)
#define __log2f(x) log2f(x)
#define __sinf(x) sinf(x)
#define __cosf(x) cosf(x)
#define __tanf(x) tanf(x)
#define __powf(x, y) powf((x), (y))
#define __fdividef(x, y) ((x) / (y))
#define fdividef(x, y) ((x) / (y))
#define __frcp_rn(x) (1.0f / (x))
#define __fsqrt_rn(x) sqrtf(x)
#define __fmaf_rn(x, y, z) fmaf((x), (y), (z))
#define __fadd_rn(x, y) ((x) + (y))
#define __fmul_rn(x, y) ((x) * (y))
#define __saturatef(x) fminf(fmaxf((x), 0.0f), 1.0f)
#define __float2int_rn(x) ((int)lrintf(x))
#define __float2int_rz(x) ((int)(x))
#define __int2float_rn(x) ((float)(x))
#define __popc(x) __builtin_popcount(x)
#define __popcll(x) __builtin_popcountll(x)
#define __ffs(x) __builtin_ffs(x)
#define __clz(x) ((x) == 0 ? 32 : __builtin_clz(x))
static inline float rsqrtf(float x) { return 1.0f / sqrtf(x); }
static inline double rsqrt(double x) { return 1.0 / sqrt(x); }
static inline int __float_as_int(float f) { int i; memcpy(&i, &f, 4); return i; }
static inline unsigned __float_as_uint(float f)
{ unsigned u; memcpy(&u, &f, 4); return u; }
static inline float __int_as_float(int i) { float f; memcpy(&f, &i, 4); return f; }
static inline float __uint_as_float(unsigned u)
{ float f; memcpy(&f, &u, 4); return f; }
#ifndef LITDNN_EMU_NO_MINMAX
#define min(a, b) ((a) < (b) ? (a) : (b))
#define max(a, b) ((a) > (b) ? (a) : (b))
#endif
enum cudaError {
  cudaSuccess = 0, cudaErrorInvalidValue = 1, cudaErrorMemoryAllocation = 2,
  cudaErrorInitializationError = 3, cudaErrorInvalidConfiguration = 9,
  cudaErrorInvalidSymbol = 13,
  cudaErrorInvalidDevicePointer = 17, cudaErrorInvalidMemcpyDirection = 21,
  cudaErrorInvalidDeviceFunction = 98, cudaErrorNoDevice = 100,
  cudaErrorInvalidDevice = 101, cudaErrorInvalidResourceHandle = 400,
  cudaErrorNotReady = 600, cudaErrorIllegalAddress = 700,
  cudaErrorLaunchOutOfResources = 701, cudaErrorMisalignedAddress = 716,
  cudaErrorAssert = 710, cudaErrorHostMemoryAlreadyRegistered = 712,
  cudaErrorHostMemoryNotRegistered = 713,
  cudaErrorLaunchFailure = 719, cudaErrorCooperativeLaunchTooLarge = 720,
  cudaErrorNotSupported = 801, cudaErrorUnknown = 999
};
typedef enum cudaError cudaError_t;
enum cudaMemcpyKind { cudaMemcpyHostToHost = 0, cudaMemcpyHostToDevice = 1,
       cudaMemcpyDeviceToHost = 2, cudaMemcpyDeviceToDevice = 3,
       cudaMemcpyDefault = 4 };
typedef enum cudaMemcpyKind cudaMemcpyKind;
enum { cudaFuncAttributeMaxDynamicSharedMemorySize = 8,
       cudaFuncAttributePreferredSharedMemoryCarveout = 9 };
typedef int cudaFuncAttribute;
enum cudaFuncCache { cudaFuncCachePreferNone = 0, cudaFuncCachePreferShared = 1,
                     cudaFuncCachePreferL1 = 2, cudaFuncCachePreferEqual = 3 };
typedef enum cudaFuncCache cudaFuncCache;
enum cudaSharedMemConfig { cudaSharedMemBankSizeDefault = 0,
                           cudaSharedMemBankSizeFourByte = 1,
                           cudaSharedMemBankSizeEightByte = 2 };
typedef enum cudaSharedMemConfig cudaSharedMemConfig;
#define cudaFuncAttributes litdnn_emu_func_attributes
enum { cudaStreamDefault = 0, cudaStreamNonBlocking = 1,
       cudaEventDefault = 0, cudaEventBlockingSync = 1,
       cudaEventDisableTiming = 2, cudaHostAllocDefault = 0,
       cudaHostAllocPortable = 1, cudaHostAllocMapped = 2,
       cudaHostAllocWriteCombined = 4, cudaHostRegisterDefault = 0,
       cudaHostRegisterPortable = 1, cudaHostRegisterMapped = 2,
       /* how the host waits: here a launch has finished when it returns */
       cudaDeviceScheduleAuto = 0, cudaDeviceScheduleSpin = 1,
       cudaDeviceScheduleYield = 2, cudaDeviceScheduleBlockingSync = 4,
       cudaDeviceBlockingSync = 4, cudaDeviceMapHost = 8,
       cudaDeviceLmemResizeToMax = 16,
       cudaMemAttachGlobal = 1, cudaComputeModeDefault = 0,
       cudaComputeModeProhibited = 2 };
typedef litdnn_emu_stream_t cudaStream_t;
typedef litdnn_emu_event_t cudaEvent_t;
#define cudaDeviceProp litdnn_emu_device_prop
enum cudaDeviceAttr {
  cudaDevAttrMaxThreadsPerBlock = 1, cudaDevAttrMaxBlockDimX = 2,
  cudaDevAttrMaxBlockDimY = 3, cudaDevAttrMaxBlockDimZ = 4,
  cudaDevAttrMaxGridDimX = 5, cudaDevAttrMaxGridDimY = 6,
  cudaDevAttrMaxGridDimZ = 7, cudaDevAttrMaxSharedMemoryPerBlock = 8,
  cudaDevAttrTotalConstantMemory = 9, cudaDevAttrWarpSize = 10,
  cudaDevAttrMaxRegistersPerBlock = 12, cudaDevAttrClockRate = 13,
  cudaDevAttrMultiProcessorCount = 16, cudaDevAttrIntegrated = 18,
  cudaDevAttrComputeMode = 20, cudaDevAttrConcurrentKernels = 31,
  cudaDevAttrMemoryClockRate = 36, cudaDevAttrGlobalMemoryBusWidth = 37,
  cudaDevAttrL2CacheSize = 38, cudaDevAttrMaxThreadsPerMultiProcessor = 39,
  cudaDevAttrUnifiedAddressing = 41, cudaDevAttrComputeCapabilityMajor = 75,
  cudaDevAttrComputeCapabilityMinor = 76,
  cudaDevAttrMaxSharedMemoryPerMultiprocessor = 81,
  cudaDevAttrMaxRegistersPerMultiprocessor = 82,
  cudaDevAttrCooperativeLaunch = 95, cudaDevAttrMaxSharedMemoryPerBlockOptin = 97,
  cudaDevAttrMemoryPoolsSupported = 115
};
/* cudaMalloc(&d_x, n): the runtime names the buffer d_x in its messages */
#define cudaMalloc(p, n) litdnn_emu_cudaMalloc_named((void **)(p), (n), #p)
#define cudaMallocManaged(p, ...) \
  litdnn_emu_cudaMallocManaged((void **)(p), LITDNN_EMU_FIRST(__VA_ARGS__, 0), #p)
#define cudaMallocHost(p, ...) \
  litdnn_emu_cudaMallocHost((void **)(p), LITDNN_EMU_FIRST(__VA_ARGS__, 0))
#define cudaHostAlloc(p, n, flags) litdnn_emu_cudaMallocHost((void **)(p), (n))
#define LITDNN_EMU_FIRST(a, ...) (a)
#define cudaFreeHost(p) litdnn_emu_cudaFreeHost((void *)(p))
#define cudaHostRegister(p, n, flags) litdnn_emu_cudaHostRegister((void *)(p), (n))
#define cudaHostUnregister(p) litdnn_emu_cudaHostUnregister((void *)(p))
#define cudaHostGetDevicePointer(d, h, flags) \
  litdnn_emu_cudaHostGetDevicePointer((void **)(d), (void *)(h))
#define cudaMemGetInfo litdnn_emu_cudaMemGetInfo
/* a symbol is a variable: its address and size are taken here */
#define cudaMemcpyToSymbol(...) \
  LITDNN_EMU_TO_SYMBOL(__VA_ARGS__, 0, cudaMemcpyHostToDevice, 0)
#define LITDNN_EMU_TO_SYMBOL(sym, src, n, off, kind, ...)                      \
  litdnn_emu_memcpy_symbol((void *)&(sym), sizeof(sym), (void *)(src), (n),    \
                           (off), 1, (kind))
#define cudaMemcpyFromSymbol(...) \
  LITDNN_EMU_FROM_SYMBOL(__VA_ARGS__, 0, cudaMemcpyDeviceToHost, 0)
#define LITDNN_EMU_FROM_SYMBOL(dst, sym, n, off, kind, ...)                    \
  litdnn_emu_memcpy_symbol((void *)&(sym), sizeof(sym), (void *)(dst), (n),    \
                           (off), 0, (kind))
#define cudaGetSymbolAddress(p, sym) \
  litdnn_emu_symbol_address((void **)(p), (void *)&(sym), sizeof(sym))
#define cudaFree(p) litdnn_emu_cudaFree((void *)(p))
#define cudaMemcpy litdnn_emu_cudaMemcpy
/* the stream arguments are optional, as in CUDA's C++ API */
#define cudaMemcpyAsync(...) LITDNN_EMU_MEMCPY_ASYNC(__VA_ARGS__, 0, 0)
#define LITDNN_EMU_MEMCPY_ASYNC(d, s, n, k, st, ...) \
  litdnn_emu_cudaMemcpyAsync((d), (s), (n), (k), (st))
#define cudaMemset litdnn_emu_cudaMemset
#define cudaMemsetAsync(...) LITDNN_EMU_MEMSET_ASYNC(__VA_ARGS__, 0, 0)
#define LITDNN_EMU_MEMSET_ASYNC(d, v, n, st, ...) \
  litdnn_emu_cudaMemsetAsync((d), (v), (n), (st))
#define cudaGetLastError litdnn_emu_cudaGetLastError
#define cudaPeekAtLastError litdnn_emu_cudaPeekAtLastError
#define cudaGetErrorString litdnn_emu_cudaGetErrorString
#define cudaGetErrorName litdnn_emu_cudaGetErrorName
#define cudaDeviceSynchronize litdnn_emu_cudaDeviceSynchronize
#define cudaDeviceReset litdnn_emu_cudaDeviceReset
#define cudaGetDeviceCount litdnn_emu_cudaGetDeviceCount
#define cudaGetDevice litdnn_emu_cudaGetDevice
#define cudaSetDevice litdnn_emu_cudaSetDevice
#define cudaGetDeviceProperties litdnn_emu_cudaGetDeviceProperties
#define cudaFuncSetAttribute(f, a, v) \
  litdnn_emu_cudaFuncSetAttribute((const void *)(f), (a), (v))
#define cudaDeviceGetAttribute(v, a, d) \
  litdnn_emu_cudaDeviceGetAttribute((v), (int)(a), (d))
#define cudaOccupancyMaxActiveBlocksPerMultiprocessor(n, f, t, s) \
  litdnn_emu_cudaOccupancyMaxActiveBlocksPerMultiprocessor((n), \
      (const void *)(f), (t), (s))
#define LITDNN_EMU_BY_ADDRESS(fn, f, g, b, a, s, st, ...)                      \
  fn((const void *)(f), litdnn_emu_dim3_of(g), litdnn_emu_dim3_of(b),          \
     (void **)(a), (s), (st))
#define cudaLaunchKernel(...) \
  LITDNN_EMU_BY_ADDRESS(litdnn_emu_cudaLaunchKernel, __VA_ARGS__, 0, 0)
#define cudaLaunchCooperativeKernel(...) \
  LITDNN_EMU_BY_ADDRESS(litdnn_emu_cudaLaunchCooperativeKernel, __VA_ARGS__, 0, 0)
#define cudaStreamCreate litdnn_emu_cudaStreamCreate
#define cudaStreamCreateWithFlags(s, f) litdnn_emu_cudaStreamCreate(s)
#define cudaStreamDestroy litdnn_emu_cudaStreamDestroy
#define cudaStreamSynchronize litdnn_emu_cudaStreamSynchronize
#define cudaStreamQuery litdnn_emu_cudaStreamSynchronize
#define cudaStreamWaitEvent(s, e, ...) litdnn_emu_cudaEventSynchronize(e)
#define cudaEventQuery litdnn_emu_cudaEventSynchronize
#define cudaEventCreate litdnn_emu_cudaEventCreate
#define cudaEventCreateWithFlags(e, f) litdnn_emu_cudaEventCreate(e)
#define cudaEventDestroy litdnn_emu_cudaEventDestroy
#define cudaEventRecord(...) LITDNN_EMU_EVENT_RECORD(__VA_ARGS__, 0, 0)
#define LITDNN_EMU_EVENT_RECORD(e, st, ...) litdnn_emu_cudaEventRecord((e), (st))
#define cudaEventSynchronize litdnn_emu_cudaEventSynchronize
#define cudaEventElapsedTime litdnn_emu_cudaEventElapsedTime
#endif
#endif
