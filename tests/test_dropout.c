/* Dropout: the Philox generator against its published known answers; every
   stage of both passes on every backend, one Criterion case per (pass,
   stage, backend, shape), against the host formula bit for bit (so the
   masks of cpu, emu and cuda are identical); the masks of the backends
   compared with each other; the kept fraction; the backward pass against
   the mask and against finite differences; bad input. */
#include "common.h"
#include "dropout/philox.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

Test(dropout, philox4x32_10_matches_the_published_known_answers)
{
  /* Random123's kat_vectors: counter, key, expected output */
  static const uint32_t kat[3][10] = {
    {0, 0, 0, 0, 0, 0, 0x6627e8d5, 0xe169c58d, 0xbc57ac4c, 0x9b00dbd8},
    {0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff,
     0x408f276d, 0x41c83b0e, 0xa20bc7c6, 0x6d5451fd},
    {0x243f6a88, 0x85a308d3, 0x13198a2e, 0x03707344, 0xa4093822, 0x299f31d0,
     0xd16cfe09, 0x94fdcceb, 0x5001e420, 0x24126ea1},
  };
  for (int k = 0; k < 3; k++) {
    litdnn_philox4 c;
    memcpy(c.v, kat[k], sizeof c.v);
    litdnn_philox4 r = litdnn_philox4x32_10(c, kat[k][4], kat[k][5]);
    for (int w = 0; w < 4; w++)
      cr_assert_eq(r.v[w], kat[k][6 + w], "vector %d word %d: %08x, expected %08x", k, w, r.v[w],
                   kat[k][6 + w]);
  }
}

/* the mask and output the definition gives, in host code, for the
   `pass`-th forward pass since the descriptor was set */
static void host_dropout_pass(const float *x, float *y, size_t n, float p, unsigned long long seed,
                              uint64_t pass)
{
  uint32_t t = (uint32_t)floor((double)p * 4294967296.0), k0, k1;
  float scale = (float)(1.0 / (1.0 - (double)p));
  litdnn_dropout_pass_key(seed, pass, &k0, &k1);
  for (size_t i = 0; i < n; i++) {
    litdnn_philox4 r = litdnn_philox_group(i / 4, k0, k1);
    y[i] = r.v[i % 4] >= t ? x[i] * scale : 0.0f;
  }
}

static void host_dropout(const float *x, float *y, size_t n, float p, unsigned long long seed)
{
  host_dropout_pass(x, y, n, p, seed, 0);
}

typedef struct {
  litdnnHandle_t h;
  litdnnDropoutDescriptor_t d;
  void *states, *reserve;
  size_t reserve_bytes;
} drop_ctx;

/* a handle (h: of the case, or of a backend), a descriptor set with p and seed, and the
   device buffers for t */
static drop_ctx drop_with(litdnnHandle_t h, float p, unsigned long long seed, litdnnTensorDescriptor_t t)
{
  drop_ctx c;
  size_t states_bytes;
  c.h = h;
  cr_assert_eq(litdnnCreateDropoutDescriptor(&c.d), LITDNN_STATUS_SUCCESS);
  cr_assert_eq(litdnnDropoutGetStatesSize(c.h, &states_bytes), LITDNN_STATUS_SUCCESS);
  cr_assert_eq(litdnnDropoutGetReserveSpaceSize(t, &c.reserve_bytes), LITDNN_STATUS_SUCCESS);
  c.states = t_dev_alloc(c.h, states_bytes);
  c.reserve = t_dev_alloc(c.h, c.reserve_bytes);
  cr_assert_eq(litdnnSetDropoutDescriptor(c.d, c.h, p, c.states, states_bytes, seed), LITDNN_STATUS_SUCCESS, "%s",
               litdnnGetLastErrorString());
  return c;
}

static drop_ctx drop_open(litdnnBackend_t backend, float p, unsigned long long seed, litdnnTensorDescriptor_t t)
{
  return drop_with(t_handle(backend), p, seed, t);
}

/* the handle of case c, its stage pinned */
static drop_ctx drop_case(const t_case *c, float p, unsigned long long seed, litdnnTensorDescriptor_t t)
{
  return drop_with(t_case_handle(c), p, seed, t);
}

static void drop_close(drop_ctx *c)
{
  t_dev_free(c->h, c->states);
  t_dev_free(c->h, c->reserve);
  litdnnDestroyDropoutDescriptor(c->d);
  litdnnDestroy(c->h);
}

