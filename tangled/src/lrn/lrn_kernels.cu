#line 5001 "chapters/08-normalization.nw"
#include "core/prelude.cuh"
#include "lrn/lrn.h"
#include "lrn/lrn_stages.h"

#line 3531 "chapters/08-normalization.nw"
#define LRN_THREADS 256
#define LRN_CHUNK 64   /* channels per thread in the sliding-window kernels */

static __device__ float lrn_scale(const litdnn_lrn_args *a, const float *x, int64_t cs, int c)
{
  int C = (int)a->dims[1], first = c - a->lo < 0 ? 0 : c - a->lo, last = c + a->hi >= C ? C - 1 : c + a->hi;
  float sum = 0.0f;
  for (int m = first; m <= last; m++) {
    float v = x[m * cs];
    sum += v * v;
  }
  return (float)a->k + (float)a->a_over_n * sum;
}

static __device__ inline void lrn_store(float *y, float v, float alpha, float beta)
{
  *y = beta != 0.0f ? alpha * v + beta * *y : alpha * v;
}

/* s^power as 2^(power log2 s): two special-function instructions instead
   of powf's careful fifty; about 1e-7 relative for the s LRN produces */
static __device__ inline float lrn_pow(float s, float power)
{
  return exp2f(power * __log2f(s));
}

static __global__ void lrn_forward_thread_per_element(litdnn_lrn_args a)
{
  int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x, C = a.dims[1];
  if (i >= litdnn_lrn_pixels(&a) * C)
    return;
  int64_t p = i / C;
  int c = (int)(i % C);
  const float *x = a.x + litdnn_lrn_pixel(&a, a.xs, p);
  float s = lrn_scale(&a, x, a.xs[1], c);
  lrn_store(a.out + litdnn_lrn_pixel(&a, a.ys, p) + c * a.ys[1], x[c * a.xs[1]] * powf(s, -(float)a.power),
            a.alpha, a.beta);
}

static __global__ void lrn_backward_thread_per_element(litdnn_lrn_args a)
{
  int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x, C = a.dims[1];
  if (i >= litdnn_lrn_pixels(&a) * C)
    return;
  int64_t p = i / C;
  int j = (int)(i % C);
  const float *x = a.x + litdnn_lrn_pixel(&a, a.xs, p), *y = a.y + litdnn_lrn_pixel(&a, a.ys, p);
  const float *dy = a.dy + litdnn_lrn_pixel(&a, a.dys, p);
  float sum = 0.0f;
  for (int c = j - a.hi < 0 ? 0 : j - a.hi; c <= j + a.lo && c < C; c++)
    sum += dy[c * a.dys[1]] * y[c * a.ys[1]] / lrn_scale(&a, x, a.xs[1], c);
  float g = dy[j * a.dys[1]] * powf(lrn_scale(&a, x, a.xs[1], j), -(float)a.power) -
            2.0f * (float)(a.a_over_n * a.power) * x[j * a.xs[1]] * sum;
  lrn_store(a.out + litdnn_lrn_pixel(&a, a.dxs, p) + j * a.dxs[1], g, a.alpha, a.beta);
}
#line 3617 "chapters/08-normalization.nw"
/* the sum of squares of the window of channel c, from scratch */
static __device__ double lrn_window(const litdnn_lrn_args *a, const float *x, int64_t cs, int c)
{
  int C = (int)a->dims[1], first = c - a->lo < 0 ? 0 : c - a->lo, last = c + a->hi >= C ? C - 1 : c + a->hi;
  double sum = 0.0;
  for (int m = first; m <= last; m++) {
    float v = __ldg(&x[m * cs]);
    sum += (double)(v * v);
  }
  return sum;
}

/* from the window sum of channel c - 1 to that of channel c */
static __device__ inline double lrn_slide(const litdnn_lrn_args *a, const float *x, int64_t cs, int c, double sum)
{
  int enter = c + a->hi, leave = c - 1 - a->lo;
  if (enter >= 0 && enter < (int)a->dims[1]) {
    float v = __ldg(&x[enter * cs]);
    sum += (double)(v * v);
  }
  if (leave >= 0) {
    float v = __ldg(&x[leave * cs]);
    sum -= (double)(v * v);
  }
  return sum;
}

/* block b: pixels of block b / chunks, channels of chunk b % chunks */
static __device__ inline int64_t lrn_chunk_pixel(int chunks)
{
  return (int64_t)(blockIdx.x / chunks) * blockDim.x + threadIdx.x;
}

static __global__ void lrn_forward_sliding(litdnn_lrn_args a, int chunks)
{
  int64_t p = lrn_chunk_pixel(chunks);
  if (p >= litdnn_lrn_pixels(&a))
    return;
  const float *x = a.x + litdnn_lrn_pixel(&a, a.xs, p);
  float *y = a.out + litdnn_lrn_pixel(&a, a.ys, p);
  int64_t xc = a.xs[1], yc = a.ys[1];
  int C = (int)a.dims[1], c0 = (int)(blockIdx.x % chunks) * LRN_CHUNK, c1 = c0 + LRN_CHUNK < C ? c0 + LRN_CHUNK : C;
  float k = (float)a.k, an = (float)a.a_over_n, power = -(float)a.power;
  double sum = lrn_window(&a, x, xc, c0 - 1);
  LITDNN_UNROLL_BY(4)
  for (int c = c0; c < c1; c++) {
    sum = lrn_slide(&a, x, xc, c, sum);
    lrn_store(&y[c * yc], __ldg(&x[c * xc]) * lrn_pow(k + an * (float)sum, power), a.alpha, a.beta);
  }
}
#line 3682 "chapters/08-normalization.nw"
static __device__ inline float lrn_t(const litdnn_lrn_args *a, const float *y, const float *dy, int c, double sum)
{
  return __ldg(&dy[c * a->dys[1]]) * __ldg(&y[c * a->ys[1]]) / ((float)a->k + (float)a->a_over_n * (float)sum);
}

static __global__ void lrn_backward_sliding(litdnn_lrn_args a, int chunks)
{
  int64_t p = lrn_chunk_pixel(chunks);
  if (p >= litdnn_lrn_pixels(&a))
    return;
  const float *x = a.x + litdnn_lrn_pixel(&a, a.xs, p), *y = a.y + litdnn_lrn_pixel(&a, a.ys, p);
  const float *dy = a.dy + litdnn_lrn_pixel(&a, a.dys, p);
  float *dx = a.out + litdnn_lrn_pixel(&a, a.dxs, p);
  int64_t xc = a.xs[1];
  int C = (int)a.dims[1], lo = a.lo, hi = a.hi;
  int c0 = (int)(blockIdx.x % chunks) * LRN_CHUNK, c1 = c0 + LRN_CHUNK < C ? c0 + LRN_CHUNK : C;
  float k = (float)a.k, an = (float)a.a_over_n, power = -(float)a.power;
  float two_ab = 2.0f * (float)(a.a_over_n * a.power);
  /* window sums for channels lead = j + lo, j and tail = j - hi - 1, at j = c0 - 1 */
  double s_lead = lrn_window(&a, x, xc, c0 - 1 + lo), s_mid = lrn_window(&a, x, xc, c0 - 1);
  double s_tail = lrn_window(&a, x, xc, c0 - hi - 2), t_sum = 0.0;
  /* T_{c0-1} sums t_c over [c0 - 1 - hi, c0 - 1 + lo] */
  for (int c = c0 - 1 - hi < 0 ? 0 : c0 - 1 - hi; c <= c0 - 1 + lo && c < C; c++)
    t_sum += (double)lrn_t(&a, y, dy, c, lrn_window(&a, x, xc, c));
  LITDNN_UNROLL_BY(2)
  for (int j = c0; j < c1; j++) {
    int lead = j + lo, tail = j - hi - 1;
    s_lead = lrn_slide(&a, x, xc, lead, s_lead);
    s_mid = lrn_slide(&a, x, xc, j, s_mid);
    s_tail = lrn_slide(&a, x, xc, tail, s_tail);
    if (lead < C)
      t_sum += (double)lrn_t(&a, y, dy, lead, s_lead);
    if (tail >= 0)
      t_sum -= (double)lrn_t(&a, y, dy, tail, s_tail);
    float g = __ldg(&dy[j * a.dys[1]]) * lrn_pow(k + an * (float)s_mid, power) -
              two_ab * __ldg(&x[j * xc]) * (float)t_sum;
    lrn_store(&dx[j * a.dxs[1]], g, a.alpha, a.beta);
  }
}
#line 3770 "chapters/08-normalization.nw"
#define LRN_WARPS (LRN_THREADS / 32)
#define LRN_HALO 16
#define LRN_SPAN 64   /* staged channels per warp: [c0 - 16, c0 + 48) */

/* stage x and x^2 of channels [c0 - 16, c0 + 48), zero outside [0, C) */
static __device__ inline void lrn_stage(const float *x, int c0, int C, int lane, float *sx, float *sq)
{
  for (int k = 0; k < 2; k++) {
    int i = 32 * k + lane, ch = c0 - LRN_HALO + i;
    float v = ch >= 0 && ch < C ? __ldg(&x[ch]) : 0.0f;
    sx[i] = v;
    sq[i] = v * v;
  }
}

