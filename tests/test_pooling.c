/* Pooling: every stage on every backend against a double-precision
   reference written here, independently of the library's own loops, one
   Criterion case per (op, stage, backend, problem). A pinned stage must
   run every problem its conditions take (they are written out again
   below, in stage_takes) and refuse every other one, naming itself,
   with the output untouched. */
#include "common.h"
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- tensors in either layout ---- */
typedef struct {
  litdnnTensorDescriptor_t desc;
  int nb;                 /* 4 or 5 */
  int dims[5];            /* n, c, (d,) h, w */
  int strides[5];
  size_t count;
  int misaligned;         /* its device buffer is not 16-byte aligned (the
                             emulator pushes a buffer of under 16 bytes
                             against its guard page) */
} ttensor;

static ttensor make_tensor(int nb, const int *dims, litdnnTensorFormat_t fmt)
{
  ttensor t;
  memset(&t, 0, sizeof t);
  t.nb = nb;
  cr_assert_eq(litdnnCreateTensorDescriptor(&t.desc), LITDNN_STATUS_SUCCESS);
  cr_assert_eq(litdnnSetTensorNdDescriptorEx(t.desc, fmt, LITDNN_DATA_FLOAT, nb, dims),
               LITDNN_STATUS_SUCCESS, "%s", litdnnGetLastErrorString());
  int got;
  litdnnGetTensorNdDescriptor(t.desc, 5, NULL, &got, t.dims, t.strides);
  t.count = 1;
  for (int i = 0; i < nb; i++)
    t.count *= (size_t)dims[i];
  return t;
}

/* offset of (n, c, d, h, w); d is ignored for a 4-D tensor */
static size_t toff(const ttensor *t, int n, int c, int d, int h, int w)
{
  if (t->nb == 4)
    return (size_t)n * t->strides[0] + (size_t)c * t->strides[1] + (size_t)h * t->strides[2] +
           (size_t)w * t->strides[3];
  return (size_t)n * t->strides[0] + (size_t)c * t->strides[1] + (size_t)d * t->strides[2] +
         (size_t)h * t->strides[3] + (size_t)w * t->strides[4];
}

/* The stride of dimension k of t in the (n, c, d, h, w) order; a 4-D
   tensor has no depth (stride 0, size 1). */
static int64_t stride_of(const ttensor *t, int k)
{
  if (t->nb == 5)
    return t->strides[k];
  return k < 2 ? t->strides[k] : k == 2 ? 0 : t->strides[k - 1];
}

static int size_of(const ttensor *t, int k)
{
  if (t->nb == 5)
    return t->dims[k];
  return k < 2 ? t->dims[k] : k == 2 ? 1 : t->dims[k - 1];
}

/* Is t packed in NCHW (nhwc = 0) or NHWC (nhwc = 1) order? Dimensions of
   size 1 may have any stride. */
static int packed_as(const ttensor *t, int nhwc)
{
  static const int order[2][5] = {{4, 3, 2, 1, 0}, {1, 4, 3, 2, 0}};   /* innermost first */
  int64_t want = 1;
  for (int i = 0; i < 5; i++) {
    int k = order[nhwc][i];
    if (size_of(t, k) > 1 && stride_of(t, k) != want)
      return 0;
    want *= size_of(t, k);
  }
  return 1;
}

typedef struct {
  int nsp;                          /* spatial dims: 2 or 3 */
  int n, c, in[3];                  /* in = d, h, w (d = 1 for 2-D) */
  int win[3], pad[3], str[3];
} pcase;

static void out_dims(const pcase *p, int out[3])
{
  for (int k = 0; k < 3; k++)
    out[k] = 1 + (p->in[k] + 2 * p->pad[k] - p->win[k]) / p->str[k];
}

static litdnnPoolingDescriptor_t make_pool(const pcase *p, litdnnPoolingMode_t mode,
                                           litdnnNanPropagation_t nan)
{
  litdnnPoolingDescriptor_t d;
  cr_assert_eq(litdnnCreatePoolingDescriptor(&d), LITDNN_STATUS_SUCCESS);
  int f = 3 - p->nsp;
  cr_assert_eq(litdnnSetPoolingNdDescriptor(d, mode, nan, p->nsp, p->win + f, p->pad + f, p->str + f),
               LITDNN_STATUS_SUCCESS, "%s", litdnnGetLastErrorString());
  return d;
}

static void tensors_for(const pcase *p, litdnnTensorFormat_t fmt, ttensor *x, ttensor *y)
{
  int out[3], f = 3 - p->nsp, xd[5] = {p->n, p->c}, yd[5] = {p->n, p->c};
  out_dims(p, out);
  for (int k = 0; k < p->nsp; k++) {
    xd[2 + k] = p->in[f + k];
    yd[2 + k] = out[f + k];
  }
  *x = make_tensor(p->nsp + 2, xd, fmt);
  *y = make_tensor(p->nsp + 2, yd, fmt);
}

/* ---- the reference ---- */
static int is_max(litdnnPoolingMode_t m)
{
  return m == LITDNN_POOLING_MAX || m == LITDNN_POOLING_MAX_DETERMINISTIC;
}

/* pool one window; *arg = offset in x of the winning element (max), or -1 */
static double ref_window(const pcase *p, litdnnPoolingMode_t mode, int nanprop, const float *x,
                         const ttensor *tx, int n, int c, const int o[3], long *arg)
{
  int lo[3], hi[3];
  for (int k = 0; k < 3; k++) {
    int s = o[k] * p->str[k] - p->pad[k];
    lo[k] = s < 0 ? 0 : s;
    hi[k] = s + p->win[k] < p->in[k] ? s + p->win[k] : p->in[k];
  }
  double best = -INFINITY, sum = 0;
  long where = -1;
  for (int d = lo[0]; d < hi[0]; d++)
    for (int h = lo[1]; h < hi[1]; h++)
      for (int w = lo[2]; w < hi[2]; w++) {
        size_t off = toff(tx, n, c, d, h, w);
        double v = x[off];
        sum += v;
        if (isnan(v)) {
          if (nanprop && !isnan(best)) {
            best = v;
            where = (long)off;
          }
        } else if (where < 0 || v > best) {
          if (!isnan(best) || where < 0) {
            best = v;
            where = (long)off;
          }
        }
      }
  if (arg)
    *arg = where;
  if (is_max(mode))
    return best;
  double count = mode == LITDNN_POOLING_AVERAGE_COUNT_INCLUDE_PADDING
                     ? (double)p->win[0] * p->win[1] * p->win[2]
                     : (double)(hi[0] - lo[0]) * (hi[1] - lo[1]) * (hi[2] - lo[2]);
  return sum / count;
}

static double *ref_forward(const pcase *p, litdnnPoolingMode_t mode, int nanprop, const float *x,
                           const ttensor *tx, const ttensor *ty, double alpha, double beta,
                           const float *y0)
{
  int out[3];
  out_dims(p, out);
  double *r = calloc(ty->count, sizeof *r);
  for (int n = 0; n < p->n; n++)
    for (int c = 0; c < p->c; c++)
      for (int od = 0; od < out[0]; od++)
        for (int oh = 0; oh < out[1]; oh++)
          for (int ow = 0; ow < out[2]; ow++) {
            int o[3] = {od, oh, ow};
            size_t off = toff(ty, n, c, od, oh, ow);
            double v = ref_window(p, mode, nanprop, x, tx, n, c, o, NULL);
            r[off] = alpha * v + (beta != 0 ? beta * y0[off] : 0.0);
          }
  return r;
}

static double *ref_backward(const pcase *p, litdnnPoolingMode_t mode, int nanprop, const float *x,
                            const ttensor *tx, const float *dy, const ttensor *ty, double alpha,
                            double beta, const float *dx0)
{
  int out[3];
  out_dims(p, out);
  double *g = calloc(tx->count, sizeof *g), *r = calloc(tx->count, sizeof *r);
  for (int n = 0; n < p->n; n++)
    for (int c = 0; c < p->c; c++)
      for (int od = 0; od < out[0]; od++)
        for (int oh = 0; oh < out[1]; oh++)
          for (int ow = 0; ow < out[2]; ow++) {
            int o[3] = {od, oh, ow};
            double gy = dy[toff(ty, n, c, od, oh, ow)];
            long arg;
            ref_window(p, mode, nanprop, x, tx, n, c, o, &arg);
            if (is_max(mode)) {
              if (arg >= 0)
                g[arg] += gy;
              continue;
            }
            int lo[3], hi[3];
            for (int k = 0; k < 3; k++) {
              int s = o[k] * p->str[k] - p->pad[k];
              lo[k] = s < 0 ? 0 : s;
              hi[k] = s + p->win[k] < p->in[k] ? s + p->win[k] : p->in[k];
            }
            double count = mode == LITDNN_POOLING_AVERAGE_COUNT_INCLUDE_PADDING
                               ? (double)p->win[0] * p->win[1] * p->win[2]
                               : (double)(hi[0] - lo[0]) * (hi[1] - lo[1]) * (hi[2] - lo[2]);
            for (int d = lo[0]; d < hi[0]; d++)
              for (int h = lo[1]; h < hi[1]; h++)
                for (int w = lo[2]; w < hi[2]; w++)
                  g[toff(tx, n, c, d, h, w)] += gy / count;
          }
  for (size_t i = 0; i < tx->count; i++)
    r[i] = alpha * g[i] + (beta != 0 ? beta * dx0[i] : 0.0);
  free(g);
  return r;
}

