/* Matrix multiply: every stage of the table, on every backend that runs it,
 * against a double-precision reference, one Criterion case per (stage,
 * backend, problem); the members of the tuned kernel's family that the
 * library leaves out; the handle's choice; bad input.
 *
 * Tolerances. For an output C_ij the reference also computes its magnitude
 * mag_ij = |alpha| sum_p |op(A)_ip op(B)_pj| + |beta| |C_ij|. A float dot
 * product of length k accumulates rounding errors of relative size u = 2^-24
 * at each of k additions; they are independent and of random sign, so the
 * error grows like sqrt(k) u mag (k u mag is the worst case, never reached
 * with random data). We allow 4 (1 + sqrt(k)) u mag. TF32 first rounds each
 * input to 10 mantissa bits, a relative error up to 2^-11 per input (2^-10
 * if the hardware truncates), so each product is off by up to about
 * 2 * 2^-10 ~ 2e-3 of its size: we allow that times mag on top. */
#include "common.h"
#include "test_matmul.h"
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {     /* host copies of one problem, with padding and batch gaps */
  int64_t lda, ldb, ldc, sa, sb, sc, na, nb, nc;
  float *A, *B, *C;
} mm_data;

/* The sizes of a problem's buffers (no buffers yet). */
static mm_data data_shape(const mm_case *c)
{
  mm_data d;
  int64_t ra = c->ta ? c->k : c->m, ca = c->ta ? c->m : c->k;
  int64_t rb = c->tb ? c->n : c->k, cb = c->tb ? c->k : c->n;
  d.lda = ra + c->pad;
  d.ldb = rb + c->pad;
  d.ldc = c->m + c->pad;
  d.sa = d.lda * ca + (c->aligned ? 8 : 5);   /* gaps between the matrices of a batch */
  d.sb = d.ldb * cb + (c->aligned ? 4 : 3);
  d.sc = d.ldc * c->n + 7;
  d.na = d.sa * c->batch;
  d.nb = d.sb * c->batch;
  d.nc = d.sc * c->batch;
  d.A = d.B = d.C = NULL;
  return d;
}

static mm_data make_data(const mm_case *c)
{
  mm_data d = data_shape(c);
  d.A = t_random((size_t)d.na, -1, 1);
  d.B = t_random((size_t)d.nb, -1, 1);
  d.C = t_random((size_t)d.nc, -1, 1);
  if (c->beta == 0.0f)
    t_poison(d.C, (size_t)d.nc);   /* beta = 0: C must not be read */
  return d;
}

static void free_data(mm_data *d)
{
  free(d->A);
  free(d->B);
  free(d->C);
}

static float op_at(const float *X, int64_t ld, int trans, int r, int c)
{
  return trans ? X[c + r * ld] : X[r + c * ld];
}

/* Every float of C's buffer after the call: inside the matrices against the
   reference, outside them unchanged (NaN stays NaN). */
static void check_result(const mm_case *c, const mm_data *d, const float *got, litdnnMathType_t math,
                         const char *what)
{
  size_t nc = (size_t)d->nc;
  double u = 1.0 / 16777216.0;
  double rel = 4.0 * (1.0 + sqrt((double)c->k)) * u + (math == LITDNN_MATH_TF32 ? 2.0 / 1024.0 : 0.0);
  double diff2 = 0, ref2 = 0;
  size_t bad = 0, first = 0;
  double first_ref = 0, first_tol = 0;
  for (size_t e = 0; e < nc; e++) {
    int64_t b = (int64_t)e / d->sc, off = (int64_t)e % d->sc;
    int64_t i = off % d->ldc, j = off / d->ldc;
    int inside = j < c->n && i < c->m;
    double ref, tol;
    if (inside) {
      const float *A = d->A + b * d->sa, *B = d->B + b * d->sb;
      double sum = 0, mag = 0;
      for (int p = 0; p < c->k; p++) {
        double x = (double)op_at(A, d->lda, c->ta, (int)i, p) * op_at(B, d->ldb, c->tb, p, (int)j);
        sum += x;
        mag += fabs(x);
      }
      ref = c->alpha * sum;
      mag *= fabs(c->alpha);
      if (c->beta != 0.0f) {
        ref += (double)c->beta * d->C[e];
        mag += fabs((double)c->beta * d->C[e]);
      }
      tol = rel * mag + 1e-30;
      diff2 += (got[e] - ref) * (got[e] - ref);
      ref2 += ref * ref;
    } else {
      ref = d->C[e];   /* outside the matrices: untouched, NaN stays NaN */
      tol = 0;
    }
    int ok = isnan(ref) ? isnan(got[e]) : fabs((double)got[e] - ref) <= tol;
    if (!ok && bad++ == 0) {
      first = e;
      first_ref = ref;
      first_tol = tol;
    }
  }
  if (bad)
    cr_assert_fail("%s: %zu of %zu floats of C wrong; first at offset %zu: got %.9g, expected %.9g "
                   "(tolerance %.3g); relative error %.3e; seed %llu (LITDNN_TEST_SEED repeats it)",
                   what, bad, nc, first, got[first], first_ref, first_tol,
                   ref2 > 0 ? sqrt(diff2 / ref2) : sqrt(diff2), (unsigned long long)t_seed());
}

