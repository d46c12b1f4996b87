#line 4140 "chapters/04-matmul.nw"
#include "core/prelude.cuh"
#include "matmul/matmul.h"
#define WG_BN 128
#define WG_STAGES 6
#define WG_ENTRY litdnn_matmul_wgmma128_tf32_cuda
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
#line 3676 "chapters/04-matmul.nw"
/* No transposes, 16-byte aligned operands and leading dimensions (and
   strides, with a batch). */
static int matmul_mx_fits(const litdnn_matmul_args *g)
{
  int aligned = (size_t)g->A % 16 == 0 && (size_t)g->B % 16 == 0 && g->lda % 4 == 0 && g->ldb % 4 == 0;
  int strides = g->batch == 1 || (g->strideA % 4 == 0 && g->strideB % 4 == 0);
  return !g->transa && !g->transb && aligned && strides;
}
#line 3886 "chapters/04-matmul.nw"
/* Where piece c (four floats of k) of row r of a k-major tile of 128-byte
   rows lies under the 128-byte swizzle: position c ^ (r % 8) of its row. */
static __device__ inline int matmul_sw128(int r, int c) { return r * 32 + 4 * (c ^ (r % 8)); }

/* The descriptor of a k-major tile of 128-byte rows, 128-byte swizzle. */
static __device__ inline uint64_t matmul_wg_desc(const float *tile)
{
  uint64_t addr = (uint32_t)__cvta_generic_to_shared(tile);
  return (addr & 0x3FFFF) >> 4          /* start address / 16 */
         | (uint64_t)1 << 16            /* leading byte offset: unused here */
         | (uint64_t)(1024 >> 4) << 32  /* stride byte offset: eight rows */
         | (uint64_t)1 << 62;           /* 128-byte swizzle */
}

#define MATMUL_WG_FENCE() asm volatile("wgmma.fence.sync.aligned;\n" ::: "memory")
#define MATMUL_WG_COMMIT() asm volatile("wgmma.commit_group.sync.aligned;\n" ::: "memory")
#define MATMUL_WG_WAIT(n) asm volatile("wgmma.wait_group.sync.aligned %0;\n" ::"n"(n) : "memory")
#define MATMUL_PROXY_FENCE() asm volatile("fence.proxy.async.shared::cta;\n" ::: "memory")
#define MATMUL_WG_D8(i)                                                                                   \
  "+f"(d[i]), "+f"(d[i + 1]), "+f"(d[i + 2]), "+f"(d[i + 3]), "+f"(d[i + 4]), "+f"(d[i + 5]),         \
      "+f"(d[i + 6]), "+f"(d[i + 7])
#define MATMUL_WG_D32(i) MATMUL_WG_D8(i), MATMUL_WG_D8(i + 8), MATMUL_WG_D8(i + 16), MATMUL_WG_D8(i + 24)

/* d += a b: a warp group's 64 x WG_BN x 8 product, both by descriptor */
static __device__ inline void matmul_wg_mma(float *d, uint64_t a, uint64_t b)
{
#if WG_BN == 256
  asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, %130, 0;\n"
               "wgmma.mma_async.sync.aligned.m64n256k8.f32.tf32.tf32 {"
               "%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, "
               "%16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, "
               "%32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, %43, %44, %45, %46, %47, "
               "%48, %49, %50, %51, %52, %53, %54, %55, %56, %57, %58, %59, %60, %61, %62, %63, "
               "%64, %65, %66, %67, %68, %69, %70, %71, %72, %73, %74, %75, %76, %77, %78, %79, "
               "%80, %81, %82, %83, %84, %85, %86, %87, %88, %89, %90, %91, %92, %93, %94, %95, "
               "%96, %97, %98, %99, %100, %101, %102, %103, %104, %105, %106, %107, %108, %109, %110, %111, "
               "%112, %113, %114, %115, %116, %117, %118, %119, %120, %121, %122, %123, %124, %125, %126, %127"
               "}, %128, %129, p, 1, 1;\n}\n"
               : MATMUL_WG_D32(0), MATMUL_WG_D32(32), MATMUL_WG_D32(64), MATMUL_WG_D32(96)
               : "l"(a), "l"(b), "r"(1));
