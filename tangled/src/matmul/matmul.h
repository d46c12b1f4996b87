#ifndef LITDNN_MATMUL_INTERNAL_H
#define LITDNN_MATMUL_INTERNAL_H
#include "core/internal.h"
#ifdef __cplusplus
extern "C" {
#endif

typedef struct litdnn_matmul_args {
  const char *call;                /* the API call, for messages */
  litdnnMathType_t math;
  int transa, transb;              /* 1: op(X) = X^T */
  int m, n, k, batch;
  float alpha, beta;
  const float *A;
  const float *B;
  float *C;
  int64_t lda, ldb, ldc;           /* in elements */
  int64_t strideA, strideB, strideC;
} litdnn_matmul_args;

litdnnStatus_t litdnn_matmul_run(litdnnHandle_t h, const char *call, const litdnn_matmul_args *args);
litdnnStatus_t litdnn_matmul_check(litdnnHandle_t h, const char *call, const litdnn_matmul_args *args);

enum {
  MATMUL_STAGE_CPU_NAIVE, MATMUL_STAGE_CPU_JKI, MATMUL_STAGE_NAIVE, MATMUL_STAGE_COALESCED, MATMUL_STAGE_TILED,
  MATMUL_STAGE_BLOCK1D, MATMUL_STAGE_BLOCK2D, MATMUL_STAGE_VECTORIZED, MATMUL_STAGE_WARPTILED,
  MATMUL_STAGE_PIPELINED, MATMUL_STAGE_PIPELINED_64X64, MATMUL_STAGE_PIPELINED_128X32, MATMUL_STAGE_ASYNC,
  MATMUL_STAGE_LARGE, MATMUL_STAGE_LARGE_ASYNC, MATMUL_STAGE_TUNED, MATMUL_STAGE_SPLITK_128X16, MATMUL_STAGE_SPLITK_64X64,
  MATMUL_STAGE_CUBLAS, MATMUL_STAGE_WMMA_TF32, MATMUL_STAGE_MMA_TF32, MATMUL_STAGE_MMA_TF32_128X128,
  MATMUL_STAGE_MMA_TF32_256X128, MATMUL_STAGE_WGMMA_TF32_128X128, MATMUL_STAGE_WGMMA_TF32_128X256,
  MATMUL_STAGE_WGMMA_TF32_WS, MATMUL_STAGE_CUBLAS_TF32, MATMUL_STAGE_COUNT
};
/* stages that round to TF32: run only under LITDNN_MATH_TF32 */
#define MATMUL_STAGE_IS_TF32(s)                                                              \
  ((s) == MATMUL_STAGE_WMMA_TF32 || (s) == MATMUL_STAGE_MMA_TF32 || (s) == MATMUL_STAGE_MMA_TF32_128X128 ||   \
   (s) == MATMUL_STAGE_MMA_TF32_256X128 || (s) == MATMUL_STAGE_WGMMA_TF32_128X128 ||                        \
   (s) == MATMUL_STAGE_WGMMA_TF32_128X256 || (s) == MATMUL_STAGE_WGMMA_TF32_WS || (s) == MATMUL_STAGE_CUBLAS_TF32)
litdnnStatus_t litdnn_matmul_cpu_naive(litdnnHandle_t h, const void *args);
litdnnStatus_t litdnn_matmul_cpu_jki(litdnnHandle_t h, const void *args);
LITDNN_DECLARE_GPU_FN(litdnn_matmul_naive);
LITDNN_DECLARE_GPU_FN(litdnn_matmul_coalesced);
LITDNN_DECLARE_GPU_FN(litdnn_matmul_tiled);
LITDNN_DECLARE_GPU_FN(litdnn_matmul_block1d);
LITDNN_DECLARE_GPU_FN(litdnn_matmul_block2d);
LITDNN_DECLARE_GPU_FN(litdnn_matmul_vectorized);
LITDNN_DECLARE_GPU_FN(litdnn_matmul_warptiled);
LITDNN_DECLARE_GPU_FN(litdnn_matmul_pipelined);
LITDNN_DECLARE_GPU_FN(litdnn_matmul_pipelined_64x64);
LITDNN_DECLARE_GPU_FN(litdnn_matmul_pipelined_128x32);
LITDNN_DECLARE_GPU_FN(litdnn_matmul_large);
LITDNN_DECLARE_GPU_FN(litdnn_matmul_splitk_128x16);
LITDNN_DECLARE_GPU_FN(litdnn_matmul_splitk_64x64);
/* CUDA only (cuBLAS, inline PTX, tensor cores) */
LITDNN_DECLARE_GPU_FN(litdnn_matmul_async);
LITDNN_DECLARE_GPU_FN(litdnn_matmul_large_async);
LITDNN_DECLARE_GPU_FN(litdnn_matmul_cublas);
LITDNN_DECLARE_GPU_FN(litdnn_matmul_wmma_tf32);
LITDNN_DECLARE_GPU_FN(litdnn_matmul_mma_tf32);
LITDNN_DECLARE_GPU_FN(litdnn_matmul_mma128_tf32);
LITDNN_DECLARE_GPU_FN(litdnn_matmul_mma256_tf32);
LITDNN_DECLARE_GPU_FN(litdnn_matmul_wgmma128_tf32);
LITDNN_DECLARE_GPU_FN(litdnn_matmul_wgmma256_tf32);
LITDNN_DECLARE_GPU_FN(litdnn_matmul_wgmma_ws_tf32);
LITDNN_DECLARE_GPU_FN(litdnn_matmul_cublas_tf32);
LITDNN_DECLARE_GPU_FN(litdnn_matmul_tuned_a);
LITDNN_DECLARE_GPU_FN(litdnn_matmul_tuned_b);
LITDNN_DECLARE_GPU_FN(litdnn_matmul_tuned_c);
LITDNN_DECLARE_GPU_FN(litdnn_matmul_tuned_d);
LITDNN_DECLARE_GPU_FN(litdnn_matmul_tuned_e);
LITDNN_DECLARE_GPU_FN(litdnn_matmul_tuned_f);
LITDNN_DECLARE_GPU_FN(litdnn_matmul_tuned_g);
LITDNN_DECLARE_GPU_FN(litdnn_matmul_tuned_h);
LITDNN_DECLARE_GPU_FN(litdnn_matmul_tuned_i);
LITDNN_DECLARE_GPU_FN(litdnn_matmul_tuned_j);
LITDNN_DECLARE_GPU_FN(litdnn_matmul_tuned_k);
LITDNN_DECLARE_GPU_FN(litdnn_matmul_tuned_l);
LITDNN_DECLARE_GPU_FN(litdnn_matmul_tuned_m);
LITDNN_DECLARE_GPU_FN(litdnn_matmul_tuned_n);
LITDNN_DECLARE_GPU_FN(litdnn_matmul_tuned_o);
LITDNN_DECLARE_GPU_FN(litdnn_matmul_tuned_p);
LITDNN_DECLARE_GPU_FN(litdnn_matmul_tuned_q);
LITDNN_DECLARE_GPU_FN(litdnn_matmul_tuned_r);
LITDNN_DECLARE_GPU_FN(litdnn_matmul_tuned_s);
LITDNN_DECLARE_GPU_FN(litdnn_matmul_tuned_t);
LITDNN_DECLARE_GPU_FN(litdnn_matmul_tuned_u);
LITDNN_DECLARE_GPU_FN(litdnn_matmul_tuned_v);
LITDNN_DECLARE_GPU_FN(litdnn_matmul_tuned_w);
LITDNN_DECLARE_GPU_FN(litdnn_matmul_tuned_x);
LITDNN_DECLARE_GPU_FN(litdnn_matmul_tuned_y);
LITDNN_DECLARE_GPU_FN(litdnn_matmul_tuned_z);
LITDNN_DECLARE_GPU_FN(litdnn_matmul_tuned_za);
LITDNN_DECLARE_GPU_FN(litdnn_matmul_tuned_zb);
LITDNN_DECLARE_GPU_FN(litdnn_matmul_tuned_zc);
LITDNN_DECLARE_GPU_FN(litdnn_matmul_tuned_zd);
#define MATMUL_SWEEP_COUNT 30
extern const litdnn_stage litdnn_matmul_sweep[MATMUL_SWEEP_COUNT];
#define MATMUL_MAX_GRID_Z 65535
static inline litdnn_matmul_args matmul_batch_slice(const litdnn_matmul_args *g, int first)
{
  litdnn_matmul_args s = *g;
  s.A = g->A + first * g->strideA;
  s.B = g->B + first * g->strideB;
  s.C = g->C + first * g->strideC;
  s.batch = g->batch - first < MATMUL_MAX_GRID_Z ? g->batch - first : MATMUL_MAX_GRID_Z;
  return s;
}

#ifdef __cplusplus
}
#endif
#endif
