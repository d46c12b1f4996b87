#line 309 "chapters/07-softmax.nw"
#include "softmax/softmax.h"
#include <math.h>

litdnnStatus_t litdnn_softmax_cpu(litdnnHandle_t handle, const void *args)
{
  const litdnn_softmax_args *a = (const litdnn_softmax_args *)args;
  for (int64_t r = 0; r < a->rows; r++) {
    double m = 0, s = 0;
    if (!a->backward) {
      if (a->algo != LITDNN_SOFTMAX_FAST) {
        m = -INFINITY;
        for (int64_t j = 0; j < a->len; j++) {
          double v = a->x[LITDNN_SOFTMAX_OFFSET(a, a->xs, r, j)];
          m = v > m || isnan(v) ? v : m;
        }
      }
      for (int64_t j = 0; j < a->len; j++)
        s += exp(a->x[LITDNN_SOFTMAX_OFFSET(a, a->xs, r, j)] - m);
    } else {
      for (int64_t j = 0; j < a->len; j++) {
        double dy = a->dy[LITDNN_SOFTMAX_OFFSET(a, a->dys, r, j)];
        s += a->algo == LITDNN_SOFTMAX_LOG ? dy : dy * a->x[LITDNN_SOFTMAX_OFFSET(a, a->xs, r, j)];
      }
    }
    for (int64_t j = 0; j < a->len; j++) {
      double v = a->x[LITDNN_SOFTMAX_OFFSET(a, a->xs, r, j)], out;
      if (!a->backward)
        out = a->algo == LITDNN_SOFTMAX_LOG ? (v - m) - log(s) : exp(v - m) / s;
      else {
        double dy = a->dy[LITDNN_SOFTMAX_OFFSET(a, a->dys, r, j)];
        out = a->algo == LITDNN_SOFTMAX_LOG ? dy - exp(v) * s : v * (dy - s);
      }
      float *o = a->out + LITDNN_SOFTMAX_OFFSET(a, a->os, r, j);
      *o = (float)(a->alpha * out + (a->beta != 0.0f ? (double)a->beta * *o : 0.0));
    }
  }
  return LITDNN_STATUS_SUCCESS;
}
