#line 3176 "chapters/04-matmul.nw"
#include "core/prelude.cuh"
#include "matmul/matmul.h"
#include <mma.h>
#define WT_WARPS_M 2
#define WT_WARPS_N 4
#define WT_RM 2
#define WT_RN 2
#define WT_BK 8

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
#line 3204 "chapters/04-matmul.nw"
#define FM (WT_WTM / 16)   /* accumulator fragments per warp tile, along m */
#define FN (WT_WTN / 16)   /* and along n */
static __global__ void __launch_bounds__(WT_THREADS, 2) matmul_wmma_tf32(litdnn_matmul_args g)
{
  using namespace nvcuda;
  __shared__ __align__(32) float as_buf[2 * WT_BK * WT_SPA];
  __shared__ __align__(32) float bs_buf[2 * WT_BK * WT_SPB];
  int t = threadIdx.x, lane = t % 32, warp = t / 32;
  int wm = (warp % WT_WARPS_M) * WT_WTM, wn = (warp / WT_WARPS_M) * WT_WTN;
  int i0 = blockIdx.x * WT_BM, j0 = blockIdx.y * WT_BN;
  MATMUL_BATCH_POINTERS(g, A, B, C);
  int veca = matmul_vec_ok(A, g.lda), vecb = matmul_vec_ok(B, g.ldb);
  float4 ra[WT_LA], rb[WT_LB];
  wmma::fragment<wmma::accumulator, 16, 16, 8, float> acc[FM][FN];
  MATMUL_UNROLL
  for (int x = 0; x < FM; x++)
    MATMUL_UNROLL
    for (int y = 0; y < FN; y++)
      wmma::fill_fragment(acc[x][y], 0.0f);

  matmul_fetch_tile(ra, A, g.lda, g.transa, veca, i0, g.m, 0, g.k, WT_BM, WT_BK, WT_THREADS, t);
  matmul_fetch_tile(rb, B, g.ldb, !g.transb, vecb, j0, g.n, 0, g.k, WT_BN, WT_BK, WT_THREADS, t);
  matmul_store_tile(as_buf, ra, g.transa, WT_BM, WT_BK, WT_THREADS, t);
  matmul_store_tile(bs_buf, rb, !g.transb, WT_BN, WT_BK, WT_THREADS, t);
  __syncthreads();
  for (int p0 = 0, cur = 0; p0 < g.k; p0 += WT_BK, cur ^= 1) {
    int more = p0 + WT_BK < g.k;
    if (more) {
      matmul_fetch_tile(ra, A, g.lda, g.transa, veca, i0, g.m, p0 + WT_BK, g.k, WT_BM, WT_BK, WT_THREADS, t);
      matmul_fetch_tile(rb, B, g.ldb, !g.transb, vecb, j0, g.n, p0 + WT_BK, g.k, WT_BN, WT_BK, WT_THREADS, t);
    }
    const float *as = as_buf + cur * WT_BK * WT_SPA, *bs = bs_buf + cur * WT_BK * WT_SPB;
    MATMUL_UNROLL
    for (int kk = 0; kk < WT_BK; kk += 8) {
      wmma::fragment<wmma::matrix_a, 16, 16, 8, wmma::precision::tf32, wmma::col_major> fa[FM];
      wmma::fragment<wmma::matrix_b, 16, 16, 8, wmma::precision::tf32, wmma::row_major> fb[FN];
      MATMUL_UNROLL
      for (int x = 0; x < FM; x++) {
        wmma::load_matrix_sync(fa[x], as + kk * WT_SPA + wm + 16 * x, WT_SPA);
        for (int e = 0; e < fa[x].num_elements; e++)
          fa[x].x[e] = wmma::__float_to_tf32(fa[x].x[e]);
      }
      MATMUL_UNROLL
      for (int y = 0; y < FN; y++) {
        wmma::load_matrix_sync(fb[y], bs + kk * WT_SPB + wn + 16 * y, WT_SPB);
        for (int e = 0; e < fb[y].num_elements; e++)
          fb[y].x[e] = wmma::__float_to_tf32(fb[y].x[e]);
      }
      MATMUL_UNROLL
      for (int x = 0; x < FM; x++)
        MATMUL_UNROLL
        for (int y = 0; y < FN; y++)
          wmma::mma_sync(acc[x][y], fa[x], fb[y], acc[x][y]);
    }
    if (more) {
      matmul_store_tile(as_buf + (cur ^ 1) * WT_BK * WT_SPA, ra, g.transa, WT_BM, WT_BK, WT_THREADS, t);
      matmul_store_tile(bs_buf + (cur ^ 1) * WT_BK * WT_SPB, rb, !g.transb, WT_BN, WT_BK, WT_THREADS, t);
    }
    __syncthreads();
  }
  /* the tiles are free now: each warp blends through its own 16 x 16 square */
  float *scratch = as_buf + warp * 256;
  MATMUL_UNROLL
  for (int x = 0; x < FM; x++)
    MATMUL_UNROLL
    for (int y = 0; y < FN; y++) {
      wmma::store_matrix_sync(scratch, acc[x][y], 16, wmma::mem_col_major);
      __syncwarp();
      for (int e = lane; e < 256; e += 32) {
        int i = i0 + wm + 16 * x + e % 16, j = j0 + wn + 16 * y + e / 16;
        if (i < g.m && j < g.n)
          matmul_blend1(C, g.ldc, i, j, scratch[e], g.alpha, g.beta);
      }
      __syncwarp();
    }
}

#line 3190 "chapters/04-matmul.nw"
litdnnStatus_t litdnn_matmul_wmma_tf32_cuda(litdnnHandle_t h, const void *args)
{
  const litdnn_matmul_args *g = (const litdnn_matmul_args *)args;
  for (int first = 0; first < g->batch; first += MATMUL_MAX_GRID_Z) {
    litdnn_matmul_args s = matmul_batch_slice(g, first);
    dim3 grid = litdnn_dim3((unsigned)(s.m + WT_BM - 1) / WT_BM, (unsigned)(s.n + WT_BN - 1) / WT_BN,
                            (unsigned)s.batch);
    matmul_wmma_tf32<<<grid, WT_THREADS, 0, litdnn_gpu_stream(h)>>>(s);
  }
  return litdnn_gpu_launch_status(g->call, "matmul_wmma_tf32");
}
