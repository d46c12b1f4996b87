/* The tensor operations: SetTensor, ScaleTensor, AddTensor, OpTensor and
 * TransformTensor. Every stage on every backend, against a double-precision
 * reference computed here, on NCHW, NHWC and strided views; then bad input
 * for every public function. */
#include "common.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---------------------------------------------------------------- tensors */
enum layout { L_NCHW, L_NHWC, L_STRIDED };
static const char *const layout_names[] = {"NCHW", "NHWC", "strided"};

typedef struct {
  litdnnTensorDescriptor_t d;
  enum layout layout;
  int dims[4], strides[4];
  size_t span;   /* floats the tensor reaches */
} tensor;

static tensor make_tensor(enum layout layout, int n, int c, int h, int w)
{
  tensor t;
  t.layout = layout;
  cr_assert_eq(litdnnCreateTensorDescriptor(&t.d), LITDNN_STATUS_SUCCESS);
  litdnnStatus_t s;
  if (layout == L_STRIDED) {
    /* every second column, rows and planes padded: a view into a larger buffer */
    int ws = 2, hs = 2 * w + 1, cs = h * hs + 3, ns = c * cs + 1;
    s = litdnnSetTensor4dDescriptorEx(t.d, LITDNN_DATA_FLOAT, n, c, h, w, ns, cs, hs, ws);
  } else {
    s = litdnnSetTensor4dDescriptor(t.d, layout == L_NCHW ? LITDNN_TENSOR_NCHW : LITDNN_TENSOR_NHWC,
                                    LITDNN_DATA_FLOAT, n, c, h, w);
  }
  cr_assert_eq(s, LITDNN_STATUS_SUCCESS, "%s", litdnnGetLastErrorString());
  litdnnDataType_t dt;
  litdnnGetTensor4dDescriptor(t.d, &dt, &t.dims[0], &t.dims[1], &t.dims[2], &t.dims[3], &t.strides[0],
                              &t.strides[1], &t.strides[2], &t.strides[3]);
  size_t bytes;
  litdnnGetTensorSizeInBytes(t.d, &bytes);
  t.span = bytes / sizeof(float);
  return t;
}

static void free_tensor(tensor *t) { litdnnDestroyTensorDescriptor(t->d); }

static size_t count_of(const tensor *t) { return (size_t)t->dims[0] * t->dims[1] * t->dims[2] * t->dims[3]; }
static int is_packed(const tensor *t) { return t->span == count_of(t); }

/* Same dims, and the same stride wherever a dim exceeds 1. */
static int same_layout(const tensor *a, const tensor *b)
{
  for (int d = 0; d < 4; d++)
    if (a->dims[d] != b->dims[d] || (a->dims[d] > 1 && a->strides[d] != b->strides[d]))
      return 0;
  return 1;
}

/* offset of c's index (n, c, h, w) in t, broadcasting along t's dims of size 1 */
static size_t offset_in(const tensor *t, const int i[4])
{
  size_t off = 0;
  for (int d = 0; d < 4; d++)
    off += (size_t)(t->dims[d] == 1 ? 0 : i[d]) * (size_t)t->strides[d];
  return off;
}

/* Is X (dims equal to C's or 1, packed in C's format) a vector repeated over
   C? Yes when its dims of size > 1, among those where C exceeds 1, form one
   run in C's memory order (n c h w for NCHW, n h w c for NHWC): the rewrite
   then merges them into a single dimension of stride 1. */
static int is_vector_of(const tensor *X, const tensor *C)
{
  static const int order[2][4] = {{0, 1, 2, 3}, {0, 2, 3, 1}};
  int runs = 0, inside = 0;
  for (int k = 0; k < 4; k++) {
    int d = order[C->layout == L_NHWC][k];
    if (C->dims[d] == 1)
      continue;
    int in = X->dims[d] > 1;
    runs += in && !inside;
    inside = in;
  }
  return runs <= 1;
}

/* ------------------------------------------------------------- operations */
enum kind { K_SET, K_SCALE, K_ADD, K_OP, K_TRANSFORM };
static const char *const op_names[] = {"ADD", "MUL", "MIN", "MAX", "SQRT", "NOT"};

typedef struct {
  enum kind kind;
  litdnnOpTensorOp_t op;   /* K_OP only */
  litdnnNanPropagation_t nan;
  float alpha1, alpha2, beta;
} problem;

static int reads_b(const problem *p)
{
  return p->kind == K_OP && p->op <= LITDNN_OP_TENSOR_MAX;
}

static double apply(const problem *p, double x, double y)
{
  if (p->kind != K_OP)
    return x;
  switch (p->op) {
  case LITDNN_OP_TENSOR_ADD: return x + y;
  case LITDNN_OP_TENSOR_MUL: return x * y;
  case LITDNN_OP_TENSOR_MIN:
  case LITDNN_OP_TENSOR_MAX:
    if (isnan(x) || isnan(y))
      return p->nan == LITDNN_PROPAGATE_NAN ? NAN : (isnan(x) ? y : x);
    return p->op == LITDNN_OP_TENSOR_MIN ? fmin(x, y) : fmax(x, y);
  case LITDNN_OP_TENSOR_SQRT: return sqrt(x);
  case LITDNN_OP_TENSOR_NOT: return 1.0 - x;
  }
  return NAN;
}

/* ref = c0 everywhere (gaps of a view stay as they were), and over c's
   index space c = f(alpha1 a, alpha2 b) + beta c in double. */
static void reference(const problem *p, const tensor *A, const float *a, const tensor *B,
                      const float *b, const tensor *C, const float *c0, double *ref)
{
  for (size_t i = 0; i < C->span; i++)
    ref[i] = c0[i];
  int i[4];
  for (i[0] = 0; i[0] < C->dims[0]; i[0]++)
    for (i[1] = 0; i[1] < C->dims[1]; i[1]++)
      for (i[2] = 0; i[2] < C->dims[2]; i[2]++)
        for (i[3] = 0; i[3] < C->dims[3]; i[3]++) {
          size_t co = offset_in(C, i);
          double x = p->kind == K_SET ? p->alpha1
                   : p->kind == K_SCALE ? (double)p->alpha1 * c0[co]
                   : (double)p->alpha1 * a[offset_in(A, i)];
          double y = reads_b(p) ? (double)p->alpha2 * b[offset_in(B, i)] : 0.0;
          double r = apply(p, x, y);
          if (p->beta != 0.0f && p->kind != K_SET && p->kind != K_SCALE)
            r += (double)p->beta * c0[co];
          ref[co] = r;
        }
}