/* ---- which problems a stage takes ---- */
/* The conditions of the specialised stages, written out again from the
   chapter's descriptions for the small, packed, 16-byte aligned tensors
   of these tests (so the limits on 32-bit indices and on shared memory
   never bind). A pinned stage must run every problem for which this says
   yes, and refuse every other one. */
static int two_d(const pcase *p) { return p->nsp == 2; }

static int window_is(const pcase *p, int win, int str)
{
  return two_d(p) && p->win[1] == win && p->win[2] == win && p->str[1] == str && p->str[2] == str;
}

/* the library's channels_last: C > 1 and x's channels innermost */
static int channels_last(const pcase *p, const ttensor *tx)
{
  return p->c > 1 && stride_of(tx, 1) == 1;
}

static int global_window(const pcase *p)
{
  int out[3];
  out_dims(p, out);
  return two_d(p) && out[1] == 1 && out[2] == 1 && p->win[1] - p->pad[1] >= p->in[1] &&
         p->win[2] - p->pad[2] >= p->in[2];
}

static int stage_takes(const char *stage, int backward, const pcase *p, litdnnPoolingMode_t mode,
                       const ttensor *tx, const ttensor *ty)
{
  int nchw = packed_as(tx, 0) && packed_as(ty, 0), nhwc = packed_as(tx, 1) && packed_as(ty, 1);
  int pad01 = p->pad[1] <= 1 && p->pad[2] <= 1, nopad = p->pad[1] == 0 && p->pad[2] == 0;
  if (!backward) {
    if (!strcmp(stage, "k2s2-vec4"))
      return window_is(p, 2, 2) && nopad && p->in[2] % 8 == 0 && nchw && !tx->misaligned && !ty->misaligned;
    if (!strcmp(stage, "nhwc-vec4"))
      return p->c % 4 == 0 && nhwc && !tx->misaligned && !ty->misaligned;
    if (!strcmp(stage, "k3s2-x4"))
      return window_is(p, 3, 2) && pad01 && stride_of(tx, 4) == 1 && !channels_last(p, tx);
    if (!strcmp(stage, "nhwc-k3"))
      return two_d(p) && p->win[1] == 3 && p->win[2] == 3 && p->c % 4 == 0 && nhwc && !tx->misaligned &&
             !ty->misaligned;
    if (!strcmp(stage, "global"))
      return global_window(p);
    if (!strcmp(stage, "global-vec4"))
      return global_window(p) && !tx->misaligned &&
             (channels_last(p, tx) ? p->c % 4 == 0 && packed_as(tx, 1)
                                   : p->in[1] * p->in[2] <= 2048 && packed_as(tx, 0));
    return 1;   /* cpu, naive, rows */
  }
  if (!strcmp(stage, "scatter"))
    return mode != LITDNN_POOLING_MAX_DETERMINISTIC;
  if (!strcmp(stage, "argmax-gather"))
    return is_max(mode);
  if (!strcmp(stage, "disjoint")) {
    for (int k = 0; k < 3; k++)
      if (p->str[k] != p->win[k] || p->pad[k] != 0 || p->in[k] % p->win[k] != 0)
        return 0;
    return 1;
  }
  if (!strcmp(stage, "k2s2-vec4"))
    return window_is(p, 2, 2) && nopad && p->in[2] % 8 == 0 && p->in[1] % 2 == 0 && nchw;
  if (!strcmp(stage, "tile") || !strcmp(stage, "plane-y"))
    return two_d(p);
  if (!strcmp(stage, "global"))
    return global_window(p);
  if (!strcmp(stage, "staged"))
    return window_is(p, 3, 2) && is_max(mode) && !channels_last(p, tx);
  if (!strcmp(stage, "k3s2-cell")) {
    /* x, dy and dx share their layout here: all with the channels
       innermost, or all with contiguous rows */
    int cl = p->c > 1 && stride_of(tx, 1) == 1 && stride_of(ty, 1) == 1;
    return window_is(p, 3, 2) && pad01 && (cl || (stride_of(tx, 4) == 1 && stride_of(ty, 4) == 1));
  }
  return 1;   /* cpu, gather, compare-y */
}

/* ---- running one stage ---- */
static const litdnnPoolingMode_t modes[4] = {
  LITDNN_POOLING_MAX, LITDNN_POOLING_AVERAGE_COUNT_INCLUDE_PADDING,
  LITDNN_POOLING_AVERAGE_COUNT_EXCLUDE_PADDING, LITDNN_POOLING_MAX_DETERMINISTIC};
static const char *const mode_names[4] = {"max", "avg-incl", "avg-excl", "max-det"};
static const float blends[2][2] = {{1.0f, 0.0f}, {0.5f, -1.5f}};

/* After the call s of case c on one problem, with msg the library's
   message (read at once: the next call clears it): a stage that takes the
   problem (or the handle's own choice) must have run, and got must match
   ref to rtol/atol; one that does not must have refused it, naming
   itself, and left the output as it was (before). */
static void check_result(const t_case *c, litdnnStatus_t s, const char *msg, int takes, const float *got,
                         const double *ref, const float *before, size_t n, double rtol, double atol,
                         const char *what)
{
  if (c->stage == LITDNN_STAGE_AUTOMATIC || takes) {
    cr_assert_eq(s, LITDNN_STATUS_SUCCESS, "%s: %s: %s%s", what, litdnnGetErrorString(s), msg,
                 c->stage == LITDNN_STAGE_AUTOMATIC ? "" : " (a problem the stage takes)");
    t_assert_close(got, ref, n, rtol, atol, what);
    return;
  }
  cr_assert(s == LITDNN_STATUS_NOT_SUPPORTED && strstr(msg, t_case_stage(c)) && strstr(msg, "does not apply"),
            "%s: returned %s, expected LITDNN_STATUS_NOT_SUPPORTED naming the stage (message: %s)", what,
            litdnnGetErrorString(s), msg);
  t_assert_close_f(got, before, n, 0, 0, what);   /* untouched */
}

/* Forward in case c (its stage and backend) for one problem, mode, layout
   and blend; x is the input, or NULL for a random one. Returns 1 if the
   stage ran. */
static int check_forward(const t_case *c, const pcase *p, litdnnPoolingMode_t mode, litdnnNanPropagation_t nan,
                         litdnnTensorFormat_t fmt, float alpha, float beta, const float *xin, const char *label)
{
  ttensor tx, ty;
  tensors_for(p, fmt, &tx, &ty);
  float *x = xin ? (float *)xin : t_random(tx.count, -2.0f, 2.0f);
  float *y0 = t_random(ty.count, -1.0f, 1.0f);
  if (beta == 0)
    t_poison(y0, ty.count);   /* beta = 0: y is not read, and NaN in it must not leak */
  double *ref = ref_forward(p, mode, nan == LITDNN_PROPAGATE_NAN, x, &tx, &ty, alpha, beta, y0);
  litdnnPoolingDescriptor_t pd = make_pool(p, mode, nan);
  litdnnHandle_t h = t_case_handle(c);
  void *d_x = t_dev_from_host(h, x, tx.count), *d_y = t_dev_from_host(h, y0, ty.count);
  tx.misaligned = (uintptr_t)d_x % 16 != 0, ty.misaligned = (uintptr_t)d_y % 16 != 0;
  litdnnStatus_t s = litdnnPoolingForward(h, pd, &alpha, tx.desc, d_x, &beta, ty.desc, d_y);
  char msg[512];
  snprintf(msg, sizeof msg, "%s", litdnnGetLastErrorString());
  int takes = stage_takes(t_case_stage(c), 0, p, mode, &tx, &ty);
  float *got = t_dev_fetch(h, d_y, ty.count);
  char what[384];
  snprintf(what, sizeof what, "%s: %s: %s %s %s alpha %g beta %g", t_case_name(c), label, mode_names[mode],
           nan ? "nan-prop" : "nan-skip", fmt == LITDNN_TENSOR_NHWC ? "NHWC" : "NCHW", alpha, beta);
  /* a window of nothing but skipped NaNs is -inf (scaled): equal infinities match */
  if (s == LITDNN_STATUS_SUCCESS)
    for (size_t k = 0; k < ty.count; k++)
      if (isinf(ref[k]) && got[k] == (float)ref[k])
        ref[k] = got[k] = 0;
  check_result(c, s, msg, takes, got, ref, y0, ty.count, 1e-5, 1e-6, what);
  free(got);
  t_dev_free(h, d_x);
  t_dev_free(h, d_y);
  litdnnDestroy(h);
  litdnnDestroyPoolingDescriptor(pd);
  litdnnDestroyTensorDescriptor(tx.desc);
  litdnnDestroyTensorDescriptor(ty.desc);
  if (!xin)
    free(x);
  free(y0);
  free(ref);
  return s == LITDNN_STATUS_SUCCESS;
}

