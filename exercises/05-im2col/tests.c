/* Tests of exercise 05-im2col (points and time limits: exercise.conf). */
#include <stdlib.h>
#include "grade.h"
#include "exercise.h"

static exercise_conv_shape shape(int n, int c, int h, int w, int r, int s, int pad, int stride, int dil)
{
  exercise_conv_shape sh;
  sh.n = n; sh.c = c; sh.h = h; sh.w = w; sh.r = r; sh.s = s;
  sh.pad_h = sh.pad_w = pad;
  sh.stride_h = sh.stride_w = stride;
  sh.dil_h = sh.dil_w = dil;
  sh.p = (h + 2 * pad - (r - 1) * dil - 1) / stride + 1;
  sh.q = (w + 2 * pad - (s - 1) * dil - 1) / stride + 1;
  return sh;
}

/* Unroll one random input and compare with the plain loops. */
static void check_im2col(exercise_conv_shape sh)
{
  g_case("n=%d c=%d %dx%d filter %dx%d pad %d stride %d dilation %d", sh.n, sh.c, sh.h, sh.w, sh.r, sh.s,
         sh.pad_h, sh.stride_h, sh.dil_h);
  size_t xn = (size_t)sh.n * sh.c * sh.h * sh.w;
  size_t rows = (size_t)sh.c * sh.r * sh.s, pq = (size_t)sh.p * sh.q, n = sh.n * rows * pq;
  float *x = g_random(xn, -1, 1);
  double *ref = malloc(n * sizeof *ref);
  size_t i = 0;
  for (int img = 0; img < sh.n; img++)
    for (int ch = 0; ch < sh.c; ch++)
      for (int rr = 0; rr < sh.r; rr++)
        for (int ss = 0; ss < sh.s; ss++)
          for (int pp = 0; pp < sh.p; pp++)
            for (int qq = 0; qq < sh.q; qq++, i++) {
              int ih = pp * sh.stride_h - sh.pad_h + rr * sh.dil_h;
              int iw = qq * sh.stride_w - sh.pad_w + ss * sh.dil_w;
              ref[i] = ih >= 0 && ih < sh.h && iw >= 0 && iw < sh.w
                           ? x[(((size_t)img * sh.c + ch) * sh.h + ih) * sh.w + iw] : 0.0;
            }
  void *dx = g_dev_upload(x, xn), *dc = g_dev_output(n);
  g_check_status(exercise_im2col(g_handle(), &sh, (const float *)dx, (float *)dc), "exercise_im2col");
  float *got = g_dev_fetch(dc, n);
  int dims[3] = {sh.n, (int)rows, (int)pq};
  g_compare("cols", got, ref, n, dims, 3, 0, 0);   /* im2col only moves bits: exact */
  g_dev_check_guard(dc, n, "cols");
  g_dev_free(dx);
  g_dev_free(dc);
  free(x);
  free(ref);
  free(got);
}

G_TEST(plain)
{
  check_im2col(shape(2, 3, 6, 6, 3, 3, 1, 1, 1));
  check_im2col(shape(1, 2, 5, 7, 3, 3, 1, 1, 1));
}

G_TEST(strided)
{
  check_im2col(shape(2, 3, 11, 9, 7, 7, 3, 2, 1));
  check_im2col(shape(1, 1, 9, 9, 3, 3, 3, 2, 1));    /* padding wider than half the window */
  check_im2col(shape(2, 5, 4, 5, 1, 1, 0, 1, 1));
  check_im2col(shape(1, 2, 23, 19, 11, 11, 2, 4, 1));
  check_im2col(shape(1, g_rand_int(1, 4), g_rand_int(5, 12), g_rand_int(5, 12), 3, 3, g_rand_int(0, 2), 2, 1));
}

G_TEST(dilated)
{
  check_im2col(shape(2, 2, 8, 7, 3, 3, 2, 1, 2));
  check_im2col(shape(1, 3, 11, 13, 3, 3, 1, 2, 3));
}

G_TEST(race)
{
  check_im2col(shape(1, 2, 6, 5, 3, 3, 1, 1, 1));
}

/* On a GPU only: ResNet-50's 3x3 layer of stage 2 at batch 8 writes nine
   times its input; full points at 60% of the copy bandwidth, none below 20%. */
typedef struct { exercise_conv_shape sh; const float *x; float *cols; } perf_job;
static void run_once(void *ctx)
{
  perf_job *p = (perf_job *)ctx;
  exercise_im2col(g_handle(), &p->sh, p->x, p->cols);
}

G_TEST(bandwidth)
{
  perf_job p;
  p.sh = shape(8, 64, 56, 56, 3, 3, 1, 1, 1);
  g_case("n=8 c=64 56x56 filter 3x3 pad 1");
  size_t xn = (size_t)8 * 64 * 56 * 56, n = xn * 9;
  float *x = g_random(xn, -1, 1);
  p.x = (const float *)g_dev_upload(x, xn);
  p.cols = (float *)g_dev_output(n);
  double bytes = (double)(xn + n) * sizeof(float);
  double copy = g_copy_gbps(n * sizeof(float));
  double ms = g_time_ms(run_once, &p, 20);
  double gbps = bytes / (ms * 1e6), share = gbps / copy;
  g_perf((share - 0.2) / (0.6 - 0.2), "%.0f GB/s = %.0f%% of copy bandwidth (%.0f GB/s); full points at 60%%",
         gbps, 100 * share, copy);
}
