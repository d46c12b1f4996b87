#line 4310 "chapters/04-matmul.nw"
/* The shape of a warp-tiled block, from the constants the including file
   sets: WT_WARPS_M, WT_WARPS_N, WT_RM, WT_RN, WT_BK. */
#ifndef LITDNN_MATMUL_WARPTILE_CUH
#define LITDNN_MATMUL_WARPTILE_CUH
#include "matmul/matmul_tiles.cuh"

#line 824 "chapters/04-matmul.nw"
#define WT_THREADS (32 * WT_WARPS_M * WT_WARPS_N)
#define WT_WTM (32 * WT_RM)              /* warp tile: 8 lanes x 4 rows x WT_RM */
#define WT_WTN (16 * WT_RN)              /* warp tile: 4 lanes x 4 columns x WT_RN */
#define WT_BM (WT_WARPS_M * WT_WTM)
#define WT_BN (WT_WARPS_N * WT_WTN)
#define WT_SPA (WT_BM + 4)               /* padded rows of the k-major tiles */
#define WT_SPB (WT_BN + 4)
#define WT_LA (WT_BK * WT_BM / 4 / WT_THREADS)   /* float4s of A per thread per slice */
#define WT_LB (WT_BK * WT_BN / 4 / WT_THREADS)
#line 845 "chapters/04-matmul.nw"
/* the thread's place in its block and warp, its matrices, and its accumulators, zeroed */
#define WT_PLACE(g)                                                                                   \
  int t = threadIdx.x, lane = t % 32, warp = t / 32;                                                  \
  int wm = (warp % WT_WARPS_M) * WT_WTM, wn = (warp / WT_WARPS_M) * WT_WTN;                           \
  int tm = lane % 8, tn = lane / 8;                                                                   \
  int i0 = blockIdx.x * WT_BM, j0 = blockIdx.y * WT_BN;                                               \
  MATMUL_BATCH_POINTERS(g, A, B, C);                                                                  \
  int veca = matmul_vec_ok(A, g.lda), vecb = matmul_vec_ok(B, g.ldb), vecc = matmul_vec_ok(C, g.ldc); \
  float acc[4 * WT_RM][4 * WT_RN];                                                                    \
  float4 ra[WT_LA], rb[WT_LB];                                                                        \
  LITDNN_UNROLL                                                                                       \
  for (int r = 0; r < 4 * WT_RM; r++)                                                                 \
    LITDNN_UNROLL                                                                                     \
    for (int c = 0; c < 4 * WT_RN; c++)                                                               \
      acc[r][c] = 0.0f;
#line 866 "chapters/04-matmul.nw"
#define WT_MULTIPLY(as, bs)                                                       \
  LITDNN_UNROLL                                                                   \
  for (int p = 0; p < WT_BK; p++) {                                               \
    float a[4 * WT_RM], b[4 * WT_RN];                                             \
    LITDNN_UNROLL                                                                 \
    for (int x = 0; x < WT_RM; x++) {                                             \
      float4 v = *(const float4 *)&as[p * WT_SPA + wm + 32 * x + 4 * tm];         \
      a[4 * x] = v.x; a[4 * x + 1] = v.y; a[4 * x + 2] = v.z; a[4 * x + 3] = v.w; \
    }                                                                             \
    LITDNN_UNROLL                                                                 \
    for (int y = 0; y < WT_RN; y++) {                                             \
      float4 v = *(const float4 *)&bs[p * WT_SPB + wn + 16 * y + 4 * tn];         \
      b[4 * y] = v.x; b[4 * y + 1] = v.y; b[4 * y + 2] = v.z; b[4 * y + 3] = v.w; \
    }                                                                             \
    LITDNN_UNROLL                                                                 \
    for (int r = 0; r < 4 * WT_RM; r++)                                           \
      LITDNN_UNROLL                                                               \
      for (int c = 0; c < 4 * WT_RN; c++)                                         \
        acc[r][c] += a[r] * b[c];                                                 \
  }
#line 889 "chapters/04-matmul.nw"
#define WT_BLEND(g)                                                                                        \
  LITDNN_UNROLL                                                                                            \
  for (int y = 0; y < WT_RN; y++)                                                                          \
    LITDNN_UNROLL                                                                                          \
    for (int c4 = 0; c4 < 4; c4++) {                                                                       \
      int j = j0 + wn + 16 * y + 4 * tn + c4;                                                              \
      if (j >= g.n)                                                                                        \
        continue;                                                                                          \
      LITDNN_UNROLL                                                                                        \
      for (int x = 0; x < WT_RM; x++) {                                                                    \
        int i = i0 + wm + 32 * x + 4 * tm;                                                                 \
        int c = 4 * y + c4;                                                                                \
        if (i < g.m)                                                                                       \
          matmul_store4(C, g.ldc, i, j, g.m,                                                               \
                      make_float4(acc[4 * x][c], acc[4 * x + 1][c], acc[4 * x + 2][c], acc[4 * x + 3][c]), \
                      g.alpha, g.beta, vecc);                                                              \
      }                                                                                                    \
    }
#line 4320 "chapters/04-matmul.nw"
#endif