static litdnnStatus_t call(litdnnHandle_t h, const problem *p, litdnnOpTensorDescriptor_t od,
                           const tensor *A, const void *a, const tensor *B, const void *b,
                           const tensor *C, void *c)
{
  switch (p->kind) {
  case K_SET: return litdnnSetTensor(h, C->d, c, &p->alpha1);
  case K_SCALE: return litdnnScaleTensor(h, C->d, c, &p->alpha1);
  case K_ADD: return litdnnAddTensor(h, &p->alpha1, A->d, a, &p->beta, C->d, c);
  case K_OP:
    return litdnnOpTensor(h, od, &p->alpha1, A->d, a, &p->alpha2, B ? B->d : NULL, b, &p->beta, C->d, c);
  case K_TRANSFORM: return litdnnTransformTensor(h, &p->alpha1, A->d, a, &p->beta, C->d, c);
  }
  return LITDNN_STATUS_INTERNAL_ERROR;
}

/* Does a specialised stage accept this problem? (Pinned, it refuses with
   NOT_SUPPORTED and its reason otherwise; the general stages accept everything.) */
static int stage_applies(const char *stage, const problem *p, const tensor *A, const tensor *B,
                         const tensor *C)
{
  if (strcmp(stage, "float4 grid-stride") == 0) {
    if (!is_packed(C))
      return 0;
    if (p->kind != K_SET && p->kind != K_SCALE && !(is_packed(A) && same_layout(A, C)))
      return 0;
    return !reads_b(p) || (is_packed(B) && same_layout(B, C));
  }
  if (strcmp(stage, "tiled transpose") == 0 || strcmp(stage, "64x64 float4 transpose") == 0)
    return p->kind == K_TRANSFORM && A->layout != L_STRIDED && C->layout != L_STRIDED &&
           !same_layout(A, C);
  if (strcmp(stage, "broadcast float4") == 0) {
    /* a packed output; each input read is in C's layout, in full or as one
       repeated vector (at most one of them) */
    if (!is_packed(C))
      return 0;
    int vectors = 0;
    const tensor *in[2] = {A, reads_b(p) ? B : NULL};
    for (int k = 0; k < 2; k++) {
      if (!in[k])
        continue;
      if (count_of(in[k]) == count_of(C)) {
        if (!same_layout(in[k], C))
          return 0;
      } else {
        if (in[k]->layout != C->layout || !is_vector_of(in[k], C))
          return 0;
        vectors++;
      }
    }
    return vectors <= 1;
  }
  return 1;
}

/* ------------------------------------------------------------ the cases */
/* A problem family visits every problem of one shape: each layout of the
   output, the inputs' layouts and broadcasts, and a few alpha/beta pairs.
   A test case is one (op, stage, backend, shape); the visitor either runs
   the problem or, for the coverage tests, only asks whether a stage
   applies to it. */
typedef void (*visit_fn)(void *ctx, problem p, const tensor *A, const tensor *B, const tensor *C,
                         const char *label);

/* shapes: 1, primes, not multiples of 32; one with C and HW multiples of 4
   (the float4 paths of the broadcast and wide-transpose stages, each
   dimension a partial tile); one larger, also multiples of 4, several
   64 x 64 tiles with partial ones at both edges */
static const int shapes[][4] = {
  {1, 1, 1, 1}, {1, 3, 5, 7}, {2, 3, 17, 19}, {2, 37, 33, 5}, {3, 8, 4, 5}, {2, 68, 24, 29},
};
#define NSHAPES ((int)(sizeof shapes / sizeof shapes[0]))
#define LARGE (NSHAPES - 1)
static const float alpha_beta[][2] = {{1.0f, 0.0f}, {-0.75f, 0.0f}, {1.0f, 1.0f}, {-1.5f, 0.25f}};
#define NAB ((int)(sizeof alpha_beta / sizeof alpha_beta[0]))

/* SetTensor and ScaleTensor: C in each layout */
static void unary_problems(enum kind kind, int s, visit_fn visit, void *ctx)
{
  const int *sh = shapes[s];
  for (int l = 0; l < 3; l++) {
    tensor C = make_tensor((enum layout)l, sh[0], sh[1], sh[2], sh[3]);
    int nab = s < LARGE ? NAB : 1;
    for (int k = 0; k < nab; k++) {
      problem p = {kind, LITDNN_OP_TENSOR_ADD, LITDNN_NOT_PROPAGATE_NAN, alpha_beta[k][0], 0, 0};
      if (kind == K_SET)
        p.alpha1 = t_uniform(-4, 4);
      char label[96];
      snprintf(label, sizeof label, "%dx%dx%dx%d %s", sh[0], sh[1], sh[2], sh[3], layout_names[l]);
      visit(ctx, p, NULL, NULL, &C, label);
    }
    free_tensor(&C);
  }
}

/* AddTensor: A in C's shape (any layout), and the broadcasts: the bias
   1xCx1x1, a per-image 1xCxHxW, and a scalar 1x1x1x1. */
static void add_problems(int s, visit_fn visit, void *ctx)
{
  const int *sh = shapes[s];
  for (int lc = 0; lc < 3; lc++)
    for (int la = 0; la < 3; la++)
      for (int bc = 0; bc < 4; bc++) {
        int ad[4] = {sh[0], sh[1], sh[2], sh[3]};
        if (bc == 1) ad[0] = ad[2] = ad[3] = 1;
        if (bc == 2) ad[0] = 1;
        if (bc == 3) ad[0] = ad[1] = ad[2] = ad[3] = 1;
        if (bc > 0 && la != lc)
          continue;
        tensor C = make_tensor((enum layout)lc, sh[0], sh[1], sh[2], sh[3]);
        tensor A = make_tensor((enum layout)la, ad[0], ad[1], ad[2], ad[3]);
        int nab = s < LARGE ? NAB : 1;
        for (int k = 0; k < nab; k++) {
          int ab = s < LARGE ? k : (bc + la + lc) % NAB;
          problem p = {K_ADD, LITDNN_OP_TENSOR_ADD, LITDNN_NOT_PROPAGATE_NAN, alpha_beta[ab][0], 0,
                       alpha_beta[ab][1]};
          char label[128];
          snprintf(label, sizeof label, "C %dx%dx%dx%d %s, A %dx%dx%dx%d %s", sh[0], sh[1], sh[2], sh[3],
                   layout_names[lc], ad[0], ad[1], ad[2], ad[3], layout_names[la]);
          visit(ctx, p, &A, NULL, &C, label);
        }
        free_tensor(&A);
        free_tensor(&C);
      }
}

