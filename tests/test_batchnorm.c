/* Batch normalization: every stage of the three operations on every backend,
   one Criterion case per (operation, stage, backend, shape), against a
   double-precision two-pass reference, in both modes and both layouts. A
   pinned stage runs every shape its own test of what it takes accepts, and
   refuses the others with NOT_SUPPORTED, writing nothing. Then data with a
   large mean, finite differences for the backward pass, the chooser's
   bounds, and bad input. */
#include "common.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  int n, c, h, w;
  litdnnTensorFormat_t format;
  litdnnBatchNormMode_t mode;
} batchnorm_case;

static int64_t features_of(const batchnorm_case *k) { return k->mode == LITDNN_BATCHNORM_SPATIAL ? k->c : (int64_t)k->c * k->h * k->w; }
static int64_t per_feature(const batchnorm_case *k) { return k->mode == LITDNN_BATCHNORM_SPATIAL ? (int64_t)k->n * k->h * k->w : k->n; }
static size_t count_of(const batchnorm_case *k) { return (size_t)k->n * k->c * k->h * k->w; }

/* memory offset of element r of feature f */
static size_t at(const batchnorm_case *k, int64_t f, int64_t r)
{
  int64_t hw = (int64_t)k->h * k->w, n, c, p;
  if (k->mode == LITDNN_BATCHNORM_SPATIAL) { c = f; n = r / hw; p = r % hw; }
  else { c = f / hw; p = f % hw; n = r; }
  int64_t h = p / k->w, w = p % k->w;
  if (k->format == LITDNN_TENSOR_NCHW)
    return (size_t)(((n * k->c + c) * k->h + h) * k->w + w);
  return (size_t)(((n * k->h + h) * k->w + w) * k->c + c);
}

static void ref_stats(const batchnorm_case *k, const float *x, int64_t f, double *mean, double *var)
{
  int64_t m = per_feature(k);
  double s = 0, d2 = 0;
  for (int64_t r = 0; r < m; r++) s += x[at(k, f, r)];
  *mean = s / m;
  for (int64_t r = 0; r < m; r++) { double d = x[at(k, f, r)] - *mean; d2 += d * d; }
  *var = d2 / m;
}

/* forward training in double: y (blended), running mean/var, saved mean/invstd */
static void ref_training(const batchnorm_case *k, const float *x, const float *y0, double *y, const float *scale,
                         const float *bias, double eps, double factor, const float *rm0, const float *rv0,
                         double *rm, double *rv, double *sm, double *si, float alpha, float beta)
{
  int64_t m = per_feature(k);
  for (int64_t f = 0; f < features_of(k); f++) {
    double mean, var;
    ref_stats(k, x, f, &mean, &var);
    double inv = 1.0 / sqrt(var + eps);
    for (int64_t r = 0; r < m; r++) {
      size_t i = at(k, f, r);
      y[i] = alpha * (scale[f] * (x[i] - mean) * inv + bias[f]) + (beta != 0 ? beta * (double)y0[i] : 0);
    }
    rm[f] = (1 - factor) * rm0[f] + factor * mean;
    rv[f] = (1 - factor) * rv0[f] + factor * (m > 1 ? var * m / (m - 1) : var);
    sm[f] = mean;
    si[f] = inv;
  }
}

static litdnnTensorDescriptor_t desc4(litdnnTensorFormat_t fmt, int n, int c, int h, int w)
{
  litdnnTensorDescriptor_t d;
  cr_assert_eq(litdnnCreateTensorDescriptor(&d), LITDNN_STATUS_SUCCESS);
  cr_assert_eq(litdnnSetTensor4dDescriptor(d, fmt, LITDNN_DATA_FLOAT, n, c, h, w), LITDNN_STATUS_SUCCESS,
               "%s", litdnnGetLastErrorString());
  return d;
}

static const batchnorm_case shapes[] = {
  {2, 3, 5, 7, LITDNN_TENSOR_NCHW, LITDNN_BATCHNORM_SPATIAL},      /* odd everything, scalar loads */
  {3, 8, 4, 4, LITDNN_TENSOR_NCHW, LITDNN_BATCHNORM_SPATIAL},      /* float4 planes */
  {1, 5, 3, 3, LITDNN_TENSOR_NCHW, LITDNN_BATCHNORM_SPATIAL},      /* batch 1 */
  {4, 1, 6, 5, LITDNN_TENSOR_NCHW, LITDNN_BATCHNORM_SPATIAL},      /* C = 1 */
  {2, 512, 2, 2, LITDNN_TENSOR_NCHW, LITDNN_BATCHNORM_SPATIAL},    /* one-launch path */
  {2, 512, 3, 3, LITDNN_TENSOR_NCHW, LITDNN_BATCHNORM_SPATIAL},    /* one-launch path, scalar */
  {3, 2, 29, 31, LITDNN_TENSOR_NCHW, LITDNN_BATCHNORM_SPATIAL},   /* one-launch stage, 1024 threads, scalar */
  {2, 3, 32, 32, LITDNN_TENSOR_NCHW, LITDNN_BATCHNORM_SPATIAL},   /* one-launch stage, 512 threads, float4 */
  {3, 2, 45, 41, LITDNN_TENSOR_NCHW, LITDNN_BATCHNORM_SPATIAL},   /* one-launch stage: 5535 units, two rounds of 4096 */
  {1, 7, 7, 7, LITDNN_TENSOR_NCHW, LITDNN_BATCHNORM_SPATIAL},     /* batch 1, HW = 49 */
  {8, 2, 13, 19, LITDNN_TENSOR_NCHW, LITDNN_BATCHNORM_SPATIAL},   /* register stage forward: every slot used, scalar */
  {6, 2, 13, 19, LITDNN_TENSOR_NCHW, LITDNN_BATCHNORM_SPATIAL},   /* register stage backward: every slot used, scalar */
  {15, 2, 16, 16, LITDNN_TENSOR_NCHW, LITDNN_BATCHNORM_SPATIAL},  /* register stages: every unit slot used, float4 */
  {1, 1, 113, 113, LITDNN_TENSOR_NCHW, LITDNN_BATCHNORM_SPATIAL}, /* 12 769 floats: the forward register block holds them, the backward one does not */
  {1, 1, 129, 129, LITDNN_TENSOR_NCHW, LITDNN_BATCHNORM_SPATIAL}, /* 16 641 floats: neither register block holds them */
  {3, 12, 3, 5, LITDNN_TENSOR_NHWC, LITDNN_BATCHNORM_SPATIAL},     /* float4 rows */
  {2, 7, 3, 3, LITDNN_TENSOR_NHWC, LITDNN_BATCHNORM_SPATIAL},      /* scalar rows */
  {5, 3, 4, 4, LITDNN_TENSOR_NCHW, LITDNN_BATCHNORM_PER_ACTIVATION},/* rows, float4 */
  {3, 3, 3, 3, LITDNN_TENSOR_NCHW, LITDNN_BATCHNORM_PER_ACTIVATION},/* rows, scalar */
  {4, 5, 2, 3, LITDNN_TENSOR_NHWC, LITDNN_BATCHNORM_PER_ACTIVATION},/* general kernel */
  {1, 4, 2, 2, LITDNN_TENSOR_NCHW, LITDNN_BATCHNORM_PER_ACTIVATION},/* M = 1 */
};
#define NSHAPES ((int)(sizeof shapes / sizeof shapes[0]))
static const float blends[][2] = {{1.0f, 0.0f}, {0.5f, 0.25f}};

