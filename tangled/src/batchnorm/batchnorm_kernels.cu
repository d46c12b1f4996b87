#line 2334 "chapters/08-normalization.nw"
#include "core/prelude.cuh"
#include "batchnorm/batchnorm.h"
#include "batchnorm/batchnorm_stages.h"
#include <string.h>
#include <stdint.h>

#line 845 "chapters/08-normalization.nw"
#define BATCHNORM_THREADS 256

typedef struct {
  float n, mean, m2;
} batchnorm_welford;

static __device__ inline int64_t batchnorm_min64(int64_t a, int64_t b) { return a < b ? a : b; }

static __device__ inline void batchnorm_welford_add(batchnorm_welford *w, float v)
{
  w->n += 1.0f;
  float d = v - w->mean;
  w->mean += d / w->n;
  w->m2 += d * (v - w->mean);
}

/* Chan's merge of (nb, mb, m2b) into w */
static __device__ inline void batchnorm_welford_merge(batchnorm_welford *w, float nb, float mb, float m2b)
{
  if (nb == 0.0f)
    return;
  float n = w->n + nb, d = mb - w->mean, r = nb / n;
  w->mean += d * r;
  w->m2 += m2b + d * d * w->n * r;
  w->n = n;
}

static __device__ inline void batchnorm_welford_add4(batchnorm_welford *w, float4 v)
{
  float mb = 0.25f * ((v.x + v.y) + (v.z + v.w));
  float a = v.x - mb, b = v.y - mb, c = v.z - mb, d = v.w - mb;
  batchnorm_welford_merge(w, 4.0f, mb, (a * a + b * b) + (c * c + d * d));
}

/* Merge the states of a warp's 32 lanes into lane 0's: each step merges the state of
   lane + delta into the lane's, so that after delta = 1 lane 0 holds them all */
static __device__ inline void batchnorm_warp_welford(batchnorm_welford *w)
{
  for (int delta = 16; delta > 0; delta /= 2) {
    float n = __shfl_down_sync(0xffffffffu, w->n, delta);
    float m = __shfl_down_sync(0xffffffffu, w->mean, delta);
    float q = __shfl_down_sync(0xffffffffu, w->m2, delta);
    batchnorm_welford_merge(w, n, m, q);
  }
}

/* Merge every thread's w into all threads' w (blockDim.x a multiple of 32, at most 1024):
   each warp by shuffles, the warps' results by warp 0, two barriers in all */
static __device__ void batchnorm_block_welford(batchnorm_welford *w, float *sn, float *sm, float *sq)
{
  int t = threadIdx.x, lane = t & 31, warp = t >> 5, warps = blockDim.x >> 5;
  batchnorm_warp_welford(w);
  if (lane == 0) {
    sn[warp] = w->n;
    sm[warp] = w->mean;
    sq[warp] = w->m2;
  }
  __syncthreads();
  if (warp == 0) {
    batchnorm_welford v;
    v.n = lane < warps ? sn[lane] : 0.0f;
    v.mean = lane < warps ? sm[lane] : 0.0f;
    v.m2 = lane < warps ? sq[lane] : 0.0f;
    batchnorm_warp_welford(&v);
    if (lane == 0) {
      sn[32] = v.n;
      sm[32] = v.mean;
      sq[32] = v.m2;
    }
  }
  __syncthreads();
  w->n = sn[32];
  w->mean = sm[32];
  w->m2 = sq[32];
  __syncthreads(); /* the arrays may be reused at once */
}

/* y = alpha * v + beta * y, reading y only when beta != 0 */
static __device__ inline void batchnorm_store(float *y, float v, float alpha, float beta)
{
  *y = beta != 0.0f ? alpha * v + beta * *y : alpha * v;
}
#line 941 "chapters/08-normalization.nw"
/* 1 / sqrt(var + eps), the one formula every kernel uses for the inverse standard deviation */
static __device__ inline float batchnorm_invstd(const litdnn_batchnorm_args *a, float var)
{
  return 1.0f / sqrtf(var + (float)a->eps);
}

/* the same, with the feature's running averages already loaded into rm and rv (a kernel
   that loads them early, before it needs them, so that their latency overlaps other work) */
static __device__ void batchnorm_finish_feature_loaded(const litdnn_batchnorm_args *a, int64_t f, float mean, float var,
                                                float rm, float rv, float *invstd_out)
{
  float invstd = batchnorm_invstd(a, var);
  int64_t m = litdnn_batchnorm_per_feature(a);
  if (a->run_mean) {
    float unbiased = m > 1 ? var * ((float)m / (float)(m - 1)) : var;
    float phi = (float)a->factor;
    a->run_mean[f] = (1.0f - phi) * rm + phi * mean;
    a->run_var[f] = (1.0f - phi) * rv + phi * unbiased;
  }
  if (a->save_mean) {
    a->save_mean[f] = mean;
    a->save_invstd[f] = invstd;
  }
  *invstd_out = invstd;
}

static __device__ void batchnorm_finish_feature(const litdnn_batchnorm_args *a, int64_t f, float mean,
                                         float var, float *invstd_out)
{
  float rm = a->run_mean ? a->run_mean[f] : 0.0f, rv = a->run_mean ? a->run_var[f] : 0.0f;
  batchnorm_finish_feature_loaded(a, f, mean, var, rm, rv, invstd_out);
}
#line 1294 "chapters/08-normalization.nw"
/* advance a (row, col) position by blockDim units in runs of L units */
static __device__ inline void batchnorm_step(int64_t *row, int64_t *col, int64_t drow, int64_t dcol, int64_t L)
{
  *col += dcol;
  *row += drow;
  if (*col >= L) {
    *col -= L;
    *row += 1;
  }
}
#line 1243 "chapters/08-normalization.nw"
typedef struct {
  int layout, vec;
  int64_t features, rows, L;   /* planes: rows = n, L = units per run;
                                  rows: rows = M, L = feature units per row */
  int64_t splits, rows_per_split;
  int64_t groups, fx, ry, ry_pow2; /* rows layout: thread arrangement */
  int64_t tiles;
} batchnorm_plan;

#define BATCHNORM_TARGET_BLOCKS 2048

static batchnorm_plan batchnorm_make_plan(const litdnn_batchnorm_args *a, int layout, int backward)
{
  batchnorm_plan p;
  int64_t n = a->dims[0], c = a->dims[1], hw = a->dims[2] * a->dims[3];
  memset(&p, 0, sizeof p);
  p.layout = layout;
  p.features = litdnn_batchnorm_features(a);
  p.vec = litdnn_batchnorm_vec4(a, layout, backward);
  if (layout == LITDNN_BN_PLANES) {
    p.L = p.vec ? hw / 4 : hw;
    p.rows = n;
    /* enough tiles for BATCHNORM_TARGET_BLOCKS blocks, but at least ~1024 units each */
    int64_t splits = (BATCHNORM_TARGET_BLOCKS + c - 1) / c, most = n * p.L / 1024;
    if (splits > most) splits = most;
    if (splits > n) splits = n;
    if (splits < 1) splits = 1;
    p.rows_per_split = (n + splits - 1) / splits;
  } else {
    p.L = p.vec ? p.features / 4 : p.features;
    p.rows = litdnn_batchnorm_per_feature(a);
    p.fx = p.L < 32 ? p.L : 32;
    p.ry = BATCHNORM_THREADS / p.fx;
    for (p.ry_pow2 = 1; p.ry_pow2 < p.ry; p.ry_pow2 *= 2)
      ;
    p.groups = (p.L + p.fx - 1) / p.fx;
    int64_t splits = (BATCHNORM_TARGET_BLOCKS + p.groups - 1) / p.groups, most = p.rows / (4 * p.ry);
    if (splits > most) splits = most;
    if (splits < 1) splits = 1;
    p.rows_per_split = (p.rows + splits - 1) / splits;
  }
  p.splits = (p.rows + p.rows_per_split - 1) / p.rows_per_split;
  p.tiles = (layout == LITDNN_BN_PLANES ? p.features : p.groups) * p.splits;
  return p;
}
#line 989 "chapters/08-normalization.nw"
static __global__ void batchnorm_training_thread_per_feature(litdnn_batchnorm_args a)
{
  int64_t f = (int64_t)blockIdx.x * blockDim.x + threadIdx.x;
  if (f >= litdnn_batchnorm_features(&a))
    return;
  int64_t m = litdnn_batchnorm_per_feature(&a);
  batchnorm_welford w;
  w.n = 0.0f;
  w.mean = 0.0f;
  w.m2 = 0.0f;
  for (int64_t r = 0; r < m; r++)
    batchnorm_welford_add(&w, a.x[litdnn_batchnorm_offset(&a, a.xs, f, r)]);
  float invstd;
  batchnorm_finish_feature(&a, f, w.mean, w.m2 / w.n, &invstd);
  float k = a.scale[f] * invstd;
  for (int64_t r = 0; r < m; r++) {
    float xv = a.x[litdnn_batchnorm_offset(&a, a.xs, f, r)];
    batchnorm_store(&a.y[litdnn_batchnorm_offset(&a, a.ys, f, r)], k * (xv - w.mean) + a.bias[f], a.alpha, a.beta);
  }
}

