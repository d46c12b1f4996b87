#ifndef LITDNN_BN_STAGES_H
#define LITDNN_BN_STAGES_H
#include "core/internal.h"
litdnnStatus_t litdnn_bn_training_cpu(litdnnHandle_t h, const void *args);
litdnnStatus_t litdnn_bn_inference_cpu(litdnnHandle_t h, const void *args);
litdnnStatus_t litdnn_bn_backward_cpu(litdnnHandle_t h, const void *args);
LITDNN_DECLARE_GPU_FN(litdnn_bn_training_naive);
LITDNN_DECLARE_GPU_FN(litdnn_bn_training_block);
LITDNN_DECLARE_GPU_FN(litdnn_bn_training_tiles);
LITDNN_DECLARE_GPU_FN(litdnn_bn_inference_naive);
LITDNN_DECLARE_GPU_FN(litdnn_bn_inference_tiles);
LITDNN_DECLARE_GPU_FN(litdnn_bn_inference_one_launch);
LITDNN_DECLARE_GPU_FN(litdnn_bn_backward_naive);
LITDNN_DECLARE_GPU_FN(litdnn_bn_backward_block);
LITDNN_DECLARE_GPU_FN(litdnn_bn_backward_tiles);
LITDNN_DECLARE_GPU_FN(litdnn_bn_training_one_launch);
LITDNN_DECLARE_GPU_FN(litdnn_bn_backward_one_launch);
LITDNN_DECLARE_GPU_FN(litdnn_bn_training_regs);
LITDNN_DECLARE_GPU_FN(litdnn_bn_backward_regs);
#endif