/* ------------------------------------------------- what each stage takes */
/* The layouts of the fast kernels: planes (spatial NCHW), rows (spatial NHWC,
   per-activation NCHW), or neither. The tensors here are packed and come from
   litdnnMalloc, 16-byte aligned. */
enum { T_GENERAL, T_PLANES, T_ROWS };
static int layout_of(const batchnorm_case *k)
{
  int spatial = k->mode == LITDNN_BATCHNORM_SPATIAL, nchw = k->format == LITDNN_TENSOR_NCHW;
  return spatial && nchw ? T_PLANES : spatial || nchw ? T_ROWS : T_GENERAL;
}

/* A register block of 1024 threads holds 8 float4 (16 floats) of x a thread forward,
   4 float4 (12 floats) of x and of dy backward; float4 when a plane is a multiple of four. */
static int registers_hold(const batchnorm_case *k, int backward)
{
  int64_t hw = (int64_t)k->h * k->w;
  int vec = hw % 4 == 0;
  int64_t units = k->n * (vec ? hw / 4 : hw), per_thread = backward ? (vec ? 4 : 12) : (vec ? 8 : 16);
  return units <= 1024 * per_thread;
}

/* Does the stage take the shape? (Pinned, it must refuse with NOT_SUPPORTED otherwise.) */
static int stage_takes(litdnnOp_t op, const char *stage, const batchnorm_case *k)
{
  int backward = op == LITDNN_OP_BATCHNORM_BACKWARD, layout = layout_of(k);
  if (strcmp(stage, "split tiles") == 0 || strcmp(stage, "vectorized tiles") == 0)
    return layout != T_GENERAL;
  if (strncmp(stage, "one launch", 10) == 0)
    return layout == T_PLANES;
  if (strcmp(stage, "channel in registers") == 0)
    return layout == T_PLANES && registers_hold(k, backward);
  return 1;
}

static int case_takes(const t_case *c, const batchnorm_case *k)
{
  return c->stage == LITDNN_STAGE_AUTOMATIC || stage_takes((litdnnOp_t)c->op, t_case_stage(c), k);
}

static const char *shape_label(const batchnorm_case *k)
{
  static char label[96];
  snprintf(label, sizeof label, "%dx%dx%dx%d %s %s", k->n, k->c, k->h, k->w,
           k->format == LITDNN_TENSOR_NCHW ? "NCHW" : "NHWC",
           k->mode == LITDNN_BATCHNORM_SPATIAL ? "spatial" : "per-activation");
  return label;
}

/* ------------------------------------------------- fetch and compare */
/* n floats of dev against want, within rtol and atol */
static void expect_close(litdnnHandle_t h, const void *dev, const double *want, size_t n, double rtol, double atol,
                         const char *what, const char *which)
{
  char label[512];
  snprintf(label, sizeof label, "%s: %s", what, which);
  float *got = t_dev_fetch(h, dev, n);
  t_assert_close(got, want, n, rtol, atol, label);
  free(got);
}

/* n floats of dev exactly as they were (NaN where they were NaN) */
static void expect_unchanged(litdnnHandle_t h, const void *dev, const float *was, size_t n, const char *what,
                             const char *which)
{
  char label[512];
  snprintf(label, sizeof label, "%s: %s untouched", what, which);
  float *got = t_dev_fetch(h, dev, n);
  t_assert_close_f(got, was, n, 0, 0, label);
  free(got);
}

/* The pinned stage refused the call, naming itself; msg is the message read at once. */
static void expect_refused(const t_case *c, litdnnStatus_t s, const char *msg, const char *what)
{
  cr_assert(s == LITDNN_STATUS_NOT_SUPPORTED && strstr(msg, t_case_stage(c)) && strstr(msg, "does not apply"),
            "%s: returned %s, expected LITDNN_STATUS_NOT_SUPPORTED naming the stage (message: %s)", what,
            litdnnGetErrorString(s), msg);
}

static float *nans(size_t n)
{
  float *a = malloc((n ? n : 1) * sizeof *a);
  t_poison(a, n);
  return a;
}

