#line 2848 "chapters/08-normalization.nw"
#include "core/gpu.h"
#include "lrn/lrn.h"
#include "lrn/lrn_stages.h"

#line 2515 "chapters/08-normalization.nw"
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
#line 2601 "chapters/08-normalization.nw"
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
#if defined(__CUDA_ARCH__)
#pragma unroll 4
#endif
  for (int c = c0; c < c1; c++) {
    sum = lrn_slide(&a, x, xc, c, sum);
    lrn_store(&y[c * yc], __ldg(&x[c * xc]) * lrn_pow(k + an * (float)sum, power), a.alpha, a.beta);
  }
}
#line 2665 "chapters/08-normalization.nw"
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
#if defined(__CUDA_ARCH__)
#pragma unroll 2
#endif
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
#line 2753 "chapters/08-normalization.nw"
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

#line 2856 "chapters/08-normalization.nw"
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

/* every tensor of the call has its channels at stride 1 */
static int lrn_channels_innermost(const litdnn_lrn_args *a, int backward)
{
  return a->xs[1] == 1 && a->ys[1] == 1 && (!backward || (a->dys[1] == 1 && a->dxs[1] == 1));
}

/* a warp per pixel, no grid-stride rounds: 8 pixels per block */
static unsigned lrn_warp_blocks(const litdnn_lrn_args *a)
{
  return litdnn_gpu_blocks(litdnn_lrn_pixels(a), LRN_WARPS, 0x7fffffffu);
}

litdnnStatus_t LITDNN_GPU_FN(litdnn_lrn_forward_warp)(litdnnHandle_t h, const void *args)
{
  const litdnn_lrn_args *a = (const litdnn_lrn_args *)args;
  if (!lrn_channels_innermost(a, 0))
    return LITDNN_GPU_FN(litdnn_lrn_forward_sliding)(h, args);
  lrn_forward_warp_nhwc<<<lrn_warp_blocks(a), LRN_THREADS, 0, litdnn_gpu_stream(h)>>>(*a);
  return litdnn_gpu_launch_status(lrn_forward_call, "lrn_forward_warp_nhwc");
}
litdnnStatus_t LITDNN_GPU_FN(litdnn_lrn_backward_warp)(litdnnHandle_t h, const void *args)
{
  const litdnn_lrn_args *a = (const litdnn_lrn_args *)args;
  if (!lrn_channels_innermost(a, 1))
    return LITDNN_GPU_FN(litdnn_lrn_backward_sliding)(h, args);
  lrn_backward_warp_nhwc<<<lrn_warp_blocks(a), LRN_THREADS, 0, litdnn_gpu_stream(h)>>>(*a);
  return litdnn_gpu_launch_status(lrn_backward_call, "lrn_backward_warp_nhwc");
}
