/* Activations: every mode x every stage x every backend, against a
 * double-precision reference computed here, on odd sizes, misaligned
 * pointers, NCHW, NHWC, mixed and strided layouts, several alpha/beta
 * pairs; the backward pass also against central finite differences of the
 * forward pass; NaN propagation; and every bad input of every function.
 * One Criterion case per (op, stage, backend, problem): the vec4 stage
 * must run every layout it takes (all tensors packed alike) and refuse
 * the others, naming itself, with the output untouched. */
#include "common.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Tolerance of the comparisons with the double reference, relative to the
 * sum of the magnitudes of the terms of the formula (|alpha f| + |beta y|
 * for the forward pass, likewise for the backward pass, with the terms of
 * f' counted separately where f' is a sum). FP32 rounds each operation to
 * 2^-24 ~ 6e-8; the longest formula (approximate GELU backward) has about
 * ten roundings, and expf/tanhf/erfcf are within 2 ulp on CUDA and 1 ulp in
 * glibc; with |x| <= 3 the arguments of exp (at most ~7 in magnitude) add
 * at most 7 * 3 roundings of relative error. All told well under 3e-6;
 * 4e-6 leaves a margin and is still far below 1e-5. */
#define RTOL 4e-6

/* A coefficient that matters for every mode that has one (ELU's is not 1,
   so a kernel that forgot it fails). */
static double coef_of(int mode)
{
  switch (mode) {
  case LITDNN_ACTIVATION_CLIPPED_RELU: return 2.5;
  case LITDNN_ACTIVATION_ELU: return 0.7;
  case LITDNN_ACTIVATION_SWISH: return 1.25;
  case LITDNN_ACTIVATION_LEAKY_RELU: return 0.1;
  default: return 0.0;
  }
}

static int relu_family(int mode)
{
  return mode == LITDNN_ACTIVATION_RELU || mode == LITDNN_ACTIVATION_CLIPPED_RELU ||
         mode == LITDNN_ACTIVATION_LEAKY_RELU;
}

/* ---- the reference, in double ---- */
typedef struct {
  double value, mag; /* mag: sum of |terms|, the scale of the rounding error */
} ref_t;

static double sigm(double x) { return 1.0 / (1.0 + exp(-x)); }
static const double gk = 0.79788456080286535588, ga = 0.044715;

static ref_t ref_forward(int mode, int prop, double c, double x)
{
  ref_t r = {0, 0};
  if (isnan(x) && relu_family(mode)) {
    r.value = prop ? NAN : 0.0;
    return r;
  }
  switch (mode) {
  case LITDNN_ACTIVATION_SIGMOID: r.value = sigm(x); break;
  case LITDNN_ACTIVATION_RELU: r.value = x > 0 ? x : 0; break;
  case LITDNN_ACTIVATION_TANH: r.value = tanh(x); break;
  case LITDNN_ACTIVATION_CLIPPED_RELU: r.value = x <= 0 ? 0 : x < c ? x : c; break;
  case LITDNN_ACTIVATION_ELU: r.value = x > 0 ? x : c * expm1(x); break;
  case LITDNN_ACTIVATION_IDENTITY: r.value = x; break;
  case LITDNN_ACTIVATION_SWISH: r.value = x * sigm(c * x); break;
  case LITDNN_ACTIVATION_LEAKY_RELU: r.value = x > 0 ? x : c * x; break;
  case LITDNN_ACTIVATION_GELU: r.value = 0.5 * x * erfc(-x / sqrt(2.0)); break;
  case LITDNN_ACTIVATION_GELU_TANH: r.value = x * sigm(2 * gk * (x + ga * x * x * x)); break;
  }
  r.mag = fabs(r.value);
  return r;
}

static ref_t ref_backward(int mode, int prop, double c, double y, double x, double dy)
{
  ref_t r = {0, 0};
  double g = 0, m;
  if (isnan(x) && relu_family(mode)) {
    r.value = prop ? NAN : 0.0;
    return r;
  }
  switch (mode) {
  case LITDNN_ACTIVATION_SIGMOID: g = y * (1 - y); break;
  case LITDNN_ACTIVATION_RELU: g = x > 0 ? 1 : 0; break;
  case LITDNN_ACTIVATION_TANH: g = (1 - y) * (1 + y); break;
  case LITDNN_ACTIVATION_CLIPPED_RELU: g = x > 0 && x < c ? 1 : 0; break;
  case LITDNN_ACTIVATION_ELU: g = x > 0 ? 1 : c * exp(x); break;
  case LITDNN_ACTIVATION_IDENTITY: g = 1; break;
  case LITDNN_ACTIVATION_LEAKY_RELU: g = x > 0 ? 1 : c; break;
  case LITDNN_ACTIVATION_SWISH: {
    double s = sigm(c * x), t = c * x * s * (1 - s);
    r.value = dy * (s + t);
    r.mag = fabs(dy) * (fabs(s) + fabs(t));
    return r;
  }
  case LITDNN_ACTIVATION_GELU: {
    double p = 0.5 * erfc(-x / sqrt(2.0)), t = x * exp(-0.5 * x * x) / sqrt(2 * M_PI);
    r.value = dy * (p + t);
    r.mag = fabs(dy) * (fabs(p) + fabs(t));
    return r;
  }
  case LITDNN_ACTIVATION_GELU_TANH: {
    double s = sigm(2 * gk * (x + ga * x * x * x)), du = gk * (1 + 3 * ga * x * x);
    double t = 2 * x * du * s * (1 - s);
    r.value = dy * (s + t);
    r.mag = fabs(dy) * (fabs(s) + fabs(t));
    return r;
  }
  }
  m = g * dy;
  r.value = m;
  r.mag = fabs(m);
  return r;
}

/* ---- layouts ---- */
#define NT 4 /* tensors per case: forward uses 0 (x) and 1 (y) */
typedef struct {
  char name[64];
  int dims[4];
  int strides[NT][4];
  int offset[NT]; /* elements between the allocation and the pointer */
} layout_case;

static void packed(int nhwc, const int d[4], int s[4])
{
  if (nhwc) {
    s[1] = 1, s[3] = d[1], s[2] = d[3] * d[1], s[0] = d[2] * d[3] * d[1];
  } else {
    s[3] = 1, s[2] = d[3], s[1] = d[2] * d[3], s[0] = d[1] * d[2] * d[3];
  }
}

/* nhwc_mask: bit k set = tensor k is NHWC; view: every second column */
static layout_case make_case(const char *name, int n, int c, int h, int w, unsigned nhwc_mask,
                             int view, int offset_mask)
{
  layout_case lc;
  memset(&lc, 0, sizeof lc);
  snprintf(lc.name, sizeof lc.name, "%s %dx%dx%dx%d", name, n, c, h, w);
  int d[4] = {n, c, h, w};
  memcpy(lc.dims, d, sizeof d);
  for (int k = 0; k < NT; k++) {
    if (view) {
      int wide[4] = {n, c, h, 2 * w};
      packed(0, wide, lc.strides[k]);
      lc.strides[k][3] = 2;
    } else {
      packed((nhwc_mask >> k) & 1, d, lc.strides[k]);
    }
    lc.offset[k] = (offset_mask >> k) & 1 ? 1 + k : 0;
  }
  return lc;
}

static int64_t span_of(const layout_case *lc, int k)
{
  int64_t s = 1;
  for (int d = 0; d < 4; d++)
    s += (int64_t)(lc->dims[d] - 1) * lc->strides[k][d];
  return s;
}

static int64_t count_of(const layout_case *lc)
{
  return (int64_t)lc->dims[0] * lc->dims[1] * lc->dims[2] * lc->dims[3];
}

