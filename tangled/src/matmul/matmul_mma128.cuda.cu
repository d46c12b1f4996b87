#line 3716 "chapters/04-matmul.nw"
#include "core/prelude.cuh"
#include "matmul/matmul.h"
#define MX_BM 128
#define MX_BN 128
#define MX_STAGES 3
#define MX_MIN_BLOCKS 2
#define MX_ENTRY litdnn_matmul_mma128_tf32_cuda
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
#line 3564 "chapters/04-matmul.nw"
/* set by the including file: MX_BM, MX_BN (block tile), MX_STAGES, MX_MIN_BLOCKS */
#define MX_BK 32
#define MX_WTM 64                 /* warp tile */
#define MX_WTN 64
#define MX_WARPS_M (MX_BM / MX_WTM)
#define MX_THREADS (32 * MX_WARPS_M * (MX_BN / MX_WTN))
#define MX_SPA (MX_BM + 8)        /* A: k-major rows, 136 or 264 = 8 (mod 32) */
#define MX_SPB (MX_BK + 4)        /* B: n-major rows, 36 = 4 (mod 32) */
#define MX_FM (MX_WTM / 16)       /* accumulator tiles of 16 x 8 per warp tile */
#define MX_FN (MX_WTN / 8)
#define MX_SLICE (MX_BK * MX_SPA + MX_BN * MX_SPB)   /* floats of one slice of both tiles */
#define MX_SMEM (MX_STAGES * MX_SLICE * (int)sizeof(float))

/* Start copying the slice of k at p0: A's MX_BM x 32 tile into the k-major
   As, B's 32 x MX_BN tile into the n-major Bs, all in 16-byte pieces, zero
   outside the matrices. */
static __device__ inline void matmul_mx_copy_slice(float *as, float *bs, const float *A, const float *B,
                                                 int64_t lda, int64_t ldb, int m, int n, int k, int i0,
                                                 int j0, int p0, int t)
{
  MATMUL_UNROLL
  for (int l = 0; l < MX_BK * MX_BM / 4 / MX_THREADS; l++) {
    int e = t + l * MX_THREADS, p = e / (MX_BM / 4), o = 4 * (e % (MX_BM / 4));
    int kk = p0 + p, i = i0 + o;
    int cnt = kk < k ? min(4, max(0, m - i)) : 0;
    matmul_cp_async16(&as[p * MX_SPA + o], cnt ? A + i + (int64_t)kk * lda : A, 4 * cnt);
  }
  MATMUL_UNROLL
  for (int l = 0; l < MX_BK * MX_BN / 4 / MX_THREADS; l++) {
    int e = t + l * MX_THREADS, c = e / (MX_BK / 4), p = 4 * (e % (MX_BK / 4));
    int j = j0 + c, kk = p0 + p;
    int cnt = j < n ? min(4, max(0, k - kk)) : 0;
    matmul_cp_async16(&bs[c * MX_SPB + p], cnt ? B + kk + (int64_t)j * ldb : B, 4 * cnt);
  }
}

