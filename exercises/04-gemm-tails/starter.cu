/* Exercise 04-gemm-tails: make a register-blocked GEMM work for any size.
 *
 * The kernel below is correct only when m and n are multiples of 128 and
 * k a multiple of 8. Fill in the holes marked TODO so that it is correct
 * for every m, n, k >= 1; change nothing else. Then run
 *   make grade EX=04-gemm-tails
 * The task, the tests and their points are in README.md. */
#include "core/gpu.h"
#include "exercise.h"

#define BM 128          /* block tile: BM x BN outputs, slices of BK along k */
#define BN 128
#define BK 8
#define TT 8            /* each thread: a TT x TT block of outputs */
#define THREADS 256

static __global__ void gemm_blocked(const float *A, int lda, const float *B, int ldb, float *C, int ldc,
                                    int m, int n, int k, float alpha, float beta)
{
  __shared__ float As[BK][BM];   /* As[p][i] = A(i0 + i, p0 + p) */
  __shared__ float Bs[BK][BN];   /* Bs[p][j] = B(p0 + p, j0 + j) */
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
      int ai = e % BM, ap = e / BM;    /* this thread's element of the A tile */
      int bp = e % BK, bj = e / BK;    /* and of the B tile */
      /* TODO(1): this assumes A(i0 + ai, p0 + ap) lies inside A. Store 0.0f
         instead when it does not (row past m, or column past k). */
      As[ap][ai] = A[(i0 + ai) + (size_t)(p0 + ap) * lda];
      /* TODO(2): the same for B(p0 + bp, j0 + bj): row past k, column past n. */
      Bs[bp][bj] = B[(p0 + bp) + (size_t)(j0 + bj) * ldb];
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
      /* TODO(3): write only the outputs that lie inside C (i < m, j < n). */
      float *out = C + i + (size_t)j * ldc;
      *out = beta == 0.0f ? alpha * acc[r][c] : alpha * acc[r][c] + beta * *out;
    }
}

litdnnStatus_t exercise_gemm_tails(litdnnHandle_t h, int m, int n, int k, float alpha, const float *A,
                                   int lda, const float *B, int ldb, float beta, float *C, int ldc)
{
  /* TODO(4): the grid below covers only whole tiles; cover all of C. */
  dim3 grid = litdnn_dim3((unsigned)(m / BM), (unsigned)(n / BN), 1);
  if (grid.x == 0 || grid.y == 0)
    return LITDNN_STATUS_SUCCESS;
  gemm_blocked<<<grid, THREADS, 0, litdnn_gpu_stream(h)>>>(A, lda, B, ldb, C, ldc, m, n, k, alpha, beta);
  return litdnn_gpu_launch_status("exercise_gemm_tails", "gemm_blocked");
}