/* OpTensor: B full or broadcast (bias); MIN with NaN propagation */
static void op_tensor_problems(litdnnOpTensorOp_t op, int s, visit_fn visit, void *ctx)
{
  const int *sh = shapes[s];
  litdnnNanPropagation_t nan = op == LITDNN_OP_TENSOR_MIN ? LITDNN_PROPAGATE_NAN : LITDNN_NOT_PROPAGATE_NAN;
  for (int l = 0; l < 3; l++)
    for (int bc = 0; bc < 3; bc++) {   /* B: full; broadcast, A in another layout; broadcast */
      int binary = op <= LITDNN_OP_TENSOR_MAX;
      if (!binary && bc)
        continue;
      int la = bc == 1 ? (l + 1) % 3 : l;
      tensor C = make_tensor((enum layout)l, sh[0], sh[1], sh[2], sh[3]);
      tensor A = make_tensor((enum layout)la, sh[0], sh[1], sh[2], sh[3]);
      tensor B = make_tensor((enum layout)l, bc ? 1 : sh[0], sh[1], bc ? 1 : sh[2], bc ? 1 : sh[3]);
      int nab = s < LARGE ? 2 : 1;
      for (int k = 0; k < nab; k++) {
        int ab = (2 * k + s + l) % NAB;
        problem p = {K_OP, op, nan, alpha_beta[ab][0], t_uniform(-2, 2), alpha_beta[ab][1]};
        char label[128];
        snprintf(label, sizeof label, "%dx%dx%dx%d C %s, A %s, B %s%s", sh[0], sh[1], sh[2], sh[3],
                 layout_names[l], layout_names[la], layout_names[l], bc ? " broadcast" : "");
        visit(ctx, p, &A, binary ? &B : NULL, &C, label);
      }
      free_tensor(&A);
      free_tensor(&B);
      free_tensor(&C);
    }
}

/* TransformTensor: every pair of layouts, NCHW<->NHWC (the transposes) included */
static void transform_problems(int s, visit_fn visit, void *ctx)
{
  const int *sh = shapes[s];
  for (int lx = 0; lx < 3; lx++)
    for (int ly = 0; ly < 3; ly++) {
      if (s == LARGE && (lx == L_STRIDED || ly == L_STRIDED) && lx != ly)
        continue;   /* the large shape: the packed pairs and one strided pair */
      tensor X = make_tensor((enum layout)lx, sh[0], sh[1], sh[2], sh[3]);
      tensor Y = make_tensor((enum layout)ly, sh[0], sh[1], sh[2], sh[3]);
      int nab = s < LARGE ? NAB : 1;
      for (int k = 0; k < nab; k++) {
        int ab = s < LARGE ? k : (lx + ly) % NAB;
        problem p = {K_TRANSFORM, LITDNN_OP_TENSOR_ADD, LITDNN_NOT_PROPAGATE_NAN, alpha_beta[ab][0], 0,
                     alpha_beta[ab][1]};
        char label[128];
        snprintf(label, sizeof label, "%dx%dx%dx%d %s -> %s", sh[0], sh[1], sh[2], sh[3], layout_names[lx],
                 layout_names[ly]);
        visit(ctx, p, &X, NULL, &Y, label);
      }
      free_tensor(&X);
      free_tensor(&Y);
    }
}

/* One family, one shape: the tests below name a family by its op and, for
   OpTensor, the element op. */
static void family_problems(litdnnOp_t op, litdnnOpTensorOp_t element_op, int s, visit_fn visit, void *ctx)
{
  switch (op) {
  case LITDNN_OP_SET_TENSOR: unary_problems(K_SET, s, visit, ctx); break;
  case LITDNN_OP_SCALE_TENSOR: unary_problems(K_SCALE, s, visit, ctx); break;
  case LITDNN_OP_ADD_TENSOR: add_problems(s, visit, ctx); break;
  case LITDNN_OP_OP_TENSOR: op_tensor_problems(element_op, s, visit, ctx); break;
  default: transform_problems(s, visit, ctx); break;
  }
}

/* Run one problem in case c: a pinned stage that applies must match the
   reference; one that does not must refuse with NOT_SUPPORTED, name itself
   and leave C untouched. The stage the handle chooses must always run. */