/* Run c on h -- through litdnnMatmul, or by calling the stage function
   direct itself -- and check C. The pinned stage named stage (NULL: the
   handle's choice, or a function called directly) must take the problem
   if its applies test says so; if it does not, it must refuse it with
   LITDNN_STATUS_NOT_SUPPORTED and a message that names it and says "does
   not apply", and leave C as it was. */
static void check_case(litdnnHandle_t h, litdnnMathType_t math, const mm_case *c, const char *what,
                       litdnn_stage_fn direct, const char *stage)
{
  mm_data d = make_data(c);
  size_t nc = (size_t)d.nc;
  void *dA = t_dev_from_host(h, d.A, (size_t)d.na), *dB = t_dev_from_host(h, d.B, (size_t)d.nb);
  void *dC = t_dev_from_host(h, d.C, nc);
  int takes = !stage || matmul_stage_takes(stage, c->ta, c->tb, c->batch, dA, dB, d.lda, d.ldb, d.sa, d.sb,
                                           c->k, c->n);
  litdnnStatus_t s;
  if (direct) {
    litdnn_matmul_args g;
    memset(&g, 0, sizeof g);
    g.call = "test";
    g.math = math;
    g.transa = c->ta;
    g.transb = c->tb;
    g.m = c->m;
    g.n = c->n;
    g.k = c->k;
    g.batch = c->batch;
    g.alpha = c->alpha;
    g.beta = c->beta;
    g.A = (const float *)dA;
    g.B = (const float *)dB;
    g.C = (float *)dC;
    g.lda = d.lda;
    g.ldb = d.ldb;
    g.ldc = d.ldc;
    g.strideA = d.sa;
    g.strideB = d.sb;
    g.strideC = d.sc;
    s = direct(h, &g);
  } else {
    s = litdnnMatmul(h, math, (litdnnTranspose_t)c->ta, (litdnnTranspose_t)c->tb, c->m, c->n, c->k,
                     &c->alpha, dA, (int)d.lda, d.sa, dB, (int)d.ldb, d.sb, &c->beta, dC, (int)d.ldc, d.sc,
                     c->batch);
  }
  char msg[512];   /* the next call of the library clears the message */
  snprintf(msg, sizeof msg, "%s", litdnnGetLastErrorString());
  float *got = t_dev_fetch(h, dC, nc);
  if (takes) {
    cr_assert(s == LITDNN_STATUS_SUCCESS, "%s: %s: %s", what, litdnnGetErrorString(s), msg);
    check_result(c, &d, got, math, what);
  } else {
    cr_assert(s == LITDNN_STATUS_NOT_SUPPORTED && strstr(msg, stage) && strstr(msg, "does not apply"),
              "%s: returned %s, expected LITDNN_STATUS_NOT_SUPPORTED naming the stage and saying it does "
              "not apply (message: %s)", what, litdnnGetErrorString(s), msg);
    t_assert_close_f(got, d.C, nc, 0, 0, what);   /* C untouched */
  }
  free(got);
  t_dev_free(h, dA);
  t_dev_free(h, dB);
  t_dev_free(h, dC);
  free_data(&d);
}

static const float blends[][2] = {{1.0f, 0.0f}, {1.5f, -0.5f}, {-1.0f, 1.0f}, {0.5f, 2.0f}};

static int is_tf32_stage(int stage)
{
  unsigned flags = 0;
  litdnnGetStageFlags(LITDNN_OP_MATMUL, stage, &flags);
  return (flags & LITDNN_STAGE_TF32) != 0;
}

/* Case tc of a test over a list of problems: problem tc->problem of the list,
   with the blend pair of its place in the list, run by the case's stage (or
   the handle's choice) on its backend. */
