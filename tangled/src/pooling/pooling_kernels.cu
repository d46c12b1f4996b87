#line 4072 "chapters/06-pooling.nw"
#include "core/prelude.cuh"
#include "pooling/pooling.h"

#define POOL_FN static __device__ inline
#define POOL_MAX_BLOCKS 1048576u   /* grid-stride loops beyond this many blocks */
#line 715 "chapters/06-pooling.nw"
POOL_FN int pool_takes(float v, float best, int have, int propagate_nan)
{
  if (v != v)                               /* v is NaN */
    return propagate_nan && !(best != best);
  return !have || v > best;
}
#line 799 "chapters/06-pooling.nw"
/* The window of output o along one axis, clipped to the input: [lo, hi). */
POOL_FN void pool_range(int o, int stride, int pad, int win, int in, int *lo, int *hi)
{
  int start = o * stride - pad;
  *lo = start < 0 ? 0 : start;
  *hi = start + win < in ? start + win : in;
}

/* Pool one window of a plane (x at (n, c)); for max, *arg gets the flat
   position (d * H + h) * W + w of the winner, or -1. */
POOL_FN float pool_window(const float *plane, const litdnn_pool_args *a, int od, int oh, int ow,
                          int *arg)
{
  int d0, d1, h0, h1, w0, w1;
  pool_range(od, a->stride[0], a->pad[0], a->win[0], a->in[0], &d0, &d1);
  pool_range(oh, a->stride[1], a->pad[1], a->win[1], a->in[1], &h0, &h1);
  pool_range(ow, a->stride[2], a->pad[2], a->win[2], a->in[2], &w0, &w1);
  if (litdnn_pool_is_max(a->mode)) {
    float best = -INFINITY;
    int where = -1;
    for (int d = d0; d < d1; d++)
      for (int h = h0; h < h1; h++)
        for (int w = w0; w < w1; w++) {
          float v = __ldg(plane + d * a->xs[2] + h * a->xs[3] + w * a->xs[4]);
          if (pool_takes(v, best, where >= 0, a->propagate_nan)) {
            best = v;
            where = (d * a->in[1] + h) * a->in[2] + w;
          }
        }
    *arg = where;
    return best;
  }
  float sum = 0.0f;
  for (int d = d0; d < d1; d++)
    for (int h = h0; h < h1; h++)
      for (int w = w0; w < w1; w++)
        sum += __ldg(plane + d * a->xs[2] + h * a->xs[3] + w * a->xs[4]);
  int count = a->mode == LITDNN_POOLING_AVERAGE_COUNT_INCLUDE_PADDING
                  ? a->win[0] * a->win[1] * a->win[2]
                  : (d1 - d0) * (h1 - h0) * (w1 - w0);
  *arg = -1;
  return sum / (float)count;
}

#line 891 "chapters/06-pooling.nw"
/* Split a flat thread index into (n, c, d, h, w) over the sizes sp, in
   the order of the tensor's memory: channels fastest when they are
   innermost (NHWC), width fastest otherwise (NCHW). Either way
   neighbouring threads touch neighbouring addresses. */
POOL_FN void pool_split(int64_t i, const litdnn_pool_args *a, const int sp[3], int64_t *n, int64_t *c,
                        int *d, int *h, int *w)
{
  if (i < 0x7fffffff && a->c < 0x7fffffff) {   /* 32-bit divisions: a few instructions, not dozens */
    unsigned u = (unsigned)i, cs = (unsigned)a->c;
    if (a->channels_last) {
      *c = u % cs;
      u /= cs;
    }
    *w = (int)(u % (unsigned)sp[2]);
    u /= (unsigned)sp[2];
    *h = (int)(u % (unsigned)sp[1]);
    u /= (unsigned)sp[1];
    *d = (int)(u % (unsigned)sp[0]);
    u /= (unsigned)sp[0];
    if (!a->channels_last) {
      *c = u % cs;
      u /= cs;
    }
    *n = u;
    return;
  }
  if (a->channels_last) {
    *c = i % a->c;
    i /= a->c;
  }
  *w = (int)(i % sp[2]);
  i /= sp[2];
  *h = (int)(i % sp[1]);
  i /= sp[1];
  *d = (int)(i % sp[0]);
  i /= sp[0];
  if (!a->channels_last) {
    *c = i % a->c;
    i /= a->c;
  }
  *n = i;
}


/* y = alpha * v + beta * y, where beta == 0 does not read y: the
   prelude's blend with the test the other way round, which the disjoint
   backward kernel and the NHWC global kernel keep because nvcc compiles
   their addresses differently with the prelude's order */
POOL_FN void pool_store(float *y, float v, float alpha, float beta)
{
  *y = beta != 0.0f ? alpha * v + beta * *y : alpha * v;
}
#line 847 "chapters/06-pooling.nw"
static __global__ void pool_forward_naive_kernel(litdnn_pool_args a, int64_t total)
{
  for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < total;
       i += (int64_t)gridDim.x * blockDim.x) {
    int od, oh, ow;
    int64_t n, c;
    pool_split(i, &a, a.out, &n, &c, &od, &oh, &ow);
    int arg;
    float v = pool_window(a.x + n * a.xs[0] + c * a.xs[1], &a, od, oh, ow, &arg);
    litdnn_blend_store(a.y + n * a.ys[0] + c * a.ys[1] + od * a.ys[2] + oh * a.ys[3] + ow * a.ys[4], v,
               a.alpha, a.beta);
  }
}

#line 3946 "chapters/06-pooling.nw"
litdnnStatus_t LITDNN_GPU_FN(litdnn_pool_forward_naive)(litdnnHandle_t h, const void *args)
{
  const litdnn_pool_args *a = (const litdnn_pool_args *)args;
  int64_t total = a->n * a->c * a->out[0] * a->out[1] * a->out[2];
  pool_forward_naive_kernel<<<litdnn_gpu_blocks(total, 256, POOL_MAX_BLOCKS), 256, 0, litdnn_gpu_stream(h)>>>(*a, total);
  return litdnn_gpu_launch_status("litdnnPoolingForward", "pool_forward_naive_kernel");
}
#line 966 "chapters/06-pooling.nw"
/* The 3x3 window of 2-D pooling, fully unrolled: nine loads that do not
   wait for each other, issued before the first comparison. */
POOL_FN float pool_window3x3(const float *plane, const litdnn_pool_args *a, int oh, int ow)
{
  int h0 = oh * a->stride[1] - a->pad[1], w0 = ow * a->stride[2] - a->pad[2];
  float v[9];
  int ok[9];
LITDNN_UNROLL
  for (int k = 0; k < 9; k++) {
    int hh = h0 + k / 3, w = w0 + k % 3;
    ok[k] = hh >= 0 && hh < a->in[1] && w >= 0 && w < a->in[2];
    v[k] = ok[k] ? __ldg(plane + hh * a->xs[3] + w * a->xs[4]) : 0.0f;
  }
  if (litdnn_pool_is_max(a->mode)) {
    float best = -INFINITY;
    int have = 0;
LITDNN_UNROLL
    for (int k = 0; k < 9; k++)
      if (ok[k] && pool_takes(v[k], best, have, a->propagate_nan))
        best = v[k], have = 1;
    return best;
  }
  float sum = 0.0f;
  int count = 0;
LITDNN_UNROLL
  for (int k = 0; k < 9; k++)
    if (ok[k])
      sum += v[k], count++;
  return sum / (float)(a->mode == LITDNN_POOLING_AVERAGE_COUNT_INCLUDE_PADDING ? 9 : count);
}

static __global__ void pool_forward_rows_kernel(litdnn_pool_args a, int64_t rows)
{
  int64_t row = (int64_t)blockIdx.x * (blockDim.x / 32) + threadIdx.x / 32;
  int lane = threadIdx.x % 32;
  if (row >= rows)
    return;
  int oh = (int)(row % a.out[1]);
  int64_t t = row / a.out[1];
  int od = (int)(t % a.out[0]);
  t /= a.out[0];
  int64_t c = t % a.c, n = t / a.c;
  const float *plane = a.x + n * a.xs[0] + c * a.xs[1];
  float *yrow = a.y + n * a.ys[0] + c * a.ys[1] + od * a.ys[2] + oh * a.ys[3];
  int three = a.in[0] == 1 && a.win[1] == 3 && a.win[2] == 3;   /* the same for the whole warp */
  for (int ow = lane; ow < a.out[2]; ow += 32) {
    int arg;
    float v = three ? pool_window3x3(plane, &a, oh, ow) : pool_window(plane, &a, od, oh, ow, &arg);
    litdnn_blend_store(yrow + ow * a.ys[4], v, a.alpha, a.beta);
  }
}

#line 3956 "chapters/06-pooling.nw"
litdnnStatus_t LITDNN_GPU_FN(litdnn_pool_forward_rows)(litdnnHandle_t h, const void *args)
{
  const litdnn_pool_args *a = (const litdnn_pool_args *)args;
  int64_t rows = a->n * a->c * a->out[0] * a->out[1];
  unsigned blocks = (unsigned)((rows + 7) / 8);   /* 8 warps of 32 per block */
  pool_forward_rows_kernel<<<blocks, 256, 0, litdnn_gpu_stream(h)>>>(*a, rows);
  return litdnn_gpu_launch_status("litdnnPoolingForward", "pool_forward_rows_kernel");
}
#line 1036 "chapters/06-pooling.nw"
POOL_FN float pool_max4(float p, float q, float r, float s, int propagate_nan)
{
  float best = p;
  int have = !(p != p) || propagate_nan;   /* a NaN first counts only when it propagates */
  if (!have)
    best = -INFINITY;
  if (pool_takes(q, best, have, propagate_nan)) best = q, have = 1;
  if (pool_takes(r, best, have, propagate_nan)) best = r, have = 1;
  if (pool_takes(s, best, have, propagate_nan)) best = s, have = 1;
  return best;
}

POOL_FN float pool_k2s2_one(float p, float q, float r, float s, const litdnn_pool_args *a)
{
  if (litdnn_pool_is_max(a->mode))
    return pool_max4(p, q, r, s, a->propagate_nan);
  return ((p + q) + (r + s)) * 0.25f;
}

static __global__ void pool_forward_k2s2_kernel(litdnn_pool_args a, unsigned total, unsigned groups)
{
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= total)
    return;
  unsigned H = (unsigned)a.in[1], W = (unsigned)a.in[2], OH = (unsigned)a.out[1];
  unsigned q = i % groups, r = i / groups;        /* r = plane * OH + oh */
  unsigned oh = r % OH, plane = r / OH;
  const float *top = a.x + ((size_t)plane * H + 2 * oh) * W + 8 * q;
  float4 t0 = __ldg((const float4 *)top), t1 = __ldg((const float4 *)top + 1);
  float4 b0 = __ldg((const float4 *)(top + W)), b1 = __ldg((const float4 *)(top + W) + 1);
  float4 v;
  v.x = pool_k2s2_one(t0.x, t0.y, b0.x, b0.y, &a);
  v.y = pool_k2s2_one(t0.z, t0.w, b0.z, b0.w, &a);
  v.z = pool_k2s2_one(t1.x, t1.y, b1.x, b1.y, &a);
  v.w = pool_k2s2_one(t1.z, t1.w, b1.z, b1.w, &a);
  float *y = a.y + (size_t)r * (groups * 4) + 4 * q;
  *(float4 *)y = litdnn_blend4(v, a.alpha, a.beta, (const float4 *)y);
}