/* This thread's share (rows r0, r0 + step, ...) of Welford over x - shift,
   shift the feature's first value; returns the shift. See below. */
static __device__ inline float batchnorm_welford_shifted(const litdnn_batchnorm_args *a, int64_t f, int64_t r0, int64_t step,
                                                  batchnorm_welford *w)
{
  int64_t m = litdnn_batchnorm_per_feature(a);
  float shift = a->x[litdnn_batchnorm_offset(a, a->xs, f, 0)];
  w->n = 0.0f;
  w->mean = 0.0f;
  w->m2 = 0.0f;
  for (int64_t r = r0; r < m; r += step)
    batchnorm_welford_add(w, a->x[litdnn_batchnorm_offset(a, a->xs, f, r)] - shift);
  return shift;
}

static __global__ void batchnorm_backward_thread_per_feature(litdnn_batchnorm_args a)
{
  int64_t f = (int64_t)blockIdx.x * blockDim.x + threadIdx.x;
  if (f >= litdnn_batchnorm_features(&a))
    return;
  int64_t m = litdnn_batchnorm_per_feature(&a);
  /* statistics of x - shift, shift the feature's first value: see below */
  float shift = 0.0f, mean, invstd;
  if (a.mean_in) {
    mean = a.mean_in[f];
    invstd = a.var_in[f];
  } else {
    batchnorm_welford w;
    shift = batchnorm_welford_shifted(&a, f, 0, 1, &w);
    mean = w.mean;
    invstd = batchnorm_invstd(&a, w.m2 / w.n);
  }
  float sum_dy = 0.0f, sum_dy_xmu = 0.0f, resid = 0.0f;
  for (int64_t r = 0; r < m; r++) {
    float dy = a.dy[litdnn_batchnorm_offset(&a, a.dys, f, r)];
    float xc = (a.x[litdnn_batchnorm_offset(&a, a.xs, f, r)] - shift) - mean;
    sum_dy += dy;
    sum_dy_xmu += dy * xc;
    resid += xc;
  }
  if (!a.mean_in) {   /* what the serial Welford mean missed: see below */
    float miss = resid / (float)m;
    mean += miss;
    sum_dy_xmu -= miss * sum_dy;
  }
  float dscale = sum_dy_xmu * invstd, k = a.scale[f] * invstd, inv_m = 1.0f / (float)m;
  for (int64_t r = 0; r < m; r++) {
    float dy = a.dy[litdnn_batchnorm_offset(&a, a.dys, f, r)];
    float xhat = ((a.x[litdnn_batchnorm_offset(&a, a.xs, f, r)] - shift) - mean) * invstd;
    batchnorm_store(&a.y[litdnn_batchnorm_offset(&a, a.ys, f, r)],
             k * (dy - sum_dy * inv_m - xhat * dscale * inv_m), a.alpha, a.beta);
  }
  batchnorm_store(&a.dscale[f], dscale, a.alpha_p, a.beta_p);
  batchnorm_store(&a.dbias[f], sum_dy, a.alpha_p, a.beta_p);
}

static __global__ void batchnorm_inference_thread_per_element(litdnn_batchnorm_args a)
{
  int64_t m = litdnn_batchnorm_per_feature(&a), total = litdnn_batchnorm_features(&a) * m;
  for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < total;
       i += (int64_t)gridDim.x * blockDim.x) {
    int64_t f = i / m, r = i % m;
    float k = a.scale[f] / sqrtf(a.var_in[f] + (float)a.eps);
    float xv = a.x[litdnn_batchnorm_offset(&a, a.xs, f, r)];
    batchnorm_store(&a.y[litdnn_batchnorm_offset(&a, a.ys, f, r)], k * (xv - a.mean_in[f]) + a.bias[f],
             a.alpha, a.beta);
  }
}
#line 1107 "chapters/08-normalization.nw"
static __global__ void batchnorm_training_block_per_feature(litdnn_batchnorm_args a)
{
  __shared__ float sn[BATCHNORM_THREADS];
  __shared__ float sm[BATCHNORM_THREADS];
  __shared__ float sq[BATCHNORM_THREADS];
  __shared__ float coef[2];
  int64_t f = blockIdx.x, m = litdnn_batchnorm_per_feature(&a);
  batchnorm_welford w;
  w.n = 0.0f;
  w.mean = 0.0f;
  w.m2 = 0.0f;
  for (int64_t r = threadIdx.x; r < m; r += blockDim.x)
    batchnorm_welford_add(&w, a.x[litdnn_batchnorm_offset(&a, a.xs, f, r)]);
  batchnorm_block_welford(&w, sn, sm, sq);
  if (threadIdx.x == 0) {
    float invstd;
    batchnorm_finish_feature(&a, f, w.mean, w.m2 / w.n, &invstd);
    coef[0] = a.scale[f] * invstd;
    coef[1] = a.bias[f];
  }
  __syncthreads();
  for (int64_t r = threadIdx.x; r < m; r += blockDim.x) {
    float xv = a.x[litdnn_batchnorm_offset(&a, a.xs, f, r)];
    batchnorm_store(&a.y[litdnn_batchnorm_offset(&a, a.ys, f, r)], coef[0] * (xv - w.mean) + coef[1], a.alpha,
             a.beta);
  }
}

static __global__ void batchnorm_backward_block_per_feature(litdnn_batchnorm_args a)
{
  __shared__ float sn[BATCHNORM_THREADS];
  __shared__ float sm[BATCHNORM_THREADS];
  __shared__ float sq[BATCHNORM_THREADS];
  int64_t f = blockIdx.x, m = litdnn_batchnorm_per_feature(&a);
  /* statistics of x - shift, shift the feature's first value, as in the
     thread-per-feature kernel */
  float shift = 0.0f, mean, invstd;
  batchnorm_welford w;
  if (a.mean_in) {
    mean = a.mean_in[f];
    invstd = a.var_in[f];
  } else {
    shift = batchnorm_welford_shifted(&a, f, threadIdx.x, blockDim.x, &w);
    batchnorm_block_welford(&w, sn, sm, sq);
    mean = w.mean;
    invstd = batchnorm_invstd(&a, w.m2 / w.n);
  }
  /* two sums share the tree: sum dy in sn, sum dy (x - mean) in sm */
  float s0 = 0.0f, s1 = 0.0f;
  for (int64_t r = threadIdx.x; r < m; r += blockDim.x) {
    float dy = a.dy[litdnn_batchnorm_offset(&a, a.dys, f, r)];
    s0 += dy;
    s1 += dy * ((a.x[litdnn_batchnorm_offset(&a, a.xs, f, r)] - shift) - mean);
  }
  int t = threadIdx.x;
  sn[t] = s0;
  sm[t] = s1;
  __syncthreads();
  for (int half = blockDim.x / 2; half > 0; half /= 2) {
    if (t < half) {
      sn[t] += sn[t + half];
      sm[t] += sm[t + half];
    }
    __syncthreads();
  }
  float sum_dy = sn[0], dscale = sm[0] * invstd, k = a.scale[f] * invstd, inv_m = 1.0f / (float)m;
  for (int64_t r = threadIdx.x; r < m; r += blockDim.x) {
    float dy = a.dy[litdnn_batchnorm_offset(&a, a.dys, f, r)];
    float xhat = ((a.x[litdnn_batchnorm_offset(&a, a.xs, f, r)] - shift) - mean) * invstd;
    batchnorm_store(&a.y[litdnn_batchnorm_offset(&a, a.ys, f, r)],
             k * (dy - sum_dy * inv_m - xhat * dscale * inv_m), a.alpha, a.beta);
  }
  if (t == 0) {
    batchnorm_store(&a.dscale[f], dscale, a.alpha_p, a.beta_p);
    batchnorm_store(&a.dbias[f], sum_dy, a.alpha_p, a.beta_p);
  }
}
#line 1316 "chapters/08-normalization.nw"
static __global__ void batchnorm_planes_stats(litdnn_batchnorm_args a, batchnorm_plan p, float *partial)
{
  __shared__ float sn[BATCHNORM_THREADS];
  __shared__ float sm[BATCHNORM_THREADS];
  __shared__ float sq[BATCHNORM_THREADS];
  int64_t c = blockIdx.x / p.splits, s = blockIdx.x % p.splits;
  int64_t n0 = s * p.rows_per_split, n1 = batchnorm_min64(n0 + p.rows_per_split, p.rows);
  int64_t L = p.L, run = p.features * L, units = (n1 - n0) * L;
  int64_t row = n0 + threadIdx.x / L, col = threadIdx.x % L;
  int64_t drow = blockDim.x / L, dcol = blockDim.x % L;
  const float4 *x4 = (const float4 *)a.x;
  batchnorm_welford w;
  w.n = 0.0f;
  w.mean = 0.0f;
  w.m2 = 0.0f;
  for (int64_t u = threadIdx.x; u < units; u += 2 * (int64_t)blockDim.x) {
    int64_t i0 = row * run + c * L + col;
    batchnorm_step(&row, &col, drow, dcol, L);
    int64_t i1 = row * run + c * L + col;
    int second = u + blockDim.x < units;
    batchnorm_step(&row, &col, drow, dcol, L);
    if (p.vec) {
      float4 v0 = x4[i0], v1;
      if (second)
        v1 = x4[i1];
      batchnorm_welford_add4(&w, v0);
      if (second)
        batchnorm_welford_add4(&w, v1);
    } else {
      float v0 = a.x[i0], v1 = second ? a.x[i1] : 0.0f;
      batchnorm_welford_add(&w, v0);
      if (second)
        batchnorm_welford_add(&w, v1);
    }
  }
  batchnorm_block_welford(&w, sn, sm, sq);
  if (threadIdx.x == 0) {
    float *out = partial + (c * p.splits + s) * 3;
    out[0] = w.n;
    out[1] = w.mean;
    out[2] = w.m2;
  }
}
#line 1370 "chapters/08-normalization.nw"
static __device__ inline void batchnorm_welford_add_row4(batchnorm_welford *w, float4 v, float inv_n)
{
  float d;
  d = v.x - w[0].mean; w[0].mean += d * inv_n; w[0].m2 += d * (v.x - w[0].mean);
  d = v.y - w[1].mean; w[1].mean += d * inv_n; w[1].m2 += d * (v.y - w[1].mean);
  d = v.z - w[2].mean; w[2].mean += d * inv_n; w[2].m2 += d * (v.z - w[2].mean);
  d = v.w - w[3].mean; w[3].mean += d * inv_n; w[3].m2 += d * (v.w - w[3].mean);
}