#else
  asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, %66, 0;\n"
               "wgmma.mma_async.sync.aligned.m64n128k8.f32.tf32.tf32 {"
               "%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, "
               "%16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, "
               "%32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, %43, %44, %45, %46, %47, "
               "%48, %49, %50, %51, %52, %53, %54, %55, %56, %57, %58, %59, %60, %61, %62, %63"
               "}, %64, %65, p, 1, 1;\n}\n"
               : MATMUL_WG_D32(0), MATMUL_WG_D32(32)
               : "l"(a), "l"(b), "r"(1));
#endif
}

/* Write a warp group's 64 x WG_BN accumulators to C. Accumulator e of
   lane (g, q), in the warp whose 16 rows start at r0, is row r0 + g (+ 8
   when e % 4 >= 2), column c0 + 8 (e / 4) + 2 q + e % 2. */
static __device__ __forceinline__ void matmul_wg_store(float *C, const litdnn_matmul_args &g, const float *d, int r0,
                                                     int c0, int lane)
{
  int gq = lane / 4, q = lane % 4;
  MATMUL_UNROLL
  for (int e = 0; e < WG_BN / 2; e++) {
    int i = r0 + gq + 8 * (e % 4 / 2), j = c0 + 8 * (e / 4) + 2 * q + e % 2;
    if (i < g.m && j < g.n)
      matmul_blend1(C, g.ldc, i, j, d[e], g.alpha, g.beta);
  }
}

/* The wgmma stages run on compute capability 9.0 alone. */
static litdnnStatus_t matmul_wg_need_sm90(const char *call)
{
  int dev = 0, major = 0, minor = 0;
  cudaGetDevice(&dev);
  cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, dev);
  cudaDeviceGetAttribute(&minor, cudaDevAttrComputeCapabilityMinor, dev);
  if (major != 9 || minor != 0)
    return litdnn_error(LITDNN_STATUS_NOT_SUPPORTED, call,
                        "the wgmma stages run on compute capability 9.0 only (H100, H200); this GPU is %d.%d",
                        major, minor);
  return LITDNN_STATUS_SUCCESS;
}
#line 3970 "chapters/04-matmul.nw"
/* set by the including file: WG_BN (128 or 256), WG_STAGES */
#define WG_BM 128                          /* two warp groups of 64 rows */
#define WG_BK 32                           /* a slice: one 128-byte row of a k-major tile */
#define WG_THREADS 256
#define WG_B_FLOATS (WG_BN * WG_BK)        /* B's tile of a slice, swizzled */
#define WG_RAW_FLOATS (WG_BK * WG_BM)      /* A's tile of a slice, as it arrives: 32 rows of 128 */
#define WG_SLICE (WG_B_FLOATS + WG_RAW_FLOATS)     /* 48 or 32 KB, multiples of 1024 bytes */
#define WG_AK_FLOATS (WG_BM * WG_BK)       /* A's tile, k-major and swizzled, two of them */
#define WG_SMEM ((WG_STAGES * WG_SLICE + 2 * WG_AK_FLOATS) * (int)sizeof(float) + 1024)   /* + room to align */

/* Start copying the slice of k at p0 into one buffer: B's 32 x WG_BN tile
   as WG_BN rows of 128 bytes, piece c of row r at position c ^ (r % 8);
   A's 128 x 32 tile as 32 rows of 128 floats, in A's own order. Zero
   outside the matrices. */
