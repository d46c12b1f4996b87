#line 2549 "chapters/07-softmax.nw"
#include "core/prelude.cuh"
#include "softmax/softmax.h"

#define SOFTMAX_FN static __device__ inline
#define SOFTMAX_MAX_BLOCKS 1048576u
#define SOFTMAX_THREADS 256

#line 366 "chapters/07-softmax.nw"
SOFTMAX_FN float softmax_max(float a, float b) { return (a > b || a != a) ? a : b; }

/* The last step of each direction. k is the row's statistic, prepared:
   forward, 1/sum (or log(sum) for LOG) with m the maximum; backward, the
   row's sum(dy * y) (or sum(dy) for LOG). */
SOFTMAX_FN float softmax_finish(int algo, int backward, float v, float dy, float m, float k)
{
  if (!backward)
    return algo == LITDNN_SOFTMAX_LOG ? (v - m) - k : expf(v - m) * k;
  return algo == LITDNN_SOFTMAX_LOG ? dy - expf(v) * k : v * (dy - k);
}

SOFTMAX_FN float softmax_prepare(int algo, int backward, float s)
{
  if (backward)
    return s;
  return algo == LITDNN_SOFTMAX_LOG ? logf(s) : 1.0f / s;
}
#line 387 "chapters/07-softmax.nw"
static __global__ void softmax_naive_kernel(litdnn_softmax_args a)
{
  const litdnn_softmax_args *p = &a;
  for (int64_t r = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; r < a.rows;
       r += (int64_t)gridDim.x * blockDim.x) {
    float m = 0.0f, s = 0.0f;
    if (!a.backward) {
      if (a.algo != LITDNN_SOFTMAX_FAST) {
        m = -INFINITY;
        for (int64_t j = 0; j < a.len; j++)
          m = softmax_max(a.x[LITDNN_SOFTMAX_OFFSET(p, a.xs, r, j)], m);
      }
      for (int64_t j = 0; j < a.len; j++)
        s += expf(a.x[LITDNN_SOFTMAX_OFFSET(p, a.xs, r, j)] - m);
    } else {
      for (int64_t j = 0; j < a.len; j++) {
        float dy = a.dy[LITDNN_SOFTMAX_OFFSET(p, a.dys, r, j)];
        s += a.algo == LITDNN_SOFTMAX_LOG ? dy : dy * a.x[LITDNN_SOFTMAX_OFFSET(p, a.xs, r, j)];
      }
    }
    float k = softmax_prepare(a.algo, a.backward, s);
    for (int64_t j = 0; j < a.len; j++) {
      float v = a.x[LITDNN_SOFTMAX_OFFSET(p, a.xs, r, j)];
      float dy = a.backward ? a.dy[LITDNN_SOFTMAX_OFFSET(p, a.dys, r, j)] : 0.0f;
      litdnn_blend_store(a.out + LITDNN_SOFTMAX_OFFSET(p, a.os, r, j), softmax_finish(a.algo, a.backward, v, dy, m, k),
               a.alpha, a.beta);
    }
  }
}

#line 2106 "chapters/07-softmax.nw"
litdnnStatus_t LITDNN_GPU_FN(litdnn_softmax_naive)(litdnnHandle_t h, const void *args)
{
  const litdnn_softmax_args *a = (const litdnn_softmax_args *)args;
  softmax_naive_kernel<<<litdnn_gpu_blocks(a->rows, 128, SOFTMAX_MAX_BLOCKS), 128, 0, litdnn_gpu_stream(h)>>>(*a);
  return litdnn_gpu_launch_status(a->backward ? "litdnnSoftmaxBackward" : "litdnnSoftmaxForward",
                                  "softmax_naive_kernel");
}
#line 464 "chapters/07-softmax.nw"
/* Combine one value per thread across the block; op 0 is max, 1 is sum.
   Every thread gets the result. */
SOFTMAX_FN float softmax_block_reduce_smem(float v, float *buf, int op)
{
  buf[threadIdx.x] = v;
  __syncthreads();
  for (int k = blockDim.x / 2; k > 0; k /= 2) {
    if ((int)threadIdx.x < k)
      buf[threadIdx.x] = op ? buf[threadIdx.x] + buf[threadIdx.x + k]
                            : softmax_max(buf[threadIdx.x], buf[threadIdx.x + k]);
    __syncthreads();
  }
  float r = buf[0];
  __syncthreads();   /* before buf is reused */
  return r;
}

static __global__ void softmax_block_smem_kernel(litdnn_softmax_args a)
{
  __shared__ float buf[SOFTMAX_THREADS];
  for (int64_t r = blockIdx.x; r < a.rows; r += gridDim.x) {
    const float *x = a.x + r * a.len;
    const float *dy = a.backward ? a.dy + r * a.len : a.x;
    float *out = a.out + r * a.len;
    float m = 0.0f, s = 0.0f;
    if (!a.backward && a.algo != LITDNN_SOFTMAX_FAST) {
      m = -INFINITY;
      for (int64_t j = threadIdx.x; j < a.len; j += blockDim.x)
        m = softmax_max(x[j], m);
      m = softmax_block_reduce_smem(m, buf, 0);
    }
    for (int64_t j = threadIdx.x; j < a.len; j += blockDim.x)
      s += !a.backward ? expf(x[j] - m) : a.algo == LITDNN_SOFTMAX_LOG ? dy[j] : dy[j] * x[j];
    float k = softmax_prepare(a.algo, a.backward, softmax_block_reduce_smem(s, buf, 1));
    for (int64_t j = threadIdx.x; j < a.len; j += blockDim.x)
      litdnn_blend_store(out + j, softmax_finish(a.algo, a.backward, x[j], a.backward ? dy[j] : 0.0f, m, k), a.alpha,
               a.beta);
  }
}

#line 2118 "chapters/07-softmax.nw"
litdnnStatus_t LITDNN_GPU_FN(litdnn_softmax_block_smem)(litdnnHandle_t h, const void *args)
{
  const litdnn_softmax_args *a = (const litdnn_softmax_args *)args;
  const char *call = a->backward ? "litdnnSoftmaxBackward" : "litdnnSoftmaxForward";
  unsigned blocks = a->rows < (int64_t)SOFTMAX_MAX_BLOCKS ? (unsigned)a->rows : SOFTMAX_MAX_BLOCKS;
  softmax_block_smem_kernel<<<blocks, SOFTMAX_THREADS, 0, litdnn_gpu_stream(h)>>>(*a);
  return litdnn_gpu_launch_status(call, "softmax_block_smem_kernel");
}
#line 529 "chapters/07-softmax.nw"
SOFTMAX_FN float softmax_warp_reduce(float v, int op)
{
  for (int k = 16; k > 0; k /= 2) {
    float o = __shfl_xor_sync(0xffffffffu, v, k);
    v = op ? v + o : softmax_max(v, o);
  }
  return v;
}

/* across the block: warps reduce, lane 0s meet in shared memory */
SOFTMAX_FN float softmax_block_reduce(float v, float *buf, int op)
{
  int lane = threadIdx.x % 32, warp = threadIdx.x / 32, warps = blockDim.x / 32;
  v = softmax_warp_reduce(v, op);
  if (lane == 0)
    buf[warp] = v;
  __syncthreads();
  v = lane < warps ? buf[lane] : (op ? 0.0f : -INFINITY);
  v = softmax_warp_reduce(v, op);
  __syncthreads();   /* before buf is reused */
  return v;
}

/* One row, handled by `group` threads (a warp or the block) whose index
   in the group is t; three sweeps, float4 when vec. */
