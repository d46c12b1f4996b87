/* Tests of exercise 09-dropout-mask (points and time limits: exercise.conf). */
#include <math.h>
#include <stdlib.h>
#include "grade.h"
#include "exercise.h"
#include "dropout/philox.h"

/* The library's rule in host code: the outputs must match it bit for bit. */
static void check_dropout(int64_t n, float p, unsigned long long seed)
{
  g_case("n=%lld p=%g seed=%llu", (long long)n, p, seed);
  uint32_t threshold = (uint32_t)floor((double)p * 4294967296.0);
  float scale = (float)(1.0 / (1.0 - (double)p));
  float *x = g_random((size_t)n, -1, 1);
  double *ref = malloc((size_t)n * sizeof *ref);
  for (int64_t i = 0; i < n; i++) {
    litdnn_philox4 r = litdnn_philox_group((uint64_t)(i / 4), (uint32_t)seed, (uint32_t)(seed >> 32));
    ref[i] = r.v[i % 4] >= threshold ? (double)(x[i] * scale) : 0.0;
  }
  void *dx = g_dev_upload(x, (size_t)n), *dy = g_dev_output((size_t)n);
  g_check_status(exercise_dropout(g_handle(), (const float *)dx, (float *)dy, n, threshold, scale, seed),
                 "exercise_dropout");
  float *y = g_dev_fetch(dy, (size_t)n);
  int dims[1] = {(int)n};
  g_compare("y", y, ref, (size_t)n, dims, 1, 0, 0);
  g_dev_check_guard(dy, (size_t)n, "y");
  g_dev_free(dx);
  g_dev_free(dy);
  free(x);
  free(y);
  free(ref);
}

G_TEST(small)
{
  static const int64_t sizes[] = {1, 3, 5, 8, 1001};
  static const float ps[] = {0.0f, 0.25f, 0.5f, 0.9f};
  for (int s = 0; s < 5; s++)
    for (int k = 0; k < 4; k++)
      check_dropout(sizes[s], ps[k], 0x9e3779b97f4a7c15ull + (unsigned)s);
}

/* 75001 groups: more than the grid's 16384 threads; the last group has 3 */
G_TEST(large)
{
  check_dropout(300003, 0.5f, 12345ull);
}

G_TEST(race)
{
  check_dropout(20000, 0.3f, 777ull);
}

typedef struct { const float *x; float *y; int64_t n; } perf_job;
static void run_once(void *ctx)
{
  perf_job *p = (perf_job *)ctx;
  exercise_dropout(g_handle(), p->x, p->y, p->n, 0x80000000u, 2.0f, 1ull);
}

/* On a GPU only: 64 Mi elements, x read and y written. */
G_TEST(bandwidth)
{
  perf_job p;
  p.n = (int64_t)64 << 20;
  g_case("n=%lld", (long long)p.n);
  float *x = g_random((size_t)p.n, -1, 1);
  p.x = (const float *)g_dev_upload(x, (size_t)p.n);
  p.y = (float *)g_dev_output((size_t)p.n);
  double copy = g_copy_gbps((size_t)p.n * sizeof(float));
  double ms = g_time_ms(run_once, &p, 20);
  double gbps = 2.0 * (double)p.n * sizeof(float) / (ms * 1e6);
  double share = gbps / copy;
  g_perf((share - 0.2) / (0.8 - 0.2), "%.0f GB/s = %.0f%% of copy bandwidth (%.0f GB/s); full points at 80%%",
         gbps, 100 * share, copy);
}
