/* Local response normalization across channels: every stage on every
   backend, one Criterion case per (pass, stage, backend, shape), against a
   double-precision reference, both layouts, odd shapes, windows wider than
   C, several parameter sets and blends. A pinned stage runs every problem
   its own test of what it takes accepts and refuses the others with
   NOT_SUPPORTED, writing nothing. The backward pass also against central
   finite differences of the double forward formula; bad input. */
#include "common.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  int n, c, h, w;
  litdnnTensorFormat_t format;
} lrn_shape;

typedef struct {
  unsigned n;
  double alpha, beta, k;
} lrn_params;

static const lrn_shape shapes[] = {
  {2, 7, 3, 5, LITDNN_TENSOR_NCHW},   /* odd everything */
  {1, 5, 2, 3, LITDNN_TENSOR_NHWC},   /* batch 1 */
  {3, 1, 4, 3, LITDNN_TENSOR_NCHW},   /* C = 1 */
  {2, 3, 3, 3, LITDNN_TENSOR_NHWC},   /* window wider than C */
  {1, 40, 2, 3, LITDNN_TENSOR_NHWC},  /* C >= 32: the chooser's NHWC path */
  {2, 19, 5, 7, LITDNN_TENSOR_NCHW},
  {1, 150, 2, 3, LITDNN_TENSOR_NCHW}, /* several channel chunks per pixel */
  {1, 70, 1, 3, LITDNN_TENSOR_NHWC},  /* several 32-channel chunks per warp */
  {3, 70, 2, 2, LITDNN_TENSOR_NCHW},  /* HW = 4: the staged kernels' float4 path, two chunks */
  {1, 130, 4, 5, LITDNN_TENSOR_NCHW}, /* HW = 20: float4 path, three chunks, a last chunk of 2 */
  {2, 9, 11, 13, LITDNN_TENSOR_NCHW}, /* HW = 143: the one-pixel path over three warps, a plane starting mid-warp */
  {1, 70, 5, 5, LITDNN_TENSOR_NCHW},  /* batch 1, odd plane of 25, C = 70: chunks of 32, 32 and 6 */
  {3, 37, 9, 9, LITDNN_TENSOR_NCHW},  /* odd plane of 81 (AlexNet-like), C = 37, planes that start mid-quad */
};
static const lrn_params params[] = {
  {5, 1e-4, 0.75, 2.0},   /* AlexNet's (alpha as cuDNN counts it) */
  {4, 0.9, 0.5, 1.0},     /* even n: one more channel above; a large alpha */
  {1, 0.5, 1.3, 0.5},     /* a window of one */
  {16, 0.25, 0.01, 1e-5}, /* the widest window, the smallest beta and k */
  {3, 2e-3, 0.75, 1.0},   /* a window of three */
  {2, 0.3, 0.9, 1.5},     /* the narrowest even window: none below, one above */
};
static const float blends[][2] = {{1.0f, 0.0f}, {0.5f, -0.25f}};
#define NSHAPES ((int)(sizeof shapes / sizeof shapes[0]))
#define NPARAMS ((int)(sizeof params / sizeof params[0]))

static size_t at(const lrn_shape *s, int n, int c, int h, int w)
{
  if (s->format == LITDNN_TENSOR_NCHW)
    return (((size_t)n * s->c + c) * s->h + h) * s->w + w;
  return (((size_t)n * s->h + h) * s->w + w) * s->c + c;
}

static double ref_scale(const lrn_shape *s, const lrn_params *p, const double *x, int n, int c, int h, int w)
{
  int lo = (int)(p->n - 1) / 2, hi = (int)p->n - 1 - lo;
  double sum = 0;
  for (int m = c - lo; m <= c + hi; m++)
    if (m >= 0 && m < s->c)
      sum += x[at(s, n, m, h, w)] * x[at(s, n, m, h, w)];
  return p->k + p->alpha / p->n * sum;
}