static void run_stage_case(const t_case *tc, const mm_case *cases)
{
  mm_case c = cases[tc->problem];
  c.alpha = blends[tc->problem % 4][0];
  c.beta = blends[tc->problem % 4][1];
  int automatic = tc->stage == LITDNN_STAGE_AUTOMATIC;
  litdnnMathType_t math = !automatic && is_tf32_stage(tc->stage) ? LITDNN_MATH_TF32 : LITDNN_MATH_FMA;
  char what[384];
  snprintf(what, sizeof what, "%s: m=%d n=%d k=%d op(A)=%s op(B)=%s batch=%d pad=%d alpha=%g beta=%g",
           t_case_name(tc), c.m, c.n, c.k, c.ta ? "A^T" : "A", c.tb ? "B^T" : "B", c.batch, c.pad, c.alpha,
           c.beta);
  litdnnHandle_t h = t_case_handle(tc);
  check_case(h, math, &c, what, NULL, automatic ? NULL : t_case_stage(tc));
  litdnnDestroy(h);
}

/* The shapes every stage runs, through the emulator too. Sizes come from
   {1, 2, 17, 127, 128, 129}: one, tiny, not a multiple of anything, and
   both sides of a 128 tile. Each line names its transposes and padding;
   the blend pair cycles. */
static const mm_case small_cases[] = {
  {1, 1, 1, 0, 0, 1, 0, 1, 0, 0},
  {2, 17, 129, 1, 0, 1, 1, 1, 0, 0},
  {17, 129, 2, 0, 1, 1, 3, 1, 0, 0},
  {129, 2, 17, 1, 1, 1, 0, 1, 0, 0},
  {127, 17, 128, 0, 0, 1, 4, 1, 0, 0},
  {127, 17, 128, 1, 0, 1, 1, 1, 0, 0},
  {127, 17, 128, 0, 1, 1, 0, 1, 0, 0},
  {127, 17, 128, 1, 1, 1, 3, 1, 0, 0},
  {129, 129, 17, 0, 0, 1, 3, 1, 0, 0},
  {129, 129, 17, 1, 1, 1, 0, 1, 0, 0},
  {17, 127, 129, 0, 0, 1, 0, 1, 0, 0},
  {128, 128, 128, 0, 0, 1, 0, 1, 0, 0},
  {17, 17, 17, 0, 1, 3, 1, 1, 0, 0},        /* a batch of three */
  {129, 2, 127, 1, 0, 2, 0, 1, 0, 0},        /* a batch of two */
  /* long k for thin outputs: split-K cuts it into many pieces, the last short */
  {37, 16, 1031, 0, 0, 1, 0, 1, 0, 0},
  {70, 8, 900, 1, 1, 2, 3, 1, 0, 0},         /* split, transposed, and a batch */
  {300, 40, 700, 1, 0, 1, 1, 1, 0, 0},
  /* nine 128x256 tiles in a row: two groups of the raster, the second narrower */
  {17, 2100, 5, 0, 1, 1, 0, 1, 0, 0},
  /* the 16-byte tensor-core paths (no transposes, leading dimensions and
     batch strides multiples of 4): ragged m, n and k, 17 slices of 32
     (several turns of a 4-buffer ring), a batch; and alpha, beta */
  {260, 136, 520, 0, 0, 2, 4, 1, 0, 1},
  {129, 300, 77, 0, 0, 1, 3, 0.5f, 2, 0},
};
#define NSMALL ((int)(sizeof small_cases / sizeof small_cases[0]))

ParameterizedTestParameters(matmul, every_stage_at_odd_shapes)
{
  return t_cases(LITDNN_OP_MATMUL, NSMALL);
}

ParameterizedTest(t_case *tc, matmul, every_stage_at_odd_shapes, .timeout = 240)
{
  run_stage_case(tc, small_cases);
}

/* No stage passes its cases by refusing every problem of the list. */
Test(matmul, every_stage_takes_some_problem_of_the_list)
{
  int count = 0;
  cr_assert_eq(litdnnGetStageCount(LITDNN_OP_MATMUL, &count), LITDNN_STATUS_SUCCESS);
  for (int s = 0; s < count; s++) {
    const char *name;
    litdnnGetStageInfo(LITDNN_OP_MATMUL, s, &name, NULL, NULL);
    int takes = 0;
    for (int x = 0; x < NSMALL; x++) {
      const mm_case *c = &small_cases[x];
      mm_data d = data_shape(c);
      takes += matmul_stage_takes(name, c->ta, c->tb, c->batch, (const void *)4096, (const void *)8192, d.lda, d.ldb,
                                  d.sa, d.sb, c->k, c->n);
    }
    cr_expect(takes > 0, "stage %d '%s' takes none of the problems of the list", s, name);
  }
}