static int64_t offset_of(const layout_case *lc, int k, int64_t i)
{
  int64_t off = 0;
  for (int d = 3; d >= 0; d--) {
    off += (i % lc->dims[d]) * lc->strides[k][d];
    i /= lc->dims[d];
  }
  return off;
}

static litdnnTensorDescriptor_t desc_of(const layout_case *lc, int k)
{
  litdnnTensorDescriptor_t t;
  cr_assert_eq(litdnnCreateTensorDescriptor(&t), LITDNN_STATUS_SUCCESS);
  cr_assert_eq(litdnnSetTensorNdDescriptor(t, LITDNN_DATA_FLOAT, 4, lc->dims, lc->strides[k]),
               LITDNN_STATUS_SUCCESS, "%s: %s", lc->name, litdnnGetLastErrorString());
  return t;
}

/* The cases every stage runs: sizes 1, primes, sizes with a vector tail,
   NCHW, NHWC, mixed layouts, a strided view, misaligned pointers. */
static int small_cases(layout_case *out)
{
  int n = 0;
  static const int sizes[] = {1, 3, 7, 13, 37, 1021};
  for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++)
    out[n++] = make_case("flat", 1, 1, 1, sizes[i], 0, 0, 0);
  out[n++] = make_case("NCHW", 2, 3, 5, 7, 0, 0, 0);
  out[n++] = make_case("NHWC", 2, 3, 5, 7, 0xf, 0, 0);
  out[n++] = make_case("mixed NCHW/NHWC", 2, 3, 5, 7, 0xa, 0, 0);
  out[n++] = make_case("strided view", 2, 3, 5, 7, 0, 1, 0);
  out[n++] = make_case("all misaligned", 1, 1, 1, 37, 0, 0, 0xf);
  out[n++] = make_case("output misaligned", 1, 1, 1, 1021, 0, 0, 0x8 | 0x2);
  out[n++] = make_case("NHWC misaligned", 3, 5, 2, 3, 0xf, 0, 0xf);
  return n;
}

typedef struct {
  float alpha, beta;
} blend;
static const blend blends[] = {{1.0f, 0.0f}, {0.5f, 0.0f}, {-1.25f, 0.75f}};
#define NBLENDS ((int)(sizeof blends / sizeof blends[0]))

/* Does the stage take the layout? vec4 needs the tensors the pass reads
   and writes (x and y forward; y, dy, x and dx backward) packed, all
   with the same strides; the others take every layout. */
static int stage_takes(const char *stage, const layout_case *lc, int ntensors)
{
  if (strcmp(stage, "vec4") != 0)
    return 1;
  for (int k = 0; k < ntensors; k++) {
    if (span_of(lc, k) != count_of(lc))
      return 0;
    for (int d = 0; d < 4; d++)
      if (lc->dims[d] > 1 && lc->strides[k][d] != lc->strides[0][d])
        return 0;
  }
  return 1;
}

/* ---- running one problem in one case ---- */
typedef struct {
  litdnnHandle_t h;
  const t_case *tc;
  litdnnActivationDescriptor_t act;
  int mode, prop;
  double coef; /* as the kernels see it: rounded to float */
} ctx;

static ctx open_ctx(const t_case *tc, int mode, int prop)
{
  ctx c;
  c.tc = tc;
  c.h = t_case_handle(tc);
  cr_assert_eq(litdnnCreateActivationDescriptor(&c.act), LITDNN_STATUS_SUCCESS);
  c.mode = mode;
  c.prop = prop;
  c.coef = (float)coef_of(mode);
  cr_assert_eq(litdnnSetActivationDescriptor(c.act, (litdnnActivationMode_t)mode,
                                             (litdnnNanPropagation_t)prop, coef_of(mode)),
               LITDNN_STATUS_SUCCESS);
  return c;
}

static void close_ctx(ctx *c)
{
  litdnnDestroyActivationDescriptor(c->act);
  litdnnDestroy(c->h);
}

/* Compare the view's elements with the reference and check that no
   element outside the view (gaps, the bytes before a misaligned pointer)
   was touched: they were poisoned with NaN and must still be NaN. */
static void check_output(const ctx *c, const char *dir, const layout_case *lc, int k, blend b,
                         const float *got_buf, int64_t alloc, const double *ref, const double *mag)
{
  int64_t n = count_of(lc);
  char *in_view = calloc((size_t)alloc, 1);
  for (int64_t i = 0; i < n; i++) {
    int64_t o = lc->offset[k] + offset_of(lc, k, i);
    in_view[o] = 1;
    float got = got_buf[o];
    int ok = isnan(ref[i]) ? isnan(got) : fabs((double)got - ref[i]) <= RTOL * mag[i];
    if (!ok)
      cr_assert_fail("%s %s, %s, %s, alpha %g beta %g, nan %s: element %lld: got %.9g, "
                     "expected %.9g (tolerance %.3g); seed %llu (LITDNN_TEST_SEED=%llu repeats it)",
                     litdnnGetActivationModeName((litdnnActivationMode_t)c->mode), dir, t_case_name(c->tc),
                     lc->name, b.alpha, b.beta,
                     c->prop ? "propagated" : "not propagated", (long long)i, got, ref[i],
                     RTOL * mag[i], (unsigned long long)t_seed(), (unsigned long long)t_seed());
  }
  for (int64_t o = 0; o < alloc; o++)
    if (!in_view[o] && !isnan(got_buf[o]))
      cr_assert_fail("%s %s, %s, %s: wrote %.9g at buffer position %lld, outside the "
                     "tensor; seed %llu", litdnnGetActivationModeName((litdnnActivationMode_t)c->mode),
                     dir, t_case_name(c->tc), lc->name, got_buf[o],
                     (long long)o, (unsigned long long)t_seed());
  free(in_view);
}

/* A host buffer for tensor k: random values in [lo, hi] at the view's
   elements, NaN everywhere else (and everywhere when poison_all). */
static float *make_buffer(const layout_case *lc, int k, int64_t *alloc, float lo, float hi,
                          int poison_all)
{
  *alloc = lc->offset[k] + span_of(lc, k);
  float *buf = malloc((size_t)*alloc * sizeof *buf);
  t_poison(buf, (size_t)*alloc);
  if (!poison_all)
    for (int64_t i = 0; i < count_of(lc); i++)
      buf[lc->offset[k] + offset_of(lc, k, i)] = t_uniform(lo, hi);
  return buf;
}

/* After a call on layout lc whose output buffer (alloc floats on the
   device at dev) held before: a stage that takes the layout (and the
   handle's own choice) must have run, and the caller compares; one that
   does not must refuse with NOT_SUPPORTED, naming itself, and leave the
   whole buffer as it was. Called right after the call, whose message
   the next call of the library would clear. */
static int ran(const ctx *c, litdnnStatus_t s, int takes, const char *dir, const layout_case *lc,
               const void *dev, const float *before, int64_t alloc)
{
  char msg[512];
  snprintf(msg, sizeof msg, "%s", litdnnGetLastErrorString());
  if (c->tc->stage == LITDNN_STAGE_AUTOMATIC || takes) {
    cr_assert_eq(s, LITDNN_STATUS_SUCCESS, "%s on %s, %s: %s", dir, lc->name, t_case_name(c->tc), msg);
    return 1;
  }
  cr_assert(s == LITDNN_STATUS_NOT_SUPPORTED && strstr(msg, t_case_stage(c->tc)) && strstr(msg, "does not apply"),
            "%s on %s, %s: returned %s, expected LITDNN_STATUS_NOT_SUPPORTED naming the stage (message: %s)", dir,
            lc->name, t_case_name(c->tc), litdnnGetErrorString(s), msg);
  float *now = t_dev_fetch(c->h, dev, (size_t)alloc);
  cr_assert(memcmp(now, before, (size_t)alloc * sizeof *now) == 0, "%s on %s, %s: a refused call wrote its output",
            dir, lc->name, t_case_name(c->tc));
  free(now);
  return 0;
}