static litdnnTensorDescriptor_t drop_desc(litdnnTensorFormat_t f, int n, int c, int h, int w)
{
  litdnnTensorDescriptor_t d;
  cr_assert_eq(litdnnCreateTensorDescriptor(&d), LITDNN_STATUS_SUCCESS);
  cr_assert_eq(litdnnSetTensor4dDescriptor(d, f, LITDNN_DATA_FLOAT, n, c, h, w), LITDNN_STATUS_SUCCESS);
  return d;
}

typedef struct {
  int n, c, h, w;
  litdnnTensorFormat_t format;
} drop_shape;

static const drop_shape shapes[] = {
  {2, 3, 5, 7, LITDNN_TENSOR_NCHW},   /* 210: not a multiple of four... */
  {1, 1, 1, 3, LITDNN_TENSOR_NCHW},   /* three elements: one partial group */
  {1, 5, 3, 3, LITDNN_TENSOR_NHWC},   /* batch 1 */
  {4, 1, 6, 5, LITDNN_TENSOR_NCHW},   /* C = 1 */
  {3, 8, 9, 11, LITDNN_TENSOR_NHWC},  /* many groups per thread */
};
static const float probabilities[] = {0.0f, 0.3f, 0.875f};

#define NSHAPES ((int)(sizeof shapes / sizeof shapes[0]))

/* the n floats of dev, bit for bit those of want */
static void expect_bits(litdnnHandle_t h, const void *dev, const float *want, size_t n, const char *what)
{
  float *got = t_dev_fetch(h, dev, n);
  t_assert_close_f(got, want, n, 0, 0, what);
  free(got);
}

/* The cases of a test that runs once per backend with the handle's choice. */
static int automatic_only(litdnnOp_t op, int stage)
{
  (void)op;
  return stage == LITDNN_STAGE_AUTOMATIC;
}

/* Case c's pass, with its stage pinned, on one shape, probability and offset (floats to
   shift the device buffers by; 1 makes them misaligned). The forward case checks y, the
   backward case dx after a forward pass of the handle's choice: both the definition, bit
   for bit. */
static void pass_case(const t_case *c, const drop_shape *s, float p, int offset)
{
  unsigned long long seed = ((unsigned long long)t_rand_u32() << 32) | t_rand_u32();
  litdnnTensorDescriptor_t t = drop_desc(s->format, s->n, s->c, s->h, s->w);
  size_t n = (size_t)s->n * s->c * s->h * s->w;
  drop_ctx d = drop_case(c, p, seed, t);
  int backward = c->op == LITDNN_OP_DROPOUT_BACKWARD;
  float *x = t_random(n + 1, -2, 2), *g = t_random(n + 1, -2, 2), *want = malloc(n * sizeof *want);
  float *dx = t_dev_from_host(d.h, x, n + 1), *dy = t_dev_poisoned(d.h, n + 1);
  float *dg = t_dev_from_host(d.h, g, n + 1), *ddx = t_dev_poisoned(d.h, n + 1);
  char what[256];
  snprintf(what, sizeof what, "%s: %dx%dx%dx%d p=%g seed=%llu offset=%d", t_case_name(c), s->n, s->c, s->h, s->w, p,
           seed, offset);
  litdnnStatus_t st = litdnnDropoutForward(d.h, d.d, t, dx + offset, t, dy + offset, d.reserve, d.reserve_bytes);
  cr_assert_eq(st, LITDNN_STATUS_SUCCESS, "%s: forward: %s", what, litdnnGetLastErrorString());
  if (!backward) {
    host_dropout(x + offset, want, n, p, seed);
    expect_bits(d.h, dy + offset, want, n, what);
  } else {
    /* the same mask applied to dy */
    st = litdnnDropoutBackward(d.h, d.d, t, dg + offset, t, ddx + offset, d.reserve, d.reserve_bytes);
    cr_assert_eq(st, LITDNN_STATUS_SUCCESS, "%s: %s", what, litdnnGetLastErrorString());
    host_dropout(g + offset, want, n, p, seed);
    expect_bits(d.h, ddx + offset, want, n, what);
  }
  t_dev_free(d.h, dx); t_dev_free(d.h, dy); t_dev_free(d.h, dg); t_dev_free(d.h, ddx);
  free(x); free(g); free(want);
  litdnnDestroyTensorDescriptor(t);
  drop_close(&d);
}

