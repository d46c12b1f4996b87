#line 2722 "chapters/08-normalization.nw"
#include "batchnorm/batchnorm.h"
#include "batchnorm/batchnorm_stages.h"

static const litdnn_stage training_stages[] = {BATCHNORM_TRAINING_STAGES(LITDNN_STAGE_ROW)};
static const litdnn_stage inference_stages[] = {BATCHNORM_INFERENCE_STAGES(LITDNN_STAGE_ROW)};
static const litdnn_stage backward_stages[] = {BATCHNORM_BACKWARD_STAGES(LITDNN_STAGE_ROW)};

static int choose_training(litdnnHandle_t h, const void *args)
{
  const litdnn_batchnorm_args *a = (const litdnn_batchnorm_args *)args;
  int layout = litdnn_batchnorm_layout(a, 0);
  if (litdnn_backend(h) == LITDNN_BACKEND_CPU)
    return BATCHNORM_TRAINING_CPU;
  if (layout == LITDNN_BN_GENERAL)
    return BATCHNORM_TRAINING_BLOCK;
  return litdnn_batchnorm_regs_fits(a, layout, 0)         ? BATCHNORM_TRAINING_REGS
         : litdnn_batchnorm_one_launch_fits(a, layout, 0) ? BATCHNORM_TRAINING_ONE_LAUNCH
                                                          : BATCHNORM_TRAINING_TILES;
}
static int choose_inference(litdnnHandle_t h, const void *args)
{
  int layout = litdnn_batchnorm_layout((const litdnn_batchnorm_args *)args, 0);
  if (litdnn_backend(h) == LITDNN_BACKEND_CPU)
    return BATCHNORM_INFERENCE_CPU;
  return layout == LITDNN_BN_GENERAL  ? BATCHNORM_INFERENCE_THREAD
         : layout == LITDNN_BN_PLANES ? BATCHNORM_INFERENCE_ONE_LAUNCH
                                      : BATCHNORM_INFERENCE_TILES;
}
static int choose_backward(litdnnHandle_t h, const void *args)
{
  const litdnn_batchnorm_args *a = (const litdnn_batchnorm_args *)args;
  int layout = litdnn_batchnorm_layout(a, 1);
  if (litdnn_backend(h) == LITDNN_BACKEND_CPU)
    return BATCHNORM_BACKWARD_CPU;
  if (layout == LITDNN_BN_GENERAL)
    return BATCHNORM_BACKWARD_BLOCK;
  return litdnn_batchnorm_regs_fits(a, layout, 1)         ? BATCHNORM_BACKWARD_REGS
         : litdnn_batchnorm_one_launch_fits(a, layout, 1) ? BATCHNORM_BACKWARD_ONE_LAUNCH
                                                          : BATCHNORM_BACKWARD_TILES;
}

const litdnn_op_table litdnn_batchnorm_training_table =
    LITDNN_OP_TABLE("batch-norm forward training", training_stages, choose_training);
const litdnn_op_table litdnn_batchnorm_inference_table =
    LITDNN_OP_TABLE("batch-norm forward inference", inference_stages, choose_inference);
const litdnn_op_table litdnn_batchnorm_backward_table =
    LITDNN_OP_TABLE("batch-norm backward", backward_stages, choose_backward);
