/* Tests of exercise 06-avgpool-backward (points and time limits: exercise.conf). */
#include <math.h>
#include <stdlib.h>
#include "grade.h"
#include "exercise.h"

typedef struct { int n, c, h, w, wh, ww, ph, pw, sh, sw; } pshape;

/* The reference scatter in double: every window sends dy / divisor to the
   inputs it covers. */
static double *reference(const pshape *p, int include, double alpha, double beta, const float *dy,
                         const float *dx0)
{
  int oh = 1 + (p->h + 2 * p->ph - p->wh) / p->sh, ow = 1 + (p->w + 2 * p->pw - p->ww) / p->sw;
  size_t planes = (size_t)p->n * p->c, nx = planes * p->h * p->w;
  double *g = calloc(nx, sizeof *g);
  for (size_t q = 0; q < planes; q++)
    for (int i = 0; i < oh; i++)
      for (int j = 0; j < ow; j++) {
        int r0 = i * p->sh - p->ph, c0 = j * p->sw - p->pw;
        int r1 = r0 + p->wh < p->h ? r0 + p->wh : p->h, c1 = c0 + p->ww < p->w ? c0 + p->ww : p->w;
        r0 = r0 < 0 ? 0 : r0;
        c0 = c0 < 0 ? 0 : c0;
        double div = include ? (double)p->wh * p->ww : (double)(r1 - r0) * (c1 - c0);
        double share = dy[(q * oh + i) * ow + j] / div;
        for (int r = r0; r < r1; r++)
          for (int c = c0; c < c1; c++)
            g[(q * p->h + r) * p->w + c] += share;
      }
  for (size_t k = 0; k < nx; k++)
    g[k] = alpha * g[k] + (beta != 0 ? beta * dx0[k] : 0.0);
  return g;
}

static void check(const pshape *p, int include, float alpha, float beta)
{
  g_case("n=%d c=%d %dx%d window %dx%d pad %d,%d stride %d,%d %s alpha=%g beta=%g", p->n, p->c, p->h, p->w,
         p->wh, p->ww, p->ph, p->pw, p->sh, p->sw, include ? "include-padding" : "exclude-padding", alpha, beta);
  int oh = 1 + (p->h + 2 * p->ph - p->wh) / p->sh, ow = 1 + (p->w + 2 * p->pw - p->ww) / p->sw;
  size_t ny = (size_t)p->n * p->c * oh * ow, nx = (size_t)p->n * p->c * p->h * p->w;
  float *dy = g_random(ny, -1, 1), *dx0 = g_random(nx, -1, 1);
  double *ref = reference(p, include, alpha, beta, dy, dx0);
  void *d_dy = g_dev_upload(dy, ny);
  void *d_dx = beta != 0.0f ? g_dev_upload(dx0, nx) : g_dev_output(nx);
  g_check_status(exercise_avgpool_backward(g_handle(), p->n, p->c, p->h, p->w, p->wh, p->ww, p->ph, p->pw,
                                           p->sh, p->sw, include, alpha, (const float *)d_dy, beta,
                                           (float *)d_dx),
                 "exercise_avgpool_backward");
  float *got = g_dev_fetch(d_dx, nx);
  int dims[4] = {p->n, p->c, p->h, p->w};
  g_compare("dx", got, ref, nx, dims, 4, 1e-5, 1e-6);
  g_dev_check_guard(d_dx, nx, "dx");
  g_dev_free(d_dy);
  g_dev_free(d_dx);
  free(dy);
  free(dx0);
  free(ref);
  free(got);
}

G_TEST(disjoint)
{
  pshape a = {2, 3, 8, 10, 2, 2, 0, 0, 2, 2}, b = {1, 5, 6, 7, 2, 2, 0, 0, 2, 2};
  check(&a, 1, 1.0f, 0.0f);
  check(&b, 0, 1.0f, 0.0f);
}

G_TEST(overlap)
{
  pshape a = {2, 3, 9, 11, 3, 3, 1, 1, 2, 2}, b = {1, 2, 14, 13, 3, 3, 1, 1, 2, 2};
  check(&a, 1, 1.0f, 0.0f);
  check(&a, 0, 0.5f, -1.5f);
  check(&b, 0, 2.0f, 1.0f);
}

G_TEST(odd)
{
  pshape wide = {2, 2, 11, 9, 2, 3, 0, 1, 4, 3};     /* stride > window: gaps get 0 */
  pshape big = {1, 3, 3, 4, 5, 5, 2, 2, 1, 1};       /* window larger than the input */
  check(&wide, 0, 1.0f, 0.0f);
  check(&big, 0, 1.0f, 0.0f);
  check(&big, 1, -1.0f, 0.5f);
}

G_TEST(race)
{
  pshape a = {2, 4, 13, 12, 3, 3, 1, 1, 2, 2};
  check(&a, 0, 1.0f, 1.0f);
}

/* On a GPU only: 3x3 stride 2 on 64x256x56x56 reads dy once and writes dx
   once at best; full points at 80% of the copy bandwidth. */
typedef struct { const float *dy; float *dx; } perf_job;
static void run_once(void *ctx)
{
  perf_job *p = (perf_job *)ctx;
  exercise_avgpool_backward(g_handle(), 64, 256, 56, 56, 3, 3, 1, 1, 2, 2, 0, 1.0f, p->dy, 0.0f, p->dx);
}

G_TEST(bandwidth)
{
  size_t nx = (size_t)64 * 256 * 56 * 56, ny = (size_t)64 * 256 * 28 * 28;
  g_case("64x256x56x56, 3x3 stride 2 padding 1");
  float *host = g_random(nx, -1, 1);
  perf_job p;
  p.dy = (const float *)g_dev_upload(host, ny);
  p.dx = (float *)g_dev_upload(host, nx);
  double copy = g_copy_gbps(nx * sizeof(float));
  double ms = g_time_ms(run_once, &p, 20);
  double gbps = (double)(nx + ny) * sizeof(float) / (ms * 1e6), share = gbps / copy;
  g_perf((share - 0.2) / (0.8 - 0.2), "%.0f GB/s = %.0f%% of copy bandwidth (%.0f GB/s); full points at 80%%",
         gbps, 100 * share, copy);
}
