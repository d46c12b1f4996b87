#line 2806 "chapters/08-normalization.nw"
#include "batchnorm/batchnorm.h"
#include "batchnorm/batchnorm_stages.h"

#line 2668 "chapters/08-normalization.nw"
static const char planes_needed[] = "it needs spatial mode on packed NCHW tensors (planes)";

static const char *tiles_applies(const void *args, int backward)
{
  return litdnn_batchnorm_layout((const litdnn_batchnorm_args *)args, backward) != LITDNN_BN_GENERAL
             ? NULL
             : "it needs packed tensors of one layout: NCHW or NHWC in spatial mode, NCHW per activation";
}

static const char *planes_applies(const void *args, int backward)
{
  return litdnn_batchnorm_layout((const litdnn_batchnorm_args *)args, backward) == LITDNN_BN_PLANES
             ? NULL
             : planes_needed;
}

static const char *regs_applies(const void *args, int backward)
{
  const litdnn_batchnorm_args *a = (const litdnn_batchnorm_args *)args;
  if (litdnn_batchnorm_layout(a, backward) != LITDNN_BN_PLANES)
    return planes_needed;
  return litdnn_batchnorm_regs_threads(a, backward)
             ? NULL
             : "it needs channels that a block of 1024 threads holds in registers, in a tensor of "
               "fewer than 2^31 units";
}

static const char *litdnn_batchnorm_tiles_applies(litdnnHandle_t h, const void *args)
{
  return tiles_applies(args, 0);
}
static const char *litdnn_batchnorm_planes_applies(litdnnHandle_t h, const void *args)
{
  return planes_applies(args, 0);
}
static const char *litdnn_batchnorm_regs_applies(litdnnHandle_t h, const void *args)
{
  return regs_applies(args, 0);
}
static const char *litdnn_batchnorm_backward_tiles_applies(litdnnHandle_t h, const void *args)
{
  return tiles_applies(args, 1);
}
static const char *litdnn_batchnorm_backward_planes_applies(litdnnHandle_t h, const void *args)
{
  return planes_applies(args, 1);
}
static const char *litdnn_batchnorm_backward_regs_applies(litdnnHandle_t h, const void *args)
{
  return regs_applies(args, 1);
}

#line 2811 "chapters/08-normalization.nw"
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
  if (litdnn_batchnorm_regs_fits(a, layout, 0))
    return BATCHNORM_TRAINING_REGS;
  /* and where the split tiles' stage ran the one-launch kernel itself (with 256 threads, as
     batchnorm_one_launch_block gives them to the 131 072 or more channels that reach this
     test: with fewer, the register stage holds these channels) */
  if (litdnn_batchnorm_one_launch_fits(a, layout, 0) ||
      (layout == LITDNN_BN_PLANES && litdnn_batchnorm_features(a) >= LITDNN_BN_FUSED_MIN_C &&
       litdnn_batchnorm_per_feature(a) <= LITDNN_BN_FUSED_MAX_M))
    return BATCHNORM_TRAINING_ONE_LAUNCH;
  return BATCHNORM_TRAINING_TILES;
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
  if (litdnn_batchnorm_regs_fits(a, layout, 1))
    return BATCHNORM_BACKWARD_REGS;
  if (litdnn_batchnorm_one_launch_fits(a, layout, 1))
    return BATCHNORM_BACKWARD_ONE_LAUNCH;
  return BATCHNORM_BACKWARD_TILES;
}

const litdnn_op_table litdnn_batchnorm_training_table =
    LITDNN_OP_TABLE("batch-norm forward training", training_stages, choose_training);
const litdnn_op_table litdnn_batchnorm_inference_table =
    LITDNN_OP_TABLE("batch-norm forward inference", inference_stages, choose_inference);
const litdnn_op_table litdnn_batchnorm_backward_table =
    LITDNN_OP_TABLE("batch-norm backward", backward_stages, choose_backward);
