#line 4432 "chapters/04-matmul.nw"
#include <cuda.h>
#include "core/prelude.cuh"
#include "matmul/matmul.h"
#define WG_BN 256
#define WS_STAGES 4
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
#line 4242 "chapters/04-matmul.nw"
/* set by the including file: WS_STAGES */
#define WS_BM 128
#define WS_BN WG_BN                         /* 256: the width of the wgmma, set by the including file */
#define WS_BK 32
#define WS_THREADS 384                      /* a producer warp group, two consumers */
#define WS_B_FLOATS (WS_BN * WS_BK)         /* 32 KB, swizzled by the copy engine */
#define WS_A_FLOATS (WS_BM * WS_BK)         /* 16 KB: as it arrives, then k-major and swizzled */
#define WS_SLICE (WS_B_FLOATS + WS_A_FLOATS)
#define WS_SLICE_BYTES (WS_SLICE * (unsigned)sizeof(float))
#define WS_SMEM (WS_STAGES * WS_SLICE * (int)sizeof(float) + 3 * WS_STAGES * 8 + 1024)

/* mbarriers in shared memory: init, arrive, arrive announcing bytes, wait
   for a phase */
static __device__ inline unsigned matmul_saddr(const void *p) { return (unsigned)__cvta_generic_to_shared(p); }
static __device__ inline void matmul_bar_init(uint64_t *bar, unsigned count)
{
  asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;\n" ::"r"(matmul_saddr(bar)), "r"(count) : "memory");
}
static __device__ inline void matmul_bar_arrive(uint64_t *bar)
{
  asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0];\n" ::"r"(matmul_saddr(bar)) : "memory");
}
static __device__ inline void matmul_bar_arrive_bytes(uint64_t *bar, unsigned bytes)
{
  asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;\n" ::"r"(matmul_saddr(bar)), "r"(bytes)
               : "memory");
}
static __device__ inline void matmul_bar_wait(uint64_t *bar, unsigned parity)
{
  asm volatile("{\n.reg .pred done;\nWAIT:\n"
               "mbarrier.try_wait.parity.shared::cta.b64 done, [%0], %1;\n"
               "@!done bra WAIT;\n}\n" ::"r"(matmul_saddr(bar)), "r"(parity)
               : "memory");
}

/* The copy engine brings the box at (x0, y0, batch) of a tensor map to dst
   and reports its bytes to bar. */
static __device__ inline void matmul_tma_load(float *dst, const CUtensorMap *map, int x0, int y0, int z, uint64_t *bar)
{
  asm volatile("cp.async.bulk.tensor.3d.shared::cluster.global.mbarrier::complete_tx::bytes"
               " [%0], [%1, {%2, %3, %4}], [%5];\n" ::"r"(matmul_saddr(dst)), "l"(map), "r"(x0), "r"(y0), "r"(z),
               "r"(matmul_saddr(bar))
               : "memory");
}

/* Thread 0 of the producer starts both copies of slice s into its buffer. */
static __device__ inline void matmul_ws_fetch(float *smem, uint64_t *landed, const CUtensorMap *tma,
                                           const CUtensorMap *tmb, int i0, int j0, int s)
{
  int st = s % WS_STAGES;
  float *bs = smem + st * WS_SLICE;
  matmul_bar_arrive_bytes(&landed[st], WS_SLICE_BYTES);
  matmul_tma_load(bs, tmb, s * WS_BK, j0, (int)blockIdx.z, &landed[st]);
  matmul_tma_load(bs + WS_B_FLOATS, tma, i0, s * WS_BK, (int)blockIdx.z, &landed[st]);
}

/* Producer thread u turns row u of A's slice k-major, in place: it reads
   the row down the 32 rows of the tile as it arrived (a warp reads 32
   consecutive floats, conflict-free), waits until every producer thread
   has read, and writes eight 16-byte pieces, rounded to TF32, at their
   swizzled positions. */
static __device__ __forceinline__ void matmul_ws_turn_a(float *a, int u)
{
  float r[WS_BK];
  MATMUL_UNROLL
  for (int x = 0; x < WS_BK; x++)
    r[x] = __uint_as_float(matmul_to_tf32(a[x * WS_BM + u]));
  asm volatile("barrier.sync 1, 128;\n" ::: "memory");   /* the producer warp group only (not .aligned:
                                                              thread 0 may arrive on its own) */
  MATMUL_UNROLL
  for (int c = 0; c < WS_BK / 4; c++)
    *(float4 *)&a[matmul_sw128(u, c)] = make_float4(r[4 * c], r[4 * c + 1], r[4 * c + 2], r[4 * c + 3]);
}

