#line 3155 "chapters/04-matmul.nw"
#include "matmul/matmul.h"
#include <stdio.h>

#line 4930 "chapters/04-matmul.nw"
/* No transposes, 16-byte aligned operands and leading dimensions (and
   strides, with a batch): NULL, or why not. */
static const char *matmul_16_byte_applies(litdnnHandle_t h, const void *args)
{
  const litdnn_matmul_args *g = (const litdnn_matmul_args *)args;
  (void)h;
  if (g->transa || g->transb)
    return "it multiplies untransposed A and B only";
  if ((size_t)g->A % 16 != 0 || (size_t)g->B % 16 != 0)
    return "A or B does not start on a 16-byte boundary";
  if (g->lda % 4 != 0 || g->ldb % 4 != 0)
    return "lda or ldb is not a multiple of 4";
  if (g->batch > 1 && (g->strideA % 4 != 0 || g->strideB % 4 != 0))
    return "strideA or strideB is not a multiple of 4";
  return NULL;
}
#line 5082 "chapters/04-matmul.nw"
static const char *matmul_tma_applies(litdnnHandle_t h, const void *args)
{
  const litdnn_matmul_args *g = (const litdnn_matmul_args *)args;
  const char *why = matmul_16_byte_applies(h, args);
  if (!why && g->batch > 1 && (g->strideA < g->lda * g->k || g->strideB < g->ldb * g->n))
    why = "the matrices of the batch overlap in A or B (strideA < lda * k or strideB < ldb * n), "
          "which a tensor map cannot describe";
  return why;
}
#line 3015 "chapters/04-matmul.nw"
static const litdnn_stage matmul_stages[MATMUL_STAGE_COUNT] = {MATMUL_STAGES(LITDNN_STAGE_ROW)};
#line 3036 "chapters/04-matmul.nw"
static int matmul_pick_tile(const litdnn_matmul_args *g)
{
  int64_t big_tiles = (int64_t)((g->m + 127) / 128) * ((g->n + 127) / 128) * g->batch;
  int64_t tuned_tiles = (int64_t)((g->m + 255) / 256) * ((g->n + 127) / 128) * g->batch;
  if (g->n <= 16)
    return MATMUL_STAGE_SPLITK_128X16;
  if (big_tiles < 2 * 132)
    return MATMUL_STAGE_SPLITK_64X64;
  if (tuned_tiles >= 132)
    return MATMUL_STAGE_TUNED;
  return MATMUL_STAGE_PIPELINED;
}

static int matmul_choose(litdnnHandle_t h, const void *args)
{
  const litdnn_matmul_args *g = (const litdnn_matmul_args *)args;
  switch (litdnn_backend(h)) {
  case LITDNN_BACKEND_CPU: return MATMUL_STAGE_CPU_JKI;
  case LITDNN_BACKEND_CUDA: return g->math == LITDNN_MATH_TF32 ? MATMUL_STAGE_CUBLAS_TF32 : MATMUL_STAGE_CUBLAS;
  default: return matmul_pick_tile(g);
  }
}

#line 3161 "chapters/04-matmul.nw"
const litdnn_op_table litdnn_matmul_table = LITDNN_OP_TABLE("matmul", matmul_stages, matmul_choose);

#line 3085 "chapters/04-matmul.nw"
static litdnnStatus_t check_operand(const char *call, const char *name, const char *ldname,
                                    const char *stridename, const void *X, int64_t ld, int64_t rows,
                                    int64_t cols, int64_t stride, int batch, const char *rowsname)
{
  if (!X)
    return litdnn_error(LITDNN_STATUS_BAD_PARAM_NULL_POINTER, call, "%s is a null pointer", name);
  if (ld < rows)
    return litdnn_error(LITDNN_STATUS_BAD_PARAM_OUT_OF_BOUND, call,
                        "%s = %lld is less than the %lld rows of %s as stored (%s)", ldname,
                        (long long)ld, (long long)rows, name, rowsname);
  if (batch > 1 && stride < 0)
    return litdnn_error(LITDNN_STATUS_BAD_PARAM_OUT_OF_BOUND, call, "%s = %lld must not be negative",
                        stridename, (long long)stride);
  int64_t span, last, bytes;
  if (!litdnn_mul_size(ld, cols - 1, &span) || !litdnn_add_size(span, rows, &span) ||
      !litdnn_mul_size(batch > 1 ? stride : 0, batch - 1, &last) || !litdnn_add_size(span, last, &span) ||
      !litdnn_mul_size(span, (int64_t)sizeof(float), &bytes))
    return litdnn_error(LITDNN_STATUS_BAD_PARAM_OVERFLOW, call,
                        "%s with %s = %lld and %s = %lld spans more than 64-bit sizes hold", name,
                        ldname, (long long)ld, stridename, (long long)stride);
  return LITDNN_STATUS_SUCCESS;
}

