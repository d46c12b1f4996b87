#line 4443 "chapters/04-matmul.nw"
#include "core/prelude.cuh"
#include "matmul/matmul.h"
#define WT_WARPS_M 2
#define WT_WARPS_N 4
#define WT_RM 2
#define WT_RN 2
#define WT_BK 16
#include "matmul/matmul_warptile.cuh"
#include "matmul/matmul_cp_async.cuh"

#line 1074 "chapters/04-matmul.nw"
#define MATMUL_ASYNC_SLICES 3
#define MATMUL_ASYNC_SMEM (MATMUL_ASYNC_SLICES * WT_BK * (WT_SPA + WT_SPB) * (int)sizeof(float))
static __global__ void __launch_bounds__(WT_THREADS, 2) matmul_async(litdnn_matmul_args g)
{
  extern __shared__ float4 matmul_smem4[];
  float *as_buf = (float *)matmul_smem4, *bs_buf = as_buf + MATMUL_ASYNC_SLICES * WT_BK * WT_SPA;
  WT_PLACE(g);
  (void)ra; (void)rb;
  int slices = (g.k + WT_BK - 1) / WT_BK;
  for (int s = 0; s < MATMUL_ASYNC_SLICES - 1; s++) {
    if (s < slices) {
      matmul_async_tile(as_buf + s * WT_BK * WT_SPA, A, g.lda, g.transa, veca, i0, g.m, s * WT_BK, g.k,
                      WT_BM, WT_BK, WT_THREADS, t);
      matmul_async_tile(bs_buf + s * WT_BK * WT_SPB, B, g.ldb, !g.transb, vecb, j0, g.n, s * WT_BK, g.k,
                      WT_BN, WT_BK, WT_THREADS, t);
    }
    MATMUL_CP_ASYNC_COMMIT();
  }
  for (int s = 0; s < slices; s++) {
    MATMUL_CP_ASYNC_WAIT(MATMUL_ASYNC_SLICES - 2);
    __syncthreads();
    int next = s + MATMUL_ASYNC_SLICES - 1, nb = next % MATMUL_ASYNC_SLICES;
    if (next < slices) {
      matmul_async_tile(as_buf + nb * WT_BK * WT_SPA, A, g.lda, g.transa, veca, i0, g.m, next * WT_BK, g.k,
                      WT_BM, WT_BK, WT_THREADS, t);
      matmul_async_tile(bs_buf + nb * WT_BK * WT_SPB, B, g.ldb, !g.transb, vecb, j0, g.n, next * WT_BK, g.k,
                      WT_BN, WT_BK, WT_THREADS, t);
    }
    MATMUL_CP_ASYNC_COMMIT();
    {
      const float *as = as_buf + (s % MATMUL_ASYNC_SLICES) * WT_BK * WT_SPA;
      const float *bs = bs_buf + (s % MATMUL_ASYNC_SLICES) * WT_BK * WT_SPB;
      WT_MULTIPLY(as, bs);
    }
  }
  MATMUL_CP_ASYNC_WAIT(0);
  WT_BLEND(g);
}

#line 4455 "chapters/04-matmul.nw"
litdnnStatus_t litdnn_matmul_async_cuda(litdnnHandle_t h, const void *args)
{
  const litdnn_matmul_args *g = (const litdnn_matmul_args *)args;
  static int smem_asked;
  litdnnStatus_t st = matmul_allow_smem((const void *)matmul_async, "matmul_async", MATMUL_ASYNC_SMEM, &smem_asked, g->call);
  if (st != LITDNN_STATUS_SUCCESS)
    return st;
  for (int first = 0; first < g->batch; first += MATMUL_MAX_GRID_Z) {
    litdnn_matmul_args s = matmul_batch_slice(g, first);
    dim3 grid = litdnn_dim3((unsigned)(s.m + WT_BM - 1) / WT_BM, (unsigned)(s.n + WT_BN - 1) / WT_BN,
                            (unsigned)s.batch);
    matmul_async<<<grid, WT_THREADS, MATMUL_ASYNC_SMEM, litdnn_gpu_stream(h)>>>(s);
  }
  return litdnn_gpu_launch_status(g->call, "matmul_async");
}