/* An element of dx is a float sum of up to k = prod ceil(win / stride)
   terms alpha dy (|dy| <= 1) and beta dx0 (|dx0| <= 1): each of its k + 1
   additions may round by half an ulp of a partial sum of at most
   k |alpha| + |beta|. With cancellation the result can be far smaller
   than its terms, so the bound is absolute (never below 1e-6). */
static double backward_atol(const pcase *p, float alpha, float beta)
{
  int k = 1;
  for (int i = 0; i < 3; i++)
    k *= (p->win[i] + p->str[i] - 1) / (p->str[i] > 0 ? p->str[i] : 1);
  double bound = (k + 1) * ldexp(1.0, -24) * (k * fabs(alpha) + fabs(beta));
  return bound > 1e-6 ? bound : 1e-6;
}

/* Backward in case c; y is the forward output of x, as the API requires
   (the compare stages read it). Returns 1 if the stage ran. */
static int check_backward(const t_case *c, const pcase *p, litdnnPoolingMode_t mode, litdnnNanPropagation_t nan,
                          litdnnTensorFormat_t fmt, float alpha, float beta, const float *xin, const char *label)
{
  ttensor tx, ty;
  tensors_for(p, fmt, &tx, &ty);
  float *x = xin ? (float *)xin : t_random(tx.count, -2.0f, 2.0f);
  float *dy = t_random(ty.count, -1.0f, 1.0f);
  float *dx0 = t_random(tx.count, -1.0f, 1.0f);
  if (beta == 0)
    t_poison(dx0, tx.count);
  double *yref = ref_forward(p, mode, nan == LITDNN_PROPAGATE_NAN, x, &tx, &ty, 1, 0, NULL);
  float *y = malloc(ty.count * sizeof *y);
  for (size_t k = 0; k < ty.count; k++)
    y[k] = (float)yref[k];
  free(yref);
  double *ref = ref_backward(p, mode, nan == LITDNN_PROPAGATE_NAN, x, &tx, dy, &ty, alpha, beta, dx0);
  litdnnPoolingDescriptor_t pd = make_pool(p, mode, nan);
  litdnnHandle_t h = t_case_handle(c);
  void *d_x = t_dev_from_host(h, x, tx.count), *d_y = t_dev_from_host(h, y, ty.count);
  void *d_dy = t_dev_from_host(h, dy, ty.count), *d_dx = t_dev_from_host(h, dx0, tx.count);
  tx.misaligned = (uintptr_t)d_x % 16 != 0, ty.misaligned = (uintptr_t)d_y % 16 != 0;
  litdnnStatus_t s = litdnnPoolingBackward(h, pd, &alpha, ty.desc, d_y, ty.desc, d_dy, tx.desc, d_x,
                                           &beta, tx.desc, d_dx);
  char msg[512];
  snprintf(msg, sizeof msg, "%s", litdnnGetLastErrorString());
  int takes = stage_takes(t_case_stage(c), 1, p, mode, &tx, &ty);
  float *got = t_dev_fetch(h, d_dx, tx.count);
  char what[384];
  snprintf(what, sizeof what, "%s: %s: backward %s %s %s alpha %g beta %g", t_case_name(c), label,
           mode_names[mode], nan ? "nan-prop" : "nan-skip", fmt == LITDNN_TENSOR_NHWC ? "NHWC" : "NCHW",
           alpha, beta);
  /* atomics and float sums of up to a few terms: a few ulps */
  check_result(c, s, msg, takes, got, ref, dx0, tx.count, 1e-5, backward_atol(p, alpha, beta), what);
  free(got);
  t_dev_free(h, d_x);
  t_dev_free(h, d_y);
  t_dev_free(h, d_dy);
  t_dev_free(h, d_dx);
  litdnnDestroy(h);
  litdnnDestroyPoolingDescriptor(pd);
  litdnnDestroyTensorDescriptor(tx.desc);
  litdnnDestroyTensorDescriptor(ty.desc);
  if (!xin)
    free(x);
  free(dy);
  free(dx0);
  free(y);
  free(ref);
  return s == LITDNN_STATUS_SUCCESS;
}

/* ---- the problems ---- */
/* Shapes: odd sizes, a window larger than the input (with padding),
   stride larger than the window, batch 1, C = 1, and shapes the vector
   stages accept (W a multiple of 8, C a multiple of 4); the last two are
   three-dimensional windows. */
static const pcase cases[] = {
  {2, 1, 1, {1, 5, 5}, {1, 2, 2}, {0, 0, 0}, {1, 2, 2}},
  {2, 2, 3, {1, 7, 9}, {1, 3, 3}, {0, 1, 1}, {1, 2, 2}},
  {2, 1, 2, {1, 3, 3}, {1, 5, 5}, {0, 2, 2}, {1, 1, 1}},
  {2, 2, 1, {1, 11, 10}, {1, 2, 3}, {0, 0, 1}, {1, 4, 3}},
  {2, 1, 4, {1, 6, 16}, {1, 2, 2}, {0, 0, 0}, {1, 2, 2}},
  {2, 2, 8, {1, 6, 8}, {1, 3, 3}, {0, 1, 1}, {1, 2, 2}},
  {2, 1, 3, {1, 5, 20}, {1, 3, 3}, {0, 0, 0}, {1, 2, 2}},    /* 3x3/2 forward: 16-byte rows, a tail of 1 */
  {2, 1, 2, {1, 4, 12}, {1, 3, 3}, {0, 1, 0}, {1, 2, 2}},    /* padding in one direction only */
  {2, 1, 1, {1, 1, 1}, {1, 1, 1}, {0, 0, 0}, {1, 1, 1}},
  /* the tile stage: NCHW tiles of 26 x 44 that divide neither 51 nor 131; NHWC runs of 32
     channels that do not divide 37, and a 7x7 stride-1 window that shrinks the tile */
  {2, 1, 2, {1, 37, 70}, {1, 3, 3}, {0, 1, 1}, {1, 2, 2}},
  {2, 1, 1, {1, 51, 131}, {1, 3, 3}, {0, 1, 1}, {1, 2, 2}},
  {2, 2, 37, {1, 11, 10}, {1, 3, 3}, {0, 1, 1}, {1, 2, 2}},
  {2, 1, 33, {1, 12, 13}, {1, 7, 7}, {0, 3, 3}, {1, 1, 1}},
  {2, 2, 3, {1, 7, 7}, {1, 7, 7}, {0, 0, 0}, {1, 1, 1}},     /* a global pool */
  {2, 2, 40, {1, 6, 6}, {1, 7, 7}, {0, 1, 1}, {1, 2, 2}},   /* a global pool with padding */
  /* global-vec4: 165 planes of 49 in NCHW (164 per block: the last block holds one plane,
     12 16-byte loads and one single float); 5 x 36 channels in NHWC (45 groups of four,
     not a multiple of the 32 per block, images meeting inside a block); odd planes of 15
     and 143; 60 planes of 144 (56 per block: a tail of 4) */
  {2, 3, 55, {1, 7, 7}, {1, 7, 7}, {0, 0, 0}, {1, 1, 1}},
  {2, 5, 36, {1, 7, 7}, {1, 7, 7}, {0, 0, 0}, {1, 1, 1}},
  {2, 3, 12, {1, 5, 3}, {1, 5, 3}, {0, 0, 0}, {1, 1, 1}},
  {2, 2, 8, {1, 11, 13}, {1, 11, 13}, {0, 0, 0}, {1, 1, 1}},
  {2, 2, 30, {1, 12, 12}, {1, 12, 12}, {0, 0, 0}, {1, 1, 1}},
  /* three-dimensional windows */
  {3, 2, 3, {4, 5, 6}, {2, 3, 2}, {1, 1, 0}, {2, 2, 2}},
  {3, 1, 4, {4, 4, 8}, {2, 2, 2}, {0, 0, 0}, {2, 2, 2}},
};
#define NCASES ((int)(sizeof cases / sizeof cases[0]))
#define NCASES2D (NCASES - 2)

