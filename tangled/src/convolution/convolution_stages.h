#ifndef LITDNN_CONVOLUTION_STAGES_H
#define LITDNN_CONVOLUTION_STAGES_H
#include "core/internal.h"
#ifdef __cplusplus
extern "C" {
#endif
litdnnStatus_t litdnn_conv_forward_cpu(litdnnHandle_t h, const void *args);
litdnnStatus_t litdnn_conv_backward_data_cpu(litdnnHandle_t h, const void *args);
litdnnStatus_t litdnn_conv_backward_filter_cpu(litdnnHandle_t h, const void *args);
litdnnStatus_t litdnn_conv_backward_bias_cpu(litdnnHandle_t h, const void *args);
#ifdef __cplusplus
}
#endif
LITDNN_DECLARE_GPU_FN(litdnn_conv_fwd_direct);
LITDNN_DECLARE_GPU_FN(litdnn_conv_fwd_tiled);
LITDNN_DECLARE_GPU_FN(litdnn_conv_fwd_gemm);
LITDNN_DECLARE_GPU_FN(litdnn_conv_fwd_implicit_gemm);
LITDNN_DECLARE_GPU_FN(litdnn_conv_fwd_implicit_precomp);
LITDNN_DECLARE_GPU_FN(litdnn_conv_fwd_depthwise);
LITDNN_DECLARE_GPU_FN(litdnn_conv_fwd_winograd);
LITDNN_DECLARE_GPU_FN(litdnn_conv_bwd_data_gemm);
LITDNN_DECLARE_GPU_FN(litdnn_conv_bwd_filter_gemm);
LITDNN_DECLARE_GPU_FN(litdnn_conv_fwd_gemm_cublas);
LITDNN_DECLARE_GPU_FN(litdnn_conv_bwd_data_gemm_cublas);
LITDNN_DECLARE_GPU_FN(litdnn_conv_bwd_filter_gemm_cublas);

LITDNN_DECLARE_GPU_FN(litdnn_conv_bwd_data_direct);
LITDNN_DECLARE_GPU_FN(litdnn_conv_bwd_data_implicit_gemm);
LITDNN_DECLARE_GPU_FN(litdnn_conv_bwd_data_winograd);
LITDNN_DECLARE_GPU_FN(litdnn_conv_bwd_filter_direct);
LITDNN_DECLARE_GPU_FN(litdnn_conv_bwd_filter_implicit_gemm);
LITDNN_DECLARE_GPU_FN(litdnn_conv_bwd_data_depthwise);
LITDNN_DECLARE_GPU_FN(litdnn_conv_bwd_filter_depthwise);
LITDNN_DECLARE_GPU_FN(litdnn_conv_bwd_bias_reduce);
/* the tiled kernel's shared memory, in bytes */
size_t litdnn_conv_tiled_smem(const void *args);
#endif
