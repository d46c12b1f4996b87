/* Tests of exercise 04-gemm-tails (points and time limits: exercise.conf). */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "grade.h"
#include "exercise.h"

#define EXERCISE_GEMM exercise_gemm_tails
#define EXERCISE_GEMM_NAME "exercise_gemm_tails"
#ifdef GRADE_ON_GPU
#include <cublas_v2.h>
#endif

#define PAD_VALUE (-12345.0f)   /* C's rows between m and ldc: the kernel must leave them alone */

/* C = alpha * A * B + beta * C on random column-major matrices whose
   leading dimensions are `extra` rows larger than the matrices: the extra
   rows of A and B hold NaN (a kernel that lets them into a sum fails), the
   extra rows of C hold PAD_VALUE (a kernel that writes them fails). When
   beta is 0, C starts as NaN.
   Tolerance: a float dot product of length k is off by at most about
   k * 2^-24 of the sum of |products| (sqrt(k) when the rounding errors are
   random); we allow 4 (1 + sqrt(k)) 2^-24 times the largest such sum in C,
   which no missing or doubled product passes. */
static void check_gemm(int m, int n, int k, int extra, float alpha, float beta)
{
  int lda = m + extra, ldb = k + extra, ldc = m + extra;
  g_case("m=%d n=%d k=%d lda=%d ldb=%d ldc=%d alpha=%g beta=%g", m, n, k, lda, ldb, ldc, alpha, beta);
  size_t sa = (size_t)lda * k, sb = (size_t)ldb * n, sc = (size_t)ldc * n;
  float *A = g_random(sa, -1, 1), *B = g_random(sb, -1, 1), *C0 = g_random(sc, -1, 1);
  for (int p = 0; p < k; p++)
    for (int i = m; i < lda; i++)
      A[i + (size_t)p * lda] = NAN;
  for (int j = 0; j < n; j++)
    for (int p = k; p < ldb; p++)
      B[p + (size_t)j * ldb] = NAN;
  for (int j = 0; j < n; j++)
    for (int i = 0; i < ldc; i++)
      if (i >= m)
        C0[i + (size_t)j * ldc] = PAD_VALUE;
      else if (beta == 0.0f)
        C0[i + (size_t)j * ldc] = NAN;
  /* the reference, row-major m x n so that messages read C[i,j] */
  double *ref = malloc((size_t)m * n * sizeof *ref), worst = 0;
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++) {
      double s = 0, mag = 0;
      for (int p = 0; p < k; p++) {
        double prod = (double)A[i + (size_t)p * lda] * B[p + (size_t)j * ldb];
        s += prod;
        mag += fabs(prod);
      }
      double c = beta == 0.0f ? 0.0 : C0[i + (size_t)j * ldc];
      ref[(size_t)i * n + j] = alpha * s + beta * c;
      mag = fabs(alpha) * mag + fabs(beta * c);
      if (mag > worst)
        worst = mag;
    }
  void *dA = g_dev_upload(A, sa), *dB = g_dev_upload(B, sb), *dC = g_dev_upload(C0, sc);
  g_check_status(EXERCISE_GEMM(g_handle(), m, n, k, alpha, (const float *)dA, lda, (const float *)dB, ldb, beta,
                               (float *)dC, ldc),
                 EXERCISE_GEMM_NAME);
  float *Cd = g_dev_fetch(dC, sc);
  float *got = malloc((size_t)m * n * sizeof *got);
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++)
      got[(size_t)i * n + j] = Cd[i + (size_t)j * ldc];
  int dims[2] = {m, n};
  g_compare("C", got, ref, (size_t)m * n, dims, 2, 0, 4.0 * (1.0 + sqrt((double)k)) * ldexp(1.0, -24) * worst);
  for (int j = 0; j < n; j++)
    for (int i = m; i < ldc; i++)
      if (Cd[i + (size_t)j * ldc] != PAD_VALUE)
        g_fail("out-of-bounds write: the kernel wrote row %d of column %d of C, which has only m = %d rows "
               "(the rows from m to ldc = %d belong to someone else): a missing bounds check on the store?",
               i, j, m, ldc);
  g_dev_check_guard(dC, sc, "C");
  g_dev_free(dA);
  g_dev_free(dB);
  g_dev_free(dC);
  free(A);
  free(B);
  free(C0);
  free(Cd);
  free(got);
  free(ref);
}