/* the window sum of staged index i */
static __device__ inline float lrn_staged_window(const float *sq, int i, int lo, int hi)
{
  float sum = 0.0f;
  for (int m = -lo; m <= hi; m++)
    sum += sq[i + m];
  return sum;
}

static __global__ void lrn_forward_warp_nhwc(litdnn_lrn_args a)
{
  __shared__ float sx_all[LRN_WARPS * LRN_SPAN];
  __shared__ float sq_all[LRN_WARPS * LRN_SPAN];
  int warp = threadIdx.x / 32, lane = threadIdx.x % 32, C = (int)a.dims[1];
  float *sx = sx_all + warp * LRN_SPAN, *sq = sq_all + warp * LRN_SPAN;
  float k = (float)a.k, an = (float)a.a_over_n, power = -(float)a.power;
  int64_t warps = (int64_t)gridDim.x * LRN_WARPS;
  for (int64_t p = (int64_t)blockIdx.x * LRN_WARPS + warp; p < litdnn_lrn_pixels(&a); p += warps) {
    const float *x = a.x + litdnn_lrn_pixel(&a, a.xs, p);
    float *y = a.out + litdnn_lrn_pixel(&a, a.ys, p);
    for (int c0 = 0; c0 < C; c0 += 32) {
      lrn_stage(x, c0, C, lane, sx, sq);
      __syncwarp();
      int i = LRN_HALO + lane;
      if (c0 + lane < C)
        lrn_store(&y[c0 + lane], sx[i] * lrn_pow(k + an * lrn_staged_window(sq, i, a.lo, a.hi), power), a.alpha,
                  a.beta);
      __syncwarp();
    }
  }
}

static __global__ void lrn_backward_warp_nhwc(litdnn_lrn_args a)
{
  __shared__ float sx_all[LRN_WARPS * LRN_SPAN];
  __shared__ float sq_all[LRN_WARPS * LRN_SPAN];
  __shared__ float st_all[LRN_WARPS * LRN_SPAN];
  int warp = threadIdx.x / 32, lane = threadIdx.x % 32, C = (int)a.dims[1];
  float *sx = sx_all + warp * LRN_SPAN, *sq = sq_all + warp * LRN_SPAN, *st = st_all + warp * LRN_SPAN;
  float k = (float)a.k, an = (float)a.a_over_n, power = -(float)a.power;
  float two_ab = 2.0f * (float)(a.a_over_n * a.power);
  int64_t warps = (int64_t)gridDim.x * LRN_WARPS;
  for (int64_t p = (int64_t)blockIdx.x * LRN_WARPS + warp; p < litdnn_lrn_pixels(&a); p += warps) {
    const float *x = a.x + litdnn_lrn_pixel(&a, a.xs, p), *y = a.y + litdnn_lrn_pixel(&a, a.ys, p);
    const float *dy = a.dy + litdnn_lrn_pixel(&a, a.dys, p);
    float *dx = a.out + litdnn_lrn_pixel(&a, a.dxs, p);
    for (int c0 = 0; c0 < C; c0 += 32) {
      lrn_stage(x, c0, C, lane, sx, sq);
      __syncwarp();
      /* t_c for staged indices [8, 56): channels [c0 - 8, c0 + 40) */
      for (int kk = 0; kk < 2; kk++) {
        int i = 8 + 32 * kk + lane, ch = c0 - LRN_HALO + i;
        if (i < 56)
          st[i] = ch >= 0 && ch < C
                      ? __ldg(&dy[ch]) * __ldg(&y[ch]) / (k + an * lrn_staged_window(sq, i, a.lo, a.hi))
                      : 0.0f;
      }
      __syncwarp();
      int i = LRN_HALO + lane, j = c0 + lane;
      if (j < C) {
        float tsum = 0.0f;
        for (int m = -a.hi; m <= a.lo; m++)
          tsum += st[i + m];
        float g = __ldg(&dy[j]) * lrn_pow(k + an * lrn_staged_window(sq, i, a.lo, a.hi), power) -
                  two_ab * sx[i] * tsum;
        lrn_store(&dx[j], g, a.alpha, a.beta);
      }
      __syncwarp();
    }
  }
}
#line 3908 "chapters/08-normalization.nw"
#define LRN_RING_CHUNK 64      /* channels per thread of the staged kernels, at most */
#define LRN_RING_MIN_CHUNK 32  /* and at least, when the grid is small */
#define LRN_RING_MIN_BLOCKS 2048

/* pixel i (0 .. 3) of thread q. With vec: 4q + i, four neighbours in one plane, read as
   one float4. Without: the warp of q owns 128 pixels and lane l takes pixels l, l + 32,
   l + 64 and l + 96 of them, so that each of a warp's four loads reads 32 neighbours */
static __device__ inline int64_t lrn_quad_pixel(int64_t q, int vec, int i)
{
  return vec ? 4 * q + i : 4 * (q & ~(int64_t)31) + (q & 31) + 32 * i;
}

/* the offsets of channel 0 of the four pixels of thread q in a tensor with strides s;
   -1 for a pixel past the end. With vec, only the first is used */
static __device__ inline void lrn_quad(const litdnn_lrn_args *a, const int64_t *s, int64_t q, int vec, int64_t *o)
{
  for (int i = 0; i < 4; i++) {
    int64_t p = lrn_quad_pixel(q, vec, i);
    o[i] = (vec ? i == 0 : p < litdnn_lrn_pixels(a)) ? litdnn_lrn_pixel(a, s, p) : -1;
  }
}

static __device__ inline float4 lrn_load4(const float *t, const int64_t *o, int64_t off, int vec)
{
  if (vec)
    return __ldg((const float4 *)(t + o[0] + off));
  float4 v;
  v.x = __ldg(&t[o[0] + off]);
  v.y = o[1] >= 0 ? __ldg(&t[o[1] + off]) : 0.0f;
  v.z = o[2] >= 0 ? __ldg(&t[o[2] + off]) : 0.0f;
  v.w = o[3] >= 0 ? __ldg(&t[o[3] + off]) : 0.0f;
  return v;
}

static __device__ inline void lrn_store4(float *t, const int64_t *o, int64_t off, int vec, float4 v, float alpha,
                                         float beta)
{
  if (vec) {
    float4 *p = (float4 *)(t + o[0] + off);
    float4 r;
    if (beta != 0.0f) {
      float4 old = *p;
      r = make_float4(alpha * v.x + beta * old.x, alpha * v.y + beta * old.y, alpha * v.z + beta * old.z,
                      alpha * v.w + beta * old.w);
    } else {
      r = make_float4(alpha * v.x, alpha * v.y, alpha * v.z, alpha * v.w);
    }
    *p = r;
    return;
  }
  lrn_store(&t[o[0] + off], v.x, alpha, beta);
  if (o[1] >= 0) lrn_store(&t[o[1] + off], v.y, alpha, beta);
  if (o[2] >= 0) lrn_store(&t[o[2] + off], v.z, alpha, beta);
  if (o[3] >= 0) lrn_store(&t[o[3] + off], v.w, alpha, beta);
}

/* the sum of squares of ring slots first .. last (channel numbers), in channel order */
static __device__ inline float4 lrn_ring_squares(const float4 *ring, int stride, int mask, int first, int last)
{
  float4 s = make_float4(0.0f, 0.0f, 0.0f, 0.0f);
  for (int m = first; m <= last; m++) {
    float4 v = ring[(m & mask) * stride];
    s.x += v.x * v.x;
    s.y += v.y * v.y;
    s.z += v.z * v.z;
    s.w += v.w * v.w;
  }
  return s;
}

static __device__ inline float4 lrn_ring_sum(const float4 *ring, int stride, int mask, int first, int last)
{
  float4 s = make_float4(0.0f, 0.0f, 0.0f, 0.0f);
  for (int m = first; m <= last; m++) {
    float4 v = ring[(m & mask) * stride];
    s.x += v.x;
    s.y += v.y;
    s.z += v.z;
    s.w += v.w;
  }
  return s;
}

static __device__ inline float4 lrn_zero4(void) { return make_float4(0.0f, 0.0f, 0.0f, 0.0f); }