/* ------------------------------------------------- training forward */
static void training_problem(const t_case *c, const batchnorm_case *k, float alpha, float beta, float mean_shift,
                             double tol)
{
  litdnnHandle_t h = t_case_handle(c);
  size_t n = count_of(k);
  int64_t F = features_of(k);
  float *x = t_random(n, -2.0f + mean_shift, 2.0f + mean_shift), *y0 = t_random(n, -1, 1);
  float *scale = t_random((size_t)F, 0.5f, 1.5f), *bias = t_random((size_t)F, -1, 1);
  float *rm0 = t_random((size_t)F, -1, 1), *rv0 = t_random((size_t)F, 0.5f, 2);
  float *nan_n = nans(n), *nan_f = nans((size_t)F);
  double *y = malloc(n * sizeof *y), *rm = malloc(F * sizeof *rm), *rv = malloc(F * sizeof *rv);
  double *sm = malloc(F * sizeof *sm), *si = malloc(F * sizeof *si);
  double eps = 1e-5, factor = 0.1;
  ref_training(k, x, y0, y, scale, bias, eps, factor, rm0, rv0, rm, rv, sm, si, alpha, beta);

  litdnnTensorDescriptor_t xd = desc4(k->format, k->n, k->c, k->h, k->w), bd;
  litdnnCreateTensorDescriptor(&bd);
  cr_assert_eq(litdnnDeriveBNTensorDescriptor(bd, xd, k->mode), LITDNN_STATUS_SUCCESS);
  void *dx = t_dev_from_host(h, x, n);
  void *dy = beta != 0 ? t_dev_from_host(h, y0, n) : t_dev_poisoned(h, n);
  void *ds = t_dev_from_host(h, scale, F), *db = t_dev_from_host(h, bias, F);
  void *drm = t_dev_from_host(h, rm0, F), *drv = t_dev_from_host(h, rv0, F);
  void *dsm = t_dev_poisoned(h, F), *dsi = t_dev_poisoned(h, F);
  litdnnStatus_t s = litdnnBatchNormalizationForwardTraining(h, k->mode, &alpha, &beta, xd, dx, xd, dy, bd, ds,
                                                             db, factor, drm, drv, eps, dsm, dsi);
  char msg[512], what[384];
  snprintf(msg, sizeof msg, "%s", litdnnGetLastErrorString());   /* the next call clears it */
  snprintf(what, sizeof what, "%s: %s a=%g b=%g", t_case_name(c), shape_label(k), alpha, beta);
  if (case_takes(c, k)) {
    cr_assert_eq(s, LITDNN_STATUS_SUCCESS, "%s: %s", what, msg);
    expect_close(h, dy, y, n, tol, tol, what, "y");
    expect_close(h, drm, rm, F, tol, tol, what, "running mean");
    expect_close(h, drv, rv, F, tol, tol, what, "running variance");
    expect_close(h, dsm, sm, F, tol, tol, what, "saved mean");
    /* 1/sqrt(eps) for constant features: the inverse std is large, compare relatively */
    expect_close(h, dsi, si, F, 1e3 * tol, tol, what, "saved inverse std");
  } else {
    expect_refused(c, s, msg, what);
    expect_unchanged(h, dy, beta != 0 ? y0 : nan_n, n, what, "y");
    expect_unchanged(h, drm, rm0, F, what, "running mean");
    expect_unchanged(h, drv, rv0, F, what, "running variance");
    expect_unchanged(h, dsm, nan_f, F, what, "saved mean");
    expect_unchanged(h, dsi, nan_f, F, what, "saved inverse std");
  }
  t_dev_free(h, dx); t_dev_free(h, dy); t_dev_free(h, ds); t_dev_free(h, db);
  t_dev_free(h, drm); t_dev_free(h, drv); t_dev_free(h, dsm); t_dev_free(h, dsi);
  litdnnDestroyTensorDescriptor(xd);
  litdnnDestroyTensorDescriptor(bd);
  free(x); free(y0); free(scale); free(bias); free(rm0); free(rv0); free(nan_n); free(nan_f);
  free(y); free(rm); free(rv); free(sm); free(si);
  litdnnDestroy(h);
}

ParameterizedTestParameters(batchnorm, training_forward)
{
  return t_cases(LITDNN_OP_BATCHNORM_FORWARD_TRAINING, NSHAPES);
}
ParameterizedTest(t_case *c, batchnorm, training_forward)
{
  for (size_t b = 0; b < 2; b++)
    training_problem(c, &shapes[c->problem], blends[b][0], blends[b][1], 0.0f, 2e-5);
}

/* A mean of 1000 against a spread of 2: the naive one-pass formula loses the
   variance; every stage must still agree with the two-pass reference. */
static const batchnorm_case big_forward[] = {
  {4, 3, 16, 16, LITDNN_TENSOR_NCHW, LITDNN_BATCHNORM_SPATIAL},
  {4, 8, 8, 8, LITDNN_TENSOR_NHWC, LITDNN_BATCHNORM_SPATIAL},
};
ParameterizedTestParameters(batchnorm, training_forward_with_a_large_mean)
{
  return t_cases(LITDNN_OP_BATCHNORM_FORWARD_TRAINING, (int)(sizeof big_forward / sizeof big_forward[0]));
}
ParameterizedTest(t_case *c, batchnorm, training_forward_with_a_large_mean)
{
  /* inputs near 1000 carry float rounding of 6e-5 themselves */
  training_problem(c, &big_forward[c->problem], 1.0f, 0.0f, 1000.0f, 2e-3);
}

Test(batchnorm, the_naive_variance_formula_fails_on_a_large_mean)
{
  /* what the chapter shows: E[x^2] - E[x]^2 in float against the two-pass value */
  size_t n = 4096;
  float *x = t_random(n, 9999.0f, 10001.0f);
  double s = 0, d2 = 0;
  for (size_t i = 0; i < n; i++) s += x[i];
  double mean = s / n;
  for (size_t i = 0; i < n; i++) d2 += (x[i] - mean) * (x[i] - mean);
  float fs = 0, fq = 0;
  for (size_t i = 0; i < n; i++) { fs += x[i]; fq += x[i] * x[i]; }
  float naive = fq / n - (fs / n) * (fs / n);
  double var = d2 / n;
  cr_assert(fabs(naive - var) / var > 0.1, "naive %g vs %g: expected a large error", naive, var);
  free(x);
}