/* The library's applies tests say what the model of test_matmul.h says, on
   every problem of the list as it is made and changed in one way: A or B
   moved off a 16-byte boundary, lda or ldb one more, and in a batch
   strideA or strideB one more, or the matrices of A or of B overlapping.
   This is checked on any machine: the stages that have a test run on a
   GPU alone. */
Test(matmul, the_stages_applies_tests_agree_with_the_model)
{
  const litdnn_op_table *t = litdnn_op(LITDNN_OP_MATMUL);
  litdnnHandle_t h = t_handle(LITDNN_BACKEND_CPU);
  int refused = 0;
  for (int s = 0; s < t->count; s++)
    for (int x = 0; x < NSMALL; x++)
      for (int v = 0; v < 9; v++) {
        const mm_case *c = &small_cases[x];
        mm_data d = data_shape(c);
        if (v >= 5 && c->batch == 1)
          continue;
        d.lda += v == 3;
        d.ldb += v == 4;
        d.sa += v == 5;
        d.sb += v == 6;
        if (v == 7)
          d.sa = d.lda;
        if (v == 8)
          d.sb = d.ldb;
        const float *A = (const float *)(uintptr_t)(4096 + (v == 1 ? 4 : 0));
        const float *B = (const float *)(uintptr_t)(8192 + (v == 2 ? 4 : 0));
        litdnn_matmul_args g;
        memset(&g, 0, sizeof g);
        g.call = "test";
        g.math = LITDNN_MATH_TF32;
        g.transa = c->ta;
        g.transb = c->tb;
        g.m = c->m;
        g.n = c->n;
        g.k = c->k;
        g.batch = c->batch;
        g.A = A;
        g.B = B;
        g.C = (float *)(uintptr_t)16384;
        g.lda = d.lda;
        g.ldb = d.ldb;
        g.ldc = d.ldc;
        g.strideA = d.sa;
        g.strideB = d.sb;
        g.strideC = d.sc;
        const char *why = t->stages[s].applies ? t->stages[s].applies(h, &g) : NULL;
        int model = matmul_stage_takes(t->stages[s].name, c->ta, c->tb, c->batch, A, B, d.lda, d.ldb, d.sa, d.sb,
                                       c->k, c->n);
        cr_expect((why == NULL) == model, "stage '%s', problem %d, variant %d: the stage says %s, the model %s",
                  t->stages[s].name, x, v, why ? why : "it applies", model ? "it applies" : "it does not");
        refused += why != NULL;
      }
  cr_expect(refused > 0, "no stage refused any problem: the applies tests were not exercised");
  litdnnDestroy(h);
}

/* Sizes of 1000 only where they are fast: the CPU and a real GPU. */
static const mm_case large_cases[] = {
  {1000, 129, 1000, 0, 0, 1, 0, 1, 0, 0},
  {1000, 1000, 17, 1, 0, 1, 0, 1, 0, 0},
  {127, 1000, 1000, 0, 1, 1, 3, 1, 0, 0},
  {128, 17, 1000, 1, 1, 1, 1, 1, 0, 0},
};
#define NLARGE ((int)(sizeof large_cases / sizeof large_cases[0]))

ParameterizedTestParameters(matmul, large_shapes_on_cpu_and_gpu)
{
  return t_cases_on(LITDNN_OP_MATMUL, NLARGE,
                    LITDNN_BACKEND_BIT(LITDNN_BACKEND_CPU) | LITDNN_BACKEND_BIT(LITDNN_BACKEND_CUDA), NULL);
}

ParameterizedTest(t_case *tc, matmul, large_shapes_on_cpu_and_gpu, .timeout = 240)
{
  run_stage_case(tc, large_cases);
}

/* Members of the tuned kernel's family that the library does not ship,
   built for the tests only (tests/kernels/): between them they take the
   code paths that the library's one shape, za, does not. Each is called
   directly, on the emulator and on a GPU, on the cases below: inner tiles
   (the unchecked copy) next to edge tiles, k both a multiple of 16 and
   not, both operands 16-byte loadable and not (an odd pad), each layout
   with inner tiles, batches, and one row of 17 tiles of 128 columns
   (three groups of the raster, the last narrower). */
LITDNN_DECLARE_GPU(test_matmul_tuned_p);
LITDNN_DECLARE_GPU(test_matmul_tuned_t);
LITDNN_DECLARE_GPU(test_matmul_tuned_y);
LITDNN_DECLARE_GPU(test_matmul_tuned_z);
LITDNN_DECLARE_GPU(test_matmul_tuned_zc);