static __global__ void batchnorm_rows_stats(litdnn_batchnorm_args a, batchnorm_plan p, float *partial)
{
  __shared__ float sn[BATCHNORM_THREADS];
  __shared__ float sm[4 * BATCHNORM_THREADS];
  __shared__ float sq[4 * BATCHNORM_THREADS];
  int64_t g = blockIdx.x % p.groups, s = blockIdx.x / p.groups;
  int64_t tx = threadIdx.x % p.fx, ty = threadIdx.x / p.fx, fu = g * p.fx + tx;
  int64_t r0 = s * p.rows_per_split, r1 = batchnorm_min64(r0 + p.rows_per_split, p.rows);
  int active = ty < p.ry && fu < p.L;
  int lanes = p.vec ? 4 : 1;
  batchnorm_welford w[4];
  float count = 0.0f;
  for (int k = 0; k < 4; k++) {
    w[k].mean = 0.0f;
    w[k].m2 = 0.0f;
  }
  if (active) {
    const float4 *x4 = (const float4 *)a.x;
    for (int64_t r = r0 + ty; r < r1; r += 2 * p.ry) {
      int second = r + p.ry < r1;
      if (p.vec) {
        float4 v0 = x4[r * p.L + fu], v1;
        if (second)
          v1 = x4[(r + p.ry) * p.L + fu];
        count += 1.0f;
        batchnorm_welford_add_row4(w, v0, 1.0f / count);
        if (second) {
          count += 1.0f;
          batchnorm_welford_add_row4(w, v1, 1.0f / count);
        }
      } else {
        float v0 = a.x[r * p.L + fu], v1 = second ? a.x[(r + p.ry) * p.L + fu] : 0.0f;
        w[0].n = count;
        batchnorm_welford_add(&w[0], v0);
        if (second)
          batchnorm_welford_add(&w[0], v1);
        count = w[0].n;
      }
    }
  }
  /* merge the ry states of each feature down a tree over ty */
  int t = threadIdx.x;
  sn[t] = count;
  for (int k = 0; k < 4; k++) {
    sm[4 * t + k] = w[k].mean;
    sq[4 * t + k] = w[k].m2;
  }
  __syncthreads();
  for (int64_t half = p.ry_pow2 / 2; half > 0; half /= 2) {
    if (ty < half && ty + half < p.ry) {
      int o = t + (int)(half * p.fx);
      float nb = sn[o];
      for (int k = 0; k < lanes; k++) {
        batchnorm_welford m;
        m.n = sn[t];
        m.mean = sm[4 * t + k];
        m.m2 = sq[4 * t + k];
        batchnorm_welford_merge(&m, nb, sm[4 * o + k], sq[4 * o + k]);
        sm[4 * t + k] = m.mean;
        sq[4 * t + k] = m.m2;
      }
      sn[t] += nb;
    }
    __syncthreads();
  }
  if (ty == 0 && fu < p.L)
    for (int k = 0; k < lanes; k++) {
      float *out = partial + ((fu * lanes + k) * p.splits + s) * 3;
      out[0] = sn[t];
      out[1] = sm[4 * t + k];
      out[2] = sq[4 * t + k];
    }
}
#line 1468 "chapters/08-normalization.nw"
static __global__ void batchnorm_finish_stats(litdnn_batchnorm_args a, batchnorm_plan p, const float *partial,
                                       float *coef, int forward)
{
  __shared__ float sn[BATCHNORM_THREADS];
  __shared__ float sm[BATCHNORM_THREADS];
  __shared__ float sq[BATCHNORM_THREADS];
  int64_t f = blockIdx.x, F = p.features;
  batchnorm_welford w;
  w.n = 0.0f;
  w.mean = 0.0f;
  w.m2 = 0.0f;
  for (int64_t s = threadIdx.x; s < p.splits; s += blockDim.x) {
    const float *in = partial + (f * p.splits + s) * 3;
    batchnorm_welford_merge(&w, in[0], in[1], in[2]);
  }
  batchnorm_block_welford(&w, sn, sm, sq);
  if (threadIdx.x == 0) {
    float var = w.m2 / w.n, invstd;
    if (forward) {
      batchnorm_finish_feature(&a, f, w.mean, var, &invstd);
      coef[f] = 0.0f;                   /* A */
      coef[F + f] = a.bias[f];          /* B */
      coef[2 * F + f] = a.scale[f] * invstd; /* C */
      coef[3 * F + f] = w.mean;         /* D */
    } else {
      coef[4 * F + f] = w.mean;
      coef[5 * F + f] = batchnorm_invstd(&a, var);
    }
  }
}

/* inference: the four coefficients of feature f from the estimated mean and variance */
static __device__ inline void batchnorm_inference_k(const litdnn_batchnorm_args *a, int64_t f, float *k)
{
  k[0] = 0.0f;
  k[1] = a->bias[f];
  k[2] = a->scale[f] / sqrtf(a->var_in[f] + (float)a->eps);
  k[3] = a->mean_in[f];
}

static __global__ void batchnorm_inference_coefficients(litdnn_batchnorm_args a, float *coef)
{
  int64_t F = litdnn_batchnorm_features(&a);
  for (int64_t f = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; f < F;
       f += (int64_t)gridDim.x * blockDim.x) {
    float k[4];
    batchnorm_inference_k(&a, f, k);
    for (int j = 0; j < 4; j++)
      coef[j * F + f] = k[j];
  }
}
#line 1542 "chapters/08-normalization.nw"
static __device__ inline float batchnorm_apply1(const float *k, float in0, float in1)
{
  return k[0] * in0 + k[2] * (in1 - k[3]) + k[1];
}

/* y (dx backward) at unit at = alpha * batchnorm_apply1(k, in0, in1) + beta * y: four values of a
   float4 unit, or one (in .x); y is read only when beta != 0 */
static __device__ inline void batchnorm_store_unit(const litdnn_batchnorm_args *a, int64_t at, const float *k, float4 in0,
                                            float4 in1, int vec)
{
  if (!vec) {
    batchnorm_store(&a->y[at], batchnorm_apply1(k, in0.x, in1.x), a->alpha, a->beta);
    return;
  }
  float4 o, *out = (float4 *)a->y + at;
  o.x = a->alpha * batchnorm_apply1(k, in0.x, in1.x);
  o.y = a->alpha * batchnorm_apply1(k, in0.y, in1.y);
  o.z = a->alpha * batchnorm_apply1(k, in0.z, in1.z);
  o.w = a->alpha * batchnorm_apply1(k, in0.w, in1.w);
  if (a->beta != 0.0f) {
    float4 old = *out;
    o.x += a->beta * old.x;
    o.y += a->beta * old.y;
    o.z += a->beta * old.z;
    o.w += a->beta * old.w;
  }
  *out = o;
}