SOFTMAX_FN void softmax_row_three_sweeps(const litdnn_softmax_args *a, int64_t r, int t, int group, int vec,
                               float *buf)
{
  const float *x = a->x + r * a->len;
  const float *dy = a->backward ? a->dy + r * a->len : a->x;
  float *out = a->out + r * a->len;
  int64_t n4 = vec ? a->len / 4 : 0;
  float m = 0.0f, s = 0.0f;
  if (!a->backward && a->algo != LITDNN_SOFTMAX_FAST) {
    m = -INFINITY;
    for (int64_t j = t; j < n4; j += group) {
      float4 v = __ldg((const float4 *)x + j);
      m = softmax_max(softmax_max(v.x, v.y), softmax_max(softmax_max(v.z, v.w), m));
    }
    for (int64_t j = 4 * n4 + t; j < a->len; j += group)
      m = softmax_max(x[j], m);
    m = group == 32 ? softmax_warp_reduce(m, 0) : softmax_block_reduce(m, buf, 0);
  }
  for (int64_t j = t; j < n4; j += group) {
    float4 v = __ldg((const float4 *)x + j);
    if (!a->backward) {
      s += expf(v.x - m) + expf(v.y - m) + expf(v.z - m) + expf(v.w - m);
    } else {
      float4 g = __ldg((const float4 *)dy + j);
      s += a->algo == LITDNN_SOFTMAX_LOG ? (g.x + g.y) + (g.z + g.w)
                                         : (g.x * v.x + g.y * v.y) + (g.z * v.z + g.w * v.w);
    }
  }
  for (int64_t j = 4 * n4 + t; j < a->len; j += group)
    s += !a->backward ? expf(x[j] - m) : a->algo == LITDNN_SOFTMAX_LOG ? dy[j] : dy[j] * x[j];
  s = group == 32 ? softmax_warp_reduce(s, 1) : softmax_block_reduce(s, buf, 1);
  float k = softmax_prepare(a->algo, a->backward, s);
  for (int64_t j = t; j < n4; j += group) {
    float4 v = __ldg((const float4 *)x + j), g, o;
    g = a->backward ? __ldg((const float4 *)dy + j) : v;
    o.x = a->alpha * softmax_finish(a->algo, a->backward, v.x, g.x, m, k);
    o.y = a->alpha * softmax_finish(a->algo, a->backward, v.y, g.y, m, k);
    o.z = a->alpha * softmax_finish(a->algo, a->backward, v.z, g.z, m, k);
    o.w = a->alpha * softmax_finish(a->algo, a->backward, v.w, g.w, m, k);
    if (a->beta != 0.0f) {
      float4 old = *((float4 *)out + j);
      o.x += a->beta * old.x, o.y += a->beta * old.y, o.z += a->beta * old.z, o.w += a->beta * old.w;
    }
    *((float4 *)out + j) = o;
  }
  for (int64_t j = 4 * n4 + t; j < a->len; j += group)
    litdnn_blend_store(out + j, softmax_finish(a->algo, a->backward, x[j], a->backward ? dy[j] : 0.0f, m, k), a->alpha,
             a->beta);
}

#line 2131 "chapters/07-softmax.nw"
static __global__ void softmax_warp_rows_kernel(litdnn_softmax_args a, int vec)
{
  int64_t warps = (int64_t)gridDim.x * (blockDim.x / 32);
  for (int64_t r = (int64_t)blockIdx.x * (blockDim.x / 32) + threadIdx.x / 32; r < a.rows; r += warps)
    softmax_row_three_sweeps(&a, r, threadIdx.x % 32, 32, vec, NULL);
}

static __global__ void softmax_block_rows_kernel(litdnn_softmax_args a, int vec)
{
  __shared__ float buf[32];
  for (int64_t r = blockIdx.x; r < a.rows; r += gridDim.x)
    softmax_row_three_sweeps(&a, r, threadIdx.x, blockDim.x, vec, buf);
}

#line 2149 "chapters/07-softmax.nw"
static int softmax_vec_ok(const litdnn_softmax_args *a)
{
  return a->len % 4 == 0 && (uintptr_t)a->x % 16 == 0 && (uintptr_t)a->out % 16 == 0 &&
         (!a->backward || (uintptr_t)a->dy % 16 == 0);
}

litdnnStatus_t LITDNN_GPU_FN(litdnn_softmax_warp_shuffle)(litdnnHandle_t h, const void *args)
{
  const litdnn_softmax_args *a = (const litdnn_softmax_args *)args;
  const char *call = a->backward ? "litdnnSoftmaxBackward" : "litdnnSoftmaxForward";
  int vec = softmax_vec_ok(a);
  if (a->len <= 1024) {
    int64_t blocks = (a->rows + SOFTMAX_THREADS / 32 - 1) / (SOFTMAX_THREADS / 32);
    softmax_warp_rows_kernel<<<blocks < SOFTMAX_MAX_BLOCKS ? (unsigned)blocks : SOFTMAX_MAX_BLOCKS, SOFTMAX_THREADS, 0, litdnn_gpu_stream(h)>>>(*a, vec);
    return litdnn_gpu_launch_status(call, "softmax_warp_rows_kernel");
  }
  unsigned blocks = a->rows < (int64_t)SOFTMAX_MAX_BLOCKS ? (unsigned)a->rows : SOFTMAX_MAX_BLOCKS;
  softmax_block_rows_kernel<<<blocks, SOFTMAX_THREADS, 0, litdnn_gpu_stream(h)>>>(*a, vec);
  return litdnn_gpu_launch_status(call, "softmax_block_rows_kernel");
}
#line 658 "chapters/07-softmax.nw"
#define SOFTMAX_HELD 32       /* values each thread holds in registers */
#define SOFTMAX_CHUNK (SOFTMAX_HELD * SOFTMAX_THREADS)

/* add one element to a thread's running statistic */
SOFTMAX_FN void softmax_stat_add(const litdnn_softmax_args *a, float *m, float *s, float v, float g)
{
  if (a->backward) {
    *s += a->algo == LITDNN_SOFTMAX_LOG ? g : g * v;
  } else if (a->algo == LITDNN_SOFTMAX_FAST) {
    *s += expf(v);
  } else if (v > *m) {
    *s = *s * expf(*m - v) + 1.0f;
    *m = v;
  } else if (v != -INFINITY) {   /* exp(-inf) adds nothing; NaN goes on into s */
    *s += expf(v - *m);
  }
}

SOFTMAX_FN void softmax_stat_merge(const litdnn_softmax_args *a, float *m, float *s, float m2, float s2)
{
  if (a->backward || a->algo == LITDNN_SOFTMAX_FAST) {
    *s += s2;
    return;
  }
  float big = fmaxf(*m, m2);
  if (big == -INFINITY)          /* both still empty */
    return;
  *s = *s * expf(*m - big) + s2 * expf(m2 - big);
  *m = big;
}

#line 750 "chapters/07-softmax.nw"
SOFTMAX_FN void softmax_stat_warp(const litdnn_softmax_args *a, float *m, float *s)
{
  for (int k = 16; k > 0; k /= 2) {
    float m2 = __shfl_xor_sync(0xffffffffu, *m, k), s2 = __shfl_xor_sync(0xffffffffu, *s, k);
    softmax_stat_merge(a, m, s, m2, s2);
  }
}

SOFTMAX_FN void softmax_stat_block(const litdnn_softmax_args *a, float *m, float *s, float *buf)
{
  int lane = threadIdx.x % 32, warp = threadIdx.x / 32, warps = blockDim.x / 32;
  softmax_stat_warp(a, m, s);
  if (lane == 0) {
    buf[warp] = *m;
    buf[32 + warp] = *s;
  }
  __syncthreads();
  float start = (a->backward || a->algo == LITDNN_SOFTMAX_FAST) ? 0.0f : -INFINITY;
  *m = lane < warps ? buf[lane] : start;
  *s = lane < warps ? buf[32 + lane] : 0.0f;
  softmax_stat_warp(a, m, s);
  __syncthreads();
}

#line 691 "chapters/07-softmax.nw"
/* A row held in registers by `group` threads (a warp or the block). */
/* bwd is a constant at each call, so the forward copy keeps no dy registers */
/* held (<= SOFTMAX_HELD) is a constant at each call too: values beyond it are never used */
SOFTMAX_FN void softmax_row_held(const litdnn_softmax_args *a, int64_t r, int t, int group, float *buf, int bwd,
                       int held)
{
  const float *x = a->x + r * a->len;
  const float *dy = bwd ? a->dy + r * a->len : a->x;
  float *out = a->out + r * a->len;
  float v[SOFTMAX_HELD], g[SOFTMAX_HELD];
  int len = (int)a->len;
  float m = (a->backward || a->algo == LITDNN_SOFTMAX_FAST) ? 0.0f : -INFINITY, s = 0.0f;
LITDNN_UNROLL
  for (int i = 0; i < held; i++) {
    int j = t + i * group;   /* rows held are short: 32-bit indices */
    v[i] = j < len ? __ldg(x + j) : 0.0f;
    g[i] = bwd && j < len ? __ldg(dy + j) : 0.0f;
  }
LITDNN_UNROLL
  for (int i = 0; i < held; i++)
    if (t + i * group < len)
      softmax_stat_add(a, &m, &s, v[i], g[i]);
  if (group == 32)
    softmax_stat_warp(a, &m, &s);
  else
    softmax_stat_block(a, &m, &s, buf);
  float k = softmax_prepare(a->algo, a->backward, s);
LITDNN_UNROLL
  for (int i = 0; i < held; i++) {
    int j = t + i * group;   /* rows held are short: 32-bit indices */
    if (j < len)
      litdnn_blend_store(out + j, softmax_finish(a->algo, a->backward, v[i], g[i], m, k), a->alpha, a->beta);
  }
}

