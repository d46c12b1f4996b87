#line 3452 "chapters/04-matmul.nw"
#include "core/prelude.cuh"
#include "matmul/matmul.h"
#define MATMUL_PAD 8

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
#line 1219 "chapters/04-matmul.nw"
#ifndef MATMUL_PAD
#define MATMUL_PAD 4   /* floats of padding after every row of a k-major tile */
#endif
static __device__ inline void matmul_cp_async4(float *smem, const float *src, int bytes)
{
  unsigned s = (unsigned)__cvta_generic_to_shared(smem);
  asm volatile("cp.async.ca.shared.global [%0], [%1], 4, %2;\n" ::"r"(s), "l"(src), "r"(bytes));
}
static __device__ inline void matmul_cp_async16(float *smem, const float *src, int bytes)
{
  unsigned s = (unsigned)__cvta_generic_to_shared(smem);
  asm volatile("cp.async.cg.shared.global [%0], [%1], 16, %2;\n" ::"r"(s), "l"(src), "r"(bytes));
}
#define MATMUL_CP_ASYNC_COMMIT() asm volatile("cp.async.commit_group;\n" ::)
#define MATMUL_CP_ASYNC_WAIT(n) asm volatile("cp.async.wait_group %0;\n" ::"n"(n))

/* Start copying the bk x bo tile at (o0, p0) into the k-major tile S;
   elements outside the matrix are zero-filled (source size 0). */
static __device__ inline void matmul_async_tile(float *S, const float *X, int64_t ld, int kcontig, int vec,
                                              int o0, int olimit, int p0, int klimit, int bo, int bk,
                                              int nt, int tid)
{
  int sp = bo + MATMUL_PAD;
  MATMUL_UNROLL
  for (int l = 0; l < bk * bo / 4 / nt; l++) {
    int e = tid + l * nt;
    if (kcontig) {
      int o = e / (bk / 4), p = 4 * (e % (bk / 4));
      MATMUL_UNROLL
      for (int q = 0; q < 4; q++) {
        int ok = o0 + o < olimit && p0 + p + q < klimit;
        matmul_cp_async4(&S[(p + q) * sp + o], ok ? X + (p0 + p + q) + (int64_t)(o0 + o) * ld : X, ok ? 4 : 0);
      }
    } else {
      int p = e / (bo / 4), o = 4 * (e % (bo / 4));
      int s = p0 + p, c = o0 + o;
      if (vec) {
        int n = s < klimit ? min(4, max(0, olimit - c)) : 0;
        matmul_cp_async16(&S[p * sp + o], n ? X + c + (int64_t)s * ld : X, 4 * n);
      } else {
        MATMUL_UNROLL
        for (int q = 0; q < 4; q++) {
          int ok = s < klimit && c + q < olimit;
          matmul_cp_async4(&S[p * sp + o + q], ok ? X + c + q + (int64_t)s * ld : X, ok ? 4 : 0);
        }
      }
    }
  }
}
#line 3340 "chapters/04-matmul.nw"
static __device__ inline unsigned matmul_to_tf32(float x)
{
  unsigned r;
  asm("cvt.rna.tf32.f32 %0, %1;\n" : "=r"(r) : "f"(x));
  return r;
}

/* d += a b for one 16 x 8 x 8 TF32 product, fragments as in the table */
static __device__ inline void matmul_mma_16x8x8(float *d, const unsigned *a, const unsigned *b)
{
  asm volatile("mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 "
               "{%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%0, %1, %2, %3};\n"
               : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3])
               : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]));
}
#line 3358 "chapters/04-matmul.nw"
#define MT_BM 128
#define MT_BN 256
#define MT_BK 32
#define MT_THREADS 256
#define MT_STAGES 4
#define MT_SPA (MT_BM + MATMUL_PAD)
#define MT_SPB (MT_BN + MATMUL_PAD)
#define MT_WTM 64                 /* warp tile; warps stand 2 x 4 */
#define MT_WTN 64
#define MT_FM (MT_WTM / 16)       /* accumulator tiles of 16 x 8 per warp tile */
#define MT_FN (MT_WTN / 8)
#define MT_SMEM (MT_STAGES * MT_BK * (MT_SPA + MT_SPB) * (int)sizeof(float))

