/* Softmax: every stage on every backend against a double-precision
   reference written here, forward and backward, every algorithm, mode and
   layout; finite differences; bad input. One Criterion case per (op,
   stage, backend, problem): a pinned stage must run every problem its
   conditions take (written out again below, in stage_takes) and refuse
   every other one, naming itself, with the output untouched. */
#include "common.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct { int n, c, h, w; } sshape;

static litdnnTensorDescriptor_t sdesc(const sshape *s, int fmt, int strides[4])
{
  litdnnTensorDescriptor_t d;
  cr_assert_eq(litdnnCreateTensorDescriptor(&d), LITDNN_STATUS_SUCCESS);
  cr_assert_eq(litdnnSetTensor4dDescriptor(d, (litdnnTensorFormat_t)fmt, LITDNN_DATA_FLOAT, s->n, s->c, s->h, s->w),
               LITDNN_STATUS_SUCCESS);
  int dims[4], nb;
  litdnnGetTensorNdDescriptor(d, 4, NULL, &nb, dims, strides);
  return d;
}

/* rows of the reference: offset of element j of row r */
static size_t soff(const sshape *s, const int st[4], int mode, long r, long j)
{
  long hw = (long)s->h * s->w;
  if (mode == LITDNN_SOFTMAX_MODE_CHANNEL)
    return (size_t)((r / hw) * st[0] + j * st[1] + ((r / s->w) % s->h) * st[2] + (r % s->w) * st[3]);
  return (size_t)(r * st[0] + (j / hw) * st[1] + ((j / s->w) % s->h) * st[2] + (j % s->w) * st[3]);
}

static void rows_of(const sshape *s, int mode, long *rows, long *len)
{
  long hw = (long)s->h * s->w;
  *rows = mode == LITDNN_SOFTMAX_MODE_CHANNEL ? s->n * hw : s->n;
  *len = mode == LITDNN_SOFTMAX_MODE_CHANNEL ? s->c : s->c * hw;
}

/* forward: out = alpha * f(x) + beta * out0 */
static double *ref_forward(const sshape *s, const int st[4], int algo, int mode, const float *x,
                           double alpha, double beta, const float *out0)
{
  long rows, len;
  rows_of(s, mode, &rows, &len);
  size_t count = (size_t)s->n * s->c * s->h * s->w;
  double *r = malloc(count * sizeof *r);
  for (long i = 0; i < rows; i++) {
    double m = -INFINITY, sum = 0;
    for (long j = 0; j < len; j++)
      m = fmax(m, x[soff(s, st, mode, i, j)]);
    if (algo == LITDNN_SOFTMAX_FAST)
      m = 0;
    for (long j = 0; j < len; j++)
      sum += exp(x[soff(s, st, mode, i, j)] - m);
    for (long j = 0; j < len; j++) {
      size_t o = soff(s, st, mode, i, j);
      double v = algo == LITDNN_SOFTMAX_LOG ? x[o] - m - log(sum) : exp(x[o] - m) / sum;
      r[o] = alpha * v + (beta != 0 ? beta * out0[o] : 0.0);
    }
  }
  return r;
}

static double *ref_backward(const sshape *s, const int st[4], int algo, int mode, const float *y,
                            const float *dy, double alpha, double beta, const float *out0)
{
  long rows, len;
  rows_of(s, mode, &rows, &len);
  size_t count = (size_t)s->n * s->c * s->h * s->w;
  double *r = malloc(count * sizeof *r);
  for (long i = 0; i < rows; i++) {
    double sum = 0;
    for (long j = 0; j < len; j++) {
      size_t o = soff(s, st, mode, i, j);
      sum += algo == LITDNN_SOFTMAX_LOG ? dy[o] : (double)dy[o] * y[o];
    }
    for (long j = 0; j < len; j++) {
      size_t o = soff(s, st, mode, i, j);
      double v = algo == LITDNN_SOFTMAX_LOG ? dy[o] - exp(y[o]) * sum : y[o] * (dy[o] - sum);
      r[o] = alpha * v + (beta != 0 ? beta * out0[o] : 0.0);
    }
  }
  return r;
}

static const char *const algo_names[3] = {"fast", "accurate", "log"};
static const char *const mode_names[2] = {"instance", "channel"};
static const float blends[2][2] = {{1.0f, 0.0f}, {0.5f, -1.5f}};