/* ------------------------------------------------- inference forward */
static void inference_problem(const t_case *c, const batchnorm_case *k, float alpha, float beta)
{
  litdnnHandle_t h = t_case_handle(c);
  size_t n = count_of(k);
  int64_t F = features_of(k), m = per_feature(k);
  float *x = t_random(n, -2, 2), *y0 = t_random(n, -1, 1), *sc = t_random(F, 0.5f, 1.5f);
  float *bi = t_random(F, -1, 1), *mu = t_random(F, -1, 1), *va = t_random(F, 0.1f, 2), *nan_n = nans(n);
  double *y = malloc(n * sizeof *y), eps = 1e-3;
  for (int64_t f = 0; f < F; f++)
    for (int64_t r = 0; r < m; r++) {
      size_t j = at(k, f, r);
      y[j] = alpha * (sc[f] * (x[j] - mu[f]) / sqrt(va[f] + eps) + bi[f]) + (beta != 0 ? beta * (double)y0[j] : 0);
    }
  litdnnTensorDescriptor_t xd = desc4(k->format, k->n, k->c, k->h, k->w), bd;
  litdnnCreateTensorDescriptor(&bd);
  litdnnDeriveBNTensorDescriptor(bd, xd, k->mode);
  void *dx = t_dev_from_host(h, x, n), *dy = beta != 0 ? t_dev_from_host(h, y0, n) : t_dev_poisoned(h, n);
  void *ds = t_dev_from_host(h, sc, F), *db = t_dev_from_host(h, bi, F);
  void *dm = t_dev_from_host(h, mu, F), *dv = t_dev_from_host(h, va, F);
  litdnnStatus_t s = litdnnBatchNormalizationForwardInference(h, k->mode, &alpha, &beta, xd, dx, xd, dy, bd,
                                                              ds, db, dm, dv, eps);
  char msg[512], what[384];
  snprintf(msg, sizeof msg, "%s", litdnnGetLastErrorString());
  snprintf(what, sizeof what, "%s: %s a=%g b=%g", t_case_name(c), shape_label(k), alpha, beta);
  if (case_takes(c, k)) {
    cr_assert_eq(s, LITDNN_STATUS_SUCCESS, "%s: %s", what, msg);
    expect_close(h, dy, y, n, 1e-5, 1e-5, what, "y");
  } else {
    expect_refused(c, s, msg, what);
    expect_unchanged(h, dy, beta != 0 ? y0 : nan_n, n, what, "y");
  }
  t_dev_free(h, dx); t_dev_free(h, dy); t_dev_free(h, ds); t_dev_free(h, db);
  t_dev_free(h, dm); t_dev_free(h, dv);
  litdnnDestroyTensorDescriptor(xd);
  litdnnDestroyTensorDescriptor(bd);
  free(x); free(y0); free(sc); free(bi); free(mu); free(va); free(y); free(nan_n);
  litdnnDestroy(h);
}

ParameterizedTestParameters(batchnorm, inference_forward)
{
  return t_cases(LITDNN_OP_BATCHNORM_FORWARD_INFERENCE, NSHAPES);
}
ParameterizedTest(t_case *c, batchnorm, inference_forward)
{
  for (size_t b = 0; b < 2; b++)
    inference_problem(c, &shapes[c->problem], blends[b][0], blends[b][1]);
}

/* ------------------------------------------------- backward */
/* backward in double: dx (blended), dscale, dbias (blended) */
static void ref_backward(const batchnorm_case *k, const float *x, const float *dyv, const float *scale, double eps,
                         double *dx, double *dscale, double *dbias)
{
  int64_t m = per_feature(k);
  for (int64_t f = 0; f < features_of(k); f++) {
    double mean, var, sd = 0, sx = 0;
    ref_stats(k, x, f, &mean, &var);
    double inv = 1.0 / sqrt(var + eps);
    for (int64_t r = 0; r < m; r++) {
      size_t i = at(k, f, r);
      sd += dyv[i];
      sx += dyv[i] * (x[i] - mean) * inv;
    }
    for (int64_t r = 0; r < m; r++) {
      size_t i = at(k, f, r);
      dx[i] = scale[f] * inv * (dyv[i] - sd / m - (x[i] - mean) * inv * sx / m);
    }
    dscale[f] = sx;
    dbias[f] = sd;
  }
}

static void backward_problem(const t_case *c, const batchnorm_case *k, float alpha, float beta, int saved,
                             float mean_shift, double tol)
{
  litdnnHandle_t h = t_case_handle(c);
  size_t n = count_of(k);
  int64_t F = features_of(k);
  float *x = t_random(n, -2 + mean_shift, 2 + mean_shift), *g = t_random(n, -1, 1), *dx0 = t_random(n, -1, 1);
  float *sc = t_random(F, 0.5f, 1.5f);
  float *ds0 = t_random(F, -1, 1), *db0 = t_random(F, -1, 1), *nan_n = nans(n), *nan_f = nans((size_t)F);
  double *dx = malloc(n * sizeof *dx), *dsc = malloc(F * sizeof *dsc), *dbi = malloc(F * sizeof *dbi), eps = 1e-4;
  ref_backward(k, x, g, sc, eps, dx, dsc, dbi);
  for (size_t i = 0; i < n; i++) dx[i] = alpha * dx[i] + (beta != 0 ? beta * (double)dx0[i] : 0);
  for (int64_t f = 0; f < F; f++) {
    dsc[f] = alpha * dsc[f] + (beta != 0 ? beta * (double)ds0[f] : 0);
    dbi[f] = alpha * dbi[f] + (beta != 0 ? beta * (double)db0[f] : 0);
  }
  float *smean = malloc(F * sizeof *smean), *sinv = malloc(F * sizeof *sinv);
  for (int64_t f = 0; f < F; f++) {
    double mean, var;
    ref_stats(k, x, f, &mean, &var);
    smean[f] = (float)mean;
    sinv[f] = (float)(1.0 / sqrt(var + eps));
  }
  litdnnTensorDescriptor_t xd = desc4(k->format, k->n, k->c, k->h, k->w), bd;
  litdnnCreateTensorDescriptor(&bd);
  litdnnDeriveBNTensorDescriptor(bd, xd, k->mode);
  void *dxv = t_dev_from_host(h, x, n), *dg = t_dev_from_host(h, g, n), *dsc_d = t_dev_from_host(h, sc, F);
  void *ddx = beta != 0 ? t_dev_from_host(h, dx0, n) : t_dev_poisoned(h, n);
  void *dds = beta != 0 ? t_dev_from_host(h, ds0, F) : t_dev_poisoned(h, F);
  void *ddb = beta != 0 ? t_dev_from_host(h, db0, F) : t_dev_poisoned(h, F);
  void *dsm = saved ? t_dev_from_host(h, smean, F) : NULL, *dsi = saved ? t_dev_from_host(h, sinv, F) : NULL;
  litdnnStatus_t s = litdnnBatchNormalizationBackward(h, k->mode, &alpha, &beta, &alpha, &beta, xd, dxv, xd, dg,
                                                      xd, ddx, bd, dsc_d, dds, ddb, eps, dsm, dsi);
  char msg[512], what[384];
  snprintf(msg, sizeof msg, "%s", litdnnGetLastErrorString());
  snprintf(what, sizeof what, "%s: %s a=%g b=%g saved=%d", t_case_name(c), shape_label(k), alpha, beta, saved);
  if (case_takes(c, k)) {
    cr_assert_eq(s, LITDNN_STATUS_SUCCESS, "%s: %s", what, msg);
    /* per-activation with M = 1 has dx = 0 exactly in theory; absolute tolerance covers it */
    expect_close(h, ddx, dx, n, tol, tol, what, "dx");
    expect_close(h, dds, dsc, F, tol, tol, what, "dscale");
    expect_close(h, ddb, dbi, F, tol, tol, what, "dbias");
  } else {
    expect_refused(c, s, msg, what);
    expect_unchanged(h, ddx, beta != 0 ? dx0 : nan_n, n, what, "dx");
    expect_unchanged(h, dds, beta != 0 ? ds0 : nan_f, F, what, "dscale");
    expect_unchanged(h, ddb, beta != 0 ? db0 : nan_f, F, what, "dbias");
  }
  t_dev_free(h, dxv); t_dev_free(h, dg); t_dev_free(h, dsc_d); t_dev_free(h, ddx); t_dev_free(h, dds);
  t_dev_free(h, ddb);
  if (saved) { t_dev_free(h, dsm); t_dev_free(h, dsi); }
  litdnnDestroyTensorDescriptor(xd);
  litdnnDestroyTensorDescriptor(bd);
  free(x); free(g); free(dx0); free(sc); free(ds0); free(db0); free(dx); free(dsc); free(dbi); free(smean); free(sinv);
  free(nan_n); free(nan_f);
  litdnnDestroy(h);
}

