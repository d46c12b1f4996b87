#line 1053 "chapters/02-tensors.nw"
#include "core/internal.h"
#include <stddef.h>

#line 1045 "chapters/02-tensors.nw"
/* one `extern const litdnn_op_table` per operation, added chapter by chapter */
#line 2689 "chapters/02-tensors.nw"
extern const litdnn_op_table litdnn_set_tensor_table, litdnn_scale_tensor_table,
    litdnn_add_tensor_table, litdnn_op_tensor_table, litdnn_transform_tensor_table;
#line 197 "chapters/03-activations.nw"
extern const litdnn_op_table litdnn_activation_forward_table;
extern const litdnn_op_table litdnn_activation_backward_table;
#line 4821 "chapters/04-matmul.nw"
extern const litdnn_op_table litdnn_matmul_table;
#line 438 "chapters/05-convolution.nw"
extern const litdnn_op_table litdnn_conv_forward_table, litdnn_conv_backward_data_table,
    litdnn_conv_backward_filter_table, litdnn_conv_backward_bias_table;
#line 125 "chapters/06-pooling.nw"
extern const litdnn_op_table litdnn_pooling_forward_table, litdnn_pooling_backward_table;
#line 98 "chapters/07-softmax.nw"
extern const litdnn_op_table litdnn_softmax_forward_table, litdnn_softmax_backward_table;
#line 151 "chapters/08-normalization.nw"
extern const litdnn_op_table litdnn_batchnorm_training_table, litdnn_batchnorm_inference_table,
    litdnn_batchnorm_backward_table;
#line 3235 "chapters/08-normalization.nw"
extern const litdnn_op_table litdnn_lrn_forward_table, litdnn_lrn_backward_table;
#line 262 "chapters/09-dropout.nw"
extern const litdnn_op_table litdnn_dropout_forward_table, litdnn_dropout_backward_table;

#line 1058 "chapters/02-tensors.nw"
static const litdnn_op_table *const tables[LITDNN_OP_COUNT] = {
  
#line 1049 "chapters/02-tensors.nw"
/* [LITDNN_OP_...] = &its_table, added chapter by chapter */
#line 2694 "chapters/02-tensors.nw"
[LITDNN_OP_SET_TENSOR] = &litdnn_set_tensor_table,
[LITDNN_OP_SCALE_TENSOR] = &litdnn_scale_tensor_table,
[LITDNN_OP_ADD_TENSOR] = &litdnn_add_tensor_table,
[LITDNN_OP_OP_TENSOR] = &litdnn_op_tensor_table,
[LITDNN_OP_TRANSFORM_TENSOR] = &litdnn_transform_tensor_table,
#line 202 "chapters/03-activations.nw"
[LITDNN_OP_ACTIVATION_FORWARD] = &litdnn_activation_forward_table,
[LITDNN_OP_ACTIVATION_BACKWARD] = &litdnn_activation_backward_table,
#line 4825 "chapters/04-matmul.nw"
[LITDNN_OP_MATMUL] = &litdnn_matmul_table,
#line 443 "chapters/05-convolution.nw"
[LITDNN_OP_CONVOLUTION_FORWARD] = &litdnn_conv_forward_table,
[LITDNN_OP_CONVOLUTION_BACKWARD_DATA] = &litdnn_conv_backward_data_table,
[LITDNN_OP_CONVOLUTION_BACKWARD_FILTER] = &litdnn_conv_backward_filter_table,
[LITDNN_OP_CONVOLUTION_BACKWARD_BIAS] = &litdnn_conv_backward_bias_table,
#line 129 "chapters/06-pooling.nw"
[LITDNN_OP_POOLING_FORWARD] = &litdnn_pooling_forward_table,
[LITDNN_OP_POOLING_BACKWARD] = &litdnn_pooling_backward_table,
#line 102 "chapters/07-softmax.nw"
[LITDNN_OP_SOFTMAX_FORWARD] = &litdnn_softmax_forward_table,
[LITDNN_OP_SOFTMAX_BACKWARD] = &litdnn_softmax_backward_table,
#line 156 "chapters/08-normalization.nw"
[LITDNN_OP_BATCHNORM_FORWARD_TRAINING] = &litdnn_batchnorm_training_table,
[LITDNN_OP_BATCHNORM_FORWARD_INFERENCE] = &litdnn_batchnorm_inference_table,
[LITDNN_OP_BATCHNORM_BACKWARD] = &litdnn_batchnorm_backward_table,
#line 3239 "chapters/08-normalization.nw"
[LITDNN_OP_LRN_FORWARD] = &litdnn_lrn_forward_table,
[LITDNN_OP_LRN_BACKWARD] = &litdnn_lrn_backward_table,
#line 266 "chapters/09-dropout.nw"
[LITDNN_OP_DROPOUT_FORWARD] = &litdnn_dropout_forward_table,
[LITDNN_OP_DROPOUT_BACKWARD] = &litdnn_dropout_backward_table,
#line 1060 "chapters/02-tensors.nw"
};

const litdnn_op_table *litdnn_op(litdnnOp_t op)
{
  return (int)op >= 0 && op < LITDNN_OP_COUNT ? tables[op] : NULL;
}

#line 1073 "chapters/02-tensors.nw"
const char *litdnnGetOpName(litdnnOp_t op)
{
  return litdnn_op(op) ? litdnn_op(op)->name : "unknown";
}

