#line 4863 "chapters/04-matmul.nw"
#include "core/prelude.cuh"
#include "matmul/matmul.h"
#include <mma.h>
#define WT_WARPS_M 2
#define WT_WARPS_N 4
#define WT_RM 2
#define WT_RN 2
#define WT_BK 8
#include "matmul/matmul_warptile.cuh"

#line 1876 "chapters/04-matmul.nw"
#define FM (WT_WTM / 16)   /* accumulator fragments per warp tile, along m */
#define FN (WT_WTN / 16)   /* and along n */
static __global__ void __launch_bounds__(WT_THREADS, 2) matmul_wmma_tf32(litdnn_matmul_args g)
{
  using namespace nvcuda;
  __shared__ __align__(32) float as_buf[2 * WT_BK * WT_SPA];
  __shared__ __align__(32) float bs_buf[2 * WT_BK * WT_SPB];
  int t = threadIdx.x, lane = t % 32, warp = t / 32;
  int wm = (warp % WT_WARPS_M) * WT_WTM, wn = (warp / WT_WARPS_M) * WT_WTN;
  int i0 = blockIdx.x * WT_BM, j0 = blockIdx.y * WT_BN;
  MATMUL_BATCH_POINTERS(g, A, B, C);
  int veca = matmul_vec_ok(A, g.lda), vecb = matmul_vec_ok(B, g.ldb);
  float4 ra[WT_LA], rb[WT_LB];
  wmma::fragment<wmma::accumulator, 16, 16, 8, float> acc[FM][FN];
  LITDNN_UNROLL
  for (int x = 0; x < FM; x++)
    LITDNN_UNROLL
    for (int y = 0; y < FN; y++)
      wmma::fill_fragment(acc[x][y], 0.0f);

  matmul_fetch_tile(ra, A, g.lda, g.transa, veca, i0, g.m, 0, g.k, WT_BM, WT_BK, WT_THREADS, t);
  matmul_fetch_tile(rb, B, g.ldb, !g.transb, vecb, j0, g.n, 0, g.k, WT_BN, WT_BK, WT_THREADS, t);
  matmul_store_tile(as_buf, ra, g.transa, WT_BM, WT_BK, WT_THREADS, t);
  matmul_store_tile(bs_buf, rb, !g.transb, WT_BN, WT_BK, WT_THREADS, t);
  __syncthreads();
  for (int p0 = 0, cur = 0; p0 < g.k; p0 += WT_BK, cur ^= 1) {
    int more = p0 + WT_BK < g.k;
    if (more) {
      matmul_fetch_tile(ra, A, g.lda, g.transa, veca, i0, g.m, p0 + WT_BK, g.k, WT_BM, WT_BK, WT_THREADS, t);
      matmul_fetch_tile(rb, B, g.ldb, !g.transb, vecb, j0, g.n, p0 + WT_BK, g.k, WT_BN, WT_BK, WT_THREADS, t);
    }
    const float *as = as_buf + cur * WT_BK * WT_SPA, *bs = bs_buf + cur * WT_BK * WT_SPB;
    LITDNN_UNROLL
    for (int kk = 0; kk < WT_BK; kk += 8) {
      wmma::fragment<wmma::matrix_a, 16, 16, 8, wmma::precision::tf32, wmma::col_major> fa[FM];
      wmma::fragment<wmma::matrix_b, 16, 16, 8, wmma::precision::tf32, wmma::row_major> fb[FN];
      LITDNN_UNROLL
      for (int x = 0; x < FM; x++) {
        wmma::load_matrix_sync(fa[x], as + kk * WT_SPA + wm + 16 * x, WT_SPA);
        for (int e = 0; e < fa[x].num_elements; e++)
          fa[x].x[e] = wmma::__float_to_tf32(fa[x].x[e]);
      }
      LITDNN_UNROLL
      for (int y = 0; y < FN; y++) {
        wmma::load_matrix_sync(fb[y], bs + kk * WT_SPB + wn + 16 * y, WT_SPB);
        for (int e = 0; e < fb[y].num_elements; e++)
          fb[y].x[e] = wmma::__float_to_tf32(fb[y].x[e]);
      }
      LITDNN_UNROLL
      for (int x = 0; x < FM; x++)
        LITDNN_UNROLL
        for (int y = 0; y < FN; y++)
          wmma::mma_sync(acc[x][y], fa[x], fb[y], acc[x][y]);
    }
    if (more) {
      matmul_store_tile(as_buf + (cur ^ 1) * WT_BK * WT_SPA, ra, g.transa, WT_BM, WT_BK, WT_THREADS, t);
      matmul_store_tile(bs_buf + (cur ^ 1) * WT_BK * WT_SPB, rb, !g.transb, WT_BN, WT_BK, WT_THREADS, t);
    }
    __syncthreads();
  }
  /* the tiles are free now: each warp blends through its own 16 x 16 square */
  float *scratch = as_buf + warp * 256;
  LITDNN_UNROLL
  for (int x = 0; x < FM; x++)
    LITDNN_UNROLL
    for (int y = 0; y < FN; y++) {
      wmma::store_matrix_sync(scratch, acc[x][y], 16, wmma::mem_col_major);
      __syncwarp();
      for (int e = lane; e < 256; e += 32) {
        int i = i0 + wm + 16 * x + e % 16, j = j0 + wn + 16 * y + e / 16;
        if (i < g.m && j < g.n)
          matmul_blend1(C, g.ldc, i, j, scratch[e], g.alpha, g.beta);
      }
      __syncwarp();
    }
}

#line 4875 "chapters/04-matmul.nw"
litdnnStatus_t litdnn_matmul_wmma_tf32_cuda(litdnnHandle_t h, const void *args)
{
  const litdnn_matmul_args *g = (const litdnn_matmul_args *)args;
  for (int first = 0; first < g->batch; first += MATMUL_MAX_GRID_Z) {
    litdnn_matmul_args s = matmul_batch_slice(g, first);
    dim3 grid = litdnn_dim3((unsigned)(s.m + WT_BM - 1) / WT_BM, (unsigned)(s.n + WT_BN - 1) / WT_BN,
                            (unsigned)s.batch);
    matmul_wmma_tf32<<<grid, WT_THREADS, 0, litdnn_gpu_stream(h)>>>(s);
  }
  return litdnn_gpu_launch_status(g->call, "matmul_wmma_tf32");
}
