#line 4218 "chapters/04-matmul.nw"
#include "core/prelude.cuh"
#include "matmul/matmul.h"
#include "matmul/matmul_device.cuh"

#line 414 "chapters/04-matmul.nw"
#define TILE 32
static __global__ void matmul_tiled(litdnn_matmul_args g)
{
  __shared__ float As[TILE][TILE];   /* As[p][i] = op(A)(i0 + i, p0 + p) */
  __shared__ float Bs[TILE][TILE];   /* Bs[j][p] = op(B)(p0 + p, j0 + j) */
  int tx = threadIdx.x, ty = threadIdx.y;
  int i = blockIdx.x * TILE + tx, j = blockIdx.y * TILE + ty;
  MATMUL_BATCH_POINTERS(g, A, B, C);
  float acc = 0.0f;
  for (int p0 = 0; p0 < g.k; p0 += TILE) {
    
#line 445 "chapters/04-matmul.nw"
int pa = p0 + ty, pb = p0 + tx;
As[ty][tx] = (i < g.m && pa < g.k) ? matmul_op_at(A, g.lda, g.transa, i, pa) : 0.0f;
Bs[ty][tx] = (pb < g.k && j < g.n) ? matmul_op_at(B, g.ldb, g.transb, pb, j) : 0.0f;
#line 425 "chapters/04-matmul.nw"
    __syncthreads();   /* 1: the tiles are complete before anyone reads them */
    for (int p = 0; p < TILE; p++)
      acc += As[p][tx] * Bs[ty][p];
    __syncthreads();   /* 2: everyone is done reading before the next copy */
  }
  if (i < g.m && j < g.n)
    matmul_blend1(C, g.ldc, i, j, acc, g.alpha, g.beta);
}

#line 4224 "chapters/04-matmul.nw"
litdnnStatus_t LITDNN_GPU_FN(litdnn_matmul_tiled)(litdnnHandle_t h, const void *args)
{
  const litdnn_matmul_args *g = (const litdnn_matmul_args *)args;
  for (int first = 0; first < g->batch; first += MATMUL_MAX_GRID_Z) {
    litdnn_matmul_args s = matmul_batch_slice(g, first);
    dim3 grid = litdnn_dim3((unsigned)(s.m + TILE - 1) / TILE, (unsigned)(s.n + TILE - 1) / TILE,
                            (unsigned)s.batch);
    matmul_tiled<<<grid, litdnn_dim3(TILE, TILE, 1), 0, litdnn_gpu_stream(h)>>>(s);
  }
  return litdnn_gpu_launch_status(g->call, "matmul_tiled");
}
