/* Tests of exercise 10-lstm-pointwise (points and time limits: exercise.conf). */
#include <math.h>
#include <stdlib.h>
#include "grade.h"
#include "exercise.h"

static double sigm(double v) { return 1.0 / (1.0 + exp(-v)); }

/* One step for N sequences of H units on random halves, biases and cell
   states, against the equations in double precision. A float kernel's
   expf and tanhf are within a few units in the last place: 1e-5 of the
   value plus 1e-6 is far below any slip in the equations. */
static void check_lstm(int N, int H)
{
  g_case("N=%d H=%d", N, H);
  size_t units = (size_t)N * H, gates = 4 * units;
  float *gx = g_random(gates, -2, 2), *gh = g_random(gates, -2, 2);
  float *bw = g_random((size_t)4 * H, -1, 1), *br = g_random((size_t)4 * H, -1, 1);
  float *cp = g_random(units, -2, 2);
  double *rh = malloc(units * sizeof *rh), *rc = malloc(units * sizeof *rc);
  for (int n = 0; n < N; n++)
    for (int j = 0; j < H; j++) {
      double a[4];
      for (int g = 0; g < 4; g++)
        a[g] = (double)gx[(size_t)n * 4 * H + g * H + j] + bw[g * H + j] + gh[(size_t)n * 4 * H + g * H + j] +
               br[g * H + j];
      double c = sigm(a[1]) * cp[(size_t)n * H + j] + sigm(a[0]) * tanh(a[2]);
      rc[(size_t)n * H + j] = c;
      rh[(size_t)n * H + j] = sigm(a[3]) * tanh(c);
    }
  void *dgx = g_dev_upload(gx, gates), *dgh = g_dev_upload(gh, gates);
  void *dbw = g_dev_upload(bw, (size_t)4 * H), *dbr = g_dev_upload(br, (size_t)4 * H);
  void *dcp = g_dev_upload(cp, units), *dh = g_dev_output(units), *dc = g_dev_output(units);
  g_check_status(exercise_lstm_pointwise(g_handle(), N, H, (const float *)dgx, (const float *)dgh,
                                         (const float *)dbw, (const float *)dbr, (const float *)dcp, (float *)dh,
                                         (float *)dc),
                 "exercise_lstm_pointwise");
  float *c = g_dev_fetch(dc, units), *h = g_dev_fetch(dh, units);
  int dims[2] = {N, H};
  g_compare("c", c, rc, units, dims, 2, 1e-5, 1e-6);
  g_compare("h", h, rh, units, dims, 2, 1e-5, 1e-6);
  g_dev_check_guard(dc, units, "c_new");
  g_dev_check_guard(dh, units, "h_new");
  g_dev_free(dgx), g_dev_free(dgh), g_dev_free(dbw), g_dev_free(dbr), g_dev_free(dcp), g_dev_free(dh);
  g_dev_free(dc);
  free(gx), free(gh), free(bw), free(br), free(cp), free(rh), free(rc), free(c), free(h);
}

/* a single unit: one thread of a 256-thread block has work */
G_TEST(one_unit)
{
  check_lstm(1, 1);
  check_lstm(1, 3);
  check_lstm(2, 1);
}

/* sizes that are not multiples of the block, a row longer than a block,
   and a random shape */
G_TEST(shapes)
{
  check_lstm(2, 3);
  check_lstm(5, 7);
  check_lstm(3, 64);
  check_lstm(1, 257);
  check_lstm(13, 31);
  check_lstm(g_rand_int(1, 9), g_rand_int(1, 300));
}

/* many blocks: 67 sequences of 1031 units */
G_TEST(many_blocks)
{
  check_lstm(67, 1031);
}

G_TEST(race)
{
  check_lstm(3, 100);
}

typedef struct { const float *gx, *gh, *bw, *br, *cp; float *h, *c; int N, H; } perf_job;
static void run_once(void *ctx)
{
  perf_job *p = (perf_job *)ctx;
  exercise_lstm_pointwise(g_handle(), p->N, p->H, p->gx, p->gh, p->bw, p->br, p->cp, p->h, p->c);
}

/* On a GPU only: N = 512, H = 4096. The kernel must read the two halves
   (8 H floats per sequence) and c_prev, and write c and h: 11 H floats
   per sequence, 92 MB, more than the L2. Full points at 70% of the
   measured copy bandwidth, none below 20%. */
G_TEST(bandwidth)
{
  perf_job p;
  p.N = 512;
  p.H = 4096;
  size_t units = (size_t)p.N * p.H;
  g_case("N=%d H=%d", p.N, p.H);
  float *big = g_random(4 * units, -1, 1);
  p.gx = (const float *)g_dev_upload(big, 4 * units);
  p.gh = (const float *)g_dev_upload(big, 4 * units);
  p.bw = p.br = (const float *)g_dev_upload(big, (size_t)4 * p.H);
  p.cp = (const float *)g_dev_upload(big, units);
  p.h = (float *)g_dev_output(units);
  p.c = (float *)g_dev_output(units);
  double copy = g_copy_gbps(units * 11 * sizeof(float));
  double ms = g_time_ms(run_once, &p, 20);
  double gbps = 11.0 * (double)units * sizeof(float) / (ms * 1e6), share = gbps / copy;
  g_perf((share - 0.2) / (0.7 - 0.2), "%.0f GB/s = %.0f%% of copy bandwidth (%.0f GB/s); full points at 70%%", gbps,
         100 * share, copy);
}