static litdnnStatus_t check_op(const char *call, litdnnOp_t op)
{
  if (!litdnn_op(op))
    return litdnn_error(LITDNN_STATUS_BAD_PARAM_OUT_OF_BOUND, call, "op = %d is not a litdnnOp_t",
                        (int)op);
  return LITDNN_STATUS_SUCCESS;
}

litdnnStatus_t litdnnGetStageCount(litdnnOp_t op, int *count)
{
  litdnnStatus_t s = check_op("litdnnGetStageCount", op);
  if (s != LITDNN_STATUS_SUCCESS)
    return s;
  LITDNN_CHECK_NULL("litdnnGetStageCount", count);
  *count = litdnn_op(op)->count;
  return LITDNN_STATUS_SUCCESS;
}

static unsigned backend_mask(const litdnn_stage *stage)
{
  unsigned mask = 0;
  for (int b = 0; b < LITDNN_BACKEND_COUNT; b++)
    if (stage->fn[b])
      mask |= LITDNN_BACKEND_BIT(b);
  return mask;
}

litdnnStatus_t litdnnGetStageInfo(litdnnOp_t op, int stage, const char **name, const char **idea,
                                  unsigned *backendMask)
{
  static const char call[] = "litdnnGetStageInfo";
  litdnnStatus_t s = check_op(call, op);
  if (s != LITDNN_STATUS_SUCCESS)
    return s;
  const litdnn_op_table *t = litdnn_op(op);
  if (stage < 0 || stage >= t->count)
    return litdnn_error(LITDNN_STATUS_BAD_PARAM_OUT_OF_BOUND, call,
                        "stage = %d, but %s has stages 0..%d", stage, t->name, t->count - 1);
  if (name)
    *name = t->stages[stage].name;
  if (idea)
    *idea = t->stages[stage].idea;
  if (backendMask)
    *backendMask = backend_mask(&t->stages[stage]);
  return LITDNN_STATUS_SUCCESS;
}
#line 1131 "chapters/02-tensors.nw"
litdnnStatus_t litdnnSetStage(litdnnHandle_t handle, litdnnOp_t op, int stage)
{
  static const char call[] = "litdnnSetStage";
  litdnnStatus_t s = litdnn_check_handle(call, handle);
  if (s == LITDNN_STATUS_SUCCESS)
    s = check_op(call, op);
  if (s != LITDNN_STATUS_SUCCESS)
    return s;
  const litdnn_op_table *t = litdnn_op(op);
  if (stage == LITDNN_STAGE_AUTOMATIC) {
    handle->stage[op] = stage;
    return LITDNN_STATUS_SUCCESS;
  }
  if (stage < 0 || stage >= t->count)
    return litdnn_error(LITDNN_STATUS_BAD_PARAM_OUT_OF_BOUND, call,
                        "stage = %d, but %s has stages 0..%d", stage, t->name, t->count - 1);
  if (!t->stages[stage].fn[handle->backend])
    return litdnn_error(LITDNN_STATUS_NOT_SUPPORTED_BACKEND, call,
                        "stage %d (%s) of %s does not run on the %s backend", stage,
                        t->stages[stage].name, t->name, litdnnGetBackendName(handle->backend));
  handle->stage[op] = stage;
  return LITDNN_STATUS_SUCCESS;
}

static int chosen_stage(litdnnHandle_t h, const litdnn_op_table *t, litdnnOp_t op, const void *args)
{
  if (h->stage[op] != LITDNN_STAGE_AUTOMATIC)
    return h->stage[op];
  int s = (t->choose && args) ? t->choose(h, args) : -1;
  if (s >= 0 && s < t->count && t->stages[s].fn[h->backend])
    return s;
  for (s = t->count - 1; s >= 0; s--)
    if (t->stages[s].fn[h->backend])
      return s;
  return -1;
}

litdnnStatus_t litdnnGetStage(litdnnHandle_t handle, litdnnOp_t op, int *stage)
{
  static const char call[] = "litdnnGetStage";
  litdnnStatus_t s = litdnn_check_handle(call, handle);
  if (s == LITDNN_STATUS_SUCCESS)
    s = check_op(call, op);
  if (s != LITDNN_STATUS_SUCCESS)
    return s;
  LITDNN_CHECK_NULL(call, stage);
  *stage = chosen_stage(handle, litdnn_op(op), op, NULL);
  return LITDNN_STATUS_SUCCESS;
}

litdnnStatus_t litdnnGetLastStage(litdnnHandle_t handle, litdnnOp_t op, int *stage)
{
  static const char call[] = "litdnnGetLastStage";
  litdnnStatus_t s = litdnn_check_handle(call, handle);
  if (s == LITDNN_STATUS_SUCCESS)
    s = check_op(call, op);
  if (s != LITDNN_STATUS_SUCCESS)
    return s;
  LITDNN_CHECK_NULL(call, stage);
  *stage = handle->last_stage[op];
  return LITDNN_STATUS_SUCCESS;
}
#line 1200 "chapters/02-tensors.nw"
litdnnStatus_t litdnn_run_op(litdnnHandle_t h, litdnnOp_t op, const char *call, const void *args)
{
  const litdnn_op_table *t = litdnn_op(op);
  int s = chosen_stage(h, t, op, args);
  if (s < 0)
    return litdnn_error(LITDNN_STATUS_NOT_SUPPORTED_BACKEND, call,
                        "no stage of %s runs on the %s backend", t->name,
                        litdnnGetBackendName(h->backend));
  h->last_stage[op] = s;
  return t->stages[s].fn[h->backend](h, args);
}