#line 2174 "chapters/07-softmax.nw"
static __global__ void softmax_online_warp_kernel(litdnn_softmax_args a)
{
  int64_t warps = (int64_t)gridDim.x * (blockDim.x / 32);
  for (int64_t r = (int64_t)blockIdx.x * (blockDim.x / 32) + threadIdx.x / 32; r < a.rows; r += warps)
    softmax_row_held(&a, r, threadIdx.x % 32, 32, NULL, 0, SOFTMAX_HELD);
}

static __global__ void softmax_online_warp_backward_kernel(litdnn_softmax_args a)
{
  int64_t warps = (int64_t)gridDim.x * (blockDim.x / 32);
  for (int64_t r = (int64_t)blockIdx.x * (blockDim.x / 32) + threadIdx.x / 32; r < a.rows; r += warps)
    softmax_row_held(&a, r, threadIdx.x % 32, 32, NULL, 1, SOFTMAX_HELD);
}

/* rows of at most 256: eight values a lane, few registers, many warps */
static __global__ void softmax_online_warp8_kernel(litdnn_softmax_args a)
{
  int64_t warps = (int64_t)gridDim.x * (blockDim.x / 32);
  for (int64_t r = (int64_t)blockIdx.x * (blockDim.x / 32) + threadIdx.x / 32; r < a.rows; r += warps)
    softmax_row_held(&a, r, threadIdx.x % 32, 32, NULL, 0, 8);
}

static __global__ void softmax_online_warp8_backward_kernel(litdnn_softmax_args a)
{
  int64_t warps = (int64_t)gridDim.x * (blockDim.x / 32);
  for (int64_t r = (int64_t)blockIdx.x * (blockDim.x / 32) + threadIdx.x / 32; r < a.rows; r += warps)
    softmax_row_held(&a, r, threadIdx.x % 32, 32, NULL, 1, 8);
}

static __global__ void softmax_online_block_kernel(litdnn_softmax_args a)
{
  __shared__ float buf[64];
  for (int64_t r = blockIdx.x; r < a.rows; r += gridDim.x)
    softmax_row_held(&a, r, threadIdx.x, blockDim.x, buf, 0, SOFTMAX_HELD);
}

static __global__ void softmax_online_block_backward_kernel(litdnn_softmax_args a)
{
  __shared__ float buf[64];
  for (int64_t r = blockIdx.x; r < a.rows; r += gridDim.x)
    softmax_row_held(&a, r, threadIdx.x, blockDim.x, buf, 1, SOFTMAX_HELD);
}

#line 778 "chapters/07-softmax.nw"
/* Long rows: block b of the grid takes chunk b % chunks of row
   r0 + b / chunks. The first kernel leaves each chunk's (m, s) in part[]. */
static __global__ void softmax_chunk_stats_kernel(litdnn_softmax_args a, int64_t r0, int64_t chunks, float *part)
{
  __shared__ float buf[64];
  int64_t r = r0 + blockIdx.x / chunks, c = blockIdx.x % chunks;
  int64_t lo = c * SOFTMAX_CHUNK, hi = lo + SOFTMAX_CHUNK < a.len ? lo + SOFTMAX_CHUNK : a.len;
  const float *x = a.x + r * a.len + lo;
  const float *dy = a.backward ? a.dy + r * a.len + lo : x;
  int n = (int)(hi - lo), t = threadIdx.x;
  float v[SOFTMAX_HELD], g[SOFTMAX_HELD];
  /* all loads first: 32 (or 64) independent loads in flight per thread */
LITDNN_UNROLL
  for (int i = 0; i < SOFTMAX_HELD; i++) {
    int j = t + i * SOFTMAX_THREADS;
    v[i] = j < n ? __ldg(x + j) : 0.0f;
    g[i] = a.backward && j < n ? __ldg(dy + j) : 0.0f;
  }
  float m = (a.backward || a.algo == LITDNN_SOFTMAX_FAST) ? 0.0f : -INFINITY, s = 0.0f;
LITDNN_UNROLL
  for (int i = 0; i < SOFTMAX_HELD; i++)
    if (t + i * SOFTMAX_THREADS < n)
      softmax_stat_add(&a, &m, &s, v[i], g[i]);
  softmax_stat_block(&a, &m, &s, buf);
  if (threadIdx.x == 0) {
    part[2 * blockIdx.x] = m;
    part[2 * blockIdx.x + 1] = s;
  }
}

static __global__ void softmax_chunk_write_kernel(litdnn_softmax_args a, int64_t r0, int64_t chunks,
                                             const float *part)
{
  __shared__ float buf[64];
  int64_t row_in_group = blockIdx.x / chunks, c = blockIdx.x % chunks, r = r0 + row_in_group;
  int64_t lo = c * SOFTMAX_CHUNK, hi = lo + SOFTMAX_CHUNK < a.len ? lo + SOFTMAX_CHUNK : a.len;
  const float *x = a.x + r * a.len + lo;
  const float *dy = a.backward ? a.dy + r * a.len + lo : x;
  float *out = a.out + r * a.len + lo;
  int n = (int)(hi - lo), t = threadIdx.x;
  float v[SOFTMAX_HELD], g[SOFTMAX_HELD];
  /* the chunk's loads go out first (served by L2), then the row's partials are merged */
LITDNN_UNROLL
  for (int i = 0; i < SOFTMAX_HELD; i++) {
    int j = t + i * SOFTMAX_THREADS;
    v[i] = j < n ? __ldg(x + j) : 0.0f;
    g[i] = a.backward && j < n ? __ldg(dy + j) : 0.0f;
  }
  float m = (a.backward || a.algo == LITDNN_SOFTMAX_FAST) ? 0.0f : -INFINITY, s = 0.0f;
  for (int64_t i = threadIdx.x; i < chunks; i += blockDim.x)
    softmax_stat_merge(&a, &m, &s, part[2 * (row_in_group * chunks + i)],
                  part[2 * (row_in_group * chunks + i) + 1]);
  softmax_stat_block(&a, &m, &s, buf);
  float k = softmax_prepare(a.algo, a.backward, s);
LITDNN_UNROLL
  for (int i = 0; i < SOFTMAX_HELD; i++) {
    int j = t + i * SOFTMAX_THREADS;
    if (j < n)
      litdnn_blend_store(out + j, softmax_finish(a.algo, a.backward, v[i], g[i], m, k), a.alpha, a.beta);
  }
}

#line 2221 "chapters/07-softmax.nw"
litdnnStatus_t LITDNN_GPU_FN(litdnn_softmax_online)(litdnnHandle_t h, const void *args)
{
  const litdnn_softmax_args *a = (const litdnn_softmax_args *)args;
  const char *call = a->backward ? "litdnnSoftmaxBackward" : "litdnnSoftmaxForward";
  if (a->len <= 32 * SOFTMAX_HELD) {
    int64_t blocks = (a->rows + SOFTMAX_THREADS / 32 - 1) / (SOFTMAX_THREADS / 32);
    unsigned grid = blocks < SOFTMAX_MAX_BLOCKS ? (unsigned)blocks : SOFTMAX_MAX_BLOCKS;
    if (a->len <= 256 && a->backward)
      softmax_online_warp8_backward_kernel<<<grid, SOFTMAX_THREADS, 0, litdnn_gpu_stream(h)>>>(*a);
    else if (a->len <= 256)
      softmax_online_warp8_kernel<<<grid, SOFTMAX_THREADS, 0, litdnn_gpu_stream(h)>>>(*a);
    else if (a->backward)
      softmax_online_warp_backward_kernel<<<grid, SOFTMAX_THREADS, 0, litdnn_gpu_stream(h)>>>(*a);
    else
      softmax_online_warp_kernel<<<grid, SOFTMAX_THREADS, 0, litdnn_gpu_stream(h)>>>(*a);
    return litdnn_gpu_launch_status(call, "softmax_online_warp_kernel");
  }
  if (a->len <= SOFTMAX_CHUNK) {
    unsigned blocks = a->rows < (int64_t)SOFTMAX_MAX_BLOCKS ? (unsigned)a->rows : SOFTMAX_MAX_BLOCKS;
    if (a->backward)
      softmax_online_block_backward_kernel<<<blocks, SOFTMAX_THREADS, 0, litdnn_gpu_stream(h)>>>(*a);
    else
      softmax_online_block_kernel<<<blocks, SOFTMAX_THREADS, 0, litdnn_gpu_stream(h)>>>(*a);
    return litdnn_gpu_launch_status(call, "softmax_online_block_kernel");
  }
  int64_t chunks = (a->len + SOFTMAX_CHUNK - 1) / SOFTMAX_CHUNK;
  int64_t row_bytes = a->len * 4 * (a->backward ? 2 : 1);
  int64_t group = ((int64_t)16 << 20) / row_bytes;
  if (group < 1)
    group = 1;
  if (group > a->rows)
    group = a->rows;
  if (group * chunks > (int64_t)SOFTMAX_MAX_BLOCKS)
    group = SOFTMAX_MAX_BLOCKS / chunks > 0 ? SOFTMAX_MAX_BLOCKS / chunks : 1;
  void *part;
  litdnnStatus_t st = litdnn_workspace(h, call, (size_t)(2 * group * chunks) * sizeof(float), &part);
  if (st != LITDNN_STATUS_SUCCESS)
    return st;
  for (int64_t r0 = 0; r0 < a->rows; r0 += group) {
    int64_t rows = a->rows - r0 < group ? a->rows - r0 : group;
    unsigned blocks = (unsigned)(rows * chunks);
    softmax_chunk_stats_kernel<<<blocks, SOFTMAX_THREADS, 0, litdnn_gpu_stream(h)>>>(*a, r0, chunks, (float *)part);
    if ((st = litdnn_gpu_launch_status(call, "softmax_chunk_stats_kernel")) != LITDNN_STATUS_SUCCESS)
      return st;
    softmax_chunk_write_kernel<<<blocks, SOFTMAX_THREADS, 0, litdnn_gpu_stream(h)>>>(*a, r0, chunks, (const float *)part);
    if ((st = litdnn_gpu_launch_status(call, "softmax_chunk_write_kernel")) != LITDNN_STATUS_SUCCESS)
      return st;
  }
  return LITDNN_STATUS_SUCCESS;
}
#line 863 "chapters/07-softmax.nw"
#define SOFTMAX_TILE 16   /* pixels per block */

