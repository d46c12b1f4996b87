#line 3462 "chapters/08-normalization.nw"
#include "lrn/lrn.h"
#include "lrn/lrn_stages.h"
#include <math.h>
#include <stdlib.h>

static double cpu_scale(const litdnn_lrn_args *a, const float *x, int64_t cs, int64_t c)
{
  int64_t C = a->dims[1], first = c - a->lo < 0 ? 0 : c - a->lo, last = c + a->hi >= C ? C - 1 : c + a->hi;
  double sum = 0;
  for (int64_t m = first; m <= last; m++)
    sum += (double)x[m * cs] * x[m * cs];
  return a->k + a->a_over_n * sum;
}

static void cpu_blend(float *y, double value, float alpha, float beta)
{
  *y = (float)(alpha * value + (beta != 0.0f ? beta * (double)*y : 0.0));
}

litdnnStatus_t litdnn_lrn_forward_cpu(litdnnHandle_t h, const void *args)
{
  const litdnn_lrn_args *a = (const litdnn_lrn_args *)args;
  int64_t C = a->dims[1];
  for (int64_t p = 0; p < litdnn_lrn_pixels(a); p++) {
    const float *x = a->x + litdnn_lrn_pixel(a, a->xs, p);
    float *y = a->out + litdnn_lrn_pixel(a, a->ys, p);
    for (int64_t c = 0; c < C; c++)
      cpu_blend(&y[c * a->ys[1]], x[c * a->xs[1]] * pow(cpu_scale(a, x, a->xs[1], c), -a->power), a->alpha,
                a->beta);
  }
  return LITDNN_STATUS_SUCCESS;
}

litdnnStatus_t litdnn_lrn_backward_cpu(litdnnHandle_t h, const void *args)
{
  const litdnn_lrn_args *a = (const litdnn_lrn_args *)args;
  int64_t C = a->dims[1];
  double *s = (double *)malloc((size_t)C * sizeof *s);
  if (!s)
    return litdnn_error(LITDNN_STATUS_ALLOC_FAILED, "litdnnLRNCrossChannelBackward", "out of host memory");
  for (int64_t p = 0; p < litdnn_lrn_pixels(a); p++) {
    const float *x = a->x + litdnn_lrn_pixel(a, a->xs, p), *y = a->y + litdnn_lrn_pixel(a, a->ys, p);
    const float *dy = a->dy + litdnn_lrn_pixel(a, a->dys, p);
    float *dx = a->out + litdnn_lrn_pixel(a, a->dxs, p);
    for (int64_t c = 0; c < C; c++)
      s[c] = cpu_scale(a, x, a->xs[1], c);
    for (int64_t j = 0; j < C; j++) {
      double sum = 0;
      for (int64_t c = j - a->hi < 0 ? 0 : j - a->hi; c <= j + a->lo && c < C; c++)
        sum += (double)dy[c * a->dys[1]] * y[c * a->ys[1]] / s[c];
      double g = dy[j * a->dys[1]] * pow(s[j], -a->power) - 2.0 * a->a_over_n * a->power * x[j * a->xs[1]] * sum;
      cpu_blend(&dx[j * a->dxs[1]], g, a->alpha, a->beta);
    }
  }
  free(s);
  return LITDNN_STATUS_SUCCESS;
}
