/* Tests of exercise 05-direct-conv (points and time limits: exercise.conf). */
#include <stdlib.h>
#include "grade.h"
#include "exercise.h"

static exercise_direct_shape shape(int n, int c, int h, int w, int k, int r, int s, int pad, int stride, int dil)
{
  exercise_direct_shape sh;
  sh.n = n; sh.c = c; sh.h = h; sh.w = w; sh.k = k; sh.r = r; sh.s = s;
  sh.pad_h = sh.pad_w = pad;
  sh.stride_h = sh.stride_w = stride;
  sh.dil_h = sh.dil_w = dil;
  sh.p = (h + 2 * pad - (r - 1) * dil - 1) / stride + 1;
  sh.q = (w + 2 * pad - (s - 1) * dil - 1) / stride + 1;
  return sh;
}

static void check_direct(exercise_direct_shape sh)
{
  g_case("n=%d c=%d %dx%d k=%d filter %dx%d pad %d stride %d dilation %d", sh.n, sh.c, sh.h, sh.w, sh.k, sh.r,
         sh.s, sh.pad_h, sh.stride_h, sh.dil_h);
  size_t xn = (size_t)sh.n * sh.c * sh.h * sh.w, wn = (size_t)sh.k * sh.c * sh.r * sh.s;
  size_t yn = (size_t)sh.n * sh.k * sh.p * sh.q;
  float *x = g_random(xn, -1, 1), *wt = g_random(wn, -1, 1);
  double *ref = calloc(yn, sizeof *ref);
  for (int img = 0; img < sh.n; img++)
    for (int kk = 0; kk < sh.k; kk++)
      for (int pp = 0; pp < sh.p; pp++)
        for (int qq = 0; qq < sh.q; qq++) {
          double sum = 0;
          for (int ch = 0; ch < sh.c; ch++)
            for (int rr = 0; rr < sh.r; rr++)
              for (int ss = 0; ss < sh.s; ss++) {
                int ih = pp * sh.stride_h - sh.pad_h + rr * sh.dil_h;
                int iw = qq * sh.stride_w - sh.pad_w + ss * sh.dil_w;
                if (ih >= 0 && ih < sh.h && iw >= 0 && iw < sh.w)
                  sum += (double)wt[(((size_t)kk * sh.c + ch) * sh.r + rr) * sh.s + ss] *
                         x[(((size_t)img * sh.c + ch) * sh.h + ih) * sh.w + iw];
              }
          ref[(((size_t)img * sh.k + kk) * sh.p + pp) * sh.q + qq] = sum;
        }
  void *dx = g_dev_upload(x, xn), *dw = g_dev_upload(wt, wn), *dy = g_dev_output(yn);
  g_check_status(exercise_direct_conv(g_handle(), &sh, (const float *)dx, (const float *)dw, (float *)dy),
                 "exercise_direct_conv");
  float *got = g_dev_fetch(dy, yn);
  int dims[4] = {sh.n, sh.k, sh.p, sh.q};
  /* float sums of at most a few hundred products of numbers in [-1, 1] */
  g_compare("y", got, ref, yn, dims, 4, 1e-4, 1e-4);
  g_dev_check_guard(dy, yn, "y");
  g_dev_free(dx);
  g_dev_free(dw);
  g_dev_free(dy);
  free(x);
  free(wt);
  free(ref);
  free(got);
}

G_TEST(valid)
{
  check_direct(shape(2, 3, 6, 7, 4, 3, 3, 0, 1, 1));
  check_direct(shape(1, 2, 5, 5, 3, 5, 5, 0, 1, 1));
}

G_TEST(padded)
{
  check_direct(shape(2, 3, 7, 6, 4, 3, 3, 1, 1, 1));
  check_direct(shape(1, 2, 4, 5, 3, 3, 3, 3, 1, 1));   /* padding wider than half the window */
  check_direct(shape(2, 2, 11, 9, 3, 5, 5, 2, 2, 1));
  check_direct(shape(1, 5, 4, 4, 2, 1, 1, 0, 1, 1));
  check_direct(shape(1, g_rand_int(1, 3), g_rand_int(4, 10), g_rand_int(4, 10), g_rand_int(1, 4), 3, 3,
                     g_rand_int(0, 2), g_rand_int(1, 2), 1));
}

G_TEST(dilated)
{
  check_direct(shape(2, 2, 8, 7, 3, 3, 3, 2, 1, 2));
  check_direct(shape(1, 3, 11, 13, 2, 3, 3, 1, 2, 3));
}

G_TEST(race)
{
  check_direct(shape(1, 2, 6, 5, 2, 3, 3, 1, 1, 1));
}
