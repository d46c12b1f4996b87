/* Convolution: the problem every stage receives. */
#ifndef LITDNN_CONVOLUTION_INTERNAL_H
#define LITDNN_CONVOLUTION_INTERNAL_H
#include "core/internal.h"
#ifdef __cplusplus
extern "C" {
#endif
#ifdef __CUDACC__
#define LITDNN_CONV_HD __host__ __device__
#else
#define LITDNN_CONV_HD
#endif

enum { LITDNN_CONV_FWD = 0, LITDNN_CONV_BWD_DATA = 1, LITDNN_CONV_BWD_FILTER = 2,
       LITDNN_CONV_BWD_BIAS = 3 };

typedef struct litdnn_conv_args {
  const char *call;             /* the API call, for messages */
  int pass;                     /* LITDNN_CONV_FWD ... */
  int n, c, k, groups;          /* batch, input channels, output channels, groups */
  int in[3], flt[3], out[3];    /* spatial sizes (d, h, w) of x, w and y */
  int pad[3], stride[3], dil[3];
  int flip;                     /* 1: CONVOLUTION mode, the taps are reversed */
  litdnnMathType_t math;        /* TF32 allows the GEMM algorithms to use tensor cores */
  int64_t xs[5], ws[5], ys[5];  /* strides of x (and dx), w (and dw), y (and dy) */
  float alpha, beta;
  const float *x, *w, *dy;      /* the inputs the pass reads */
  float *result;                /* y, dx, dw or db */
  void *workspace;
  size_t workspace_size;
  /* litdnnConvolutionBiasActivationForward: y = act(alpha * conv + alpha2 * z + bias) */
  int fused, act, act_nan;      /* act: RELU, CLIPPED_RELU or IDENTITY */
  float alpha2, act_coef;
  const float *z, *bias;        /* z has y's layout; bias is K packed floats */
} litdnn_conv_args;

/* the tap of the stored filter that window position r of a size-n axis uses */
static inline LITDNN_CONV_HD int litdnn_conv_tap(int flip, int n, int r)
{
  return flip ? n - 1 - r : r;
}
/* the input coordinate that output o and window position r of axis i meet */
static inline LITDNN_CONV_HD int litdnn_conv_in(const litdnn_conv_args *a, int i, int o, int r)
{
  return o * a->stride[i] - a->pad[i] + r * a->dil[i];
}
static inline LITDNN_CONV_HD int litdnn_conv_inside(const litdnn_conv_args *a, int i, int v)
{
  return v >= 0 && v < a->in[i];
}
/* input positions along axis i that n consecutive outputs read: their windows, overlapping */
static inline LITDNN_CONV_HD int64_t litdnn_conv_span(const litdnn_conv_args *a, int i, int n)
{
  return (int64_t)(n - 1) * a->stride[i] + (int64_t)(a->flt[i] - 1) * a->dil[i] + 1;
}
static inline LITDNN_CONV_HD int64_t litdnn_conv_offset(const int64_t *s, int64_t i0, int64_t i1,
                                                        int64_t d, int64_t h, int64_t w)
{
  return i0 * s[0] + i1 * s[1] + d * s[2] + h * s[3] + w * s[4];
}
/* how many tiles of th x tw outputs cover one image's 2-d output plane */
static inline LITDNN_CONV_HD int64_t litdnn_conv_tiles(const litdnn_conv_args *a, int th, int tw)
{
  return ((int64_t)a->out[1] + th - 1) / th * (((int64_t)a->out[2] + tw - 1) / tw);
}
/* the same for phase (0, 0) of dx, the largest of the stride[1] x stride[2] phases that backward data
   can be split into (its rows and columns are every stride-th of dx's); *tiles_w gets the tiles per row */
static inline LITDNN_CONV_HD int64_t litdnn_conv_phase_tiles(const litdnn_conv_args *a, int th, int tw,
                                                             int64_t *tiles_w)
{
  int64_t hp = ((int64_t)a->in[1] + a->stride[1] - 1) / a->stride[1];
  int64_t wp = ((int64_t)a->in[2] + a->stride[2] - 1) / a->stride[2];
  *tiles_w = (wp + tw - 1) / tw;
  return (hp + th - 1) / th * *tiles_w;
}
/* split a linear index into (i0, i1, d, h, w) of a 5-d shape with the given sizes */
static inline LITDNN_CONV_HD void litdnn_conv_split(int64_t i, int64_t d1, const int *sp, int64_t *i0, int64_t *i1,
                                                    int *d, int *h, int *w)
{
  *w = (int)(i % sp[2]);
  i /= sp[2];
  *h = (int)(i % sp[1]);
  i /= sp[1];
  *d = (int)(i % sp[0]);
  i /= sp[0];
  *i1 = i % d1;
  *i0 = i / d1;
}
/* where window position l = (c, r) of filter k sits in w (and dw), the taps flipped as the mode asks */
static inline LITDNN_CONV_HD int64_t litdnn_conv_filter_offset(const litdnn_conv_args *a, int64_t k, int64_t l)
{
  int64_t zero, c;
  int d, h, w;
  litdnn_conv_split(l, a->c / a->groups, a->flt, &zero, &c, &d, &h, &w);
  return litdnn_conv_offset(a->ws, k, c, litdnn_conv_tap(a->flip, a->flt[0], d),
                            litdnn_conv_tap(a->flip, a->flt[1], h), litdnn_conv_tap(a->flip, a->flt[2], w));
}
/* alpha * v + beta * dst; with beta = 0, dst is not read */
static inline LITDNN_CONV_HD float litdnn_conv_blend(const float *dst, float v, float alpha, float beta)
{
  return beta == 0.0f ? alpha * v : alpha * v + beta * *dst;
}
static inline LITDNN_CONV_HD void litdnn_conv_store(float *dst, float v, float alpha, float beta)
{
  *dst = litdnn_conv_blend(dst, v, alpha, beta);
}
/* the value y's element at off takes for the sum v, without storing it */
static inline LITDNN_CONV_HD float litdnn_conv_y_value(const litdnn_conv_args *a, int64_t off, int64_t k, float v)
{
  if (!a->fused)
    return litdnn_conv_blend(a->result + off, v, a->alpha, a->beta);
  float t = a->alpha * v + a->bias[k];
  if (a->alpha2 != 0.0f)
    t += a->alpha2 * a->z[off];      /* read before the write: z may be y */
  if (a->act != LITDNN_ACTIVATION_IDENTITY) {
    float r = t > 0.0f ? t : 0.0f;
    if (a->act == LITDNN_ACTIVATION_CLIPPED_RELU && r > a->act_coef)
      r = a->act_coef;
    t = t != t ? (a->act_nan ? t : 0.0f) : r;
  }
  return t;
}
static inline LITDNN_CONV_HD void litdnn_conv_store_y(const litdnn_conv_args *a, int64_t off, int64_t k,
                                                      float v)
{
  a->result[off] = litdnn_conv_y_value(a, off, k, v);
}
/* the problem restricted to images n0 .. n0 + count - 1: x, dy, z and the result moved to image n0, but
   backward filter's dw, a sum over every image */
static inline litdnn_conv_args litdnn_conv_images(const litdnn_conv_args *a, int n0, int count)
{
  litdnn_conv_args r = *a;
  r.n = count;
  if (r.x)
    r.x += n0 * a->xs[0];
  if (r.dy)
    r.dy += n0 * a->ys[0];
  if (r.z)
    r.z += n0 * a->ys[0];
  if (a->pass == LITDNN_CONV_FWD || a->pass == LITDNN_CONV_BWD_DATA)
    r.result += n0 * (a->pass == LITDNN_CONV_FWD ? a->ys[0] : a->xs[0]);
  return r;
}
typedef struct {
  int64_t m, cols, l;         /* per group: rows, columns, reduction length */
} conv_gemm_shape;

static inline LITDNN_CONV_HD conv_gemm_shape conv_gemm_dims(const litdnn_conv_args *a)
{
  conv_gemm_shape s;
  int64_t kg = a->k / a->groups, cg = a->c / a->groups;
  int64_t taps = (int64_t)a->flt[0] * a->flt[1] * a->flt[2];
  int64_t outs = (int64_t)a->n * a->out[0] * a->out[1] * a->out[2];
  int64_t ins = (int64_t)a->n * a->in[0] * a->in[1] * a->in[2];
  if (a->pass == LITDNN_CONV_FWD) {
    s.m = kg; s.cols = outs; s.l = cg * taps;
  } else if (a->pass == LITDNN_CONV_BWD_DATA) {
    s.m = cg; s.cols = ins; s.l = kg * taps;
  } else {
    s.m = kg; s.cols = cg * taps; s.l = outs;
  }
  return s;
}
/* y (dy) of one image and group as a matrix: 1 if PQ x K/G (planes), 0 if K/G x PQ, -1 if neither */
static inline int litdnn_conv_out_matrix(const litdnn_conv_args *a, int64_t *ld)
{
  int64_t unit = a->ys[1] == 1 && a->k > 1 ? a->ys[4] : 1, expect = unit;
  for (int i = 2; i >= 0; i--) {
    if (a->out[i] > 1 && a->ys[2 + i] != expect)
      return -1;
    expect *= a->out[i];
  }
  if (unit == 1) {                                /* planes: pixel stride 1 */
    *ld = a->k > 1 ? a->ys[1] : expect;
    return *ld >= expect ? 1 : -1;
  }
  *ld = unit;                                     /* channels last: pixel stride >= K */
  return unit >= a->k ? 0 : -1;
}
/* 1 if an image of a tensor with 5-d strides s, planes of dims and that many channels is one dense block:
   each channel's pixels contiguous, channels a plane apart (an axis of extent 1 may have any stride) */
static inline int litdnn_conv_dense_images(const int64_t *s, const int *dims, int64_t channels)
{
  return (dims[2] == 1 || s[4] == 1) && (dims[1] == 1 || s[3] == dims[2]) &&
         (dims[0] == 1 || s[2] == (int64_t)dims[1] * dims[2]) &&
         (channels == 1 || s[1] == (int64_t)dims[0] * dims[1] * dims[2]);
}

/* 1 if the unrolled matrix of every image and group is x (dx) itself: 1x1, stride 1, no padding, and
   x's images dense */
static inline int litdnn_conv_cols_are_input(const litdnn_conv_args *a)
{
  for (int i = 0; i < 3; i++)
    if (a->flt[i] != 1 || a->stride[i] != 1 || a->pad[i] != 0)
      return 0;
  return litdnn_conv_dense_images(a->xs, a->in, a->c);
}
/* backward filter: the images one GEMM sums over, the largest divisor of N with nb P Q <= 1024 */
#define LITDNN_CONV_FILTER_INNER 1024
static inline int litdnn_conv_filter_images(const litdnn_conv_args *a)
{
  int64_t s = (int64_t)a->out[0] * a->out[1] * a->out[2];
  int nb = 1;
  for (int d = 2; d <= a->n && d * s <= LITDNN_CONV_FILTER_INNER; d++)
    if (a->n % d == 0)
      nb = d;
  return nb;
}
/* 1 if Winograd runs as transforms around 16 batched GEMMs rather than as one fused kernel */
static inline int litdnn_conv_winograd_gemm(const litdnn_conv_args *a)
{
  int64_t tiles = (int64_t)a->n * ((a->out[1] + 1) / 2) * ((a->out[2] + 1) / 2);
  return a->groups == 1 && a->c >= 16 && a->k >= 16 && tiles <= INT32_MAX && a->c <= INT32_MAX / 16;
}
/* the forward problem whose output is backward data's dx (stride 1, one group) */
static inline void litdnn_conv_backward_data_as_forward(const litdnn_conv_args *a, litdnn_conv_args *f)
{
  *f = *a;
  f->pass = LITDNN_CONV_FWD;
  f->c = a->k;
  f->k = a->c;
  for (int i = 0; i < 3; i++) {
    f->in[i] = a->out[i];
    f->out[i] = a->in[i];
    f->pad[i] = a->dil[i] * (a->flt[i] - 1) - a->pad[i];
  }
  f->flip = !a->flip;
  for (int i = 0; i < 5; i++) {
    f->xs[i] = a->ys[i];
    f->ys[i] = a->xs[i];
  }
  f->ws[0] = a->ws[1];
  f->ws[1] = a->ws[0];
  f->x = a->dy;
  f->dy = NULL;
}

/* whether backward data is that forward problem: stride 1, one group, a padding the flip keeps */
static inline int litdnn_conv_data_as_forward_applies(const litdnn_conv_args *a)
{
  for (int i = 0; i < 3; i++)
    if (a->stride[i] != 1 || a->pad[i] > a->dil[i] * (a->flt[i] - 1))
      return 0;
  return a->groups == 1;
}
#define LITDNN_CONV_TF32_SLICE 16   /* a slice of the tensor-core implicit GEMM: channels at one tap */
/* whether that kernel takes forward problem f: TF32 math, whole slices in every group, a grid that fits */
static inline int litdnn_conv_tf32_implicit(const litdnn_conv_args *f)
{
  int64_t cols = (int64_t)f->n * f->out[0] * f->out[1] * f->out[2];
  return f->math == LITDNN_MATH_TF32 && f->pass == LITDNN_CONV_FWD &&
         (f->c / f->groups) % LITDNN_CONV_TF32_SLICE == 0 && f->groups <= 65535 && cols / 128 < INT32_MAX;
}
/* the filter rounded to TF32 and packed as [group][tap][k][c] */
static inline size_t litdnn_conv_tf32_filter_bytes(const litdnn_conv_args *f)
{
  return (size_t)f->k * (size_t)(f->c / f->groups) * (size_t)f->flt[0] * f->flt[1] * f->flt[2] * sizeof(float);
}
#define LITDNN_CONV_TF32_BLOCKS 512   /* the blocks a split kernel's partial tiles allow for */
/* the most ranges a tensor-core kernel may cut its slices into, and so the partial tiles its workspace
   holds: about LITDNN_CONV_TF32_BLOCKS blocks over its tiles, each 8 slices or more, and a grid whose
   third axis (groups times splits) fits; the launch may use fewer */
static inline int64_t litdnn_conv_tf32_most_splits(int64_t tiles, int64_t slices, int groups)
{
  int64_t splits = (LITDNN_CONV_TF32_BLOCKS + tiles - 1) / tiles, longest = (slices + 7) / 8;
  splits = splits < longest ? splits : longest;
  splits = splits < 65535 / groups ? splits : 65535 / groups;
  return splits > 1 ? splits : 1;
}
/* the forward kernel's 64 x 128 tiles of y, over every group, and the most splits of its slices */
static inline int64_t litdnn_conv_tf32_fwd_tiles(const litdnn_conv_args *f)
{
  int64_t cols = (int64_t)f->n * f->out[0] * f->out[1] * f->out[2];
  return (f->k / f->groups + 63) / 64 * ((cols + 127) / 128) * f->groups;
}
static inline int64_t litdnn_conv_tf32_fwd_splits(const litdnn_conv_args *f)
{
  int64_t slices = (int64_t)(f->c / f->groups) * f->flt[0] * f->flt[1] * f->flt[2] / LITDNN_CONV_TF32_SLICE;
  return litdnn_conv_tf32_most_splits(litdnn_conv_tf32_fwd_tiles(f), slices, f->groups);
}
/* its workspace: the packed filter, then with several splits a partial y per split */
static inline size_t litdnn_conv_tf32_fwd_bytes(const litdnn_conv_args *f)
{
  int64_t splits = litdnn_conv_tf32_fwd_splits(f), y = f->k * (int64_t)f->n * f->out[0] * f->out[1] * f->out[2];
  return litdnn_conv_tf32_filter_bytes(f) + (splits > 1 ? (size_t)(splits * y) * sizeof(float) : 0);
}
/* whether a call runs it: the kernel takes f, and f's workspace is aligned for its 16-byte copies */
static inline int litdnn_conv_tf32_runs(const litdnn_conv_args *f)
{
  return litdnn_conv_tf32_implicit(f) && (uintptr_t)f->workspace % 16 == 0;
}
/* a position (n, p, q) of backward filter: its window corner, where it starts in x and in dy, and whether
   its whole window lies inside x */
typedef struct {
  int64_t x, dy;
  int d, h, w, inside;
} litdnn_conv_position;
/* whether the tensor cores' backward filter takes problem a: TF32 math, a grid that fits, and fewer than
   2^31 slices of 16 positions */
static inline int litdnn_conv_tf32_dw(const litdnn_conv_args *a)
{
  int64_t kg = a->k / a->groups, L = (int64_t)(a->c / a->groups) * a->flt[0] * a->flt[1] * a->flt[2];
  int64_t positions = (int64_t)a->n * a->out[0] * a->out[1] * a->out[2];
  return a->math == LITDNN_MATH_TF32 && a->pass == LITDNN_CONV_BWD_FILTER && (L + 127) / 128 < INT32_MAX &&
         (kg + 63) / 64 <= 65535 && a->groups <= 65535 && positions / 16 < INT32_MAX;
}
/* its 64 x 128 tiles of dw, over every group */
static inline int64_t litdnn_conv_tf32_dw_tiles(const litdnn_conv_args *a)
{
  int64_t kg = a->k / a->groups, L = (int64_t)(a->c / a->groups) * a->flt[0] * a->flt[1] * a->flt[2];
  return (kg + 63) / 64 * ((L + 127) / 128) * a->groups;
}
/* the most ranges it may cut the positions into, slices of 16 */
static inline int64_t litdnn_conv_tf32_dw_splits(const litdnn_conv_args *a)
{
  int64_t slices = ((int64_t)a->n * a->out[0] * a->out[1] * a->out[2] + 15) / 16;
  return litdnn_conv_tf32_most_splits(litdnn_conv_tf32_dw_tiles(a), slices, a->groups);
}
/* its workspace: the table of positions, then with several splits a partial dw per split */
static inline size_t litdnn_conv_tf32_dw_bytes(const litdnn_conv_args *a)
{
  int64_t positions = (int64_t)a->n * a->out[0] * a->out[1] * a->out[2], splits = litdnn_conv_tf32_dw_splits(a);
  int64_t dw = (int64_t)a->k * (a->c / a->groups) * a->flt[0] * a->flt[1] * a->flt[2];
  return (size_t)positions * sizeof(litdnn_conv_position) + (splits > 1 ? (size_t)(splits * dw) * sizeof(float) : 0);
}
/* whether a call runs it: the kernel takes a, and a's workspace is aligned for the table */
static inline int litdnn_conv_tf32_dw_runs(const litdnn_conv_args *a)
{
  return litdnn_conv_tf32_dw(a) && (uintptr_t)a->workspace % 16 == 0;
}
/* one axis of a phase of strided backward data: the rows h of dx with (h + pad) mod stride = r0 */
typedef struct {
  int taps;      /* its taps r0, r0 + stride, ... of the filter */
  int first;     /* the stored tap the phase's filter view starts at (the mode reverses the taps) */
  int start;     /* the first row of dx it writes, then every stride-th */
  int rows;      /* how many rows of dx it writes (0: none) */
  int pad;       /* the forward padding of dy: negative where the phase cannot be a forward problem */
} litdnn_conv_phase_axis;

static inline litdnn_conv_phase_axis litdnn_conv_phase_on(const litdnn_conv_args *a, int i, int r0)
{
  litdnn_conv_phase_axis x;
  int u = a->stride[i], R = a->flt[i], pad = a->pad[i], last = a->in[i] - 1 + pad - r0;
  int lo = pad > r0 ? (pad - r0 + u - 1) / u : 0;   /* the first i0 with u i0 + r0 - pad >= 0 */
  x.taps = (R - 1 - r0) / u + 1;   /* at least one: the stride is at most R */
  x.first = a->flip ? (R - 1 - r0) % u : r0;
  x.start = u * lo + r0 - pad;
  x.rows = last >= 0 && last / u >= lo ? last / u - lo + 1 : 0;
  x.pad = x.taps - 1 - lo;
  return x;
}

/* whether backward data problem a runs as one forward problem per phase: a stride on some axis, none
   longer than the filter, one group, no dilation, and every phase a forward problem */
static inline int litdnn_conv_data_phases_apply(const litdnn_conv_args *a)
{
  int strided = 0;
  if (a->pass != LITDNN_CONV_BWD_DATA || a->groups != 1)
    return 0;
  for (int i = 0; i < 3; i++) {
    if (a->dil[i] != 1 || a->stride[i] > a->flt[i])
      return 0;
    strided |= a->stride[i] > 1;
    for (int r0 = 0; r0 < a->stride[i]; r0++)
      if (litdnn_conv_phase_on(a, i, r0).pad < 0)
        return 0;
  }
  return strided;
}

/* phase p (0 <= p < stride[0] stride[1] stride[2]) of a as forward problem f; 0 if it writes no row */
static inline int litdnn_conv_data_phase(const litdnn_conv_args *a, int p, litdnn_conv_args *f)
{
  int r0[3] = {p / (a->stride[1] * a->stride[2]), p / a->stride[2] % a->stride[1], p % a->stride[2]}, some = 1;
  int64_t w_at = 0, dx_at = 0;
  litdnn_conv_backward_data_as_forward(a, f);
  for (int i = 0; i < 3; i++) {
    litdnn_conv_phase_axis x = litdnn_conv_phase_on(a, i, r0[i]);
    f->flt[i] = x.taps;
    f->out[i] = x.rows;
    f->pad[i] = x.pad;
    f->stride[i] = 1;
    f->ws[2 + i] = a->ws[2 + i] * a->stride[i];
    f->ys[2 + i] = a->xs[2 + i] * a->stride[i];
    w_at += x.first * a->ws[2 + i];
    dx_at += x.start * a->xs[2 + i];
    some = some && x.rows > 0;
  }
  f->w = a->w ? a->w + w_at : NULL;   /* the workspace query describes a problem without tensors */
  f->result = a->result ? a->result + dx_at : NULL;
  return some;
}
#define LITDNN_CONV_WINOGRAD4_FLOATS ((int64_t)1 << 25)   /* V and M of a chunk of images, at most */

/* the tiles of one image, for output tiles of m x m */
static inline int64_t litdnn_conv_winograd_tiles(const litdnn_conv_args *a, int m)
{
  return (int64_t)((a->out[1] + m - 1) / m) * ((a->out[2] + m - 1) / m);
}

/* images per chunk of the F(4x4) form: as many as keep V and M within LITDNN_CONV_WINOGRAD4_FLOATS */
static inline int litdnn_conv_winograd4_images(const litdnn_conv_args *a)
{
  int64_t per_image = 36 * ((int64_t)a->c + a->k) * litdnn_conv_winograd_tiles(a, 4);
  int64_t nb = LITDNN_CONV_WINOGRAD4_FLOATS / per_image;
  return nb < 1 ? 1 : nb > a->n ? a->n : (int)nb;
}

/* bytes of U, V and M for F(m x m, 3x3) over chunks of the given number of images; SIZE_MAX on overflow */
static inline size_t litdnn_conv_winograd_bytes(const litdnn_conv_args *a, int m, int images)
{
  int64_t e = (int64_t)(m + 2) * (m + 2), t, kc, ct, kt, bytes;
  if (!litdnn_mul_size(litdnn_conv_winograd_tiles(a, m), images, &t) || !litdnn_mul_size(a->k, a->c, &kc) ||
      !litdnn_mul_size(a->c, t, &ct) || !litdnn_mul_size(a->k, t, &kt) || kc > INT64_MAX / 4 - ct ||
      kc + ct > INT64_MAX / 4 - kt || !litdnn_mul_size(kc + ct + kt, e * 4, &bytes))
    return SIZE_MAX;
  return (size_t)bytes;
}
#define CONV_DW3_STRIP 4          /* outputs of one row that a thread of the 3x3 kernels computes */
#define CONV_DW3_ROWS 2           /* rows of such strips that a forward thread computes on larger planes */
#define CONV_DW3_FILTER_BLOCKS 1024   /* backward filter's blocks to aim at: 1024 / C per channel */

/* 2-d, 3x3, dilation 1, stride 1 or 2 on both axes, rows of x and y (dx, dy) contiguous, a thread count
   that fits 32 bits; the forward pass allows a channel multiplier, the backward passes need K = C = G */
static inline LITDNN_CONV_HD int litdnn_conv_dw3(const litdnn_conv_args *a)
{
  int bwd_data = a->pass == LITDNN_CONV_BWD_DATA;
  int64_t strips = ((bwd_data ? a->in[2] : a->out[2]) + CONV_DW3_STRIP - 1) / CONV_DW3_STRIP;
  int64_t rows = (int64_t)a->n * (a->pass == LITDNN_CONV_FWD ? a->k : a->c) * (bwd_data ? a->in[1] : a->out[1]);
  return a->c == a->groups && (a->pass == LITDNN_CONV_FWD || a->k == a->c) && a->in[0] == 1 &&
         a->flt[0] == 1 && a->flt[1] == 3 && a->flt[2] == 3 && a->dil[1] == 1 && a->dil[2] == 1 &&
         a->stride[1] == a->stride[2] && a->stride[1] <= 2 && a->xs[4] == 1 && a->ys[4] == 1 &&
         rows * strips <= INT32_MAX && (a->pass != LITDNN_CONV_BWD_FILTER || a->c <= 65535);
}

/* backward filter's split of a channel's N P output rows: *rows to a block; returns the blocks per channel */
static inline LITDNN_CONV_HD int litdnn_conv_dw3_splits(const litdnn_conv_args *a, int *rows)
{
  int64_t total = (int64_t)a->n * a->out[1], want = (CONV_DW3_FILTER_BLOCKS + a->c - 1) / a->c;
  if (want > total)
    want = total;
  *rows = (int)((total + want - 1) / want);
  return (int)((total + *rows - 1) / *rows);
}
#define LITDNN_CONV_BATCH_COLUMNS 65536   /* columns of one chunk's GEMM, unless one image has more */

/* images per chunk of the 1x1 batch GEMM: as many as keep N' = nb P Q within LITDNN_CONV_BATCH_COLUMNS */
static inline int litdnn_conv_batch_images(const litdnn_conv_args *a)
{
  int64_t s = (int64_t)a->out[0] * a->out[1] * a->out[2];
  int64_t nb = LITDNN_CONV_BATCH_COLUMNS / s;
  return nb < 1 ? 1 : nb > a->n ? a->n : (int)nb;
}

#define CONV_BATCH_INTO_Y_PLANE 196   /* output pixels per image from which forward multiplies into y itself */

/* forward into y itself (see below): 0 over planes, 1 channels last (ld set), or -1 through y' */
static inline int litdnn_conv_batch_into_y(const litdnn_conv_args *a, int64_t *ld)
{
  int64_t S = (int64_t)a->out[0] * a->out[1] * a->out[2];
  *ld = 0;
  return a->pass == LITDNN_CONV_FWD && !a->fused && S >= CONV_BATCH_INTO_Y_PLANE ? litdnn_conv_out_matrix(a, ld) : -1;
}

/* bytes of a chunk's channel-major matrices, (C + K) nb P Q floats, or C nb P Q where forward writes y
   itself; SIZE_MAX on overflow */
static inline size_t litdnn_conv_batch_bytes(const litdnn_conv_args *a)
{
  int64_t cols, floats, bytes, ld;
  int64_t rows = (int64_t)a->c + (litdnn_conv_batch_into_y(a, &ld) >= 0 ? 0 : a->k);
  if (!litdnn_mul_size((int64_t)a->out[0] * a->out[1] * a->out[2], litdnn_conv_batch_images(a), &cols) ||
      !litdnn_mul_size(cols, rows, &floats) || !litdnn_mul_size(floats, 4, &bytes))
    return SIZE_MAX;
  return (size_t)bytes;
}

/* the algorithms, seen from inside */
int litdnn_conv_algo_count(int pass);
size_t litdnn_conv_workspace_size(const litdnn_conv_args *a, int algo);
/* the most bytes of workspace the im2col stages ask for, unless one image needs more: they take the batch
   in runs of as many images as fit (the tests lower it, so that small problems take several runs) */
extern size_t litdnn_conv_gemm_limit;
/* the images an im2col stage unrolls and multiplies in one run */
int litdnn_conv_gemm_images(const litdnn_conv_args *a);
/* NULL if algo can run the problem, else the reason it cannot */
const char *litdnn_conv_not_applicable(const litdnn_conv_args *a, int algo);
/* the heuristic's order of the pass's algorithms into order[LITDNN_CONV_ALGO_MAX]; returns how many */
#define LITDNN_CONV_ALGO_MAX 16   /* the most algorithms of any pass: the size of every list of them */
int litdnn_conv_rank(const litdnn_conv_args *a, int *order);

#ifdef __cplusplus
}
#endif
#endif