ParameterizedTestParameters(batchnorm, backward)
{
  return t_cases(LITDNN_OP_BATCHNORM_BACKWARD, NSHAPES);
}
ParameterizedTest(t_case *c, batchnorm, backward)
{
  for (int b = 0; b < 2; b++)
    backward_problem(c, &shapes[c->problem], blends[b][0], blends[b][1], (c->problem + b) % 2, 0.0f, 1e-4);
}

/* The backward pass on data with a mean of 1000 and a spread of 2, with and without saved
   statistics. dscale inherits any error in the mean times sum(dy): a float mean near 1000 is
   good to about 1e-4, which 2e-3 covers; a mean that drifts (one long float Welford, which the
   thread-per-feature kernel ran before it shifted its data) missed by about 1 %. */
static const batchnorm_case big_backward[] = {
  {4, 3, 16, 16, LITDNN_TENSOR_NCHW, LITDNN_BATCHNORM_SPATIAL},
  {3, 2, 29, 31, LITDNN_TENSOR_NCHW, LITDNN_BATCHNORM_SPATIAL},
  {4, 8, 8, 8, LITDNN_TENSOR_NHWC, LITDNN_BATCHNORM_SPATIAL},
};
ParameterizedTestParameters(batchnorm, backward_with_a_large_mean)
{
  return t_cases(LITDNN_OP_BATCHNORM_BACKWARD, (int)(sizeof big_backward / sizeof big_backward[0]));
}
ParameterizedTest(t_case *c, batchnorm, backward_with_a_large_mean)
{
  for (int saved = 0; saved < 2; saved++)
    /* inputs near 1000 carry float rounding of 6e-5 themselves, as in the forward test */
    backward_problem(c, &big_backward[c->problem], 1.0f, 0.0f, saved, 1000.0f, 2e-3);
}

/* Central differences of L = sum(g * y) through the double-precision forward
   pass, against the library's backward pass on every backend and stage. */
static double loss(const batchnorm_case *k, const float *x, const float *g, const float *scale, const float *bias)
{
  size_t n = count_of(k);
  int64_t F = features_of(k);
  double *y = malloc(n * sizeof *y), *t1 = malloc(F * sizeof *t1), *t2 = malloc(F * sizeof *t2);
  double *t3 = malloc(F * sizeof *t3), *t4 = malloc(F * sizeof *t4);
  float *z = calloc((size_t)F, sizeof *z);
  ref_training(k, x, NULL, y, scale, bias, 1e-4, 0, z, z, t1, t2, t3, t4, 1.0f, 0.0f);
  double l = 0;
  for (size_t i = 0; i < n; i++) l += g[i] * y[i];
  free(y); free(t1); free(t2); free(t3); free(t4); free(z);
  return l;
}

/* dL/dv for one input v among x, scale and bias, by a central difference. The step is 1e-3, not
   larger: per activation the statistics come from as few as 5 values, and where they lie close
   together the curvature of L makes a step of 1e-2 miss by more than the test's 2e-3 (seen with
   seed 186497648). The quotient divides by the step the floats actually took. */
static double central_difference(const batchnorm_case *k, const float *x, const float *g, const float *scale,
                                 const float *bias, float *v)
{
  const float h = 1e-3f;
  float keep = *v;
  *v = keep + h;
  double up = *v, lp = loss(k, x, g, scale, bias);
  *v = keep - h;
  double down = *v, lm = loss(k, x, g, scale, bias);
  *v = keep;
  return (lp - lm) / (up - down);
}