#line 3967 "chapters/06-pooling.nw"
litdnnStatus_t LITDNN_GPU_FN(litdnn_pool_forward_k2s2)(litdnnHandle_t h, const void *args)
{
  const litdnn_pool_args *a = (const litdnn_pool_args *)args;
  unsigned groups = (unsigned)a->out[2] / 4;
  unsigned total = (unsigned)(a->n * a->c * a->out[1]) * groups;
  pool_forward_k2s2_kernel<<<(total + 255) / 256, 256, 0, litdnn_gpu_stream(h)>>>(*a, total, groups);
  return litdnn_gpu_launch_status("litdnnPoolingForward", "pool_forward_k2s2_kernel");
}
#line 1094 "chapters/06-pooling.nw"
static __global__ void pool_forward_nhwc4_kernel(litdnn_pool_args a, unsigned total)
{
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= total)
    return;
  unsigned groups = (unsigned)a.c / 4;
  unsigned c4 = i % groups, r = i / groups;
  unsigned ow = r % (unsigned)a.out[2];
  r /= (unsigned)a.out[2];
  unsigned oh = r % (unsigned)a.out[1];
  r /= (unsigned)a.out[1];
  unsigned od = r % (unsigned)a.out[0], n = r / (unsigned)a.out[0];
  int d0, d1, h0, h1, w0, w1;
  pool_range((int)od, a.stride[0], a.pad[0], a.win[0], a.in[0], &d0, &d1);
  pool_range((int)oh, a.stride[1], a.pad[1], a.win[1], a.in[1], &h0, &h1);
  pool_range((int)ow, a.stride[2], a.pad[2], a.win[2], a.in[2], &w0, &w1);
  const float *base = a.x + (size_t)n * a.xs[0] + 4 * c4;
  float4 acc;
  int is_max = litdnn_pool_is_max(a.mode), have = 0;
  acc.x = acc.y = acc.z = acc.w = is_max ? -INFINITY : 0.0f;
  int hx = 0, hy = 0, hz = 0, hw = 0;   /* per lane: has a value been taken */
  for (int d = d0; d < d1; d++)
    for (int hh = h0; hh < h1; hh++)
      for (int w = w0; w < w1; w++) {
        float4 v = __ldg((const float4 *)(base + d * a.xs[2] + hh * a.xs[3] + w * a.xs[4]));
        if (is_max) {
          if (pool_takes(v.x, acc.x, hx, a.propagate_nan)) acc.x = v.x, hx = 1;
          if (pool_takes(v.y, acc.y, hy, a.propagate_nan)) acc.y = v.y, hy = 1;
          if (pool_takes(v.z, acc.z, hz, a.propagate_nan)) acc.z = v.z, hz = 1;
          if (pool_takes(v.w, acc.w, hw, a.propagate_nan)) acc.w = v.w, hw = 1;
        } else {
          acc.x += v.x, acc.y += v.y, acc.z += v.z, acc.w += v.w;
        }
        have = 1;
      }
  if (!is_max && have) {
    int count = a.mode == LITDNN_POOLING_AVERAGE_COUNT_INCLUDE_PADDING
                    ? a.win[0] * a.win[1] * a.win[2]
                    : (d1 - d0) * (h1 - h0) * (w1 - w0);
    float inv = (float)count;
    acc.x /= inv, acc.y /= inv, acc.z /= inv, acc.w /= inv;
  }
  float *y = a.y + (size_t)n * a.ys[0] + od * a.ys[2] + oh * a.ys[3] + ow * a.ys[4] + 4 * c4;
  *(float4 *)y = litdnn_blend4(acc, a.alpha, a.beta, (const float4 *)y);
}

#line 3978 "chapters/06-pooling.nw"
litdnnStatus_t LITDNN_GPU_FN(litdnn_pool_forward_nhwc4)(litdnnHandle_t h, const void *args)
{
  const litdnn_pool_args *a = (const litdnn_pool_args *)args;
  unsigned total = (unsigned)(a->n * a->out[0] * a->out[1] * a->out[2] * (a->c / 4));
  pool_forward_nhwc4_kernel<<<(total + 255) / 256, 256, 0, litdnn_gpu_stream(h)>>>(*a, total);
  return litdnn_gpu_launch_status("litdnnPoolingForward", "pool_forward_nhwc4_kernel");
}
#line 1168 "chapters/06-pooling.nw"
static __global__ void pool_forward_nhwc_k3_kernel(litdnn_pool_args a, unsigned total)
{
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= total)
    return;
  unsigned groups = (unsigned)a.c / 4;
  unsigned c4 = i % groups, r = i / groups;
  int ow = (int)(r % (unsigned)a.out[2]);
  r /= (unsigned)a.out[2];
  int oh = (int)(r % (unsigned)a.out[1]);
  unsigned n = r / (unsigned)a.out[1];
  int h0 = oh * a.stride[1] - a.pad[1], w0 = ow * a.stride[2] - a.pad[2];
  const float *base = a.x + (size_t)n * a.xs[0] + 4 * c4;
  float4 v[9];
  int ok[9], count = 0;
LITDNN_UNROLL
  for (int k = 0; k < 9; k++) {
    int hh = h0 + k / 3, w = w0 + k % 3;
    ok[k] = hh >= 0 && hh < a.in[1] && w >= 0 && w < a.in[2];
    count += ok[k];
    if (ok[k])
      v[k] = __ldg((const float4 *)(base + hh * a.xs[3] + w * a.xs[4]));
    else
      v[k].x = v[k].y = v[k].z = v[k].w = 0.0f;
  }
  float4 acc;
  if (litdnn_pool_is_max(a.mode) && !a.propagate_nan) {
    /* pool_takes without propagation, from -inf: a NaN is never greater */
    acc.x = acc.y = acc.z = acc.w = -INFINITY;
LITDNN_UNROLL
    for (int k = 0; k < 9; k++)
      if (ok[k]) {
        acc.x = v[k].x > acc.x ? v[k].x : acc.x;
        acc.y = v[k].y > acc.y ? v[k].y : acc.y;
        acc.z = v[k].z > acc.z ? v[k].z : acc.z;
        acc.w = v[k].w > acc.w ? v[k].w : acc.w;
      }
  } else if (litdnn_pool_is_max(a.mode)) {
    int p = a.propagate_nan, hx = 0, hy = 0, hz = 0, hw = 0;
    acc.x = acc.y = acc.z = acc.w = -INFINITY;
LITDNN_UNROLL
    for (int k = 0; k < 9; k++)
      if (ok[k]) {
        if (pool_takes(v[k].x, acc.x, hx, p)) acc.x = v[k].x, hx = 1;
        if (pool_takes(v[k].y, acc.y, hy, p)) acc.y = v[k].y, hy = 1;
        if (pool_takes(v[k].z, acc.z, hz, p)) acc.z = v[k].z, hz = 1;
        if (pool_takes(v[k].w, acc.w, hw, p)) acc.w = v[k].w, hw = 1;
      }
  } else {
    acc.x = acc.y = acc.z = acc.w = 0.0f;
LITDNN_UNROLL
    for (int k = 0; k < 9; k++)
      acc.x += v[k].x, acc.y += v[k].y, acc.z += v[k].z, acc.w += v[k].w;
    float div = (float)(a.mode == LITDNN_POOLING_AVERAGE_COUNT_INCLUDE_PADDING ? 9 : count);
    acc.x /= div, acc.y /= div, acc.z /= div, acc.w /= div;
  }
  float *y = a.y + (size_t)n * a.ys[0] + oh * a.ys[3] + ow * a.ys[4] + 4 * c4;
  *(float4 *)y = litdnn_blend4(acc, a.alpha, a.beta, (const float4 *)y);
}

litdnnStatus_t LITDNN_GPU_FN(litdnn_pool_forward_nhwc_k3)(litdnnHandle_t h, const void *args)
{
  const litdnn_pool_args *a = (const litdnn_pool_args *)args;
  unsigned total = (unsigned)(a->n * a->out[1] * a->out[2] * (a->c / 4));
  pool_forward_nhwc_k3_kernel<<<(total + 255) / 256, 256, 0, litdnn_gpu_stream(h)>>>(*a, total);
  return litdnn_gpu_launch_status("litdnnPoolingForward", "pool_forward_nhwc_k3_kernel");
}
#line 1273 "chapters/06-pooling.nw"
/* Pool the four 3x3 windows of one thread from its 3 x 13 registers;
   window j starts at column off + 2j. Scan order: row, then column. */
POOL_FN void pool_k3s2_four(float v[3][13], int off, const litdnn_pool_args *a, int oh, int ow0,
                            float out[4])
{
  int is_max = litdnn_pool_is_max(a->mode);
  int h0, h1;
  pool_range(oh, 2, a->pad[1], 3, a->in[1], &h0, &h1);
LITDNN_UNROLL
  for (int j = 0; j < 4; j++) {
    if (is_max) {
      float best = -INFINITY;
      int have = 0;
LITDNN_UNROLL
      for (int r = 0; r < 3; r++)
LITDNN_UNROLL
        for (int t = 0; t < 3; t++)
          if (pool_takes(v[r][off + 2 * j + t], best, have, a->propagate_nan))
            best = v[r][off + 2 * j + t], have = 1;
      out[j] = best;
    } else {
      float sum = 0.0f;
LITDNN_UNROLL
      for (int r = 0; r < 3; r++)
        sum += v[r][off + 2 * j] + v[r][off + 2 * j + 1] + v[r][off + 2 * j + 2];
      int w0, w1;
      pool_range(ow0 + j, 2, a->pad[2], 3, a->in[2], &w0, &w1);
      int count = a->mode == LITDNN_POOLING_AVERAGE_COUNT_INCLUDE_PADDING ? 9 : (h1 - h0) * (w1 - w0);
      out[j] = sum / (float)count;
    }
  }
}

static __global__ void pool_forward_k3s2_kernel(litdnn_pool_args a, unsigned total, unsigned groups,
                                                int vec)
{
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= total)
    return;
  unsigned q = i % groups, r = i / groups;        /* r = (n * C + c) * OH + oh */
  unsigned oh = r % (unsigned)a.out[1], nc = r / (unsigned)a.out[1];
  unsigned c = nc % (unsigned)a.c, n = nc / (unsigned)a.c;
  const float *plane = a.x + n * a.xs[0] + c * a.xs[1];
  int H = a.in[1], W = a.in[2], c0 = 8 * (int)q - 4;    /* register column k is input column c0 + k */
  float fill = litdnn_pool_is_max(a.mode) ? -INFINITY : 0.0f;
  float v[3][13];
LITDNN_UNROLL
  for (int rr = 0; rr < 3; rr++) {
    int hh = 2 * (int)oh - a.pad[1] + rr;
    int row_ok = hh >= 0 && hh < H;
    const float *row = plane + (int64_t)(row_ok ? hh : 0) * a.xs[3];
    if (vec) {
LITDNN_UNROLL
      for (int k = 0; k < 3; k++) {
        int col = c0 + 4 * k;
        float4 f = make_float4(fill, fill, fill, fill);
        if (row_ok && col >= 0 && col < W)
          f = __ldg((const float4 *)(row + col));
        v[rr][4 * k] = f.x, v[rr][4 * k + 1] = f.y, v[rr][4 * k + 2] = f.z, v[rr][4 * k + 3] = f.w;
      }
      v[rr][12] = row_ok && c0 + 12 < W ? __ldg(row + c0 + 12) : fill;
    } else {
LITDNN_UNROLL
      for (int k = 0; k < 13; k++) {
        int col = c0 + k;
        v[rr][k] = row_ok && col >= 0 && col < W ? __ldg(row + col) : fill;
      }
    }
  }
  float out[4];
  int ow0 = 4 * (int)q;
  if (a.pad[2] == 1)
    pool_k3s2_four(v, 3, &a, (int)oh, ow0, out);
  else
    pool_k3s2_four(v, 4, &a, (int)oh, ow0, out);
  float *y = a.y + n * a.ys[0] + c * a.ys[1] + oh * a.ys[3];
LITDNN_UNROLL
  for (int j = 0; j < 4; j++)
    if (ow0 + j < a.out[2])
      litdnn_blend_store(y + (ow0 + j) * a.ys[4], out[j], a.alpha, a.beta);
}

#line 3988 "chapters/06-pooling.nw"
litdnnStatus_t LITDNN_GPU_FN(litdnn_pool_forward_k3s2)(litdnnHandle_t h, const void *args)
{
  const litdnn_pool_args *a = (const litdnn_pool_args *)args;
  unsigned groups = (unsigned)(a->out[2] + 3) / 4;
  unsigned total = (unsigned)(a->n * a->c * a->out[1]) * groups;
  int vec = litdnn_pool_aligned16(a->x) && a->in[2] % 4 == 0 && a->xs[3] % 4 == 0 &&
            a->xs[1] % 4 == 0 && a->xs[0] % 4 == 0;
  pool_forward_k3s2_kernel<<<(total + 255) / 256, 256, 0, litdnn_gpu_stream(h)>>>(*a, total, groups, vec);
  return litdnn_gpu_launch_status("litdnnPoolingForward", "pool_forward_k3s2_kernel");
}
#line 1384 "chapters/06-pooling.nw"
/* With direct set, the kernel adds alpha * dy straight into a zeroed dx
   through dx's strides; otherwise into the dense buffer acc. */
