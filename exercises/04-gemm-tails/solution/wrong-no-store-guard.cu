/* Exercise 04-gemm-tails: a known-wrong solution (the store writes outside C), for the grader's self-test. */
#include "core/gpu.h"
#include "exercise.h"

#define BM 128
#define BN 128
#define BK 8
#define TT 8
#define THREADS 256

static __global__ void gemm_blocked(const float *A, int lda, const float *B, int ldb, float *C, int ldc,
                                    int m, int n, int k, float alpha, float beta)
{
  __shared__ float As[BK][BM];
  __shared__ float Bs[BK][BN];
  int t = threadIdx.x;
  int ti = (t % (BM / TT)) * TT, tj = (t / (BM / TT)) * TT;
  int i0 = blockIdx.x * BM, j0 = blockIdx.y * BN;
  float acc[TT][TT];
  for (int r = 0; r < TT; r++)
    for (int c = 0; c < TT; c++)
      acc[r][c] = 0.0f;
  for (int p0 = 0; p0 < k; p0 += BK) {
    for (int l = 0; l < BM * BK / THREADS; l++) {
      int e = t + l * THREADS;
      int ai = e % BM, ap = e / BM;
      int bp = e % BK, bj = e / BK;
      As[ap][ai] = (i0 + ai < m && p0 + ap < k) ? A[(i0 + ai) + (size_t)(p0 + ap) * lda] : 0.0f;
      Bs[bp][bj] = (p0 + bp < k && j0 + bj < n) ? B[(p0 + bp) + (size_t)(j0 + bj) * ldb] : 0.0f;
    }
    __syncthreads();
    for (int p = 0; p < BK; p++)
      for (int r = 0; r < TT; r++)
        for (int c = 0; c < TT; c++)
          acc[r][c] += As[p][ti + r] * Bs[p][tj + c];
    __syncthreads();
  }
  for (int c = 0; c < TT; c++)
    for (int r = 0; r < TT; r++) {
      int i = i0 + ti + r, j = j0 + tj + c;
      float *out = C + i + (size_t)j * ldc;   /* wrong: no bounds check */
      *out = beta == 0.0f ? alpha * acc[r][c] : alpha * acc[r][c] + beta * *out;
    }
}

litdnnStatus_t exercise_gemm_tails(litdnnHandle_t h, int m, int n, int k, float alpha, const float *A,
                                   int lda, const float *B, int ldb, float beta, float *C, int ldc)
{
  dim3 grid = litdnn_dim3((unsigned)((m + BM - 1) / BM), (unsigned)((n + BN - 1) / BN), 1);
  gemm_blocked<<<grid, THREADS, 0, litdnn_gpu_stream(h)>>>(A, lda, B, ldb, C, ldc, m, n, k, alpha, beta);
  return litdnn_gpu_launch_status("exercise_gemm_tails", "gemm_blocked");
}
