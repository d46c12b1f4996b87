/* Tests of exercise 08-welford-stats (points and time limits: exercise.conf). */
#include <math.h>
#include <stdlib.h>
#include "grade.h"
#include "exercise.h"

/* The statistics of every channel of a random n x c x hw tensor whose
   values lie in [center - spread, center + spread], against a two-pass
   reference in double precision (mean first, then the squared deviations
   from it). mean and var start as NaN.
   Tolerances: the mean is compared to 1e-5 of its size; the variance to
   `var_rtol`. With a center of 10^4 a float holds x to about 1e-3, and
   Welford's update loses about that much of the variance relative to its
   size; the one-pass formula E[x^2] - E[x]^2 loses all of it. */
static void check_stats(int n, int c, int hw, float center, float spread, double var_rtol)
{
  g_case("n=%d c=%d hw=%d values %g +- %g", n, c, hw, center, spread);
  size_t total = (size_t)n * c * hw;
  float *x = g_random(total, center - spread, center + spread);
  double *ref_mean = malloc((size_t)c * sizeof *ref_mean), *ref_var = malloc((size_t)c * sizeof *ref_var);
  for (int ch = 0; ch < c; ch++) {
    double sum = 0, sq = 0;
    for (int img = 0; img < n; img++)
      for (int p = 0; p < hw; p++)
        sum += x[((size_t)img * c + ch) * hw + p];
    double mean = sum / ((double)n * hw);
    for (int img = 0; img < n; img++)
      for (int p = 0; p < hw; p++) {
        double d = x[((size_t)img * c + ch) * hw + p] - mean;
        sq += d * d;
      }
    ref_mean[ch] = mean;
    ref_var[ch] = sq / ((double)n * hw);
  }
  void *dx = g_dev_upload(x, total), *dmean = g_dev_output((size_t)c), *dvar = g_dev_output((size_t)c);
  g_check_status(exercise_welford_stats(g_handle(), (const float *)dx, n, c, hw, (float *)dmean, (float *)dvar),
                 "exercise_welford_stats");
  float *mean = g_dev_fetch(dmean, (size_t)c), *var = g_dev_fetch(dvar, (size_t)c);
  int dims[1] = {c};
  g_compare("mean", mean, ref_mean, (size_t)c, dims, 1, 1e-5, 1e-6);
  g_compare("var", var, ref_var, (size_t)c, dims, 1, var_rtol, 1e-6);
  g_dev_check_guard(dmean, (size_t)c, "mean");
  g_dev_check_guard(dvar, (size_t)c, "var");
  g_dev_free(dx);
  g_dev_free(dmean);
  g_dev_free(dvar);
  free(x);
  free(ref_mean);
  free(ref_var);
  free(mean);
  free(var);
}

/* One channel of one image: fewer values than threads, so most threads
   have nothing, and their empty states must merge as no-ops. */
G_TEST(small_shapes)
{
  check_stats(1, 1, 1, 0.0f, 1.0f, 1e-5);
  check_stats(1, 1, 7, 0.0f, 1.0f, 1e-5);
  check_stats(1, 1, 49, 0.5f, 1.0f, 1e-5);
  check_stats(1, 1, 300, 0.0f, 2.0f, 1e-5);
}

/* A mean of 10^4 and a spread of 1, where E[x^2] - E[x]^2 cancels
   catastrophically in float; several images and channels. Every channel
   holds at least 256 values (291, 2000, and n x hw >= 256 in the random
   shape), so a block of up to 256 threads gives each thread one: this
   test asks about the cancellation, and leaves empty states to
   small_shapes, whatever shape the seed draws. */
G_TEST(large_mean)
{
  check_stats(3, 5, 97, 1e4f, 1.0f, 1e-3);
  check_stats(2, 3, 1000, 1e4f, 1.0f, 1e-3);
  check_stats(g_rand_int(1, 4), g_rand_int(1, 6), g_rand_int(256, 400), 1e4f, 1.0f, 1e-3);
}

/* The race-check build: right, and the tree merge has its barriers. */
G_TEST(race)
{
  check_stats(2, 3, 150, 0.0f, 1.0f, 1e-5);
}

/* On a GPU only: a 64 x 256 x 56 x 56 tensor (205 MB) read once; full
   points at 50% of the measured copy bandwidth, none below 10%. */
typedef struct { const float *x; float *mean, *var; int n, c, hw; } perf_job;
static void run_once(void *ctx)
{
  perf_job *p = (perf_job *)ctx;
  exercise_welford_stats(g_handle(), p->x, p->n, p->c, p->hw, p->mean, p->var);
}

G_TEST(bandwidth)
{
  perf_job p;
  p.n = 64;
  p.c = 256;
  p.hw = 56 * 56;
  size_t total = (size_t)p.n * p.c * p.hw;
  g_case("n=%d c=%d hw=%d", p.n, p.c, p.hw);
  float *x = g_random(total, -1, 1);
  p.x = (const float *)g_dev_upload(x, total);
  p.mean = (float *)g_dev_output((size_t)p.c);
  p.var = (float *)g_dev_output((size_t)p.c);
  double copy = g_copy_gbps(total * sizeof(float));
  double ms = g_time_ms(run_once, &p, 20);
  double gbps = (double)total * sizeof(float) / (ms * 1e6);
  double share = gbps / copy;
  g_perf((share - 0.1) / (0.5 - 0.1), "%.0f GB/s = %.0f%% of copy bandwidth (%.0f GB/s); full points at 50%%",
         gbps, 100 * share, copy);
}