static __global__ void __launch_bounds__(MT_THREADS, 1) matmul_mma_tf32(litdnn_matmul_args g)
{
  extern __shared__ float4 matmul_mma_smem4[];
  float *as_buf = (float *)matmul_mma_smem4, *bs_buf = as_buf + MT_STAGES * MT_BK * MT_SPA;
  int t = threadIdx.x, lane = t % 32, warp = t / 32;
  int wm = (warp % 2) * MT_WTM, wn = (warp / 2) * MT_WTN;
  int gq = lane / 4, q = lane % 4;
  int i0 = blockIdx.x * MT_BM, j0 = blockIdx.y * MT_BN;
  MATMUL_BATCH_POINTERS(g, A, B, C);
  int veca = matmul_vec_ok(A, g.lda), vecb = matmul_vec_ok(B, g.ldb);
  float acc[MT_FM][MT_FN][4];
  MATMUL_UNROLL
  for (int x = 0; x < MT_FM; x++)
    MATMUL_UNROLL
    for (int y = 0; y < MT_FN; y++)
      MATMUL_UNROLL
      for (int e = 0; e < 4; e++)
        acc[x][y][e] = 0.0f;
  int slices = (g.k + MT_BK - 1) / MT_BK;
  for (int s = 0; s < MT_STAGES - 1; s++) {
    if (s < slices) {
      matmul_async_tile(as_buf + s * MT_BK * MT_SPA, A, g.lda, g.transa, veca, i0, g.m, s * MT_BK, g.k,
                      MT_BM, MT_BK, MT_THREADS, t);
      matmul_async_tile(bs_buf + s * MT_BK * MT_SPB, B, g.ldb, !g.transb, vecb, j0, g.n, s * MT_BK, g.k,
                      MT_BN, MT_BK, MT_THREADS, t);
    }
    MATMUL_CP_ASYNC_COMMIT();
  }
  for (int s = 0; s < slices; s++) {
    MATMUL_CP_ASYNC_WAIT(MT_STAGES - 2);
    __syncthreads();
    const float *as = as_buf + (s % MT_STAGES) * MT_BK * MT_SPA;
    const float *bs = bs_buf + (s % MT_STAGES) * MT_BK * MT_SPB;
#pragma unroll 2   /* fully unrolled, the fragments of all four steps load early and spill */
    for (int kk = 0; kk < MT_BK; kk += 8) {
      unsigned af[MT_FM][4], bf[MT_FN][2];
      const float *a0 = as + (kk + q) * MT_SPA + wm + gq, *a4 = a0 + 4 * MT_SPA;
      const float *b0 = bs + (kk + q) * MT_SPB + wn + gq, *b4 = b0 + 4 * MT_SPB;
      MATMUL_UNROLL
      for (int x = 0; x < MT_FM; x++) {
        af[x][0] = matmul_to_tf32(a0[16 * x]);
        af[x][1] = matmul_to_tf32(a0[16 * x + 8]);
        af[x][2] = matmul_to_tf32(a4[16 * x]);
        af[x][3] = matmul_to_tf32(a4[16 * x + 8]);
      }
      MATMUL_UNROLL
      for (int y = 0; y < MT_FN; y++) {
        bf[y][0] = matmul_to_tf32(b0[8 * y]);
        bf[y][1] = matmul_to_tf32(b4[8 * y]);
      }
      MATMUL_UNROLL
      for (int x = 0; x < MT_FM; x++)
        MATMUL_UNROLL
        for (int y = 0; y < MT_FN; y++)
          matmul_mma_16x8x8(acc[x][y], af[x], bf[y]);
    }
    /* the copy of a later slice, issued once the fragments are dead (as in stage 10) */
    int next = s + MT_STAGES - 1, nb = next % MT_STAGES;
    if (next < slices) {
      matmul_async_tile(as_buf + nb * MT_BK * MT_SPA, A, g.lda, g.transa, veca, i0, g.m, next * MT_BK, g.k,
                      MT_BM, MT_BK, MT_THREADS, t);
      matmul_async_tile(bs_buf + nb * MT_BK * MT_SPB, B, g.ldb, !g.transb, vecb, j0, g.n, next * MT_BK, g.k,
                      MT_BN, MT_BK, MT_THREADS, t);
    }
    MATMUL_CP_ASYNC_COMMIT();
  }
  MATMUL_CP_ASYNC_WAIT(0);
  MATMUL_UNROLL
  for (int x = 0; x < MT_FM; x++)
    MATMUL_UNROLL
    for (int y = 0; y < MT_FN; y++)
      MATMUL_UNROLL
      for (int e = 0; e < 4; e++) {
        int i = i0 + wm + 16 * x + gq + 8 * (e / 2), j = j0 + wn + 8 * y + 2 * q + e % 2;
        if (i < g.m && j < g.n)
          matmul_blend1(C, g.ldc, i, j, acc[x][y][e], g.alpha, g.beta);
      }
}

#line 3462 "chapters/04-matmul.nw"
litdnnStatus_t litdnn_matmul_mma_tf32_cuda(litdnnHandle_t h, const void *args)
{
  const litdnn_matmul_args *g = (const litdnn_matmul_args *)args;
  static int smem_asked;
  litdnnStatus_t st = matmul_allow_smem((const void *)matmul_mma_tf32, "matmul_mma_tf32", MT_SMEM, &smem_asked, g->call);
  if (st != LITDNN_STATUS_SUCCESS)
    return st;
  for (int first = 0; first < g->batch; first += MATMUL_MAX_GRID_Z) {
    litdnn_matmul_args s = matmul_batch_slice(g, first);
    dim3 grid = litdnn_dim3((unsigned)(s.m + MT_BM - 1) / MT_BM, (unsigned)(s.n + MT_BN - 1) / MT_BN,
                            (unsigned)s.batch);
    matmul_mma_tf32<<<grid, MT_THREADS, MT_SMEM, litdnn_gpu_stream(h)>>>(s);
  }
  return litdnn_gpu_launch_status(g->call, "matmul_mma_tf32");
}