/* the forward formula in double, unblended */
static void ref_forward(const lrn_shape *s, const lrn_params *p, const double *x, double *y)
{
  for (int n = 0; n < s->n; n++)
    for (int h = 0; h < s->h; h++)
      for (int w = 0; w < s->w; w++)
        for (int c = 0; c < s->c; c++)
          y[at(s, n, c, h, w)] = x[at(s, n, c, h, w)] * pow(ref_scale(s, p, x, n, c, h, w), -p->beta);
}

/* the gradient in double, unblended; y is the (float) forward output */
static void ref_backward(const lrn_shape *s, const lrn_params *p, const double *x, const float *y, const float *dy,
                         double *dx)
{
  int lo = (int)(p->n - 1) / 2, hi = (int)p->n - 1 - lo;
  for (int n = 0; n < s->n; n++)
    for (int h = 0; h < s->h; h++)
      for (int w = 0; w < s->w; w++)
        for (int j = 0; j < s->c; j++) {
          double sum = 0;
          for (int c = j - hi; c <= j + lo; c++)
            if (c >= 0 && c < s->c)
              sum += (double)dy[at(s, n, c, h, w)] * y[at(s, n, c, h, w)] / ref_scale(s, p, x, n, c, h, w);
          size_t i = at(s, n, j, h, w);
          dx[i] = dy[i] * pow(ref_scale(s, p, x, n, j, h, w), -p->beta) - 2 * p->alpha / p->n * p->beta * x[i] * sum;
        }
}

static litdnnTensorDescriptor_t lrn_desc(const lrn_shape *s)
{
  litdnnTensorDescriptor_t d;
  cr_assert_eq(litdnnCreateTensorDescriptor(&d), LITDNN_STATUS_SUCCESS);
  cr_assert_eq(litdnnSetTensor4dDescriptor(d, s->format, LITDNN_DATA_FLOAT, s->n, s->c, s->h, s->w),
               LITDNN_STATUS_SUCCESS);
  return d;
}

static litdnnLRNDescriptor_t lrn_norm(const lrn_params *p)
{
  litdnnLRNDescriptor_t d;
  cr_assert_eq(litdnnCreateLRNDescriptor(&d), LITDNN_STATUS_SUCCESS);
  cr_assert_eq(litdnnSetLRNDescriptor(d, p->n, p->alpha, p->beta, p->k), LITDNN_STATUS_SUCCESS, "%s",
               litdnnGetLastErrorString());
  return d;
}

/* ------------------------------------------------- what each stage takes */
/* The warp stages need every tensor's channels at stride 1: NHWC, or NCHW with a
   plane of one pixel. The register and pixel-a-thread stages hold windows of at
   most five channels (the tensors here are far from 2^31 elements). */
static int stage_takes(const char *stage, const lrn_shape *s, const lrn_params *p)
{
  if (strncmp(stage, "warp per pixel", 14) == 0)
    return s->format == LITDNN_TENSOR_NHWC || s->h * s->w == 1;
  if (strstr(stage, "(n <= 5)"))
    return p->n <= 5;
  return 1;
}

static int case_takes(const t_case *c, const lrn_shape *s, const lrn_params *p)
{
  return c->stage == LITDNN_STAGE_AUTOMATIC || stage_takes(t_case_stage(c), s, p);
}

/* ------------------------------------------------- one problem */
static double *widen(const float *x, size_t n)
{
  double *d = calloc(n ? n : 1, sizeof *d);
  for (size_t i = 0; i < n; i++) d[i] = x[i];
  return d;
}

/* The n floats of host at the very end of a device buffer of pad + n floats, the pad
   poisoned; the tensor starts at the result + pad, 16-byte aligned for pad a multiple of 4. */
static float *dev_at_end(litdnnHandle_t h, const float *host, size_t n, size_t pad)
{
  float *tmp = malloc((n + pad) * sizeof *tmp);
  t_poison(tmp, pad);
  memcpy(tmp + pad, host, n * sizeof *tmp);
  float *d = t_dev_from_host(h, tmp, n + pad);
  free(tmp);
  return d;
}

/* one problem of case c; pad floats before each tensor in its buffer, which ends where the
   tensor does */
