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
static const litdnnOp_t op_of[] = {LITDNN_OP_SET_TENSOR, LITDNN_OP_SCALE_TENSOR, LITDNN_OP_ADD_TENSOR,
                                   LITDNN_OP_OP_TENSOR, LITDNN_OP_TRANSFORM_TENSOR};
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

/* ----------------------------------------------------------- the runner */
/* The backends and (backend, stage) pairs, asked once per process: asking
   whether a CUDA device is there costs time on a machine without one. */
static int backends_cached(litdnnBackend_t out[LITDNN_BACKEND_COUNT])
{
  static litdnnBackend_t cache[LITDNN_BACKEND_COUNT];
  static int n = -1;
  if (n < 0)
    n = t_backends(cache);
  memcpy(out, cache, sizeof cache);
  return n;
}

static int runs_cached(litdnnOp_t op, t_run *runs)
{
  static t_run cache[LITDNN_OP_COUNT][T_MAX_RUNS];
  static int n[LITDNN_OP_COUNT], done[LITDNN_OP_COUNT];
  if (!done[op]) {
    n[op] = t_runs(op, cache[op], T_MAX_RUNS);
    done[op] = 1;
  }
  memcpy(runs, cache[op], sizeof cache[op]);
  return n[op];
}

typedef struct {
  int ran[T_MAX_RUNS];   /* successful runs per (backend, stage) */
} tally;

static void run_problem(problem p, const tensor *A, const tensor *B, const tensor *C, tally *tl,
                        const char *label)
{
  t_run runs[T_MAX_RUNS];
  int nruns = runs_cached(op_of[p.kind], runs);
  cr_assert(nruns > 0);
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

  for (int r = 0; r < nruns; r++) {
    litdnnHandle_t h = t_handle(runs[r].backend);
    cr_assert_eq(litdnnSetStage(h, op_of[p.kind], runs[r].stage), LITDNN_STATUS_SUCCESS);
    void *da = A ? t_dev_from_host(h, a, A->span) : NULL;
    void *db = B ? t_dev_from_host(h, b, B->span) : NULL;
    void *dc = t_dev_from_host(h, c0, C->span);
    litdnnStatus_t s = call(h, &p, od, A, da, B, db, C, dc);
    char msg[512];   /* the next call clears the message */
    snprintf(msg, sizeof msg, "%s", litdnnGetLastErrorString());
    litdnnSynchronize(h);
    t_dev_to_host(h, got, dc, C->span);
    char what[256];
    snprintf(what, sizeof what, "%s: %s on %s, stage '%s', alpha %g/%g beta %g", label,
             p.kind == K_OP ? op_names[p.op] : litdnnGetOpName(op_of[p.kind]),
             litdnnGetBackendName(runs[r].backend), runs[r].name, p.alpha1, p.alpha2, p.beta);
    if (stage_applies(runs[r].name, &p, A, B, C)) {
      cr_assert_eq(s, LITDNN_STATUS_SUCCESS, "%s: %s", what, litdnnGetLastErrorString());
      /* one or two float roundings per term of size <= 2 */
      t_assert_close(got, ref, C->span, 1e-6, 2e-6, what);
      tl->ran[r]++;
    } else {
      cr_assert(s == LITDNN_STATUS_NOT_SUPPORTED && strstr(msg, runs[r].name) && strstr(msg, "does not apply"),
                "%s: returned %s, expected LITDNN_STATUS_NOT_SUPPORTED naming the stage (message: %s)", what,
                litdnnGetErrorString(s), msg);
      t_assert_close_f(got, c0, C->span, 0, 0, what);   /* untouched */
    }
    t_dev_free(h, da);
    t_dev_free(h, db);
    t_dev_free(h, dc);
    litdnnDestroy(h);
  }
  /* and once per backend with the stage the handle chooses */
  litdnnBackend_t backends[LITDNN_BACKEND_COUNT];
  int nb = backends_cached(backends);
  for (int i = 0; i < nb; i++) {
    litdnnHandle_t h = t_handle(backends[i]);
    void *da = A ? t_dev_from_host(h, a, A->span) : NULL;
    void *db = B ? t_dev_from_host(h, b, B->span) : NULL;
    void *dc = t_dev_from_host(h, c0, C->span);
    litdnnStatus_t s = call(h, &p, od, A, da, B, db, C, dc);
    char msg[512];   /* the next call clears the message */
    snprintf(msg, sizeof msg, "%s", litdnnGetLastErrorString());
    litdnnSynchronize(h);
    t_dev_to_host(h, got, dc, C->span);
    char what[256];
    snprintf(what, sizeof what, "%s: %s on %s, stage chosen by the handle", label,
             litdnnGetOpName(op_of[p.kind]), litdnnGetBackendName(backends[i]));
    cr_assert_eq(s, LITDNN_STATUS_SUCCESS, "%s: %s", what, litdnnGetLastErrorString());
    t_assert_close(got, ref, C->span, 1e-6, 2e-6, what);
    t_dev_free(h, da);
    t_dev_free(h, db);
    t_dev_free(h, dc);
    litdnnDestroy(h);
  }
  free(a); free(b); free(c0); free(ref); free(got);
  if (od)
    litdnnDestroyOpTensorDescriptor(od);
}