static void run_problem(void *ctx, problem p, const tensor *A, const tensor *B, const tensor *C,
                        const char *label)
{
  const t_case *c = ctx;
  litdnnOpTensorDescriptor_t od = NULL;
  if (p.kind == K_OP) {
    litdnnCreateOpTensorDescriptor(&od);
    cr_assert_eq(litdnnSetOpTensorDescriptor(od, p.op, LITDNN_DATA_FLOAT, p.nan), LITDNN_STATUS_SUCCESS);
  }
  /* inputs: SQRT gets non-negative values; everything else [-1, 1] */
  float lo = p.kind == K_OP && p.op == LITDNN_OP_TENSOR_SQRT ? 0.0f : -1.0f;
  float *a = A ? t_random(A->span, lo, 1.0f) : NULL;
  float *b = B ? t_random(B->span, -1.0f, 1.0f) : NULL;
  /* beta = 0 (and SetTensor): y is poisoned, and must not leak */
  int reads_c = p.kind == K_SCALE || (p.kind != K_SET && p.beta != 0.0f);
  float *c0 = t_random(C->span, -1.0f, 1.0f);
  if (!reads_c)
    t_poison(c0, C->span);
  double *ref = malloc(C->span * sizeof *ref);
  reference(&p, A, a, B, b, C, c0, ref);
  float *got = malloc(C->span * sizeof *got);

  litdnnHandle_t h = t_case_handle(c);
  void *da = A ? t_dev_from_host(h, a, A->span) : NULL;
  void *db = B ? t_dev_from_host(h, b, B->span) : NULL;
  void *dc = t_dev_from_host(h, c0, C->span);
  litdnnStatus_t s = call(h, &p, od, A, da, B, db, C, dc);
  char msg[512];   /* the next call clears the message */
  snprintf(msg, sizeof msg, "%s", litdnnGetLastErrorString());
  litdnnSynchronize(h);
  t_dev_to_host(h, got, dc, C->span);
  char what[384];
  snprintf(what, sizeof what, "%s: %s %s, alpha %g/%g beta %g", t_case_name(c), label,
           p.kind == K_OP ? op_names[p.op] : "", p.alpha1, p.alpha2, p.beta);
  if (c->stage == LITDNN_STAGE_AUTOMATIC || stage_applies(t_case_stage(c), &p, A, B, C)) {
    cr_assert_eq(s, LITDNN_STATUS_SUCCESS, "%s: %s", what, msg);
    /* one or two float roundings per term of size <= 2 */
    t_assert_close(got, ref, C->span, 1e-6, 2e-6, what);
  } else {
    cr_assert(s == LITDNN_STATUS_NOT_SUPPORTED && strstr(msg, t_case_stage(c)) && strstr(msg, "does not apply"),
              "%s: returned %s, expected LITDNN_STATUS_NOT_SUPPORTED naming the stage (message: %s)", what,
              litdnnGetErrorString(s), msg);
    t_assert_close_f(got, c0, C->span, 0, 0, what);   /* untouched */
  }
  t_dev_free(h, da);
  t_dev_free(h, db);
  t_dev_free(h, dc);
  litdnnDestroy(h);
  free(a); free(b); free(c0); free(ref); free(got);
  if (od)
    litdnnDestroyOpTensorDescriptor(od);
}

#define FAMILY_TEST(name, op, element_op)                                   \
  ParameterizedTestParameters(tensor_ops, name) { return t_cases(op, NSHAPES); } \
  ParameterizedTest(t_case *c, tensor_ops, name) { family_problems(op, element_op, c->problem, run_problem, c); }

FAMILY_TEST(set_tensor, LITDNN_OP_SET_TENSOR, 0)
FAMILY_TEST(scale_tensor, LITDNN_OP_SCALE_TENSOR, 0)
FAMILY_TEST(add_tensor, LITDNN_OP_ADD_TENSOR, 0)
FAMILY_TEST(op_tensor_add, LITDNN_OP_OP_TENSOR, LITDNN_OP_TENSOR_ADD)
FAMILY_TEST(op_tensor_mul, LITDNN_OP_OP_TENSOR, LITDNN_OP_TENSOR_MUL)
FAMILY_TEST(op_tensor_min, LITDNN_OP_OP_TENSOR, LITDNN_OP_TENSOR_MIN)
FAMILY_TEST(op_tensor_max, LITDNN_OP_OP_TENSOR, LITDNN_OP_TENSOR_MAX)
FAMILY_TEST(op_tensor_sqrt, LITDNN_OP_OP_TENSOR, LITDNN_OP_TENSOR_SQRT)
FAMILY_TEST(op_tensor_not, LITDNN_OP_OP_TENSOR, LITDNN_OP_TENSOR_NOT)
FAMILY_TEST(transform_tensor, LITDNN_OP_TRANSFORM_TENSOR, 0)

/* Coverage: every stage of every op applies to at least one problem of its
   family, so no stage passes its cases by refusing all of them. */
typedef struct {
  const char *stage;
  int applies;
} coverage;

static void count_applies(void *ctx, problem p, const tensor *A, const tensor *B, const tensor *C,
                          const char *label)
{
  (void)label;
  coverage *cv = ctx;
  cv->applies += stage_applies(cv->stage, &p, A, B, C);
}

Test(tensor_ops, every_stage_applies_to_some_problem_of_its_family)
{
  static const litdnnOp_t ops[] = {LITDNN_OP_SET_TENSOR, LITDNN_OP_SCALE_TENSOR, LITDNN_OP_ADD_TENSOR,
                                   LITDNN_OP_OP_TENSOR, LITDNN_OP_TRANSFORM_TENSOR};
  for (size_t o = 0; o < sizeof ops / sizeof ops[0]; o++) {
    int count = 0;
    litdnnGetStageCount(ops[o], &count);
    for (int st = 0; st < count; st++) {
      coverage cv = {NULL, 0};
      litdnnGetStageInfo(ops[o], st, &cv.stage, NULL, NULL);
      for (int s = 0; s < NSHAPES; s++)
        family_problems(ops[o], LITDNN_OP_TENSOR_ADD, s, count_applies, &cv);
      cr_expect(cv.applies > 0, "%s stage %d '%s' applies to none of its family's problems",
                litdnnGetOpName(ops[o]), st, cv.stage);
    }
  }
}

/* The cases of a test that runs once per backend with the handle's choice. */
static int automatic_only(litdnnOp_t op, int stage)
{
  (void)op;
  return stage == LITDNN_STAGE_AUTOMATIC;
}

/* MIN and MAX with NaN in an input: the flag decides who wins. */
ParameterizedTestParameters(tensor_ops, op_tensor_nan_propagation)
{
  return t_cases_if(LITDNN_OP_OP_TENSOR, 1, automatic_only);
}
ParameterizedTest(t_case *c, tensor_ops, op_tensor_nan_propagation)
{
  tensor T = make_tensor(L_NCHW, 1, 1, 1, 4);
  float a[4] = {NAN, 1.0f, NAN, -2.0f}, b[4] = {3.0f, NAN, NAN, 5.0f}, one = 1.0f, zero = 0.0f;
  for (int op = LITDNN_OP_TENSOR_MIN; op <= LITDNN_OP_TENSOR_MAX; op++)
    for (int nan = 0; nan < 2; nan++) {
      litdnnHandle_t h = t_case_handle(c);
      litdnnOpTensorDescriptor_t od;
      litdnnCreateOpTensorDescriptor(&od);
      litdnnSetOpTensorDescriptor(od, (litdnnOpTensorOp_t)op, LITDNN_DATA_FLOAT, (litdnnNanPropagation_t)nan);
      void *da = t_dev_from_host(h, a, 4), *db = t_dev_from_host(h, b, 4), *dc = t_dev_poisoned(h, 4);
      cr_assert_eq(litdnnOpTensor(h, od, &one, T.d, da, &one, T.d, db, &zero, T.d, dc), LITDNN_STATUS_SUCCESS);
      float got[4];
      t_dev_to_host(h, got, dc, 4);
      float want_min[2][4] = {{3.0f, 1.0f, NAN, -2.0f}, {NAN, NAN, NAN, -2.0f}};
      float want_max[2][4] = {{3.0f, 1.0f, NAN, 5.0f}, {NAN, NAN, NAN, 5.0f}};
      t_assert_close_f(got, op == LITDNN_OP_TENSOR_MIN ? want_min[nan] : want_max[nan], 4, 0, 0,
                       op == LITDNN_OP_TENSOR_MIN ? "MIN" : "MAX");
      t_dev_free(h, da); t_dev_free(h, db); t_dev_free(h, dc);
      litdnnDestroyOpTensorDescriptor(od);
      litdnnDestroy(h);
    }
  free_tensor(&T);
}