static const batchnorm_case fd_shapes[] = {
  {3, 2, 3, 3, LITDNN_TENSOR_NCHW, LITDNN_BATCHNORM_SPATIAL},
  {4, 4, 2, 2, LITDNN_TENSOR_NHWC, LITDNN_BATCHNORM_SPATIAL},
  {5, 2, 2, 2, LITDNN_TENSOR_NCHW, LITDNN_BATCHNORM_PER_ACTIVATION},
};
ParameterizedTestParameters(batchnorm, backward_agrees_with_finite_differences)
{
  return t_cases(LITDNN_OP_BATCHNORM_BACKWARD, (int)(sizeof fd_shapes / sizeof fd_shapes[0]));
}
ParameterizedTest(t_case *c, batchnorm, backward_agrees_with_finite_differences)
{
  const batchnorm_case *k = &fd_shapes[c->problem];
  litdnnHandle_t hd = t_case_handle(c);
  size_t n = count_of(k);
  int64_t F = features_of(k);
  float *x = t_random(n, -2, 2), *g = t_random(n, -1, 1), *sc = t_random(F, 0.5f, 1.5f), *bi = t_random(F, -1, 1);
  double *fdx = malloc(n * sizeof *fdx), *fds = malloc(F * sizeof *fds), *fdb = malloc(F * sizeof *fdb);
  for (size_t i = 0; i < n; i++)
    fdx[i] = central_difference(k, x, g, sc, bi, &x[i]);
  for (int64_t f = 0; f < F; f++) {
    fds[f] = central_difference(k, x, g, sc, bi, &sc[f]);
    fdb[f] = central_difference(k, x, g, sc, bi, &bi[f]);
  }
  litdnnTensorDescriptor_t xd = desc4(k->format, k->n, k->c, k->h, k->w), bd;
  litdnnCreateTensorDescriptor(&bd);
  litdnnDeriveBNTensorDescriptor(bd, xd, k->mode);
  float one = 1, zero = 0, *nan_n = nans(n), *nan_f = nans((size_t)F);
  void *dxv = t_dev_from_host(hd, x, n), *dg = t_dev_from_host(hd, g, n), *dsc = t_dev_from_host(hd, sc, F);
  void *ddx = t_dev_poisoned(hd, n), *dds = t_dev_poisoned(hd, F), *ddb = t_dev_poisoned(hd, F);
  litdnnStatus_t s = litdnnBatchNormalizationBackward(hd, k->mode, &one, &zero, &one, &zero, xd, dxv, xd, dg, xd, ddx,
                                                      bd, dsc, dds, ddb, 1e-4, NULL, NULL);
  char msg[512], what[384];
  snprintf(msg, sizeof msg, "%s", litdnnGetLastErrorString());
  snprintf(what, sizeof what, "%s: %s against finite differences", t_case_name(c), shape_label(k));
  if (case_takes(c, k)) {
    cr_assert_eq(s, LITDNN_STATUS_SUCCESS, "%s: %s", what, msg);
    expect_close(hd, ddx, fdx, n, 2e-3, 2e-3, what, "dx");
    expect_close(hd, dds, fds, F, 2e-3, 2e-3, what, "dscale");
    expect_close(hd, ddb, fdb, F, 2e-3, 2e-3, what, "dbias");
  } else {
    expect_refused(c, s, msg, what);
    expect_unchanged(hd, ddx, nan_n, n, what, "dx");
    expect_unchanged(hd, dds, nan_f, F, what, "dscale");
    expect_unchanged(hd, ddb, nan_f, F, what, "dbias");
  }
  t_dev_free(hd, dxv); t_dev_free(hd, dg); t_dev_free(hd, dsc); t_dev_free(hd, ddx); t_dev_free(hd, dds);
  t_dev_free(hd, ddb);
  litdnnDestroyTensorDescriptor(xd);
  litdnnDestroyTensorDescriptor(bd);
  litdnnDestroy(hd);
  free(x); free(g); free(sc); free(bi); free(fdx); free(fds); free(fdb); free(nan_n); free(nan_f);
}

/* Coverage: every stage takes some shape of the list, so no stage passes its cases by
   refusing all of them; and every stage with a test of what it takes refuses some shape,
   so that its refusal is exercised too. */
Test(batchnorm, every_stage_takes_some_shape_and_the_special_ones_refuse_some)
{
  static const litdnnOp_t ops[] = {LITDNN_OP_BATCHNORM_FORWARD_TRAINING, LITDNN_OP_BATCHNORM_FORWARD_INFERENCE,
                                   LITDNN_OP_BATCHNORM_BACKWARD};
  for (size_t o = 0; o < sizeof ops / sizeof ops[0]; o++) {
    int count = 0;
    litdnnGetStageCount(ops[o], &count);
    for (int st = 0; st < count; st++) {
      const char *name;
      litdnnGetStageInfo(ops[o], st, &name, NULL, NULL);
      int takes = 0;
      for (int k = 0; k < NSHAPES; k++)
        takes += stage_takes(ops[o], name, &shapes[k]);
      cr_expect(takes > 0, "%s stage %d '%s' takes none of the shapes", litdnnGetOpName(ops[o]), st, name);
      int special = strstr(name, "tiles") || strncmp(name, "one launch", 10) == 0 || strstr(name, "registers");
      cr_expect(!special || takes < NSHAPES, "%s stage %d '%s' refuses none of the shapes",
                litdnnGetOpName(ops[o]), st, name);
    }
  }
}

Test(batchnorm, derived_descriptor_has_the_mode_shape)
{
  litdnnTensorDescriptor_t xd = desc4(LITDNN_TENSOR_NHWC, 2, 3, 4, 5), bd;
  litdnnCreateTensorDescriptor(&bd);
  int n, c, h, w, ns, cs, hs, ws;
  litdnnDataType_t t;
  cr_assert_eq(litdnnDeriveBNTensorDescriptor(bd, xd, LITDNN_BATCHNORM_SPATIAL), LITDNN_STATUS_SUCCESS);
  litdnnGetTensor4dDescriptor(bd, &t, &n, &c, &h, &w, &ns, &cs, &hs, &ws);
  cr_assert(n == 1 && c == 3 && h == 1 && w == 1);
  cr_assert_eq(litdnnDeriveBNTensorDescriptor(bd, xd, LITDNN_BATCHNORM_PER_ACTIVATION), LITDNN_STATUS_SUCCESS);
  litdnnGetTensor4dDescriptor(bd, &t, &n, &c, &h, &w, &ns, &cs, &hs, &ws);
  cr_assert(n == 1 && c == 3 && h == 4 && w == 5 && ws == 1 && hs == 5 && cs == 20);
  t_assert_status(litdnnDeriveBNTensorDescriptor(bd, xd, (litdnnBatchNormMode_t)7),
                  LITDNN_STATUS_BAD_PARAM_OUT_OF_BOUND, "mode", "bad mode");
  litdnnDestroyTensorDescriptor(xd);
  litdnnDestroyTensorDescriptor(bd);
}

/* The cases of a test that runs once per backend with the handle's choice. */
static int automatic_only(litdnnOp_t op, int stage)
{
  (void)op;
  return stage == LITDNN_STAGE_AUTOMATIC;
}