/* block b: quads of block b / chunks, channels of chunk b % chunks; ring has a power-of-two number of slots */
static __global__ void lrn_forward_staged(litdnn_lrn_args a, int chunk, int chunks, int ring, int vec)
{
  extern __shared__ float4 lrn_fwd_ring4[];
  int T = blockDim.x, mask = ring - 1;
  int64_t q = (int64_t)(blockIdx.x / chunks) * T + threadIdx.x;
  if (lrn_quad_pixel(q, vec, 0) >= litdnn_lrn_pixels(&a))
    return;
  int64_t xo[4], yo[4], xc = a.xs[1], yc = a.ys[1];
  lrn_quad(&a, a.xs, q, vec, xo);
  lrn_quad(&a, a.ys, q, vec, yo);
  int C = (int)a.dims[1], lo = a.lo, hi = a.hi;
  int c0 = (int)(blockIdx.x % chunks) * chunk, c1 = c0 + chunk < C ? c0 + chunk : C;
  float k = (float)a.k, an = (float)a.a_over_n, power = -(float)a.power;
  float4 *xr = lrn_fwd_ring4 + threadIdx.x;
  for (int ch = c0 - lo; ch < c0 + hi; ch++)
    xr[(ch & mask) * T] = ch >= 0 && ch < C ? lrn_load4(a.x, xo, ch * xc, vec) : lrn_zero4();
  for (int c = c0; c < c1; c += 4) {
    float4 v[4];
    LITDNN_UNROLL
    for (int u = 0; u < 4; u++) {
      int e = c + u + hi;
      v[u] = c + u < c1 && e < C ? lrn_load4(a.x, xo, e * xc, vec) : lrn_zero4();
    }
    LITDNN_UNROLL
    for (int u = 0; u < 4; u++) {
      int cc = c + u;
      if (cc < c1) {
        xr[((cc + hi) & mask) * T] = v[u];
        float4 s = lrn_ring_squares(xr, T, mask, cc - lo, cc + hi), xv = xr[(cc & mask) * T];
        float4 out = make_float4(xv.x * lrn_pow(k + an * s.x, power), xv.y * lrn_pow(k + an * s.y, power),
                                 xv.z * lrn_pow(k + an * s.z, power), xv.w * lrn_pow(k + an * s.w, power));
        lrn_store4(a.out, yo, cc * yc, vec, out, a.alpha, a.beta);
      }
    }
  }
}
#line 4088 "chapters/08-normalization.nw"
static __global__ void lrn_backward_staged(litdnn_lrn_args a, int chunk, int chunks, int ring, int ring2, int vec)
{
  extern __shared__ float4 lrn_bwd_ring4[];
  int T = blockDim.x, mask = ring - 1, mask2 = ring2 - 1;
  int64_t q = (int64_t)(blockIdx.x / chunks) * T + threadIdx.x;
  if (lrn_quad_pixel(q, vec, 0) >= litdnn_lrn_pixels(&a))
    return;
  int64_t xo[4], dyo[4], dxo[4];
  int64_t xc = a.xs[1], dyc = a.dys[1], dxc = a.dxs[1];
  lrn_quad(&a, a.xs, q, vec, xo);
  lrn_quad(&a, a.dys, q, vec, dyo);
  lrn_quad(&a, a.dxs, q, vec, dxo);
  int C = (int)a.dims[1], lo = a.lo, hi = a.hi, n = lo + hi + 1;
  int c0 = (int)(blockIdx.x % chunks) * chunk, c1 = c0 + chunk < C ? c0 + chunk : C;
  float k = (float)a.k, an = (float)a.a_over_n, power = -(float)a.power;
  float two_ab = 2.0f * (float)(a.a_over_n * a.power);
  float4 *xr = lrn_bwd_ring4 + threadIdx.x, *tr = xr + ring * T, *gr = tr + ring * T;
  for (int ch = c0 - n + 1; ch < c0; ch++)
    xr[(ch & mask) * T] = ch >= 0 ? lrn_load4(a.x, xo, ch * xc, vec) : lrn_zero4();
  for (int j = c0 - n + 1; j < c1; j += 4) {
    float4 xv[4], dyv[4];
    LITDNN_UNROLL
    for (int u = 0; u < 4; u++) {
      int jj = j + u, e = jj + n - 1, lead = jj + lo, live = jj < c1;
      xv[u] = live && e < C ? lrn_load4(a.x, xo, e * xc, vec) : lrn_zero4();
      dyv[u] = live && lead >= 0 && lead < C ? lrn_load4(a.dy, dyo, lead * dyc, vec) : lrn_zero4();
    }
    LITDNN_UNROLL
    for (int u = 0; u < 4; u++) {
      int jj = j + u, e = jj + n - 1, lead = jj + lo;
      if (jj >= c1)
        break;
      xr[(e & mask) * T] = xv[u];
      float4 q = lrn_ring_squares(xr, T, mask, jj, e), xl = xr[(lead & mask) * T];
      float4 s = make_float4(k + an * q.x, k + an * q.y, k + an * q.z, k + an * q.w);
      float4 g = make_float4(dyv[u].x * lrn_pow(s.x, power), dyv[u].y * lrn_pow(s.y, power),
                             dyv[u].z * lrn_pow(s.z, power), dyv[u].w * lrn_pow(s.w, power));
      gr[(lead & mask2) * T] = g;
      /* t = dy y / s with y = x s^-beta: the first term times x / s */
      tr[(lead & mask) * T] = make_float4(g.x * xl.x / s.x, g.y * xl.y / s.y, g.z * xl.z / s.z, g.w * xl.w / s.w);
      if (jj >= c0) {
        float4 t = lrn_ring_sum(tr, T, mask, jj - hi, lead), gj = gr[(jj & mask2) * T], x = xr[(jj & mask) * T];
        float4 d = make_float4(gj.x - two_ab * x.x * t.x, gj.y - two_ab * x.y * t.y, gj.z - two_ab * x.z * t.z,
                               gj.w - two_ab * x.w * t.w);
        lrn_store4(a.out, dxo, jj * dxc, vec, d, a.alpha, a.beta);
      }
    }
  }
}
#line 4276 "chapters/08-normalization.nw"
/* the staged kernel's quad of pixels with 32-bit offsets (the stage function checks that they fit) */
static __device__ inline void lrn_quad32(const litdnn_lrn_args *a, const int64_t *s, int64_t q, int vec, int *o)
{
  int64_t w[4];
  lrn_quad(a, s, q, vec, w);
  for (int i = 0; i < 4; i++)
    o[i] = (int)w[i];
}

static __device__ __forceinline__ float4 lrn_load4_32(const float *t, const int *o, int off, int vec)
{
  if (vec)
    return __ldg((const float4 *)(t + (o[0] + off)));
  float4 v;
  v.x = __ldg(&t[o[0] + off]);
  v.y = o[1] >= 0 ? __ldg(&t[o[1] + off]) : 0.0f;
  v.z = o[2] >= 0 ? __ldg(&t[o[2] + off]) : 0.0f;
  v.w = o[3] >= 0 ? __ldg(&t[o[3] + off]) : 0.0f;
  return v;
}

static __device__ __forceinline__ void lrn_store4_32(float *t, const int *o, int off, int vec, float4 v, float alpha,
                                                     float beta)
{
  if (vec) {
    float4 *p = (float4 *)(t + (o[0] + off));
    float4 old = beta != 0.0f ? *p : lrn_zero4();
    *p = beta != 0.0f ? make_float4(alpha * v.x + beta * old.x, alpha * v.y + beta * old.y,
                                    alpha * v.z + beta * old.z, alpha * v.w + beta * old.w)
                      : make_float4(alpha * v.x, alpha * v.y, alpha * v.z, alpha * v.w);
    return;
  }
  lrn_store(&t[o[0] + off], v.x, alpha, beta);
  if (o[1] >= 0) lrn_store(&t[o[1] + off], v.y, alpha, beta);
  if (o[2] >= 0) lrn_store(&t[o[2] + off], v.z, alpha, beta);
  if (o[3] >= 0) lrn_store(&t[o[3] + off], v.w, alpha, beta);
}

#define LRN_ROT_PIXELS 124  /* pixels a warp owns on the rotated path: 31 lanes of four */

/* the rotated path (vec 2): a warp owns LRN_ROT_PIXELS neighbouring pixels of one plane,
   lane l < 31 the four from 4l, lane 31 none. The warp's row of a channel starts at
   element row, m = row & 3 past a 16-byte boundary, so its values lie in the 32 aligned
   float4 from row - m: lane l loads the l-th if it holds any of them, and takes the m
   values it lacks from lane l + 1's. valid: the warp's pixels in the plane */
static __device__ __forceinline__ float4 lrn_pick4(float4 a, float4 b, int m)
{
  return m == 0 ? a : m == 1 ? make_float4(a.y, a.z, a.w, b.x) : m == 2 ? make_float4(a.z, a.w, b.x, b.y)
                                                                : make_float4(a.w, b.x, b.y, b.z);
}

/* the load alone, so that a step can have all its loads in flight before the first shuffle */
static __device__ __forceinline__ float4 lrn_load4_rot(const float *t, int row, int valid, int lane)
{
  int m = row & 3;
  return 4 * lane < m + valid ? __ldg((const float4 *)(t + (row - m)) + lane) : lrn_zero4();
}

/* then lane l's four values: the last 4 - m of its float4 and the first m of lane l + 1's */
static __device__ __forceinline__ float4 lrn_rot4(float4 own, int row)
{
  float4 next;
  next.x = __shfl_down_sync(0xffffffffu, own.x, 1);
  next.y = __shfl_down_sync(0xffffffffu, own.y, 1);
  next.z = __shfl_down_sync(0xffffffffu, own.z, 1);
  next.w = __shfl_down_sync(0xffffffffu, own.w, 1);
  return lrn_pick4(own, next, row & 3);
}

