/* Tests of exercise 10-gru-backward-step (points and time limits: exercise.conf). */
#include <math.h>
#include <stdlib.h>
#include "grade.h"
#include "exercise.h"

/* Saved values as a forward step leaves them (r and z in (0, 1), h~ in
   (-1, 1)), random h_{t-1} and dh; the reference is the chain rule in
   double precision. A few float products per output: 1e-5 of the value
   plus 1e-6. */
static void check_gru(int N, int H)
{
  g_case("N=%d H=%d", N, H);
  size_t units = (size_t)N * H;
  float *sv = malloc(4 * units * sizeof *sv), *hp = g_random(units, -1, 1), *dh = g_random(units, -1, 1);
  for (int n = 0; n < N; n++)
    for (int j = 0; j < H; j++) {
      float *s = sv + (size_t)n * 4 * H;
      s[j] = g_uniform(0.05f, 0.95f);
      s[H + j] = g_uniform(0.05f, 0.95f);
      s[2 * H + j] = g_uniform(-0.95f, 0.95f);
      s[3 * H + j] = g_uniform(-2, 2);
    }
  double *rgx = malloc(3 * units * sizeof *rgx), *rgh = malloc(3 * units * sizeof *rgh);
  double *rd = malloc(units * sizeof *rd);
  for (int n = 0; n < N; n++)
    for (int j = 0; j < H; j++) {
      const float *s = sv + (size_t)n * 4 * H;
      double r = s[j], z = s[H + j], nn = s[2 * H + j], bh = s[3 * H + j];
      double g = dh[(size_t)n * H + j], h0 = hp[(size_t)n * H + j];
      double dn = g * (1 - z) * (1 - nn * nn);
      double dr = dn * bh * r * (1 - r), dz = g * (h0 - nn) * z * (1 - z);
      size_t row = (size_t)n * 3 * H;
      rgx[row + j] = rgh[row + j] = dr;
      rgx[row + H + j] = rgh[row + H + j] = dz;
      rgx[row + 2 * H + j] = dn;
      rgh[row + 2 * H + j] = dn * r;
      rd[(size_t)n * H + j] = g * z;
    }
  void *dsv = g_dev_upload(sv, 4 * units), *dhp = g_dev_upload(hp, units), *ddh = g_dev_upload(dh, units);
  void *dgx = g_dev_output(3 * units), *dgh = g_dev_output(3 * units), *dd = g_dev_output(units);
  g_check_status(exercise_gru_backward(g_handle(), N, H, (const float *)dsv, (const float *)dhp, (const float *)ddh,
                                       (float *)dgx, (float *)dgh, (float *)dd),
                 "exercise_gru_backward");
  float *gx = g_dev_fetch(dgx, 3 * units), *gh = g_dev_fetch(dgh, 3 * units), *d = g_dev_fetch(dd, units);
  int dims3[2] = {N, 3 * H}, dims1[2] = {N, H};
  g_compare("dgx", gx, rgx, 3 * units, dims3, 2, 1e-5, 1e-6);
  g_compare("dgh", gh, rgh, 3 * units, dims3, 2, 1e-5, 1e-6);
  g_compare("dh_direct", d, rd, units, dims1, 2, 1e-5, 1e-6);
  g_dev_check_guard(dgx, 3 * units, "dgx");
  g_dev_check_guard(dgh, 3 * units, "dgh");
  g_dev_check_guard(dd, units, "dh_direct");
  g_dev_free(dsv), g_dev_free(dhp), g_dev_free(ddh), g_dev_free(dgx), g_dev_free(dgh), g_dev_free(dd);
  free(sv), free(hp), free(dh), free(rgx), free(rgh), free(rd), free(gx), free(gh), free(d);
}

G_TEST(one_unit)
{
  check_gru(1, 1);
  check_gru(1, 3);
  check_gru(2, 1);
}

G_TEST(shapes)
{
  check_gru(2, 3);
  check_gru(5, 7);
  check_gru(3, 64);
  check_gru(1, 257);
  check_gru(13, 31);
  check_gru(g_rand_int(1, 9), g_rand_int(1, 300));
}

G_TEST(many_blocks)
{
  check_gru(61, 1009);
}

G_TEST(race)
{
  check_gru(3, 100);
}

typedef struct { const float *sv, *hp, *dh; float *gx, *gh, *d; int N, H; } perf_job;
static void run_once(void *ctx)
{
  perf_job *p = (perf_job *)ctx;
  exercise_gru_backward(g_handle(), p->N, p->H, p->sv, p->hp, p->dh, p->gx, p->gh, p->d);
}

/* On a GPU only: N = 512, H = 4096. Reads 6 H floats per sequence (the
   saved values, h_{t-1}, dh), writes 7 H: 109 MB. Full points at 70% of
   the measured copy bandwidth, none below 20%. */
G_TEST(bandwidth)
{
  perf_job p;
  p.N = 512;
  p.H = 4096;
  size_t units = (size_t)p.N * p.H;
  g_case("N=%d H=%d", p.N, p.H);
  float *big = g_random(4 * units, 0.1f, 0.9f);
  p.sv = (const float *)g_dev_upload(big, 4 * units);
  p.hp = (const float *)g_dev_upload(big, units);
  p.dh = (const float *)g_dev_upload(big, units);
  p.gx = (float *)g_dev_output(3 * units);
  p.gh = (float *)g_dev_output(3 * units);
  p.d = (float *)g_dev_output(units);
  double copy = g_copy_gbps(units * 13 * sizeof(float));
  double ms = g_time_ms(run_once, &p, 20);
  double gbps = 13.0 * (double)units * sizeof(float) / (ms * 1e6), share = gbps / copy;
  g_perf((share - 0.2) / (0.7 - 0.2), "%.0f GB/s = %.0f%% of copy bandwidth (%.0f GB/s); full points at 70%%", gbps,
         100 * share, copy);
}
