#ifndef LITDNN_CONVOLUTION_STAGES_H
#define LITDNN_CONVOLUTION_STAGES_H
#include "core/internal.h"
/* Each pass's stages, in the order of its public algorithm enum, whose
   values are the stages' ids. */
#define CONV_FORWARD_STAGES(S)                                                                \
  S(LITDNN_CONVOLUTION_FWD_ALGO_REFERENCE, "cpu reference", "the seven loops in double precision", \
    CPU, litdnn_conv_forward_cpu, NULL, DET)                                                  \
  S(LITDNN_CONVOLUTION_FWD_ALGO_DIRECT, "direct", "one thread per output, every operand from global memory", \
    GPU, litdnn_conv_fwd_direct, NULL, DET)                                                   \
  S(LITDNN_CONVOLUTION_FWD_ALGO_DIRECT_TILED, "direct tiled",                                 \
    "input tile with its halo and the taps in shared memory", GPU, litdnn_conv_fwd_tiled, conv_tiled_applies, DET) \
  S(LITDNN_CONVOLUTION_FWD_ALGO_GEMM, "im2col gemm",                                          \
    "the unrolled input in the workspace, then the pipelined GEMM", GPU, litdnn_conv_fwd_gemm, conv_gemm_applies, DET) \
  S(LITDNN_CONVOLUTION_FWD_ALGO_GEMM_CUBLAS, "im2col cublas",                                 \
    "the unrolled input in the workspace, then cublasSgemm", CUDA, litdnn_conv_fwd_gemm_cublas, conv_gemm_applies, DET) \
  S(LITDNN_CONVOLUTION_FWD_ALGO_IMPLICIT_GEMM, "implicit gemm",                               \
    "a 32x32 GEMM tile that gathers its columns from x", GPU, litdnn_conv_fwd_implicit_gemm, conv_implicit_applies, DET) \
  S(LITDNN_CONVOLUTION_FWD_ALGO_IMPLICIT_PRECOMP_GEMM, "implicit precomp gemm",               \
    "the same, with a table of tap offsets; TF32: tensor cores, a packed filter", GPU,       \
    litdnn_conv_fwd_implicit_precomp, conv_implicit_applies, DET)                             \
  S(LITDNN_CONVOLUTION_FWD_ALGO_DEPTHWISE, "depthwise",                                       \
    "one thread per output in memory order, no channel loop", GPU, litdnn_conv_fwd_depthwise, conv_depthwise_applies, DET) \
  S(LITDNN_CONVOLUTION_FWD_ALGO_WINOGRAD, "winograd",                                         \
    "F(2x2, 3x3): 16 products per 2x2 tile and channel instead of 36", GPU, litdnn_conv_fwd_winograd, \
    conv_winograd_applies, DET)                                                               \
  S(LITDNN_CONVOLUTION_FWD_ALGO_WINOGRAD_NONFUSED, "winograd nonfused",                       \
    "F(4x4, 3x3): transforms around 36 GEMMs, 36 products per 4x4 tile and channel instead of 144", GPU, \
    litdnn_conv_fwd_winograd_nonfused, conv_winograd4_applies, DET)                           \
  S(LITDNN_CONVOLUTION_FWD_ALGO_BATCH_GEMM_1X1, "1x1 batch gemm",                             \
    "1x1: x sampled into channel-major order over the batch, one GEMM, y scattered back", GPU, \
    litdnn_conv_batch_gemm, conv_batch_gemm_applies, DET)                                     \
  S(LITDNN_CONVOLUTION_FWD_ALGO_FEW_CHANNELS, "few channels",                                 \
    "C <= 4: all 64 filters of a block in shared memory, 8x8 outputs per thread", GPU,        \
    litdnn_conv_fwd_few, conv_few_applies, DET)