/* the way back: lane l writes the aligned float4 at 4l - m, whose first m values are lane
   l - 1's; only the positions of the warp's own pixels, whole float4 where it can */
static __device__ __forceinline__ void lrn_store4_rot(float *t, int row, int valid, int lane, float4 d, float alpha,
                                                      float beta)
{
  int m = row & 3;
  float *p = t + (row - m) + 4 * lane;
  float4 prev, o;
  prev.x = __shfl_up_sync(0xffffffffu, d.x, 1);
  prev.y = __shfl_up_sync(0xffffffffu, d.y, 1);
  prev.z = __shfl_up_sync(0xffffffffu, d.z, 1);
  prev.w = __shfl_up_sync(0xffffffffu, d.w, 1);
  o = m == 0 ? d : lrn_pick4(prev, d, 4 - m);
  if (4 * lane >= m && 4 * lane + 3 < m + valid) {
    float4 *q = (float4 *)p, old = beta != 0.0f ? *q : lrn_zero4();
    *q = beta != 0.0f ? make_float4(alpha * o.x + beta * old.x, alpha * o.y + beta * old.y,
                                    alpha * o.z + beta * old.z, alpha * o.w + beta * old.w)
                      : make_float4(alpha * o.x, alpha * o.y, alpha * o.z, alpha * o.w);
  } else {
    /* the first and last lanes of the warp, and the lanes past the plane's end: lane 31
       writes the last m values of lane 30, lane 0 leaves the first m to the warp before */
    float v[4] = {o.x, o.y, o.z, o.w};
    LITDNN_UNROLL
    for (int k = 0; k < 4; k++)
      if (4 * lane + k >= m && 4 * lane + k < m + valid)
        lrn_store(p + k, v[k], alpha, beta);
  }
}

/* one block of the staged kernel's grid with the rings as register arrays; vec and nw (the
   window) must be constants after inlining; the window's lo and hi are cuDNN's for that nw */
static __device__ __forceinline__ void lrn_backward_regs_body(const litdnn_lrn_args *a, int chunk, int chunks,
                                                              const int vec, const int nw)
{
  const int lo = (nw - 1) / 2;
  int64_t q = (int64_t)(blockIdx.x / chunks) * blockDim.x + threadIdx.x;
  int xo[4], dyo[4], dxo[4], valid = 0, lane = threadIdx.x & 31;
  int xc = (int)a->xs[1], dyc = (int)a->dys[1], dxc = (int)a->dxs[1];
  if (vec == 2) {
    /* whole warps: a plane of HW pixels has wpp warps, the last one with fewer pixels */
    int64_t hw = a->dims[2] * a->dims[3], wpp = (hw + LRN_ROT_PIXELS - 1) / LRN_ROT_PIXELS, wg = q >> 5;
    if (wg >= a->dims[0] * wpp)
      return;
    int64_t img = wg / wpp, first = (wg % wpp) * LRN_ROT_PIXELS;
    valid = hw - first < LRN_ROT_PIXELS ? (int)(hw - first) : LRN_ROT_PIXELS;
    xo[0] = (int)(img * a->xs[0] + first);
    dyo[0] = (int)(img * a->dys[0] + first);
    dxo[0] = (int)(img * a->dxs[0] + first);
  } else {
    if (lrn_quad_pixel(q, vec, 0) >= litdnn_lrn_pixels(a))
      return;
    lrn_quad32(a, a->xs, q, vec, xo);
    lrn_quad32(a, a->dys, q, vec, dyo);
    lrn_quad32(a, a->dxs, q, vec, dxo);
  }
  int C = (int)a->dims[1];
  int c0 = (int)(blockIdx.x % chunks) * chunk, c1 = c0 + chunk < C ? c0 + chunk : C;
  float k = (float)a->k, an = (float)a->a_over_n, power = -(float)a->power;
  float two_ab = 2.0f * (float)(a->a_over_n * a->power);
  float4 X[LITDNN_LRN_REGS_MAX_N], T[LITDNN_LRN_REGS_MAX_N], G[LITDNN_LRN_REGS_MAX_N];
  LITDNN_UNROLL
  for (int m = 0; m < nw; m++) {
    int ch = c0 - nw + 1 + m, row = xo[0] + ch * xc;
    X[m] = m < nw - 1 && ch >= 0 ? (vec == 2 ? lrn_rot4(lrn_load4_rot(a->x, row, valid, lane), row)
                                               : lrn_load4_32(a->x, xo, ch * xc, vec))
                                  : lrn_zero4();
    T[m] = lrn_zero4();
    G[m] = lrn_zero4();
  }
  for (int j = c0 - nw + 1; j < c1; j += 4) {
    float4 xv[4], dyv[4];
    LITDNN_UNROLL
    for (int u = 0; u < 4; u++) {
      int jj = j + u, e = jj + nw - 1, lead = jj + lo, live = jj < c1;
      if (vec == 2) {
        /* the loads only; their shuffles come after the last of them */
        xv[u] = live && e < C ? lrn_load4_rot(a->x, xo[0] + e * xc, valid, lane) : lrn_zero4();
        dyv[u] = live && lead >= 0 && lead < C ? lrn_load4_rot(a->dy, dyo[0] + lead * dyc, valid, lane) : lrn_zero4();
      } else {
        xv[u] = live && e < C ? lrn_load4_32(a->x, xo, e * xc, vec) : lrn_zero4();
        dyv[u] = live && lead >= 0 && lead < C ? lrn_load4_32(a->dy, dyo, lead * dyc, vec) : lrn_zero4();
      }
    }
    if (vec == 2) {
      LITDNN_UNROLL
      for (int u = 0; u < 4; u++) {
        int jj = j + u;
        xv[u] = lrn_rot4(xv[u], xo[0] + (jj + nw - 1) * xc);
        dyv[u] = lrn_rot4(dyv[u], dyo[0] + (jj + lo) * dyc);
      }
    }
    LITDNN_UNROLL
    for (int u = 0; u < 4; u++) {
      int jj = j + u;
      if (jj >= c1)
        break;
      X[nw - 1] = xv[u];
      float4 sq = lrn_zero4();
      LITDNN_UNROLL
      for (int m = 0; m < nw; m++) {
        sq.x += X[m].x * X[m].x;
        sq.y += X[m].y * X[m].y;
        sq.z += X[m].z * X[m].z;
        sq.w += X[m].w * X[m].w;
      }
      float4 xl = X[lo];
      float4 s = make_float4(k + an * sq.x, k + an * sq.y, k + an * sq.z, k + an * sq.w);
      float4 g = make_float4(dyv[u].x * lrn_pow(s.x, power), dyv[u].y * lrn_pow(s.y, power),
                             dyv[u].z * lrn_pow(s.z, power), dyv[u].w * lrn_pow(s.w, power));
      G[lo] = g;
      T[nw - 1] = make_float4(g.x * xl.x / s.x, g.y * xl.y / s.y, g.z * xl.z / s.z, g.w * xl.w / s.w);
      if (jj >= c0) {
        float4 t = lrn_zero4();
        LITDNN_UNROLL
        for (int m = 0; m < nw; m++) {
          t.x += T[m].x;
          t.y += T[m].y;
          t.z += T[m].z;
          t.w += T[m].w;
        }
        float4 d = make_float4(G[0].x - two_ab * X[0].x * t.x, G[0].y - two_ab * X[0].y * t.y,
                               G[0].z - two_ab * X[0].z * t.z, G[0].w - two_ab * X[0].w * t.w);
        if (vec == 2)
          lrn_store4_rot(a->out, dxo[0] + jj * dxc, valid, lane, d, a->alpha, a->beta);
        else
          lrn_store4_32(a->out, dxo, jj * dxc, vec, d, a->alpha, a->beta);
      }
      LITDNN_UNROLL
      for (int m = 0; m + 1 < nw; m++) {
        X[m] = X[m + 1];
        T[m] = T[m + 1];
      }
      LITDNN_UNROLL
      for (int m = 0; m < lo; m++)
        G[m] = G[m + 1];
    }
  }
}

