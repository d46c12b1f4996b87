#line 619 "chapters/09-dropout.nw"
#include "dropout/dropout.h"
#include "dropout/dropout_stages.h"

static const litdnn_stage forward_stages[] = {DROPOUT_FORWARD_STAGES(LITDNN_STAGE_ROW)};
static const litdnn_stage backward_stages[] = {DROPOUT_BACKWARD_STAGES(LITDNN_STAGE_ROW)};

static int choose_forward(litdnnHandle_t h, const void *args)
{
  return LITDNN_PICK(h, forward_stages, args, DROPOUT_FORWARD_STAGE_VEC4, DROPOUT_FORWARD_STAGE_CPU);
}
static int choose_backward(litdnnHandle_t h, const void *args)
{
  return LITDNN_PICK(h, backward_stages, args, DROPOUT_BACKWARD_STAGE_VEC4, DROPOUT_BACKWARD_STAGE_CPU);
}

const litdnn_op_table litdnn_dropout_forward_table =
    LITDNN_OP_TABLE("dropout forward", forward_stages, choose_forward);
const litdnn_op_table litdnn_dropout_backward_table =
    LITDNN_OP_TABLE("dropout backward", backward_stages, choose_backward);
