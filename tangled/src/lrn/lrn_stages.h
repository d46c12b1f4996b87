#ifndef LITDNN_LRN_STAGES_H
#define LITDNN_LRN_STAGES_H
#include "core/internal.h"
litdnnStatus_t litdnn_lrn_forward_cpu(litdnnHandle_t h, const void *args);
litdnnStatus_t litdnn_lrn_backward_cpu(litdnnHandle_t h, const void *args);
LITDNN_DECLARE_GPU_FN(litdnn_lrn_forward_naive);
LITDNN_DECLARE_GPU_FN(litdnn_lrn_backward_naive);
LITDNN_DECLARE_GPU_FN(litdnn_lrn_forward_sliding);
LITDNN_DECLARE_GPU_FN(litdnn_lrn_backward_sliding);
LITDNN_DECLARE_GPU_FN(litdnn_lrn_forward_warp);
LITDNN_DECLARE_GPU_FN(litdnn_lrn_backward_warp);
LITDNN_DECLARE_GPU_FN(litdnn_lrn_forward_staged);
LITDNN_DECLARE_GPU_FN(litdnn_lrn_backward_staged);
LITDNN_DECLARE_GPU_FN(litdnn_lrn_backward_regs);
LITDNN_DECLARE_GPU_FN(litdnn_lrn_forward_regs);
LITDNN_DECLARE_GPU_FN(litdnn_lrn_backward_pixel);
LITDNN_DECLARE_GPU_FN(litdnn_lrn_backward_pixel_ahead);
#endif