static __global__ void lrn_backward_regs1v(litdnn_lrn_args a, int chunk, int chunks)
{
  lrn_backward_regs_body(&a, chunk, chunks, 1, 1);
}
static __global__ void lrn_backward_regs2v(litdnn_lrn_args a, int chunk, int chunks)
{
  lrn_backward_regs_body(&a, chunk, chunks, 1, 2);
}
static __global__ void lrn_backward_regs3v(litdnn_lrn_args a, int chunk, int chunks)
{
  lrn_backward_regs_body(&a, chunk, chunks, 1, 3);
}
static __global__ void lrn_backward_regs4v(litdnn_lrn_args a, int chunk, int chunks)
{
  lrn_backward_regs_body(&a, chunk, chunks, 1, 4);
}
static __global__ void lrn_backward_regs5v(litdnn_lrn_args a, int chunk, int chunks)
{
  lrn_backward_regs_body(&a, chunk, chunks, 1, 5);
}
static __global__ void lrn_backward_regs1p(litdnn_lrn_args a, int chunk, int chunks)
{
  lrn_backward_regs_body(&a, chunk, chunks, 0, 1);
}
static __global__ void lrn_backward_regs2p(litdnn_lrn_args a, int chunk, int chunks)
{
  lrn_backward_regs_body(&a, chunk, chunks, 0, 2);
}
static __global__ void lrn_backward_regs3p(litdnn_lrn_args a, int chunk, int chunks)
{
  lrn_backward_regs_body(&a, chunk, chunks, 0, 3);
}
static __global__ void lrn_backward_regs4p(litdnn_lrn_args a, int chunk, int chunks)
{
  lrn_backward_regs_body(&a, chunk, chunks, 0, 4);
}
static __global__ void lrn_backward_regs5p(litdnn_lrn_args a, int chunk, int chunks)
{
  lrn_backward_regs_body(&a, chunk, chunks, 0, 5);
}
static __global__ void lrn_backward_regs1r(litdnn_lrn_args a, int chunk, int chunks)
{
  lrn_backward_regs_body(&a, chunk, chunks, 2, 1);
}
static __global__ void lrn_backward_regs2r(litdnn_lrn_args a, int chunk, int chunks)
{
  lrn_backward_regs_body(&a, chunk, chunks, 2, 2);
}
static __global__ void lrn_backward_regs3r(litdnn_lrn_args a, int chunk, int chunks)
{
  lrn_backward_regs_body(&a, chunk, chunks, 2, 3);
}
static __global__ void lrn_backward_regs4r(litdnn_lrn_args a, int chunk, int chunks)
{
  lrn_backward_regs_body(&a, chunk, chunks, 2, 4);
}
static __global__ void lrn_backward_regs5r(litdnn_lrn_args a, int chunk, int chunks)
{
  lrn_backward_regs_body(&a, chunk, chunks, 2, 5);
}
#line 4579 "chapters/08-normalization.nw"
static __device__ __forceinline__ void lrn_forward_regs_body(const litdnn_lrn_args *a, int chunk, int chunks,
                                                             const int vec, const int nw)
{
  const int lo = (nw - 1) / 2, hi = nw - 1 - lo;
  int64_t q = (int64_t)(blockIdx.x / chunks) * blockDim.x + threadIdx.x;
  int xo[4], yo[4], valid = 0, lane = threadIdx.x & 31;
  int xc = (int)a->xs[1], yc = (int)a->ys[1];
  if (vec == 2) {
    int64_t hw = a->dims[2] * a->dims[3], wpp = (hw + LRN_ROT_PIXELS - 1) / LRN_ROT_PIXELS, wg = q >> 5;
    if (wg >= a->dims[0] * wpp)
      return;
    int64_t img = wg / wpp, first = (wg % wpp) * LRN_ROT_PIXELS;
    valid = hw - first < LRN_ROT_PIXELS ? (int)(hw - first) : LRN_ROT_PIXELS;
    xo[0] = (int)(img * a->xs[0] + first);
    yo[0] = (int)(img * a->ys[0] + first);
  } else {
    if (lrn_quad_pixel(q, vec, 0) >= litdnn_lrn_pixels(a))
      return;
    lrn_quad32(a, a->xs, q, vec, xo);
    lrn_quad32(a, a->ys, q, vec, yo);
  }
  int C = (int)a->dims[1];
  int c0 = (int)(blockIdx.x % chunks) * chunk, c1 = c0 + chunk < C ? c0 + chunk : C;
  float k = (float)a->k, an = (float)a->a_over_n, power = -(float)a->power;
  float4 X[LITDNN_LRN_REGS_MAX_N];
  LITDNN_UNROLL
  for (int m = 0; m < nw; m++) {
    int ch = c0 - lo + m;
    int row = xo[0] + ch * xc;
    X[m] = m < nw - 1 && ch >= 0 && ch < C ? (vec == 2 ? lrn_rot4(lrn_load4_rot(a->x, row, valid, lane), row)
                                                      : lrn_load4_32(a->x, xo, ch * xc, vec))
                                         : lrn_zero4();
  }
  for (int c = c0; c < c1; c += 4) {
    float4 xv[4];
    LITDNN_UNROLL
    for (int u = 0; u < 4; u++) {
      int e = c + u + hi, live = c + u < c1 && e < C;
      xv[u] = live ? (vec == 2 ? lrn_load4_rot(a->x, xo[0] + e * xc, valid, lane) : lrn_load4_32(a->x, xo, e * xc, vec))
                   : lrn_zero4();
    }
    if (vec == 2) {
      /* the rotated loads' shuffles, after the last of them */
      LITDNN_UNROLL
      for (int u = 0; u < 4; u++)
        xv[u] = lrn_rot4(xv[u], xo[0] + (c + u + hi) * xc);
    }
    LITDNN_UNROLL
    for (int u = 0; u < 4; u++) {
      int cc = c + u;
      if (cc >= c1)
        break;
      X[nw - 1] = xv[u];
      float4 sq = lrn_zero4();
      LITDNN_UNROLL
      for (int m = 0; m < nw; m++) {
        sq.x += X[m].x * X[m].x;
        sq.y += X[m].y * X[m].y;
        sq.z += X[m].z * X[m].z;
        sq.w += X[m].w * X[m].w;
      }
      float4 xl = X[lo];
      float4 out = make_float4(xl.x * lrn_pow(k + an * sq.x, power), xl.y * lrn_pow(k + an * sq.y, power),
                               xl.z * lrn_pow(k + an * sq.z, power), xl.w * lrn_pow(k + an * sq.w, power));
      if (vec == 2)
        lrn_store4_rot(a->out, yo[0] + cc * yc, valid, lane, out, a->alpha, a->beta);
      else
        lrn_store4_32(a->out, yo, cc * yc, vec, out, a->alpha, a->beta);
      LITDNN_UNROLL
      for (int m = 0; m + 1 < nw; m++)
        X[m] = X[m + 1];
    }
  }
}

static __global__ void lrn_forward_regs1v(litdnn_lrn_args a, int chunk, int chunks)
{
  lrn_forward_regs_body(&a, chunk, chunks, 1, 1);
}
static __global__ void lrn_forward_regs2v(litdnn_lrn_args a, int chunk, int chunks)
{
  lrn_forward_regs_body(&a, chunk, chunks, 1, 2);
}
static __global__ void lrn_forward_regs3v(litdnn_lrn_args a, int chunk, int chunks)
{
  lrn_forward_regs_body(&a, chunk, chunks, 1, 3);
}
static __global__ void lrn_forward_regs4v(litdnn_lrn_args a, int chunk, int chunks)
{
  lrn_forward_regs_body(&a, chunk, chunks, 1, 4);
}
static __global__ void lrn_forward_regs5v(litdnn_lrn_args a, int chunk, int chunks)
{
  lrn_forward_regs_body(&a, chunk, chunks, 1, 5);
}
static __global__ void lrn_forward_regs1r(litdnn_lrn_args a, int chunk, int chunks)
{
  lrn_forward_regs_body(&a, chunk, chunks, 2, 1);
}
static __global__ void lrn_forward_regs2r(litdnn_lrn_args a, int chunk, int chunks)
{
  lrn_forward_regs_body(&a, chunk, chunks, 2, 2);
}
static __global__ void lrn_forward_regs3r(litdnn_lrn_args a, int chunk, int chunks)
{
  lrn_forward_regs_body(&a, chunk, chunks, 2, 3);
}
static __global__ void lrn_forward_regs4r(litdnn_lrn_args a, int chunk, int chunks)
{
  lrn_forward_regs_body(&a, chunk, chunks, 2, 4);
}
static __global__ void lrn_forward_regs5r(litdnn_lrn_args a, int chunk, int chunks)
{
  lrn_forward_regs_body(&a, chunk, chunks, 2, 5);
}
static __global__ void lrn_forward_regs1p(litdnn_lrn_args a, int chunk, int chunks)
{
  lrn_forward_regs_body(&a, chunk, chunks, 0, 1);
}
static __global__ void lrn_forward_regs2p(litdnn_lrn_args a, int chunk, int chunks)
{
  lrn_forward_regs_body(&a, chunk, chunks, 0, 2);
}
static __global__ void lrn_forward_regs3p(litdnn_lrn_args a, int chunk, int chunks)
{
  lrn_forward_regs_body(&a, chunk, chunks, 0, 3);
}
static __global__ void lrn_forward_regs4p(litdnn_lrn_args a, int chunk, int chunks)
{
  lrn_forward_regs_body(&a, chunk, chunks, 0, 4);
}
static __global__ void lrn_forward_regs5p(litdnn_lrn_args a, int chunk, int chunks)
{
  lrn_forward_regs_body(&a, chunk, chunks, 0, 5);
}
#line 4843 "chapters/08-normalization.nw"
#define LRN_PIX_THREADS 128      /* threads a block */
#define LRN_PIX_STEP 8           /* channels whose loads a thread issues together */
#define LRN_PIX_BLOCKS_PER_SM 8  /* blocks an SM holds: 1024 threads at 64 registers at most */
#define LRN_PIX_BOUNDS __launch_bounds__(LRN_PIX_THREADS, LRN_PIX_BLOCKS_PER_SM)
#define LRN_PIX_AHEAD_BLOCKS_PER_SM 6  /* with the next step's loads: 768 threads at 80 registers */
#define LRN_PIX_AHEAD_BOUNDS __launch_bounds__(LRN_PIX_THREADS, LRN_PIX_AHEAD_BLOCKS_PER_SM)

