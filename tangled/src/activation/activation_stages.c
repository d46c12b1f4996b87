#line 330 "chapters/03-activations.nw"
#include "activation/activation.h"

const char *litdnn_act_forward_flat(litdnnHandle_t h, const void *args)
{
  return ((const litdnn_act_forward_args *)args)->flat ? NULL : "it needs x and y packed in one layout";
}
const char *litdnn_act_backward_flat(litdnnHandle_t h, const void *args)
{
  return ((const litdnn_act_backward_args *)args)->flat ? NULL
                                                        : "it needs y, dy, x and dx packed in one layout";
}

static const litdnn_stage forward_stages[] = {ACT_FORWARD_STAGES(LITDNN_STAGE_ROW)};
static const litdnn_stage backward_stages[] = {ACT_BACKWARD_STAGES(LITDNN_STAGE_ROW)};

const litdnn_op_table litdnn_activation_forward_table =
    LITDNN_OP_TABLE("activation forward", forward_stages, NULL);
const litdnn_op_table litdnn_activation_backward_table =
    LITDNN_OP_TABLE("activation backward", backward_stages, NULL);
