#line 488 "chapters/04-matmul.nw"
#include "core/prelude.cuh"
#include "matmul/matmul.h"

#line 289 "chapters/04-matmul.nw"
/* op(X)(r, c) of a column-major X with leading dimension ld */
static __device__ inline float matmul_op_at(const float *X, int64_t ld, int trans, int r, int c)
{
  return trans ? X[c + (int64_t)r * ld] : X[r + (int64_t)c * ld];
}

/* C(i, j) = alpha * acc + beta * C(i, j); with beta == 0, C is not read */
static __device__ inline void matmul_blend1(float *C, int64_t ldc, int i, int j, float acc,
                                          float alpha, float beta)
{
  float *c = C + i + (int64_t)j * ldc;
  *c = beta == 0.0f ? alpha * acc : alpha * acc + beta * *c;
}

/* the three matrices of batch entry blockIdx.z */
#define MATMUL_BATCH_POINTERS(g, A, B, C)                                           \
  const float *A = (g).A + (int64_t)blockIdx.z * (g).strideA;                     \
  const float *B = (g).B + (int64_t)blockIdx.z * (g).strideB;                     \
  float *C = (g).C + (int64_t)blockIdx.z * (g).strideC

/* loop unrolling: a hint for nvcc, nothing for the emulator's C compiler */
#if defined(__CUDACC__)
#define MATMUL_UNROLL _Pragma("unroll")
#else
#define MATMUL_UNROLL
#endif
#line 1326 "chapters/04-matmul.nw"
/* let kernel fn (called name in messages) launch with bytes of dynamic shared memory;
   *asked remembers, per kernel and process, that it is done. Above 48 KB a block must
   ask; below, asking is harmless */
static inline litdnnStatus_t matmul_allow_smem(const void *fn, const char *name, int bytes, int *asked,
                                             const char *call)
{
  if (*asked)
    return LITDNN_STATUS_SUCCESS;
  cudaError_t err = cudaFuncSetAttribute(fn, cudaFuncAttributeMaxDynamicSharedMemorySize, bytes);
  if (err != cudaSuccess)
    return litdnn_error(LITDNN_STATUS_EXECUTION_FAILED_CUDA, call, "cannot give %s %d bytes of shared memory: %s",
                        name, bytes, cudaGetErrorString(err));
  *asked = 1;
  return LITDNN_STATUS_SUCCESS;
}
#line 451 "chapters/04-matmul.nw"
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
    
#line 482 "chapters/04-matmul.nw"
int pa = p0 + ty, pb = p0 + tx;
As[ty][tx] = (i < g.m && pa < g.k) ? matmul_op_at(A, g.lda, g.transa, i, pa) : 0.0f;
Bs[ty][tx] = (pb < g.k && j < g.n) ? matmul_op_at(B, g.ldb, g.transb, pb, j) : 0.0f;
#line 462 "chapters/04-matmul.nw"
    __syncthreads();   /* 1: the tiles are complete before anyone reads them */
    for (int p = 0; p < TILE; p++)
      acc += As[p][tx] * Bs[ty][p];
    __syncthreads();   /* 2: everyone is done reading before the next copy */
  }
  if (i < g.m && j < g.n)
    matmul_blend1(C, g.ldc, i, j, acc, g.alpha, g.beta);
}

#line 494 "chapters/04-matmul.nw"
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