static __global__ void __launch_bounds__(WS_THREADS, 1)
    matmul_wgmma_ws(const __grid_constant__ CUtensorMap tma, const __grid_constant__ CUtensorMap tmb,
                  litdnn_matmul_args g)
{
#if defined(__CUDA_ARCH_FEAT_SM90_ALL)
  extern __shared__ float4 matmul_ws_smem4[];
  unsigned base = matmul_saddr(matmul_ws_smem4);
  float *smem = (float *)matmul_ws_smem4 + (1024 - base % 1024) % 1024 / sizeof(float);
  uint64_t *landed = (uint64_t *)(smem + WS_STAGES * WS_SLICE), *full = landed + WS_STAGES,
           *empty = full + WS_STAGES;
  int t = threadIdx.x;
  int i0 = blockIdx.x * WS_BM, j0 = blockIdx.y * WS_BN;
  int slices = (g.k + WS_BK - 1) / WS_BK;
  if (t == 0) {
    for (int st = 0; st < WS_STAGES; st++) {
      matmul_bar_init(&landed[st], 1);   /* thread 0's announcement, plus the copies' bytes */
      matmul_bar_init(&full[st], 128);   /* every producer thread, A turned */
      matmul_bar_init(&empty[st], 8);    /* one arrival per consumer warp */
    }
    asm volatile("fence.mbarrier_init.release.cluster;\n" ::: "memory");
  }
  __syncthreads();
  if (t < 128) {   /* the producer */
    for (int s = 0; s < WS_STAGES - 1 && s < slices; s++)
      if (t == 0)
        matmul_ws_fetch(smem, landed, &tma, &tmb, i0, j0, s);
    for (int s = 0; s < slices; s++) {
      int st = s % WS_STAGES;
      matmul_bar_wait(&landed[st], s / WS_STAGES % 2);
      matmul_ws_turn_a(smem + st * WS_SLICE + WS_B_FLOATS, t);
      MATMUL_PROXY_FENCE();
      matmul_bar_arrive(&full[st]);
      /* slice s + STAGES - 1 goes where slice s - 1 was, once the consumers are done with it */
      int next = s + WS_STAGES - 1;
      if (t == 0 && next < slices) {
        if (s > 0)
          matmul_bar_wait(&empty[(s - 1) % WS_STAGES], (s - 1) / WS_STAGES % 2);
        matmul_ws_fetch(smem, landed, &tma, &tmb, i0, j0, next);
      }
    }
    return;
  }
  /* a consumer: warp group c owns rows 64 c .. 64 c + 63 of the tile */
  int c = t / 128 - 1, lane = t % 32;
  float d[WS_BN / 2];
  MATMUL_UNROLL
  for (int e = 0; e < WS_BN / 2; e++)
    d[e] = 0.0f;
  for (int s = 0; s < slices; s++) {
    int st = s % WS_STAGES;
    const float *bs = smem + st * WS_SLICE;
    matmul_bar_wait(&full[st], s / WS_STAGES % 2);
    uint64_t da = matmul_wg_desc(bs + WS_B_FLOATS + 64 * c * WS_BK), db = matmul_wg_desc(bs);
    MATMUL_WG_FENCE();
    MATMUL_UNROLL
    for (int x = 0; x < WS_BK / 8; x++)
      matmul_wg_mma(d, da + 2 * x, db + 2 * x);
    MATMUL_WG_COMMIT();
    MATMUL_WG_WAIT(1);   /* slice s - 1's products are done: release its buffer */
    if (s > 0 && lane == 0)
      matmul_bar_arrive(&empty[(s - 1) % WS_STAGES]);
  }
  MATMUL_WG_WAIT(0);
  matmul_wg_store(g.C + (int64_t)blockIdx.z * g.strideC, g, d, i0 + 64 * c + 16 * (t / 32 % 4), j0, lane);
#endif
}
#line 4393 "chapters/04-matmul.nw"
typedef CUresult (*matmul_encode_fn)(CUtensorMap *, CUtensorMapDataType, cuuint32_t, void *, const cuuint64_t *,
                                   const cuuint64_t *, const cuuint32_t *, const cuuint32_t *,
                                   CUtensorMapInterleave, CUtensorMapSwizzle, CUtensorMapL2promotion,
                                   CUtensorMapFloatOOBfill);