static void run_problem_at(const t_case *c, const lrn_shape *s, const lrn_params *p, float alpha, float beta,
                           size_t pad)
{
  litdnnOp_t op = (litdnnOp_t)c->op;
  size_t n = (size_t)s->n * s->c * s->h * s->w;
  float *x = t_random(n, -2, 2), *dy = t_random(n, -1, 1), *old = t_random(n, -1, 1);
  float *yf = malloc(n * sizeof *yf), *nan_n = malloc(n * sizeof *nan_n);
  double *xd = widen(x, n), *want = malloc(n * sizeof *want), *g = malloc(n * sizeof *g);
  ref_forward(s, p, xd, g);
  t_poison(nan_n, n);
  for (size_t i = 0; i < n; i++) yf[i] = (float)g[i];
  if (op == LITDNN_OP_LRN_BACKWARD)
    ref_backward(s, p, xd, yf, dy, g);
  for (size_t i = 0; i < n; i++) want[i] = alpha * g[i] + (beta != 0 ? beta * (double)old[i] : 0);
  litdnnHandle_t h = t_case_handle(c);
  litdnnTensorDescriptor_t t = lrn_desc(s);
  litdnnLRNDescriptor_t norm = lrn_norm(p);
  float *bx = dev_at_end(h, x, n, pad), *bdy = dev_at_end(h, dy, n, pad), *by = dev_at_end(h, yf, n, pad);
  float *bout = beta != 0 ? dev_at_end(h, old, n, pad) : t_dev_poisoned(h, n + pad);
  float *dxv = bx + pad, *dyv = bdy + pad, *dyf = by + pad, *out = bout + pad;
  litdnnStatus_t st = op == LITDNN_OP_LRN_FORWARD
      ? litdnnLRNCrossChannelForward(h, norm, LITDNN_LRN_CROSS_CHANNEL_DIM1, &alpha, t, dxv, &beta, t, out)
      : litdnnLRNCrossChannelBackward(h, norm, LITDNN_LRN_CROSS_CHANNEL_DIM1, &alpha, t, dyf, t, dyv, t, dxv, &beta,
                                      t, out);
  char msg[512], what[384];
  snprintf(msg, sizeof msg, "%s", litdnnGetLastErrorString());   /* the next call clears it */
  snprintf(what, sizeof what, "%s: %dx%dx%dx%d %s n=%u a=%g b=%g k=%g blend %g,%g%s", t_case_name(c), s->n, s->c,
           s->h, s->w, s->format == LITDNN_TENSOR_NCHW ? "NCHW" : "NHWC", p->n, p->alpha, p->beta, p->k, alpha,
           beta, pad ? ", at the end of the buffers" : "");
  float *got = t_dev_fetch(h, out, n);
  if (case_takes(c, s, p)) {
    cr_assert_eq(st, LITDNN_STATUS_SUCCESS, "%s: %s", what, msg);
    /* float pow and sums of a few terms: a few ulps per element */
    t_assert_close(got, want, n, 1e-5, 1e-6, what);
  } else {
    cr_assert(st == LITDNN_STATUS_NOT_SUPPORTED && strstr(msg, t_case_stage(c)) && strstr(msg, "does not apply"),
              "%s: returned %s, expected LITDNN_STATUS_NOT_SUPPORTED naming the stage (message: %s)", what,
              litdnnGetErrorString(st), msg);
    t_assert_close_f(got, beta != 0 ? old : nan_n, n, 0, 0, what);   /* untouched */
  }
  free(got);
  t_dev_free(h, bx); t_dev_free(h, bdy); t_dev_free(h, by); t_dev_free(h, bout);
  litdnnDestroyTensorDescriptor(t);
  litdnnDestroyLRNDescriptor(norm);
  litdnnDestroy(h);
  free(x); free(dy); free(old); free(yf); free(nan_n); free(xd); free(want); free(g);
}

static void run_problem(const t_case *c, const lrn_shape *s, const lrn_params *p, float alpha, float beta)
{
  run_problem_at(c, s, p, alpha, beta, 0);
}

/* one shape, every parameter set, the two blends in turn */
static void every_parameter_set(const t_case *c)
{
  int k = c->problem;
  for (int q = 0; q < NPARAMS; q++)
    run_problem(c, &shapes[k], &params[q], blends[(k + q) % 2][0], blends[(k + q) % 2][1]);
}

