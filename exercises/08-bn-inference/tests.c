/* Tests of exercise 08-bn-inference (points and time limits: exercise.conf). */
#include <math.h>
#include <stdlib.h>
#include "grade.h"
#include "exercise.h"

/* Normalize a random n x c x hw tensor with random per-channel scale, bias,
   mean and variance (variance in [var_lo, var_hi]; channel `zero_channel`,
   if >= 0, gets a variance of exactly 0). y starts random, or NaN when
   beta is 0 (a kernel that reads y then fails). The reference is in double
   precision. A float kernel computes a * x + b with a = scale / sqrt(var +
   eps) and b = bias - a * mean: its rounding is a few units of 1e-7 of the
   largest term, `mag`; the tolerance is 2e-6 of it, plus 1e-5 of the
   result, far below a missing eps (1e-3 in most cases) or a wrong channel. */
static void check_bn(int n, int c, int hw, float alpha, float beta, double eps, float var_lo,
                     float var_hi, int zero_channel)
{
  g_case("n=%d c=%d hw=%d alpha=%g beta=%g eps=%g%s", n, c, hw, alpha, beta, eps,
         zero_channel >= 0 ? " (var[1] = 0)" : "");
  size_t total = (size_t)n * c * hw;
  float *x = g_random(total, -2, 2), *y0 = g_random(total, -1, 1);
  float *scale = g_random((size_t)c, -2, 2), *bias = g_random((size_t)c, -1, 1);
  float *mean = g_random((size_t)c, -1, 1), *var = g_random((size_t)c, var_lo, var_hi);
  if (zero_channel >= 0)
    var[zero_channel] = 0.0f;
  double *ref = malloc(total * sizeof *ref), mag = 0;
  for (int k = 0; k < c; k++) {
    double a = scale[k] / sqrt((double)var[k] + eps);
    double m = fabs(a) * (2.0 + fabs(mean[k])) + fabs(bias[k]);
    if (m > mag)
      mag = m;
  }
  for (size_t i = 0; i < total; i++) {
    int k = (int)(i / (size_t)hw % (size_t)c);
    double a = scale[k] / sqrt((double)var[k] + eps);
    if (beta == 0.0f)
      y0[i] = NAN;
    ref[i] = alpha * (a * ((double)x[i] - mean[k]) + bias[k]) +
             (beta == 0.0f ? 0.0 : (double)beta * y0[i]);
  }
  void *dx = g_dev_upload(x, total), *dy = g_dev_upload(y0, total);
  void *dscale = g_dev_upload(scale, (size_t)c), *dbias = g_dev_upload(bias, (size_t)c);
  void *dmean = g_dev_upload(mean, (size_t)c), *dvar = g_dev_upload(var, (size_t)c);
  g_check_status(exercise_bn_inference(g_handle(), alpha, (const float *)dx, beta, (float *)dy, n, c, hw,
                                       (const float *)dscale, (const float *)dbias,
                                       (const float *)dmean, (const float *)dvar, eps),
                 "exercise_bn_inference");
  float *y = g_dev_fetch(dy, total);
  int dims[3] = {n, c, hw};
  g_compare("y", y, ref, total, dims, 3, 1e-5, 2e-6 * (fabs(alpha) * mag + fabs(beta)));
  g_dev_check_guard(dy, total, "y");
  g_dev_free(dx);
  g_dev_free(dy);
  g_dev_free(dscale);
  g_dev_free(dbias);
  g_dev_free(dmean);
  g_dev_free(dvar);
  free(x);
  free(y0);
  free(y);
  free(ref);
  free(scale);
  free(bias);
  free(mean);
  free(var);
}

/* One image, one channel: a single block, with fewer or more elements
   than threads. */
G_TEST(one_plane)
{
  check_bn(1, 1, 1, 1.0f, 0.0f, 1e-3, 0.1f, 2.0f, -1);
  check_bn(1, 1, 7, 0.5f, 2.0f, 1e-3, 0.1f, 2.0f, -1);
  check_bn(1, 1, 300, -1.0f, 0.5f, 1e-3, 0.1f, 2.0f, -1);
}

/* Several images and channels, planes that are not multiples of the block,
   beta = 0 with y full of NaN, and a random shape. */
G_TEST(many_channels)
{
  check_bn(2, 3, 97, 1.0f, 0.0f, 1e-3, 0.1f, 2.0f, -1);
  check_bn(3, 5, 300, 2.0f, -1.0f, 1e-3, 0.1f, 2.0f, -1);
  check_bn(4, 7, 1, 1.0f, 1.0f, 1e-3, 0.1f, 2.0f, -1);
  check_bn(g_rand_int(1, 5), g_rand_int(2, 9), g_rand_int(2, 700), 1.5f, 0.0f, 1e-3, 0.1f, 2.0f, -1);
}

/* Channel 1 has an estimated variance of exactly 0 (a channel that never
   varied during training): only eps = 1e-5 keeps 1 / sqrt(var + eps)
   finite. */
G_TEST(zero_variance)
{
  check_bn(2, 4, 50, 1.0f, 0.0f, 1e-5, 0.5f, 2.0f, 1);
}

/* The race-check build: right, and the coefficients in shared memory are
   written before any thread reads them. */
G_TEST(race)
{
  check_bn(2, 3, 300, 1.0f, 0.5f, 1e-3, 0.1f, 2.0f, -1);
}

/* On a GPU only: a 64 x 256 x 56 x 56 tensor (205 MB) read once and written
   once (beta = 0); full points at 70% of the measured copy bandwidth, none
   below 20%. */
typedef struct { const float *x, *scale, *bias, *mean, *var; float *y; int n, c, hw; } perf_job;
static void run_once(void *ctx)
{
  perf_job *p = (perf_job *)ctx;
  exercise_bn_inference(g_handle(), 1.0f, p->x, 0.0f, p->y, p->n, p->c, p->hw, p->scale, p->bias,
                        p->mean, p->var, 1e-5);
}

G_TEST(bandwidth)
{
  perf_job p;
  p.n = 64;
  p.c = 256;
  p.hw = 56 * 56;
  size_t total = (size_t)p.n * p.c * p.hw;
  g_case("n=%d c=%d hw=%d", p.n, p.c, p.hw);
  float *x = g_random(total, -1, 1), *per = g_random((size_t)p.c, 0.5f, 2.0f);
  p.x = (const float *)g_dev_upload(x, total);
  p.y = (float *)g_dev_output(total);
  p.scale = p.bias = p.mean = p.var = (const float *)g_dev_upload(per, (size_t)p.c);
  double copy = g_copy_gbps(total * sizeof(float));
  double ms = g_time_ms(run_once, &p, 20);
  double gbps = 2.0 * (double)total * sizeof(float) / (ms * 1e6);
  double share = gbps / copy;
  g_perf((share - 0.2) / (0.7 - 0.2), "%.0f GB/s = %.0f%% of copy bandwidth (%.0f GB/s); full points at 70%%",
         gbps, 100 * share, copy);
}