static __global__ void batchnorm_planes_apply(litdnn_batchnorm_args a, batchnorm_plan p, const float *in0,
                                       const float *in1, const float *coef)
{
  int64_t tile = p.tiles - 1 - blockIdx.x;
  int64_t c = tile / p.splits, s = tile % p.splits, F = p.features;
  float k[4];
  if (coef) {
    k[0] = coef[c];
    k[1] = coef[F + c];
    k[2] = coef[2 * F + c];
    k[3] = coef[3 * F + c];
  } else { /* inference in one launch: every block computes its channel's coefficients */
    batchnorm_inference_k(&a, c, k);
  }
  int64_t n0 = s * p.rows_per_split, n1 = batchnorm_min64(n0 + p.rows_per_split, p.rows);
  int64_t L = p.L, run = F * L, units = (n1 - n0) * L;
  int64_t row = n0 + threadIdx.x / L, col = threadIdx.x % L;
  int64_t drow = blockDim.x / L, dcol = blockDim.x % L;
  for (int64_t u = threadIdx.x; u < units; u += blockDim.x) {
    int64_t i = row * run + c * L + col;
    batchnorm_step(&row, &col, drow, dcol, L);
    if (p.vec) {
      float4 b = ((const float4 *)in1)[i], d = in0 ? ((const float4 *)in0)[i] : b;
      batchnorm_store_unit(&a, i, k, d, b, 1);
    } else {
      float b = in1[i], d = in0 ? in0[i] : b;
      batchnorm_store(&a.y[i], batchnorm_apply1(k, d, b), a.alpha, a.beta);
    }
  }
}

static __global__ void batchnorm_rows_apply(litdnn_batchnorm_args a, batchnorm_plan p, const float *in0,
                                     const float *in1, const float *coef)
{
  int64_t tile = p.tiles - 1 - blockIdx.x;
  int64_t g = tile % p.groups, s = tile / p.groups, F = p.features;
  int64_t tx = threadIdx.x % p.fx, ty = threadIdx.x / p.fx, fu = g * p.fx + tx;
  if (ty >= p.ry || fu >= p.L)
    return;
  int lanes = p.vec ? 4 : 1;
  float k[4][4];
  for (int l = 0; l < lanes; l++)
    for (int j = 0; j < 4; j++)
      k[l][j] = coef[j * F + fu * lanes + l];
  int64_t r0 = s * p.rows_per_split, r1 = batchnorm_min64(r0 + p.rows_per_split, p.rows);
  for (int64_t r = r0 + ty; r < r1; r += p.ry) {
    int64_t i = r * p.L + fu;
    if (p.vec) {
      float4 b = ((const float4 *)in1)[i], d = in0 ? ((const float4 *)in0)[i] : b, o;
      float4 *out = (float4 *)a.y + i;
      o.x = batchnorm_apply1(k[0], d.x, b.x);
      o.y = batchnorm_apply1(k[1], d.y, b.y);
      o.z = batchnorm_apply1(k[2], d.z, b.z);
      o.w = batchnorm_apply1(k[3], d.w, b.w);
      if (a.beta != 0.0f) {
        float4 old = *out;
        o.x = a.alpha * o.x + a.beta * old.x;
        o.y = a.alpha * o.y + a.beta * old.y;
        o.z = a.alpha * o.z + a.beta * old.z;
        o.w = a.alpha * o.w + a.beta * old.w;
      } else {
        o.x *= a.alpha;
        o.y *= a.alpha;
        o.z *= a.alpha;
        o.w *= a.alpha;
      }
      *out = o;
    } else {
      float b = in1[i], d = in0 ? in0[i] : b;
      batchnorm_store(&a.y[i], batchnorm_apply1(k[0], d, b), a.alpha, a.beta);
    }
  }
}
#line 1668 "chapters/08-normalization.nw"
static __global__ void batchnorm_planes_grad_sums(litdnn_batchnorm_args a, batchnorm_plan p, const float *means,
                                           float *partial)
{
  __shared__ float s0[BATCHNORM_THREADS];
  __shared__ float s1[BATCHNORM_THREADS];
  int64_t c = blockIdx.x / p.splits, s = blockIdx.x % p.splits;
  float mean = means[c];
  int64_t n0 = s * p.rows_per_split, n1 = batchnorm_min64(n0 + p.rows_per_split, p.rows);
  int64_t L = p.L, run = p.features * L, units = (n1 - n0) * L;
  int64_t row = n0 + threadIdx.x / L, col = threadIdx.x % L;
  int64_t drow = blockDim.x / L, dcol = blockDim.x % L;
  float sum_dy = 0.0f, sum_dy_xmu = 0.0f;
  for (int64_t u = threadIdx.x; u < units; u += blockDim.x) {
    int64_t i = row * run + c * L + col;
    batchnorm_step(&row, &col, drow, dcol, L);
    if (p.vec) {
      float4 d = ((const float4 *)a.dy)[i], v = ((const float4 *)a.x)[i];
      sum_dy += (d.x + d.y) + (d.z + d.w);
      sum_dy_xmu += d.x * (v.x - mean) + d.y * (v.y - mean) + d.z * (v.z - mean) + d.w * (v.w - mean);
    } else {
      float d = a.dy[i];
      sum_dy += d;
      sum_dy_xmu += d * (a.x[i] - mean);
    }
  }
  int t = threadIdx.x;
  s0[t] = sum_dy;
  s1[t] = sum_dy_xmu;
  __syncthreads();
  for (int half = blockDim.x / 2; half > 0; half /= 2) {
    if (t < half) {
      s0[t] += s0[t + half];
      s1[t] += s1[t + half];
    }
    __syncthreads();
  }
  if (t == 0) {
    partial[(c * p.splits + s) * 2] = s0[0];
    partial[(c * p.splits + s) * 2 + 1] = s1[0];
  }
}

static __global__ void batchnorm_rows_grad_sums(litdnn_batchnorm_args a, batchnorm_plan p, const float *means,
                                         float *partial)
{
  __shared__ float s0[4 * BATCHNORM_THREADS];
  __shared__ float s1[4 * BATCHNORM_THREADS];
  int64_t g = blockIdx.x % p.groups, s = blockIdx.x / p.groups;
  int64_t tx = threadIdx.x % p.fx, ty = threadIdx.x / p.fx, fu = g * p.fx + tx;
  int64_t r0 = s * p.rows_per_split, r1 = batchnorm_min64(r0 + p.rows_per_split, p.rows);
  int lanes = p.vec ? 4 : 1;
  float sd[4], sx[4], mean[4];
  for (int k = 0; k < 4; k++) {
    sd[k] = 0.0f;
    sx[k] = 0.0f;
    mean[k] = 0.0f;
  }
  if (ty < p.ry && fu < p.L) {
    for (int k = 0; k < lanes; k++)
      mean[k] = means[fu * lanes + k];
    for (int64_t r = r0 + ty; r < r1; r += p.ry) {
      int64_t i = r * p.L + fu;
      if (p.vec) {
        float4 d = ((const float4 *)a.dy)[i], v = ((const float4 *)a.x)[i];
        sd[0] += d.x; sx[0] += d.x * (v.x - mean[0]);
        sd[1] += d.y; sx[1] += d.y * (v.y - mean[1]);
        sd[2] += d.z; sx[2] += d.z * (v.z - mean[2]);
        sd[3] += d.w; sx[3] += d.w * (v.w - mean[3]);
      } else {
        float d = a.dy[i];
        sd[0] += d;
        sx[0] += d * (a.x[i] - mean[0]);
      }
    }
  }
  int t = threadIdx.x;
  for (int k = 0; k < 4; k++) {
    s0[4 * t + k] = sd[k];
    s1[4 * t + k] = sx[k];
  }
  __syncthreads();
  for (int64_t half = p.ry_pow2 / 2; half > 0; half /= 2) {
    if (ty < half && ty + half < p.ry) {
      int o = t + (int)(half * p.fx);
      for (int k = 0; k < 4; k++) {
        s0[4 * t + k] += s0[4 * o + k];
        s1[4 * t + k] += s1[4 * o + k];
      }
    }
    __syncthreads();
  }
  if (ty == 0 && fu < p.L)
    for (int k = 0; k < lanes; k++) {
      float *out = partial + ((fu * lanes + k) * p.splits + s) * 2;
      out[0] = s0[4 * t + k];
      out[1] = s1[4 * t + k];
    }
}

static __global__ void batchnorm_finish_grads(litdnn_batchnorm_args a, batchnorm_plan p, const float *partial,
                                       const float *means, const float *invstds, float *coef)
{
  __shared__ float s0[BATCHNORM_THREADS];
  __shared__ float s1[BATCHNORM_THREADS];
  int64_t f = blockIdx.x, F = p.features;
  float sum_dy = 0.0f, sum_dy_xmu = 0.0f;
  for (int64_t s = threadIdx.x; s < p.splits; s += blockDim.x) {
    sum_dy += partial[(f * p.splits + s) * 2];
    sum_dy_xmu += partial[(f * p.splits + s) * 2 + 1];
  }
  int t = threadIdx.x;
  s0[t] = sum_dy;
  s1[t] = sum_dy_xmu;
  __syncthreads();
  for (int half = blockDim.x / 2; half > 0; half /= 2) {
    if (t < half) {
      s0[t] += s0[t + half];
      s1[t] += s1[t + half];
    }
    __syncthreads();
  }
  if (t == 0) {
    float mean = means[f], invstd = invstds[f], m = (float)litdnn_batchnorm_per_feature(&a);
    float dbias = s0[0], dscale = s1[0] * invstd, k = a.scale[f] * invstd;
    coef[f] = k;                                /* A, times dy */
    coef[F + f] = -k * dbias / m;               /* B */
    coef[2 * F + f] = -k * invstd * dscale / m; /* C, times (x - D) */
    coef[3 * F + f] = mean;                     /* D */
    batchnorm_store(&a.dscale[f], dscale, a.alpha_p, a.beta_p);
    batchnorm_store(&a.dbias[f], dbias, a.alpha_p, a.beta_p);
  }
}
#line 1836 "chapters/08-normalization.nw"
#define BATCHNORM_FUSED_THREADS 1024   /* the most threads a one-launch block may have */