static __device__ inline void matmul_wg_copy_slice(float *bs, float *raw, const float *A, const float *B,
                                                 int64_t lda, int64_t ldb, int m, int n, int k, int i0,
                                                 int j0, int p0, int t)
{
  MATMUL_UNROLL
  for (int l = 0; l < WG_BN * 8 / WG_THREADS; l++) {
    int e = t + l * WG_THREADS, r = e / 8, c = e % 8;
    int j = j0 + r, kk = p0 + 4 * c;
    int cnt = j < n ? min(4, max(0, k - kk)) : 0;
    matmul_cp_async16(&bs[matmul_sw128(r, c)], cnt ? B + kk + (int64_t)j * ldb : B, 4 * cnt);
  }
  MATMUL_UNROLL
  for (int l = 0; l < WG_RAW_FLOATS / 4 / WG_THREADS; l++) {
    int e = t + l * WG_THREADS, p = e / (WG_BM / 4), o = 4 * (e % (WG_BM / 4));
    int kk = p0 + p, i = i0 + o;
    int cnt = kk < k ? min(4, max(0, m - i)) : 0;
    matmul_cp_async16(&raw[p * WG_BM + o], cnt ? A + i + (int64_t)kk * lda : A, 4 * cnt);
  }
}

/* A warp group turns its 64 rows of A's raw tile k-major: thread u of the
   group takes row 64 w + u % 64 and four pieces of four k, reading down
   four rows of the raw tile and writing each piece, rounded to TF32, as
   one 16-byte store to its swizzled position. */
static __device__ inline void matmul_wg_turn_a(float *ak, const float *raw, int t)
{
  int r = 64 * (t / 128) + t % 64, c0 = 4 * (t % 128 / 64);
  MATMUL_UNROLL
  for (int c = c0; c < c0 + 4; c++) {
    float4 v;
    v.x = __uint_as_float(matmul_to_tf32(raw[(4 * c) * WG_BM + r]));
    v.y = __uint_as_float(matmul_to_tf32(raw[(4 * c + 1) * WG_BM + r]));
    v.z = __uint_as_float(matmul_to_tf32(raw[(4 * c + 2) * WG_BM + r]));
    v.w = __uint_as_float(matmul_to_tf32(raw[(4 * c + 3) * WG_BM + r]));
    *(float4 *)&ak[matmul_sw128(r, c)] = v;
  }
}

/* After slice s's copies have landed (every thread's: a barrier): turn
   its A k-major for this thread's warp group, then publish the result to
   the tensor cores of the group. */
static __device__ inline void matmul_wg_publish_a(float *ak, const float *raw, int t)
{
  matmul_wg_turn_a(ak, raw, t);
  MATMUL_PROXY_FENCE();
  asm volatile("bar.sync %0, 128;\n" ::"r"(1 + t / 128) : "memory");   /* this warp group only */
}

