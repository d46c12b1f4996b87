/* Tests of exercise 06-maxpool-forward (points and time limits: exercise.conf). */
#include <math.h>
#include <stdlib.h>
#include "grade.h"
#include "exercise.h"

typedef struct { int n, c, h, w, wh, ww, ph, pw, sh, sw; } pshape;

static int out_size(int in, int window, int pad, int stride)
{
  return 1 + (in + 2 * pad - window) / stride;
}

/* The reference: every output is the maximum of its window's elements that
   lie inside x, NaNs skipped, then blended with y0 (not read when beta is 0). */
static double *reference(const pshape *p, double alpha, double beta, const float *x, const float *y0)
{
  int oh = out_size(p->h, p->wh, p->ph, p->sh), ow = out_size(p->w, p->ww, p->pw, p->sw);
  size_t planes = (size_t)p->n * p->c, ny = planes * oh * ow;
  double *ref = malloc(ny * sizeof *ref);
  for (size_t q = 0; q < planes; q++)
    for (int i = 0; i < oh; i++)
      for (int j = 0; j < ow; j++) {
        double best = -INFINITY;
        for (int r = i * p->sh - p->ph; r < i * p->sh - p->ph + p->wh; r++)
          for (int c = j * p->sw - p->pw; c < j * p->sw - p->pw + p->ww; c++) {
            if (r < 0 || r >= p->h || c < 0 || c >= p->w)
              continue;                         /* padding never wins */
            float v = x[(q * p->h + r) * p->w + c];
            if (v == v && v > best)             /* NaN skipped */
              best = v;
          }
        size_t k = (q * oh + i) * ow + j;
        ref[k] = alpha * best + (beta != 0 ? beta * y0[k] : 0.0);
      }
  return ref;
}

/* x uniform in [lo, hi); with nan_every > 0, every nan_every-th element of x
   is NaN (never two in a row, so no window is all NaN). */
static void check(const pshape *p, float lo, float hi, int nan_every, float alpha, float beta)
{
  g_case("n=%d c=%d %dx%d window %dx%d pad %d,%d stride %d,%d x in [%g,%g)%s alpha=%g beta=%g", p->n, p->c,
         p->h, p->w, p->wh, p->ww, p->ph, p->pw, p->sh, p->sw, lo, hi, nan_every ? " with NaNs" : "", alpha,
         beta);
  int oh = out_size(p->h, p->wh, p->ph, p->sh), ow = out_size(p->w, p->ww, p->pw, p->sw);
  size_t nx = (size_t)p->n * p->c * p->h * p->w, ny = (size_t)p->n * p->c * oh * ow;
  float *x = g_random(nx, lo, hi), *y0 = g_random(ny, -1, 1);
  if (nan_every > 0)
    for (size_t k = 3; k < nx; k += (size_t)nan_every)
      x[k] = NAN;
  double *ref = reference(p, alpha, beta, x, y0);
  void *dx = g_dev_upload(x, nx);
  void *dy = beta != 0.0f ? g_dev_upload(y0, ny) : g_dev_output(ny);
  g_check_status(exercise_maxpool_forward(g_handle(), p->n, p->c, p->h, p->w, p->wh, p->ww, p->ph, p->pw,
                                          p->sh, p->sw, alpha, (const float *)dx, beta, (float *)dy),
                 "exercise_maxpool_forward");
  float *got = g_dev_fetch(dy, ny);
  int dims[4] = {p->n, p->c, oh, ow};
  g_compare("y", got, ref, ny, dims, 4, 1e-6, 1e-6);
  g_dev_check_guard(dy, ny, "y");
  g_dev_free(dx);
  g_dev_free(dy);
  free(x);
  free(y0);
  free(ref);
  free(got);
}

/* 2x2 stride 2, no padding: every window lies inside x. Odd sides drop the
   last row or column. */
G_TEST(disjoint)
{
  pshape a = {2, 3, 8, 10, 2, 2, 0, 0, 2, 2}, b = {1, 5, 7, 9, 2, 2, 0, 0, 2, 2};
  check(&a, -1, 1, 0, 1.0f, 0.0f);
  check(&b, -1, 1, 0, 1.0f, 0.0f);
}

/* 3x3 stride 2 padding 1, ResNet's pooling. All of x is negative, so a
   padding position taken for a zero would win every border window. */
G_TEST(padded)
{
  pshape a = {2, 3, 9, 11, 3, 3, 1, 1, 2, 2}, b = {1, 2, 14, 13, 3, 3, 1, 1, 2, 2};
  check(&a, -2, -0.5f, 0, 1.0f, 0.0f);
  check(&a, -2, -0.5f, 0, 0.5f, -1.5f);
  check(&b, -1, 1, 0, 2.0f, 1.0f);
}

/* A stride larger than the window (some inputs in no window); a window
   larger than the input; NaNs in x, which are skipped. */
G_TEST(odd)
{
  pshape wide = {2, 2, 11, 9, 2, 3, 0, 1, 4, 3};
  pshape big = {1, 3, 3, 4, 5, 5, 2, 2, 1, 1};
  pshape nans = {2, 3, 10, 13, 3, 3, 1, 1, 2, 2};
  check(&wide, -3, -1, 0, 1.0f, 0.0f);
  check(&big, -3, -1, 0, -1.0f, 0.5f);
  check(&nans, -1, 1, 7, 1.0f, 0.0f);
}

/* The race-check build: right, and no two threads write one element. */
G_TEST(race)
{
  pshape a = {2, 4, 13, 12, 3, 3, 1, 1, 2, 2};
  check(&a, -2, -0.5f, 0, 1.0f, 1.0f);
}

/* On a GPU only: 3x3 stride 2 padding 1 on 64x256x56x56 reads x once and
   writes y once at best; full points at 80% of the copy bandwidth. */
typedef struct { const float *x; float *y; } perf_job;
static void run_once(void *ctx)
{
  perf_job *p = (perf_job *)ctx;
  exercise_maxpool_forward(g_handle(), 64, 256, 56, 56, 3, 3, 1, 1, 2, 2, 1.0f, p->x, 0.0f, p->y);
}

G_TEST(bandwidth)
{
  size_t nx = (size_t)64 * 256 * 56 * 56, ny = (size_t)64 * 256 * 28 * 28;
  g_case("64x256x56x56, 3x3 stride 2 padding 1");
  float *host = g_random(nx, -1, 1);
  perf_job p;
  p.x = (const float *)g_dev_upload(host, nx);
  p.y = (float *)g_dev_upload(host, ny);
  double copy = g_copy_gbps(nx * sizeof(float));
  double ms = g_time_ms(run_once, &p, 20);
  double gbps = (double)(nx + ny) * sizeof(float) / (ms * 1e6), share = gbps / copy;
  g_perf((share - 0.2) / (0.8 - 0.2), "%.0f GB/s = %.0f%% of copy bandwidth (%.0f GB/s); full points at 80%%",
         gbps, 100 * share, copy);
}