/* 0, or 1 to hand every stage pointers one float past a 16-byte boundary,
   so that the float4 paths must notice and refuse or fall back */
static size_t softmax_shift;

static void *dev_copy(litdnnHandle_t h, const float *host, size_t count)
{
  if (!softmax_shift)
    return t_dev_from_host(h, host, count);
  float *tmp = malloc((count + 1) * sizeof(float));
  tmp[0] = 0.0f;
  memcpy(tmp + 1, host, count * sizeof(float));
  void *d = t_dev_from_host(h, tmp, count + 1);
  free(tmp);
  return d;
}

/* ---- which problems a stage takes ---- */
/* The conditions of the specialised stages, written out again from the
   chapter for the tensors of these tests: x, dy and the output share one
   packed descriptor, NCHW or NHWC (strides st), and are 16-byte aligned
   unless softmax_shift moves them. */
static int rows_contiguous(const sshape *s, const int st[4], int mode)
{
  if (mode == LITDNN_SOFTMAX_MODE_INSTANCE)
    return 1;
  return (long)s->h * s->w == 1 || s->c == 1 || st[1] == 1;
}

/* CHANNEL on packed NCHW, the width's stride 1 even where W = 1, and the
   tile of 16 pixels of every channel in 44 KB of shared memory (twice
   that backward, for dy) */
static int channel_nchw(const sshape *s, const int st[4], int mode, int backward)
{
  long hw = (long)s->h * s->w;
  return mode == LITDNN_SOFTMAX_MODE_CHANNEL && st[3] == 1 && (s->h == 1 || st[2] == s->w) &&
         (s->c == 1 || st[1] == hw) && (s->n == 1 || st[0] == s->c * hw) &&
         (long)s->c * 16 * 4 * (backward ? 2 : 1) <= 44 * 1024;
}

static int stage_takes(const char *stage, int backward, const sshape *s, const int st[4], int mode)
{
  long rows, len;
  rows_of(s, mode, &rows, &len);
  int aligned = softmax_shift == 0, contiguous = rows_contiguous(s, st, mode);
  if (!strcmp(stage, "block-smem") || !strcmp(stage, "warp-shuffle") || !strcmp(stage, "online"))
    return contiguous;
  if (!strcmp(stage, "channel-nchw"))
    return channel_nchw(s, st, mode, backward);
  if (!strcmp(stage, "small-rows"))
    return len <= 256 && contiguous;
  if (!strcmp(stage, "rows-short"))
    return len <= 128 && contiguous;
  if (!strcmp(stage, "channel-vec4") || !strcmp(stage, "channel-tile"))
    return channel_nchw(s, st, mode, backward) && s->c <= 256 && (long)s->h * s->w % 4 == 0 && aligned;
  if (!strcmp(stage, "rows-vec4"))
    return len <= 1024 && contiguous && ((len % 4 == 0 && aligned) || (rows < 8 * 132 && len > 128));
  return 1;   /* cpu, naive */
}

/* ---- one stage on one problem ---- */
/* Run case c (its op, stage and backend) on one shape, algorithm, mode,
   layout and blend. A stage that takes the problem (and the handle's own
   choice) must match the reference; one that does not must refuse it with
   NOT_SUPPORTED, naming itself, and leave the output untouched. */
