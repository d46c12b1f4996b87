/* Tests of exercise 01-block-sum (points and time limits: exercise.conf). */
#include <math.h>
#include <stdlib.h>
#include "grade.h"
#include "exercise.h"

/* Sum n random numbers and compare with a double-precision sum. Float sums
   in a different order differ by rounding: allow 1e-5 of the sum of the
   magnitudes, far above the rounding of a tree sum and far below any
   missing or doubled element. */
static void check_sum(int n)
{
  g_case("n=%d", n);
  float *x = g_random((size_t)n, -1, 1);
  double ref = 0, mag = 0;
  for (int i = 0; i < n; i++) {
    ref += x[i];
    mag += fabs(x[i]);
  }
  void *dx = g_dev_upload(x, (size_t)n), *dsum = g_dev_output(1);
  g_check_status(exercise_sum(g_handle(), (const float *)dx, n, (float *)dsum), "exercise_sum");
  float got;
  g_dev_download(&got, dsum, 1);
  int dims[1] = {1};
  g_compare("sum", &got, &ref, 1, dims, 1, 0, 1e-5 * mag + 1e-6);
  g_dev_check_guard(dsum, 1, "sum");
  g_dev_free(dx);
  g_dev_free(dsum);
  free(x);
}

/* One block's worth (the second pass then adds one number). */
G_TEST(one_block)
{
  check_sum(256);
  check_sum(32);
}

/* Many blocks, sizes that are not multiples of a warp or a block. */
G_TEST(many_blocks)
{
  static const int sizes[] = {1, 31, 1000, 65537};
  for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++)
    check_sum(sizes[i]);
  check_sum(g_rand_int(2, 50000));
}

/* Run under the race-check build: correct, and no unordered accesses to
   the shared warp totals. */
G_TEST(race)
{
  check_sum(4096);
}

/* On a GPU only: sum 64 Mi floats; full points at 70% of the copy
   bandwidth (a sum reads its bytes once and writes almost nothing). */
typedef struct { const float *x; float *sum; int n; } perf_job;
static void run_once(void *ctx)
{
  perf_job *p = (perf_job *)ctx;
  exercise_sum(g_handle(), p->x, p->n, p->sum);
}

G_TEST(bandwidth)
{
  perf_job p;
  p.n = 64 << 20;
  g_case("n=%d", p.n);
  float *x = g_random((size_t)p.n, -1, 1);
  p.x = (const float *)g_dev_upload(x, (size_t)p.n);
  p.sum = (float *)g_dev_output(1);
  double copy = g_copy_gbps((size_t)p.n * sizeof(float));
  double ms = g_time_ms(run_once, &p, 20);
  double gbps = (double)p.n * sizeof(float) / (ms * 1e6);
  double share = gbps / copy;
  g_perf((share - 0.2) / (0.7 - 0.2), "%.0f GB/s = %.0f%% of copy bandwidth (%.0f GB/s); full points at 70%%",
         gbps, 100 * share, copy);
}
