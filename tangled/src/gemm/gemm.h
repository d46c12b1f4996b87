#ifndef LITDNN_GEMM_H
#define LITDNN_GEMM_H
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
  GEMM_STAGE_CPU_NAIVE, GEMM_STAGE_CPU_JKI, GEMM_STAGE_NAIVE, GEMM_STAGE_COALESCED, GEMM_STAGE_TILED,
  GEMM_STAGE_BLOCK1D, GEMM_STAGE_BLOCK2D, GEMM_STAGE_VECTORIZED, GEMM_STAGE_WARPTILED,
  GEMM_STAGE_PIPELINED, GEMM_STAGE_PIPELINED_64X64, GEMM_STAGE_PIPELINED_128X32, GEMM_STAGE_ASYNC,
  GEMM_STAGE_LARGE, GEMM_STAGE_LARGE_ASYNC, GEMM_STAGE_TUNED, GEMM_STAGE_SPLITK_128X16, GEMM_STAGE_SPLITK_64X64,
  GEMM_STAGE_CUBLAS, GEMM_STAGE_WMMA_TF32, GEMM_STAGE_MMA_TF32, GEMM_STAGE_MMA_TF32_128X128,
  GEMM_STAGE_MMA_TF32_256X128, GEMM_STAGE_WGMMA_TF32_128X128, GEMM_STAGE_WGMMA_TF32_128X256,
  GEMM_STAGE_WGMMA_TF32_WS, GEMM_STAGE_CUBLAS_TF32, GEMM_STAGE_COUNT
};
/* stages that round to TF32: run only under LITDNN_MATH_TF32 */
#define GEMM_STAGE_IS_TF32(s)                                                              \
  ((s) == GEMM_STAGE_WMMA_TF32 || (s) == GEMM_STAGE_MMA_TF32 || (s) == GEMM_STAGE_MMA_TF32_128X128 ||   \
   (s) == GEMM_STAGE_MMA_TF32_256X128 || (s) == GEMM_STAGE_WGMMA_TF32_128X128 ||                        \
   (s) == GEMM_STAGE_WGMMA_TF32_128X256 || (s) == GEMM_STAGE_WGMMA_TF32_WS || (s) == GEMM_STAGE_CUBLAS_TF32)