ParameterizedTestParameters(lrn, forward) { return t_cases(LITDNN_OP_LRN_FORWARD, NSHAPES); }
ParameterizedTest(t_case *c, lrn, forward) { every_parameter_set(c); }
ParameterizedTestParameters(lrn, backward) { return t_cases(LITDNN_OP_LRN_BACKWARD, NSHAPES); }
ParameterizedTest(t_case *c, lrn, backward) { every_parameter_set(c); }

/* NCHW tensors whose rows the register stages read as aligned float4 across a warp (their
   planes are not a multiple of four), each tensor at the very end of its buffer. When the
   tensor spans a number of floats that is not a multiple of four, the aligned float4 that
   holds its last value runs past the end of the buffer: the register stages must not read
   it (on a GPU, compute-sanitizer's memcheck reported a 16-byte read past an 840-byte
   allocation, the first shape below); here every stage must still give the reference. */
static const lrn_shape at_end[] = {
  {2, 7, 3, 5, LITDNN_TENSOR_NCHW},   /* 210 floats */
  {1, 3, 5, 5, LITDNN_TENSOR_NCHW},   /* 75, batch 1 */
  {3, 5, 11, 13, LITDNN_TENSOR_NCHW}, /* 2145: planes of 143 pixels, two warps each */
  {1, 1, 1, 7, LITDNN_TENSOR_NCHW},   /* 7, one row */
  {1, 2, 11, 13, LITDNN_TENSOR_NCHW}, /* 286 */
  {2, 6, 5, 7, LITDNN_TENSOR_NCHW},   /* 420, a multiple of four: the last float4 ends with the buffer */
};
#define NAT_END ((int)(sizeof at_end / sizeof at_end[0]))

static void every_parameter_set_at_the_end(const t_case *c)
{
  int k = c->problem;
  for (int q = 0; q < NPARAMS; q++)
    run_problem_at(c, &at_end[k], &params[q], blends[(k + q) % 2][0], blends[(k + q) % 2][1], 4);
}

ParameterizedTestParameters(lrn, forward_with_each_tensor_at_the_end_of_its_buffer)
{
  return t_cases(LITDNN_OP_LRN_FORWARD, NAT_END);
}
ParameterizedTest(t_case *c, lrn, forward_with_each_tensor_at_the_end_of_its_buffer)
{
  every_parameter_set_at_the_end(c);
}
ParameterizedTestParameters(lrn, backward_with_each_tensor_at_the_end_of_its_buffer)
{
  return t_cases(LITDNN_OP_LRN_BACKWARD, NAT_END);
}
ParameterizedTest(t_case *c, lrn, backward_with_each_tensor_at_the_end_of_its_buffer)
{
  every_parameter_set_at_the_end(c);
}

