#line 4196 "chapters/02-tensors.nw"
#include "tensor_ops/tensor_ops.h"
#include <math.h>

static float ew_apply_cpu(int fn, int propagate_nan, float x, float y)
{
  switch (fn) {
  case LITDNN_EW_ADD: return x + y;
  case LITDNN_EW_MUL: return x * y;
  case LITDNN_EW_MIN:
    if (propagate_nan && (isnan(x) || isnan(y)))
      return NAN;
    return fminf(x, y);
  case LITDNN_EW_MAX:
    if (propagate_nan && (isnan(x) || isnan(y)))
      return NAN;
    return fmaxf(x, y);
  case LITDNN_EW_SQRT: return sqrtf(x);
  case LITDNN_EW_NOT: return 1.0f - x;
  default: return x;  /* CONST and COPY */
  }
}

void litdnn_ew_cpu_loop(const litdnn_ew *p)
{
  int64_t idx[LITDNN_DIM_MAX] = {0};
  int64_t co = 0, ao = 0, bo = 0;
  int last = p->nbDims - 1;
  for (int64_t i = 0; i < p->count; i++) {
    float x = LITDNN_EW_READS_A(p->fn) ? p->alpha1 * p->a[ao] : p->alpha1;
    float y = LITDNN_EW_READS_B(p->fn) ? p->alpha2 * p->b[bo] : 0.0f;
    float r = ew_apply_cpu(p->fn, p->propagate_nan, x, y);
    if (p->beta != 0.0f)            /* beta == 0: c is not read */
      r += p->beta * p->c[co];
    p->c[co] = r;
    for (int d = last; d >= 0; d--) {  /* advance the odometer */
      co += p->cs[d];
      ao += p->as[d];
      bo += p->bs[d];
      if (++idx[d] < p->dims[d])
        break;
      co -= p->dims[d] * p->cs[d];
      ao -= p->dims[d] * p->as[d];
      bo -= p->dims[d] * p->bs[d];
      idx[d] = 0;
    }
  }
}

litdnnStatus_t litdnn_ew_cpu(litdnnHandle_t h, const void *args)
{
  litdnn_ew_cpu_loop((const litdnn_ew *)args);
  return LITDNN_STATUS_SUCCESS;
}
