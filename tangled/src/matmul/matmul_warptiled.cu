#line 4326 "chapters/04-matmul.nw"
#include "core/prelude.cuh"
#include "matmul/matmul.h"
#define WT_WARPS_M 2
#define WT_WARPS_N 4
#define WT_RM 2
#define WT_RN 2
#define WT_BK 8
#include "matmul/matmul_warptile.cuh"

#line 913 "chapters/04-matmul.nw"
static __global__ void __launch_bounds__(WT_THREADS, 2) matmul_warptiled(litdnn_matmul_args g)
{
  __shared__ float as[WT_BK * WT_SPA];
  __shared__ float bs[WT_BK * WT_SPB];
  WT_PLACE(g);
  for (int p0 = 0; p0 < g.k; p0 += WT_BK) {
    matmul_fetch_tile(ra, A, g.lda, g.transa, veca, i0, g.m, p0, g.k, WT_BM, WT_BK, WT_THREADS, t);
    matmul_fetch_tile(rb, B, g.ldb, !g.transb, vecb, j0, g.n, p0, g.k, WT_BN, WT_BK, WT_THREADS, t);
    matmul_store_tile(as, ra, g.transa, WT_BM, WT_BK, WT_THREADS, t);
    matmul_store_tile(bs, rb, !g.transb, WT_BN, WT_BK, WT_THREADS, t);
    __syncthreads();
    WT_MULTIPLY(as, bs);
    __syncthreads();
  }
  WT_BLEND(g);
}

#line 4337 "chapters/04-matmul.nw"
litdnnStatus_t LITDNN_GPU_FN(litdnn_matmul_warptiled)(litdnnHandle_t h, const void *args)
{
  const litdnn_matmul_args *g = (const litdnn_matmul_args *)args;
  for (int first = 0; first < g->batch; first += MATMUL_MAX_GRID_Z) {
    litdnn_matmul_args s = matmul_batch_slice(g, first);
    dim3 grid = litdnn_dim3((unsigned)(s.m + WT_BM - 1) / WT_BM, (unsigned)(s.n + WT_BN - 1) / WT_BN,
                            (unsigned)s.batch);
    matmul_warptiled<<<grid, WT_THREADS, 0, litdnn_gpu_stream(h)>>>(s);
  }
  return litdnn_gpu_launch_status(g->call, "matmul_warptiled");
}