#define BATCHNORM_FUSED_UNROLL 4       /* units a one-launch forward thread loads before it uses any */

/* the offsets of a one-launch thread's next BATCHNORM_FUSED_UNROLL units, from unit u on, -1 past
   the channel's units; (row, col) advance past them */
static __device__ inline void batchnorm_fused_offsets(int64_t *at, int64_t u, int64_t units, int64_t *row, int64_t *col,
                                               int64_t drow, int64_t dcol, int64_t L, int64_t base, int64_t run)
{
  LITDNN_UNROLL
  for (int r = 0; r < BATCHNORM_FUSED_UNROLL; r++) {
    at[r] = u + r * (int64_t)blockDim.x < units ? *row * run + base + *col : -1;
    batchnorm_step(row, col, drow, dcol, L);
  }
}

/* unit at of t: a float4, or a float in .x; zeros for at < 0 */
static __device__ inline float4 batchnorm_fused_load(const float *t, int64_t at, int vec)
{
  if (at < 0)
    return make_float4(0.0f, 0.0f, 0.0f, 0.0f);
  return vec ? ((const float4 *)t)[at] : make_float4(t[at], 0.0f, 0.0f, 0.0f);
}

static __global__ void __launch_bounds__(BATCHNORM_FUSED_THREADS) batchnorm_planes_fused(litdnn_batchnorm_args a, batchnorm_plan p)
{
  __shared__ float sn[BATCHNORM_FUSED_THREADS];
  __shared__ float sm[BATCHNORM_FUSED_THREADS];
  __shared__ float sq[BATCHNORM_FUSED_THREADS];
  __shared__ float kc[4];
  int64_t c = blockIdx.x, L = p.L, run = p.features * L, units = p.rows * L;
  int64_t drow = blockDim.x / L, dcol = blockDim.x % L, step = BATCHNORM_FUSED_UNROLL * (int64_t)blockDim.x;
  int64_t row = threadIdx.x / L, col = threadIdx.x % L, at[BATCHNORM_FUSED_UNROLL];
  float4 v[BATCHNORM_FUSED_UNROLL];
  batchnorm_welford w;
  w.n = 0.0f;
  w.mean = 0.0f;
  w.m2 = 0.0f;
  if (p.vec) {
    for (int64_t u = threadIdx.x; u < units; u += step) {
      batchnorm_fused_offsets(at, u, units, &row, &col, drow, dcol, L, c * L, run);
      LITDNN_UNROLL
      for (int r = 0; r < BATCHNORM_FUSED_UNROLL; r++)
        v[r] = batchnorm_fused_load(a.x, at[r], 1);
      LITDNN_UNROLL
      for (int r = 0; r < BATCHNORM_FUSED_UNROLL; r++)
        if (at[r] >= 0)
          batchnorm_welford_add4(&w, v[r]);
    }
  } else { /* one float at a time, as measured faster on planes of 7 x 7 */
    for (int64_t u = threadIdx.x; u < units; u += blockDim.x) {
      int64_t i = row * run + c * L + col;
      batchnorm_step(&row, &col, drow, dcol, L);
      batchnorm_welford_add(&w, a.x[i]);
    }
  }
  batchnorm_block_welford(&w, sn, sm, sq);
  if (threadIdx.x == 0) {
    float invstd;
    batchnorm_finish_feature(&a, c, w.mean, w.m2 / w.n, &invstd);
    kc[0] = 0.0f;
    kc[1] = a.bias[c];
    kc[2] = a.scale[c] * invstd;
    kc[3] = w.mean;
  }
  __syncthreads();
  float k[4];
  k[0] = kc[0];
  k[1] = kc[1];
  k[2] = kc[2];
  k[3] = kc[3];
  row = threadIdx.x / L;
  col = threadIdx.x % L;
  if (!p.vec) {
    for (int64_t u = threadIdx.x; u < units; u += blockDim.x) {
      int64_t i = row * run + c * L + col;
      batchnorm_step(&row, &col, drow, dcol, L);
      batchnorm_store(&a.y[i], batchnorm_apply1(k, 0.0f, a.x[i]), a.alpha, a.beta);
    }
  } else {
    for (int64_t u = threadIdx.x; u < units; u += step) {
      batchnorm_fused_offsets(at, u, units, &row, &col, drow, dcol, L, c * L, run);
      LITDNN_UNROLL
      for (int r = 0; r < BATCHNORM_FUSED_UNROLL; r++)
        v[r] = batchnorm_fused_load(a.x, at[r], 1);
      LITDNN_UNROLL
      for (int r = 0; r < BATCHNORM_FUSED_UNROLL; r++)
        if (at[r] >= 0)
          batchnorm_store_unit(&a, at[r], k, make_float4(0.0f, 0.0f, 0.0f, 0.0f), v[r], 1);
    }
  }
}
#line 1961 "chapters/08-normalization.nw"
#define BATCHNORM_ONE_LAUNCH_THREADS 262144

/* sum v0 and v1 over the block into s0[0] and s1[0] (blockDim.x a multiple of 32, at most
   1024; s0 and s1 of at least 33 floats): by shuffles in each warp, then in warp 0 */
static __device__ void batchnorm_block_sum2(float v0, float v1, float *s0, float *s1)
{
  int t = threadIdx.x, lane = t & 31, warp = t >> 5, warps = blockDim.x >> 5;
  for (int delta = 16; delta > 0; delta /= 2) {
    v0 += __shfl_down_sync(0xffffffffu, v0, delta);
    v1 += __shfl_down_sync(0xffffffffu, v1, delta);
  }
  if (lane == 0) {
    s0[1 + warp] = v0;
    s1[1 + warp] = v1;
  }
  __syncthreads();
  if (warp == 0) {
    v0 = lane < warps ? s0[1 + lane] : 0.0f;
    v1 = lane < warps ? s1[1 + lane] : 0.0f;
    for (int delta = 16; delta > 0; delta /= 2) {
      v0 += __shfl_down_sync(0xffffffffu, v0, delta);
      v1 += __shfl_down_sync(0xffffffffu, v1, delta);
    }
    if (lane == 0) {
      s0[0] = v0;
      s1[0] = v1;
    }
  }
  __syncthreads();
}

