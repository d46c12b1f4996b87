/* Tests of exercise 09-dropout-backward (points and time limits: exercise.conf). */
#include <math.h>
#include <stdlib.h>
#include "grade.h"
#include "exercise.h"
#include "dropout/philox.h"

/* The library's rule in host code: the outputs must match it bit for bit. */
static void check_backward(int64_t n, float p, unsigned long long seed)
{
  g_case("n=%lld p=%g seed=%llu", (long long)n, p, seed);
  uint32_t threshold = (uint32_t)floor((double)p * 4294967296.0);
  float scale = (float)(1.0 / (1.0 - (double)p));
  float *dy = g_random((size_t)n, -1, 1);
  double *ref = malloc((size_t)n * sizeof *ref);
  for (int64_t i = 0; i < n; i++) {
    litdnn_philox4 r = litdnn_philox_group((uint64_t)(i / 4), (uint32_t)seed, (uint32_t)(seed >> 32));
    ref[i] = r.v[i % 4] >= threshold ? (double)(dy[i] * scale) : 0.0;
  }
  void *ddy = g_dev_upload(dy, (size_t)n), *ddx = g_dev_output((size_t)n);
  g_check_status(exercise_dropout_backward(g_handle(), (const float *)ddy, (float *)ddx, n, threshold, scale,
                                           seed),
                 "exercise_dropout_backward");
  float *dx = g_dev_fetch(ddx, (size_t)n);
  int dims[1] = {(int)n};
  g_compare("dx", dx, ref, (size_t)n, dims, 1, 0, 0);
  g_dev_check_guard(ddx, (size_t)n, "dx");
  g_dev_free(ddy);
  g_dev_free(ddx);
  free(dy);
  free(dx);
  free(ref);
}

static const float ps[] = {0.0f, 0.25f, 0.5f, 0.9f};

/* whole groups only: the float4 loop, no tail */
G_TEST(whole)
{
  static const int64_t sizes[] = {4, 8, 1024, 4100};
  for (int s = 0; s < 4; s++)
    for (int k = 0; k < 4; k++)
      check_backward(sizes[s], ps[k], 0x243f6a8885a308d3ull + (unsigned)s);
}

/* a partial last group of 1, 2 or 3 elements (and n = 1, 2, 3: nothing but a tail) */
G_TEST(small)
{
  static const int64_t sizes[] = {1, 2, 3, 5, 6, 7, 1001, 1002, 1003};
  for (int s = 0; s < 9; s++)
    for (int k = 0; k < 4; k++)
      check_backward(sizes[s], ps[k], 0x9e3779b97f4a7c15ull + (unsigned)s);
}

/* 75000 whole groups: more than the grid's 16384 threads; then a tail of 3
   whose three words decide differently under this seed */
G_TEST(large)
{
  check_backward(300003, 0.5f, 12346ull);
}

G_TEST(race)
{
  check_backward(20003, 0.5f, 777ull);
}

typedef struct { const float *dy; float *dx; int64_t n; } perf_job;
static void run_once(void *ctx)
{
  perf_job *p = (perf_job *)ctx;
  exercise_dropout_backward(g_handle(), p->dy, p->dx, p->n, 0x80000000u, 2.0f, 1ull);
}

/* On a GPU only: 64 Mi elements, dy read and dx written. */
G_TEST(bandwidth)
{
  perf_job p;
  p.n = (int64_t)64 << 20;
  g_case("n=%lld", (long long)p.n);
  float *dy = g_random((size_t)p.n, -1, 1);
  p.dy = (const float *)g_dev_upload(dy, (size_t)p.n);
  p.dx = (float *)g_dev_output((size_t)p.n);
  double copy = g_copy_gbps((size_t)p.n * sizeof(float));
  double ms = g_time_ms(run_once, &p, 20);
  double gbps = 2.0 * (double)p.n * sizeof(float) / (ms * 1e6);
  double share = gbps / copy;
  g_perf((share - 0.2) / (0.8 - 0.2), "%.0f GB/s = %.0f%% of copy bandwidth (%.0f GB/s); full points at 80%%",
         gbps, 100 * share, copy);
}