static __global__ void softmax_channel_nchw_kernel(litdnn_softmax_args a, int64_t tiles_per_image)
{
  extern __shared__ float tile[];               /* C * SOFTMAX_TILE values (x or y), then dy */
  __shared__ float pm[SOFTMAX_THREADS];
  __shared__ float ps[SOFTMAX_THREADS];
  __shared__ float fm[SOFTMAX_TILE];
  __shared__ float fk[SOFTMAX_TILE];
  int64_t hw = a.h * a.w, n = blockIdx.x / tiles_per_image;
  int64_t p0 = (blockIdx.x % tiles_per_image) * SOFTMAX_TILE;
  int px = threadIdx.x % SOFTMAX_TILE, lane_c = threadIdx.x / SOFTMAX_TILE;   /* 16 channel lanes */
  int valid = p0 + px < hw;
  int64_t base = n * a.c * hw + p0 + px;
  float *tdy = tile + a.c * SOFTMAX_TILE;
  float m = (a.backward || a.algo == LITDNN_SOFTMAX_FAST) ? 0.0f : -INFINITY, s = 0.0f;
LITDNN_UNROLL_BY(4)
  for (int c = lane_c; c < a.c; c += SOFTMAX_THREADS / SOFTMAX_TILE) {
    float v = valid ? __ldg(a.x + base + c * hw) : 0.0f;
    float g = valid && a.backward ? __ldg(a.dy + base + c * hw) : 0.0f;
    tile[c * SOFTMAX_TILE + px] = v;
    if (a.backward)
      tdy[c * SOFTMAX_TILE + px] = g;
    softmax_stat_add(&a, &m, &s, v, g);
  }
  pm[threadIdx.x] = m;
  ps[threadIdx.x] = s;
  __syncthreads();
  if (threadIdx.x < SOFTMAX_TILE) {                   /* one thread per pixel merges */
    float mm = pm[threadIdx.x], ss = ps[threadIdx.x];
    for (int k = 1; k < SOFTMAX_THREADS / SOFTMAX_TILE; k++)
      softmax_stat_merge(&a, &mm, &ss, pm[k * SOFTMAX_TILE + threadIdx.x], ps[k * SOFTMAX_TILE + threadIdx.x]);
    fm[threadIdx.x] = mm;
    fk[threadIdx.x] = softmax_prepare(a.algo, a.backward, ss);
  }
  __syncthreads();
  if (!valid)
    return;
  float mm = fm[px], k = fk[px];
  for (int c = lane_c; c < a.c; c += SOFTMAX_THREADS / SOFTMAX_TILE)
    litdnn_blend_store(a.out + base + c * hw,
             softmax_finish(a.algo, a.backward, tile[c * SOFTMAX_TILE + px], a.backward ? tdy[c * SOFTMAX_TILE + px] : 0.0f,
                       mm, k),
             a.alpha, a.beta);
}

#line 2276 "chapters/07-softmax.nw"
litdnnStatus_t LITDNN_GPU_FN(litdnn_softmax_channel_nchw)(litdnnHandle_t h, const void *args)
{
  const litdnn_softmax_args *a = (const litdnn_softmax_args *)args;
  const char *call = a->backward ? "litdnnSoftmaxBackward" : "litdnnSoftmaxForward";
  int64_t tiles = (a->h * a->w + SOFTMAX_TILE - 1) / SOFTMAX_TILE;
  size_t smem = (size_t)a->c * SOFTMAX_TILE * sizeof(float) * (a->backward ? 2 : 1);
  softmax_channel_nchw_kernel<<<(unsigned)(a->n * tiles), SOFTMAX_THREADS, smem, litdnn_gpu_stream(h)>>>(*a, tiles);
  return litdnn_gpu_launch_status(call, "softmax_channel_nchw_kernel");
}
#line 952 "chapters/07-softmax.nw"
#define SOFTMAX_SMALL_HELD 8          /* values a lane holds */
#define SOFTMAX_SMALL_THREADS 128

SOFTMAX_FN float softmax_group_reduce(float v, int group, int op)
{
  for (int k = group / 2; k > 0; k /= 2) {
    float o = __shfl_xor_sync(0xffffffffu, v, k);
    v = op ? v + o : softmax_max(v, o);
  }
  return v;
}

/* Element slot k of lane t: with float4, slots 4i..4i+3 are one vector. */
SOFTMAX_FN int softmax_small_index(int vec, int t, int group, int k)
{
  return vec ? 4 * (t + group * (k / 4)) + k % 4 : t + group * k;
}

static __global__ void softmax_small_rows_kernel(litdnn_softmax_args a, int group, int vec)
{
  int t = threadIdx.x % group, len = (int)a.len;
  int64_t per_block = blockDim.x / group;
  for (int64_t r0 = (int64_t)blockIdx.x * per_block; r0 < a.rows; r0 += (int64_t)gridDim.x * per_block) {
    int64_t r = r0 + threadIdx.x / group;
    int live = r < a.rows;
    int64_t base = live ? r * a.len : 0;
    const float *x = a.x + base, *dy = a.backward ? a.dy + base : a.x + base;
    float v[SOFTMAX_SMALL_HELD], g[SOFTMAX_SMALL_HELD];
LITDNN_UNROLL
    for (int k = 0; k < SOFTMAX_SMALL_HELD; k += 4) {
      if (vec) {
        int j = softmax_small_index(1, t, group, k);
        float4 f = make_float4(-INFINITY, -INFINITY, -INFINITY, -INFINITY), e = make_float4(0, 0, 0, 0);
        if (live && j < len) {
          f = __ldg((const float4 *)(x + j));
          if (a.backward)
            e = __ldg((const float4 *)(dy + j));
        }
        v[k] = f.x, v[k + 1] = f.y, v[k + 2] = f.z, v[k + 3] = f.w;
        g[k] = e.x, g[k + 1] = e.y, g[k + 2] = e.z, g[k + 3] = e.w;
      } else {
LITDNN_UNROLL
        for (int i = k; i < k + 4; i++) {
          int j = softmax_small_index(0, t, group, i);
          int ok = live && j < len;
          v[i] = ok ? __ldg(x + j) : -INFINITY;
          g[i] = ok && a.backward ? __ldg(dy + j) : 0.0f;
        }
      }
    }
    float m = 0.0f, s = 0.0f;
    if (!a.backward && a.algo != LITDNN_SOFTMAX_FAST) {
      m = -INFINITY;
LITDNN_UNROLL
      for (int k = 0; k < SOFTMAX_SMALL_HELD; k++)
        m = softmax_max(m, v[k]);
      m = softmax_group_reduce(m, group, 0);
    }
LITDNN_UNROLL
    for (int k = 0; k < SOFTMAX_SMALL_HELD; k++)
      if (softmax_small_index(vec, t, group, k) < len)
        s += !a.backward ? expf(v[k] - m) : a.algo == LITDNN_SOFTMAX_LOG ? g[k] : g[k] * v[k];
    s = softmax_group_reduce(s, group, 1);
    float kk = softmax_prepare(a.algo, a.backward, s);
    float *out = a.out + base;
LITDNN_UNROLL
    for (int k = 0; k < SOFTMAX_SMALL_HELD; k++) {
      int j = softmax_small_index(vec, t, group, k);
      if (live && j < len)
        litdnn_blend_store(out + j, softmax_finish(a.algo, a.backward, v[k], g[k], m, kk), a.alpha, a.beta);
    }
  }
}

