#line 4240 "chapters/04-matmul.nw"
#include "core/prelude.cuh"
#include "matmul/matmul.h"
#include "matmul/matmul_device.cuh"

#line 471 "chapters/04-matmul.nw"
#define B1_BM 64
#define B1_BN 64
#define B1_BK 8
#define B1_TM 8
static __global__ void matmul_block1d(litdnn_matmul_args g)
{
  __shared__ float As[B1_BK][B1_BM];
  __shared__ float Bs[B1_BK][B1_BN];
  int t = threadIdx.x;
  int tj = t % B1_BN, ti = (t / B1_BN) * B1_TM;
  int i0 = blockIdx.x * B1_BM, j0 = blockIdx.y * B1_BN;
  MATMUL_BATCH_POINTERS(g, A, B, C);
  float acc[B1_TM];
  for (int r = 0; r < B1_TM; r++)
    acc[r] = 0.0f;
  for (int p0 = 0; p0 < g.k; p0 += B1_BK) {
    int ai = t % B1_BM, ap = t / B1_BM;       /* A: consecutive threads, consecutive rows */
    int bp = t % B1_BK, bj = t / B1_BK;       /* B: consecutive threads, consecutive p */
    As[ap][ai] = (i0 + ai < g.m && p0 + ap < g.k) ? matmul_op_at(A, g.lda, g.transa, i0 + ai, p0 + ap) : 0.0f;
    Bs[bp][bj] = (p0 + bp < g.k && j0 + bj < g.n) ? matmul_op_at(B, g.ldb, g.transb, p0 + bp, j0 + bj) : 0.0f;
    __syncthreads();
    for (int p = 0; p < B1_BK; p++) {
      float b = Bs[p][tj];
      LITDNN_UNROLL
      for (int r = 0; r < B1_TM; r++)
        acc[r] += As[p][ti + r] * b;
    }
    __syncthreads();
  }
  for (int r = 0; r < B1_TM; r++)
    if (i0 + ti + r < g.m && j0 + tj < g.n)
      matmul_blend1(C, g.ldc, i0 + ti + r, j0 + tj, acc[r], g.alpha, g.beta);
}
#line 527 "chapters/04-matmul.nw"
#define B2_BM 128
#define B2_BN 128
#define B2_BK 8
#define B2_T 8
#define B2_THREADS 256
static __global__ void __launch_bounds__(B2_THREADS, 2) matmul_block2d(litdnn_matmul_args g)
{
  __shared__ float As[B2_BK][B2_BM];
  __shared__ float Bs[B2_BK][B2_BN];
  int t = threadIdx.x;
  int ti = (t % (B2_BM / B2_T)) * B2_T, tj = (t / (B2_BM / B2_T)) * B2_T;
  int i0 = blockIdx.x * B2_BM, j0 = blockIdx.y * B2_BN;
  MATMUL_BATCH_POINTERS(g, A, B, C);
  float acc[B2_T][B2_T], a[B2_T], b[B2_T];
  for (int r = 0; r < B2_T; r++)
    for (int c = 0; c < B2_T; c++)
      acc[r][c] = 0.0f;
  for (int p0 = 0; p0 < g.k; p0 += B2_BK) {
    for (int l = 0; l < B2_BM * B2_BK / B2_THREADS; l++) {
      int e = t + l * B2_THREADS;
      int ai = e % B2_BM, ap = e / B2_BM, bp = e % B2_BK, bj = e / B2_BK;
      As[ap][ai] = (i0 + ai < g.m && p0 + ap < g.k) ? matmul_op_at(A, g.lda, g.transa, i0 + ai, p0 + ap) : 0.0f;
      Bs[bp][bj] = (p0 + bp < g.k && j0 + bj < g.n) ? matmul_op_at(B, g.ldb, g.transb, p0 + bp, j0 + bj) : 0.0f;
    }
    __syncthreads();
    LITDNN_UNROLL
    for (int p = 0; p < B2_BK; p++) {
      LITDNN_UNROLL
      for (int r = 0; r < B2_T; r++)
        a[r] = As[p][ti + r];
      LITDNN_UNROLL
      for (int c = 0; c < B2_T; c++)
        b[c] = Bs[p][tj + c];
      LITDNN_UNROLL
      for (int r = 0; r < B2_T; r++)
        LITDNN_UNROLL
        for (int c = 0; c < B2_T; c++)
          acc[r][c] += a[r] * b[c];
    }
    __syncthreads();
  }
  for (int c = 0; c < B2_T; c++)
    for (int r = 0; r < B2_T; r++)
      if (i0 + ti + r < g.m && j0 + tj + c < g.n)
        matmul_blend1(C, g.ldc, i0 + ti + r, j0 + tj + c, acc[r][c], g.alpha, g.beta);
}

#line 4247 "chapters/04-matmul.nw"
litdnnStatus_t LITDNN_GPU_FN(litdnn_matmul_block1d)(litdnnHandle_t h, const void *args)
{
  const litdnn_matmul_args *g = (const litdnn_matmul_args *)args;
  for (int first = 0; first < g->batch; first += MATMUL_MAX_GRID_Z) {
    litdnn_matmul_args s = matmul_batch_slice(g, first);
    dim3 grid = litdnn_dim3((unsigned)(s.m + B1_BM - 1) / B1_BM, (unsigned)(s.n + B1_BN - 1) / B1_BN,
                            (unsigned)s.batch);
    matmul_block1d<<<grid, B1_BM * B1_BN / B1_TM, 0, litdnn_gpu_stream(h)>>>(s);
  }
  return litdnn_gpu_launch_status(g->call, "matmul_block1d");
}

litdnnStatus_t LITDNN_GPU_FN(litdnn_matmul_block2d)(litdnnHandle_t h, const void *args)
{
  const litdnn_matmul_args *g = (const litdnn_matmul_args *)args;
  for (int first = 0; first < g->batch; first += MATMUL_MAX_GRID_Z) {
    litdnn_matmul_args s = matmul_batch_slice(g, first);
    dim3 grid = litdnn_dim3((unsigned)(s.m + B2_BM - 1) / B2_BM, (unsigned)(s.n + B2_BN - 1) / B2_BN,
                            (unsigned)s.batch);
    matmul_block2d<<<grid, B2_THREADS, 0, litdnn_gpu_stream(h)>>>(s);
  }
  return litdnn_gpu_launch_status(g->call, "matmul_block2d");
}