static const struct {
  const char *name, *path;
  litdnn_stage_fn fn[LITDNN_BACKEND_COUNT];
} members[] = {
  {"tuned p", "one kernel for every layout", LITDNN_FNS_GPU(test_matmul_tuned_p)},
  {"tuned t", "the raster", LITDNN_FNS_GPU(test_matmul_tuned_t)},
  {"tuned y", "one fragment set", LITDNN_FNS_GPU(test_matmul_tuned_y)},
  {"tuned z", "a kernel per layout, no walk", LITDNN_FNS_GPU(test_matmul_tuned_z)},
  {"tuned zc", "the walk with lanes 8 by 4", LITDNN_FNS_GPU(test_matmul_tuned_zc)},
};
#define NMEMBERS ((int)(sizeof members / sizeof members[0]))

static const mm_case member_cases[] = {
  {1, 1, 1, 0, 0, 1, 0, 1, 0, 0},
  {300, 260, 48, 0, 0, 1, 0, 1, 0, 0},       /* inner tiles, aligned, k of whole slices */
  {257, 259, 37, 0, 0, 1, 3, 1, 0, 0},       /* inner tiles, aligned (pad 3), k cut short */
  {260, 264, 40, 1, 1, 1, 0, 1, 0, 0},       /* both transposed, aligned */
  {259, 257, 33, 1, 0, 1, 1, 1, 0, 0},       /* an odd pad: no 16-byte loads */
  {129, 130, 17, 0, 1, 2, 0, 1, 0, 0},       /* a batch of two */
  {264, 300, 40, 1, 0, 1, 0, 1, 0, 0},       /* A transposed, aligned: inner tiles of that layout */
  {300, 264, 48, 0, 1, 2, 0, 1, 0, 1},       /* B transposed, aligned, a batch of two on 16-byte paths */
  {17, 2100, 5, 0, 1, 1, 0, 1, 0, 0},        /* 17 tiles of 128 columns: three groups of the raster */
};
#define NMEMBER_CASES ((int)(sizeof member_cases / sizeof member_cases[0]))

typedef struct {
  int member, backend, problem;
} member_case;

static void free_member_cases(struct criterion_test_params *params)
{
  cr_free(params->params);
}

ParameterizedTestParameters(matmul, tuned_family_members_outside_the_library)
{
  static const litdnnBackend_t backends[] = {LITDNN_BACKEND_EMU, LITDNN_BACKEND_CUDA};
  member_case *cases = cr_malloc(sizeof *cases * NMEMBERS * 2 * NMEMBER_CASES);
  size_t n = 0;
  for (int m = 0; m < NMEMBERS; m++)
    for (int b = 0; b < 2; b++)
      if (members[m].fn[backends[b]])
        for (int p = 0; p < NMEMBER_CASES; p++)
          cases[n++] = (member_case){m, backends[b], p};
  return cr_make_param_array(member_case, cases, n, free_member_cases);
}

ParameterizedTest(member_case *mc, matmul, tuned_family_members_outside_the_library, .timeout = 240)
{
  mm_case c = member_cases[mc->problem];
  c.alpha = blends[mc->problem % 4][0];
  c.beta = blends[mc->problem % 4][1];
  char what[320];
  snprintf(what, sizeof what, "family member '%s' (%s) on %s, problem %d: m=%d n=%d k=%d op(A)=%s op(B)=%s "
           "batch=%d pad=%d alpha=%g beta=%g", members[mc->member].name, members[mc->member].path,
           litdnnGetBackendName((litdnnBackend_t)mc->backend), mc->problem, c.m, c.n, c.k, c.ta ? "A^T" : "A",
           c.tb ? "B^T" : "B", c.batch, c.pad, c.alpha, c.beta);
  t_require_backend((litdnnBackend_t)mc->backend, what);
  litdnnHandle_t h = t_handle((litdnnBackend_t)mc->backend);
  check_case(h, LITDNN_MATH_FMA, &c, what, members[mc->member].fn[mc->backend], NULL);
  litdnnDestroy(h);
}

/* The stage the handle chooses is one that runs on its backend, and never
   a TF32 stage under FMA math. */
static int automatic_only(litdnnOp_t op, int stage)
{
  (void)op;
  return stage == LITDNN_STAGE_AUTOMATIC;
}

static const int choice_shapes[][3] = {{4096, 4096, 4096}, {1760, 16, 1760}, {512, 512, 512}, {1, 1, 1}};

ParameterizedTestParameters(matmul, the_handle_chooses_a_stage_that_runs_and_respects_the_math_mode)
{
  return t_cases_if(LITDNN_OP_MATMUL, (int)(sizeof choice_shapes / sizeof choice_shapes[0]), automatic_only);
}

