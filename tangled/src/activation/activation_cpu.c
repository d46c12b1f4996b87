#line 369 "chapters/03-activations.nw"
#include "activation/activation.h"
#include <math.h>

#define LITDNN_ACT_FN static
#include "activation/activation_element.h"
#line 496 "chapters/03-activations.nw"
litdnnStatus_t litdnn_act_forward_cpu(litdnnHandle_t h, const void *args)
{
  const litdnn_act_forward_args *a = args;
  for (int64_t i = 0; i < a->n; i++) {
    int64_t off[2];
    act_offsets_of(&a->layout, 2, i, off);
    float value = a->alpha * act_forward_one(a->mode, a->propagate_nan, a->coef, a->x[off[0]]);
    if (a->beta != 0.0f)
      value += a->beta * a->y[off[1]];
    a->y[off[1]] = value;
  }
  return LITDNN_STATUS_SUCCESS;
}

litdnnStatus_t litdnn_act_backward_cpu(litdnnHandle_t h, const void *args)
{
  const litdnn_act_backward_args *a = args;
  for (int64_t i = 0; i < a->n; i++) {
    int64_t off[4];
    act_offsets_of(&a->layout, 4, i, off);
    float y = LITDNN_ACT_READS_Y(a->mode) ? a->y[off[0]] : 0.0f;
    float x = LITDNN_ACT_READS_X(a->mode) ? a->x[off[2]] : 0.0f;
    float value = a->alpha * act_backward_one(a->mode, a->propagate_nan, a->coef, y, x, a->dy[off[1]]);
    if (a->beta != 0.0f)
      value += a->beta * a->dx[off[3]];
    a->dx[off[3]] = value;
  }
  return LITDNN_STATUS_SUCCESS;
}