/* In place: AddTensor with C as A. */
ParameterizedTestParameters(tensor_ops, in_place_with_the_same_layout)
{
  return t_cases_if(LITDNN_OP_ADD_TENSOR, 1, automatic_only);
}
ParameterizedTest(t_case *c, tensor_ops, in_place_with_the_same_layout)
{
  tensor T = make_tensor(L_NHWC, 2, 5, 3, 7);
  size_t n = T.span;
  float *c0 = t_random(n, -1, 1);
  float alpha = 0.5f, beta = 2.0f;
  double *ref = malloc(n * sizeof *ref);
  for (size_t i = 0; i < n; i++)
    ref[i] = (double)alpha * c0[i] + (double)beta * c0[i];
  litdnnHandle_t h = t_case_handle(c);
  void *dc = t_dev_from_host(h, c0, n);
  cr_assert_eq(litdnnAddTensor(h, &alpha, T.d, dc, &beta, T.d, dc), LITDNN_STATUS_SUCCESS, "%s",
               litdnnGetLastErrorString());
  float *got = t_dev_fetch(h, dc, n);
  t_assert_close(got, ref, n, 1e-6, 2e-6, t_case_name(c));
  free(got);
  t_dev_free(h, dc);
  litdnnDestroy(h);
  free(ref);
  free(c0);
  free_tensor(&T);
}

/* ------------------------------------------------------------- bad input */
typedef struct {
  litdnnHandle_t h;
  tensor nchw, nhwc, bias, other, unset, dbl, overlap, t3d;
  float *a, *b, *c, *before;
  size_t n;
  litdnnOpTensorDescriptor_t add, unset_op, dbl_op, sqrt_op;
} bad_fixture;

static bad_fixture bf;

static void bad_setup(void)
{
  bf.h = t_handle(LITDNN_BACKEND_CPU);
  bf.nchw = make_tensor(L_NCHW, 2, 3, 4, 5);
  bf.nhwc = make_tensor(L_NHWC, 2, 3, 4, 5);
  bf.bias = make_tensor(L_NCHW, 1, 3, 1, 1);
  bf.other = make_tensor(L_NCHW, 2, 2, 4, 5);   /* C = 2, not broadcastable to 3 */
  litdnnCreateTensorDescriptor(&bf.unset.d);
  bf.dbl = make_tensor(L_NCHW, 2, 3, 4, 5);
  litdnnSetTensor4dDescriptor(bf.dbl.d, LITDNN_TENSOR_NCHW, LITDNN_DATA_DOUBLE, 2, 3, 4, 5);
  litdnnCreateTensorDescriptor(&bf.overlap.d);   /* rows overlap: h stride 3 < w = 5 */
  litdnnSetTensor4dDescriptorEx(bf.overlap.d, LITDNN_DATA_FLOAT, 2, 3, 4, 5, 60, 20, 3, 1);
  int dims3[3] = {2, 3, 20}, strides3[3] = {60, 20, 1};
  litdnnCreateTensorDescriptor(&bf.t3d.d);
  litdnnSetTensorNdDescriptor(bf.t3d.d, LITDNN_DATA_FLOAT, 3, dims3, strides3);
  bf.n = 2 * 3 * 4 * 5 * 2;
  bf.a = t_random(bf.n, -1, 1);
  bf.b = t_random(bf.n, -1, 1);
  bf.c = t_random(bf.n, -1, 1);
  bf.before = malloc(bf.n * sizeof(float));
  memcpy(bf.before, bf.c, bf.n * sizeof(float));
  litdnnCreateOpTensorDescriptor(&bf.add);
  litdnnSetOpTensorDescriptor(bf.add, LITDNN_OP_TENSOR_ADD, LITDNN_DATA_FLOAT, LITDNN_NOT_PROPAGATE_NAN);
  litdnnCreateOpTensorDescriptor(&bf.unset_op);
  litdnnCreateOpTensorDescriptor(&bf.dbl_op);
  litdnnSetOpTensorDescriptor(bf.dbl_op, LITDNN_OP_TENSOR_MUL, LITDNN_DATA_DOUBLE, LITDNN_PROPAGATE_NAN);
  litdnnCreateOpTensorDescriptor(&bf.sqrt_op);
  litdnnSetOpTensorDescriptor(bf.sqrt_op, LITDNN_OP_TENSOR_SQRT, LITDNN_DATA_FLOAT, LITDNN_NOT_PROPAGATE_NAN);
}

static void bad_teardown(void)
{
  litdnnDestroy(bf.h);
}

/* The output is read back through the handle and must equal what it was. */
static void expect(litdnnStatus_t got, litdnnStatus_t want, const char *needle, const char *what)
{
  t_assert_status(got, want, needle, what);
  float *now = t_dev_fetch(bf.h, bf.c, bf.n);
  t_assert_close_f(now, bf.before, bf.n, 0, 0, what);
  free(now);
}

static const float one = 1.0f, half = 0.5f;

TestSuite(tensor_ops_bad_input, .init = bad_setup, .fini = bad_teardown);