/* every (backend, stage) ran successfully at least once in this test */
static void assert_every_stage_ran(litdnnOp_t op, const tally *tl)
{
  t_run runs[T_MAX_RUNS];
  int nruns = runs_cached(op, runs);
  for (int r = 0; r < nruns; r++)
    cr_assert(tl->ran[r] > 0, "stage '%s' on %s never ran successfully", runs[r].name,
              litdnnGetBackendName(runs[r].backend));
}

/* shapes: 1, primes, not multiples of 32; one with C and HW multiples of 4
   (the float4 paths of the broadcast and wide-transpose stages, each
   dimension a partial tile); one larger, also multiples of 4, several
   64 x 64 tiles with partial ones at both edges */
static const int shapes[][4] = {
  {1, 1, 1, 1}, {1, 3, 5, 7}, {2, 3, 17, 19}, {2, 37, 33, 5}, {3, 8, 4, 5},
};
#define NSHAPES ((int)(sizeof shapes / sizeof shapes[0]))
static const int large[4] = {2, 68, 24, 29};
static const float alpha_beta[][2] = {{1.0f, 0.0f}, {-0.75f, 0.0f}, {1.0f, 1.0f}, {-1.5f, 0.25f}};
#define NAB ((int)(sizeof alpha_beta / sizeof alpha_beta[0]))

static void run_unary_family(enum kind kind)
{
  tally tl = {{0}};
  for (int s = 0; s <= NSHAPES; s++) {
    const int *sh = s < NSHAPES ? shapes[s] : large;
    for (int l = 0; l < 3; l++) {
      tensor C = make_tensor((enum layout)l, sh[0], sh[1], sh[2], sh[3]);
      int nab = s < NSHAPES ? NAB : 1;
      for (int k = 0; k < nab; k++) {
        problem p = {kind, LITDNN_OP_TENSOR_ADD, LITDNN_NOT_PROPAGATE_NAN, alpha_beta[k][0], 0, 0};
        if (kind == K_SET)
          p.alpha1 = t_uniform(-4, 4);
        char label[96];
        snprintf(label, sizeof label, "%dx%dx%dx%d %s", sh[0], sh[1], sh[2], sh[3], layout_names[l]);
        run_problem(p, NULL, NULL, &C, &tl, label);
      }
      free_tensor(&C);
    }
  }
  assert_every_stage_ran(op_of[kind], &tl);
}

Test(tensor_ops, set_tensor_every_stage) { run_unary_family(K_SET); }
Test(tensor_ops, scale_tensor_every_stage) { run_unary_family(K_SCALE); }

/* AddTensor: A in C's shape (any layout), and the broadcasts: the bias
   1xCx1x1, a per-image 1xCxHxW, and a scalar 1x1x1x1. */