static __global__ void pool_backward_scatter_kernel(litdnn_pool_args a, int64_t total, float *acc,
                                                    int direct)
{
  int64_t plane = (int64_t)a.in[0] * a.in[1] * a.in[2];
  int include = a.mode == LITDNN_POOLING_AVERAGE_COUNT_INCLUDE_PADDING;
  for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < total;
       i += (int64_t)gridDim.x * blockDim.x) {
    int od, oh, ow;
    int64_t n, c;
    pool_split(i, &a, a.out, &n, &c, &od, &oh, &ow);
    float g = a.dy[n * a.ys[0] + c * a.ys[1] + od * a.ys[2] + oh * a.ys[3] + ow * a.ys[4]];
    float *dst = direct ? a.dx + n * a.dxs[0] + c * a.dxs[1] : acc + (n * a.c + c) * plane;
    int64_t sd = direct ? a.dxs[2] : (int64_t)a.in[1] * a.in[2];
    int64_t sh = direct ? a.dxs[3] : a.in[2], sw = direct ? a.dxs[4] : 1;
    if (direct)
      g *= a.alpha;
    if (litdnn_pool_is_max(a.mode)) {
      int arg;
      pool_window(a.x + n * a.xs[0] + c * a.xs[1], &a, od, oh, ow, &arg);
      if (arg >= 0) {
        unsigned u = (unsigned)arg, w = u % (unsigned)a.in[2];
        u /= (unsigned)a.in[2];
        atomicAdd(dst + (int64_t)(u / (unsigned)a.in[1]) * sd + (int64_t)(u % (unsigned)a.in[1]) * sh +
                      (int64_t)w * sw, g);
      }
      continue;
    }
    int d0, d1, h0, h1, w0, w1;
    pool_range(od, a.stride[0], a.pad[0], a.win[0], a.in[0], &d0, &d1);
    pool_range(oh, a.stride[1], a.pad[1], a.win[1], a.in[1], &h0, &h1);
    pool_range(ow, a.stride[2], a.pad[2], a.win[2], a.in[2], &w0, &w1);
    int count = include ? a.win[0] * a.win[1] * a.win[2] : (d1 - d0) * (h1 - h0) * (w1 - w0);
    float share = g / (float)count;
    for (int d = d0; d < d1; d++)
      for (int hh = h0; hh < h1; hh++)
        for (int w = w0; w < w1; w++)
          atomicAdd(dst + d * sd + hh * sh + w * sw, share);
  }
}

/* dx = alpha * acc + beta * dx, acc dense in (n, c, d, h, w) order */
static __global__ void pool_backward_blend_kernel(litdnn_pool_args a, int64_t total, const float *acc)
{
  for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < total;
       i += (int64_t)gridDim.x * blockDim.x) {
    int d, hh, w;
    int64_t n, c;
    pool_split(i, &a, a.in, &n, &c, &d, &hh, &w);
    litdnn_blend_store(a.dx + n * a.dxs[0] + c * a.dxs[1] + d * a.dxs[2] + hh * a.dxs[3] + w * a.dxs[4],
               acc[(((n * a.c + c) * a.in[0] + d) * a.in[1] + hh) * a.in[2] + w], a.alpha, a.beta);
  }
}

#line 4001 "chapters/06-pooling.nw"
litdnnStatus_t LITDNN_GPU_FN(litdnn_pool_backward_scatter)(litdnnHandle_t h, const void *args)
{
  static const char call[] = "litdnnPoolingBackward";
  const litdnn_pool_args *a = (const litdnn_pool_args *)args;
  int64_t outputs = a->n * a->c * a->out[0] * a->out[1] * a->out[2];
  int64_t inputs = a->n * a->c * a->in[0] * a->in[1] * a->in[2];
  /* beta = 0 and a dx with no gaps: zero dx itself and add into it */
  int direct = a->beta == 0.0f && (litdnn_pool_packed_nchw(a->dxs, a, a->in) ||
                                   litdnn_pool_packed_nhwc(a->dxs, a, a->in));
  void *acc = a->dx;
  litdnnStatus_t s = direct ? LITDNN_STATUS_SUCCESS
                            : litdnn_workspace(h, call, (size_t)inputs * sizeof(float), &acc);
  if (s == LITDNN_STATUS_SUCCESS)
    s = litdnn_memset(h, call, acc, 0, (size_t)inputs * sizeof(float));
  if (s != LITDNN_STATUS_SUCCESS)
    return s;
  pool_backward_scatter_kernel<<<litdnn_gpu_blocks(outputs, 256, POOL_MAX_BLOCKS), 256, 0, litdnn_gpu_stream(h)>>>(*a, outputs, (float *)acc, direct);
  if ((s = litdnn_gpu_launch_status(call, "pool_backward_scatter_kernel")) != LITDNN_STATUS_SUCCESS || direct)
    return s;
  pool_backward_blend_kernel<<<litdnn_gpu_blocks(inputs, 256, POOL_MAX_BLOCKS), 256, 0, litdnn_gpu_stream(h)>>>(*a, inputs, (const float *)acc);
  return litdnn_gpu_launch_status(call, "pool_backward_blend_kernel");
}
#line 1602 "chapters/06-pooling.nw"
/* The outputs along one axis whose windows contain input position i: [lo, hi). */
POOL_FN void pool_cover(int i, int stride, int pad, int win, int out, int *lo, int *hi)
{
  /* written so that no step overflows an int, whatever the stride (pad < win):
     i + pad can pass INT_MAX, so it is summed unsigned */
  int first = i - (win - 1 - pad);
  *lo = first <= 0 ? 0 : (first - 1) / stride + 1;
  unsigned last = ((unsigned)i + (unsigned)pad) / (unsigned)stride + 1u;
  *hi = last < (unsigned)out ? (int)last : out;
}

static __global__ void pool_backward_gather_kernel(litdnn_pool_args a, int64_t total)
{
  int include = a.mode == LITDNN_POOLING_AVERAGE_COUNT_INCLUDE_PADDING;
  int is_max = litdnn_pool_is_max(a.mode);
  for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < total;
       i += (int64_t)gridDim.x * blockDim.x) {
    int d, hh, w;
    int64_t n, c;
    pool_split(i, &a, a.in, &n, &c, &d, &hh, &w);
    int me = (d * a.in[1] + hh) * a.in[2] + w;
    int od0, od1, oh0, oh1, ow0, ow1;
    pool_cover(d, a.stride[0], a.pad[0], a.win[0], a.out[0], &od0, &od1);
    pool_cover(hh, a.stride[1], a.pad[1], a.win[1], a.out[1], &oh0, &oh1);
    pool_cover(w, a.stride[2], a.pad[2], a.win[2], a.out[2], &ow0, &ow1);
    const float *plane = a.x + n * a.xs[0] + c * a.xs[1];
    const float *dy = a.dy + n * a.ys[0] + c * a.ys[1];
    float sum = 0.0f;
    for (int od = od0; od < od1; od++)
      for (int oh = oh0; oh < oh1; oh++)
        for (int ow = ow0; ow < ow1; ow++) {
          float g = __ldg(dy + od * a.ys[2] + oh * a.ys[3] + ow * a.ys[4]);
          if (is_max) {
            int arg;
            pool_window(plane, &a, od, oh, ow, &arg);
            if (arg == me)
              sum += g;
          } else {
            int d0, d1, h0, h1, w0, w1;
            pool_range(od, a.stride[0], a.pad[0], a.win[0], a.in[0], &d0, &d1);
            pool_range(oh, a.stride[1], a.pad[1], a.win[1], a.in[1], &h0, &h1);
            pool_range(ow, a.stride[2], a.pad[2], a.win[2], a.in[2], &w0, &w1);
            int count = include ? a.win[0] * a.win[1] * a.win[2]
                                : (d1 - d0) * (h1 - h0) * (w1 - w0);
            sum += g / (float)count;
          }
        }
    litdnn_blend_store(a.dx + n * a.dxs[0] + c * a.dxs[1] + d * a.dxs[2] + hh * a.dxs[3] + w * a.dxs[4],
               sum, a.alpha, a.beta);
  }
}

#line 4026 "chapters/06-pooling.nw"
litdnnStatus_t LITDNN_GPU_FN(litdnn_pool_backward_gather)(litdnnHandle_t h, const void *args)
{
  const litdnn_pool_args *a = (const litdnn_pool_args *)args;
  int64_t inputs = a->n * a->c * a->in[0] * a->in[1] * a->in[2];
  pool_backward_gather_kernel<<<litdnn_gpu_blocks(inputs, 256, POOL_MAX_BLOCKS), 256, 0, litdnn_gpu_stream(h)>>>(*a, inputs);
  return litdnn_gpu_launch_status("litdnnPoolingBackward", "pool_backward_gather_kernel");
}
#line 1660 "chapters/06-pooling.nw"
static __global__ void pool_argmax_kernel(litdnn_pool_args a, int64_t total, int *where)
{
  for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < total;
       i += (int64_t)gridDim.x * blockDim.x) {
    int od, oh, ow;
    int64_t n, c;
    pool_split(i, &a, a.out, &n, &c, &od, &oh, &ow);
    int arg;
    pool_window(a.x + n * a.xs[0] + c * a.xs[1], &a, od, oh, ow, &arg);
    where[(((n * a.c + c) * a.out[0] + od) * a.out[1] + oh) * a.out[2] + ow] = arg;
  }
}

/* where[] is dense in (n, c, od, oh, ow) order, whatever the layout */
static __global__ void pool_gather_argmax_kernel(litdnn_pool_args a, int64_t total, const int *where)
{
  for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < total;
       i += (int64_t)gridDim.x * blockDim.x) {
    int d, hh, w;
    int64_t n, c;
    pool_split(i, &a, a.in, &n, &c, &d, &hh, &w);
    int64_t nc = n * a.c + c;
    int me = (d * a.in[1] + hh) * a.in[2] + w;
    int od0, od1, oh0, oh1, ow0, ow1;
    pool_cover(d, a.stride[0], a.pad[0], a.win[0], a.out[0], &od0, &od1);
    pool_cover(hh, a.stride[1], a.pad[1], a.win[1], a.out[1], &oh0, &oh1);
    pool_cover(w, a.stride[2], a.pad[2], a.win[2], a.out[2], &ow0, &ow1);
    const int *wp = where + nc * a.out[0] * a.out[1] * a.out[2];
    const float *dy = a.dy + n * a.ys[0] + c * a.ys[1];
    float sum = 0.0f;
    for (int od = od0; od < od1; od++)
      for (int oh = oh0; oh < oh1; oh++)
        for (int ow = ow0; ow < ow1; ow++)
          if (__ldg(wp + ((int64_t)od * a.out[1] + oh) * a.out[2] + ow) == me)
            sum += __ldg(dy + od * a.ys[2] + oh * a.ys[3] + ow * a.ys[4]);
    litdnn_blend_store(a.dx + n * a.dxs[0] + c * a.dxs[1] + d * a.dxs[2] + hh * a.dxs[3] + w * a.dxs[4],
               sum, a.alpha, a.beta);
  }
}