#define CONV_BACKWARD_DATA_STAGES(S)                                                          \
  S(LITDNN_CONVOLUTION_BWD_DATA_ALGO_REFERENCE, "cpu reference", "the seven loops, scattering into dx", \
    CPU, litdnn_conv_backward_data_cpu, NULL, DET)                                            \
  S(LITDNN_CONVOLUTION_BWD_DATA_ALGO_DIRECT, "direct", "one thread per dx element gathers its windows", \
    GPU, litdnn_conv_bwd_data_direct, NULL, DET)                                              \
  S(LITDNN_CONVOLUTION_BWD_DATA_ALGO_GEMM, "gemm col2im",                                     \
    "w^T dy by the pipelined GEMM, then col2im as a gather", GPU, litdnn_conv_bwd_data_gemm, conv_gemm_applies, DET) \
  S(LITDNN_CONVOLUTION_BWD_DATA_ALGO_GEMM_CUBLAS, "cublas col2im", "w^T dy by cublasSgemm, then col2im", \
    CUDA, litdnn_conv_bwd_data_gemm_cublas, conv_gemm_applies, DET)                                        \
  S(LITDNN_CONVOLUTION_BWD_DATA_ALGO_IMPLICIT_GEMM, "implicit gemm",                          \
    "dx = w^T dy as a tiled GEMM, col2im as a gather; at a stride, a forward problem per phase; TF32: mma", GPU, \
    litdnn_conv_bwd_data_implicit_gemm, conv_implicit_applies, DET)                           \
  S(LITDNN_CONVOLUTION_BWD_DATA_ALGO_WINOGRAD, "winograd",                                    \
    "the forward Winograd of dy with the filter flipped and transposed", GPU,                 \
    litdnn_conv_bwd_data_winograd, conv_winograd_data_applies, DET)                                                 \
  S(LITDNN_CONVOLUTION_BWD_DATA_ALGO_DEPTHWISE, "depthwise",                                  \
    "3x3 depthwise: a thread gathers 4 elements of a row of dx", GPU, litdnn_conv_bwd_data_depthwise, \
    conv_dw3_applies, DET)                                                                    \
  S(LITDNN_CONVOLUTION_BWD_DATA_ALGO_WINOGRAD_NONFUSED, "winograd nonfused",                  \
    "F(4x4, 3x3) of dy with the filter flipped and transposed, around 36 GEMMs", GPU,         \
    litdnn_conv_bwd_data_winograd_nonfused, conv_winograd4_data_applies, DET)                 \
  S(LITDNN_CONVOLUTION_BWD_DATA_ALGO_BATCH_GEMM_1X1, "1x1 batch gemm",                        \
    "1x1: dy channel-major over the batch, one GEMM, dx scattered at the stride", GPU,        \
    litdnn_conv_batch_gemm, conv_batch_gemm_applies, DET)                                     \
  S(LITDNN_CONVOLUTION_BWD_DATA_ALGO_FEW_CHANNELS, "few channels",                            \
    "C <= 4: dx phase by phase, each a stride-1 correlation of dy; 8 elements x 4 channels per thread", \
    GPU, litdnn_conv_bwd_data_few, conv_few_applies, DET)
#define CONV_BACKWARD_FILTER_STAGES(S)                                                        \
  S(LITDNN_CONVOLUTION_BWD_FILTER_ALGO_REFERENCE, "cpu reference", "the seven loops, scattering into dw", \
    CPU, litdnn_conv_backward_filter_cpu, NULL, DET)                                          \
  S(LITDNN_CONVOLUTION_BWD_FILTER_ALGO_DIRECT, "direct", "one thread per tap sums over the batch", GPU, \
    litdnn_conv_bwd_filter_direct, NULL, DET)                                                 \
  S(LITDNN_CONVOLUTION_BWD_FILTER_ALGO_GEMM, "im2col gemm",                                   \
    "the unrolled input, then pipelined GEMMs over chunks of images", GPU, litdnn_conv_bwd_filter_gemm, \
    conv_gemm_applies, DET)                                                                                \
  S(LITDNN_CONVOLUTION_BWD_FILTER_ALGO_GEMM_CUBLAS, "im2col cublas",                          \
    "the unrolled input, then cuBLAS GEMMs over chunks of images", CUDA,                      \
    litdnn_conv_bwd_filter_gemm_cublas, conv_gemm_applies, DET)                                            \
  S(LITDNN_CONVOLUTION_BWD_FILTER_ALGO_IMPLICIT_GEMM, "implicit gemm",                        \
    "dw = dy x^T as a tiled GEMM; TF32: tensor cores, the positions split", GPU,                 \
    litdnn_conv_bwd_filter_implicit_gemm, conv_implicit_applies, DET)                                     \
  S(LITDNN_CONVOLUTION_BWD_FILTER_ALGO_DEPTHWISE, "depthwise",                                \
    "3x3 depthwise: blocks share a channel's rows, 9 sums per thread", GPU,                   \
    litdnn_conv_bwd_filter_depthwise, conv_dw3_applies, DET)                                  \
  S(LITDNN_CONVOLUTION_BWD_FILTER_ALGO_WINOGRAD_NONFUSED, "winograd nonfused",                \
    "F(4x4, 3x3) in reverse: x and dy transformed, 36 GEMMs sum over the tiles", GPU,         \
    litdnn_conv_bwd_filter_winograd_nonfused, conv_winograd4_applies, DET)                    \
  S(LITDNN_CONVOLUTION_BWD_FILTER_ALGO_BATCH_GEMM_1X1, "1x1 batch gemm",                      \
    "1x1: x and dy channel-major over the batch, one GEMM summing over N P Q", GPU,           \
    litdnn_conv_batch_gemm, conv_batch_gemm_applies, DET)                                     \
  S(LITDNN_CONVOLUTION_BWD_FILTER_ALGO_FEW_CHANNELS, "few channels",                          \
    "C <= 4: blocks sum 8 filters x 10 taps per thread over their share of the tiles", GPU,   \
    litdnn_conv_bwd_filter_few, conv_few_applies, DET)