Test(tensor_ops_bad_input, set_tensor)
{
  litdnnTensorDescriptor_t d = bf.nchw.d;
  expect(litdnnSetTensor(NULL, d, bf.c, &one), LITDNN_STATUS_BAD_PARAM_NULL_POINTER, "handle", "null handle");
  expect(litdnnSetTensor(bf.h, NULL, bf.c, &one), LITDNN_STATUS_BAD_PARAM_NULL_POINTER, "yDesc", "null yDesc");
  expect(litdnnSetTensor(bf.h, bf.unset.d, bf.c, &one), LITDNN_STATUS_BAD_PARAM_NOT_FINALIZED, "yDesc", "unset yDesc");
  expect(litdnnSetTensor(bf.h, bf.dbl.d, bf.c, &one), LITDNN_STATUS_NOT_SUPPORTED_DATA_TYPE, "yDesc", "double yDesc");
  expect(litdnnSetTensor(bf.h, d, NULL, &one), LITDNN_STATUS_BAD_PARAM_NULL_POINTER, "y is", "null y");
  expect(litdnnSetTensor(bf.h, d, bf.c, NULL), LITDNN_STATUS_BAD_PARAM_NULL_POINTER, "valuePtr", "null value");
  expect(litdnnSetTensor(bf.h, bf.overlap.d, bf.c, &one), LITDNN_STATUS_BAD_PARAM, "yDesc has overlapping",
         "overlapping yDesc");
  /* the message names the call (read at once: the next call clears it) */
  cr_assert_eq(litdnnSetTensor(bf.h, d, NULL, &one), LITDNN_STATUS_BAD_PARAM_NULL_POINTER);
  cr_assert(strstr(litdnnGetLastErrorString(), "litdnnSetTensor") != NULL);
}

Test(tensor_ops_bad_input, scale_tensor)
{
  litdnnTensorDescriptor_t d = bf.nchw.d;
  expect(litdnnScaleTensor(NULL, d, bf.c, &one), LITDNN_STATUS_BAD_PARAM_NULL_POINTER, "handle", "null handle");
  expect(litdnnScaleTensor(bf.h, NULL, bf.c, &one), LITDNN_STATUS_BAD_PARAM_NULL_POINTER, "yDesc", "null yDesc");
  expect(litdnnScaleTensor(bf.h, bf.unset.d, bf.c, &one), LITDNN_STATUS_BAD_PARAM_NOT_FINALIZED, "yDesc", "unset");
  expect(litdnnScaleTensor(bf.h, bf.dbl.d, bf.c, &one), LITDNN_STATUS_NOT_SUPPORTED_DATA_TYPE, "yDesc", "double");
  expect(litdnnScaleTensor(bf.h, d, NULL, &one), LITDNN_STATUS_BAD_PARAM_NULL_POINTER, "y is", "null y");
  expect(litdnnScaleTensor(bf.h, d, bf.c, NULL), LITDNN_STATUS_BAD_PARAM_NULL_POINTER, "alpha", "null alpha");
  expect(litdnnScaleTensor(bf.h, bf.overlap.d, bf.c, &one), LITDNN_STATUS_BAD_PARAM, "overlapping", "overlap");
  /* the message names the call (read at once: the next call clears it) */
  cr_assert_eq(litdnnScaleTensor(bf.h, d, NULL, &half), LITDNN_STATUS_BAD_PARAM_NULL_POINTER);
  cr_assert(strstr(litdnnGetLastErrorString(), "litdnnScaleTensor") != NULL);
}

Test(tensor_ops_bad_input, add_tensor)
{
  litdnnTensorDescriptor_t d = bf.nchw.d;
  expect(litdnnAddTensor(NULL, &one, d, bf.a, &one, d, bf.c), LITDNN_STATUS_BAD_PARAM_NULL_POINTER, "handle", "handle");
  expect(litdnnAddTensor(bf.h, NULL, d, bf.a, &one, d, bf.c), LITDNN_STATUS_BAD_PARAM_NULL_POINTER, "alpha", "alpha");
  expect(litdnnAddTensor(bf.h, &one, d, bf.a, NULL, d, bf.c), LITDNN_STATUS_BAD_PARAM_NULL_POINTER, "beta", "beta");
  expect(litdnnAddTensor(bf.h, &one, NULL, bf.a, &one, d, bf.c), LITDNN_STATUS_BAD_PARAM_NULL_POINTER, "aDesc", "aDesc");
  expect(litdnnAddTensor(bf.h, &one, d, bf.a, &one, NULL, bf.c), LITDNN_STATUS_BAD_PARAM_NULL_POINTER, "cDesc", "cDesc");
  expect(litdnnAddTensor(bf.h, &one, bf.unset.d, bf.a, &one, d, bf.c), LITDNN_STATUS_BAD_PARAM_NOT_FINALIZED, "aDesc", "unset aDesc");
  expect(litdnnAddTensor(bf.h, &one, d, bf.a, &one, bf.unset.d, bf.c), LITDNN_STATUS_BAD_PARAM_NOT_FINALIZED, "cDesc", "unset cDesc");
  expect(litdnnAddTensor(bf.h, &one, bf.dbl.d, bf.a, &one, d, bf.c), LITDNN_STATUS_NOT_SUPPORTED_DATA_TYPE, "aDesc", "double aDesc");
  expect(litdnnAddTensor(bf.h, &one, d, bf.a, &one, bf.dbl.d, bf.c), LITDNN_STATUS_NOT_SUPPORTED_DATA_TYPE, "cDesc", "double cDesc");
  expect(litdnnAddTensor(bf.h, &one, d, NULL, &one, d, bf.c), LITDNN_STATUS_BAD_PARAM_NULL_POINTER, "A is", "null A");
  expect(litdnnAddTensor(bf.h, &one, d, bf.a, &one, d, NULL), LITDNN_STATUS_BAD_PARAM_NULL_POINTER, "C is", "null C");
  expect(litdnnAddTensor(bf.h, &one, bf.other.d, bf.a, &one, d, bf.c), LITDNN_STATUS_BAD_PARAM_SHAPE_MISMATCH,
         "aDesc dimension 1 is 2 but cDesc's is 3", "not broadcastable");
  expect(litdnnAddTensor(bf.h, &one, bf.t3d.d, bf.a, &one, d, bf.c), LITDNN_STATUS_BAD_PARAM_SHAPE_MISMATCH,
         "aDesc has 3 dimensions but cDesc has 4", "rank");
  expect(litdnnAddTensor(bf.h, &one, d, bf.a, &one, bf.bias.d, bf.c), LITDNN_STATUS_BAD_PARAM_SHAPE_MISMATCH,
         "aDesc dimension 0 is 2 but cDesc's is 1", "broadcast the wrong way");
  expect(litdnnAddTensor(bf.h, &one, d, bf.a, &one, bf.overlap.d, bf.c), LITDNN_STATUS_BAD_PARAM,
         "cDesc has overlapping", "overlapping C");
  expect(litdnnAddTensor(bf.h, &one, bf.nhwc.d, bf.c, &one, d, bf.c), LITDNN_STATUS_BAD_PARAM,
         "A overlaps C", "A aliases C in another layout");
  expect(litdnnAddTensor(bf.h, &one, d, bf.c + 1, &one, d, bf.c), LITDNN_STATUS_BAD_PARAM,
         "A overlaps C", "A shifted over C");
}