litdnnStatus_t LITDNN_GPU_FN(litdnn_pool_backward_argmax)(litdnnHandle_t h, const void *args)
{
  static const char call[] = "litdnnPoolingBackward";
  const litdnn_pool_args *a = (const litdnn_pool_args *)args;
  int64_t outputs = a->n * a->c * a->out[0] * a->out[1] * a->out[2];
  int64_t inputs = a->n * a->c * a->in[0] * a->in[1] * a->in[2];
  void *where;
  litdnnStatus_t s = litdnn_workspace(h, call, (size_t)outputs * sizeof(int), &where);
  if (s != LITDNN_STATUS_SUCCESS)
    return s;
  pool_argmax_kernel<<<litdnn_gpu_blocks(outputs, 256, POOL_MAX_BLOCKS), 256, 0, litdnn_gpu_stream(h)>>>(*a, outputs, (int *)where);
  if ((s = litdnn_gpu_launch_status(call, "pool_argmax_kernel")) != LITDNN_STATUS_SUCCESS)
    return s;
  pool_gather_argmax_kernel<<<litdnn_gpu_blocks(inputs, 256, POOL_MAX_BLOCKS), 256, 0, litdnn_gpu_stream(h)>>>(*a, inputs, (const int *)where);
  return litdnn_gpu_launch_status(call, "pool_gather_argmax_kernel");
}
#line 1493 "chapters/06-pooling.nw"
static __global__ void pool_backward_disjoint_kernel(litdnn_pool_args a, int64_t total)
{
  int is_max = litdnn_pool_is_max(a.mode);
  float inv = 1.0f / (float)(a.win[0] * a.win[1] * a.win[2]);
  for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < total;
       i += (int64_t)gridDim.x * blockDim.x) {
    int od, oh, ow;
    int64_t n, c;
    pool_split(i, &a, a.out, &n, &c, &od, &oh, &ow);
    float g = __ldg(a.dy + n * a.ys[0] + c * a.ys[1] + od * a.ys[2] + oh * a.ys[3] + ow * a.ys[4]);
    int arg = -1;
    if (is_max)
      pool_window(a.x + n * a.xs[0] + c * a.xs[1], &a, od, oh, ow, &arg);
    float *dx = a.dx + n * a.dxs[0] + c * a.dxs[1];
    int d0 = od * a.win[0], h0 = oh * a.win[1], w0 = ow * a.win[2];
    for (int d = d0; d < d0 + a.win[0]; d++)
      for (int hh = h0; hh < h0 + a.win[1]; hh++)
        for (int w = w0; w < w0 + a.win[2]; w++) {
          float v = is_max ? ((d * a.in[1] + hh) * a.in[2] + w == arg ? g : 0.0f) : g * inv;
          pool_store(dx + d * a.dxs[2] + hh * a.dxs[3] + w * a.dxs[4], v, a.alpha, a.beta);
        }
  }
}

#line 4036 "chapters/06-pooling.nw"
litdnnStatus_t LITDNN_GPU_FN(litdnn_pool_backward_disjoint)(litdnnHandle_t h, const void *args)
{
  const litdnn_pool_args *a = (const litdnn_pool_args *)args;
  int64_t outputs = a->n * a->c * a->out[0] * a->out[1] * a->out[2];
  pool_backward_disjoint_kernel<<<litdnn_gpu_blocks(outputs, 256, POOL_MAX_BLOCKS), 256, 0, litdnn_gpu_stream(h)>>>(*a, outputs);
  return litdnn_gpu_launch_status("litdnnPoolingBackward", "pool_backward_disjoint_kernel");
}
#line 1758 "chapters/06-pooling.nw"
POOL_FN int pool_same(float v, float m) { return v == m || (v != v && m != m); }

/* pool_cover without a division for strides 1 and 2 (the depth axis of
   2-D pooling, and most windows): an integer division by a run-time
   value costs about twenty instructions, a shift one. */
POOL_FN void pool_cover_quick(int i, int stride, int pad, int win, int out, int *lo, int *hi)
{
  int first = i - (win - 1 - pad);
  unsigned last;
  if (stride == 1) {
    *lo = first <= 0 ? 0 : first;
    last = (unsigned)i + (unsigned)pad + 1u;
  } else if (stride == 2) {
    *lo = first <= 0 ? 0 : ((first - 1) >> 1) + 1;
    last = (((unsigned)i + (unsigned)pad) >> 1) + 1u;
  } else {
    pool_cover(i, stride, pad, win, out, lo, hi);
    return;
  }
  *hi = last < (unsigned)out ? (int)last : out;
}

/* x at (d, hh, w) equals the window's maximum m: is it the first such
   position of the window (od, oh, ow) in scan order? Runs only on a tie. */
POOL_FN int pool_first_max(const float *plane, const litdnn_pool_args *a, int od, int oh, int ow, int d,
                           int hh, int w, float m)
{
  int d0, d1, h0, h1, w0, w1;
  pool_range(od, a->stride[0], a->pad[0], a->win[0], a->in[0], &d0, &d1);
  pool_range(oh, a->stride[1], a->pad[1], a->win[1], a->in[1], &h0, &h1);
  pool_range(ow, a->stride[2], a->pad[2], a->win[2], a->in[2], &w0, &w1);
  for (int e = d0; e <= d; e++)
    for (int g = h0; g < h1; g++)
      for (int k = w0; k < w1; k++) {
        if (e == d && g == hh && k == w)
          return 1;
        if (pool_same(__ldg(plane + e * a->xs[2] + g * a->xs[3] + k * a->xs[4]), m))
          return 0;
      }
  return 1;
}

static __global__ void pool_backward_compare_kernel(litdnn_pool_args a, int64_t total)
{
  int include = a.mode == LITDNN_POOLING_AVERAGE_COUNT_INCLUDE_PADDING;
  int is_max = litdnn_pool_is_max(a.mode);
  for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < total;
       i += (int64_t)gridDim.x * blockDim.x) {
    int d, hh, w;
    int64_t n, c;
    pool_split(i, &a, a.in, &n, &c, &d, &hh, &w);
    int od0, od1, oh0, oh1, ow0, ow1;
    pool_cover_quick(d, a.stride[0], a.pad[0], a.win[0], a.out[0], &od0, &od1);
    pool_cover_quick(hh, a.stride[1], a.pad[1], a.win[1], a.out[1], &oh0, &oh1);
    pool_cover_quick(w, a.stride[2], a.pad[2], a.win[2], a.out[2], &ow0, &ow1);
    const float *plane = a.x + n * a.xs[0] + c * a.xs[1];
    const float *dy = a.dy + n * a.ys[0] + c * a.ys[1];
    const float *yf = a.yf + n * a.yfs[0] + c * a.yfs[1];
    float xv = is_max ? __ldg(plane + d * a.xs[2] + hh * a.xs[3] + w * a.xs[4]) : 0.0f;
    float sum = 0.0f;
    for (int od = od0; od < od1; od++)
      for (int oh = oh0; oh < oh1; oh++)
        for (int ow = ow0; ow < ow1; ow++) {
          if (is_max) {
            float m = __ldg(yf + od * a.yfs[2] + oh * a.yfs[3] + ow * a.yfs[4]);
            if (pool_same(xv, m) && pool_first_max(plane, &a, od, oh, ow, d, hh, w, m))
              sum += __ldg(dy + od * a.ys[2] + oh * a.ys[3] + ow * a.ys[4]);
          } else {
            int d0, d1, h0, h1, w0, w1;
            pool_range(od, a.stride[0], a.pad[0], a.win[0], a.in[0], &d0, &d1);
            pool_range(oh, a.stride[1], a.pad[1], a.win[1], a.in[1], &h0, &h1);
            pool_range(ow, a.stride[2], a.pad[2], a.win[2], a.in[2], &w0, &w1);
            int count = include ? a.win[0] * a.win[1] * a.win[2] : (d1 - d0) * (h1 - h0) * (w1 - w0);
            sum += __ldg(dy + od * a.ys[2] + oh * a.ys[3] + ow * a.ys[4]) / (float)count;
          }
        }
    litdnn_blend_store(a.dx + n * a.dxs[0] + c * a.dxs[1] + d * a.dxs[2] + hh * a.dxs[3] + w * a.dxs[4],
               sum, a.alpha, a.beta);
  }
}

litdnnStatus_t LITDNN_GPU_FN(litdnn_pool_backward_compare)(litdnnHandle_t h, const void *args)
{
  const litdnn_pool_args *a = (const litdnn_pool_args *)args;
  int64_t inputs = a->n * a->c * a->in[0] * a->in[1] * a->in[2];
  pool_backward_compare_kernel<<<litdnn_gpu_blocks(inputs, 256, POOL_MAX_BLOCKS), 256, 0, litdnn_gpu_stream(h)>>>(*a, inputs);
  return litdnn_gpu_launch_status("litdnnPoolingBackward", "pool_backward_compare_kernel");
}
#line 1534 "chapters/06-pooling.nw"
/* Which of p, q, r, s (scan order) wins the window: 0..3, or -1. */
POOL_FN int pool_arg4(float p, float q, float r, float s, int propagate_nan)
{
  int where = (p != p && !propagate_nan) ? -1 : 0;
  float best = where < 0 ? -INFINITY : p;
  if (pool_takes(q, best, where >= 0, propagate_nan)) best = q, where = 1;
  if (pool_takes(r, best, where >= 0, propagate_nan)) best = r, where = 2;
  if (pool_takes(s, best, where >= 0, propagate_nan)) best = s, where = 3;
  return where;
}

static __global__ void pool_backward_k2s2_kernel(litdnn_pool_args a, unsigned total, unsigned groups)
{
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= total)
    return;
  unsigned H = (unsigned)a.in[1], W = (unsigned)a.in[2], OH = (unsigned)a.out[1];
  unsigned q = i % groups, r = i / groups;        /* r = plane * OH + oh */
  unsigned oh = r % OH, plane = r / OH;
  size_t at = ((size_t)plane * H + 2 * oh) * W + 8 * q;
  float4 g4 = __ldg((const float4 *)(a.dy + (size_t)r * (groups * 4) + 4 * q));
  float g[4] = {g4.x, g4.y, g4.z, g4.w};
  float top[8], bot[8];
  if (litdnn_pool_is_max(a.mode)) {
    float4 t0 = __ldg((const float4 *)(a.x + at)), t1 = __ldg((const float4 *)(a.x + at) + 1);
    float4 b0 = __ldg((const float4 *)(a.x + at + W)), b1 = __ldg((const float4 *)(a.x + at + W) + 1);
    float xt[8] = {t0.x, t0.y, t0.z, t0.w, t1.x, t1.y, t1.z, t1.w};
    float xb[8] = {b0.x, b0.y, b0.z, b0.w, b1.x, b1.y, b1.z, b1.w};
LITDNN_UNROLL
    for (int j = 0; j < 4; j++) {
      int w = pool_arg4(xt[2 * j], xt[2 * j + 1], xb[2 * j], xb[2 * j + 1], a.propagate_nan);
      top[2 * j] = w == 0 ? g[j] : 0.0f;
      top[2 * j + 1] = w == 1 ? g[j] : 0.0f;
      bot[2 * j] = w == 2 ? g[j] : 0.0f;
      bot[2 * j + 1] = w == 3 ? g[j] : 0.0f;
    }
  } else {
LITDNN_UNROLL
    for (int j = 0; j < 4; j++)
      top[2 * j] = top[2 * j + 1] = bot[2 * j] = bot[2 * j + 1] = 0.25f * g[j];
  }
  float *dt = a.dx + at, *db = a.dx + at + W;
  *(float4 *)dt = litdnn_blend4(make_float4(top[0], top[1], top[2], top[3]), a.alpha, a.beta, (const float4 *)dt);
  *((float4 *)dt + 1) = litdnn_blend4(make_float4(top[4], top[5], top[6], top[7]), a.alpha, a.beta, (const float4 *)dt + 1);
  *(float4 *)db = litdnn_blend4(make_float4(bot[0], bot[1], bot[2], bot[3]), a.alpha, a.beta, (const float4 *)db);
  *((float4 *)db + 1) = litdnn_blend4(make_float4(bot[4], bot[5], bot[6], bot[7]), a.alpha, a.beta, (const float4 *)db + 1);
}

#line 4046 "chapters/06-pooling.nw"
litdnnStatus_t LITDNN_GPU_FN(litdnn_pool_backward_k2s2)(litdnnHandle_t h, const void *args)
{
  const litdnn_pool_args *a = (const litdnn_pool_args *)args;
  unsigned groups = (unsigned)a->out[2] / 4;
  unsigned total = (unsigned)(a->n * a->c * a->out[1]) * groups;
  pool_backward_k2s2_kernel<<<(total + 255) / 256, 256, 0, litdnn_gpu_stream(h)>>>(*a, total, groups);
  return litdnn_gpu_launch_status("litdnnPoolingBackward", "pool_backward_k2s2_kernel");
}
#line 1920 "chapters/06-pooling.nw"
/* The winner of a 3x3 window, as pool_window finds it, with the nine
   loads unrolled and in flight together; -1 if none. */