static __global__ void __launch_bounds__(BATCHNORM_FUSED_THREADS) batchnorm_planes_fused_backward(litdnn_batchnorm_args a, batchnorm_plan p)
{
  __shared__ float sn[BATCHNORM_FUSED_THREADS];
  __shared__ float sm[BATCHNORM_FUSED_THREADS];
  __shared__ float sq[BATCHNORM_FUSED_THREADS];
  __shared__ float kc[4];
  int64_t c = blockIdx.x, L = p.L, run = p.features * L, units = p.rows * L;
  int64_t drow = blockDim.x / L, dcol = blockDim.x % L;
  int64_t row, col;
  float mean, invstd;
  if (a.mean_in) {
    mean = a.mean_in[c];
    invstd = a.var_in[c];
  } else { /* the same for every thread of the block, so the barriers inside are safe */
    batchnorm_welford w;
    w.n = 0.0f;
    w.mean = 0.0f;
    w.m2 = 0.0f;
    row = threadIdx.x / L;
    col = threadIdx.x % L;
    for (int64_t u = threadIdx.x; u < units; u += blockDim.x) {
      int64_t i = row * run + c * L + col;
      batchnorm_step(&row, &col, drow, dcol, L);
      if (p.vec)
        batchnorm_welford_add4(&w, ((const float4 *)a.x)[i]);
      else
        batchnorm_welford_add(&w, a.x[i]);
    }
    batchnorm_block_welford(&w, sn, sm, sq);
    mean = w.mean;
    invstd = batchnorm_invstd(&a, w.m2 / w.n);
  }
  float sum_dy = 0.0f, sum_dy_xmu = 0.0f;
  int64_t step = BATCHNORM_FUSED_UNROLL * (int64_t)blockDim.x, at[BATCHNORM_FUSED_UNROLL];
  row = threadIdx.x / L;
  col = threadIdx.x % L;
  for (int64_t u = threadIdx.x; !p.vec && u < units; u += blockDim.x) { /* one float at a time */
    int64_t i = row * run + c * L + col;
    batchnorm_step(&row, &col, drow, dcol, L);
    float d = a.dy[i];
    sum_dy += d;
    sum_dy_xmu += d * (a.x[i] - mean);
  }
  for (int64_t u = threadIdx.x; p.vec && u < units; u += step) {
    float4 dv[BATCHNORM_FUSED_UNROLL], xv[BATCHNORM_FUSED_UNROLL];
    batchnorm_fused_offsets(at, u, units, &row, &col, drow, dcol, L, c * L, run);
    LITDNN_UNROLL
    for (int r = 0; r < BATCHNORM_FUSED_UNROLL; r++) {
      dv[r] = batchnorm_fused_load(a.dy, at[r], p.vec);
      xv[r] = batchnorm_fused_load(a.x, at[r], p.vec);
    }
    LITDNN_UNROLL
    for (int r = 0; r < BATCHNORM_FUSED_UNROLL; r++) {
      float4 d = dv[r], v = xv[r];
      if (at[r] < 0)
        continue;
      if (p.vec) {
        sum_dy += (d.x + d.y) + (d.z + d.w);
        sum_dy_xmu += d.x * (v.x - mean) + d.y * (v.y - mean) + d.z * (v.z - mean) + d.w * (v.w - mean);
      } else {
        sum_dy += d.x;
        sum_dy_xmu += d.x * (v.x - mean);
      }
    }
  }
  batchnorm_block_sum2(sum_dy, sum_dy_xmu, sn, sm);
  if (threadIdx.x == 0) {
    float m = (float)litdnn_batchnorm_per_feature(&a);
    float dbias = sn[0], dscale = sm[0] * invstd, k = a.scale[c] * invstd;
    kc[0] = k;                         /* A, times dy */
    kc[1] = -k * dbias / m;            /* B */
    kc[2] = -k * invstd * dscale / m;  /* C, times (x - D) */
    kc[3] = mean;                      /* D */
    batchnorm_store(&a.dscale[c], dscale, a.alpha_p, a.beta_p);
    batchnorm_store(&a.dbias[c], dbias, a.alpha_p, a.beta_p);
  }
  __syncthreads();
  float k[4];
  k[0] = kc[0];
  k[1] = kc[1];
  k[2] = kc[2];
  k[3] = kc[3];
  row = threadIdx.x / L;
  col = threadIdx.x % L;
  for (int64_t u = threadIdx.x; !p.vec && u < units; u += blockDim.x) { /* one float at a time */
    int64_t i = row * run + c * L + col;
    batchnorm_step(&row, &col, drow, dcol, L);
    batchnorm_store(&a.y[i], batchnorm_apply1(k, a.dy[i], a.x[i]), a.alpha, a.beta);
  }
  for (int64_t u = threadIdx.x; p.vec && u < units; u += step) {
    float4 dv[BATCHNORM_FUSED_UNROLL], xv[BATCHNORM_FUSED_UNROLL];
    batchnorm_fused_offsets(at, u, units, &row, &col, drow, dcol, L, c * L, run);
    LITDNN_UNROLL
    for (int r = 0; r < BATCHNORM_FUSED_UNROLL; r++) {
      dv[r] = batchnorm_fused_load(a.dy, at[r], p.vec);
      xv[r] = batchnorm_fused_load(a.x, at[r], p.vec);
    }
    LITDNN_UNROLL
    for (int r = 0; r < BATCHNORM_FUSED_UNROLL; r++)
      if (at[r] >= 0)
        batchnorm_store_unit(&a, at[r], k, dv[r], xv[r], p.vec);
  }
}
#line 2153 "chapters/08-normalization.nw"
/* the arrays' size, the largest of the LITDNN_BN_REGS_*UNITS_*; the loops run to the path's own count */
#define BATCHNORM_REGS_MAX_UNITS 16

/* the offsets of this thread's R units of channel c (unit threadIdx.x + r blockDim.x),
   -1 past the channel's units; 32-bit, as the stage function checks */
static __device__ __forceinline__ void batchnorm_regs_offsets(int *at, const int R, const batchnorm_plan *p, int64_t c)
{
  int64_t L = p->L, run = p->features * L, units = p->rows * L;
  int64_t row = threadIdx.x / L, col = threadIdx.x % L, drow = blockDim.x / L, dcol = blockDim.x % L;
  LITDNN_UNROLL
  for (int r = 0; r < R; r++) {
    at[r] = threadIdx.x + r * (int64_t)blockDim.x < units ? (int)(row * run + c * L + col) : -1;
    batchnorm_step(&row, &col, drow, dcol, L);
  }
}

/* the sum of v - s over the unit's values: four of a float4, one (in .x) otherwise */
static __device__ __forceinline__ float batchnorm_regs_shifted_sum(float4 v, float s, int vec)
{
  return vec ? ((v.x - s) + (v.y - s)) + ((v.z - s) + (v.w - s)) : v.x - s;
}

static __device__ __forceinline__ float batchnorm_regs_squares(float4 v, float mean, int vec)
{
  float a = v.x - mean, b = v.y - mean, c = v.z - mean, d = v.w - mean;
  return vec ? (a * a + b * b) + (c * c + d * d) : a * a;
}

/* the mean and variance of the R units v of every thread of the block (at[r] < 0: none),
   shifted by the channel's first value; s0, s1 as batchnorm_block_sum2 wants them */
static __device__ __forceinline__ void batchnorm_regs_moments(const litdnn_batchnorm_args *a, const batchnorm_plan *p, int64_t c,
                                                       const float4 *v, const int *at, const int R, const int vec,
                                                       float *s0, float *s1, float *mean, float *var)
{
  float m = (float)litdnn_batchnorm_per_feature(a), shift = a->x[c * p->L * (vec ? 4 : 1)], sum = 0.0f, sq = 0.0f;
  LITDNN_UNROLL
  for (int r = 0; r < R; r++)
    sum += at[r] >= 0 ? batchnorm_regs_shifted_sum(v[r], shift, vec) : 0.0f;
  batchnorm_block_sum2(sum, 0.0f, s0, s1);
  *mean = shift + s0[0] / m;
  LITDNN_UNROLL
  for (int r = 0; r < R; r++)
    sq += at[r] >= 0 ? batchnorm_regs_squares(v[r], *mean, vec) : 0.0f;
  batchnorm_block_sum2(sq, 0.0f, s0, s1);
  *var = s0[0] / m;
}

static __device__ __forceinline__ void batchnorm_regs_training_body(const litdnn_batchnorm_args *a, const batchnorm_plan *p, const int vec,
                                                             const int R, float *s0, float *s1)
{
  int64_t c = blockIdx.x;
  int at[BATCHNORM_REGS_MAX_UNITS];
  float4 v[BATCHNORM_REGS_MAX_UNITS], zero = make_float4(0.0f, 0.0f, 0.0f, 0.0f);
  float mean, var, k[4];
  /* the channel's coefficients and running averages first: nothing waits on them until the end */
  float scale = a->scale[c], bias = a->bias[c];
  float rm = threadIdx.x == 0 && a->run_mean ? a->run_mean[c] : 0.0f;
  float rv = threadIdx.x == 0 && a->run_mean ? a->run_var[c] : 0.0f;
  batchnorm_regs_offsets(at, R, p, c);
  LITDNN_UNROLL
  for (int r = 0; r < R; r++)
    v[r] = batchnorm_fused_load(a->x, at[r], vec);
  batchnorm_regs_moments(a, p, c, v, at, R, vec, s0, s1, &mean, &var);
  float invstd = batchnorm_invstd(a, var);
  if (threadIdx.x == 0)
    batchnorm_finish_feature_loaded(a, c, mean, var, rm, rv, &invstd);
  k[0] = 0.0f;
  k[1] = bias;
  k[2] = scale * invstd;
  k[3] = mean;
  LITDNN_UNROLL
  for (int r = 0; r < R; r++)
    if (at[r] >= 0)
      batchnorm_store_unit(a, at[r], k, zero, v[r], vec);
}