/* ---- on a GPU only: speed against cuBLAS's SGEMM on the same matrices ---- */
typedef struct { int s; const float *A, *B; float *C; } perf_job;
static void run_exercise(void *ctx)
{
  perf_job *p = (perf_job *)ctx;
  EXERCISE_GEMM(g_handle(), p->s, p->s, p->s, 1.0f, p->A, p->s, p->B, p->s, 0.0f, p->C, p->s);
}

#ifdef GRADE_ON_GPU
typedef struct { perf_job job; cublasHandle_t cublas; } cublas_job;
static void run_cublas(void *ctx)
{
  cublas_job *c = (cublas_job *)ctx;
  const float one = 1.0f, zero = 0.0f;
  cublasSgemm(c->cublas, CUBLAS_OP_N, CUBLAS_OP_N, c->job.s, c->job.s, c->job.s, &one, c->job.A, c->job.s,
              c->job.B, c->job.s, &zero, c->job.C, c->job.s);
}
#endif

/* Full points at `full` of cuBLAS's speed (FP32, no tensor cores), none
   below `none`. */
static void perf_against_cublas(int s, double none, double full)
{
#ifdef GRADE_ON_GPU
  size_t n = (size_t)s * s;
  g_case("m=n=k=%d", s);
  float *x = g_random(n, -1, 1);
  cublas_job c;
  c.job.s = s;
  c.job.A = (const float *)g_dev_upload(x, n);
  c.job.B = (const float *)g_dev_upload(x, n);
  c.job.C = (float *)g_dev_output(n);
  double ms = g_time_ms(run_exercise, &c.job, 20);
  litdnnStream_t stream = NULL;
  litdnnGetStream(g_handle(), &stream);
  if (cublasCreate(&c.cublas) != CUBLAS_STATUS_SUCCESS)
    g_fail("cublasCreate failed: no reference to measure against");
  cublasSetStream(c.cublas, (cudaStream_t)stream);
  cublasSetMathMode(c.cublas, CUBLAS_PEDANTIC_MATH);   /* plain FP32, like the exercise */
  double ms_ref = g_time_ms(run_cublas, &c, 20);
  cublasDestroy(c.cublas);
  double flops = 2.0 * s * (double)s * s;
  double share = ms_ref / ms;
  g_perf((share - none) / (full - none),
         "%.1f TFLOP/s = %.0f%% of cuBLAS SGEMM (%.1f TFLOP/s); full points at %.0f%%", flops / (ms * 1e9),
         100 * share, flops / (ms_ref * 1e9), 100 * full);
#else
  (void)s, (void)none, (void)full;
  (void)run_exercise;
  g_fail("a performance test needs a GPU");
#endif
}

/* Whole tiles: the starter is right here already. No points: it shows
   that the edges were fixed without breaking the interior. */
G_TEST(whole_tiles)
{
  check_gemm(128, 128, 64, 0, 1.0f, 0.0f);
  check_gemm(256, 128, 16, 3, 0.5f, 1.0f);
}

/* m and n whole tiles, k not a multiple of the 8-wide slice: only the
   loads need their guards. */
G_TEST(k_tails)
{
  check_gemm(128, 128, 1, 0, 1.0f, 0.0f);
  check_gemm(128, 128, 17, 2, -1.0f, 0.5f);
  check_gemm(128, 128, 100, 0, 1.0f, 1.0f);
}

/* Any m, n, k: partial tiles on every edge, leading dimensions larger
   than the matrices. */
G_TEST(any_sizes)
{
  check_gemm(1, 1, 1, 0, 1.0f, 0.0f);
  check_gemm(2, 17, 9, 1, 1.0f, 0.5f);
  check_gemm(127, 129, 17, 0, 2.0f, 0.0f);
  check_gemm(129, 2, 64, 3, 1.0f, -1.0f);
  check_gemm(200, 200, 33, 1, 1.0f, 0.0f);
  check_gemm(g_rand_int(2, 200), g_rand_int(2, 200), g_rand_int(1, 40), g_rand_int(0, 4), 1.5f, 1.0f);
}

/* The race-check build: right, and no data race on the tiles. */
G_TEST(race)
{
  check_gemm(129, 130, 17, 1, 1.0f, 0.5f);
}

/* On a GPU only: 4096^3 against cuBLAS (plain FP32): an 8 x 8 register
   block per thread gets a good share of it. Full points at 50%, none
   below 10%. */
G_TEST(gflops)
{
  perf_against_cublas(4096, 0.10, 0.50);
}