static void check_softmax(const t_case *c, const sshape *s, int algo, int mode, int fmt, float alpha, float beta)
{
  int backward = c->op == LITDNN_OP_SOFTMAX_BACKWARD;
  int st[4];
  litdnnTensorDescriptor_t d = sdesc(s, fmt, st);
  size_t count = (size_t)s->n * s->c * s->h * s->w;
  long rows, len;
  rows_of(s, mode, &rows, &len);
  float *x = t_random(count, -3.0f, 3.0f), *dy = t_random(count, -1.0f, 1.0f);
  float *out0 = t_random(count, -1.0f, 1.0f);
  if (beta == 0)
    t_poison(out0, count);   /* beta = 0: the output is not read, and NaN in it must not leak */
  if (backward) {   /* y: a real softmax (or log-softmax) output */
    double *y = ref_forward(s, st, algo, mode, x, 1, 0, NULL);
    for (size_t i = 0; i < count; i++)
      x[i] = (float)y[i];
    free(y);
  }
  double *ref = backward ? ref_backward(s, st, algo, mode, x, dy, alpha, beta, out0)
                         : ref_forward(s, st, algo, mode, x, alpha, beta, out0);
  /* float sums over a row: rounding grows with the row length */
  double rtol = len <= 1024 ? 2e-5 : 1e-4, atol = backward ? 1e-5 : 1e-6;
  litdnnHandle_t h = t_case_handle(c);
  void *d_x = dev_copy(h, x, count), *d_dy = dev_copy(h, dy, count), *d_o = dev_copy(h, out0, count);
  float *p_x = (float *)d_x + softmax_shift, *p_dy = (float *)d_dy + softmax_shift, *p_o = (float *)d_o + softmax_shift;
  litdnnStatus_t status =
      backward ? litdnnSoftmaxBackward(h, (litdnnSoftmaxAlgorithm_t)algo, (litdnnSoftmaxMode_t)mode, &alpha, d, p_x,
                                       d, p_dy, &beta, d, p_o)
               : litdnnSoftmaxForward(h, (litdnnSoftmaxAlgorithm_t)algo, (litdnnSoftmaxMode_t)mode, &alpha, d, p_x,
                                      &beta, d, p_o);
  char msg[512];
  snprintf(msg, sizeof msg, "%s", litdnnGetLastErrorString());
  float *fetched = t_dev_fetch(h, d_o, count + softmax_shift), *got = fetched + softmax_shift;
  char what[384];
  snprintf(what, sizeof what, "%s: %s %s %s %dx%dx%dx%d alpha %g beta %g%s", t_case_name(c), algo_names[algo],
           mode_names[mode], fmt ? "NHWC" : "NCHW", s->n, s->c, s->h, s->w, alpha, beta,
           softmax_shift ? ", pointers off 16 bytes" : "");
  if (c->stage == LITDNN_STAGE_AUTOMATIC || stage_takes(t_case_stage(c), backward, s, st, mode)) {
    cr_assert_eq(status, LITDNN_STATUS_SUCCESS, "%s: %s: %s%s", what, litdnnGetErrorString(status), msg,
                 c->stage == LITDNN_STAGE_AUTOMATIC ? "" : " (a problem the stage takes)");
    t_assert_close(got, ref, count, rtol, atol, what);
  } else {
    cr_assert(status == LITDNN_STATUS_NOT_SUPPORTED && strstr(msg, t_case_stage(c)) && strstr(msg, "does not apply"),
              "%s: returned %s, expected LITDNN_STATUS_NOT_SUPPORTED naming the stage (message: %s)", what,
              litdnnGetErrorString(status), msg);
    t_assert_close_f(got, out0, count, 0, 0, what);   /* untouched */
  }
  free(fetched);
  t_dev_free(h, d_x);
  t_dev_free(h, d_dy);
  t_dev_free(h, d_o);
  litdnnDestroy(h);
  free(x);
  free(dy);
  free(out0);
  free(ref);
  litdnnDestroyTensorDescriptor(d);
}

/* A test in both directions: one case per (op, stage, backend, problem)
   of forward_NAME and of backward_NAME, each running body(c, problem). */
