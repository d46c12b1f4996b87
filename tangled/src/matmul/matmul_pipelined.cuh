#line 4395 "chapters/04-matmul.nw"
/* The register-staged pipelined kernel, for the warp-tile shape the
   including file sets (WT_WARPS_M, WT_WARPS_N, WT_RM, WT_RN, WT_BK), and
   a stage function named WT_ENTRY when the file defines it. */
#ifndef LITDNN_MATMUL_PIPELINED_CUH
#define LITDNN_MATMUL_PIPELINED_CUH
#include "matmul/matmul_warptile.cuh"

#line 965 "chapters/04-matmul.nw"
static __global__ void __launch_bounds__(WT_THREADS, 2) matmul_pipelined(litdnn_matmul_args g)
{
  __shared__ float as_buf[2 * WT_BK * WT_SPA];
  __shared__ float bs_buf[2 * WT_BK * WT_SPB];
  WT_PLACE(g);
  matmul_fetch_tile(ra, A, g.lda, g.transa, veca, i0, g.m, 0, g.k, WT_BM, WT_BK, WT_THREADS, t);
  matmul_fetch_tile(rb, B, g.ldb, !g.transb, vecb, j0, g.n, 0, g.k, WT_BN, WT_BK, WT_THREADS, t);
  matmul_store_tile(as_buf, ra, g.transa, WT_BM, WT_BK, WT_THREADS, t);
  matmul_store_tile(bs_buf, rb, !g.transb, WT_BN, WT_BK, WT_THREADS, t);
  __syncthreads();
  for (int p0 = 0, cur = 0; p0 < g.k; p0 += WT_BK, cur ^= 1) {
    int more = p0 + WT_BK < g.k;
    if (more) {   /* issue the next slice's loads; they land while we multiply */
      matmul_fetch_tile(ra, A, g.lda, g.transa, veca, i0, g.m, p0 + WT_BK, g.k, WT_BM, WT_BK, WT_THREADS, t);
      matmul_fetch_tile(rb, B, g.ldb, !g.transb, vecb, j0, g.n, p0 + WT_BK, g.k, WT_BN, WT_BK, WT_THREADS, t);
    }
    {
      const float *as = as_buf + cur * WT_BK * WT_SPA, *bs = bs_buf + cur * WT_BK * WT_SPB;
      WT_MULTIPLY(as, bs);
    }
    if (more) {
      matmul_store_tile(as_buf + (cur ^ 1) * WT_BK * WT_SPA, ra, g.transa, WT_BM, WT_BK, WT_THREADS, t);
      matmul_store_tile(bs_buf + (cur ^ 1) * WT_BK * WT_SPB, rb, !g.transb, WT_BN, WT_BK, WT_THREADS, t);
    }
    __syncthreads();
  }
  WT_BLEND(g);
}
#line 4415 "chapters/04-matmul.nw"
static litdnnStatus_t matmul_pipelined_tiles(litdnnHandle_t h, const litdnn_matmul_args *g)
{
  for (int first = 0; first < g->batch; first += MATMUL_MAX_GRID_Z) {
    litdnn_matmul_args s = matmul_batch_slice(g, first);
    dim3 grid = litdnn_dim3((unsigned)(s.m + WT_BM - 1) / WT_BM, (unsigned)(s.n + WT_BN - 1) / WT_BN,
                            (unsigned)s.batch);
    matmul_pipelined<<<grid, WT_THREADS, 0, litdnn_gpu_stream(h)>>>(s);
  }
  return litdnn_gpu_launch_status(g->call, "matmul_pipelined");
}
#line 4404 "chapters/04-matmul.nw"
#ifdef WT_ENTRY
#define WT_GPU_FN_(base) LITDNN_GPU_FN(base)
litdnnStatus_t WT_GPU_FN_(WT_ENTRY)(litdnnHandle_t h, const void *args)
{
  return matmul_pipelined_tiles(h, (const litdnn_matmul_args *)args);
}
#endif
#endif
