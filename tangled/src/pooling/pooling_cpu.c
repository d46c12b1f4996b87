#line 637 "chapters/06-pooling.nw"
#include "pooling/pooling.h"
#include <math.h>
#include <string.h>
#include <stdlib.h>

#define POOL_FN static inline
#line 715 "chapters/06-pooling.nw"
POOL_FN int pool_takes(float v, float best, int have, int propagate_nan)
{
  if (v != v)                               /* v is NaN */
    return propagate_nan && !(best != best);
  return !have || v > best;
}

#line 645 "chapters/06-pooling.nw"
/* The window of output o along one axis, clipped to the input: [lo, hi). */
static void window_range(const litdnn_pool_args *a, int axis, int o, int *lo, int *hi)
{
  int start = o * a->stride[axis] - a->pad[axis];
  *lo = start < 0 ? 0 : start;
  *hi = start + a->win[axis] < a->in[axis] ? start + a->win[axis] : a->in[axis];
}

/* Pool one window of plane (n, c); for max, *arg gets the flat position
   (d * H + h) * W + w of the element that won, or -1 if none did. */
static double pool_window_cpu(const litdnn_pool_args *a, const float *x, int64_t n, int64_t c,
                              const int o[3], int64_t *arg)
{
  int lo[3], hi[3];
  for (int k = 0; k < 3; k++)
    window_range(a, k, o[k], &lo[k], &hi[k]);
  const float *plane = x + n * a->xs[0] + c * a->xs[1];
  if (litdnn_pool_is_max(a->mode)) {
    float best = -INFINITY;
    int64_t where = -1;
    for (int d = lo[0]; d < hi[0]; d++)
      for (int h = lo[1]; h < hi[1]; h++)
        for (int w = lo[2]; w < hi[2]; w++) {
          float v = plane[d * a->xs[2] + h * a->xs[3] + w * a->xs[4]];
          if (pool_takes(v, best, where >= 0, a->propagate_nan)) {
            best = v;
            where = ((int64_t)d * a->in[1] + h) * a->in[2] + w;
          }
        }
    if (arg)
      *arg = where;
    return best;
  }
  double sum = 0;
  for (int d = lo[0]; d < hi[0]; d++)
    for (int h = lo[1]; h < hi[1]; h++)
      for (int w = lo[2]; w < hi[2]; w++)
        sum += plane[d * a->xs[2] + h * a->xs[3] + w * a->xs[4]];
  double count = a->mode == LITDNN_POOLING_AVERAGE_COUNT_INCLUDE_PADDING
                     ? (double)a->win[0] * a->win[1] * a->win[2]
                     : (double)(hi[0] - lo[0]) * (hi[1] - lo[1]) * (hi[2] - lo[2]);
  return sum / count;
}

litdnnStatus_t litdnn_pool_forward_cpu(litdnnHandle_t handle, const void *args)
{
  const litdnn_pool_args *a = (const litdnn_pool_args *)args;
  for (int64_t n = 0; n < a->n; n++)
    for (int64_t c = 0; c < a->c; c++)
      for (int od = 0; od < a->out[0]; od++)
        for (int oh = 0; oh < a->out[1]; oh++)
          for (int ow = 0; ow < a->out[2]; ow++) {
            int o[3] = {od, oh, ow};
            double v = pool_window_cpu(a, a->x, n, c, o, NULL);
            float *y = a->y + n * a->ys[0] + c * a->ys[1] + od * a->ys[2] + oh * a->ys[3] +
                       ow * a->ys[4];
            /* beta == 0: y is not read, so NaN in y cannot leak in */
            *y = (float)(a->alpha * v + (a->beta != 0.0f ? (double)a->beta * *y : 0.0));
          }
  return LITDNN_STATUS_SUCCESS;
}
#line 737 "chapters/06-pooling.nw"
litdnnStatus_t litdnn_pool_backward_cpu(litdnnHandle_t handle, const void *args)
{
  const litdnn_pool_args *a = (const litdnn_pool_args *)args;
  int64_t plane = (int64_t)a->in[0] * a->in[1] * a->in[2];
  double *acc = calloc((size_t)(a->n * a->c * plane), sizeof *acc);
  if (!acc)
    return litdnn_error(LITDNN_STATUS_ALLOC_FAILED, "litdnnPoolingBackward", "out of host memory");
  int include = a->mode == LITDNN_POOLING_AVERAGE_COUNT_INCLUDE_PADDING;
  for (int64_t n = 0; n < a->n; n++)
    for (int64_t c = 0; c < a->c; c++) {
      double *g = acc + (n * a->c + c) * plane;
      for (int od = 0; od < a->out[0]; od++)
        for (int oh = 0; oh < a->out[1]; oh++)
          for (int ow = 0; ow < a->out[2]; ow++) {
            int o[3] = {od, oh, ow};
            double dy = a->dy[n * a->ys[0] + c * a->ys[1] + od * a->ys[2] + oh * a->ys[3] +
                              ow * a->ys[4]];
            if (litdnn_pool_is_max(a->mode)) {
              int64_t arg;
              pool_window_cpu(a, a->x, n, c, o, &arg);
              if (arg >= 0)
                g[arg] += dy;
              continue;
            }
            int lo[3], hi[3];
            for (int k = 0; k < 3; k++)
              window_range(a, k, o[k], &lo[k], &hi[k]);
            double count = include ? (double)a->win[0] * a->win[1] * a->win[2]
                                   : (double)(hi[0] - lo[0]) * (hi[1] - lo[1]) * (hi[2] - lo[2]);
            for (int d = lo[0]; d < hi[0]; d++)
              for (int h = lo[1]; h < hi[1]; h++)
                for (int w = lo[2]; w < hi[2]; w++)
                  g[((int64_t)d * a->in[1] + h) * a->in[2] + w] += dy / count;
          }
      for (int d = 0; d < a->in[0]; d++)
        for (int h = 0; h < a->in[1]; h++)
          for (int w = 0; w < a->in[2]; w++) {
            float *dx = a->dx + n * a->dxs[0] + c * a->dxs[1] + d * a->dxs[2] + h * a->dxs[3] +
                        w * a->dxs[4];
            double v = g[((int64_t)d * a->in[1] + h) * a->in[2] + w];
            *dx = (float)(a->alpha * v + (a->beta != 0.0f ? (double)a->beta * *dx : 0.0));
          }
    }
  free(acc);
  return LITDNN_STATUS_SUCCESS;
}