static __device__ __forceinline__ void batchnorm_regs_backward_body(const litdnn_batchnorm_args *a, const batchnorm_plan *p, const int vec,
                                                             const int R, float *s0, float *s1)
{
  int64_t c = blockIdx.x;
  int at[BATCHNORM_REGS_MAX_UNITS];
  float4 xv[BATCHNORM_REGS_MAX_UNITS], dv[BATCHNORM_REGS_MAX_UNITS];
  float mean = 0.0f, invstd = 0.0f, k[4], sum_dy = 0.0f, sum_dy_xmu = 0.0f;
  float scale = a->scale[c];
  if (a->mean_in) { /* loaded before the channel, as in the forward kernel */
    mean = a->mean_in[c];
    invstd = a->var_in[c];
  }
  batchnorm_regs_offsets(at, R, p, c);
  LITDNN_UNROLL
  for (int r = 0; r < R; r++) {
    xv[r] = batchnorm_fused_load(a->x, at[r], vec);
    dv[r] = batchnorm_fused_load(a->dy, at[r], vec);
  }
  if (!a->mean_in) { /* the same branch for the whole block, so the barriers inside are safe */
    float var;
    batchnorm_regs_moments(a, p, c, xv, at, R, vec, s0, s1, &mean, &var);
    invstd = batchnorm_invstd(a, var);
  }
  LITDNN_UNROLL
  for (int r = 0; r < R; r++) {
    float4 d = dv[r], x = xv[r];
    if (at[r] < 0)
      continue;
    if (vec) {
      sum_dy += (d.x + d.y) + (d.z + d.w);
      sum_dy_xmu += d.x * (x.x - mean) + d.y * (x.y - mean) + d.z * (x.z - mean) + d.w * (x.w - mean);
    } else {
      sum_dy += d.x;
      sum_dy_xmu += d.x * (x.x - mean);
    }
  }
  batchnorm_block_sum2(sum_dy, sum_dy_xmu, s0, s1);
  float m = (float)litdnn_batchnorm_per_feature(a), dbias = s0[0], dscale = s1[0] * invstd;
  float kk = scale * invstd;
  k[0] = kk;                         /* as in the one-launch kernel */
  k[1] = -kk * dbias / m;
  k[2] = -kk * invstd * dscale / m;
  k[3] = mean;
  if (threadIdx.x == 0) {
    batchnorm_store(&a->dscale[c], dscale, a->alpha_p, a->beta_p);
    batchnorm_store(&a->dbias[c], dbias, a->alpha_p, a->beta_p);
  }
  LITDNN_UNROLL
  for (int r = 0; r < R; r++)
    if (at[r] >= 0)
      batchnorm_store_unit(a, at[r], k, dv[r], xv[r], vec);
}

static __global__ void __launch_bounds__(LITDNN_BN_REGS_THREADS) batchnorm_planes_regs_v(litdnn_batchnorm_args a, batchnorm_plan p)
{
  __shared__ float s0[33];
  __shared__ float s1[33];
  batchnorm_regs_training_body(&a, &p, 1, LITDNN_BN_REGS_UNITS_V, s0, s1);
}
static __global__ void __launch_bounds__(LITDNN_BN_REGS_THREADS) batchnorm_planes_regs_s(litdnn_batchnorm_args a, batchnorm_plan p)
{
  __shared__ float s0[33];
  __shared__ float s1[33];
  batchnorm_regs_training_body(&a, &p, 0, LITDNN_BN_REGS_UNITS_S, s0, s1);
}
static __global__ void __launch_bounds__(LITDNN_BN_REGS_THREADS) batchnorm_planes_regs_backward_v(litdnn_batchnorm_args a, batchnorm_plan p)
{
  __shared__ float s0[33];
  __shared__ float s1[33];
  batchnorm_regs_backward_body(&a, &p, 1, LITDNN_BN_REGS_BACKWARD_UNITS_V, s0, s1);
}
static __global__ void __launch_bounds__(LITDNN_BN_REGS_THREADS) batchnorm_planes_regs_backward_s(litdnn_batchnorm_args a, batchnorm_plan p)
{
  __shared__ float s0[33];
  __shared__ float s1[33];
  batchnorm_regs_backward_body(&a, &p, 0, LITDNN_BN_REGS_BACKWARD_UNITS_S, s0, s1);
}
#line 2408 "chapters/08-normalization.nw"
static const char batchnorm_training_call[] = "litdnnBatchNormalizationForwardTraining";
static const char batchnorm_inference_call[] = "litdnnBatchNormalizationForwardInference";
static const char batchnorm_backward_call[] = "litdnnBatchNormalizationBackward";

static unsigned batchnorm_blocks_for(int64_t n, unsigned threads)
{
  return (unsigned)((n + threads - 1) / threads);
}

litdnnStatus_t LITDNN_GPU_FN(litdnn_batchnorm_training_naive)(litdnnHandle_t h, const void *args)
{
  const litdnn_batchnorm_args *a = (const litdnn_batchnorm_args *)args;
  batchnorm_training_thread_per_feature<<<batchnorm_blocks_for(litdnn_batchnorm_features(a), 128), 128, 0,
                                   litdnn_gpu_stream(h)>>>(*a);
  return litdnn_gpu_launch_status(batchnorm_training_call, "batchnorm_training_thread_per_feature");
}

litdnnStatus_t LITDNN_GPU_FN(litdnn_batchnorm_training_block)(litdnnHandle_t h, const void *args)
{
  const litdnn_batchnorm_args *a = (const litdnn_batchnorm_args *)args;
  batchnorm_training_block_per_feature<<<(unsigned)litdnn_batchnorm_features(a), BATCHNORM_THREADS, 0,
                                  litdnn_gpu_stream(h)>>>(*a);
  return litdnn_gpu_launch_status(batchnorm_training_call, "batchnorm_training_block_per_feature");
}

/* partials for every tile, then six per-feature arrays of coefficients */
static litdnnStatus_t batchnorm_tile_workspace(litdnnHandle_t h, const char *call, const batchnorm_plan *p,
                                        float **partial, float **coef)
{
  void *ws;
  size_t bytes = (size_t)p->features * (size_t)(3 * p->splits + 6) * sizeof(float);
  litdnnStatus_t s = litdnn_workspace(h, call, bytes, &ws);
  if (s != LITDNN_STATUS_SUCCESS)
    return s;
  *partial = (float *)ws;
  *coef = *partial + 3 * p->features * p->splits;
  return LITDNN_STATUS_SUCCESS;
}

litdnnStatus_t LITDNN_GPU_FN(litdnn_batchnorm_training_tiles)(litdnnHandle_t h, const void *args)
{
  const litdnn_batchnorm_args *a = (const litdnn_batchnorm_args *)args;
  cudaStream_t st = litdnn_gpu_stream(h);
  int layout = litdnn_batchnorm_layout(a, 0);   /* planes or rows: the stage applies */
  batchnorm_plan p = batchnorm_make_plan(a, layout, 0);
  float *partial, *coef;
  litdnnStatus_t s = batchnorm_tile_workspace(h, batchnorm_training_call, &p, &partial, &coef);
  if (s != LITDNN_STATUS_SUCCESS)
    return s;
  if (layout == LITDNN_BN_PLANES)
    batchnorm_planes_stats<<<(unsigned)p.tiles, BATCHNORM_THREADS, 0, st>>>(*a, p, partial);
  else
    batchnorm_rows_stats<<<(unsigned)p.tiles, BATCHNORM_THREADS, 0, st>>>(*a, p, partial);
  if ((s = litdnn_gpu_launch_status(batchnorm_training_call, "bn_*_stats")) != LITDNN_STATUS_SUCCESS)
    return s;
  batchnorm_finish_stats<<<(unsigned)p.features, BATCHNORM_THREADS, 0, st>>>(*a, p, partial, coef, 1);
  if ((s = litdnn_gpu_launch_status(batchnorm_training_call, "batchnorm_finish_stats")) != LITDNN_STATUS_SUCCESS)
    return s;
  if (layout == LITDNN_BN_PLANES)
    batchnorm_planes_apply<<<(unsigned)p.tiles, BATCHNORM_THREADS, 0, st>>>(*a, p, NULL, a->x, coef);
  else
    batchnorm_rows_apply<<<(unsigned)p.tiles, BATCHNORM_THREADS, 0, st>>>(*a, p, NULL, a->x, coef);
  return litdnn_gpu_launch_status(batchnorm_training_call, "bn_*_apply");
}

litdnnStatus_t LITDNN_GPU_FN(litdnn_batchnorm_inference_naive)(litdnnHandle_t h, const void *args)
{
  const litdnn_batchnorm_args *a = (const litdnn_batchnorm_args *)args;
  int64_t total = litdnn_batchnorm_features(a) * litdnn_batchnorm_per_feature(a);
  batchnorm_inference_thread_per_element<<<litdnn_gpu_blocks(total, 256, 65535), 256, 0,
                                    litdnn_gpu_stream(h)>>>(*a);
  return litdnn_gpu_launch_status(batchnorm_inference_call, "batchnorm_inference_thread_per_element");
}

litdnnStatus_t LITDNN_GPU_FN(litdnn_batchnorm_inference_tiles)(litdnnHandle_t h, const void *args)
{
  const litdnn_batchnorm_args *a = (const litdnn_batchnorm_args *)args;
  cudaStream_t st = litdnn_gpu_stream(h);
  int layout = litdnn_batchnorm_layout(a, 0);   /* planes or rows: the stage applies */
  batchnorm_plan p = batchnorm_make_plan(a, layout, 0);
  float *partial, *coef;
  litdnnStatus_t s = batchnorm_tile_workspace(h, batchnorm_inference_call, &p, &partial, &coef);
  if (s != LITDNN_STATUS_SUCCESS)
    return s;
  batchnorm_inference_coefficients<<<litdnn_gpu_blocks(p.features, 256, 1024), 256, 0, st>>>(*a, coef);
  if ((s = litdnn_gpu_launch_status(batchnorm_inference_call, "batchnorm_inference_coefficients")) !=
      LITDNN_STATUS_SUCCESS)
    return s;
  if (layout == LITDNN_BN_PLANES)
    batchnorm_planes_apply<<<(unsigned)p.tiles, BATCHNORM_THREADS, 0, st>>>(*a, p, NULL, a->x, coef);
  else
    batchnorm_rows_apply<<<(unsigned)p.tiles, BATCHNORM_THREADS, 0, st>>>(*a, p, NULL, a->x, coef);
  return litdnn_gpu_launch_status(batchnorm_inference_call, "bn_*_apply");
}