Test(tensor_ops_bad_input, op_tensor)
{
  litdnnTensorDescriptor_t d = bf.nchw.d;
  litdnnOpTensorDescriptor_t o = bf.add;
#define OPT(h, od, al1, ad, A, al2, bd, B, be, cd, C) litdnnOpTensor(h, od, al1, ad, A, al2, bd, B, be, cd, C)
  expect(OPT(NULL, o, &one, d, bf.a, &one, d, bf.b, &half, d, bf.c), LITDNN_STATUS_BAD_PARAM_NULL_POINTER, "handle", "handle");
  expect(OPT(bf.h, NULL, &one, d, bf.a, &one, d, bf.b, &half, d, bf.c), LITDNN_STATUS_BAD_PARAM_NULL_POINTER, "opTensorDesc", "null op");
  expect(OPT(bf.h, bf.unset_op, &one, d, bf.a, &one, d, bf.b, &half, d, bf.c), LITDNN_STATUS_BAD_PARAM_NOT_FINALIZED, "opTensorDesc", "unset op");
  expect(OPT(bf.h, bf.dbl_op, &one, d, bf.a, &one, d, bf.b, &half, d, bf.c), LITDNN_STATUS_NOT_SUPPORTED_DATA_TYPE, "compute type", "double op");
  expect(OPT(bf.h, o, NULL, d, bf.a, &one, d, bf.b, &half, d, bf.c), LITDNN_STATUS_BAD_PARAM_NULL_POINTER, "alpha1", "alpha1");
  expect(OPT(bf.h, o, &one, d, bf.a, NULL, d, bf.b, &half, d, bf.c), LITDNN_STATUS_BAD_PARAM_NULL_POINTER, "alpha2", "alpha2");
  expect(OPT(bf.h, o, &one, d, bf.a, &one, d, bf.b, NULL, d, bf.c), LITDNN_STATUS_BAD_PARAM_NULL_POINTER, "beta", "beta");
  expect(OPT(bf.h, o, &one, NULL, bf.a, &one, d, bf.b, &half, d, bf.c), LITDNN_STATUS_BAD_PARAM_NULL_POINTER, "aDesc", "aDesc");
  expect(OPT(bf.h, o, &one, d, bf.a, &one, NULL, bf.b, &half, d, bf.c), LITDNN_STATUS_BAD_PARAM_NULL_POINTER, "bDesc", "bDesc");
  expect(OPT(bf.h, o, &one, d, bf.a, &one, d, bf.b, &half, NULL, bf.c), LITDNN_STATUS_BAD_PARAM_NULL_POINTER, "cDesc", "cDesc");
  expect(OPT(bf.h, o, &one, d, bf.a, &one, bf.dbl.d, bf.b, &half, d, bf.c), LITDNN_STATUS_NOT_SUPPORTED_DATA_TYPE, "bDesc", "double B");
  expect(OPT(bf.h, o, &one, d, NULL, &one, d, bf.b, &half, d, bf.c), LITDNN_STATUS_BAD_PARAM_NULL_POINTER, "A is", "null A");
  expect(OPT(bf.h, o, &one, d, bf.a, &one, d, NULL, &half, d, bf.c), LITDNN_STATUS_BAD_PARAM_NULL_POINTER, "B is", "null B");
  expect(OPT(bf.h, o, &one, d, bf.a, &one, d, bf.b, &half, d, NULL), LITDNN_STATUS_BAD_PARAM_NULL_POINTER, "C is", "null C");
  expect(OPT(bf.h, o, &one, bf.bias.d, bf.a, &one, d, bf.b, &half, d, bf.c), LITDNN_STATUS_BAD_PARAM_SHAPE_MISMATCH,
         "aDesc dimension 0 is 1 but cDesc's is 2", "A may not broadcast");
  expect(OPT(bf.h, o, &one, d, bf.a, &one, bf.other.d, bf.b, &half, d, bf.c), LITDNN_STATUS_BAD_PARAM_SHAPE_MISMATCH,
         "bDesc dimension 1 is 2", "B not broadcastable");
  expect(OPT(bf.h, o, &one, d, bf.a, &one, d, bf.b, &half, bf.overlap.d, bf.c), LITDNN_STATUS_BAD_PARAM,
         "cDesc has overlapping", "overlapping C");
  expect(OPT(bf.h, o, &one, d, bf.a, &one, bf.nhwc.d, bf.c, &half, d, bf.c), LITDNN_STATUS_BAD_PARAM,
         "B overlaps C", "B aliases C");
  /* SQRT ignores B: null B and bDesc are fine, and the call succeeds */
  float *c = t_random(bf.n, 0, 1), *a = t_random(bf.n, 0, 1);
  cr_assert_eq(OPT(bf.h, bf.sqrt_op, &one, d, a, NULL, NULL, NULL, &half, d, c), LITDNN_STATUS_SUCCESS,
               "%s", litdnnGetLastErrorString());
  free(a);
  free(c);
#undef OPT
}