static void run_add(int which_shapes)
{
  tally tl = {{0}};
  for (int s = 0; s <= NSHAPES; s++) {
    if ((s % 2) != which_shapes)
      continue;
    const int *sh = s < NSHAPES ? shapes[s] : large;
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
          int nab = s < NSHAPES ? NAB : 1;
          for (int k = 0; k < nab; k++) {
            int ab = s < NSHAPES ? k : (bc + la + lc) % NAB;
            problem p = {K_ADD, LITDNN_OP_TENSOR_ADD, LITDNN_NOT_PROPAGATE_NAN, alpha_beta[ab][0], 0,
                         alpha_beta[ab][1]};
            char label[128];
            snprintf(label, sizeof label, "C %dx%dx%dx%d %s, A %dx%dx%dx%d %s", sh[0], sh[1], sh[2],
                     sh[3], layout_names[lc], ad[0], ad[1], ad[2], ad[3], layout_names[la]);
            run_problem(p, &A, NULL, &C, &tl, label);
          }
          free_tensor(&A);
          free_tensor(&C);
        }
  }
  assert_every_stage_ran(LITDNN_OP_ADD_TENSOR, &tl);
}

Test(tensor_ops, add_tensor_even_shapes) { run_add(0); }
Test(tensor_ops, add_tensor_odd_shapes) { run_add(1); }

/* OpTensor: each op; B full or broadcast (bias); both NaN options for MIN/MAX */
static void run_op_tensor(litdnnOpTensorOp_t op, litdnnNanPropagation_t nan)
{
  tally tl = {{0}};
  for (int s = 0; s <= NSHAPES; s++) {
    const int *sh = s < NSHAPES ? shapes[s] : large;
    for (int l = 0; l < 3; l++)
      for (int bc = 0; bc < 3; bc++) {   /* B: full; broadcast, A in another layout; broadcast */
        int binary = op <= LITDNN_OP_TENSOR_MAX;
        if (!binary && bc)
          continue;
        int la = bc == 1 ? (l + 1) % 3 : l;
        tensor C = make_tensor((enum layout)l, sh[0], sh[1], sh[2], sh[3]);
        tensor A = make_tensor((enum layout)la, sh[0], sh[1], sh[2], sh[3]);
        tensor B = make_tensor((enum layout)l, bc ? 1 : sh[0], sh[1], bc ? 1 : sh[2], bc ? 1 : sh[3]);
        int nab = s < NSHAPES ? 2 : 1;
        for (int k = 0; k < nab; k++) {
          int ab = (2 * k + s + l) % NAB;
          problem p = {K_OP, op, nan, alpha_beta[ab][0], t_uniform(-2, 2), alpha_beta[ab][1]};
          char label[128];
          snprintf(label, sizeof label, "%dx%dx%dx%d C %s, A %s, B %s%s", sh[0], sh[1], sh[2], sh[3],
                   layout_names[l], layout_names[la], layout_names[l], bc ? " broadcast" : "");
          run_problem(p, &A, binary ? &B : NULL, &C, &tl, label);
        }
        free_tensor(&A);
        free_tensor(&B);
        free_tensor(&C);
      }
  }
  assert_every_stage_ran(LITDNN_OP_OP_TENSOR, &tl);
}

Test(tensor_ops, op_tensor_add) { run_op_tensor(LITDNN_OP_TENSOR_ADD, LITDNN_NOT_PROPAGATE_NAN); }
Test(tensor_ops, op_tensor_mul) { run_op_tensor(LITDNN_OP_TENSOR_MUL, LITDNN_NOT_PROPAGATE_NAN); }
Test(tensor_ops, op_tensor_min) { run_op_tensor(LITDNN_OP_TENSOR_MIN, LITDNN_PROPAGATE_NAN); }
Test(tensor_ops, op_tensor_max) { run_op_tensor(LITDNN_OP_TENSOR_MAX, LITDNN_NOT_PROPAGATE_NAN); }
Test(tensor_ops, op_tensor_sqrt) { run_op_tensor(LITDNN_OP_TENSOR_SQRT, LITDNN_NOT_PROPAGATE_NAN); }
Test(tensor_ops, op_tensor_not) { run_op_tensor(LITDNN_OP_TENSOR_NOT, LITDNN_NOT_PROPAGATE_NAN); }

