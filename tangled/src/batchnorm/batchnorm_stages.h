#ifndef LITDNN_BATCHNORM_STAGES_H
#define LITDNN_BATCHNORM_STAGES_H
#include "core/internal.h"
#define BATCHNORM_TRAINING_STAGES(S)                                                              \
  S(BATCHNORM_TRAINING_CPU, "cpu reference", "two passes in double precision", CPU,               \
    litdnn_batchnorm_training_cpu, NULL, DET)                                                     \
  S(BATCHNORM_TRAINING_THREAD, "thread per feature", "one thread runs Welford over a feature",    \
    GPU, litdnn_batchnorm_training_naive, NULL, DET)                                              \
  S(BATCHNORM_TRAINING_BLOCK, "block per feature",                                                \
    "a block per feature, Welford merged in a tree", GPU, litdnn_batchnorm_training_block, NULL,  \
    DET)                                                                                          \
  S(BATCHNORM_TRAINING_TILES, "split tiles",                                                      \
    "float4 tiles on every SM, partials merged, reversed second pass", GPU,                       \
    litdnn_batchnorm_training_tiles, litdnn_batchnorm_tiles_applies, DET)                         \
  S(BATCHNORM_TRAINING_ONE_LAUNCH, "one launch per channel",                                      \
    "a block of up to 1024 threads per channel, statistics and y", GPU,                           \
    litdnn_batchnorm_training_one_launch, litdnn_batchnorm_planes_applies, DET)                   \
  S(BATCHNORM_TRAINING_REGS, "channel in registers",                                              \
    "x read once into a block's registers, two-pass statistics", GPU,                             \
    litdnn_batchnorm_training_regs, litdnn_batchnorm_regs_applies, DET)
#define BATCHNORM_INFERENCE_STAGES(S)                                                             \
  S(BATCHNORM_INFERENCE_CPU, "cpu reference", "the definition in double precision", CPU,          \
    litdnn_batchnorm_inference_cpu, NULL, DET)                                                    \
  S(BATCHNORM_INFERENCE_THREAD, "thread per element",                                             \
    "one thread per element, all addresses computed", GPU, litdnn_batchnorm_inference_naive,      \
    NULL, DET)                                                                                    \
  S(BATCHNORM_INFERENCE_TILES, "vectorized tiles",                                                \
    "per-feature affine map hoisted, float4 streams", GPU, litdnn_batchnorm_inference_tiles,      \
    litdnn_batchnorm_tiles_applies, DET)                                                          \
  S(BATCHNORM_INFERENCE_ONE_LAUNCH, "one launch",                                                 \
    "each block computes its channel's coefficients; no second kernel", GPU,                      \
    litdnn_batchnorm_inference_one_launch, litdnn_batchnorm_planes_applies, DET)
#define BATCHNORM_BACKWARD_STAGES(S)                                                              \
  S(BATCHNORM_BACKWARD_CPU, "cpu reference", "two sums per feature in double precision", CPU,     \
    litdnn_batchnorm_backward_cpu, NULL, DET)                                                     \
  S(BATCHNORM_BACKWARD_THREAD, "thread per feature",                                              \
    "one thread sums a feature, then writes its dx", GPU, litdnn_batchnorm_backward_naive, NULL,  \
    DET)                                                                                          \
  S(BATCHNORM_BACKWARD_BLOCK, "block per feature", "a block per feature, sums merged in a tree",  \
    GPU, litdnn_batchnorm_backward_block, NULL, DET)                                              \
  S(BATCHNORM_BACKWARD_TILES, "split tiles",                                                      \
    "float4 tiles, partial sums merged, dx as one affine map", GPU,                               \
    litdnn_batchnorm_backward_tiles, litdnn_batchnorm_backward_tiles_applies, DET)                \
  S(BATCHNORM_BACKWARD_ONE_LAUNCH, "one launch per channel",                                      \
    "a block per channel: both sums, then dx, data on chip", GPU,                                 \
    litdnn_batchnorm_backward_one_launch, litdnn_batchnorm_backward_planes_applies, DET)          \
  S(BATCHNORM_BACKWARD_REGS, "channel in registers",                                              \
    "x and dy read once into a block's registers", GPU, litdnn_batchnorm_backward_regs,           \
    litdnn_batchnorm_backward_regs_applies, DET)
enum { BATCHNORM_TRAINING_STAGES(LITDNN_STAGE_ID) };
enum { BATCHNORM_INFERENCE_STAGES(LITDNN_STAGE_ID) };
enum { BATCHNORM_BACKWARD_STAGES(LITDNN_STAGE_ID) };
BATCHNORM_TRAINING_STAGES(LITDNN_STAGE_DECLARE)
BATCHNORM_INFERENCE_STAGES(LITDNN_STAGE_DECLARE)
BATCHNORM_BACKWARD_STAGES(LITDNN_STAGE_DECLARE)
#endif