/* Every failing call returns its exact status, names the parameter, and
   leaves y, the running and the saved statistics as they were. */

ParameterizedTestParameters(batchnorm, bad_input_is_refused_and_writes_nothing)
{
  return t_cases_if(LITDNN_OP_BATCHNORM_FORWARD_TRAINING, 1, automatic_only);
}
ParameterizedTest(t_case *c, batchnorm, bad_input_is_refused_and_writes_nothing)
{
  {
    litdnnHandle_t h = t_case_handle(c);
    litdnnTensorDescriptor_t xd = desc4(LITDNN_TENSOR_NCHW, 2, 3, 4, 4), yd = desc4(LITDNN_TENSOR_NCHW, 2, 3, 4, 5);
    litdnnTensorDescriptor_t bd, wrong = desc4(LITDNN_TENSOR_NCHW, 1, 4, 1, 1), unset;
    litdnnCreateTensorDescriptor(&bd);
    litdnnCreateTensorDescriptor(&unset);
    litdnnDeriveBNTensorDescriptor(bd, xd, LITDNN_BATCHNORM_SPATIAL);
    size_t n = 96;
    float *x = t_random(n, -1, 1), *p = t_random(3, 0.5f, 1);
    float marker[96];
    for (size_t i = 0; i < n; i++) marker[i] = 7.0f;
    void *dx = t_dev_from_host(h, x, n), *dy = t_dev_from_host(h, marker, n);
    void *ds = t_dev_from_host(h, p, 3), *rm = t_dev_from_host(h, marker, 3), *rv = t_dev_from_host(h, marker, 3);
    void *sm = t_dev_from_host(h, marker, 3), *si = t_dev_from_host(h, marker, 3);
    float one = 1, zero = 0;
    const litdnnBatchNormMode_t S = LITDNN_BATCHNORM_SPATIAL;
#define TRAIN(mode, xdesc, ydesc, bdesc, factor, r1, r2, eps, s1, s2) \
    litdnnBatchNormalizationForwardTraining(h, mode, &one, &zero, xdesc, dx, ydesc, dy, bdesc, ds, ds, factor, r1, r2, eps, s1, s2)
    t_assert_status(TRAIN(S, xd, xd, bd, 0.1, rm, rv, -1e-5, sm, si), LITDNN_STATUS_BAD_PARAM_OUT_OF_BOUND,
                    "epsilon", "negative epsilon");
    t_assert_status(TRAIN(S, xd, xd, bd, 0.1, rm, rv, NAN, sm, si), LITDNN_STATUS_BAD_PARAM_OUT_OF_BOUND,
                    "epsilon", "NaN epsilon");
    t_assert_status(TRAIN((litdnnBatchNormMode_t)2, xd, xd, bd, 0.1, rm, rv, 1e-5, sm, si),
                    LITDNN_STATUS_BAD_PARAM_OUT_OF_BOUND, "mode", "bad mode");
    t_assert_status(TRAIN(S, xd, yd, bd, 0.1, rm, rv, 1e-5, sm, si), LITDNN_STATUS_BAD_PARAM_SHAPE_MISMATCH,
                    "yDesc", "y of another shape");
    t_assert_status(TRAIN(S, xd, xd, wrong, 0.1, rm, rv, 1e-5, sm, si), LITDNN_STATUS_BAD_PARAM_SHAPE_MISMATCH,
                    "bnScaleBiasMeanVarDesc", "per-feature descriptor of another C");
    t_assert_status(TRAIN(LITDNN_BATCHNORM_PER_ACTIVATION, xd, xd, bd, 0.1, rm, rv, 1e-5, sm, si),
                    LITDNN_STATUS_BAD_PARAM_SHAPE_MISMATCH, "bnScaleBiasMeanVarDesc", "spatial descriptor, per-activation mode");
    t_assert_status(TRAIN(S, unset, xd, bd, 0.1, rm, rv, 1e-5, sm, si), LITDNN_STATUS_BAD_PARAM_NOT_FINALIZED,
                    "xDesc", "unset descriptor");
    t_assert_status(TRAIN(S, xd, xd, bd, 0.1, rm, NULL, 1e-5, sm, si), LITDNN_STATUS_BAD_PARAM,
                    "resultRunningVariance", "half a running pair");
    t_assert_status(TRAIN(S, xd, xd, bd, 0.1, rm, rv, 1e-5, NULL, si), LITDNN_STATUS_BAD_PARAM,
                    "resultSaveMean", "half a saved pair");
    t_assert_status(TRAIN(S, xd, xd, bd, 1.5, rm, rv, 1e-5, sm, si), LITDNN_STATUS_BAD_PARAM_OUT_OF_BOUND,
                    "exponentialAverageFactor", "factor above 1");
    t_assert_status(litdnnBatchNormalizationForwardTraining(h, S, &one, &zero, xd, NULL, xd, dy, bd, ds, ds, 0.1, rm,
                                                            rv, 1e-5, sm, si),
                    LITDNN_STATUS_BAD_PARAM_NULL_POINTER, "x", "null x");
    t_assert_status(litdnnBatchNormalizationForwardInference(h, S, &one, &zero, xd, dx, xd, dy, bd, ds, ds, rm, rv,
                                                             -1.0),
                    LITDNN_STATUS_BAD_PARAM_OUT_OF_BOUND, "epsilon", "inference: negative epsilon");
    t_assert_status(litdnnBatchNormalizationForwardInference(h, S, &one, &zero, xd, dx, xd, dy, bd, ds, ds, NULL, rv,
                                                             1e-5),
                    LITDNN_STATUS_BAD_PARAM_NULL_POINTER, "estimatedMean", "inference: no mean");
    t_assert_status(litdnnBatchNormalizationBackward(h, S, &one, &zero, &one, &zero, xd, dx, xd, dx, yd, dy, bd, ds,
                                                     rm, rv, 1e-5, NULL, NULL),
                    LITDNN_STATUS_BAD_PARAM_SHAPE_MISMATCH, "dxDesc", "backward: dx of another shape");
    t_assert_status(litdnnBatchNormalizationBackward(h, S, &one, &zero, &one, &zero, xd, dx, xd, dx, xd, dy, bd, ds,
                                                     rm, rv, -1e-5, NULL, NULL),
                    LITDNN_STATUS_BAD_PARAM_OUT_OF_BOUND, "epsilon", "backward: negative epsilon");
    t_assert_status(litdnnBatchNormalizationBackward(h, S, &one, &zero, &one, &zero, xd, dx, xd, dx, xd, dy, bd, ds,
                                                     rm, rv, 1e-5, sm, NULL),
                    LITDNN_STATUS_BAD_PARAM, "savedInvVariance", "backward: half a saved pair");
    t_assert_status(litdnnBatchNormalizationBackward(NULL, S, &one, &zero, &one, &zero, xd, dx, xd, dx, xd, dy, bd, ds,
                                                     rm, rv, 1e-5, NULL, NULL),
                    LITDNN_STATUS_BAD_PARAM_NULL_POINTER, "handle", "backward: no handle");
    expect_unchanged(h, dy, marker, n, "after failing calls", "y");
    void *outs[4] = {rm, rv, sm, si};
    for (int o = 0; o < 4; o++)
      expect_unchanged(h, outs[o], marker, 3, "after failing calls", "statistics");
    /* zero and negative sizes never make a descriptor */
    t_assert_status(litdnnSetTensor4dDescriptor(unset, LITDNN_TENSOR_NCHW, LITDNN_DATA_FLOAT, 0, 3, 4, 4),
                    LITDNN_STATUS_BAD_PARAM_OUT_OF_BOUND, "n", "zero batch");
    t_assert_status(litdnnSetTensor4dDescriptor(unset, LITDNN_TENSOR_NCHW, LITDNN_DATA_FLOAT, 2, -3, 4, 4),
                    LITDNN_STATUS_BAD_PARAM_OUT_OF_BOUND, "c", "negative channels");
    t_dev_free(h, dx); t_dev_free(h, dy); t_dev_free(h, ds); t_dev_free(h, rm); t_dev_free(h, rv);
    t_dev_free(h, sm); t_dev_free(h, si);
    litdnnDestroyTensorDescriptor(xd); litdnnDestroyTensorDescriptor(yd); litdnnDestroyTensorDescriptor(bd);
    litdnnDestroyTensorDescriptor(wrong); litdnnDestroyTensorDescriptor(unset);
    free(x); free(p);
    litdnnDestroy(h);
  }
}