ParameterizedTest(t_case *tc, matmul, the_handle_chooses_a_stage_that_runs_and_respects_the_math_mode)
{
  const litdnn_op_table *t = litdnn_op(LITDNN_OP_MATMUL);
  cr_assert(t && t->choose);
  litdnnHandle_t h = t_case_handle(tc);
  for (int math = 0; math < 2; math++) {
    litdnn_matmul_args g;
    memset(&g, 0, sizeof g);
    g.m = choice_shapes[tc->problem][0];
    g.n = choice_shapes[tc->problem][1];
    g.k = choice_shapes[tc->problem][2];
    g.batch = 1;
    g.math = (litdnnMathType_t)math;
    int stage = t->choose(h, &g);
    cr_assert(stage >= 0 && stage < t->count && t->stages[stage].fn[tc->backend],
              "%s: chose stage %d, which does not run there", t_case_name(tc), stage);
    if (math == LITDNN_MATH_FMA)
      cr_assert(!is_tf32_stage(stage), "%s: FMA math chose the TF32 stage %s", t_case_name(tc),
                t->stages[stage].name);
  }
  litdnnDestroy(h);
}

/* ---- bad input: exact status, a message naming the parameter, C untouched ---- */

typedef struct {
  litdnnHandle_t h;
  float *A, *B, *C, *saved;
  void *dA, *dB, *dC;
  size_t nc;
} bad_fixture;

static bad_fixture bad_setup(litdnnHandle_t h)
{
  bad_fixture f;
  f.h = h;
  size_t n = 64 * 64;
  f.nc = n;
  f.A = t_random(n, -1, 1);
  f.B = t_random(n, -1, 1);
  f.C = t_random(n, -1, 1);
  f.dA = t_dev_from_host(f.h, f.A, n);
  f.dB = t_dev_from_host(f.h, f.B, n);
  f.dC = t_dev_from_host(f.h, f.C, n);
  f.saved = f.C;
  return f;
}

static void assert_c_untouched(bad_fixture *f, const char *what)
{
  float *now = t_dev_fetch(f->h, f->dC, f->nc);
  cr_assert(memcmp(now, f->saved, f->nc * sizeof(float)) == 0, "%s: a failing call wrote C", what);
  free(now);
}

static void bad_teardown(bad_fixture *f)
{
  t_dev_free(f->h, f->dA);
  t_dev_free(f->h, f->dB);
  t_dev_free(f->h, f->dC);
  free(f->A);
  free(f->B);
  free(f->C);
  litdnnDestroy(f->h);
}

#define BAD(f, expected, needle, what, ...)                                                      \
  do {                                                                                          \
    t_assert_status(litdnnMatmul(__VA_ARGS__), (expected), (needle), (what));                   \
    assert_c_untouched(&(f), (what));                                                           \
  } while (0)

ParameterizedTestParameters(matmul, bad_inputs_are_refused_with_a_message)
{
  return t_cases_if(LITDNN_OP_MATMUL, 1, automatic_only);
}