/* dx against central differences of f(x) = sum(g * lrn(x)), in double */
ParameterizedTestParameters(lrn, backward_matches_finite_differences)
{
  return t_cases(LITDNN_OP_LRN_BACKWARD, 1);
}
ParameterizedTest(t_case *c, lrn, backward_matches_finite_differences)
{
  static const lrn_shape s = {1, 6, 2, 3, LITDNN_TENSOR_NCHW};
  size_t n = 36;
  float *x = t_random(n, -1.5f, 1.5f), *g = t_random(n, -1, 1), *yf = malloc(n * sizeof *yf), nan_n[36];
  double xd[36], y[36], fd[36];
  t_poison(nan_n, n);
  for (int q = 0; q < NPARAMS; q++) {
    const lrn_params *p = &params[q];
    for (size_t i = 0; i < n; i++) xd[i] = x[i];
    ref_forward(&s, p, xd, y);
    for (size_t i = 0; i < n; i++) yf[i] = (float)y[i];
    for (size_t i = 0; i < n; i++) {
      double f[2], h = 1e-5;
      for (int side = 0; side < 2; side++) {
        xd[i] = x[i] + (side ? -h : h);
        ref_forward(&s, p, xd, y);
        f[side] = 0;
        for (size_t j = 0; j < n; j++) f[side] += g[j] * y[j];
      }
      xd[i] = x[i];
      fd[i] = (f[0] - f[1]) / (2 * h);
    }
    litdnnHandle_t hd = t_case_handle(c);
    litdnnTensorDescriptor_t t = lrn_desc(&s);
    litdnnLRNDescriptor_t norm = lrn_norm(p);
    void *dxv = t_dev_from_host(hd, x, n), *dyv = t_dev_from_host(hd, yf, n), *dg = t_dev_from_host(hd, g, n);
    void *out = t_dev_poisoned(hd, n);
    float one = 1, zero = 0;
    litdnnStatus_t st = litdnnLRNCrossChannelBackward(hd, norm, LITDNN_LRN_CROSS_CHANNEL_DIM1, &one, t, dyv, t, dg, t,
                                                      dxv, &zero, t, out);
    char msg[512], what[384];
    snprintf(msg, sizeof msg, "%s", litdnnGetLastErrorString());
    snprintf(what, sizeof what, "%s: n=%u: dx against finite differences", t_case_name(c), p->n);
    float *got = t_dev_fetch(hd, out, n);
    if (case_takes(c, &s, p)) {
      cr_assert_eq(st, LITDNN_STATUS_SUCCESS, "%s: %s", what, msg);
      t_assert_close(got, fd, n, 1e-4, 1e-5, what);
    } else {
      cr_assert(st == LITDNN_STATUS_NOT_SUPPORTED && strstr(msg, t_case_stage(c)) && strstr(msg, "does not apply"),
                "%s: returned %s, expected LITDNN_STATUS_NOT_SUPPORTED naming the stage (message: %s)", what,
                litdnnGetErrorString(st), msg);
      t_assert_close_f(got, nan_n, n, 0, 0, what);
    }
    free(got);
    t_dev_free(hd, dxv); t_dev_free(hd, dyv); t_dev_free(hd, dg); t_dev_free(hd, out);
    litdnnDestroyTensorDescriptor(t);
    litdnnDestroyLRNDescriptor(norm);
    litdnnDestroy(hd);
  }
  free(x); free(g); free(yf);
}

/* Coverage: every stage takes some problem of the list, and the stages with a test
   of what they take refuse some, so that both ways are exercised. */
Test(lrn, every_stage_takes_some_problem_and_the_special_ones_refuse_some)
{
  static const litdnnOp_t ops[] = {LITDNN_OP_LRN_FORWARD, LITDNN_OP_LRN_BACKWARD};
  for (size_t o = 0; o < 2; o++) {
    int count = 0;
    litdnnGetStageCount(ops[o], &count);
    for (int st = 0; st < count; st++) {
      const char *name;
      litdnnGetStageInfo(ops[o], st, &name, NULL, NULL);
      int takes = 0;
      for (int k = 0; k < NSHAPES; k++)
        for (int q = 0; q < NPARAMS; q++)
          takes += stage_takes(name, &shapes[k], &params[q]);
      cr_expect(takes > 0, "%s stage %d '%s' takes none of the problems", litdnnGetOpName(ops[o]), st, name);
      int special = strncmp(name, "warp per pixel", 14) == 0 || strstr(name, "(n <= 5)") != NULL;
      cr_expect(!special || takes < NSHAPES * NPARAMS, "%s stage %d '%s' refuses none of the problems",
                litdnnGetOpName(ops[o]), st, name);
    }
  }
}

Test(lrn, descriptor_defaults_and_get)
{
  litdnnLRNDescriptor_t d;
  unsigned n;
  double a, b, k;
  cr_assert_eq(litdnnCreateLRNDescriptor(&d), LITDNN_STATUS_SUCCESS);
  litdnnGetLRNDescriptor(d, &n, &a, &b, &k);
  cr_assert(n == 5 && a == 1e-4 && b == 0.75 && k == 2.0);
  cr_assert_eq(litdnnSetLRNDescriptor(d, 16, -3.0, 0.01, 1e-5), LITDNN_STATUS_SUCCESS);
  litdnnGetLRNDescriptor(d, &n, &a, &b, &k);
  cr_assert(n == 16 && a == -3.0 && b == 0.01 && k == 1e-5);
  litdnnDestroyLRNDescriptor(d);
}

