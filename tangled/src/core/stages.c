#line 1624 "chapters/02-tensors.nw"
#include "core/internal.h"
#include <stddef.h>
#include <string.h>

#line 1616 "chapters/02-tensors.nw"
/* one `extern const litdnn_op_table` per operation, added chapter by chapter */
#line 5021 "chapters/02-tensors.nw"
extern const litdnn_op_table litdnn_set_tensor_table, litdnn_scale_tensor_table,
    litdnn_add_tensor_table, litdnn_op_tensor_table, litdnn_transform_tensor_table;
#line 203 "chapters/03-activations.nw"
extern const litdnn_op_table litdnn_activation_forward_table;
extern const litdnn_op_table litdnn_activation_backward_table;
#line 3214 "chapters/04-matmul.nw"
extern const litdnn_op_table litdnn_matmul_table;
#line 458 "chapters/05-convolution.nw"
extern const litdnn_op_table litdnn_conv_forward_table, litdnn_conv_backward_data_table,
    litdnn_conv_backward_filter_table, litdnn_conv_backward_bias_table;
#line 130 "chapters/06-pooling.nw"
extern const litdnn_op_table litdnn_pooling_forward_table, litdnn_pooling_backward_table;
#line 103 "chapters/07-softmax.nw"
extern const litdnn_op_table litdnn_softmax_forward_table, litdnn_softmax_backward_table;
#line 151 "chapters/08-normalization.nw"
extern const litdnn_op_table litdnn_batchnorm_training_table, litdnn_batchnorm_inference_table,
    litdnn_batchnorm_backward_table;
#line 3367 "chapters/08-normalization.nw"
extern const litdnn_op_table litdnn_lrn_forward_table, litdnn_lrn_backward_table;
#line 323 "chapters/09-dropout.nw"
extern const litdnn_op_table litdnn_dropout_forward_table, litdnn_dropout_backward_table;
#line 368 "chapters/10-rnn.nw"
extern const litdnn_op_table litdnn_rnn_forward_table, litdnn_rnn_backward_data_table,
    litdnn_rnn_backward_weights_table;

#line 1630 "chapters/02-tensors.nw"
static const litdnn_op_table *const tables[LITDNN_OP_COUNT] = {
  
#line 1620 "chapters/02-tensors.nw"
/* [LITDNN_OP_...] = &its_table, added chapter by chapter */
#line 5026 "chapters/02-tensors.nw"
[LITDNN_OP_SET_TENSOR] = &litdnn_set_tensor_table,
[LITDNN_OP_SCALE_TENSOR] = &litdnn_scale_tensor_table,
[LITDNN_OP_ADD_TENSOR] = &litdnn_add_tensor_table,
[LITDNN_OP_OP_TENSOR] = &litdnn_op_tensor_table,
[LITDNN_OP_TRANSFORM_TENSOR] = &litdnn_transform_tensor_table,
#line 208 "chapters/03-activations.nw"
[LITDNN_OP_ACTIVATION_FORWARD] = &litdnn_activation_forward_table,
[LITDNN_OP_ACTIVATION_BACKWARD] = &litdnn_activation_backward_table,
#line 3218 "chapters/04-matmul.nw"
[LITDNN_OP_MATMUL] = &litdnn_matmul_table,
#line 463 "chapters/05-convolution.nw"
[LITDNN_OP_CONVOLUTION_FORWARD] = &litdnn_conv_forward_table,
[LITDNN_OP_CONVOLUTION_BACKWARD_DATA] = &litdnn_conv_backward_data_table,
[LITDNN_OP_CONVOLUTION_BACKWARD_FILTER] = &litdnn_conv_backward_filter_table,
[LITDNN_OP_CONVOLUTION_BACKWARD_BIAS] = &litdnn_conv_backward_bias_table,
#line 134 "chapters/06-pooling.nw"
[LITDNN_OP_POOLING_FORWARD] = &litdnn_pooling_forward_table,
[LITDNN_OP_POOLING_BACKWARD] = &litdnn_pooling_backward_table,
#line 107 "chapters/07-softmax.nw"
[LITDNN_OP_SOFTMAX_FORWARD] = &litdnn_softmax_forward_table,
[LITDNN_OP_SOFTMAX_BACKWARD] = &litdnn_softmax_backward_table,
#line 156 "chapters/08-normalization.nw"
[LITDNN_OP_BATCHNORM_FORWARD_TRAINING] = &litdnn_batchnorm_training_table,
[LITDNN_OP_BATCHNORM_FORWARD_INFERENCE] = &litdnn_batchnorm_inference_table,
[LITDNN_OP_BATCHNORM_BACKWARD] = &litdnn_batchnorm_backward_table,
#line 3371 "chapters/08-normalization.nw"
[LITDNN_OP_LRN_FORWARD] = &litdnn_lrn_forward_table,
[LITDNN_OP_LRN_BACKWARD] = &litdnn_lrn_backward_table,
#line 327 "chapters/09-dropout.nw"
[LITDNN_OP_DROPOUT_FORWARD] = &litdnn_dropout_forward_table,
[LITDNN_OP_DROPOUT_BACKWARD] = &litdnn_dropout_backward_table,
#line 373 "chapters/10-rnn.nw"
[LITDNN_OP_RNN_FORWARD] = &litdnn_rnn_forward_table,
[LITDNN_OP_RNN_BACKWARD_DATA] = &litdnn_rnn_backward_data_table,
[LITDNN_OP_RNN_BACKWARD_WEIGHTS] = &litdnn_rnn_backward_weights_table,
#line 1632 "chapters/02-tensors.nw"
};

