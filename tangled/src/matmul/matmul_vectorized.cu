#line 880 "chapters/04-matmul.nw"
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
#line 719 "chapters/04-matmul.nw"
/* Four consecutive floats X[c..c+3 + s*ld] of a matrix whose contiguous
   dimension has climit elements and whose other has slimit; zero outside. */
static __device__ inline float4 matmul_fetch4(const float *X, int64_t ld, int c, int s, int climit,
                                            int slimit, int vec)
{
  float4 v = make_float4(0.0f, 0.0f, 0.0f, 0.0f);
  if (s < slimit && c < climit) {
    const float *x = X + c + (int64_t)s * ld;
    if (vec && c + 4 <= climit) {
      v = *(const float4 *)x;
    } else {
      v.x = x[0];
      if (c + 1 < climit) v.y = x[1];
      if (c + 2 < climit) v.z = x[2];
      if (c + 3 < climit) v.w = x[3];
    }
  }
  return v;
}

/* Can X take 16-byte loads? Aligned start, leading dimension a multiple of 4. */
static __device__ inline int matmul_vec_ok(const void *X, int64_t ld)
{
  return ((size_t)X % 16) == 0 && ld % 4 == 0;
}

/* Fetch the bk x bo tile at (o0, p0) of an operand into nt threads' registers
   r[0 .. bk*bo/4/nt - 1]. kcontig: the operand is contiguous along k. */
static __device__ inline void matmul_fetch_tile(float4 *r, const float *X, int64_t ld, int kcontig,
                                              int vec, int o0, int olimit, int p0, int klimit,
                                              int bo, int bk, int nt, int tid)
{
  MATMUL_UNROLL
  for (int l = 0; l < bk * bo / 4 / nt; l++) {
    int e = tid + l * nt;
    if (kcontig) {
      int o = e / (bk / 4), p = 4 * (e % (bk / 4));
      r[l] = matmul_fetch4(X, ld, p0 + p, o0 + o, klimit, olimit, vec);
    } else {
      int p = e / (bo / 4), o = 4 * (e % (bo / 4));
      r[l] = matmul_fetch4(X, ld, o0 + o, p0 + p, olimit, klimit, vec);
    }
  }
}

/* Store the registers into the k-major tile S[p * (bo + 4) + o]. */
static __device__ inline void matmul_store_tile(float *S, const float4 *r, int kcontig, int bo, int bk,
                                              int nt, int tid)
{
  int sp = bo + 4;
  MATMUL_UNROLL
  for (int l = 0; l < bk * bo / 4 / nt; l++) {
    int e = tid + l * nt;
    if (kcontig) {   /* transpose on the way in */
      int o = e / (bk / 4), p = 4 * (e % (bk / 4));
      S[(p + 0) * sp + o] = r[l].x;
      S[(p + 1) * sp + o] = r[l].y;
      S[(p + 2) * sp + o] = r[l].z;
      S[(p + 3) * sp + o] = r[l].w;
    } else {
      int p = e / (bo / 4), o = 4 * (e % (bo / 4));
      *(float4 *)&S[p * sp + o] = r[l];
    }
  }
}

/* Blend four consecutive rows i..i+3 of column j of C. */
static __device__ inline void matmul_store4(float *C, int64_t ldc, int i, int j, int m, float4 v,
                                          float alpha, float beta, int vec)
{
  float *c = C + i + (int64_t)j * ldc;
  if (vec && i + 4 <= m) {
    float4 o;
    if (beta == 0.0f) {
      o = make_float4(alpha * v.x, alpha * v.y, alpha * v.z, alpha * v.w);
    } else {
      float4 old = *(const float4 *)c;
      o = make_float4(alpha * v.x + beta * old.x, alpha * v.y + beta * old.y,
                      alpha * v.z + beta * old.z, alpha * v.w + beta * old.w);
    }
    *(float4 *)c = o;
  } else {
    float w[4];
    w[0] = v.x; w[1] = v.y; w[2] = v.z; w[3] = v.w;
    for (int r = 0; r < 4 && i + r < m; r++)
      c[r] = beta == 0.0f ? alpha * w[r] : alpha * w[r] + beta * c[r];
  }
}
#line 814 "chapters/04-matmul.nw"
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
  MATMUL_UNROLL
  for (int r = 0; r < 8; r++)
    MATMUL_UNROLL
    for (int c = 0; c < 8; c++)
      acc[r][c] = 0.0f;
  for (int p0 = 0; p0 < g.k; p0 += V_BK) {
    matmul_fetch_tile(ra, A, g.lda, g.transa, veca, i0, g.m, p0, g.k, V_BM, V_BK, V_THREADS, t);
    matmul_fetch_tile(rb, B, g.ldb, !g.transb, vecb, j0, g.n, p0, g.k, V_BN, V_BK, V_THREADS, t);
    matmul_store_tile(As, ra, g.transa, V_BM, V_BK, V_THREADS, t);
    matmul_store_tile(Bs, rb, !g.transb, V_BN, V_BK, V_THREADS, t);
    __syncthreads();
    MATMUL_UNROLL
    for (int p = 0; p < V_BK; p++) {
      float4 a0 = *(const float4 *)&As[p * V_SP + ti], a1 = *(const float4 *)&As[p * V_SP + ti + 4];
      float4 b0 = *(const float4 *)&Bs[p * V_SP + tj], b1 = *(const float4 *)&Bs[p * V_SP + tj + 4];
      a[0] = a0.x; a[1] = a0.y; a[2] = a0.z; a[3] = a0.w;
      a[4] = a1.x; a[5] = a1.y; a[6] = a1.z; a[7] = a1.w;
      b[0] = b0.x; b[1] = b0.y; b[2] = b0.z; b[3] = b0.w;
      b[4] = b1.x; b[5] = b1.y; b[6] = b1.z; b[7] = b1.w;
      MATMUL_UNROLL
      for (int r = 0; r < 8; r++)
        MATMUL_UNROLL
        for (int c = 0; c < 8; c++)
          acc[r][c] += a[r] * b[c];
    }
    __syncthreads();
  }
  MATMUL_UNROLL
  for (int c = 0; c < 8; c++)
    if (j0 + tj + c < g.n)
      MATMUL_UNROLL
      for (int h = 0; h < 2; h++)
        if (i0 + ti + 4 * h < g.m)
          matmul_store4(C, g.ldc, i0 + ti + 4 * h, j0 + tj + c, g.m,
                      make_float4(acc[4 * h][c], acc[4 * h + 1][c], acc[4 * h + 2][c], acc[4 * h + 3][c]),
                      g.alpha, g.beta, vecc);
}

#line 887 "chapters/04-matmul.nw"
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