static const char *case_label(int i)
{
  static char label[32];
  snprintf(label, sizeof label, "%s %d", cases[i].nsp == 3 ? "3-D case" : "case", i);
  return label;
}

/* ---- every stage, every mode, layout and blend ---- */
ParameterizedTestParameters(pooling, forward_every_stage_mode_layout_and_blend)
{
  return t_cases(LITDNN_OP_POOLING_FORWARD, NCASES);
}
ParameterizedTest(t_case *c, pooling, forward_every_stage_mode_layout_and_blend)
{
  for (int m = 0; m < 4; m++)
    for (int f = 0; f < 2; f++)
      for (int b = 0; b < 2; b++)
        check_forward(c, &cases[c->problem], modes[m], LITDNN_NOT_PROPAGATE_NAN, (litdnnTensorFormat_t)f,
                      blends[b][0], blends[b][1], NULL, case_label(c->problem));
}

ParameterizedTestParameters(pooling, backward_every_stage_mode_layout_and_blend)
{
  return t_cases(LITDNN_OP_POOLING_BACKWARD, NCASES);
}
ParameterizedTest(t_case *c, pooling, backward_every_stage_mode_layout_and_blend)
{
  for (int m = 0; m < 4; m++)
    for (int f = 0; f < 2; f++)
      for (int b = 0; b < 2; b++)
        check_backward(c, &cases[c->problem], modes[m], LITDNN_NOT_PROPAGATE_NAN, (litdnnTensorFormat_t)f,
                       blends[b][0], blends[b][1], NULL, case_label(c->problem));
}

/* Coverage: every stage takes at least one problem of its family, so no
   stage passes its cases by refusing all of them. */
Test(pooling, every_stage_takes_some_problem)
{
  for (int backward = 0; backward < 2; backward++) {
    litdnnOp_t op = backward ? LITDNN_OP_POOLING_BACKWARD : LITDNN_OP_POOLING_FORWARD;
    int count = 0;
    litdnnGetStageCount(op, &count);
    for (int st = 0; st < count; st++) {
      const char *name;
      litdnnGetStageInfo(op, st, &name, NULL, NULL);
      int takes = 0;
      for (int i = 0; i < NCASES; i++)
        for (int m = 0; m < 4; m++)
          for (int f = 0; f < 2; f++) {
            ttensor tx, ty;
            tensors_for(&cases[i], (litdnnTensorFormat_t)f, &tx, &ty);
            takes += stage_takes(name, backward, &cases[i], modes[m], &tx, &ty);
            litdnnDestroyTensorDescriptor(tx.desc);
            litdnnDestroyTensorDescriptor(ty.desc);
          }
      cr_expect(takes > 0, "%s stage %d '%s' takes none of the problems", litdnnGetOpName(op), st, name);
    }
  }
}

/* Small integers tie often: the first maximum in scan order must win in
   every stage, forward and backward. */
static float *small_integers(const pcase *p, size_t *count)
{
  *count = (size_t)p->n * p->c * p->in[1] * p->in[2];
  float *x = malloc(*count * sizeof *x);
  for (size_t k = 0; k < *count; k++)
    x[k] = (float)t_rand_int(0, 2);
  return x;
}

ParameterizedTestParameters(pooling, forward_ties_go_to_the_first_maximum)
{
  return t_cases(LITDNN_OP_POOLING_FORWARD, NCASES2D);
}
ParameterizedTest(t_case *c, pooling, forward_ties_go_to_the_first_maximum)
{
  size_t n;
  float *x = small_integers(&cases[c->problem], &n);
  for (int f = 0; f < 2; f++)
    check_forward(c, &cases[c->problem], LITDNN_POOLING_MAX, LITDNN_NOT_PROPAGATE_NAN, (litdnnTensorFormat_t)f, 1,
                  0, x, "ties");
  free(x);
}

ParameterizedTestParameters(pooling, backward_ties_go_to_the_first_maximum)
{
  return t_cases(LITDNN_OP_POOLING_BACKWARD, NCASES2D);
}
ParameterizedTest(t_case *c, pooling, backward_ties_go_to_the_first_maximum)
{
  size_t n;
  float *x = small_integers(&cases[c->problem], &n);
  for (int f = 0; f < 2; f++)
    check_backward(c, &cases[c->problem], LITDNN_POOLING_MAX_DETERMINISTIC, LITDNN_NOT_PROPAGATE_NAN,
                   (litdnnTensorFormat_t)f, 1, 0, x, "ties");
  free(x);
}

/* NaN at every third element, with propagation on and off */
static float *with_nans(const pcase *p)
{
  size_t n = (size_t)p->n * p->c * p->in[1] * p->in[2];
  float *x = t_random(n, -2.0f, 2.0f);
  for (size_t k = 0; k < n; k += 3)
    x[k] = NAN;
  return x;
}

ParameterizedTestParameters(pooling, forward_nan_propagation_on_and_off)
{
  return t_cases(LITDNN_OP_POOLING_FORWARD, NCASES2D);
}
ParameterizedTest(t_case *c, pooling, forward_nan_propagation_on_and_off)
{
  float *x = with_nans(&cases[c->problem]);
  for (int nan = 0; nan < 2; nan++)
    for (int f = 0; f < 2; f++)
      check_forward(c, &cases[c->problem], LITDNN_POOLING_MAX, (litdnnNanPropagation_t)nan,
                    (litdnnTensorFormat_t)f, 1, 0, x, "nan");
  free(x);
}

ParameterizedTestParameters(pooling, backward_nan_propagation_on_and_off)
{
  return t_cases(LITDNN_OP_POOLING_BACKWARD, NCASES2D);
}
ParameterizedTest(t_case *c, pooling, backward_nan_propagation_on_and_off)
{
  float *x = with_nans(&cases[c->problem]);
  for (int nan = 0; nan < 2; nan++)
    for (int f = 0; f < 2; f++)
      check_backward(c, &cases[c->problem], LITDNN_POOLING_MAX_DETERMINISTIC, (litdnnNanPropagation_t)nan,
                     (litdnnTensorFormat_t)f, 1, 0, x, "nan");
  free(x);
}

/* Central differences of L(x) = sum(dy * pool(x)) against the gradient of
   every backward stage. For max pooling the values are distinct and at
   least 0.01 apart, so a step of 1e-3 never changes a window's winner. */
static const pcase fd_cases[] = {
  {2, 2, 2, {1, 6, 7}, {1, 3, 3}, {0, 1, 1}, {1, 2, 2}},
  {2, 1, 4, {1, 4, 8}, {1, 2, 2}, {0, 0, 0}, {1, 2, 2}},
};