POOL_FN int pool_arg3x3(const float *plane, const litdnn_pool_args *a, int oh, int ow)
{
  int h0 = oh * a->stride[1] - a->pad[1], w0 = ow * a->stride[2] - a->pad[2];
  float v[9];
  int ok[9];
LITDNN_UNROLL
  for (int k = 0; k < 9; k++) {
    int hh = h0 + k / 3, w = w0 + k % 3;
    ok[k] = hh >= 0 && hh < a->in[1] && w >= 0 && w < a->in[2];
    v[k] = ok[k] ? __ldg(plane + hh * a->xs[3] + w * a->xs[4]) : 0.0f;
  }
  float best = -INFINITY;
  int where = -1;
LITDNN_UNROLL
  for (int k = 0; k < 9; k++)
    if (ok[k] && pool_takes(v[k], best, where >= 0, a->propagate_nan))
      best = v[k], where = (h0 + k / 3) * a->in[2] + w0 + k % 3;
  return where;
}

static __global__ void pool_backward_tile_kernel(litdnn_pool_args a, litdnn_pool_tile t, int64_t tiles)
{
  extern __shared__ float pool_tile_smem[];
  float *grad = pool_tile_smem;                    /* per window: dy, or dy / count */
  int *winner = (int *)(grad + t.wr * t.wc * t.tc); /* per window: flat position of its maximum */
  int is_max = litdnn_pool_is_max(a.mode);
  int include = a.mode == LITDNN_POOLING_AVERAGE_COUNT_INCLUDE_PADDING;
  int three = a.win[1] == 3 && a.win[2] == 3;
  int tiles_w = (a.in[2] + t.tw - 1) / t.tw, tiles_h = (a.in[1] + t.th - 1) / t.th;
  int64_t tiles_c = (a.c + t.tc - 1) / t.tc;
  for (int64_t b = blockIdx.x; b < tiles; b += gridDim.x) {
    
#line 2014 "chapters/06-pooling.nw"
int64_t r = b;
int w0 = (int)(r % tiles_w) * t.tw;
r /= tiles_w;
int h0 = (int)(r % tiles_h) * t.th;
r /= tiles_h;
int64_t n = r / tiles_c, c0 = (r % tiles_c) * t.tc;
int h1 = h0 + t.th < a.in[1] ? h0 + t.th : a.in[1];
int w1 = w0 + t.tw < a.in[2] ? w0 + t.tw : a.in[2];
int tc = c0 + t.tc < a.c ? t.tc : (int)(a.c - c0);
int oh0, oh1, ow0, ow1, unused;
pool_cover(h0, a.stride[1], a.pad[1], a.win[1], a.out[1], &oh0, &unused);
pool_cover(h1 - 1, a.stride[1], a.pad[1], a.win[1], a.out[1], &unused, &oh1);
pool_cover(w0, a.stride[2], a.pad[2], a.win[2], a.out[2], &ow0, &unused);
pool_cover(w1 - 1, a.stride[2], a.pad[2], a.win[2], a.out[2], &unused, &ow1);
int nh = oh1 > oh0 ? oh1 - oh0 : 0, nw = ow1 > ow0 ? ow1 - ow0 : 0;
int nwin = nh * nw * tc;
#line 1954 "chapters/06-pooling.nw"
    for (int k = threadIdx.x; k < nwin; k += blockDim.x) {
      int ci = a.channels_last ? k % tc : 0, rest = a.channels_last ? k / tc : k;
      int oh = oh0 + rest / nw, ow = ow0 + rest % nw;
      int64_t c = c0 + ci;
      float g = __ldg(a.dy + n * a.ys[0] + c * a.ys[1] + oh * a.ys[3] + ow * a.ys[4]);
      int where = -1;
      if (is_max) {
        const float *plane = a.x + n * a.xs[0] + c * a.xs[1];
        if (three)
          where = pool_arg3x3(plane, &a, oh, ow);
        else
          pool_window(plane, &a, 0, oh, ow, &where);
      } else {
        int h0w, h1w, w0w, w1w;
        pool_range(oh, a.stride[1], a.pad[1], a.win[1], a.in[1], &h0w, &h1w);
        pool_range(ow, a.stride[2], a.pad[2], a.win[2], a.in[2], &w0w, &w1w);
        g /= (float)(include ? a.win[1] * a.win[2] : (h1w - h0w) * (w1w - w0w));
      }
      grad[k] = g;
      winner[k] = where;
    }
    __syncthreads();
    int elements = (h1 - h0) * (w1 - w0) * tc;
    for (int e = threadIdx.x; e < elements; e += blockDim.x) {
      int ci = a.channels_last ? e % tc : 0, rest = a.channels_last ? e / tc : e;
      int hh = h0 + rest / (w1 - w0), w = w0 + rest % (w1 - w0);
      int64_t c = c0 + ci;
      int lo_h, hi_h, lo_w, hi_w, me = hh * a.in[2] + w;
      pool_cover_quick(hh, a.stride[1], a.pad[1], a.win[1], a.out[1], &lo_h, &hi_h);
      pool_cover_quick(w, a.stride[2], a.pad[2], a.win[2], a.out[2], &lo_w, &hi_w);
      float sum = 0.0f;
      for (int oh = lo_h; oh < hi_h; oh++)
        for (int ow = lo_w; ow < hi_w; ow++) {
          int k = ((oh - oh0) * nw + (ow - ow0)) * tc + ci;
          if (!is_max || winner[k] == me)
            sum += grad[k];
        }
      litdnn_blend_store(a.dx + n * a.dxs[0] + c * a.dxs[1] + hh * a.dxs[3] + w * a.dxs[4], sum, a.alpha,
                 a.beta);
    }
    __syncthreads();   /* the next tile overwrites grad and winner */
  }
}

litdnnStatus_t LITDNN_GPU_FN(litdnn_pool_backward_tile)(litdnnHandle_t h, const void *args)
{
  const litdnn_pool_args *a = (const litdnn_pool_args *)args;
  litdnn_pool_tile t = {0};
  (void)litdnn_pool_tile_plan(a, &t);   /* it holds: the stage's applies test asked */
  int64_t tiles = a->n * ((a->c + t.tc - 1) / t.tc) * ((a->in[1] + t.th - 1) / t.th) *
                  ((a->in[2] + t.tw - 1) / t.tw);
  int per_tile = t.th * t.tw * t.tc;
  unsigned threads = per_tile >= 256 ? 256u : (unsigned)((per_tile + 31) / 32 * 32);
  size_t smem = (size_t)t.wr * t.wc * t.tc * (sizeof(float) + sizeof(int));
  pool_backward_tile_kernel<<<litdnn_gpu_blocks(tiles, 1, POOL_MAX_BLOCKS), threads, smem, litdnn_gpu_stream(h)>>>(*a, t, tiles);
  return litdnn_gpu_launch_status("litdnnPoolingBackward", "pool_backward_tile_kernel");
}
#line 2083 "chapters/06-pooling.nw"
#define POOL_ST_TH 16                       /* rows of dx per block */
#define POOL_ST_TW 64                       /* columns of dx per block */
#define POOL_ST_WR (POOL_ST_TH / 2 + 2)     /* most rows of windows */
#define POOL_ST_WC (POOL_ST_TW / 2 + 2)     /* most columns of windows */
#define POOL_ST_XR (2 * POOL_ST_WR + 1)     /* most rows of staged x */
#define POOL_ST_XC (2 * POOL_ST_WC + 1)     /* most columns of staged x */

static __global__ void pool_backward_staged_kernel(litdnn_pool_args a, int tiles_w, int tiles_h,
                                                   int64_t tiles)
{
  __shared__ float xt[POOL_ST_XR * POOL_ST_XC];
  __shared__ float grad[POOL_ST_WR * POOL_ST_WC];
  __shared__ int winner[POOL_ST_WR * POOL_ST_WC];
  int tx = threadIdx.x, ty = threadIdx.y;
  for (int64_t b = blockIdx.x; b < tiles; b += gridDim.x) {
    int64_t r = b;
    int w0 = (int)(r % tiles_w) * POOL_ST_TW;
    r /= tiles_w;
    int h0 = (int)(r % tiles_h) * POOL_ST_TH;
    r /= tiles_h;
    int64_t n = r / a.c, c = r % a.c;
    int h1 = h0 + POOL_ST_TH < a.in[1] ? h0 + POOL_ST_TH : a.in[1];
    int w1 = w0 + POOL_ST_TW < a.in[2] ? w0 + POOL_ST_TW : a.in[2];
    int oh0, oh1, ow0, ow1, unused;
    pool_cover(h0, 2, a.pad[1], 3, a.out[1], &oh0, &unused);
    pool_cover(h1 - 1, 2, a.pad[1], 3, a.out[1], &unused, &oh1);
    pool_cover(w0, 2, a.pad[2], 3, a.out[2], &ow0, &unused);
    pool_cover(w1 - 1, 2, a.pad[2], 3, a.out[2], &unused, &ow1);
    int nh = oh1 > oh0 ? oh1 - oh0 : 0, nw = ow1 > ow0 ? ow1 - ow0 : 0;
    int xh0 = 2 * oh0 - a.pad[1], xw0 = 2 * ow0 - a.pad[2];   /* staged region's corner */
    const float *plane = a.x + n * a.xs[0] + c * a.xs[1];
    for (int i = ty; i < 2 * nh + 1; i += blockDim.y)
      for (int j = tx; j < 2 * nw + 1; j += blockDim.x) {
        int hh = xh0 + i, w = xw0 + j;
        int ok = hh >= 0 && hh < a.in[1] && w >= 0 && w < a.in[2];
        xt[i * POOL_ST_XC + j] = ok ? __ldg(plane + hh * a.xs[3] + w * a.xs[4]) : 0.0f;
      }
    __syncthreads();
    for (int i = ty; i < nh; i += blockDim.y)
      for (int j = tx; j < nw; j += blockDim.x) {
        int oh = oh0 + i, ow = ow0 + j, where = -1;
        float best = -INFINITY;
LITDNN_UNROLL
        for (int k = 0; k < 9; k++) {
          int si = 2 * i + k / 3, sj = 2 * j + k % 3;
          int hh = xh0 + si, w = xw0 + sj;
          if (hh < 0 || hh >= a.in[1] || w < 0 || w >= a.in[2])
            continue;
          float v = xt[si * POOL_ST_XC + sj];
          if (pool_takes(v, best, where >= 0, a.propagate_nan))
            best = v, where = si * POOL_ST_XC + sj;
        }
        winner[i * POOL_ST_WC + j] = where;
        grad[i * POOL_ST_WC + j] = __ldg(a.dy + n * a.ys[0] + c * a.ys[1] + oh * a.ys[3] + ow * a.ys[4]);
      }
    __syncthreads();
    for (int i = ty; i < h1 - h0; i += blockDim.y)
      for (int j = tx; j < w1 - w0; j += blockDim.x) {
        int hh = h0 + i, w = w0 + j, lo_h, hi_h, lo_w, hi_w;
        int me = (hh - xh0) * POOL_ST_XC + (w - xw0);
        pool_cover_quick(hh, 2, a.pad[1], 3, a.out[1], &lo_h, &hi_h);
        pool_cover_quick(w, 2, a.pad[2], 3, a.out[2], &lo_w, &hi_w);
        float sum = 0.0f;
        for (int oh = lo_h; oh < hi_h; oh++)
          for (int ow = lo_w; ow < hi_w; ow++) {
            int k = (oh - oh0) * POOL_ST_WC + (ow - ow0);
            if (winner[k] == me)
              sum += grad[k];
          }
        litdnn_blend_store(a.dx + n * a.dxs[0] + c * a.dxs[1] + hh * a.dxs[3] + w * a.dxs[4], sum, a.alpha,
                   a.beta);
      }
    __syncthreads();   /* the next tile overwrites the staged x and the windows */
  }
}