litdnnStatus_t litdnn_gemm_cpu_naive(litdnnHandle_t h, const void *args);
litdnnStatus_t litdnn_gemm_cpu_jki(litdnnHandle_t h, const void *args);
LITDNN_DECLARE_GPU_FN(litdnn_gemm_naive);
LITDNN_DECLARE_GPU_FN(litdnn_gemm_coalesced);
LITDNN_DECLARE_GPU_FN(litdnn_gemm_tiled);
LITDNN_DECLARE_GPU_FN(litdnn_gemm_block1d);
LITDNN_DECLARE_GPU_FN(litdnn_gemm_block2d);
LITDNN_DECLARE_GPU_FN(litdnn_gemm_vectorized);
LITDNN_DECLARE_GPU_FN(litdnn_gemm_warptiled);
LITDNN_DECLARE_GPU_FN(litdnn_gemm_pipelined);
LITDNN_DECLARE_GPU_FN(litdnn_gemm_pipelined_64x64);
LITDNN_DECLARE_GPU_FN(litdnn_gemm_pipelined_128x32);
LITDNN_DECLARE_GPU_FN(litdnn_gemm_large);
LITDNN_DECLARE_GPU_FN(litdnn_gemm_splitk_128x16);
LITDNN_DECLARE_GPU_FN(litdnn_gemm_splitk_64x64);
/* CUDA only (cuBLAS, inline PTX, tensor cores) */
LITDNN_DECLARE_GPU_FN(litdnn_gemm_async);
LITDNN_DECLARE_GPU_FN(litdnn_gemm_large_async);
LITDNN_DECLARE_GPU_FN(litdnn_gemm_cublas);
LITDNN_DECLARE_GPU_FN(litdnn_gemm_wmma_tf32);
LITDNN_DECLARE_GPU_FN(litdnn_gemm_mma_tf32);
LITDNN_DECLARE_GPU_FN(litdnn_gemm_mma128_tf32);
LITDNN_DECLARE_GPU_FN(litdnn_gemm_mma256_tf32);
LITDNN_DECLARE_GPU_FN(litdnn_gemm_wgmma128_tf32);
LITDNN_DECLARE_GPU_FN(litdnn_gemm_wgmma256_tf32);
LITDNN_DECLARE_GPU_FN(litdnn_gemm_wgmma_ws_tf32);
LITDNN_DECLARE_GPU_FN(litdnn_gemm_cublas_tf32);
LITDNN_DECLARE_GPU_FN(litdnn_gemm_tuned_a);
LITDNN_DECLARE_GPU_FN(litdnn_gemm_tuned_b);
LITDNN_DECLARE_GPU_FN(litdnn_gemm_tuned_c);
LITDNN_DECLARE_GPU_FN(litdnn_gemm_tuned_d);
LITDNN_DECLARE_GPU_FN(litdnn_gemm_tuned_e);
LITDNN_DECLARE_GPU_FN(litdnn_gemm_tuned_f);
LITDNN_DECLARE_GPU_FN(litdnn_gemm_tuned_g);
LITDNN_DECLARE_GPU_FN(litdnn_gemm_tuned_h);
LITDNN_DECLARE_GPU_FN(litdnn_gemm_tuned_i);
LITDNN_DECLARE_GPU_FN(litdnn_gemm_tuned_j);
LITDNN_DECLARE_GPU_FN(litdnn_gemm_tuned_k);
LITDNN_DECLARE_GPU_FN(litdnn_gemm_tuned_l);
LITDNN_DECLARE_GPU_FN(litdnn_gemm_tuned_m);
LITDNN_DECLARE_GPU_FN(litdnn_gemm_tuned_n);
LITDNN_DECLARE_GPU_FN(litdnn_gemm_tuned_o);
LITDNN_DECLARE_GPU_FN(litdnn_gemm_tuned_p);
LITDNN_DECLARE_GPU_FN(litdnn_gemm_tuned_q);
LITDNN_DECLARE_GPU_FN(litdnn_gemm_tuned_r);
LITDNN_DECLARE_GPU_FN(litdnn_gemm_tuned_s);
LITDNN_DECLARE_GPU_FN(litdnn_gemm_tuned_t);
LITDNN_DECLARE_GPU_FN(litdnn_gemm_tuned_u);
LITDNN_DECLARE_GPU_FN(litdnn_gemm_tuned_v);
LITDNN_DECLARE_GPU_FN(litdnn_gemm_tuned_w);
LITDNN_DECLARE_GPU_FN(litdnn_gemm_tuned_x);
LITDNN_DECLARE_GPU_FN(litdnn_gemm_tuned_y);
LITDNN_DECLARE_GPU_FN(litdnn_gemm_tuned_z);
LITDNN_DECLARE_GPU_FN(litdnn_gemm_tuned_za);
LITDNN_DECLARE_GPU_FN(litdnn_gemm_tuned_zb);
LITDNN_DECLARE_GPU_FN(litdnn_gemm_tuned_zc);
LITDNN_DECLARE_GPU_FN(litdnn_gemm_tuned_zd);
#define GEMM_SWEEP_COUNT 30
extern const litdnn_stage litdnn_gemm_sweep[GEMM_SWEEP_COUNT];
#define GEMM_MAX_GRID_Z 65535
static inline litdnn_matmul_args gemm_batch_slice(const litdnn_matmul_args *g, int first)
{
  litdnn_matmul_args s = *g;
  s.A = g->A + first * g->strideA;
  s.B = g->B + first * g->strideB;
  s.C = g->C + first * g->strideC;
  s.batch = g->batch - first < GEMM_MAX_GRID_Z ? g->batch - first : GEMM_MAX_GRID_Z;
  return s;
}

#ifdef __cplusplus
}
#endif
#endif