/* the loads of the step from channel j: x of the entering channels, dy of the lead ones;
   zeros outside the tensor and past the chunk's last output c1 */
static __device__ __forceinline__ void lrn_pixel_loads(const float *x, const float *dy, int xc, int dyc, int j,
                                                       int c1, int C, const int nw, float *xv, float *dyv)
{
  const int lo = (nw - 1) / 2;
  LITDNN_UNROLL
  for (int u = 0; u < LRN_PIX_STEP; u++) {
    int jj = j + u, e = jj + nw - 1, lead = jj + lo, live = jj < c1;
    xv[u] = live && e < C ? __ldg(x + e * xc) : 0.0f;
    dyv[u] = live && lead >= 0 && lead < C ? __ldg(dy + lead * dyc) : 0.0f;
  }
}

/* one pixel of one chunk of channels per thread, the windows in register arrays; nw (the
   window) and ahead (whether a step loads the next step's channels) must be constants
   after inlining; lo and hi are cuDNN's for that nw */
static __device__ __forceinline__ void lrn_backward_pixel_body(const litdnn_lrn_args *a, int chunk, int chunks,
                                                               float4 coef, const int nw, const int ahead)
{
  const int lo = (nw - 1) / 2;
  int64_t p = (int64_t)(blockIdx.x / chunks) * blockDim.x + threadIdx.x;
  if (p >= litdnn_lrn_pixels(a))
    return;
  const float *x = a->x + litdnn_lrn_pixel(a, a->xs, p), *dy = a->dy + litdnn_lrn_pixel(a, a->dys, p);
  float *dx = a->out + litdnn_lrn_pixel(a, a->dxs, p);
  int xc = (int)a->xs[1], dyc = (int)a->dys[1], dxc = (int)a->dxs[1], C = (int)a->dims[1];
  int c0 = (int)(blockIdx.x % chunks) * chunk, c1 = c0 + chunk < C ? c0 + chunk : C;
  float k = coef.x, an = coef.y, power = coef.z, two_ab = coef.w;
  float X[LITDNN_LRN_REGS_MAX_N], T[LITDNN_LRN_REGS_MAX_N], G[LITDNN_LRN_REGS_MAX_N];
  LITDNN_UNROLL
  for (int m = 0; m < nw; m++) {
    int ch = c0 - nw + 1 + m;
    X[m] = m < nw - 1 && ch >= 0 ? __ldg(x + ch * xc) : 0.0f;
    T[m] = 0.0f;
    G[m] = 0.0f;
  }
  float xv[LRN_PIX_STEP], dyv[LRN_PIX_STEP];
  if (ahead)
    lrn_pixel_loads(x, dy, xc, dyc, c0 - nw + 1, c1, C, nw, xv, dyv);
  for (int j = c0 - nw + 1; j < c1; j += LRN_PIX_STEP) {
    /* every load of a step first: 2 * LRN_PIX_STEP independent loads in flight, of this
       step's channels, or with ahead of the next step's, which arrive during this one's
       arithmetic */
    float nxv[LRN_PIX_STEP], ndyv[LRN_PIX_STEP];
    lrn_pixel_loads(x, dy, xc, dyc, ahead ? j + LRN_PIX_STEP : j, c1, C, nw, nxv, ndyv);
    if (!ahead) {
      LITDNN_UNROLL
      for (int u = 0; u < LRN_PIX_STEP; u++) {
        xv[u] = nxv[u];
        dyv[u] = ndyv[u];
      }
    }
    LITDNN_UNROLL
    for (int u = 0; u < LRN_PIX_STEP; u++) {
      /* no early exit past c1: the last step computes on zeros and stores nothing, and
         the step stays straight-line code whose shifts are renamings */
      int jj = j + u;
      X[nw - 1] = xv[u];
      float sq = 0.0f;
      LITDNN_UNROLL
      for (int m = 0; m < nw; m++)
        sq += X[m] * X[m];
      float s = k + an * sq, g = dyv[u] * lrn_pow(s, power);
      G[lo] = g;
      T[nw - 1] = g * X[lo] / s;
      if (jj >= c0 && jj < c1) {
        float t = 0.0f;
        LITDNN_UNROLL
        for (int m = 0; m < nw; m++)
          t += T[m];
        lrn_store(dx + jj * dxc, G[0] - two_ab * X[0] * t, a->alpha, a->beta);
      }
      LITDNN_UNROLL
      for (int m = 0; m + 1 < nw; m++) {
        X[m] = X[m + 1];
        T[m] = T[m + 1];
      }
      LITDNN_UNROLL
      for (int m = 0; m < lo; m++)
        G[m] = G[m + 1];
    }
    if (ahead) {
      LITDNN_UNROLL
      for (int u = 0; u < LRN_PIX_STEP; u++) {
        xv[u] = nxv[u];
        dyv[u] = ndyv[u];
      }
    }
  }
}

static __global__ void LRN_PIX_BOUNDS lrn_backward_pixel1(litdnn_lrn_args a, int chunk, int chunks, float4 coef)
{
  lrn_backward_pixel_body(&a, chunk, chunks, coef, 1, 0);
}
static __global__ void LRN_PIX_BOUNDS lrn_backward_pixel2(litdnn_lrn_args a, int chunk, int chunks, float4 coef)
{
  lrn_backward_pixel_body(&a, chunk, chunks, coef, 2, 0);
}
static __global__ void LRN_PIX_BOUNDS lrn_backward_pixel3(litdnn_lrn_args a, int chunk, int chunks, float4 coef)
{
  lrn_backward_pixel_body(&a, chunk, chunks, coef, 3, 0);
}
static __global__ void LRN_PIX_BOUNDS lrn_backward_pixel4(litdnn_lrn_args a, int chunk, int chunks, float4 coef)
{
  lrn_backward_pixel_body(&a, chunk, chunks, coef, 4, 0);
}
static __global__ void LRN_PIX_BOUNDS lrn_backward_pixel5(litdnn_lrn_args a, int chunk, int chunks, float4 coef)
{
  lrn_backward_pixel_body(&a, chunk, chunks, coef, 5, 0);
}
static __global__ void LRN_PIX_AHEAD_BOUNDS lrn_backward_pixel1a(litdnn_lrn_args a, int chunk, int chunks, float4 coef)
{
  lrn_backward_pixel_body(&a, chunk, chunks, coef, 1, 1);
}
static __global__ void LRN_PIX_AHEAD_BOUNDS lrn_backward_pixel2a(litdnn_lrn_args a, int chunk, int chunks, float4 coef)
{
  lrn_backward_pixel_body(&a, chunk, chunks, coef, 2, 1);
}
static __global__ void LRN_PIX_AHEAD_BOUNDS lrn_backward_pixel3a(litdnn_lrn_args a, int chunk, int chunks, float4 coef)
{
  lrn_backward_pixel_body(&a, chunk, chunks, coef, 3, 1);
}
static __global__ void LRN_PIX_AHEAD_BOUNDS lrn_backward_pixel4a(litdnn_lrn_args a, int chunk, int chunks, float4 coef)
{
  lrn_backward_pixel_body(&a, chunk, chunks, coef, 4, 1);
}
static __global__ void LRN_PIX_AHEAD_BOUNDS lrn_backward_pixel5a(litdnn_lrn_args a, int chunk, int chunks, float4 coef)
{
  lrn_backward_pixel_body(&a, chunk, chunks, coef, 5, 1);
}

#line 5013 "chapters/08-normalization.nw"
static const char lrn_forward_call[] = "litdnnLRNCrossChannelForward";
static const char lrn_backward_call[] = "litdnnLRNCrossChannelBackward";

static unsigned lrn_blocks(int64_t n) { return (unsigned)((n + LRN_THREADS - 1) / LRN_THREADS); }