/* MIN and MAX with NaN in an input: the flag decides who wins. */
Test(tensor_ops, op_tensor_nan_propagation)
{
  tensor T = make_tensor(L_NCHW, 1, 1, 1, 4);
  float a[4] = {NAN, 1.0f, NAN, -2.0f}, b[4] = {3.0f, NAN, NAN, 5.0f}, one = 1.0f, zero = 0.0f;
  litdnnBackend_t backends[LITDNN_BACKEND_COUNT];
  int nb = backends_cached(backends);
  for (int i = 0; i < nb; i++)
    for (int op = LITDNN_OP_TENSOR_MIN; op <= LITDNN_OP_TENSOR_MAX; op++)
      for (int nan = 0; nan < 2; nan++) {
        litdnnHandle_t h = t_handle(backends[i]);
        litdnnOpTensorDescriptor_t od;
        litdnnCreateOpTensorDescriptor(&od);
        litdnnSetOpTensorDescriptor(od, (litdnnOpTensorOp_t)op, LITDNN_DATA_FLOAT,
                                    (litdnnNanPropagation_t)nan);
        void *da = t_dev_from_host(h, a, 4), *db = t_dev_from_host(h, b, 4), *dc = t_dev_poisoned(h, 4);
        cr_assert_eq(litdnnOpTensor(h, od, &one, T.d, da, &one, T.d, db, &zero, T.d, dc),
                     LITDNN_STATUS_SUCCESS);
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

/* TransformTensor: every pair of layouts, NCHW<->NHWC (the tiled transpose) included */
static void run_transform(int first_shape, int last_shape)
{
  tally tl = {{0}};
  for (int s = first_shape; s <= last_shape; s++) {
    const int *sh = s < NSHAPES ? shapes[s] : large;
    for (int lx = 0; lx < 3; lx++)
      for (int ly = 0; ly < 3; ly++) {
        if (s == NSHAPES && (lx == L_STRIDED || ly == L_STRIDED) && lx != ly)
          continue;   /* the large shape: the packed pairs and one strided pair */
        tensor X = make_tensor((enum layout)lx, sh[0], sh[1], sh[2], sh[3]);
        tensor Y = make_tensor((enum layout)ly, sh[0], sh[1], sh[2], sh[3]);
        int nab = s < NSHAPES ? NAB : 1;
        for (int k = 0; k < nab; k++) {
          int ab = s < NSHAPES ? k : (lx + ly) % NAB;
          problem p = {K_TRANSFORM, LITDNN_OP_TENSOR_ADD, LITDNN_NOT_PROPAGATE_NAN, alpha_beta[ab][0], 0,
                       alpha_beta[ab][1]};
          char label[128];
          snprintf(label, sizeof label, "%dx%dx%dx%d %s -> %s", sh[0], sh[1], sh[2], sh[3],
                   layout_names[lx], layout_names[ly]);
          run_problem(p, &X, NULL, &Y, &tl, label);
        }
        free_tensor(&X);
        free_tensor(&Y);
      }
  }
  assert_every_stage_ran(LITDNN_OP_TRANSFORM_TENSOR, &tl);
}

Test(tensor_ops, transform_small_shapes) { run_transform(0, 2); }
Test(tensor_ops, transform_prime_channels) { run_transform(3, 3); }
Test(tensor_ops, transform_multiples_of_four) { run_transform(4, 4); }
Test(tensor_ops, transform_large) { run_transform(NSHAPES, NSHAPES); }

/* In place: ScaleTensor always, AddTensor and OpTensor with C as A. */
Test(tensor_ops, in_place_with_the_same_layout)
{
  tensor T = make_tensor(L_NHWC, 2, 5, 3, 7);
  size_t n = T.span;
  float *c0 = t_random(n, -1, 1);
  float alpha = 0.5f, beta = 2.0f;
  litdnnBackend_t backends[LITDNN_BACKEND_COUNT];
  int nb = backends_cached(backends);
  double *ref = malloc(n * sizeof *ref);
  for (size_t i = 0; i < n; i++)
    ref[i] = (double)alpha * c0[i] + (double)beta * c0[i];
  for (int i = 0; i < nb; i++) {
    litdnnHandle_t h = t_handle(backends[i]);
    void *dc = t_dev_from_host(h, c0, n);
    cr_assert_eq(litdnnAddTensor(h, &alpha, T.d, dc, &beta, T.d, dc), LITDNN_STATUS_SUCCESS, "%s",
                 litdnnGetLastErrorString());
    float *got = t_dev_fetch(h, dc, n);
    t_assert_close(got, ref, n, 1e-6, 2e-6, "AddTensor in place");
    free(got);
    t_dev_free(h, dc);
    litdnnDestroy(h);
  }
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
