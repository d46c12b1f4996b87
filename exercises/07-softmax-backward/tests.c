/* Tests of exercise 07-softmax-backward (points and time limits: exercise.conf). */
#include <math.h>
#include <stdlib.h>
#include "grade.h"
#include "exercise.h"

/* rows x len: y a real softmax of random scores (each row sums to 1), dy
   in [-1, 1], dx random or, when beta is 0, NaN (a kernel that reads it
   then fails). The reference in double. */
static void check(int rows, int len, float alpha, float beta)
{
  g_case("rows=%d len=%d alpha=%g beta=%g", rows, len, alpha, beta);
  size_t n = (size_t)rows * len;
  float *x = g_random(n, -3, 3), *dy = g_random(n, -1, 1), *dx0 = g_random(n, -1, 1);
  float *y = malloc(n * sizeof *y);
  double *ref = malloc(n * sizeof *ref);
  for (int r = 0; r < rows; r++) {
    const float *xr = x + (size_t)r * len;
    float *yr = y + (size_t)r * len;
    double m = -INFINITY, s = 0, dot = 0;
    for (int j = 0; j < len; j++)
      m = fmax(m, xr[j]);
    for (int j = 0; j < len; j++)
      s += exp(xr[j] - m);
    for (int j = 0; j < len; j++)
      yr[j] = (float)(exp(xr[j] - m) / s);
    for (int j = 0; j < len; j++)
      dot += (double)yr[j] * dy[(size_t)r * len + j];
    for (int j = 0; j < len; j++) {
      size_t i = (size_t)r * len + j;
      ref[i] = (double)alpha * yr[j] * (dy[i] - dot) + (beta == 0.0f ? 0.0 : (double)beta * dx0[i]);
    }
  }
  void *dY = g_dev_upload(y, n), *dDY = g_dev_upload(dy, n);
  void *dDX = beta == 0.0f ? g_dev_output(n) : g_dev_upload(dx0, n);
  g_check_status(exercise_softmax_backward(g_handle(), alpha, (const float *)dY, (const float *)dDY, beta,
                                           (float *)dDX, rows, len),
                 "exercise_softmax_backward");
  float *got = g_dev_fetch(dDX, n);
  int dims[2] = {rows, len};
  /* |dot| <= 1 and a float sum of up to a few thousand small terms */
  g_compare("dx", got, ref, n, dims, 2, 1e-5, 1e-6);
  g_dev_check_guard(dDX, n, "dx");
  g_dev_free(dY);
  g_dev_free(dDY);
  g_dev_free(dDX);
  free(x);
  free(y);
  free(dy);
  free(dx0);
  free(got);
  free(ref);
}

/* lanes with no element, one, and two; row counts not multiples of 8 warps */
G_TEST(short)
{
  check(3, 1, 1.0f, 0.5f);
  check(5, 31, 2.0f, 1.0f);
  check(9, 32, 1.0f, -1.0f);
  check(7, 33, -0.5f, 0.25f);
}

/* many steps of 32 lanes, the last one partial (1000, 2500) or full (1024) */
G_TEST(long)
{
  check(37, 1000, 1.0f, 1.0f);
  check(20, 1024, 0.5f, 2.0f);
  check(5, 2500, 1.0f, -0.5f);
}

/* beta = 0: dx starts as NaN, which must not reach the result. The lengths
   are whole steps of 32 lanes, so this test is about beta alone. */
G_TEST(beta_zero)
{
  check(19, 64, 1.0f, 0.0f);
  check(5, 512, -2.0f, 0.0f);
}

G_TEST(race)
{
  check(13, 300, 1.0f, 0.5f);
}

/* On a GPU only: 65,536 rows of 1,024, y and dy read, dx written (beta = 0);
   full points at 70% of the copy bandwidth (the second sweep rereads the
   row, mostly from cache), none below 20%. */
typedef struct { const float *y, *dy; float *dx; } perf_job;
static void run_once(void *ctx)
{
  perf_job *p = (perf_job *)ctx;
  exercise_softmax_backward(g_handle(), 1.0f, p->y, p->dy, 0.0f, p->dx, 65536, 1024);
}

G_TEST(bandwidth)
{
  size_t n = (size_t)65536 * 1024;
  g_case("65536 rows of 1024");
  float *x = g_random(n, 0, 1);
  perf_job p;
  p.y = (const float *)g_dev_upload(x, n);
  p.dy = (const float *)g_dev_upload(x, n);
  p.dx = (float *)g_dev_upload(x, n);
  double copy = g_copy_gbps(n * sizeof(float));
  double ms = g_time_ms(run_once, &p, 20);
  double gbps = 3.0 * n * sizeof(float) / (ms * 1e6), share = gbps / copy;
  g_perf((share - 0.2) / (0.7 - 0.2), "%.0f GB/s = %.0f%% of copy bandwidth (%.0f GB/s); full points at 70%%",
         gbps, 100 * share, copy);
}