static void every_probability_and_offset(const t_case *c)
{
  for (size_t p = 0; p < 3; p++)
    for (int offset = 0; offset < 2; offset++)
      pass_case(c, &shapes[c->problem], probabilities[p], offset);
}

ParameterizedTestParameters(dropout, forward_gives_the_definition_bit_for_bit)
{
  return t_cases(LITDNN_OP_DROPOUT_FORWARD, NSHAPES);
}
ParameterizedTest(t_case *c, dropout, forward_gives_the_definition_bit_for_bit) { every_probability_and_offset(c); }

ParameterizedTestParameters(dropout, backward_gives_the_definition_bit_for_bit)
{
  return t_cases(LITDNN_OP_DROPOUT_BACKWARD, NSHAPES);
}
ParameterizedTest(t_case *c, dropout, backward_gives_the_definition_bit_for_bit) { every_probability_and_offset(c); }

/* The same seed on every backend and stage: the same bits. It compares backends with each
   other, so it needs two of them. */
Test(dropout, masks_are_bit_identical_across_backends_and_stages)
{
  litdnnBackend_t backends[LITDNN_BACKEND_COUNT];
  int nb = t_backends(backends);
  if (nb < 2) {
    const char *env = getenv("LITDNN_TEST_BACKENDS");
    if (env && *env)
      cr_skip_test("it compares the masks of two backends or more; LITDNN_TEST_BACKENDS=%s enables %d", env, nb);
    cr_skip_test("it compares the masks of two backends or more; %d is available", nb);
  }
  litdnnTensorDescriptor_t t = drop_desc(LITDNN_TENSOR_NCHW, 2, 7, 11, 13);
  size_t n = 2 * 7 * 11 * 13;
  float *x = t_random(n, 0.5f, 1.5f), *first = NULL;
  t_run runs[T_MAX_RUNS];
  int nr = t_runs(LITDNN_OP_DROPOUT_FORWARD, runs, T_MAX_RUNS);
  cr_assert(nr >= 3, "expected at least three (backend, stage) runs on %d backends, got %d", nb, nr);
  for (int i = 0; i < nr; i++) {
    drop_ctx c = drop_open(runs[i].backend, 0.5f, 42ull, t);
    litdnnSetStage(c.h, LITDNN_OP_DROPOUT_FORWARD, runs[i].stage);
    float *dx = t_dev_from_host(c.h, x, n), *dy = t_dev_poisoned(c.h, n);
    cr_assert_eq(litdnnDropoutForward(c.h, c.d, t, dx, t, dy, c.reserve, c.reserve_bytes), LITDNN_STATUS_SUCCESS);
    float *got = t_dev_fetch(c.h, dy, n);
    if (!first)
      first = got;
    else {
      cr_assert(memcmp(got, first, n * sizeof(float)) == 0, "%s/%s differs from %s/%s",
                litdnnGetBackendName(runs[i].backend), runs[i].name, litdnnGetBackendName(runs[0].backend),
                runs[0].name);
      free(got);
    }
    t_dev_free(c.h, dx); t_dev_free(c.h, dy);
    drop_close(&c);
  }
  free(first); free(x);
  litdnnDestroyTensorDescriptor(t);
}

/* The fraction kept, and two seeds' masks, on the CPU reference (the same bits as every
   other stage, as the tests above show) */
