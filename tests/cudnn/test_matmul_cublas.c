/* Matrix multiply against cuBLAS itself, on a real GPU: every CUDA stage of
 * litdnnMatmul and cublasSgemm (cublasGemmEx in TF32 for the TF32 stages)
 * on the same device inputs. Two FP32 results differ only by the order of
 * their sums: within 4 (1 + sqrt(k)) 2^-24 of the magnitude of the sum of
 * |products| (see test_matmul.c); TF32 results within 2e-3 of it. */
#include "common.h"
#include "matmul/matmul.h"
#include <cublas_v2.h>
#include <stdlib.h>

static void compare_with_cublas(int m, int n, int k, int ta, int tb)
{
  litdnnHandle_t h = t_handle(LITDNN_BACKEND_CUDA);
  cublasHandle_t cb;
  cr_assert_eq(cublasCreate(&cb), CUBLAS_STATUS_SUCCESS);
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
  int count = 0;
  litdnnGetStageCount(LITDNN_OP_MATMUL, &count);
  for (int s = 0; s < count; s++) {
    const char *name;
    unsigned mask;
    litdnnGetStageInfo(LITDNN_OP_MATMUL, s, &name, NULL, &mask);
    if (!(mask & LITDNN_BACKEND_BIT(LITDNN_BACKEND_CUDA)))
      continue;
    int tf32 = MATMUL_STAGE_IS_TF32(s);
    cr_assert_eq(cublasGemmEx(cb, ta ? CUBLAS_OP_T : CUBLAS_OP_N, tb ? CUBLAS_OP_T : CUBLAS_OP_N, m, n, k, &one,
                              dA, CUDA_R_32F, lda, dB, CUDA_R_32F, ldb, &zero, dRef, CUDA_R_32F, ldc,
                              tf32 ? CUBLAS_COMPUTE_32F_FAST_TF32 : CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT),
                 CUBLAS_STATUS_SUCCESS);
    cr_assert_eq(litdnnSetStage(h, LITDNN_OP_MATMUL, s), LITDNN_STATUS_SUCCESS);
    litdnnStatus_t st = litdnnMatmul(h, tf32 ? LITDNN_MATH_TF32 : LITDNN_MATH_FMA, (litdnnTranspose_t)ta,
                                     (litdnnTranspose_t)tb, m, n, k, &one, dA, lda, 0, dB, ldb, 0, &zero, dC,
                                     ldc, 0, 1);
    cr_assert_eq(st, LITDNN_STATUS_SUCCESS, "%s: %s", name, litdnnGetLastErrorString());
    float *ref = t_dev_fetch(h, dRef, nc), *got = t_dev_fetch(h, dC, nc);
    double rel = 4.0 * (1.0 + sqrt((double)k)) / 16777216.0 + (tf32 ? 2.0 * 2.0 / 1024.0 : 0.0);
    for (size_t e = 0; e < nc; e++)
      cr_assert(fabs((double)got[e] - ref[e]) <= rel * mag[e] + 1e-30,
                "stage '%s', m=%d n=%d k=%d %s%s: C[%zu] = %.9g, cuBLAS %.9g (tolerance %.3g); seed %llu", name,
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
  cublasDestroy(cb);
  litdnnDestroy(h);
}

Test(matmul_cublas, every_cuda_stage_agrees_with_cublas)
{
  if (!t_have_gpu())
    cr_skip_test("no CUDA device");
  compare_with_cublas(1000, 129, 1000, 0, 0);
  compare_with_cublas(129, 1000, 127, 1, 0);
  compare_with_cublas(127, 17, 1000, 0, 1);
  compare_with_cublas(512, 512, 512, 1, 1);
  compare_with_cublas(512, 16, 20000, 0, 0);    /* split-K: many pieces, the last short */
  compare_with_cublas(300, 8, 9001, 1, 0);
  compare_with_cublas(300, 2500, 64, 0, 1);     /* ten 128x256 tiles in a row: two raster groups */
}