ParameterizedTestParameters(pooling, backward_matches_finite_differences)
{
  return t_cases(LITDNN_OP_POOLING_BACKWARD, 2);
}
ParameterizedTest(t_case *c, pooling, backward_matches_finite_differences)
{
  const pcase *p = &fd_cases[c->problem];
  for (int m = 0; m < 4; m++) {
    ttensor tx, ty;
    tensors_for(p, LITDNN_TENSOR_NCHW, &tx, &ty);
    float *x = malloc(tx.count * sizeof *x);
    for (size_t k = 0; k < tx.count; k++)   /* a shuffled ramp: distinct values */
      x[k] = 0.01f * (float)((k * 7919) % tx.count) - 0.3f;
    float *dy = t_random(ty.count, -1.0f, 1.0f);
    double *num = malloc(tx.count * sizeof *num);
    const double eps = 1e-3;
    for (size_t k = 0; k < tx.count; k++) {
      float keep = x[k];
      double l[2];
      for (int sgn = 0; sgn < 2; sgn++) {
        x[k] = (float)(keep + (sgn ? -eps : eps));
        double *y = ref_forward(p, modes[m], 0, x, &tx, &ty, 1, 0, NULL);
        l[sgn] = 0;
        for (size_t j = 0; j < ty.count; j++)
          l[sgn] += dy[j] * y[j];
        free(y);
      }
      x[k] = keep;
      num[k] = (l[0] - l[1]) / (2 * eps);
    }
    litdnnPoolingDescriptor_t pd = make_pool(p, modes[m], LITDNN_NOT_PROPAGATE_NAN);
    double *yd = ref_forward(p, modes[m], 0, x, &tx, &ty, 1, 0, NULL);
    float *yf = malloc(ty.count * sizeof *yf), *before = malloc(tx.count * sizeof *before);
    for (size_t k = 0; k < ty.count; k++)
      yf[k] = (float)yd[k];
    free(yd);
    t_poison(before, tx.count);
    litdnnHandle_t h = t_case_handle(c);
    void *d_x = t_dev_from_host(h, x, tx.count), *d_dy = t_dev_from_host(h, dy, ty.count);
    void *d_y = t_dev_from_host(h, yf, ty.count);
    void *d_dx = t_dev_poisoned(h, tx.count);
    float one = 1, zero = 0;
    litdnnStatus_t s = litdnnPoolingBackward(h, pd, &one, ty.desc, d_y, ty.desc, d_dy, tx.desc, d_x, &zero,
                                             tx.desc, d_dx);
    char msg[512], what[256];
    snprintf(msg, sizeof msg, "%s", litdnnGetLastErrorString());
    snprintf(what, sizeof what, "%s: finite differences, %s", t_case_name(c), mode_names[m]);
    float *got = t_dev_fetch(h, d_dx, tx.count);
    /* x is stored in float: the step is 1e-3 only to within 1e-7 */
    check_result(c, s, msg, stage_takes(t_case_stage(c), 1, p, modes[m], &tx, &ty), got, num, before,
                 tx.count, 1e-3, 1e-3, what);
    free(got);
    t_dev_free(h, d_x);
    t_dev_free(h, d_y);
    t_dev_free(h, d_dy);
    t_dev_free(h, d_dx);
    litdnnDestroy(h);
    free(yf);
    free(before);
    litdnnDestroyPoolingDescriptor(pd);
    litdnnDestroyTensorDescriptor(tx.desc);
    litdnnDestroyTensorDescriptor(ty.desc);
    free(x);
    free(dy);
    free(num);
  }
}

/* ---- stages chosen by name ---- */
static int stage_named(litdnnOp_t op, const char *name)
{
  int s = -1;
  cr_assert_eq(litdnnGetStageByName(op, name, &s), LITDNN_STATUS_SUCCESS, "%s", litdnnGetLastErrorString());
  return s;
}

static int only_scatter(litdnnOp_t op, int stage)
{
  return stage >= 0 && stage == stage_named(op, "scatter");
}

static int only_k3s2_cell(litdnnOp_t op, int stage)
{
  return stage >= 0 && stage == stage_named(op, "k3s2-cell");
}

static int automatic_only(litdnnOp_t op, int stage)
{
  (void)op;
  return stage == LITDNN_STAGE_AUTOMATIC;
}

ParameterizedTestParameters(pooling, the_scatter_stage_refuses_the_deterministic_mode)
{
  return t_cases_if(LITDNN_OP_POOLING_BACKWARD, 1, only_scatter);
}
ParameterizedTest(t_case *c, pooling, the_scatter_stage_refuses_the_deterministic_mode)
{
  const pcase *p = &cases[1];
  ttensor tx, ty;
  tensors_for(p, LITDNN_TENSOR_NCHW, &tx, &ty);
  litdnnHandle_t h = t_case_handle(c);
  litdnnPoolingDescriptor_t pd = make_pool(p, LITDNN_POOLING_MAX_DETERMINISTIC, LITDNN_NOT_PROPAGATE_NAN);
  float *host = t_random(tx.count, -1, 1);
  void *d_x = t_dev_from_host(h, host, tx.count), *d_dy = t_dev_from_host(h, host, ty.count);
  void *d_dx = t_dev_from_host(h, host, tx.count);
  float one = 1, zero = 0;
  t_assert_status(litdnnPoolingBackward(h, pd, &one, ty.desc, d_dy, ty.desc, d_dy, tx.desc, d_x, &zero,
                                        tx.desc, d_dx),
                  LITDNN_STATUS_NOT_SUPPORTED, "DETERMINISTIC", "scatter with max-det");
  float *got = t_dev_fetch(h, d_dx, tx.count);
  t_assert_close_f(got, host, tx.count, 0, 0, "dx untouched after a refusal");
  free(got);
  free(host);
  t_dev_free(h, d_x);
  t_dev_free(h, d_dy);
  t_dev_free(h, d_dx);
  litdnnDestroyPoolingDescriptor(pd);
  litdnnDestroyTensorDescriptor(tx.desc);
  litdnnDestroyTensorDescriptor(ty.desc);
  litdnnDestroy(h);
}

/* ---- descriptors and the output size ---- */
Test(pooling, descriptor_set_and_get)
{
  litdnnPoolingDescriptor_t d;
  litdnnCreatePoolingDescriptor(&d);
  cr_assert_eq(litdnnSetPooling2dDescriptor(d, LITDNN_POOLING_AVERAGE_COUNT_EXCLUDE_PADDING,
                                            LITDNN_PROPAGATE_NAN, 3, 2, 1, 0, 2, 1),
               LITDNN_STATUS_SUCCESS);
  litdnnPoolingMode_t m;
  litdnnNanPropagation_t nan;
  int v[6];
  cr_assert_eq(litdnnGetPooling2dDescriptor(d, &m, &nan, &v[0], &v[1], &v[2], &v[3], &v[4], &v[5]),
               LITDNN_STATUS_SUCCESS);
  cr_assert_eq(m, LITDNN_POOLING_AVERAGE_COUNT_EXCLUDE_PADDING);
  cr_assert_eq(nan, LITDNN_PROPAGATE_NAN);
  int want[6] = {3, 2, 1, 0, 2, 1};
  for (int i = 0; i < 6; i++)
    cr_assert_eq(v[i], want[i]);
  int win[3] = {2, 3, 4}, pad[3] = {1, 0, 2}, str[3] = {1, 2, 3}, nb, gw[3], gp[3], gs[3];
  cr_assert_eq(litdnnSetPoolingNdDescriptor(d, LITDNN_POOLING_MAX, LITDNN_NOT_PROPAGATE_NAN, 3, win, pad, str),
               LITDNN_STATUS_SUCCESS);
  cr_assert_eq(litdnnGetPoolingNdDescriptor(d, 3, &m, &nan, &nb, gw, gp, gs), LITDNN_STATUS_SUCCESS);
  cr_assert_eq(nb, 3);
  for (int i = 0; i < 3; i++)
    cr_assert(gw[i] == win[i] && gp[i] == pad[i] && gs[i] == str[i]);
  t_assert_status(litdnnGetPooling2dDescriptor(d, &m, &nan, &v[0], &v[1], &v[2], &v[3], &v[4], &v[5]),
                  LITDNN_STATUS_BAD_PARAM_SHAPE_MISMATCH, "not 2", "2-D get of a 3-D descriptor");
  litdnnDestroyPoolingDescriptor(d);
}

Test(pooling, output_dimensions)
{
  litdnnPoolingDescriptor_t d;
  litdnnTensorDescriptor_t x;
  litdnnCreatePoolingDescriptor(&d);
  litdnnCreateTensorDescriptor(&x);
  litdnnSetTensor4dDescriptor(x, LITDNN_TENSOR_NCHW, LITDNN_DATA_FLOAT, 64, 256, 56, 56);
  int n, c, h, w;
  litdnnSetPooling2dDescriptor(d, LITDNN_POOLING_MAX, LITDNN_NOT_PROPAGATE_NAN, 3, 3, 1, 1, 2, 2);
  cr_assert_eq(litdnnGetPooling2dForwardOutputDim(d, x, &n, &c, &h, &w), LITDNN_STATUS_SUCCESS);
  cr_assert(n == 64 && c == 256 && h == 28 && w == 28, "got %dx%dx%dx%d", n, c, h, w);
  litdnnSetPooling2dDescriptor(d, LITDNN_POOLING_MAX, LITDNN_NOT_PROPAGATE_NAN, 2, 3, 0, 1, 2, 4);
  litdnnSetTensor4dDescriptor(x, LITDNN_TENSOR_NHWC, LITDNN_DATA_FLOAT, 1, 3, 11, 10);
  int dims[4];
  cr_assert_eq(litdnnGetPoolingNdForwardOutputDim(d, x, 4, dims), LITDNN_STATUS_SUCCESS);
  cr_assert(dims[0] == 1 && dims[1] == 3 && dims[2] == 5 && dims[3] == 3, "got %dx%dx%dx%d", dims[0],
            dims[1], dims[2], dims[3]);
  t_assert_status(litdnnGetPoolingNdForwardOutputDim(d, x, 5, dims), LITDNN_STATUS_BAD_PARAM_SHAPE_MISMATCH,
                  "nbDims", "wrong nbDims");
  litdnnDestroyPoolingDescriptor(d);
  litdnnDestroyTensorDescriptor(x);
}