#define CONV_BACKWARD_BIAS_STAGES(S)                                                          \
  S(CONV_BIAS_STAGE_CPU, "cpu reference", "one sum per channel in double precision", CPU,     \
    litdnn_conv_backward_bias_cpu, NULL, DET)                                                 \
  S(CONV_BIAS_STAGE_REDUCE, "block reduction", "a block per channel, partial sums merged by shuffles", \
    GPU, litdnn_conv_bwd_bias_reduce, NULL, DET)                                              \
  S(CONV_BIAS_STAGE_PLANES, "packed planes", "a block of 1024 per channel reads its planes as float4s, four in flight", \
    GPU, litdnn_conv_bwd_bias_planes, conv_bias_planes_applies, DET)
enum { CONV_BACKWARD_BIAS_STAGES(LITDNN_STAGE_ID) };
CONV_FORWARD_STAGES(LITDNN_STAGE_DECLARE)
CONV_BACKWARD_DATA_STAGES(LITDNN_STAGE_DECLARE)
CONV_BACKWARD_FILTER_STAGES(LITDNN_STAGE_DECLARE)
CONV_BACKWARD_BIAS_STAGES(LITDNN_STAGE_DECLARE)
#define CONV_FEW_MAX_C 4       /* the stage's limit on input channels */
#define CONV_FEW_K 64          /* filters per block */
#define CONV_FEW_TH 8          /* output rows per block */
#define CONV_FEW_TW 16         /* output columns per block */
#define CONV_FEW_THREADS 128   /* 8 groups of 8 filters x 16 columns of 8 pixels */
#define CONV_FEW_INFLIGHT 4    /* global loads a thread issues before it stores them */
#define CONV_FEW_TAPS 10       /* backward filter: taps per thread, next to its 8 filters */
#define CONV_FEW_TAP_BLOCK (16 * CONV_FEW_TAPS)   /* ... and per block */
#define CONV_FEW_SPLITS 1024   /* backward filter: the most blocks that share one filter block */
#define CONV_FEW_DX_TH 16      /* backward data: rows of one phase per block */
#define CONV_FEW_DX_TW 64      /* ... and columns: 8 threads of 8 neighbours per row */
#define CONV_FEW_DX_KC 4       /* filters per step through shared memory (at least 2: see the kernel's barriers) */
#define CONV_FEW_DX_SUB 8      /* the most taps of one phase along a row */
#define CONV_FEW_DX_STAGE 10   /* ... and the floats of the next filter's dy a thread holds in registers */
#define CONV_FEW_DX_BLOCKS 4   /* ... and the blocks an SM keeps resident (the registers' bound) */
/* the tiled and the few-channels kernels' shared memory, in bytes */
LITDNN_EXTERN_C_ size_t litdnn_conv_tiled_smem(const void *args);
LITDNN_EXTERN_C_ size_t litdnn_conv_few_smem(const void *args);
LITDNN_EXTERN_C_ int64_t litdnn_conv_few_filter_splits(const void *args);
/* the implicit GEMM on the tensor cores, for a forward problem that litdnn_conv_tf32_implicit takes (CUDA only) */
LITDNN_EXTERN_C_ litdnnStatus_t litdnn_conv_implicit_tf32(litdnnHandle_t h, const void *args);
/* backward filter on the tensor cores, for a problem that litdnn_conv_tf32_dw takes (CUDA only) */
LITDNN_EXTERN_C_ litdnnStatus_t litdnn_conv_bwd_filter_tf32(litdnnHandle_t h, const void *args);
#endif
