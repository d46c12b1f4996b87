/* Tests of exercise 02-blend (points and time limits: exercise.conf). */
#include <math.h>
#include <stdlib.h>
#include "grade.h"
#include "exercise.h"

/* Blend n random numbers; y starts random, or NaN when beta is 0 (a kernel
   that reads y then fails). Each term is at most 2 in size, so float
   rounding stays below 2e-6. */
static void check_blend(int64_t n, float alpha, float beta)
{
  g_case("n=%lld alpha=%g beta=%g", (long long)n, alpha, beta);
  float *x = g_random((size_t)n, -1, 1), *y0 = g_random((size_t)n, -1, 1);
  double *ref = malloc((size_t)n * sizeof *ref);
  for (int64_t i = 0; i < n; i++) {
    if (beta == 0.0f)
      y0[i] = NAN;
    ref[i] = (double)alpha * x[i] + (beta == 0.0f ? 0.0 : (double)beta * y0[i]);
  }
  void *dx = g_dev_upload(x, (size_t)n), *dy = g_dev_upload(y0, (size_t)n);
  g_check_status(exercise_blend(g_handle(), alpha, (const float *)dx, beta, (float *)dy, n),
                 "exercise_blend");
  float *y = g_dev_fetch(dy, (size_t)n);
  int dims[1] = {(int)n};
  g_compare("y", y, ref, (size_t)n, dims, 1, 0, 2e-6);
  g_dev_check_guard(dy, (size_t)n, "y");
  g_dev_free(dx);
  g_dev_free(dy);
  free(x);
  free(y0);
  free(y);
  free(ref);
}

G_TEST(small)
{
  check_blend(1, 2.0f, 0.5f);
  check_blend(7, -1.0f, 1.0f);
  check_blend(1000, 0.5f, -2.0f);
}

/* beta = 0: y holds NaN, which must not reach the result. */
G_TEST(beta_zero)
{
  check_blend(777, 1.5f, 0.0f);
  check_blend(g_rand_int(1, 5000), -0.25f, 0.0f);
}

/* More elements than the grid has threads (64 blocks x 256). */
G_TEST(large)
{
  check_blend(100003, 1.0f, 1.0f);
}

/* The race-check build: right, and no two threads update the same y[i]. */
G_TEST(race)
{
  check_blend(20000, 2.0f, -1.0f);
}

/* On a GPU only: 64 Mi elements read x and y and write y; full points at
   80% of the measured copy bandwidth, none below 20%. */
typedef struct { const float *x; float *y; int64_t n; } perf_job;
static void run_once(void *ctx)
{
  perf_job *p = (perf_job *)ctx;
  exercise_blend(g_handle(), 1.0f, p->x, 0.5f, p->y, p->n);
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
