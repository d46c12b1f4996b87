#line 541 "chapters/02-tensors.nw"
/* The device prelude: the first include of every kernel file. The
   runtime and the library's internals (core/gpu.h), an unroll hint, the
   alpha/beta blend, and warp and block reductions. */
#ifndef LITDNN_PRELUDE_CUH
#define LITDNN_PRELUDE_CUH
#include "core/gpu.h"
#include <math.h>

/* loop unrolling: a hint for nvcc, nothing for the emulator's C compiler */
#if defined(__CUDACC__)
#define LITDNN_PRAGMA_(x) _Pragma(#x)
#define LITDNN_UNROLL _Pragma("unroll")
#define LITDNN_UNROLL_BY(n) LITDNN_PRAGMA_(unroll n)
#else
#define LITDNN_UNROLL
#define LITDNN_UNROLL_BY(n)
#endif

/* alpha * v + beta * y; with beta == 0, y is not read */
static __device__ __forceinline__ float litdnn_blend(float v, float alpha, float beta, const float *y)
{
  return beta == 0.0f ? alpha * v : alpha * v + beta * *y;
}

static __device__ __forceinline__ void litdnn_blend_store(float *y, float v, float alpha, float beta)
{
  *y = litdnn_blend(v, alpha, beta, y);
}

/* the same for four consecutive floats, y 16-byte aligned */
static __device__ __forceinline__ void litdnn_blend_store4(float4 *y, float4 v, float alpha, float beta)
{
  if (beta == 0.0f) {
    *y = make_float4(alpha * v.x, alpha * v.y, alpha * v.z, alpha * v.w);
  } else {
    float4 o = *y;
    *y = make_float4(alpha * v.x + beta * o.x, alpha * v.y + beta * o.y, alpha * v.z + beta * o.z,
                     alpha * v.w + beta * o.w);
  }
}

/* every lane of a full warp gets the warp's sum (maximum) */
static __device__ __forceinline__ float litdnn_warp_sum(float v)
{
  LITDNN_UNROLL
  for (int k = 16; k > 0; k /= 2)
    v += __shfl_xor_sync(0xffffffffu, v, k);
  return v;
}

static __device__ __forceinline__ float litdnn_warp_max(float v)
{
  LITDNN_UNROLL
  for (int k = 16; k > 0; k /= 2)
    v = fmaxf(v, __shfl_xor_sync(0xffffffffu, v, k));
  return v;
}

/* every thread of the block gets the block's sum (maximum). All threads
   call it; the block has a whole number of warps, at most 32. */
static __device__ float litdnn_block_reduce_(float v, int is_max)
{
  __shared__ float litdnn_partial[32];
  int tid = (int)(threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z));
  int warps = (int)(blockDim.x * blockDim.y * blockDim.z) / 32;
  v = is_max ? litdnn_warp_max(v) : litdnn_warp_sum(v);
  __syncthreads();   /* a reduction just before may still be reading the partials */
  if (tid % 32 == 0)
    litdnn_partial[tid / 32] = v;
  __syncthreads();
  v = tid % 32 < warps ? litdnn_partial[tid % 32] : is_max ? -INFINITY : 0.0f;
  return is_max ? litdnn_warp_max(v) : litdnn_warp_sum(v);
}

static __device__ __forceinline__ float litdnn_block_sum(float v) { return litdnn_block_reduce_(v, 0); }
static __device__ __forceinline__ float litdnn_block_max(float v) { return litdnn_block_reduce_(v, 1); }
#endif
#line 1007 "chapters/02-tensors.nw"
/* the value form for four floats: alpha * v + beta * y, y 16-byte
   aligned and read only when beta != 0 */
#ifndef LITDNN_PRELUDE_BLEND4_CUH
#define LITDNN_PRELUDE_BLEND4_CUH
static __device__ __forceinline__ float4 litdnn_blend4(float4 v, float alpha, float beta, const float4 *y)
{
  float4 r;
  if (beta != 0.0f) {
    float4 o = *y;
    r.x = alpha * v.x + beta * o.x;
    r.y = alpha * v.y + beta * o.y;
    r.z = alpha * v.z + beta * o.z;
    r.w = alpha * v.w + beta * o.w;
  } else {
    r.x = alpha * v.x;
    r.y = alpha * v.y;
    r.z = alpha * v.z;
    r.w = alpha * v.w;
  }
  return r;
}
#endif
#line 1042 "chapters/02-tensors.nw"
/* a barrier across every thread of a cooperative launch's grid */
#ifndef LITDNN_PRELUDE_GRID_SYNC
#define LITDNN_PRELUDE_GRID_SYNC
#ifdef LITDNN_EMU
#define litdnn_grid_sync() litdnn_emu_grid_sync(__FILE__, __LINE__)
#else
#include "core/grid_sync.cuda.h"
#endif
#endif