/* ---- bad input: exact status, a message, outputs untouched ---- */
Test(pooling, bad_descriptors)
{
  litdnnPoolingDescriptor_t d;
  litdnnCreatePoolingDescriptor(&d);
  litdnnSetPooling2dDescriptor(d, LITDNN_POOLING_MAX, LITDNN_NOT_PROPAGATE_NAN, 2, 2, 0, 0, 2, 2);
  t_assert_status(litdnnSetPooling2dDescriptor(d, LITDNN_POOLING_MAX, LITDNN_NOT_PROPAGATE_NAN, 0, 2, 0, 0, 1, 1),
                  LITDNN_STATUS_BAD_PARAM_OUT_OF_BOUND, "window height = 0", "zero window");
  t_assert_status(litdnnSetPooling2dDescriptor(d, LITDNN_POOLING_MAX, LITDNN_NOT_PROPAGATE_NAN, 2, 2, 0, 0, 1, -1),
                  LITDNN_STATUS_BAD_PARAM_OUT_OF_BOUND, "stride width = -1", "negative stride");
  t_assert_status(litdnnSetPooling2dDescriptor(d, LITDNN_POOLING_MAX, LITDNN_NOT_PROPAGATE_NAN, 2, 2, -1, 0, 1, 1),
                  LITDNN_STATUS_BAD_PARAM_OUT_OF_BOUND, "padding height = -1", "negative padding");
  t_assert_status(litdnnSetPooling2dDescriptor(d, LITDNN_POOLING_MAX, LITDNN_NOT_PROPAGATE_NAN, 2, 2, 2, 0, 1, 1),
                  LITDNN_STATUS_BAD_PARAM_OUT_OF_BOUND, "smaller than the window", "padding = window");
  t_assert_status(litdnnSetPooling2dDescriptor(d, (litdnnPoolingMode_t)7, LITDNN_NOT_PROPAGATE_NAN, 2, 2, 0, 0, 1, 1),
                  LITDNN_STATUS_BAD_PARAM_OUT_OF_BOUND, "mode = 7", "bad mode");
  t_assert_status(litdnnSetPooling2dDescriptor(d, LITDNN_POOLING_MAX, (litdnnNanPropagation_t)5, 2, 2, 0, 0, 1, 1),
                  LITDNN_STATUS_BAD_PARAM_OUT_OF_BOUND, "maxpoolingNanOpt", "bad nan option");
  int one[4] = {1, 1, 1, 1}, zero[4] = {0, 0, 0, 0};
  t_assert_status(litdnnSetPoolingNdDescriptor(d, LITDNN_POOLING_MAX, LITDNN_NOT_PROPAGATE_NAN, 4, one, zero, one),
                  LITDNN_STATUS_BAD_PARAM_OUT_OF_BOUND, "nbDims = 4", "4 spatial dims");
  t_assert_status(litdnnSetPoolingNdDescriptor(d, LITDNN_POOLING_MAX, LITDNN_NOT_PROPAGATE_NAN, 2, NULL, zero, one),
                  LITDNN_STATUS_BAD_PARAM_NULL_POINTER, "windowDimA", "null window");
  /* the failed sets left the descriptor as it was */
  int wh, sw;
  litdnnGetPooling2dDescriptor(d, NULL, NULL, &wh, NULL, NULL, NULL, NULL, &sw);
  cr_assert(wh == 2 && sw == 2);
  litdnnDestroyPoolingDescriptor(d);
  litdnnPoolingDescriptor_t unset;
  litdnnCreatePoolingDescriptor(&unset);
  int n;
  litdnnTensorDescriptor_t x;
  litdnnCreateTensorDescriptor(&x);
  litdnnSetTensor4dDescriptor(x, LITDNN_TENSOR_NCHW, LITDNN_DATA_FLOAT, 1, 1, 4, 4);
  t_assert_status(litdnnGetPooling2dForwardOutputDim(unset, x, &n, &n, &n, &n),
                  LITDNN_STATUS_BAD_PARAM_NOT_FINALIZED, "never set", "unset descriptor");
  t_assert_status(litdnnGetPooling2dForwardOutputDim(NULL, x, &n, &n, &n, &n),
                  LITDNN_STATUS_BAD_PARAM_NULL_POINTER, "desc is a null pointer", "null descriptor");
  litdnnDestroyPoolingDescriptor(unset);
  litdnnDestroyTensorDescriptor(x);
}

/* on every backend, through the handle's own choice */
ParameterizedTestParameters(pooling, bad_calls_leave_outputs_untouched)
{
  return t_cases_if(LITDNN_OP_POOLING_FORWARD, 1, automatic_only);
}
ParameterizedTest(t_case *c, pooling, bad_calls_leave_outputs_untouched)
{
  litdnnHandle_t h = t_case_handle(c);
  const pcase p = {2, 2, 3, {1, 5, 5}, {1, 2, 2}, {0, 0, 0}, {1, 2, 2}};
  ttensor tx, ty;
  tensors_for(&p, LITDNN_TENSOR_NCHW, &tx, &ty);
  litdnnPoolingDescriptor_t pd = make_pool(&p, LITDNN_POOLING_MAX, LITDNN_NOT_PROPAGATE_NAN);
  float *hx = t_random(tx.count, -1, 1), *hy = t_random(ty.count, -1, 1);
  void *x = t_dev_from_host(h, hx, tx.count), *y = t_dev_from_host(h, hy, ty.count);
  void *dx = t_dev_from_host(h, hx, tx.count);
  float one = 1, zero = 0;
  /* window larger than the padded input */
  litdnnPoolingDescriptor_t big;
  litdnnCreatePoolingDescriptor(&big);
  litdnnSetPooling2dDescriptor(big, LITDNN_POOLING_MAX, LITDNN_NOT_PROPAGATE_NAN, 8, 2, 1, 0, 1, 1);
  t_assert_status(litdnnPoolingForward(h, big, &one, tx.desc, x, &zero, ty.desc, y),
                  LITDNN_STATUS_BAD_PARAM_OUT_OF_BOUND, "window height = 8 is larger than the padded input",
                  "window too big");
  /* mismatched output shape */
  litdnnTensorDescriptor_t wrong;
  litdnnCreateTensorDescriptor(&wrong);
  litdnnSetTensor4dDescriptor(wrong, LITDNN_TENSOR_NCHW, LITDNN_DATA_FLOAT, 2, 3, 3, 2);
  t_assert_status(litdnnPoolingForward(h, pd, &one, tx.desc, x, &zero, wrong, y),
                  LITDNN_STATUS_BAD_PARAM_SHAPE_MISMATCH, "yDesc dimension 2", "wrong y shape");
  litdnnSetTensor4dDescriptor(wrong, LITDNN_TENSOR_NCHW, LITDNN_DATA_FLOAT, 2, 4, 2, 2);
  t_assert_status(litdnnPoolingForward(h, pd, &one, tx.desc, x, &zero, wrong, y),
                  LITDNN_STATUS_BAD_PARAM_SHAPE_MISMATCH, "yDesc dimension 1", "wrong channel count");
  t_assert_status(litdnnPoolingBackward(h, pd, &one, ty.desc, y, wrong, y, tx.desc, x, &zero, tx.desc, dx),
                  LITDNN_STATUS_BAD_PARAM_SHAPE_MISMATCH, "dyDesc", "dy unlike y");
  t_assert_status(litdnnPoolingBackward(h, pd, &one, ty.desc, y, ty.desc, y, tx.desc, x, &zero, ty.desc, dx),
                  LITDNN_STATUS_BAD_PARAM_SHAPE_MISMATCH, "dxDesc", "dx unlike x");
  /* rank: a 3-D pooling on a 4-D tensor */
  litdnnPoolingDescriptor_t p3;
  int w3[3] = {1, 1, 1}, z3[3] = {0, 0, 0};
  litdnnCreatePoolingDescriptor(&p3);
  litdnnSetPoolingNdDescriptor(p3, LITDNN_POOLING_MAX, LITDNN_NOT_PROPAGATE_NAN, 3, w3, z3, w3);
  t_assert_status(litdnnPoolingForward(h, p3, &one, tx.desc, x, &zero, ty.desc, y),
                  LITDNN_STATUS_BAD_PARAM_SHAPE_MISMATCH, "xDesc has 4 dimensions", "rank");
  /* null pointers */
  t_assert_status(litdnnPoolingForward(NULL, pd, &one, tx.desc, x, &zero, ty.desc, y),
                  LITDNN_STATUS_BAD_PARAM_NULL_POINTER, "handle", "null handle");
  t_assert_status(litdnnPoolingForward(h, pd, NULL, tx.desc, x, &zero, ty.desc, y),
                  LITDNN_STATUS_BAD_PARAM_NULL_POINTER, "alpha", "null alpha");
  t_assert_status(litdnnPoolingForward(h, pd, &one, tx.desc, NULL, &zero, ty.desc, y),
                  LITDNN_STATUS_BAD_PARAM_NULL_POINTER, "x", "null x");
  t_assert_status(litdnnPoolingForward(h, pd, &one, NULL, x, &zero, ty.desc, y),
                  LITDNN_STATUS_BAD_PARAM_NULL_POINTER, "xDesc", "null xDesc");
  t_assert_status(litdnnPoolingBackward(h, pd, &one, ty.desc, y, ty.desc, y, tx.desc, x, &zero, tx.desc, NULL),
                  LITDNN_STATUS_BAD_PARAM_NULL_POINTER, "dx", "null dx");
  float *gy = t_dev_fetch(h, y, ty.count), *gdx = t_dev_fetch(h, dx, tx.count);
  t_assert_close_f(gy, hy, ty.count, 0, 0, "y after failing calls");
  t_assert_close_f(gdx, hx, tx.count, 0, 0, "dx after failing calls");
  free(gy);
  free(gdx);
  free(hx);
  free(hy);
  t_dev_free(h, x);
  t_dev_free(h, y);
  t_dev_free(h, dx);
  litdnnDestroyTensorDescriptor(wrong);
  litdnnDestroyTensorDescriptor(tx.desc);
  litdnnDestroyTensorDescriptor(ty.desc);
  litdnnDestroyPoolingDescriptor(big);
  litdnnDestroyPoolingDescriptor(p3);
  litdnnDestroyPoolingDescriptor(pd);
  litdnnDestroy(h);
}