litdnnStatus_t LITDNN_GPU_FN(litdnn_pool_backward_staged)(litdnnHandle_t h, const void *args)
{
  const litdnn_pool_args *a = (const litdnn_pool_args *)args;
  int tiles_w = (a->in[2] + POOL_ST_TW - 1) / POOL_ST_TW, tiles_h = (a->in[1] + POOL_ST_TH - 1) / POOL_ST_TH;
  int64_t tiles = a->n * a->c * tiles_w * tiles_h;
  dim3 block(64, 4);
  pool_backward_staged_kernel<<<litdnn_gpu_blocks(tiles, 1, POOL_MAX_BLOCKS), block, 0, litdnn_gpu_stream(h)>>>(*a, tiles_w, tiles_h, tiles);
  return litdnn_gpu_launch_status("litdnnPoolingBackward", "pool_backward_staged_kernel");
}
#line 2222 "chapters/06-pooling.nw"
/* pool_first_max for a 2-D window: x at (hh, w) equals the window's
   maximum m; is no earlier position of the window equal to m? */
POOL_FN int pool_first_max2d(const float *plane, const litdnn_pool_args *a, int oh, int ow, int hh,
                             int w, float m)
{
  int h0, h1, w0, w1;
  pool_range(oh, a->stride[1], a->pad[1], a->win[1], a->in[1], &h0, &h1);
  pool_range(ow, a->stride[2], a->pad[2], a->win[2], a->in[2], &w0, &w1);
  for (int g = h0; g <= hh; g++) {
    const float *row = plane + g * a->xs[3];
    int end = g < hh ? w1 : w;   /* on its own row, only the positions before it */
    for (int k = w0; k < end; k++)
      if (pool_same(__ldg(row + k * a->xs[4]), m))
        return 0;
  }
  return 1;
}

/* The same for a 3x3 window, its eight earlier positions' loads
   unrolled and in flight together rather than one after another. */
POOL_FN int pool_first_max3x3(const float *plane, const litdnn_pool_args *a, int oh, int ow, int hh,
                              int w, float m)
{
  int h0 = oh * a->stride[1] - a->pad[1], w0 = ow * a->stride[2] - a->pad[2];
  int mine = (hh - h0) * 3 + (w - w0), first = 1;
LITDNN_UNROLL
  for (int k = 0; k < 8; k++) {
    int g = h0 + k / 3, c = w0 + k % 3;
    int ok = k < mine && g >= 0 && g < a->in[1] && c >= 0 && c < a->in[2];
    float v = ok ? __ldg(plane + g * a->xs[3] + c * a->xs[4]) : 0.0f;
    if (ok && pool_same(v, m))
      first = 0;
  }
  return first;
}

static __global__ void pool_backward_plane_kernel(litdnn_pool_args a, litdnn_pool_plane p)
{
  int include = a.mode == LITDNN_POOLING_AVERAGE_COUNT_INCLUDE_PADDING;
  int is_max = litdnn_pool_is_max(a.mode);
  int three = a.win[1] == 3 && a.win[2] == 3;
  unsigned b = blockIdx.x;
  int tile_w = (int)(b % (unsigned)p.tiles_w);
  b /= (unsigned)p.tiles_w;
  int tile_h = (int)(b % (unsigned)p.tiles_h);
  b /= (unsigned)p.tiles_h;
  int64_t n, c;
  int w, row0, rstep;
  if (a.channels_last) {   /* b = n * tiles_c + run of 32 channels */
    n = b / (unsigned)p.tiles_c;
    c = (int64_t)(b % (unsigned)p.tiles_c) * 32 + threadIdx.x;
    w = tile_w * 8 + (int)threadIdx.y;
    row0 = tile_h * p.th;
    rstep = 1;
  } else {                 /* b = n * C + c */
    n = b / (unsigned)a.c;
    c = b % (unsigned)a.c;
    w = tile_w * 32 + (int)threadIdx.x;
    row0 = tile_h * p.th + (int)threadIdx.y;
    rstep = 8;
  }
  if (c >= a.c || w >= a.in[2])
    return;
  int row1 = (tile_h + 1) * p.th < a.in[1] ? (tile_h + 1) * p.th : a.in[1];
  int ow0, ow1;
  pool_cover_quick(w, a.stride[2], a.pad[2], a.win[2], a.out[2], &ow0, &ow1);
  const float *plane = a.x + n * a.xs[0] + c * a.xs[1];
  const float *xp = plane + w * a.xs[4];
  const float *dyp = a.dy + n * a.ys[0] + c * a.ys[1];
  const float *yfp = a.yf + n * a.yfs[0] + c * a.yfs[1];
  float *dxp = a.dx + n * a.dxs[0] + c * a.dxs[1] + w * a.dxs[4];
  for (int hh = row0; hh < row1; hh += rstep) {
    int oh0, oh1;
    pool_cover_quick(hh, a.stride[1], a.pad[1], a.win[1], a.out[1], &oh0, &oh1);
    float xv = is_max ? __ldg(xp + hh * a.xs[3]) : 0.0f;
    float sum = 0.0f;
    for (int oh = oh0; oh < oh1; oh++) {
      const float *dyrow = dyp + oh * a.ys[3];
      if (is_max) {
        const float *yrow = yfp + oh * a.yfs[3];
        for (int ow = ow0; ow < ow1; ow++) {
          float m = __ldg(yrow + ow * a.yfs[4]);
          if (pool_same(xv, m) && (three ? pool_first_max3x3(plane, &a, oh, ow, hh, w, m)
                                         : pool_first_max2d(plane, &a, oh, ow, hh, w, m)))
            sum += __ldg(dyrow + ow * a.ys[4]);
        }
      } else {
        int h0, h1;
        pool_range(oh, a.stride[1], a.pad[1], a.win[1], a.in[1], &h0, &h1);
        for (int ow = ow0; ow < ow1; ow++) {
          int w0, w1;
          pool_range(ow, a.stride[2], a.pad[2], a.win[2], a.in[2], &w0, &w1);
          int count = include ? a.win[1] * a.win[2] : (h1 - h0) * (w1 - w0);
          sum += __ldg(dyrow + ow * a.ys[4]) / (float)count;
        }
      }
    }
    litdnn_blend_store(dxp + hh * a.dxs[3], sum, a.alpha, a.beta);
  }
}

litdnnStatus_t LITDNN_GPU_FN(litdnn_pool_backward_plane)(litdnnHandle_t h, const void *args)
{
  const litdnn_pool_args *a = (const litdnn_pool_args *)args;
  litdnn_pool_plane p = {0};
  (void)litdnn_pool_plane_plan(a, &p);   /* it holds: the stage's applies test asked */
  dim3 block(32, 8);
  pool_backward_plane_kernel<<<(unsigned)p.blocks, block, 0, litdnn_gpu_stream(h)>>>(*a, p);
  return litdnn_gpu_launch_status("litdnnPoolingBackward", "pool_backward_plane_kernel");
}
#line 2433 "chapters/06-pooling.nw"
/* i clamped into [0, n) */
POOL_FN int pool_clamp(int i, int n) { return i < 0 ? 0 : i >= n ? n - 1 : i; }

/* One row of the three x values under a window. The row and the columns'
   offsets cx[] are clamped into the plane, so that every load is in bounds
   and goes out without a branch; the caller's flags say which values are
   real. */
POOL_FN void pool_k3_row(const float *xp, int xs3, int row, int H, const int cx[3], float *v)
{
  const float *p = xp + pool_clamp(row, H) * xs3;
  v[0] = __ldg(p + cx[0]);
  v[1] = __ldg(p + cx[1]);
  v[2] = __ldg(p + cx[2]);
}

/* The gradient of one window and, for a maximum, the place 3r + c of its
   first maximum in scan order (-1 if none: a window outside the output,
   or all NaN with NaNs skipped). For an average the gradient is dy
   divided by the count and *k is -1. */
POOL_FN float pool_k3_window(const float v[9], const int rok[3], const int cok[3], int ok, float dy,
                             int is_max, int include, int propagate_nan, int *k)
{
  *k = -1;
  if (!ok)
    return 0.0f;
  if (!is_max) {
    if (include)
      return dy * (1.0f / 9.0f);
    int nr = rok[0] + rok[1] + rok[2], nc = cok[0] + cok[1] + cok[2];
    float ir = nr == 3 ? 1.0f / 3.0f : nr == 2 ? 0.5f : 1.0f;
    float ic = nc == 3 ? 1.0f / 3.0f : nc == 2 ? 0.5f : 1.0f;
    return dy * (ir * ic);
  }
  float best = -INFINITY;
  int where = -1;
LITDNN_UNROLL
  for (int q = 0; q < 9; q++)
    if (rok[q / 3] && cok[q % 3] && pool_takes(v[q], best, where >= 0, propagate_nan))
      best = v[q], where = q;
  *k = where;
  return dy;
}

static __global__ void pool_backward_k3s2_kernel(litdnn_pool_args a, litdnn_pool_k3 t)
{
  int is_max = litdnn_pool_is_max(a.mode);
  int include = a.mode == LITDNN_POOLING_AVERAGE_COUNT_INCLUDE_PADDING;
  int H = a.in[1], W = a.in[2], P = a.out[1], Q = a.out[2], ph = a.pad[1], pw = a.pad[2];
  int xs3 = (int)a.xs[3], ys3 = (int)a.ys[3], dxs3 = (int)a.dxs[3];
  int lane = (int)threadIdx.x, sub = lane / t.run, l = lane - sub * t.run;
  for (unsigned u = blockIdx.x * blockDim.y + threadIdx.y; u < t.units; u += gridDim.x * blockDim.y) {
    
#line 2600 "chapters/06-pooling.nw"
unsigned rest = u / (unsigned)t.strips;
int strip = (int)(u - rest * (unsigned)t.strips);
int run = (int)(rest % (unsigned)t.runs);
int64_t plane = (int64_t)(rest / (unsigned)t.runs) * t.per_warp + sub;
int live = sub < t.per_warp && plane < t.planes;
if (!live)
  plane = 0;
int64_t n = plane / a.c, c = plane % a.c;
const float *xp = a.x + n * a.xs[0] + c * a.xs[1];
const float *dyp = a.dy + n * a.ys[0] + c * a.ys[1];
float *dxp = a.dx + n * a.dxs[0] + c * a.dxs[1];
int j = run * (t.run - 1) + l - 1;          /* the window column this lane finds */
int mine = live && l > 0 && j < t.cells_w;  /* and the cell column it owns */
int col = 2 * j - pw;                       /* first column of both */
int cok[3];
for (int q = 0; q < 3; q++)
  cok[q] = live && (unsigned)(col + q) < (unsigned)W;
int jok = live && (unsigned)j < (unsigned)Q;
int i0 = strip * t.rows, i1 = i0 + t.rows < t.cells_h ? i0 + t.rows : t.cells_h;
#line 2485 "chapters/06-pooling.nw"
    float v[9] = {0}, nx[6] = {0}, ndy, gc, gl, gu, gul;
    int rok[3], kc, kl, ku, kul, cx[3];
    for (int q = 0; q < 3; q++)
      cx[q] = pool_clamp(col + q, W);
    int jc = pool_clamp(j, Q);
    /* the window row above the strip, found again here */
    int i = i0 - 1;
    for (int r = 0; r < 3; r++) {
      rok[r] = (unsigned)(2 * i - ph + r) < (unsigned)H;
      if (is_max)
        pool_k3_row(xp, xs3, 2 * i - ph + r, H, cx, v + 3 * r);
    }
    int ok = jok && (unsigned)i < (unsigned)P;
    gc = pool_k3_window(v, rok, cok, ok, __ldg(dyp + pool_clamp(i, P) * ys3 + jc), is_max, include,
                        a.propagate_nan, &kc);
    gl = __shfl_up_sync(0xffffffffu, gc, 1);
    kl = __shfl_up_sync(0xffffffffu, kc, 1);
    /* the first step's two new rows of x and its dy */
    if (is_max) {
      pool_k3_row(xp, xs3, 2 * i0 - ph + 1, H, cx, nx);
      pool_k3_row(xp, xs3, 2 * i0 - ph + 2, H, cx, nx + 3);
    }
    ndy = __ldg(dyp + pool_clamp(i0, P) * ys3 + jc);
    for (i = i0; i < i1; i++) {
      gul = gl, kul = kl, gu = gc, ku = kc;
      v[0] = v[6], v[1] = v[7], v[2] = v[8];   /* the shared row of x */
      for (int q = 0; q < 6; q++)
        v[3 + q] = nx[q];
      rok[0] = rok[2];
      rok[1] = (unsigned)(2 * i - ph + 1) < (unsigned)H;
      rok[2] = (unsigned)(2 * i - ph + 2) < (unsigned)H;
      float dyv = ndy;
      /* the next step's loads go out now, in flight while this step computes */
      if (is_max) {
        pool_k3_row(xp, xs3, 2 * i - ph + 3, H, cx, nx);
        pool_k3_row(xp, xs3, 2 * i - ph + 4, H, cx, nx + 3);
      }
      ndy = __ldg(dyp + pool_clamp(i + 1, P) * ys3 + jc);
      ok = jok && i < P;
      gc = pool_k3_window(v, rok, cok, ok, dyv, is_max, include, a.propagate_nan, &kc);
      gl = __shfl_up_sync(0xffffffffu, gc, 1);
      kl = __shfl_up_sync(0xffffffffu, kc, 1);
      if (!mine)
        continue;
      float *p = dxp + (2 * i - ph) * dxs3 + col;   /* the cell's top left */
      int rs = dxs3, cs = 1, c0ok = cok[0], c1ok = cok[1];
      
#line 2546 "chapters/06-pooling.nw"
float d00, d01, d10, d11;
if (is_max) {
  d00 = (kul == 8 ? gul : 0.0f) + (ku == 6 ? gu : 0.0f) + (kl == 2 ? gl : 0.0f) + (kc == 0 ? gc : 0.0f);
  d01 = (ku == 7 ? gu : 0.0f) + (kc == 1 ? gc : 0.0f);
  d10 = (kl == 5 ? gl : 0.0f) + (kc == 3 ? gc : 0.0f);
  d11 = kc == 4 ? gc : 0.0f;
} else {
  d00 = gul + gu + gl + gc;
  d01 = gu + gc;
  d10 = gl + gc;
  d11 = gc;
}
if (rok[0]) {
  if (c0ok)
    litdnn_blend_store(p, d00, a.alpha, a.beta);
  if (c1ok)
    litdnn_blend_store(p + cs, d01, a.alpha, a.beta);
}
if (rok[1]) {
  if (c0ok)
    litdnn_blend_store(p + rs, d10, a.alpha, a.beta);
  if (c1ok)
    litdnn_blend_store(p + rs + cs, d11, a.alpha, a.beta);
}
#line 2532 "chapters/06-pooling.nw"
    }
  }
}

