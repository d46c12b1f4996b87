#line 4903 "chapters/04-matmul.nw"
#include "core/prelude.cuh"
#include "matmul/matmul.h"
#define MATMUL_PAD 8
#include "matmul/matmul_tiles.cuh"
#include "matmul/matmul_cp_async.cuh"
#include "matmul/matmul_tf32.cuh"

#line 2050 "chapters/04-matmul.nw"
#define MT_BM 128
#define MT_BN 256
#define MT_BK 32
#define MT_THREADS 256
#define MT_STAGES 4
#define MT_SPA (MT_BM + MATMUL_PAD)
#define MT_SPB (MT_BN + MATMUL_PAD)
#define MT_WTM 64                 /* warp tile; warps stand 2 x 4 */
#define MT_WTN 64
#define MT_FM (MT_WTM / 16)       /* accumulator tiles of 16 x 8 per warp tile */
#define MT_FN (MT_WTN / 8)
#define MT_SMEM (MT_STAGES * MT_BK * (MT_SPA + MT_SPB) * (int)sizeof(float))

static __global__ void __launch_bounds__(MT_THREADS, 1) matmul_mma_tf32(litdnn_matmul_args g)
{
  extern __shared__ float4 matmul_mma_smem4[];
  float *as_buf = (float *)matmul_mma_smem4, *bs_buf = as_buf + MT_STAGES * MT_BK * MT_SPA;
  int t = threadIdx.x, lane = t % 32, warp = t / 32;
  int wm = (warp % 2) * MT_WTM, wn = (warp / 2) * MT_WTN;
  int gq = lane / 4, q = lane % 4;
  int i0 = blockIdx.x * MT_BM, j0 = blockIdx.y * MT_BN;
  MATMUL_BATCH_POINTERS(g, A, B, C);
  int veca = matmul_vec_ok(A, g.lda), vecb = matmul_vec_ok(B, g.ldb);
  float acc[MT_FM][MT_FN][4];
  LITDNN_UNROLL
  for (int x = 0; x < MT_FM; x++)
    LITDNN_UNROLL
    for (int y = 0; y < MT_FN; y++)
      LITDNN_UNROLL
      for (int e = 0; e < 4; e++)
        acc[x][y][e] = 0.0f;
  int slices = (g.k + MT_BK - 1) / MT_BK;
  for (int s = 0; s < MT_STAGES - 1; s++) {
    if (s < slices) {
      matmul_async_tile(as_buf + s * MT_BK * MT_SPA, A, g.lda, g.transa, veca, i0, g.m, s * MT_BK, g.k,
                      MT_BM, MT_BK, MT_THREADS, t);
      matmul_async_tile(bs_buf + s * MT_BK * MT_SPB, B, g.ldb, !g.transb, vecb, j0, g.n, s * MT_BK, g.k,
                      MT_BN, MT_BK, MT_THREADS, t);
    }
    MATMUL_CP_ASYNC_COMMIT();
  }
  for (int s = 0; s < slices; s++) {
    MATMUL_CP_ASYNC_WAIT(MT_STAGES - 2);
    __syncthreads();
    const float *as = as_buf + (s % MT_STAGES) * MT_BK * MT_SPA;
    const float *bs = bs_buf + (s % MT_STAGES) * MT_BK * MT_SPB;
    LITDNN_UNROLL_BY(2)   /* fully unrolled, the fragments of all four steps load early and spill */
    for (int kk = 0; kk < MT_BK; kk += 8) {
      unsigned af[MT_FM][4], bf[MT_FN][2];
      const float *a0 = as + (kk + q) * MT_SPA + wm + gq, *a4 = a0 + 4 * MT_SPA;
      const float *b0 = bs + (kk + q) * MT_SPB + wn + gq, *b4 = b0 + 4 * MT_SPB;
      LITDNN_UNROLL
      for (int x = 0; x < MT_FM; x++) {
        af[x][0] = matmul_to_tf32(a0[16 * x]);
        af[x][1] = matmul_to_tf32(a0[16 * x + 8]);
        af[x][2] = matmul_to_tf32(a4[16 * x]);
        af[x][3] = matmul_to_tf32(a4[16 * x + 8]);
      }
      LITDNN_UNROLL
      for (int y = 0; y < MT_FN; y++) {
        bf[y][0] = matmul_to_tf32(b0[8 * y]);
        bf[y][1] = matmul_to_tf32(b4[8 * y]);
      }
      LITDNN_UNROLL
      for (int x = 0; x < MT_FM; x++)
        LITDNN_UNROLL
        for (int y = 0; y < MT_FN; y++)
          matmul_mma_16x8x8(acc[x][y], af[x], bf[y]);
    }
    /* the copy of a later slice, issued once the fragments are dead (as in stage 10) */
    int next = s + MT_STAGES - 1, nb = next % MT_STAGES;
    if (next < slices) {
      matmul_async_tile(as_buf + nb * MT_BK * MT_SPA, A, g.lda, g.transa, veca, i0, g.m, next * MT_BK, g.k,
                      MT_BM, MT_BK, MT_THREADS, t);
      matmul_async_tile(bs_buf + nb * MT_BK * MT_SPB, B, g.ldb, !g.transb, vecb, j0, g.n, next * MT_BK, g.k,
                      MT_BN, MT_BK, MT_THREADS, t);
    }
    MATMUL_CP_ASYNC_COMMIT();
  }
  MATMUL_CP_ASYNC_WAIT(0);
  LITDNN_UNROLL
  for (int x = 0; x < MT_FM; x++)
    LITDNN_UNROLL
    for (int y = 0; y < MT_FN; y++)
      LITDNN_UNROLL
      for (int e = 0; e < 4; e++) {
        int i = i0 + wm + 16 * x + gq + 8 * (e / 2), j = j0 + wn + 8 * y + 2 * q + e % 2;
        if (i < g.m && j < g.n)
          matmul_blend1(C, g.ldc, i, j, acc[x][y][e], g.alpha, g.beta);
      }
}

#line 4912 "chapters/04-matmul.nw"
litdnnStatus_t litdnn_matmul_mma_tf32_cuda(litdnnHandle_t h, const void *args)
{
  const litdnn_matmul_args *g = (const litdnn_matmul_args *)args;
  static int smem_asked;
  litdnnStatus_t st = matmul_allow_smem((const void *)matmul_mma_tf32, "matmul_mma_tf32", MT_SMEM, &smem_asked, g->call);
  if (st != LITDNN_STATUS_SUCCESS)
    return st;
  for (int first = 0; first < g->batch; first += MATMUL_MAX_GRID_Z) {
    litdnn_matmul_args s = matmul_batch_slice(g, first);
    dim3 grid = litdnn_dim3((unsigned)(s.m + MT_BM - 1) / MT_BM, (unsigned)(s.n + MT_BN - 1) / MT_BN,
                            (unsigned)s.batch);
    matmul_mma_tf32<<<grid, MT_THREADS, MT_SMEM, litdnn_gpu_stream(h)>>>(s);
  }
  return litdnn_gpu_launch_status(g->call, "matmul_mma_tf32");
}