const litdnn_op_table *litdnn_op(litdnnOp_t op)
{
  return (int)op >= 0 && op < LITDNN_OP_COUNT ? tables[op] : NULL;
}

#line 1645 "chapters/02-tensors.nw"
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

static litdnnStatus_t check_stage(const char *call, litdnnOp_t op, int stage)
{
  litdnnStatus_t s = check_op(call, op);
  if (s != LITDNN_STATUS_SUCCESS)
    return s;
  const litdnn_op_table *t = litdnn_op(op);
  if (stage < 0 || stage >= t->count)
    return litdnn_error(LITDNN_STATUS_BAD_PARAM_OUT_OF_BOUND, call,
                        "stage = %d, but %s has stages 0..%d", stage, t->name, t->count - 1);
  return LITDNN_STATUS_SUCCESS;
}

litdnnStatus_t litdnnGetStageCount(litdnnOp_t op, int *count)
{
  LITDNN_API_CALL("litdnnGetStageCount");
  litdnnStatus_t s = check_op(call, op);
  if (s != LITDNN_STATUS_SUCCESS)
    return s;
  LITDNN_CHECK_NULL(call, count);
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
  LITDNN_API_CALL("litdnnGetStageInfo");
  litdnnStatus_t s = check_stage(call, op, stage);
  if (s != LITDNN_STATUS_SUCCESS)
    return s;
  const litdnn_stage *st = &litdnn_op(op)->stages[stage];
  if (name)
    *name = st->name;
  if (idea)
    *idea = st->idea;
  if (backendMask)
    *backendMask = backend_mask(st);
  return LITDNN_STATUS_SUCCESS;
}

litdnnStatus_t litdnnGetStageFlags(litdnnOp_t op, int stage, unsigned *flags)
{
  LITDNN_API_CALL("litdnnGetStageFlags");
  litdnnStatus_t s = check_stage(call, op, stage);
  if (s != LITDNN_STATUS_SUCCESS)
    return s;
  LITDNN_CHECK_NULL(call, flags);
  *flags = litdnn_op(op)->stages[stage].flags;
  return LITDNN_STATUS_SUCCESS;
}

litdnnStatus_t litdnnGetStageByName(litdnnOp_t op, const char *name, int *stage)
{
  LITDNN_API_CALL("litdnnGetStageByName");
  litdnnStatus_t s = check_op(call, op);
  if (s != LITDNN_STATUS_SUCCESS)
    return s;
  LITDNN_CHECK_NULL(call, name);
  LITDNN_CHECK_NULL(call, stage);
  const litdnn_op_table *t = litdnn_op(op);
  for (int i = 0; i < t->count; i++)
    if (strcmp(t->stages[i].name, name) == 0) {
      *stage = i;
      return LITDNN_STATUS_SUCCESS;
    }
  return litdnn_error(LITDNN_STATUS_BAD_PARAM, call, "name = \"%s\" is not a stage of %s", name, t->name);
}
#line 1737 "chapters/02-tensors.nw"
litdnnStatus_t litdnnSetStage(litdnnHandle_t handle, litdnnOp_t op, int stage)
{
  LITDNN_API_CALL("litdnnSetStage");
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
  s = check_stage(call, op, stage);
  if (s != LITDNN_STATUS_SUCCESS)
    return s;
  if (!t->stages[stage].fn[handle->backend])
    return litdnn_error(LITDNN_STATUS_NOT_SUPPORTED_BACKEND, call,
                        "stage %d (%s) of %s does not run on the %s backend", stage,
                        t->stages[stage].name, t->name, litdnnGetBackendName(handle->backend));
  handle->stage[op] = stage;
  return LITDNN_STATUS_SUCCESS;
}