static void run_forward_case(const ctx *c, const layout_case *lc, blend b)
{
  int64_t n = count_of(lc), ax, ay;
  float *x = make_buffer(lc, 0, &ax, -3.0f, 3.0f, 0);
  float *y = make_buffer(lc, 1, &ay, -2.0f, 2.0f, b.beta == 0.0f);
  double *ref = malloc((size_t)n * sizeof *ref), *mag = malloc((size_t)n * sizeof *mag);
  for (int64_t i = 0; i < n; i++) {
    float xi = x[lc->offset[0] + offset_of(lc, 0, i)];
    ref_t r = ref_forward(c->mode, c->prop, c->coef, xi);
    double old = b.beta != 0.0f ? y[lc->offset[1] + offset_of(lc, 1, i)] : 0.0;
    ref[i] = b.alpha * r.value + b.beta * old;
    mag[i] = fabs(b.alpha) * r.mag + fabs(b.beta * old);
  }
  float *dx_ = t_dev_from_host(c->h, x, (size_t)ax), *dy_ = t_dev_from_host(c->h, y, (size_t)ay);
  litdnnTensorDescriptor_t xd = desc_of(lc, 0), yd = desc_of(lc, 1);
  int takes = stage_takes(t_case_stage(c->tc), lc, 2);   /* asked before the call: the next call clears its message */
  litdnnStatus_t s = litdnnActivationForward(c->h, c->act, &b.alpha, xd, dx_ + lc->offset[0], &b.beta,
                                             yd, dy_ + lc->offset[1]);
  if (ran(c, s, takes, "forward", lc, dy_, y, ay)) {
    t_dev_to_host(c->h, y, dy_, (size_t)ay);
    check_output(c, "forward", lc, 1, b, y, ay, ref, mag);
  }
  litdnnDestroyTensorDescriptor(xd);
  litdnnDestroyTensorDescriptor(yd);
  t_dev_free(c->h, dx_);
  t_dev_free(c->h, dy_);
  free(x), free(y), free(ref), free(mag);
}

/* Backward: y is the forward output of x (as a caller would pass it), dy
   random; tensors 0..3 are y, dy, x, dx. */
static void run_backward_case(const ctx *c, const layout_case *lc, blend b)
{
  int64_t n = count_of(lc), ay, ady, ax, adx;
  float *x = make_buffer(lc, 2, &ax, -3.0f, 3.0f, 0);
  float *y = make_buffer(lc, 0, &ay, 0, 0, 1);
  float *dy = make_buffer(lc, 1, &ady, -1.0f, 1.0f, 0);
  float *dx = make_buffer(lc, 3, &adx, -2.0f, 2.0f, b.beta == 0.0f);
  double *ref = malloc((size_t)n * sizeof *ref), *mag = malloc((size_t)n * sizeof *mag);
  for (int64_t i = 0; i < n; i++) {
    float xi = x[lc->offset[2] + offset_of(lc, 2, i)];
    float yi = (float)ref_forward(c->mode, c->prop, c->coef, xi).value;
    y[lc->offset[0] + offset_of(lc, 0, i)] = yi;
    float dyi = dy[lc->offset[1] + offset_of(lc, 1, i)];
    ref_t r = ref_backward(c->mode, c->prop, c->coef, yi, xi, dyi);
    double old = b.beta != 0.0f ? dx[lc->offset[3] + offset_of(lc, 3, i)] : 0.0;
    ref[i] = b.alpha * r.value + b.beta * old;
    mag[i] = fabs(b.alpha) * r.mag + fabs(b.beta * old);
  }
  float *d_y = t_dev_from_host(c->h, y, (size_t)ay), *d_dy = t_dev_from_host(c->h, dy, (size_t)ady);
  float *d_x = t_dev_from_host(c->h, x, (size_t)ax), *d_dx = t_dev_from_host(c->h, dx, (size_t)adx);
  litdnnTensorDescriptor_t yd = desc_of(lc, 0), dyd = desc_of(lc, 1), xd = desc_of(lc, 2),
                           dxd = desc_of(lc, 3);
  int takes = stage_takes(t_case_stage(c->tc), lc, 4);   /* asked before the call: the next call clears its message */
  litdnnStatus_t s = litdnnActivationBackward(c->h, c->act, &b.alpha, yd, d_y + lc->offset[0], dyd,
                                              d_dy + lc->offset[1], xd, d_x + lc->offset[2], &b.beta,
                                              dxd, d_dx + lc->offset[3]);
  if (ran(c, s, takes, "backward", lc, d_dx, dx, adx)) {
    t_dev_to_host(c->h, dx, d_dx, (size_t)adx);
    check_output(c, "backward", lc, 3, b, dx, adx, ref, mag);
  }
  litdnnDestroyTensorDescriptor(yd);
  litdnnDestroyTensorDescriptor(dyd);
  litdnnDestroyTensorDescriptor(xd);
  litdnnDestroyTensorDescriptor(dxd);
  t_dev_free(c->h, d_y), t_dev_free(c->h, d_dy), t_dev_free(c->h, d_x), t_dev_free(c->h, d_dx);
  free(x), free(y), free(dy), free(dx), free(ref), free(mag);
}

/* The layouts of a case: problem p of the lists below. The small cases
   run with every blend, the larger one with the last. */
#define NSMALL 13
#define NPROBLEMS (NSMALL + 1)

static layout_case problem_of(int p, int *nblends)
{
  layout_case cases[16];
  int n = small_cases(cases);
  cr_assert_eq(n, NSMALL, "small_cases has %d layouts; NSMALL says %d", n, NSMALL);
  *nblends = p < NSMALL ? NBLENDS : 1;
  return p < NSMALL ? cases[p] : make_case("larger", 4, 16, 17, 19, 0, 0, 0);
}

/* One case, one mode: its layout with each blend, both NaN options for
   the ReLU family (the inputs here hold no NaN; see the nan tests). */
static void check_mode(const t_case *tc, int mode)
{
  int nblends;
  layout_case lc = problem_of(tc->problem, &nblends);
  for (int prop = 0; prop <= relu_family(mode); prop++) {
    ctx c = open_ctx(tc, mode, prop);
    for (int b = 0; b < nblends; b++)
      (tc->op == LITDNN_OP_ACTIVATION_FORWARD ? run_forward_case : run_backward_case)(
          &c, &lc, blends[nblends == 1 ? NBLENDS - 1 : b]);
    close_ctx(&c);
  }
}

/* ---- finite differences ---- */
/* The backward pass of every stage against (f(x+h) - f(x-h)) / 2h of the
   forward pass of the same stage, at points at least 0.1 away from every
   kink (0, and the ceiling of clipped ReLU). With h = 1e-2: the FP32
   forward values (|f| <= 3, a few ulp) carry ~4e-7 of rounding, divided by
   2h that is ~2e-5; the truncation error h^2/6 |f'''| is below 2e-5 for
   these functions on [-3, 3] (|f'''| <= 1 with the coefficients used). A
   tolerance of 5e-4 (1 + |f'|) is ten times both, and still catches a
   missing coefficient or a wrong sign, which are off by 0.1 or more. */