#define BOTH_DIRECTIONS(name, problems, body)                                                     \
  ParameterizedTestParameters(softmax, forward_##name) { return t_cases(LITDNN_OP_SOFTMAX_FORWARD, problems); } \
  ParameterizedTest(t_case *c, softmax, forward_##name) { body(c); }                           \
  ParameterizedTestParameters(softmax, backward_##name) { return t_cases(LITDNN_OP_SOFTMAX_BACKWARD, problems); } \
  ParameterizedTest(t_case *c, softmax, backward_##name) { body(c); }

/* Row lengths that take every path: a warp's registers (<= 1024), a
   block's (<= 8192), split rows (> 8192); C = 1, batch 1, odd sizes,
   pixel counts that are not a multiple of the 16-pixel tile. */
static const sshape shapes[] = {
  {1, 1, 1, 1}, {2, 5, 3, 7}, {3, 37, 1, 1}, {2, 16, 4, 4}, {1, 1, 5, 3}, {1, 20, 5, 6}, {2, 40, 9, 11},
  {1, 203, 1, 3},   /* NHWC rows of 203: 32 lanes, scalar loads, a partial last slot */
  {2, 200, 2, 6},   /* CHANNEL NCHW in float4 pixels: 32 channel lanes, a part-filled tile */
  {1, 9, 4, 17},    /* CHANNEL NCHW in float4 pixels: 4 channel lanes */
  {3, 16, 7, 4},    /* CHANNEL NCHW: one tile of kernel 9 spans three images */
  {3, 5, 2, 6},     /* CHANNEL NCHW: two float4 a thread, C odd */
  {2, 256, 2, 2},   /* CHANNEL NCHW: C = 256, the widest tile, across images */
};
#define NSHAPES ((int)(sizeof shapes / sizeof shapes[0]))

static void every_algorithm_mode_layout(const t_case *c)
{
  for (int algo = 0; algo < 3; algo++)
    for (int mode = 0; mode < 2; mode++)
      for (int fmt = 0; fmt < 2; fmt++)
        for (int b = 0; b < 2; b++)
          check_softmax(c, &shapes[c->problem], algo, mode, fmt, blends[b][0], blends[b][1]);
}
BOTH_DIRECTIONS(every_stage_algorithm_mode_layout, NSHAPES, every_algorithm_mode_layout)

/* INSTANCE rows of 8,733: two chunks */
static void rows_longer_than_a_block_holds(const t_case *c)
{
  const sshape big = {2, 3, 41, 71};
  int backward = c->op == LITDNN_OP_SOFTMAX_BACKWARD;
  for (int algo = 0; algo < 3; algo++)
    for (int fmt = 0; fmt < 2; fmt++)
      check_softmax(c, &big, algo, LITDNN_SOFTMAX_MODE_INSTANCE, fmt, backward ? 0.5f : 1.0f, backward ? 1.0f : 0.0f);
}
BOTH_DIRECTIONS(rows_longer_than_a_block_holds, 1, rows_longer_than_a_block_holds)

/* Kernel 8's warp path needs at least 8 * 132 rows; these take its four
   widths (one float4 a lane up to eight, the last slot part-filled), and
   C not a multiple of 4, which must go elsewhere. */
static const sshape many_rows[] = {{1, 124, 1, 1060}, {1, 252, 2, 530}, {2, 260, 1, 530}, {1, 900, 1, 1057},
                                   {1, 130, 1, 1100}};

static void many_rows_of_whole_float4s(const t_case *c)
{
  for (int algo = 0; algo < 3; algo++) {
    check_softmax(c, &many_rows[c->problem], algo, LITDNN_SOFTMAX_MODE_CHANNEL, 1, 1.0f, 0.0f);
    check_softmax(c, &many_rows[c->problem], algo, LITDNN_SOFTMAX_MODE_CHANNEL, 1, 0.5f, -1.5f);
  }
}
BOTH_DIRECTIONS(many_rows_of_whole_float4s, 5, many_rows_of_whole_float4s)

/* Kernel 10 over many short rows: groups of 4 to 32 lanes, several rows
   a warp, whole float4s (64, 124) and not (29, 67), and row counts that
   take its block sizes of 32 to 128 threads and leave a block part-filled.
   Rows of 65 to 127 that are not whole float4s take 16 lanes of eight
   values: 66 and 67 fill a fifth slot in two or three lanes, 97 a
   seventh, 127 the eighth in all but one lane. */
static const sshape short_rows[] = {{3712, 29, 1, 1}, {1025, 64, 1, 1}, {301, 67, 1, 1}, {2, 124, 1, 2000},
                                    {1, 20, 3, 37},   {850, 66, 1, 1},  {263, 97, 1, 1}, {1, 127, 1, 700}};

static void many_short_rows(const t_case *c)
{
  const sshape *s = &short_rows[c->problem];
  int fmt = s->h * s->w > 1;   /* NHWC: rows are the pixels' channels */
  for (int algo = 0; algo < 3; algo++) {
    check_softmax(c, s, algo, LITDNN_SOFTMAX_MODE_CHANNEL, fmt, 1.0f, 0.0f);
    check_softmax(c, s, algo, LITDNN_SOFTMAX_MODE_CHANNEL, fmt, 0.5f, -1.5f);
  }
}
BOTH_DIRECTIONS(many_short_rows, 8, many_short_rows)

/* Kernel 9 halves its block for grids under 132 blocks; these are large
   enough to keep the full block of 256 (C = 16: 256 pixels a block; C =
   200: 32 pixels a block), and one in between (128 threads). */
static const sshape tile_shapes[] = {{1, 16, 184, 184}, {1, 200, 33, 128}, {1, 16, 160, 160}};

static void channel_tiles_of_every_block_size(const t_case *c)
{
  check_softmax(c, &tile_shapes[c->problem], LITDNN_SOFTMAX_ACCURATE, LITDNN_SOFTMAX_MODE_CHANNEL, 0, 0.5f, -1.5f);
  check_softmax(c, &tile_shapes[c->problem], LITDNN_SOFTMAX_LOG, LITDNN_SOFTMAX_MODE_CHANNEL, 0, 1.0f, 0.0f);
}
BOTH_DIRECTIONS(channel_tiles_of_every_block_size, 3, channel_tiles_of_every_block_size)

/* Pointers one float off a 16-byte boundary: the float4 stages must refuse
   or take their scalar path, never read across the boundary. */
static const sshape unaligned_shapes[] = {{2, 200, 2, 6}, {1, 9, 4, 17}, {3, 256, 1, 1}, {2, 16, 4, 4}};

static void unaligned_pointers(const t_case *c)
{
  softmax_shift = 1;
  for (int mode = 0; mode < 2; mode++)
    for (int fmt = 0; fmt < 2; fmt++)
      check_softmax(c, &unaligned_shapes[c->problem], LITDNN_SOFTMAX_ACCURATE, mode, fmt, 0.5f, -1.5f);
  softmax_shift = 0;
}
BOTH_DIRECTIONS(unaligned_pointers, 4, unaligned_pointers)

/* Coverage: every stage takes at least one problem of the suite's lists,
   in each direction, so no stage passes its cases by refusing them all. */
Test(softmax, every_stage_takes_some_problem)
{
  const sshape *lists[] = {shapes, many_rows, short_rows, tile_shapes, unaligned_shapes};
  const int sizes[] = {NSHAPES, 5, 8, 3, 4};
  int count = 0;
  litdnnGetStageCount(LITDNN_OP_SOFTMAX_FORWARD, &count);
  for (int backward = 0; backward < 2; backward++)
    for (int stage = 0; stage < count; stage++) {
      const char *name;
      litdnnGetStageInfo(LITDNN_OP_SOFTMAX_FORWARD, stage, &name, NULL, NULL);
      int takes = 0;
      for (int l = 0; l < 5; l++)
        for (int i = 0; i < sizes[l]; i++)
          for (int mode = 0; mode < 2; mode++)
            for (int fmt = 0; fmt < 2; fmt++) {
              int st[4];
              litdnnTensorDescriptor_t d = sdesc(&lists[l][i], fmt, st);
              softmax_shift = lists[l] == unaligned_shapes;
              takes += stage_takes(name, backward, &lists[l][i], st, mode);
              softmax_shift = 0;
              litdnnDestroyTensorDescriptor(d);
            }
      cr_expect(takes > 0, "softmax %s stage %d '%s' takes none of the problems", backward ? "backward" : "forward",
                stage, name);
    }
}

static int automatic_only(litdnnOp_t op, int stage)
{
  (void)op;
  return stage == LITDNN_STAGE_AUTOMATIC;
}

/* ACCURATE and LOG subtract the maximum: scores far beyond exp's range
   still give finite results; FAST is the formula as written. */
ParameterizedTestParameters(softmax, accurate_survives_large_scores)
{
  return t_cases_if(LITDNN_OP_SOFTMAX_FORWARD, 1, automatic_only);
}
ParameterizedTest(t_case *c, softmax, accurate_survives_large_scores)
{
  sshape s = {1, 4, 1, 1};
  float x[4] = {1000.0f, 999.0f, -1000.0f, 998.0f};
  litdnnHandle_t h = t_case_handle(c);
  int st[4];
  litdnnTensorDescriptor_t d = sdesc(&s, 0, st);
  void *dx = t_dev_from_host(h, x, 4), *dy = t_dev_poisoned(h, 4);
  float one = 1, zero = 0;
  cr_assert_eq(litdnnSoftmaxForward(h, LITDNN_SOFTMAX_ACCURATE, LITDNN_SOFTMAX_MODE_INSTANCE, &one, d, dx,
                                    &zero, d, dy),
               LITDNN_STATUS_SUCCESS);
  float *y = t_dev_fetch(h, dy, 4);
  double z = 1 + exp(-1.0) + exp(-2.0);
  double want[4] = {1 / z, exp(-1.0) / z, 0, exp(-2.0) / z};
  t_assert_close(y, want, 4, 1e-6, 1e-7, "accurate softmax of large scores");
  free(y);
  t_dev_free(h, dx);
  t_dev_free(h, dy);
  litdnnDestroyTensorDescriptor(d);
  litdnnDestroy(h);
}

/* Central differences of L(x) = sum(dy * f(x)), f from the double
   reference, against every backward stage given y = f(x). */
ParameterizedTestParameters(softmax, backward_matches_finite_differences)
{
  return t_cases(LITDNN_OP_SOFTMAX_BACKWARD, 1);
}
ParameterizedTest(t_case *c, softmax, backward_matches_finite_differences)
{
  const sshape s = {2, 6, 2, 3};
  for (int algo = 0; algo < 3; algo++)
    for (int mode = 0; mode < 2; mode++) {
      int st[4];
      litdnnTensorDescriptor_t d = sdesc(&s, 0, st);
      size_t count = 72;
      float *x = t_random(count, -2, 2), *dy = t_random(count, -1, 1);
      double *num = malloc(count * sizeof *num);
      const double eps = 1e-3;
      for (size_t k = 0; k < count; k++) {
        float keep = x[k];
        double l[2];
        for (int sgn = 0; sgn < 2; sgn++) {
          x[k] = (float)(keep + (sgn ? -eps : eps));
          double *y = ref_forward(&s, st, algo, mode, x, 1, 0, NULL);
          l[sgn] = 0;
          for (size_t j = 0; j < count; j++)
            l[sgn] += dy[j] * y[j];
          free(y);
        }
        x[k] = keep;
        num[k] = (l[0] - l[1]) / (2 * eps);
      }
      double *yd = ref_forward(&s, st, algo, mode, x, 1, 0, NULL);
      float *y = malloc(count * sizeof *y), *before = malloc(count * sizeof *before);
      for (size_t k = 0; k < count; k++)
        y[k] = (float)yd[k];
      t_poison(before, count);
      litdnnHandle_t h = t_case_handle(c);
      void *d_y = t_dev_from_host(h, y, count), *d_dy = t_dev_from_host(h, dy, count);
      void *d_dx = t_dev_poisoned(h, count);
      float one = 1, zero = 0;
      litdnnStatus_t status = litdnnSoftmaxBackward(h, (litdnnSoftmaxAlgorithm_t)algo, (litdnnSoftmaxMode_t)mode,
                                                    &one, d, d_y, d, d_dy, &zero, d, d_dx);
      char msg[512], what[256];
      snprintf(msg, sizeof msg, "%s", litdnnGetLastErrorString());
      snprintf(what, sizeof what, "%s: finite differences, %s %s", t_case_name(c), algo_names[algo],
               mode_names[mode]);
      float *got = t_dev_fetch(h, d_dx, count);
      if (c->stage == LITDNN_STAGE_AUTOMATIC || stage_takes(t_case_stage(c), 1, &s, st, mode)) {
        cr_assert_eq(status, LITDNN_STATUS_SUCCESS, "%s: %s", what, msg);
        /* central differences are exact to O(eps^2) ~ 1e-6 here; float x adds ~1e-4 */
        t_assert_close(got, num, count, 1e-3, 1e-3, what);
      } else {
        cr_assert(status == LITDNN_STATUS_NOT_SUPPORTED && strstr(msg, "does not apply"), "%s: %s", what, msg);
        t_assert_close_f(got, before, count, 0, 0, what);
      }
      free(got);
      t_dev_free(h, d_y);
      t_dev_free(h, d_dy);
      t_dev_free(h, d_dx);
      litdnnDestroy(h);
      free(x);
      free(dy);
      free(num);
      free(yd);
      free(y);
      free(before);
      litdnnDestroyTensorDescriptor(d);
    }
}

/* on every backend, through the handle's own choice */
ParameterizedTestParameters(softmax, bad_calls_leave_outputs_untouched)
{
  return t_cases_if(LITDNN_OP_SOFTMAX_FORWARD, 1, automatic_only);
}
ParameterizedTest(t_case *c, softmax, bad_calls_leave_outputs_untouched)
{
  litdnnHandle_t h = t_case_handle(c);
  sshape s = {2, 3, 4, 5}, other = {2, 3, 5, 4};
  int st[4];
  litdnnTensorDescriptor_t d = sdesc(&s, 0, st), e = sdesc(&other, 0, st), five, unset;
  litdnnCreateTensorDescriptor(&five);
  litdnnCreateTensorDescriptor(&unset);
  int dims5[5] = {2, 3, 4, 5, 1};
  litdnnSetTensorNdDescriptorEx(five, LITDNN_TENSOR_NCHW, LITDNN_DATA_FLOAT, 5, dims5);
  float *hx = t_random(120, -1, 1), *hy = t_random(120, -1, 1);
  void *x = t_dev_from_host(h, hx, 120), *y = t_dev_from_host(h, hy, 120);
  float one = 1, zero = 0;
  const litdnnSoftmaxAlgorithm_t A = LITDNN_SOFTMAX_ACCURATE;
  const litdnnSoftmaxMode_t M = LITDNN_SOFTMAX_MODE_CHANNEL;
  t_assert_status(litdnnSoftmaxForward(h, (litdnnSoftmaxAlgorithm_t)3, M, &one, d, x, &zero, d, y),
                  LITDNN_STATUS_BAD_PARAM_OUT_OF_BOUND, "algo = 3", "bad algorithm");
  t_assert_status(litdnnSoftmaxForward(h, A, (litdnnSoftmaxMode_t)-1, &one, d, x, &zero, d, y),
                  LITDNN_STATUS_BAD_PARAM_OUT_OF_BOUND, "mode = -1", "bad mode");
  t_assert_status(litdnnSoftmaxForward(NULL, A, M, &one, d, x, &zero, d, y),
                  LITDNN_STATUS_BAD_PARAM_NULL_POINTER, "handle", "null handle");
  t_assert_status(litdnnSoftmaxForward(h, A, M, &one, d, x, NULL, d, y),
                  LITDNN_STATUS_BAD_PARAM_NULL_POINTER, "beta", "null beta");
  t_assert_status(litdnnSoftmaxForward(h, A, M, &one, d, NULL, &zero, d, y),
                  LITDNN_STATUS_BAD_PARAM_NULL_POINTER, "x", "null x");
  t_assert_status(litdnnSoftmaxForward(h, A, M, &one, unset, x, &zero, d, y),
                  LITDNN_STATUS_BAD_PARAM_NOT_FINALIZED, "xDesc", "unset xDesc");
  t_assert_status(litdnnSoftmaxForward(h, A, M, &one, d, x, &zero, e, y),
                  LITDNN_STATUS_BAD_PARAM_SHAPE_MISMATCH, "dimension 2", "shape mismatch");
  t_assert_status(litdnnSoftmaxForward(h, A, M, &one, five, x, &zero, five, y),
                  LITDNN_STATUS_NOT_SUPPORTED, "5 dimensions", "5-D tensor");
  t_assert_status(litdnnSoftmaxBackward(h, A, M, &one, d, x, e, x, &zero, d, y),
                  LITDNN_STATUS_BAD_PARAM_SHAPE_MISMATCH, "dyDesc", "dy unlike y");
  t_assert_status(litdnnSoftmaxBackward(h, A, M, &one, d, x, d, x, &zero, e, y),
                  LITDNN_STATUS_BAD_PARAM_SHAPE_MISMATCH, "dxDesc", "dx unlike y");
  t_assert_status(litdnnSoftmaxBackward(h, A, M, &one, d, x, d, NULL, &zero, d, y),
                  LITDNN_STATUS_BAD_PARAM_NULL_POINTER, "dy", "null dy");
  float *got = t_dev_fetch(h, y, 120);
  t_assert_close_f(got, hy, 120, 0, 0, "y after failing calls");
  free(got);
  free(hx);
  free(hy);
  t_dev_free(h, x);
  t_dev_free(h, y);
  litdnnDestroyTensorDescriptor(d);
  litdnnDestroyTensorDescriptor(e);
  litdnnDestroyTensorDescriptor(five);
  litdnnDestroyTensorDescriptor(unset);
  litdnnDestroy(h);
}