ParameterizedTestParameters(dropout, kept_fraction_is_one_minus_p_and_seeds_differ)
{
  return t_cases_on(LITDNN_OP_DROPOUT_FORWARD, 1, LITDNN_BACKEND_BIT(LITDNN_BACKEND_CPU), automatic_only);
}
ParameterizedTest(t_case *cs, dropout, kept_fraction_is_one_minus_p_and_seeds_differ)
{
  size_t n = 1 << 18;
  litdnnTensorDescriptor_t t = drop_desc(LITDNN_TENSOR_NCHW, 1, 1, 512, 512);
  float *x = malloc(n * sizeof *x), *y[2];
  for (size_t i = 0; i < n; i++) x[i] = 1.0f;
  static const float ps[] = {0.1f, 0.5f, 0.9f};
  for (int k = 0; k < 3; k++) {
    for (int s = 0; s < 2; s++) {
      drop_ctx c = drop_case(cs, ps[k], 1000ull + s, t);
      float *dy = t_dev_poisoned(c.h, n);
      cr_assert_eq(litdnnDropoutForward(c.h, c.d, t, x, t, dy, c.reserve, c.reserve_bytes), LITDNN_STATUS_SUCCESS);
      y[s] = t_dev_fetch(c.h, dy, n);
      t_dev_free(c.h, dy);
      drop_close(&c);
    }
    size_t kept = 0, differ = 0;
    float scale = (float)(1.0 / (1.0 - ps[k]));
    for (size_t i = 0; i < n; i++) {
      cr_assert(y[0][i] == 0.0f || y[0][i] == scale, "y[%zu] = %g is neither 0 nor 1/(1-p)", i, y[0][i]);
      kept += y[0][i] != 0.0f;
      differ += (y[0][i] != 0.0f) != (y[1][i] != 0.0f);
    }
    double q = 1.0 - ps[k], sigma = sqrt(n * q * (1 - q));
    cr_assert(fabs((double)kept - n * q) < 5 * sigma, "p=%g: kept %zu of %zu, expected %.0f +- %.0f", ps[k], kept,
              n, n * q, 5 * sigma);
    /* two seeds: independent masks disagree on a fraction 2q(1-q) */
    double expect = 2 * n * q * (1 - q);
    cr_assert(fabs((double)differ - expect) < 5 * sqrt(expect) + 1, "p=%g: seeds 1000 and 1001 differ on %zu",
              ps[k], differ);
    free(y[0]); free(y[1]);
  }
  free(x);
  litdnnDestroyTensorDescriptor(t);
}

/* dx against central differences of f(x) = sum(g * dropout(x)), the forward pass taken
   from the definition (pass 0 of seed 7: every evaluation has the mask compared below) */
ParameterizedTestParameters(dropout, backward_matches_finite_differences)
{
  return t_cases(LITDNN_OP_DROPOUT_BACKWARD, 1);
}
ParameterizedTest(t_case *cs, dropout, backward_matches_finite_differences)
{
  litdnnTensorDescriptor_t t = drop_desc(LITDNN_TENSOR_NCHW, 1, 3, 3, 5);
  size_t n = 45;
  float *x = t_random(n, -1, 1), *g = t_random(n, -1, 1);
  double fd[45];
  float *y = malloc(n * sizeof *y);
  for (size_t i = 0; i < n; i++) {
    double f[2];
    float h = 1e-2f;
    for (int side = 0; side < 2; side++) {
      float save = x[i];
      x[i] = save + (side ? -h : h);
      host_dropout(x, y, n, 0.4f, 7ull);
      x[i] = save;
      f[side] = 0;
      for (size_t j = 0; j < n; j++) f[side] += (double)g[j] * y[j];
    }
    fd[i] = (f[0] - f[1]) / (2.0 * h);
  }
  drop_ctx c = drop_case(cs, 0.4f, 7ull, t);
  float *dx = t_dev_from_host(c.h, x, n), *dy = t_dev_poisoned(c.h, n);
  float *dg = t_dev_from_host(c.h, g, n), *dgx = t_dev_poisoned(c.h, n);
  cr_assert_eq(litdnnDropoutForward(c.h, c.d, t, dx, t, dy, c.reserve, c.reserve_bytes), LITDNN_STATUS_SUCCESS);
  cr_assert_eq(litdnnDropoutBackward(c.h, c.d, t, dg, t, dgx, c.reserve, c.reserve_bytes), LITDNN_STATUS_SUCCESS);
  float *got = t_dev_fetch(c.h, dgx, n);
  char what[192];
  snprintf(what, sizeof what, "%s: dx against finite differences", t_case_name(cs));
  t_assert_close(got, fd, n, 1e-3, 1e-3, what);
  free(got);
  t_dev_free(c.h, dx); t_dev_free(c.h, dy); t_dev_free(c.h, dg); t_dev_free(c.h, dgx);
  drop_close(&c);
  free(x); free(g); free(y);
  litdnnDestroyTensorDescriptor(t);
}

