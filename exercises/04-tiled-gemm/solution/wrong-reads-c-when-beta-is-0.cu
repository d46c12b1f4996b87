/* Exercise 04-tiled-gemm: a known-wrong solution (C is read even when beta is 0), for the grader's self-test. */
#include "core/gpu.h"
#include "exercise.h"

#define TILE 32

static __global__ void gemm_tiled(const float *A, int lda, const float *B, int ldb, float *C, int ldc,
                                  int m, int n, int k, float alpha, float beta)
{
  __shared__ float As[TILE][TILE];
  __shared__ float Bs[TILE][TILE];
  int tx = threadIdx.x, ty = threadIdx.y;
  int i = blockIdx.x * TILE + tx, j = blockIdx.y * TILE + ty;
  float acc = 0.0f;
  for (int p0 = 0; p0 < k; p0 += TILE) {
    int pa = p0 + ty, pb = p0 + tx;
    As[ty][tx] = (i < m && pa < k) ? A[i + (size_t)pa * lda] : 0.0f;
    Bs[ty][tx] = (pb < k && j < n) ? B[pb + (size_t)j * ldb] : 0.0f;
    __syncthreads();
    for (int p = 0; p < TILE; p++)
      acc += As[p][tx] * Bs[ty][p];
    __syncthreads();
  }
  if (i < m && j < n) {
    float *c = C + i + (size_t)j * ldc;
    *c = alpha * acc + beta * *c;   /* wrong: 0 * NaN is NaN */
  }
}

litdnnStatus_t exercise_gemm_tiled(litdnnHandle_t h, int m, int n, int k, float alpha, const float *A,
                                   int lda, const float *B, int ldb, float beta, float *C, int ldc)
{
  dim3 grid = litdnn_dim3((unsigned)((m + TILE - 1) / TILE), (unsigned)((n + TILE - 1) / TILE), 1);
  dim3 block = litdnn_dim3(TILE, TILE, 1);
  gemm_tiled<<<grid, block, 0, litdnn_gpu_stream(h)>>>(A, lda, B, ldb, C, ldc, m, n, k, alpha, beta);
  return litdnn_gpu_launch_status("exercise_gemm_tiled", "gemm_tiled");
}
