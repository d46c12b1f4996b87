/* Exercise 04-tiled-gemm: the shared-memory tiled matrix multiply.
 *
 * Fill in the holes marked TODO; change nothing else. Then run
 *   make grade EX=04-tiled-gemm
 * The task, the tests and their points are in README.md. */
#include "core/gpu.h"
#include "exercise.h"

#define TILE 32   /* the block is TILE x TILE threads and computes a TILE x TILE tile of C */

/* Thread (tx, ty) of block (bx, by) computes C(i, j) with i = bx*TILE + tx,
   j = by*TILE + ty. */
static __global__ void gemm_tiled(const float *A, int lda, const float *B, int ldb, float *C, int ldc,
                                  int m, int n, int k, float alpha, float beta)
{
  __shared__ float As[TILE][TILE];   /* As[p][i] = A(i0 + i, p0 + p) */
  __shared__ float Bs[TILE][TILE];   /* Bs[j][p] = B(p0 + p, j0 + j) */
  int tx = threadIdx.x, ty = threadIdx.y;
  int i = blockIdx.x * TILE + tx, j = blockIdx.y * TILE + ty;
  float acc = 0.0f;
  for (int p0 = 0; p0 < k; p0 += TILE) {
    /* TODO(1): copy A(i, p0 + ty) into As[ty][tx] and B(p0 + tx, j) into
       Bs[ty][tx]. Where the element lies outside A or B, store 0.0f
       instead (a zero adds nothing to the sum). */

    /* TODO(2): make sure both tiles are complete before anyone reads them. */

    /* TODO(3): add the TILE products of row tx of the A tile and column ty
       of the B tile to acc. */

    /* TODO(4): make sure nobody overwrites the tiles (next iteration) while
       another thread still reads them. */
  }
  /* TODO(5): if (i, j) lies inside C, write alpha * acc + beta * C(i, j)
     there; when beta == 0, do not read C. */
  (void)acc, (void)i, (void)j;
}

litdnnStatus_t exercise_gemm_tiled(litdnnHandle_t h, int m, int n, int k, float alpha, const float *A,
                                   int lda, const float *B, int ldb, float beta, float *C, int ldc)
{
  dim3 grid = litdnn_dim3((unsigned)((m + TILE - 1) / TILE), (unsigned)((n + TILE - 1) / TILE), 1);
  dim3 block = litdnn_dim3(TILE, TILE, 1);
  gemm_tiled<<<grid, block, 0, litdnn_gpu_stream(h)>>>(A, lda, B, ldb, C, ldc, m, n, k, alpha, beta);
  return litdnn_gpu_launch_status("exercise_gemm_tiled", "gemm_tiled");
}