/* The 3x3 stride-2 backward stage: padding 0, 1 and mixed; odd and even
   sizes (a last window that hangs over the edge, a last row or column in
   no window); planes wider than one warp's 31 cells (several runs per
   row) and narrow ones (several planes per warp, a last warp half
   empty); more than 16 rows of cells (several strips); ties, NaNs with
   and without propagation; every mode, both blends, both layouts (in
   NHWC: channels not a multiple of 32, rows of cells not a multiple of
   a thread's four). It must run on every case. */
static const pcase k3s2_cases[] = {
  {2, 2, 3, {1, 7, 9}, {1, 3, 3}, {0, 1, 1}, {1, 2, 2}},
  {2, 1, 2, {1, 8, 8}, {1, 3, 3}, {0, 0, 0}, {1, 2, 2}},     /* last row and column in no window */
  {2, 3, 5, {1, 3, 3}, {1, 3, 3}, {0, 0, 0}, {1, 2, 2}},     /* one window per plane */
  {2, 1, 1, {1, 2, 2}, {1, 3, 3}, {0, 1, 1}, {1, 2, 2}},     /* a plane smaller than a window */
  {2, 2, 3, {1, 1, 1}, {1, 3, 3}, {0, 1, 1}, {1, 2, 2}},     /* one element, the rest padding */
  {2, 1, 2, {1, 1, 6}, {1, 3, 3}, {0, 1, 0}, {1, 2, 2}},     /* a single row */
  {2, 1, 3, {1, 13, 13}, {1, 3, 3}, {0, 0, 0}, {1, 2, 2}},   /* AlexNet pool5's plane, 4 planes a warp */
  {2, 2, 3, {1, 27, 27}, {1, 3, 3}, {0, 0, 0}, {1, 2, 2}},   /* AlexNet pool2's: two a warp */
  {2, 1, 2, {1, 40, 70}, {1, 3, 3}, {0, 1, 0}, {1, 2, 2}},   /* two runs a row, three strips */
  {2, 1, 1, {1, 69, 131}, {1, 3, 3}, {0, 0, 1}, {1, 2, 2}},  /* three runs, odd sizes */
  {2, 2, 2, {1, 35, 62}, {1, 3, 3}, {0, 1, 1}, {1, 2, 2}},   /* 31 cells and a run of one */
  {2, 2, 37, {1, 11, 10}, {1, 3, 3}, {0, 1, 1}, {1, 2, 2}},  /* NHWC: 32 channels and 5 */
  {2, 1, 64, {1, 9, 19}, {1, 3, 3}, {0, 0, 1}, {1, 2, 2}},   /* NHWC: two full runs of channels */
};
#define NK3S2 ((int)(sizeof k3s2_cases / sizeof k3s2_cases[0]))

ParameterizedTestParameters(pooling, the_k3s2_cell_stage_on_3x3_stride_2)
{
  return t_cases_if(LITDNN_OP_POOLING_BACKWARD, NK3S2, only_k3s2_cell);
}
ParameterizedTest(t_case *c, pooling, the_k3s2_cell_stage_on_3x3_stride_2)
{
  const pcase *p = &k3s2_cases[c->problem];
  char label[64];
  snprintf(label, sizeof label, "k3s2 case %d", c->problem);
  for (int m = 0; m < 4; m++)
    for (int f = 0; f < 2; f++)
      for (int b = 0; b < 2; b++)
        cr_assert(check_backward(c, p, modes[m], LITDNN_NOT_PROPAGATE_NAN, (litdnnTensorFormat_t)f,
                                 blends[b][0], blends[b][1], NULL, label),
                  "%s: the stage refused %s %s", label, mode_names[m], f == LITDNN_TENSOR_NHWC ? "NHWC" : "NCHW");
  size_t count = (size_t)p->n * p->c * p->in[1] * p->in[2];
  float *x = malloc(count * sizeof *x);
  for (size_t k = 0; k < count; k++)
    x[k] = (float)t_rand_int(0, 2);
  for (int f = 0; f < 2; f++)
    for (int m = 0; m < 4; m += 3) {   /* both max modes */
      cr_assert(check_backward(c, p, modes[m], LITDNN_NOT_PROPAGATE_NAN, (litdnnTensorFormat_t)f, 1, 0, x,
                               "k3s2 ties"));
      cr_assert(check_backward(c, p, modes[m], LITDNN_NOT_PROPAGATE_NAN, (litdnnTensorFormat_t)f, 0.5f, -1.5f,
                               x, "k3s2 ties"));
    }
  for (size_t k = 0; k < count; k++)
    x[k] = k % 3 == 0 || k % 7 == 0 ? NAN : (float)t_rand_int(-3, 3);
  for (int nan = 0; nan < 2; nan++)
    for (int f = 0; f < 2; f++)
      for (int m = 0; m < 4; m += 3)
        cr_assert(check_backward(c, p, modes[m], (litdnnNanPropagation_t)nan, (litdnnTensorFormat_t)f, 1, 0, x,
                                 "k3s2 nan"));
  free(x);
}

/* k3s2-cell on NCHW views whose rows and planes have gaps (each tensor
   its own), against the CPU reference on the same buffers: every
   element of dx within its span must match, and the gaps must keep
   what they held. */
