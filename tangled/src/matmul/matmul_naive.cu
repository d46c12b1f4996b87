#line 4183 "chapters/04-matmul.nw"
#include "core/prelude.cuh"
#include "matmul/matmul.h"
#include "matmul/matmul_device.cuh"

#line 311 "chapters/04-matmul.nw"
static __global__ void matmul_naive(litdnn_matmul_args g)
{
  int j = blockIdx.x * 32 + threadIdx.x;
  int i = blockIdx.y * 32 + threadIdx.y;
  MATMUL_BATCH_POINTERS(g, A, B, C);
  if (i < g.m && j < g.n) {
    float acc = 0.0f;
    for (int p = 0; p < g.k; p++)
      acc += matmul_op_at(A, g.lda, g.transa, i, p) * matmul_op_at(B, g.ldb, g.transb, p, j);
    matmul_blend1(C, g.ldc, i, j, acc, g.alpha, g.beta);
  }
}
#line 353 "chapters/04-matmul.nw"
static __global__ void matmul_coalesced(litdnn_matmul_args g)
{
  int i = blockIdx.x * 32 + threadIdx.x;
  int j = blockIdx.y * 32 + threadIdx.y;
  MATMUL_BATCH_POINTERS(g, A, B, C);
  if (i < g.m && j < g.n) {
    float acc = 0.0f;
    for (int p = 0; p < g.k; p++)
      acc += matmul_op_at(A, g.lda, g.transa, i, p) * matmul_op_at(B, g.ldb, g.transb, p, j);
    matmul_blend1(C, g.ldc, i, j, acc, g.alpha, g.beta);
  }
}

#line 4190 "chapters/04-matmul.nw"
litdnnStatus_t LITDNN_GPU_FN(litdnn_matmul_naive)(litdnnHandle_t h, const void *args)
{
  const litdnn_matmul_args *g = (const litdnn_matmul_args *)args;
  for (int first = 0; first < g->batch; first += MATMUL_MAX_GRID_Z) {
    litdnn_matmul_args s = matmul_batch_slice(g, first);
    dim3 grid = litdnn_dim3((unsigned)(s.n + 31) / 32, (unsigned)(s.m + 31) / 32, (unsigned)s.batch);
    dim3 block = litdnn_dim3(32, 32, 1);
    matmul_naive<<<grid, block, 0, litdnn_gpu_stream(h)>>>(s);
  }
  return litdnn_gpu_launch_status(g->call, "matmul_naive");
}

litdnnStatus_t LITDNN_GPU_FN(litdnn_matmul_coalesced)(litdnnHandle_t h, const void *args)
{
  const litdnn_matmul_args *g = (const litdnn_matmul_args *)args;
  for (int first = 0; first < g->batch; first += MATMUL_MAX_GRID_Z) {
    litdnn_matmul_args s = matmul_batch_slice(g, first);
    dim3 grid = litdnn_dim3((unsigned)(s.m + 31) / 32, (unsigned)(s.n + 31) / 32, (unsigned)s.batch);
    dim3 block = litdnn_dim3(32, 32, 1);
    matmul_coalesced<<<grid, block, 0, litdnn_gpu_stream(h)>>>(s);
  }
  return litdnn_gpu_launch_status(g->call, "matmul_coalesced");
}