litdnnStatus_t LITDNN_GPU_FN(litdnn_lrn_forward_naive)(litdnnHandle_t h, const void *args)
{
  const litdnn_lrn_args *a = (const litdnn_lrn_args *)args;
  lrn_forward_thread_per_element<<<lrn_blocks(litdnn_lrn_pixels(a) * a->dims[1]), LRN_THREADS, 0,
                                   litdnn_gpu_stream(h)>>>(*a);
  return litdnn_gpu_launch_status(lrn_forward_call, "lrn_forward_thread_per_element");
}
litdnnStatus_t LITDNN_GPU_FN(litdnn_lrn_backward_naive)(litdnnHandle_t h, const void *args)
{
  const litdnn_lrn_args *a = (const litdnn_lrn_args *)args;
  lrn_backward_thread_per_element<<<lrn_blocks(litdnn_lrn_pixels(a) * a->dims[1]), LRN_THREADS, 0,
                                    litdnn_gpu_stream(h)>>>(*a);
  return litdnn_gpu_launch_status(lrn_backward_call, "lrn_backward_thread_per_element");
}
static int lrn_chunks(const litdnn_lrn_args *a) { return (int)((a->dims[1] + LRN_CHUNK - 1) / LRN_CHUNK); }

litdnnStatus_t LITDNN_GPU_FN(litdnn_lrn_forward_sliding)(litdnnHandle_t h, const void *args)
{
  const litdnn_lrn_args *a = (const litdnn_lrn_args *)args;
  int chunks = lrn_chunks(a);
  lrn_forward_sliding<<<lrn_blocks(litdnn_lrn_pixels(a)) * chunks, LRN_THREADS, 0, litdnn_gpu_stream(h)>>>(*a,
                                                                                                         chunks);
  return litdnn_gpu_launch_status(lrn_forward_call, "lrn_forward_sliding");
}
litdnnStatus_t LITDNN_GPU_FN(litdnn_lrn_backward_sliding)(litdnnHandle_t h, const void *args)
{
  const litdnn_lrn_args *a = (const litdnn_lrn_args *)args;
  int chunks = lrn_chunks(a);
  lrn_backward_sliding<<<lrn_blocks(litdnn_lrn_pixels(a)) * chunks, LRN_THREADS, 0, litdnn_gpu_stream(h)>>>(*a,
                                                                                                          chunks);
  return litdnn_gpu_launch_status(lrn_backward_call, "lrn_backward_sliding");
}

/* a warp per pixel, no grid-stride rounds: 8 pixels per block */
static unsigned lrn_warp_blocks(const litdnn_lrn_args *a)
{
  return litdnn_gpu_blocks(litdnn_lrn_pixels(a), LRN_WARPS, 0x7fffffffu);
}

litdnnStatus_t LITDNN_GPU_FN(litdnn_lrn_forward_warp)(litdnnHandle_t h, const void *args)
{
  const litdnn_lrn_args *a = (const litdnn_lrn_args *)args;   /* channels at stride 1: the stage applies */
  lrn_forward_warp_nhwc<<<lrn_warp_blocks(a), LRN_THREADS, 0, litdnn_gpu_stream(h)>>>(*a);
  return litdnn_gpu_launch_status(lrn_forward_call, "lrn_forward_warp_nhwc");
}
litdnnStatus_t LITDNN_GPU_FN(litdnn_lrn_backward_warp)(litdnnHandle_t h, const void *args)
{
  const litdnn_lrn_args *a = (const litdnn_lrn_args *)args;   /* channels at stride 1: the stage applies */
  lrn_backward_warp_nhwc<<<lrn_warp_blocks(a), LRN_THREADS, 0, litdnn_gpu_stream(h)>>>(*a);
  return litdnn_gpu_launch_status(lrn_backward_call, "lrn_backward_warp_nhwc");
}
#line 5075 "chapters/08-normalization.nw"
/* the smallest power of two at or above v */
static int lrn_pow2(int v)
{
  int r = 1;
  while (r < v)
    r *= 2;
  return r;
}

/* 128 threads a block when the rings fit in 48 KB, else 64 */
static int lrn_staged_threads(size_t bytes_per_thread) { return bytes_per_thread * 128 <= 48 * 1024 ? 128 : 64; }

static unsigned lrn_staged_blocks(const litdnn_lrn_args *a, int threads, int chunks)
{
  int64_t quads = (litdnn_lrn_pixels(a) + 3) / 4;
  return (unsigned)((quads + threads - 1) / threads) * (unsigned)chunks;
}

/* channels per chunk: LRN_RING_CHUNK, halved (down to LRN_RING_MIN_CHUNK) while the grid
   has fewer than LRN_RING_MIN_BLOCKS blocks */
static int lrn_staged_chunk(const litdnn_lrn_args *a, int threads)
{
  int chunk = LRN_RING_CHUNK;
  while (chunk > LRN_RING_MIN_CHUNK &&
         lrn_staged_blocks(a, threads, (int)((a->dims[1] + chunk - 1) / chunk)) < LRN_RING_MIN_BLOCKS)
    chunk /= 2;
  return chunk;
}

litdnnStatus_t LITDNN_GPU_FN(litdnn_lrn_forward_staged)(litdnnHandle_t h, const void *args)
{
  const litdnn_lrn_args *a = (const litdnn_lrn_args *)args;
  int vec = litdnn_lrn_all_vec(a, 0);
  int ring = lrn_pow2(a->lo + a->hi + 1);
  size_t per_thread = (size_t)ring * sizeof(float4);
  int threads = lrn_staged_threads(per_thread), chunk = lrn_staged_chunk(a, threads);
  int chunks = (int)((a->dims[1] + chunk - 1) / chunk);
  lrn_forward_staged<<<lrn_staged_blocks(a, threads, chunks), threads, per_thread * threads,
                       litdnn_gpu_stream(h)>>>(*a, chunk, chunks, ring, vec);
  return litdnn_gpu_launch_status(lrn_forward_call, "lrn_forward_staged");
}
litdnnStatus_t LITDNN_GPU_FN(litdnn_lrn_backward_staged)(litdnnHandle_t h, const void *args)
{
  const litdnn_lrn_args *a = (const litdnn_lrn_args *)args;
  int vec = litdnn_lrn_all_vec(a, 1);
  int ring = lrn_pow2(a->lo + a->hi + 1), ring2 = lrn_pow2(a->lo + 1);
  size_t per_thread = (size_t)(2 * ring + ring2) * sizeof(float4);
  int threads = lrn_staged_threads(per_thread), chunk = lrn_staged_chunk(a, threads);
  int chunks = (int)((a->dims[1] + chunk - 1) / chunk);
  lrn_backward_staged<<<lrn_staged_blocks(a, threads, chunks), threads, per_thread * threads,
                        litdnn_gpu_stream(h)>>>(*a, chunk, chunks, ring, ring2, vec);
  return litdnn_gpu_launch_status(lrn_backward_call, "lrn_backward_staged");
}
#line 5157 "chapters/08-normalization.nw"
/* the rotated path can take the tensor with strides s at p: its rows are contiguous and p is
   16-byte aligned; and, if the path reads it, it spans a whole number of float4, since the
   aligned float4 that holds its last value is read whole */
static int lrn_rows_ok(const litdnn_lrn_args *a, const int64_t *s, const void *p, int read)
{
  return s[3] == 1 && s[2] == a->dims[3] && ((uintptr_t)p & 15) == 0 &&
         (!read || litdnn_lrn_extent(a, s) % 4 == 0);
}

/* channels per chunk for the register stages: the multiple of 4 in [16, 128] that minimizes
   rounds * (chunk + nw - 1), a round being the per_sm blocks every SM holds at once; among
   grids of at least one full round when there are any */
#define LRN_REGS_BLOCKS_PER_SM 7      /* backward: 64 threads of 133 to 141 registers */
#define LRN_REGS_FWD_BLOCKS_PER_SM 15 /* forward: 64 threads of 60 to 68 registers */
static int lrn_regs_chunk(const litdnn_lrn_args *a, int64_t all_threads, int threads, int nw, int per_sm)
{
  int64_t C = a->dims[1], groups = (all_threads + threads - 1) / threads;
  int64_t per_round = (int64_t)per_sm * litdnn_gpu_sm_count();
  int best = 16, best_full = 0;
  int64_t best_cost = -1;
  for (int chunk = 16; chunk <= 128; chunk += 4) {
    int64_t blocks = groups * ((C + chunk - 1) / chunk), rounds = (blocks + per_round - 1) / per_round;
    int64_t cost = rounds * (chunk + nw - 1);
    int full = blocks >= per_round;
    if (best_cost < 0 || full > best_full || (full == best_full && full && cost < best_cost)) {
      best = chunk;
      best_cost = cost;
      best_full = full;
    }
  }
  return best;
}