/* A column-major matrix X (rows x cols, leading dimension ld, batch
   entries stride apart) as a rows x cols x batch tensor, copied in boxes of
   box_rows x box_cols x 1; the copy engine fills a box with zeros past the
   matrix's edges. */
static litdnnStatus_t matmul_ws_map(CUtensorMap *map, const float *X, int rows, int cols, int64_t ld,
                                  int64_t stride, int batch, int box_rows, int box_cols, CUtensorMapSwizzle swz,
                                  const char *what, const char *call)
{
  static matmul_encode_fn encode;
  if (!encode) {
    cudaDriverEntryPointQueryResult found;
    void *fn = NULL;
    if (cudaGetDriverEntryPointByVersion("cuTensorMapEncodeTiled", &fn, 12000, cudaEnableDefault, &found) !=
            cudaSuccess ||
        found != cudaDriverEntryPointSuccess || !fn)
      return litdnn_error(LITDNN_STATUS_EXECUTION_FAILED_CUDA, call,
                          "the CUDA driver has no cuTensorMapEncodeTiled (tensor maps need CUDA 12 or later)");
    encode = (matmul_encode_fn)fn;
  }
  cuuint64_t dim[3] = {(cuuint64_t)rows, (cuuint64_t)cols, (cuuint64_t)batch};
  cuuint64_t bytes[2] = {(cuuint64_t)ld * 4, (cuuint64_t)(batch > 1 ? stride : ld * cols) * 4};
  cuuint32_t box[3] = {(cuuint32_t)box_rows, (cuuint32_t)box_cols, 1}, step[3] = {1, 1, 1};
  CUresult r = encode(map, CU_TENSOR_MAP_DATA_TYPE_FLOAT32, 3, (void *)X, dim, bytes, box, step,
                      CU_TENSOR_MAP_INTERLEAVE_NONE, swz, CU_TENSOR_MAP_L2_PROMOTION_L2_256B,
                      CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE);
  if (r != CUDA_SUCCESS)
    return litdnn_error(LITDNN_STATUS_EXECUTION_FAILED_CUDA, call,
                        "cuTensorMapEncodeTiled refused %s (%d x %d, leading dimension %lld): error %d", what, rows,
                        cols, (long long)ld, (int)r);
  return LITDNN_STATUS_SUCCESS;
}

#line 4444 "chapters/04-matmul.nw"
litdnnStatus_t litdnn_matmul_wgmma_ws_tf32_cuda(litdnnHandle_t h, const void *args)
{
  const litdnn_matmul_args *g = (const litdnn_matmul_args *)args;
  int apart = g->batch == 1 || (g->strideA >= g->lda * g->k && g->strideB >= g->ldb * g->n);
  if (!matmul_mx_fits(g) || !apart)
    return litdnn_matmul_wgmma256_tf32_cuda(h, args);   /* the 128x256 wgmma stage takes (or hands on) the rest */
  litdnnStatus_t st = matmul_wg_need_sm90(g->call);
  if (st != LITDNN_STATUS_SUCCESS)
    return st;
  static int smem_asked;
  st = matmul_allow_smem((const void *)matmul_wgmma_ws, "matmul_wgmma_ws", WS_SMEM, &smem_asked, g->call);
  if (st != LITDNN_STATUS_SUCCESS)
    return st;
  for (int first = 0; first < g->batch; first += MATMUL_MAX_GRID_Z) {
    litdnn_matmul_args s = matmul_batch_slice(g, first);
    CUtensorMap tma, tmb;
    st = matmul_ws_map(&tma, s.A, s.m, s.k, s.lda, s.strideA, s.batch, WS_BM, WS_BK, CU_TENSOR_MAP_SWIZZLE_NONE, "A",
                     g->call);
    if (st == LITDNN_STATUS_SUCCESS)
      st = matmul_ws_map(&tmb, s.B, s.k, s.n, s.ldb, s.strideB, s.batch, WS_BK, WS_BN, CU_TENSOR_MAP_SWIZZLE_128B,
                       "B", g->call);
    if (st != LITDNN_STATUS_SUCCESS)
      return st;
    dim3 grid = litdnn_dim3((unsigned)(s.m + WS_BM - 1) / WS_BM, (unsigned)(s.n + WS_BN - 1) / WS_BN,
                            (unsigned)s.batch);
    matmul_wgmma_ws<<<grid, WS_THREADS, WS_SMEM, litdnn_gpu_stream(h)>>>(tma, tmb, s);
  }
  return litdnn_gpu_launch_status(g->call, "matmul_wgmma_ws");
}
