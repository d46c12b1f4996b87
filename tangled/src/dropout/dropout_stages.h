#ifndef LITDNN_DROPOUT_STAGES_H
#define LITDNN_DROPOUT_STAGES_H
#include "core/internal.h"
litdnnStatus_t litdnn_dropout_forward_cpu(litdnnHandle_t h, const void *args);
litdnnStatus_t litdnn_dropout_backward_cpu(litdnnHandle_t h, const void *args);
LITDNN_DECLARE_GPU_FN(litdnn_dropout_forward_naive);
LITDNN_DECLARE_GPU_FN(litdnn_dropout_backward_naive);
LITDNN_DECLARE_GPU_FN(litdnn_dropout_forward_vec4);
LITDNN_DECLARE_GPU_FN(litdnn_dropout_backward_vec4);
#endif