#line 2290 "chapters/07-softmax.nw"
litdnnStatus_t LITDNN_GPU_FN(litdnn_softmax_small_rows)(litdnnHandle_t h, const void *args)
{
  const litdnn_softmax_args *a = (const litdnn_softmax_args *)args;
  const char *call = a->backward ? "litdnnSoftmaxBackward" : "litdnnSoftmaxForward";
  int group = 1;
  while (group * SOFTMAX_SMALL_HELD < a->len)
    group *= 2;
  int64_t per_block = SOFTMAX_SMALL_THREADS / group, blocks = (a->rows + per_block - 1) / per_block;
  softmax_small_rows_kernel<<<blocks < SOFTMAX_MAX_BLOCKS ? (unsigned)blocks : SOFTMAX_MAX_BLOCKS, SOFTMAX_SMALL_THREADS, 0, litdnn_gpu_stream(h)>>>(*a, group, softmax_vec_ok(a));
  return litdnn_gpu_launch_status(call, "softmax_small_rows_kernel");
}
#line 1087 "chapters/07-softmax.nw"
#define SOFTMAX_CV_HELD 8     /* float4 of channels per thread */

/* Reduce each of a thread's four pixels across the channel lanes. */
SOFTMAX_FN float4 softmax_cv_reduce(float4 v, float4 *red, float *fin, int lanes_c, int groups, int op)
{
  red[threadIdx.x] = v;            /* threadIdx.x = lane * groups + group */
  __syncthreads();
  if ((int)threadIdx.x < 4 * groups) {
    const float *col = (const float *)red + threadIdx.x;   /* pixel threadIdx.x of the tile */
    float r = col[0];
    for (int l = 1; l < lanes_c; l++) {
      float o = col[4 * groups * l];
      r = op ? r + o : softmax_max(r, o);
    }
    fin[threadIdx.x] = r;
  }
  __syncthreads();
  int p = 4 * (threadIdx.x % groups);
  return make_float4(fin[p], fin[p + 1], fin[p + 2], fin[p + 3]);
}

static __global__ void softmax_channel_vec_kernel(litdnn_softmax_args a, int lanes_c, int64_t tiles_per_image)
{
  __shared__ float4 red[SOFTMAX_THREADS];
  __shared__ float fin[SOFTMAX_THREADS];
  int groups = SOFTMAX_THREADS / lanes_c, g = threadIdx.x % groups, l = threadIdx.x / groups;
  int64_t hw = a.h * a.w, n = blockIdx.x / tiles_per_image;
  int64_t p = (blockIdx.x % tiles_per_image) * 4 * groups + 4 * g;
  int valid = p < hw, C = (int)a.c;
  int64_t base = n * a.c * hw + p;
  float4 v[SOFTMAX_CV_HELD], dy[SOFTMAX_CV_HELD];
LITDNN_UNROLL
  for (int i = 0; i < SOFTMAX_CV_HELD; i++) {
    int c = l + lanes_c * i, ok = valid && c < C;
    v[i] = make_float4(-INFINITY, -INFINITY, -INFINITY, -INFINITY);
    dy[i] = make_float4(0.0f, 0.0f, 0.0f, 0.0f);
    if (ok) {
      v[i] = __ldg((const float4 *)(a.x + base + c * hw));
      if (a.backward)
        dy[i] = __ldg((const float4 *)(a.dy + base + c * hw));
    }
  }
  float4 m = make_float4(0.0f, 0.0f, 0.0f, 0.0f), s = m;
  if (!a.backward && a.algo != LITDNN_SOFTMAX_FAST) {
    m = make_float4(-INFINITY, -INFINITY, -INFINITY, -INFINITY);
LITDNN_UNROLL
    for (int i = 0; i < SOFTMAX_CV_HELD; i++) {
      m.x = softmax_max(m.x, v[i].x), m.y = softmax_max(m.y, v[i].y);
      m.z = softmax_max(m.z, v[i].z), m.w = softmax_max(m.w, v[i].w);
    }
    m = softmax_cv_reduce(m, red, fin, lanes_c, groups, 0);
  }
LITDNN_UNROLL
  for (int i = 0; i < SOFTMAX_CV_HELD; i++) {
    if (l + lanes_c * i >= C)
      continue;
    if (!a.backward) {
      s.x += expf(v[i].x - m.x), s.y += expf(v[i].y - m.y);
      s.z += expf(v[i].z - m.z), s.w += expf(v[i].w - m.w);
    } else if (a.algo == LITDNN_SOFTMAX_LOG) {
      s.x += dy[i].x, s.y += dy[i].y, s.z += dy[i].z, s.w += dy[i].w;
    } else {
      s.x += dy[i].x * v[i].x, s.y += dy[i].y * v[i].y, s.z += dy[i].z * v[i].z, s.w += dy[i].w * v[i].w;
    }
  }
  s = softmax_cv_reduce(s, red, fin, lanes_c, groups, 1);
  float4 k;
  k.x = softmax_prepare(a.algo, a.backward, s.x), k.y = softmax_prepare(a.algo, a.backward, s.y);
  k.z = softmax_prepare(a.algo, a.backward, s.z), k.w = softmax_prepare(a.algo, a.backward, s.w);
LITDNN_UNROLL
  for (int i = 0; i < SOFTMAX_CV_HELD; i++) {
    int c = l + lanes_c * i;
    if (!valid || c >= C)
      continue;
    float4 o;
    o.x = a.alpha * softmax_finish(a.algo, a.backward, v[i].x, dy[i].x, m.x, k.x);
    o.y = a.alpha * softmax_finish(a.algo, a.backward, v[i].y, dy[i].y, m.y, k.y);
    o.z = a.alpha * softmax_finish(a.algo, a.backward, v[i].z, dy[i].z, m.z, k.z);
    o.w = a.alpha * softmax_finish(a.algo, a.backward, v[i].w, dy[i].w, m.w, k.w);
    float4 *dst = (float4 *)(a.out + base + c * hw);
    if (a.beta != 0.0f) {
      float4 old = *dst;
      o.x += a.beta * old.x, o.y += a.beta * old.y, o.z += a.beta * old.z, o.w += a.beta * old.w;
    }
    *dst = o;
  }
}

#line 2306 "chapters/07-softmax.nw"
litdnnStatus_t LITDNN_GPU_FN(litdnn_softmax_channel_vec)(litdnnHandle_t h, const void *args)
{
  const litdnn_softmax_args *a = (const litdnn_softmax_args *)args;
  const char *call = a->backward ? "litdnnSoftmaxBackward" : "litdnnSoftmaxForward";
  int lanes_c = 4;
  while (lanes_c * SOFTMAX_CV_HELD < a->c)
    lanes_c *= 2;
  int64_t pixels = 4 * (SOFTMAX_THREADS / lanes_c), tiles = (a->h * a->w + pixels - 1) / pixels;
  softmax_channel_vec_kernel<<<(unsigned)(a->n * tiles), SOFTMAX_THREADS, 0, litdnn_gpu_stream(h)>>>(*a, lanes_c, tiles);
  return litdnn_gpu_launch_status(call, "softmax_channel_vec_kernel");
}
#line 1214 "chapters/07-softmax.nw"
#define SOFTMAX_RV_HELD 8     /* float4 per lane: rows up to 1,024 floats */

SOFTMAX_FN float softmax_max4(float4 v) { return softmax_max(softmax_max(v.x, v.y), softmax_max(v.z, v.w)); }

/* One row of len % 4 == 0 floats held by `group` threads (a warp or the
   block) with index t. bwd and nv are constants at every call, so the
   loops unroll and the forward copy keeps no dy registers. */
