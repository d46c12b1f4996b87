/* Tests of exercise 05-bias-grad (points and time limits: exercise.conf). */
#include <stdlib.h>
#include "grade.h"
#include "exercise.h"

/* One random dy, summed per channel in double on the host. */
static void check_bias_grad(int n, int k_count, int hw)
{
  size_t count = (size_t)n * k_count * hw;
  g_case("n=%d k=%d hw=%d", n, k_count, hw);
  float *dy = g_random(count, -1, 1);
  double *ref = calloc((size_t)k_count, sizeof *ref);
  for (int img = 0; img < n; img++)
    for (int k = 0; k < k_count; k++)
      for (int p = 0; p < hw; p++)
        ref[k] += dy[((size_t)img * k_count + k) * hw + p];
  void *ddy = g_dev_upload(dy, count), *ddb = g_dev_output((size_t)k_count);
  g_check_status(exercise_bias_grad(g_handle(), (const float *)ddy, (float *)ddb, n, k_count, hw),
                 "exercise_bias_grad");
  float *got = g_dev_fetch(ddb, (size_t)k_count);
  int dims[1] = {k_count};
  /* float sums of up to ~10^5 numbers in [-1, 1], in a different order */
  g_compare("db", got, ref, (size_t)k_count, dims, 1, 1e-4, 1e-3);
  g_dev_check_guard(ddb, (size_t)k_count, "db");
  g_dev_free(ddy);
  g_dev_free(ddb);
  free(dy);
  free(ref);
  free(got);
}

G_TEST(small)
{
  check_bias_grad(2, 3, 16);
  check_bias_grad(4, 8, 49);
}

G_TEST(odd_shapes)
{
  check_bias_grad(1, 1, 1);
  check_bias_grad(3, 5, 1);
  check_bias_grad(1, 7, 37);
  check_bias_grad(2, 3, 1000);
  check_bias_grad(g_rand_int(1, 5), g_rand_int(1, 9), g_rand_int(1, 300));
}

G_TEST(race)
{
  check_bias_grad(2, 2, 300);
}

/* On a GPU only: ResNet-50's 56 x 56 x 256 output at batch 32 (103 MB);
   full points at 60% of the copy bandwidth, none below 20%. */
typedef struct { const float *dy; float *db; } perf_job;
static void run_once(void *ctx)
{
  perf_job *p = (perf_job *)ctx;
  exercise_bias_grad(g_handle(), p->dy, p->db, 32, 256, 56 * 56);
}

G_TEST(bandwidth)
{
  perf_job p;
  size_t count = (size_t)32 * 256 * 56 * 56;
  g_case("n=32 k=256 hw=3136");
  float *dy = g_random(count, -1, 1);
  p.dy = (const float *)g_dev_upload(dy, count);
  p.db = (float *)g_dev_output(256);
  double copy = g_copy_gbps(count * sizeof(float));
  double ms = g_time_ms(run_once, &p, 20);
  double gbps = count * sizeof(float) / (ms * 1e6), share = gbps / copy;
  g_perf((share - 0.2) / (0.6 - 0.2), "%.0f GB/s = %.0f%% of copy bandwidth (%.0f GB/s); full points at 60%%",
         gbps, 100 * share, copy);
}