static __global__ void __launch_bounds__(WG_THREADS, 1) matmul_wgmma_tf32(litdnn_matmul_args g)
{
#if defined(__CUDA_ARCH_FEAT_SM90_ALL)
  extern __shared__ float4 matmul_wg_smem4[];
  unsigned base = (unsigned)__cvta_generic_to_shared(matmul_wg_smem4);
  float *smem = (float *)matmul_wg_smem4 + (1024 - base % 1024) % 1024 / sizeof(float);
  float *aks = smem + WG_STAGES * WG_SLICE;   /* the two k-major tiles of A */
  int t = threadIdx.x;
  int i0 = blockIdx.x * WG_BM, j0 = blockIdx.y * WG_BN;
  MATMUL_BATCH_POINTERS(g, A, B, C);
  float d[WG_BN / 2];
  MATMUL_UNROLL
  for (int e = 0; e < WG_BN / 2; e++)
    d[e] = 0.0f;
  int slices = (g.k + WG_BK - 1) / WG_BK;
  for (int s = 0; s < WG_STAGES - 1; s++) {
    if (s < slices)
      matmul_wg_copy_slice(smem + s * WG_SLICE, smem + s * WG_SLICE + WG_B_FLOATS, A, B, g.lda, g.ldb, g.m, g.n,
                         g.k, i0, j0, s * WG_BK, t);
    MATMUL_CP_ASYNC_COMMIT();
  }
  MATMUL_CP_ASYNC_WAIT(WG_STAGES - 2);
  MATMUL_PROXY_FENCE();
  __syncthreads();
  if (slices > 0)
    matmul_wg_publish_a(aks, smem + WG_B_FLOATS, t);
  for (int s = 0; s < slices; s++) {
    /* 1. multiply slice s: four steps of 8 along k, 32 bytes apart in both tiles */
    uint64_t da = matmul_wg_desc(aks + (s % 2) * WG_AK_FLOATS + 64 * WG_BK * (t / 128));
    uint64_t db = matmul_wg_desc(smem + (s % WG_STAGES) * WG_SLICE);
    MATMUL_WG_FENCE();
    MATMUL_UNROLL
    for (int x = 0; x < WG_BK / 8; x++)
      matmul_wg_mma(d, da + 2 * x, db + 2 * x);
    MATMUL_WG_COMMIT();
    /* 2. slice s - 1's products are done (this warp group's) */
    MATMUL_WG_WAIT(1);
    /* 3. slice s + 1 has landed; after the barrier, every warp group is
          done with slice s - 1's buffers */
    MATMUL_CP_ASYNC_WAIT(WG_STAGES - 3);
    MATMUL_PROXY_FENCE();
    __syncthreads();
    /* 4. copy slice s + STAGES - 1 into slice s - 1's buffer */
    int next = s + WG_STAGES - 1;
    if (next < slices) {
      float *nb = smem + (next % WG_STAGES) * WG_SLICE;
      matmul_wg_copy_slice(nb, nb + WG_B_FLOATS, A, B, g.lda, g.ldb, g.m, g.n, g.k, i0, j0, next * WG_BK, t);
    }
    MATMUL_CP_ASYNC_COMMIT();
    /* 5. turn slice s + 1's A k-major, into the tile slice s - 1 used */
    if (s + 1 < slices)
      matmul_wg_publish_a(aks + ((s + 1) % 2) * WG_AK_FLOATS, smem + ((s + 1) % WG_STAGES) * WG_SLICE + WG_B_FLOATS,
                        t);
  }
  MATMUL_WG_WAIT(0);
  MATMUL_CP_ASYNC_WAIT(0);
  matmul_wg_store(C, g, d, i0 + 16 * (t / 32), j0, t % 32);
#endif
}

#line 4108 "chapters/04-matmul.nw"
litdnnStatus_t WG_ENTRY(litdnnHandle_t h, const void *args)
{
  const litdnn_matmul_args *g = (const litdnn_matmul_args *)args;
  if (!matmul_mx_fits(g))
    return litdnn_matmul_mma_tf32_cuda(h, args);   /* transposed or unaligned: the general stage */
  litdnnStatus_t st = matmul_wg_need_sm90(g->call);
  if (st != LITDNN_STATUS_SUCCESS)
    return st;
  static int smem_asked;
  st = matmul_allow_smem((const void *)matmul_wgmma_tf32, "matmul_wgmma_tf32", WG_SMEM, &smem_asked, g->call);
  if (st != LITDNN_STATUS_SUCCESS)
    return st;
  for (int first = 0; first < g->batch; first += MATMUL_MAX_GRID_Z) {
    litdnn_matmul_args s = matmul_batch_slice(g, first);
    dim3 grid = litdnn_dim3((unsigned)(s.m + WG_BM - 1) / WG_BM, (unsigned)(s.n + WG_BN - 1) / WG_BN,
                            (unsigned)s.batch);
    matmul_wgmma_tf32<<<grid, WG_THREADS, WG_SMEM, litdnn_gpu_stream(h)>>>(s);
  }
  return litdnn_gpu_launch_status(g->call, "matmul_wgmma_tf32");
}