#include "batchnorm/batchnorm.h"

static litdnn_batchnorm_args packed_nchw(int64_t n, int64_t c, int64_t h, int64_t w)
{
  litdnn_batchnorm_args a;
  memset(&a, 0, sizeof a);
  a.spatial = 1;
  int64_t dims[4] = {n, c, h, w}, strides[4] = {c * h * w, h * w, w, 1};
  for (int i = 0; i < 4; i++) {
    a.dims[i] = dims[i];
    a.xs[i] = a.ys[i] = a.dys[i] = strides[i];
  }
  return a;
}

/* Which spatial NCHW shapes the one-launch stages take, pass by pass, as measured on the H200 */
Test(batchnorm, the_one_launch_bounds_follow_the_measurements)
{
  litdnn_batchnorm_args big = packed_nchw(64, 256, 56, 56), narrow = packed_nchw(50, 64, 56, 56);
  litdnn_batchnorm_args small = packed_nchw(50, 256, 14, 14), tiny = packed_nchw(50, 512, 7, 7);
  cr_assert_eq(litdnn_batchnorm_layout(&big, 1), LITDNN_BN_PLANES);
  for (int backward = 0; backward < 2; backward++) {
    cr_assert(litdnn_batchnorm_one_launch_fits(&big, LITDNN_BN_PLANES, backward));
    cr_assert(!litdnn_batchnorm_one_launch_fits(&narrow, LITDNN_BN_PLANES, backward));
    cr_assert(litdnn_batchnorm_one_launch_fits(&small, LITDNN_BN_PLANES, backward));
  }
  cr_assert(!litdnn_batchnorm_one_launch_fits(&tiny, LITDNN_BN_PLANES, 0));
  cr_assert(litdnn_batchnorm_one_launch_fits(&tiny, LITDNN_BN_PLANES, 1));
  /* 80 MB, channels of 39 200 elements: one launch, measured faster than the split tiles */
  litdnn_batchnorm_args wide = packed_nchw(50, 512, 28, 28);
  for (int backward = 0; backward < 2; backward++) {
    cr_assert(litdnn_batchnorm_one_launch_fits(&wide, LITDNN_BN_PLANES, backward));
    cr_assert(!litdnn_batchnorm_regs_fits(&wide, LITDNN_BN_PLANES, backward));
  }
}

/* Which shapes the register stages take: the late ResNet-50 layers, measured faster there
   than every other stage and cuDNN */
Test(batchnorm, the_register_stages_take_the_late_layers)
{
  litdnn_batchnorm_args tiny = packed_nchw(50, 512, 7, 7), small = packed_nchw(50, 256, 14, 14);
  litdnn_batchnorm_args narrow = packed_nchw(50, 64, 7, 7), big = packed_nchw(64, 256, 56, 56);
  litdnn_batchnorm_args edge = packed_nchw(1, 128, 128, 96), over = packed_nchw(1, 128, 128, 97);
  for (int backward = 0; backward < 2; backward++) {
    cr_assert(litdnn_batchnorm_regs_fits(&tiny, LITDNN_BN_PLANES, backward));
    cr_assert(litdnn_batchnorm_regs_fits(&small, LITDNN_BN_PLANES, backward));
    cr_assert(!litdnn_batchnorm_regs_fits(&narrow, LITDNN_BN_PLANES, backward));
    cr_assert(!litdnn_batchnorm_regs_fits(&big, LITDNN_BN_PLANES, backward));
    cr_assert(!litdnn_batchnorm_regs_fits(&tiny, LITDNN_BN_ROWS, backward));
  }
  /* 12 288 elements: the backward bound exactly; one more row is over it, forward still fits */
  cr_assert(litdnn_batchnorm_regs_fits(&edge, LITDNN_BN_PLANES, 1));
  cr_assert(!litdnn_batchnorm_regs_fits(&over, LITDNN_BN_PLANES, 1));
  cr_assert(litdnn_batchnorm_regs_fits(&over, LITDNN_BN_PLANES, 0));
}