/* The cases of a test that runs once per backend with the handle's choice. */
static int automatic_only(litdnnOp_t op, int stage)
{
  (void)op;
  return stage == LITDNN_STAGE_AUTOMATIC;
}

ParameterizedTestParameters(lrn, bad_input_is_refused_and_writes_nothing)
{
  return t_cases_if(LITDNN_OP_LRN_FORWARD, 1, automatic_only);
}
ParameterizedTest(t_case *c, lrn, bad_input_is_refused_and_writes_nothing)
{
  {
    litdnnHandle_t h = t_case_handle(c);
    static const lrn_shape s = {2, 3, 4, 4, LITDNN_TENSOR_NCHW}, s2 = {2, 4, 4, 4, LITDNN_TENSOR_NCHW};
    litdnnTensorDescriptor_t t = lrn_desc(&s), other = lrn_desc(&s2), unset, five;
    litdnnCreateTensorDescriptor(&unset);
    litdnnCreateTensorDescriptor(&five);
    int dims5[5] = {1, 2, 3, 4, 4}, strides5[5] = {96, 48, 16, 4, 1};
    litdnnSetTensorNdDescriptor(five, LITDNN_DATA_FLOAT, 5, dims5, strides5);
    litdnnLRNDescriptor_t d;
    litdnnCreateLRNDescriptor(&d);
    size_t n = 96;
    float marker[96], one = 1, zero = 0;
    for (size_t i = 0; i < n; i++) marker[i] = 7.0f;
    float *x = t_random(n, -1, 1);
    void *dx = t_dev_from_host(h, x, n), *dy = t_dev_from_host(h, marker, n);
    const litdnnLRNMode_t M = LITDNN_LRN_CROSS_CHANNEL_DIM1;
    /* parameters outside cuDNN's ranges; the descriptor keeps its values */
    t_assert_status(litdnnSetLRNDescriptor(d, 0, 1e-4, 0.75, 2), LITDNN_STATUS_BAD_PARAM_OUT_OF_BOUND, "lrnN", "n = 0");
    t_assert_status(litdnnSetLRNDescriptor(d, 17, 1e-4, 0.75, 2), LITDNN_STATUS_BAD_PARAM_OUT_OF_BOUND, "lrnN", "n = 17");
    t_assert_status(litdnnSetLRNDescriptor(d, 5, 1e-4, 0.005, 2), LITDNN_STATUS_BAD_PARAM_OUT_OF_BOUND, "lrnBeta",
                    "beta below 0.01");
    t_assert_status(litdnnSetLRNDescriptor(d, 5, 1e-4, 0.75, 1e-6), LITDNN_STATUS_BAD_PARAM_OUT_OF_BOUND, "lrnK",
                    "k below 1e-5");
    t_assert_status(litdnnSetLRNDescriptor(d, 5, NAN, 0.75, 2), LITDNN_STATUS_BAD_PARAM_OUT_OF_BOUND, "lrnAlpha",
                    "NaN alpha");
    t_assert_status(litdnnSetLRNDescriptor(d, 5, 1e-4, 0.75, INFINITY), LITDNN_STATUS_BAD_PARAM_OUT_OF_BOUND, "lrnK",
                    "infinite k");
    t_assert_status(litdnnSetLRNDescriptor(NULL, 5, 1e-4, 0.75, 2), LITDNN_STATUS_BAD_PARAM_NULL_POINTER, "normDesc",
                    "null descriptor");
    unsigned gn;
    double ga, gb, gk;
    litdnnGetLRNDescriptor(d, &gn, &ga, &gb, &gk);
    cr_assert(gn == 5 && ga == 1e-4 && gb == 0.75 && gk == 2.0, "a refused set changed the descriptor");
    /* the calls */
    t_assert_status(litdnnLRNCrossChannelForward(h, d, (litdnnLRNMode_t)1, &one, t, dx, &zero, t, dy),
                    LITDNN_STATUS_BAD_PARAM_OUT_OF_BOUND, "lrnMode", "bad mode");
    t_assert_status(litdnnLRNCrossChannelForward(h, NULL, M, &one, t, dx, &zero, t, dy),
                    LITDNN_STATUS_BAD_PARAM_NULL_POINTER, "normDesc", "null descriptor");
    t_assert_status(litdnnLRNCrossChannelForward(h, d, M, &one, t, dx, &zero, other, dy),
                    LITDNN_STATUS_BAD_PARAM_SHAPE_MISMATCH, "yDesc", "y of another shape");
    t_assert_status(litdnnLRNCrossChannelForward(h, d, M, &one, unset, dx, &zero, t, dy),
                    LITDNN_STATUS_BAD_PARAM_NOT_FINALIZED, "xDesc", "unset x descriptor");
    t_assert_status(litdnnLRNCrossChannelForward(h, d, M, &one, five, dx, &zero, five, dy),
                    LITDNN_STATUS_NOT_SUPPORTED, "xDesc", "5-d tensor");
    t_assert_status(litdnnLRNCrossChannelForward(h, d, M, &one, t, NULL, &zero, t, dy),
                    LITDNN_STATUS_BAD_PARAM_NULL_POINTER, "x", "null x");
    t_assert_status(litdnnLRNCrossChannelForward(h, d, M, NULL, t, dx, &zero, t, dy),
                    LITDNN_STATUS_BAD_PARAM_NULL_POINTER, "alpha", "null alpha");
    t_assert_status(litdnnLRNCrossChannelForward(NULL, d, M, &one, t, dx, &zero, t, dy),
                    LITDNN_STATUS_BAD_PARAM_NULL_POINTER, "handle", "null handle");
    t_assert_status(litdnnLRNCrossChannelBackward(h, d, M, &one, t, dx, t, dx, t, dx, &zero, other, dy),
                    LITDNN_STATUS_BAD_PARAM_SHAPE_MISMATCH, "dxDesc", "backward: dx of another shape");
    t_assert_status(litdnnLRNCrossChannelBackward(h, d, M, &one, t, dx, other, dx, t, dx, &zero, t, dy),
                    LITDNN_STATUS_BAD_PARAM_SHAPE_MISMATCH, "dyDesc", "backward: dy of another shape");
    t_assert_status(litdnnLRNCrossChannelBackward(h, d, M, &one, t, dx, t, NULL, t, dx, &zero, t, dy),
                    LITDNN_STATUS_BAD_PARAM_NULL_POINTER, "dy", "backward: null dy");
    t_assert_status(litdnnLRNCrossChannelBackward(h, d, (litdnnLRNMode_t)3, &one, t, dx, t, dx, t, dx, &zero, t, dy),
                    LITDNN_STATUS_BAD_PARAM_OUT_OF_BOUND, "lrnMode", "backward: bad mode");
    float *got = t_dev_fetch(h, dy, n);
    t_assert_close_f(got, marker, n, 0, 0, "output after refused calls");
    free(got);
    /* zero and negative sizes never make a descriptor */
    t_assert_status(litdnnSetTensor4dDescriptor(unset, LITDNN_TENSOR_NCHW, LITDNN_DATA_FLOAT, 2, 0, 4, 4),
                    LITDNN_STATUS_BAD_PARAM_OUT_OF_BOUND, "c", "zero channels");
    t_assert_status(litdnnSetTensor4dDescriptor(unset, LITDNN_TENSOR_NCHW, LITDNN_DATA_FLOAT, 2, 3, -4, 4),
                    LITDNN_STATUS_BAD_PARAM_OUT_OF_BOUND, "h", "negative height");
    t_dev_free(h, dx); t_dev_free(h, dy);
    free(x);
    litdnnDestroyLRNDescriptor(d);
    litdnnDestroyTensorDescriptor(t); litdnnDestroyTensorDescriptor(other); litdnnDestroyTensorDescriptor(unset);
    litdnnDestroyTensorDescriptor(five);
    litdnnDestroy(h);
  }
}