static float away_from_kinks(int mode, double c)
{
  for (;;) {
    float x = t_uniform(-3.0f, 3.0f);
    if (fabsf(x) < 0.1f)
      continue;
    if (mode == LITDNN_ACTIVATION_CLIPPED_RELU && fabs(x - c) < 0.1)
      continue;
    return x;
  }
}

static void check_finite_differences(const t_case *tc, int mode)
{
  enum { N = 257 };
  const float h = 1e-2f, one = 1.0f, zero = 0.0f;
  ctx c = open_ctx(tc, mode, 0);
  /* the forward pass of the same stage: same backend, same stage index */
  cr_assert_eq(litdnnSetStage(c.h, LITDNN_OP_ACTIVATION_FORWARD, tc->stage), LITDNN_STATUS_SUCCESS);
  float x[N], xp[N], xm[N], ones[N], out[N];
  for (int i = 0; i < N; i++) {
    x[i] = away_from_kinks(mode, c.coef);
    xp[i] = x[i] + h;
    xm[i] = x[i] - h;
    ones[i] = 1.0f;
  }
  layout_case lc = make_case("fd", 1, 1, 1, N, 0, 0, 0);
  litdnnTensorDescriptor_t t = desc_of(&lc, 0);
  float *d_x = t_dev_from_host(c.h, x, N), *d_xp = t_dev_from_host(c.h, xp, N);
  float *d_xm = t_dev_from_host(c.h, xm, N), *d_ones = t_dev_from_host(c.h, ones, N);
  float *d_y = t_dev_poisoned(c.h, N), *d_yp = t_dev_poisoned(c.h, N), *d_ym = t_dev_poisoned(c.h, N);
  float *d_dx = t_dev_poisoned(c.h, N);
  cr_assert_eq(litdnnActivationForward(c.h, c.act, &one, t, d_x, &zero, t, d_y), LITDNN_STATUS_SUCCESS);
  cr_assert_eq(litdnnActivationForward(c.h, c.act, &one, t, d_xp, &zero, t, d_yp), LITDNN_STATUS_SUCCESS);
  cr_assert_eq(litdnnActivationForward(c.h, c.act, &one, t, d_xm, &zero, t, d_ym), LITDNN_STATUS_SUCCESS);
  cr_assert_eq(litdnnActivationBackward(c.h, c.act, &one, t, d_y, t, d_ones, t, d_x, &zero, t, d_dx),
               LITDNN_STATUS_SUCCESS, "%s", litdnnGetLastErrorString());
  float yp[N], ym[N];
  t_dev_to_host(c.h, yp, d_yp, N);
  t_dev_to_host(c.h, ym, d_ym, N);
  t_dev_to_host(c.h, out, d_dx, N);
  for (int i = 0; i < N; i++) {
    double fd = ((double)yp[i] - ym[i]) / ((double)xp[i] - xm[i]);
    cr_assert(fabs(out[i] - fd) <= 5e-4 * (1 + fabs(fd)),
              "%s backward, %s: at x = %.9g the gradient is %.9g but the central "
              "difference of the forward pass is %.9g; seed %llu",
              litdnnGetActivationModeName((litdnnActivationMode_t)mode), t_case_name(tc), x[i], out[i], fd,
              (unsigned long long)t_seed());
  }
  float *bufs[] = {d_x, d_xp, d_xm, d_ones, d_y, d_yp, d_ym, d_dx};
  for (size_t i = 0; i < sizeof bufs / sizeof bufs[0]; i++)
    t_dev_free(c.h, bufs[i]);
  litdnnDestroyTensorDescriptor(t);
  close_ctx(&c);
}

#define MODE_TESTS(name, mode)                                                                       \
  ParameterizedTestParameters(activation_forward, name) { return t_cases(LITDNN_OP_ACTIVATION_FORWARD, NPROBLEMS); } \
  ParameterizedTest(t_case *c, activation_forward, name) { check_mode(c, mode); }                    \
  ParameterizedTestParameters(activation_backward, name) { return t_cases(LITDNN_OP_ACTIVATION_BACKWARD, NPROBLEMS); } \
  ParameterizedTest(t_case *c, activation_backward, name) { check_mode(c, mode); }                   \
  ParameterizedTestParameters(activation_gradient, name) { return t_cases(LITDNN_OP_ACTIVATION_BACKWARD, 1); } \
  ParameterizedTest(t_case *c, activation_gradient, name) { check_finite_differences(c, mode); }

MODE_TESTS(sigmoid, LITDNN_ACTIVATION_SIGMOID)
MODE_TESTS(relu, LITDNN_ACTIVATION_RELU)
MODE_TESTS(tanh, LITDNN_ACTIVATION_TANH)
MODE_TESTS(clipped_relu, LITDNN_ACTIVATION_CLIPPED_RELU)
MODE_TESTS(elu, LITDNN_ACTIVATION_ELU)
MODE_TESTS(identity, LITDNN_ACTIVATION_IDENTITY)
MODE_TESTS(swish, LITDNN_ACTIVATION_SWISH)
MODE_TESTS(leaky_relu, LITDNN_ACTIVATION_LEAKY_RELU)
MODE_TESTS(gelu, LITDNN_ACTIVATION_GELU)
MODE_TESTS(gelu_tanh, LITDNN_ACTIVATION_GELU_TANH)

/* Coverage: vec4 takes some of the layouts and refuses others, in each
   direction, so the run and the refusal are both exercised. */
Test(activation_stages, vec4_takes_some_layouts_and_not_others)
{
  for (int ntensors = 2; ntensors <= 4; ntensors += 2) {
    int takes = 0, refuses = 0;
    for (int p = 0; p < NPROBLEMS; p++) {
      int nb;
      layout_case lc = problem_of(p, &nb);
      takes += stage_takes("vec4", &lc, ntensors);
      refuses += !stage_takes("vec4", &lc, ntensors);
    }
    cr_expect(takes > 0 && refuses > 0, "%s: vec4 takes %d layouts and refuses %d",
              ntensors == 2 ? "forward" : "backward", takes, refuses);
  }
}

/* ---- NaN propagation ---- */
/* A NaN in x: the ReLU family follows reluNanOpt (NaN, or 0), the smooth
   modes always give NaN. Every stage, forward and backward, 41 elements
   with NaN at every third one (so both the vector body and the tail of
   the vec4 stage see NaN). */
