#line 1172 "chapters/04-matmul.nw"
#include "core/prelude.cuh"
#include "matmul/matmul.h"
#define WT_WARPS_M 4
#define WT_WARPS_N 1
#define WT_RM 1
#define WT_RN 2
#define WT_BK 16
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
#line 934 "chapters/04-matmul.nw"
#define WT_THREADS (32 * WT_WARPS_M * WT_WARPS_N)
#define WT_WTM (32 * WT_RM)              /* warp tile: 8 lanes x 4 rows x WT_RM */
#define WT_WTN (16 * WT_RN)              /* warp tile: 4 lanes x 4 columns x WT_RN */
#define WT_BM (WT_WARPS_M * WT_WTM)
#define WT_BN (WT_WARPS_N * WT_WTN)
#define WT_SPA (WT_BM + 4)               /* padded rows of the k-major tiles */
#define WT_SPB (WT_BN + 4)
#define WT_LA (WT_BK * WT_BM / 4 / WT_THREADS)   /* float4s of A per thread per slice */
#define WT_LB (WT_BK * WT_BN / 4 / WT_THREADS)
#line 1102 "chapters/04-matmul.nw"
static __global__ void __launch_bounds__(WT_THREADS, 2) matmul_pipelined(litdnn_matmul_args g)
{
  __shared__ float as_buf[2 * WT_BK * WT_SPA];
  __shared__ float bs_buf[2 * WT_BK * WT_SPB];
  
#line 946 "chapters/04-matmul.nw"
int t = threadIdx.x, lane = t % 32, warp = t / 32;
int wm = (warp % WT_WARPS_M) * WT_WTM, wn = (warp / WT_WARPS_M) * WT_WTN;
int tm = lane % 8, tn = lane / 8;
int i0 = blockIdx.x * WT_BM, j0 = blockIdx.y * WT_BN;
MATMUL_BATCH_POINTERS(g, A, B, C);
int veca = matmul_vec_ok(A, g.lda), vecb = matmul_vec_ok(B, g.ldb), vecc = matmul_vec_ok(C, g.ldc);
float acc[4 * WT_RM][4 * WT_RN];
float4 ra[WT_LA], rb[WT_LB];
MATMUL_UNROLL
for (int r = 0; r < 4 * WT_RM; r++)
  MATMUL_UNROLL
  for (int c = 0; c < 4 * WT_RN; c++)
    acc[r][c] = 0.0f;
#line 1107 "chapters/04-matmul.nw"
  matmul_fetch_tile(ra, A, g.lda, g.transa, veca, i0, g.m, 0, g.k, WT_BM, WT_BK, WT_THREADS, t);
  matmul_fetch_tile(rb, B, g.ldb, !g.transb, vecb, j0, g.n, 0, g.k, WT_BN, WT_BK, WT_THREADS, t);
  matmul_store_tile(as_buf, ra, g.transa, WT_BM, WT_BK, WT_THREADS, t);
  matmul_store_tile(bs_buf, rb, !g.transb, WT_BN, WT_BK, WT_THREADS, t);
  __syncthreads();
  for (int p0 = 0, cur = 0; p0 < g.k; p0 += WT_BK, cur ^= 1) {
    int more = p0 + WT_BK < g.k;
    if (more) {   /* issue the next slice's loads; they land while we multiply */
      matmul_fetch_tile(ra, A, g.lda, g.transa, veca, i0, g.m, p0 + WT_BK, g.k, WT_BM, WT_BK, WT_THREADS, t);
      matmul_fetch_tile(rb, B, g.ldb, !g.transb, vecb, j0, g.n, p0 + WT_BK, g.k, WT_BN, WT_BK, WT_THREADS, t);
    }
    {
      const float *as = as_buf + cur * WT_BK * WT_SPA, *bs = bs_buf + cur * WT_BK * WT_SPB;
      
#line 965 "chapters/04-matmul.nw"
MATMUL_UNROLL
for (int p = 0; p < WT_BK; p++) {
  float a[4 * WT_RM], b[4 * WT_RN];
  MATMUL_UNROLL
  for (int x = 0; x < WT_RM; x++) {
    float4 v = *(const float4 *)&as[p * WT_SPA + wm + 32 * x + 4 * tm];
    a[4 * x] = v.x; a[4 * x + 1] = v.y; a[4 * x + 2] = v.z; a[4 * x + 3] = v.w;
  }
  MATMUL_UNROLL
  for (int y = 0; y < WT_RN; y++) {
    float4 v = *(const float4 *)&bs[p * WT_SPB + wn + 16 * y + 4 * tn];
    b[4 * y] = v.x; b[4 * y + 1] = v.y; b[4 * y + 2] = v.z; b[4 * y + 3] = v.w;
  }
  MATMUL_UNROLL
  for (int r = 0; r < 4 * WT_RM; r++)
    MATMUL_UNROLL
    for (int c = 0; c < 4 * WT_RN; c++)
      acc[r][c] += a[r] * b[c];
}
#line 1121 "chapters/04-matmul.nw"
    }
    if (more) {
      matmul_store_tile(as_buf + (cur ^ 1) * WT_BK * WT_SPA, ra, g.transa, WT_BM, WT_BK, WT_THREADS, t);
      matmul_store_tile(bs_buf + (cur ^ 1) * WT_BK * WT_SPB, rb, !g.transb, WT_BN, WT_BK, WT_THREADS, t);
    }
    __syncthreads();
  }
  
#line 987 "chapters/04-matmul.nw"
MATMUL_UNROLL
for (int y = 0; y < WT_RN; y++)
  MATMUL_UNROLL
  for (int c4 = 0; c4 < 4; c4++) {
    int j = j0 + wn + 16 * y + 4 * tn + c4;
    if (j >= g.n)
      continue;
    MATMUL_UNROLL
    for (int x = 0; x < WT_RM; x++) {
      int i = i0 + wm + 32 * x + 4 * tm;
      int c = 4 * y + c4;
      if (i < g.m)
        matmul_store4(C, g.ldc, i, j, g.m,
                    make_float4(acc[4 * x][c], acc[4 * x + 1][c], acc[4 * x + 2][c], acc[4 * x + 3][c]),
                    g.alpha, g.beta, vecc);
    }
  }
#line 1129 "chapters/04-matmul.nw"
}
#line 1189 "chapters/04-matmul.nw"
#define WT_PIPELINED
#define WT_KERNEL_NAME "matmul_pipelined"
#line 1180 "chapters/04-matmul.nw"
#define WT_ENTRY litdnn_matmul_pipelined_128x32
#line 1034 "chapters/04-matmul.nw"
#define WT_GPU_FN_(base) LITDNN_GPU_FN(base)
litdnnStatus_t WT_GPU_FN_(WT_ENTRY)(litdnnHandle_t h, const void *args)
{
  const litdnn_matmul_args *g = (const litdnn_matmul_args *)args;
  for (int first = 0; first < g->batch; first += MATMUL_MAX_GRID_Z) {
    litdnn_matmul_args s = matmul_batch_slice(g, first);
    dim3 grid = litdnn_dim3((unsigned)(s.m + WT_BM - 1) / WT_BM, (unsigned)(s.n + WT_BN - 1) / WT_BN,
                            (unsigned)s.batch);
#ifdef WT_PIPELINED
    matmul_pipelined<<<grid, WT_THREADS, 0, litdnn_gpu_stream(h)>>>(s);
#else
    matmul_warptiled<<<grid, WT_THREADS, 0, litdnn_gpu_stream(h)>>>(s);
#endif
  }
  return litdnn_gpu_launch_status(g->call, WT_KERNEL_NAME);
}
