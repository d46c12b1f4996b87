/* litdnn_emu_cxx.h: the prelude for CUDA C++ on the emulator.
   Generated from chapters/01-emulator.nw; edit the chapter, not this file.
   litdnn_emu.h includes it when the compiler is a C++ compiler. */
#ifndef LITDNN_EMU_CXX_H
#define LITDNN_EMU_CXX_H
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <new>
#include <tuple>
#include <type_traits>
#include <utility>
#include "litdnn_emu_runtime.h"

#define __global__
#define __device__
#define __host__
#define __constant__
#define __managed__
#define __grid_constant__
#define __device_builtin__
#define __forceinline__ inline __attribute__((always_inline))
#define __noinline__ __attribute__((noinline))
#define __launch_bounds__(...)
#define __align__(n) __attribute__((aligned(n)))
#define __builtin_align__(n) __attribute__((aligned(n)))
#define CUDART_CB
#define CUDARTAPI
#define LITDNN_EMU 1
/* the toolkit's own headers, should a program reach them after this
   one, find their work done: each is guarded by one of these */
#define __CUDA_RUNTIME_H__
#define __CUDA_RUNTIME_API_H__
#define __DRIVER_TYPES_H__
#define __VECTOR_TYPES_H__
#define __VECTOR_FUNCTIONS_H__
#define __DEVICE_LAUNCH_PARAMETERS_H__
#define __DEVICE_FUNCTIONS_H__
#define __CUDA_DEVICE_RUNTIME_API_H__
#define CUDART_VERSION 13000
/* one, two, three and four components, with CUDA's sizes and
   alignments; make_T builds one */
#define LITDNN_EMU_VEC1(T, V, A)                                              \
  struct __attribute__((aligned(A))) V { T x; };                              \
  static inline V make_##V(T x) { return V{x}; }
#define LITDNN_EMU_VEC2(T, V, A)                                              \
  struct __attribute__((aligned(A))) V { T x, y; };                           \
  static inline V make_##V(T x, T y) { return V{x, y}; }
#define LITDNN_EMU_VEC3(T, V)                                                 \
  struct V { T x, y, z; };                                                    \
  static inline V make_##V(T x, T y, T z) { return V{x, y, z}; }
#define LITDNN_EMU_VEC4(T, V, A)                                              \
  struct __attribute__((aligned(A))) V { T x, y, z, w; };                     \
  static inline V make_##V(T x, T y, T z, T w) { return V{x, y, z, w}; }