static void check_nan(const t_case *tc, int mode, int prop)
{
  enum { N = 41 };
  const float one = 1.0f, zero = 0.0f;
  float x[N], y[N], dy[N], out[N];
  double ref[N], mag[N];
  for (int i = 0; i < N; i++) {
    x[i] = i % 3 == 0 ? NAN : t_uniform(-3.0f, 3.0f);
    y[i] = (float)ref_forward(mode, prop, (float)coef_of(mode), x[i]).value;
    dy[i] = t_uniform(-1.0f, 1.0f);
  }
  layout_case lc = make_case("nan", 1, 1, 1, N, 0, 0, 0);
  blend b = {1.0f, 0.0f};
  int op = tc->op;
  ctx c = open_ctx(tc, mode, prop);
  litdnnTensorDescriptor_t t = desc_of(&lc, 0);
  float *d_x = t_dev_from_host(c.h, x, N), *d_y = t_dev_from_host(c.h, y, N);
  float *d_dy = t_dev_from_host(c.h, dy, N), *d_out = t_dev_poisoned(c.h, N);
  litdnnStatus_t s =
      op == LITDNN_OP_ACTIVATION_FORWARD
          ? litdnnActivationForward(c.h, c.act, &one, t, d_x, &zero, t, d_out)
          : litdnnActivationBackward(c.h, c.act, &one, t, d_y, t, d_dy, t, d_x, &zero, t, d_out);
  cr_assert_eq(s, LITDNN_STATUS_SUCCESS, "%s", litdnnGetLastErrorString());
  t_dev_to_host(c.h, out, d_out, N);
  for (int i = 0; i < N; i++) {
    ref_t rr = op == LITDNN_OP_ACTIVATION_FORWARD ? ref_forward(mode, prop, c.coef, x[i])
                                                  : ref_backward(mode, prop, c.coef, y[i], x[i], dy[i]);
    ref[i] = rr.value;
    mag[i] = rr.mag;
  }
  /* every NaN input must give exactly what reluNanOpt says */
  for (int i = 0; i < N; i += 3)
    cr_assert(relu_family(mode) && !prop ? out[i] == 0.0f : isnan(out[i]),
              "%s %s (nan %s), %s: x = NaN gave %g", litdnnGetActivationModeName((litdnnActivationMode_t)mode),
              op == LITDNN_OP_ACTIVATION_FORWARD ? "forward" : "backward", prop ? "propagated" : "not propagated",
              t_case_name(tc), out[i]);
  float all[N];
  memcpy(all, out, sizeof all);
  check_output(&c, op == LITDNN_OP_ACTIVATION_FORWARD ? "forward" : "backward", &lc, 0, b, all, N, ref, mag);
  t_dev_free(c.h, d_x), t_dev_free(c.h, d_y), t_dev_free(c.h, d_dy), t_dev_free(c.h, d_out);
  litdnnDestroyTensorDescriptor(t);
  close_ctx(&c);
}

static void relu_family_follows_relu_nan_opt(const t_case *tc)
{
  for (int prop = 0; prop <= 1; prop++) {
    check_nan(tc, LITDNN_ACTIVATION_RELU, prop);
    check_nan(tc, LITDNN_ACTIVATION_CLIPPED_RELU, prop);
    check_nan(tc, LITDNN_ACTIVATION_LEAKY_RELU, prop);
  }
}

static void smooth_modes_always_propagate(const t_case *tc)
{
  check_nan(tc, LITDNN_ACTIVATION_SIGMOID, 0);
  check_nan(tc, LITDNN_ACTIVATION_ELU, 0);
  check_nan(tc, LITDNN_ACTIVATION_GELU, 0);
}