/* The backward pass follows the reserve space, not a descriptor set again. */
ParameterizedTestParameters(dropout, backward_uses_the_mask_of_the_forward_pass)
{
  return t_cases(LITDNN_OP_DROPOUT_BACKWARD, 1);
}
ParameterizedTest(t_case *cs, dropout, backward_uses_the_mask_of_the_forward_pass)
{
  litdnnTensorDescriptor_t t = drop_desc(LITDNN_TENSOR_NCHW, 1, 2, 3, 7);
  size_t n = 42, states_bytes;
  float *g = t_random(n, -1, 1), *want = malloc(n * sizeof *want);
  drop_ctx c = drop_case(cs, 0.5f, 99ull, t);
  float *dx = t_dev_from_host(c.h, g, n), *dy = t_dev_poisoned(c.h, n), *dgx = t_dev_poisoned(c.h, n);
  cr_assert_eq(litdnnDropoutForward(c.h, c.d, t, dx, t, dy, c.reserve, c.reserve_bytes), LITDNN_STATUS_SUCCESS);
  litdnnDropoutGetStatesSize(c.h, &states_bytes);
  cr_assert_eq(litdnnSetDropoutDescriptor(c.d, c.h, 0.25f, c.states, states_bytes, 5ull), LITDNN_STATUS_SUCCESS);
  cr_assert_eq(litdnnDropoutBackward(c.h, c.d, t, dx, t, dgx, c.reserve, c.reserve_bytes), LITDNN_STATUS_SUCCESS);
  host_dropout(g, want, n, 0.5f, 99ull);
  expect_bits(c.h, dgx, want, n, t_case_name(cs));
  t_dev_free(c.h, dx); t_dev_free(c.h, dy); t_dev_free(c.h, dgx);
  drop_close(&c);
  free(g); free(want);
  litdnnDestroyTensorDescriptor(t);
}

Test(dropout, descriptor_get_returns_what_was_set)
{
  litdnnTensorDescriptor_t t = drop_desc(LITDNN_TENSOR_NCHW, 1, 1, 1, 4);
  drop_ctx c = drop_open(LITDNN_BACKEND_CPU, 0.25f, 0x123456789abcull, t);
  float p;
  void *states;
  unsigned long long seed;
  cr_assert_eq(litdnnGetDropoutDescriptor(c.d, c.h, &p, &states, &seed), LITDNN_STATUS_SUCCESS);
  cr_assert(p == 0.25f && states == c.states && seed == 0x123456789abcull);
  litdnnDestroyTensorDescriptor(t);
  drop_close(&c);
}