#line 2625 "chapters/06-pooling.nw"
#define POOL_K3N_T LITDNN_POOL_K3_NHWC_CELLS   /* cells per thread along a row, NHWC */
#define POOL_K3N_X (2 * POOL_K3N_T + 3)       /* columns of x under its windows */

static __global__ void pool_backward_k3s2_nhwc_kernel(litdnn_pool_args a, litdnn_pool_k3 t)
{
  int is_max = litdnn_pool_is_max(a.mode);
  int include = a.mode == LITDNN_POOLING_AVERAGE_COUNT_INCLUDE_PADDING;
  int H = a.in[1], W = a.in[2], P = a.out[1], Q = a.out[2], ph = a.pad[1], pw = a.pad[2];
  int xs3 = (int)a.xs[3], xs4 = (int)a.xs[4], ys3 = (int)a.ys[3], ys4 = (int)a.ys[4];
  int dxs3 = (int)a.dxs[3], dxs4 = (int)a.dxs[4];
  for (unsigned u = blockIdx.x * blockDim.y + threadIdx.y; u < t.units; u += gridDim.x * blockDim.y) {
    
#line 2691 "chapters/06-pooling.nw"
unsigned rest = u / (unsigned)t.strips;
int strip = (int)(u - rest * (unsigned)t.strips);
int run = (int)(rest % (unsigned)t.runs);
rest /= (unsigned)t.runs;
int64_t n = rest / (unsigned)t.cgroups, c = (int64_t)(rest % (unsigned)t.cgroups) * 32 + threadIdx.x;
if (c >= a.c)
  continue;
const float *xp = a.x + n * a.xs[0] + c * a.xs[1];
const float *dyp = a.dy + n * a.ys[0] + c * a.ys[1];
float *dxp = a.dx + n * a.dxs[0] + c * a.dxs[1];
int j0 = run * POOL_K3N_T;       /* the first cell column this thread owns */
int col0 = 2 * (j0 - 1) - pw;    /* the first column of x under the window left of it */
int cok[POOL_K3N_X], jok[POOL_K3N_T + 1], mine[POOL_K3N_T + 1];
LITDNN_UNROLL
for (int q = 0; q < POOL_K3N_X; q++)
  cok[q] = (unsigned)(col0 + q) < (unsigned)W;
LITDNN_UNROLL
for (int m = 0; m <= POOL_K3N_T; m++) {
  jok[m] = (unsigned)(j0 - 1 + m) < (unsigned)Q;
  mine[m] = m > 0 && j0 - 1 + m < t.cells_w;
}
int i0 = strip * t.rows, i1 = i0 + t.rows < t.cells_h ? i0 + t.rows : t.cells_h;
#line 2637 "chapters/06-pooling.nw"
    /* this row's windows (wg, wk) and the row above's (wgu, wku) */
    float v[3][POOL_K3N_X], wg[POOL_K3N_T + 1], wgu[POOL_K3N_T + 1];
    int rok[3], wk[POOL_K3N_T + 1], wku[POOL_K3N_T + 1];
    for (int step = 0, i = i0 - 1; i < i1; step++, i++) {
      if (step > 0) {   /* row 0 is the last step's row 2 */
LITDNN_UNROLL
        for (int q = 0; q < POOL_K3N_X; q++)
          v[0][q] = v[2][q];
        rok[0] = rok[2];
LITDNN_UNROLL
        for (int m = 0; m <= POOL_K3N_T; m++)
          wgu[m] = wg[m], wku[m] = wk[m];
      }
LITDNN_UNROLL
      for (int r = 0; r < 3; r++) {
        if (r == 0 && step > 0)
          continue;
        int row = 2 * i - ph + r;
        rok[r] = (unsigned)row < (unsigned)H;
        const float *p = xp + row * xs3 + col0 * xs4;
LITDNN_UNROLL
        for (int q = 0; q < POOL_K3N_X; q++)
          v[r][q] = is_max && rok[r] && cok[q] ? __ldg(p + q * xs4) : 0.0f;
      }
      const float *dyrow = dyp + i * ys3 + (j0 - 1) * ys4;
      int iok = (unsigned)i < (unsigned)P;
LITDNN_UNROLL
      for (int m = 0; m <= POOL_K3N_T; m++) {
        float w9[9];
LITDNN_UNROLL
        for (int q = 0; q < 9; q++)
          w9[q] = v[q / 3][2 * m + q % 3];
        int ok = iok && jok[m];
        wg[m] = pool_k3_window(w9, rok, cok + 2 * m, ok, ok ? __ldg(dyrow + m * ys4) : 0.0f, is_max,
                               include, a.propagate_nan, &wk[m]);
      }
      if (step == 0)
        continue;
LITDNN_UNROLL
      for (int m = 1; m <= POOL_K3N_T; m++) {
        if (!mine[m])
          continue;
        float gul = wgu[m - 1], gu = wgu[m], gl = wg[m - 1], gc = wg[m];
        int kul = wku[m - 1], ku = wku[m], kl = wk[m - 1], kc = wk[m];
        float *p = dxp + (2 * i - ph) * dxs3 + (col0 + 2 * m) * dxs4;
        int rs = dxs3, cs = dxs4, c0ok = cok[2 * m], c1ok = cok[2 * m + 1];
        
#line 2546 "chapters/06-pooling.nw"
float d00, d01, d10, d11;
if (is_max) {
  d00 = (kul == 8 ? gul : 0.0f) + (ku == 6 ? gu : 0.0f) + (kl == 2 ? gl : 0.0f) + (kc == 0 ? gc : 0.0f);
  d01 = (ku == 7 ? gu : 0.0f) + (kc == 1 ? gc : 0.0f);
  d10 = (kl == 5 ? gl : 0.0f) + (kc == 3 ? gc : 0.0f);
  d11 = kc == 4 ? gc : 0.0f;
} else {
  d00 = gul + gu + gl + gc;
  d01 = gu + gc;
  d10 = gl + gc;
  d11 = gc;
}
if (rok[0]) {
  if (c0ok)
    litdnn_blend_store(p, d00, a.alpha, a.beta);
  if (c1ok)
    litdnn_blend_store(p + cs, d01, a.alpha, a.beta);
}
if (rok[1]) {
  if (c0ok)
    litdnn_blend_store(p + rs, d10, a.alpha, a.beta);
  if (c1ok)
    litdnn_blend_store(p + rs + cs, d11, a.alpha, a.beta);
}
#line 2684 "chapters/06-pooling.nw"
      }
    }
  }
}
#line 2718 "chapters/06-pooling.nw"
litdnnStatus_t LITDNN_GPU_FN(litdnn_pool_backward_k3s2)(litdnnHandle_t h, const void *args)
{
  const litdnn_pool_args *a = (const litdnn_pool_args *)args;
  litdnn_pool_k3 t = {0};
  (void)litdnn_pool_k3s2_backward_plan(a, &t);   /* it holds: the stage's applies test asked */
  dim3 block(32, 8);
  unsigned blocks = litdnn_gpu_blocks(t.units, 8, POOL_MAX_BLOCKS);
  if (t.nhwc) {
    pool_backward_k3s2_nhwc_kernel<<<blocks, block, 0, litdnn_gpu_stream(h)>>>(*a, t);
    return litdnn_gpu_launch_status("litdnnPoolingBackward", "pool_backward_k3s2_nhwc_kernel");
  }
  pool_backward_k3s2_kernel<<<blocks, block, 0, litdnn_gpu_stream(h)>>>(*a, t);
  return litdnn_gpu_launch_status("litdnnPoolingBackward", "pool_backward_k3s2_kernel");
}
#line 2775 "chapters/06-pooling.nw"
/* Does partial (vb at position ib) beat partial (va at ia)? ib or ia is
   -1 for a partial that holds nothing. */
POOL_FN int pool_beats(float vb, int ib, float va, int ia)
{
  if (ib < 0)
    return 0;
  if (ia < 0)
    return 1;
  int an = va != va, bn = vb != vb;
  if (an || bn)
    return an && bn ? ib < ia : bn;
  return vb > va || (vb == va && ib < ia);
}

