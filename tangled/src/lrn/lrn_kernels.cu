#line 2585 "chapters/08-normalization.nw"
#include "core/gpu.h"
#include "lrn/lrn.h"
#include "lrn/lrn_stages.h"

#line 2411 "chapters/08-normalization.nw"
#define LRN_THREADS 256

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
#line 2484 "chapters/08-normalization.nw"
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

static __global__ void lrn_forward_sliding(litdnn_lrn_args a)
{
  int64_t p = (int64_t)blockIdx.x * blockDim.x + threadIdx.x;
  if (p >= litdnn_lrn_pixels(&a))
    return;
  const float *x = a.x + litdnn_lrn_pixel(&a, a.xs, p);
  float *y = a.out + litdnn_lrn_pixel(&a, a.ys, p);
  int64_t xc = a.xs[1], yc = a.ys[1];
  int C = (int)a.dims[1];
  float k = (float)a.k, an = (float)a.a_over_n, power = -(float)a.power;
  double sum = lrn_window(&a, x, xc, -1);
  for (int c = 0; c < C; c++) {
    sum = lrn_slide(&a, x, xc, c, sum);
    lrn_store(&y[c * yc], __ldg(&x[c * xc]) * powf(k + an * (float)sum, power), a.alpha, a.beta);
  }
}
#line 2539 "chapters/08-normalization.nw"
static __device__ inline float lrn_t(const litdnn_lrn_args *a, const float *y, const float *dy, int c, double sum)
{
  return __ldg(&dy[c * a->dys[1]]) * __ldg(&y[c * a->ys[1]]) / ((float)a->k + (float)a->a_over_n * (float)sum);
}

static __global__ void lrn_backward_sliding(litdnn_lrn_args a)
{
  int64_t p = (int64_t)blockIdx.x * blockDim.x + threadIdx.x;
  if (p >= litdnn_lrn_pixels(&a))
    return;
  const float *x = a.x + litdnn_lrn_pixel(&a, a.xs, p), *y = a.y + litdnn_lrn_pixel(&a, a.ys, p);
  const float *dy = a.dy + litdnn_lrn_pixel(&a, a.dys, p);
  float *dx = a.out + litdnn_lrn_pixel(&a, a.dxs, p);
  int64_t xc = a.xs[1];
  int C = (int)a.dims[1], lo = a.lo, hi = a.hi;
  float k = (float)a.k, an = (float)a.a_over_n, power = -(float)a.power;
  float two_ab = 2.0f * (float)(a.a_over_n * a.power);
  /* window sums for channels lead = j + lo, j and tail = j - hi - 1, at j = -1 */
  double s_lead = lrn_window(&a, x, xc, lo - 1), s_mid = lrn_window(&a, x, xc, -1);
  double s_tail = lrn_window(&a, x, xc, -hi - 2), t_sum = 0.0;
  for (int c = 0; c < lo && c < C; c++) /* T_{-1} holds t_0 .. t_{lo-1} */
    t_sum += (double)lrn_t(&a, y, dy, c, lrn_window(&a, x, xc, c));
  for (int j = 0; j < C; j++) {
    int lead = j + lo, tail = j - hi - 1;
    s_lead = lrn_slide(&a, x, xc, lead, s_lead);
    s_mid = lrn_slide(&a, x, xc, j, s_mid);
    s_tail = lrn_slide(&a, x, xc, tail, s_tail);
    if (lead < C)
      t_sum += (double)lrn_t(&a, y, dy, lead, s_lead);
    if (tail >= 0)
      t_sum -= (double)lrn_t(&a, y, dy, tail, s_tail);
    float g = __ldg(&dy[j * a.dys[1]]) * powf(k + an * (float)s_mid, power) -
              two_ab * __ldg(&x[j * xc]) * (float)t_sum;
    lrn_store(&dx[j * a.dxs[1]], g, a.alpha, a.beta);
  }
}

#line 2592 "chapters/08-normalization.nw"
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
litdnnStatus_t LITDNN_GPU_FN(litdnn_lrn_forward_sliding)(litdnnHandle_t h, const void *args)
{
  const litdnn_lrn_args *a = (const litdnn_lrn_args *)args;
  lrn_forward_sliding<<<lrn_blocks(litdnn_lrn_pixels(a)), LRN_THREADS, 0, litdnn_gpu_stream(h)>>>(*a);
  return litdnn_gpu_launch_status(lrn_forward_call, "lrn_forward_sliding");
}
litdnnStatus_t LITDNN_GPU_FN(litdnn_lrn_backward_sliding)(litdnnHandle_t h, const void *args)
{
  const litdnn_lrn_args *a = (const litdnn_lrn_args *)args;
  lrn_backward_sliding<<<lrn_blocks(litdnn_lrn_pixels(a)), LRN_THREADS, 0, litdnn_gpu_stream(h)>>>(*a);
  return litdnn_gpu_launch_status(lrn_backward_call, "lrn_backward_sliding");
}