ParameterizedTestParameters(dropout, bad_input_is_refused_and_writes_nothing)
{
  return t_cases_if(LITDNN_OP_DROPOUT_FORWARD, 1, automatic_only);
}
ParameterizedTest(t_case *c, dropout, bad_input_is_refused_and_writes_nothing)
{
  {
    litdnnHandle_t h = t_case_handle(c);
    litdnnTensorDescriptor_t t = drop_desc(LITDNN_TENSOR_NCHW, 2, 3, 4, 4), other = drop_desc(LITDNN_TENSOR_NCHW, 2, 3, 4, 5);
    litdnnTensorDescriptor_t nhwc = drop_desc(LITDNN_TENSOR_NHWC, 2, 3, 4, 4), unset_t;
    litdnnCreateTensorDescriptor(&unset_t);
    litdnnDropoutDescriptor_t d, unset;
    litdnnCreateDropoutDescriptor(&d);
    litdnnCreateDropoutDescriptor(&unset);
    size_t n = 96, sb, rb;
    litdnnDropoutGetStatesSize(h, &sb);
    litdnnDropoutGetReserveSpaceSize(t, &rb);
    float marker[96];
    for (size_t i = 0; i < n; i++) marker[i] = 7.0f;
    float *x = t_random(n, -1, 1);
    void *dx = t_dev_from_host(h, x, n), *dy = t_dev_from_host(h, marker, n);
    void *states = t_dev_from_host(h, marker, 8), *reserve = t_dev_from_host(h, marker, 8);
    /* descriptor values out of range: the states are not written */
    t_assert_status(litdnnSetDropoutDescriptor(d, h, 1.0f, states, sb, 1), LITDNN_STATUS_BAD_PARAM_OUT_OF_BOUND,
                    "dropout", "p = 1");
    t_assert_status(litdnnSetDropoutDescriptor(d, h, -0.1f, states, sb, 1), LITDNN_STATUS_BAD_PARAM_OUT_OF_BOUND,
                    "dropout", "p < 0");
    t_assert_status(litdnnSetDropoutDescriptor(d, h, NAN, states, sb, 1), LITDNN_STATUS_BAD_PARAM_OUT_OF_BOUND,
                    "dropout", "p = NaN");
    t_assert_status(litdnnSetDropoutDescriptor(d, h, 0.5f, states, sb - 1, 1),
                    LITDNN_STATUS_BAD_PARAM_SIZE_INSUFFICIENT, "stateSizeInBytes", "small states");
    t_assert_status(litdnnSetDropoutDescriptor(d, h, 0.5f, NULL, sb, 1), LITDNN_STATUS_BAD_PARAM_NULL_POINTER,
                    "states", "null states");
    t_assert_status(litdnnSetDropoutDescriptor(d, NULL, 0.5f, states, sb, 1), LITDNN_STATUS_BAD_PARAM_NULL_POINTER,
                    "handle", "null handle");
    t_assert_status(litdnnSetDropoutDescriptor(NULL, h, 0.5f, states, sb, 1), LITDNN_STATUS_BAD_PARAM_NULL_POINTER,
                    "dropoutDesc", "null descriptor");
    expect_bits(h, states, marker, 8, "states after refused sets");
    t_assert_status(litdnnGetDropoutDescriptor(unset, h, NULL, NULL, NULL), LITDNN_STATUS_BAD_PARAM_NOT_FINALIZED,
                    "dropoutDesc", "get of an unset descriptor");
    cr_assert_eq(litdnnSetDropoutDescriptor(d, h, 0.5f, states, sb, 1), LITDNN_STATUS_SUCCESS);
    /* passes */
    t_assert_status(litdnnDropoutForward(h, unset, t, dx, t, dy, reserve, rb), LITDNN_STATUS_BAD_PARAM_NOT_FINALIZED,
                    "dropoutDesc", "unset descriptor");
    t_assert_status(litdnnDropoutForward(h, NULL, t, dx, t, dy, reserve, rb), LITDNN_STATUS_BAD_PARAM_NULL_POINTER,
                    "dropoutDesc", "null descriptor");
    t_assert_status(litdnnDropoutForward(h, d, t, dx, other, dy, reserve, rb), LITDNN_STATUS_BAD_PARAM_SHAPE_MISMATCH,
                    "yDesc", "mismatched y");
    t_assert_status(litdnnDropoutForward(h, d, t, dx, nhwc, dy, reserve, rb), LITDNN_STATUS_NOT_SUPPORTED_LAYOUT,
                    "yDesc", "y in another layout");
    t_assert_status(litdnnDropoutForward(h, d, unset_t, dx, t, dy, reserve, rb), LITDNN_STATUS_BAD_PARAM_NOT_FINALIZED,
                    "xDesc", "unset x descriptor");
    t_assert_status(litdnnDropoutForward(h, d, t, dx, t, dy, reserve, rb - 1),
                    LITDNN_STATUS_BAD_PARAM_SIZE_INSUFFICIENT, "reserveSpaceSizeInBytes", "small reserve");
    t_assert_status(litdnnDropoutForward(h, d, t, NULL, t, dy, reserve, rb), LITDNN_STATUS_BAD_PARAM_NULL_POINTER,
                    "x", "null x");
    t_assert_status(litdnnDropoutForward(h, d, t, dx, t, dy, NULL, rb), LITDNN_STATUS_BAD_PARAM_NULL_POINTER,
                    "reserveSpace", "null reserve");
    t_assert_status(litdnnDropoutForward(NULL, d, t, dx, t, dy, reserve, rb), LITDNN_STATUS_BAD_PARAM_NULL_POINTER,
                    "handle", "null handle");
    t_assert_status(litdnnDropoutBackward(h, d, t, dx, other, dy, reserve, rb), LITDNN_STATUS_BAD_PARAM_SHAPE_MISMATCH,
                    "dxDesc", "backward: mismatched dx");
    t_assert_status(litdnnDropoutBackward(h, d, t, dx, t, dy, reserve, 0), LITDNN_STATUS_BAD_PARAM_SIZE_INSUFFICIENT,
                    "reserveSpaceSizeInBytes", "backward: small reserve");
    t_assert_status(litdnnDropoutBackward(h, d, t, dx, t, NULL, reserve, rb), LITDNN_STATUS_BAD_PARAM_NULL_POINTER,
                    "dx", "backward: null dx");
    t_assert_status(litdnnDropoutGetReserveSpaceSize(unset_t, &rb), LITDNN_STATUS_BAD_PARAM_NOT_FINALIZED, "xDesc",
                    "reserve size of an unset descriptor");
    expect_bits(h, dy, marker, n, "y after refused calls");
    expect_bits(h, reserve, marker, 8, "reserve space after refused calls");
    /* zero and negative sizes never make a tensor descriptor */
    t_assert_status(litdnnSetTensor4dDescriptor(unset_t, LITDNN_TENSOR_NCHW, LITDNN_DATA_FLOAT, 2, 0, 4, 4),
                    LITDNN_STATUS_BAD_PARAM_OUT_OF_BOUND, "c", "zero channels");
    t_assert_status(litdnnSetTensor4dDescriptor(unset_t, LITDNN_TENSOR_NCHW, LITDNN_DATA_FLOAT, -1, 3, 4, 4),
                    LITDNN_STATUS_BAD_PARAM_OUT_OF_BOUND, "n", "negative batch");
    t_dev_free(h, dx); t_dev_free(h, dy); t_dev_free(h, states); t_dev_free(h, reserve);
    free(x);
    litdnnDestroyDropoutDescriptor(d); litdnnDestroyDropoutDescriptor(unset);
    litdnnDestroyTensorDescriptor(t); litdnnDestroyTensorDescriptor(other); litdnnDestroyTensorDescriptor(nhwc);
    litdnnDestroyTensorDescriptor(unset_t);
    litdnnDestroy(h);
  }
}