const char *litdnn_stage_refusal(litdnnHandle_t h, const litdnn_stage *stage, const void *args)
{
  if (!stage->fn[h->backend])
    return "it does not run on this backend";
  return stage->applies && args ? stage->applies(h, args) : NULL;
}

int litdnn_first_usable(litdnnHandle_t h, const litdnn_stage *stages, const void *args, const int *ids,
                        int n)
{
  for (int i = 0; i < n; i++)
    if (!litdnn_stage_refusal(h, &stages[ids[i]], args))
      return ids[i];
  return -1;
}

static int last_usable(litdnnHandle_t h, litdnnOp_t op, const void *args)
{
  const litdnn_op_table *t = litdnn_op(op);
  for (int s = t->count - 1; s >= 0; s--)
    if (!litdnn_stage_refusal(h, &t->stages[s], args))
      return s;
  return -1;
}

litdnnStatus_t litdnnGetStage(litdnnHandle_t handle, litdnnOp_t op, int *stage)
{
  LITDNN_API_CALL("litdnnGetStage");
  litdnnStatus_t s = litdnn_check_handle(call, handle);
  if (s == LITDNN_STATUS_SUCCESS)
    s = check_op(call, op);
  if (s != LITDNN_STATUS_SUCCESS)
    return s;
  LITDNN_CHECK_NULL(call, stage);
  *stage = handle->stage[op] != LITDNN_STAGE_AUTOMATIC ? handle->stage[op] : last_usable(handle, op, NULL);
  return LITDNN_STATUS_SUCCESS;
}

litdnnStatus_t litdnnGetLastStage(litdnnHandle_t handle, litdnnOp_t op, int *stage)
{
  LITDNN_API_CALL("litdnnGetLastStage");
  litdnnStatus_t s = litdnn_check_handle(call, handle);
  if (s == LITDNN_STATUS_SUCCESS)
    s = check_op(call, op);
  if (s != LITDNN_STATUS_SUCCESS)
    return s;
  LITDNN_CHECK_NULL(call, stage);
  *stage = handle->last_stage[op];
  return LITDNN_STATUS_SUCCESS;
}
#line 748 "chapters/02-tensors.nw"
litdnnStatus_t litdnn_run_op(litdnnHandle_t h, litdnnOp_t op, const char *call, const void *args)
{
  const litdnn_op_table *t = litdnn_op(op);
  int s = h->stage[op];
  const char *why = NULL;   /* read only where a refusal set it; the compiler cannot tell */
  if (s != LITDNN_STAGE_AUTOMATIC) {
    if ((why = litdnn_stage_refusal(h, &t->stages[s], args)) != NULL)
      return litdnn_error(LITDNN_STATUS_NOT_SUPPORTED, call,
                          "the pinned stage %d (%s) of %s does not apply: %s", s, t->stages[s].name,
                          t->name, why);
  } else if (t->choose && (s = t->choose(h, args)) >= 0) {
    if (s >= t->count || (why = litdnn_stage_refusal(h, &t->stages[s], args)) != NULL)
      return litdnn_error(LITDNN_STATUS_INTERNAL_ERROR, call,
                          "the chooser of %s picked stage %d (%s), which cannot run this problem: %s",
                          t->name, s, s < t->count ? t->stages[s].name : "none",
                          s < t->count ? why : "no such stage");
  } else if ((s = last_usable(h, op, args)) < 0) {
    return litdnn_error(LITDNN_STATUS_NOT_SUPPORTED, call,
                        "no stage of %s runs this problem on the %s backend", t->name,
                        litdnnGetBackendName(h->backend));
  }
  h->last_stage[op] = s;
  return t->stages[s].fn[h->backend](h, args);
}
