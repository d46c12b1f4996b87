/* Tests of exercise 03-elu-forward-vec4 (points and time limits: exercise.conf). */
#include <math.h>
#include <stdlib.h>
#include "grade.h"
#include "exercise.h"

/* One forward pass on n random x in [-3, 3]; y starts random, or NaN when
   beta is 0 (a kernel that reads y then fails, and so does one that leaves
   an element unwritten). The reference is computed in double precision;
   each term is at most 3 * |alpha| or |beta| in size, so float rounding
   (expm1f included) stays well below the tolerance. */
static void check_elu(int64_t n, float coef, float alpha, float beta)
{
  g_case("n=%lld (n %% 4 = %d) coef=%g alpha=%g beta=%g", (long long)n, (int)(n % 4), coef, alpha,
         beta);
  float *x = g_random((size_t)n, -3, 3), *y0 = g_random((size_t)n, -1, 1);
  double *ref = malloc((size_t)n * sizeof *ref);
  for (int64_t i = 0; i < n; i++) {
    if (beta == 0.0f)
      y0[i] = NAN;
    double f = x[i] > 0.0f ? (double)x[i] : (double)coef * expm1((double)x[i]);
    ref[i] = (double)alpha * f + (beta == 0.0f ? 0.0 : (double)beta * y0[i]);
  }
  void *dx = g_dev_upload(x, (size_t)n), *dy = g_dev_upload(y0, (size_t)n);
  g_check_status(exercise_elu_forward(g_handle(), coef, alpha, (const float *)dx, beta, (float *)dy,
                                      n),
                 "exercise_elu_forward");
  float *y = g_dev_fetch(dy, (size_t)n);
  int dims[1] = {(int)n};
  g_compare("y", y, ref, (size_t)n, dims, 1, 1e-6, 1e-6);
  g_dev_check_guard(dy, (size_t)n, "y");
  g_dev_free(dx);
  g_dev_free(dy);
  free(x);
  free(y0);
  free(y);
  free(ref);
}

/* Fewer than 4 elements (the tail alone), one and two whole float4s, and
   1001 = 4 * 250 + 1. */
G_TEST(small)
{
  check_elu(1, 1.0f, 2.0f, 0.5f);
  check_elu(2, 0.5f, -1.0f, 1.0f);
  check_elu(3, 1.0f, 1.0f, -2.0f);
  check_elu(4, 1.0f, 1.0f, 1.0f);
  check_elu(7, 0.5f, -1.0f, 1.0f);
  check_elu(8, 2.0f, 0.5f, 0.25f);
  check_elu(1001, 1.0f, 0.5f, -2.0f);
}

/* beta = 0: y holds NaN, which must not reach the result; n is never a
   multiple of 4, so a missing tail shows as NaN too. */
G_TEST(beta_zero)
{
  check_elu(777, 1.0f, 1.5f, 0.0f);
  check_elu(4 * (int64_t)g_rand_int(0, 2000) + g_rand_int(1, 3), 0.5f, -0.25f, 0.0f);
}

/* More float4s than the grid has threads (64 blocks x 256 = 16384 float4s
   a round), and a partial last float4. */
G_TEST(large)
{
  check_elu(100003, 1.0f, 1.0f, 1.0f);
  check_elu(4 * 16384 + 2, 0.5f, 2.0f, -0.5f);
}

/* The race-check build: right, and no two threads update the same y[i]. */
G_TEST(race)
{
  check_elu(20001, 1.0f, 2.0f, -1.0f);
}

/* On a GPU only: 64 Mi elements read x and y and write y; full points at
   80% of the measured copy bandwidth, none below 20%. */
typedef struct { const float *x; float *y; int64_t n; } perf_job;
static void run_once(void *ctx)
{
  perf_job *p = (perf_job *)ctx;
  exercise_elu_forward(g_handle(), 1.0f, 1.0f, p->x, 0.5f, p->y, p->n);
}

G_TEST(bandwidth)
{
  perf_job p;
  p.n = (int64_t)64 << 20;
  g_case("n=%lld", (long long)p.n);
  float *x = g_random((size_t)p.n, -1, 1);
  p.x = (const float *)g_dev_upload(x, (size_t)p.n);
  p.y = (float *)g_dev_upload(x, (size_t)p.n);
  double copy = g_copy_gbps((size_t)p.n * sizeof(float));
  double ms = g_time_ms(run_once, &p, 20);
  double gbps = 3.0 * (double)p.n * sizeof(float) / (ms * 1e6);
  double share = gbps / copy;
  g_perf((share - 0.2) / (0.8 - 0.2), "%.0f GB/s = %.0f%% of copy bandwidth (%.0f GB/s); full points at 80%%",
         gbps, 100 * share, copy);
}
