#line 4288 "chapters/04-matmul.nw"
#include "core/prelude.cuh"
#include "matmul/matmul.h"
#include "matmul/matmul_tiles.cuh"

#line 725 "chapters/04-matmul.nw"
#define V_BM 128
#define V_BN 128
#define V_BK 8
#define V_THREADS 256
#define V_SP (V_BM + 4)
static __global__ void __launch_bounds__(V_THREADS, 2) matmul_vectorized(litdnn_matmul_args g)
{
  __shared__ float As[V_BK * V_SP];
  __shared__ float Bs[V_BK * V_SP];
  int t = threadIdx.x;
  int ti = (t % 16) * 8, tj = (t / 16) * 8;
  int i0 = blockIdx.x * V_BM, j0 = blockIdx.y * V_BN;
  MATMUL_BATCH_POINTERS(g, A, B, C);
  int veca = matmul_vec_ok(A, g.lda), vecb = matmul_vec_ok(B, g.ldb), vecc = matmul_vec_ok(C, g.ldc);
  float acc[8][8], a[8], b[8];
  float4 ra[1], rb[1];
  LITDNN_UNROLL
  for (int r = 0; r < 8; r++)
    LITDNN_UNROLL
    for (int c = 0; c < 8; c++)
      acc[r][c] = 0.0f;
  for (int p0 = 0; p0 < g.k; p0 += V_BK) {
    matmul_fetch_tile(ra, A, g.lda, g.transa, veca, i0, g.m, p0, g.k, V_BM, V_BK, V_THREADS, t);
    matmul_fetch_tile(rb, B, g.ldb, !g.transb, vecb, j0, g.n, p0, g.k, V_BN, V_BK, V_THREADS, t);
    matmul_store_tile(As, ra, g.transa, V_BM, V_BK, V_THREADS, t);
    matmul_store_tile(Bs, rb, !g.transb, V_BN, V_BK, V_THREADS, t);
    __syncthreads();
    LITDNN_UNROLL
    for (int p = 0; p < V_BK; p++) {
      float4 a0 = *(const float4 *)&As[p * V_SP + ti], a1 = *(const float4 *)&As[p * V_SP + ti + 4];
      float4 b0 = *(const float4 *)&Bs[p * V_SP + tj], b1 = *(const float4 *)&Bs[p * V_SP + tj + 4];
      a[0] = a0.x; a[1] = a0.y; a[2] = a0.z; a[3] = a0.w;
      a[4] = a1.x; a[5] = a1.y; a[6] = a1.z; a[7] = a1.w;
      b[0] = b0.x; b[1] = b0.y; b[2] = b0.z; b[3] = b0.w;
      b[4] = b1.x; b[5] = b1.y; b[6] = b1.z; b[7] = b1.w;
      LITDNN_UNROLL
      for (int r = 0; r < 8; r++)
        LITDNN_UNROLL
        for (int c = 0; c < 8; c++)
          acc[r][c] += a[r] * b[c];
    }
    __syncthreads();
  }
  LITDNN_UNROLL
  for (int c = 0; c < 8; c++)
    if (j0 + tj + c < g.n)
      LITDNN_UNROLL
      for (int h = 0; h < 2; h++)
        if (i0 + ti + 4 * h < g.m)
          matmul_store4(C, g.ldc, i0 + ti + 4 * h, j0 + tj + c, g.m,
                      make_float4(acc[4 * h][c], acc[4 * h + 1][c], acc[4 * h + 2][c], acc[4 * h + 3][c]),
                      g.alpha, g.beta, vecc);
}

#line 4294 "chapters/04-matmul.nw"
litdnnStatus_t LITDNN_GPU_FN(litdnn_matmul_vectorized)(litdnnHandle_t h, const void *args)
{
  const litdnn_matmul_args *g = (const litdnn_matmul_args *)args;
  for (int first = 0; first < g->batch; first += MATMUL_MAX_GRID_Z) {
    litdnn_matmul_args s = matmul_batch_slice(g, first);
    dim3 grid = litdnn_dim3((unsigned)(s.m + V_BM - 1) / V_BM, (unsigned)(s.n + V_BN - 1) / V_BN,
                            (unsigned)s.batch);
    matmul_vectorized<<<grid, V_THREADS, 0, litdnn_gpu_stream(h)>>>(s);
  }
  return litdnn_gpu_launch_status(g->call, "matmul_vectorized");
}