ParameterizedTest(t_case *tc, matmul, bad_inputs_are_refused_with_a_message)
{
  const float one = 1.0f, zero = 0.0f;
  const litdnnMathType_t F = LITDNN_MATH_FMA;
  const litdnnTranspose_t N = LITDNN_NO_TRANSPOSE, T = LITDNN_TRANSPOSE;
  bad_fixture f = bad_setup(t_case_handle(tc));
  litdnnHandle_t h = f.h;
  void *A = f.dA, *B = f.dB, *C = f.dC;
  BAD(f, LITDNN_STATUS_BAD_PARAM_NULL_POINTER, "handle", "null handle",
      NULL, F, N, N, 8, 8, 8, &one, A, 8, 0, B, 8, 0, &zero, C, 8, 0, 1);
  BAD(f, LITDNN_STATUS_BAD_PARAM_NULL_POINTER, "alpha", "null alpha",
      h, F, N, N, 8, 8, 8, NULL, A, 8, 0, B, 8, 0, &zero, C, 8, 0, 1);
  BAD(f, LITDNN_STATUS_BAD_PARAM_NULL_POINTER, "beta", "null beta",
      h, F, N, N, 8, 8, 8, &one, A, 8, 0, B, 8, 0, NULL, C, 8, 0, 1);
  BAD(f, LITDNN_STATUS_BAD_PARAM_OUT_OF_BOUND, "math = 7", "math mode 7",
      h, (litdnnMathType_t)7, N, N, 8, 8, 8, &one, A, 8, 0, B, 8, 0, &zero, C, 8, 0, 1);
  BAD(f, LITDNN_STATUS_BAD_PARAM_OUT_OF_BOUND, "transa = 2", "transa 2",
      h, F, (litdnnTranspose_t)2, N, 8, 8, 8, &one, A, 8, 0, B, 8, 0, &zero, C, 8, 0, 1);
  BAD(f, LITDNN_STATUS_BAD_PARAM_OUT_OF_BOUND, "transb = -1", "transb -1",
      h, F, N, (litdnnTranspose_t)-1, 8, 8, 8, &one, A, 8, 0, B, 8, 0, &zero, C, 8, 0, 1);
  BAD(f, LITDNN_STATUS_BAD_PARAM_OUT_OF_BOUND, "m = 0", "m = 0",
      h, F, N, N, 0, 8, 8, &one, A, 8, 0, B, 8, 0, &zero, C, 8, 0, 1);
  BAD(f, LITDNN_STATUS_BAD_PARAM_OUT_OF_BOUND, "n = -3", "n = -3",
      h, F, N, N, 8, -3, 8, &one, A, 8, 0, B, 8, 0, &zero, C, 8, 0, 1);
  BAD(f, LITDNN_STATUS_BAD_PARAM_OUT_OF_BOUND, "k = 0", "k = 0",
      h, F, N, N, 8, 8, 0, &one, A, 8, 0, B, 8, 0, &zero, C, 8, 0, 1);
  BAD(f, LITDNN_STATUS_BAD_PARAM_OUT_OF_BOUND, "batchCount = 0", "batch 0",
      h, F, N, N, 8, 8, 8, &one, A, 8, 0, B, 8, 0, &zero, C, 8, 0, 0);
  BAD(f, LITDNN_STATUS_BAD_PARAM_OUT_OF_BOUND, "lda = 16", "lda < m",
      h, F, N, N, 17, 8, 8, &one, A, 16, 0, B, 8, 0, &zero, C, 17, 0, 1);
  BAD(f, LITDNN_STATUS_BAD_PARAM_OUT_OF_BOUND, "lda = 8", "lda < k for op(A) = A^T",
      h, F, T, N, 8, 8, 9, &one, A, 8, 0, B, 9, 0, &zero, C, 8, 0, 1);
  BAD(f, LITDNN_STATUS_BAD_PARAM_OUT_OF_BOUND, "ldb = 8", "ldb < k",
      h, F, N, N, 8, 8, 9, &one, A, 8, 0, B, 8, 0, &zero, C, 8, 0, 1);
  BAD(f, LITDNN_STATUS_BAD_PARAM_OUT_OF_BOUND, "ldb = 7", "ldb < n for op(B) = B^T",
      h, F, N, T, 8, 8, 8, &one, A, 8, 0, B, 7, 0, &zero, C, 8, 0, 1);
  BAD(f, LITDNN_STATUS_BAD_PARAM_OUT_OF_BOUND, "ldc = 7", "ldc < m",
      h, F, N, N, 8, 8, 8, &one, A, 8, 0, B, 8, 0, &zero, C, 7, 0, 1);
  BAD(f, LITDNN_STATUS_BAD_PARAM_NULL_POINTER, "A is a null pointer", "null A",
      h, F, N, N, 8, 8, 8, &one, NULL, 8, 0, B, 8, 0, &zero, C, 8, 0, 1);
  BAD(f, LITDNN_STATUS_BAD_PARAM_NULL_POINTER, "B is a null pointer", "null B",
      h, F, N, N, 8, 8, 8, &one, A, 8, 0, NULL, 8, 0, &zero, C, 8, 0, 1);
  t_assert_status(litdnnMatmul(h, F, N, N, 8, 8, 8, &one, A, 8, 0, B, 8, 0, &zero, NULL, 8, 0, 1),
                  LITDNN_STATUS_BAD_PARAM_NULL_POINTER, "C is a null pointer", "null C");
  BAD(f, LITDNN_STATUS_BAD_PARAM_OUT_OF_BOUND, "strideA = -5", "negative strideA",
      h, F, N, N, 8, 8, 8, &one, A, 8, -5, B, 8, 0, &zero, C, 8, 64, 2);
  BAD(f, LITDNN_STATUS_BAD_PARAM_OUT_OF_BOUND, "strideC = 63", "overlapping C matrices",
      h, F, N, N, 8, 8, 8, &one, A, 8, 0, B, 8, 0, &zero, C, 8, 63, 2);
  BAD(f, LITDNN_STATUS_BAD_PARAM_OVERFLOW, "strideB", "overflowing strideB",
      h, F, N, N, 8, 8, 8, &one, A, 8, 0, B, 8, LLONG_MAX / 2, &zero, C, 8, 64, 3);
  BAD(f, LITDNN_STATUS_BAD_PARAM_OVERFLOW, "strideC", "overflowing strideC",
      h, F, N, N, 8, 8, 8, &one, A, 8, 0, B, 8, 0, &zero, C, 8, LLONG_MAX / 4, 5);
  /* A TF32 stage pinned under FMA math. On a handle without a GPU the
     stage cannot be pinned through litdnnSetStage (it does not run
     there), so the pin is written directly: the check comes first. */
  h->stage[LITDNN_OP_MATMUL] = MATMUL_STAGE_WMMA_TF32;
  BAD(f, LITDNN_STATUS_BAD_PARAM, "TF32", "TF32 stage under FMA math",
      h, F, N, N, 8, 8, 8, &one, A, 8, 0, B, 8, 0, &zero, C, 8, 0, 1);
  h->stage[LITDNN_OP_MATMUL] = LITDNN_STAGE_AUTOMATIC;
  /* and the same arguments, correct, succeed */
  cr_assert_eq(litdnnMatmul(h, F, N, N, 8, 8, 8, &one, A, 8, 0, B, 8, 0, &zero, C, 8, 0, 1),
               LITDNN_STATUS_SUCCESS, "%s", litdnnGetLastErrorString());
  bad_teardown(&f);
}

