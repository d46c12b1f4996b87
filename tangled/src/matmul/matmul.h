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

#define MATMUL_STAGES(S)                                                                      \
  S(MATMUL_STAGE_CPU_NAIVE, "cpu naive", "the definition: three loops, double accumulator", CPU, \
    litdnn_matmul_cpu_naive, NULL, DET)                                                       \
  S(MATMUL_STAGE_CPU_JKI, "cpu jki", "loop order that streams columns", CPU, litdnn_matmul_cpu_jki, \
    NULL, DET)                                                                                \
  S(MATMUL_STAGE_NAIVE, "naive", "one thread per output", GPU, litdnn_matmul_naive, NULL, DET) \
  S(MATMUL_STAGE_COALESCED, "coalesced", "a warp covers consecutive rows", GPU,               \
    litdnn_matmul_coalesced, NULL, DET)                                                       \
  S(MATMUL_STAGE_TILED, "smem tiled", "32x32 tiles in shared memory", GPU, litdnn_matmul_tiled, \
    NULL, DET)                                                                                \
  S(MATMUL_STAGE_BLOCK1D, "1d blocking", "8 outputs per thread (a column)", GPU,              \
    litdnn_matmul_block1d, NULL, DET)                                                         \
  S(MATMUL_STAGE_BLOCK2D, "2d blocking", "8x8 outer product per thread", GPU,                 \
    litdnn_matmul_block2d, NULL, DET)                                                         \
  S(MATMUL_STAGE_VECTORIZED, "vectorized", "16-byte loads, k-major tiles", GPU,               \
    litdnn_matmul_vectorized, NULL, DET)                                                      \
  S(MATMUL_STAGE_WARPTILED, "warp tiled", "block, warp and thread tiles", GPU,                \
    litdnn_matmul_warptiled, NULL, DET)                                                       \
  S(MATMUL_STAGE_PIPELINED, "pipelined 128x128", "double-buffered tiles", GPU,                \
    litdnn_matmul_pipelined, NULL, DET)                                                       \
  S(MATMUL_STAGE_PIPELINED_64X64, "pipelined 64x64", "a smaller tile for small problems", GPU, \
    litdnn_matmul_pipelined_64x64, NULL, DET)                                                 \
  S(MATMUL_STAGE_PIPELINED_128X32, "pipelined 128x32", "a narrow tile for small n", GPU,      \
    litdnn_matmul_pipelined_128x32, NULL, DET)                                                \
  S(MATMUL_STAGE_ASYNC, "cp.async", "3-slice cp.async pipeline", CUDA, litdnn_matmul_async,   \
    NULL, DET)                                                                                \
  S(MATMUL_STAGE_LARGE, "large 128x256", "8x16 per thread, one block per SM, rastered", GPU,  \
    litdnn_matmul_large, NULL, DET)                                                           \
  S(MATMUL_STAGE_LARGE_ASYNC, "cp.async 128x256", "the large tile fed by cp.async", CUDA,     \
    litdnn_matmul_large_async, NULL, DET)                                                     \
  S(MATMUL_STAGE_TUNED, "tuned", "one parameterised kernel, the sweeps' pick", GPU,           \
    litdnn_matmul_tuned, NULL, DET)                                                        \
  S(MATMUL_STAGE_SPLITK_128X16, "split-k 128x16", "k split across blocks, a tile for n <= 16", \
    GPU, litdnn_matmul_splitk_128x16, NULL, DET)                                              \
  S(MATMUL_STAGE_SPLITK_64X64, "split-k 64x64", "k split across blocks, 64x64 tiles", GPU,    \
    litdnn_matmul_splitk_64x64, NULL, DET)                                                    \
  S(MATMUL_STAGE_CUBLAS, "cuBLAS", "cublasSgemm", CUDA, litdnn_matmul_cublas, NULL, DET)      \
  S(MATMUL_STAGE_WMMA_TF32, "wmma tf32", "TF32 tensor cores through WMMA", CUDA,              \
    litdnn_matmul_wmma_tf32, NULL, DET | TF32)                                                \
  S(MATMUL_STAGE_MMA_TF32, "mma tf32", "mma.sync m16n8k8, conflict-free fragments", CUDA,     \
    litdnn_matmul_mma_tf32, NULL, DET | TF32)                                                 \
  S(MATMUL_STAGE_MMA_TF32_128X128, "mma tf32 128x128", "mma.sync, 16-byte cp.async for both operands", \
    CUDA, litdnn_matmul_mma128_tf32, matmul_16_byte_applies, DET | TF32)                      \
  S(MATMUL_STAGE_MMA_TF32_256X128, "mma tf32 256x128", "the same, 8 warps, 4 slices, one block per SM", \
    CUDA, litdnn_matmul_mma256_tf32, matmul_16_byte_applies, DET | TF32)                      \
  S(MATMUL_STAGE_WGMMA_TF32_128X128, "wgmma tf32 128x128", "wgmma, B by descriptor, 6 slices (sm_90a)", \
    CUDA, litdnn_matmul_wgmma128_tf32, matmul_16_byte_applies, DET | TF32)                    \
  S(MATMUL_STAGE_WGMMA_TF32_128X256, "wgmma tf32 128x256", "wgmma, a 128x256 tile, 4 slices (sm_90a)", \
    CUDA, litdnn_matmul_wgmma256_tf32, matmul_16_byte_applies, DET | TF32)                    \
  S(MATMUL_STAGE_WGMMA_TF32_WS, "wgmma tf32 ws 128x256",                                      \
    "a producer warp group and two consumers, mbarriers, TMA", CUDA, litdnn_matmul_wgmma_ws_tf32, \
    matmul_tma_applies, DET | TF32)                                                           \
  S(MATMUL_STAGE_CUBLAS_TF32, "cuBLAS tf32", "cublasSgemm in TF32 tensor-op math", CUDA,      \
    litdnn_matmul_cublas_tf32, NULL, DET | TF32)
enum { MATMUL_STAGES(LITDNN_STAGE_ID) MATMUL_STAGE_COUNT };
MATMUL_STAGES(LITDNN_STAGE_DECLARE)
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