#define LITDNN_EMU_VECS(T, V, A1, A2, A4)                                     \
  LITDNN_EMU_VEC1(T, V##1, A1) LITDNN_EMU_VEC2(T, V##2, A2)                   \
  LITDNN_EMU_VEC3(T, V##3) LITDNN_EMU_VEC4(T, V##4, A4)
LITDNN_EMU_VECS(signed char, char, 1, 2, 4)
LITDNN_EMU_VECS(unsigned char, uchar, 1, 2, 4)
LITDNN_EMU_VECS(short, short, 2, 4, 8)
LITDNN_EMU_VECS(unsigned short, ushort, 2, 4, 8)
LITDNN_EMU_VECS(int, int, 4, 8, 16)
LITDNN_EMU_VECS(unsigned int, uint, 4, 8, 16)
LITDNN_EMU_VECS(long, long, sizeof(long), 2 * sizeof(long), 16)
LITDNN_EMU_VECS(unsigned long, ulong, sizeof(long), 2 * sizeof(long), 16)
LITDNN_EMU_VECS(long long, longlong, 8, 16, 16)
LITDNN_EMU_VECS(unsigned long long, ulonglong, 8, 16, 16)
LITDNN_EMU_VECS(float, float, 4, 8, 16)
LITDNN_EMU_VECS(double, double, 8, 16, 16)

/* dim3: a uint3 whose missing sizes are 1 */
struct dim3 {
  unsigned int x, y, z;
  constexpr dim3(unsigned int vx = 1, unsigned int vy = 1, unsigned int vz = 1)
      : x(vx), y(vy), z(vz) {}
  constexpr dim3(uint3 v) : x(v.x), y(v.y), z(v.z) {}
  constexpr operator uint3() const { return uint3{x, y, z}; }
};
#define threadIdx (*reinterpret_cast<const uint3 *>(litdnn_emu_thread_idx))
#define blockIdx (*reinterpret_cast<const uint3 *>(&litdnn_emu_block_idx))
#define blockDim (*reinterpret_cast<const dim3 *>(&litdnn_emu_block_dim))
#define gridDim (*reinterpret_cast<const dim3 *>(&litdnn_emu_grid_dim))
enum { warpSize = 32 };
/* where a barrier is in the source: the caller's file and line */
#define LITDNN_EMU_HERE const char *file = __builtin_FILE(), int line = __builtin_LINE()
static inline void __syncthreads(LITDNN_EMU_HERE) { litdnn_emu_syncthreads(file, line); }
static inline void __syncwarp(unsigned mask = 0xffffffffu)
{ litdnn_emu_warp_op(LITDNN_EMU_WARP_SYNC, mask, 0, 0, 32); }
static inline void __threadfence() { __atomic_thread_fence(__ATOMIC_SEQ_CST); }
static inline void __threadfence_block() { __atomic_thread_fence(__ATOMIC_SEQ_CST); }
static inline void __threadfence_system() { __atomic_thread_fence(__ATOMIC_SEQ_CST); }
static inline unsigned __activemask() { return litdnn_emu_active_mask(); }
static inline unsigned __ballot_sync(unsigned mask, int pred)
{ return (unsigned)litdnn_emu_warp_op(LITDNN_EMU_VOTE_BALLOT, mask, pred != 0, 0, 32); }
static inline int __any_sync(unsigned mask, int pred)
{ return (int)litdnn_emu_warp_op(LITDNN_EMU_VOTE_ANY, mask, pred != 0, 0, 32); }
static inline int __all_sync(unsigned mask, int pred)
{ return (int)litdnn_emu_warp_op(LITDNN_EMU_VOTE_ALL, mask, pred != 0, 0, 32); }

namespace litdnn_emu {
/* a warp exchange moves the bits of a value, 8 bytes at a time: at most
   8 bytes for __shfl_sync, 32 for the shfl of a cooperative group */
template <size_t Max = 8, class T> T exchange(int kind, unsigned mask, T v, int arg,
                                              int width) {
  static_assert(sizeof(T) <= Max && std::is_trivially_copyable<T>::value,
                "litdnn-emu: a warp shuffle moves a value of at most 8 bytes "
                "(a cooperative group's shfl, 32)");
  unsigned char bytes[sizeof(T)];
  memcpy(bytes, &v, sizeof v);
  for (size_t at = 0; at < sizeof v; at += 8) {
    uint64_t part = 0;
    size_t n = sizeof v - at < 8 ? sizeof v - at : 8;
    memcpy(&part, bytes + at, n);
    part = litdnn_emu_warp_op(kind, mask, part, arg, width);
    memcpy(bytes + at, &part, n);
  }
  memcpy(&v, bytes, sizeof v);
  return v;
}
}
template <class T> T __shfl_sync(unsigned mask, T v, int lane, int width = warpSize)
{ return litdnn_emu::exchange(LITDNN_EMU_SHFL_IDX, mask, v, lane, width); }
template <class T> T __shfl_up_sync(unsigned mask, T v, unsigned delta, int width = warpSize)
{ return litdnn_emu::exchange(LITDNN_EMU_SHFL_UP, mask, v, (int)delta, width); }
template <class T> T __shfl_down_sync(unsigned mask, T v, unsigned delta, int width = warpSize)
{ return litdnn_emu::exchange(LITDNN_EMU_SHFL_DOWN, mask, v, (int)delta, width); }
template <class T> T __shfl_xor_sync(unsigned mask, T v, int lanes, int width = warpSize)
{ return litdnn_emu::exchange(LITDNN_EMU_SHFL_XOR, mask, v, lanes, width); }
template <class T> unsigned __match_any_sync(unsigned mask, T v) {
  uint64_t bits = 0;
  memcpy(&bits, &v, sizeof v < 8 ? sizeof v : 8);
  return (unsigned)litdnn_emu_warp_op(LITDNN_EMU_MATCH_ANY, mask, bits, 0, 32);
}
template <class T> unsigned __match_all_sync(unsigned mask, T v, int *pred) {
  unsigned same = __match_any_sync(mask, v);
  *pred = same == (mask & __activemask());
  return *pred ? same : 0;
}
/* atomics: GCC's __atomic built-ins; floating point by compare and swap */
#define LITDNN_EMU_ATOMICS(T)                                                 \
  static inline T atomicAdd(T *p, T v) { return __atomic_fetch_add(p, v, __ATOMIC_RELAXED); } \
  static inline T atomicSub(T *p, T v) { return __atomic_fetch_sub(p, v, __ATOMIC_RELAXED); } \
  static inline T atomicAnd(T *p, T v) { return __atomic_fetch_and(p, v, __ATOMIC_RELAXED); } \
  static inline T atomicOr(T *p, T v) { return __atomic_fetch_or(p, v, __ATOMIC_RELAXED); }   \
  static inline T atomicXor(T *p, T v) { return __atomic_fetch_xor(p, v, __ATOMIC_RELAXED); } \
  static inline T atomicExch(T *p, T v) { return __atomic_exchange_n(p, v, __ATOMIC_RELAXED); } \
  static inline T atomicCAS(T *p, T expected, T v) {                          \
    __atomic_compare_exchange_n(p, &expected, v, false, __ATOMIC_RELAXED, __ATOMIC_RELAXED); \
    return expected;                                                          \
  }                                                                           \
  static inline T atomicMax(T *p, T v) {                                      \
    T old = __atomic_load_n(p, __ATOMIC_RELAXED);                             \
    while (old < v && !__atomic_compare_exchange_n(p, &old, v, false,         \
                          __ATOMIC_RELAXED, __ATOMIC_RELAXED)) {}             \
    return old;                                                               \
  }                                                                           \
  static inline T atomicMin(T *p, T v) {                                      \
    T old = __atomic_load_n(p, __ATOMIC_RELAXED);                             \
    while (old > v && !__atomic_compare_exchange_n(p, &old, v, false,         \
                          __ATOMIC_RELAXED, __ATOMIC_RELAXED)) {}             \
    return old;                                                               \
  }
LITDNN_EMU_ATOMICS(int)
LITDNN_EMU_ATOMICS(unsigned int)
LITDNN_EMU_ATOMICS(long long)
LITDNN_EMU_ATOMICS(unsigned long long)
namespace litdnn_emu {
template <class F, class U> F atomic_float(F *p, F v, F (*op)(F, F)) {
  U old = __atomic_load_n(reinterpret_cast<U *>(p), __ATOMIC_RELAXED), next;
  F f;
  do {
    memcpy(&f, &old, sizeof f);
    f = op(f, v);
    memcpy(&next, &f, sizeof f);
  } while (!__atomic_compare_exchange_n(reinterpret_cast<U *>(p), &old, next, false,
                                        __ATOMIC_RELAXED, __ATOMIC_RELAXED));
  memcpy(&f, &old, sizeof f);
  return f;
}
template <class F> F add(F a, F b) { return a + b; }
template <class F> F larger(F a, F b) { return a < b ? b : a; }
template <class F> F smaller(F a, F b) { return b < a ? b : a; }
}
static inline float atomicAdd(float *p, float v)
{ return litdnn_emu::atomic_float<float, uint32_t>(p, v, litdnn_emu::add<float>); }
static inline double atomicAdd(double *p, double v)
{ return litdnn_emu::atomic_float<double, uint64_t>(p, v, litdnn_emu::add<double>); }
static inline float atomicMax(float *p, float v)
{ return litdnn_emu::atomic_float<float, uint32_t>(p, v, litdnn_emu::larger<float>); }
static inline float atomicMin(float *p, float v)
{ return litdnn_emu::atomic_float<float, uint32_t>(p, v, litdnn_emu::smaller<float>); }
static inline float atomicExch(float *p, float v) {
  uint32_t bits, old;
  memcpy(&bits, &v, 4);
  old = __atomic_exchange_n(reinterpret_cast<uint32_t *>(p), bits, __ATOMIC_RELAXED);
  memcpy(&v, &old, 4);
  return v;
}
static inline unsigned short atomicCAS(unsigned short *p, unsigned short e, unsigned short v) {
  __atomic_compare_exchange_n(p, &e, v, false, __ATOMIC_RELAXED, __ATOMIC_RELAXED);
  return e;
}
/* ((old >= limit) ? 0 : old + 1) and ((old == 0 || old > limit) ? limit : old - 1) */
static inline unsigned atomicInc(unsigned *p, unsigned limit) {
  unsigned old = __atomic_load_n(p, __ATOMIC_RELAXED);
  while (!__atomic_compare_exchange_n(p, &old, old >= limit ? 0 : old + 1, false,
                                      __ATOMIC_RELAXED, __ATOMIC_RELAXED)) {}
  return old;
}
static inline unsigned atomicDec(unsigned *p, unsigned limit) {
  unsigned old = __atomic_load_n(p, __ATOMIC_RELAXED);
  while (!__atomic_compare_exchange_n(p, &old, old == 0 || old > limit ? limit : old - 1,
                                      false, __ATOMIC_RELAXED, __ATOMIC_RELAXED)) {}
  return old;
}
/* the scoped forms (_block, _system) are the same on one core */
#define atomicAdd_block atomicAdd
#define atomicAdd_system atomicAdd
#define atomicCAS_block atomicCAS
#define atomicCAS_system atomicCAS
#define atomicExch_block atomicExch
#define atomicExch_system atomicExch
#define atomicMax_block atomicMax
#define atomicMin_block atomicMin
/* the intrinsics are the functions they approximate; glibc declares
   functions of the first ten names itself, so those are macros */
#define __expf(x) expf(x)
#define __exp10f(x) powf(10.0f, (x))
#define __logf(x) logf(x)
#define __log2f(x) log2f(x)
#define __log10f(x) log10f(x)
#define __sinf(x) sinf(x)
#define __cosf(x) cosf(x)
#define __tanf(x) tanf(x)
#define __sincosf(x, s, c) sincosf((x), (s), (c))
#define __powf(x, y) powf((x), (y))
static inline float __fdividef(float x, float y) { return x / y; }
static inline float fdividef(float x, float y) { return x / y; }
static inline float __frcp_rn(float x) { return 1.0f / x; }
static inline float __fsqrt_rn(float x) { return sqrtf(x); }
static inline float __frsqrt_rn(float x) { return 1.0f / sqrtf(x); }
static inline float __fmaf_rn(float x, float y, float z) { return fmaf(x, y, z); }
static inline float __fadd_rn(float x, float y) { return x + y; }
static inline float __fsub_rn(float x, float y) { return x - y; }
static inline float __fmul_rn(float x, float y) { return x * y; }
static inline float __fdiv_rn(float x, float y) { return x / y; }
static inline double __dadd_rn(double x, double y) { return x + y; }
static inline double __dmul_rn(double x, double y) { return x * y; }
static inline double __fma_rn(double x, double y, double z) { return fma(x, y, z); }
static inline float __saturatef(float x) { return fminf(fmaxf(x, 0.0f), 1.0f); }
static inline float rsqrtf(float x) { return 1.0f / sqrtf(x); }
static inline double rsqrt(double x) { return 1.0 / sqrt(x); }
static inline float rcbrtf(float x) { return 1.0f / cbrtf(x); }
static inline float normcdff(float x) { return 0.5f * erfcf(-x / sqrtf(2.0f)); }
static inline int __float2int_rn(float x) { return (int)lrintf(x); }
static inline int __float2int_rz(float x) { return (int)x; }
static inline int __float2int_rd(float x) { return (int)floorf(x); }
static inline int __float2int_ru(float x) { return (int)ceilf(x); }
static inline unsigned __float2uint_rn(float x) { return (unsigned)lrintf(x); }
static inline unsigned __float2uint_rz(float x) { return (unsigned)x; }
static inline long long __float2ll_rn(float x) { return llrintf(x); }
static inline int __double2int_rn(double x) { return (int)lrint(x); }
static inline float __int2float_rn(int x) { return (float)x; }
static inline float __uint2float_rn(unsigned x) { return (float)x; }
static inline float __double2float_rn(double x) { return (float)x; }
static inline int __float_as_int(float f) { int i; memcpy(&i, &f, 4); return i; }
static inline unsigned __float_as_uint(float f) { unsigned u; memcpy(&u, &f, 4); return u; }
static inline float __int_as_float(int i) { float f; memcpy(&f, &i, 4); return f; }
static inline float __uint_as_float(unsigned u) { float f; memcpy(&f, &u, 4); return f; }
static inline long long __double_as_longlong(double d) { long long i; memcpy(&i, &d, 8); return i; }
static inline double __longlong_as_double(long long i) { double d; memcpy(&d, &i, 8); return d; }
static inline int __popc(unsigned x) { return __builtin_popcount(x); }
static inline int __popcll(unsigned long long x) { return __builtin_popcountll(x); }
static inline int __clz(int x) { return x == 0 ? 32 : __builtin_clz((unsigned)x); }
static inline int __clzll(long long x) { return x == 0 ? 64 : __builtin_clzll((unsigned long long)x); }
static inline int __ffs(int x) { return __builtin_ffs(x); }
static inline int __ffsll(long long x) { return __builtin_ffsll(x); }
static inline unsigned __brev(unsigned x) {
  unsigned r = 0;
  for (int i = 0; i < 32; i++, x >>= 1)
    r = (r << 1) | (x & 1);
  return r;
}
static inline unsigned __byte_perm(unsigned x, unsigned y, unsigned s) {
  uint64_t v = ((uint64_t)y << 32) | x;
  unsigned r = 0;
  for (int i = 0; i < 4; i++)
    r |= (unsigned)((v >> (8 * ((s >> (4 * i)) & 7))) & 0xff) << (8 * i);
  return r;
}
static inline int litdnn_emu_low24(int x) { return x & 0x800000 ? x | ~0xffffff : x & 0xffffff; }
static inline int __mul24(int x, int y) { return litdnn_emu_low24(x) * litdnn_emu_low24(y); }
static inline unsigned __umul24(unsigned x, unsigned y) { return (x & 0xffffff) * (y & 0xffffff); }
static inline int __mulhi(int x, int y) { return (int)(((long long)x * y) >> 32); }
static inline unsigned __umulhi(unsigned x, unsigned y)
{ return (unsigned)(((unsigned long long)x * y) >> 32); }
static inline unsigned long long __umul64hi(unsigned long long x, unsigned long long y)
{ return (unsigned long long)(((unsigned __int128)x * y) >> 64); }
static inline unsigned __sad(int x, int y, unsigned z) { return z + (unsigned)(x > y ? x - y : y - x); }
static inline unsigned __usad(unsigned x, unsigned y, unsigned z) { return z + (x > y ? x - y : y - x); }
/* the 64 bits hi:lo shifted, their high (left) or low (right) half */
static inline unsigned __funnelshift_l(unsigned lo, unsigned hi, unsigned s) {
  uint64_t v = ((uint64_t)hi * 0x100000000ull + lo) * ((uint64_t)1 << (s & 31));
  return (unsigned)(v / 0x100000000ull);
}
static inline unsigned __funnelshift_r(unsigned lo, unsigned hi, unsigned s) {
  uint64_t v = ((uint64_t)hi * 0x100000000ull + lo) / ((uint64_t)1 << (s & 31));
  return (unsigned)v;
}
/* min and max: the overloads CUDA declares in the global namespace */
#define LITDNN_EMU_MINMAX(T)                                                  \
  static inline T min(T a, T b) { return b < a ? b : a; }                     \
  static inline T max(T a, T b) { return a < b ? b : a; }
LITDNN_EMU_MINMAX(int)
LITDNN_EMU_MINMAX(unsigned int)
LITDNN_EMU_MINMAX(long)
LITDNN_EMU_MINMAX(unsigned long)
LITDNN_EMU_MINMAX(long long)
LITDNN_EMU_MINMAX(unsigned long long)
static inline float min(float a, float b) { return fminf(a, b); }
static inline float max(float a, float b) { return fmaxf(a, b); }
static inline double min(double a, double b) { return fmin(a, b); }
static inline double max(double a, double b) { return fmax(a, b); }
static inline unsigned min(int a, unsigned b) { return min((unsigned)a, b); }
static inline unsigned min(unsigned a, int b) { return min(a, (unsigned)b); }
static inline unsigned max(int a, unsigned b) { return max((unsigned)a, b); }
static inline unsigned max(unsigned a, int b) { return max(a, (unsigned)b); }
/* loads and stores with cache hints: the plain access */
template <class T> T __ldg(const T *p) { return *p; }
template <class T> T __ldcg(const T *p) { return *p; }
template <class T> T __ldca(const T *p) { return *p; }
template <class T> T __ldcs(const T *p) { return *p; }
template <class T> T __ldlu(const T *p) { return *p; }
template <class T> T __ldcv(const T *p) { return *p; }
template <class T> void __stcg(T *p, T v) { *p = v; }
template <class T> void __stcs(T *p, T v) { *p = v; }
template <class T> void __stwb(T *p, T v) { *p = v; }
template <class T> void __stwt(T *p, T v) { *p = v; }
static inline long long clock64() { return (long long)litdnn_emu_clock(); }
/* the C library's clock, which kernels call too: weak, like __assert_fail */
extern "C" __attribute__((weak)) clock_t clock(void) noexcept
{ return (clock_t)litdnn_emu_clock_ticks(); }
static inline void __nanosleep(unsigned ns) { (void)ns; }
static inline void __trap(LITDNN_EMU_HERE) { litdnn_emu_trap(file, line); }
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
/* the runtime API with CUDA's C++ signatures: default arguments, typed
   symbols and kernels, cudaError_t results */
#define LITDNN_EMU_ERR(call) static_cast<cudaError_t>(call)
typedef litdnn_emu_stream_t cudaStream_t;
typedef litdnn_emu_event_t cudaEvent_t;
#define cudaDeviceProp litdnn_emu_device_prop
#define cudaStreamLegacy ((cudaStream_t)0)
#define cudaStreamPerThread ((cudaStream_t)0)

/* cudaMalloc(&d_x, n) names the buffer d_x in messages */
#define cudaMalloc(p, n) litdnn_emu::malloc_named((p), (n), #p)
#define cudaMallocManaged(p, ...) litdnn_emu::malloc_managed((p), #p, __VA_ARGS__)
namespace litdnn_emu {
template <class T> cudaError_t malloc_named(T **p, size_t n, const char *what) {
  return LITDNN_EMU_ERR(litdnn_emu_cudaMalloc_named(reinterpret_cast<void **>(p), n, what));
}
template <class T> cudaError_t malloc_managed(T **p, const char *what, size_t n,
                                              unsigned flags = 1) {
  (void)flags;
  return LITDNN_EMU_ERR(litdnn_emu_cudaMallocManaged(reinterpret_cast<void **>(p), n, what));
}
}
static inline cudaError_t cudaFree(void *p) { return LITDNN_EMU_ERR(litdnn_emu_cudaFree(p)); }
template <class T> cudaError_t cudaMallocHost(T **p, size_t n, unsigned flags = 0) {
  (void)flags;
  return LITDNN_EMU_ERR(litdnn_emu_cudaMallocHost(reinterpret_cast<void **>(p), n));
}
template <class T> cudaError_t cudaHostAlloc(T **p, size_t n, unsigned flags)
{ return cudaMallocHost(p, n, flags); }
/* stream-ordered allocation: a call on a stream has finished when it
   returns, so allocating and freeing on a stream is allocating and
   freeing; the one memory pool keeps the attributes it is given */
#define cudaMallocAsync(p, n, ...) litdnn_emu::malloc_named((p), (n), #p)
static inline cudaError_t cudaFreeAsync(void *p, cudaStream_t s) { (void)s; return cudaFree(p); }
typedef struct litdnn_emu_mem_pool *cudaMemPool_t;
enum cudaMemPoolAttr {
  cudaMemPoolReuseFollowEventDependencies = 1, cudaMemPoolReuseAllowOpportunistic = 2,
  cudaMemPoolReuseAllowInternalDependencies = 3, cudaMemPoolAttrReleaseThreshold = 4,
  cudaMemPoolAttrReservedMemCurrent = 5, cudaMemPoolAttrReservedMemHigh = 6,
  cudaMemPoolAttrUsedMemCurrent = 7, cudaMemPoolAttrUsedMemHigh = 8
};
namespace litdnn_emu {
struct mem_pool { int reuse[4]; uint64_t release_threshold; };
inline mem_pool *default_pool() { static mem_pool pool = {{0, 1, 1, 1}, 0}; return &pool; }
}
static inline cudaError_t cudaDeviceGetDefaultMemPool(cudaMemPool_t *pool, int device) {
  if (device != 0)
    return cudaErrorInvalidDevice;
  *pool = reinterpret_cast<cudaMemPool_t>(litdnn_emu::default_pool());
  return cudaSuccess;
}
static inline cudaError_t cudaDeviceGetMemPool(cudaMemPool_t *pool, int device)
{ return cudaDeviceGetDefaultMemPool(pool, device); }
static inline cudaError_t cudaMemPoolSetAttribute(cudaMemPool_t pool, cudaMemPoolAttr a, void *v) {
  auto *p = reinterpret_cast<litdnn_emu::mem_pool *>(pool);
  if (!p || !v || a < 1 || a > 4)     /* the usage counters can only be read */
    return cudaErrorInvalidValue;
  if (a == cudaMemPoolAttrReleaseThreshold)
    p->release_threshold = *static_cast<uint64_t *>(v);
  else
    p->reuse[a] = *static_cast<int *>(v);
  return cudaSuccess;
}
static inline cudaError_t cudaMemPoolGetAttribute(cudaMemPool_t pool, cudaMemPoolAttr a, void *v) {
  auto *p = reinterpret_cast<litdnn_emu::mem_pool *>(pool);
  size_t free_bytes = 0, total = 0;
  if (!p || !v)
    return cudaErrorInvalidValue;
  if (a == cudaMemPoolAttrReleaseThreshold) {
    *static_cast<uint64_t *>(v) = p->release_threshold;
  } else if (a >= 1 && a <= 3) {
    *static_cast<int *>(v) = p->reuse[a];
  } else if (a == cudaMemPoolAttrReservedMemCurrent || a == cudaMemPoolAttrUsedMemCurrent) {
    litdnn_emu_cudaMemGetInfo(&free_bytes, &total);   /* what is allocated now */
    *static_cast<uint64_t *>(v) = total - free_bytes;
  } else {
    return cudaErrorNotSupported;                  /* no high-water marks */
  }
  return cudaSuccess;
}
static inline cudaError_t cudaMemPoolTrimTo(cudaMemPool_t pool, size_t keep)
{ (void)pool, (void)keep; return cudaSuccess; }
static inline cudaError_t cudaFreeHost(void *p)
{ return LITDNN_EMU_ERR(litdnn_emu_cudaFreeHost(p)); }
static inline cudaError_t cudaHostRegister(void *p, size_t n, unsigned flags)
{ (void)flags; return LITDNN_EMU_ERR(litdnn_emu_cudaHostRegister(p, n)); }
static inline cudaError_t cudaHostUnregister(void *p)
{ return LITDNN_EMU_ERR(litdnn_emu_cudaHostUnregister(p)); }
template <class T> cudaError_t cudaHostGetDevicePointer(T **d, void *h, unsigned flags) {
  (void)flags;
  return LITDNN_EMU_ERR(litdnn_emu_cudaHostGetDevicePointer(reinterpret_cast<void **>(d), h));
}
static inline cudaError_t cudaMemcpy(void *d, const void *s, size_t n, cudaMemcpyKind k)
{ return LITDNN_EMU_ERR(litdnn_emu_cudaMemcpy(d, s, n, k)); }
static inline cudaError_t cudaMemcpyAsync(void *d, const void *s, size_t n,
                                          cudaMemcpyKind k, cudaStream_t st = 0)
{ return LITDNN_EMU_ERR(litdnn_emu_cudaMemcpyAsync(d, s, n, k, st)); }
static inline cudaError_t cudaMemcpy2D(void *d, size_t dpitch, const void *s,
                                       size_t spitch, size_t width, size_t height,
                                       cudaMemcpyKind k) {
  for (size_t r = 0; r < height; r++) {
    cudaError_t e = cudaMemcpy(static_cast<char *>(d) + r * dpitch,
                               static_cast<const char *>(s) + r * spitch, width, k);
    if (e != cudaSuccess)
      return e;
  }
  return cudaSuccess;
}
static inline cudaError_t cudaMemset(void *d, int v, size_t n)
{ return LITDNN_EMU_ERR(litdnn_emu_cudaMemset(d, v, n)); }
static inline cudaError_t cudaMemsetAsync(void *d, int v, size_t n, cudaStream_t st = 0)
{ return LITDNN_EMU_ERR(litdnn_emu_cudaMemsetAsync(d, v, n, st)); }
/* __device__ and __constant__ variables are ordinary variables here */
template <class T> cudaError_t cudaMemcpyToSymbol(const T &symbol, const void *src,
    size_t n, size_t offset = 0, cudaMemcpyKind k = cudaMemcpyHostToDevice) {
  return LITDNN_EMU_ERR(litdnn_emu_memcpy_symbol(
      const_cast<T *>(&symbol), sizeof(T), const_cast<void *>(src), n, offset, 1, k));
}
template <class T> cudaError_t cudaMemcpyFromSymbol(void *dst, const T &symbol,
    size_t n, size_t offset = 0, cudaMemcpyKind k = cudaMemcpyDeviceToHost) {
  return LITDNN_EMU_ERR(litdnn_emu_memcpy_symbol(
      const_cast<T *>(&symbol), sizeof(T), dst, n, offset, 0, k));
}
template <class T> cudaError_t cudaMemcpyToSymbolAsync(const T &symbol, const void *src,
    size_t n, size_t offset = 0, cudaMemcpyKind k = cudaMemcpyHostToDevice,
    cudaStream_t st = 0) {
  (void)st;
  return cudaMemcpyToSymbol(symbol, src, n, offset, k);
}
template <class T> cudaError_t cudaMemcpyFromSymbolAsync(void *dst, const T &symbol,
    size_t n, size_t offset = 0, cudaMemcpyKind k = cudaMemcpyDeviceToHost,
    cudaStream_t st = 0) {
  (void)st;
  return cudaMemcpyFromSymbol(dst, symbol, n, offset, k);
}
template <class T> cudaError_t cudaGetSymbolAddress(void **p, const T &symbol) {
  return LITDNN_EMU_ERR(litdnn_emu_symbol_address(p, const_cast<T *>(&symbol), sizeof(T)));
}
template <class T> cudaError_t cudaGetSymbolSize(size_t *n, const T &symbol) {
  (void)symbol;
  *n = sizeof(T);
  return cudaSuccess;
}
static inline cudaError_t cudaGetLastError() { return LITDNN_EMU_ERR(litdnn_emu_cudaGetLastError()); }
static inline cudaError_t cudaPeekAtLastError()
{ return LITDNN_EMU_ERR(litdnn_emu_cudaPeekAtLastError()); }
static inline const char *cudaGetErrorString(cudaError_t e) { return litdnn_emu_cudaGetErrorString(e); }
static inline const char *cudaGetErrorName(cudaError_t e) { return litdnn_emu_cudaGetErrorName(e); }
static inline cudaError_t cudaDeviceSynchronize()
{ return LITDNN_EMU_ERR(litdnn_emu_cudaDeviceSynchronize()); }
static inline cudaError_t cudaThreadSynchronize() { return cudaDeviceSynchronize(); }
static inline cudaError_t cudaDeviceReset() { return LITDNN_EMU_ERR(litdnn_emu_cudaDeviceReset()); }
static inline cudaError_t cudaGetDeviceCount(int *n) { return LITDNN_EMU_ERR(litdnn_emu_cudaGetDeviceCount(n)); }
static inline cudaError_t cudaGetDevice(int *d) { return LITDNN_EMU_ERR(litdnn_emu_cudaGetDevice(d)); }
static inline cudaError_t cudaSetDevice(int d) { return LITDNN_EMU_ERR(litdnn_emu_cudaSetDevice(d)); }
static inline cudaError_t cudaSetDeviceFlags(unsigned f) { (void)f; return cudaSuccess; }
static inline cudaError_t cudaGetDeviceProperties(cudaDeviceProp *p, int d)
{ return LITDNN_EMU_ERR(litdnn_emu_cudaGetDeviceProperties(p, d)); }
static inline cudaError_t cudaDeviceGetAttribute(int *v, cudaDeviceAttr a, int d)
{ return LITDNN_EMU_ERR(litdnn_emu_cudaDeviceGetAttribute(v, a, d)); }
static inline cudaError_t cudaDriverGetVersion(int *v) { *v = CUDART_VERSION; return cudaSuccess; }
static inline cudaError_t cudaRuntimeGetVersion(int *v) { *v = CUDART_VERSION; return cudaSuccess; }
static inline cudaError_t cudaMemGetInfo(size_t *free_bytes, size_t *total)
{ return LITDNN_EMU_ERR(litdnn_emu_cudaMemGetInfo(free_bytes, total)); }
/* what only tunes a GPU's caches and queues has nothing to do here */
static inline cudaError_t cudaDeviceSetCacheConfig(int c) { (void)c; return cudaSuccess; }
static inline cudaError_t cudaDeviceSetSharedMemConfig(int c) { (void)c; return cudaSuccess; }
static inline cudaError_t cudaDeviceSetLimit(int l, size_t v) { (void)l, (void)v; return cudaSuccess; }
template <class T> cudaError_t cudaFuncSetCacheConfig(T *f, int c) { (void)f, (void)c; return cudaSuccess; }
template <class T> cudaError_t cudaFuncSetAttribute(T *f, cudaFuncAttribute a, int v)
{ return LITDNN_EMU_ERR(litdnn_emu_cudaFuncSetAttribute(reinterpret_cast<const void *>(f), a, v)); }

static inline cudaError_t cudaStreamCreate(cudaStream_t *s)
{ return LITDNN_EMU_ERR(litdnn_emu_cudaStreamCreate(s)); }
static inline cudaError_t cudaStreamCreateWithFlags(cudaStream_t *s, unsigned f)
{ (void)f; return cudaStreamCreate(s); }
static inline cudaError_t cudaStreamCreateWithPriority(cudaStream_t *s, unsigned f, int p)
{ (void)f, (void)p; return cudaStreamCreate(s); }
static inline cudaError_t cudaDeviceGetStreamPriorityRange(int *least, int *greatest)
{ if (least) *least = 0; if (greatest) *greatest = 0; return cudaSuccess; }
static inline cudaError_t cudaStreamDestroy(cudaStream_t s)
{ return LITDNN_EMU_ERR(litdnn_emu_cudaStreamDestroy(s)); }
static inline cudaError_t cudaStreamSynchronize(cudaStream_t s)
{ return LITDNN_EMU_ERR(litdnn_emu_cudaStreamSynchronize(s)); }
static inline cudaError_t cudaStreamQuery(cudaStream_t s)
{ return LITDNN_EMU_ERR(litdnn_emu_cudaStreamSynchronize(s)); }
static inline cudaError_t cudaStreamWaitEvent(cudaStream_t s, cudaEvent_t e, unsigned f = 0)
{ (void)s, (void)f; return LITDNN_EMU_ERR(litdnn_emu_cudaEventSynchronize(e)); }
/* work on a stream is done when it is issued: a host function runs at once */
static inline cudaError_t cudaLaunchHostFunc(cudaStream_t s, void (*fn)(void *), void *data)
{ (void)s; fn(data); return cudaSuccess; }
typedef void (*cudaStreamCallback_t)(cudaStream_t, cudaError_t, void *);
static inline cudaError_t cudaStreamAddCallback(cudaStream_t s, cudaStreamCallback_t cb,
                                                void *data, unsigned f)
{ (void)f; cb(s, cudaSuccess, data); return cudaSuccess; }
static inline cudaError_t cudaEventCreate(cudaEvent_t *e)
{ return LITDNN_EMU_ERR(litdnn_emu_cudaEventCreate(e)); }
static inline cudaError_t cudaEventCreate(cudaEvent_t *e, unsigned f)
{ (void)f; return cudaEventCreate(e); }
static inline cudaError_t cudaEventCreateWithFlags(cudaEvent_t *e, unsigned f)
{ (void)f; return cudaEventCreate(e); }
static inline cudaError_t cudaEventDestroy(cudaEvent_t e)
{ return LITDNN_EMU_ERR(litdnn_emu_cudaEventDestroy(e)); }
static inline cudaError_t cudaEventRecord(cudaEvent_t e, cudaStream_t s = 0)
{ return LITDNN_EMU_ERR(litdnn_emu_cudaEventRecord(e, s)); }
static inline cudaError_t cudaEventSynchronize(cudaEvent_t e)
{ return LITDNN_EMU_ERR(litdnn_emu_cudaEventSynchronize(e)); }
static inline cudaError_t cudaEventQuery(cudaEvent_t e)
{ return LITDNN_EMU_ERR(litdnn_emu_cudaEventSynchronize(e)); }
static inline cudaError_t cudaEventElapsedTime(float *ms, cudaEvent_t a, cudaEvent_t b)
{ return LITDNN_EMU_ERR(litdnn_emu_cudaEventElapsedTime(ms, a, b)); }
namespace litdnn_emu {
/* a kernel's arguments, copied once per launch; each thread calls the
   kernel with its own copy of them, as each GPU thread has its own */
template <class... P> using arguments = std::tuple<std::decay_t<P>...>;

template <class... P> void entry(void *args) {
  auto kernel = reinterpret_cast<void (*)(P...)>(
      const_cast<void *>(litdnn_emu_running_kernel()->func));
  std::apply(kernel, *static_cast<arguments<P...> *>(args));
}

template <class... P, size_t... I>
void pack_from(void *args, void *const *addresses, std::index_sequence<I...>) {
  new (args) arguments<P...>(*static_cast<std::decay_t<P> *>(addresses[I])...);
}
template <class... P> void pack(void *args, void *const *addresses) {
  pack_from<P...>(args, addresses, std::index_sequence_for<P...>{});
}

/* the runtime's description of a kernel, made once per kernel */
template <class... P>
const litdnn_emu_kernel *describe(void (*kernel)(P...), const char *name,
                                  const char *params) {
  const void *func = reinterpret_cast<const void *>(kernel);
  if (const litdnn_emu_kernel *known = litdnn_emu_find_kernel(func))
    return known;
  static const char pointers[] = {(std::is_pointer<std::decay_t<P>>::value ? 'P' : '-')..., 0};
  litdnn_emu_kernel *k = new litdnn_emu_kernel();
  k->name = name;
  k->entry = entry<P...>;
  k->func = func;
  k->nparams = (int)sizeof...(P);
  k->param_names = params;
  k->pointer_params = pointers;
  k->args_size = sizeof(arguments<P...>);
  k->pack = pack<P...>;
  litdnn_emu_register_kernel(k);
  return k;
}

template <class T> const void *pointer_of(const T &v) {
  if constexpr (std::is_pointer<T>::value)
    return reinterpret_cast<const void *>(v);
  else
    return nullptr;
}

/* what k<<<grid, block, shmem, stream>>> becomes; its call operator
   takes the arguments */
template <class... P> struct launcher {
  void (*kernel)(P...);
  const char *name, *texts, *file;
  int line;
  dim3 grid, block;
  size_t shmem;
  cudaStream_t stream;

  template <class... A> void operator()(A &&...a) const {
    static_assert(sizeof...(A) == sizeof...(P),
                  "litdnn-emu: a kernel launch with the wrong number of arguments");
    arguments<P...> args(std::forward<A>(a)...);
    launch(args, std::index_sequence_for<P...>{});
  }
  template <size_t... I> void launch(arguments<P...> &args, std::index_sequence<I...>) const {
    const void *argv[] = {pointer_of(std::get<I>(args))..., nullptr};
    litdnn_emu_dim3 g = {grid.x, grid.y, grid.z}, b = {block.x, block.y, block.z};
    litdnn_emu_launch_at(describe(kernel, name, ""), &args, argv, texts, file, line, g,
                         b, shmem, stream);
  }
};

template <class... P>
launcher<P...> launch(void (*kernel)(P...), const char *name, const char *texts,
                      const char *file, int line, dim3 grid, dim3 block,
                      size_t shmem = 0, cudaStream_t stream = 0) {
  return launcher<P...>{kernel, name, texts, file, line, grid, block, shmem, stream};
}

/* the launch of a kernel template whose arguments the call deduces:
   `call` calls it; the description is made once per launch site */
template <class F, class... A> void entry_call(void *args) {
  std::apply([](F &f, auto &...a) { f(a...); }, *static_cast<std::tuple<F, A...> *>(args));
}
template <class F> struct call_launcher {
  F call;
  const char *name, *texts, *file;
  int line;
  dim3 grid, block;
  size_t shmem;
  cudaStream_t stream;

  template <class... B> void operator()(B &&...b) const {
    std::tuple<F, std::decay_t<B>...> args(call, std::forward<B>(b)...);
    launch(args, std::index_sequence_for<B...>{});
  }
  template <class T, size_t... I> void launch(T &args, std::index_sequence<I...>) const {
    static const char pointers[] = {(std::is_pointer<std::tuple_element_t<I + 1, T>>::value ? 'P' : '-')..., 0};
    static litdnn_emu_kernel k = {name, entry_call<F, std::tuple_element_t<I + 1, T>...>,
                                  nullptr, (int)sizeof...(I), "", pointers, 0, nullptr};
    const void *argv[] = {pointer_of(std::get<I + 1>(args))..., nullptr};
    litdnn_emu_dim3 g = {grid.x, grid.y, grid.z}, b = {block.x, block.y, block.z};
    litdnn_emu_launch_at(&k, &args, argv, texts, file, line, g, b, shmem, stream);
  }
};
template <class F>
call_launcher<F> launch_call(F call, const char *name, const char *texts,
                             const char *file, int line, dim3 grid, dim3 block,
                             size_t shmem = 0, cudaStream_t stream = 0) {
  return call_launcher<F>{call, name, texts, file, line, grid, block, shmem, stream};
}

inline litdnn_emu_dim3 c_dim3(dim3 d) { return litdnn_emu_dim3{d.x, d.y, d.z}; }
}
/* a kernel's attributes; a template's instance is described first */
static inline cudaError_t cudaFuncGetAttributes(cudaFuncAttributes *a, const void *f)
{ return static_cast<cudaError_t>(litdnn_emu_cudaFuncGetAttributes(a, f)); }
template <class... P>
cudaError_t cudaFuncGetAttributes(cudaFuncAttributes *a, void (*f)(P...)) {
  litdnn_emu::describe(f, "kernel", "");
  return cudaFuncGetAttributes(a, reinterpret_cast<const void *>(f));
}
/* launches by address, and their typed forms, which need no registration */
static inline cudaError_t cudaLaunchKernel(const void *f, dim3 g, dim3 b, void **args,
                                           size_t shmem = 0, cudaStream_t st = 0) {
  return static_cast<cudaError_t>(litdnn_emu_cudaLaunchKernel(
      f, litdnn_emu::c_dim3(g), litdnn_emu::c_dim3(b), args, shmem, st));
}
static inline cudaError_t cudaLaunchCooperativeKernel(const void *f, dim3 g, dim3 b,
                                                      void **args, size_t shmem = 0,
                                                      cudaStream_t st = 0) {
  return static_cast<cudaError_t>(litdnn_emu_cudaLaunchCooperativeKernel(
      f, litdnn_emu::c_dim3(g), litdnn_emu::c_dim3(b), args, shmem, st));
}
template <class... P>
cudaError_t cudaLaunchKernel(void (*f)(P...), dim3 g, dim3 b, void **args,
                             size_t shmem = 0, cudaStream_t st = 0) {
  litdnn_emu::describe(f, "kernel", "");
  return cudaLaunchKernel(reinterpret_cast<const void *>(f), g, b, args, shmem, st);
}
template <class... P>
cudaError_t cudaLaunchCooperativeKernel(void (*f)(P...), dim3 g, dim3 b, void **args,
                                        size_t shmem = 0, cudaStream_t st = 0) {
  litdnn_emu::describe(f, "kernel", "");
  return cudaLaunchCooperativeKernel(reinterpret_cast<const void *>(f), g, b, args,
                                     shmem, st);
}
template <class T>
cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessor(int *n, T f, int threads,
                                                          size_t shmem) {
  return static_cast<cudaError_t>(litdnn_emu_cudaOccupancyMaxActiveBlocksPerMultiprocessor(
      n, reinterpret_cast<const void *>(f), threads, shmem));
}
/* the block size with the most threads resident, and the grid that fills the device */
template <class T>
cudaError_t cudaOccupancyMaxPotentialBlockSize(int *grid, int *block, T f,
                                               size_t shmem = 0, int limit = 0) {
  int best = 0, best_threads = 0;
  for (int t = 32; t <= (limit > 0 && limit < 1024 ? limit : 1024); t += 32) {
    int n = 0;
    cudaOccupancyMaxActiveBlocksPerMultiprocessor(&n, f, t, shmem);
    if (n * t >= best_threads) {
      best_threads = n * t;
      best = t;
    }
  }
  int n = 0, sms = 0;
  cudaOccupancyMaxActiveBlocksPerMultiprocessor(&n, f, best, shmem);
  cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0);
  *block = best;
  *grid = n * sms;
  return cudaSuccess;
}
#include <assert.h>
extern "C" __attribute__((weak, noreturn)) void
__assert_fail(const char *expr, const char *file, unsigned line,
              const char *function) noexcept {
  litdnn_emu_device_assert(expr, file, line, function);
  fprintf(stderr, "%s:%u: %s: Assertion `%s' failed.\n", file, line, function, expr);
  abort();
}
#endif
