#line 4978 "chapters/02-tensors.nw"
#include "tensor_ops/tensor_ops.h"

const char *litdnn_ew_flat_applies(litdnnHandle_t h, const void *args)
{
  return litdnn_ew_is_flat((const litdnn_ew *)args) ? NULL : "it needs packed tensors of one layout";
}

const char *litdnn_ew_broadcast_applies(litdnnHandle_t h, const void *args)
{
  return litdnn_ew_is_broadcast((const litdnn_ew *)args, NULL)
             ? NULL
             : "it needs a packed output and inputs in its layout or one repeated vector";
}

const char *litdnn_ew_transpose_applies(litdnnHandle_t h, const void *args)
{
  return litdnn_ew_is_transpose((const litdnn_ew *)args, NULL)
             ? NULL
             : "it needs packed NCHW and NHWC tensors (a batched transpose)";
}

static const litdnn_stage elementwise_stages[] = {EW_STAGES(LITDNN_STAGE_ROW)};
static const litdnn_stage broadcast_stages[] = {EW_STAGES(LITDNN_STAGE_ROW)
                                                EW_BROADCAST_STAGES(LITDNN_STAGE_ROW)};
static const litdnn_stage transform_stages[] = {EW_STAGES(LITDNN_STAGE_ROW)
                                                EW_TRANSPOSE_STAGES(LITDNN_STAGE_ROW)};
#line 4923 "chapters/02-tensors.nw"
static int choose_elementwise(litdnnHandle_t h, const void *args)
{
  return LITDNN_PICK(h, elementwise_stages, args, EW_STAGE_VEC4, EW_STAGE_NAIVE, EW_STAGE_CPU);
}

static int choose_broadcast(litdnnHandle_t h, const void *args)
{
  const litdnn_ew *p = (const litdnn_ew *)args;
  if (litdnn_ew_is_flat(p))
    return LITDNN_PICK(h, broadcast_stages, args, EW_STAGE_VEC4, EW_STAGE_CPU);
  return LITDNN_PICK(h, broadcast_stages, args, EW_STAGE_BROADCAST, EW_STAGE_NAIVE, EW_STAGE_CPU);
}

static int choose_transform(litdnnHandle_t h, const void *args)
{
  return LITDNN_PICK(h, transform_stages, args, EW_STAGE_WIDE, EW_STAGE_VEC4, EW_STAGE_NAIVE,
              EW_STAGE_CPU);
}

#line 5006 "chapters/02-tensors.nw"
const litdnn_op_table litdnn_set_tensor_table =
    LITDNN_OP_TABLE("litdnnSetTensor", elementwise_stages, choose_elementwise);
const litdnn_op_table litdnn_scale_tensor_table =
    LITDNN_OP_TABLE("litdnnScaleTensor", elementwise_stages, choose_elementwise);
const litdnn_op_table litdnn_add_tensor_table =
    LITDNN_OP_TABLE("litdnnAddTensor", broadcast_stages, choose_broadcast);
const litdnn_op_table litdnn_op_tensor_table =
    LITDNN_OP_TABLE("litdnnOpTensor", broadcast_stages, choose_broadcast);
const litdnn_op_table litdnn_transform_tensor_table =
    LITDNN_OP_TABLE("litdnnTransformTensor", transform_stages, choose_transform);