ParameterizedTestParameters(pooling, the_k3s2_cell_stage_on_strided_rows)
{
  return t_cases_if(LITDNN_OP_POOLING_BACKWARD, 1, only_k3s2_cell);
}
ParameterizedTest(t_case *c, pooling, the_k3s2_cell_stage_on_strided_rows)
{
  enum { N = 2, C = 3, H = 9, W = 11, P = 5, Q = 6 };
  const int xd[4] = {N, C, H, W}, yd[4] = {N, C, P, Q};
  const int xs[4] = {C * 140 + 7, 140, 14, 1};    /* rows of 14, planes of 140 */
  const int ys[4] = {C * 50 + 1, 50, 8, 1};
  const int dxs[4] = {C * 180 + 3, 180, 16, 1};
  size_t xn = (size_t)xs[0] * N, yn = (size_t)ys[0] * N, dxn = (size_t)dxs[0] * N;
  litdnnTensorDescriptor_t tx, ty, tdx;
  litdnnCreateTensorDescriptor(&tx);
  litdnnCreateTensorDescriptor(&ty);
  litdnnCreateTensorDescriptor(&tdx);
  cr_assert_eq(litdnnSetTensorNdDescriptor(tx, LITDNN_DATA_FLOAT, 4, xd, xs), LITDNN_STATUS_SUCCESS);
  cr_assert_eq(litdnnSetTensorNdDescriptor(ty, LITDNN_DATA_FLOAT, 4, yd, ys), LITDNN_STATUS_SUCCESS);
  cr_assert_eq(litdnnSetTensorNdDescriptor(tdx, LITDNN_DATA_FLOAT, 4, xd, dxs), LITDNN_STATUS_SUCCESS);
  const pcase pc = {2, N, C, {1, H, W}, {1, 3, 3}, {0, 1, 1}, {1, 2, 2}};
  float *x = t_random(xn, -2.0f, 2.0f), *dy = t_random(yn, -1.0f, 1.0f), *dx0 = t_random(dxn, -1.0f, 1.0f);
  for (int m = 0; m < 4; m++)
    for (int b = 0; b < 2; b++) {
      litdnnPoolingDescriptor_t pd = make_pool(&pc, modes[m], LITDNN_NOT_PROPAGATE_NAN);
      float alpha = blends[b][0], beta = blends[b][1];
      float *out[2];
      for (int k = 0; k < 2; k++) {
        /* the reference: the CPU backend on the same buffers */
        litdnnHandle_t h = k == 0 ? t_handle(LITDNN_BACKEND_CPU) : t_case_handle(c);
        void *d_x = t_dev_from_host(h, x, xn), *d_dy = t_dev_from_host(h, dy, yn);
        void *d_y = t_dev_from_host(h, dy, yn);   /* k3s2-cell does not read y */
        void *d_dx = t_dev_from_host(h, dx0, dxn);
        cr_assert_eq(litdnnPoolingBackward(h, pd, &alpha, ty, d_y, ty, d_dy, tx, d_x, &beta, tdx, d_dx),
                     LITDNN_STATUS_SUCCESS, "%s: %s", t_case_name(c), litdnnGetLastErrorString());
        out[k] = t_dev_fetch(h, d_dx, dxn);
        t_dev_free(h, d_x);
        t_dev_free(h, d_dy);
        t_dev_free(h, d_y);
        t_dev_free(h, d_dx);
        litdnnDestroy(h);
      }
      char what[192];
      snprintf(what, sizeof what, "%s: strided rows: %s alpha %g beta %g", t_case_name(c), mode_names[m], alpha,
               beta);
      t_assert_close_f(out[1], out[0], dxn, 1e-5, 1e-6, what);
      free(out[0]);
      free(out[1]);
      litdnnDestroyPoolingDescriptor(pd);
    }
  free(x);
  free(dy);
  free(dx0);
  litdnnDestroyTensorDescriptor(tx);
  litdnnDestroyTensorDescriptor(ty);
  litdnnDestroyTensorDescriptor(tdx);
}

/* The handle's choice on a GPU backend, of an op on problem p in every
   mode and both layouts: the stage named want. */
static void expect_choice(const t_case *c, const pcase *p, const char *want)
{
  litdnnOp_t op = (litdnnOp_t)c->op;
  int wanted = stage_named(op, want);
  litdnnHandle_t h = t_case_handle(c);
  for (int m = 0; m < 4; m++)
    for (int f = 0; f < 2; f++) {
      ttensor tx, ty;
      tensors_for(p, (litdnnTensorFormat_t)f, &tx, &ty);
      litdnnPoolingDescriptor_t pd = make_pool(p, modes[m], LITDNN_NOT_PROPAGATE_NAN);
      float *host = t_random(tx.count, -1, 1);
      void *x = t_dev_from_host(h, host, tx.count), *dx = t_dev_poisoned(h, tx.count);
      void *y = t_dev_poisoned(h, ty.count), *dy = t_dev_poisoned(h, ty.count);
      float one = 1.0f, zero = 0.0f;
      litdnnStatus_t s = op == LITDNN_OP_POOLING_FORWARD
                             ? litdnnPoolingForward(h, pd, &one, tx.desc, x, &zero, ty.desc, y)
                             : litdnnPoolingBackward(h, pd, &one, ty.desc, y, ty.desc, dy, tx.desc, x, &zero,
                                                     tx.desc, dx);
      cr_assert_eq(s, LITDNN_STATUS_SUCCESS, "%s: %s", t_case_name(c), litdnnGetLastErrorString());
      int got = -1;
      cr_assert_eq(litdnnGetLastStage(h, op, &got), LITDNN_STATUS_SUCCESS);
      cr_assert_eq(got, wanted, "%s: %s %s: the chooser took stage %d, not %s", t_case_name(c), mode_names[m],
                   f == LITDNN_TENSOR_NHWC ? "NHWC" : "NCHW", got, want);
      free(host);
      t_dev_free(h, x);
      t_dev_free(h, dx);
      t_dev_free(h, y);
      t_dev_free(h, dy);
      litdnnDestroyPoolingDescriptor(pd);
      litdnnDestroyTensorDescriptor(tx.desc);
      litdnnDestroyTensorDescriptor(ty.desc);
    }
  litdnnDestroy(h);
}

#define GPU_BACKENDS (LITDNN_BACKEND_BIT(LITDNN_BACKEND_EMU) | LITDNN_BACKEND_BIT(LITDNN_BACKEND_CUDA))

/* The chooser takes k3s2-cell for 3x3 stride-2 backward in every mode
   and both layouts. */
ParameterizedTestParameters(pooling, the_chooser_takes_k3s2_cell_for_3x3_stride_2)
{
  return t_cases_on(LITDNN_OP_POOLING_BACKWARD, 1, GPU_BACKENDS, automatic_only);
}
ParameterizedTest(t_case *c, pooling, the_chooser_takes_k3s2_cell_for_3x3_stride_2)
{
  const pcase p = {2, 2, 3, {1, 9, 11}, {1, 3, 3}, {0, 1, 1}, {1, 2, 2}};
  expect_choice(c, &p, "k3s2-cell");
}

/* The chooser takes global-vec4 for a global pool forward (ResNet-50's last
   pool, smaller) in every mode and both layouts, and the stage accepts it. */
ParameterizedTestParameters(pooling, the_chooser_takes_global_vec4_for_a_global_pool_forward)
{
  return t_cases_on(LITDNN_OP_POOLING_FORWARD, 1, GPU_BACKENDS, automatic_only);
}
ParameterizedTest(t_case *c, pooling, the_chooser_takes_global_vec4_for_a_global_pool_forward)
{
  const pcase p = {2, 3, 64, {1, 7, 7}, {1, 7, 7}, {0, 0, 0}, {1, 1, 1}};
  expect_choice(c, &p, "global-vec4");
}

/* The stage tables: their sizes and the names of the specialised stages,
   in the order of the chapter. */
Test(pooling, the_stage_tables_list_the_specialised_stages)
{
  int count;
  litdnnGetStageCount(LITDNN_OP_POOLING_FORWARD, &count);
  cr_assert_eq(count, 9);
  const char *name;
  litdnnGetStageInfo(LITDNN_OP_POOLING_FORWARD, 5, &name, NULL, NULL);
  cr_assert_str_eq(name, "k3s2-x4");
  litdnnGetStageInfo(LITDNN_OP_POOLING_FORWARD, 6, &name, NULL, NULL);
  cr_assert_str_eq(name, "nhwc-k3");
  litdnnGetStageInfo(LITDNN_OP_POOLING_FORWARD, 7, &name, NULL, NULL);
  cr_assert_str_eq(name, "global");
  litdnnGetStageInfo(LITDNN_OP_POOLING_FORWARD, 8, &name, NULL, NULL);
  cr_assert_str_eq(name, "global-vec4");
  litdnnGetStageCount(LITDNN_OP_POOLING_BACKWARD, &count);
  cr_assert_eq(count, 12);
  litdnnGetStageInfo(LITDNN_OP_POOLING_BACKWARD, 5, &name, NULL, NULL);
  cr_assert_str_eq(name, "compare-y");
  cr_assert_eq(litdnnGetStageCount(LITDNN_OP_POOLING_BACKWARD, &count), LITDNN_STATUS_SUCCESS);
  litdnnGetStageInfo(LITDNN_OP_POOLING_BACKWARD, 6, &name, NULL, NULL);
  cr_assert_str_eq(name, "k2s2-vec4");
  litdnnGetStageInfo(LITDNN_OP_POOLING_BACKWARD, 7, &name, NULL, NULL);
  cr_assert_str_eq(name, "tile");
  litdnnGetStageInfo(LITDNN_OP_POOLING_BACKWARD, 8, &name, NULL, NULL);
  cr_assert_str_eq(name, "global");
  litdnnGetStageInfo(LITDNN_OP_POOLING_BACKWARD, 9, &name, NULL, NULL);
  cr_assert_str_eq(name, "plane-y");
  litdnnGetStageInfo(LITDNN_OP_POOLING_BACKWARD, 10, &name, NULL, NULL);
  cr_assert_str_eq(name, "staged");
  litdnnGetStageInfo(LITDNN_OP_POOLING_BACKWARD, 11, &name, NULL, NULL);
  cr_assert_str_eq(name, "k3s2-cell");
}