SOFTMAX_FN void softmax_row_vec(const litdnn_softmax_args *a, int64_t r, int t, int group, float *buf, int bwd, int nv)
{
  int n4 = (int)(a->len / 4);
  const float4 *x = (const float4 *)(a->x + r * a->len);
  const float4 *dy = (const float4 *)((bwd ? a->dy : a->x) + r * a->len);
  float4 *out = (float4 *)(a->out + r * a->len);
  float4 v[SOFTMAX_RV_HELD], g[SOFTMAX_RV_HELD];
LITDNN_UNROLL
  for (int i = 0; i < nv; i++) {
    int j = t + i * group, ok = j < n4;
    v[i] = ok ? __ldg(x + j) : make_float4(-INFINITY, -INFINITY, -INFINITY, -INFINITY);
    if (bwd)
      g[i] = ok ? __ldg(dy + j) : make_float4(0.0f, 0.0f, 0.0f, 0.0f);
  }
  float m = 0.0f, s = 0.0f;
  if (!bwd && a->algo != LITDNN_SOFTMAX_FAST) {
    m = -INFINITY;
LITDNN_UNROLL
    for (int i = 0; i < nv; i++)
      m = softmax_max(m, softmax_max4(v[i]));
    m = group == 32 ? softmax_warp_reduce(m, 0) : softmax_block_reduce(m, buf, 0);
  }
LITDNN_UNROLL
  for (int i = 0; i < nv; i++) {
    if (t + i * group >= n4)
      continue;
    if (!bwd)
      s += (expf(v[i].x - m) + expf(v[i].y - m)) + (expf(v[i].z - m) + expf(v[i].w - m));
    else if (a->algo == LITDNN_SOFTMAX_LOG)
      s += (g[i].x + g[i].y) + (g[i].z + g[i].w);
    else
      s += (g[i].x * v[i].x + g[i].y * v[i].y) + (g[i].z * v[i].z + g[i].w * v[i].w);
  }
  s = group == 32 ? softmax_warp_reduce(s, 1) : softmax_block_reduce(s, buf, 1);
  float k = softmax_prepare(a->algo, bwd, s);
LITDNN_UNROLL
  for (int i = 0; i < nv; i++) {
    int j = t + i * group;
    if (j >= n4)
      continue;
    float4 o, e = bwd ? g[i] : v[i];
    o.x = a->alpha * softmax_finish(a->algo, bwd, v[i].x, e.x, m, k);
    o.y = a->alpha * softmax_finish(a->algo, bwd, v[i].y, e.y, m, k);
    o.z = a->alpha * softmax_finish(a->algo, bwd, v[i].z, e.z, m, k);
    o.w = a->alpha * softmax_finish(a->algo, bwd, v[i].w, e.w, m, k);
    if (a->beta != 0.0f) {
      float4 old = out[j];
      o.x += a->beta * old.x, o.y += a->beta * old.y, o.z += a->beta * old.z, o.w += a->beta * old.w;
    }
    out[j] = o;
  }
}

#line 2322 "chapters/07-softmax.nw"
SOFTMAX_FN void softmax_rows_vec_warps(const litdnn_softmax_args *a, int bwd, int nv)
{
  int64_t warps = (int64_t)gridDim.x * (blockDim.x / 32);
  for (int64_t r = (int64_t)blockIdx.x * (blockDim.x / 32) + threadIdx.x / 32; r < a->rows; r += warps)
    softmax_row_vec(a, r, threadIdx.x % 32, 32, NULL, bwd, nv);
}

static __global__ void softmax_rows_vec1_kernel(litdnn_softmax_args a) { softmax_rows_vec_warps(&a, 0, 1); }
static __global__ void softmax_rows_vec2_kernel(litdnn_softmax_args a) { softmax_rows_vec_warps(&a, 0, 2); }
static __global__ void softmax_rows_vec4_kernel(litdnn_softmax_args a) { softmax_rows_vec_warps(&a, 0, 4); }
static __global__ void softmax_rows_vec8_kernel(litdnn_softmax_args a) { softmax_rows_vec_warps(&a, 0, 8); }
static __global__ void softmax_rows_vec1_backward_kernel(litdnn_softmax_args a) { softmax_rows_vec_warps(&a, 1, 1); }
static __global__ void softmax_rows_vec2_backward_kernel(litdnn_softmax_args a) { softmax_rows_vec_warps(&a, 1, 2); }
static __global__ void softmax_rows_vec4_backward_kernel(litdnn_softmax_args a) { softmax_rows_vec_warps(&a, 1, 4); }
static __global__ void softmax_rows_vec8_backward_kernel(litdnn_softmax_args a) { softmax_rows_vec_warps(&a, 1, 8); }

/* few rows: a block of SOFTMAX_THREADS per row, one float4 a thread */
static __global__ void softmax_rows_vec_block_kernel(litdnn_softmax_args a)
{
  __shared__ float buf[32];
  for (int64_t r = blockIdx.x; r < a.rows; r += gridDim.x)
    softmax_row_vec(&a, r, threadIdx.x, blockDim.x, buf, 0, 1);
}

static __global__ void softmax_rows_vec_block_backward_kernel(litdnn_softmax_args a)
{
  __shared__ float buf[32];
  for (int64_t r = blockIdx.x; r < a.rows; r += gridDim.x)
    softmax_row_vec(&a, r, threadIdx.x, blockDim.x, buf, 1, 1);
}

/* few rows that are not whole float4s: kernel 4's block path, four values a thread */
static __global__ void softmax_rows_block_scalar_kernel(litdnn_softmax_args a)
{
  __shared__ float buf[64];
  for (int64_t r = blockIdx.x; r < a.rows; r += gridDim.x)
    softmax_row_held(&a, r, threadIdx.x, blockDim.x, buf, 0, 4);
}

static __global__ void softmax_rows_block_scalar_backward_kernel(litdnn_softmax_args a)
{
  __shared__ float buf[64];
  for (int64_t r = blockIdx.x; r < a.rows; r += gridDim.x)
    softmax_row_held(&a, r, threadIdx.x, blockDim.x, buf, 1, 4);
}

litdnnStatus_t LITDNN_GPU_FN(litdnn_softmax_rows_vec)(litdnnHandle_t h, const void *args)
{
  const litdnn_softmax_args *a = (const litdnn_softmax_args *)args;
  const char *call = a->backward ? "litdnnSoftmaxBackward" : "litdnnSoftmaxForward";
  cudaStream_t st = litdnn_gpu_stream(h);
  if (a->rows < 8 * 132 && a->len > 128 && !litdnn_softmax_rows_float4(a)) {
    if (a->backward)
      softmax_rows_block_scalar_backward_kernel<<<(unsigned)a->rows, SOFTMAX_THREADS, 0, st>>>(*a);
    else
      softmax_rows_block_scalar_kernel<<<(unsigned)a->rows, SOFTMAX_THREADS, 0, st>>>(*a);
    return litdnn_gpu_launch_status(call, "softmax_rows_block_scalar_kernel");
  }
  if (a->rows < 8 * 132 && a->len > 128) {   /* a warp each would leave SMs idle */
    unsigned blocks = (unsigned)a->rows;
    if (a->backward)
      softmax_rows_vec_block_backward_kernel<<<blocks, SOFTMAX_THREADS, 0, st>>>(*a);
    else
      softmax_rows_vec_block_kernel<<<blocks, SOFTMAX_THREADS, 0, st>>>(*a);
    return litdnn_gpu_launch_status(call, "softmax_rows_vec_block_kernel");
  }
  int64_t blocks = (a->rows + SOFTMAX_THREADS / 32 - 1) / (SOFTMAX_THREADS / 32);
  unsigned grid = blocks < SOFTMAX_MAX_BLOCKS ? (unsigned)blocks : SOFTMAX_MAX_BLOCKS;
  int nv = (int)((a->len + 127) / 128);
  if (!a->backward) {
    if (nv == 1)
      softmax_rows_vec1_kernel<<<grid, SOFTMAX_THREADS, 0, st>>>(*a);
    else if (nv == 2)
      softmax_rows_vec2_kernel<<<grid, SOFTMAX_THREADS, 0, st>>>(*a);
    else if (nv <= 4)
      softmax_rows_vec4_kernel<<<grid, SOFTMAX_THREADS, 0, st>>>(*a);
    else
      softmax_rows_vec8_kernel<<<grid, SOFTMAX_THREADS, 0, st>>>(*a);
  } else {
    if (nv == 1)
      softmax_rows_vec1_backward_kernel<<<grid, SOFTMAX_THREADS, 0, st>>>(*a);
    else if (nv == 2)
      softmax_rows_vec2_backward_kernel<<<grid, SOFTMAX_THREADS, 0, st>>>(*a);
    else if (nv <= 4)
      softmax_rows_vec4_backward_kernel<<<grid, SOFTMAX_THREADS, 0, st>>>(*a);
    else
      softmax_rows_vec8_backward_kernel<<<grid, SOFTMAX_THREADS, 0, st>>>(*a);
  }
  return litdnn_gpu_launch_status(call, "softmax_rows_vec_kernel");
}
#line 1319 "chapters/07-softmax.nw"
#define SOFTMAX_CT_HELD 8     /* float4 of channels per thread, at most */