litdnnStatus_t litdnn_matmul_check(litdnnHandle_t h, const char *call, const litdnn_matmul_args *g)
{
  litdnnStatus_t s = litdnn_check_handle(call, h);
  if (s != LITDNN_STATUS_SUCCESS)
    return s;
  if (g->math != LITDNN_MATH_FMA && g->math != LITDNN_MATH_TF32)
    return litdnn_error(LITDNN_STATUS_BAD_PARAM_OUT_OF_BOUND, call, "math = %d is not a litdnnMathType_t",
                        (int)g->math);
  if ((g->transa != 0 && g->transa != 1) || (g->transb != 0 && g->transb != 1))
    return litdnn_error(LITDNN_STATUS_BAD_PARAM_OUT_OF_BOUND, call, "%s = %d is not a litdnnTranspose_t",
                        g->transa != 0 && g->transa != 1 ? "transa" : "transb",
                        g->transa != 0 && g->transa != 1 ? g->transa : g->transb);
  const char *names[4] = {"m", "n", "k", "batchCount"};
  int sizes[4] = {g->m, g->n, g->k, g->batch};
  for (int d = 0; d < 4; d++)
    if (sizes[d] <= 0)
      return litdnn_error(LITDNN_STATUS_BAD_PARAM_OUT_OF_BOUND, call, "%s = %d must be positive",
                          names[d], sizes[d]);
  if (g->n > MATMUL_MAX_GRID_Z * 32)
    return litdnn_error(LITDNN_STATUS_NOT_SUPPORTED, call, "n = %d exceeds the largest grid (%d)", g->n,
                        MATMUL_MAX_GRID_Z * 32);
  s = check_operand(call, "A", "lda", "strideA", g->A, g->lda, g->transa ? g->k : g->m,
                    g->transa ? g->m : g->k, g->strideA, g->batch, g->transa ? "k" : "m");
  if (s == LITDNN_STATUS_SUCCESS)
    s = check_operand(call, "B", "ldb", "strideB", g->B, g->ldb, g->transb ? g->n : g->k,
                      g->transb ? g->k : g->n, g->strideB, g->batch, g->transb ? "n" : "k");
  if (s == LITDNN_STATUS_SUCCESS)
    s = check_operand(call, "C", "ldc", "strideC", g->C, g->ldc, g->m, g->n, g->strideC, g->batch, "m");
  if (s != LITDNN_STATUS_SUCCESS)
    return s;
  if (g->batch > 1 && g->strideC < g->ldc * g->n)
    return litdnn_error(LITDNN_STATUS_BAD_PARAM_OUT_OF_BOUND, call,
                        "strideC = %lld is less than ldc * n = %lld: the matrices of C would overlap",
                        (long long)g->strideC, (long long)(g->ldc * g->n));
  int pinned = h->stage[LITDNN_OP_MATMUL];
  if (pinned != LITDNN_STAGE_AUTOMATIC && (matmul_stages[pinned].flags & LITDNN_STAGE_TF32) &&
      g->math != LITDNN_MATH_TF32)
    return litdnn_error(LITDNN_STATUS_BAD_PARAM, call,
                        "math = LITDNN_MATH_FMA, but the pinned stage %d (%s) computes in TF32", pinned,
                        matmul_stages[pinned].name);
  return LITDNN_STATUS_SUCCESS;
}

#line 3165 "chapters/04-matmul.nw"
litdnnStatus_t litdnn_matmul_run(litdnnHandle_t h, const char *call, const litdnn_matmul_args *args)
{
  litdnnStatus_t s = litdnn_matmul_check(h, call, args);
  if (s != LITDNN_STATUS_SUCCESS)
    return s;
  litdnn_matmul_args g = *args;
  g.call = call;
  return litdnn_run_op(h, LITDNN_OP_MATMUL, call, &g);
}

litdnnStatus_t litdnnMatmul(litdnnHandle_t handle, litdnnMathType_t math, litdnnTranspose_t transa,
                            litdnnTranspose_t transb, int m, int n, int k, const void *alpha,
                            const void *A, int lda, long long strideA, const void *B, int ldb,
                            long long strideB, const void *beta, void *C, int ldc, long long strideC,
                            int batchCount)
{
  LITDNN_API_CALL("litdnnMatmul");
  litdnnStatus_t s = litdnn_check_handle(call, handle);
  if (s != LITDNN_STATUS_SUCCESS)
    return s;
  LITDNN_CHECK_NULL(call, alpha);
  LITDNN_CHECK_NULL(call, beta);
  litdnn_matmul_args g;
  g.call = call;
  g.math = math;
  g.transa = (int)transa;
  g.transb = (int)transb;
  g.m = m;
  g.n = n;
  g.k = k;
  g.batch = batchCount;
  g.alpha = *(const float *)alpha;
  g.beta = *(const float *)beta;
  g.A = (const float *)A;
  g.B = (const float *)B;
  g.C = (float *)C;
  g.lda = lda;
  g.ldb = ldb;
  g.ldc = ldc;
  g.strideA = batchCount > 1 ? strideA : 0;
  g.strideB = batchCount > 1 ? strideB : 0;
  g.strideC = batchCount > 1 ? strideC : 0;
  return litdnn_matmul_run(handle, call, &g);
}
