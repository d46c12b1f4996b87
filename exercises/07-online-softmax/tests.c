/* Tests of exercise 07-online-softmax (points and time limits: exercise.conf). */
#include <math.h>
#include <stdlib.h>
#include "grade.h"
#include "exercise.h"

/* rows x len scores in [lo, hi]; the reference in double */
static void check(int rows, int len, float lo, float hi)
{
  g_case("rows=%d len=%d scores in [%g, %g]", rows, len, lo, hi);
  size_t n = (size_t)rows * len;
  float *x = g_random(n, lo, hi);
  double *ref = malloc(n * sizeof *ref);
  for (int r = 0; r < rows; r++) {
    double m = -INFINITY, s = 0;
    for (int j = 0; j < len; j++)
      m = fmax(m, x[(size_t)r * len + j]);
    for (int j = 0; j < len; j++)
      s += exp(x[(size_t)r * len + j] - m);
    for (int j = 0; j < len; j++)
      ref[(size_t)r * len + j] = exp(x[(size_t)r * len + j] - m) / s;
  }
  void *dx = g_dev_upload(x, n), *dy = g_dev_output(n);
  g_check_status(exercise_online_softmax(g_handle(), (const float *)dx, (float *)dy, rows, len),
                 "exercise_online_softmax");
  float *y = g_dev_fetch(dy, n);
  int dims[2] = {rows, len};
  /* a float sum of up to 1024 terms: a few units in the 6th digit */
  g_compare("y", y, ref, n, dims, 2, 2e-5, 1e-7);
  g_dev_check_guard(dy, n, "y");
  g_dev_free(dx);
  g_dev_free(dy);
  free(x);
  free(y);
  free(ref);
}

G_TEST(short)
{
  check(3, 1, -3, 3);
  check(5, 31, -3, 3);
  check(9, 32, -3, 3);
  check(7, 33, -3, 3);
}

G_TEST(long)
{
  check(37, 1000, -5, 5);
  check(20, 1024, -5, 5);
}

/* exp(1000) overflows a float: only a softmax that rescales survives */
G_TEST(large)
{
  check(11, 257, -1000, 1000);
  check(4, 1024, 900, 1000);
}

G_TEST(race)
{
  check(13, 300, -3, 3);
}

/* On a GPU only: 65,536 rows of 1,024 read once and written once; full
   points at 80% of the copy bandwidth. */
typedef struct { const float *x; float *y; } perf_job;
static void run_once(void *ctx)
{
  perf_job *p = (perf_job *)ctx;
  exercise_online_softmax(g_handle(), p->x, p->y, 65536, 1024);
}

G_TEST(bandwidth)
{
  size_t n = (size_t)65536 * 1024;
  g_case("65536 rows of 1024");
  float *x = g_random(n, -3, 3);
  perf_job p;
  p.x = (const float *)g_dev_upload(x, n);
  p.y = (float *)g_dev_upload(x, n);
  double copy = g_copy_gbps(n * sizeof(float));
  double ms = g_time_ms(run_once, &p, 20);
  double gbps = 2.0 * n * sizeof(float) / (ms * 1e6), share = gbps / copy;
  g_perf((share - 0.2) / (0.8 - 0.2), "%.0f GB/s = %.0f%% of copy bandwidth (%.0f GB/s); full points at 80%%",
         gbps, 100 * share, copy);
}