SOFTMAX_FN float softmax_combine(float a, float b, int op) { return op ? a + b : softmax_max(a, b); }

/* Reduce each of a thread's four pixels over the channel lanes: the lanes
   inside a warp with shuffles, then one partial per warp through shared
   memory. threadIdx.x = lane * groups + group. */
SOFTMAX_FN float4 softmax_ct_reduce(float4 v, float4 *red, float *fin, int lanes_c, int groups, int op)
{
  int g = threadIdx.x % groups, l = threadIdx.x / groups;
  int per_warp = groups < 32 ? 32 / groups : 1;   /* channel lanes inside one warp */
  for (int k = groups; k < 32; k *= 2) {
    v.x = softmax_combine(v.x, __shfl_xor_sync(0xffffffffu, v.x, k), op);
    v.y = softmax_combine(v.y, __shfl_xor_sync(0xffffffffu, v.y, k), op);
    v.z = softmax_combine(v.z, __shfl_xor_sync(0xffffffffu, v.z, k), op);
    v.w = softmax_combine(v.w, __shfl_xor_sync(0xffffffffu, v.w, k), op);
  }
  if (l % per_warp == 0)
    red[(l / per_warp) * groups + g] = v;
  __syncthreads();
  if ((int)threadIdx.x < 4 * groups) {
    const float *col = (const float *)red + threadIdx.x;   /* pixel threadIdx.x of the tile */
    float r = col[0];
    for (int i = 1; i < lanes_c / per_warp; i++)
      r = softmax_combine(r, col[4 * groups * i], op);
    fin[threadIdx.x] = r;
  }
  __syncthreads();
  return make_float4(fin[4 * g], fin[4 * g + 1], fin[4 * g + 2], fin[4 * g + 3]);
}

SOFTMAX_FN void softmax_channel_tile(const litdnn_softmax_args *a, int lanes_c, float4 *red, float *fin, int bwd, int nv)
{
  int groups = (int)blockDim.x / lanes_c, g = threadIdx.x % groups, l = threadIdx.x / groups;
  int64_t hw = a->h * a->w, p = ((int64_t)blockIdx.x * groups + g) * 4;   /* over all images */
  int valid = p < a->n * hw, C = (int)a->c;
  int64_t img = p / hw, base = img * a->c * hw + (p - img * hw);
  float4 v[SOFTMAX_CT_HELD], dy[SOFTMAX_CT_HELD];
LITDNN_UNROLL
  for (int i = 0; i < nv; i++) {
    int c = l + lanes_c * i, ok = valid && c < C;
    v[i] = ok ? __ldg((const float4 *)(a->x + base + c * hw))
              : make_float4(-INFINITY, -INFINITY, -INFINITY, -INFINITY);
    if (bwd)
      dy[i] = ok ? __ldg((const float4 *)(a->dy + base + c * hw)) : make_float4(0.0f, 0.0f, 0.0f, 0.0f);
  }
  float4 m = make_float4(0.0f, 0.0f, 0.0f, 0.0f), s = m;
  if (!bwd && a->algo != LITDNN_SOFTMAX_FAST) {
    m = make_float4(-INFINITY, -INFINITY, -INFINITY, -INFINITY);
LITDNN_UNROLL
    for (int i = 0; i < nv; i++) {
      m.x = softmax_max(m.x, v[i].x), m.y = softmax_max(m.y, v[i].y);
      m.z = softmax_max(m.z, v[i].z), m.w = softmax_max(m.w, v[i].w);
    }
    m = softmax_ct_reduce(m, red, fin, lanes_c, groups, 0);
  }
LITDNN_UNROLL
  for (int i = 0; i < nv; i++) {
    if (l + lanes_c * i >= C)
      continue;
    if (!bwd) {
      s.x += expf(v[i].x - m.x), s.y += expf(v[i].y - m.y);
      s.z += expf(v[i].z - m.z), s.w += expf(v[i].w - m.w);
    } else if (a->algo == LITDNN_SOFTMAX_LOG) {
      s.x += dy[i].x, s.y += dy[i].y, s.z += dy[i].z, s.w += dy[i].w;
    } else {
      s.x += dy[i].x * v[i].x, s.y += dy[i].y * v[i].y, s.z += dy[i].z * v[i].z, s.w += dy[i].w * v[i].w;
    }
  }
  s = softmax_ct_reduce(s, red, fin, lanes_c, groups, 1);
  float4 k;
  k.x = softmax_prepare(a->algo, bwd, s.x), k.y = softmax_prepare(a->algo, bwd, s.y);
  k.z = softmax_prepare(a->algo, bwd, s.z), k.w = softmax_prepare(a->algo, bwd, s.w);
LITDNN_UNROLL
  for (int i = 0; i < nv; i++) {
    int c = l + lanes_c * i;
    if (!valid || c >= C)
      continue;
    float4 o, e = bwd ? dy[i] : v[i];
    o.x = a->alpha * softmax_finish(a->algo, bwd, v[i].x, e.x, m.x, k.x);
    o.y = a->alpha * softmax_finish(a->algo, bwd, v[i].y, e.y, m.y, k.y);
    o.z = a->alpha * softmax_finish(a->algo, bwd, v[i].z, e.z, m.z, k.z);
    o.w = a->alpha * softmax_finish(a->algo, bwd, v[i].w, e.w, m.w, k.w);
    float4 *dst = (float4 *)(a->out + base + c * hw);
    if (a->beta != 0.0f) {
      float4 old = *dst;
      o.x += a->beta * old.x, o.y += a->beta * old.y, o.z += a->beta * old.z, o.w += a->beta * old.w;
    }
    *dst = o;
  }
}

#line 2417 "chapters/07-softmax.nw"
static __global__ void softmax_channel_tile2_kernel(litdnn_softmax_args a, int lanes_c)
{
  __shared__ float4 red[SOFTMAX_THREADS];
  __shared__ float fin[SOFTMAX_THREADS];
  softmax_channel_tile(&a, lanes_c, red, fin, 0, 2);
}

static __global__ void softmax_channel_tile4_kernel(litdnn_softmax_args a, int lanes_c)
{
  __shared__ float4 red[SOFTMAX_THREADS];
  __shared__ float fin[SOFTMAX_THREADS];
  softmax_channel_tile(&a, lanes_c, red, fin, 0, 4);
}

static __global__ void __launch_bounds__(SOFTMAX_THREADS, 4) softmax_channel_tile8_kernel(litdnn_softmax_args a, int lanes_c)
{
  __shared__ float4 red[SOFTMAX_THREADS];
  __shared__ float fin[SOFTMAX_THREADS];
  softmax_channel_tile(&a, lanes_c, red, fin, 0, 8);
}

static __global__ void softmax_channel_tile2_backward_kernel(litdnn_softmax_args a, int lanes_c)
{
  __shared__ float4 red[SOFTMAX_THREADS];
  __shared__ float fin[SOFTMAX_THREADS];
  softmax_channel_tile(&a, lanes_c, red, fin, 1, 2);
}

static __global__ void softmax_channel_tile4_backward_kernel(litdnn_softmax_args a, int lanes_c)
{
  __shared__ float4 red[SOFTMAX_THREADS];
  __shared__ float fin[SOFTMAX_THREADS];
  softmax_channel_tile(&a, lanes_c, red, fin, 1, 4);
}

static __global__ void softmax_channel_tile8_backward_kernel(litdnn_softmax_args a, int lanes_c)
{
  __shared__ float4 red[SOFTMAX_THREADS];
  __shared__ float fin[SOFTMAX_THREADS];
  softmax_channel_tile(&a, lanes_c, red, fin, 1, 8);
}