#define NAN_TEST(name)                                                                                  \
  ParameterizedTestParameters(activation_nan, forward_##name) { return t_cases(LITDNN_OP_ACTIVATION_FORWARD, 1); } \
  ParameterizedTest(t_case *c, activation_nan, forward_##name) { name(c); }                            \
  ParameterizedTestParameters(activation_nan, backward_##name) { return t_cases(LITDNN_OP_ACTIVATION_BACKWARD, 1); } \
  ParameterizedTest(t_case *c, activation_nan, backward_##name) { name(c); }

NAN_TEST(relu_family_follows_relu_nan_opt)
NAN_TEST(smooth_modes_always_propagate)

/* ---- in place ---- */
ParameterizedTestParameters(activation_forward, in_place_on_every_stage)
{
  return t_cases(LITDNN_OP_ACTIVATION_FORWARD, 1);
}
ParameterizedTest(t_case *tc, activation_forward, in_place_on_every_stage)
{
  layout_case lc = make_case("in place", 2, 3, 5, 7, 0, 0, 0);
  int64_t n = count_of(&lc);
  const float alpha = 1.5f, beta = 0.0f;
  ctx c = open_ctx(tc, LITDNN_ACTIVATION_SWISH, 0);
  float *x = t_random((size_t)n, -3.0f, 3.0f), *out = malloc((size_t)n * sizeof *out);
  double *ref = malloc((size_t)n * sizeof *ref), *mag = malloc((size_t)n * sizeof *mag);
  for (int64_t i = 0; i < n; i++) {
    ref_t rr = ref_forward(c.mode, 0, c.coef, x[i]);
    ref[i] = alpha * rr.value;
    mag[i] = alpha * rr.mag;
  }
  litdnnTensorDescriptor_t t = desc_of(&lc, 0);
  float *d = t_dev_from_host(c.h, x, (size_t)n);
  cr_assert_eq(litdnnActivationForward(c.h, c.act, &alpha, t, d, &beta, t, d), LITDNN_STATUS_SUCCESS);
  t_dev_to_host(c.h, out, d, (size_t)n);
  check_output(&c, "forward in place", &lc, 0, (blend){alpha, beta}, out, n, ref, mag);
  t_dev_free(c.h, d);
  litdnnDestroyTensorDescriptor(t);
  free(x), free(out), free(ref), free(mag);
  close_ctx(&c);
}

/* ---- the stage tables ---- */
Test(activation_stages, three_stages_each)
{
  static const char *const names[] = {"cpu", "naive", "vec4"};
  for (int op = LITDNN_OP_ACTIVATION_FORWARD; op <= LITDNN_OP_ACTIVATION_BACKWARD; op++) {
    int count = 0;
    cr_assert_eq(litdnnGetStageCount((litdnnOp_t)op, &count), LITDNN_STATUS_SUCCESS);
    cr_assert_eq(count, 3);
    for (int s = 0; s < count; s++) {
      const char *name, *idea;
      unsigned mask;
      cr_assert_eq(litdnnGetStageInfo((litdnnOp_t)op, s, &name, &idea, &mask), LITDNN_STATUS_SUCCESS);
      cr_assert_str_eq(name, names[s]);
      cr_assert(strlen(idea) > 0);
      cr_assert_eq(mask & LITDNN_BACKEND_BIT(LITDNN_BACKEND_CPU), s == 0 ? LITDNN_BACKEND_BIT(LITDNN_BACKEND_CPU) : 0u);
    }
  }
  cr_assert_str_eq(litdnnGetOpName(LITDNN_OP_ACTIVATION_FORWARD), "activation forward");
  cr_assert_str_eq(litdnnGetOpName(LITDNN_OP_ACTIVATION_BACKWARD), "activation backward");
}

static int automatic_only(litdnnOp_t op, int stage)
{
  (void)op;
  return stage == LITDNN_STAGE_AUTOMATIC;
}

/* the last stage that runs is the default: the reference on the cpu,
   vec4 on the emulator and on a GPU (asked by name, not by position) */
#define DEFAULT_TEST(name, op_)                                                                         \
  ParameterizedTestParameters(activation_stages, name) { return t_cases_if(op_, 1, automatic_only); }  \
  ParameterizedTest(t_case *c, activation_stages, name)                                               \
  {                                                                                                   \
    litdnnHandle_t h = t_case_handle(c);                                                              \
    const char *want = c->backend == LITDNN_BACKEND_CPU ? "cpu" : "vec4";                             \
    int chosen = -2, expected = -3;                                                                   \
    cr_assert_eq(litdnnGetStageByName(op_, want, &expected), LITDNN_STATUS_SUCCESS, "%s",             \
                 litdnnGetLastErrorString());                                                         \
    cr_assert_eq(litdnnGetStage(h, op_, &chosen), LITDNN_STATUS_SUCCESS);                             \
    cr_assert_eq(chosen, expected, "%s: stage %d, not %s (%d)", t_case_name(c), chosen, want, expected); \
    litdnnDestroy(h);                                                                                 \
  }
DEFAULT_TEST(the_last_stage_is_the_forward_default, LITDNN_OP_ACTIVATION_FORWARD)
DEFAULT_TEST(the_last_stage_is_the_backward_default, LITDNN_OP_ACTIVATION_BACKWARD)

/* ---- bad input: exact status, a message naming the culprit, outputs untouched ---- */
Test(activation_descriptor, set_get_destroy_and_their_bad_input)
{
  litdnnActivationDescriptor_t a;
  t_assert_status(litdnnCreateActivationDescriptor(NULL), LITDNN_STATUS_BAD_PARAM_NULL_POINTER,
                  "litdnnCreateActivationDescriptor: activationDesc is a null pointer", "create(NULL)");
  cr_assert_eq(litdnnCreateActivationDescriptor(&a), LITDNN_STATUS_SUCCESS);

  litdnnActivationMode_t mode = (litdnnActivationMode_t)77;
  litdnnNanPropagation_t nan = (litdnnNanPropagation_t)77;
  double coef = 77;
  t_assert_status(litdnnGetActivationDescriptor(a, &mode, &nan, &coef), LITDNN_STATUS_BAD_PARAM_NOT_FINALIZED,
                  "activationDesc was never set", "get of an unset descriptor");
  cr_assert(mode == 77 && nan == 77 && coef == 77, "a failing get wrote its outputs");

  cr_assert_eq(litdnnSetActivationDescriptor(a, LITDNN_ACTIVATION_CLIPPED_RELU, LITDNN_PROPAGATE_NAN, 6.0),
               LITDNN_STATUS_SUCCESS);
  t_assert_status(litdnnSetActivationDescriptor(NULL, LITDNN_ACTIVATION_RELU, LITDNN_NOT_PROPAGATE_NAN, 0),
                  LITDNN_STATUS_BAD_PARAM_NULL_POINTER, "activationDesc is a null pointer", "set(NULL)");
  t_assert_status(litdnnSetActivationDescriptor(a, (litdnnActivationMode_t)10, LITDNN_NOT_PROPAGATE_NAN, 0),
                  LITDNN_STATUS_BAD_PARAM_OUT_OF_BOUND, "mode = 10 is not a litdnnActivationMode_t", "mode 10");
  t_assert_status(litdnnSetActivationDescriptor(a, (litdnnActivationMode_t)-1, LITDNN_NOT_PROPAGATE_NAN, 0),
                  LITDNN_STATUS_BAD_PARAM_OUT_OF_BOUND, "mode = -1", "mode -1");
  t_assert_status(litdnnSetActivationDescriptor(a, LITDNN_ACTIVATION_RELU, (litdnnNanPropagation_t)2, 0),
                  LITDNN_STATUS_BAD_PARAM_OUT_OF_BOUND, "reluNanOpt = 2", "reluNanOpt 2");
  t_assert_status(litdnnSetActivationDescriptor(a, LITDNN_ACTIVATION_CLIPPED_RELU, LITDNN_NOT_PROPAGATE_NAN, -1),
                  LITDNN_STATUS_BAD_PARAM_OUT_OF_BOUND, "coef = -1: the ceiling of clipped_relu must be positive",
                  "negative ceiling");
  t_assert_status(litdnnSetActivationDescriptor(a, LITDNN_ACTIVATION_CLIPPED_RELU, LITDNN_NOT_PROPAGATE_NAN, 0),
                  LITDNN_STATUS_BAD_PARAM_OUT_OF_BOUND, "coef = 0", "zero ceiling");
  t_assert_status(litdnnSetActivationDescriptor(a, LITDNN_ACTIVATION_ELU, LITDNN_NOT_PROPAGATE_NAN, -0.5),
                  LITDNN_STATUS_BAD_PARAM_OUT_OF_BOUND, "coef = -0.5: the alpha of elu", "negative elu alpha");
  t_assert_status(litdnnSetActivationDescriptor(a, LITDNN_ACTIVATION_SWISH, LITDNN_NOT_PROPAGATE_NAN, NAN),
                  LITDNN_STATUS_BAD_PARAM_OUT_OF_BOUND, "is not a finite float (mode swish)", "NaN beta");
  t_assert_status(litdnnSetActivationDescriptor(a, LITDNN_ACTIVATION_LEAKY_RELU, LITDNN_NOT_PROPAGATE_NAN, 1e300),
                  LITDNN_STATUS_BAD_PARAM_OUT_OF_BOUND, "is not a finite float (mode leaky_relu)", "huge slope");
  /* a mode without a coefficient ignores it, as in cuDNN */
  cr_assert_eq(litdnnSetActivationDescriptor(a, LITDNN_ACTIVATION_RELU, LITDNN_NOT_PROPAGATE_NAN, NAN),
               LITDNN_STATUS_SUCCESS);
  cr_assert_eq(litdnnSetActivationDescriptor(a, LITDNN_ACTIVATION_CLIPPED_RELU, LITDNN_PROPAGATE_NAN, 6.0),
               LITDNN_STATUS_SUCCESS);

  /* every failure above left the descriptor as it was */
  cr_assert_eq(litdnnGetActivationDescriptor(a, &mode, &nan, &coef), LITDNN_STATUS_SUCCESS);
  cr_assert(mode == LITDNN_ACTIVATION_CLIPPED_RELU && nan == LITDNN_PROPAGATE_NAN && coef == 6.0);
  t_assert_status(litdnnGetActivationDescriptor(NULL, &mode, &nan, &coef), LITDNN_STATUS_BAD_PARAM_NULL_POINTER,
                  "activationDesc", "get(NULL)");
  t_assert_status(litdnnGetActivationDescriptor(a, NULL, &nan, &coef), LITDNN_STATUS_BAD_PARAM_NULL_POINTER,
                  "mode is a null pointer", "null mode");
  t_assert_status(litdnnGetActivationDescriptor(a, &mode, NULL, &coef), LITDNN_STATUS_BAD_PARAM_NULL_POINTER,
                  "reluNanOpt is a null pointer", "null reluNanOpt");
  mode = (litdnnActivationMode_t)77;
  t_assert_status(litdnnGetActivationDescriptor(a, &mode, &nan, NULL), LITDNN_STATUS_BAD_PARAM_NULL_POINTER,
                  "coef is a null pointer", "null coef");
  cr_assert_eq(mode, 77, "a failing get wrote mode");

  cr_assert_eq(litdnnDestroyActivationDescriptor(a), LITDNN_STATUS_SUCCESS);
  cr_assert_eq(litdnnDestroyActivationDescriptor(NULL), LITDNN_STATUS_SUCCESS);
  cr_assert_str_eq(litdnnGetActivationModeName(LITDNN_ACTIVATION_GELU_TANH), "gelu_tanh");
  cr_assert_str_eq(litdnnGetActivationModeName((litdnnActivationMode_t)42), "unknown");
}

/* Fixtures of the bad-input tests: a CPU handle (host memory, so the
   outputs are read back directly), good descriptors and buffers, and
   outputs filled with a sentinel that no failing call may change. */
enum { BAD_N = 24 };
static litdnnHandle_t bh;
static litdnnActivationDescriptor_t bact, bunset;
static litdnnTensorDescriptor_t bt, bt_other_shape, bt_double, bt_unset, bt_overlap;
static float bx[BAD_N], by[BAD_N], bdy[BAD_N], bdx[BAD_N];
static const float one = 1.0f, zero = 0.0f;

static void bad_setup(void)
{
  bh = t_handle(LITDNN_BACKEND_CPU);
  litdnnCreateActivationDescriptor(&bact);
  litdnnSetActivationDescriptor(bact, LITDNN_ACTIVATION_TANH, LITDNN_NOT_PROPAGATE_NAN, 0);
  litdnnCreateActivationDescriptor(&bunset);
  litdnnTensorDescriptor_t *ts[] = {&bt, &bt_other_shape, &bt_double, &bt_unset, &bt_overlap};
  for (size_t i = 0; i < sizeof ts / sizeof ts[0]; i++)
    litdnnCreateTensorDescriptor(ts[i]);
  litdnnSetTensor4dDescriptor(bt, LITDNN_TENSOR_NCHW, LITDNN_DATA_FLOAT, 1, 2, 3, 4);
  litdnnSetTensor4dDescriptor(bt_other_shape, LITDNN_TENSOR_NCHW, LITDNN_DATA_FLOAT, 1, 2, 4, 3);
  litdnnSetTensor4dDescriptor(bt_double, LITDNN_TENSOR_NCHW, LITDNN_DATA_DOUBLE, 1, 2, 3, 4);
  /* 1x2x3x4 whose rows overlap: h stride 2 < 4 columns */
  litdnnSetTensor4dDescriptorEx(bt_overlap, LITDNN_DATA_FLOAT, 1, 2, 3, 4, 24, 6, 2, 1);
  for (int i = 0; i < BAD_N; i++) {
    bx[i] = bdy[i] = 0.5f;
    by[i] = bdx[i] = 7.0f;
  }
}

static void bad_teardown(void)
{
  litdnnTensorDescriptor_t ts[] = {bt, bt_other_shape, bt_double, bt_unset, bt_overlap};
  for (size_t i = 0; i < sizeof ts / sizeof ts[0]; i++)
    litdnnDestroyTensorDescriptor(ts[i]);
  litdnnDestroyActivationDescriptor(bact);
  litdnnDestroyActivationDescriptor(bunset);
  litdnnDestroy(bh);
}

static void untouched(const float *out, const char *what)
{
  for (int i = 0; i < BAD_N; i++)
    cr_assert_eq(out[i], 7.0f, "%s: a failing call wrote element %d", what, i);
}

#define FWD(h, a, al, xd, x, be, yd, y) litdnnActivationForward(h, a, al, xd, x, be, yd, y)

Test(activation_bad_input, forward, .init = bad_setup, .fini = bad_teardown)
{
  static const char c[] = "litdnnActivationForward: ";
  struct {
    litdnnStatus_t status, expected;
    const char *message;
  } cases[] = {
    {FWD(NULL, bact, &one, bt, bx, &zero, bt, by), LITDNN_STATUS_BAD_PARAM_NULL_POINTER, "handle is a null pointer"},
    {FWD(bh, NULL, &one, bt, bx, &zero, bt, by), LITDNN_STATUS_BAD_PARAM_NULL_POINTER, "activationDesc is a null pointer"},
    {FWD(bh, bunset, &one, bt, bx, &zero, bt, by), LITDNN_STATUS_BAD_PARAM_NOT_FINALIZED, "activationDesc was never set"},
    {FWD(bh, bact, NULL, bt, bx, &zero, bt, by), LITDNN_STATUS_BAD_PARAM_NULL_POINTER, "alpha is a null pointer"},
    {FWD(bh, bact, &one, NULL, bx, &zero, bt, by), LITDNN_STATUS_BAD_PARAM_NULL_POINTER, "xDesc is a null pointer"},
    {FWD(bh, bact, &one, bt_unset, bx, &zero, bt, by), LITDNN_STATUS_BAD_PARAM_NOT_FINALIZED, "xDesc was never set"},
    {FWD(bh, bact, &one, bt_double, bx, &zero, bt, by), LITDNN_STATUS_NOT_SUPPORTED_DATA_TYPE, "xDesc has data type 1"},
    {FWD(bh, bact, &one, bt, NULL, &zero, bt, by), LITDNN_STATUS_BAD_PARAM_NULL_POINTER, "x is a null pointer"},
    {FWD(bh, bact, &one, bt, bx, NULL, bt, by), LITDNN_STATUS_BAD_PARAM_NULL_POINTER, "beta is a null pointer"},
    {FWD(bh, bact, &one, bt, bx, &zero, NULL, by), LITDNN_STATUS_BAD_PARAM_NULL_POINTER, "yDesc is a null pointer"},
    {FWD(bh, bact, &one, bt, bx, &zero, bt_unset, by), LITDNN_STATUS_BAD_PARAM_NOT_FINALIZED, "yDesc was never set"},
    {FWD(bh, bact, &one, bt, bx, &zero, bt_double, by), LITDNN_STATUS_NOT_SUPPORTED_DATA_TYPE, "yDesc has data type 1"},
    {FWD(bh, bact, &one, bt, bx, &zero, bt, NULL), LITDNN_STATUS_BAD_PARAM_NULL_POINTER, "y is a null pointer"},
    {FWD(bh, bact, &one, bt, bx, &zero, bt_other_shape, by), LITDNN_STATUS_BAD_PARAM_SHAPE_MISMATCH,
     "yDesc is 1x2x4x3 but xDesc is 1x2x3x4"},
    {FWD(bh, bact, &one, bt_other_shape, bx, &zero, bt, by), LITDNN_STATUS_BAD_PARAM_SHAPE_MISMATCH,
     "yDesc is 1x2x3x4 but xDesc is 1x2x4x3"},
    {FWD(bh, bact, &one, bt_overlap, bx, &zero, bt_overlap, by), LITDNN_STATUS_NOT_SUPPORTED_LAYOUT,
     "yDesc has strides that make two elements share an address"},
  };
  untouched(by, "litdnnActivationForward");
  /* messages, one call at a time */
  t_assert_status(FWD(NULL, bact, &one, bt, bx, &zero, bt, by), LITDNN_STATUS_BAD_PARAM_NULL_POINTER, c, "null handle");
  t_assert_status(FWD(bh, NULL, &one, bt, bx, &zero, bt, by), LITDNN_STATUS_BAD_PARAM_NULL_POINTER, "activationDesc is a null pointer",
                  "null desc");
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    litdnnStatus_t s;
    switch (i) {
    case 2: s = FWD(bh, bunset, &one, bt, bx, &zero, bt, by); break;
    case 3: s = FWD(bh, bact, NULL, bt, bx, &zero, bt, by); break;
    case 4: s = FWD(bh, bact, &one, NULL, bx, &zero, bt, by); break;
    case 5: s = FWD(bh, bact, &one, bt_unset, bx, &zero, bt, by); break;
    case 6: s = FWD(bh, bact, &one, bt_double, bx, &zero, bt, by); break;
    case 7: s = FWD(bh, bact, &one, bt, NULL, &zero, bt, by); break;
    case 8: s = FWD(bh, bact, &one, bt, bx, NULL, bt, by); break;
    case 9: s = FWD(bh, bact, &one, bt, bx, &zero, NULL, by); break;
    case 10: s = FWD(bh, bact, &one, bt, bx, &zero, bt_unset, by); break;
    case 11: s = FWD(bh, bact, &one, bt, bx, &zero, bt_double, by); break;
    case 12: s = FWD(bh, bact, &one, bt, bx, &zero, bt, NULL); break;
    case 13: s = FWD(bh, bact, &one, bt, bx, &zero, bt_other_shape, by); break;
    case 14: s = FWD(bh, bact, &one, bt_other_shape, bx, &zero, bt, by); break;
    case 15: s = FWD(bh, bact, &one, bt_overlap, bx, &zero, bt_overlap, by); break;
    default: continue;
    }
    t_assert_status(s, cases[i].expected, cases[i].message, "litdnnActivationForward");
    cr_assert(strncmp(litdnnGetLastErrorString(), c, strlen(c)) == 0, "message '%s' does not name the call",
              litdnnGetLastErrorString());
  }
  untouched(by, "litdnnActivationForward");
  /* and the good call, for contrast, does write */
  cr_assert_eq(FWD(bh, bact, &one, bt, bx, &zero, bt, by), LITDNN_STATUS_SUCCESS);
  cr_assert_float_eq(by[0], tanhf(0.5f), 1e-6);
}

#define BWD(h, a, al, yd, y, dyd, dy, xd, x, be, dxd, dx) \
  litdnnActivationBackward(h, a, al, yd, y, dyd, dy, xd, x, be, dxd, dx)

Test(activation_bad_input, backward, .init = bad_setup, .fini = bad_teardown)
{
  static const char c[] = "litdnnActivationBackward: ";
  for (int i = 0; i < 26; i++) {
    litdnnStatus_t s, e;
    const char *m;
    switch (i) {
#define CASE(k, call, status, msg) case k: s = call; e = status; m = msg; break
      CASE(0, BWD(NULL, bact, &one, bt, by, bt, bdy, bt, bx, &zero, bt, bdx), LITDNN_STATUS_BAD_PARAM_NULL_POINTER, "handle is a null pointer");
      CASE(1, BWD(bh, NULL, &one, bt, by, bt, bdy, bt, bx, &zero, bt, bdx), LITDNN_STATUS_BAD_PARAM_NULL_POINTER, "is a null pointer");
      CASE(2, BWD(bh, bunset, &one, bt, by, bt, bdy, bt, bx, &zero, bt, bdx), LITDNN_STATUS_BAD_PARAM_NOT_FINALIZED, "activationDesc was never set");
      CASE(3, BWD(bh, bact, NULL, bt, by, bt, bdy, bt, bx, &zero, bt, bdx), LITDNN_STATUS_BAD_PARAM_NULL_POINTER, "alpha is a null pointer");
      CASE(4, BWD(bh, bact, &one, NULL, by, bt, bdy, bt, bx, &zero, bt, bdx), LITDNN_STATUS_BAD_PARAM_NULL_POINTER, "yDesc is a null pointer");
      CASE(5, BWD(bh, bact, &one, bt_unset, by, bt, bdy, bt, bx, &zero, bt, bdx), LITDNN_STATUS_BAD_PARAM_NOT_FINALIZED, "yDesc was never set");
      CASE(6, BWD(bh, bact, &one, bt, NULL, bt, bdy, bt, bx, &zero, bt, bdx), LITDNN_STATUS_BAD_PARAM_NULL_POINTER, "y is a null pointer");
      CASE(7, BWD(bh, bact, &one, bt, by, NULL, bdy, bt, bx, &zero, bt, bdx), LITDNN_STATUS_BAD_PARAM_NULL_POINTER, "dyDesc is a null pointer");
      CASE(8, BWD(bh, bact, &one, bt, by, bt_double, bdy, bt, bx, &zero, bt, bdx), LITDNN_STATUS_NOT_SUPPORTED_DATA_TYPE, "dyDesc has data type 1");
      CASE(9, BWD(bh, bact, &one, bt, by, bt, NULL, bt, bx, &zero, bt, bdx), LITDNN_STATUS_BAD_PARAM_NULL_POINTER, "dy is a null pointer");
      CASE(10, BWD(bh, bact, &one, bt, by, bt, bdy, NULL, bx, &zero, bt, bdx), LITDNN_STATUS_BAD_PARAM_NULL_POINTER, "xDesc is a null pointer");
      CASE(11, BWD(bh, bact, &one, bt, by, bt, bdy, bt_unset, bx, &zero, bt, bdx), LITDNN_STATUS_BAD_PARAM_NOT_FINALIZED, "xDesc was never set");
      CASE(12, BWD(bh, bact, &one, bt, by, bt, bdy, bt, NULL, &zero, bt, bdx), LITDNN_STATUS_BAD_PARAM_NULL_POINTER, "x is a null pointer");
      CASE(13, BWD(bh, bact, &one, bt, by, bt, bdy, bt, bx, NULL, bt, bdx), LITDNN_STATUS_BAD_PARAM_NULL_POINTER, "beta is a null pointer");
      CASE(14, BWD(bh, bact, &one, bt, by, bt, bdy, bt, bx, &zero, NULL, bdx), LITDNN_STATUS_BAD_PARAM_NULL_POINTER, "dxDesc is a null pointer");
      CASE(15, BWD(bh, bact, &one, bt, by, bt, bdy, bt, bx, &zero, bt_unset, bdx), LITDNN_STATUS_BAD_PARAM_NOT_FINALIZED, "dxDesc was never set");
      CASE(16, BWD(bh, bact, &one, bt, by, bt, bdy, bt, bx, &zero, bt_double, bdx), LITDNN_STATUS_NOT_SUPPORTED_DATA_TYPE, "dxDesc has data type 1");
      CASE(17, BWD(bh, bact, &one, bt, by, bt, bdy, bt, bx, &zero, bt, NULL), LITDNN_STATUS_BAD_PARAM_NULL_POINTER, "dx is a null pointer");
      CASE(18, BWD(bh, bact, &one, bt_other_shape, by, bt, bdy, bt, bx, &zero, bt, bdx), LITDNN_STATUS_BAD_PARAM_SHAPE_MISMATCH, "yDesc is 1x2x4x3 but dxDesc is 1x2x3x4");
      CASE(19, BWD(bh, bact, &one, bt, by, bt_other_shape, bdy, bt, bx, &zero, bt, bdx), LITDNN_STATUS_BAD_PARAM_SHAPE_MISMATCH, "dyDesc is 1x2x4x3 but dxDesc is 1x2x3x4");
      CASE(20, BWD(bh, bact, &one, bt, by, bt, bdy, bt_other_shape, bx, &zero, bt, bdx), LITDNN_STATUS_BAD_PARAM_SHAPE_MISMATCH, "xDesc is 1x2x4x3 but dxDesc is 1x2x3x4");
      CASE(21, BWD(bh, bact, &one, bt, by, bt, bdy, bt, bx, &zero, bt_other_shape, bdx), LITDNN_STATUS_BAD_PARAM_SHAPE_MISMATCH, "yDesc is 1x2x3x4 but dxDesc is 1x2x4x3");
      CASE(22, BWD(bh, bact, &one, bt_overlap, by, bt_overlap, bdy, bt_overlap, bx, &zero, bt_overlap, bdx), LITDNN_STATUS_NOT_SUPPORTED_LAYOUT, "dxDesc has strides that make two elements share an address");
      CASE(23, BWD(bh, bact, &one, bt_double, by, bt, bdy, bt, bx, &zero, bt, bdx), LITDNN_STATUS_NOT_SUPPORTED_DATA_TYPE, "yDesc has data type 1");
      CASE(24, BWD(bh, bact, &one, bt, by, bt_unset, bdy, bt, bx, &zero, bt, bdx), LITDNN_STATUS_BAD_PARAM_NOT_FINALIZED, "dyDesc was never set");
      CASE(25, BWD(bh, bact, &one, bt, by, bt, bdy, bt_double, bx, &zero, bt, bdx), LITDNN_STATUS_NOT_SUPPORTED_DATA_TYPE, "xDesc has data type 1");
#undef CASE
    default: cr_assert_fail("case %d has no call", i); continue;
    }
    t_assert_status(s, e, m, "litdnnActivationBackward");
    cr_assert(strncmp(litdnnGetLastErrorString(), c, strlen(c)) == 0, "message '%s' does not name the call",
              litdnnGetLastErrorString());
    untouched(bdx, m);
  }
  cr_assert_eq(BWD(bh, bact, &one, bt, by, bt, bdy, bt, bx, &zero, bt, bdx), LITDNN_STATUS_SUCCESS);
  cr_assert_float_eq(bdx[0], 0.5f * (1 - 7.0f) * (1 + 7.0f), 1e-5); /* tanh backward reads y = 7 */
}