static __global__ void __launch_bounds__(MX_THREADS, MX_MIN_BLOCKS) matmul_mma16_tf32(litdnn_matmul_args g)
{
  extern __shared__ float4 matmul_mx_smem4[];
  float *smem = (float *)matmul_mx_smem4;
  int t = threadIdx.x, lane = t % 32, warp = t / 32;
  int wm = (warp % MX_WARPS_M) * MX_WTM, wn = (warp / MX_WARPS_M) * MX_WTN;
  int gq = lane / 4, q = lane % 4;
  int i0 = blockIdx.x * MX_BM, j0 = blockIdx.y * MX_BN;
  MATMUL_BATCH_POINTERS(g, A, B, C);
  float acc[MX_FM][MX_FN][4];
  MATMUL_UNROLL
  for (int x = 0; x < MX_FM; x++)
    MATMUL_UNROLL
    for (int y = 0; y < MX_FN; y++)
      MATMUL_UNROLL
      for (int e = 0; e < 4; e++)
        acc[x][y][e] = 0.0f;
  int slices = (g.k + MX_BK - 1) / MX_BK;
  for (int s = 0; s < MX_STAGES - 1; s++) {
    if (s < slices)
      matmul_mx_copy_slice(smem + s * MX_SLICE, smem + s * MX_SLICE + MX_BK * MX_SPA, A, B, g.lda, g.ldb, g.m,
                         g.n, g.k, i0, j0, s * MX_BK, t);
    MATMUL_CP_ASYNC_COMMIT();
  }
  for (int s = 0; s < slices; s++) {
    MATMUL_CP_ASYNC_WAIT(MX_STAGES - 2);
    __syncthreads();
    int next = s + MX_STAGES - 1, nb = next % MX_STAGES;
    if (next < slices)
      matmul_mx_copy_slice(smem + nb * MX_SLICE, smem + nb * MX_SLICE + MX_BK * MX_SPA, A, B, g.lda, g.ldb, g.m,
                         g.n, g.k, i0, j0, next * MX_BK, t);
    MATMUL_CP_ASYNC_COMMIT();
    const float *as = smem + (s % MX_STAGES) * MX_SLICE, *bs = as + MX_BK * MX_SPA;
#pragma unroll
    for (int kk = 0; kk < MX_BK; kk += 8) {
      unsigned af[MX_FM][4], bf[MX_FN][2];
      const float *a0 = as + (kk + q) * MX_SPA + wm + gq, *a4 = a0 + 4 * MX_SPA;   /* As[kk+q][wm+g] */
      const float *b0 = bs + (wn + gq) * MX_SPB + kk + q;                          /* Bs[wn+g][kk+q] */
      MATMUL_UNROLL
      for (int x = 0; x < MX_FM; x++) {
        af[x][0] = matmul_to_tf32(a0[16 * x]);
        af[x][1] = matmul_to_tf32(a0[16 * x + 8]);
        af[x][2] = matmul_to_tf32(a4[16 * x]);
        af[x][3] = matmul_to_tf32(a4[16 * x + 8]);
      }
      MATMUL_UNROLL
      for (int y = 0; y < MX_FN; y++) {
        bf[y][0] = matmul_to_tf32(b0[8 * y * MX_SPB]);
        bf[y][1] = matmul_to_tf32(b0[8 * y * MX_SPB + 4]);
      }
      MATMUL_UNROLL
      for (int x = 0; x < MX_FM; x++)
        MATMUL_UNROLL
        for (int y = 0; y < MX_FN; y++)
          matmul_mma_16x8x8(acc[x][y], af[x], bf[y]);
    }
  }
  MATMUL_CP_ASYNC_WAIT(0);
  MATMUL_UNROLL
  for (int x = 0; x < MX_FM; x++)
    MATMUL_UNROLL
    for (int y = 0; y < MX_FN; y++)
      MATMUL_UNROLL
      for (int e = 0; e < 4; e++) {
        int i = i0 + wm + 16 * x + gq + 8 * (e / 2), j = j0 + wn + 8 * y + 2 * q + e % 2;
        if (i < g.m && j < g.n)
          matmul_blend1(C, g.ldc, i, j, acc[x][y][e], g.alpha, g.beta);
      }
}
#line 3676 "chapters/04-matmul.nw"
/* No transposes, 16-byte aligned operands and leading dimensions (and
   strides, with a batch). */
static int matmul_mx_fits(const litdnn_matmul_args *g)
{
  int aligned = (size_t)g->A % 16 == 0 && (size_t)g->B % 16 == 0 && g->lda % 4 == 0 && g->ldb % 4 == 0;
  int strides = g->batch == 1 || (g->strideA % 4 == 0 && g->strideB % 4 == 0);
  return !g->transa && !g->transb && aligned && strides;
}

#line 3693 "chapters/04-matmul.nw"
litdnnStatus_t MX_ENTRY(litdnnHandle_t h, const void *args)
{
  const litdnn_matmul_args *g = (const litdnn_matmul_args *)args;
  if (!matmul_mx_fits(g))
    return litdnn_matmul_mma_tf32_cuda(h, args);   /* transposed or unaligned: the general stage */
  static int smem_asked;
  litdnnStatus_t st = matmul_allow_smem((const void *)matmul_mma16_tf32, "matmul_mma16_tf32", MX_SMEM, &smem_asked, g->call);
  if (st != LITDNN_STATUS_SUCCESS)
    return st;
  for (int first = 0; first < g->batch; first += MATMUL_MAX_GRID_Z) {
    litdnn_matmul_args s = matmul_batch_slice(g, first);
    dim3 grid = litdnn_dim3((unsigned)(s.m + MX_BM - 1) / MX_BM, (unsigned)(s.n + MX_BN - 1) / MX_BN,
                            (unsigned)s.batch);
    matmul_mma16_tf32<<<grid, MX_THREADS, MX_SMEM, litdnn_gpu_stream(h)>>>(s);
  }
  return litdnn_gpu_launch_status(g->call, "matmul_mma16_tf32");
}