litdnnStatus_t LITDNN_GPU_FN(litdnn_softmax_channel_tile)(litdnnHandle_t h, const void *args)
{
  const litdnn_softmax_args *a = (const litdnn_softmax_args *)args;
  const char *call = a->backward ? "litdnnSoftmaxBackward" : "litdnnSoftmaxForward";
  int lanes_c = 4;
  while (lanes_c * SOFTMAX_CT_HELD < a->c)
    lanes_c *= 2;
  int nv = a->c <= 2 * lanes_c ? 2 : a->c <= 4 * lanes_c ? 4 : 8;
  int64_t px = a->n * a->h * a->w;
  int threads = SOFTMAX_THREADS;   /* small problems: halve the block while the grid misses SMs */
  while (threads > 64 && threads / lanes_c >= 2 && (px + 4 * (threads / lanes_c) - 1) / (4 * (threads / lanes_c)) < 132)
    threads /= 2;
  int64_t pixels = 4 * (threads / lanes_c);
  unsigned blocks = (unsigned)((px + pixels - 1) / pixels);
  cudaStream_t st = litdnn_gpu_stream(h);
  if (!a->backward) {
    if (nv == 2)
      softmax_channel_tile2_kernel<<<blocks, threads, 0, st>>>(*a, lanes_c);
    else if (nv == 4)
      softmax_channel_tile4_kernel<<<blocks, threads, 0, st>>>(*a, lanes_c);
    else
      softmax_channel_tile8_kernel<<<blocks, threads, 0, st>>>(*a, lanes_c);
  } else {
    if (nv == 2)
      softmax_channel_tile2_backward_kernel<<<blocks, threads, 0, st>>>(*a, lanes_c);
    else if (nv == 4)
      softmax_channel_tile4_backward_kernel<<<blocks, threads, 0, st>>>(*a, lanes_c);
    else
      softmax_channel_tile8_backward_kernel<<<blocks, threads, 0, st>>>(*a, lanes_c);
  }
  return litdnn_gpu_launch_status(call, "softmax_channel_tile_kernel");
}
#line 1479 "chapters/07-softmax.nw"
#define SOFTMAX_SHORT_HELD 4     /* values a lane holds: rows up to 128 */
#define SOFTMAX_SHORT_HELD_MAX 8 /* scalar rows of 65 to 128: 16 lanes of 8 */

SOFTMAX_FN void softmax_short_rows(const litdnn_softmax_args *a, int group, int bwd, int vec, int held)
{
  int t = threadIdx.x % group, len = (int)a->len;
  int64_t per_block = blockDim.x / group, step = (int64_t)gridDim.x * per_block;
  for (int64_t r0 = (int64_t)blockIdx.x * per_block; r0 < a->rows; r0 += step) {
    int64_t r = r0 + threadIdx.x / group;
    int live = r < a->rows;
    int64_t base = live ? r * len : 0;
    const float *x = a->x + base, *dy = (bwd ? a->dy : a->x) + base;
    float *out = a->out + base;
    float v[SOFTMAX_SHORT_HELD_MAX], g[SOFTMAX_SHORT_HELD_MAX];
    int ok[SOFTMAX_SHORT_HELD_MAX];
    if (vec) {   /* lane t holds the float4 4t .. 4t+3 */
      int in = live && 4 * t < len;
      float4 f = make_float4(-INFINITY, -INFINITY, -INFINITY, -INFINITY), e = make_float4(0, 0, 0, 0);
      if (in) {
        f = __ldg((const float4 *)x + t);
        if (bwd)
          e = __ldg((const float4 *)dy + t);
      }
      v[0] = f.x, v[1] = f.y, v[2] = f.z, v[3] = f.w;
      g[0] = e.x, g[1] = e.y, g[2] = e.z, g[3] = e.w;
LITDNN_UNROLL
      for (int k = 0; k < SOFTMAX_SHORT_HELD; k++)
        ok[k] = in;
    } else {     /* lane t holds t, t + G, ..., t + (held - 1) G */
LITDNN_UNROLL
      for (int k = 0; k < held; k++) {
        int j = t + group * k;
        ok[k] = live && j < len;
        v[k] = ok[k] ? __ldg(x + j) : -INFINITY;
        g[k] = ok[k] && bwd ? __ldg(dy + j) : 0.0f;
      }
    }
    float m = 0.0f, s = 0.0f;
    if (!bwd) {
      if (a->algo != LITDNN_SOFTMAX_FAST) {
        m = v[0];
LITDNN_UNROLL
        for (int k = 1; k < held; k++)
          m = softmax_max(m, v[k]);
        m = softmax_group_reduce(m, group, 0);
      }
LITDNN_UNROLL
      for (int k = 0; k < held; k++) {
        g[k] = ok[k] ? expf(v[k] - m) : 0.0f;   /* forward: g holds e^(x - m) */
        s += g[k];
      }
    } else {
LITDNN_UNROLL
      for (int k = 0; k < held; k++)
        s += !ok[k] ? 0.0f : a->algo == LITDNN_SOFTMAX_LOG ? g[k] : g[k] * v[k];
    }
    s = softmax_group_reduce(s, group, 1);
    float kk = softmax_prepare(a->algo, bwd, s), o[SOFTMAX_SHORT_HELD_MAX];
LITDNN_UNROLL
    for (int k = 0; k < held; k++) {
      if (!bwd)
        o[k] = a->alpha * (a->algo == LITDNN_SOFTMAX_LOG ? (v[k] - m) - kk : g[k] * kk);
      else
        o[k] = a->alpha * softmax_finish(a->algo, 1, v[k], g[k], m, kk);
    }
    if (vec) {
      if (ok[0]) {
        float4 w = make_float4(o[0], o[1], o[2], o[3]);
        if (a->beta != 0.0f) {
          float4 old = ((float4 *)out)[t];
          w.x += a->beta * old.x, w.y += a->beta * old.y, w.z += a->beta * old.z, w.w += a->beta * old.w;
        }
        ((float4 *)out)[t] = w;
      }
    } else {
LITDNN_UNROLL
      for (int k = 0; k < held; k++)
        if (ok[k])
          out[t + group * k] = a->beta != 0.0f ? o[k] + a->beta * out[t + group * k] : o[k];
    }
  }
}

#line 2496 "chapters/07-softmax.nw"
static __global__ void softmax_short_rows_kernel(litdnn_softmax_args a, int group) { softmax_short_rows(&a, group, 0, 0, 4); }
static __global__ void softmax_short_rows8_kernel(litdnn_softmax_args a, int group) { softmax_short_rows(&a, group, 0, 0, 8); }
static __global__ void softmax_short_rows_vec_kernel(litdnn_softmax_args a, int group) { softmax_short_rows(&a, group, 0, 1, 4); }
static __global__ void softmax_short_rows_backward_kernel(litdnn_softmax_args a, int group)
{
  softmax_short_rows(&a, group, 1, 0, 4);
}
static __global__ void softmax_short_rows8_backward_kernel(litdnn_softmax_args a, int group)
{
  softmax_short_rows(&a, group, 1, 0, 8);
}
static __global__ void softmax_short_rows_vec_backward_kernel(litdnn_softmax_args a, int group)
{
  softmax_short_rows(&a, group, 1, 1, 4);
}

litdnnStatus_t LITDNN_GPU_FN(litdnn_softmax_short_rows)(litdnnHandle_t h, const void *args)
{
  const litdnn_softmax_args *a = (const litdnn_softmax_args *)args;
  const char *call = a->backward ? "litdnnSoftmaxBackward" : "litdnnSoftmaxForward";
  int vec = litdnn_softmax_rows_float4(a);
  int held = !vec && a->len > 16 * SOFTMAX_SHORT_HELD ? SOFTMAX_SHORT_HELD_MAX : SOFTMAX_SHORT_HELD, group = 1;
  while (group * held < a->len)
    group *= 2;
  int threads = 128;   /* halve the block while the grid is under two blocks an SM */
  while (threads > 32 && (a->rows * group + threads - 1) / threads < 2 * 132)
    threads /= 2;
  int64_t per_block = threads / group, blocks = (a->rows + per_block - 1) / per_block;
  unsigned grid = blocks < SOFTMAX_MAX_BLOCKS ? (unsigned)blocks : SOFTMAX_MAX_BLOCKS;
  cudaStream_t st = litdnn_gpu_stream(h);
  if (!a->backward) {
    if (vec)
      softmax_short_rows_vec_kernel<<<grid, threads, 0, st>>>(*a, group);
    else if (held == SOFTMAX_SHORT_HELD_MAX)
      softmax_short_rows8_kernel<<<grid, threads, 0, st>>>(*a, group);
    else
      softmax_short_rows_kernel<<<grid, threads, 0, st>>>(*a, group);
  } else {
    if (vec)
      softmax_short_rows_vec_backward_kernel<<<grid, threads, 0, st>>>(*a, group);
    else if (held == SOFTMAX_SHORT_HELD_MAX)
      softmax_short_rows8_backward_kernel<<<grid, threads, 0, st>>>(*a, group);
    else
      softmax_short_rows_backward_kernel<<<grid, threads, 0, st>>>(*a, group);
  }
  return litdnn_gpu_launch_status(call, "softmax_short_rows_kernel");
}
