#line 2686 "chapters/08-normalization.nw"
#include "batchnorm/batchnorm.h"
#include "batchnorm/batchnorm_stages.h"

static const litdnn_stage training_stages[] = {
  LITDNN_CPU_STAGE("cpu reference", "two passes in double precision", litdnn_batchnorm_training_cpu),
  LITDNN_GPU_STAGE("thread per feature", "one thread runs Welford over a feature", litdnn_batchnorm_training_naive),
  LITDNN_GPU_STAGE("block per feature", "a block per feature, Welford merged in a tree", litdnn_batchnorm_training_block),
  LITDNN_GPU_STAGE("split tiles", "float4 tiles on every SM, partials merged, reversed second pass",
                   litdnn_batchnorm_training_tiles),
  LITDNN_GPU_STAGE("one launch per channel", "a block of up to 1024 threads per channel, statistics and y",
                   litdnn_batchnorm_training_one_launch),
  LITDNN_GPU_STAGE("channel in registers", "x read once into a block's registers, two-pass statistics",
                   litdnn_batchnorm_training_regs),
};
static const litdnn_stage inference_stages[] = {
  LITDNN_CPU_STAGE("cpu reference", "the definition in double precision", litdnn_batchnorm_inference_cpu),
  LITDNN_GPU_STAGE("thread per element", "one thread per element, all addresses computed", litdnn_batchnorm_inference_naive),
  LITDNN_GPU_STAGE("vectorized tiles", "per-feature affine map hoisted, float4 streams", litdnn_batchnorm_inference_tiles),
  LITDNN_GPU_STAGE("one launch", "each block computes its channel's coefficients; no second kernel",
                   litdnn_batchnorm_inference_one_launch),
};
static const litdnn_stage backward_stages[] = {
  LITDNN_CPU_STAGE("cpu reference", "two sums per feature in double precision", litdnn_batchnorm_backward_cpu),
  LITDNN_GPU_STAGE("thread per feature", "one thread sums a feature, then writes its dx", litdnn_batchnorm_backward_naive),
  LITDNN_GPU_STAGE("block per feature", "a block per feature, sums merged in a tree", litdnn_batchnorm_backward_block),
  LITDNN_GPU_STAGE("split tiles", "float4 tiles, partial sums merged, dx as one affine map",
                   litdnn_batchnorm_backward_tiles),
  LITDNN_GPU_STAGE("one launch per channel", "a block per channel: both sums, then dx, data on chip",
                   litdnn_batchnorm_backward_one_launch),
  LITDNN_GPU_STAGE("channel in registers", "x and dy read once into a block's registers",
                   litdnn_batchnorm_backward_regs),
};

static int choose_training(litdnnHandle_t h, const void *args)
{
  const litdnn_batchnorm_args *a = (const litdnn_batchnorm_args *)args;
  int layout = litdnn_batchnorm_layout(a, 0);
  if (layout == LITDNN_BN_GENERAL)
    return 2;
  return litdnn_batchnorm_regs_fits(a, layout, 0) ? 5 : litdnn_batchnorm_one_launch_fits(a, layout, 0) ? 4 : 3;
}
static int choose_inference(litdnnHandle_t h, const void *args)
{
  int layout = litdnn_batchnorm_layout((const litdnn_batchnorm_args *)args, 0);
  return layout == LITDNN_BN_GENERAL ? 1 : layout == LITDNN_BN_PLANES ? 3 : 2;
}
static int choose_backward(litdnnHandle_t h, const void *args)
{
  const litdnn_batchnorm_args *a = (const litdnn_batchnorm_args *)args;
  int layout = litdnn_batchnorm_layout(a, 1);
  if (layout == LITDNN_BN_GENERAL)
    return 2;
  return litdnn_batchnorm_regs_fits(a, layout, 1) ? 5 : litdnn_batchnorm_one_launch_fits(a, layout, 1) ? 4 : 3;
}

const litdnn_op_table litdnn_batchnorm_training_table = {
  "batch-norm forward training", training_stages,
  (int)(sizeof training_stages / sizeof training_stages[0]), choose_training};
const litdnn_op_table litdnn_batchnorm_inference_table = {
  "batch-norm forward inference", inference_stages,
  (int)(sizeof inference_stages / sizeof inference_stages[0]), choose_inference};
const litdnn_op_table litdnn_batchnorm_backward_table = {
  "batch-norm backward", backward_stages,
  (int)(sizeof backward_stages / sizeof backward_stages[0]), choose_backward};