litdnnStatus_t LITDNN_GPU_FN(litdnn_lrn_backward_regs)(litdnnHandle_t h, const void *args)
{
  const litdnn_lrn_args *a = (const litdnn_lrn_args *)args;
  int nw = a->lo + a->hi + 1;   /* at most LITDNN_LRN_REGS_MAX_N, 32-bit offsets: the stage applies */
  int vec = litdnn_lrn_all_vec(a, 1) ? 1 : lrn_rows_ok(a, a->xs, a->x, 1) && lrn_rows_ok(a, a->dys, a->dy, 1) &&
                                              lrn_rows_ok(a, a->dxs, a->out, 0) ? 2 : 0;
  int64_t hw = a->dims[2] * a->dims[3];
  int64_t all_threads = vec == 2 ? a->dims[0] * ((hw + LRN_ROT_PIXELS - 1) / LRN_ROT_PIXELS) * 32
                                 : (litdnn_lrn_pixels(a) + 3) / 4;
  int threads = 64, chunk = lrn_regs_chunk(a, all_threads, threads, nw, LRN_REGS_BLOCKS_PER_SM);
  int chunks = (int)((a->dims[1] + chunk - 1) / chunk);
  unsigned blocks = (unsigned)((all_threads + threads - 1) / threads) * (unsigned)chunks;
  cudaStream_t st = litdnn_gpu_stream(h);
  switch (vec * 8 + nw) {
  case 9: lrn_backward_regs1v<<<blocks, threads, 0, st>>>(*a, chunk, chunks); break;
  case 10: lrn_backward_regs2v<<<blocks, threads, 0, st>>>(*a, chunk, chunks); break;
  case 11: lrn_backward_regs3v<<<blocks, threads, 0, st>>>(*a, chunk, chunks); break;
  case 12: lrn_backward_regs4v<<<blocks, threads, 0, st>>>(*a, chunk, chunks); break;
  case 13: lrn_backward_regs5v<<<blocks, threads, 0, st>>>(*a, chunk, chunks); break;
  case 17: lrn_backward_regs1r<<<blocks, threads, 0, st>>>(*a, chunk, chunks); break;
  case 18: lrn_backward_regs2r<<<blocks, threads, 0, st>>>(*a, chunk, chunks); break;
  case 19: lrn_backward_regs3r<<<blocks, threads, 0, st>>>(*a, chunk, chunks); break;
  case 20: lrn_backward_regs4r<<<blocks, threads, 0, st>>>(*a, chunk, chunks); break;
  case 21: lrn_backward_regs5r<<<blocks, threads, 0, st>>>(*a, chunk, chunks); break;
  case 1: lrn_backward_regs1p<<<blocks, threads, 0, st>>>(*a, chunk, chunks); break;
  case 2: lrn_backward_regs2p<<<blocks, threads, 0, st>>>(*a, chunk, chunks); break;
  case 3: lrn_backward_regs3p<<<blocks, threads, 0, st>>>(*a, chunk, chunks); break;
  case 4: lrn_backward_regs4p<<<blocks, threads, 0, st>>>(*a, chunk, chunks); break;
  default: lrn_backward_regs5p<<<blocks, threads, 0, st>>>(*a, chunk, chunks); break;
  }
  return litdnn_gpu_launch_status(lrn_backward_call, "lrn_backward_regs");
}
#line 5229 "chapters/08-normalization.nw"
litdnnStatus_t LITDNN_GPU_FN(litdnn_lrn_forward_regs)(litdnnHandle_t h, const void *args)
{
  const litdnn_lrn_args *a = (const litdnn_lrn_args *)args;
  int nw = a->lo + a->hi + 1;   /* at most LITDNN_LRN_REGS_MAX_N, 32-bit offsets: the stage applies */
  int vec = litdnn_lrn_all_vec(a, 0) ? 1 : lrn_rows_ok(a, a->xs, a->x, 1) && lrn_rows_ok(a, a->ys, a->out, 0) ? 2 : 0;
  int64_t hw = a->dims[2] * a->dims[3];
  int64_t all_threads = vec == 2 ? a->dims[0] * ((hw + LRN_ROT_PIXELS - 1) / LRN_ROT_PIXELS) * 32
                                 : (litdnn_lrn_pixels(a) + 3) / 4;
  int threads = 64, chunk = lrn_regs_chunk(a, all_threads, threads, nw, LRN_REGS_FWD_BLOCKS_PER_SM);
  int chunks = (int)((a->dims[1] + chunk - 1) / chunk);
  unsigned blocks = (unsigned)((all_threads + threads - 1) / threads) * (unsigned)chunks;
  cudaStream_t st = litdnn_gpu_stream(h);
  switch (vec * 8 + nw) {
  case 9: lrn_forward_regs1v<<<blocks, threads, 0, st>>>(*a, chunk, chunks); break;
  case 10: lrn_forward_regs2v<<<blocks, threads, 0, st>>>(*a, chunk, chunks); break;
  case 11: lrn_forward_regs3v<<<blocks, threads, 0, st>>>(*a, chunk, chunks); break;
  case 12: lrn_forward_regs4v<<<blocks, threads, 0, st>>>(*a, chunk, chunks); break;
  case 13: lrn_forward_regs5v<<<blocks, threads, 0, st>>>(*a, chunk, chunks); break;
  case 17: lrn_forward_regs1r<<<blocks, threads, 0, st>>>(*a, chunk, chunks); break;
  case 18: lrn_forward_regs2r<<<blocks, threads, 0, st>>>(*a, chunk, chunks); break;
  case 19: lrn_forward_regs3r<<<blocks, threads, 0, st>>>(*a, chunk, chunks); break;
  case 20: lrn_forward_regs4r<<<blocks, threads, 0, st>>>(*a, chunk, chunks); break;
  case 21: lrn_forward_regs5r<<<blocks, threads, 0, st>>>(*a, chunk, chunks); break;
  case 1: lrn_forward_regs1p<<<blocks, threads, 0, st>>>(*a, chunk, chunks); break;
  case 2: lrn_forward_regs2p<<<blocks, threads, 0, st>>>(*a, chunk, chunks); break;
  case 3: lrn_forward_regs3p<<<blocks, threads, 0, st>>>(*a, chunk, chunks); break;
  case 4: lrn_forward_regs4p<<<blocks, threads, 0, st>>>(*a, chunk, chunks); break;
  default: lrn_forward_regs5p<<<blocks, threads, 0, st>>>(*a, chunk, chunks); break;
  }
  return litdnn_gpu_launch_status(lrn_forward_call, "lrn_forward_regs");
}
#line 5273 "chapters/08-normalization.nw"
/* both pixel-a-thread stages: ahead, whether a step loads the next step's channels */
static litdnnStatus_t lrn_backward_pixel_launch(litdnnHandle_t h, const litdnn_lrn_args *a, int ahead)
{
  int nw = a->lo + a->hi + 1;   /* at most LITDNN_LRN_REGS_MAX_N, 32-bit offsets: the stage applies */
  int threads = LRN_PIX_THREADS;
  int chunk = lrn_regs_chunk(a, litdnn_lrn_pixels(a), threads, nw,
                             ahead ? LRN_PIX_AHEAD_BLOCKS_PER_SM : LRN_PIX_BLOCKS_PER_SM);
  int chunks = (int)((a->dims[1] + chunk - 1) / chunk);
  unsigned blocks = (unsigned)((litdnn_lrn_pixels(a) + threads - 1) / threads) * (unsigned)chunks;
  /* k, alpha / n, -beta and 2 alpha beta / n as floats, converted once here: read from
     the kernel's parameters rather than converted from double at every output */
  float4 coef = make_float4((float)a->k, (float)a->a_over_n, -(float)a->power, 2.0f * (float)(a->a_over_n * a->power));
  cudaStream_t st = litdnn_gpu_stream(h);
  switch (ahead * 8 + nw) {
  case 1: lrn_backward_pixel1<<<blocks, threads, 0, st>>>(*a, chunk, chunks, coef); break;
  case 2: lrn_backward_pixel2<<<blocks, threads, 0, st>>>(*a, chunk, chunks, coef); break;
  case 3: lrn_backward_pixel3<<<blocks, threads, 0, st>>>(*a, chunk, chunks, coef); break;
  case 4: lrn_backward_pixel4<<<blocks, threads, 0, st>>>(*a, chunk, chunks, coef); break;
  case 5: lrn_backward_pixel5<<<blocks, threads, 0, st>>>(*a, chunk, chunks, coef); break;
  case 9: lrn_backward_pixel1a<<<blocks, threads, 0, st>>>(*a, chunk, chunks, coef); break;
  case 10: lrn_backward_pixel2a<<<blocks, threads, 0, st>>>(*a, chunk, chunks, coef); break;
  case 11: lrn_backward_pixel3a<<<blocks, threads, 0, st>>>(*a, chunk, chunks, coef); break;
  case 12: lrn_backward_pixel4a<<<blocks, threads, 0, st>>>(*a, chunk, chunks, coef); break;
  default: lrn_backward_pixel5a<<<blocks, threads, 0, st>>>(*a, chunk, chunks, coef); break;
  }
  return litdnn_gpu_launch_status(lrn_backward_call, ahead ? "lrn_backward_pixel_ahead" : "lrn_backward_pixel");
}
litdnnStatus_t LITDNN_GPU_FN(litdnn_lrn_backward_pixel)(litdnnHandle_t h, const void *args)
{
  return lrn_backward_pixel_launch(h, (const litdnn_lrn_args *)args, 0);
}
litdnnStatus_t LITDNN_GPU_FN(litdnn_lrn_backward_pixel_ahead)(litdnnHandle_t h, const void *args)
{
  return lrn_backward_pixel_launch(h, (const litdnn_lrn_args *)args, 1);
}
