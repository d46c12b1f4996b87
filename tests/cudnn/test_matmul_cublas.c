/* Matrix multiply against cuBLAS itself, on a real GPU: every CUDA stage of
 * litdnnMatmul and the library's cuBLAS stages (cublasSgemm, in TF32 math
 * for the TF32 stages) on the same device inputs. Two FP32 results differ
 * only by the order of their sums: within 4 (1 + sqrt(k)) 2^-24 of the
 * magnitude of the sum of |products| (see test_matmul.c); TF32 results
 * within 2e-3 of it. One case per (stage, problem). A stage that does not
 * take a problem must refuse it as not applying, and leave C alone. */
#include "common.h"
#include "test_matmul.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const struct { int m, n, k, ta, tb; } problems[] = {
  {1000, 129, 1000, 0, 0}, {129, 1000, 127, 1, 0}, {127, 17, 1000, 0, 1}, {512, 512, 512, 1, 1},
  {512, 16, 20000, 0, 0},   /* split-K: many pieces, the last short */
  {300, 8, 9001, 1, 0},
  {300, 2500, 64, 0, 1},    /* ten 128x256 tiles in a row: two raster groups */
};
#define NPROBLEMS ((int)(sizeof problems / sizeof problems[0]))

static int pinned_only(litdnnOp_t op, int stage)
{
  (void)op;
  return stage != LITDNN_STAGE_AUTOMATIC;
}

ParameterizedTestParameters(matmul_cublas, every_cuda_stage_agrees_with_cublas)
{
  return t_cases_on(LITDNN_OP_MATMUL, NPROBLEMS, LITDNN_BACKEND_BIT(LITDNN_BACKEND_CUDA), pinned_only);
}

ParameterizedTest(t_case *c, matmul_cublas, every_cuda_stage_agrees_with_cublas)
{
  int m = problems[c->problem].m, n = problems[c->problem].n, k = problems[c->problem].k;
  int ta = problems[c->problem].ta, tb = problems[c->problem].tb;
  litdnnHandle_t h = t_case_handle(c);
  int tf32 = (t_case_flags(c) & LITDNN_STAGE_TF32) != 0;
  int lda = ta ? k : m, ldb = tb ? n : k, ldc = m;
  size_t na = (size_t)m * k, nb = (size_t)k * n, nc = (size_t)m * n;
  float *A = t_random(na, -1, 1), *B = t_random(nb, -1, 1);
  double *mag = malloc(nc * sizeof *mag);
  for (int j = 0; j < n; j++)
    for (int i = 0; i < m; i++) {
      double s = 0;
      for (int p = 0; p < k; p++)
        s += fabs((double)(ta ? A[p + (size_t)i * lda] : A[i + (size_t)p * lda]) *
                  (tb ? B[j + (size_t)p * ldb] : B[p + (size_t)j * ldb]));
      mag[i + (size_t)j * ldc] = s;
    }
  void *dA = t_dev_from_host(h, A, na), *dB = t_dev_from_host(h, B, nb);
  void *dRef = t_dev_poisoned(h, nc), *dC = t_dev_poisoned(h, nc);
  const float one = 1.0f, zero = 0.0f;
  litdnnMathType_t math = tf32 ? LITDNN_MATH_TF32 : LITDNN_MATH_FMA;
  litdnnStatus_t st = litdnnMatmul(h, math, (litdnnTranspose_t)ta, (litdnnTranspose_t)tb, m, n, k, &one, dA, lda,
                                   0, dB, ldb, 0, &zero, dC, ldc, 0, 1);
  char msg[512];   /* the next call of the library (t_case_stage's among them) clears the message */
  snprintf(msg, sizeof msg, "%s", litdnnGetLastErrorString());
  int takes = matmul_stage_takes(t_case_stage(c), ta, tb, 1, dA, dB, lda, ldb, 0, 0, k, n);
  if (!takes) {
    cr_assert(st == LITDNN_STATUS_NOT_SUPPORTED && strstr(msg, t_case_stage(c)) && strstr(msg, "does not apply"),
              "%s: returned %s, expected LITDNN_STATUS_NOT_SUPPORTED naming the stage and saying it does not "
              "apply (message: %s)", t_case_name(c), litdnnGetErrorString(st), msg);
    float *untouched = t_dev_fetch(h, dC, nc);
    for (size_t e = 0; e < nc; e++)
      cr_assert(isnan(untouched[e]), "%s: the refused call wrote C[%zu]", t_case_name(c), e);
    free(untouched);
  } else {
    cr_assert_eq(st, LITDNN_STATUS_SUCCESS, "%s: %s: %s", t_case_name(c), litdnnGetErrorString(st), msg);
    /* the reference: cuBLAS, through the library's own cuBLAS stage */
    int ref_stage;
    cr_assert_eq(litdnnGetStageByName(LITDNN_OP_MATMUL, tf32 ? "cuBLAS tf32" : "cuBLAS", &ref_stage),
                 LITDNN_STATUS_SUCCESS, "%s", litdnnGetLastErrorString());
    cr_assert_eq(litdnnSetStage(h, LITDNN_OP_MATMUL, ref_stage), LITDNN_STATUS_SUCCESS);
    cr_assert_eq(litdnnMatmul(h, math, (litdnnTranspose_t)ta, (litdnnTranspose_t)tb, m, n, k, &one, dA, lda, 0, dB,
                              ldb, 0, &zero, dRef, ldc, 0, 1),
                 LITDNN_STATUS_SUCCESS, "cuBLAS: %s", litdnnGetLastErrorString());
    float *ref = t_dev_fetch(h, dRef, nc), *got = t_dev_fetch(h, dC, nc);
    double rel = 4.0 * (1.0 + sqrt((double)k)) / 16777216.0 + (tf32 ? 2.0 * 2.0 / 1024.0 : 0.0);
    for (size_t e = 0; e < nc; e++)
      cr_assert(fabs((double)got[e] - ref[e]) <= rel * mag[e] + 1e-30,
                "%s, m=%d n=%d k=%d %s%s: C[%zu] = %.9g, cuBLAS %.9g (tolerance %.3g); seed %llu", t_case_name(c),
                m, n, k, ta ? "T" : "N", tb ? "T" : "N", e, got[e], ref[e], rel * mag[e],
                (unsigned long long)t_seed());
    free(ref);
    free(got);
  }
  t_dev_free(h, dA);
  t_dev_free(h, dB);
  t_dev_free(h, dRef);
  t_dev_free(h, dC);
  free(A);
  free(B);
  free(mag);
  litdnnDestroy(h);
}