/* inference on planes without the coefficients kernel: each block of the apply kernel
   computes its channel's four coefficients itself */
litdnnStatus_t LITDNN_GPU_FN(litdnn_batchnorm_inference_one_launch)(litdnnHandle_t h, const void *args)
{
  const litdnn_batchnorm_args *a = (const litdnn_batchnorm_args *)args;
  batchnorm_plan p = batchnorm_make_plan(a, LITDNN_BN_PLANES, 0);
  batchnorm_planes_apply<<<(unsigned)p.tiles, BATCHNORM_THREADS, 0, litdnn_gpu_stream(h)>>>(*a, p, NULL, a->x, NULL);
  return litdnn_gpu_launch_status(batchnorm_inference_call, "batchnorm_planes_apply");
}

litdnnStatus_t LITDNN_GPU_FN(litdnn_batchnorm_backward_naive)(litdnnHandle_t h, const void *args)
{
  const litdnn_batchnorm_args *a = (const litdnn_batchnorm_args *)args;
  batchnorm_backward_thread_per_feature<<<batchnorm_blocks_for(litdnn_batchnorm_features(a), 128), 128, 0,
                                   litdnn_gpu_stream(h)>>>(*a);
  return litdnn_gpu_launch_status(batchnorm_backward_call, "batchnorm_backward_thread_per_feature");
}

litdnnStatus_t LITDNN_GPU_FN(litdnn_batchnorm_backward_block)(litdnnHandle_t h, const void *args)
{
  const litdnn_batchnorm_args *a = (const litdnn_batchnorm_args *)args;
  batchnorm_backward_block_per_feature<<<(unsigned)litdnn_batchnorm_features(a), BATCHNORM_THREADS, 0,
                                  litdnn_gpu_stream(h)>>>(*a);
  return litdnn_gpu_launch_status(batchnorm_backward_call, "batchnorm_backward_block_per_feature");
}

litdnnStatus_t LITDNN_GPU_FN(litdnn_batchnorm_backward_tiles)(litdnnHandle_t h, const void *args)
{
  const litdnn_batchnorm_args *a = (const litdnn_batchnorm_args *)args;
  cudaStream_t st = litdnn_gpu_stream(h);
  int layout = litdnn_batchnorm_layout(a, 1);   /* planes or rows: the stage applies */
  batchnorm_plan p = batchnorm_make_plan(a, layout, 1);
  float *partial, *coef;
  litdnnStatus_t s = batchnorm_tile_workspace(h, batchnorm_backward_call, &p, &partial, &coef);
  if (s != LITDNN_STATUS_SUCCESS)
    return s;
  const float *mean = a->mean_in, *invstd = a->var_in;
  if (!mean) { /* no saved statistics: one more pass to recompute them */
    if (layout == LITDNN_BN_PLANES)
      batchnorm_planes_stats<<<(unsigned)p.tiles, BATCHNORM_THREADS, 0, st>>>(*a, p, partial);
    else
      batchnorm_rows_stats<<<(unsigned)p.tiles, BATCHNORM_THREADS, 0, st>>>(*a, p, partial);
    batchnorm_finish_stats<<<(unsigned)p.features, BATCHNORM_THREADS, 0, st>>>(*a, p, partial, coef, 0);
    if ((s = litdnn_gpu_launch_status(batchnorm_backward_call, "batchnorm_finish_stats")) != LITDNN_STATUS_SUCCESS)
      return s;
    mean = coef + 4 * p.features;
    invstd = coef + 5 * p.features;
  }
  if (layout == LITDNN_BN_PLANES)
    batchnorm_planes_grad_sums<<<(unsigned)p.tiles, BATCHNORM_THREADS, 0, st>>>(*a, p, mean, partial);
  else
    batchnorm_rows_grad_sums<<<(unsigned)p.tiles, BATCHNORM_THREADS, 0, st>>>(*a, p, mean, partial);
  batchnorm_finish_grads<<<(unsigned)p.features, BATCHNORM_THREADS, 0, st>>>(*a, p, partial, mean, invstd, coef);
  if ((s = litdnn_gpu_launch_status(batchnorm_backward_call, "batchnorm_finish_grads")) != LITDNN_STATUS_SUCCESS)
    return s;
  if (layout == LITDNN_BN_PLANES)
    batchnorm_planes_apply<<<(unsigned)p.tiles, BATCHNORM_THREADS, 0, st>>>(*a, p, a->dy, a->x, coef);
  else
    batchnorm_rows_apply<<<(unsigned)p.tiles, BATCHNORM_THREADS, 0, st>>>(*a, p, a->dy, a->x, coef);
  return litdnn_gpu_launch_status(batchnorm_backward_call, "bn_*_apply");
}
#line 2596 "chapters/08-normalization.nw"
/* threads per one-launch block: a power of two from 256 to BATCHNORM_FUSED_THREADS, as many as keep
   features x threads near BATCHNORM_ONE_LAUNCH_THREADS, and no more than the channel has units */
static int batchnorm_one_launch_block(const batchnorm_plan *p)
{
  int64_t units = p->rows * p->L;
  int t = BATCHNORM_THREADS;
  while (t < BATCHNORM_FUSED_THREADS && p->features * 2 * t <= BATCHNORM_ONE_LAUNCH_THREADS && 2 * t <= units)
    t *= 2;
  return t;
}

litdnnStatus_t LITDNN_GPU_FN(litdnn_batchnorm_training_one_launch)(litdnnHandle_t h, const void *args)
{
  const litdnn_batchnorm_args *a = (const litdnn_batchnorm_args *)args;
  batchnorm_plan p = batchnorm_make_plan(a, LITDNN_BN_PLANES, 0);
  batchnorm_planes_fused<<<(unsigned)p.features, batchnorm_one_launch_block(&p), 0, litdnn_gpu_stream(h)>>>(*a, p);
  return litdnn_gpu_launch_status(batchnorm_training_call, "batchnorm_planes_fused");
}

litdnnStatus_t LITDNN_GPU_FN(litdnn_batchnorm_backward_one_launch)(litdnnHandle_t h, const void *args)
{
  const litdnn_batchnorm_args *a = (const litdnn_batchnorm_args *)args;
  batchnorm_plan p = batchnorm_make_plan(a, LITDNN_BN_PLANES, 1);
  batchnorm_planes_fused_backward<<<(unsigned)p.features, batchnorm_one_launch_block(&p), 0, litdnn_gpu_stream(h)>>>(*a, p);
  return litdnn_gpu_launch_status(batchnorm_backward_call, "batchnorm_planes_fused_backward");
}
#line 2631 "chapters/08-normalization.nw"
litdnnStatus_t LITDNN_GPU_FN(litdnn_batchnorm_training_regs)(litdnnHandle_t h, const void *args)
{
  const litdnn_batchnorm_args *a = (const litdnn_batchnorm_args *)args;
  batchnorm_plan p = batchnorm_make_plan(a, LITDNN_BN_PLANES, 0);
  int threads = litdnn_batchnorm_regs_threads(a, 0);   /* not 0: the stage applies */
  if (p.vec)
    batchnorm_planes_regs_v<<<(unsigned)p.features, threads, 0, litdnn_gpu_stream(h)>>>(*a, p);
  else
    batchnorm_planes_regs_s<<<(unsigned)p.features, threads, 0, litdnn_gpu_stream(h)>>>(*a, p);
  return litdnn_gpu_launch_status(batchnorm_training_call, p.vec ? "batchnorm_planes_regs_v" : "batchnorm_planes_regs_s");
}

litdnnStatus_t LITDNN_GPU_FN(litdnn_batchnorm_backward_regs)(litdnnHandle_t h, const void *args)
{
  const litdnn_batchnorm_args *a = (const litdnn_batchnorm_args *)args;
  batchnorm_plan p = batchnorm_make_plan(a, LITDNN_BN_PLANES, 1);
  int threads = litdnn_batchnorm_regs_threads(a, 1);   /* not 0: the stage applies */
  if (p.vec)
    batchnorm_planes_regs_backward_v<<<(unsigned)p.features, threads, 0, litdnn_gpu_stream(h)>>>(*a, p);
  else
    batchnorm_planes_regs_backward_s<<<(unsigned)p.features, threads, 0, litdnn_gpu_stream(h)>>>(*a, p);
  return litdnn_gpu_launch_status(batchnorm_backward_call,
                                  p.vec ? "batchnorm_planes_regs_backward_v" : "batchnorm_planes_regs_backward_s");
}