/* Every forward pass draws a new mask (as cuDNN's advancing generator
   does); setting the descriptor again with the same seed repeats the
   sequence; the backward pass uses the mask of the forward pass before it. */
ParameterizedTestParameters(dropout, each_pass_draws_a_new_mask_and_the_seed_repeats_the_sequence)
{
  return t_cases(LITDNN_OP_DROPOUT_FORWARD, 1);
}
ParameterizedTest(t_case *cs, dropout, each_pass_draws_a_new_mask_and_the_seed_repeats_the_sequence)
{
  {
    enum { N = 2 * 3 * 7 * 5 };
    const float p = 0.5f;
    unsigned long long seed = ((unsigned long long)t_rand_u32() << 32) | t_rand_u32();
    litdnnTensorDescriptor_t t = drop_desc(LITDNN_TENSOR_NCHW, 2, 3, 7, 5);
    drop_ctx c = drop_case(cs, p, seed, t);
    float *x = t_random(N, 1, 2), want[N], *first = NULL;
    float *dx = t_dev_from_host(c.h, x, N), *dy = t_dev_poisoned(c.h, N), *dg = t_dev_poisoned(c.h, N);
    char what[256];
    for (int pass = 0; pass < 3; pass++) {
      cr_assert_eq(litdnnDropoutForward(c.h, c.d, t, dx, t, dy, c.reserve, c.reserve_bytes), LITDNN_STATUS_SUCCESS);
      float *got = t_dev_fetch(c.h, dy, N);
      host_dropout_pass(x, want, N, p, seed, (uint64_t)pass);
      snprintf(what, sizeof what, "%s: pass %d seed %llu", t_case_name(cs), pass, seed);
      t_assert_close_f(got, want, N, 0, 0, what);
      /* backward: the mask of this pass */
      cr_assert_eq(litdnnDropoutBackward(c.h, c.d, t, dx, t, dg, c.reserve, c.reserve_bytes), LITDNN_STATUS_SUCCESS);
      expect_bits(c.h, dg, want, N, what);
      if (pass == 0) {
        first = got;
      } else {
        int same = 1;
        for (int i = 0; i < N; i++)
          same &= (first[i] == 0.0f) == (got[i] == 0.0f);
        cr_assert(!same, "%s: the mask of pass %d repeats the mask of pass 0", what, pass);
        free(got);
      }
    }
    /* set again with the same seed: the first mask comes back */
    size_t states_bytes;
    litdnnDropoutGetStatesSize(c.h, &states_bytes);
    cr_assert_eq(litdnnSetDropoutDescriptor(c.d, c.h, p, c.states, states_bytes, seed), LITDNN_STATUS_SUCCESS);
    cr_assert_eq(litdnnDropoutForward(c.h, c.d, t, dx, t, dy, c.reserve, c.reserve_bytes), LITDNN_STATUS_SUCCESS);
    expect_bits(c.h, dy, first, N, "first mask after setting the descriptor again");
    free(first); free(x);
    t_dev_free(c.h, dx); t_dev_free(c.h, dy); t_dev_free(c.h, dg);
    litdnnDestroyTensorDescriptor(t);
    drop_close(&c);
  }
}