Test(tensor_ops_bad_input, transform_tensor)
{
  litdnnTensorDescriptor_t x = bf.nchw.d, y = bf.nhwc.d;
  expect(litdnnTransformTensor(NULL, &one, x, bf.a, &one, y, bf.c), LITDNN_STATUS_BAD_PARAM_NULL_POINTER, "handle", "handle");
  expect(litdnnTransformTensor(bf.h, NULL, x, bf.a, &one, y, bf.c), LITDNN_STATUS_BAD_PARAM_NULL_POINTER, "alpha", "alpha");
  expect(litdnnTransformTensor(bf.h, &one, x, bf.a, NULL, y, bf.c), LITDNN_STATUS_BAD_PARAM_NULL_POINTER, "beta", "beta");
  expect(litdnnTransformTensor(bf.h, &one, NULL, bf.a, &one, y, bf.c), LITDNN_STATUS_BAD_PARAM_NULL_POINTER, "xDesc", "xDesc");
  expect(litdnnTransformTensor(bf.h, &one, x, bf.a, &one, NULL, bf.c), LITDNN_STATUS_BAD_PARAM_NULL_POINTER, "yDesc", "yDesc");
  expect(litdnnTransformTensor(bf.h, &one, bf.unset.d, bf.a, &one, y, bf.c), LITDNN_STATUS_BAD_PARAM_NOT_FINALIZED, "xDesc", "unset");
  expect(litdnnTransformTensor(bf.h, &one, x, bf.a, &one, bf.dbl.d, bf.c), LITDNN_STATUS_NOT_SUPPORTED_DATA_TYPE, "yDesc", "double");
  expect(litdnnTransformTensor(bf.h, &one, x, NULL, &one, y, bf.c), LITDNN_STATUS_BAD_PARAM_NULL_POINTER, "x is", "null x");
  expect(litdnnTransformTensor(bf.h, &one, x, bf.a, &one, y, NULL), LITDNN_STATUS_BAD_PARAM_NULL_POINTER, "y is", "null y");
  expect(litdnnTransformTensor(bf.h, &one, bf.bias.d, bf.a, &one, y, bf.c), LITDNN_STATUS_BAD_PARAM_SHAPE_MISMATCH,
         "xDesc dimension 0 is 1 but yDesc's is 2", "no broadcasting in a transform");
  expect(litdnnTransformTensor(bf.h, &one, bf.t3d.d, bf.a, &one, y, bf.c), LITDNN_STATUS_BAD_PARAM_SHAPE_MISMATCH,
         "xDesc has 3 dimensions", "rank");
  expect(litdnnTransformTensor(bf.h, &one, x, bf.a, &one, bf.overlap.d, bf.c), LITDNN_STATUS_BAD_PARAM,
         "yDesc has overlapping", "overlapping y");
  expect(litdnnTransformTensor(bf.h, &one, x, bf.c, &one, y, bf.c), LITDNN_STATUS_BAD_PARAM,
         "x overlaps y", "in place across layouts");
}

Test(tensor_ops_bad_input, op_tensor_descriptor)
{
  litdnnOpTensorDescriptor_t o = bf.add;
  litdnnOpTensorOp_t op = (litdnnOpTensorOp_t)99;
  litdnnDataType_t dt = (litdnnDataType_t)99;
  litdnnNanPropagation_t nan = (litdnnNanPropagation_t)99;
  t_assert_status(litdnnCreateOpTensorDescriptor(NULL), LITDNN_STATUS_BAD_PARAM_NULL_POINTER, "opTensorDesc", "create");
  t_assert_status(litdnnSetOpTensorDescriptor(NULL, LITDNN_OP_TENSOR_ADD, LITDNN_DATA_FLOAT, LITDNN_PROPAGATE_NAN),
                  LITDNN_STATUS_BAD_PARAM_NULL_POINTER, "opTensorDesc", "set null");
  t_assert_status(litdnnSetOpTensorDescriptor(o, (litdnnOpTensorOp_t)6, LITDNN_DATA_FLOAT, LITDNN_PROPAGATE_NAN),
                  LITDNN_STATUS_BAD_PARAM_OUT_OF_BOUND, "opTensorOp = 6", "bad op");
  t_assert_status(litdnnSetOpTensorDescriptor(o, LITDNN_OP_TENSOR_MUL, (litdnnDataType_t)7, LITDNN_PROPAGATE_NAN),
                  LITDNN_STATUS_BAD_PARAM_OUT_OF_BOUND, "opTensorCompType = 7", "bad type");
  t_assert_status(litdnnSetOpTensorDescriptor(o, LITDNN_OP_TENSOR_MUL, LITDNN_DATA_FLOAT, (litdnnNanPropagation_t)2),
                  LITDNN_STATUS_BAD_PARAM_OUT_OF_BOUND, "opTensorNanOpt = 2", "bad nan");
  /* the failed sets left it as it was */
  cr_assert_eq(litdnnGetOpTensorDescriptor(o, &op, &dt, &nan), LITDNN_STATUS_SUCCESS);
  cr_assert(op == LITDNN_OP_TENSOR_ADD && dt == LITDNN_DATA_FLOAT && nan == LITDNN_NOT_PROPAGATE_NAN);
  op = (litdnnOpTensorOp_t)99;
  t_assert_status(litdnnGetOpTensorDescriptor(bf.unset_op, &op, &dt, &nan), LITDNN_STATUS_BAD_PARAM_NOT_FINALIZED,
                  "opTensorDesc was never set", "get unset");
  cr_assert_eq(op, (litdnnOpTensorOp_t)99, "a failing get wrote its output");
  t_assert_status(litdnnGetOpTensorDescriptor(NULL, &op, &dt, &nan), LITDNN_STATUS_BAD_PARAM_NULL_POINTER,
                  "opTensorDesc", "get null");
  cr_assert_eq(litdnnDestroyOpTensorDescriptor(NULL), LITDNN_STATUS_SUCCESS);
}

Test(tensor_ops_bad_input, pinning_a_stage)
{
  /* a GPU stage cannot be pinned on the CPU backend, nor a stage that is not there */
  t_assert_status(litdnnSetStage(bf.h, LITDNN_OP_TRANSFORM_TENSOR, 3), LITDNN_STATUS_NOT_SUPPORTED_BACKEND,
                  "does not run on the cpu backend", "GPU stage on the CPU");
  t_assert_status(litdnnSetStage(bf.h, LITDNN_OP_TRANSFORM_TENSOR, 5), LITDNN_STATUS_BAD_PARAM_OUT_OF_BOUND,
                  "stage = 5", "no such stage");
}
