/* Tests of exercise 03-leaky-relu-backward (points and time limits: exercise.conf). */
#include <stdlib.h>
#include "grade.h"
#include "exercise.h"

/* One backward pass on n random elements. x has negative and positive
   values and, every fifth element from the third on, an exact 0 (the
   left-hand slope applies there); dx starts as NaN. The result is one
   multiply or none, so it must match exactly. */
static void check_backward(int n, float slope)
{
  g_case("n=%d slope=%g", n, slope);
  float *x = g_random((size_t)n, -2, 2), *dy = g_random((size_t)n, -1, 1);
  double *ref = malloc((size_t)n * sizeof *ref);
  for (int i = 0; i < n; i++) {
    if (i % 5 == 2)
      x[i] = 0.0f;
    ref[i] = x[i] > 0.0f ? dy[i] : (double)(slope * dy[i]);
  }
  void *dxd = g_dev_upload(x, (size_t)n), *dyd = g_dev_upload(dy, (size_t)n);
  void *dgrad = g_dev_output((size_t)n);
  g_check_status(exercise_leaky_relu_backward(g_handle(), (const float *)dxd, (const float *)dyd,
                                              (float *)dgrad, slope, n),
                 "exercise_leaky_relu_backward");
  float *got = g_dev_fetch(dgrad, (size_t)n);
  int dims[1] = {n};
  g_compare("dx", got, ref, (size_t)n, dims, 1, 0, 0);
  g_dev_check_guard(dgrad, (size_t)n, "dx");
  g_dev_free(dxd);
  g_dev_free(dyd);
  g_dev_free(dgrad);
  free(x);
  free(dy);
  free(ref);
  free(got);
}

/* At most one block: the index within the block is all there is. */
G_TEST(one_block)
{
  check_backward(1, 0.01f);
  check_backward(100, 0.2f);
  check_backward(256, 0.01f);
}

/* Sizes that leave the last block partly empty (and 256, full). */
G_TEST(odd_sizes)
{
  check_backward(255, 0.2f);
  check_backward(257, 0.01f);
  check_backward(1000, 0.2f);
  check_backward(100003, 0.01f);
  check_backward(g_rand_int(2, 20000), 0.2f);
}

/* The race-check build: right, and no two threads write the same dx[i]. */
G_TEST(race)
{
  check_backward(3001, 0.01f);
}

/* On a GPU only: 64 Mi elements read x and dy and write dx; full points at
   80% of the measured copy bandwidth, none below 20%. */
typedef struct { const float *x, *dy; float *dx; int n; } perf_job;
static void run_once(void *ctx)
{
  perf_job *p = (perf_job *)ctx;
  exercise_leaky_relu_backward(g_handle(), p->x, p->dy, p->dx, 0.01f, p->n);
}

G_TEST(bandwidth)
{
  perf_job p;
  p.n = 64 << 20;
  size_t n = (size_t)p.n;
  g_case("n=%d", p.n);
  float *x = g_random(n, -1, 1);
  p.x = (const float *)g_dev_upload(x, n);
  p.dy = (const float *)g_dev_upload(x, n);
  p.dx = (float *)g_dev_output(n);
  double copy = g_copy_gbps(n * sizeof(float));
  double ms = g_time_ms(run_once, &p, 20);
  double gbps = 3.0 * n * sizeof(float) / (ms * 1e6);
  double share = gbps / copy;
  g_perf((share - 0.2) / (0.8 - 0.2), "%.0f GB/s = %.0f%% of copy bandwidth (%.0f GB/s); full points at 80%%",
         gbps, 100 * share, copy);
}