Test(matmul, pinning_a_tf32_stage_under_fma_math_on_a_gpu)
{
  t_require_backend(LITDNN_BACKEND_CUDA, "matmul: the cuBLAS tf32 stage pinned under FMA math");
  litdnnHandle_t h = t_handle(LITDNN_BACKEND_CUDA);
  float *host = t_random(64, -1, 1);
  void *A = t_dev_from_host(h, host, 64), *B = t_dev_from_host(h, host, 64), *C = t_dev_from_host(h, host, 64);
  const float one = 1.0f, zero = 0.0f;
  int stage;
  cr_assert_eq(litdnnGetStageByName(LITDNN_OP_MATMUL, "cuBLAS tf32", &stage), LITDNN_STATUS_SUCCESS);
  cr_assert_eq(litdnnSetStage(h, LITDNN_OP_MATMUL, stage), LITDNN_STATUS_SUCCESS);
  t_assert_status(litdnnMatmul(h, LITDNN_MATH_FMA, LITDNN_NO_TRANSPOSE, LITDNN_NO_TRANSPOSE, 8, 8, 8, &one,
                               A, 8, 0, B, 8, 0, &zero, C, 8, 0, 1),
                  LITDNN_STATUS_BAD_PARAM, "TF32", "cuBLAS TF32 pinned under FMA math");
  float *now = t_dev_fetch(h, C, 64);
  cr_assert(memcmp(now, host, 64 * sizeof(float)) == 0, "the refused call wrote C");
  free(now);
  free(host);
  t_dev_free(h, A);
  t_dev_free(h, B);
  t_dev_free(h, C);
  litdnnDestroy(h);
}

/* Other modules call the internal entry point with device pointers. */
Test(matmul, the_internal_entry_point_checks_and_runs)
{
  t_require_backend(LITDNN_BACKEND_CPU, "matmul: the internal entry point on the CPU");
  litdnnHandle_t h = t_handle(LITDNN_BACKEND_CPU);
  float A[6] = {1, 2, 3, 4, 5, 6};   /* 2 x 3, column-major */
  float B[3] = {1, 0, -1};
  float C[2] = {NAN, NAN};
  litdnn_matmul_args g;
  memset(&g, 0, sizeof g);
  g.math = LITDNN_MATH_FMA;
  g.m = 2;
  g.n = 1;
  g.k = 3;
  g.batch = 1;
  g.alpha = 1.0f;
  g.beta = 0.0f;
  g.A = A;
  g.B = B;
  g.C = C;
  g.lda = 2;
  g.ldb = 3;
  g.ldc = 2;
  cr_assert_eq(litdnn_matmul_run(h, "test", &g), LITDNN_STATUS_SUCCESS, "%s", litdnnGetLastErrorString());
  cr_assert_float_eq(C[0], 1.0f - 5.0f, 0.0f);
  cr_assert_float_eq(C[1], 2.0f - 6.0f, 0.0f);
  g.ldc = 1;
  t_assert_status(litdnn_matmul_run(h, "litdnnConvolutionForward", &g), LITDNN_STATUS_BAD_PARAM_OUT_OF_BOUND,
                  "litdnnConvolutionForward: ldc = 1", "the caller's name in the message");
  litdnnDestroy(h);
}