#define POOL_GLOBAL_SLICES_NHWC 8
static __global__ void pool_global_kernel(litdnn_pool_args a, int64_t outputs, int backward)
{
  __shared__ float part[256];
  __shared__ int part_at[256];
  __shared__ float result[32];
  __shared__ int result_at[32];
  /* NHWC: 32 outputs (channels) x 8 slices of the plane; NCHW: 8 outputs x 32 slices */
  int slices = a.channels_last ? POOL_GLOBAL_SLICES_NHWC : 32;
  int per_block = 256 / slices;
  int slice = a.channels_last ? threadIdx.x / per_block : threadIdx.x % slices;
  int local = a.channels_last ? threadIdx.x % per_block : threadIdx.x / slices;
  int is_max = litdnn_pool_is_max(a.mode);
  int plane = a.in[1] * a.in[2];
  float count = a.mode == LITDNN_POOLING_AVERAGE_COUNT_INCLUDE_PADDING ? (float)a.win[1] * a.win[2]
                                                                       : (float)plane;
  /* rows of x (and of dx) one after another: a position's offset needs no division */
  int x_flat = a.xs[3] == a.in[2] * a.xs[4], dx_flat = a.dxs[3] == a.in[2] * a.dxs[4];
  int small = outputs < 0x7fffffff && a.c < 0x7fffffff;
  for (int64_t o0 = (int64_t)blockIdx.x * per_block; o0 < outputs;
       o0 += (int64_t)gridDim.x * per_block) {
    int64_t o = o0 + local, n, c;
    if (small)   /* 32-bit divisions: a few instructions, not a call */
      n = (unsigned)o / (unsigned)a.c, c = (unsigned)o % (unsigned)a.c;
    else
      n = o / a.c, c = o % a.c;
    int live = o < outputs;
    const float *x = a.x + n * a.xs[0] + c * a.xs[1];
    float acc = is_max ? -INFINITY : 0.0f;
    int at = -1;
    if (live && (is_max || !backward))
      for (int p = slice; p < plane; p += slices) {
        float v = __ldg(x + (x_flat ? p * a.xs[4] : (p / a.in[2]) * a.xs[3] + (p % a.in[2]) * a.xs[4]));
        if (!is_max)
          acc += v;
        else if (pool_takes(v, acc, at >= 0, a.propagate_nan))
          acc = v, at = p;
      }
    if (!a.channels_last)   /* NCHW: a warp is an output; combine its 32 lanes by shuffles */
      for (int k = 16; k > 0; k >>= 1) {
        float v = __shfl_xor_sync(0xffffffffu, acc, k);
        int p = __shfl_xor_sync(0xffffffffu, at, k);
        if (!is_max)
          acc += v;
        else if (pool_beats(v, p, acc, at))
          acc = v, at = p;
      }
    part[threadIdx.x] = acc;
    part_at[threadIdx.x] = at;
    __syncthreads();
    if (slice == 0) {
      for (int s = 1; s < (a.channels_last ? slices : 1); s++) {
        int t = a.channels_last ? s * per_block + local : (int)threadIdx.x + s;
        if (!is_max)
          acc += part[t];
        else if (pool_beats(part[t], part_at[t], acc, at))
          acc = part[t], at = part_at[t];
      }
      result[local] = is_max ? acc : acc / count;
      result_at[local] = at;
    }
    __syncthreads();
    if (live && !backward && slice == 0)
      litdnn_blend_store(a.y + n * a.ys[0] + c * a.ys[1], result[local], a.alpha, a.beta);
    if (live && backward) {
      float g = __ldg(a.dy + n * a.ys[0] + c * a.ys[1]);
      if (!is_max)
        g /= count;
      float *dx = a.dx + n * a.dxs[0] + c * a.dxs[1];
      for (int p = slice; p < plane; p += slices)
        litdnn_blend_store(dx + (dx_flat ? p * a.dxs[4] : (p / a.in[2]) * a.dxs[3] + (p % a.in[2]) * a.dxs[4]),
                   !is_max || p == result_at[local] ? g : 0.0f, a.alpha, a.beta);
    }
    __syncthreads();   /* the next outputs reuse part and result */
  }
}

static litdnnStatus_t pool_global(litdnnHandle_t h, const void *args, int backward)
{
  const char *call = backward ? "litdnnPoolingBackward" : "litdnnPoolingForward";
  const litdnn_pool_args *a = (const litdnn_pool_args *)args;
  int64_t outputs = a->n * a->c;
  int per_block = a->channels_last ? 256 / POOL_GLOBAL_SLICES_NHWC : 8;
  pool_global_kernel<<<litdnn_gpu_blocks(outputs, per_block, POOL_MAX_BLOCKS), 256, 0, litdnn_gpu_stream(h)>>>(*a, outputs, backward);
  return litdnn_gpu_launch_status(call, "pool_global_kernel");
}

#line 4057 "chapters/06-pooling.nw"
litdnnStatus_t LITDNN_GPU_FN(litdnn_pool_forward_global)(litdnnHandle_t h, const void *args)
{
  return pool_global(h, args, 0);
}

litdnnStatus_t LITDNN_GPU_FN(litdnn_pool_backward_global)(litdnnHandle_t h, const void *args)
{
  return pool_global(h, args, 1);
}
#line 2948 "chapters/06-pooling.nw"
/* The larger of two partial maxima; with propagate_nan a NaN in either wins.
   A partial is never NaN unless NaNs propagate. */
POOL_FN float pool_max2(float m, float v, int propagate_nan)
{
  if (propagate_nan && (v != v || m != m))
    return v != v ? v : m;
  return v > m ? v : m;
}

#define POOL_GLOBAL_TILE 8192   /* floats of x a block stages in shared memory: 32 KB */
#define POOL_GLOBAL_LOADS 8     /* 16-byte loads per thread in flight: 8 x 256 x 4 = 8192 */

/* NCHW: a block copies a run of per_block whole planes into shared memory,
   then thread t reduces plane t. 256 threads. */
static __global__ void __launch_bounds__(256, 5)
pool_global_planes_kernel(litdnn_pool_args a, unsigned planes, unsigned per_block,
                                                 float count)
{
  __shared__ float4 tile4[POOL_GLOBAL_TILE / 4];
  float *tile = (float *)tile4;
  unsigned S = (unsigned)(a.in[1] * a.in[2]);
  int is_max = litdnn_pool_is_max(a.mode);
  for (unsigned p0 = blockIdx.x * per_block; p0 < planes; p0 += gridDim.x * per_block) {
    unsigned np = planes - p0 < per_block ? planes - p0 : per_block;
    unsigned cnt = np * S, n4 = cnt / 4;
    const float *src = a.x + (size_t)p0 * S;
    float4 v[POOL_GLOBAL_LOADS];
LITDNN_UNROLL
    for (int k = 0; k < POOL_GLOBAL_LOADS; k++) {   /* every load leaves before the first store */
      unsigned i = threadIdx.x + k * 256u;
      if (i < n4)
        v[k] = __ldg((const float4 *)src + i);
    }
LITDNN_UNROLL
    for (int k = 0; k < POOL_GLOBAL_LOADS; k++) {
      unsigned i = threadIdx.x + k * 256u;
      if (i < n4)
        tile4[i] = v[k];
    }
    if (threadIdx.x < cnt - 4 * n4)   /* the last block: up to three single floats */
      tile[4 * n4 + threadIdx.x] = __ldg(src + 4 * n4 + threadIdx.x);
    __syncthreads();
    if (threadIdx.x < np) {
      const float *q = tile + threadIdx.x * S;
      float r;
      if (is_max) {
        float m0 = -INFINITY, m1 = -INFINITY;
        unsigned k = 0;
        for (; k + 1 < S; k += 2)
          m0 = pool_max2(m0, q[k], a.propagate_nan), m1 = pool_max2(m1, q[k + 1], a.propagate_nan);
        if (k < S)
          m0 = pool_max2(m0, q[k], a.propagate_nan);
        r = pool_max2(m0, m1, a.propagate_nan);
      } else {
        float s0 = 0.0f, s1 = 0.0f, s2 = 0.0f, s3 = 0.0f;
        unsigned k = 0;
        for (; k + 3 < S; k += 4)
          s0 += q[k], s1 += q[k + 1], s2 += q[k + 2], s3 += q[k + 3];
        for (; k < S; k++)
          s0 += q[k];
        r = ((s0 + s1) + (s2 + s3)) / count;
      }
      unsigned p = p0 + threadIdx.x, c = p % (unsigned)a.c, n = p / (unsigned)a.c;
      litdnn_blend_store(a.y + (size_t)n * a.ys[0] + (size_t)c * a.ys[1], r, a.alpha, a.beta);
    }
    __syncthreads();   /* the next run reuses the tile */
  }
}

#define POOL_GLOBAL_SLICES 4    /* NHWC: a block is 64 groups of four channels x 4 slices */
static __global__ void pool_global_nhwc4_kernel(litdnn_pool_args a, unsigned groups, float count)
{
  __shared__ float4 part[POOL_GLOBAL_SLICES][64];
  unsigned S = (unsigned)(a.in[1] * a.in[2]), cg = (unsigned)a.c / 4;
  unsigned slice = threadIdx.x / 64, lane = threadIdx.x % 64;
  int is_max = litdnn_pool_is_max(a.mode), nan = a.propagate_nan;
  for (unsigned g0 = blockIdx.x * 64u; g0 < groups; g0 += gridDim.x * 64u) {
    unsigned g = g0 + lane, n = g / cg, c4 = g % cg;
    float4 acc;
    acc.x = acc.y = acc.z = acc.w = is_max ? -INFINITY : 0.0f;
    if (g < groups) {
      const float *base = a.x + (size_t)n * S * (unsigned)a.c + 4 * c4;
      for (unsigned p0 = slice; p0 < S; p0 += POOL_GLOBAL_LOADS * POOL_GLOBAL_SLICES) {
        float4 v[POOL_GLOBAL_LOADS];
LITDNN_UNROLL
        for (int k = 0; k < POOL_GLOBAL_LOADS; k++) {   /* up to eight loads before any use */
          unsigned p = p0 + k * POOL_GLOBAL_SLICES;
          if (p < S)
            v[k] = __ldg((const float4 *)(base + (size_t)p * (unsigned)a.c));
          else   /* the identity: -inf for the maximum, 0 for the sum */
            v[k].x = v[k].y = v[k].z = v[k].w = is_max ? -INFINITY : 0.0f;
        }
LITDNN_UNROLL
        for (int k = 0; k < POOL_GLOBAL_LOADS; k++) {
          if (is_max) {
            acc.x = pool_max2(acc.x, v[k].x, nan), acc.y = pool_max2(acc.y, v[k].y, nan);
            acc.z = pool_max2(acc.z, v[k].z, nan), acc.w = pool_max2(acc.w, v[k].w, nan);
          } else {
            acc.x += v[k].x, acc.y += v[k].y, acc.z += v[k].z, acc.w += v[k].w;
          }
        }
      }
    }
    part[slice][lane] = acc;
    __syncthreads();
    if (slice == 0 && g < groups) {
      for (int s = 1; s < POOL_GLOBAL_SLICES; s++) {
        float4 o = part[s][lane];
        if (is_max) {
          acc.x = pool_max2(acc.x, o.x, nan), acc.y = pool_max2(acc.y, o.y, nan);
          acc.z = pool_max2(acc.z, o.z, nan), acc.w = pool_max2(acc.w, o.w, nan);
        } else {
          acc.x += o.x, acc.y += o.y, acc.z += o.z, acc.w += o.w;
        }
      }
      if (!is_max)
        acc.x /= count, acc.y /= count, acc.z /= count, acc.w /= count;
      float *y = a.y + (size_t)n * a.ys[0] + (size_t)(4 * c4) * a.ys[1];
      pool_store(y, acc.x, a.alpha, a.beta);
      pool_store(y + a.ys[1], acc.y, a.alpha, a.beta);
      pool_store(y + 2 * a.ys[1], acc.z, a.alpha, a.beta);
      pool_store(y + 3 * a.ys[1], acc.w, a.alpha, a.beta);
    }
    __syncthreads();   /* the next groups reuse part */
  }
}

litdnnStatus_t LITDNN_GPU_FN(litdnn_pool_forward_global4)(litdnnHandle_t h, const void *args)
{
  const litdnn_pool_args *a = (const litdnn_pool_args *)args;
  unsigned S = (unsigned)(a->in[1] * a->in[2]);
  float count = a->mode == LITDNN_POOLING_AVERAGE_COUNT_INCLUDE_PADDING ? (float)a->win[1] * a->win[2]
                                                                        : (float)S;
  if (a->channels_last) {
    unsigned groups = (unsigned)(a->n * (a->c / 4));
    pool_global_nhwc4_kernel<<<litdnn_gpu_blocks(groups, 64, POOL_MAX_BLOCKS), 256, 0, litdnn_gpu_stream(h)>>>(*a, groups, count);
    return litdnn_gpu_launch_status("litdnnPoolingForward", "pool_global_nhwc4_kernel");
  }
  unsigned planes = (unsigned)(a->n * a->c);
  unsigned per_block = POOL_GLOBAL_TILE / S / 4 * 4;
  if (per_block > 256)
    per_block = 256;
  pool_global_planes_kernel<<<litdnn_gpu_blocks(planes, per_block, POOL_MAX_BLOCKS), 256, 0, litdnn_gpu_stream(h)>>>(*a, planes, per_block, count);
  return litdnn_gpu_launch_status("litdnnPoolingForward", "pool_global_planes_kernel");
}
